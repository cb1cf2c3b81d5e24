"""PNG previews of the artwork: rendered in worker processes and cached by SVG hash.

cairosvg lays out text glyph by glyph in Python, so previews are the slowest part of a build.
A preview depends only on its SVG text and resolution, so it is kept in ``<out>/.cache/previews``
under the hash of both and reused while the art is unchanged.
"""

from __future__ import annotations

import hashlib
import os
from functools import partial
from pathlib import Path

from printkit.draw.png import svg_to_png, warm_up
from printkit.kit.parallel import Pending, start


def _key(svg: str, dpi: float) -> str:
    return hashlib.sha256(f"{dpi:g}\n{svg}".encode("utf-8")).hexdigest()


def _read(cache: Path | None, key: str) -> bytes | None:
    if cache is None:
        return None
    try:
        return (cache / f"{key}.png").read_bytes()
    except OSError:
        return None


def _store(cache: Path | None, key: str, data: bytes) -> None:
    if cache is None:
        return
    try:
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f".{key}.{os.getpid()}.tmp"
        tmp.write_bytes(data)
        os.replace(tmp, cache / f"{key}.png")
    except OSError:
        pass  # a cache that cannot be written only costs time


def _render_batch(batch: list[str], dpi: float) -> list[bytes]:
    return [svg_to_png(svg, dpi) for svg in batch]


def _batches(names: list[str], svgs: dict[str, str], count: int) -> list[list[str]]:
    """``names`` in ``count`` groups of about equal work (SVG length stands in for it)."""
    groups: list[list[str]] = [[] for _ in range(max(1, min(count, len(names))))]
    load = [0] * len(groups)
    for name in sorted(names, key=lambda n: (-len(svgs[n]), n)):
        i = load.index(min(load))
        groups[i].append(name)
        load[i] += len(svgs[name])
    return groups


def start_previews(svgs: dict[str, str], dpi: float, cache: Path | None) -> dict[str, bytes | tuple[Pending, int]]:
    """Begin rendering every preview not in the cache, one worker per core (the main process
    meanwhile writes the PDFs); collect them with :func:`finish_previews`."""
    results: dict[str, bytes | tuple[Pending, int]] = {}
    warm_up()
    missing = []
    for name, svg in svgs.items():
        cached = _read(cache, _key(svg, dpi))
        if cached is None:
            missing.append(name)
        else:
            results[name] = cached
    for batch in _batches(missing, svgs, os.cpu_count() or 1):
        if batch:
            job = start(partial(_render_batch, [svgs[n] for n in batch], dpi))
            results.update({name: (job, i) for i, name in enumerate(batch)})
    return results


def finish_previews(started: dict[str, bytes | tuple[Pending, int]], svgs: dict[str, str], dpi: float,
                    cache: Path | None) -> dict[str, bytes]:
    """Wait for the previews, store new ones in the cache."""
    done: dict[str, bytes] = {}
    for name, value in started.items():
        if isinstance(value, tuple):
            job, index = value
            value = job.result()[index]
            _store(cache, _key(svgs[name], dpi), value)
        done[name] = value
    return done


def cancel_previews(started: dict[str, bytes | tuple[Pending, int]]) -> None:
    """Stop the workers of previews no longer wanted (the build failed before collecting them)."""
    for value in started.values():
        if isinstance(value, tuple):
            value[0].cancel()

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


def start_previews(svgs: dict[str, str], dpi: float, cache: Path | None) -> dict[str, bytes | Pending]:
    """Begin rendering every preview not in the cache; collect them with :func:`finish_previews`."""
    results: dict[str, bytes | Pending] = {}
    warm_up()
    for name, svg in svgs.items():
        cached = _read(cache, _key(svg, dpi))
        results[name] = cached if cached is not None else start(partial(svg_to_png, svg, dpi))
    return results


def finish_previews(started: dict[str, bytes | Pending], svgs: dict[str, str], dpi: float, cache: Path | None) -> dict[str, bytes]:
    """Wait for the previews, store new ones in the cache."""
    done: dict[str, bytes] = {}
    for name, value in started.items():
        if isinstance(value, Pending):
            value = value.result()
            _store(cache, _key(svgs[name], dpi), value)
        done[name] = value
    return done

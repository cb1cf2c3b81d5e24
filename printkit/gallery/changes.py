"""What changed between a kit's previous build and its current one: files, parameters, pixels."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

DIFF_THRESHOLD = 24
"""A pixel counts as changed when a channel differs by more than this (anti-aliasing noise stays out)."""


@dataclass(frozen=True)
class ParameterChange:
    """One parameter's value before and after (None where the key did not exist)."""

    key: str
    before: Any
    after: Any

    def __str__(self) -> str:
        return f"{self.key}: {_show(self.before)} → {_show(self.after)}"


@dataclass
class FileChanges:
    """Files of the kit added, removed and changed (by SHA-256) since the previous build."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(self.added or self.removed or self.changed)


def _show(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def flatten(data: Any, prefix: str) -> dict[str, Any]:
    """Nested tables as dotted keys: ``{"a": {"b": 1}}`` under ``p`` is ``{"p.a.b": 1}``.

    An array of tables whose entries have names (a kit.toml's ``[[deck]]``) is keyed by name, as ``--set`` is:
    ``deck.cards.size``.
    """
    join = (lambda key: f"{prefix}.{key}") if prefix else str
    if isinstance(data, list) and data and all(isinstance(e, dict) and isinstance(e.get("name"), str) for e in data):
        data = {e["name"]: e for e in data}
    if not isinstance(data, dict):
        return {prefix: data}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(flatten(value, join(key)))
    return out


def manifest_parameters(manifest: dict[str, Any]) -> dict[str, Any]:
    """A manifest's effective parameters under the keys ``--set`` takes: ``games.<game>.*`` and ``print.*``,
    or a kit folder's own kit.toml keys (``deck.cards.size``)."""
    game = manifest.get("game", "?")
    prefix = "" if str(manifest.get("config", "")).endswith("kit.toml") else f"games.{game}"
    return {**flatten(manifest.get("parameters", {}), prefix), **flatten(manifest.get("print", {}), "print")}


def parameter_changes(before: dict[str, Any], after: dict[str, Any]) -> list[ParameterChange]:
    """Every parameter whose value differs between two manifests, in key order."""
    old, new = manifest_parameters(before), manifest_parameters(after)
    return [ParameterChange(key, old.get(key), new.get(key)) for key in sorted(old.keys() | new.keys()) if old.get(key) != new.get(key)]


def file_changes(before: dict[str, Any], after: dict[str, Any]) -> FileChanges:
    """Files added, removed or with another SHA-256, by the two manifests."""
    old, new = before.get("files", {}), after.get("files", {})
    return FileChanges(
        added=sorted(new.keys() - old.keys()),
        removed=sorted(old.keys() - new.keys()),
        changed=sorted(n for n in old.keys() & new.keys() if old[n].get("sha256") != new[n].get("sha256")),
    )


def changed_share(share: float) -> str:
    """``3.2 % of pixels changed``; a change smaller than shown at one decimal is ``< 0.1 %``, never ``0.0 %``."""
    if share <= 0:
        return "no pixel visibly changed"
    if share < 0.001:
        return "< 0.1 % of pixels changed"
    return f"{100 * share:.1f} % of pixels changed"


def _on_canvas(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    canvas = Image.new("RGB", size, "white")
    canvas.paste(image.convert("RGB"), (0, 0))
    return canvas


def _flatten_alpha(image: Image.Image) -> Image.Image:
    if image.mode in ("RGBA", "LA", "P"):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, "white")
        return Image.alpha_composite(white, rgba).convert("RGB")
    return image.convert("RGB")


def pixel_difference(before: Path, after: Path, target: Path) -> float:
    """Write ``target``: the new image faded, every changed pixel in red; return the share of pixels changed.

    Images of different sizes are compared on a white canvas of the larger size, top-left aligned.
    """
    old, new = _flatten_alpha(Image.open(before)), _flatten_alpha(Image.open(after))
    size = (max(old.width, new.width), max(old.height, new.height))
    old, new = _on_canvas(old, size), _on_canvas(new, size)
    red, green, blue = ImageChops.difference(old, new).split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    delta = strongest.point(lambda v: 255 if v > DIFF_THRESHOLD else 0)
    faded = Image.blend(new.convert("L").convert("RGB"), Image.new("RGB", size, "white"), 0.7)
    faded.paste(Image.new("RGB", size, (220, 0, 40)), (0, 0), delta)
    target.parent.mkdir(parents=True, exist_ok=True)
    faded.save(target, format="PNG", compress_level=1)
    histogram = delta.histogram()
    return histogram[255] / (size[0] * size[1])

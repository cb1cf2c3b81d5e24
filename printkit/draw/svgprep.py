"""An SVG picture made ready for svglib: ``opacity`` folded into fill and stroke opacity.

svglib (the PDF writer's SVG reader) honours ``fill-opacity`` and ``stroke-opacity`` but drops
``opacity``, so a half-transparent shape would print solid. Here every shape's own and inherited
``opacity`` (the product along its ancestors, as a browser composites it) is multiplied into the
shape's ``fill-opacity`` and ``stroke-opacity``. Overlapping children of a translucent group are
then each translucent rather than composited as one layer: the only difference from a browser.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
CONTAINERS = {"svg", "g", "a", "switch", "symbol"}
"""Elements whose ``opacity`` passes on to their children (the rest are painted shapes or text)."""
SKIPPED = {"defs", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "style", "metadata", "title", "desc"}
"""Elements whose content is not painted where it stands: left as written."""
INHERITED = ("fill-opacity", "stroke-opacity")


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _declarations(element: ET.Element) -> dict[str, str]:
    """The element's presentation attributes overridden by its ``style`` declarations (CSS wins)."""
    found = {key: value for key, value in element.attrib.items() if "}" not in key}
    for part in (element.get("style") or "").split(";"):
        name, _, value = part.partition(":")
        if value.strip():
            found[name.strip()] = value.strip()
    return found


def _number(text: str | None, default: float) -> float:
    """An opacity value (``0.5`` or ``50%``) clamped to 0..1; unreadable text counts as ``default``."""
    if text is None:
        return default
    match = re.fullmatch(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(%?)\s*", text)
    if not match:
        return default
    value = float(match.group(1)) / (100 if match.group(2) else 1)
    return min(1.0, max(0.0, value))


def _restyle(element: ET.Element, names: tuple[str, ...]) -> None:
    """The element's ``style`` without the declarations of ``names`` (no ``style`` left when nothing remains)."""
    parts = [p.strip() for p in (element.get("style") or "").split(";") if p.strip() and p.partition(":")[0].strip() not in names]
    if parts:
        element.set("style", ";".join(parts))
    else:
        element.attrib.pop("style", None)


def _fold(element: ET.Element, alpha: float, inherited: dict[str, float]) -> None:
    kind = _local(element.tag)
    if kind in SKIPPED:
        return
    declared = _declarations(element)
    own = dict(inherited)
    for name in INHERITED:
        if name in declared:
            own[name] = _number(declared[name], 1.0)
    alpha *= _number(declared.get("opacity"), 1.0)
    if "opacity" in declared:
        element.attrib.pop("opacity", None)
        _restyle(element, ("opacity",))
    if kind in CONTAINERS:
        for child in element:
            _fold(child, alpha, own)
        return
    if alpha < 1.0 or any(name in declared for name in INHERITED):
        _restyle(element, INHERITED)
        for name in INHERITED:
            element.set(name, f"{own[name] * alpha:.4g}")
    for child in element:
        _fold(child, alpha, own)


def fold_opacity(data: bytes) -> bytes:
    """The SVG with every ``opacity`` multiplied into fill and stroke opacity (unchanged bytes when it has none)."""
    if b"opacity" not in data:
        return data
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ET.fromstring(data)
    _fold(root, 1.0, {name: 1.0 for name in INHERITED})
    return ET.tostring(root, encoding="utf-8")

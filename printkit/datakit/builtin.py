"""Cards an art hook asks for (:meth:`printkit.kitart.ArtKit.cards`) drawn through the data layer: the kit's layouts,
rows made by the hook's Python (its rules decide what a card says), pictures passed in memory."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from printkit.datakit.layout import Art, Painter, Target
from printkit.datakit.schema import Layout
from printkit.draw.shapes import Drawing
from printkit.kit.model import Finding
from printkit.kitart import CardRow
from printkit.press.pieces import Piece


def draw_cards(layouts: Mapping[str, Layout], rows: list[CardRow], size: tuple[float, float], bleed: float, safe: float,
               pictures: Mapping[str, Drawing], front: str = "front", back: str | None = "back",
               findings: list[Finding] | None = None) -> list[Piece]:
    """A card piece per row, its front and back drawn from the named layouts; problems go to ``findings``."""
    art = Art(Path("."), "", "", "", extra=dict(pictures))
    columns = {name for row in rows for name in row.fields}
    painter = Painter(art, columns, "")
    w, h = size
    pieces = []
    for row in rows:
        target = Target(w, h, bleed, safe, dict(row.fields), row.name, row.name)
        face = painter.draw(layouts[front], target, ident=row.ident, cls=row.cls)
        reverse = painter.draw(layouts[back], target, ident=row.back_ident, cls=row.back_cls) if back else None
        pieces.append(Piece(row.name, w, h, face, reverse, kind="card"))
    if findings is not None:
        findings.extend(painter.findings)
    return pieces

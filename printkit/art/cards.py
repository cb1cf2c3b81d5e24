"""Cards: a coloured title band, a diagram panel, rule text fitted to its box, and a back."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.shapes import Group, Rect, Shape, Style, Text
from printkit.press.pieces import Piece, bleed_rect

MIN_TEXT_PT = 7.0


@dataclass(frozen=True)
class CardFace:
    """What a card front says and shows; ``diagram`` is drawn in a ``w x h`` box at its origin."""

    title: str
    text: str
    colour: str
    diagram: Group | None = None
    corner: Shape | None = None
    footer: str = ""
    ident: str | None = None


def text_block(text: str, x: float, y: float, w: float, h: float, colour: str, max_pt: float = 9.0) -> list[Text]:
    """Lines of ``text`` wrapped and sized (down to 7 pt) to fit the box; each line knows its box."""
    size = fonts.fit_size(lambda s: fonts.wrap(text, s, w), max_pt, MIN_TEXT_PT, w, h)
    leading = size * 1.2 / 72 * 25.4
    lines = fonts.wrap(text, size, w)
    return [
        Text(x, y + fonts.ascent(size) + i * leading, line, size=size, fill=colour, box=(x, y, w, h), cls=("card-text",))
        for i, line in enumerate(lines)
    ]


def card_front(face: CardFace, w: float, h: float, safe: float, ink: str) -> Group:
    """A card front in card coordinates (background runs into the bleed)."""
    band = 14.0
    inner = w - 2 * safe
    shapes: list[Shape] = [bleed_rect(w, h, face.colour), Rect(safe - 1, band, w - 2 * safe + 2, h - band - safe + 1,
                                                                 Style(fill="#FFFFFF"), rx=1.5)]
    title_pt = 13.0
    while fonts.text_width(face.title, title_pt, True) > inner - 12 and title_pt > 8:
        title_pt -= 0.5
    shapes.append(Text(w / 2, band / 2 + fonts.ascent(title_pt) / 2 + 0.8, face.title, size=title_pt, bold=True, anchor="middle",
                       fill="#FFFFFF", box=(safe, safe, inner, band - safe + 2), cls=("card-title",)))
    if face.corner is not None:
        shapes.append(face.corner)
    diagram_h = 30.0 if face.diagram is not None else 0.0
    if face.diagram is not None:
        shapes.append(Group((face.diagram,), dx=(w - diagram_h) / 2, dy=band + 2))
    top = band + 3 + diagram_h
    footer_h = 5.0 if face.footer else 0.0
    shapes.extend(text_block(face.text, safe + 1, top, inner - 2, h - top - safe - footer_h - 1, ink))
    if face.footer:
        shapes.append(Text(w / 2, h - safe - 1, face.footer, size=MIN_TEXT_PT, anchor="middle", fill="#6B6B6B",
                           box=(safe, h - safe - footer_h, inner, footer_h), cls=("card-footer",)))
    return Group(tuple(shapes), id=face.ident)


def card_back(title: str, subtitle: str, colour: str, emblem: Shape | None, w: float, h: float, safe: float) -> Group:
    """A card back: one colour to the bleed, a frame, the title and an emblem."""
    shapes: list[Shape] = [bleed_rect(w, h, colour),
                           Rect(safe, safe, w - 2 * safe, h - 2 * safe, Style(stroke="#FFFFFF", width=0.6), rx=2)]
    if emblem is not None:
        shapes.append(emblem)
    for text, y, pt, bold in ((title, h * 0.78, 11.0, True), (subtitle, h * 0.78 + 6, 8.0, False)):
        shapes.append(Text(w / 2, y, text, size=pt, bold=bold, anchor="middle", fill="#FFFFFF",
                           box=(safe, y - 5, w - 2 * safe, 7), cls=("card-back-text",)))
    return Group(tuple(shapes), cls=("card-back",))


def card_piece(name: str, front: Group, back: Group | None, w: float, h: float) -> Piece:
    return Piece(name, w, h, front, back, kind="card")

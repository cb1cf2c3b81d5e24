"""Cards drawn in Python: rule text fitted to its box, a back, and the piece that holds them."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.shapes import Group, Rect, Shape, Style, Text
from printkit.press.pieces import Piece, bleed_rect

MIN_TEXT_PT = 7.0


def text_block(text: str, x: float, y: float, w: float, h: float, colour: str, max_pt: float = 9.0) -> list[Text]:
    """Lines of ``text`` wrapped and sized (down to 7 pt) to fit the box; each line knows its box."""
    size = fonts.fit_size(lambda s: fonts.wrap(text, s, w), max_pt, MIN_TEXT_PT, w, h)
    leading = size * 1.2 / 72 * 25.4
    lines = fonts.wrap(text, size, w)
    return [
        Text(x, y + fonts.ascent(size) + i * leading, line, size=size, fill=colour, box=(x, y, w, h), cls=("card-text",))
        for i, line in enumerate(lines)
    ]


def text_height(text: str, w: float, pt: float = MIN_TEXT_PT) -> float:
    """The height :func:`text_block` needs for ``text`` wrapped to ``w`` mm at ``pt``: its lines' leading."""
    return len(fonts.wrap(text, pt, w)) * pt * 1.2 * 25.4 / 72


def line_pt(text: str, width: float, max_pt: float, min_pt: float, step: float = 0.25, bold: bool = True) -> float:
    """The largest size from ``max_pt`` down in ``step`` pt steps (not under ``min_pt``) at which ``text`` on one line
    is no wider than ``width`` mm: a title in its band."""
    pt = max_pt
    while pt > min_pt and fonts.text_width(text, pt, bold) > width:
        pt -= step
    return pt


def centred_text(x: float, y: float, w: float, h: float, text: str, pt: float, bold: bool = False,
                 fill: str = "#1A1A1A", ident: str | None = None, cls: tuple[str, ...] = ()) -> Text:
    """One line of ``text`` centred in the box ``(x, y, w, h)`` (a table's cell, a heading over a column)."""
    return Text(x + w / 2, y + h / 2 + fonts.ascent(pt) / 2, text, size=pt, bold=bold, anchor="middle", fill=fill,
                box=(x, y, w, h), id=ident, cls=cls)


def _fitted_lines(text: str, w: float, h: float, max_pt: float) -> tuple[float, list[str], float, float] | None:
    """The largest size (>= 7 pt: MIN_TEXT_PT) at which ``text`` fits ``w`` x ``h`` mm, with its lines, their leading
    and the block's height, else None."""
    pt = max_pt
    while pt >= MIN_TEXT_PT:
        lines = fonts.wrap(text, pt, w, bold=True)
        lead = pt * 1.15 * 25.4 / 72
        block = (len(lines) - 1) * lead + fonts.ascent(pt) + fonts.descent(pt)
        if all(fonts.text_width(ln, pt, True) <= w for ln in lines) and block <= h:
            return pt, lines, lead, block
        pt -= 0.25
    return None


def centred_block(text: str, x: float, y: float, w: float, h: float, ink: str, max_pt: float = 10.0,
                  cls: tuple[str, ...] = ()) -> list[Text] | None:
    """``text`` in bold, centred in the box, wrapped and sized to fit; None when it cannot at 7 pt (a name on a
    marker)."""
    fit = _fitted_lines(text, w, h, max_pt)
    if fit is None:
        return None
    pt, lines, lead, block = fit
    top = y + (h - block) / 2 + fonts.ascent(pt)
    return [Text(x + w / 2, top + i * lead, line, size=pt, bold=True, anchor="middle", fill=ink, box=(x, y, w, h),
                 cls=cls) for i, line in enumerate(lines)]


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

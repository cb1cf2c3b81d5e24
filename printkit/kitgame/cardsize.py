"""Cards too small for their text or art: a kit whose cards (drawn at ``print.card_width_mm`` x ``card_height_mm``) hold
text that does not fit even at its smallest legible size, or art past the cut or over a text (:mod:`printkit.kit.cardfaces`),
ends in one error naming the key, its value and the size the game's own cards need, found by drawing them again at
larger sizes (their text, at the size it may shrink to, and their art are what set the limit: no number per game)."""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import Callable, Iterable

from printkit.draw.shapes import Drawing, Group, Text, walk
from printkit.errors import BuildError
from printkit.kit.cardfaces import face_problems
from printkit.kit.checks import OVERFULL, text_overflows
from printkit.press.pieces import Piece
from printkit.press.settings import PAPERS, PrintSettings

STEP_MM = 0.5
"""The resolution of the size a message names (rounded up to whole millimetres)."""
_FIELDS = {f.name: f for f in fields(PrintSettings)}
Draw = Callable[[PrintSettings], list[Piece]]
"""The kit's card-sized pieces drawn at these print settings."""


def card_sized(pieces: Iterable[Piece], settings: PrintSettings) -> list[Piece]:
    """The pieces of ``print.card_width_mm`` x ``card_height_mm`` (either way round): those the two keys size."""
    size = {(settings.card_width_mm, settings.card_height_mm), (settings.card_height_mm, settings.card_width_mm)}
    return [p for p in pieces if (p.w, p.h) in size]


def _side_unfit(side: Group | None) -> bool:
    if side is None:
        return False
    if any(isinstance(s, Text) and OVERFULL in s.cls for s, _, _ in walk((side,))):
        return True
    return next(iter(text_overflows(Drawing(0, 0, (side,)))), None) is not None


def unfit(pieces: Iterable[Piece]) -> bool:
    """Whether a text on a piece (front or back) does not fit its box even at its smallest size."""
    return any(_side_unfit(p.front) or _side_unfit(p.back) for p in pieces)


def unclean(pieces: Iterable[Piece], bleed: float) -> bool:
    """Whether a piece's face has art past its cut or a text under or across another shape."""
    return any(face_problems(side, p.w, p.h, bleed) for p in pieces for side in (p.front, p.back))


def _least(fits: Callable[[float], bool], low: float, high: float) -> float | None:
    """The smallest size in (``low``, ``high``] (``STEP_MM`` apart) at which ``fits``, taking a larger one to fit too;
    None when even ``high`` does not."""
    if high <= low or not fits(high):
        return None
    steps = math.ceil((high - low) / STEP_MM)
    bad, good = 0, steps  # low does not fit (the caller's finding), high does
    while good - bad > 1:
        middle = (bad + good) // 2
        bad, good = (bad, middle) if fits(min(high, low + middle * STEP_MM)) else (middle, good)
    return min(high, low + good * STEP_MM)


def refuse_small_cards(title: str, settings: PrintSettings, drawn: list[Piece], draw: Draw) -> None:
    """A BuildError when the card-sized pieces of ``drawn`` (made at ``settings``) hold text that does not fit, naming
    the key, its value and the width (at this height) or height (at this width) at which the game's cards fit, found by
    ``draw`` at other sizes (the key a designer moved from its default named first)."""
    pieces = card_sized(drawn, settings)
    if not pieces:
        return
    what = ("card text at its smallest legible size" if unfit(pieces) else
            "card art (it would reach past the cut or over a text)" if unclean(pieces, settings.bleed_mm) else None)
    if what is None:
        return
    w, h = settings.card_width_mm, settings.card_height_mm
    paper_w, paper_h = PAPERS[settings.paper]
    most_w = min(_FIELDS["card_width_mm"].metadata["max"], paper_w - 2 * settings.margin_mm)
    most_h = min(_FIELDS["card_height_mm"].metadata["max"], paper_h - 2 * settings.margin_mm)

    def fits(cw: float, ch: float) -> bool:
        sized = replace(settings, card_width_mm=cw, card_height_mm=ch)
        cards = card_sized(draw(sized), sized)
        return not unfit(cards) and not unclean(cards, sized.bleed_mm)

    wide = _least(lambda cw: fits(cw, h), w, most_w)
    high = _least(lambda ch: fits(w, ch), h, most_h)
    ways: list[tuple[str, float, str]] = []
    if wide is not None:
        ways.append(("print.card_width_mm", w, f"at least {math.ceil(wide):g} mm wide at {h:g} mm high"))
    if high is not None:
        ways.append(("print.card_height_mm", h, f"at least {math.ceil(high):g} mm high at {w:g} mm wide"))
    if not ways:
        both = _least(lambda s: fits(max(w, s * 63 / 88), max(h, s)), 0, most_h)
        if both is None:  # no card the paper holds fits it: a text of its own too long, which the checks name
            return
        ways.append(("print.card_width_mm", w, f"at least {math.ceil(max(w, both * 63 / 88)):g} x {math.ceil(max(h, both)):g} mm"))
    ways.sort(key=lambda way: way[1] == _FIELDS[way[0].removeprefix("print.")].default)  # a key moved comes first
    key, value, need = ways[0]
    more = f" (or {ways[1][2]}: {ways[1][0]})" if len(ways) > 1 else ""
    inside = (f" inside print.safe_mm = {settings.safe_mm:g}" if settings.safe_mm != _FIELDS["safe_mm"].default else "")
    raise BuildError(f"{key} = {value:g}: a {w:g} x {h:g} mm card{inside} is too small for {title}'s {what}; its "
                     f"cards need {need}{more}")

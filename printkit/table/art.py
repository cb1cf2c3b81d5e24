"""The kit's own art for the table: each card's and token's printed face and back, each board, as SVG.

A piece side is drawn from the very :class:`~printkit.press.pieces.Piece` the kit prints (its layout filled from its
row), clipped at its cut line like the artwork files; the fonts the SVG names are embedded (``@font-face`` with the
TrueType data), so a phone without Vera shows the text as printed. A state's :class:`~printkit.kitrules.Record` finds
its piece by its deck or token set and its row (the rules are dealt the same rows the kit prints, in the same order).
"""

from __future__ import annotations

import base64
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from printkit.draw.shapes import Drawing, Group
from printkit.draw.svg import to_svg
from printkit.kit.model import Kit
from printkit.kitgame.figures import space_boxes
from printkit.kitgame.printed import KINDS, PieceRef, PrintedPieces
from printkit.kitrules import Record
from printkit.press.pieces import Piece, bleed_outline


@dataclass(frozen=True)
class Face:
    """A font the SVG may name: its family, weight and style, and the TrueType file's bytes."""

    family: str
    bold: bool
    italic: bool
    data: bytes


@lru_cache(maxsize=1)
def vera_faces() -> tuple[Face, ...]:
    """Bitstream Vera's four faces as reportlab ships them (the faces every kit prints with)."""
    import reportlab

    folder = Path(os.path.dirname(reportlab.__file__)) / "fonts"
    files = (("Vera.ttf", False, False), ("VeraBd.ttf", True, False), ("VeraIt.ttf", False, True), ("VeraBI.ttf", True, True))
    return tuple(Face("Bitstream Vera Sans", bold, italic, (folder / name).read_bytes()) for name, bold, italic in files)


def with_fonts(svg: str, faces: tuple[Face, ...]) -> str:
    """``svg`` with an ``@font-face`` for each face its text uses (by family, weight and style)."""
    used = []
    for face in faces:
        if f"font-family=\"{face.family}" not in svg:
            continue
        bold, italic = 'font-weight="bold"' in svg, 'font-style="italic"' in svg
        if (face.bold and not bold) or (face.italic and not italic):
            continue
        used.append(f"@font-face{{font-family:\"{face.family}\";font-weight:{'bold' if face.bold else 'normal'};"
                    f"font-style:{'italic' if face.italic else 'normal'};"
                    f"src:url(data:font/ttf;base64,{base64.b64encode(face.data).decode('ascii')})}}")
    if not used:
        return svg
    opened = svg.index(">", svg.index("<svg")) + 1
    return f"{svg[:opened]}<style>{''.join(used)}</style>{svg[opened:]}"


def side_drawing(piece: Piece, side: str) -> Drawing | None:
    """One side of a piece as printed, clipped at its cut line (a round or hex piece: its outline); None: no back."""
    art = piece.front if side == "front" else piece.back
    if art is None:
        return None
    clip = bleed_outline(piece, 0.0) if piece.shaped else (0.0, 0.0, piece.w, piece.h)
    return Drawing(piece.w, piece.h, (Group((art,), clip=clip),), title=piece.name)


@dataclass(frozen=True)
class Space:
    """A board's space: its centre, half its smaller side, its width and height, in mm from the board's top-left corner."""

    x: float
    y: float
    half: float
    w: float
    h: float


class KitArt:
    """The pieces of one built kit, drawn on demand and kept (``version`` tells one reload of the kit from the next)."""

    def __init__(self, kit: Kit, records: Mapping[str, Mapping[str, tuple[Record, ...]]], faces: tuple[Face, ...],
                 version: int) -> None:
        self.version, self.faces, self.title = version, faces, kit.title
        self.pieces = PrintedPieces(kit.decks, kit.tokens, records.get("decks", {}), records.get("tokens", {}))
        self.sets = self.pieces.sets
        self.boards: dict[str, Piece] = {s.name: s.pieces[0] for s in kit.boards if s.pieces}
        self.board_titles = {s.name: s.title for s in kit.boards}
        self._spaces: dict[str, dict[str, Space]] = {}
        self._svg: dict[tuple[str, ...], str | None] = {}
        self._backs: dict[tuple[str, str], list[int]] = {}

    # --- finding pieces (printkit.kitgame.printed: the rule sheet's figures find them the same way) ---------------
    def find(self, value: Any) -> PieceRef | None:
        """The printed piece of a state's card or token row (None: a value the kit does not print)."""
        return self.pieces.row(value)

    def printed(self, ident: str) -> PieceRef | None:
        """The card or token whose face has the SVG id ``ident``."""
        return self.pieces.printed(ident)

    def piece(self, ref: PieceRef) -> Piece | None:
        return self.pieces.piece(ref)

    def has_back(self, ref: PieceRef) -> bool:
        found = self.piece(ref)
        return found is not None and found.back is not None

    def size(self, ref: PieceRef) -> tuple[float, float, bool]:
        """(width, height, round) of a piece in mm."""
        found = self.piece(ref)
        return (found.w, found.h, found.round) if found is not None else (20.0, 20.0, False)

    def url(self, ref: PieceRef, side: str) -> str:
        """The SVG of a side; a back by the first piece of its set printed with the same back, so the address of a
        face-down card says no more than its back shows."""
        index = self._first_back(ref) if side == "back" else ref.index
        return f"art/{self.version}/{ref.kind}/{ref.set}/{index}/{side}.svg"

    def _first_back(self, ref: PieceRef) -> int:
        key = (ref.kind, ref.set)
        if key not in self._backs:
            firsts: dict[Any, int] = {}
            for i, piece in enumerate(self.sets[key].pieces):
                firsts.setdefault(piece.back, i)
            self._backs[key] = [firsts[piece.back] for piece in self.sets[key].pieces]
        return self._backs[key][ref.index]

    def board_url(self, name: str) -> str:
        return f"art/{self.version}/board/{name}.svg"

    def spaces(self, board: str) -> dict[str, Space]:
        """A board's spaces by name (``A1``, ``3``) and by SVG id, names in upper case as the rules may write them."""
        if board not in self._spaces:
            found: dict[str, Space] = {}
            for name, (x, y, w, h) in space_boxes(self.boards[board], every_id=True).items():
                found.setdefault(name.upper(), Space(x, y, min(w, h) / 2, w, h))
            self._spaces[board] = found
        return self._spaces[board]

    # --- the SVG files -------------------------------------------------------------------------
    def svg(self, parts: tuple[str, ...]) -> str | None:
        """The SVG at ``art/<version>/<parts>`` (``card/cards/3/front.svg``, ``board/track.svg``); None: no such file."""
        if parts not in self._svg:
            self._svg[parts] = self._draw(parts)
        return self._svg[parts]

    def _draw(self, parts: tuple[str, ...]) -> str | None:
        drawing: Drawing | None = None
        if len(parts) == 2 and parts[0] == "board" and parts[1].endswith(".svg"):
            board = self.boards.get(parts[1][:-4])
            if board is not None:
                from printkit.art.board import board_drawing

                drawing = board_drawing(board, self.board_titles.get(parts[1][:-4], board.name))
        elif len(parts) == 4 and parts[0] in KINDS and parts[2].isdigit() and parts[3] in ("front.svg", "back.svg"):
            found = self.piece(PieceRef(parts[0], parts[1], int(parts[2])))
            if found is not None:
                drawing = side_drawing(found, parts[3][:-4])
        return None if drawing is None else with_fonts(to_svg(drawing), self.faces)


SAFE_PART = re.compile(r"[A-Za-z0-9_.-]{1,80}")
"""A part of an art path (the names are kit.toml names and numbers): anything else is not looked up."""

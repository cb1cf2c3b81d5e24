"""Tabletop Simulator: deck sheets, backs, board and token images, and a saved object that loads decks, boards and tokens.

TTS custom decks: a face sheet of at most 10 x 7 cards (no side over 4096 px) cut into ``NumWidth`` x
``NumHeight`` equal cells, the grid chosen to give the cards the most pixels; card ``k`` of sheet ``n`` is CardID ``100 n + k``. The sheet's last (bottom
right) cell is the hidden-card image, shown for cards held in another player's hand; it holds the back,
so at most 69 cards share a sheet. Copies of a card share one cell (their ids repeat in ``DeckIDs``).
Cards of a deck with several backs go on one sheet per back (a sheet has one ``BackURL``).
Tokens are pieces a player picks up: one ``Custom_Tile`` per token (circle, hex or box, its front and back
images), a set of them in a ``Bag``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.draw.shapes import Drawing, Rect, Style
from printkit.export.common import Export, Face, NothingToExport, card_name, distinct, slug
from printkit.export.raster import face, px, render, same_art, sheet
from printkit.kit.model import Kit, PieceSet
from printkit.press.pieces import Piece
from printkit.userinput.text import plural

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
MAX_DPI = 300.0
"""Card images are as large as the sheet allows, but not above print resolution."""
IMAGE_DPI = 150.0
"""Boards and token sheets (kept under MAX_PX on their longer side)."""
POKER_WIDTH_MM = 63.5
"""A TTS card of scale 1 is a poker card; other sizes are scaled from it (tokens too)."""
TILE_BOX, TILE_HEX, TILE_CIRCLE = 0, 1, 2
"""TTS Custom_Tile shapes (``CustomTile.Type``)."""
TILE_THICKNESS = 0.1
"""A token's thickness in TTS units (about an inch): card stock."""


@dataclass(frozen=True)
class DeckSheet:
    """One face sheet: its file, grid, cell size and the faces in its cells."""

    file: str
    back_file: str
    cols: int
    rows: int
    cell_w: int
    cell_h: int
    faces: tuple[Face, ...]


def grid(cards: int, w_mm: float = 63.5, h_mm: float = 88.9) -> tuple[int, int]:
    """Columns and rows for ``cards`` faces plus the hidden-card cell (at most 10 x 7): of the grids that hold them,
    the one giving ``w_mm`` x ``h_mm`` cards the most pixels (fewer empty cells, then more columns, on a tie)."""
    slots = cards + 1
    best: tuple[tuple[int, int, int], tuple[int, int]] | None = None
    for cols in range(1, MAX_COLS + 1):
        rows = math.ceil(slots / cols)
        if rows > MAX_ROWS or (cols > 1 and math.ceil(slots / (cols - 1)) == rows):
            continue  # too tall, or a column that stays empty
        cw, _ = cell_size(w_mm, h_mm, cols, rows)
        score = (cw, -(cols * rows - slots), cols)
        if best is None or score > best[0]:
            best = (score, (cols, rows))
    if best is None:
        raise ValueError(f"{cards} cards do not fit one {MAX_COLS} x {MAX_ROWS} sheet")
    return best[1]


def cell_size(w_mm: float, h_mm: float, cols: int, rows: int) -> tuple[int, int]:
    """The largest card image (up to 300 dpi) whose grid stays within 4096 px each way."""
    cw = min(MAX_PX // cols, px(w_mm, MAX_DPI), math.floor(MAX_PX / rows * w_mm / h_mm))
    ch = round(cw * h_mm / w_mm)
    while ch * rows > MAX_PX:
        cw -= 1
        ch = round(cw * h_mm / w_mm)
    return cw, ch


def blank_back(piece: Piece) -> Drawing:
    """The back TTS shows for a single-sided deck: plain white with a grey edge."""
    return Drawing(piece.w, piece.h, (Rect(0, 0, piece.w, piece.h, Style(fill="#FFFFFF", stroke="#B0B0B0", width=1.0)),))


def _url(base: str, name: str) -> str:
    return f"{base.rstrip('/')}/{name}"


def _transform(x: float, scale: float = 1.0, face_down: bool = True) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


class _Writer:
    """Builds the files and the saved object of one kit's decks, boards and tokens."""

    def __init__(self, kit: Kit, base_url: str) -> None:
        self.kit, self.base = kit, base_url
        self.files: dict[str, bytes] = {}
        self.next_key = 1
        self.lines: list[str] = []

    def deck(self, deck: PieceSet, x: float) -> dict[str, Any] | None:
        if not deck.pieces:
            return None
        piece = deck.pieces[0]
        sheets, cell_of = self._deck_sheets(deck)
        custom = {str(key): {"FaceURL": _url(self.base, s.file), "BackURL": _url(self.base, s.back_file),
                             "NumWidth": s.cols, "NumHeight": s.rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
                  for key, s in sheets}
        scale = round(piece.w / POKER_WIDTH_MM, 4)
        cards = []
        for p in deck.pieces:
            card_id = cell_of[id(p)]
            entry = {str(card_id // 100): custom[str(card_id // 100)]}
            cards.append({"Name": "Card", "Nickname": card_name(p), "CardID": card_id, "CustomDeck": entry,
                          "Transform": _transform(x, scale)})
        for key, s in sheets:
            self.lines.append(f"{s.file}: {deck.title}, {plural(len(s.faces), 'card')} on a {s.cols} x {s.rows} sheet of "
                              f"{s.cell_w} x {s.cell_h} px cards (the last cell is the hidden-card image); back {s.back_file}")
        if len(cards) == 1:
            return {**cards[0], "Nickname": f"{deck.title}: {cards[0]['Nickname']}"}
        return {"Name": "DeckCustom", "Nickname": deck.title, "Transform": _transform(x, scale),
                "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards}

    def _deck_sheets(self, deck: PieceSet) -> tuple[list[tuple[int, DeckSheet]], dict[int, int]]:
        """A deck's sheets of faces (one back per sheet, the last cell the hidden-card image) drawn into ``files``,
        with each card's TTS id by the card's ``id()``."""
        piece = deck.pieces[0]
        backs: list[Any] = []
        groups: dict[int, list[Piece]] = {}
        for p in deck.pieces:
            key = same_art(p)[1]
            if key not in backs:
                backs.append(key)
            groups.setdefault(backs.index(key), []).append(p)
        sheets: list[tuple[int, DeckSheet]] = []
        cell_of: dict[int, int] = {}
        for b, members in groups.items():
            faces = distinct(members)
            chunks = [faces[i:i + MAX_COLS * MAX_ROWS - 1] for i in range(0, len(faces), MAX_COLS * MAX_ROWS - 1)]
            back_name = f"{deck.name}-back.png" if len(groups) == 1 else f"{deck.name}-back-{b + 1}.png"
            back_piece = members[0]
            for chunk in chunks:
                cols, rows = grid(len(chunk), piece.w, piece.h)
                cw, ch = cell_size(piece.w, piece.h, cols, rows)
                number = len(sheets) + 1
                name = f"{deck.name}.png" if len(groups) == 1 and len(chunks) == 1 else f"{deck.name}-{number}.png"
                back_png = render(face(back_piece, "back") if back_piece.back is not None else blank_back(back_piece), cw, ch)
                if back_name not in self.files:
                    self.files[back_name] = back_png
                cells: list[bytes | None] = [render(face(f.piece, "front"), cw, ch) for f in chunk]
                cells += [None] * (cols * rows - 1 - len(chunk)) + [back_png]
                self.files[name] = sheet(cells, cols, rows, cw, ch)
                key = self.next_key
                self.next_key += 1
                sheets.append((key, DeckSheet(name, back_name, cols, rows, cw, ch, tuple(chunk))))
                for k, f in enumerate(chunk):
                    for position in f.positions:
                        cell_of[id(members[position])] = key * 100 + k
        return sheets, cell_of

    def image(self, name: str, drawing: Drawing) -> tuple[str, int, int]:
        """A drawing as PNG at 150 dpi, or less to keep it within 4096 px."""
        dpi = min(IMAGE_DPI, MAX_PX / drawing.width * 25.4, MAX_PX / drawing.height * 25.4)
        w, h = min(MAX_PX, px(drawing.width, dpi)), min(MAX_PX, px(drawing.height, dpi))
        self.files[name] = render(drawing, w, h)
        return name, w, h

    def board(self, board: PieceSet, x: float) -> dict[str, Any]:
        piece = board.pieces[0]
        name, w, h = self.image(f"board-{board.name}.png", face(piece, "front"))
        self.lines.append(f"{name}: {board.title}, {w} x {h} px ({piece.w:g} x {piece.h:g} mm)")
        return {"Name": "Custom_Board", "Nickname": board.title, "Transform": _transform(x, 1.0, face_down=False),
                "CustomImage": {"ImageURL": _url(self.base, name), "ImageSecondaryURL": "", "WidthScale": 0.0}}

    def tokens(self, tokens: PieceSet, x: float) -> dict[str, Any]:
        """A token set as pieces to pick up: one Custom_Tile per token (its shape, front and back), in a Bag."""
        first = tokens.pieces[0]
        shape = TILE_CIRCLE if first.round else TILE_HEX if first.hex else TILE_BOX
        w, h = px(first.w, MAX_DPI), px(first.h, MAX_DPI)
        images: dict[Any, tuple[str, str]] = {}
        for n, f in enumerate(distinct(tokens.pieces), start=1):
            front = f"token-{tokens.name}-{n:03d}.png"
            self.files[front] = render(face(f.piece, "front"), w, h)
            back = front
            if f.piece.back is not None:
                back = f"token-{tokens.name}-{n:03d}-back.png"
                self.files[back] = render(face(f.piece, "back"), w, h)
            images[same_art(f.piece)] = (front, back)
        scale = round(first.w / POKER_WIDTH_MM, 4)
        tiles = []
        for piece in tokens.pieces:
            front, back = images[same_art(piece)]
            tiles.append({"Name": "Custom_Tile", "Nickname": card_name(piece), "Transform": _transform(x, scale, face_down=False),
                          "CustomImage": {"ImageURL": _url(self.base, front), "ImageSecondaryURL": _url(self.base, back),
                                          "WidthScale": 0.0, "CustomTile": {"Type": shape, "Thickness": TILE_THICKNESS,
                                                                            "Stackable": False, "Stretch": True}}})
        kind = {TILE_CIRCLE: "round", TILE_HEX: "hex", TILE_BOX: "square"}[shape]
        self.lines.append(f"token-{tokens.name}-NNN.png: {tokens.title}, {plural(len(images), 'distinct token')} ({w} x {h} px, "
                          f"{kind}{', with backs' if any(f.back is not None for f in tokens.pieces) else ''}); "
                          + (f"{len(tiles)} tokens in a bag" if len(tiles) > 1 else "one token"))
        if len(tiles) == 1:
            name = tiles[0]["Nickname"]
            return {**tiles[0], "Nickname": name if name == tokens.title else f"{tokens.title}: {name}"}
        return {"Name": "Bag", "Nickname": tokens.title, "Transform": _transform(x, 1.0, face_down=False), "ContainedObjects": tiles}


def saved_object(kit: Kit, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """A TTS saved object file (Saves/Saved Objects/) holding every deck and board."""
    return {"SaveName": kit.title, "GameMode": kit.title, "Date": "", "VersionNumber": "", "Note": "",
            "ObjectStates": objects, "TabStates": {}}


def export_tts(kit: Kit, folder: Path, base_url: str | None) -> Export:
    """Every deck as sheet + back, boards and token sheets as images, and ``<game>.json`` pointing at them.

    Image URLs are ``file:///`` paths of ``folder`` (where the export lands), or ``base_url`` + file name.
    """
    if not kit.decks and not kit.boards and not kit.tokens:
        raise NothingToExport(f"{kit.game}: no decks, boards or tokens to export to Tabletop Simulator")
    base = base_url or folder.resolve().as_uri()
    writer = _Writer(kit, base)
    objects: list[dict[str, Any]] = []
    for i, deck in enumerate(kit.decks):
        made = writer.deck(deck, x=4.0 * i)
        if made is not None:
            objects.append(made)
    for i, board in enumerate(kit.boards):
        objects.append(writer.board(board, x=-30.0 * (i + 1)))
    for i, tokens in enumerate(t for t in kit.tokens if t.pieces):
        objects.append(writer.tokens(tokens, x=-4.0 * (i + 1)))
    save = f"{slug(kit.game)}.json"
    writer.files[save] = (json.dumps(saved_object(kit, objects), indent=2, sort_keys=False) + "\n").encode("utf-8")
    writer.files["README.txt"] = readme(kit, save, writer.lines, base_url).encode("utf-8")
    return Export(dict(sorted(writer.files.items())))


def readme(kit: Kit, save: str, lines: list[str], base_url: str | None) -> str:
    where = (f"Image URLs point at {base_url.rstrip('/')}/<file>: upload every PNG here there first." if base_url else
             "Image URLs are file:/// paths of this folder: they work on this computer; for a game with other players, "
             "upload the PNGs (Steam Cloud, any web host) and export again with --base-url URL.")
    return "\n".join([
        f"{kit.title}: Tabletop Simulator export (printkit export --to tts)",
        "",
        "Files:",
        *[f"- {line}" for line in lines],
        f"- {save}: a TTS saved object holding every deck (one DeckCustom each, one Card per card, named after it), board,",
        "  and token set (a Bag of Custom_Tile pieces, one per token, round, hex or square, each with its back).",
        "",
        where,
        "",
        "To load it:",
        f"1. Copy {save} into Documents/My Games/Tabletop Simulator/Saves/Saved Objects/",
        "   (Windows; macOS/Linux: ~/Library/Tabletop Simulator/... or ~/.local/share/Tabletop Simulator/...).",
        "2. Start a game, open Objects > Saved Objects and click it: the decks (face down) and boards appear on the table.",
        "Or by hand: Objects > Components > Custom > Deck, Face = a deck sheet, Back = its back image,",
        "Width/Height = the sheet's grid, Number = its card count, Back is Hidden ticked.",
        "Tokens by hand: Objects > Components > Custom > Tile, Top Image = token-...png, Bottom Image = its -back.png.",
        "",
    ])

"""Print-on-demand uploads: one PNG per card face at 300 dpi with bleed, at the shop's template size.

Copies of a card are one file whose name ends in ``-x<copies>`` (and ``order.csv`` lists every file with
its quantity and back), in deck order. Boards and tokens are drawn at their true size with the kit's
bleed. Text or pictures that come closer to the cut than the shop's safe area are reported.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Iterable

from printkit.draw.fonts import text_extent
from printkit.draw.shapes import Group, Image, Shape, Text
from printkit.export.common import Export, ExportError, Face, NothingToExport, card_name, distinct, slug
from printkit.export.raster import face, fit_canvas, px, render, same_art
from printkit.export.shops import DPI, SHOPS, Product, Shop, match, sizes
from printkit.kit.model import Kit, PieceSet
from printkit.press.pieces import Piece
from printkit.userinput.text import first_of, plural, quoted

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Template:
    """Where a card lands in an upload image: image size (px), the card's scale and offset (mm), safe margin inside the cut (mm)."""

    width_px: int
    height_px: int
    scale: float
    dx: float
    dy: float
    safe_mm: float
    product: Product | None

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.width_px / DPI * MM_PER_INCH, self.height_px / DPI * MM_PER_INCH


def template_for(piece: Piece, shop: Shop | None, bleed: float, safe: float, where: str) -> Template:
    """The upload image for cards of this piece's size at ``shop`` (None: generic, the kit's bleed and safe margin)."""
    if shop is None:
        w, h = px(piece.w + 2 * bleed, DPI), px(piece.h + 2 * bleed, DPI)
        return Template(w, h, 1.0, bleed, bleed, safe, None)
    found = match(shop, piece.w, piece.h)
    if found is None:
        raise ExportError(f"{where}: {shop.title} prints no {piece.w:g} x {piece.h:g} mm card "
                          f"(its sizes in mm: {sizes(shop)}); use --shop generic or another card size")
    product, turned = found
    iw, ih = product.image_px[::-1] if turned else product.image_px
    tw, th = product.trim_mm[::-1] if turned else product.trim_mm
    scale = max(tw / piece.w, th / piece.h)
    wmm, hmm = iw / DPI * MM_PER_INCH, ih / DPI * MM_PER_INCH
    bleed_mm = (wmm - tw) / 2
    return Template(iw, ih, scale, (wmm - piece.w * scale) / 2, (hmm - piece.h * scale) / 2,
                    product.safe_px / DPI * MM_PER_INCH - bleed_mm, product)


def card_image(piece: Piece, side: str, t: Template, bleed: float) -> bytes:
    """One face of a card scaled to the template's cut and centred on it, as PNG.

    The art is drawn with the kit's bleed; where the shop asks for a little more, the edge pixels are
    repeated outward (a common fix; the README says to keep backgrounds running to the bleed).
    """
    drawing = face(piece, side, bleed)
    rendered = render(drawing, px(drawing.width * t.scale, DPI), px(drawing.height * t.scale, DPI))
    return fit_canvas(rendered, t.width_px, t.height_px)


def _boxes(shapes: tuple[Shape, ...], dx: float = 0.0, dy: float = 0.0) -> Iterable[tuple[str, tuple[float, float, float, float]]]:
    """Text lines and pictures with their boxes in the piece's mm (rotated or scaled groups skipped)."""
    for shape in shapes:
        if isinstance(shape, Text) and shape.text.strip():
            x0, y0, x1, y1 = text_extent(shape)
            yield repr(shape.text), (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        elif isinstance(shape, Image):
            yield "a picture", (shape.x + dx, shape.y + dy, shape.x + shape.w + dx, shape.y + shape.h + dy)
        elif isinstance(shape, Group) and not shape.rotate and shape.scale == 1:
            yield from _boxes(shape.children, dx + shape.dx, dy + shape.dy)


def outside_safe(piece: Piece, side: str, t: Template) -> list[tuple[str, float]]:
    """Art of one face closer to the cut than the safe margin: (what, its distance to the cut in mm)."""
    art = piece.front if side == "front" else piece.back
    if art is None:
        return []
    wmm, hmm = t.size_mm
    cut_x, cut_y = (wmm - piece.w * t.scale) / 2, (hmm - piece.h * t.scale) / 2
    found = []
    for what, (x0, y0, x1, y1) in _boxes((art,)):
        left, top = t.dx + x0 * t.scale - cut_x, t.dy + y0 * t.scale - cut_y
        right, bottom = wmm - cut_x - (t.dx + x1 * t.scale), hmm - cut_y - (t.dy + y1 * t.scale)
        closest = min(left, top, right, bottom)
        if closest < t.safe_mm - 0.05:
            found.append((what, closest))
    return found


class _Deck:
    """The files, order rows and warnings of one deck."""

    def __init__(self, deck: PieceSet, template: Template, shop_title: str, bleed: float) -> None:
        self.deck, self.t, self.shop_title, self.bleed = deck, template, shop_title, bleed
        self.files: dict[str, bytes] = {}
        self.rows: list[list[Any]] = []
        self.warnings: list[str] = []

    def write(self) -> None:
        folder = f"cards/{self.deck.name}"
        backs: list[Any] = []
        back_files: list[str] = []
        for p in self.deck.pieces:
            key = same_art(p)[1]
            if p.back is not None and key not in backs:
                backs.append(key)
        for i, key in enumerate(backs):
            piece = next(p for p in self.deck.pieces if same_art(p)[1] == key)
            name = f"{folder}/back.png" if len(backs) == 1 else f"{folder}/back-{i + 1}.png"
            self.files[name] = card_image(piece, "back", self.t, self.bleed)
            back_files.append(name)
            self._check(piece, "back", name)
        faces: list[Face] = distinct(self.deck.pieces)
        width = max(3, len(str(len(faces))))
        for n, f in enumerate(faces, start=1):
            copies = f"-x{f.count}" if f.count > 1 else ""
            name = f"{folder}/{n:0{width}d}-{slug(card_name(f.piece, f.count))}{copies}.png"
            self.files[name] = card_image(f.piece, "front", self.t, self.bleed)
            back = back_files[backs.index(same_art(f.piece)[1])] if f.piece.back is not None else ""
            self.rows.append([self.deck.name, name, back, f.count, card_name(f.piece, f.count)])
            self._check(f.piece, "front", name)

    def _check(self, piece: Piece, side: str, name: str) -> None:
        close = outside_safe(piece, side, self.t)
        if close:
            what = first_of([f"{w} ({d:.1f} mm)" for w, d in close], 3)
            self.warnings.append(f"{name}: {self.shop_title}'s safe area is {self.t.safe_mm:.1f} mm inside the cut; "
                                 f"closer to the cut: {what}")


def true_size(piece: Piece, bleed: float) -> bytes:
    """A token or board at 300 dpi, its own size plus bleed."""
    drawing = face(piece, "front", bleed)
    return render(drawing, px(drawing.width, DPI), px(drawing.height, DPI))


class _Upload:
    """What an export for one shop gathers: its files, order rows, notes for README.txt and warnings."""

    def __init__(self, kit: Kit, shop: Shop | None) -> None:
        self.kit, self.shop, self.s = kit, shop, kit.settings
        self.title = shop.title if shop else "the shop"
        self.files: dict[str, bytes] = {}
        self.rows: list[list[Any]] = []
        self.warnings: list[str] = []
        self.notes: list[str] = []
        self.left_out: list[PieceSet] = []

    def deck(self, deck: PieceSet) -> None:
        """A deck's card images (left out when the shop prints no card of its size)."""
        first = deck.pieces[0]
        if self.shop is not None and match(self.shop, first.w, first.h) is None:
            self.left_out.append(deck)
            return
        s = self.s
        t = template_for(first, self.shop, s.bleed_mm, s.safe_mm, f"{self.kit.game}: deck {quoted(deck.title)}")
        made = _Deck(deck, t, self.title, s.bleed_mm)
        made.write()
        self.files.update(made.files)
        self.rows += made.rows
        self.warnings += [f"pod: {w}" for w in made.warnings]
        sides = "double-sided" if any(p.back is not None for p in deck.pieces) else "single-sided (no back file)"
        product = f"{t.product.name} ({t.product.url})" if t.product else f"{first.w:g} x {first.h:g} mm cards"
        self.notes.append(f"cards/{deck.name}/: {deck.title}, {plural(len(deck.pieces), 'card')} in "
                          f"{plural(len(made.rows), 'file')}, {sides}: choose {product}; images {t.width_px} x {t.height_px} px")

    def true_sized(self, group: str, pieces: PieceSet) -> None:
        """Tokens or a board at their own size with the kit's bleed, one file per distinct face."""
        bleed = self.s.bleed_mm
        for n, f in enumerate(distinct(pieces.pieces), start=1):
            copies = f"-x{f.count}" if f.count > 1 else ""
            stem = (f"{group}/{pieces.name}" if group == "boards"
                    else f"{group}/{pieces.name}/{n:03d}-{slug(card_name(f.piece, f.count))}{copies}")
            self.files[f"{stem}.png"] = true_size(f.piece, bleed)
            if f.piece.back is not None:
                self.files[f"{stem}-back.png"] = render(face(f.piece, "back", bleed), px(f.piece.w + 2 * bleed, DPI),
                                                        px(f.piece.h + 2 * bleed, DPI))
            self.rows.append([pieces.name, f"{stem}.png", f"{stem}-back.png" if f.piece.back is not None else "", f.count,
                              card_name(f.piece, f.count)])
        p = pieces.pieces[0]
        self.notes.append(f"{group}/{pieces.name}: {pieces.title}, {plural(len(pieces.pieces), 'piece')} of "
                          f"{p.w:g} x {p.h:g} mm (+{bleed:g} mm bleed each side)")

    def omitted(self) -> list[str]:
        """The warning for decks the shop prints no card of (raised when nothing else is left to upload)."""
        shop = self.shop
        if not self.left_out or shop is None:
            return []
        if not self.rows:
            first = self.left_out[0]
            try:
                template_for(first.pieces[0], shop, self.s.bleed_mm, self.s.safe_mm, f"{self.kit.game}: deck {first.title!r}")
            except ExportError as exc:  # it raises: the message says why and what the shop prints
                raise NothingToExport(str(exc)) from None
        missing = ", ".join(f"{d.title!r} ({d.pieces[0].w:g} x {d.pieces[0].h:g} mm)" for d in self.left_out)
        self.notes.append(f"left out: {missing}: {shop.title} prints none of these sizes (its sizes in mm: {sizes(shop)})")
        return [f"{self.kit.game}: left out {plural(len(self.left_out), 'deck')} of a size {shop.title} does not print: "
                f"{missing} (use --shop generic for them)"]

    def order_csv(self) -> bytes:
        table = io.StringIO()
        writer = csv.writer(table, lineterminator="\n")
        writer.writerow(["set", "file", "back", "quantity", "name"])
        writer.writerows(self.rows)
        return table.getvalue().encode("utf-8")


def export_pod(kit: Kit, shop_key: str) -> Export:
    """Every deck, token and board as upload images for ``shop_key`` (a key of SHOPS or ``generic``)."""
    shop = SHOPS.get(shop_key)
    if shop is None and shop_key != "generic":
        raise ExportError(f"--shop: unknown shop {quoted(shop_key)} (shops: {', '.join([*SHOPS, 'generic'])})")
    if not kit.decks and not kit.tokens and not kit.boards:
        raise NothingToExport(f"{kit.game}: nothing to print on demand")
    upload = _Upload(kit, shop)
    for deck in kit.decks:
        if deck.pieces:
            upload.deck(deck)
    for group, sets in (("tokens", kit.tokens), ("boards", kit.boards)):
        for pieces in sets:
            upload.true_sized(group, pieces)
    omitted = upload.omitted()
    files = upload.files
    files["order.csv"] = upload.order_csv()
    files["README.txt"] = readme(kit, shop, upload.notes, upload.warnings).encode("utf-8")
    return Export(dict(sorted(files.items())), omitted + upload.warnings)


def readme(kit: Kit, shop: Shop | None, notes: list[str], warnings: list[str]) -> str:
    head = (f"Uploads for {shop.title} (templates: {shop.templates}). Each card image is the shop's template size at 300 dpi: "
            "the card scaled to the shop's cut size, its art running into the bleed." if shop else
            f"Uploads for any print shop: 300 dpi, each card at its own size plus {kit.settings.bleed_mm:g} mm bleed on every side.")
    return "\n".join([
        f"{kit.title}: print-on-demand export (printkit export --to pod)",
        "",
        head,
        "Files are numbered in deck order; a name ending in -x3 is a card printed 3 times. order.csv lists every file with",
        "its back and quantity. Upload the fronts in order, the back as the deck's back, and set the quantities.",
        "",
        *[f"- {n}" for n in notes],
        "",
        "Safe area: " + (f"{len(warnings)} warnings (art closer to the cut than the shop guarantees):" if warnings else
                         "all text and pictures are inside the shop's safe area."),
        *[f"  {w}" for w in warnings],
        "",
    ])

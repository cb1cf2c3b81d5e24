"""A layout drawn for one row: its elements placed in mm against the trim, bleed or safe box."""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from printkit.datakit.fields import fields_in, fill, single_field
from printkit.datakit.schema import Element, Layout
from printkit.datakit.textfit import TextBox, set_text
from printkit.draw import fonts
from printkit.draw.images import (
    MAX_PICTURE_BYTES,
    MIN_PPI,
    PRINT_DPI,
    ImageTooLarge,
    NotAnImage,
    contain,
    downscaled,
    natural_size,
    png_size,
    print_pixels,
    printed_ppi,
)
from printkit.draw.pdf import vector_problem
from printkit.draw.shapes import Circle, Drawing, Group, Image, Line, Polygon, Rect, Shape, Style, Text
from printkit.errors import ConfigError
from printkit.kit.checks import OVERFULL
from printkit.kit.model import Finding
from printkit.userinput.files import read_bytes, reason
from printkit.userinput.paths import inside, shown
from printkit.userinput.text import first_of, quoted
from printkit.userinput.tomllines import key_lines, line_of

COLOUR = re.compile(r"#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}")
MISSING = "#D0021B"
EDGES = ("left", "top", "right", "bottom")
"""A piece's edges in the order messages name them."""
MAX_NUMBER = 10_000.0
"""The largest number a layout takes (mm, pt or degrees): far past any card, and safe from overflow."""


@dataclass
class Art:
    """Pictures of a kit folder read once: files by path, icons by name, and what was missing."""

    folder: Path
    display: str
    source: str
    icons: str
    cache: dict[Path, bytes | str] = field(default_factory=dict)
    paths: dict[tuple[str, str], Path] = field(default_factory=dict)
    """Each picture path as written (and the key it is written under) resolved inside the folder once."""
    extra: dict[str, Drawing] = field(default_factory=dict)
    """In-memory pictures by name (built-in decks pass vector diagrams this way)."""
    fonts: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A kit's fonts by the name layouts use: registered regular and bold faces."""
    lines: dict[str, int] | None = None
    """Each key of the folder's kit.toml -> its line (read when first asked for: :meth:`where`)."""

    def line(self, key: str) -> int | None:
        """The line of kit.toml ``key`` (or the table holding it) is written on; None when it cannot be found."""
        if self.lines is None:
            try:
                self.lines = key_lines((self.folder / "kit.toml").read_text(encoding="utf-8")) if self.source else {}
            except (OSError, UnicodeDecodeError):
                self.lines = {}
        return line_of(self.lines, key)

    def where(self, key: str) -> str:
        """``layouts.front.title, kit.toml line 48``: the key and where it is written (the key alone when not found)."""
        number = self.line(key)
        return key if number is None else f"{key}, {Path(self.source).name} line {number}"

    def read(self, written: str, key: str) -> bytes | str:
        """The picture's bytes, or why it cannot be had (a message)."""
        path = self.paths.get((written, key))
        if path is None:
            path = self.paths[(written, key)] = inside(self.folder, written, self.source, key)
        if path not in self.cache:
            name = shown(self.folder, self.display, path)
            try:
                data = read_bytes(path, MAX_PICTURE_BYTES)
                kind, _, _ = natural_size(data)
                problem = vector_problem(data) if kind == "svg" else None
                self.cache[path] = data if problem is None else f"{name}: {problem}"
            except FileNotFoundError:
                self.cache[path] = f"missing image {name}"
            except OSError as exc:
                self.cache[path] = f"cannot read {name}: {reason(exc)}"
            except NotAnImage as exc:
                self.cache[path] = f"{name}: {exc}"
            except ImageTooLarge as exc:
                raise ConfigError(name, "", str(exc)) from None
        return self.cache[path]

    def icon(self, name: str) -> bytes | None:
        """The picture of ``:name:`` in text, from the icons folder (None: no such icon, or icons off)."""
        if not self.icons:
            return None
        for suffix in (".svg", ".png"):
            path = self.folder / self.icons / f"{name}{suffix}"
            if path.exists() or path.is_symlink():  # a link that leads nowhere is named by read()'s message
                data = self.read(f"{self.icons}/{name}{suffix}", "kit.icons")
                return data if isinstance(data, bytes) else None
        return None


@dataclass
class Target:
    """Where a layout is drawn: size, the row, and the print geometry."""

    w: float
    h: float
    bleed: float
    safe: float
    row: dict[str, str]
    where: str
    """The row's file and line, for messages."""
    what: str
    """``deck 'cards', card 3``: names the piece in findings."""
    group: str = "cards"
    """``deck 'cards'``: names every piece of the kind (for findings about a layout, not a row)."""


class Painter:
    """Draws layouts for rows; collects findings (text too long, missing art) once each.

    A ``{field}`` no row has is an error naming kit.toml's key and the data file (``data``).
    """

    def __init__(self, art: Art, columns: set[str], source: str, data: str = "the rows") -> None:
        self.art, self.columns, self.source, self.data = art, columns, source, data
        self.notes: list[Finding] = []
        self.reported: set[str] = set()
        self.pictures: dict[str, list[str]] = {}
        """A picture that cannot be drawn -> the pieces that show it (one finding names them all)."""
        self.checked: set[str] = set()
        self.same: dict[tuple[str, str, float, float, float, float], list[Shape]] = {}
        """The shapes of elements that read no column (a card's frame, a fixed disc), by piece geometry: drawn once."""
        self.fixed: dict[str, bool] = {}
        self.boxes: dict[tuple[str, str, float, float, float, float], tuple[TextBox, str]] = {}
        self.crossings: dict[tuple[str, str], tuple[int, dict[str, float]]] = {}
        """(set, element) -> the index of its finding in ``notes`` and how far it crosses the safe line at each edge
        (the most over the pieces drawn so far, in mm)."""

    @property
    def findings(self) -> list[Finding]:
        """Every problem met so far, one line each."""
        return self.notes + [Finding("error", f"{problem}: on {first_of(pieces, 3)}") for problem, pieces in self.pictures.items()]

    def note(self, level: str, message: str) -> None:
        if message not in self.reported:
            self.reported.add(message)
            self.notes.append(Finding(level, message))

    def _unknown(self, element: Element, key: str, names: list[str]) -> None:
        for name in names:
            if name not in self.columns and name not in self.art.extra:
                known = ", ".join(sorted(self.columns)) or "none"
                raise ConfigError(self.source, f"{element.key}.{key}", f"no column {name!r} in {self.data} (columns: {known})")

    def shows(self, element: Element, piece: Target) -> bool:
        """Whether the element's ``when`` holds for the row (its columns checked once per element)."""
        if element.when is None:
            return True
        if element.key not in self.checked:
            self._unknown(element, "when", element.when.fields())
            for word in element.when.words():
                if word in self.columns:
                    raise ConfigError(self.source, f"{element.key}.when", f"{word!r} is a word here: write {{{word}}} for "
                                                                          f"the column, or \"{word}\" in quotes for the text")
            self.checked.add(element.key)
        from printkit.datakit.when import WhenValueError  # imported by a kit that has a `when`

        try:
            return element.when.holds(piece.row)
        except WhenValueError as exc:
            place = f"column {exc.column!r}" if exc.column else f"{element.key}.when"
            raise ConfigError(piece.where, place, f"{exc} (in {element.key}.when = {element.when.text!r})") from None

    def draw(self, layout: Layout, piece: Target, ident: str | None = None, cls: tuple[str, ...] = ()) -> Group:
        shapes: list[Shape] = []
        for element in layout.elements:
            shapes.extend(self.element(element, piece, layout.name))
        return Group(tuple(shapes), id=ident, cls=cls)

    def _fill(self, element: Element, key: str, template: str, piece: Target) -> str:
        self._unknown(element, key, fields_in(template))
        return fill(template, piece.row)

    def number(self, element: Element, key: str, piece: Target, default: float, least: float = -MAX_NUMBER) -> float:
        """A number in mm (or pt, for sizes) from ``least`` up; ``"25%"`` is a share of the frame's width or height."""
        value = element.props.get(key, default)
        if isinstance(value, str):
            text = self._fill(element, key, value, piece).strip()
            try:
                value = self._percent(element, key, piece, text) if text.endswith("%") else float(text)
                if not math.isfinite(value):
                    raise ValueError
            except ValueError:
                column = single_field(element.props[key])
                where = f"column {quoted(column)}" if column else f"{element.key}.{key}"
                raise ConfigError(piece.where, where, f"expected a number, got {quoted(text)}") from None
        if not math.isfinite(value) or not least <= value <= MAX_NUMBER:
            column = single_field(element.props[key]) if isinstance(element.props.get(key), str) else None
            source, where = (piece.where, f"column {quoted(column)}") if column else (self.source, f"{element.key}.{key}")
            raise ConfigError(source, where, f"expected {least:g} to {MAX_NUMBER:g}, got {value:g}")
        return float(value)

    def _percent(self, element: Element, key: str, piece: Target, text: str) -> float:
        _, _, fw, fh = self.frame(element, piece)
        reference = {"x": fw, "w": fw, "cx": fw, "x1": fw, "x2": fw, "y": fh, "h": fh, "cy": fh, "y1": fh, "y2": fh,
                     "r": min(fw, fh), "radius": min(fw, fh)}.get(key)
        if reference is None:
            raise ValueError(f"{key} takes no percentage")
        return float(text[:-1]) / 100 * reference

    def colour(self, element: Element, key: str, piece: Target, default: str | None) -> str | None:
        value = element.props.get(key)
        if value is None:
            return default
        text = self._fill(element, key, value, piece).strip()
        if text.lower() == "none":
            return None
        if not COLOUR.fullmatch(text):
            column = single_field(value)
            where = f"column {quoted(column)}" if column else f"{element.key}.{key}"
            raise ConfigError(piece.where, where, f"expected a colour like #2a6fdb or none, got {quoted(text)}")
        if len(text) == 4:
            text = "#" + "".join(ch * 2 for ch in text[1:])
        return text.upper()

    def text(self, element: Element, key: str, piece: Target, default: str) -> str:
        value = element.props.get(key, default)
        return self._fill(element, key, value, piece) if isinstance(value, str) else default

    def choice(self, element: Element, key: str, piece: Target, options: tuple[str, ...], default: str) -> str:
        value = self.text(element, key, piece, default).strip()
        if value not in options:
            raise ConfigError(piece.where, f"{element.key}.{key}", f"expected one of {', '.join(options)}, got {quoted(value)}")
        return value

    def style(self, element: Element, piece: Target, fill_default: str | None) -> Style:
        dash = element.props.get("dash", ())
        return Style(fill=self.colour(element, "fill", piece, fill_default), stroke=self.colour(element, "stroke", piece, None),
                     width=self.number(element, "stroke_width", piece, 0.3, least=0), dash=dash,
                     opacity=min(1.0, max(0.0, self.number(element, "opacity", piece, 1.0))))

    def frame(self, element: Element, piece: Target) -> tuple[float, float, float, float]:
        """The trim, bleed or safe box an element is placed in. A piece too small for print.safe_mm (a 12 mm marker at
        safe_mm=6: no safe box left) takes its middle half as the safe box rather than failing the build."""
        b, s = piece.bleed, piece.safe
        if piece.w - 2 * s <= 0 or piece.h - 2 * s <= 0:
            s = min(piece.w, piece.h) / 4
        return {"trim": (0.0, 0.0, piece.w, piece.h), "bleed": (-b, -b, piece.w + 2 * b, piece.h + 2 * b),
                "safe": (s, s, piece.w - 2 * s, piece.h - 2 * s)}[element.frame]

    def box(self, element: Element, piece: Target) -> tuple[float, float, float, float]:
        fx, fy, fw, fh = self.frame(element, piece)
        x, y = self.number(element, "x", piece, 0.0), self.number(element, "y", piece, 0.0)
        w, h = self.number(element, "w", piece, fw - x), self.number(element, "h", piece, fh - y)
        if w <= 0 or h <= 0:
            raise ConfigError(self.source, element.key, f"a box of {w:g} x {h:g} mm: width and height must be above 0")
        return fx + x, fy + y, w, h

    def bounds(self, element: Element, piece: Target) -> tuple[float, float, float, float]:
        """The element's box on the piece (x, y, w, h in mm from the cut's top-left): a rect's, text's or picture's own
        box; a circle's, polygon's or line's extent (before any ``rotate``)."""
        if element.type in ("rect", "text", "image"):
            return self.box(element, piece)
        points: list[tuple[float, float]] = []
        for shape in {"circle": self._circle, "polygon": self._polygon, "line": self._line}[element.type](element, piece):
            if isinstance(shape, Circle):
                points += [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy + shape.r)]
            elif isinstance(shape, Polygon):
                points += list(shape.points)
            elif isinstance(shape, Line):
                points += [(shape.x1, shape.y1), (shape.x2, shape.y2)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def element(self, element: Element, piece: Target, layout: str) -> list[Shape]:
        fixed = self.fixed.get(element.key)
        if fixed is None:
            fixed = self.fixed[element.key] = element.type in _PLAIN and element.when is None and _fixed(element)
        if fixed:
            key = (layout, element.key, piece.w, piece.h, piece.bleed, piece.safe)
            if key not in self.same:
                self.same[key] = self._element(element, piece)
            return self.same[key]
        if not self.shows(element, piece):
            return []
        return self._element(element, piece)

    def _element(self, element: Element, piece: Target) -> list[Shape]:
        draw: dict[str, Callable[[Element, Target], list[Shape]]] = {
            "rect": self._rect, "circle": self._circle, "polygon": self._polygon, "line": self._line,
            "text": self._text, "image": self._image}
        shapes = [_tagged(s, element.name) for s in draw[element.type](element, piece)]
        turn = self.number(element, "rotate", piece, 0.0) if element.type != "polygon" else 0.0
        if turn % 360 and shapes:
            x, y, w, h = self.box(element, piece)
            cx, cy = x + w / 2, y + h / 2
            return [Group((Group(tuple(shapes), dx=-cx, dy=-cy),), dx=cx, dy=cy, rotate=turn)]
        return shapes

    def _rect(self, element: Element, piece: Target) -> list[Shape]:
        x, y, w, h = self.box(element, piece)
        return [Rect(x, y, w, h, self.style(element, piece, "#000000"), rx=self.number(element, "radius", piece, 0.0, least=0))]

    def _circle(self, element: Element, piece: Target) -> list[Shape]:
        fx, fy, fw, fh = self.frame(element, piece)
        cx, cy = fx + self.number(element, "cx", piece, fw / 2), fy + self.number(element, "cy", piece, fh / 2)
        return [Circle(cx, cy, self.number(element, "r", piece, min(fw, fh) / 2, least=0), self.style(element, piece, "#000000"))]

    def _polygon(self, element: Element, piece: Target) -> list[Shape]:
        fx, fy, fw, fh = self.frame(element, piece)
        if "points" in element.props:
            points = tuple((fx + px, fy + py) for px, py in element.props["points"])
        else:
            sides = int(self.number(element, "sides", piece, 6))
            if not 3 <= sides <= 64:
                raise ConfigError(piece.where, f"{element.key}.sides", f"expected 3 to 64 sides, got {sides}")
            cx, cy = fx + self.number(element, "cx", piece, fw / 2), fy + self.number(element, "cy", piece, fh / 2)
            r, turn = self.number(element, "r", piece, min(fw, fh) / 2, least=0), self.number(element, "rotate", piece, 0.0)
            points = tuple((cx + r * math.cos(math.radians(turn - 90 + 360 * i / sides)),
                            cy + r * math.sin(math.radians(turn - 90 + 360 * i / sides))) for i in range(sides))
        return [Polygon(points, self.style(element, piece, "#000000"))]

    def _line(self, element: Element, piece: Target) -> list[Shape]:
        fx, fy, fw, fh = self.frame(element, piece)
        style = Style(stroke=self.colour(element, "stroke", piece, "#000000"), width=self.number(element, "stroke_width", piece, 0.3, least=0),
                      dash=element.props.get("dash", ()), opacity=min(1.0, max(0.0, self.number(element, "opacity", piece, 1.0))))
        return [Line(fx + self.number(element, "x1", piece, 0), fy + self.number(element, "y1", piece, 0),
                     fx + self.number(element, "x2", piece, fw), fy + self.number(element, "y2", piece, fh), style)]

    def _text_box(self, element: Element, piece: Target) -> tuple[TextBox, str]:
        """The element's text box and font name for the piece (set once per piece size when only ``text`` reads
        columns)."""
        fixed = self.fixed.get(f"{element.key} box")
        if fixed is None:
            fixed = self.fixed[f"{element.key} box"] = _fixed(element, but="text")
        key = ("text box", element.key, piece.w, piece.h, piece.bleed, piece.safe)
        if fixed and key in self.boxes:
            return self.boxes[key]
        x, y, w, h = self.box(element, piece)
        size = self.number(element, "size", piece, 10.0)
        minimum = self.number(element, "min_size", piece, min(size, 7.0))
        if not 2 <= minimum <= size <= 400:
            raise ConfigError(piece.where, f"{element.key}.size", f"expected 2 <= min_size ({minimum:g}) <= size ({size:g}) <= 400 pt")
        box = TextBox(x, y, w, h, size, minimum, bool(element.props.get("bold", False)),
                      self.choice(element, "align", piece, ("left", "center", "right"), "left"),
                      self.choice(element, "valign", piece, ("top", "middle", "bottom"), "top"),
                      self.colour(element, "colour", piece, "#1A1A1A") or "#1A1A1A", bool(element.props.get("wrap", True)),
                      max(0.8, min(3.0, self.number(element, "line_height", piece, 1.2))),
                      icon_size=max(0.5, min(3.0, self.number(element, "icon_size", piece, 1.0))))
        font = self.text(element, "font", piece, "Vera").strip()
        if font not in self.art.fonts and font != "Vera":
            column = single_field(str(element.props.get("font", "")))
            where = f"column {quoted(column)}" if column else f"{element.key}.font"
            known = ", ".join(["Vera", *self.art.fonts])
            raise ConfigError(piece.where if column else self.source, where, f"unknown font {quoted(font)} (fonts: {known})")
        if font in self.art.fonts:
            box = dataclasses.replace(box, font=self.art.fonts[font][box.bold], bold_font=self.art.fonts[font][1])
        if fixed:
            self.boxes[key] = (box, font)
        return box, font

    def _text(self, element: Element, piece: Target) -> list[Shape]:
        box, font = self._text_box(element, piece)
        x, y, w, h, minimum = box.x, box.y, box.w, box.h, box.min_size
        content = self.text(element, "text", piece, "")
        result = set_text(content, box, self.art.icon)
        label = ", ".join(repr(f) for f in fields_in(str(element.props.get("text", "")))) or repr(element.name)
        who = piece.what if piece.where == piece.what else f"{piece.what} ({piece.where})"
        lacking = fonts.missing_glyphs(content, box.bold, box.font)
        if lacking:
            self.note("error", f"{who}, field {label}: the font {font} has no glyph for {fonts.shown_characters(lacking)}: "
                               "they would print as empty boxes (add a font that has them under [fonts])")
        if not result.fits:
            self.note("error", f"{who}, field {label}: text does not fit its {w:.1f} x {h:.1f} mm box even at {minimum:.3g} pt")
        elif result.size < 7.0 - 1e-9 and content.strip():
            self.note("warning", f"{who}, field {label}: {result.size:.3g} pt text, under 7 pt")
        self._safe(element, piece, (x, y, w, h), content.strip() != "")
        shapes = [self._printable(s, "an inline icon", piece, element) if isinstance(s, Image) else s for s in result.shapes]
        return shapes if result.fits else [_overfull(shape) for shape in shapes]

    def _safe(self, element: Element, piece: Target, box: tuple[float, float, float, float], shown_: bool) -> None:
        """Note an element whose box crosses the safe line: which edges and by how many mm (the most over the set's
        pieces), with the line of kit.toml it is written on; one finding per element and set."""
        x, y, w, h = box
        s = piece.safe
        if not shown_ or element.frame == "bleed":
            return
        over = {"left": s - x, "top": s - y, "right": x + w - (piece.w - s), "bottom": y + h - (piece.h - s)}
        crossed = {edge: mm for edge, mm in over.items() if mm > 0.05}
        if not crossed:
            return
        key = (piece.group, element.key)
        if key not in self.crossings:
            self.crossings[key] = (len(self.notes), {})
            self.notes.append(Finding("warning", ""))
        index, worst = self.crossings[key]
        for edge, mm in crossed.items():
            worst[edge] = max(worst.get(edge, 0.0), mm)
        edges = " and ".join(f"{mm:.1f} mm at the {edge} edge" + (" (past the cut)" if mm > s + 0.05 else "")
                             for edge, mm in sorted(worst.items(), key=lambda item: EDGES.index(item[0])))
        self.notes[index] = Finding("warning", f"{piece.group}: element {quoted(element.name)} ({self.art.where(element.key)}) "
                                               f"crosses the safe line ({s:g} mm inside the cut) by {edges}")

    def _image(self, element: Element, piece: Target) -> list[Shape]:
        x, y, w, h = self.box(element, piece)
        src = self.text(element, "src", piece, "").strip()
        if not src:
            return []
        halign = self.choice(element, "align", piece, ("left", "center", "right"), "center")
        valign = self.choice(element, "valign", piece, ("top", "middle", "bottom"), "middle")
        stretch = self.choice(element, "fit", piece, ("contain", "stretch"), "contain") == "stretch"
        self._safe(element, piece, (x, y, w, h), True)
        if src in self.art.extra:
            return [_placed(self.art.extra[src], x, y, w, h)]
        data = self.art.read(src, f"{element.key}.src")
        if isinstance(data, str):
            shown_on = piece.what if piece.where == piece.what else f"{piece.what} ({piece.where})"
            on = self.pictures.setdefault(data, [])
            if shown_on not in on:
                on.append(shown_on)
            return _missing(x, y, w, h)
        return [self._printable(contain(data, x, y, w, h, halign, valign, stretch), src, piece, element)]

    def _printable(self, image: Image, src: str, piece: Target, element: Element) -> Image:
        """A PNG with more pixels than its box needs at print resolution resampled down (noted once per picture and size);
        one with too few for :data:`~printkit.draw.images.MIN_PPI` at its printed size warned of."""
        if image.kind != "png":
            return image
        ppi, (nw, nh) = printed_ppi(image)
        if ppi < MIN_PPI:
            need_w, need_h = print_pixels(image.w, image.h, MIN_PPI)
            self.note("warning", f"{piece.group}: element {quoted(element.name)} ({element.key}): {src} ({nw:.0f} x {nh:.0f} px) "
                                 f"prints at {ppi:.0f} ppi in its {image.w:.1f} x {image.h:.1f} mm box, under {MIN_PPI:g}: it "
                                 f"will look soft or blocky; give it at least {need_w} x {need_h} px (300 ppi: "
                                 f"{' x '.join(str(v) for v in print_pixels(image.w, image.h))})")
        small = downscaled(image.data, image.w, image.h)
        if small is None:
            return image
        (nw, nh), (sw, sh) = png_size(image.data), png_size(small)
        self.note("note", f"{piece.group}: {src} ({nw:.0f} x {nh:.0f} px) is printed at {sw:.0f} x {sh:.0f} px, what its "
                          f"{image.w:.1f} x {image.h:.1f} mm box needs at {PRINT_DPI} dpi")
        return dataclasses.replace(image, data=small)


def _placed(drawing: Drawing, x: float, y: float, w: float, h: float) -> Group:
    """An in-memory vector picture scaled into the box, keeping its shape, centred (at its own size when the box, a
    share of the card written in percent, holds it to a millionth: no ``scale(1)`` from rounding)."""
    scale = min(w / drawing.width, h / drawing.height)
    scale = 1.0 if abs(scale - 1.0) < 1e-6 else scale
    dx, dy = x + (w - drawing.width * scale) / 2, y + (h - drawing.height * scale) / 2
    return Group((Group(drawing.children, scale=scale),), dx=dx, dy=dy)


def _missing(x: float, y: float, w: float, h: float) -> list[Shape]:
    """What stands in for a picture that cannot be read: a red crossed box, plain to see on a proof."""
    style = Style(stroke=MISSING, width=0.5, dash=(1.5, 1.0))
    return [Rect(x, y, w, h, style), Line(x, y, x + w, y + h, style), Line(x + w, y, x, y + h, style)]


_PLAIN = ("rect", "circle", "polygon", "line")
"""Element types whose shapes depend on nothing but their keys and the piece's frame (no notes, no pictures)."""


def _fixed(element: Element, but: str = "") -> bool:
    """Whether no key of the element (``but`` aside) reads a column: its shapes are the same on every piece of a size."""
    return all(not isinstance(value, str) or not fields_in(value) for key, value in element.props.items() if key != but)


def _tagged(shape: Shape, name: str) -> Shape:
    """The shape with the element's name as a class (for SVG classes, tests and styling)."""
    return dataclasses.replace(shape, cls=(*shape.cls, name))  # type: ignore[arg-type, type-var]


def _overfull(shape: Shape) -> Shape:
    """The shape with every text line in it marked as reported overfull (the shared checks skip them)."""
    if isinstance(shape, Group):
        return dataclasses.replace(shape, children=tuple(_overfull(child) for child in shape.children))
    return _tagged(shape, OVERFULL) if isinstance(shape, Text) else shape


def layout_of(name_template: str, layouts: dict[str, Layout], row: dict[str, str], where: str, key: str) -> Layout:
    """The layout a row asks for (``back = "{back}"``): an unknown name is an error naming the row."""
    name = fill(name_template, row).strip()
    if name not in layouts:
        column = single_field(name_template)
        place = f"column {quoted(column)}" if column else key
        raise ConfigError(where, place, f"unknown layout {quoted(name)} (layouts: {', '.join(layouts)})")
    return layouts[name]



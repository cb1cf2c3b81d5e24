"""Rule sheets: a jinja2 template renders Markdown text, which becomes PDF pages.

The text is CommonMark with tables (parsed by markdown-it-py, see :mod:`printkit.markdown_blocks`),
so the same text is also written as ``rules.md``: headings, paragraphs, ``-`` and ``1.`` lists
(nested lists indent), ``|`` tables, ``**bold**``/``*italic*``/inline code, block quotes (indented),
``---`` rules (a thin line), ``[[figure:NAME]]`` lines that place a vector figure the game supplies,
and ``![caption](path)`` pictures placed through an ``image`` callback. Raw HTML shows as text.
"""

from __future__ import annotations

import atexit
import hashlib
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.draw import fonts
from printkit.draw.pdf import CanvasPages, draw_shape
from printkit.draw.platypus import (
    Flowable,
    Frame,
    HRFlowable,
    Indenter,
    ListFlowable,
    ListItem,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from printkit.draw.png import svg_icon_png
from printkit.draw.recorded import Recorded, seed
from printkit.draw.shapes import PT_PER_MM, Drawing, Image, Text, walk
from printkit.errors import BuildError
from printkit.markdown_blocks import FIGURE, Block, ListBlock, blocks, escape, inline
from printkit.press.settings import RULE_SHEET_MARGIN_MM, PrintSettings
from printkit.templating import templates_dir
from printkit.userinput.text import quoted

if TYPE_CHECKING:
    import jinja2

__all__ = ["FIGURE", "ImageSource", "flowables", "inline", "rule_pages", "render_template", "make_styles"]

ImageSource = Callable[[str, str], Drawing | None]
"""Gives the Drawing for a picture ``![alt](src)`` from (src, alt), or None when there is no such picture."""

QUOTE_INDENT = 18.0
"""How far (pt) a block quote is indented."""


def template_env() -> jinja2.Environment:
    """The sandboxed jinja2 environment over :func:`templates_dir` (see :mod:`printkit.templating`)."""
    from printkit.templating import rule_templates

    return rule_templates(str(templates_dir()))


def render_template(name: str, context: Mapping[str, Any]) -> str:
    """The rule sheet's markup text; a template error is a BuildError naming the template."""
    import jinja2

    try:
        return template_env().get_template(name).render(**context)
    except jinja2.TemplateError as exc:
        raise BuildError(f"templates/{name}: {exc}") from None


class _Paragraph(Recorded, Paragraph):  # type: ignore[misc]
    """A Paragraph that breaks its lines once per width: a sheet flowed into rules.pdf and kit.pdf
    (and measured again to keep headings with their text) reuses the breaks instead of redoing them, and
    its drawing (see :mod:`printkit.draw.recorded`)."""

    def breakLines(self, width: Any) -> Any:
        key = tuple(width) if isinstance(width, (list, tuple)) else width
        cache = self.__dict__.setdefault("_breaks", {})
        if key not in cache:
            cache[key] = super().breakLines(width)
        return cache[key]


class FigureFlowable(Recorded, Flowable):  # type: ignore[misc]
    """A Drawing placed in the text flow, vector, at its true size in mm (scaled down to the column's width);
    drawn once for rules.pdf and kit.pdf (see :mod:`printkit.draw.recorded`)."""

    def __init__(self, drawing: Drawing) -> None:
        super().__init__()
        self.drawing = drawing
        self.scale = 1.0
        self.width = drawing.width * PT_PER_MM
        self.height = drawing.height * PT_PER_MM

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        natural = self.drawing.width * PT_PER_MM
        self.scale = min(1.0, avail_w / natural) if natural > 0 else 1.0
        self.width, self.height = natural * self.scale, self.drawing.height * PT_PER_MM * self.scale
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.translate(0, self.height)
        c.scale(PT_PER_MM * self.scale, -PT_PER_MM * self.scale)
        for shape in self.drawing.children:
            draw_shape(c, shape)
        c.restoreState()


class Captioned(Flowable):  # type: ignore[misc]
    """A picture and its caption as one block: a caption never starts a page without its picture."""

    def __init__(self, figure: FigureFlowable, caption: Flowable) -> None:
        super().__init__()
        self.figure, self.caption = figure, caption
        self.caption_height = 0.0

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        _, fig_h = self.figure.wrap(avail_w, avail_h)
        _, caption_h = self.caption.wrap(avail_w, avail_h)
        gap = getattr(getattr(self.caption, "style", None), "spaceBefore", 0) or 2.0
        self.caption_height = caption_h + gap
        self.width, self.height = avail_w, fig_h + self.caption_height
        return self.width, self.height

    def getSpaceAfter(self) -> float:  # noqa: N802 - reportlab's name
        return float(self.caption.getSpaceAfter())

    def draw(self) -> None:
        self.figure.drawOn(self.canv, 0, self.caption_height)
        self.caption.drawOn(self.canv, 0, 0)


BULLET = "\u2022"
"""The mark of a bullet list's items."""
SEEDED = 200
"""Up to this many characters beyond ASCII in a rule sheet, every PDF of the sheet numbers them all in its regular and bold
faces before drawing (a few glyphs more in each face), so kit.pdf can write again what rules.pdf wrote for each block
(see :mod:`printkit.draw.recorded`); a sheet with more (a CJK sheet) numbers them as it draws."""
VERA = (fonts.REGULAR, fonts.BOLD)
"""The rule sheet's faces (regular, bold) unless a kit names its own font."""


@dataclass
class Styles:
    """Paragraph styles of a rule sheet, in one embedded font (Vera unless the kit gives its own)."""

    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    cell: ParagraphStyle
    code: ParagraphStyle
    """Code blocks and the example game: monospace, so aligned comments stay aligned."""
    ink: str = "#1A1A1A"
    extra: dict[str, ParagraphStyle] = field(default_factory=dict)


def make_styles(ink: str, faces: tuple[str, str] = VERA) -> Styles:
    """The sheet's styles in ``faces`` (registered regular and bold names; a kit's own font has no
    italic, so its captions and ``*emphasis*`` stay upright)."""
    fonts.register()
    regular, bold = faces
    italic = "VeraIt" if faces == VERA else regular
    if faces != VERA:
        pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
    color = colors.HexColor(ink)
    body = ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=12.5, textColor=color,
                          alignment=TA_LEFT, spaceAfter=4)
    return Styles(
        body=body,
        h1=ParagraphStyle("h1", parent=body, fontName=bold, fontSize=20, leading=24, spaceAfter=6),
        h2=ParagraphStyle("h2", parent=body, fontName=bold, fontSize=13, leading=16, spaceBefore=8, spaceAfter=3),
        h3=ParagraphStyle("h3", parent=body, fontName=bold, fontSize=10.5, leading=13, spaceBefore=5, spaceAfter=2),
        cell=ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10.5, spaceAfter=0),
        code=ParagraphStyle("code", parent=body, fontName=(fonts.mono() or faces)[0], fontSize=8, leading=10.5,
                            backColor=colors.HexColor("#F2F2F2"), borderPadding=(3, 4, 3, 4), spaceBefore=5, spaceAfter=9,
                            leftIndent=4, rightIndent=4),
        ink=ink,
        extra={"caption": ParagraphStyle("caption", parent=body, fontName=italic, fontSize=8.5, leading=10.5,
                                         spaceBefore=2, spaceAfter=6)},
    )


def paragraph(text: str, style: ParagraphStyle, image: ImageSource | None = None) -> Paragraph:
    """A Paragraph of Markdown text, ``:name:`` an inline icon where ``image`` has one; should reportlab
    still refuse the markup, the text stands plain."""
    try:
        return _Paragraph(inline(text, _icons(image, style.fontSize) if image is not None else None), style)
    except ValueError:
        return _Paragraph(escape(str(text)), style)


ICON_DPI = 600
"""An SVG icon in a rule sheet's line is placed as a picture of this resolution (reportlab sets only
bitmaps inside a paragraph); the cards keep their icons vector."""


@lru_cache(maxsize=None)
def _icon_folder() -> Path:
    """A private temporary folder of this process for icon pictures, removed when it exits."""
    folder = Path(tempfile.mkdtemp(prefix="printkit-icons-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def _icon_file(data: bytes) -> str:
    """The path of a PNG holding ``data``: reportlab places pictures in a paragraph by file name only
    (it refuses ``data:`` addresses); the PDF stores the pixels, never the path."""
    path = _icon_folder() / f"{hashlib.sha1(data).hexdigest()}.png"
    if not path.exists():
        path.write_bytes(data)
    return str(path)


def _icons(image: ImageSource, size_pt: float) -> Callable[[str], str | None]:
    """``:name:`` -> the paragraph markup of the kit's icon of that name, as tall as the text's capitals."""

    def markup(name: str) -> str | None:
        drawing = image(f":{name}:", "")
        if drawing is None or not isinstance(drawing.children[0], Image):
            return None
        picture = drawing.children[0]
        height = size_pt * 0.9
        width = height * picture.w / picture.h
        data = picture.data if picture.kind == "png" else svg_icon_png(picture.data, round(height / 72 * ICON_DPI))
        return f'<img src="{escape(_icon_file(data))}" width="{width:.2f}" height="{height:.2f}" valign="middle"/>'

    return markup


def column_widths(rows: list[list[str]], width: float, size: float, font: str = fonts.REGULAR) -> list[float]:
    """Column widths (pt) filling ``width``: narrow columns keep their text's width, wide ones share the rest."""
    cols = max(len(r) for r in rows)
    natural = [max(pdfmetrics.stringWidth(r[i] if i < len(r) else "", font, size) + 14 for r in rows) for i in range(cols)]
    if sum(natural) <= width:
        return natural
    fair = width / cols
    narrow = [n for n in natural if n <= fair]
    rest = width - sum(narrow)
    wide_total = sum(n for n in natural if n > fair)
    return [n if n <= fair else rest * n / wide_total for n in natural]


def _table(rows: list[list[str]], styles: Styles, width: float, image: ImageSource | None = None) -> Table:
    data = [[paragraph(c, styles.cell, image) for c in row] for row in rows]
    table = Table(data, hAlign="LEFT", repeatRows=1, colWidths=column_widths(rows, width, styles.cell.fontSize, styles.body.fontName))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), styles.body.fontName, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E8E8E8")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#808080")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def _blocks(text: str) -> list[Block]:
    """The markup as (kind, content) blocks (see :mod:`printkit.markdown_blocks`)."""
    return blocks(text)


def flowables(text: str, styles: Styles, figures: Mapping[str, Drawing], width: float,
              image: ImageSource | None = None) -> list[Flowable]:
    """The markup as platypus flowables; an unknown figure or image is a BuildError.

    ``image(src, alt)`` gives the Drawing of a paragraph that is only ``![alt](src)`` (None: no such image).
    """
    return _story(blocks(text), styles, figures, width, image)


def _story(found: list[Block], styles: Styles, figures: Mapping[str, Drawing], width: float,
           image: ImageSource | None, in_list: bool = False) -> list[Flowable]:
    """The blocks as flowables; ``in_list``: inside a list item, where a quote cannot indent the frame
    (platypus draws an item's flowables itself) and is a block of its own indented instead."""
    story: list[Flowable] = []
    for kind, content in found:
        if kind in ("h1", "h2", "h3"):
            story.append(paragraph(content, getattr(styles, kind), image))
        elif kind == "p":
            story.append(paragraph(content, styles.body, image))
        elif kind in ("ul", "ol"):
            story.append(_list(kind, content, styles, figures, width, image))
        elif kind == "quote" and in_list:
            inner = _story(content, styles, figures, width - QUOTE_INDENT, image, in_list=True)
            story.append(ListFlowable([ListItem(inner or [Spacer(1, 0)], leftIndent=QUOTE_INDENT)], bulletType="bullet",
                                      start="", leftIndent=QUOTE_INDENT))
        elif kind == "quote":
            story.extend([Indenter(QUOTE_INDENT), *_story(content, styles, figures, width - QUOTE_INDENT, image),
                          Indenter(-QUOTE_INDENT)])
        elif kind == "table":
            story.append(_table(content, styles, width, image))
            story.append(Spacer(1, 4))
        elif kind == "rule":
            story.append(HRFlowable(width="100%", thickness=0.5, color=colors.HexColor("#808080"), spaceBefore=2, spaceAfter=6))
        elif kind == "code":
            story.append(_Paragraph(_code_lines(content), styles.code))
        elif kind == "figure":
            if content not in figures:
                raise BuildError(f"rule sheet: unknown figure {quoted(content)} (known: {', '.join(sorted(figures))})")
            story.extend([FigureFlowable(figures[content]), Spacer(1, 4)])
        elif kind == "image":
            story.extend(_image(*content, styles, image))
    return story


def _code_lines(text: str) -> str:
    """A code block's lines as markup: escaped, line breaks and runs of spaces kept."""
    lines = [re.sub(r"  +", lambda m: " " + "&nbsp;" * (len(m.group()) - 1), escape(line)) for line in text.split("\n")]
    return "<br/>".join(re.sub(r"^ ", "&nbsp;", line) for line in lines)


def _list(kind: str, content: ListBlock, styles: Styles, figures: Mapping[str, Drawing], width: float,
          image: ImageSource | None) -> ListFlowable:
    """A bullet or numbered list; an item's nested lists indent further."""
    last = content.start + len(content.items) - 1
    indent = 12 if kind == "ul" else 8 + 5 * len(str(last))
    items = [ListItem(_story(item, styles, figures, width - indent, image, in_list=True) or [Spacer(1, styles.body.leading)],
                      leftIndent=indent) for item in content.items]
    return ListFlowable(items, bulletType="bullet" if kind == "ul" else "1",
                        start=BULLET if kind == "ul" else str(content.start),
                        bulletFormat=None if kind == "ul" else "%s.",
                        bulletFontName=styles.body.fontName, bulletFontSize=8 if kind == "ul" else styles.body.fontSize,
                        leftIndent=indent)


def _image(src: str, alt: str, styles: Styles, image: ImageSource | None) -> list[Flowable]:
    """A picture ``![alt](src)`` standing alone: its Drawing, then the caption ``alt`` when there is one."""
    drawing = image(src, alt) if image is not None else None
    if drawing is None:
        raise BuildError(f"rule sheet: missing image {quoted(src)}" if image is not None
                         else f"rule sheet: image {quoted(src)}: this rule sheet places no images")
    caption = _Paragraph(escape(alt), styles.extra["caption"]) if alt.strip() else Spacer(1, 4)
    return [Captioned(FigureFlowable(drawing), caption)]


MARGIN = RULE_SHEET_MARGIN_MM
"""Rule-sheet page margin in mm (the footer sits in the bottom one)."""


def rule_story(text: str, figures: Mapping[str, Drawing], settings: PrintSettings,
               image: ImageSource | None = None, faces: tuple[str, str] = VERA) -> list[Flowable]:
    """The rule sheet's flowables at the text width of the sheet's paper, set in ``faces``."""
    pw, _ = settings.page_size
    return flowables(text, make_styles(settings.colours.ink, faces), figures, (pw - 2 * MARGIN) * PT_PER_MM, image)


def rule_pages(
    text: str,
    figures: Mapping[str, Drawing],
    settings: PrintSettings,
    title: str,
    first_page: Callable[[], Drawing] | None = None,
    image: ImageSource | None = None,
    story: list[Flowable] | None = None,
    source: str = "",
    faces: tuple[str, str] = VERA,
    alike: Callable[[], Drawing] | None = None,
) -> CanvasPages:
    """Pages that flow the rule sheet; ``first_page`` overlays the first page (print note, ruler). ``alike`` is
    the overlay of another PDF of the same sheet (rules.pdf is given kit.pdf's print note): its characters are
    numbered first here too, so both draw the flow alike (see :mod:`printkit.draw.recorded`).

    ``source`` names the sheet's text in errors (a kit folder's rules.md); a block taller than a
    page is split across pages where it can be (paragraphs, code, tables between rows).

    ``image(src, alt)`` places the pictures of ``![alt](src)`` paragraphs (see :func:`flowables`).
    ``story`` is the sheet's :func:`rule_story`, shared by every document that flows the same sheet
    (its paragraphs keep their line breaks); without it each painting builds its own.
    """
    pw, ph = settings.page_size
    width = (pw - 2 * MARGIN) * PT_PER_MM
    margin = MARGIN

    def footer(page: int) -> str:
        return f"{title} - rules - page {page}"

    beyond_ascii = sorted({char for char in text if ord(char) > 126} | {BULLET})
    flowing = "".join(beyond_ascii) if len(beyond_ascii) <= SEEDED else ""

    def paint(c: Canvas) -> None:
        queue = list(story) if story is not None else rule_story(text, figures, settings, image, faces)
        overlay = first_page() if first_page is not None else None
        outside = overlay if overlay is not None else alike() if alike is not None else None
        texts = [] if outside is None else [(fonts.face(t.bold, t.font, t.italic), t.text) for t, _, _ in walk(outside.children)
                                            if isinstance(t, Text)]
        seed(c, faces, [*texts, (faces[0], footer(0)), *((face, flowing) for face in faces)])
        page = 1
        indent = 0.0  # a block quote that runs over a page break stays indented on the next page
        while queue:
            top = margin
            if page == 1 and overlay is not None:
                for shape in overlay.children:
                    _draw_mm(c, shape, ph)
                top = overlay.height
            frame = Frame(margin * PT_PER_MM, 14 * PT_PER_MM, width, (ph - top - 14) * PT_PER_MM,
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            frame._leftExtraIndent = indent
            placed = _fill(frame, queue, c, width)
            indent = frame._leftExtraIndent
            if not placed:
                raise BuildError(f"{source or f'rule sheet of {title}'}: {_described(queue[0])} is too large for a page "
                                 "even on a page of its own: shorten it or break it up")
            c.setFont(faces[0], 7)
            c.setFillColor(colors.HexColor(settings.colours.muted))
            c.drawCentredString(pw * PT_PER_MM / 2, 8 * PT_PER_MM, footer(page))
            c.setTrimBox((0, 0, pw * PT_PER_MM, ph * PT_PER_MM))
            c.setBleedBox((0, 0, pw * PT_PER_MM, ph * PT_PER_MM))
            c.showPage()
            page += 1

    return CanvasPages(pw, ph, paint)


def _fill(frame: Frame, story: list[Flowable], c: Canvas, width: float) -> bool:
    """Flow ``story`` into ``frame``, taking what it placed off the list; whether it placed anything.

    A block that does not fit in what is left of the page starts the next one, unless it is taller
    than a page: then it is split (paragraphs, code, tables between rows) and runs on from here. A
    heading, or a paragraph that leads into what follows (it ends with a colon), moves to the next page
    when the block it leads into does not start on this one.
    """
    while story:
        first = story[0]
        if _leads_in(first) and len(story) > 1 and not frame._atTop and _kept_need(story, c, width, frame._aH) > frame._y - frame._y1p:
            return True
        chunk = [first]
        frame.addFromList(chunk, c)
        story[:1] = chunk
        if chunk:
            parts = frame.split(first, c) if frame._atTop or first.wrapOn(c, width, frame._aH)[1] > frame._aH else []
            if len(parts) < 2:  # placed on the next page (or, at the top of a page, too large to place)
                return not frame._atTop
            story[:1] = parts
    return True


def _leads_in(block: Flowable) -> bool:
    """A heading, or a body paragraph ending with a colon ("Replayed move by move:"): kept with what follows."""
    return isinstance(block, Paragraph) and (block.style.name in ("h1", "h2", "h3")
                                             or (block.style.name == "body" and block.getPlainText().rstrip().endswith(":")))


def _kept_need(story: list[Flowable], c: Canvas, width: float, page: float) -> float:
    """The height the lead-ins at the head of ``story`` need with the start of the block they lead into: all
    of it when that block is moved whole (it fits on a page), else its first lines (48 pt)."""
    need = 0.0
    for block in story:
        if isinstance(block, Indenter):
            continue
        height = block.wrapOn(c, width, page)[1] + getattr(getattr(block, "style", None), "spaceBefore", 0)
        if not _leads_in(block):
            return need + (height if height <= page else 48)
        need += height
    return need


def _described(block: Flowable) -> str:
    """A block of the rule sheet as a designer finds it in the text: its kind and how it begins."""
    kind = {Table: "table", ListFlowable: "list"}.get(type(block), "block")
    return f"the {kind} beginning {_beginning(_text(block))}"


def _text(block: Any) -> str:
    """The words a flowable shows (a table's cells, a list's items), in reading order."""
    if isinstance(block, Paragraph):
        return block.getPlainText()
    if isinstance(block, str):
        return block
    if isinstance(block, (list, tuple)):
        return " ".join(_text(part) for part in block)
    if isinstance(block, Table):
        return _text(block._cellvalues)
    for inside in ("_flowables", "_content", "_flowable"):  # list items, before and after platypus wrapped them
        if getattr(block, inside, None):
            return _text(getattr(block, inside))
    return ""


def _beginning(text: str) -> str:
    words = " ".join(text.split())
    return repr(words if len(words) <= 40 else words[:40] + "...")


def _draw_mm(c: Canvas, shape: Any, page_height: float) -> None:
    c.saveState()
    c.translate(0, page_height * PT_PER_MM)
    c.scale(PT_PER_MM, -PT_PER_MM)
    draw_shape(c, shape)
    c.restoreState()

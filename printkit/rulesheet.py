"""Rule sheets: a jinja2 template renders Markdown-like text, which becomes PDF pages.

The markup is a small, strict subset of Markdown so the same text is also written as
``rules.md``: ``#``/``##``/``###`` headings, paragraphs, ``-`` and ``1.`` lists, ``|`` tables
(header row, then a ``|---|`` row), ``**bold**``/``*italic*``, and ``[[figure:NAME]]`` lines
that place a vector figure the game supplies.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping

import jinja2
from jinja2.sandbox import SandboxedEnvironment
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, ListFlowable, ListItem, Paragraph, Spacer, Table, TableStyle

from printkit.draw import fonts
from printkit.draw.pdf import CanvasPages, draw_shape
from printkit.draw.shapes import PT_PER_MM, Drawing
from printkit.errors import BuildError
from printkit.press.settings import PrintSettings

FIGURE = re.compile(r"^\[\[figure:([\w-]+)\]\]$")


def templates_dir() -> Path:
    """The rule-sheet templates: installed as ``printkit.templates``, or ``templates/`` of a checkout."""
    try:
        return Path(str(resources.files("printkit.templates")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "templates"


def template_env() -> jinja2.Environment:
    """A sandboxed jinja2 environment over :func:`templates_dir` (designers edit these templates: no template
    reaches Python internals); undefined names are errors."""
    loader = jinja2.FileSystemLoader(str(templates_dir()))
    env = SandboxedEnvironment(loader=loader, undefined=jinja2.StrictUndefined, autoescape=False,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["plural"] = lambda n, word, many=None: word if n == 1 else (many or word + "s")
    return env


def render_template(name: str, context: Mapping[str, Any]) -> str:
    """The rule sheet's markup text; a template error is a BuildError naming the template."""
    try:
        return template_env().get_template(name).render(**context)
    except jinja2.TemplateError as exc:
        raise BuildError(f"templates/{name}: {exc}") from None


class FigureFlowable(Flowable):  # type: ignore[misc]
    """A Drawing placed in the text flow, vector, at its true size in mm."""

    def __init__(self, drawing: Drawing) -> None:
        super().__init__()
        self.drawing = drawing
        self.width = drawing.width * PT_PER_MM
        self.height = drawing.height * PT_PER_MM

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.translate(0, self.height)
        c.scale(PT_PER_MM, -PT_PER_MM)
        for shape in self.drawing.children:
            draw_shape(c, shape)
        c.restoreState()


@dataclass
class Styles:
    """Paragraph styles of a rule sheet (Vera throughout, so every font is embedded)."""

    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    cell: ParagraphStyle
    ink: str = "#1A1A1A"
    extra: dict[str, ParagraphStyle] = field(default_factory=dict)


def make_styles(ink: str) -> Styles:
    fonts.register()
    color = colors.HexColor(ink)
    body = ParagraphStyle("body", fontName=fonts.REGULAR, fontSize=9.5, leading=12.5, textColor=color,
                          alignment=TA_LEFT, spaceAfter=4)
    return Styles(
        body=body,
        h1=ParagraphStyle("h1", parent=body, fontName=fonts.BOLD, fontSize=20, leading=24, spaceAfter=6),
        h2=ParagraphStyle("h2", parent=body, fontName=fonts.BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=3),
        h3=ParagraphStyle("h3", parent=body, fontName=fonts.BOLD, fontSize=10.5, leading=13, spaceBefore=5, spaceAfter=2),
        cell=ParagraphStyle("cell", parent=body, fontSize=8.5, leading=10.5, spaceAfter=0),
        ink=ink,
    )


EMPHASIS = re.compile(r"\*\*(?P<b>.+?)\*\*|(?<![\w*])\*(?!\s)(?P<i>.+?)(?<!\s)\*(?![\w*])|`(?P<code>.+?)`")
"""Markdown emphasis, matched left to right without overlaps so the tags it becomes always nest."""


def inline(text: str) -> str:
    """Markdown emphasis to reportlab markup, everything else escaped (user text never becomes a tag)."""
    out, pos = [], 0
    for match in EMPHASIS.finditer(text):
        out.append(html.escape(text[pos:match.start()], quote=False))
        if match.group("b") is not None:
            out.append(f"<b>{inline(match.group('b'))}</b>")
        elif match.group("i") is not None:
            out.append(f"<i>{inline(match.group('i'))}</i>")
        else:
            out.append(f"<font face='VeraBd'>{html.escape(match.group('code'), quote=False)}</font>")
        pos = match.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    """A Paragraph of Markdown text; should reportlab still refuse the markup, the text stands plain."""
    try:
        return Paragraph(inline(text), style)
    except ValueError:
        return Paragraph(html.escape(text, quote=False), style)


def column_widths(rows: list[list[str]], width: float, size: float) -> list[float]:
    """Column widths (pt) filling ``width``: narrow columns keep their text's width, wide ones share the rest."""
    cols = max(len(r) for r in rows)
    natural = [max(pdfmetrics.stringWidth(r[i] if i < len(r) else "", fonts.REGULAR, size) + 14 for r in rows) for i in range(cols)]
    if sum(natural) <= width:
        return natural
    fair = width / cols
    narrow = [n for n in natural if n <= fair]
    rest = width - sum(narrow)
    wide_total = sum(n for n in natural if n > fair)
    return [n if n <= fair else rest * n / wide_total for n in natural]


def _table(rows: list[list[str]], styles: Styles, width: float) -> Table:
    data = [[paragraph(c, styles.cell) for c in row] for row in rows]
    table = Table(data, hAlign="LEFT", repeatRows=1, colWidths=column_widths(rows, width, styles.cell.fontSize))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E8E8E8")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#808080")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def _split_row(line: str) -> list[str]:
    """The cells of a table row; ``\\|`` is a literal bar inside a cell."""
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [cell.strip().replace("\\|", "|") for cell in cells]


def _blocks(text: str) -> list[tuple[str, Any]]:
    """The markup as (kind, content) blocks."""
    blocks: list[tuple[str, Any]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        heading = re.match(r"^(#{1,3}) (.*)$", line)
        item = re.match(r"^(-|\d+\.) (.*)$", line)
        if not line.strip():
            flush()
        elif heading:
            flush()
            blocks.append((f"h{len(heading.group(1))}", heading.group(2)))
        elif FIGURE.match(line.strip()):
            flush()
            blocks.append(("figure", FIGURE.match(line.strip()).group(1)))  # type: ignore[union-attr]
        elif line.startswith("|"):
            flush()
            if not re.match(r"^\|[\s:|-]+\|?$", line):
                if blocks and blocks[-1][0] == "table":
                    blocks[-1][1].append(_split_row(line))
                else:
                    blocks.append(("table", [_split_row(line)]))
        elif item:
            flush()
            kind = "ul" if item.group(1) == "-" else "ol"
            if blocks and blocks[-1][0] == kind:
                blocks[-1][1].append(item.group(2))
            else:
                blocks.append((kind, [item.group(2)]))
        elif line.startswith("  ") and blocks and blocks[-1][0] in ("ul", "ol") and not para:
            blocks[-1][1][-1] += " " + line.strip()
        else:
            para.append(line.strip())
    flush()
    return blocks


def flowables(text: str, styles: Styles, figures: Mapping[str, Drawing], width: float) -> list[Flowable]:
    """The markup as platypus flowables; an unknown figure is a BuildError."""
    story: list[Flowable] = []
    for kind, content in _blocks(text):
        if kind in ("h1", "h2", "h3"):
            story.append(paragraph(content, getattr(styles, kind)))
        elif kind == "p":
            story.append(paragraph(content, styles.body))
        elif kind in ("ul", "ol"):
            indent = 12 if kind == "ul" else 8 + 5 * len(str(len(content)))
            items = [ListItem(paragraph(t, styles.body), leftIndent=indent) for t in content]
            story.append(ListFlowable(items, bulletType="bullet" if kind == "ul" else "1", start="\u2022" if kind == "ul" else "1",
                                      bulletFontName=fonts.REGULAR, bulletFontSize=8, leftIndent=indent))
        elif kind == "table":
            story.append(_table(content, styles, width))
            story.append(Spacer(1, 4))
        elif kind == "figure":
            if content not in figures:
                raise BuildError(f"rule sheet: unknown figure {content!r} (known: {', '.join(sorted(figures))})")
            story.extend([FigureFlowable(figures[content]), Spacer(1, 4)])
    return story


def rule_pages(
    text: str,
    figures: Mapping[str, Drawing],
    settings: PrintSettings,
    title: str,
    first_page: Callable[[], Drawing] | None = None,
) -> CanvasPages:
    """Pages that flow the rule sheet; ``first_page`` overlays the first page (print note, ruler)."""
    pw, ph = settings.page_size
    margin = 15.0
    styles = make_styles(settings.colours.ink)
    width = (pw - 2 * margin) * PT_PER_MM

    def paint(c: Canvas) -> None:
        story = flowables(text, styles, figures, width)
        page = 1
        while story:
            top = margin
            if page == 1 and first_page is not None:
                overlay = first_page()
                for shape in overlay.children:
                    _draw_mm(c, shape, ph)
                top = overlay.height
            frame = Frame(margin * PT_PER_MM, 14 * PT_PER_MM, width, (ph - top - 14) * PT_PER_MM,
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            before = len(story)
            _fill(frame, story, c, width)
            if len(story) == before:
                raise BuildError(f"rule sheet of {title}: a block is too large for a page")
            c.setFont(fonts.REGULAR, 7)
            c.setFillColor(colors.HexColor(settings.colours.muted))
            c.drawCentredString(pw * PT_PER_MM / 2, 8 * PT_PER_MM, f"{title} - rules - page {page}")
            c.setTrimBox((0, 0, pw * PT_PER_MM, ph * PT_PER_MM))
            c.setBleedBox((0, 0, pw * PT_PER_MM, ph * PT_PER_MM))
            c.showPage()
            page += 1

    return CanvasPages(pw, ph, paint)


def _fill(frame: Frame, story: list[Flowable], c: Canvas, width: float) -> None:
    """Flow ``story`` into ``frame``, taking what it placed off the list.

    A heading whose next block does not start on the same page moves to the next page.
    """
    while story:
        first = story[0]
        if isinstance(first, Paragraph) and first.style.name in ("h1", "h2", "h3") and len(story) > 1 and not frame._atTop:
            room = frame._y - frame._y1p
            need = first.wrapOn(c, width, room)[1] + first.style.spaceBefore + min(story[1].wrapOn(c, width, 10_000)[1], 48)
            if need > room:
                return
        chunk = [first]
        frame.addFromList(chunk, c)
        story[:1] = chunk
        if chunk:
            return


def _draw_mm(c: Canvas, shape: Any, page_height: float) -> None:
    c.saveState()
    c.translate(0, page_height * PT_PER_MM)
    c.scale(PT_PER_MM, -PT_PER_MM)
    draw_shape(c, shape)
    c.restoreState()

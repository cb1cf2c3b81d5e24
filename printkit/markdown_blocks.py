"""Rule-sheet Markdown as blocks: markdown-it-py (CommonMark with tables, raw HTML off) parses the text.

:func:`blocks` turns the token stream into ``(kind, content)`` pairs that the rule sheet lays out:
``h1``/``h2``/``h3`` (deeper headings count as ``h3``) and ``p`` hold :class:`Inline` text; ``ul``/``ol``
hold a :class:`ListBlock` whose items are blocks again (nested lists); ``quote`` holds blocks; ``table``
holds rows of :class:`Inline` cells (header row first); ``figure`` holds the NAME of a ``[[figure:NAME]]``
line; ``image`` holds ``(src, alt)`` of a paragraph that is only ``![alt](src)``; ``rule`` is a ``---``
line; ``code`` holds the text of an indented or fenced code block. :func:`inline` turns inline text into
reportlab paragraph markup with everything escaped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable
from urllib.parse import unquote

if TYPE_CHECKING:  # markdown-it is imported on first use: commands that draw no rule sheet start faster
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

FIGURE = re.compile(r"^\[\[figure:([\w-]+)\]\]$")

Block = tuple[str, Any]

LINES = "printkit_lines"
"""The env key under which :func:`blocks` keeps the source lines (for table cells markdown-it drops)."""


class Inline(str):
    """Inline Markdown source (equal to its text) that carries its parsed tokens."""

    tokens: list[Token]

    def __new__(cls, source: str, tokens: list[Token]) -> Inline:
        obj = super().__new__(cls, source)
        obj.tokens = tokens
        return obj


@dataclass
class ListBlock:
    """A bullet or numbered list: each item is a list of blocks; ``start`` is the first number."""

    items: list[list[Block]]
    start: int = 1


@lru_cache(maxsize=1)
def parser() -> MarkdownIt:
    """CommonMark with tables; raw HTML is text (shown literally, never interpreted)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def longest_run(text: str) -> tuple[int, int]:
    """(characters, its first line from 1) of the longest text of ``text`` laid out as one paragraph: a paragraph, a
    heading, a table cell or a code block ((0, 0) when there is none). A paragraph's layout takes longer the longer it
    is, and more than in proportion once it runs over many pages."""
    longest = (0, 0)
    for token in parser().parse(text):
        if token.type in ("inline", "fence", "code_block") and token.map and len(token.content) > longest[0]:
            longest = (len(token.content), token.map[0] + 1)
    return longest


def escape(text: str) -> str:
    import html  # its entity table: imported by a rule sheet, not by a card's text

    return html.escape(text, quote=False)


def code_span(text: str) -> str:
    """Code as the rule sheet shows it: the bold face of the sheet's font, escaped."""
    return f"<b>{escape(text)}</b>"


ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
"""``:name:`` in text: an inline icon where the kit has a picture of that name."""


def inline(text: str, icon: Callable[[str], str | None] | None = None) -> str:
    """Inline Markdown as reportlab paragraph markup: emphasis and code kept, everything else escaped;
    ``icon(name)`` gives the markup that stands for ``:name:`` (None: the text stays)."""
    tokens = text.tokens if isinstance(text, Inline) else _inline_tokens(text, {})
    return _markup(tokens, icon)


def plain(tokens: list[Token]) -> str:
    """The text of inline tokens without markup (an image's alt text)."""
    out = []
    for tok in tokens:
        if tok.children:
            out.append(plain(tok.children))
        elif tok.type in ("softbreak", "hardbreak"):
            out.append(" ")
        else:
            out.append(tok.content)
    return "".join(out)


_TAGS = {"strong_open": "<b>", "strong_close": "</b>", "em_open": "<i>", "em_close": "</i>",
         "softbreak": " ", "hardbreak": "<br/>"}


def _markup(tokens: list[Token], icon: Callable[[str], str | None] | None = None) -> str:
    out = []
    for tok in tokens:
        if tok.type in _TAGS:
            out.append(_TAGS[tok.type])
        elif tok.type == "code_inline":
            out.append(code_span(tok.content))
        elif tok.type == "image":
            out.append(escape(plain(tok.children or [])))
        elif tok.type in ("link_open", "link_close") or tok.nesting != 0:
            continue  # links show their text; other tags are dropped, their text stays
        elif icon is not None:
            out.append(ICON.sub(lambda m: icon(m.group(1)) or m.group(0), escape(tok.content)))
        else:
            out.append(escape(tok.content))
    return "".join(out)


def _inline_tokens(source: str, env: dict[str, Any]) -> list[Token]:
    tokens = parser().parseInline(source, env)
    return tokens[0].children or [] if tokens else []


def blocks(text: str) -> list[Block]:
    """The Markdown text as (kind, content) blocks (see the module docstring); a kit's rules.md is read for its
    pictures, figures and story, so the last few texts' blocks are kept (a new list each time)."""
    return list(_blocks(text))


@lru_cache(maxsize=8)
def _blocks(text: str) -> tuple[Block, ...]:
    env: dict[str, Any] = {LINES: text.splitlines()}
    tokens = parser().parse(text, env)
    found, _ = _walk(tokens, 0, env, None)
    return tuple(found)


def _walk(tokens: list[Token], i: int, env: dict[str, Any], close: str | None) -> tuple[list[Block], int]:
    """Blocks from ``tokens[i:]`` up to the token of type ``close``; returns them and the index after it."""
    out: list[Block] = []
    while i < len(tokens):
        tok = tokens[i]
        kind = tok.type
        if kind == close:
            return out, i + 1
        if kind == "heading_open":
            text = tokens[i + 1]
            out.append((f"h{min(int(tok.tag[1]), 3)}", Inline(text.content, text.children or [])))
            i += 3
        elif kind == "paragraph_open":
            out.extend(_paragraph(tokens[i + 1], env))
            i += 3
        elif kind in ("bullet_list_open", "ordered_list_open"):
            block, i = _list(tokens, i, env)
            out.append(block)
        elif kind == "blockquote_open":
            inner, i = _walk(tokens, i + 1, env, "blockquote_close")
            out.append(("quote", inner))
        elif kind == "table_open":
            rows, i = _table(tokens, i + 1, env)
            out.append(("table", rows))
        elif kind == "hr":
            out.append(("rule", None))
            i += 1
        elif kind in ("code_block", "fence", "html_block"):
            out.append(("code", tok.content.rstrip("\n")))
            i += 1
        elif tok.nesting == 1:  # an unknown container: keep what it holds
            inner, i = _walk(tokens, i + 1, env, kind.replace("_open", "_close"))
            out.extend(inner)
        else:
            if tok.content.strip():  # anything else shows its text as it stands
                out.append(("p", Inline(tok.content, [type(tok)("text", "", 0, content=tok.content)])))
            i += 1
    return out, i


def _list(tokens: list[Token], i: int, env: dict[str, Any]) -> tuple[Block, int]:
    """The bulleted or numbered list opened at ``tokens[i]``, and the index after it."""
    tok = tokens[i]
    items: list[list[Block]] = []
    i += 1
    while tokens[i].type == "list_item_open":
        item, i = _walk(tokens, i + 1, env, "list_item_close")
        items.append(item)
    start = int(tok.attrGet("start") or 1)
    return ("ul" if tok.type == "bullet_list_open" else "ol", ListBlock(items, start)), i + 1


def _paragraph(tok: Token, env: dict[str, Any]) -> list[Block]:
    """A paragraph, a lone image, or (a paragraph broken by) ``[[figure:NAME]]`` lines."""
    lines = tok.content.split("\n")
    if any(FIGURE.match(line.strip()) for line in lines):
        out: list[Block] = []
        text: list[str] = []
        for line in lines + ["[[figure:-]]"]:
            match = FIGURE.match(line.strip())
            if not match:
                text.append(line)
                continue
            if text:
                source = "\n".join(text)
                out.extend(_paragraph(type(tok)("inline", "", 0, content=source, children=_inline_tokens(source, env)), env))
                text = []
            out.append(("figure", match.group(1)))
        return out[:-1]
    children = tok.children or []
    solid = [c for c in children if not (c.type == "text" and not c.content.strip()) and c.type != "softbreak"]
    if len(solid) == 1 and solid[0].type == "image":
        image = solid[0]
        src = unquote(str(image.attrGet("src") or ""))  # markdown-it percent-encodes; the callback gets the path
        return [("image", (src, plain(image.children or [])))]
    return [("p", Inline(tok.content, children))]


def _table(tokens: list[Token], i: int, env: dict[str, Any]) -> tuple[list[list[Inline]], int]:
    """The rows of a table (header first) from the token after ``table_open``; ``\\|`` is a bar in a cell.

    A row with more cells than the header keeps them (markdown-it drops them): the table grows columns.
    """
    rows: list[list[Inline]] = []
    row = tokens[i]
    while tokens[i].type != "table_close":
        tok = tokens[i]
        if tok.type == "tr_open":
            row = tok
            rows.append([])
        elif tok.type == "inline":
            rows[-1].append(Inline(tok.content, tok.children or []))
        elif tok.type == "tr_close" and len(rows) > 1:  # the header row sets the columns
            rows[-1].extend(_extra_cells(row, len(rows[-1]), env))
        i += 1
    width = max(len(cells) for cells in rows)
    return [cells + [Inline("", [])] * (width - len(cells)) for cells in rows], i + 1


def _extra_cells(row: Token, count: int, env: dict[str, Any]) -> list[Inline]:
    """The cells of a table row's source line beyond its first ``count``."""
    if row.map is None or row.map[0] >= len(env[LINES]):
        return []
    line = re.sub(r"^(\s*>)*", "", env[LINES][row.map[0]]).strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") and not line.endswith("\\|") else line
    cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line)][count:]
    return [Inline(cell.replace("\\|", "|"), _inline_tokens(cell, env)) for cell in cells]

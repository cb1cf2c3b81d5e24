"""``when``: the small expression language that decides whether a layout element is drawn for a row.

Grammar (a tokenizer and a recursive-descent parser; nothing is evaluated as Python)::

    expr     := and_expr ("or" and_expr)*
    and_expr := not_expr ("and" not_expr)*
    not_expr := "not" not_expr | test
    test     := "(" expr ")" | operand [compare operand | "is" ["not"] "empty"]
    compare  := "=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">="
    operand  := {column} | "text" | 'text' | number | word

A ``{column}`` alone holds when its cell is not empty (and not ``false`` or ``no``): ``0`` is a value.
``=`` and ``!=`` compare as numbers when both sides are numbers, else as text; ``<``, ``<=``, ``>``,
``>=`` compare numbers only (an empty cell makes them false). Keywords are case-insensitive.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Mapping, Union

from printkit.datakit.fields import fields_in, fill

KEYWORDS = ("and", "or", "not", "is", "empty")
ORDER = ("<", "<=", ">", ">=")
EQUALITY = ("=", "==", "!=", "<>")
FALSE_WORDS = ("false", "no")
TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<field>\{[^{}]*\})
  | (?P<string>"[^"]*"|'[^']*')
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+)(?![^\s{}"'()<>=!]))
  | (?P<op><=|>=|==|!=|<>|=|<|>)
  | (?P<paren>[()])
  | (?P<word>[^\s{}"'()<>=!]+)
""", re.VERBOSE)


class WhenSyntaxError(ValueError):
    """A ``when`` that cannot be read: the message says what was expected where."""


class WhenValueError(ValueError):
    """A row's cell that an ordering comparison cannot use: ``column`` is its name."""

    def __init__(self, column: str, message: str) -> None:
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Token:
    kind: str  # field | string | number | op | paren | word | keyword | end
    text: str
    at: int
    """1-based character position, for messages."""


@dataclass(frozen=True)
class Operand:
    kind: str  # field | string | number | word
    text: str
    """The column's name (field), the text between the quotes (string), or the literal as written."""

    def value(self, row: Mapping[str, str]) -> str:
        if self.kind == "field":
            return row.get(self.text, "").strip()
        if self.kind == "string":
            return fill(self.text, row)
        return self.text

    def shown(self) -> str:
        return {"field": f"{{{self.text}}}", "string": f'"{self.text}"'}.get(self.kind, self.text)


@dataclass(frozen=True)
class Compare:
    left: Operand
    op: str
    right: Operand


@dataclass(frozen=True)
class Empty:
    operand: Operand
    negated: bool


@dataclass(frozen=True)
class Not:
    inner: "Node"


@dataclass(frozen=True)
class Both:
    op: str  # and | or
    left: "Node"
    right: "Node"


Node = Union[Operand, Compare, Empty, Not, Both]


def tokens(text: str) -> list[Token]:
    """The tokens of ``text``; a character that starts no token is a :class:`WhenSyntaxError`."""
    found: list[Token] = []
    position = 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if match is None:
            raise WhenSyntaxError(f"unexpected {text[position]!r} at character {position + 1}")
        kind = match.lastgroup or ""
        word = match.group()
        if kind == "word" and word.lower() in KEYWORDS:
            kind, word = "keyword", word.lower()
        elif kind in ("field", "string"):
            word = word[1:-1].strip() if kind == "field" else word[1:-1]
        if kind == "word" and word in ("&&", "||", "&", "|", "!"):
            raise WhenSyntaxError(f"unexpected {word!r} at character {position + 1}: write and, or, not")
        if kind != "space":
            found.append(Token(kind, word, position + 1))
        position = match.end()
    found.append(Token("end", "", len(text) + 1))
    return found


class _Parser:
    """Recursive descent over the token list, one method per grammar rule."""

    def __init__(self, text: str) -> None:
        self.tokens = tokens(text)
        self.i = 0

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def keyword(self, word: str) -> bool:
        if self.peek().kind == "keyword" and self.peek().text == word:
            self.i += 1
            return True
        return False

    def fail(self, expected: str) -> WhenSyntaxError:
        token = self.peek()
        got = "the end" if token.kind == "end" else f"{_written(token)!r} at character {token.at}"
        return WhenSyntaxError(f"expected {expected}, got {got}")

    def parse(self) -> Node:
        if self.peek().kind == "end":
            raise WhenSyntaxError("empty: write a condition such as {cost} or {kind} = Action")
        node = self.expr()
        if self.peek().kind != "end":
            raise self.fail("and, or or the end")
        return node

    def expr(self) -> Node:
        node = self.and_expr()
        while self.keyword("or"):
            node = Both("or", node, self.and_expr())
        return node

    def and_expr(self) -> Node:
        node = self.not_expr()
        while self.keyword("and"):
            node = Both("and", node, self.not_expr())
        return node

    def not_expr(self) -> Node:
        if self.keyword("not"):
            return Not(self.not_expr())
        return self.test()

    def test(self) -> Node:
        if self.peek().kind == "paren" and self.peek().text == "(":
            self.take()
            node = self.expr()
            if not (self.peek().kind == "paren" and self.peek().text == ")"):
                raise self.fail("')'")
            self.take()
            return node
        left = self.operand()
        if self.keyword("is"):
            negated = self.keyword("not")
            if not self.keyword("empty"):
                raise self.fail("'empty' after 'is'" + ("" if negated else " or 'is not'"))
            return Empty(left, negated)
        if self.peek().kind == "op":
            op = self.take().text
            right = self.operand()
            if op in ORDER:
                for side in (left, right):
                    if side.kind in ("word", "string") and not fields_in(side.text) and _number(side.text) is None:
                        raise WhenSyntaxError(f"{op!r} compares numbers: {side.shown()} is not a number")
            return Compare(left, {"==": "=", "<>": "!="}.get(op, op), right)
        return left

    def operand(self) -> Operand:
        token = self.peek()
        if token.kind in ("field", "string", "number", "word"):
            self.take()
            if token.kind == "field" and not token.text:
                raise WhenSyntaxError(f"an empty {{}} at character {token.at}: name a column inside the braces")
            return Operand(token.kind, token.text)
        raise self.fail("a {column}, a number or a text")


def _written(token: Token) -> str:
    return {"field": f"{{{token.text}}}", "string": f'"{token.text}"'}.get(token.kind, token.text)


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class Condition:
    """A parsed ``when``: :meth:`holds` for a row; :meth:`fields` and :meth:`words` for checks."""

    text: str
    root: Node

    def fields(self) -> list[str]:
        """Every column the condition reads (``{name}``, and inside quoted texts)."""
        return [name for op in _operands(self.root) for name in
                ([op.text] if op.kind == "field" else fields_in(op.text) if op.kind == "string" else [])]

    def words(self) -> list[str]:
        """The bare words, which are text: ``{kind} = Action``."""
        return [op.text for op in _operands(self.root) if op.kind == "word"]

    def holds(self, row: Mapping[str, str]) -> bool:
        """Whether the element is drawn for ``row``; a cell an ordering comparison cannot read raises :class:`WhenValueError`."""
        return _holds(self.root, row)


def parse_when(text: str) -> Condition:
    """``text`` parsed; a :class:`WhenSyntaxError` says what is wrong where."""
    return Condition(text, _Parser(text).parse())


def _operands(node: Node) -> list[Operand]:
    if isinstance(node, Operand):
        return [node]
    if isinstance(node, Compare):
        return [node.left, node.right]
    if isinstance(node, Empty):
        return [node.operand]
    if isinstance(node, Not):
        return _operands(node.inner)
    return _operands(node.left) + _operands(node.right)


def _holds(node: Node, row: Mapping[str, str]) -> bool:
    if isinstance(node, Operand):
        value = node.value(row)
        return value != "" and value.lower() not in FALSE_WORDS
    if isinstance(node, Empty):
        return (node.operand.value(row) == "") != node.negated
    if isinstance(node, Not):
        return not _holds(node.inner, row)
    if isinstance(node, Both):
        if node.op == "and":
            return _holds(node.left, row) and _holds(node.right, row)
        return _holds(node.left, row) or _holds(node.right, row)
    return _compare(node, row)


def _compare(node: Compare, row: Mapping[str, str]) -> bool:
    left, right = node.left.value(row), node.right.value(row)
    a, b = _number(left), _number(right)
    if node.op in ("=", "!="):
        same = a == b if a is not None and b is not None else left == right
        return same == (node.op == "=")
    if left == "" or right == "":
        return False
    for operand, text, number in ((node.left, left, a), (node.right, right, b)):
        if number is None:
            column = operand.text if operand.kind == "field" else ""
            raise WhenValueError(column, f"{node.op!r} compares numbers: expected a number, got {text!r}")
    assert a is not None and b is not None
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[node.op]

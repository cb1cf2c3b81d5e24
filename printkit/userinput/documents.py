"""TOML and JSON a user wrote, parsed within bounds: nesting at most :data:`MAX_DEPTH` levels, TOML
integers within 64 bits (as the TOML standard says), and no control characters in strings or keys.

A document nested deeper than the parser's recursion allows, or a number of thousands of digits, is a
:class:`DocumentError` naming the reason (and the dotted key, where one is known), never a traceback.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from printkit.userinput.text import control_problem, quoted

MAX_DEPTH = 32
"""Arrays and tables inside each other: 32 levels is far more than any printkit file needs."""

INT64 = (-(2**63), 2**63 - 1)


class DocumentError(ValueError):
    """A document that cannot be taken: ``key`` (dotted, may be empty) and the reason."""

    def __init__(self, key: str, message: str) -> None:
        self.key, self.message = key, message
        super().__init__(f"{key}: {message}" if key else message)


def _join(key: str, part: object) -> str:
    if isinstance(part, int):
        return f"{key}[{part}]"
    text = str(part)
    shown = text if len(text) <= 60 else quoted(text)
    return f"{key}.{shown}" if key else shown


def check_document(value: Any, allow: str | None = "", toml_ints: bool = True, key: str = "", depth: int = 0) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH`, integers beyond 64 bits (``toml_ints``) and control
    characters in strings and keys outside ``allow`` (``allow=None``: strings are not checked)."""
    if depth > MAX_DEPTH:
        raise DocumentError(key, f"arrays and tables nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, dict):
        for name, item in value.items():
            problem = control_problem(str(name)) if allow is not None else None
            if problem:
                raise DocumentError(key, f"a key holding {problem}: {quoted(name)}")
            check_document(item, allow, toml_ints, _join(key, name), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_document(item, allow, toml_ints, _join(key, index), depth + 1)
    elif isinstance(value, str):
        problem = control_problem(value, allow) if allow is not None else None
        if problem:
            raise DocumentError(key, f"expected text without control characters ({problem}), got {quoted(value)}")
    elif toml_ints and isinstance(value, int) and not isinstance(value, bool) and not INT64[0] <= value <= INT64[1]:
        raise DocumentError(key, f"an integer outside 64 bits ({quoted(value)}): TOML integers lie within "
                                 f"{INT64[0]:,} and {INT64[1]:,}")


def _parsed(parse: Any, text: str, what: str) -> Any:
    try:
        return parse(text)
    except RecursionError:
        raise DocumentError("", f"not valid {what}: arrays and tables nested too deeply to read "
                                f"(at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # TOMLDecodeError / JSONDecodeError, or a number of more than 4300 digits
        if isinstance(exc, (tomllib.TOMLDecodeError, json.JSONDecodeError)):
            raise
        raise DocumentError("", f"not valid {what}: a number of more than 4,300 digits") from None


def parse_toml(text: str, allow: str | None = "") -> dict[str, Any]:
    """A TOML document, bounded (see :func:`check_document`); malformed TOML raises ``tomllib.TOMLDecodeError``."""
    doc: dict[str, Any] = _parsed(tomllib.loads, text, "TOML")
    check_document(doc, allow)
    return doc


def parse_json(text: str, allow: str | None = "") -> Any:
    """A JSON document, bounded (integers of any size up to Python's limit); malformed JSON raises ``JSONDecodeError``."""
    doc = _parsed(json.loads, text, "JSON")
    check_document(doc, allow, toml_ints=False)
    return doc

"""Hypothesis strategies for what a user types: TOML values, text, numbers, and text mutations."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import strategies as st

NUMBERS = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, -1, 2, 3, 8, 20, 26, 99, 100, 1000, 10**6, 10**9, 2**31, 2**63 - 1, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.0, -0.0, 1e-300, 5e-324, 1e300, 0.5, 2.5, 1e-9]),
)
TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", " ", "A4", "long", "#FFFFFF", "#fff", "none", "{title}", "{{", "}}", "{", "{n}", "{0}",
                     "{__class__}", "{title.__class__}", "{title[0]}", "../x", "/etc/passwd", "~/x", "a\x00b", "é",
                     "\u202e", "\U0001F600", "x" * 5000, "<b>&amp;\"'</b>", "%", "50%", "-5%", "1e999%", "nan%",
                     "inf", "nan", "\n", "\r\n", "\t"]),
)
SCALARS = st.one_of(NUMBERS, TEXT, st.booleans())
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.sampled_from(["a", "x", "name", "type", "0"]),
                                                                       inner, max_size=3)),
                      max_leaves=8)


def toml_value(value: Any) -> str:
    """A value as TOML source (inline tables for dicts; nan/inf spelled the TOML way)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        out = []
        for ch in value:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ord(ch) < 0x20 or ord(ch) == 0x7F or 0xD800 <= ord(ch) <= 0xDFFF:
                out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0xD800 or ord(ch) > 0xDFFF else "?")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}" = {toml_value(v)}' for k, v in value.items()) + "}"
    raise TypeError(value)


# Text mutations of a valid document: each is (op, position, payload); positions wrap around.
OPS = st.sampled_from(["delete", "duplicate", "swap", "flip", "insert", "truncate", "crlf", "bom", "latin1", "binary",
                       "nul", "replace"])
MUTATIONS = st.lists(st.tuples(OPS, st.integers(0, 10**6), st.integers(0, 10**6), st.text(max_size=20)), min_size=1,
                     max_size=5)


def mutate(data: bytes, mutations: list[tuple[str, int, int, str]]) -> bytes:
    """``data`` with line- and byte-level mutations applied (lines deleted, swapped, bytes flipped, ...)."""
    for op, i, j, payload in mutations:
        lines = data.split(b"\n")
        n = len(lines)
        if op == "delete" and n > 1:
            del lines[i % n]
        elif op == "duplicate":
            lines.insert(i % n, lines[i % n])
        elif op == "swap":
            lines[i % n], lines[j % n] = lines[j % n], lines[i % n]
        elif op == "insert":
            lines.insert(i % (n + 1), payload.encode("utf-8", "surrogatepass"))
        elif op == "replace":
            lines[i % n] = payload.encode("utf-8", "surrogatepass")
        if op in ("delete", "duplicate", "swap", "insert", "replace"):
            data = b"\n".join(lines)
        elif op == "flip" and data:
            k = i % len(data)
            data = data[:k] + bytes([data[k] ^ (1 << (j % 8))]) + data[k + 1:]
        elif op == "truncate":
            data = data[: i % (len(data) + 1)]
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
        elif op == "bom":
            data = b"\xef\xbb\xbf" + data
        elif op == "latin1":
            data = data + "é ü".encode("latin-1")
        elif op == "binary":
            k = i % (len(data) + 1)
            data = data[:k] + bytes((i * 7 + m * 31 + j) % 256 for m in range(16)) + data[k:]
        elif op == "nul":
            k = i % (len(data) + 1)
            data = data[:k] + b"\x00" + data[k:]
    return data

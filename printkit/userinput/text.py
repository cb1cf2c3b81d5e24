"""Text a user wrote: the one control-character check, and values quoted short in messages.

Control characters (C0 such as NUL and ESC, DEL, and C1) are refused wherever a user's text comes in:
they would land raw in a terminal (an ANSI escape sequence recolours or clears it), in SVG (where XML
forbids most of them) and in rules.md. Where a format can carry them, they are shown escaped instead
(:func:`printable`).
"""

from __future__ import annotations

import re
import reprlib
from typing import Iterable, Sequence

from printkit.errors import SHOWN, shortened

LINE_BREAKS = "\t\n\r"
"""The control characters multi-line text (card text, rule sheets) may hold."""

_C0 = ("NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
       "FS GS RS US").split()


def control_name(char: str) -> str:
    """``U+001B (ESC)``."""
    code = ord(char)
    name = _C0[code] if code < 0x20 else "DEL" if code == 0x7F else "a C1 control"
    return f"U+{code:04X} ({name})"


_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""A C0 or C1 control character, or DEL (one scan in C: every cell of a kit's data is checked)."""


def control_problem(text: str, allow: str = "") -> str | None:
    """Why ``text`` is refused (its first control character not in ``allow``, and where), or None."""
    for found in _CONTROLS.finditer(text):
        if found.group() not in allow:
            return f"a control character {control_name(found.group())} at character {found.start() + 1}"
    return None


def refuse_controls(text: str, allow: str = "") -> str | None:
    """The usual complaint about a value holding a control character, or None."""
    problem = control_problem(text, allow)
    if problem is None:
        return None
    return f"expected text without control characters ({problem}), got {quoted(text)}"


def printable(text: str) -> str:
    """``text`` as one printable line: line breaks and other control characters shown escaped (``\\x1b``)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = SHOWN
_REPR.maxlevel, _REPR.maxlist, _REPR.maxtuple, _REPR.maxdict = 3, 6, 6, 6


def quoted(value: object, limit: int = SHOWN) -> str:
    """``value`` as a message quotes it: ``'text'`` in full when short, else its start (at most ``limit``
    characters as shown), ``…`` and its length (``'xxxx…' (100,000 characters)``); other values by a
    shortened ``repr``."""
    if isinstance(value, str):
        short = shortened(value, limit)
        if short is value:
            return repr(value)
        start = short[: short.rindex("… (")]
        return f"{start + '…'!r} ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    try:
        return _REPR.repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"



SPELLINGS = (("color", "colour"), ("gray", "grey"))
"""American spellings of words printkit's keys spell the British way (``color`` -> ``colour``)."""


def unknown_key(name: str, known: Iterable[str], what: str = "") -> str:
    """``unknown key (did you mean 'colour'? known keys: ...)``: the refusal of a key no table takes, with the known key
    it most likely means (a British spelling of an American word, or one a letter or two away)."""
    import difflib

    listed = sorted(set(known))
    guess = name.lower()
    for american, british in SPELLINGS:
        guess = guess.replace(american, british)
    close = [guess] if guess != name and guess in listed else difflib.get_close_matches(name, listed, n=1, cutoff=0.75)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"unknown key{' for ' + what if what else ''} ({hint}known keys: {', '.join(listed)})"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards`` (``many``: the plural when it is not the word and an s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def first_of(items: Sequence[str], shown: int) -> str:
    """``a, b, c and 38 more``: the first ``shown`` of many things a message names."""
    more = len(items) - shown
    return ", ".join(items[:shown]) + (f" and {more} more" if more > 0 else "")

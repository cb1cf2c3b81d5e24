"""reportlab's platypus (flowing text: the rule sheets), imported without compiling patterns printkit never uses.

Importing ``reportlab.platypus`` compiles, among its regular expressions, a URL pattern (``paragraph.uri_pat``,
case-insensitive over most of Unicode: 40-60 ms) read only to split a long URL across lines, and a CJK splitter
(``textsplit.rx``, 5-8 ms) read only by ``textsplit.cjkwrap``; a rule sheet rarely needs the first and never the
second, yet every process that flows one paid for both on the way to its first kit. While platypus is imported
here, the patterns those two modules compile stand in for themselves until first used: a pattern is compiled when
something reads it, with the same meaning then.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import Any, Iterator

DEFERRED = frozenset({"reportlab.platypus.paragraph", "reportlab.lib.textsplit"})
"""The modules whose patterns are compiled on first use (they read them only through their methods)."""


class _Deferred:
    """A compiled pattern that compiles itself when one of its attributes (``match``, ``split``...) is first read."""

    __slots__ = ("_source", "_compiled")

    def __init__(self, pattern: Any, flags: int) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[Any] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._source)
        return getattr(self._compiled, name)


@contextmanager
def _deferring(modules: frozenset[str]) -> Iterator[None]:
    """``re.compile`` called from ``modules`` answers a :class:`_Deferred` while the block runs."""
    real = re.compile

    def compile(pattern: Any, flags: int = 0) -> Any:  # noqa: A001 - stands in for re.compile
        if sys._getframe(1).f_globals.get("__name__") in modules:
            return _Deferred(pattern, flags)
        return real(pattern, flags)

    re.compile = compile  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = real


if "reportlab.platypus" not in sys.modules:
    with _deferring(DEFERRED):
        import reportlab.platypus  # noqa: F401

from reportlab.platypus import Flowable, Frame, HRFlowable, Indenter, ListFlowable, ListItem, Paragraph, Spacer, Table, TableStyle  # noqa: E402 - imported above, without the patterns

__all__ = ["Flowable", "Frame", "HRFlowable", "Indenter", "ListFlowable", "ListItem", "Paragraph", "Spacer", "Table", "TableStyle"]

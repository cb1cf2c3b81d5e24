"""A word on the terminal before numba compiles a game's playout kernel for the first time.

The compiled kernels (Warfare's large boards, SiTTeRS, Tic Tac Two's counting) are compiled once per
install and kept in numba's cache next to their source; that first compile takes up to half a
minute, which would otherwise look like a hang.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any


def is_cached(dispatcher: Any) -> bool:
    """Whether numba's on-disk cache holds an index for ``dispatcher``'s function (an index from an
    older source is recompiled by numba all the same: this only tells a first compile apart)."""
    function = dispatcher.py_func
    source = Path(function.__code__.co_filename)
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    index = source.parent / "__pycache__" / f"{source.stem}.{function.__qualname__}-{function.__code__.co_firstlineno}.{tag}.nbi"
    return index.is_file() or not os.access(source.parent, os.W_OK)  # unwritable: numba caches elsewhere


def notice_first_compile(dispatcher: Any, what: str) -> None:
    """Say on a terminal that ``what`` is being compiled when it is not in the cache yet."""
    if sys.stderr.isatty() and not is_cached(dispatcher):
        print(f"compiling {what} (once per install; up to half a minute)...", file=sys.stderr, flush=True)

"""A module imported now and run when first used (what ``importlib.util.LazyLoader`` does), safe against Ctrl-C.

LazyLoader runs the module on the first attribute read, ``__spec__`` included, which the import system itself reads
on every later ``import`` of it and whose errors CPython clears: a Ctrl-C that came while the module ran was lost, and
the module stayed half-run for good (``module 'PIL.Image' has no attribute 'frombuffer'`` for the rest of a
``printkit watch``). Here the import system's own attributes never run the module, and a run cut short leaves it as
it was, to run again on the next use.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from typing import Any

IMPORT_SYSTEM = frozenset({"__spec__", "__name__", "__loader__", "__package__", "__path__", "__file__", "__cached__",
                           "__dict__", "__class__"})
"""What the import system reads of a module in ``sys.modules``: read without running the module."""


class _Deferred(types.ModuleType):
    def __getattribute__(self, attr: str) -> Any:
        if attr in IMPORT_SYSTEM:
            return super().__getattribute__(attr)
        spec = super().__getattribute__("__spec__")
        before = dict(super().__getattribute__("__dict__"))
        self.__class__ = types.ModuleType
        try:
            spec.loader.exec_module(self)
        except BaseException:  # a Ctrl-C among them: not run yet, as far as the next use can tell
            vars(self).clear()
            vars(self).update(before)
            self.__class__ = _Deferred
            raise
        return getattr(self, attr)


def defer(name: str) -> None:
    """Module ``name`` (``PIL.Image``) is imported now and run when one of its attributes is first read (nothing
    happens when it is imported already or cannot be found)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = _Deferred
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)

"""The first-compile notice: numba's cache index of a kernel function is found once it is compiled."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from printkit.rules.jit_notice import is_cached


def test_a_compiled_function_is_found_in_the_cache_only_after_its_first_compile(tmp_path: Path) -> None:
    source = tmp_path / "tiny_kernel.py"
    source.write_text("from numba import njit\n\n\n@njit(cache=True)\ndef add(a, b):\n    return a + b\n", encoding="utf-8")
    spec = importlib.util.spec_from_file_location("tiny_kernel", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tiny_kernel"] = module
    try:
        spec.loader.exec_module(module)
        assert not is_cached(module.add)
        assert module.add(2, 3) == 5
        assert is_cached(module.add)
    finally:
        del sys.modules["tiny_kernel"]

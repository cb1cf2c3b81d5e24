"""How printkit is installed in the interpreters a benchmark times: its bytecode written, and whether it is editable.

``pip install .`` (the README's) writes every module's bytecode when it installs; an editable install
(``pip install -e``) leaves that to the first import, which skips it where ``PYTHONDONTWRITEBYTECODE`` is set
(as on some CI and sandbox machines): then every process compiles printkit's modules from source, about 0.1 s
a process on a 2-core machine, and times a start-up no installed printkit pays.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_COMPILE = "import compileall, os, printkit; compileall.compile_dir(os.path.dirname(printkit.__file__), quiet=2)"


def compile_bytecode(python: str = sys.executable) -> None:
    """Write the bytecode of the printkit ``python`` imports (``py_compile`` writes it whatever
    ``PYTHONDONTWRITEBYTECODE`` says), as ``pip install .`` does. It runs from ``/``, as the timed processes run
    from a folder of their own, so a checkout in the current folder does not stand in for the install."""
    subprocess.run([python, "-c", _COMPILE], check=True, cwd="/")


def editable_install() -> bool:
    """Whether printkit is installed in development mode (``pip install -e``: a path finder runs at every start-up)."""
    return any(next(Path(folder).glob("__editable__*printkit*"), None) is not None
               for folder in sys.path if folder and Path(folder).is_dir())


EDITABLE_NOTE = ("note: printkit is an editable install here (pip install -e), which adds 10-30 ms to every start-up;"
                 " the README's `pip install .` does not")

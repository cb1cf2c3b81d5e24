"""The ``printkit`` command's entry point: Ctrl-C while printkit's modules are still loading (the first tenth of a
second) stops the command like Ctrl-C later does, exit code 130 and no traceback."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from printkit.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write("stopped (Ctrl-C)\n")
        raise SystemExit(130) from None
    command()

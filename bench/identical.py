"""Check that this printkit writes the same bytes as a reference one (e.g. main's code).

``python bench/identical.py --ref-python /path/to/main/.venv/bin/python`` builds every kit with
both interpreters' printkit, from an empty output folder in a scratch directory, under a few
configurations, and compares the SHA-256 of every file (the preview cache aside). Exit 1 on a
difference, naming each differing file.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

CONFIGS: dict[str, list[str]] = {
    "defaults": [],
    "letter": ["--paper", "letter"],
    "warfare board 8, short flip": ["--set", "games.warfare.board_size=8", "--set", "print.duplex_flip=short"],
}


def build(python: str, args: list[str], out: Path) -> dict[str, str]:
    """Every file of ``printkit build --all`` by path, with its SHA-256."""
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([python, "-m", "printkit", "build", "--all", "--out", str(out), *args], cwd=out.parent, check=True,
                   stdout=subprocess.DEVNULL)
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def main() -> int:
    if "--ref-python" not in sys.argv:
        print(__doc__)
        return 2
    ref = sys.argv[sys.argv.index("--ref-python") + 1]
    failed = False
    for name, args in CONFIGS.items():
        with tempfile.TemporaryDirectory() as tmp:
            mine = build(sys.executable, args, Path(tmp) / "mine" / "output")
            theirs = build(ref, args, Path(tmp) / "ref" / "output")
        differ = sorted(f for f in set(mine) | set(theirs) if mine.get(f) != theirs.get(f))
        print(f"{name}: {len(mine)} files, {'identical' if not differ else f'{len(differ)} differ: ' + ', '.join(differ)}")
        failed = failed or bool(differ)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Check that this printkit writes the same bytes as a reference one (e.g. main's code).

``python bench/identical.py --ref-python /path/to/main/.venv/bin/python`` builds every kit with
both interpreters' printkit, from an empty output folder in a scratch directory, under a few
configurations, and compares the SHA-256 of every file (the preview cache aside). Exit 1 on a
difference, naming each differing file. With ``--pixels`` a PNG whose bytes differ counts as the same when
its pixels are (decoded with PIL), and so does a manifest.json that differs only in such PNGs' hashes and
sizes: for comparing with a printkit that encodes its previews differently.

Besides the built-in games, it builds the test suite's kit folders (pictures, custom fonts, hex and round pieces,
boards of spaces, a designer's rules) and exports every built-in kit to CMYK, gutter-fold, print-on-demand and
Tabletop Simulator files: every painter of the PDF writer draws in one of them.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KIT_FOLDERS = [str(p.parent) for folder in ("tests/datakit/kits", "tests/kitrules") for p in sorted((ROOT / folder).glob("*/kit.toml"))
               if p.parent.name != "big-picture"]  # its picture is made by its test
CONFIGS: dict[str, list[list[str]]] = {
    "defaults": [["build", "--all"]],
    "letter": [["build", "--all", "--paper", "letter"]],
    "warfare board 8, short flip": [["build", "--all", "--set", "games.warfare.board_size=8", "--set", "print.duplex_flip=short"]],
    "kit folders": [["new", "{scratch}/starter", "--rules"],
                    ["build", *(arg for folder in [*KIT_FOLDERS, "{scratch}/starter"] for arg in ("--kit", folder))]],
    "exports": [["export", "--all", "--to", target] for target in ("cmyk", "gutterfold", "pod", "tts")],
}
"""Each configuration's printkit commands, run in turn into one output folder (``{scratch}``: a folder beside it)."""


def same_pixels(a: Path, b: Path) -> bool:
    from PIL import Image, ImageChops

    with Image.open(a) as x, Image.open(b) as y:
        return x.size == y.size and ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() is None


def same_manifest(a: Path, b: Path, pngs: set[str]) -> bool:
    """The manifests with the entries of ``pngs`` (paths in the kit folder) left out."""
    def without(path: Path) -> dict:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["files"] = {k: v for k, v in data["files"].items() if k not in pngs}
        return data
    return without(a) == without(b)


def build(python: str, commands: list[list[str]], out: Path) -> dict[str, str]:
    """Every file the printkit ``commands`` write into ``out``, by path, with its SHA-256."""
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = out.parent / "scratch"
    for command in commands:
        args = [arg.replace("{scratch}", str(scratch)) for arg in command]
        where = [] if args[0] == "new" else ["--out", str(out)]
        subprocess.run([python, "-m", "printkit", *args, *where], cwd=out.parent, check=True, stdout=subprocess.DEVNULL)
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def main() -> int:
    if "--ref-python" not in sys.argv:
        print(__doc__)
        return 2
    ref = sys.argv[sys.argv.index("--ref-python") + 1]
    pixels = "--pixels" in sys.argv
    failed = False
    for name, args in CONFIGS.items():
        with tempfile.TemporaryDirectory() as tmp:
            # both write into the same folder in turn: files that name their own path (a manifest's kit.toml, Tabletop
            # Simulator's file:// addresses) are the same too
            work, ours, refs = Path(tmp) / "work" / "output", Path(tmp) / "mine" / "output", Path(tmp) / "work" / "output"
            mine = build(sys.executable, args, work)
            work.parent.rename(ours.parent)
            theirs = build(ref, args, refs)
            differ = sorted(f for f in set(mine) | set(theirs) if mine.get(f) != theirs.get(f))
            same = [f for f in differ if pixels and f.endswith(".png") and f in mine and f in theirs
                    and same_pixels(ours / f, refs / f)]
            if same:
                by_kit: dict[str, set[str]] = {}
                for f in same:
                    kit, _, inside = f.partition("/")
                    by_kit.setdefault(kit, set()).add(inside)
                same += [f"{kit}/manifest.json" for kit, files in by_kit.items() if f"{kit}/manifest.json" in differ
                         and same_manifest(ours / kit / "manifest.json", refs / kit / "manifest.json", files)]
            differ = [f for f in differ if f not in same]
        note = f" ({len(same)} more differ in bytes only: PNGs of the same pixels and their manifests)" if same else ""
        print(f"{name}: {len(mine)} files, {'identical' if not differ else f'{len(differ)} differ: ' + ', '.join(differ)}{note}")
        failed = failed or bool(differ)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

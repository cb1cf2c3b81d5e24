"""The documentation's pictures, made from real builds: ``python -m printkit.docs.pictures [DIR]``.

Writes into DIR (default ``docs/images``): ``kit-page.png`` (the starter kit's card page, from its kit.pdf),
``gallery.png`` (the gallery's kit page after an edit, shot by headless Chromium), ``balance-rates.png``
(a balance sweep's plot) and ``outline.png`` (the layout view of the starter kit's card front). Small palette PNGs, so they can live in the repository and show on a fresh clone.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from printkit.errors import PrintkitError

WIDTH = 560
"""Width of every picture in pixels: sharp on a docs page, a few tens of KiB each."""
COLOURS = 96


def printkit(*args: str, cwd: Path) -> None:
    """Run a printkit command in ``cwd``; a failure stops with its output."""
    done = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise PrintkitError(f"printkit {' '.join(args)} failed: {done.stderr.strip() or done.stdout.strip()}")


def save_small(image: Image.Image, path: Path, width: int = WIDTH) -> Path:
    """``image`` scaled to ``width`` and stored as a palette PNG without metadata."""
    image = image.convert("RGB")
    image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    image.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    return path


def starter_kit(work: Path) -> Path:
    """``printkit new demo`` built into ``work/output``: the kit folder."""
    printkit("new", "demo", "--title", "Demo", cwd=work)
    printkit("build", "--kit", "demo", cwd=work)
    return work / "output" / "demo"


def kit_page(work: Path, target: Path) -> Path:
    """The card fronts page of the starter kit's kit.pdf."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(str(starter_kit(work) / "kit.pdf"))
    for index in range(len(pdf)):
        if "Harvest" in pdf[index].get_textpage().get_text_range():
            return save_small(pdf[index].render(scale=1.5).to_pil(), target / "kit-page.png")
    raise PrintkitError("the starter kit has no card page")


def gallery_shot(work: Path, target: Path) -> Path:
    """The gallery's page of the starter kit after a card's title changed (so "What changed" shows)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if chromium is None:
        raise PrintkitError("the gallery picture needs Chromium (Debian: apt-get install chromium)")
    if not (work / "output" / "demo").is_dir():
        starter_kit(work)
    cards = work / "demo" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Market Day", "Market Night"), encoding="utf-8")
    printkit("build", "--kit", "demo", cwd=work)
    printkit("gallery", cwd=work)
    shot = work / "gallery-shot.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    f"--screenshot={shot}", "--window-size=1100,1500",
                    (work / "output" / "demo" / "index.html").resolve().as_uri()],
                   check=True, capture_output=True, timeout=120)
    return save_small(Image.open(shot), target / "gallery.png", 640)


def outline_view(work: Path, target: Path) -> Path:
    """The layout view (``build --outline``) of the starter kit's card front."""
    printkit("new", "outlined", "--title", "My Game", cwd=work)
    printkit("build", "--kit", "outlined", "--outline", cwd=work)
    return save_small(Image.open(work / "output" / "outlined" / "outline" / "cards.card-front.png"), target / "outline.png", 760)


def balance_rates(work: Path, target: Path) -> Path:
    """The rates plot of a small, seeded Tic Tac Warfare board-size sweep."""
    printkit("balance", "--game", "warfare", "--sweep", "games.warfare.board_size=5..8", "--set", "games.warfare.line_length=4",
             "--games", "400", "--workers", "1", "--seed", "1", cwd=work)
    return save_small(Image.open(work / "output" / "warfare" / "balance" / "rates.png"), target / "balance-rates.png")


def main(argv: list[str]) -> None:
    target = Path(argv[0] if argv else "docs/images").resolve()
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for make in (kit_page, gallery_shot, balance_rates, outline_view):
            path = make(work, target)
            print(f"wrote {path} ({path.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main(sys.argv[1:])

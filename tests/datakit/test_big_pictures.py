"""A large picture on many cards: stored once, resampled to what its box needs, within seconds and
a bounded memory; a picture past the stated limit is refused before any drawing (kit tests/datakit/kits/big-picture)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from pypdf import PdfReader

KIT = Path(__file__).parent / "kits" / "big-picture"
MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(done.stdout + done.stderr)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print("cpu-s", used.ru_utime + used.ru_stime)
print("maxrss-kb", used.ru_maxrss)
sys.exit(done.returncode)
"""


def _noise_png(path: Path, w: int, h: int) -> None:
    """A PNG of random pixels (it does not compress: ``w * h * 3`` bytes on disk)."""
    import numpy as np
    from PIL import Image

    pixels = np.random.default_rng(7).integers(0, 256, (h, w, 3), dtype=np.uint8)
    Image.fromarray(pixels).save(path, compress_level=1)


def _header_only_png(path: Path, w: int, h: int) -> None:
    """A PNG whose header says ``w`` x ``h`` pixels (no pixel data: the limit is read from the header)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))


def _build(folder: Path, out: Path) -> tuple[subprocess.CompletedProcess[str], float, int]:
    """``printkit build --kit`` in a child process: its result, the CPU seconds it and its workers used (what a busy
    machine does not change) and its peak memory in MB."""
    done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "printkit", "build", "--kit", str(folder),
                           "--out", str(out)], capture_output=True, text=True, timeout=1200)
    seconds = float(done.stdout.rsplit("cpu-s", 1)[1].split()[0])
    rss_kb = int(done.stdout.rsplit("maxrss-kb", 1)[1])
    return done, seconds, rss_kb // 1024


def test_a_30_mb_picture_on_40_cards_is_stored_once_and_builds_in_seconds(tmp_path: Path) -> None:
    folder = shutil.copytree(KIT, tmp_path / "kit")
    (folder / "art").mkdir()
    _noise_png(folder / "art" / "big.png", 3500, 3000)
    assert (folder / "art" / "big.png").stat().st_size > 30_000_000
    done, seconds, peak_mb = _build(folder, tmp_path / "out")
    assert done.returncode == 0, done.stdout
    assert seconds < 60 and peak_mb < 1000, (seconds, peak_mb)  # it was 82 s and 8 GB (CPU seconds here)
    assert "note" in done.stdout  # the picture resampled (and the cards turned so that every cut gets its marks)
    built = tmp_path / "out" / "big-picture"
    svg = (built / "artwork" / "cards.svg").read_text()
    assert svg.count("data:image/png;base64,") == 1 and svg.count('xlink:href="#picture-1"') == 40
    assert (built / "artwork" / "cards.svg").stat().st_size < 3_000_000  # it was 1.6 GB
    # noise does not compress: the cards' copy (621 x 532 px) and the rule sheet's (1890 x 1620 px, 160 mm wide) hold ~11 MB
    assert (built / "kit.pdf").stat().st_size < 16_000_000
    pdf = PdfReader(built / "kit.pdf")
    images = set()
    for page in pdf.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            form = ref.get_object()
            for inner in form["/Resources"].get("/XObject", {}).values():
                picture = inner.get_object()
                images.add((inner.idnum, picture["/Width"], picture["/Height"]))
    # one image object in the whole PDF for the 40 cards, at 300 dpi for their 52.5 x 45 mm box; the rule sheet's own copy
    assert sorted((w, h) for _, w, h in images) == [(621, 532), (1890, 1620)]


def test_a_picture_past_the_limit_is_refused_before_any_drawing(tmp_path: Path) -> None:
    folder = shutil.copytree(KIT, tmp_path / "kit")
    (folder / "art").mkdir()
    _header_only_png(folder / "art" / "big.png", 9000, 9000)
    out = tmp_path / "out"
    done, seconds, _ = _build(folder, out)
    assert done.returncode == 1
    lines = [line for line in done.stdout.splitlines() if not line.startswith(("maxrss-kb", "cpu-s"))]
    assert lines == [f"error: {folder}/art/big.png: a PNG of 9000 x 9000 pixels: at most 50 megapixels "
                     "(scale it down; 300 dpi is plenty for print)"]
    assert not (out / "big-picture").exists()
    (folder / "kit.toml").write_text((folder / "kit.toml").read_text().replace("art/big.png", "art/small.svg"))
    (folder / "art" / "small.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    done, _, _ = _build(folder, out)  # only the rule sheet shows it now
    assert done.returncode == 1 and "error: " in done.stdout and "9000 x 9000" in done.stdout and "Traceback" not in done.stdout

"""The common deck job (../shared/bench/common-deck) timed as a whole process, start-up included.

``python bench/common_deck.py [--json]``: printkit builds bench/common-deck (18 poker cards, shared back,
A4) into an empty folder five times; the median wall time and the peak memory are reported, then the
same for a 1,000-card deck, then the floor: raw reportlab drawing the same 18 fronts and backs (no
previews, no checks), as a process of its own and in-process, measured in the same run.
"""

from __future__ import annotations

import csv
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
KIT = HERE / "common-deck"
RUNS = 5

FLOOR = r'''
import csv, sys, time
start = time.perf_counter()
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
import reportlab, os
fonts = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
pdfmetrics.registerFont(TTFont("Vera", os.path.join(fonts, "Vera.ttf")))
pdfmetrics.registerFont(TTFont("VeraBd", os.path.join(fonts, "VeraBd.ttf")))
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
c = Canvas(sys.argv[2], pagesize=(210 * mm, 297 * mm), invariant=1)
W, H, B = 63 * mm, 88 * mm, 3 * mm
x0, y0 = (210 * mm - 3 * W) / 2, (297 * mm - 3 * H) / 2
def slots(n, mirror):
    for i in range(n):
        r, col = divmod(i, 3)
        col = 2 - col if mirror else col
        yield x0 + col * W, 297 * mm - y0 - (r + 1) * H
for first in range(0, len(rows), 9):
    batch = rows[first:first + 9]
    for (x, y), row in zip(slots(len(batch), False), batch):
        c.setFillColor(HexColor("#2a6fdb")); c.rect(x - B, y - B, W + 2 * B, H + 2 * B, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff")); c.roundRect(x + 3 * mm, y + 3 * mm, W - 6 * mm, H - 6 * mm, 3 * mm, stroke=0, fill=1)
        c.setFillColor(HexColor("#111111")); c.setFont("VeraBd", 19.84); c.drawCentredString(x + W / 2, y + H + B - 20 * mm, row["title"])
        c.setFillColor(HexColor("#f5a623")); c.setStrokeColor(HexColor("#333333")); c.setLineWidth(0.8 * mm)
        c.circle(x + W / 2, y + H + B - 50 * mm, 15 * mm, stroke=1, fill=1)
        c.setFillColor(HexColor("#333333")); c.setFont("Vera", 11.34); c.drawCentredString(x + W / 2, y + H + B - 80 * mm, row["body"])
    c.showPage()
    for x, y in slots(len(batch), True):
        c.setFillColor(HexColor("#7a1f2b")); c.rect(x - B, y - B, W + 2 * B, H + 2 * B, stroke=0, fill=1)
        p = c.beginPath(); cx, cy = x + W / 2, y + H / 2
        p.moveTo(cx, cy + 25 * mm); p.lineTo(cx + 20.5 * mm, cy); p.lineTo(cx, cy - 25 * mm); p.lineTo(cx - 20.5 * mm, cy); p.close()
        c.setFillColor(HexColor("#e8c547")); c.drawPath(p, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff")); c.setFont("VeraBd", 14); c.drawCentredString(cx, y + 10 * mm, "printkit")
    c.showPage()
c.save()
print(time.perf_counter() - start)
'''


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def whole(cmd: list[str]) -> tuple[float, float, float]:
    """Wall seconds of one process, its CPU seconds (its worker processes included: a figure the
    machine's other load moves less), and the peak memory (MiB) of the largest child so far."""
    start, cpu = time.perf_counter(), _cpu()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, _cpu() - cpu, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def printkit_command() -> list[str]:
    """The ``printkit`` command a designer types (the script installed beside this Python), else ``-m printkit``."""
    script = Path(sys.executable).with_name("printkit")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "printkit"]


def editable_install() -> bool:
    """Whether printkit is installed in development mode (``pip install -e``: a path finder runs at every start-up)."""
    return any(next(Path(folder).glob("__editable__*printkit*"), None) is not None
               for folder in sys.path if folder and Path(folder).is_dir())


def printkit_runs(kit: Path, tmp: Path) -> tuple[float, float, float]:
    """Median wall and CPU seconds of RUNS builds of ``kit`` into empty folders, and the peak memory."""
    times, cpus, peak = [], [], 0.0
    for i in range(RUNS):
        out = tmp / f"out-{kit.name}-{i}"
        seconds, cpu, peak = whole([*printkit_command(), "build", "--kit", str(kit), "--out", str(out)])
        times.append(seconds)
        cpus.append(cpu)
    return statistics.median(times), statistics.median(cpus), peak


def big_deck(tmp: Path, count: int) -> Path:
    folder = tmp / "deck-1000"
    shutil.copytree(KIT, folder)
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "title", "body"])
        for n in range(1, count + 1):
            writer.writerow([n, f"Card {n}", f"Benchmark card #{n:04d}"])
    return folder


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        deck_s, deck_cpu, deck_mib = printkit_runs(KIT, tmp)
        big_s, big_cpu, big_mib = printkit_runs(big_deck(tmp, 1000), tmp)
        script = tmp / "floor.py"
        script.write_text(FLOOR)
        floor_whole, floor_inner = [], []
        for i in range(RUNS):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, str(script), str(KIT / "cards.csv"), str(tmp / f"floor-{i}.pdf")], check=True,
                                  capture_output=True, text=True)
            floor_whole.append(time.perf_counter() - start)
            floor_inner.append(float(done.stdout))
    result = {
        "common_deck_18_cards_s": round(deck_s, 3), "common_deck_cpu_s": round(deck_cpu, 3),
        "common_deck_peak_mib": round(deck_mib, 1),
        "deck_1000_cards_s": round(big_s, 3), "deck_1000_cpu_s": round(big_cpu, 3), "deck_1000_peak_mib": round(big_mib, 1),
        "load_average": round(os.getloadavg()[0], 2),
        "reportlab_floor_process_s": round(statistics.median(floor_whole), 3),
        "reportlab_floor_drawing_s": round(statistics.median(floor_inner), 3),
        "cores": os.cpu_count(),
        "editable_install": editable_install(),
    }
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
        return
    if result["editable_install"]:
        print("note: printkit is an editable install here (pip install -e), which adds 10-30 ms to every start-up;"
              " the README's `pip install .` does not")
    print(f"common deck, 18 cards (whole process, median of {RUNS}): {deck_s:.2f} s ({deck_cpu:.2f} s CPU), "
          f"peak {deck_mib:.0f} MiB  (target <= 0.5 s, <= 60 MB)")
    print(f"1,000-card deck (whole process, median of {RUNS}):     {big_s:.2f} s ({big_cpu:.2f} s CPU), "
          f"peak {big_mib:.0f} MiB  (target <= 3 s)")
    print(f"load average while measuring: {result['load_average']}")
    print(f"floor: raw reportlab, same 18 cards: {result['reportlab_floor_process_s']:.2f} s as a process, "
          f"{result['reportlab_floor_drawing_s']:.3f} s of drawing")


if __name__ == "__main__":
    main()

"""The common deck job (../shared/bench/common-deck) timed as a whole process, start-up included.

``python bench/common_deck.py [--json] [--repeat N]``: printkit builds bench/common-deck (18 poker cards,
shared back, A4) into an empty folder N times (default 7); the median wall and CPU time and the peak
memory are reported, then the same for a 1,000-card deck. Each is set against its floor, measured in
the same run, interleaved with printkit's runs so the machine's load falls on both alike: raw
reportlab drawing the same fronts and backs (no previews, no checks, no SVG) as a process of its own.
The figures that count are the ratios (issue 23: the deck job <= 2.5x, 1,000 cards <= 3x); an
absolute time is noise on a shared machine.
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
sys.path.insert(0, str(HERE))

from installed import EDITABLE_NOTE, compile_bytecode, editable_install  # noqa: E402

KIT = HERE / "common-deck"
RUNS = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 7

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


def against_floor(kit: Path, tmp: Path) -> dict[str, float]:
    """RUNS builds of ``kit`` into empty folders, each followed by a run of the floor on the same cards:
    medians of wall and CPU seconds of both, their ratios, printkit's peak memory."""
    script = tmp / "floor.py"
    script.write_text(FLOOR)
    ours, ours_cpu, floor, floor_cpu, inner, peak = [], [], [], [], [], 0.0
    for i in range(RUNS):
        seconds, cpu, peak = whole([*printkit_command(), "build", "--kit", str(kit), "--out", str(tmp / f"out-{kit.name}-{i}")])
        ours.append(seconds)
        ours_cpu.append(cpu)
        start, used = time.perf_counter(), _cpu()
        done = subprocess.run([sys.executable, str(script), str(kit / "cards.csv"), str(tmp / f"floor-{kit.name}-{i}.pdf")],
                              check=True, capture_output=True, text=True)
        floor.append(time.perf_counter() - start)
        floor_cpu.append(_cpu() - used)
        inner.append(float(done.stdout))
    m = statistics.median
    return {"printkit_s": round(m(ours), 3), "printkit_cpu_s": round(m(ours_cpu), 3), "peak_mib": round(peak, 1),
            "floor_s": round(m(floor), 3), "floor_cpu_s": round(m(floor_cpu), 3), "floor_drawing_s": round(m(inner), 3),
            "ratio": round(m(ours) / m(floor), 2), "cpu_ratio": round(m(ours_cpu) / m(floor_cpu), 2)}


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
    compile_bytecode()
    load_before = round(os.getloadavg()[0], 2)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        deck = against_floor(KIT, tmp)
        big = against_floor(big_deck(tmp, 1000), tmp)
    result = {"common_deck_18_cards": deck, "deck_1000_cards": big, "runs": RUNS, "cores": os.cpu_count(),
              "load_average": [load_before, round(os.getloadavg()[0], 2)], "editable_install": editable_install()}
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
        return
    if result["editable_install"]:
        print(EDITABLE_NOTE)
    for label, r, target in (("common deck, 18 cards", deck, 2.5), ("1,000-card deck", big, 3.0)):
        print(f"{label} (whole processes, median of {RUNS}): printkit {r['printkit_s']:.3f} s ({r['printkit_cpu_s']:.3f} s CPU, "
              f"peak {r['peak_mib']:.0f} MiB), raw reportlab {r['floor_s']:.3f} s ({r['floor_cpu_s']:.3f} s CPU): "
              f"{r['ratio']:.2f}x wall, {r['cpu_ratio']:.2f}x CPU (target <= {target}x)")
    print(f"load average (1 min) before and after: {result['load_average']}, {result['cores']} cores")


if __name__ == "__main__":
    main()

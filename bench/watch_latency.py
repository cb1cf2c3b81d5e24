"""Watch latency: from writing config.toml to ``printkit watch`` printing the kit's "built" line.

Run alone with ``python bench/watch_latency.py`` or as part of ``bench/bench.py``. A real
``printkit watch --game warfare`` runs in a subprocess; each round changes the board size,
times the write to the line, then waits for the gallery refresh before the next round.
"""

from __future__ import annotations

import os
import queue
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def watch_latency(rounds: int = 7) -> list[float]:
    """Seconds from each config write to its "built" line (warfare, previews of unchanged art cached)."""
    with tempfile.TemporaryDirectory() as tmp:
        config, out = Path(tmp) / "config.toml", Path(tmp) / "out"
        config.write_text("[games.warfare]\nboard_size = 6\n", encoding="utf-8")
        process = subprocess.Popen([sys.executable, "-u", "-m", "printkit", "watch", "--game", "warfare", "--config", str(config),
                                    "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
        lines: queue.Queue[tuple[float, str]] = queue.Queue()
        assert process.stdout is not None
        stream = process.stdout
        threading.Thread(target=lambda: [lines.put((time.perf_counter(), line)) for line in stream], daemon=True).start()

        def next_built() -> float:
            while True:
                at, line = lines.get(timeout=60)
                if "built in" in line:
                    return at
                if "FAILED" in line or "error" in line:
                    raise RuntimeError(line)

        def gallery_done(previous: float) -> None:
            stamp = out / "build-stamp.txt"
            while not stamp.exists() or stamp.stat().st_mtime <= previous:
                time.sleep(0.05)

        times = []
        try:
            next_built()
            gallery_done(0)
            for n in range(rounds):
                size = 7 + n % 2
                stamp_time = (out / "build-stamp.txt").stat().st_mtime
                time.sleep(0.3)
                start = time.perf_counter()
                config.write_text(f"[games.warfare]\nboard_size = {size}\n", encoding="utf-8")
                times.append(next_built() - start)
                gallery_done(stamp_time)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)
    return times


if __name__ == "__main__":
    measured = watch_latency()
    print(f"watch rebuild of warfare, config write to 'built' line: median {statistics.median(measured):.3f} s "
          f"(min {min(measured):.3f}, max {max(measured):.3f}; target <= 1 s)")

"""bench/engines.py: one line per ordered pair of a game's players, through play_games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engines.py"


def test_engines_bench_times_every_pair_of_a_game() -> None:
    out = subprocess.run([sys.executable, str(BENCH), "--game", "tokentactics", "--seconds", "0.02", "--json",
                          "--set", "games.tokentactics.starting_tokens=5"], capture_output=True, text=True, check=True)
    pairs = json.loads(out.stdout)["pairs"]
    assert len(pairs) == 9 and {p["players"] for p in pairs} >= {"random,random", "mixed,strategic", "strategic,mixed"}
    for pair in pairs:
        assert pair["game"] == "tokentactics" and pair["games"] >= 20 and pair["games_per_second"] > 0
        assert pair["target"] == (2000 if pair["players"] == "random,random" else 500)

"""Token Tactics: fortify or attack with secret commitments until a reserve is empty.

The game is its kit folder (kitfolder/: kit.toml, rules.py, rules.md) played and built through printkit.kitgame
and printkit.datakit; this package adds what a built-in game has beyond a designer's kit: the config table's
limits (params.py), the compiled playouts (kernel.py, analysis.py's fast random games, cross-checked against
rules.py by the tests) and the output names of ``--game`` (kit.py, terminal.py).
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.spec import lazy_kernel, lazy_kit
from printkit.games.tokentactics.analysis import fast_simulate, observe, peak_percentile, summarize
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.source import NAME, TITLE, game, kit_spec, rules
from printkit.games.tokentactics.terminal import play

__all__ = ["SPEC", "Params", "game", "play", "rules"]


SPEC = replace(
    kit_spec(),
    name=NAME,
    title=TITLE,
    seed="004_a520edffd42cb51b.txt",
    params=Params,
    rules=rules,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.tokentactics.kernel"),
    summarize=summarize,
    observe=observe,
    play=play,
    kit=lazy_kit("printkit.games.tokentactics.kit"),
    extras={"peak_percentile": peak_percentile},
)

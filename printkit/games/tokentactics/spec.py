"""The registry's record of Token Tactics: its ``SPEC`` (parameters, rules, players, kit)."""

from __future__ import annotations

from dataclasses import replace

from printkit.games.tokentactics.analysis import fast_simulate, observe, peak_percentile, summarize
from printkit.games.tokentactics.params import Params
from printkit.games.tokentactics.source import NAME, TITLE, kit_spec, rules
from printkit.games.tokentactics.terminal import play
from printkit.rules.spec import lazy_kernel, lazy_kit

SPEC = replace(
    kit_spec(),
    name=NAME,
    title=TITLE,
    seed="004_a520edffd42cb51b.txt",
    params=Params,
    rules=rules,
    fast_simulate=fast_simulate,
    kernel=lazy_kernel("printkit.games.tokentactics.kernel"),
    summarize=lambda params, tally: summarize(tally),
    observe=observe,
    play=play,
    kit=lazy_kit("printkit.games.tokentactics.kit"),
    extras={"peak_percentile": peak_percentile},
)

"""The numbers designers judge a game by, measured while games are played (definitions: docs/guide/metrics.md).

A :class:`Trace` watches one game: each decision (who chose, among how many legal moves), the players' standing
after each move (the rules' ``score(state, player)``, else the ``mcts`` player's value of the position), and the
end. It adds sums to ``Tally.measures`` (a Counter, so chunks merge by addition in any order); :func:`figures`
turns the sums into rates with 95% intervals and means. Standing-based figures (lead changes, drama,
decisiveness) follow Browne (2008) and Ludii's metrics (Stephenson et al., ``Lead Change``, ``Drama``,
``Decisiveness``).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Callable, Sequence

from printkit.rules.game import Outcome
from printkit.rules.reasons import count_numbers, number_roles

Z95 = 1.959964
TRACED = 100
"""Games of a batch (a chunk of up to 1,000) whose every move is traced, the first of the batch; the others count
their ends only. Tracing a move costs a fast game of a designer's rules.py about 60% of its speed: a tenth of the
games keeps the figures' intervals useful and the batch within a few per cent of its speed."""


class Trace:
    """One game's decisions and standings; :meth:`end` adds them to ``measures``."""

    __slots__ = ("players", "measures", "turns", "options", "forced", "counted", "leaders", "standings", "moves")

    def __init__(self, players: int, measures: Counter[str]) -> None:
        self.players, self.measures = players, measures
        self.turns = [0] * players
        self.options, self.forced, self.counted, self.moves = 0, 0, 0, 0
        self.leaders: list[int | None] = []
        self.standings: list[Sequence[float]] = []

    def decided(self, player: int, legal: int | None) -> None:
        """``player`` chose among ``legal`` moves (None: not counted, the rules list a turn's moves at a high cost)."""
        self.turns[player] += 1
        self.moves += 1
        if legal is not None:
            self.options += legal
            self.forced += legal == 1
            self.counted += 1

    def stood(self, values: Sequence[float]) -> None:
        """Each player's standing after a move (higher is better)."""
        best = max(values)
        leaders = [p for p, v in enumerate(values) if v == best]
        self.leaders.append(leaders[0] if len(leaders) == 1 else None)
        self.standings.append(tuple(values))

    def end(self, outcome: Outcome) -> None:
        """The game is over: add its figures."""
        m, n = self.measures, self.players
        m["traced"] += 1
        for seat in range(n):
            m[f"turns_{seat + 1}"] += self.turns[seat]
        m["decisions"] += self.moves
        m["options"] += self.options
        m["forced"] += self.forced
        m["counted"] += self.counted
        m["moves_sq"] += self.moves * self.moves
        ended(m, n, (outcome,))
        if self.leaders:
            self._standings(outcome.winner)

    def _standings(self, winner: int | None) -> None:
        m = self.measures
        m["standing_games"] += 1
        leaders = [who for who in self.leaders if who is not None]
        changes = sum(1 for a, b in zip(leaders, leaders[1:]) if a != b)
        m["lead_changes"] += changes
        m["lead_changes_sq"] += changes * changes
        m["standing_moves"] += len(self.leaders)
        if winner is None:
            return
        m["standing_decisive"] += 1
        deficits = [max(v) - v[winner] for v in self.standings]
        worst = max(deficits)
        if worst > 0:
            m["winner_behind"] += 1
            m["winner_deficit"] += worst
        held = len(self.leaders)
        while held > 0 and self.leaders[held - 1] == winner:
            held -= 1
        m["decided_share"] += held / len(self.leaders)


def ended(measures: Counter[str], players: int, outcomes: Sequence[Outcome]) -> None:
    """Add the ends of games (results by seat, scores, margins, which score each number of the end reason held) to
    ``measures``: every game counts here, traced or not (a fast game keeps its outcomes in a list and adds them at
    once)."""
    wins, totals, squares = [0] * players, [0.0] * players, [0.0] * players
    leads, lead_squares = [0.0] * players, [0.0] * players
    draws = scored = margins = 0
    margin_sum = margin_squares = 0.0
    for outcome in outcomes:
        winner, scores = outcome.winner, outcome.scores
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        if len(scores) == players:
            scored += 1
            top, second = sorted(scores, reverse=True)[:2] if players > 1 else (scores[0], scores[0])
            for seat in range(players):
                totals[seat] += scores[seat]
                squares[seat] += scores[seat] * scores[seat]
                if players > 1:  # the seat's margin: its score minus the best other score (negative when behind)
                    lead = scores[seat] - (second if scores[seat] == top else top)
                    leads[seat] += lead
                    lead_squares[seat] += lead * lead
            if winner is not None:
                margin = scores[winner] - max(scores[p] for p in range(players) if p != winner)
                margins += 1
                margin_sum += margin
                margin_squares += margin * margin
    found = {"games": len(outcomes), "draws": draws, "scored": scored, "margin_games": margins, "margin": margin_sum,
             "margin_sq": margin_squares}
    for seat in range(players):
        found[f"seat_{seat + 1}_wins"] = wins[seat]
        found[f"score_{seat + 1}"] = totals[seat]
        found[f"score_{seat + 1}_sq"] = squares[seat]
        found[f"margin_{seat + 1}"] = leads[seat]
        found[f"margin_{seat + 1}_sq"] = lead_squares[seat]
    measures.update({key: value for key, value in found.items() if value})
    count_numbers(measures, players, outcomes)


def mean_interval(total: float, squares: float, n: int) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% normal interval from a sum and a sum of squares."""
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = total / n
    spread = math.sqrt(max(0.0, squares / n - mean * mean) / n) if n > 1 else 0.0
    return mean, mean - Z95 * spread, mean + Z95 * spread


def figures(measures: Counter[str], players: int, names: Sequence[str],
            wilson: Callable[[int, int], tuple[float, float]]) -> dict[str, Any]:
    """The figures of a run from its measures (empty when no game was traced)."""
    m = measures
    games = int(m["games"])
    if not games:
        return {}
    decisive = games - int(m["draws"])
    traced = int(m["traced"])
    seats = []
    for seat in range(players):
        wins = int(m[f"seat_{seat + 1}_wins"])
        low, high = wilson(wins, games)
        entry: dict[str, Any] = {"seat": seat + 1, "name": names[seat] if seat < len(names) else f"Player {seat + 1}",
                                 "wins": wins, "win_rate": wins / games, "win_interval": [low, high],
                                 "turns": m[f"turns_{seat + 1}"] / traced if traced else 0.0}
        if decisive:
            dlow, dhigh = wilson(wins, decisive)
            entry["advantage"] = wins / decisive - 1 / players
            entry["advantage_interval"] = [dlow - 1 / players, dhigh - 1 / players]
        if m["scored"]:
            mean, low, high = mean_interval(m[f"score_{seat + 1}"], m[f"score_{seat + 1}_sq"], int(m["scored"]))
            entry["score"], entry["score_interval"] = mean, [low, high]
            if players > 1:
                mean, low, high = mean_interval(m[f"margin_{seat + 1}"], m[f"margin_{seat + 1}_sq"], int(m["scored"]))
                entry["margin"], entry["margin_interval"] = mean, [low, high]
        seats.append(entry)
    draws_low, draws_high = wilson(int(m["draws"]), games)
    moves, low, high = mean_interval(m["decisions"], m["moves_sq"], traced)
    data: dict[str, Any] = {
        "games": games,
        "traced_games": traced,
        "seats": seats,
        "draws": int(m["draws"]), "draw_rate": int(m["draws"]) / games, "draw_interval": [draws_low, draws_high],
        "move_limit_stops": int(m["move_limit"]),
        "moves": moves, "moves_interval": [low, high],
    }
    counted = int(m["counted"])
    if counted:  # decisions whose legal moves were counted (not those of rules with counts_moves = False)
        data["branching"], data["forced_share"] = m["options"] / counted, m["forced"] / counted
        data["forced_interval"] = list(wilson(int(m["forced"]), counted))
    if m["margin_games"]:
        mean, low, high = mean_interval(m["margin"], m["margin_sq"], int(m["margin_games"]))
        data["margin"], data["margin_interval"] = mean, [low, high]
    standing = int(m["standing_games"])
    if standing:
        mean, low, high = mean_interval(m["lead_changes"], m["lead_changes_sq"], standing)
        data["lead_changes"], data["lead_changes_interval"] = mean, [low, high]
        data["lead_change_rate"] = m["lead_changes"] / m["standing_moves"] if m["standing_moves"] else 0.0
        scored_decisive = int(m["standing_decisive"])
        if scored_decisive:
            behind = int(m["winner_behind"])
            data["drama"] = behind / scored_decisive
            data["drama_interval"] = list(wilson(behind, scored_decisive))
            data["drama_deficit"] = m["winner_deficit"] / behind if behind else 0.0
            data["decisiveness"] = m["decided_share"] / scored_decisive
    roles = number_roles(m, [seat["name"] for seat in seats])
    if roles:
        data["reason_numbers"] = roles
    return data


def number(value: float, digits: int = 2, sign: str = "") -> str:
    """``value`` written with ``digits`` decimals (``sign="+"``: signed); one that rounds to zero reads 0, never -0."""
    return f"{round(value, digits) + 0.0:{sign}.{digits}f}"


def _pct(value: float) -> str:
    return f"{number(100 * value, 1)}%"


def _span(interval: Sequence[float], scale: float = 100.0, unit: str = "%") -> str:
    low, high = interval
    if unit == "%":
        return f"95% CI {number(scale * low, 1)}-{number(scale * high, 1)}{unit}"
    return f"95% CI {number(low)} to {number(high)}"


def metrics_lines(data: dict[str, Any]) -> list[str]:
    """The figures as simulate prints them (two-space indent, one figure a line)."""
    if not data:
        return ["  (no per-move figures: this pair was played by the game's fast kernel; other players go through "
                "the rules engine)"]
    scored = any("score" in seat for seat in data["seats"])
    lines = [f"  by seat (win rate of all games; advantage: share of decisive games above an even 1/{len(data['seats'])}"
             + ("; score, margin: means a game, margin = score minus the best other score" if scored else "")
             + ")"]
    for seat in data["seats"]:
        text = f"    {seat['name']:<10} wins {_pct(seat['win_rate'])} ({_span(seat['win_interval'])})"
        if "advantage" in seat:
            low, high = seat["advantage_interval"]
            text += (f", advantage {number(100 * seat['advantage'], 1, '+')} points ({number(100 * low, 1, '+')} to "
                     f"{number(100 * high, 1, '+')})")
        lines.append(text + f", {seat['turns']:.1f} turns")
        if "score" in seat:
            text = f"    {'':<10} score {seat['score']:.2f} ({_span(seat['score_interval'], unit='')})"
            if "margin" in seat:
                low, high = seat["margin_interval"]
                text += f", margin {number(seat['margin'], 2, '+')} (95% CI {number(low, 2, '+')} to {number(high, 2, '+')})"
            lines.append(text)
    if "margin" in data:
        lines.append(f"  margin  {data['margin']:.2f} points to the winner ({_span(data['margin_interval'], unit='')})")
    lines.append(f"  draws   {_pct(data['draw_rate'])} ({_span(data['draw_interval'])}); "
                 f"stopped at the move limit: {data['move_limit_stops']}")
    lines.append(f"  moves   {data['moves']:.2f} decisions a game ({_span(data['moves_interval'], unit='')})")
    if "branching" in data:
        lines.append(f"  choice  {data['branching']:.2f} legal moves a decision; {_pct(data['forced_share'])} forced "
                     f"({_span(data['forced_interval'])})")
    else:
        lines.append("  choice  not counted: these rules list a turn's moves at too high a cost (counts_moves = False)")
    if "lead_changes" in data:
        lines.append(f"  lead    {data['lead_changes']:.2f} changes a game ({_span(data['lead_changes_interval'], unit='')}), "
                     f"{_pct(data['lead_change_rate'])} of moves")
    if "drama" in data:
        lines.append(f"  drama   the winner was behind in {_pct(data['drama'])} of decisive games ({_span(data['drama_interval'])}), "
                     f"by {data['drama_deficit']:.2f} at worst on average")
        lines.append(f"  decided the winner leads for good after {_pct(data['decisiveness'])} of the moves")
    return lines

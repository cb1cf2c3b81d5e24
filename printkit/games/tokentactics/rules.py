"""Token Tactics: fortify or attack with secret commitments until a reserve is empty.

Written against printkit.kitrules only. A battle is one move: the attacker's commitment and the
defender's secret answer, revealed together (``P2 attack 3 vs 2``). Resolution, read from the seed's
worked example: each player spends what they committed; the battle's winner (the attacker if their
commitment is larger, else the defender) gains the difference, the loser gives it; the loser's
reserve is then floored at 0. So the winner ends on ``reserve - commit + difference`` and the loser
on ``max(0, reserve - commit - difference)``.

Why "strategic" never mixes: under that arithmetic the attacker always ends on
``max(0, reserve - defence)`` and the defender on ``max(0, reserve - attack)``, whoever wins the
battle. Committing everything is therefore weakly dominant for both sides, and the best reply to a
full defence is to attack only when strictly ahead.

The print kit follows from the same numbers (the ``rows_*`` methods, ``sheet`` and ``checks`` at the end):
no reserve passes the larger of the start and the cap, so the commit cards run 0 to that bound, the chips
show every reserve up to it and the tracker runs at least that far.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import Any, Sequence

from printkit.kitrules import Answered, Game, IllegalMove, NotationError, Outcome, Table, plural, result_text

FORTIFY = "fortify"
NOTATION = re.compile(r"(?:p(?P<player>\d{1,9})\s+)?(?:(?P<fortify>fortify)|attack\s+(?P<a>\d{1,9})\s+vs\s+(?P<d>\d{1,9}))")
EXPECTED = "expected 'P1 fortify' or 'P1 attack N vs M' (attacker's tokens vs defender's)"


def attack(commit: int, defend: int) -> Answered:
    """The move of an attack committing ``commit`` tokens against a defence of ``defend``."""
    return Answered(("attack", commit), defend)


def resolve(attacker: int, defender: int, commit: int, defend: int) -> tuple[bool, int, int, int]:
    """(attacker wins the battle, difference, attacker's reserve after, defender's after); ties go to the defender."""
    difference = abs(commit - defend)
    if commit > defend:
        return True, difference, attacker - commit + difference, max(0, defender - defend - difference)
    return False, difference, max(0, attacker - commit - difference), defender - defend + difference


def game_winner(reserves: Sequence[int], attacker: int, attacker_won: bool) -> int | None:
    """Who wins once a battle is resolved: nobody yet while both reserves hold tokens; else the player whose opponent's
    reserve is empty; both empty (only after a tie of everything) the winner of that battle."""
    if reserves[0] and reserves[1]:
        return None
    if reserves[0] == reserves[1]:
        return attacker if attacker_won else 1 - attacker
    return 1 if reserves[0] == 0 else 0


def end_reason(winner: int, reserves: Sequence[int]) -> str:
    """Why ``winner`` won, as the game's outcome says it."""
    return ("both reserves empty, defender won the battle" if reserves[winner] == 0
            else f"{tag(1 - winner)} has no tokens left")


def tag(player: int) -> str:
    """``P1`` / ``P2``: the player in log lines and end reasons."""
    return f"P{player + 1}"


def chip_set(bound: int, fives: bool) -> tuple[int, int]:
    """(ones, fives): the fewest chips showing every reserve 0..bound, greedily (as many fives as fit, ones for the
    rest): four ones and enough fives, when fives are allowed and that is fewer chips than ones alone."""
    if fives and bound > 4 and 4 + math.ceil((bound - 4) / 5) < bound:
        return 4, math.ceil((bound - 4) / 5)
    return bound, 0


def covers(ones: int, fives: int, bound: int) -> bool:
    """Whether ``ones`` 1-chips and ``fives`` 5-chips lay out every reserve 0..bound, greedily."""
    return all(n - 5 * min(fives, n // 5) <= ones for n in range(bound + 1))


def peak_histogram(counted: Any) -> dict[int, int]:
    """Games per largest reserve reached, from simulate's counters (``tally.extra``)."""
    return {int(k[len(PEAK_PREFIX):]): n for k, n in counted.items() if k.startswith(PEAK_PREFIX)}


def peak_percentile(counted: Any, percent: float = 99.9) -> int:
    """The smallest reserve that at least ``percent`` % of the games counted never exceeded."""
    histogram = peak_histogram(counted)
    need, seen = math.ceil(sum(histogram.values()) * percent / 100), 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= need:
            return value
    return 0


def minus_clamped(before: int, spent: int, diff: int) -> str:
    raw = before - spent - diff
    return f"{before} - {spent} - {diff} = {raw}, so 0" if raw < 0 else f"{before} - {spent} - {diff} = {raw}"


CAP_EM, DESCENT_EM, PT_MM = 0.729, 0.236, 25.4 / 72
"""The height of the print font's capitals and the depth of its descender (Vera Bold, in ems), and a point in mm:
what centres a number on a chip."""
PEAK_PREFIX = "max_reserve_"
"""The counters of games by their largest reserve: ``max_reserve_12`` counts the games whose largest reserve was 12."""
SIM_GAMES, SIM_SEED = 2000, 2026
"""The random games behind the rule sheet's figures."""
BATTLE_RULES = [
    ("Difference", "the larger card minus the smaller card."),
    ("Who wins the battle", "the attacker if their card is larger; otherwise the defender (a tie takes 0)."),
    ("Winner ends on", "reserve - own card + difference."),
    ("Loser ends on", "reserve - own card - difference, never below 0."),
    ("In short", "attacker: reserve - defender's card; defender: reserve - attacker's card (never below 0)."),
]


class TokenTactics(Game):
    """Two reserves; Fortify, or Attack with a secret commitment answered by a secret defence."""

    per_player = ("reserves", "peak")
    endings = ("P1 has no tokens left", "P2 has no tokens left", "both reserves empty")
    aids = ("commit-cards", "player-aids")  # printed for the players: the rules read the numbers, they deal no card
    strongest = "strategic"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.player_names = tuple(self.params.player_names)
        self._figures: dict[Any, Any] = {}

    # --- the rules ------------------------------------------------------------------------------
    def setup(self) -> dict[str, Any]:
        start = self.params.starting_tokens
        return {"reserves": [start, start], "to_move": 0, "turn": 0, "peak": [start, start], "winner": None,
                "cap_reached": start >= self.params.reserve_cap, "attacks": 0}

    def can_fortify(self, state: Any, player: int | None = None) -> bool:
        """Whether ``player`` (default: the player to move) is below the reserve cap."""
        return state["reserves"][state["to_move"] if player is None else player] < self.params.reserve_cap

    def can_attack(self, state: Any) -> bool:
        """Whether the player to move holds at least the minimum attack."""
        return state["reserves"][state["to_move"]] >= self.params.minimum_attack

    def moves(self, state: Any) -> list[Any]:
        """Fortify first (if allowed), then every commitment, smallest first."""
        mine = state["reserves"][state["to_move"]]
        moves: list[Any] = [FORTIFY] if self.can_fortify(state) else []
        return moves + [("attack", n) for n in range(self.params.minimum_attack, mine + 1)]

    def answers(self, state: Any, move: Any) -> list[int]:
        """The defender answers an attack in secret with 0 up to their reserve."""
        return [] if move == FORTIFY else list(range(state["reserves"][1 - state["to_move"]] + 1))

    def play(self, state: Any, move: Any) -> None:
        me, cap, reserves = state["to_move"], self.params.reserve_cap, state["reserves"]
        if move == FORTIFY:
            reserves[me] = min(cap, reserves[me] + self.params.fortify_amount)
        else:
            won, _, reserves[me], reserves[1 - me] = resolve(reserves[me], reserves[1 - me], move.move[1], move.answer)
            state["attacks"] += 1
            state["winner"] = game_winner(reserves, me, won)
        state["peak"] = [max(p, r) for p, r in zip(state["peak"], reserves)]
        state["cap_reached"] = state["cap_reached"] or max(reserves) >= cap
        state["to_move"], state["turn"] = 1 - me, state["turn"] + 1

    def outcome(self, state: Any) -> Outcome | None:
        """The winner once a reserve is empty; scores are the final reserves."""
        winner = state["winner"]
        if winner is None:
            return None
        return Outcome(winner, end_reason(winner, state["reserves"]), (float(state["reserves"][0]), float(state["reserves"][1])))

    def counters(self, state: Any) -> dict[str, int]:
        """For simulate: games where a reserve reached the cap, games ending with both reserves empty, games per largest
        reserve reached (``max_reserve_NN``: how many chips a player can need), the largest reserve of any game, and
        the moves of each kind."""
        peak = max(state["peak"])
        return {"cap_reached": state["cap_reached"], "both_empty": state["reserves"] == [0, 0],
                f"{PEAK_PREFIX}{peak:02d}": 1, "largest_reserve": peak, "attacks": state["attacks"],
                "fortifies": state["turn"] - state["attacks"]}

    def summary(self, counted: Any, games: int) -> dict[str, float]:
        """How often the cap was reached, the largest reserve, attacks per game, double knock-outs."""
        n = games or 1
        return {"cap_reached_rate": counted["cap_reached"] / n, "largest_reserve": float(counted["largest_reserve"]),
                "mean_attacks": counted["attacks"] / n, "both_empty_rate": counted["both_empty"] / n}

    def as_json(self, state: Any) -> dict[str, Any]:
        """The position as ``replay --json`` writes it: the state without its count of attacks (simulate's)."""
        return {key: list(value) if isinstance(value, list) else value for key, value in state.items() if key != "attacks"}

    # --- notation and messages --------------------------------------------------------------------
    def notation(self, state: Any, move: Any) -> str:
        """``P1 fortify`` or ``P2 attack 3 vs 2`` (attacker's commitment vs defender's)."""
        if move == FORTIFY:
            return f"{tag(state['to_move'])} fortify"
        return f"{tag(state['to_move'])} attack {move.move[1]} vs {move.answer}"

    def parse(self, state: Any, text: str) -> Any:
        """A move with or without its player tag, in any letter case."""
        match = NOTATION.fullmatch(" ".join(text.split()).lower())
        if match is None:
            raise NotationError(EXPECTED)
        if match["player"] is not None:
            if match["player"] not in ("1", "2"):
                raise NotationError(f"'P{match['player']}' is not a player (P1 or P2)")
            if int(match["player"]) - 1 != state["to_move"]:
                raise IllegalMove(f"it is {tag(state['to_move'])}'s turn, not P{match['player']}'s")
        return FORTIFY if match["fortify"] else attack(int(match["a"]), int(match["d"]))

    def why_not(self, state: Any, move: Any) -> str | None:
        me = state["to_move"]
        mine, theirs, low = state["reserves"][me], state["reserves"][1 - me], self.params.minimum_attack
        if move == FORTIFY:
            return f"{tag(me)} cannot fortify: reserve {mine} is at the cap of {self.params.reserve_cap}"
        if not isinstance(move, Answered):
            return f"not a move of Token Tactics: {EXPECTED}"
        commit, defend = move.move[1], move.answer
        if commit < low:
            return f"{tag(me)} must commit at least {low} to attack, got {commit}"
        if commit > mine:
            return f"{tag(me)} cannot commit {commit} tokens (reserve {mine})"
        return f"{tag(1 - me)} cannot defend with {defend} tokens (0 to reserve {theirs})"

    def pieces(self, state: Any) -> dict[str, dict[str, str]]:
        """Each player's tracker marker on their reserve (the table draws the kit's own markers there)."""
        top = self.track_top()
        return {"tracker": {f"track-{p + 1}-{min(n, top)}": f"marker-{p + 1}" for p, n in enumerate(state["reserves"])}}

    def text(self, state: Any) -> str:
        lines = self._reserve_lines(state, "")
        if state["winner"] is None:
            return "\n".join([*lines, f"{self.player_names[state['to_move']]} to move (turn {state['turn'] + 1})"])
        return "\n".join([*lines, f"{self.player_names[state['winner']]} wins"])

    # --- players: the mover chooses its action and commitment, the defender its defence ----------
    def player_random(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """Uniform at each choice: the action (when both are legal), then the commitment."""
        can_attack = moves[-1] != FORTIFY
        if FORTIFY in moves and (not can_attack or rng.randrange(2) == 0):
            return FORTIFY
        return ("attack", rng.randint(self.params.minimum_attack, view["reserves"][view["to_move"]]))

    def answer_random(self, view: Any, answers: list[int], rng: Any) -> int:
        return rng.randint(0, view["reserves"][1 - view["to_move"]])

    def player_strategic(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """Attacks with everything when strictly ahead (or when it cannot fortify); else fortifies."""
        mine, theirs = view["reserves"][view["to_move"]], view["reserves"][1 - view["to_move"]]
        if moves[-1] != FORTIFY and (mine > theirs or FORTIFY not in moves):
            return ("attack", mine)
        return FORTIFY

    def answer_strategic(self, view: Any, answers: list[int], rng: Any) -> int:
        """Defends with everything."""
        return view["reserves"][1 - view["to_move"]]

    def player_mixed(self, view: Any, moves: list[Any], rng: Any) -> Any:
        """The seed's strategy tips, not the solution: attacks with probability 1/2 plus half its relative
        lead, committing uniformly from the upper half of its reserve."""
        mine, theirs = view["reserves"][view["to_move"]], view["reserves"][1 - view["to_move"]]
        if moves[-1] == FORTIFY:
            return FORTIFY
        if FORTIFY in moves and not rng.random() < 0.5 + (mine - theirs) / max(mine, theirs) / 2:
            return FORTIFY
        return ("attack", rng.randint(max(self.params.minimum_attack, (mine + 1) // 2), mine))

    def answer_mixed(self, view: Any, answers: list[int], rng: Any) -> int:
        """Defends uniformly from the upper half of its reserve."""
        theirs = view["reserves"][1 - view["to_move"]]
        return rng.randint((theirs + 1) // 2, theirs)

    # --- abilities (balance --abilities) -----------------------------------------------------------
    def ability_fortify(self, state: Any, move: Any) -> bool:
        """Fortify, the one optional action (a seat that never attacks cannot win)."""
        return move == FORTIFY

    # --- printkit play: the seed's command-line dialogue, word for word ----------------------------
    def dialogue(self, table: Table) -> None:
        """The banner, then turns until a reserve is empty, then the result. Both commitments of a battle are
        read in secret; the computer's are shown as ``> (secret)``."""
        state = table.state
        table.say(f"---- {table.title} ----", *self._reserve_lines(state, ""))
        while state["winner"] is None:
            table.say("", f"{self.player_names[state['to_move']]}'s Turn:")
            state = self._turn(table, state)
        table.say("", "Game Over!", self._result(state))

    def _reserve_lines(self, state: Any, bullet: str) -> list[str]:
        return [f"{bullet}{name} Tokens: {n}" for name, n in zip(self.player_names, state["reserves"])]

    def _result(self, state: Any) -> str:
        winner, names = state["winner"], self.player_names
        if state["reserves"][winner] == 0:
            return f"{names[winner]} wins: both reserves are empty and {names[winner]} won the last battle."
        return f"{names[winner]} wins by capturing all of {names[1 - winner]}'s tokens."

    def _turn(self, table: Table, state: Any) -> Any:
        me = state["to_move"]
        you = self.player_names[me] if table.is_computer(me) else "You"
        chosen = self._action(table, state)
        if chosen == FORTIFY:
            after = table.play(state, FORTIFY)
            added = after["reserves"][me] - state["reserves"][me]
            table.say(f"{you} chose to Fortify.", f"{self.player_names[me]} adds {plural(added, 'token')} to their reserve.")
            return after
        table.say(f"{you} chose to Attack.")
        return self._battle(table, state, chosen)

    def _action(self, table: Table, state: Any) -> Any:
        """``fortify``, ``attack`` (a person, who commits next) or the computer's ``("attack", n)``."""
        question = "Choose an action: (1) Fortify, (2) Attack"
        if table.is_computer(state["to_move"]):
            chosen = table.computer_move(state)
            table.say(question, "> " + ("1" if chosen == FORTIFY else "2"))
            return chosen
        while True:
            answer = table.ask_number(question, 1, 2, "1 (Fortify) or 2 (Attack)")
            mine = state["reserves"][state["to_move"]]
            if answer == 1 and not self.can_fortify(state):
                table.say(f"You cannot Fortify: your reserve ({mine}) is at the cap of {self.params.reserve_cap} tokens.")
            elif answer == 2 and not self.can_attack(state):
                table.say(f"You cannot Attack: you need at least {plural(self.params.minimum_attack, 'token')} to attack.")
            else:
                return FORTIFY if answer == 1 else "attack"

    def _battle(self, table: Table, state: Any, chosen: Any) -> Any:
        me, low = state["to_move"], self.params.minimum_attack
        mine, theirs = state["reserves"][me], state["reserves"][1 - me]
        question = f"Enter the number of tokens to commit ({low}-{mine}):"
        if table.is_computer(me):
            table.say(question, "> (secret)")
            commit = chosen[1]
        else:
            commit = table.ask_number(question, low, mine, f"a number from {low} to {mine}", secret=True)
        question = f"{self.player_names[1 - me]}, enter the number of tokens to defend with (0-{theirs}):"
        if table.is_computer(1 - me):
            table.say(question, "> (secret)")
            defend = table.computer_answer(state, ("attack", commit))
        else:
            defend = table.ask_number(question, 0, theirs, f"a number from 0 to {theirs}", secret=True)
        won, difference, _, _ = resolve(mine, theirs, commit, defend)
        winner = me if won else 1 - me
        headline = ("Attacker wins the battle!" if won else "It's a tie, so the defender wins the battle!"
                    if difference == 0 else "Defender wins the battle!")
        table.say("Reveal:", f"- Attacker committed {plural(commit, 'token')}.", f"- Defender committed {plural(defend, 'token')}.", headline,
                  f"{self.player_names[winner]} takes {plural(difference, 'token')} from {self.player_names[1 - winner]}.")
        after = table.play(state, attack(commit, defend))
        table.say("", "Updated Reserves:", *self._reserve_lines(after, "- "))
        return after

    # --- the print kit: what kit.toml's pieces are made of (rows = "..."), the rule sheet's values, checks ---
    def reserve_bound(self) -> int:
        """The largest reserve any game reaches: only Fortify adds tokens, never past the cap, and a battle never
        raises a reserve (the attacker ends on reserve - defence, the defender on reserve - attack)."""
        return max(self.params.starting_tokens, self.params.reserve_cap)

    def track_top(self) -> int:
        """The tracker's last space: the configured length, or the reserve bound if that is larger."""
        return max(self.params.track_length, self.reserve_bound())

    def colour(self, player: int) -> str:
        return (self.params.colour_1, self.params.colour_2)[player]

    def rows_commit_cards(self) -> list[dict[str, Any]]:
        """Cards 0 to the reserve bound for each player, all of one player's cards with one back."""
        low, names = self.params.minimum_attack, self.player_names
        return [{"name": f"{names[p]} commit {n}", "player": p + 1, "n": n, "colour": self.colour(p),
                 "note": "defence only" if n < low else "attack or defence", "subtitle": f"{names[p]} commit"}
                for p in (0, 1) for n in range(self.reserve_bound() + 1)]

    def _chips(self, player: int) -> list[dict[str, Any]]:
        """One player's chips (the ones, then the fives), with the sizes their layout reads."""
        ones, fives = chip_set(self.reserve_bound(), self.params.five_chips)
        size = self.params.chip_mm
        pt = min(size * 0.36 / CAP_EM / PT_MM, (size - 6) / 2 / ((CAP_EM / 2 + DESCENT_EM) * PT_MM))
        cap, below = CAP_EM * pt * PT_MM, DESCENT_EM * pt * PT_MM
        looks = {"colour": self.colour(player), "value_pt": round(pt, 3), "value_y": round((size - cap) / 2, 3),
                 "value_h": math.ceil((cap + below) * 100) / 100 + 0.01, "value_w": size - 6, "rim": size / 2 - 1.2, "inner": size - 2.4,
                 "five_r": round(size * 0.3, 3), "five_at": round(size * 0.23, 3), "five_side": round(size * 0.54, 3)}
        name = self.player_names[player]
        return [{"name": f"{name} {value}-chip {i}", "player": player + 1, "value": value, "index": i, **looks}
                for value, count in ((1, ones), (5, fives)) for i in range(1, count + 1)]

    def rows_chips_1(self) -> list[dict[str, Any]]:
        return self._chips(0)

    def rows_chips_2(self) -> list[dict[str, Any]]:
        return self._chips(1)

    def _marker(self, player: int) -> list[dict[str, Any]]:
        """The player's reserve-tracker marker."""
        return [{"name": f"{self.player_names[player]} tracker marker", "player": player + 1, "colour": self.colour(player),
                 "rim": self.params.marker_mm / 2 - 1.2}]

    def rows_markers_1(self) -> list[dict[str, Any]]:
        return self._marker(0)

    def rows_markers_2(self) -> list[dict[str, Any]]:
        return self._marker(1)

    def rows_tracker(self) -> list[dict[str, Any]]:
        """The reserve tracker: a title, then for each player a header and spaces 0 to the track's top in rows of eight,
        each ``track-<player>-<n>`` sized for the markers; the start and the cap marked, spaces past the bound grey."""
        title_h, header_h, gap, per_row = 8.0, 10.0, 6.0, 8  # kit.toml's margin_mm (8) is the border all round
        size = max(self.params.marker_mm + 4.0, 12.0)
        top, bound, start, cap = self.track_top(), self.reserve_bound(), self.params.starting_tokens, self.params.reserve_cap
        rows: list[dict[str, Any]] = [{"kind": "title", "x": 0, "y": 0, "w": per_row * size, "h": title_h,
                                       "text": "Token Tactics - reserve tracker"}]
        y = title_h
        for p, name in enumerate(self.player_names):
            rows.append({"kind": "header", "player": p + 1, "x": 0, "y": y, "w": per_row * size, "h": header_h,
                         "colour": self.colour(p), "text": f"{name}: reserve"})
            for n in range(top + 1):
                reachable = n <= bound
                label = "start" if n == start else "cap" if n == cap else ""
                marks = " ".join(m for m, on in (("start", n == start), ("cap", n == cap), ("beyond-bound", not reachable)) if on)
                pt = 9.0 if reachable else 7.5
                middle = size / 2 - (1.6 if label else 0.0)
                rows.append({"id": f"track-{p + 1}-{n}", "kind": "space", "player": p + 1, "n": n,
                             "class": f"track-space player-{p + 1} {marks}".strip(), "colour": self.colour(p),
                             "x": n % per_row * size, "y": y + header_h + n // per_row * size, "w": size, "h": size,
                             "fill": "#FFFFFF" if reachable else "#E3E3E3", "stroke": "#1A1A1A" if reachable else "#9A9A9A",
                             "ink": "#1A1A1A" if reachable else "#8A8A8A", "r": size / 2 - 0.8, "inner": size - 1.6,
                             "ring": "yes" if label else "", "ring_r": size / 2 - 1.8, "ring_at": 1.8,
                             "ring_side": size - 3.6, "pt": pt, "number_y": round(middle - CAP_EM * pt * PT_MM / 2, 3),
                             "number_h": round((CAP_EM + DESCENT_EM) * pt * PT_MM + 0.5, 3), "label": label,
                             "label_y": round(middle + CAP_EM * pt * PT_MM / 2 + 3.2 - CAP_EM * 7 * PT_MM, 3)})
            y += header_h + math.ceil((top + 1) / per_row) * size + gap
        if top > bound:
            rows.append({"kind": "note", "x": 0, "y": y - gap + 2, "w": per_row * size, "h": 5,
                         "text": f"grey spaces lie beyond {bound}: no reserve reaches them under these rules"})
        return rows

    def turn_items(self) -> list[tuple[str, str]]:
        """The turn in brief, as (heading, text) paragraphs for the player aid."""
        cap, step, low = self.params.reserve_cap, self.params.fortify_amount, self.params.minimum_attack
        return [("", "Do one of these, then your opponent takes a turn."),
                ("Fortify", f"Take {plural(step, 'token')} into your reserve. Only while your reserve is below {cap}; it never goes "
                            f"past {cap}."),
                ("Attack", f"Lay one of your commit cards face down: {low} up to your reserve. Your opponent lays one of "
                           "theirs face down: 0 up to their reserve. Turn both over together and resolve (see the back)."),
                ("After the battle", "Move both tracker markers and set your chips to your new reserve."),
                ("End", "A reserve of 0 ends the game at once: the other player wins.")]

    def battle_words(self, before: Any, move: Any) -> tuple[str, dict[int, str]]:
        """What happened in an attack and each player's arithmetic (player index -> text)."""
        me, you = before["to_move"], 1 - before["to_move"]
        mine, theirs, commit, defend = before["reserves"][me], before["reserves"][you], move.move[1], move.answer
        won, d, mine_after, theirs_after = resolve(mine, theirs, commit, defend)
        if won:
            return f"attacker wins by {d}", {me: f"{mine} - {commit} + {d} = {mine_after}",
                                             you: minus_clamped(theirs, defend, d)}
        what = "tie: defender wins, takes 0" if d == 0 else f"defender wins by {d}"
        return what, {me: minus_clamped(mine, commit, d), you: f"{theirs} - {defend} + {d} = {theirs_after}"}

    def battle_items(self, example: Any) -> list[tuple[str, str]]:
        """The resolution in brief, with the arithmetic of the example's first battle."""
        items = list(BATTLE_RULES)
        battle = next((step for step in example if step.move != FORTIFY), None)
        if battle is not None:
            before, move, names = battle.before, battle.move, self.player_names
            me, you = before["to_move"], 1 - before["to_move"]
            what, sums = self.battle_words(before, move)
            items.append(("Example", f"{names[me]} ({before['reserves'][me]}) attacks with {move.move[1]}, {names[you]} "
                                     f"({before['reserves'][you]}) defends with {move.answer}: {what}. "
                                     f"{names[me]}: {sums[me]}. {names[you]}: {sums[you]}."))
        return items

    def rows_player_aids(self, example: Any) -> list[dict[str, Any]]:
        """One aid per player: the turn on the front, the resolution with worked arithmetic on the back."""
        def text(items: list[tuple[str, str]]) -> str:
            return "\n\n".join(f"**{head}**\n{body}" if head else body for head, body in items)

        return [{"name": f"{name} player aid", "player": p + 1, "colour": self.colour(p), "turn": text(self.turn_items()),
                 "battle": text(self.battle_items(example)), "footer": f"Token Tactics - player aid - {name}"}
                for p, name in enumerate(self.player_names)]

    def example_rows(self, example: Any) -> list[dict[str, Any]]:
        """One row per turn of the example: who, the log line, what happened, the arithmetic and both reserves."""
        rows, names, step_amount = [], self.player_names, self.params.fortify_amount
        for number, step in enumerate(example, 1):
            before, who = step.before, step.before["to_move"]
            if step.move == FORTIFY:
                after = step.after["reserves"][who]
                what = "fortifies"
                sums = {who: f"{before['reserves'][who]} + {step_amount} = {after}"
                        if after == before["reserves"][who] + step_amount else f"stops at the cap, {after}"}
            else:
                what, sums = self.battle_words(before, step.move)
                what = f"attacks with {step.move.move[1]}, defence {step.move.answer}: {what}"
            rows.append({"number": number, "player": names[who], "line": step.line, "what": what,
                         "sums": "; ".join(f"{names[p]}: {sums[p]}" for p in sorted(sums)),
                         "reserves": tuple(step.after["reserves"])})
        return rows

    def random_games(self, games: int = SIM_GAMES, seed: int = SIM_SEED) -> dict[str, int]:
        """Seeded games of the random player: the largest reserve any reached, and games that reached the cap (played
        once per game object)."""
        key = ("random_games", games, seed)
        if key not in self._figures:
            self._figures[key] = self._random_games(games, seed)
        return self._figures[key]

    def _random_games(self, games: int, seed: int) -> dict[str, int]:
        rng, largest, capped = random.Random(seed), 0, 0
        for _ in range(games):
            state = self.setup()
            while state["winner"] is None:
                move = self.player_random(state, self.moves(state), rng)
                self.play(state, move if move == FORTIFY else attack(move[1], self.answer_random(state, [], rng)))
            largest, capped = max(largest, *state["peak"]), capped + state["cap_reached"]
        return {"games": games, "seed": seed, "largest": largest, "capped": capped}

    def perfect_play_winner(self) -> int:
        """The player (0 or 1) who wins when both play perfectly: with both commitments at their weakly dominant
        maximum, the player to move at reserves (mine, theirs) wins by attacking if mine > theirs, and otherwise can
        only fortify."""
        cap, step, low = self.params.reserve_cap, self.params.fortify_amount, self.params.minimum_attack

        @cache
        def mover_wins(mine: int, theirs: int) -> bool:
            if mine > theirs and mine >= low:
                return True
            if mine >= cap:
                return False
            return not mover_wins(theirs, min(cap, mine + step))

        start = self.params.starting_tokens
        return 0 if mover_wins(start, start) else 1

    def reveal(self, before: Any, move: Any) -> dict[str, Any]:
        """A battle's two commit cards (players 1-2, numbers) and the caption under them in the rule sheet."""
        me, you, names = before["to_move"], 1 - before["to_move"], self.player_names
        commit, defend, reserves = move.move[1], move.answer, before["reserves"]
        won, d, mine, theirs = resolve(reserves[me], reserves[you], commit, defend)
        caption = (f"{names[me]} attacks with {commit}, {names[you]} defends with {defend}, revealed together. Difference "
                   f"{d}: the {'attacker' if won else 'defender'} wins the battle. {names[me]}: {reserves[me]} -> {mine}; "
                   f"{names[you]}: {reserves[you]} -> {theirs}.")
        return {"attacker": me + 1, "commit": commit, "defender": you + 1, "defence": defend, "caption": caption}

    def sheet(self, example: Any) -> dict[str, Any]:
        """The rule sheet's numbers: the bound, the chips, the example's table, the simulation, perfect play."""
        bound, (ones, fives), names = self.reserve_bound(), chip_set(self.reserve_bound(), self.params.five_chips), self.player_names
        final = example[-1].after if example else self.setup()
        perfect = self.perfect_play_winner()
        first = next((step for step in example if step.move != FORTIFY), None)
        return {
            "names": names, "bound": bound, "track_top": self.track_top(),
            "chips": {"ones": ones, "fives": fives, "count": ones + fives, "value": ones + 5 * fives,
                      "text": plural(ones, "one") + (f", {plural(fives, 'five')}" if fives else "")},
            "battle": self.battle_items(example), "example": self.example_rows(example),
            "example_result": result_text(self.outcome(final), names),
            "reveal": None if first is None else self.reveal(first.before, first.move),
            "sim": self.random_games(), "perfect": names[perfect], "perfect_first": perfect == 0,
        }

    def checks(self, printed: Any) -> list[str]:
        """Every player has chips for every reserve up to the bound, one marker, commit cards 0 to the bound with one
        back, and a tracker space for every reserve with the start and the cap marked."""
        bound, names, found = self.reserve_bound(), self.player_names, []
        for p in (1, 2):
            chips = printed.get(f"chips-{p}", [])
            ones = sum("value-1" in chip.classes for chip in chips)
            fives = sum("value-5" in chip.classes for chip in chips)
            if not covers(ones, fives, bound):
                found.append(f"chips: {names[p - 1]} has {ones} ones and {fives} fives, which cannot show every reserve "
                             f"up to {bound}")
            markers = [m for m in printed.get(f"markers-{p}", []) if m.id == f"marker-{p}"]
            if len(markers) != 1:
                found.append(f"markers: {len(markers)} tracker markers printed for {names[p - 1]}")
            cards = [c for c in printed.get("commit-cards", []) if c.id.startswith(f"commit-{p}-")]
            numbers = sorted(int(c.id.rsplit("-", 1)[1]) for c in cards)
            if numbers != list(range(bound + 1)):
                found.append(f"commit cards: {names[p - 1]} has cards {numbers}, the rules can need every number "
                             f"from 0 to {bound}")
            if len({c.back for c in cards}) > 1:
                found.append(f"commit cards: {names[p - 1]}'s backs differ, so a face-down card gives its number away")
        return found + self._tracker_checks(printed.get("tracker", []))

    def _tracker_checks(self, spaces: Any) -> list[str]:
        """``track-<player>-<n>`` for every reserve up to the track's top, the start and the cap marked, spaces that
        hold a marker; and no simulated reserve past the bound the pieces assume."""
        drawn, found, bound = {s.id: set(s.classes) for s in spaces}, [], self.reserve_bound()
        for p in (1, 2):
            missing = [f"track-{p}-{n}" for n in range(self.track_top() + 1) if f"track-{p}-{n}" not in drawn]
            if missing:
                found.append(f"tracker.svg lacks spaces {', '.join(missing)} (the reserve bound is {bound})")
            for n, mark in ((self.params.starting_tokens, "start"), (self.params.reserve_cap, "cap")):
                if mark not in drawn.get(f"track-{p}-{n}", set()):
                    found.append(f"tracker.svg: space track-{p}-{n} is not marked {mark}")
        space = max(self.params.marker_mm + 4.0, 12.0)
        if self.params.marker_mm + 3 > space:
            found.append(f"tracker: a {self.params.marker_mm:g} mm marker needs spaces of {self.params.marker_mm + 3:g} mm, "
                         f"they are {space:g} mm")
        largest = self.random_games()["largest"]
        if largest > bound:
            found.append(f"simulation: a reserve reached {largest}, above the bound {bound} the chips assume")
        return found

"""The shape of a turn, shared by ``legal_moves``, the random player and the fast kernel.

The random player's policy, level by level (every choice uniform):

1. the ability: "none" or one ability card the mover still holds that can be played legally
   this turn (before or after the placement);
2. its timing: before or after the placement, among the legal ones;
3. before: a legal target, then (unless the ability already won) any empty cell to place on;
   after: a placement that does not win on the spot (a winning placement ends the game, so no
   ability may follow), then a legal target;
4. with no ability: any empty cell.

Which abilities can follow a placement does not depend on where it went: Bomb and Convert
target enemy tokens (unchanged by the placement), Shield can always target the token just
placed, and Fortress needs one more empty cell, which every placement leaves when the board had
two. :func:`walk` lists every legal turn with its probability under this policy, so its support
is exactly ``legal_moves``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Iterator

from printkit.games.warfare.engine import ABILITIES, State, Turn

if TYPE_CHECKING:
    from printkit.games.warfare.engine import WarfareRules


def before_targets(rules: WarfareRules, st: State, ability: str) -> list[int]:
    """Targets of ``ability`` played before the placement (``st``: the turn has begun)."""
    if st.cards[st.to_move][ABILITIES.index(ability)] <= 0:
        return []
    targets = rules.basic_targets(st, ability)
    if ability == "fortress" and len(targets) < 2:
        # the last empty cell: legal only if the fortress wins, as no placement could follow
        return [t for t in targets if rules.play_ability(st, ability, t).result is not None]
    return targets


def after_places(rules: WarfareRules, st: State, ability: str) -> list[int]:
    """Placements after which ``ability`` can be played (empty if it cannot follow at all)."""
    if st.cards[st.to_move][ABILITIES.index(ability)] <= 0:
        return []
    winning = rules.winning_cells(st)
    places = [c for c in rules.empties(st) if c not in winning]
    if not places or not rules.basic_targets(rules.place(st, places[0]), ability):
        return []
    return places


def options(rules: WarfareRules, st: State) -> list[tuple[str | None, list[bool]]]:
    """Level 1 and 2: (ability or None, legal timings with True = before)."""
    out: list[tuple[str | None, list[bool]]] = [(None, [])]
    for ability in ABILITIES:
        timings = [True] if before_targets(rules, st, ability) else []
        if after_places(rules, st, ability):
            timings.append(False)
        if timings:
            out.append((ability, timings))
    return out


def walk(rules: WarfareRules, state: State) -> Iterator[tuple[Turn, Fraction]]:
    """Every legal turn from ``state`` with its probability under the random policy."""
    st, me = rules.begin_turn(state), state.to_move
    opts = options(rules, st)
    for ability, timings in opts:
        p_option = Fraction(1, len(opts))
        if ability is None:
            empties = rules.empties(st)
            for cell in empties:
                yield Turn(me, cell), p_option / len(empties)
            continue
        for before in timings:
            p_timing = p_option / len(timings)
            if before:
                yield from _walk_before(rules, st, ability, p_timing)
            else:
                yield from _walk_after(rules, st, ability, p_timing)


def _walk_before(rules: WarfareRules, st: State, ability: str, prob: Fraction) -> Iterator[tuple[Turn, Fraction]]:
    targets = before_targets(rules, st, ability)
    for target in targets:
        mid, p_target = rules.play_ability(st, ability, target), prob / len(targets)
        if mid.result is not None:
            yield Turn(st.to_move, None, ability, target, True), p_target
            continue
        empties = rules.empties(mid)
        for cell in empties:
            yield Turn(st.to_move, cell, ability, target, True), p_target / len(empties)


def _walk_after(rules: WarfareRules, st: State, ability: str, prob: Fraction) -> Iterator[tuple[Turn, Fraction]]:
    places = after_places(rules, st, ability)
    for cell in places:
        mid = rules.place(st, cell)
        targets = rules.basic_targets(mid, ability)
        for target in targets:
            yield Turn(st.to_move, cell, ability, target, False), prob / len(places) / len(targets)

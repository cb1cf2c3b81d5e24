"""A full state guessed from what one player sees: the ``mcts`` player's samples of hidden information.

Built from public knowledge only: the view (with a :class:`printkit.kitrules.Hidden` count wherever something is
hidden) and the state the rules deal at setup (``setup()`` runs before any chance move, so every player knows it:
the printed components). The items the setup holds, less every item the view shows, are what may be hidden;
each hidden pile or hand is filled with as many of them, drawn at random. A per-player key (scores, coins) holds
counters, not items, and is left out of both sides.

What that cannot know: an item that left the game unseen (then the guess may put it back), an item a player saw
go into a hand. A game where that matters writes :meth:`printkit.kitrules.Game.determinize`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, Iterator

from printkit.kitrules import Hidden, copy_state


class GuessError(ValueError):
    """What the view hides cannot be filled in from the setup (the message says where)."""


def _items(value: Any) -> Iterator[Any]:
    """The items a value holds: the entries of lists (and of lists inside lists and dicts), hidden ones left out."""
    if isinstance(value, Mapping) and not hasattr(value, "set_name"):
        for inner in value.values():
            yield from _items(inner)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            if isinstance(inner, (list, tuple, Mapping)) and not hasattr(inner, "set_name"):
                yield from _items(inner)
            elif not isinstance(inner, Hidden):
                yield inner


def items_of(state: Any) -> Iterator[Any]:
    """Every item the lists of ``state`` hold (the whole state: no key left out)."""
    return _items(state)


def _counted(state: Any, skip: set[str]) -> Counter[Any]:
    """Every item of ``state`` outside the keys in ``skip``."""
    if not isinstance(state, Mapping):
        return Counter(_items(state))
    found: Counter[Any] = Counter()
    for key, value in state.items():
        if key not in skip and isinstance(value, (list, tuple, Mapping)):
            found.update(_items(value))
    return found


class Guesser:
    """States for one ``view``: each Hidden count replaced by that many items drawn from the setup's items
    (``dealt``) that the view does not show (counted once; each call draws afresh). Raises GuessError when a hidden
    place was not a list at setup, or when there are fewer such items than hidden places."""

    def __init__(self, view: Any, dealt: Any, per_player: set[str]) -> None:
        skip = set(per_player) | {"to_move"}
        try:
            unseen = _counted(dealt, skip)
            unseen.subtract(_counted(view, skip))
        except TypeError as exc:
            raise GuessError(f"the state holds items that cannot be counted ({exc}): cards as rows or plain values are") from None
        self.view, self.dealt = view, dealt
        self.pool = [item for item, count in unseen.items() if count > 0 for _ in range(count)]
        self.filled: set[int] = set()
        _mark(view, self.filled)

    def __call__(self, rng: random.Random) -> Any:
        pool = list(self.pool)
        rng.shuffle(pool)
        return _fill(self.view, self.dealt, "state", pool, self.filled)


def _mark(value: Any, filled: set[int]) -> bool:
    """Whether :func:`_fill` walks into ``value`` (its copy may differ from ``copy_state``'s: a Hidden count inside,
    or a container it turns into a plain dict or list), adding the id of each such container to ``filled``. Where
    it does not, :func:`_fill` copies ``value`` whole. The ids stay good while the view lives (the Guesser holds it)."""
    if isinstance(value, Hidden):
        return True
    if isinstance(value, Mapping) and not hasattr(value, "set_name"):
        walk = any([_mark(inner, filled) for inner in value.values()]) or type(value) is not dict
    elif isinstance(value, list):
        walk = any([_mark(inner, filled) for inner in value]) or type(value) is not list
    elif isinstance(value, tuple):
        walk = any([_mark(inner, filled) for inner in value]) and any(isinstance(inner, Hidden) for inner in value)
    else:
        return False
    if walk:
        filled.add(id(value))
    return walk


ABSENT = object()
"""A place the setup's state does not have (a key added later)."""


def _fill(value: Any, dealt: Any, where: str, pool: list[Any], filled: set[int]) -> Any:
    """``value`` copied with every Hidden count filled from the end of ``pool``; ``dealt`` is the same place at setup;
    only the containers in ``filled`` (see :func:`_mark`) are walked into, the rest copied whole."""
    if isinstance(value, Hidden):
        if not (isinstance(dealt, list) or dealt is ABSENT):
            raise GuessError(f"{where} is hidden but was {dealt!r} at setup, not a list of items")
        if value.count > len(pool):
            raise GuessError(f"{where} hides {value.count} items, but only {len(pool)} of the items dealt at setup are "
                             "out of sight")
        return [pool.pop() for _ in range(value.count)]
    if id(value) not in filled:
        return copy_state(value)
    if isinstance(value, Mapping) and not hasattr(value, "set_name"):
        return {key: _fill(inner, _at(dealt, key), f"{where}[{key!r}]", pool, filled) for key, inner in value.items()}
    if isinstance(value, list):
        return [_fill(inner, _at(dealt, i), f"{where}[{i}]", pool, filled) for i, inner in enumerate(value)]
    if isinstance(value, tuple) and any(isinstance(inner, Hidden) for inner in value):
        return tuple(_fill(inner, _at(dealt, i), f"{where}[{i}]", pool, filled) for i, inner in enumerate(value))
    return copy_state(value)


def _at(dealt: Any, key: Any) -> Any:
    """The setup's value at ``key`` (ABSENT where there is none)."""
    try:
        return dealt[key]
    except (KeyError, IndexError, TypeError):
        return ABSENT

"""``mcts``: Monte Carlo tree search over the engine contract, for every game, without peeking.

One search serves perfect and hidden information: single-observer information-set MCTS (SO-ISMCTS,
Cowling, Powley and Whitehouse 2012). The searcher is handed what its seat sees (``rules.view``), never
the true state: :class:`MctsPlayer` takes the view at the one place a policy meets a state, and
:class:`Search` only ever holds that view. Each iteration samples a full state consistent with it
(``rules.determinize(view, seat, rng)``: the game's own hook, or one built from the view and the
components dealt at setup), walks one tree of the searcher's information sets with UCT (UCB1 over
availability counts, since a move may be legal in one sample and not in another), expands one move,
plays the rest of the game at random (chance from the game's own ``chance``), and backs up each
player's result (win 1, draw 1/players, loss 0).

Why information sets rather than plain determinization (several perfect-information trees, one per
sample, then a vote): one tree pools every iteration's statistics on the searcher's real decisions,
so no budget is split across samples, and the searcher cannot plan a different move for each guess of
the hidden cards (strategy fusion): a node is what the seat knows, not a guessed world.

With perfect information (no ``view``/``determinize``, or a view that is the state) each node keeps
its state and its legal moves, so walking the tree costs no engine call.

Secret answers (a move another player completes unseen, ``rules.secret_parts``): the mover's part and
the answer are chosen by decoupled UCT (Lanctot et al. 2013's simultaneous-move MCTS) at the same node,
each player from their own statistics, so neither searches as if it saw the other's choice.

The same seed gives the same move: every random draw comes from the ``rng`` handed in, and nothing
iterates over a set. A time budget (``mcts:0.5s``) depends on the machine; an iteration budget does not.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from printkit.rules.game import CHANCE, Outcome, chance_move
from printkit.userinput.text import quoted

EXPLORATION = 0.7
"""UCB1's exploration constant for results in [0, 1] (1/sqrt(2), Kocsis and Szepesvari's choice)."""

MoveTest = Callable[[Any, Any, Any], bool]
"""``uses(rules, state, move)``: whether a move uses an ability (restricted play)."""


class Stopped(Exception):
    """The search was told to stop before its budget was spent (its move is no longer wanted)."""


@dataclass(frozen=True)
class Budget:
    """How long the search thinks per decision: ``iterations``, or ``seconds`` of wall clock."""

    iterations: int = 1000
    seconds: float | None = None

    def __str__(self) -> str:
        return f"{self.seconds:g} s a move" if self.seconds is not None else f"{self.iterations:,} iterations a move"


class Node:
    """One information set of the searcher (one state, with perfect information)."""

    __slots__ = ("player", "children", "stats", "state", "moves", "terminal", "proven")

    def __init__(self, player: int, state: Any = None) -> None:
        self.player = player
        self.children: dict[Any, Node] = {}
        self.stats: dict[tuple[int, Any], list[float]] = {}
        """(player, their part of a move) -> [visits, total result, times available]."""
        self.state = state
        self.moves: Sequence[Any] | None = None
        self.terminal: Outcome | None = None
        self.proven: list[float] | None = None
        """Each player's result under best play from here, once the search has proved it (perfect information)."""


class Search:
    """One decision's search from ``view`` (what ``seat`` sees); see the module docstring."""

    def __init__(self, rules: Any, view: Any, seat: int, rng: random.Random, budget: Budget,
                 forbid: MoveTest | None = None, c: float = EXPLORATION, stop: Callable[[], bool] | None = None) -> None:
        self.rules, self.view, self.seat, self.rng, self.budget, self.c = rules, view, seat, rng, budget, c
        self.forbid = forbid
        """A restricted seat's ability: ``seat`` never plays a move that uses it while it has another."""
        self.stop = stop
        """Asked before every iteration: True ends the search with :class:`Stopped` (a table whose game moved on)."""
        self.players = len(rules.player_names)
        self.sample = getattr(rules, "determinize", None)
        self.split = getattr(rules, "secret_parts", None)
        self.finish = getattr(rules, "playout_from", None)
        self.limit = int(getattr(rules, "max_moves", 100_000))
        self.exact = self.sample is None  # perfect information: the view is the state
        self.solve = self.exact and self.split is None
        """MCTS-Solver (Winands, Bjornsson and Saito 2008): results proved by the tree are backed up as such."""
        self.root = Node(rules.current_player(view), view if self.exact else None)
        self.iterations = 0

    # --- the loop ---------------------------------------------------------------------------------
    def run(self) -> Search:
        """Iterate until the budget is spent (:class:`Stopped` when ``stop`` says so first)."""
        budget, told = self.budget, self.stop
        if budget.seconds is None:
            for _ in range(budget.iterations):
                if told is not None and told():
                    raise Stopped()
                self.iterate()
                if self.root.proven is not None:
                    break
        else:
            stop = time.perf_counter() + budget.seconds
            while True:
                if told is not None and told():
                    raise Stopped()
                self.iterate()
                if time.perf_counter() >= stop or self.root.proven is not None:
                    break
        return self

    def iterate(self) -> None:
        """One iteration: sample, select and expand, play out, back up."""
        self.iterations += 1
        rules, rng = self.rules, self.rng
        node = self.root
        state = node.state if self.exact else self.sample(self.view, self.seat, rng)
        path: list[tuple[Node, tuple[tuple[int, Any], ...]]] = []
        expanded = False
        while True:
            if self.exact:
                state = node.state
                if node.moves is None:
                    node.terminal = rules.outcome(state)
                    node.moves = () if node.terminal is not None or node.player == CHANCE else self._legal(state, node.player)
                    if node.terminal is not None:
                        node.proven = self._result(node.terminal)
                ended, moves = node.terminal, node.moves
            else:
                ended = rules.outcome(state)
                moves = () if ended is not None or node.player == CHANCE else self._legal(state, node.player)
            if ended is not None:
                result = self._result(ended)
                break
            if expanded:
                result = self._result(self._play_out(state, moves if node.player != CHANCE else None))
                break
            if node.player == CHANCE:
                move, parts = chance_move(rules, state, rng), ()
            elif self.solve:
                move = self._solved(node)
                parts = ((node.player, move),)
                if move is None:
                    move, parts = self._select(node, state, self._open(node))
            else:
                move, parts = self._select(node, state, moves)
            child = node.children.get(move)
            if child is None or not self.exact:
                state = rules.apply(state, move)
            if child is None:
                child = node.children[move] = Node(rules.current_player(state), state if self.exact else None)
                expanded = True
            path.append((node, parts))
            node = child
        for visited, parts in path:
            stats = visited.stats
            for key in parts:
                entry = stats[key]
                entry[0] += 1
                entry[1] += result[key[0]]
        if self.solve:
            for visited, _ in reversed(path):
                if visited.proven is None and visited.player != CHANCE:
                    visited.proven = self._proof(visited)
                if visited.proven is None:
                    break

    # --- MCTS-Solver ------------------------------------------------------------------------------
    def _proof(self, node: Node) -> list[float] | None:
        """``node``'s proved result: a child proved a win for the player to move, or every move proved (the best)."""
        won = self._win(node)
        if won is not None:
            return won
        mover, best = node.player, None
        for move in node.moves or ():
            child = node.children.get(move)
            if child is None or child.proven is None:
                return None
            if best is None or child.proven[mover] > best[mover]:
                best = child.proven
        return best

    def _win(self, node: Node) -> list[float] | None:
        """A child proved a win for the player to move at ``node`` (then ``node`` is proved), else None."""
        for child in node.children.values():
            if child.proven is not None and child.proven[node.player] == 1.0:
                return child.proven
        return None

    def _solved(self, node: Node) -> Any:
        """A move proved to win for the player to move (None when there is none)."""
        for move, child in node.children.items():
            if child.proven is not None and child.proven[node.player] == 1.0:
                return move
        return None

    def _open(self, node: Node) -> Sequence[Any]:
        """The moves not proved to lose for the player to move (all of them when every one is)."""
        children, mover = node.children, node.player
        moves = node.moves or ()
        kept = [m for m in moves if not ((c := children.get(m)) is not None and c.proven is not None and c.proven[mover] == 0.0)]
        return kept or moves

    # --- the steps --------------------------------------------------------------------------------
    def _legal(self, state: Any, player: int) -> Sequence[Any]:
        moves = self.rules.legal_moves(state)
        if self.forbid is not None and player == self.seat:
            allowed = [m for m in moves if not self.forbid(self.rules, state, self._own(state, m))]
            return allowed or moves
        return moves

    def _own(self, state: Any, move: Any) -> Any:
        """The mover's own part of ``move`` (the whole move unless another player answers it in secret)."""
        parts = self.split(state, move) if self.split is not None else None
        return move if parts is None else parts[0]

    def _select(self, node: Node, state: Any, moves: Sequence[Any]) -> tuple[Any, tuple[tuple[int, Any], ...]]:
        """The move to follow from ``node`` and the statistics it updates: UCB1 per deciding player over the
        parts available in this sample (each available part's count goes up: SO-ISMCTS's availability)."""
        mover = node.player
        if self.split is None:
            key = self._pick(node, mover, moves)
            return key, ((mover, key),)
        joint: dict[Any, list[tuple[Any, Any, int]]] = {}
        for move in moves:
            parts = self.split(state, move)
            own, answer, answerer = (move, None, -1) if parts is None else (parts[0], parts[2], parts[1])
            joint.setdefault(own, []).append((move, answer, answerer))
        own = self._pick(node, mover, list(joint))
        options = joint[own]
        if options[0][2] < 0:
            return options[0][0], ((mover, own),)
        answerer = options[0][2]
        answer = self._pick(node, answerer, [a for _, a, _ in options])
        move = next(m for m, a, _ in options if a == answer)
        return move, ((mover, own), (answerer, answer))

    def _pick(self, node: Node, player: int, keys: Sequence[Any]) -> Any:
        """UCB1 for ``player`` among ``keys``: an untried key first (at random), else the highest bound."""
        stats = node.stats
        untried = []
        for key in keys:
            entry = stats.get((player, key))
            if entry is None:
                stats[(player, key)] = [0, 0.0, 1]
                untried.append(key)
            else:
                entry[2] += 1
                if entry[0] == 0:
                    untried.append(key)
        if untried:
            return untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        best, best_key, c = -1.0, keys[0], self.c
        log = math.log
        for key in keys:
            visits, total, available = stats[(player, key)]
            bound = total / visits + c * math.sqrt(log(available) / visits)
            if bound > best:
                best, best_key = bound, key
        return best_key

    def _play_out(self, state: Any, moves: Sequence[Any] | None = None) -> Outcome:
        """The rest of the game at random (``moves``: the legal moves of ``state`` where already listed): the engine's
        own fast playout where it has one."""
        if self.finish is not None:
            return self.finish(state, self.rng)  # type: ignore[no-any-return]
        rules, randrange = self.rules, self.rng.randrange
        outcome, to_move, legal, apply = rules.outcome, rules.current_player, rules.legal_moves, rules.apply
        if moves:
            state = apply(state, moves[randrange(len(moves))])
        for _ in range(self.limit):
            ended = outcome(state)
            if ended is not None:
                return ended
            if to_move(state) == CHANCE:
                move = chance_move(rules, state, self.rng)
            else:
                moves = legal(state)
                move = moves[randrange(len(moves))]
            state = apply(state, move)
        raise RuntimeError(f"a playout did not end within {self.limit} moves")

    def _result(self, ended: Outcome) -> list[float]:
        """Each player's result: 1 for the winner, 0 for the others; a draw shares 1 equally."""
        if ended.winner is None:
            return [1.0 / self.players] * self.players
        result = [0.0] * self.players
        result[ended.winner] = 1.0
        return result

    # --- the answers ------------------------------------------------------------------------------
    def ranked(self, player: int, keys: Sequence[Any] | None = None) -> list[tuple[Any, int, float]]:
        """(part, visits, mean result) of ``player``'s choices at the root, most visited first (ties: higher mean)."""
        rows = [(key, int(v[0]), v[1] / v[0] if v[0] else 0.0) for (who, key), v in self.root.stats.items()
                if who == player and (keys is None or key in keys)]
        order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], -rows[i][2], i))
        return [rows[i] for i in order]

    def best(self, player: int, keys: Sequence[Any] | None = None) -> Any:
        """``player``'s most visited choice at the root (among ``keys``); with proved results, the best proved choice
        first, and no choice proved to lose while another is not."""
        rows = self.ranked(player, keys)
        if self.solve and player == self.root.player and rows:
            proven = {key: child.proven for key, child in self.root.children.items() if child.proven is not None}
            winning = [row for row in rows if row[0] in proven and proven[row[0]][player] == 1.0]
            safe = [row for row in rows if row[0] not in proven or proven[row[0]][player] > 0.0]
            if winning:
                return winning[0][0]
            if self.root.proven is not None:  # every move proved: the best of them
                return max(rows, key=lambda row: proven[row[0]][player] if row[0] in proven else -1.0)[0]
            rows = safe or rows
        if not rows:
            raise RuntimeError("the search made no iteration")
        return rows[0][0]


def seen(rules: Any, state: Any, seat: int) -> Any:
    """What ``seat`` sees of ``state``: the rules' ``view`` (hidden information), else the state itself.

    The one place where a search player meets the true state: everything after works on this."""
    view = getattr(rules, "view", None)
    return state if view is None else view(state, seat)


@dataclass(frozen=True)
class MctsPlayer:
    """The ``mcts`` player: a policy ``(rules, state, rng) -> move`` that decides in stages where a move has a
    secret answer (``choose``: the mover's own part; ``answer``: the answer, from the position before the move)."""

    name: str = "mcts"
    budget: Budget = Budget()
    forbid: MoveTest | None = None
    stop: Callable[[], bool] | None = None
    """Asked before every iteration of a search: True stops it with :class:`Stopped` (see :meth:`stopping`)."""

    @property
    def __name__(self) -> str:  # policies are named in messages by __name__
        return self.name

    def without(self, uses: MoveTest) -> MctsPlayer:
        """This player never choosing a move that uses an ability while it has another (restricted play)."""
        return replace(self, forbid=uses)

    def stopping(self, stop: Callable[[], bool]) -> MctsPlayer:
        """This player with its searches ended (:class:`Stopped`) as soon as ``stop()`` is true: the browser table
        drops a search whose game moved on (undo, a new game, a seat given to a person)."""
        return replace(self, stop=stop)

    def search(self, rules: Any, state: Any, seat: int, rng: random.Random) -> Search:
        return Search(rules, seen(rules, state, seat), seat, rng, self.budget, self.forbid, stop=self.stop).run()

    def __call__(self, rules: Any, state: Any, rng: random.Random) -> Any:
        """The whole move; where another player answers it in secret, the answer is the search's choice for them
        (seat two players in such a game with ``choose`` and ``answer``, as ``printkit.kitgame.players.pair`` does)."""
        seat = rules.current_player(state)
        found = self.search(rules, state, seat, rng)
        own = found.best(seat)
        split = getattr(rules, "secret_parts", None)
        if split is None:
            return own
        options = [(move, split(state, move)) for move in rules.legal_moves(state)]
        answered = [(move, parts) for move, parts in options if parts is not None and parts[0] == own]
        if not answered:
            return own
        answer = found.best(answered[0][1][1], [parts[2] for _, parts in answered])
        return next(move for move, parts in answered if parts[2] == answer)

    def choose(self, rules: Any, state: Any, rng: random.Random) -> Any:
        """The mover's own part of the move."""
        seat = rules.current_player(state)
        return self.search(rules, state, seat, rng).best(seat)

    def answer(self, rules: Any, state: Any, move: Any, rng: random.Random) -> Any:
        """The secret answer to ``move``, chosen from the position before it (the move itself is not looked at:
        only the answers the rules offer to it)."""
        seat = rules.answerer(state, move)
        offered = list(rules.answers(state, move))
        return self.search(rules, state, seat, rng).best(seat, offered)


# --- player names ---------------------------------------------------------------------------------
NAME = "mcts"
LEVELS: dict[str, Budget] = {"easy": Budget(100), "medium": Budget(1000), "hard": Budget(10_000)}
"""Named levels; ``mcts`` alone is ``medium``. Iteration budgets: the same seed gives the same games anywhere."""
DEFAULT_LEVEL = "medium"
MAX_ITERATIONS, MAX_SECONDS = 10_000_000, 3600.0


class PlayerNameError(ValueError):
    """A name that starts ``mcts:`` but says no budget (the message says what was expected)."""


def search_player(name: str) -> MctsPlayer | None:
    """The ``mcts`` player a name asks for (``mcts``, ``mcts:200``, ``mcts:0.5s``, ``mcts:hard``), None for another name."""
    head, colon, level = name.partition(":")
    if head != NAME:
        return None
    if not colon:
        return MctsPlayer(name, LEVELS[DEFAULT_LEVEL])
    level = level.strip().lower()
    if level in LEVELS:
        return MctsPlayer(name, LEVELS[level])
    expected = (f"expected {NAME}, {NAME}:N (N iterations a move, 1 to {MAX_ITERATIONS:,}), {NAME}:Ns (seconds a move, "
                f"up to {MAX_SECONDS:g}) or {NAME}:LEVEL ({', '.join(f'{k} = {v.iterations:,} iterations' for k, v in LEVELS.items())})")
    try:
        if level.endswith("s"):
            seconds = float(level[:-1])
            if not 0 < seconds <= MAX_SECONDS or seconds != seconds:
                raise ValueError
            return MctsPlayer(name, Budget(seconds=seconds))
        iterations = int(level)
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError
    except ValueError:
        raise PlayerNameError(f"{quoted(name)}: {expected}") from None
    return MctsPlayer(name, Budget(iterations))

"""``mcts``: Monte Carlo tree search over the engine contract, for every game, without peeking.

Two searches share one loop (:class:`Search`: budget, playouts, results):

- :class:`ExactSearch`, for perfect information (no ``view``/``determinize``, no secret answers): UCT over one
  tree of states with MCTS-Solver (Winands, Bjornsson and Saito 2008). Each node keeps its state, so walking the
  tree calls no engine; a node lists its legal moves only when the search comes back to it (a leaf's playout draws
  its own first move), which spares the listing at most leaves of a wide game.
- :class:`InfoSetSearch`, for hidden information and secret answers: single-observer information-set MCTS
  (SO-ISMCTS, Cowling, Powley and Whitehouse 2012). The searcher is handed what its seat sees (``rules.view``),
  never the true state: :class:`MctsPlayer` takes the view at the one place a policy meets a state. Each
  iteration samples a full state consistent with it (``rules.determinize(view, seat, rng)``: the game's own hook,
  or one built from the view and the components dealt at setup), walks one tree of the searcher's information sets
  with UCB1 over availability counts (a move may be legal in one sample and not in another), expands one move and
  plays the rest of the game at random. A node below the root whose samples show the searcher different things (a
  card it draws after its move, which is no move) is not one information set: it is marked mixed and the walk stops
  there (:meth:`InfoSetSearch._mixed`). Secret answers (a move another player completes unseen,
  ``rules.secret_parts``): the mover's part and the answer are chosen by decoupled UCT (Lanctot et al. 2013) at
  the same node, each player from their own statistics.

Why information sets rather than plain determinization (several perfect-information trees, one per sample, then a
vote): one tree pools every iteration's statistics on the searcher's real decisions, so no budget is split across
samples, and the searcher cannot plan a different move for each guess of the hidden cards (strategy fusion).

Playouts: the rules' own fast path where they have one (``playout_from(state, rng) -> (outcome, moves)``: a kit's
``playout`` player and its ``playout_depth`` cut by ``score``), else the ``playout`` policy the player was given
(a built-in game's own random player: :func:`printkit.rules.playouts.resolve`), else uniform random moves. Chance is
drawn from the game's own ``chance``. Results: win 1, draw 1/players, loss 0, for every player.

Budgets (:class:`Budget`): iterations, simulated moves (every move the search plays through the rules, in its tree
and its playouts, plus one per iteration) or seconds. The named levels are simulated moves: the time a decision
takes then follows the cost of a move of the game rather than the length of its playouts, and the same seed gives
the same move on any machine. Every random draw comes from the ``rng`` handed in and nothing iterates over a set.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from printkit.rules.game import CHANCE, Outcome, chance_move
from printkit.userinput.text import quoted

EXPLORATION = 0.7
"""UCB1's exploration constant for results in [0, 1] (1/sqrt(2), Kocsis and Szepesvari's choice)."""

MoveTest = Callable[[Any, Any, Any], bool]
"""``uses(rules, state, move)``: whether a move uses an ability (restricted play)."""
Policy = Callable[[Any, Any, random.Random], Any]


class Stopped(Exception):
    """The search was told to stop before its budget was spent (its move is no longer wanted)."""


@dataclass(frozen=True)
class Budget:
    """How long the search thinks per decision: at most ``iterations``, at most ``moves`` simulated moves (see the
    module docstring), at most ``seconds`` of wall clock; whichever is reached first ends it."""

    iterations: int | None = None
    moves: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        parts = [f"{self.iterations:,} iterations" if self.iterations is not None else "",
                 f"{self.moves:,} moves simulated" if self.moves is not None else "",
                 f"{self.seconds:g} s" if self.seconds is not None else ""]
        return " or ".join(part for part in parts if part) + " a move"


MAX_ITERATIONS, MAX_MOVES, MAX_SECONDS = 10_000_000, 10_000_000_000, 3600.0
WIDE, WIDENING, DRAWS = 64, 2.0, 8
"""Progressive widening (:meth:`ExactSearch._widened`): above WIDE moves at the root, at most WIDENING * sqrt(visits)
children a position, each new one drawn from the game's random player in at most DRAWS tries."""
LISTED_PER_MOVE = 16
"""Moves listed or weighed (a node's legal moves, the candidates of a UCB choice) that count as one simulated move:
what listing a move costs next to playing one, about, in the built-in games' engines."""


class Search:
    """What both searches share: the budget's loop, playouts and results. ``run`` then ``best``."""

    def __init__(self, rules: Any, view: Any, seat: int, rng: random.Random, budget: Budget,
                 forbid: MoveTest | None = None, playout: Policy | None = None, c: float = EXPLORATION,
                 stop: Callable[[], bool] | None = None) -> None:
        self.rules, self.view, self.seat, self.rng, self.budget, self.c = rules, view, seat, rng, budget, c
        self.forbid = forbid
        """A restricted seat's ability: ``seat`` never plays a move that uses it while it has another."""
        self.stop = stop
        """Asked before every iteration: True ends the search with :class:`Stopped` (a table whose game moved on)."""
        self.players = len(rules.player_names)
        self.finish = getattr(rules, "playout_from", None)
        self.policy = playout
        self.limit = int(getattr(rules, "max_moves", 100_000))
        self.iterations = 0
        self.moves = 0
        """Simulated moves so far: engine moves in the tree and the playouts, and one per iteration."""
        self.draw = [1.0 / self.players] * self.players
        self.wins = [[float(winner == player) for player in range(self.players)] for winner in range(self.players)]
        """Each player's result when ``winner`` wins (shared lists: read, never changed)."""

    def run(self) -> Search:
        """Iterate until the budget is spent or the root's value is proved (:class:`Stopped` when ``stop`` says so
        first)."""
        budget, told = self.budget, self.stop
        most, moves = budget.iterations or MAX_ITERATIONS, budget.moves or MAX_MOVES
        stop = time.perf_counter() + budget.seconds if budget.seconds is not None else None
        while True:
            if told is not None and told():
                raise Stopped()
            self.iterations += 1
            self.moves += 1
            self.iterate()
            if self.iterations >= most or self.moves >= moves or self.proved() \
                    or (stop is not None and time.perf_counter() >= stop):
                return self

    def iterate(self) -> None:  # pragma: no cover - each search has its own
        raise NotImplementedError

    def proved(self) -> bool:
        """Whether the root's value is proved (the search may stop)."""
        return False

    def _legal(self, state: Any, player: int) -> Sequence[Any]:
        moves = self.rules.legal_moves(state)
        if self.forbid is not None and player == self.seat:
            allowed = [m for m in moves if not self.forbid(self.rules, state, self._own(state, m))]
            return allowed or moves
        return moves

    def _own(self, state: Any, move: Any) -> Any:
        """The mover's own part of ``move`` (the whole move unless another player answers it in secret)."""
        return move

    def _play_out(self, state: Any) -> list[float]:
        """Each player's result of the rest of the game from ``state``: the rules' own fast playout where they have
        one, else the ``playout`` policy, else uniform random moves (chance from the game's ``chance``)."""
        if self.finish is not None:
            ended, cost = self.finish(state, self.rng)
            self.moves += cost
            return self._result(ended)
        rules, rng, policy = self.rules, self.rng, self.policy
        outcome, to_move, legal, apply, randrange = rules.outcome, rules.current_player, rules.legal_moves, rules.apply, rng.randrange
        for played in range(self.limit):
            ended = outcome(state)
            if ended is not None:
                self.moves += played
                return self._result(ended)
            if to_move(state) == CHANCE:
                move = chance_move(rules, state, rng)
            elif policy is not None:
                move = policy(rules, state, rng)
            else:
                moves = legal(state)
                move = moves[randrange(len(moves))]
            state = apply(state, move)
        raise RuntimeError(f"a playout did not end within {self.limit} moves")

    def _result(self, ended: Outcome) -> list[float]:
        """Each player's result: 1 for the winner, 0 for the others; a draw shares 1 equally."""
        return self.draw if ended.winner is None else self.wins[ended.winner]

    def ranked(self, player: int, keys: Sequence[Any] | None = None) -> list[tuple[Any, int, float]]:
        """(choice, visits, mean result) of ``player``'s choices at the root, most visited first (ties: higher mean)."""
        raise NotImplementedError  # pragma: no cover

    def best(self, player: int, keys: Sequence[Any] | None = None) -> Any:
        """``player``'s most visited choice at the root (among ``keys``)."""
        rows = self.ranked(player, keys)
        if not rows:
            raise RuntimeError("the search made no iteration")
        return rows[0][0]


# --- perfect information ----------------------------------------------------------------------------
class Node:
    """A position of :class:`ExactSearch`: its state, and its statistics as the child of the move that led to it."""

    __slots__ = ("state", "player", "owner", "ended", "untried", "children", "visits", "total", "proven")

    def __init__(self, state: Any, player: int, owner: int, ended: Outcome | None) -> None:
        self.state, self.player, self.owner, self.ended = state, player, owner, ended
        self.untried: list[Any] | None = None
        """The moves not yet expanded (None until the node's moves are listed)."""
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0
        """The sum of the results of ``owner``, the player who moved into this node."""
        self.proven: list[float] | None = None
        """Each player's result under best play from here, once proved."""


class ExactSearch(Search):
    """UCT over states with MCTS-Solver (see the module docstring)."""

    def __init__(self, rules: Any, view: Any, seat: int, rng: random.Random, budget: Budget,
                 forbid: MoveTest | None = None, playout: Policy | None = None, c: float = EXPLORATION,
                 stop: Callable[[], bool] | None = None) -> None:
        super().__init__(rules, view, seat, rng, budget, forbid, playout, c, stop)
        self.root = self._node(view, CHANCE)
        self.widen = False
        """Progressive widening (see :meth:`_widened`): a game with its own random player whose root has more than
        :data:`WIDE` moves."""
        if playout is not None and self.root.ended is None:
            listed = self._listed(self.root)
            self.widen = len(listed) > WIDE
            self.root.untried = None if self.widen else listed

    def _node(self, state: Any, owner: int) -> Node:
        ended = self.rules.outcome(state)
        node = Node(state, CHANCE if ended is not None else self.rules.current_player(state), owner, ended)
        if ended is not None:
            node.proven = self._result(ended)
        return node

    def proved(self) -> bool:
        return self.root.proven is not None

    def iterate(self) -> None:
        rules, rng = self.rules, self.rng
        node, path = self.root, [self.root]
        while True:
            if node.proven is not None:
                result = node.proven
                break
            if node.player == CHANCE:
                move = chance_move(rules, node.state, rng)
                child = node.children.get(move)
            elif self.widen:
                move, child = self._widened(node)
            else:
                untried = node.untried
                if untried is None:
                    untried = node.untried = self._listed(node)
                if untried:
                    last = len(untried) - 1
                    pick = rng.randrange(last + 1) if last else 0
                    move = untried[pick]
                    untried[pick] = untried[last]
                    untried.pop()
                    child = None
                else:
                    child = self._select(node)
            if child is None:
                child = node.children[move] = self._node(rules.apply(node.state, move), node.player)
                self.moves += 1
                path.append(child)
                result = child.proven if child.proven is not None else self._play_out(child.state)
                break
            path.append(child)
            node = child
        for visited in path:
            visited.visits += 1
            if visited.owner >= 0:
                visited.total += result[visited.owner]
        if path[-1].proven is not None:  # MCTS-Solver: a proved leaf may prove its parents
            for visited in reversed(path):
                if visited.proven is None:
                    visited.proven = self._proof(visited)
                    if visited.proven is None:
                        break

    def _listed(self, node: Node) -> list[Any]:
        """``node``'s legal moves (a restricted seat's without the ability), counted against the budget."""
        moves = list(self._legal(node.state, node.player))
        self.moves += len(moves) // LISTED_PER_MOVE
        return moves

    def _widened(self, node: Node) -> tuple[Any, Node | None]:
        """Progressive widening (Coulom 2007; Chaslot et al. 2008): a node visited n times has at most
        ``WIDENING * sqrt(n + 1)`` children, each a move drawn from the game's own random player, so no position but
        the root lists its moves (a turn of several choices has thousands) and the moves tried first are those the
        game's structure makes likely. (The move, None) for a new child, else (its move, the child to follow)."""
        children, state = node.children, node.state
        if len(children) < WIDENING * math.sqrt(node.visits + 1):
            policy, rules, rng = self.policy, self.rules, self.rng
            restricted = self.forbid is not None and node.player == self.seat
            for _ in range(DRAWS):
                move = policy(rules, state, rng)  # type: ignore[misc]
                self.moves += 1
                if restricted and self.forbid(rules, state, move):  # type: ignore[misc]
                    continue
                if move not in children:
                    return move, None
            if not children:
                return move, None
        return None, self._select(node)

    def _select(self, node: Node) -> Node:
        """UCB1 among ``node``'s children, leaving out those proved to lose for the player to move (unless all are)."""
        mover, c = node.player, self.c
        scale = math.log(node.visits)
        self.moves += len(node.children) // LISTED_PER_MOVE
        best, chosen, fallback = -1.0, None, None
        for child in node.children.values():
            proven = child.proven
            if proven is not None and proven[mover] == 0.0:
                fallback = child
                continue
            visits = child.visits
            bound = child.total / visits + c * math.sqrt(scale / visits)
            if bound > best:
                best, chosen = bound, child
        return chosen if chosen is not None else fallback  # type: ignore[return-value]

    def _proof(self, node: Node) -> list[float] | None:
        """``node``'s proved result: a child proved a win for the player to move, or every move proved (the best)."""
        if node.player == CHANCE:
            return None
        mover, best, open_ = node.player, None, bool(node.untried) or node.untried is None or self.widen
        for child in node.children.values():
            proven = child.proven
            if proven is None:
                open_ = True
            elif proven[mover] == 1.0:
                return proven
            elif best is None or proven[mover] > best[mover]:
                best = proven
        return None if open_ else best

    def ranked(self, player: int, keys: Sequence[Any] | None = None) -> list[tuple[Any, int, float]]:
        rows = [(move, child.visits, child.total / child.visits if child.visits else 0.0)
                for move, child in self.root.children.items() if keys is None or move in keys]
        order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], -rows[i][2], i))
        return [rows[i] for i in order]

    def best(self, player: int, keys: Sequence[Any] | None = None) -> Any:
        """The most visited move, but a move proved to win first, and no move proved to lose while another is not."""
        children = self.root.children
        rows = self.ranked(player, keys)
        winning = [row for row in rows if (p := children[row[0]].proven) is not None and p[player] == 1.0]
        if winning:
            return winning[0][0]
        if self.root.proven is not None and rows:  # every move proved: the best of them
            return max(rows, key=lambda row: children[row[0]].proven[player])[0]  # type: ignore[index]
        safe = [row for row in rows if (p := children[row[0]].proven) is None or p[player] > 0.0]
        return super().best(player, keys) if not safe else safe[0][0]


# --- hidden information and secret answers ---------------------------------------------------------------
class InfoSet:
    """One information set of the searcher: statistics per (player, their part of a move). Where the searcher sees
    the whole state (secret answers only), it is one state, kept with its choices so no iteration lists them again."""

    __slots__ = ("player", "children", "stats", "state", "choices", "seen")

    def __init__(self, player: int, state: Any = None, seen: Any = None) -> None:
        self.player = player
        self.children: dict[Any, InfoSet] = {}
        self.stats: dict[tuple[int, Any], list[float]] = {}
        """(player, their part of a move) -> [visits, total result, times available]."""
        self.state = state
        self.choices: Choices | None = None
        self.seen = seen
        """What the searcher sees here (hidden information): the view of the first sample that reached the node, until a
        sample shows it otherwise (:data:`MIXED`)."""


MIXED = object()
"""``InfoSet.seen`` of a node the moves that lead to it do not make one information set of the searcher (see
:meth:`InfoSetSearch._mixed`)."""


Choices = dict[Any, list[tuple[Any, Any, int]]]
"""The legal moves by the mover's own part: own part -> [(move, answer, answering player)] (answer None, player -1
for a move nobody answers)."""


class InfoSetSearch(Search):
    """SO-ISMCTS with decoupled UCT for secret answers (see the module docstring)."""

    def __init__(self, rules: Any, view: Any, seat: int, rng: random.Random, budget: Budget,
                 forbid: MoveTest | None = None, playout: Policy | None = None, c: float = EXPLORATION,
                 stop: Callable[[], bool] | None = None) -> None:
        super().__init__(rules, view, seat, rng, budget, forbid, playout, c, stop)
        self.sample = getattr(rules, "determinize", None)
        self.split = getattr(rules, "secret_parts", None)
        self.root = InfoSet(rules.current_player(view), view if self.sample is None else None)
        self.advance = getattr(rules, "advance", None) if self.sample is not None else None
        """Rules that play a legal move on a state in place (a kit's): an iteration's sample is its own, so the moves
        of its walk down the tree are played on it without a copy or a second check."""
        self.look = getattr(rules, "view", None) if self.sample is not None else None
        """What the searcher sees of a sample (hidden information), compared at each node below the root."""

    def iterate(self) -> None:
        rules, rng = self.rules, self.rng
        node = self.root
        whole = self.sample is None  # the view is the state: nodes keep theirs
        state = self.view if whole else self.sample(self.view, self.seat, rng)
        path: list[tuple[InfoSet, tuple[tuple[int, Any], ...]]] = []
        while True:
            ended = rules.outcome(state)
            if ended is not None:
                result = self._result(ended)
                break
            if node.player == CHANCE:
                move, parts = chance_move(rules, state, rng), ()
            else:
                choices = node.choices
                if choices is None:
                    choices = self._choices(state, node.player)
                    if whole:
                        node.choices = choices
                move, parts = self._select(node, choices)
            path.append((node, parts))
            child = node.children.get(move)
            if child is None or not whole:
                state = rules.apply(state, move) if self.advance is None else self.advance(state, move)
                self.moves += 1
            if child is None:
                node.children[move] = InfoSet(rules.current_player(state), state if whole else None,
                                              None if self.look is None else self.look(state, self.seat))
                result = self._play_out(state)
                break
            node = child
            if whole:
                state = child.state
            elif self.look is not None and self._mixed(node, state):
                result = self._play_out(state)
                break
        for visited, parts in path:
            stats = visited.stats
            for key in parts:
                entry = stats[key]
                entry[0] += 1
                entry[1] += result[key[0]]

    def _mixed(self, node: InfoSet, state: Any) -> bool:
        """Whether ``node`` holds positions the searcher tells apart: the moves that lead to it are all the tree knows
        of it, but what the searcher sees there may also depend on the sample (a card it draws after its move: the
        draw is no move). Such a node would pool unlike information sets (its moves' statistics gathered with
        different hands), so the search goes no deeper: the iteration plays out from there. In a game that deals the
        searcher an unseen card after each of its moves the tree is then the root's moves alone (a determinized flat
        search with UCB1 at the root); where what the searcher sees follows from the moves, it is the whole tree."""
        if node.seen is MIXED:
            return True
        if self.look(state, self.seat) == node.seen:  # type: ignore[misc]
            return False
        node.seen, node.children, node.stats = MIXED, {}, {}
        return True

    def _own(self, state: Any, move: Any) -> Any:
        parts = self.split(state, move) if self.split is not None else None
        return move if parts is None else parts[0]

    def _choices(self, state: Any, player: int) -> Choices:
        """The legal moves of ``player`` at ``state`` by their own part (see :data:`Choices`)."""
        moves = self._legal(state, player)
        self.moves += len(moves) // LISTED_PER_MOVE
        split = self.split
        if split is None:
            return {move: [(move, None, -1)] for move in moves}
        joint: Choices = {}
        for move in moves:
            parts = split(state, move)
            if parts is None:
                joint.setdefault(move, []).append((move, None, -1))
            else:
                joint.setdefault(parts[0], []).append((move, parts[2], parts[1]))
        return joint

    def _select(self, node: InfoSet, choices: Choices) -> tuple[Any, tuple[tuple[int, Any], ...]]:
        """The move to follow from ``node`` and the statistics it updates: UCB1 per deciding player over the
        parts available in this sample (each available part's count goes up: SO-ISMCTS's availability)."""
        mover = node.player
        own = self._pick(node, mover, list(choices))
        options = choices[own]
        if options[0][2] < 0:
            return options[0][0], ((mover, own),)
        answerer = options[0][2]
        answer = self._pick(node, answerer, [a for _, a, _ in options])
        move = next(m for m, a, _ in options if a == answer)
        return move, ((mover, own), (answerer, answer))

    def _pick(self, node: InfoSet, player: int, keys: Sequence[Any]) -> Any:
        """UCB1 for ``player`` among ``keys``: an untried key first (at random), else the highest bound."""
        stats = node.stats
        self.moves += len(keys) // LISTED_PER_MOVE
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
        log, sqrt = math.log, math.sqrt
        for key in keys:
            visits, total, available = stats[(player, key)]
            bound = total / visits + c * sqrt(log(available) / visits)
            if bound > best:
                best, best_key = bound, key
        return best_key

    def ranked(self, player: int, keys: Sequence[Any] | None = None) -> list[tuple[Any, int, float]]:
        rows = [(key, int(v[0]), v[1] / v[0] if v[0] else 0.0) for (who, key), v in self.root.stats.items()
                if who == player and (keys is None or key in keys)]
        order = sorted(range(len(rows)), key=lambda i: (-rows[i][1], -rows[i][2], i))
        return [rows[i] for i in order]


def searcher(rules: Any) -> type[Search]:
    """The search for ``rules``: :class:`ExactSearch` with perfect information and no secret answers, else
    :class:`InfoSetSearch`."""
    if getattr(rules, "determinize", None) is None and getattr(rules, "secret_parts", None) is None:
        return ExactSearch
    return InfoSetSearch


def seen(rules: Any, state: Any, seat: int) -> Any:
    """What ``seat`` sees of ``state``: the rules' ``view`` (hidden information), else the state itself.

    The one place where a search player meets the true state: everything after works on this."""
    view = getattr(rules, "view", None)
    return state if view is None else view(state, seat)


@dataclass(frozen=True)
class MctsPlayer:
    """The ``mcts`` player: a policy ``(rules, state, rng) -> move`` that decides in stages where a move has a
    secret answer (``choose``: the mover's own part; ``answer``: the answer, from the position before the move).
    ``playout``: the policy its playouts play where the rules have no fast playout of their own."""

    name: str = "mcts"
    budget: Budget = Budget(1000)
    forbid: MoveTest | None = None
    playout: Policy | None = field(default=None, compare=False)
    stop: Callable[[], bool] | None = None
    """Asked before every iteration of a search: True stops it with :class:`Stopped` (see :meth:`stopping`)."""

    @property
    def __name__(self) -> str:  # policies are named in messages by __name__
        return self.name

    def without(self, uses: MoveTest) -> MctsPlayer:
        """This player never choosing a move that uses an ability while it has another (restricted play)."""
        return replace(self, forbid=uses)

    def playing_out(self, policy: Policy | None) -> MctsPlayer:
        """This player with playouts by ``policy`` (a game's own random player)."""
        return replace(self, playout=policy)

    def stopping(self, stop: Callable[[], bool]) -> MctsPlayer:
        """This player with its searches ended (:class:`Stopped`) as soon as ``stop()`` is true: the browser table
        drops a search whose game moved on (undo, a new game, a seat given to a person)."""
        return replace(self, stop=stop)

    def search(self, rules: Any, state: Any, seat: int, rng: random.Random) -> Search:
        kind = searcher(rules)
        return kind(rules, seen(rules, state, seat), seat, rng, self.budget, self.forbid, self.playout, stop=self.stop).run()

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
LEVELS: dict[str, Budget] = {"easy": Budget(moves=1_000), "medium": Budget(moves=10_000), "hard": Budget(moves=100_000)}
"""Named levels; ``mcts`` alone is ``medium``. Budgets of simulated moves: the same seed gives the same games
anywhere, and a decision's time follows what a move of the game costs (docs/guide/mcts.md)."""
DEFAULT_LEVEL = "medium"


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
                f"up to {MAX_SECONDS:g}) or {NAME}:LEVEL ({', '.join(f'{k} = {v.moves:,} simulated moves' for k, v in LEVELS.items())})")
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

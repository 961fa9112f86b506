"""Monte-Carlo tree search written against the engine protocol only.

The search knows nothing about any particular game: it asks
``current_player``, ``legal_actions`` (or the optional ``candidate_actions``),
``chance_outcomes``, ``next_state`` and ``returns``.  Whatever else a game
knows reaches it as a :class:`~engine.ai.search_spec.SearchSpec` (its tuning, its
heuristic bot, its optional ``evaluate``, ``candidate_actions`` and
``turn_plans``), handed over by the caller.  Three properties make it a fair and useful opponent:

* **Fair chance.**  A chance node keeps the list of ``(outcome, probability)``
  pairs from :meth:`~engine.core.Game.chance_outcomes` and draws a fresh outcome
  from it with the search's own :class:`random.Random` on *every* visit.  The
  state holds no RNG and the search never sees the dealer or a record, so a
  future roll cannot leak into the choice.
* **Score vectors (max^n).**  Every node sums the whole score vector (one
  entry per seat) of the playouts through it.  A seat choosing at a node looks
  only at its own entry of each child's mean, so in 3- and 4-player games each
  player maximises its own share rather than "everyone against me".
* **Anytime and deterministic.**  :meth:`Search.run` stops at an iteration cap
  or a deadline, whichever comes first; with no deadline the result depends
  only on the seed, the state and the cap.

Leaves are valued by a playout: the game's heuristic bot (mixed with random
moves, see :class:`Profile`), cut off after ``playout_depth`` actions and then
valued by the spec's optional ``evaluate(state) -> tuple[float, ...]``, or by an
even split when the game has none.  Very wide nodes (Siege's aim grid) are
searched through the spec's optional ``candidate_actions(state)`` and
progressive widening: a node with ``n`` visits considers only its first
``widen_k * n ** widen_alpha`` candidates, the heuristic bot's choice first.
A game whose turn is many chance-free steps (Trice) may instead offer
whole-turn plans through the spec's optional ``turn_plans(state, count)``: the
root then chooses among plans (see :class:`Plan`).

>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> state = game.new(2, {"target": 20})
>>> for face in (6, 6, 6, 4):
...     state = game.next_state(game.next_state(state, "roll"), f"die {face}")
>>> state.turn_total        # 22 in hand, 20 to win: holding wins at once
22
>>> search = Search(game, state, seed=1)
>>> search.run(iterations=200)
200
>>> search.best()
'hold'
>>> [(action, round(mean, 1)) for action, _, mean in search.summary()]
[('hold', 1.0), ('roll', 0.8)]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.search_spec import Profile, SearchSpec
from engine.core import CHANCE, TERMINAL, Game, sample_chance

__all__ = ["Node", "Plan", "Profile", "Search", "SearchSpec"]

#: The spec of a game that tells the search nothing of its own.
NO_SPEC = SearchSpec()


class Plan(tuple):
    """A whole turn's actions (no chance inside), searched as one root choice.

    A game whose spec has ``turn_plans(state, count)`` and a profile with ``plans`` > 0 has its root
    searched over the best few whole-turn plans instead of single actions: a
    turn of many small steps (Trice's moves and placements) is then judged by
    what the opponents do after it, not step by step.  The bot plays the
    chosen plan's first action and the rest of the plan at the turn's next
    decisions (:class:`~engine.ai.bot.SearchBot`), as nothing new can be
    learnt within a turn that has no chance step.
    """

    __slots__ = ()

    @property
    def first(self) -> Any:
        return self[0]


class Node:
    """One position in the tree with the summed score vector of its playouts.

    ``player`` is the seat to move, :data:`CHANCE` or :data:`TERMINAL`.
    A decision node lists its candidate ``actions`` lazily (on its first
    expansion) and expands them in order; a chance node keeps the outcome
    distribution and one child per outcome drawn so far.
    """

    __slots__ = (
        "actions",
        "children",
        "favoured",
        "outcomes",
        "pick_first",
        "player",
        "state",
        "static_value",
        "terminal_value",
        "total",
        "visits",
    )

    def __init__(self, game: Game[Any, Any], state: Any, seats: int) -> None:
        self.state = state
        self.player = int(game.current_player(state))
        self.visits = 0
        self.total = [0.0] * seats
        self.actions: list[Any] | None = None
        self.children: list[tuple[Any, Node]] = []
        self.outcomes: tuple[list[Any], list[float]] | None = None
        self.terminal_value: tuple[float, ...] | None = None
        self.favoured: Node | None = None  # the child the heuristic bot would pick
        self.pick_first = False  # ``actions[0]`` is the heuristic's pick
        self.static_value: tuple[float, ...] | None = None  # cut-off value at once (playout_depth 0)
        if self.player == TERMINAL:
            self.terminal_value = tuple(float(x) for x in game.returns(state))
        elif self.player == CHANCE:
            pairs = game.chance_outcomes(state)
            self.outcomes = ([a for a, _ in pairs], [p for _, p in pairs])

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits else 0.0


def _draw(outcomes: tuple[list[Any], list[float]], rng: random.Random) -> Any:
    """A fair draw from ``(actions, probabilities)``, as :func:`sample_chance`."""
    actions, weights = outcomes
    r = rng.random()
    for action, p in zip(actions, weights):
        r -= p
        if r < 0:
            return action
    return actions[-1]


class Search:
    """One search from ``state`` for the seat to move there.

    Call :meth:`run` (repeatedly if you like: the page's worker runs short
    slices and checks for interruption between them), then :meth:`best`.
    ``spec`` is what the game tells the search (its profile, unless
    ``profile`` overrides it, and its optional evaluation, candidates and
    plans); ``heuristic`` is a bot used in playouts (``None`` for random
    playouts).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any,
        *,
        seed: int = 0,
        spec: SearchSpec = NO_SPEC,
        profile: Profile | None = None,
        heuristic: Any = None,
    ) -> None:
        self.game = game
        self.spec = spec
        self.profile = profile or spec.profile
        self.rng = random.Random(seed)
        self.heuristic = heuristic
        self.seats = game.seats(state)
        self.root = Node(game, state, self.seats)
        if self.root.player < 0:
            raise ValueError("the search needs a position where a seat is to move")
        self.iterations = 0
        self.seconds = 0.0
        self._evaluate: Callable[[Any], Sequence[float]] | None = spec.evaluate
        self._candidates: Callable[[Any], Sequence[Any]] | None = spec.candidate_actions
        self._plans: Callable[[Any, int], Sequence[Sequence[Any]]] | None = spec.turn_plans if self.profile.plans > 0 else None

    # -- the moves considered at a node -----------------------------------
    def candidates(self, state: Any) -> list[Any]:
        """The actions a seat may consider: the spec's candidates, else every legal action."""
        if self._candidates is not None:
            found = list(self._candidates(state))
            if found:
                return found
        return list(self.game.legal_actions(state))

    def _order(self, node: Node, depth: int) -> list[Any]:
        """The node's candidates in expansion order: the heuristic's pick first.

        Widening looks at the head of the list first, so after the pick come
        the spec's own order (best guesses first) or a seeded shuffle.
        """
        if depth == 0 and self._plans is not None:
            plans = [Plan(p) for p in self._plans(node.state, self.profile.plans)]
            if plans:  # the spec's best plan (the heuristic's) first
                node.pick_first = True
                return plans
        actions = self.candidates(node.state)
        if self._candidates is None or len(actions) <= self.profile.widen_above:
            self.rng.shuffle(actions)
        wide = len(actions) > self.profile.widen_above and self._candidates is None
        prior = self.profile.prior_bias > 0 and depth <= self.profile.prior_depth
        if self.heuristic is not None and (prior or wide):
            pick = self.heuristic.choose(self.game, node.state)
            if pick in actions:
                actions.remove(pick)
            actions.insert(0, pick)
            node.pick_first = True
        return actions

    def _width(self, node: Node) -> int:
        count = len(node.actions or ())
        if count <= self.profile.widen_above:
            return count
        p = self.profile
        return min(count, max(1, int(p.widen_k * max(1, node.visits) ** p.widen_alpha)))

    # -- one iteration -------------------------------------------------------
    def step(self) -> None:
        """Select, expand one node, play out, and back up the score vector."""
        game, rng = self.game, self.rng
        node = self.root
        path = [node]
        depth = 0  # seat decisions above the current node
        value: Sequence[float] | None = None
        while value is None:
            if node.player == TERMINAL:
                value = node.terminal_value
            elif node.player == CHANCE:
                outcome = _draw(node.outcomes, rng)  # type: ignore[arg-type]
                child = None
                for action, known in node.children:
                    if action == outcome:
                        child = known
                        break
                if child is None:
                    child = Node(game, game.next_state(node.state, outcome), self.seats)
                    node.children.append((outcome, child))
                    path.append(child)
                    value = self.playout(child)
                else:
                    path.append(child)
                node = child
            elif depth >= self.profile.tree_depth:
                value = self.playout(node)
            else:
                if node.actions is None:
                    node.actions = self._order(node, depth)
                depth += 1
                if len(node.children) < self._width(node):
                    action = node.actions[len(node.children)]
                    child = Node(game, self.after(node.state, action), self.seats)
                    if node.pick_first and not node.children:
                        node.favoured = child
                    node.children.append((action, child))
                    path.append(child)
                    value = self.playout(child)
                else:
                    node = self._select(node)
                    path.append(node)
        for visited in path:
            visited.visits += 1
            total = visited.total
            for seat in range(self.seats):
                total[seat] += value[seat]
        self.iterations += 1

    def after(self, state: Any, action: Any) -> Any:
        """The state after an action, or after every action of a :class:`Plan`."""
        if isinstance(action, Plan):
            for step in action:
                state = self.game.next_state(state, step)
            return state
        return self.game.next_state(state, action)

    def _select(self, node: Node) -> Node:
        """UCB1 on the mover's own mean score (max^n)."""
        seat = node.player
        log_n = math.log(node.visits)
        c = self.profile.exploration
        favoured, bias = node.favoured, self.profile.prior_bias
        best, best_score = node.children[0][1], -math.inf
        for _, child in node.children:
            n = child.visits
            score = child.total[seat] / n + c * math.sqrt(log_n / n)
            if child is favoured:
                score += bias / (1 + n)
            if score > best_score:
                best, best_score = child, score
        return best

    def playout(self, node: Node) -> Sequence[float]:
        """The score vector of one playout from ``node`` (cut off, then valued)."""
        if node.terminal_value is not None:
            return node.terminal_value
        game, rng, profile = self.game, self.rng, self.profile
        if profile.playout_depth == 0:  # a deterministic value: compute it once per node
            if node.static_value is None:
                node.static_value = tuple(self.cutoff_value(node.state))
            return node.static_value
        state = node.state
        turns = profile.playout_turns
        seat = game.turn_seat(state) if turns else None
        for _ in range(profile.playout_depth):
            player = game.current_player(state)
            if player == TERMINAL:
                return game.returns(state)
            if turns:
                now = game.turn_seat(state)
                if now is not None and now != seat:
                    if seat is not None:  # not merely the first turn of the game starting
                        turns -= 1
                        if not turns:
                            break
                    seat = now
            if player == CHANCE:
                action = sample_chance(game, state, rng)
            elif self.heuristic is not None and (
                profile.heuristic_share >= 1.0 or rng.random() < profile.heuristic_share
            ):
                action = self.heuristic.choose(game, state)
            else:
                action = rng.choice(self.candidates(state))
            state = game.next_state(state, action)
        if game.current_player(state) == TERMINAL:
            return game.returns(state)
        return self.cutoff_value(state)

    def cutoff_value(self, state: Any) -> Sequence[float]:
        """A playout cut off before the end: ``evaluate`` if the game has it, else an even split."""
        if self._evaluate is not None:
            return tuple(float(x) for x in self._evaluate(state))
        return (1.0 / self.seats,) * self.seats

    # -- the budget ------------------------------------------------------------
    def run(self, iterations: int | None = None, seconds: float | None = None) -> int:
        """Run until ``iterations`` more iterations or ``seconds`` pass; returns iterations done.

        At least one iteration runs, so even a tiny budget leaves a choice.
        With a deadline, no iteration starts that would likely overrun it
        (one expected to take as long as the last one or the average).
        """
        started = now = time.perf_counter()
        deadline = None if seconds is None else started + seconds
        done = 0
        while True:
            self.step()
            done += 1
            if iterations is not None and done >= iterations:
                break
            if deadline is not None:
                last, now = now, time.perf_counter()
                expected = max(now - last, (now - started) / done)
                if now + expected >= deadline:
                    break
        self.seconds += time.perf_counter() - started
        return done

    # -- the answer --------------------------------------------------------------
    def ranked(self) -> list[tuple[Any, Node]]:
        """Root children, most visited first (ties: the heuristic's pick, then the better mean)."""
        seat, favoured = self.root.player, self.root.favoured
        return sorted(
            self.root.children,
            key=lambda pair: (pair[1].visits, pair[1] is favoured, pair[1].mean(seat)),
            reverse=True,
        )

    def best(self) -> Any:
        """The most visited root action (the robust choice)."""
        return self.ranked()[0][0]

    def summary(self) -> list[tuple[Any, int, float]]:
        """``(action, visits, mean score for the mover)`` per root action, best first."""
        seat = self.root.player
        return [(action, child.visits, round(child.mean(seat), 3)) for action, child in self.ranked()]

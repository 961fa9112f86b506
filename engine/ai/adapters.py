"""Stand-in search hooks for the site's games, used only while a game lacks its own.

The search asks a game for two optional hooks (see :mod:`engine.ai.mcts`):
``evaluate(state) -> tuple[float, ...]`` (an estimated share of the win per
seat, for playouts cut off before the end) and ``candidate_actions(state)``
(the few actions worth searching in a very wide position).  A game's own
hook always wins; until a game provides one, this module builds it from the
public helpers of the game's heuristic bot, so that the search stays useful:

* Trice: a heuristic playout costs a beam search per turn (too slow to play
  games out), so leaves are valued by the heuristic's position score, turned
  into win shares with a softmax over the three seats (mid-turn, the
  mover's unspent points count too, or "end" would look as good as a move).
* Siege: the aim grid has thousands of ``fire`` actions; the candidates are
  the heuristic's best aim at each reachable target (targets first, then
  angle and power), followed by the other actions of the turn.  Leaves are
  valued by what each side has left standing (SG-02's two ways to lose).

Every stand-in degrades to "no hook" (``None``) if the helpers it needs are
gone, so a change inside a game cannot break the bot, only weaken it.

>>> from tests.pig import Pig
>>> evaluate_hook(Pig()) is None and candidate_hook(Pig()) is None
True
"""

from __future__ import annotations

import itertools

import math
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Game

Evaluate = Callable[[Any], Sequence[float]]
Candidates = Callable[[Any], list[Any]]
Plans = Callable[[Any, int], list[tuple[Any, ...]]]

#: Softmax temperature for Trice's position score (score points per factor e).
TRICE_TEMPERATURE = 10.0
#: Score points per movement point left mid-turn, and for the unused free placement.
TRICE_POINT = 1.5
TRICE_FREE = 3.0
#: Score points for holding a whole symbol (on one's own turn; half on another's).
TRICE_HELD = 40.0
#: Logistic slope for Siege's health difference (health runs 0..1 per side).
SIEGE_SLOPE = 6.0
#: Aims kept per Siege position (the best target's aim first).
SIEGE_AIMS = 6


def softmax(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """Win shares from raw scores: bigger score, bigger share; shares sum to 1.

    >>> [round(x, 3) for x in softmax([0.0, 0.0, 0.0], 10.0)]
    [0.333, 0.333, 0.333]
    >>> softmax([50.0, 0.0], 10.0)[0] > 0.99
    True
    """
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _trice_evaluate(game: Game[Any, Any]) -> Evaluate | None:
    try:
        from engine.trice.bots import score
        from engine.trice.game import NUCLEAR, PLAYING, ROLLING, winning_symbol
    except ImportError:
        return None

    def evaluate(state: Any) -> tuple[float, ...]:
        values = [score(state, seat) for seat in range(3)]
        if state.phase in (NUCLEAR, ROLLING, PLAYING):
            # a held symbol wins at its holder's ``end`` (TR-02): all but won
            # for the seat whose turn it is, a threat to break for the others
            for seat in range(3):
                if winning_symbol(state, seat) is not None:
                    values[seat] += TRICE_HELD if seat == state.seat else TRICE_HELD / 2
        if state.phase == PLAYING:
            # mid-turn, the points still to spend and the free placement are worth something
            values[state.seat] += TRICE_POINT * state.points + (0.0 if state.free_used else TRICE_FREE)
        return softmax(values, TRICE_TEMPERATURE)

    return evaluate


def _siege_health(side: Any, chests: int, can_replace: Callable[[Any, int], bool]) -> float:
    """How far a side is from losing, 0..1: the weaker of its pirates and its cannons."""
    pirates = len(side.spots) / 10.0
    spare = max(0, 3 - side.replaced) if can_replace(side, chests) else 0
    cannons = (side.cannons_standing() + 0.5 * spare) / (len(side.slots) + 1.5)
    return min(pirates, cannons) * 0.7 + 0.15 * (pirates + cannons)


def _siege_evaluate(game: Game[Any, Any]) -> Evaluate | None:
    try:
        from engine.siege.game import can_replace
    except ImportError:
        return None

    def evaluate(state: Any) -> tuple[float, float]:
        h0 = _siege_health(state.sides[0], state.chests, can_replace)
        h1 = _siege_health(state.sides[1], state.chests, can_replace)
        p = 1.0 / (1.0 + math.exp(-SIEGE_SLOPE * (h0 - h1)))
        return (p, 1.0 - p)

    return evaluate


def _siege_candidates(game: Game[Any, Any]) -> Candidates | None:
    try:
        from engine.siege.bots import plan_shots, target_values
    except ImportError:
        return None
    may_fire = getattr(game, "may_fire", None)
    if may_fire is None:
        return None

    def candidates(state: Any) -> list[Any]:
        legal = [a for a in game.legal_actions(state) if not (isinstance(a, str) and a.startswith("fire "))]
        fires: list[Any] = []
        if may_fire(state):
            seat = state.seat
            for _, _, (weapon, angle, power) in plan_shots(state, seat, target_values(state, seat))[:SIEGE_AIMS]:
                action = f"fire {weapon} {angle} {power}"
                if action not in fires:
                    fires.append(action)
        return fires + legal

    return candidates


def _trice_plans(game: Game[Any, Any]) -> Plans | None:
    """Trice's whole-turn plans: the best distinct end positions of a beam search.

    The same beam search as the heuristic bot's (sequences of moves and
    placements, judged by the score of the position the turn ends in), but
    keeping the ``count`` best end positions instead of one; ties are broken
    by the order found, so the list is deterministic.  A plan that wins at
    ``end`` is the only one returned.
    """
    try:
        from engine.trice.bots import BEAM, WIN, end_score, turn_search
        from engine.trice.game import END_ACTION, PLAYING
    except ImportError:
        return None

    def plans(state: Any, count: int) -> list[tuple[Any, ...]]:
        if state.phase != PLAYING:
            return []
        ends: dict[Any, tuple[float, int, list[Any]]] = {state.cells: (end_score(state, state.seat), 0, [])}
        found = itertools.count(-1, -1)  # a higher tie-break for earlier positions: found order
        for value, order, after, steps in turn_search(game, state, BEAM, lambda: next(found)):
            if after.cells not in ends:
                ends[after.cells] = (value, -int(order), steps)
        ranked = sorted(ends.values(), key=lambda item: (-item[0], item[1]))
        if ranked[0][0] >= WIN:
            ranked = ranked[:1]
        return [tuple(steps) + (END_ACTION,) for _, _, steps in ranked[:count]]

    return plans


_EVALUATE: dict[str, Callable[[Game[Any, Any]], Evaluate | None]] = {
    "trice": _trice_evaluate,
    "siege": _siege_evaluate,
}
_CANDIDATES: dict[str, Callable[[Game[Any, Any]], Candidates | None]] = {
    "siege": _siege_candidates,
}
_PLANS: dict[str, Callable[[Game[Any, Any]], Plans | None]] = {
    "trice": _trice_plans,
}


def evaluate_hook(game: Game[Any, Any]) -> Evaluate | None:
    """The game's ``evaluate``, else the stand-in for it, else ``None``."""
    own = getattr(game, "evaluate", None)
    if own is not None:
        return own
    make = _EVALUATE.get(game.name)
    return make(game) if make is not None else None


def candidate_hook(game: Game[Any, Any]) -> Candidates | None:
    """The game's ``candidate_actions``, else the stand-in for it, else ``None``."""
    own = getattr(game, "candidate_actions", None)
    if own is not None:
        return own
    make = _CANDIDATES.get(game.name)
    return make(game) if make is not None else None


def plan_hook(game: Game[Any, Any]) -> Plans | None:
    """The game's ``turn_plans``, else the stand-in for it, else ``None``."""
    own = getattr(game, "turn_plans", None)
    if own is not None:
        return own
    make = _PLANS.get(game.name)
    return make(game) if make is not None else None

"""What Piratissimo's bots know: the heuristic bot, the race's evaluation, and the search's tuning.

The heuristic bot is greedy, careful with the hold, fond of home.

It loads within capacity, sails home once the cargo is worth the trip (or
wins the race), pays for a shortcut when it lands on a better island, attempts
piracy when a ruby would not capsize it, and aims the tornado at the richest
rival ship.  Chance steps are never its business (the dealer deals them).

>>> from engine.piratissimo import Piratissimo
>>> game = Piratissimo()
>>> s = game.apply(game.apply(game.new(2), Start(0)), Die(3))
>>> HeuristicBot(1).choose(game, s)
Load(amount=3)
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from engine.ai.search_spec import LEVELS, SearchSpec
from engine.piratissimo import data as D
from engine.piratissimo.actions import PASS, PIRATE, Action, Die, Start, Tornado  # noqa: F401  (Die, Start: doctests)
from engine.piratissimo.rules import (
    HOME,
    LOAD,
    RAID,
    SAIL,
    TWISTER,
    Piratissimo,
    PirState,
    join_of,
    route_action,
    routes,
    ships_on,
    steps_of,
)

#: How much an island further along the ring is worth, in treasures: about
#: one turn's run (2 islands) per treasure a chest gives.
PROGRESS = 0.35
#: Cargo worth a trip home when the home port is in reach.
HOME_AT = 4
#: Load no more than this: with 6 or 7 aboard, an open chest (forced 2)
#: capsizes the ship; self-play found 5 clearly best (64% against 7).
LOAD_CAP = 5


def distance_home(state: PirState, seat: int, island: int) -> int:
    """Islands still to sail from ``island`` to ``seat``'s home island.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.new(4), Start(0))
    >>> distance_home(s, 1, 3), distance_home(s, 0, 23)
    (3, 1)
    """
    if island == HOME:
        return D.RING + 1
    return (join_of(state, seat) - island) % D.RING or D.RING


def arrival_value(state: PirState, seat: int, island: int, cap: int = D.CAPACITY) -> float:
    """What ending a move on ``island`` is worth to ``seat``, in treasures,
    loading closed chests up to ``cap`` aboard.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.new(2), Start(0))
    >>> arrival_value(s, 0, 2), arrival_value(s, 0, 3), arrival_value(s, 0, 5)
    (3.0, 2, 0.0)
    """
    cargo = state.cargo[seat]
    room = D.CAPACITY - cargo
    if island == state.tornado:
        return 0.0
    others = ships_on(state, island, but=seat)
    if others:
        loot = min(D.PIRACY_TAKE, state.cargo[others[0]])
        return 0.5 * loot if loot <= room else 0.0
    chest = D.ISLANDS[island].chest
    if chest == D.OPEN:
        return D.OPEN_CHEST_LOAD if room >= D.OPEN_CHEST_LOAD else -cargo - 2.0
    if chest > 0:
        return float(min(chest, max(0, cap - cargo), state.hold))
    return 0.0


def storm_value(state: PirState, seat: int) -> float:
    """Expected worth of a compass spin's tornado action for ``seat``'s ship.

    A quarter of the time it loses 2, a quarter of the time the cargo is
    banked early (worth about half its size: no more risk, no trip home), a
    quarter of the time it is blown one island on; so a storm hurts a ship
    with little aboard and helps a rich one.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.new(2), Start(0))
    >>> round(storm_value(s, 0), 2)
    0.05
    """
    cargo = state.cargo[seat]
    return 0.25 * (-min(D.STORM_LOSS, cargo) + 0.5 * cargo + 0.2)


class HeuristicBot:
    """A greedy one-move look-ahead player."""

    #: Tunable weights (class attributes so self-play experiments can vary them).
    progress = PROGRESS
    home_at = HOME_AT
    load_cap = LOAD_CAP
    pirate_cap = D.CAPACITY
    near_home = 0  # within this many islands of home, load up to full capacity
    cap_aware = False  # value chests by what it will load (self-play: no better, 47.5%)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Piratissimo, state: PirState) -> Action:
        seat = state.seat
        phase = state.phase
        if phase == SAIL:
            return self._sail(state, seat)
        if phase == LOAD:
            cap = D.CAPACITY if distance_home(state, seat, state.pos[seat]) <= self.near_home else self.load_cap
            room = max(0, cap - state.cargo[seat])
            legal = game.legal_actions(state)
            return legal[max(0, min(room, len(legal) - 1))]
        if phase == RAID:
            loot = min(D.PIRACY_TAKE, state.cargo[state.target])
            worth = loot > 0 and state.cargo[seat] + loot <= self.pirate_cap
            return PIRATE if worth else PASS
        if phase == TWISTER:
            return self._tornado(state, seat)
        return self.rng.choice(game.legal_actions(state))

    def _sail(self, state: PirState, seat: int) -> Action:
        best: Action = PASS
        best_score = float("-inf")
        cargo = state.cargo[seat]
        for route in routes(state, seat, steps_of(state.die)):
            if route.dest == HOME:
                aboard = cargo - (D.SHORTCUT_FEE if route.via >= 0 else 0)  # home by a shortcut pays the fee
                wins = state.bank[seat] + aboard >= D.TARGET
                score = 100.0 if wins else (aboard + 1.0 if aboard >= self.home_at else aboard - 2.0)
            else:
                cap = self.load_cap if self.cap_aware else D.CAPACITY
                score = arrival_value(state, seat, route.dest, cap)
                score += self.progress * (D.RING - distance_home(state, seat, route.dest))
                if route.via >= 0:
                    score -= D.SHORTCUT_FEE
            score += self.rng.random() * 1e-3  # break ties without a bias
            if score > best_score:
                best, best_score = route_action(route), score
        return best

    def _tornado(self, state: PirState, seat: int) -> Action:
        best: Action = Tornado(1)
        best_score = float("-inf")
        here = state.tornado
        for k in range(1, D.TORNADO_MAX + 1):
            here = D.ISLANDS[here].white
            hit = ships_on(state, here)
            score = 0.0
            if 1 <= len(hit) <= 2:
                for ship in hit:
                    gain = storm_value(state, ship)
                    score += gain if ship == seat else -gain
            score += self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = Tornado(k), score
        return best


# -- what the search is told (:func:`search_spec`) ------------------------------------

#: Search cut-off: cargo's worth against banked treasure, and the softmax
#: temperature (treasures per factor e) of the win-share estimate.
EVAL_CARGO = 0.6
EVAL_TEMPERATURE = 1.5


def evaluate(game: Piratissimo, state: PirState) -> tuple[float, ...]:
    """Estimated share of the win per seat, for search playouts cut short.

    Banked treasures count fully, cargo aboard a little over half (it can
    still capsize or be stolen); a softmax turns the scores into shares.

    >>> from engine.piratissimo.rules import _with
    >>> g = Piratissimo()
    >>> s = g.apply(g.new(2), Start(0))
    >>> evaluate(g, s)
    (0.5, 0.5)
    >>> [round(x, 2) for x in evaluate(g, _with(s, bank=(6, 2)))]
    [0.94, 0.06]
    """
    result = game.outcome(state)
    if result is not None:
        return result.scores
    values = [b + EVAL_CARGO * c for b, c in zip(state.bank, state.cargo)]
    top = max(values)
    weights = [math.exp((v - top) / EVAL_TEMPERATURE) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


#: At the page's budgets hard's playouts to the end at 3,753 iterations won 2
#: of 7 games against medium's 2-turn playouts at 1,000, and with medium's own
#: 2-turn playouts, ten times as many, 9 of 20: past medium's budget more
#: search finds nothing better in this dice race (docs/bots.md, "Levels a person
#: can feel").  Piratissimo's hard plays those cheap 2-turn playouts (10,000
#: of them take about 1.9 s in the page), and its medium takes easy's
#: runner-up move in half its close calls (within 0.15 of the best): a club
#: player who sometimes settles.
LEVEL_CHANGES = {
    "medium": replace(LEVELS["medium"], blunder=0.5, blunder_margin=0.15),
    "hard": replace(LEVELS["hard"], iterations=10_000, lookahead=2),
}

#: The search's iterations per second at the hard level in the page (the
#: docs/bots.md's "Think time" table, ``make bench``, Pyodide 314.0.7).
PAGE_RATE = 4958.0


def search_spec(game: Piratissimo) -> SearchSpec:
    """What Piratissimo tells the search and the site's bots (``game`` binds the evaluation to the rules)."""
    return SearchSpec(
        levels=LEVEL_CHANGES,
        bots={"heuristic": HeuristicBot},
        evaluate=lambda state: evaluate(game, state),
        page_rate=PAGE_RATE,
    )

"""Are the analysis's chances honest?  Bot games read at mid-game, against who won.

Each game is played to its end by bots (the game's heuristic in every seat
unless told otherwise), then the analysis reads each seat's chance where the
middle turn starts (:func:`engine.analysis.chances`, at the analysis level
asked).  The claim docs/analysis.md's table checks: the seat given more than 70%
wins at least 70% of those games.  The command also prints those seats'
mean reading against their share of wins (with its 95% interval), and bins
every seat's reading, so a reader sees how the chances compare with the wins
all along the scale.

Deterministic: game ``index`` is seeded ``seed * 1_000_003 + index``, as in a
tournament, and the readings are seeded from the record.

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> row = mid_game_reading("pig", ("random", "random"), 5, "quick", {"target": 20})
>>> len(row.chances), round(sum(row.chances), 6), sum(row.returns)
(2, 1.0, 1.0)
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.ai.mcts import NO_SPEC
from engine.analysis import LEVELS, chances, turns_of
from engine.bots import make_bot
from engine.core import Dealer, play_out

#: The claim: a seat given more than this at mid-game wins at least that share.
CONFIDENT = 0.70
#: The bins of the full table: [low, high) of a seat's reading.
BINS: tuple[tuple[float, float], ...] = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.0001))


@dataclass(frozen=True, slots=True)
class Reading:
    """One game: each seat's chance read where its middle turn starts, and what each seat scored."""

    chances: tuple[float, ...]
    returns: tuple[float, ...]
    turns: int


def mid_game_reading(game_name: str, bots: Sequence[str], seed: int, level: str,
                     options: dict[str, Any] | None = None) -> Reading:
    """Play one seeded game by ``bots`` and read the chances where its middle turn starts."""
    game = engine.get(game_name)
    players = [make_bot(game, name, seed * 31 + seat) for seat, name in enumerate(bots)]
    start = game.new(len(bots), options or {})
    pickers = [lambda g, s, _p, b=b: b.choose(g, s) for b in players]
    final, actions = play_out(game, start, pickers, Dealer(seed))
    states = [start]
    for action in actions:
        states.append(game.next_state(states[-1], action))
    turns = turns_of(game, states)
    _, first, _ = turns[len(turns) // 2]
    spec = engine.spec_for(game).search or NO_SPEC
    read = chances(game, states[first], spec, LEVELS[level].playouts, seed)
    return Reading(tuple(read), tuple(game.returns(final)), len(turns))


def _one(job: tuple[str, tuple[str, ...], int, str, dict[str, Any]]) -> Reading:
    return mid_game_reading(*job)


def readings(game_name: str, bots: Sequence[str], games: int, seed: int, level: str,
             options: dict[str, Any] | None = None, jobs: int = 1) -> Iterator[Reading]:
    """Every game's reading, in order (the figures do not depend on ``jobs``)."""
    work = [(game_name, tuple(bots), seed * 1_000_003 + index, level, options or {}) for index in range(games)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    pool = multiprocessing.get_context("fork").Pool(jobs)
    try:
        yield from pool.imap(_one, work)
    finally:
        pool.terminate()


@dataclass(frozen=True, slots=True)
class Row:
    """Seats whose reading fell in ``[low, high)``: how many, their mean reading, their mean score."""

    low: float
    high: float
    seats: int
    predicted: float
    won: float


def table(found: Sequence[Reading], bins: Sequence[tuple[float, float]] = BINS) -> list[Row]:
    """Every seat's reading of every game, binned: the mean reading against the mean score.

    >>> rows = table([Reading((0.8, 0.2), (1.0, 0.0), 10), Reading((0.75, 0.25), (0.0, 1.0), 12)])
    >>> [(r.low, r.seats, round(r.predicted, 3), r.won) for r in rows if r.seats]
    [(0.1, 2, 0.225, 0.5), (0.7, 2, 0.775, 0.5)]
    """
    rows = []
    for low, high in bins:
        picked = [(p, r) for reading in found for p, r in zip(reading.chances, reading.returns) if low <= p < high]
        n = len(picked)
        rows.append(Row(low, high, n, sum(p for p, _ in picked) / n if n else 0.0,
                        sum(r for _, r in picked) / n if n else 0.0))
    return rows


def confident(found: Sequence[Reading], threshold: float = CONFIDENT) -> Row:
    """The games in which one seat was given more than ``threshold``: that seat's mean reading and score.

    >>> row = confident([Reading((0.8, 0.2), (1.0, 0.0), 10), Reading((0.6, 0.4), (0.0, 1.0), 12)])
    >>> row.seats, row.predicted, row.won
    (1, 0.8, 1.0)
    """
    picked = [(max(r.chances), r.returns[r.chances.index(max(r.chances))]) for r in found
              if max(r.chances) > threshold]
    n = len(picked)
    return Row(threshold, 1.0, n, sum(p for p, _ in picked) / n if n else 0.0,
               sum(w for _, w in picked) / n if n else 0.0)

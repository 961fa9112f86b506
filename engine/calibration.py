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

The fit (``python -m engine calibrate GAME --fit``): the raw readings of bot
games where their middle turn starts, each seat's
reading against what it scored, fitted by a monotone map (isotonic, by pooled
adjacent violators, or Platt's logistic on the reading's logit, whichever
scores better, by Brier score, on the half of the fit's games it did not see)
and written to ``engine/<game>/calibration.json`` with its seeds; the
analysis applies it to every chance it reports
(:class:`engine.analysis.ChanceMap`).  The check reads games of other seeds
at their middle turn, raw and through the map, and prints the expected
calibration error (:func:`ece`) of both (``--at 0.25,0.5,0.75``: of readings
at more turns besides).

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> row = mid_game_reading("pig", ("random", "random"), 5, "quick", {"target": 20})
>>> len(row.chances), round(sum(row.chances), 6), sum(row.returns)
(2, 1.0, 1.0)
"""

from __future__ import annotations

import datetime
import json
import math
import multiprocessing
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine.ai.mcts import NO_SPEC
from engine.analysis import _MAPS, LEVELS, LOGIT_EDGE, ChanceMap, calibration_path, chances, turns_of
from engine.bots import make_bot
from engine.core import Dealer, play_out

#: The claim: a seat given more than this at mid-game wins at least that share.
CONFIDENT = 0.70
#: The bins of the full table: [low, high) of a seat's reading.
BINS: tuple[tuple[float, float], ...] = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.0001))
#: Where a game is read, as a share of its turns: the fit and the check read the middle turn (one
#: reading a game); ``--at`` adds more turns to the check (the analysis maps every turn's reading).
MIDDLE = 0.5
FIT_AT: tuple[float, ...] = (MIDDLE,)
#: The seeds of a game's games are ``seed * SEED_STRIDE + index``: two seeds' games never meet
#: below this many games.
SEED_STRIDE = 1_000_003


@dataclass(frozen=True, slots=True)
class Reading:
    """One game: each seat's chance read where its middle turn starts, and what each seat scored."""

    chances: tuple[float, ...]
    returns: tuple[float, ...]
    turns: int


def mid_game_reading(game_name: str, bots: Sequence[str], seed: int, level: str,
                     options: dict[str, Any] | None = None) -> Reading:
    """Play one seeded game by ``bots`` and read the raw chances where its middle turn starts."""
    return game_readings(game_name, bots, seed, level, options, (MIDDLE,))[0]


def played_actions(game: Any, bots: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """The actions of one seeded game played to its end by ``bots`` (by seat)."""
    players = [make_bot(game, name, seed * 31 + seat) for seat, name in enumerate(bots)]
    pickers = [lambda g, s, _p, b=b: b.choose(g, s) for b in players]
    _, actions = play_out(game, game.new(len(bots), options or {}), pickers, Dealer(seed))
    return list(actions)


def played_states(game: Any, bots: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> list[Any]:
    """Every state of one seeded game played to its end by ``bots`` (by seat), its start first."""
    actions = played_actions(game, bots, seed, options)
    states = [game.new(len(bots), options or {})]
    for action in actions:
        states.append(game.next_state(states[-1], action))
    return states


def game_readings(game_name: str, bots: Sequence[str], seed: int, level: str, options: dict[str, Any] | None = None,
                  at: Sequence[float] = FIT_AT) -> tuple[Reading, ...]:
    """Play one seeded game by ``bots`` and read the raw chances where the turns ``at`` (shares of its
    turns) start: the readings before any calibration map."""
    game = engine.get(game_name)
    states = played_states(game, bots, seed, options)
    final = states[-1]
    turns = turns_of(game, states)
    spec = engine.spec_for(game).search or NO_SPEC
    found = []
    for share in at:
        _, first, _ = turns[min(int(len(turns) * share), len(turns) - 1)]
        read = chances(game, states[first], spec, LEVELS[level].playouts, seed, raw=True)
        found.append(Reading(tuple(read), tuple(game.returns(final)), len(turns)))
    return tuple(found)


def _one(job: tuple[str, tuple[str, ...], int, str, dict[str, Any], tuple[float, ...]]) -> tuple[Reading, ...]:
    return game_readings(*job)


def game_seeds(seed: int, games: int) -> range:
    """The seeds of the ``games`` games of ``seed``.

    >>> game_seeds(2, 3)
    range(2000006, 2000009)
    """
    return range(seed * SEED_STRIDE, seed * SEED_STRIDE + games)


def readings(game_name: str, bots: Sequence[str], games: int, seed: int, level: str,
             options: dict[str, Any] | None = None, jobs: int = 1,
             at: Sequence[float] = (MIDDLE,)) -> Iterator[tuple[Reading, ...]]:
    """Every game's raw readings at ``at``, in order (the figures do not depend on ``jobs``)."""
    work = [(game_name, tuple(bots), game_seed, level, options or {}, tuple(at))
            for game_seed in game_seeds(seed, games)]
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


def ece(found: Sequence[Reading], bins: Sequence[tuple[float, float]] = BINS) -> float:
    """Expected calibration error: over the bins of :func:`table`, the seats' share in each bin times the
    gap between its mean reading and its mean score.

    >>> round(ece([Reading((0.8, 0.2), (1.0, 0.0), 10), Reading((0.75, 0.25), (0.0, 1.0), 12)]), 3)
    0.275
    """
    rows = table(found, bins)
    seats = sum(row.seats for row in rows)
    return sum(row.seats * abs(row.predicted - row.won) for row in rows) / seats if seats else 0.0


#: Resamples of the games behind :func:`ece_interval`.
RESAMPLES = 400


def ece_interval(found: Sequence[Reading], resamples: int = RESAMPLES, seed: int = 0) -> tuple[float, float]:
    """A 95% interval of :func:`ece` (percentile bootstrap over the games, seeded: the same readings give
    the same interval).  A perfectly honest reading still shows an error above 0 on a finite sample.

    >>> found = [Reading((0.8, 0.2), (1.0, 0.0), 10), Reading((0.75, 0.25), (0.0, 1.0), 12)]
    >>> low, high = ece_interval(found, 50)
    >>> 0.0 <= low <= ece(found) <= high <= 1.0
    True
    """
    if not found:
        return 0.0, 0.0
    rng = random.Random(seed)
    values = sorted(ece([found[rng.randrange(len(found))] for _ in found]) for _ in range(resamples))
    return values[int(0.025 * (resamples - 1))], values[int(0.975 * (resamples - 1))]


def mapped(found: Sequence[Reading], chance_map: ChanceMap) -> list[Reading]:
    """The readings through ``chance_map``, each game's renormalised."""
    return [replace(reading, chances=chance_map.shares(reading.chances)) for reading in found]


def points(found: Sequence[Reading]) -> list[tuple[float, float]]:
    """Every seat's ``(reading, score)`` of every game: what a map is fitted on."""
    return [(p, r) for reading in found for p, r in zip(reading.chances, reading.returns)]


def isotonic(found: Sequence[tuple[float, float]]) -> ChanceMap:
    """The increasing map that fits the points best in squared error (pooled adjacent violators), as the
    knots of its blocks ``(mean reading, mean score)``: the map goes straight between them.

    >>> isotonic([(0.1, 0.0), (0.2, 1.0), (0.3, 0.0), (0.9, 1.0)]).knots
    ((0.1, 0.0), (0.25, 0.5), (0.9, 1.0))
    """
    same: list[list[float]] = []  # [reading, sum of scores, weight]: the points of one reading together
    for x, y in sorted(found):
        if same and same[-1][0] == x:
            same[-1][1] += y
            same[-1][2] += 1
        else:
            same.append([x, y, 1.0])
    blocks: list[list[float]] = []  # [sum of readings, sum of scores, weight], their mean scores increasing
    for x, y, w in same:
        blocks.append([x * w, y, w])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x2, y2, w2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += w2
    return ChanceMap("isotonic", tuple((sx / w, sy / w) for sx, sy, w in blocks))


def logistic(found: Sequence[tuple[float, float]], steps: int = 50) -> ChanceMap:
    """Platt's map: the logistic of ``a * logit(reading) + b`` of the greatest likelihood (Newton's
    method), with ``a`` kept at least 0 so that the map never falls.

    >>> m = logistic([(0.2, 0.0), (0.2, 1.0), (0.8, 1.0), (0.8, 0.0)])
    >>> round(m.a, 6) + 0.0, round(m.b, 6) + 0.0
    (0.0, 0.0)
    """
    zs = [math.log(q / (1 - q)) for q in (min(max(x, LOGIT_EDGE), 1 - LOGIT_EDGE) for x, _ in found)]
    ys = [y for _, y in found]
    a, b = 1.0, 0.0
    best = _log_likelihood(zs, ys, a, b)
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for z, y in zip(zs, ys):
            p = _sigmoid(a * z + b)
            w = p * (1 - p) + 1e-12
            ga += (p - y) * z
            gb += p - y
            haa += w * z * z
            hab += w * z
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:  # Newton's step, halved until the likelihood does not fall
            tried = _log_likelihood(zs, ys, a - step * da, b - step * db)
            if tried >= best:
                break
            step /= 2
        else:
            break
        a, b, best = a - step * da, b - step * db, tried
        if step * (abs(da) + abs(db)) < 1e-10:
            break
    if a < 0:  # a falling fit: the best flat one instead (the share of wins)
        mean = min(max(sum(ys) / len(ys), LOGIT_EDGE), 1 - LOGIT_EDGE) if ys else 0.5
        a, b = 0.0, math.log(mean / (1 - mean))
    return ChanceMap("logistic", a=a, b=b)


def _log_likelihood(zs: Sequence[float], ys: Sequence[float], a: float, b: float) -> float:
    total = 0.0
    for z, y in zip(zs, ys):
        p = min(max(_sigmoid(a * z + b), 1e-15), 1 - 1e-15)
        total += y * math.log(p) + (1 - y) * math.log(1 - p)
    return total


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def brier(found: Sequence[Reading]) -> float:
    """The mean squared gap between a seat's reading and its score, over every seat of every game."""
    pairs = points(found)
    return sum((p - r) ** 2 for p, r in pairs) / len(pairs) if pairs else 0.0


FITS = {"isotonic": isotonic, "logistic": logistic}


def fit(found: Sequence[Sequence[Reading]]) -> tuple[ChanceMap, dict[str, float]]:
    """The map for these games' readings (each game's readings together), and each kind's held-out Brier
    score: each kind is fitted on every other game and scored on the rest, both ways; the better kind
    is then fitted on all of them."""
    halves = (found[0::2], found[1::2])
    scores = {}
    for kind, fitter in FITS.items():
        total = 0.0
        for seen, unseen in (halves, halves[::-1]):
            chance_map = fitter(points([r for game in seen for r in game]))
            total += brier(mapped([r for game in unseen for r in game], chance_map)) * len(unseen)
        scores[kind] = total / len(found)
    best = min(scores, key=lambda kind: scores[kind])
    return FITS[best](points([r for game in found for r in game])), scores


def to_json(chance_map: ChanceMap) -> dict[str, Any]:
    if chance_map.kind == "isotonic":
        return {"kind": "isotonic", "knots": [[round(x, 6), round(y, 6)] for x, y in chance_map.knots]}
    return {"kind": "logistic", "a": round(chance_map.a, 6), "b": round(chance_map.b, 6)}


def write_fit(game_name: str, bots: Sequence[str], games: int, seed: int, level: str,
              found: Sequence[Sequence[Reading]], at: Sequence[float] = FIT_AT) -> tuple[str, dict[str, Any]]:
    """Fit the map of ``level`` on ``found`` (the readings of ``games`` games of ``seed``), and write it
    into the game's calibration file, beside the other levels' maps: the file's path and the entry."""
    game = engine.get(game_name)
    chance_map, scores = fit(found)
    entry = {**to_json(chance_map), "playouts": LEVELS[level].playouts, "seed": seed, "games": games,
             "seeds": [game_seeds(seed, games)[0], game_seeds(seed, games)[-1]], "bots": list(bots),
             "at": list(at), "readings": sum(len(points(game_found)) for game_found in found),
             "held_out_brier": {kind: round(score, 6) for kind, score in scores.items()},
             "date": datetime.date.today().isoformat()}
    path = calibration_path(game)
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"game": game_name, "maps": {}}
    data["maps"][level] = entry
    text = json.dumps(data, indent=1, sort_keys=True)
    text = re.sub(r"\[\n\s+([-\d.e]+),\n\s+([-\d.e]+)\n\s+\]", r"[\1, \2]", text)  # a knot a line
    path.write_text(text + "\n", encoding="utf-8")
    _MAPS.pop(game.name, None)  # read afresh
    return str(path), entry

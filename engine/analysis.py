"""Each seat's chance to win, turn by turn, and the turns that cost most: the analysis of a game.

A turn's chances are read where it starts (before its roll, if it has one),
the same way for every seat: a few playouts by the game's heuristic bot,
every seat playing one turn in its place with the dice drawn fairly, and then
the game's evaluation judges each position reached (the evaluation sharpened
by a short look-ahead); the mean per seat, summing to 1, is each seat's
chance.  Reading every turn from where it starts keeps the mover from looking
better than the others: a search from a seat's own decision is optimistic for
that seat.  The search of the game's :class:`~engine.ai.search_spec.SearchSpec`, run
a fixed number of iterations from each decision, gives the *better* move
where the decision was otherwise.

A turn is judged by its decisions, not by its dice: at each decision (each
shot of a Siege turn; where the search plans, each run of decisions between
two chance steps), the mover's chance right after what it chose (over the
dice that follow) against its chance right after the search's better move,
both read from the same playouts' dice.  The difference is what the decision
*cost*; the turn's costliest decision speaks for it, and a cost of at least
0.10 flags an inaccuracy, 0.20 a mistake, 0.30 a blunder (lichess's
thresholds).  A turn the dice spoiled, played as
the search would, costs nothing and is not flagged; what the dice did is the
turn's *luck*, the rest of its swing.  Every flag names its better move.

Every chance reported goes through the game's calibration map (a monotone
map from a raw reading to the share of wins seen at it, fitted on bot games
by ``python -m engine calibrate GAME --fit`` and stored in
``engine/<game>/calibration.json``): the turns' chances, the decisions'
costs and the hint's percentages.  A game without the file reads raw.

Everything here is deterministic: the searches are seeded from the record
and the position, and budgeted in iterations, never in seconds.

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> from engine.records import replay
>>> record = {"game": "pig", "format": 1, "seats": [{"name": "A"}, {"name": "B"}],
...           "options": {"target": 20}, "seed": 1,
...           "actions": ["roll", "die 6", "roll", "die 6", "hold", "roll", "die 1",
...                       "roll", "die 6", "roll", "die 6", "hold"]}
>>> turns = analyse(replay(record), level="quick")
>>> [(t.turn, t.seat, t.actions) for t in turns]
[(1, 0, ('roll', 'die 6', 'roll', 'die 6', 'hold')), (2, 1, ('roll', 'die 1')), (3, 0, ('roll', 'die 6', 'roll', 'die 6', 'hold'))]
>>> [round(sum(t.before), 6) for t in turns]
[1.0, 1.0, 1.0]
>>> turns[-1].after  # the game is over: the outcome
(1.0, 0.0)
"""

from __future__ import annotations

import json
import math
import random
import sys
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.ai.bot import level_profile, position_seed
from engine.ai.mcts import NO_SPEC, Plan, Search
from engine.ai.search_spec import SearchSpec
from engine.core import CHANCE, TERMINAL, Game, sample_chance
from engine.numbers import percent
from engine.records import Replay

#: What a decision cost the mover's chance that flags its turn, largest first (lichess's thresholds).
FLAGS: tuple[tuple[float, str], ...] = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
#: The playouts that read a decision's cost, at least: the played and the better move are read from
#: the same dice (the playouts' seeds are the turn's), so their difference is the decision's alone;
#: a few more than a turn's reading keep one lucky playout from making a flag.
DECISION_PLAYOUTS = 8
#: The playouts that screen a decision's cost first: most decisions cost next to nothing (a Siege shot a
#: degree off the search's aim), which half the playouts show as well, from the same dice; a cost that
#: reads :data:`SCREEN_MARGIN` or more is read again with :data:`DECISION_PLAYOUTS`.
SCREEN_PLAYOUTS = 4
#: Half the smallest flag: a screened cost under it is taken as it reads.
SCREEN_MARGIN = 0.05
#: The playouts that confirm a cost big enough to flag before it is shown. A few playouts' noise can
#: pass a threshold on its own: a Siege turn won at its last shot was flagged a blunder (0.36 at 8
#: playouts) for its first shot's aim, which 128 playouts read at 0.03-0.07. Flags are few, so
#: reading only them again this deep keeps the analysis quick.
CONFIRM_PLAYOUTS = 128
#: A seat's chance that moves this much from one turn's start to the next is read again before it is
#: shown: two playouts can draw a turn's reading far from its neighbours' on their own (a Trice seat
#: read 93%, 9%, 97% over three turns, where 32 playouts read 78%, 58%, 80%). A real swing survives it.
SWING_RECHECK = 0.5
#: The readings, each of the level's playouts with dice of its own and through the map, whose mean
#: is the swing's reading again: the map is fitted to one reading of that many playouts, so its
#: readings are averaged, not its playouts pooled.
RECHECK_READINGS = 8

@dataclass(frozen=True, slots=True)
class Depth:
    """How hard an analysis looks: playouts per reading of the chances, search iterations per better move.

    ``bot_level`` (a search bot's level, ``medium``) narrows the search's
    profile as that level does (its look-ahead): a whole game is analysed in
    the page in seconds, where the game's full profile takes seconds a move.
    """

    playouts: int
    iterations: int
    bot_level: str | None = None


#: The analysis levels.  The same game at the same level always reads the same.
LEVELS: dict[str, Depth] = {"page": Depth(2, 60, "medium"), "quick": Depth(4, 60), "normal": Depth(8, 200),
                             "deep": Depth(32, 800)}
DEFAULT_LEVEL = "normal"
#: The page's level: a 100-turn game of Trice or Piratissimo in well under 30 s (``make bench``).
PAGE_LEVEL = "page"
#: A playout that has not come round to its mover after this many steps is judged where it stands.
PLAYOUT_STEPS = 2_000


@dataclass(frozen=True, slots=True)
class TurnReport:
    """One turn of the game: who played what, each seat's chance before and after, and the verdict."""

    turn: int  # 1 for the first turn
    seat: int
    actions: tuple[str, ...]  # the turn's actions in the game's notation, its chance steps included
    before: tuple[float, ...]  # each seat's chance at the turn's first decision
    after: tuple[float, ...]  # at the next turn's first decision, or the outcome
    flag: str | None  # "inaccuracy", "mistake", "blunder" or None: what the decision cost
    better: str | None  # the search's choice at the decision judged (``at``), where the turn went otherwise
    cost: float = 0.0  # how much the mover's chance the decision gave away against the better move
    at: int | None = None  # the step of the turn's decision judged: the one that cost most (None: no decision)

    @property
    def drop(self) -> float:
        """How much the mover's chance fell over the turn (negative: it rose), dice and decision together."""
        return self.before[self.seat] - self.after[self.seat]

    @property
    def luck(self) -> float:
        """What the dice did to the mover's chance over the turn: the swing the decision does not explain."""
        return -self.drop + self.cost

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "seat": self.seat,
            "actions": list(self.actions),
            "chances": {str(seat): round(p, 4) for seat, p in enumerate(self.before)},
            "after": {str(seat): round(p, 4) for seat, p in enumerate(self.after)},
            "flag": self.flag,
            "better": self.better,
            "cost": round(self.cost, 4),
            "at": self.at,
        }


def flag_for(drop: float) -> str | None:
    """The flag a decision that cost the mover ``drop`` of its chance earns.

    >>> flag_for(0.05), flag_for(0.1), flag_for(0.25), flag_for(0.31)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for threshold, name in FLAGS:
        if drop >= threshold - 1e-9:
            return name
    return None


def turns_of(game: Game[Any, Any], states: Sequence[Any]) -> list[tuple[int, int, int]]:
    """Each turn as ``(seat, first, end)``: its actions are ``first..end-1`` and ``states[first]`` starts it.

    A turn is a run of steps with the same :meth:`~engine.core.Game.turn_seat`;
    chance steps that belong to nobody (who starts) join the turn after them.
    """
    found: list[tuple[int, int, int]] = []
    start, seat = 0, None
    for index in range(len(states) - 1):
        owner = game.turn_seat(states[index])
        if owner is None:
            continue
        if seat is None:
            seat = owner
        elif owner != seat:
            found.append((seat, start, index))
            start, seat = index, owner
    if seat is not None:
        found.append((seat, start, len(states) - 1))
    return found


def first_decision(game: Game[Any, Any], states: Sequence[Any], first: int, end: int) -> int | None:
    """The index of the turn's first state where a seat decides (past its roll), if any."""
    for index in range(first, end):
        if game.current_player(states[index]) >= 0:
            return index
    return None


#: The file beside a game's rules that holds its calibration maps (``python -m engine calibrate GAME --fit``).
CALIBRATION_FILE = "calibration.json"
#: A raw reading is kept this far from 0 and 1 before a logistic map takes its logit.
LOGIT_EDGE = 1e-3


@dataclass(frozen=True, slots=True)
class ChanceMap:
    """A monotone map of a seat's raw reading to its chance to win, within 0..1.

    ``isotonic``: straight lines through ``knots`` (``(reading, share of wins)``, both increasing),
    flat beyond the first and the last; ``logistic``: ``1 / (1 + exp(-(a * logit(p) + b)))``
    with ``a >= 0`` (Platt's).  ``playouts`` is how many playouts a reading it was fitted on took.

    >>> m = ChanceMap("isotonic", ((0.1, 0.2), (0.9, 0.8)))
    >>> m(0.0), m(0.5), m(1.0)
    (0.2, 0.5, 0.8)
    >>> m.shares((0.9, 0.1))
    (0.8, 0.2)
    >>> round(ChanceMap("logistic", a=1.0, b=0.0)(0.3), 6)
    0.3
    """

    kind: str
    knots: tuple[tuple[float, float], ...] = ()
    a: float = 1.0
    b: float = 0.0
    playouts: int = 0

    def __call__(self, p: float) -> float:
        if math.isnan(p):
            return p
        if self.kind == "logistic":
            q = min(max(p, LOGIT_EDGE), 1 - LOGIT_EDGE)
            z = self.a * math.log(q / (1 - q)) + self.b
            return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))
        xs = [x for x, _ in self.knots]
        if not xs:
            return p
        i = bisect_right(xs, p)
        if i == 0:
            return self.knots[0][1]
        if i == len(xs):
            return self.knots[-1][1]
        (x0, y0), (x1, y1) = self.knots[i - 1], self.knots[i]
        return y0 + (y1 - y0) * (p - x0) / (x1 - x0)

    def shares(self, raw: Sequence[float]) -> tuple[float, ...]:
        """Each seat's reading through the map, renormalised so they still sum to 1."""
        return _normalised([self(p) for p in raw])

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChanceMap:
        if data["kind"] == "isotonic":
            return cls("isotonic", tuple((float(x), float(y)) for x, y in data["knots"]),
                       playouts=int(data["playouts"]))
        if data["kind"] == "logistic":
            return cls("logistic", a=float(data["a"]), b=float(data["b"]), playouts=int(data["playouts"]))
        raise ValueError(f"unknown calibration map kind {data['kind']!r}")


_MAPS: dict[str, dict[str, ChanceMap]] = {}


def calibration_path(game: Game[Any, Any]) -> Path:
    """Where ``game``'s calibration maps are stored: beside its rules' package."""
    module = sys.modules[type(game).__module__]
    return Path(module.__file__ or ".").parent / CALIBRATION_FILE


def calibration_maps(game: Game[Any, Any]) -> dict[str, ChanceMap]:
    """The game's fitted maps by analysis level (none for a game without the file), read once."""
    if game.name not in _MAPS:
        path = calibration_path(game)
        found = json.loads(path.read_text(encoding="utf-8"))["maps"] if path.is_file() else {}
        _MAPS[game.name] = {level: ChanceMap.from_json(data) for level, data in found.items()}
    return _MAPS[game.name]


def chance_map(game: Game[Any, Any], playouts: int) -> ChanceMap | None:
    """The game's map for a reading of ``playouts`` playouts: the one fitted on the nearest number of
    playouts (the fewer, on a tie), or None where the game has none."""
    maps = sorted(calibration_maps(game).values(), key=lambda m: (abs(m.playouts - playouts), m.playouts))
    return maps[0] if maps else None


def calibrated(game: Game[Any, Any], state: Any, raw: tuple[float, ...], playouts: int) -> tuple[float, ...]:
    """``raw`` (a reading of ``playouts`` playouts at ``state``) through the game's map; a finished
    game's outcome is what it is."""
    found = chance_map(game, playouts)
    if found is None or game.is_terminal(state):
        return raw
    return found.shares(raw)


def chances(game: Game[Any, Any], state: Any, spec: SearchSpec, playouts: int, seed: int, *,
            raw: bool = False) -> tuple[float, ...]:
    """Each seat's chance to win from ``state`` (summing to 1): see the module docstring.

    The reading goes through the game's calibration map unless ``raw`` (what the map is fitted on).

    >>> import engine
    >>> game = engine.get("trice")
    >>> start = game.new(3)
    >>> shares = chances(game, start, engine.spec("trice").search, 2, seed=1)
    >>> len(shares), round(sum(shares), 6)
    (3, 1.0)
    """
    read = _reading(game, state, spec, playouts, position_seed(seed, game, state))
    return read if raw else calibrated(game, state, read, playouts)


def steady_chances(game: Game[Any, Any], state: Any, spec: SearchSpec, playouts: int, seed: int,
                   previous: Sequence[float] | None) -> tuple[float, ...]:
    """:func:`chances` at a turn's start, read again where it moved :data:`SWING_RECHECK` or more for
    some seat since the ``previous`` turn's start: the mean of :data:`RECHECK_READINGS` readings, each
    through the map (the first of them the reading that swung).

    >>> import engine
    >>> game = engine.get("trice")
    >>> spec = engine.spec("trice").search
    >>> start = game.new(3)
    >>> once = chances(game, start, spec, 2, seed=1)
    >>> steady_chances(game, start, spec, 2, 1, previous=once) == once  # no swing: the one reading
    True
    >>> steady_chances(game, start, spec, 2, 1, previous=(1.0, 0.0, 0.0)) == once  # read again
    False
    """
    read = chances(game, state, spec, playouts, seed)
    if previous is None or max(abs(now - was) for now, was in zip(read, previous)) < SWING_RECHECK:
        return read
    first_seed = position_seed(seed, game, state)
    readings = [read, *(calibrated(game, state, _reading(game, state, spec, playouts, first_seed + k), playouts)
                        for k in range(1, RECHECK_READINGS))]
    return _normalised([sum(one[seat] for one in readings) / len(readings) for seat in range(len(read))])


def _reading(game: Game[Any, Any], state: Any, spec: SearchSpec, playouts: int, rng_seed: int) -> tuple[float, ...]:
    """:func:`chances` with the playouts' dice drawn from ``rng_seed``."""
    if game.is_terminal(state):
        return _normalised(game.returns(state))
    rng = random.Random(rng_seed)
    seats = game.seats(state)
    total = [0.0] * seats
    for _ in range(playouts):
        bots = [spec.bot("heuristic", rng.randrange(2**31)) for _ in range(seats)]
        total = [t + v for t, v in zip(total, _playout(game, state, spec, bots, rng))]
    return _normalised(total)


def _playout(game: Game[Any, Any], state: Any, spec: SearchSpec, bots: list[Any], rng: random.Random) -> Sequence[float]:
    """Every seat plays one turn from ``state`` (the mover's own first), then the evaluation judges."""
    mover = game.turn_seat(state)
    turns_left = game.seats(state) if mover is not None else game.seats(state) + 1
    owner = mover
    for _ in range(PLAYOUT_STEPS):
        player = game.current_player(state)
        if player == TERMINAL:
            return game.returns(state)
        now = game.turn_seat(state)
        if now is not None and now != owner:
            owner = now
            turns_left -= 1
            if turns_left == 0:
                break
        if player == CHANCE:
            action = sample_chance(game, state, rng)
        else:
            bot = bots[player]
            action = bot.choose(game, state) if bot is not None else rng.choice(game.legal_actions(state))
        state = game.next_state(state, action)
    if spec.evaluate is not None:
        return spec.evaluate(state)
    seats = game.seats(state)
    return [1 / seats] * seats


def better_move(game: Game[Any, Any], state: Any, spec: SearchSpec, iterations: int, seed: int,
                bot_level: str | None = None) -> tuple[Any, Any]:
    """The search's choice at a seat's decision (a whole-turn :class:`~engine.ai.mcts.Plan` where the game plans
    turns), and the state it leads to (None, None where the search found nothing)."""
    profile = level_profile(spec.profile, spec.level(bot_level)) if bot_level is not None else spec.profile
    search = Search(game, state, seed=position_seed(seed, game, state), spec=spec, profile=profile,
                    heuristic=spec.bot("heuristic", seed % 2**31))
    search.run(iterations=iterations)
    choice = search.best()
    return choice, (search.after(state, choice) if choice is not None else None)


def decided(game: Game[Any, Any], states: Sequence[Any], at: int, end: int, plans: bool) -> int:
    """The index of the state the mover's decision at ``states[at]`` leads to.

    A search that plans whole turns (``plans``) is compared with every decision the mover makes
    in a row from ``at`` (up to the next chance step, or the turn's end); otherwise with the one.
    """
    if not plans:
        return at + 1
    seat, index = game.current_player(states[at]), at
    while index < end and game.current_player(states[index]) == seat:
        index += 1
    return index


def decisions_of(game: Game[Any, Any], states: Sequence[Any], at: int, end: int, plans: bool) -> list[int]:
    """Every decision of the turn that starts deciding at ``states[at]``, each judged on its own: with a
    search that plans (``plans``), the first of each run of the mover's decisions (a run ends at a chance
    step: a Piratissimo turn's moves after a second roll); otherwise every one (each of a Siege turn's
    shots and moves, a scatter between two shots)."""
    seat = game.current_player(states[at])
    found = []
    for index in range(at, end):
        if game.current_player(states[index]) != seat:
            continue
        if plans and index > at and game.current_player(states[index - 1]) == seat:
            continue  # inside a run the plan covers
        found.append(index)
    return found


def unfinished(game: Game[Any, Any], states: Sequence[Any], reached: int, seat: int) -> bool:
    """Whether the record stops while ``seat`` is still deciding (a game in progress): its decision is
    not judged then, since a half-made turn cannot be set against the search's whole one."""
    return reached == len(states) - 1 and game.current_player(states[reached]) == seat


def decision_cost(game: Game[Any, Any], played: Any, better: Any, seat: int, spec: SearchSpec, playouts: int,
                  rng_seed: int) -> float:
    """How much of ``seat``'s chance the position ``played`` gives away against ``better`` (0 if none).

    Both are read from the same playouts' dice (``rng_seed``), so what differs is the decision.
    """
    if played == better:
        return 0.0
    mine = _read(game, played, spec, playouts, rng_seed)[seat]
    best = _read(game, better, spec, playouts, rng_seed)[seat]
    return max(0.0, best - mine)


def _read(game: Game[Any, Any], state: Any, spec: SearchSpec, playouts: int, rng_seed: int) -> tuple[float, ...]:
    """:func:`_reading` through the game's calibration map."""
    return calibrated(game, state, _reading(game, state, spec, playouts, rng_seed), playouts)


def _normalised(values: Sequence[float]) -> tuple[float, ...]:
    total = sum(values)
    if total <= 0:
        return tuple(1 / len(values) for _ in values)
    return tuple(v / total for v in values)


def _notation(game: Game[Any, Any], choice: Any) -> str:
    if isinstance(choice, Plan):
        return ", ".join(game.format_action(step) for step in choice)
    return game.format_action(choice)


def analysing(played: Replay, *, level: str = DEFAULT_LEVEL,
              spec: SearchSpec | None = None) -> Iterator[tuple[int, int, TurnReport | None]]:
    """The analysis turn by turn, for a driver that shows progress: ``(done, total, report)``.

    Each turn's report comes once the next turn's chances are known; the
    first yield (``report`` ``None``) tells the total before any search.
    """
    game, states = played.game, played.states
    spec = spec or engine.spec_for(game).search or NO_SPEC
    depth = LEVELS[level]
    seed = played.record.seed or 0
    turns = turns_of(game, states)
    yield 0, len(turns), None
    done = 0
    waiting: tuple[Any, ...] | None = None  # a turn whose "after" is still to come
    previous: tuple[float, ...] | None = None  # the last turn's chances where it started
    for index, (seat, first, end) in enumerate(turns):
        at = first_decision(game, states, first, end)
        if at is None:  # a turn of chance only (a roll with nothing to choose): no reading of its own
            done += 1
            continue
        before = steady_chances(game, states[first], spec, depth.playouts, seed, previous)
        previous = before
        judged = _judged(game, states, at, end, seat, spec, depth, seed)
        if waiting is not None:
            done += 1
            yield done, len(turns), _report(played, *waiting, after=before)
        waiting = (index, seat, first, end, *judged, before)
    if waiting is not None:
        final = states[-1]
        after = steady_chances(game, final, spec, depth.playouts, seed, previous)
        done += 1
        yield done, len(turns), _report(played, *waiting, after=after)


def _judged(game: Game[Any, Any], states: Sequence[Any], at: int, end: int, seat: int, spec: SearchSpec,
            depth: Depth, seed: int) -> tuple[int, int, Any, float]:
    """The turn's decision that cost the mover most (:func:`decisions_of`, the first on a tie): its step,
    where it ends (:func:`decided`), the search's choice there and its cost, confirmed deeper if it flags."""
    worst: tuple[int, int, Any, float] | None = None
    profile = level_profile(spec.profile, spec.level(depth.bot_level)) if depth.bot_level is not None else spec.profile
    plans = spec.turn_plans is not None and profile.plans > 0  # the search plans whole runs of decisions
    for decision in decisions_of(game, states, at, end, plans):
        choice, chosen = better_move(game, states[decision], spec, depth.iterations, seed, depth.bot_level)
        reached = decided(game, states, decision, end, isinstance(choice, Plan))
        cost = 0.0
        if choice is not None and not unfinished(game, states, reached, seat):
            rng_seed = position_seed(seed, game, states[decision])
            cost = decision_cost(game, states[reached], chosen, seat, spec,
                                 max(SCREEN_PLAYOUTS, depth.playouts), rng_seed)
            if cost >= SCREEN_MARGIN:  # not next to nothing: read as every decision's cost is
                cost = decision_cost(game, states[reached], chosen, seat, spec,
                                     max(DECISION_PLAYOUTS, depth.playouts), rng_seed)
            if flag_for(cost) is not None:  # a flag to come: read again, deeper, before it is shown
                cost = decision_cost(game, states[reached], chosen, seat, spec,
                                     max(CONFIRM_PLAYOUTS, depth.playouts), rng_seed)
        if worst is None or cost > worst[3]:
            worst = (decision, reached, choice, cost)
    assert worst is not None  # ``at`` itself is a decision
    return worst


def _report(played: Replay, index: int, seat: int, first: int, end: int, at: int, reached: int, choice: Any,
            cost: float, before: tuple[float, ...], *, after: tuple[float, ...]) -> TurnReport:
    game = played.game
    better = None
    if choice is not None:
        played_text = (_notation(game, Plan(played.actions[at:reached])) if isinstance(choice, Plan)
                       else game.format_action(played.actions[at]))
        if _notation(game, choice) != played_text:
            better = _notation(game, choice)
    return TurnReport(
        turn=index + 1,
        seat=seat,
        actions=tuple(game.format_action(a) for a in played.actions[first:end]),
        before=before,
        after=after,
        flag=flag_for(cost) if better is not None else None,  # the same move as the search's costs nothing
        better=better,
        cost=cost if better is not None else 0.0,
        at=at,
    )


def analyse(played: Replay, *, level: str = DEFAULT_LEVEL, spec: SearchSpec | None = None) -> list[TurnReport]:
    """Every turn of the replayed game, analysed (see the module docstring)."""
    return [report for _, _, report in analysing(played, level=level, spec=spec) if report is not None]


class NoHint(ValueError):
    """A position where no seat decides: the game is over, or chance is to play (a roll pending)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The search's move for the seat to play (its first step, in the game's notation), and why, in words.

    Before a roll the seat may act (Trice's free placement before its dice), ``action`` is what to do
    before the roll, or None where rolling first is better.
    """

    action: str | None
    why: str
    seat: int
    chance: float  # the seat's chance to win after it, as the search reads it
    runner_up: str | None
    runner_up_chance: float | None

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "why": self.why}


def _percent(p: float, lang: str) -> str:
    """A chance as a whole per cent, in the language's way ("62%", French "62 %" with a narrow no-break space)."""
    return percent(round(100 * p), lang)


#: A root move counts as explored well when the search visited it at least this share as often as the
#: move it visited most: its mean is then measured well enough to be compared with the others'.
WELL_EXPLORED = 0.5


def hint_pick(ranked: Sequence[tuple[Any, Any]], seat: int) -> tuple[Any, Any, tuple[Any, Any] | None]:
    """The hint's move, its search node, and the next best to compare it with (or None): one judgement.

    The search's robust choice is the move it visited most; its best-valued move may be another,
    visited less. The hint takes, among the moves explored well (:data:`WELL_EXPLORED`), the one
    the search values most, and compares it with the next best of those: both chances come from the
    same estimate, and the pick's is never the lower. A move barely explored is not offered as
    "better" on a few lucky playouts.

    >>> class Node:
    ...     def __init__(self, visits, mean): self.visits, self._mean = visits, mean
    ...     def mean(self, seat): return self._mean
    >>> ranked = [("a", Node(100, 0.60)), ("b", Node(80, 0.65)), ("c", Node(5, 0.90))]
    >>> move, node, runner = hint_pick(ranked, 0)
    >>> move, node.mean(0), runner[0], runner[1].mean(0)
    ('b', 0.65, 'a', 0.6)
    """
    top = ranked[0][1].visits
    explored = [pair for pair in ranked if pair[1].visits >= WELL_EXPLORED * top]
    explored.sort(key=lambda pair: pair[1].mean(seat), reverse=True)  # stable: ties keep the visit order
    best, node = explored[0]
    runner = explored[1] if len(explored) > 1 else None
    return best, node, runner


def _hint_before_chance(game: Game[Any, Any], state: Any, *, seed: int, spec: SearchSpec, lang: str) -> Hint:
    """The hint while a roll waits and the seat may act first (Trice's free placement before its dice).

    Each such action and the roll itself are read the same way (:data:`DECISION_PLAYOUTS` playouts
    from one seed, so over the same dice): the best is suggested, against the roll or the best action.
    """
    fr = lang == "fr"
    seat = game.turn_seat(state)
    rng_seed = position_seed(seed, game, state)
    rolling = _read(game, state, spec, DECISION_PLAYOUTS, rng_seed)[seat]
    read = [(_read(game, game.apply(state, action), spec, DECISION_PLAYOUTS, rng_seed)[seat], index, action)
            for index, action in enumerate(game.chance_step_actions(state))]
    chance, _, first = max(read, key=lambda found: (found[0], -found[1]))  # ties: the first listed
    said = game.describe(state, first, lang).rstrip(".")
    if chance > rolling:
        why = (f"{said}. Cela vous donne {_percent(chance, lang)}, contre {_percent(rolling, lang)} en lançant "
               f"d'abord." if fr
               else f"{said}. It rates {_percent(chance, lang)} for you, against {_percent(rolling, lang)} for rolling "
                    f"first.")
        return Hint(game.format_action(first), why, seat, chance, "roll", rolling)
    why = (f"Lancez d'abord : {_percent(rolling, lang)} pour vous, contre {_percent(chance, lang)} pour le meilleur "
           f"coup avant le lancer. {said}." if fr
           else f"Roll first: it rates {_percent(rolling, lang)} for you, against {_percent(chance, lang)} for the best "
                f"move before the roll. {said}.")
    return Hint(None, why, seat, rolling, game.format_action(first), chance)


def hint(game: Game[Any, Any], state: Any, *, level: str = DEFAULT_LEVEL, seed: int = 0,
         spec: SearchSpec | None = None, lang: str = "en", bot_level: str | None = None,
         seconds: float | None = None) -> Hint:
    """What the search would play for the seat to move at ``state``, and why; :class:`NoHint` if nobody decides.

    While a roll waits and its seat may act before it (Trice's free placement), the hint says whether
    to act first, and how, or to roll (:func:`_hint_before_chance`).

    The words say what the move does (the game's own log sentence) and what it
    is worth against the next best, as the search reads the chances.
    ``bot_level`` (``medium``) searches as that bot level does (its profile
    and its iterations) instead of the analysis ``level``; ``seconds`` caps
    the search's time besides (the page's hint: never longer than a person
    waits), so the answer then depends on the machine.

    >>> import engine
    >>> from engine.examples.pig import Pig, PigState
    >>> engine.register(Pig())
    >>> near_the_end = PigState(banks=(18, 0), turn_total=4, seat=0, rolling=False, target=20)
    >>> hint(engine.get("pig"), near_the_end).action
    'hold'
    >>> hint(engine.get("pig"), Pig().next_state(near_the_end, "roll"))
    Traceback (most recent call last):
    ...
    engine.analysis.NoHint: chance is to play first (a roll, a spin or a draw), then a seat decides
    """
    fr = lang == "fr"
    player = game.current_player(state)
    if player == TERMINAL:
        raise NoHint("la partie est finie : il n'y a plus de coup à conseiller" if fr
                     else "the game is over: there is no move to suggest")
    if player == CHANCE and game.chance_step_actions(state) and game.turn_seat(state) is not None:
        return _hint_before_chance(game, state, seed=seed, spec=spec or engine.spec_for(game).search or NO_SPEC,
                                   lang=lang)
    if player == CHANCE:
        raise NoHint("le hasard joue d'abord (un lancer, un tour d'aiguille ou un tirage), puis une place décide" if fr
                     else "chance is to play first (a roll, a spin or a draw), then a seat decides")
    spec = spec or engine.spec_for(game).search or NO_SPEC
    actions = spec.candidate_actions(state) if spec.candidate_actions is not None else None
    options = list(actions) if actions else game.legal_actions(state)
    if len(options) == 1:
        only = options[0]
        said = game.describe(state, only, lang).rstrip(".")
        why = f"{said}. C'est le seul coup possible." if fr else f"{said}. It is the only move there is."
        return Hint(game.format_action(only), why, player, float("nan"), None, None)
    profile, iterations = spec.profile, LEVELS[level].iterations
    if bot_level is not None:
        chosen = spec.level(bot_level)
        profile, iterations = level_profile(spec.profile, chosen), chosen.iterations
    search = Search(game, state, seed=position_seed(seed, game, state), spec=spec, profile=profile,
                    heuristic=spec.bot("heuristic", seed % 2**31))
    search.run(iterations=iterations, seconds=seconds)
    best, node, runner = hint_pick(search.ranked(), player)
    first = best.first if isinstance(best, Plan) else best
    said = game.describe(state, first, lang).rstrip(".")
    if isinstance(best, Plan) and len(best) > 1:  # a whole turn planned: the words say its first move, and how many follow
        more = len(best) - 1
        said += (f" (le premier de {more + 1} coups que la recherche prévoit ce tour-ci)" if fr
                 else f" (the first of {more + 1} moves the search plans for this turn)")
    # The search's values read like readings of many playouts: they go through the game's map fitted
    # on the most playouts, seat by seat (monotone, so the pick's is still never the lower).
    mapped = chance_map(game, max(depth.playouts for depth in LEVELS.values())) or ChanceMap("isotonic")
    chance = mapped(node.mean(player))
    runner_text = _notation(game, runner[0]) if runner else None
    if runner is not None:  # the next best in words: its first move, or the same first move another way
        runner_first = runner[0].first if isinstance(runner[0], Plan) else runner[0]
        runner_said = (game.describe(state, runner_first, lang).rstrip(".") if runner_first != first
                       else ("le même premier coup, joué autrement ensuite" if fr
                             else "the same first move, with other moves after it"))
    runner_chance = mapped(runner[1].mean(player)) if runner else None
    if runner is None:
        why = f"{said}."
    elif fr:
        why = (f"{said}. La recherche lui donne {_percent(chance, lang)} pour vous, contre "
               f"{_percent(runner_chance, lang)} au suivant : {runner_said}.")
    else:
        why = (f"{said}. The search rates it {_percent(chance, lang)} for you, against "
               f"{_percent(runner_chance, lang)} for the next best: {runner_said}.")
    return Hint(game.format_action(first), why, player, chance, runner_text, runner_chance)

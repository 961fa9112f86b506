"""Piratissimo's state: ships, cargo, banks, the hold, the tornado and the turn, with the routes a ship may sail.

Data and pure functions only: the rules (:mod:`engine.piratissimo.rules`),
their words (:mod:`engine.piratissimo.words`) and the bot
(:mod:`engine.piratissimo.ai`) read this module, and it reads none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.piratissimo import data as D
from engine.piratissimo.actions import TORNADO, Die, Home, Sail

HOME = -1  # a ship in its home port (ports are off the ring)

# Phases of a turn.
START, ROLL, SAIL, LOAD, RAID, RAID_SPIN, TWISTER, STORM_SPIN, OVER = range(9)
CHANCE_PHASES = frozenset({START, ROLL, RAID_SPIN, STORM_SPIN})

Event = tuple[Any, ...]

# Kinds of news (what the page keeps showing for a turn).
CAPSIZED, STOLEN, MISSED, LOST, BANKED, BLOWN = range(1, 7)


def _news(state: PirState, item: tuple[int, int, int, int, int]) -> PirState:
    """``state`` with one more item of this turn's news."""
    if state.news_turn == state.turns:
        return _with(state, news=state.news + (item,))
    return _with(state, news=(item,), news_turn=state.turns)


@dataclass(frozen=True, slots=True)
class PirState:
    """One position: ships, cargo, banks, the hold, the tornado, the turn."""

    pos: tuple[int, ...]  # island 0..23 per seat, or HOME
    cargo: tuple[int, ...]
    bank: tuple[int, ...]
    hold: int
    tornado: int  # the island where the tornado stands
    seat: int  # whose turn (-1 while chance picks who starts)
    phase: int
    die: int  # the face being played: 1..4, TORNADO_FACE, or -1 between turns
    target: int  # the ship a piracy aims at, else -1
    turns: int  # completed turns
    # Where the compass needle rests (the last sector spun): a physical fact
    # of the table that no rule reads, kept so the page shows it.
    needle: int = 0
    # The last dramatic events (capsize, piracy, storm, banking) as
    # (kind, seat, island, amount, other seat) and the turn they happened in,
    # so the page can keep showing them while the next player starts.  No rule
    # reads them.
    news: tuple[tuple[int, int, int, int, int], ...] = ()
    news_turn: int = -1


@dataclass(frozen=True, slots=True)
class Route:
    """One way to play a move: where it ends and the islands it crosses."""

    dest: int  # final island after the PI-03 skip, or HOME
    via: int  # the island whose blue arrow is used, or -1
    path: tuple[int, ...]  # islands entered, in order (skips included)


def join_of(state: PirState, seat: int) -> int:
    """The ring island where ``seat``'s home port joins the ring."""
    return D.PORTS[D.CORNERS[len(state.pos)][seat]].join


def ships_on(state: PirState, island: int, *, but: int = -1) -> list[int]:
    """Seats whose ship is on ``island`` (``but`` excluded)."""
    return [s for s, p in enumerate(state.pos) if p == island and s != but]


def steps_of(die: int) -> int:
    """How many islands a face moves the ship (the tornado face moves 1)."""
    return 1 if die == D.TORNADO_FACE else die


def routes(state: PirState, seat: int, steps: int) -> list[Route]:
    """Every way ``seat`` may play a move of ``steps`` islands.

    The plain red route first, then one route per blue arrow met on the way
    (if a treasure can pay, PI-08), then ``home`` if the move may stop in the
    home port (PI-11, the home-port default): a ship on its port's island
    goes home with any move, and a move whose path reaches or passes that
    island may stop there, be it along red steps, the push on from a full
    island (PI-03) or, for the fee, a blue step (``home via <island>``,
    offered only when the red path does not reach home).

    >>> from engine.piratissimo.rules import Piratissimo
    >>> from engine.piratissimo.actions import Start
    >>> g = Piratissimo(); s = g.apply(g.new(2), Start(0))
    >>> [(r.dest, r.via) for r in routes(s, 0, 2)]
    [(1, -1)]
    >>> from dataclasses import replace
    >>> [route_text(r) for r in routes(replace(s, pos=(19, HOME), cargo=(2, 0)), 0, 3)]
    ['sail 23', 'sail 1 via 20', 'home via 20']
    >>> [route_text(r) for r in routes(replace(s, pos=(0, HOME)), 0, 1)]
    ['sail 2', 'home']
    """
    start = state.pos[seat]
    join = join_of(state, seat)
    plain = _walk(start, steps, join, -1)
    found = [_finish(state, seat, plain, -1)]
    if state.cargo[seat] >= D.SHORTCUT_FEE:
        before = [start, *plain[:-1]]
        for island in before:
            if island in D.SHORTCUT_FROM:
                found.append(_finish(state, seat, _walk(start, steps, join, island), island))
    if start == HOME:
        return found
    if start == join:  # on its port's island: the next move may go straight home
        found.append(Route(HOME, -1, ()))
        return found
    homes = []
    for route in found:
        if join in route.path:
            homes.append(Route(HOME, route.via, route.path[: route.path.index(join) + 1]))
            if route.via < 0:  # the red path reaches home: no treasure is paid for the same stop
                homes = homes[-1:]
                break
    return found + homes


def _walk(start: int, steps: int, join: int, via: int) -> list[int]:
    """Islands entered by ``steps`` steps; the step from ``via`` is blue."""
    path = []
    here = start
    for _ in range(steps):
        if here == HOME:
            here = join
        elif here == via:
            here = D.SHORTCUT_FROM[here]
            via = -2  # one blue step per move
        else:
            here = D.ISLANDS[here].red
        path.append(here)
    return path


def _finish(state: PirState, seat: int, path: list[int], via: int) -> Route:
    """Apply the PI-03 skip at the end of a path."""
    path = list(path)
    while len(ships_on(state, path[-1], but=seat)) >= 2:
        path.append(D.ISLANDS[path[-1]].red)
    return Route(path[-1], via, tuple(path))


def skip_from(state: PirState, island: int, seat: int) -> int:
    """Where a ship pushed onto ``island`` stops: on, past any full island (PI-03)."""
    while len(ships_on(state, island, but=seat)) >= 2:
        island = D.ISLANDS[island].red
    return island


def route_action(route: Route) -> Sail | Home:
    """The action that plays ``route``.

    >>> route_action(Route(4, 1, (4,))), route_action(Route(HOME, -1, (0,))), route_action(Route(HOME, 1, (4, 5, 6)))
    (Sail(dest=4, via=1), Home(via=None), Home(via=1))
    """
    via = route.via if route.via >= 0 else None
    if route.dest == HOME:
        return Home(via)
    return Sail(route.dest, via)


def route_text(route: Route) -> str:
    """The action text of a route.

    >>> route_text(Route(4, 1, (4,))), route_text(Route(HOME, -1, (0,))), route_text(Route(HOME, 1, (4, 5, 6)))
    ('sail 5 via 2', 'home', 'home via 2')
    """
    return route_action(route).text()


def _with(state: PirState, **changes: Any) -> PirState:
    """``state`` with some fields changed: a fast ``dataclasses.replace``.

    Bots copy states thousands of times a second; the generic ``replace``
    was the engine's hottest function.

    >>> from engine.piratissimo.rules import Piratissimo
    >>> s = Piratissimo().new(2)
    >>> _with(s, hold=3).hold, _with(s, hold=3).pos == s.pos
    (3, True)
    """
    get = changes.get
    return PirState(
        get("pos", state.pos),
        get("cargo", state.cargo),
        get("bank", state.bank),
        get("hold", state.hold),
        get("tornado", state.tornado),
        get("seat", state.seat),
        get("phase", state.phase),
        get("die", state.die),
        get("target", state.target),
        get("turns", state.turns),
        get("needle", state.needle),
        get("news", state.news),
        get("news_turn", state.news_turn),
    )


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[seat] = value
    return tuple(out)


#: The die's faces as actions, ``Die(1)``.. and ``Die(TORNADO)``, to the face the state keeps (the rules deal them,
#: the log names them).
_DIE_FACES = sorted(set(D.DIE), key=lambda f: (f == D.TORNADO_FACE, f))
_FACE_OF: dict[Die, int] = {Die(TORNADO if f == D.TORNADO_FACE else f): f for f in _DIE_FACES}

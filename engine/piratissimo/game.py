"""Piratissimo's rules (PI-01..PI-11) on the engine protocol.

A turn is a short sequence of atomic actions:

* chance ``die 1``..``die 4`` or ``die tornado``;
* when the move has a choice, ``sail <island>`` (optionally ``via <island>``
  for the blue shortcut starting there, PI-08) or ``home`` (stop in the home
  port and unload, PI-11); a move without choice is played at once;
* on arrival: ``load 0``..``load n`` at a closed chest (PI-04), or
  ``pirate``/``pass`` next to another ship (PI-07) followed by a chance
  ``compass 1``..``compass 8`` that reads only the ruby;
* after a tornado face (PI-09): ``tornado 1``..``tornado 4`` and, if it stops
  on 1 or 2 ships, a chance ``compass <k>`` that reads only the storm.

Islands are numbered 1..24 in text (0..23 inside the state).

>>> game = Piratissimo()
>>> s = game.new(2)
>>> game.legal_actions(s)
['start red', 'start blue']
>>> s = game.apply(s, "start red")
>>> s = game.apply(s, "die 3")       # from port: islands 1, 2, 3
>>> game.legal_actions(s)             # island 3 has a closed chest of 3
['load 0', 'load 1', 'load 2', 'load 3']
>>> s = game.apply(s, "load 3")
>>> s.cargo, s.hold, game.current_player(s) == CHANCE, s.seat
((3, 0), 47, True, 1)
>>> game.apply(s, "load 1")
Traceback (most recent call last):
...
engine.core.IllegalAction: illegal action 'load 1': Blue must roll the die first: it says how many islands to sail (PI-02)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.bounded import clip, shorten
from engine.core import CHANCE, TERMINAL, Game, IllegalAction, InvalidAction, Outcome, StateFields, read_options
from engine.piratissimo import data as D
from engine.piratissimo.info import INFO

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

    >>> g = Piratissimo(); s = g.apply(g.new(2), "start red")
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


def route_text(route: Route) -> str:
    """The action text of a route.

    >>> route_text(Route(4, 1, (4,))), route_text(Route(HOME, -1, (0,))), route_text(Route(HOME, 1, (4, 5, 6)))
    ('sail 5 via 2', 'home', 'home via 2')
    """
    if route.dest == HOME:
        return f"home via {route.via + 1}" if route.via >= 0 else "home"
    if route.via >= 0:
        return f"sail {route.dest + 1} via {route.via + 1}"
    return f"sail {route.dest + 1}"


def _with(state: PirState, **changes: Any) -> PirState:
    """``state`` with some fields changed: a fast ``dataclasses.replace``.

    Bots copy states thousands of times a second; the generic ``replace``
    was the engine's hottest function.

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


class Piratissimo(Game[PirState, str]):
    """The treasure race for 2 to 4 players with tornado and compass."""

    name = INFO.name
    title = INFO.title
    min_seats = INFO.min_seats
    max_seats = INFO.max_seats
    #: Format 2: "home" is offered on every path that reaches or passes the
    #: home port (a shortcut, a push on from a full island) and from the
    #: port's island.  A format-1 record sailed by itself where format 2 may
    #: now ask; its replay writes that sail out (see :meth:`implied_actions`).
    format_version = 2
    format_changes = {2: "a move reaching or passing the home port by a shortcut or a push on from a full island, "
                         "or from the port's island, may stop at home (PI-03, PI-08)"}

    # -- creation -------------------------------------------------------------
    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> PirState:
        """All ships in their ports, the hold full; chance picks who starts."""
        self.check_seats(seats)
        read_options("Piratissimo", options, (), "it takes no options")
        zeros = (0,) * seats
        return PirState((HOME,) * seats, zeros, zeros, D.TREASURES, D.TORNADO_START[seats], -1, START, -1, -1, 0)

    def seats(self, state: PirState) -> int:
        return len(state.pos)

    def seat_name(self, state: PirState, seat: int) -> str:
        return D.COLOURS[seat].capitalize()

    def implied_actions(self, fmt: int, state: PirState, next_action: Any | None) -> list[str]:
        """The sail a format-1 record played by itself where format 2 offers ``home`` too.

        Format 1 sailed at once when its rules left one route; format 2 may
        add a way home to it and wait for a choice.  The older record's
        choice was the plain route, so its replay writes that out and every
        position stays the same.

        >>> from dataclasses import replace
        >>> g = Piratissimo()
        >>> s = replace(g.new(4), seat=1, phase=SAIL, die=1, pos=(HOME, 4, 5, 5))
        >>> g.legal_actions(s), g.implied_actions(1, s, "die 3"), g.implied_actions(2, s, "die 3")
        (['sail 7', 'home'], ['sail 7'], [])
        """
        if fmt >= 2 or state.phase != SAIL:
            return []
        if isinstance(next_action, str) and next_action.split()[0] in ("sail", "home"):
            return []
        seat, steps = state.seat, steps_of(state.die)
        start, join = state.pos[seat], join_of(state, seat)
        plain = _walk(start, steps, join, -1)
        choices = 1 + (start != HOME and join in plain)  # format 1: home only on the red path itself
        if state.cargo[seat] >= D.SHORTCUT_FEE:
            choices += sum(1 for island in (start, *plain[:-1]) if island in D.SHORTCUT_FROM)
        return [route_text(routes(state, seat, steps)[0])] if choices == 1 else []

    # -- whose turn ---------------------------------------------------------------
    def current_player(self, state: PirState) -> int:
        if state.phase == OVER:
            return TERMINAL
        if state.phase in CHANCE_PHASES:
            return CHANCE
        return state.seat

    def turn_seat(self, state: PirState) -> int | None:
        if state.phase in (OVER, START):
            return None
        return state.seat

    def turn_count(self, state: PirState) -> int:
        return state.turns

    def legal_actions(self, state: PirState) -> list[str]:
        phase = state.phase
        if phase == ROLL:
            return list(_DIE_ACTIONS)
        if phase in (RAID_SPIN, STORM_SPIN):
            return list(_COMPASS_ACTIONS)
        if phase == SAIL:
            return [route_text(r) for r in routes(state, state.seat, steps_of(state.die))]
        if phase == LOAD:
            top = min(D.ISLANDS[state.pos[state.seat]].chest, state.hold)
            return _LOAD_ACTIONS[: top + 1]
        if phase == RAID:
            return ["pirate", "pass"]
        if phase == TWISTER:
            return list(_TORNADO_ACTIONS)
        if phase == START:
            return [f"start {D.COLOURS[s]}" for s in range(len(state.pos))]
        return []

    def chance_outcomes(self, state: PirState) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == ROLL:
            return list(_DIE_OUTCOMES)
        if phase in (RAID_SPIN, STORM_SPIN):
            return list(_COMPASS_OUTCOMES)
        if phase == START:
            n = len(state.pos)
            return [(f"start {D.COLOURS[s]}", 1 / n) for s in range(n)]
        return []

    # -- moving ---------------------------------------------------------------------
    def next_state(self, state: PirState, action: str) -> PirState:
        return self.step(state, action, None)

    def step(self, state: PirState, action: str, log: list[Event] | None) -> PirState:
        """The state after a legal ``action``; appends what happened to ``log``.

        The events (``("sail", seat, route)``, ``("capsize", seat, lost)``...)
        let the log and the page tell and show what happened.
        """
        phase = state.phase
        seat = state.seat
        if phase == ROLL:
            face = _FACE_OF[action]
            state = _with(state, die=face)
            return self._move(state, log)
        if phase == SAIL:
            for r in routes(state, seat, steps_of(state.die)):
                if route_text(r) == action:
                    return self._sail(state, r, log)
            raise IllegalAction(action, "no such route")  # unreachable after validation
        if phase == LOAD:
            return self._load(state, seat, int(action.split()[1]), log)
        if phase == RAID:
            if action == "pirate":
                if log is not None:
                    log.append(("raid", seat, state.target))
                return _with(state, phase=RAID_SPIN)
            if log is not None:
                log.append(("pass", seat, state.target))
            return self._after_ship(_with(state, target=-1), log)
        if phase == RAID_SPIN:
            sector = int(action.split()[1]) - 1
            return self._piracy(_with(state, needle=sector), D.COMPASS[sector], log)
        if phase == TWISTER:
            return self._twister(state, int(action.split()[1]), log)
        if phase == STORM_SPIN:
            sector = int(action.split()[1]) - 1
            return self._storm(_with(state, needle=sector), sector, log)
        if phase == START:
            first = D.COLOURS.index(action.split()[1])
            return _with(state, seat=first, phase=ROLL)
        raise IllegalAction(action, "the game is over")

    def _move(self, state: PirState, log: list[Event] | None) -> PirState:
        options = routes(state, state.seat, steps_of(state.die))
        if len(options) == 1:  # nothing to choose: sail at once
            return self._sail(state, options[0], log)
        return _with(state, phase=SAIL)

    def _sail(self, state: PirState, route: Route, log: list[Event] | None) -> PirState:
        seat = state.seat
        if log is not None:
            log.append(("sail", seat, state.pos[seat], route))
        cargo, hold = state.cargo, state.hold
        if route.via >= 0:
            cargo = _set(cargo, seat, cargo[seat] - D.SHORTCUT_FEE)
            hold += D.SHORTCUT_FEE
        if route.dest == HOME:
            return self._after_ship(self._unload(_with(state, cargo=cargo, hold=hold), seat, log), log)
        state = _with(state, pos=_set(state.pos, seat, route.dest), cargo=cargo, hold=hold)
        return self._arrive(state, route.dest, log)

    def _unload(self, state: PirState, seat: int, log: list[Event] | None) -> PirState:
        """The ship is in its home port: the whole cargo is banked (PI-11)."""
        amount = state.cargo[seat]
        bank = _set(state.bank, seat, state.bank[seat] + amount)
        if log is not None:
            log.append(("bank", seat, amount))
        state = _with(state, pos=_set(state.pos, seat, HOME), cargo=_set(state.cargo, seat, 0), bank=bank)
        if amount:
            state = _news(state, (BANKED, seat, HOME, amount, -1))
        if bank[seat] >= D.TARGET:  # PI-01: the race ends at once
            if log is not None:
                log.append(("win", seat))
            return _with(state, phase=OVER, die=-1, target=-1)
        return state

    def _arrive(self, state: PirState, island: int, log: list[Event] | None) -> PirState:
        seat = state.seat
        if island == state.tornado:  # PI-06: nothing happens
            if log is not None:
                log.append(("calm", seat, island))
            return self._after_ship(state, log)
        others = ships_on(state, island, but=seat)
        if others:  # PI-07: no loading; piracy may be attempted
            return _with(state, phase=RAID, target=others[0])
        chest = D.ISLANDS[island].chest
        if chest == D.OPEN:  # PI-05: 2 aboard even if it capsizes
            amount = min(D.OPEN_CHEST_LOAD, state.hold)
            return self._after_ship(self._take(state, seat, amount, log, forced=True), log)
        if chest > 0 and state.hold > 0:
            return _with(state, phase=LOAD)
        return self._after_ship(state, log)

    def _take(
        self, state: PirState, seat: int, amount: int, log: list[Event] | None, *, forced: bool = False
    ) -> PirState:
        """``amount`` treasures from the hold onto ``seat``'s ship, then PI-10."""
        if log is not None:
            log.append(("load", seat, amount, forced))
        state = _with(state, cargo=_set(state.cargo, seat, state.cargo[seat] + amount), hold=state.hold - amount)
        return self._capsize_check(state, seat, log)

    def _capsize_check(self, state: PirState, seat: int, log: list[Event] | None) -> PirState:
        lost = state.cargo[seat]
        if lost <= D.CAPACITY:
            return state
        if log is not None:
            log.append(("capsize", seat, state.pos[seat], lost))
        state = _news(state, (CAPSIZED, seat, state.pos[seat], lost, -1))
        return _with(
            state,
            cargo=_set(state.cargo, seat, 0),
            hold=state.hold + lost,
            pos=_set(state.pos, seat, HOME),
        )

    def _load(self, state: PirState, seat: int, amount: int, log: list[Event] | None) -> PirState:
        return self._after_ship(self._take(state, seat, amount, log), log)

    def _piracy(self, state: PirState, sector: D.Sector, log: list[Event] | None) -> PirState:
        seat, victim = state.seat, state.target
        state = _with(state, target=-1)
        island = state.pos[seat]
        if not sector.ruby:
            if log is not None:
                log.append(("miss", seat, victim))
            return self._after_ship(_news(state, (MISSED, seat, island, 0, victim)), log)
        taken = min(D.PIRACY_TAKE, state.cargo[victim])
        if log is not None:
            log.append(("steal", seat, victim, taken))
        cargo = _set(state.cargo, victim, state.cargo[victim] - taken)
        cargo = _set(cargo, seat, cargo[seat] + taken)
        state = _news(_with(state, cargo=cargo), (STOLEN, seat, island, taken, victim))
        state = self._capsize_check(state, seat, log)
        return self._after_ship(state, log)

    def _after_ship(self, state: PirState, log: list[Event] | None) -> PirState:
        """The ship's part is done: the tornado face goes on (PI-09), else the turn ends."""
        if state.phase == OVER:
            return state
        if state.die == D.TORNADO_FACE:
            return _with(state, phase=TWISTER, target=-1)
        return self._end_turn(state)

    def _twister(self, state: PirState, distance: int, log: list[Event] | None) -> PirState:
        here = state.tornado
        path = []
        for _ in range(distance):
            here = D.ISLANDS[here].white
            path.append(here)
        if log is not None:
            log.append(("tornado", state.tornado, tuple(path)))
        state = _with(state, tornado=here)
        if 1 <= len(ships_on(state, here)) <= 2:
            return _with(state, phase=STORM_SPIN)
        return self._end_turn(state)

    def _storm(self, state: PirState, index: int, log: list[Event] | None) -> PirState:
        storm = D.COMPASS[index].storm
        hit = ships_on(state, state.tornado)
        if log is not None:
            log.append(("storm", storm, tuple(hit)))
        for seat in hit:  # the tornado's action hits every ship there (PI-09)
            if storm == "lose":
                lost = min(D.STORM_LOSS, state.cargo[seat])
                if log is not None:
                    log.append(("lose", seat, lost))
                state = _with(state, cargo=_set(state.cargo, seat, state.cargo[seat] - lost), hold=state.hold + lost)
                state = _news(state, (LOST, seat, state.tornado, lost, -1))
            elif storm == "blow":
                there = skip_from(state, D.ISLANDS[state.tornado].red, seat)
                if log is not None:
                    log.append(("blown", seat, state.tornado, there))
                state = _news(_with(state, pos=_set(state.pos, seat, there)), (BLOWN, seat, state.tornado, there, -1))
            elif storm == "home":
                state = self._unload(state, seat, log)
        if state.phase == OVER:
            return state
        return self._end_turn(state)

    def _end_turn(self, state: PirState) -> PirState:
        turns = state.turns + 1
        if turns >= D.TURN_LIMIT:  # house rule: safety cap
            return _with(state, phase=OVER, turns=turns, die=-1, target=-1)
        return _with(state, seat=(state.seat + 1) % len(state.pos), phase=ROLL, die=-1, target=-1, turns=turns)

    # -- refusals -------------------------------------------------------------------
    def why_illegal(self, state: PirState, action: str, lang: str = "en") -> str:
        """Why ``action`` is refused here, in words a player understands (English, or French for "fr").

        The clause of the rules comes last, in parentheses (the page links it).

        >>> g = Piratissimo(); s = g.apply(g.new(2), "start blue")
        >>> g.why_illegal(s, "sail 3", "fr")
        'Bleu doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)'
        """
        fr = lang == "fr"

        def say(english: str, french: str) -> str:
            return french if fr else english

        who = self._namer(lang)(state.seat) if state.seat >= 0 else ""
        phase = state.phase
        text = action if isinstance(action, str) else shorten(action)
        word = text.split()[0] if text.split() else ""
        if phase == OVER:
            return say("the game is over", "la partie est finie")
        if phase == START:
            return say("chance first draws who starts", "le hasard désigne d’abord qui commence")
        if phase == ROLL:
            if word == "die":
                return say(f"the die has no face {shorten(text[4:])}: it shows 1, 2, 3, 4 or the tornado",
                           f"le dé n’a pas de face « {clip(text[4:])} » : il montre 1, 2, 3, 4 ou la tornade")
            return say(f"{who} must roll the die first: it says how many islands to sail (PI-02)",
                       f"{who} doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)")
        if phase in (RAID_SPIN, STORM_SPIN):
            rule = "PI-07" if phase == RAID_SPIN else "PI-09"
            if word == "compass":
                return say(f"the compass has no sector {shorten(text[8:])}: its sectors are 1 to {len(D.COMPASS)}",
                           f"le compas n’a pas de secteur « {clip(text[8:])} » : ses secteurs vont de 1 à "
                           f"{len(D.COMPASS)}")
            return say(f"the compass must be spun first ({rule})", f"il faut d’abord faire tourner le compas ({rule})")
        if phase == LOAD:
            if word == "load":
                island = state.pos[state.seat]
                chest = D.ISLANDS[island].chest
                asked = text.split()[-1]
                if asked.isdigit() and int(asked) <= chest:
                    return say(f"the hold has only {state.hold} treasures left (PI-04)",
                               f"la cale n’a plus que {state.hold} trésors (PI-04)")
                return say(f"the closed chest on island {island + 1} allows at most {chest} treasures (PI-04)",
                           f"le coffre fermé de l’île {island + 1} permet au plus {chest} trésors (PI-04)")
            return say(f"{who} must first choose how many treasures to load from the chest (PI-04)",
                       f"{who} doit d’abord choisir combien de trésors charger du coffre (PI-04)")
        if phase == RAID:
            victim = self._namer(lang)(state.target)
            return say(f"{who} must first choose: attempt piracy on {victim}'s ship or leave it alone (PI-07)",
                       f"{who} doit d’abord choisir : tenter la piraterie contre le navire de {victim} ou le laisser "
                       "(PI-07)")
        if phase == TWISTER:
            if word == "tornado":
                return say(f"the tornado moves 1 to {D.TORNADO_MAX} islands along the white arrows (PI-09)",
                           f"la tornade avance de 1 à {D.TORNADO_MAX} îles le long des flèches blanches (PI-09)")
            return say(f"{who} must move the tornado first, 1 to {D.TORNADO_MAX} islands (PI-09)",
                       f"{who} doit d’abord déplacer la tornade de 1 à {D.TORNADO_MAX} îles (PI-09)")
        # SAIL
        options = self._routes_in_words(state, lang)
        if word == "home":
            return say(f"{who}'s move does not reach its home port: {options} (PI-11)",
                       f"le coup de {who} n’atteint pas son port : {options} (PI-11)")
        if word == "sail":
            if " via " in text and state.cargo[state.seat] < D.SHORTCUT_FEE:
                return say(f"a shortcut costs {D.SHORTCUT_FEE} treasure and {who}'s ship carries none (PI-08)",
                           f"un raccourci coûte {D.SHORTCUT_FEE} trésor et le navire de {who} n’en porte aucun (PI-08)")
            if " via " in text:
                return say("no blue arrow starts on that island along this move (PI-08)",
                           "aucune flèche bleue ne part de cette île sur ce trajet (PI-08)")
            return say(f"this move does not end there: {options} (PI-02, PI-03)",
                       f"ce coup ne finit pas là : {options} (PI-02, PI-03)")
        return say(f"{who} must first choose where to sail: {options} (PI-02)",
                   f"{who} doit d’abord choisir où naviguer : {options} (PI-02)")

    def _routes_in_words(self, state: PirState, lang: str) -> str:
        """Where the ship may go now, in words ("it may go to island 7 or home")."""
        fr = lang == "fr"
        places = []
        for route in routes(state, state.seat, steps_of(state.die)):
            if route.dest == HOME:
                place = "son port" if fr else "home"
            else:
                place = f"l’île {route.dest + 1}" if fr else f"island {route.dest + 1}"
            if route.via >= 0:
                place += " par le raccourci" if fr else " by the shortcut"
            places.append(place)
        either = ", ".join(places[:-1]) + (" ou " if fr else " or ") + places[-1] if len(places) > 1 else places[0]
        return ("il peut aller à " if fr else "it may go to ") + either

    # -- result -----------------------------------------------------------------------
    def outcome(self, state: PirState) -> Outcome | None:
        if state.phase != OVER:
            return None
        best = max(state.bank)
        winners = tuple(s for s, b in enumerate(state.bank) if b == best)
        share = 1.0 / len(winners)
        return Outcome(winners, tuple(share if s in winners else 0.0 for s in range(len(state.bank))))

    # -- words ---------------------------------------------------------------------------
    def describe(self, state: PirState, action: str, lang: str = "en") -> str:
        """One sentence for the log, in English or French.

        Events of the ship whose turn it is have no subject of their own, so
        the colour is said once per sentence.

        >>> g = Piratissimo(); s = g.apply(g.new(2), "start blue")
        >>> g.describe(s, "die 2")
        'Blue rolls a 2 and sails to island 14.'
        >>> g.describe(s, "die 2", "fr")
        'Bleu obtient un 2 et navigue jusqu’à l’île 14.'
        >>> g.describe(g.apply(s, "die 3"), "load 2")
        'Blue loads 2 treasures.'
        """
        fr = lang == "fr"
        log: list[Event] = []
        self.step(state, action, log)
        name = self._namer(lang)
        who = name(state.seat) if state.seat >= 0 else ""
        phase = state.phase
        # a sentence that starts with the acting ship says its colour once
        named = phase not in (RAID_SPIN, STORM_SPIN, TWISTER)
        parts = [p for p in (self._tell(state, e, lang, named) for e in log) if p]
        join = _join_fr if fr else _join

        def say(english: str, french: str) -> str:
            return french if fr else english

        if phase == START:
            first = name(D.COLOURS.index(action.split()[1]))
            return say(f"{first} starts.", f"{first} commence.")
        if phase == ROLL:
            face = _FACE_OF[action]
            if face == D.TORNADO_FACE:
                head = say(f"{who} rolls the tornado", f"{who} obtient la tornade")
            else:
                head = say(f"{who} rolls a {face}", f"{who} obtient un {face}")
            if not parts:
                return head + "."
            return head + (say(" and ", " et ") if len(parts) == 1 else ", ") + join(parts) + "."
        if phase in (RAID_SPIN, STORM_SPIN):
            sector = action.split()[1]
            what = join(parts) or say("nothing happens", "il ne se passe rien")
            return say(f"The compass stops on sector {sector}: {what}.",
                       f"La boussole s’arrête sur le secteur {sector} : {what}.")
        if phase == TWISTER:
            steps = action.split()[1]
            return say(f"{who} moves the tornado {steps}: {join(parts)}.",
                       f"{who} déplace la tornade de {steps} : {join(parts)}.")
        return f"{who} " + (join(parts) if parts else say(f"plays {action}", f"joue {action}")) + "."

    def _namer(self, lang: str) -> Callable[[int], str]:
        colours = D.COLOURS_FR if lang == "fr" else D.COLOURS
        return lambda seat: colours[seat].capitalize()

    def _tell(self, state: PirState, event: Event, lang: str = "en", named: bool = True) -> str:
        """Words for one event; verbs of the acting ship have no subject when ``named``."""
        fr = lang == "fr"

        def say(english: str, french: str) -> str:
            return french if fr else english

        kind = event[0]
        name = self._namer(lang)

        def subject(seat: int) -> str:  # the acting ship's own events need no subject
            return "" if named and seat == state.seat else name(seat) + " "

        def treasures(n: int) -> str:
            return say(f"{n} treasure{'s' if n != 1 else ''}", f"{n} trésor{'s' if n > 1 else ''}")

        if kind == "sail":
            route = event[3]
            if route.dest == HOME:
                where = say("sails into its home port", "rentre à son port")
            else:
                where = say(f"sails to island {route.dest + 1}", f"navigue jusqu’à l’île {route.dest + 1}")
            if route.via < 0:
                return where
            return where + say(f" by the shortcut from island {route.via + 1} (paying 1 treasure)",
                               f" par le raccourci de l’île {route.via + 1} (en payant 1 trésor)")
        if kind == "bank":
            n = event[2]
            if n == 0:
                return subject(event[1]) + say("has nothing aboard to bank", "n’a rien à bord à décharger")
            return subject(event[1]) + say(f"banks {treasures(n)}", f"décharge {treasures(n)} au port")
        if kind == "load":
            what = treasures(event[2])
            if event[3]:
                return say(f"must load {what} from the open chest", f"doit charger {what} du coffre ouvert")
            return say(f"loads {what}", f"charge {what}")
        if kind == "capsize":
            whose = "" if named and event[1] == state.seat else say(f"{name(event[1])}'s ship ", f"le navire de {name(event[1])} ")
            return whose + say(f"capsizes with {event[3]} aboard and goes back to port",
                               f"chavire avec {event[3]} à bord et retourne au port")
        if kind == "raid":
            return say(f"attempts piracy on {name(event[2])}", f"tente la piraterie contre {name(event[2])}")
        if kind == "pass":
            return say(f"leaves {name(event[2])}'s ship alone", f"laisse le navire de {name(event[2])} tranquille")
        if kind == "miss":
            return say(f"no ruby, {name(event[2])} keeps the cargo", f"pas de rubis, {name(event[2])} garde sa cargaison")
        if kind == "steal":
            return say(f"a ruby, {name(event[1])} takes {event[3]} from {name(event[2])}",
                       f"un rubis, {name(event[1])} prend {event[3]} à {name(event[2])}")
        if kind == "calm":
            return say("meets the tornado, which does no harm", "rencontre la tornade, sans dommage")
        if kind == "tornado":
            island = event[2][-1] + 1
            return say(f"it stops on island {island}", f"elle s’arrête sur l’île {island}")
        if kind == "storm":
            return say(_STORM_WORDS[event[1]], _STORM_WORDS_FR[event[1]])
        if kind == "lose":
            if event[2] == 0:  # an empty ship: "gives back 0" read like a mistake
                return say(f"{name(event[1])} has nothing aboard to give", f"{name(event[1])} n’a rien à bord à rendre")
            return say(f"{name(event[1])} gives back {event[2]}", f"{name(event[1])} en rend {event[2]}")
        if kind == "blown":
            island = event[3] + 1
            return say(f"{name(event[1])} is blown to island {island}", f"{name(event[1])} est poussé jusqu’à l’île {island}")
        if kind == "win":
            return subject(event[1]) + say("wins the race", "gagne la course")
        return ""

    # -- text and JSON ----------------------------------------------------------------------
    def format_action(self, action: str) -> str:
        if not isinstance(action, str):
            raise TypeError("Piratissimo actions are strings")
        return action

    def parse_action(self, text: str) -> str:
        """Check that ``text`` is a Piratissimo action (not that it is legal now).

        >>> Piratissimo().parse_action("sail 7 via 2")
        'sail 7 via 2'
        >>> Piratissimo().parse_action("fly 3")
        Traceback (most recent call last):
        ...
        engine.core.InvalidAction: not an action 'fly 3': Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions
        """
        if not isinstance(text, str):
            raise InvalidAction(shorten(text), "an action must be text")
        words = text.split()
        if " ".join(words) == text and words and _shape_ok(words):
            return text
        raise InvalidAction(
            text, "Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions"
        )

    def state_to_json(self, state: PirState) -> dict[str, Any]:
        return {
            "pos": list(state.pos),
            "cargo": list(state.cargo),
            "bank": list(state.bank),
            "hold": state.hold,
            "tornado": state.tornado,
            "seat": state.seat,
            "phase": state.phase,
            "die": state.die,
            "target": state.target,
            "turns": state.turns,
            "needle": state.needle,
            "news": [list(item) for item in state.news],
            "news_turn": state.news_turn,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> PirState:
        """Inverse of :meth:`state_to_json`, every field checked (raises :class:`~engine.core.BadState`).

        >>> game = Piratissimo(); data = game.state_to_json(game.new(2))
        >>> game.state_from_json(data | {"hold": 1e400})
        Traceback (most recent call last):
        ...
        engine.core.BadState: not a Piratissimo state: hold must be a whole number from 0 to 50, not inf
        """
        read = StateFields(self.title, data)
        pos = read.numbers("pos", HOME, D.RING - 1, range(self.min_seats, self.max_seats + 1))
        seats = len(pos)
        cargo = read.numbers("cargo", 0, D.TREASURES, (seats,))
        bank = read.numbers("bank", 0, D.TREASURES, (seats,))
        hold = read.number("hold", 0, D.TREASURES)
        if sum(cargo) + sum(bank) + hold != D.TREASURES:
            read.fail(f"cargo, banks and hold must add up to the {D.TREASURES} treasures of the game")
        phase = read.number("phase", START, OVER)
        seat = read.number("seat", -1, seats - 1)
        if (seat == -1) != (phase == START):
            read.fail("seat is -1 while chance picks who starts, and only then")
        between = phase in (START, ROLL, OVER)  # no face is being played
        die = read.number("die", -1, -1) if between else read.choice("die", _DIE_FACES)
        raiding = phase in (RAID, RAID_SPIN)
        target = read.number("target", 0, seats - 1) if raiding else read.number("target", -1, -1)
        if raiding and target == seat:
            read.fail("a ship cannot raid itself")
        if phase in (LOAD, RAID, RAID_SPIN) and pos[seat] == HOME:
            read.fail("the ship whose turn it is must be at sea to load or raid")
        if phase == LOAD and (D.ISLANDS[pos[seat]].chest <= 0 or hold == 0):
            read.fail("a ship loads only at a closed chest while the hold has treasures")
        turns = read.number("turns", 0, D.TURN_LIMIT)
        news = read.rows("news", ((CAPSIZED, BLOWN), (0, seats - 1), (HOME, D.RING - 1), (0, D.TREASURES),
                                  (-1, seats - 1)), range(33), ())
        return PirState(
            pos,
            cargo,
            bank,
            hold,
            read.number("tornado", 0, D.RING - 1),
            seat,
            phase,
            die,
            target,
            turns,
            read.number("needle", 0, len(D.COMPASS) - 1, 0),
            news,  # type: ignore[arg-type]
            read.number("news_turn", -1, turns, -1),
        )


def _join_fr(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " et " + parts[-1]


def _join(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _shape_ok(words: list[str]) -> bool:
    head, rest = words[0], words[1:]
    if head in ("pirate", "pass"):
        return not rest
    if head == "home":
        return not rest or (len(rest) == 2 and rest[0] == "via" and rest[1].isdigit())
    if head == "die":
        return len(rest) == 1 and (rest[0] == "tornado" or rest[0].isdigit())
    if head == "start":
        return len(rest) == 1 and rest[0] in D.COLOURS
    if head in ("load", "compass", "tornado"):
        return len(rest) == 1 and rest[0].isdigit()
    if head == "sail":
        if len(rest) == 1:
            return rest[0].isdigit()
        return len(rest) == 3 and rest[0].isdigit() and rest[1] == "via" and rest[2].isdigit()
    return False


_DIE_FACES = sorted(set(D.DIE), key=lambda f: (f == D.TORNADO_FACE, f))
_FACE_OF: dict[str, int] = {("die tornado" if f == D.TORNADO_FACE else f"die {f}"): f for f in _DIE_FACES}
_DIE_ACTIONS: list[str] = list(_FACE_OF)
_DIE_OUTCOMES: list[tuple[str, float]] = [(a, D.DIE.count(f) / len(D.DIE)) for a, f in _FACE_OF.items()]
_COMPASS_ACTIONS: list[str] = [f"compass {i + 1}" for i in range(len(D.COMPASS))]
_COMPASS_OUTCOMES: list[tuple[str, float]] = [(a, 1 / len(D.COMPASS)) for a in _COMPASS_ACTIONS]
_LOAD_ACTIONS: list[str] = [f"load {k}" for k in range(max(D.ISLANDS[i].chest for i in range(D.RING)) + 1)]
_TORNADO_ACTIONS: list[str] = [f"tornado {k}" for k in range(1, D.TORNADO_MAX + 1)]
_STORM_WORDS_FR: dict[str, str] = {
    "lose": "la tempête renvoie à la cale 2 trésors de chaque navire présent",
    "blow": "la tempête pousse les navires présents d’une île plus loin",
    "home": "la tempête renvoie les navires présents à leur port, cargaison sauve",
    "calm": "la tempête passe",
}
_STORM_WORDS: dict[str, str] = {
    "lose": "the storm sends 2 treasures of each ship there back to the hold",
    "blow": "the storm blows the ships there 1 island onward",
    "home": "the storm blows the ships there back to their home ports, cargo safe",
    "calm": "the storm passes",
}

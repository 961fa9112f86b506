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

Islands are numbered 1..24 in text (0..23 inside the state).  The actions
are small values (:mod:`engine.piratissimo.actions`); records keep their text.

>>> game = Piratissimo()
>>> s = game.new(2)
>>> game.legal_actions(s)
[Start(seat=0), Start(seat=1)]
>>> s = game.apply(s, Start(0))
>>> s = game.apply(s, Die(3))       # from port: islands 1, 2, 3
>>> [game.format_action(a) for a in game.legal_actions(s)]  # island 3 has a closed chest of 3
['load 0', 'load 1', 'load 2', 'load 3']
>>> s = game.apply(s, game.parse_action("load 3"))
>>> s.cargo, s.hold, game.current_player(s) == CHANCE, s.seat
((3, 0), 47, True, 1)
>>> game.apply(s, Load(1))
Traceback (most recent call last):
...
engine.core.IllegalAction: illegal action 'load 1': Blue must roll the die first: it says how many islands to sail (PI-02)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalAction,
    Outcome,
    Refusal,
    StateFields,
    read_options,
)
from engine.piratissimo import actions as A
from engine.piratissimo import data as D
from engine.piratissimo.actions import (  # noqa: F401  (re-exported: the rules' own vocabulary)
    PASS,
    PIRATE,
    TORNADO,
    Action,
    Compass,
    Die,
    Home,
    Load,
    Piracy,
    Sail,
    Start,
    Tornado,
)
from engine.piratissimo.info import INFO
from engine.piratissimo.state import (  # noqa: F401  (re-exported: modules read these from the rules too)
    _DIE_FACES,
    _FACE_OF,
    BANKED,
    BLOWN,
    CAPSIZED,
    CHANCE_PHASES,
    HOME,
    LOAD,
    LOST,
    MISSED,
    OVER,
    RAID,
    RAID_SPIN,
    ROLL,
    SAIL,
    START,
    STOLEN,
    STORM_SPIN,
    TWISTER,
    Event,
    PirState,
    Route,
    _finish,
    _news,
    _set,
    _walk,
    _with,
    join_of,
    route_action,
    route_text,
    routes,
    ships_on,
    skip_from,
    steps_of,
)


class Piratissimo(Game[PirState, Action]):
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
    format_changes: ClassVar[dict[int, str]] = {2: "a move reaching or passing the home port by a shortcut or a push on from a full island, "
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
        >>> g.legal_actions(s), g.implied_actions(1, s, Die(3)), g.implied_actions(2, s, Die(3))
        ([Sail(dest=6, via=None), Home(via=None)], [Sail(dest=6, via=None)], [])
        """
        if fmt >= 2 or state.phase != SAIL:
            return []
        if isinstance(next_action, (Sail, Home)):
            return []
        seat, steps = state.seat, steps_of(state.die)
        start, join = state.pos[seat], join_of(state, seat)
        plain = _walk(start, steps, join, -1)
        choices = 1 + (start != HOME and join in plain)  # format 1: home only on the red path itself
        if state.cargo[seat] >= D.SHORTCUT_FEE:
            choices += sum(1 for island in (start, *plain[:-1]) if island in D.SHORTCUT_FROM)
        return [route_action(routes(state, seat, steps)[0])] if choices == 1 else []

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

    def legal_actions(self, state: PirState) -> list[Action]:
        phase = state.phase
        if phase == ROLL:
            return list(_DIE_ACTIONS)
        if phase in (RAID_SPIN, STORM_SPIN):
            return list(_COMPASS_ACTIONS)
        if phase == SAIL:
            return [route_action(r) for r in routes(state, state.seat, steps_of(state.die))]
        if phase == LOAD:
            top = min(D.ISLANDS[state.pos[state.seat]].chest, state.hold)
            return _LOAD_ACTIONS[: top + 1]
        if phase == RAID:
            return [PIRATE, PASS]
        if phase == TWISTER:
            return list(_TORNADO_ACTIONS)
        if phase == START:
            return [Start(s) for s in range(len(state.pos))]
        return []

    def chance_outcomes(self, state: PirState) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == ROLL:
            return list(_DIE_OUTCOMES)
        if phase in (RAID_SPIN, STORM_SPIN):
            return list(_COMPASS_OUTCOMES)
        if phase == START:
            n = len(state.pos)
            return [(Start(s), 1 / n) for s in range(n)]
        return []

    # -- moving ---------------------------------------------------------------------
    def next_state(self, state: PirState, action: Action) -> PirState:
        return self.step(state, action, None)

    def step(self, state: PirState, action: Any, log: list[Event] | None) -> PirState:
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
                if route_action(r) == action:
                    return self._sail(state, r, log)
            raise IllegalAction(self._action_text(action), "no such route")  # unreachable after validation
        if phase == LOAD:
            return self._load(state, seat, action.amount, log)
        if phase == RAID:
            if action.attempt:
                if log is not None:
                    log.append(("raid", seat, state.target))
                return _with(state, phase=RAID_SPIN)
            if log is not None:
                log.append(("pass", seat, state.target))
            return self._after_ship(_with(state, target=-1), log)
        if phase == RAID_SPIN:
            sector = action.sector
            return self._piracy(_with(state, needle=sector), D.COMPASS[sector], log)
        if phase == TWISTER:
            return self._twister(state, action.distance, log)
        if phase == STORM_SPIN:
            sector = action.sector
            return self._storm(_with(state, needle=sector), sector, log)
        if phase == START:
            return _with(state, seat=action.seat, phase=ROLL)
        raise IllegalAction(self._action_text(action), "the game is over")

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

    # -- the one legality check ----------------------------------------------------------
    def check(self, state: PirState, action: Any) -> Refusal | None:
        """Why ``action`` is refused here, as data (rule ID, key, values), or None if it is legal.

        :meth:`apply` refuses exactly this; :meth:`legal_actions` lists each
        phase's actions from the same tables and is proven equal to it over
        every well-formed action (``tests/piratissimo/test_rules.py``).
        :mod:`engine.piratissimo.words` says it.

        >>> g = Piratissimo(); s = g.apply(g.new(2), Start(1))
        >>> g.check(s, Sail(2))
        Refusal(rule='PI-02', key='roll_first', values={'seat': 1})
        """
        phase = state.phase
        seat = state.seat
        if phase == OVER:
            return Refusal(None, "game_over")
        kind = type(action)
        if phase == ROLL:  # the legal actions first (this runs on every move of every playout)
            if kind is Die:
                return None if action in _FACE_OF else Refusal(None, "no_such_face", {"face": str(action.face)})
            return Refusal("PI-02", "roll_first", {"seat": seat})
        if phase in (RAID_SPIN, STORM_SPIN):
            if kind is Compass:
                if 0 <= action.sector < len(D.COMPASS):
                    return None
                return Refusal(None, "no_such_sector", {"sector": str(action.sector + 1), "sectors": len(D.COMPASS)})
            return Refusal("PI-07" if phase == RAID_SPIN else "PI-09", "spin_first")
        if phase == START:
            return None if kind is Start and 0 <= action.seat < len(state.pos) else Refusal(None, "draw_first")
        if phase == LOAD:
            island = state.pos[seat]
            chest = D.ISLANDS[island].chest
            if kind is not Load:
                return Refusal("PI-04", "choose_load", {"seat": seat})
            if 0 <= action.amount <= min(chest, state.hold):
                return None
            if action.amount <= chest:
                return Refusal("PI-04", "hold_short", {"hold": state.hold})
            return Refusal("PI-04", "chest_limit", {"island": island + 1, "chest": chest})
        if phase == RAID:
            if kind is Piracy:
                return None
            return Refusal("PI-07", "choose_piracy", {"seat": seat, "victim": state.target})
        if phase == TWISTER:
            if kind is Tornado:
                return None if 1 <= action.distance <= D.TORNADO_MAX else Refusal(
                    "PI-09", "tornado_range", {"most": D.TORNADO_MAX})
            return Refusal("PI-09", "move_tornado_first", {"seat": seat, "most": D.TORNADO_MAX})
        # SAIL (PI-02, PI-03, PI-08, PI-11)
        ways = routes(state, seat, steps_of(state.die))
        if kind in (Sail, Home) and any(route_action(r) == action for r in ways):
            return None
        options = {"seat": seat, "ways": tuple((r.dest, r.via) for r in ways)}
        if kind is Home:
            return Refusal("PI-11", "home_out_of_reach", options)
        if kind is Sail:
            if action.via is not None and state.cargo[seat] < D.SHORTCUT_FEE:
                return Refusal("PI-08", "shortcut_fee", {"seat": seat, "fee": D.SHORTCUT_FEE})
            if action.via is not None:
                return Refusal("PI-08", "no_shortcut_there")
            return Refusal("PI-02", "not_there", options)
        return Refusal("PI-02", "choose_route", options)

    def refusal_words(self, refusal: Refusal, lang: str = "en") -> str:
        """A refusal of :meth:`check` in words (:func:`engine.piratissimo.words.refusal_words`)."""
        from engine.piratissimo import words

        return words.refusal_words(refusal, lang)

    # -- result -----------------------------------------------------------------------
    def outcome(self, state: PirState) -> Outcome | None:
        if state.phase != OVER:
            return None
        best = max(state.bank)
        winners = tuple(s for s, b in enumerate(state.bank) if b == best)
        share = 1.0 / len(winners)
        return Outcome(winners, tuple(share if s in winners else 0.0 for s in range(len(state.bank))))

    # -- words ---------------------------------------------------------------------------
    def describe(self, state: PirState, action: Action, lang: str = "en") -> str:
        """One sentence for the log (:func:`engine.piratissimo.words.describe`)."""
        from engine.piratissimo import words

        return words.describe(self, state, action, lang)

    # -- text and JSON ----------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        """The text of ``action`` (:func:`engine.piratissimo.actions.format_action`): what records keep.

        >>> Piratissimo().format_action(Sail(6, 1))
        'sail 7 via 2'
        """
        return A.format_action(action)

    def parse_action(self, text: str) -> Action:
        """The action ``text`` writes, legal now or not (:func:`engine.piratissimo.actions.parse_action`).

        >>> Piratissimo().parse_action("sail 7 via 2")
        Sail(dest=6, via=1)
        >>> Piratissimo().parse_action("fly 3")
        Traceback (most recent call last):
        ...
        engine.core.InvalidAction: not an action 'fly 3': Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions
        """
        return A.parse_action(text)

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


_DIE_ACTIONS: list[Action] = list(_FACE_OF)
_DIE_OUTCOMES: list[tuple[Action, float]] = [(a, D.DIE.count(f) / len(D.DIE)) for a, f in _FACE_OF.items()]
_COMPASS_ACTIONS: list[Action] = [Compass(i) for i in range(len(D.COMPASS))]
_COMPASS_OUTCOMES: list[tuple[Action, float]] = [(a, 1 / len(D.COMPASS)) for a in _COMPASS_ACTIONS]
_LOAD_ACTIONS: list[Action] = [Load(k) for k in range(max(D.ISLANDS[i].chest for i in range(D.RING)) + 1)]
_TORNADO_ACTIONS: list[Action] = [Tornado(k) for k in range(1, D.TORNADO_MAX + 1)]

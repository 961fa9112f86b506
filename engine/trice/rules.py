"""Trice's rules (TR-01..TR-19) on the engine protocol.

A state is an immutable :class:`TriceState`; an action is an
:class:`~engine.trice.actions.Action` whose text form is one of ``first red``,
``nuke c2``, ``done``, ``roll 1 3 4``, ``move b2 b1``, ``place 2``,
``place 2 free`` and ``end``.  A turn runs: the nuclear step (only for the tri-cell holder,
TR-18), the roll of 3d4 (a chance step, TR-05), then any moves and
placements while points last, then ``end`` (where the win of TR-02 is
checked).  The free placement may come at any moment of the turn (TR-08,
TR-09: "à tout moment pendant votre tour"): during the nuclear step, and
while the dice wait (a :meth:`~engine.core.Game.chance_step_actions` of the
roll, so the roll stays a chance step); paid placements need the roll's
points.

>>> game = Trice()
>>> state = game.new(3)
>>> game.chance_outcomes(state)[0]
(Action('first red'), 0.3333333333333333)
>>> state = game.apply(state, game.parse_action("first red"))
>>> state = game.apply(state, game.parse_action("roll 2 3 4"))
>>> state.points
9
>>> sorted(game.format_action(a) for a in game.legal_actions(state))[:4]
['end', 'place 1', 'place 1 free', 'place 2']
>>> state = game.apply(state, game.parse_action("place 3 free"))
>>> game.describe(state, game.parse_action("move a1 b2"))
"Red moves a level-3 piece from Red's eye cell a1 to the star cell b2."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from engine.bounded import shorten
from engine.core import (
    CHANCE,
    TERMINAL,
    BadOptions,
    Game,
    IllegalAction,
    Outcome,
    Refusal,
    StateFields,
    read_options,
)
from engine.trice.actions import (  # noqa: F401  (re-exported: modules read these from the rules too)
    DONE,
    DONE_ACTION,
    END,
    END_ACTION,
    FIRST,
    FIRST_OUTCOMES,
    MOVE,
    MOVES,
    NUKE,
    NUKES,
    PLACE,
    PLACES,
    ROLL,
    ROLL_ACTIONS,
    ROLL_OUTCOMES,
    Action,
    Kind,
    dice_of,
)
from engine.trice.info import INFO
from engine.trice.layout import DEFAULT_LAYOUT, LAYOUTS
from engine.trice.state import (  # noqa: F401  (re-exported: modules read these from the rules too)
    COLOURS,
    COLOURS_FR,
    DEFAULT_TURN_LIMIT,
    DICE,
    DIE_FACES,
    DRAW,
    LETTERS,
    LEVEL,
    MAX_LEVEL,
    MAX_TURN_LIMIT,
    NUCLEAR,
    OVER,
    OWNER,
    PLAYING,
    PYRAMIDS,
    ROLLING,
    START,
    SYMBOL_OF_FR,
    TriceState,
    bis_held,
    fight,
    holds_tri,
    nuclear_allowance,
    on_board,
    piece,
    pieces_of,
    position,
    progress,
    winning_symbol,
)


def setup(pieces: Mapping[str, str], seat: int, *, dice: tuple[int, int, int] | None = None,
          layout_name: str = DEFAULT_LAYOUT, free_used: bool = False, turn: int = 1) -> TriceState:
    """A mid-game position built from ``{"c3": "R2"}``: ``seat`` to act.

    With ``dice`` the roll is done (playing phase); without, the turn starts
    as the rules say (the nuclear step for the tri-cell holder, else the roll).
    Reserves are what the board leaves of each colour's 20 pyramids.

    >>> s = setup({"c3": "R2", "c2": "R1", "b1": "G3"}, 0)
    >>> s.phase == NUCLEAR, s.nukes, s.reserve
    (True, 2, (17, 17, 20))
    """
    board = LAYOUTS[layout_name]
    cells = [0] * len(board.names)
    for name, mark in pieces.items():
        cells[board.index[name]] = piece(LETTERS.index(mark[0]), int(mark[1]))
    reserve = tuple(PYRAMIDS - sum(LEVEL[c] for c in cells if c and OWNER[c] == s) for s in range(3))
    state = TriceState(layout_name, tuple(cells), reserve, seat, ROLLING, 0, (), free_used, 0, turn, -1,
                       DEFAULT_TURN_LIMIT)  # type: ignore[arg-type]
    state = Trice()._begin_turn(state, seat)
    state = replace(state, free_used=free_used)
    if dice is not None:
        state = replace(state, phase=PLAYING, nukes=0, dice=tuple(sorted(dice)), points=sum(dice))
    return state


class Trice(Game[TriceState, Action]):
    """Andrew Looney's Trice for three colours on the 16-cell triangle."""

    name = INFO.name
    title = INFO.title
    min_seats = INFO.min_seats
    max_seats = INFO.max_seats
    #: Format 2: a record may hold the free placement before the roll (older
    #: records mean the same and replay unchanged).
    format_version = 2
    format_changes: ClassVar[dict[int, str]] = {2: "the free placement may come before the roll (TR-08, TR-09)"}

    # -- creation --------------------------------------------------------------
    def new(self, seats: int = 3, options: Mapping[str, Any] | None = None) -> TriceState:
        self.check_seats(seats)
        opts = read_options("Trice", options, ("layout", "turn_limit"), "it knows layout and turn_limit")
        name = opts.get("layout", DEFAULT_LAYOUT)
        if not isinstance(name, str) or name not in LAYOUTS:
            raise BadOptions(f"unknown Trice layout {shorten(name)}; choose one of {', '.join(LAYOUTS)}")
        limit = opts.get("turn_limit", DEFAULT_TURN_LIMIT)
        if not isinstance(limit, int) or isinstance(limit, bool) or not 3 <= limit <= MAX_TURN_LIMIT:
            raise BadOptions(f"turn_limit must be a whole number from 3 to {MAX_TURN_LIMIT}, not {shorten(limit)}")
        return TriceState(name, (0,) * len(LAYOUTS[name].names), (PYRAMIDS,) * 3, -1, START, 0, (),
                          False, 0, 0, -1, limit)

    def options(self, state: TriceState) -> dict[str, Any]:
        return {"layout": state.layout, "turn_limit": state.turn_limit}

    def seats(self, state: TriceState) -> int:
        return 3

    # -- whose turn ----------------------------------------------------------------
    def current_player(self, state: TriceState) -> int:
        phase = state.phase
        if phase == PLAYING or phase == NUCLEAR:
            return state.seat
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def turn_seat(self, state: TriceState) -> int | None:
        return state.seat if state.phase in (NUCLEAR, ROLLING, PLAYING) else None

    def turn_count(self, state: TriceState) -> int:
        return state.turn

    def chance_outcomes(self, state: TriceState) -> list[tuple[Action, float]]:
        if state.phase == START:
            return list(FIRST_OUTCOMES)
        if state.phase == ROLLING:
            return list(ROLL_OUTCOMES)
        return []

    def legal_actions(self, state: TriceState) -> list[Action]:
        phase = state.phase
        if phase == PLAYING:
            return self._play_actions(state)
        if phase == ROLLING:
            return [a for a, _ in ROLL_OUTCOMES]
        if phase == NUCLEAR:
            peace = state.board.peace
            nukes = [NUKES[c] for c, code in enumerate(state.cells) if code and not peace[c]]
            return nukes + [DONE_ACTION] + self.free_placements(state)
        if phase == START:
            return [a for a, _ in FIRST_OUTCOMES]
        return []

    def chance_step_actions(self, state: TriceState) -> list[Action]:
        """The free placement while the dice wait (TR-08, TR-09: at any moment of the turn).

        >>> game = Trice()
        >>> state = game.apply(game.new(3), Action.first(0))
        >>> [game.format_action(a) for a in game.chance_step_actions(state)]
        ['place 1 free', 'place 2 free', 'place 3 free']
        """
        if state.phase != ROLLING or state.seat < 0:
            return []
        return self.free_placements(state)

    def free_placements(self, state: TriceState) -> list[Action]:
        """The free placements open now (TR-09, TR-19), whatever the points."""
        if state.free_used:
            return []
        seat = state.seat
        occupant = state.cells[state.board.eyes[seat]]
        if occupant and OWNER[occupant] == seat:
            return []
        smallest = LEVEL[occupant] if occupant else 1
        return [PLACES[level][1] for level in range(smallest, min(MAX_LEVEL, state.reserve[seat]) + 1)]

    def _play_actions(self, state: TriceState) -> list[Action]:
        board = state.board
        cells = state.cells
        seat = state.seat
        points = state.points
        actions: list[Action] = []
        mine = [c for c, code in enumerate(cells) if code and OWNER[code] == seat]
        may_bi = len(mine) >= 4  # TR-16
        may_tri = sum(1 for c in board.bis if cells[c] and OWNER[cells[c]] == seat) >= 2  # TR-17
        tri = board.tri
        for c in mine:
            level = LEVEL[cells[c]]
            if level > points:  # TR-06
                continue
            moves_from = MOVES[c]
            for n in board.neighbours[c]:  # TR-14
                target = cells[n]
                if target and (OWNER[target] == seat or LEVEL[target] > level):  # TR-15, TR-13
                    continue
                if n == tri:
                    if not may_tri:
                        continue
                elif not may_bi and len(board.symbols[n]) == 2:
                    continue
                actions.append(moves_from[n])
        # TR-08, TR-09, TR-19: placements on the own eye cell
        eye = board.eyes[seat]
        occupant = cells[eye]
        if not occupant or OWNER[occupant] != seat:
            smallest = LEVEL[occupant] if occupant else 1
            for level in range(smallest, min(MAX_LEVEL, state.reserve[seat]) + 1):
                if level <= points:
                    actions.append(PLACES[level][0])
                if not state.free_used:
                    actions.append(PLACES[level][1])
        actions.append(END_ACTION)
        return actions

    # -- moving ------------------------------------------------------------------------
    def next_state(self, state: TriceState, action: Action) -> TriceState:
        # unpacked once rather than read by name (Action.src, .level, ...): the hot path of every playout
        kind, a, b = action
        if kind == MOVE:
            return self._move(state, a, b)  # src, dst
        if kind == PLACE:
            return self._place(state, a, bool(b))  # level, free
        if kind == END:
            return self._end(state)
        if kind == ROLL:
            dice = dice_of(a)
            return TriceState(state.layout, state.cells, state.reserve, state.seat, PLAYING, sum(dice), dice,
                              state.free_used, state.nukes, state.turn, state.winner, state.turn_limit)
        if kind == NUKE:
            cells = list(state.cells)
            code = cells[a]  # the cell removed
            cells[a] = 0
            reserve = list(state.reserve)
            reserve[OWNER[code]] += LEVEL[code]
            left = state.nukes - 1
            peace = state.board.peace
            if left and not any(c and not peace[i] for i, c in enumerate(cells)):
                left = 0  # nothing removable remains
            return replace(state, cells=tuple(cells), reserve=tuple(reserve), nukes=left,  # type: ignore[arg-type]
                           phase=NUCLEAR if left else ROLLING)
        if kind == DONE:
            return replace(state, nukes=0, phase=ROLLING)
        if kind == FIRST:
            return self._begin_turn(state, a)  # the seat drawn
        raise IllegalAction(self._action_text(action), "Trice knows no such action")

    def _begin_turn(self, state: TriceState, seat: int) -> TriceState:
        state = replace(state, seat=seat, points=0, dice=(), free_used=False)
        allowance = nuclear_allowance(state, seat)
        if allowance:  # TR-18: the tri-cell holder's nuclear step comes before the roll
            return replace(state, phase=NUCLEAR, nukes=allowance)
        return replace(state, phase=ROLLING, nukes=0)

    def _enter(self, cells: list[int], reserve: list[int], attacker: int, target: int) -> None:
        """Resolve ``attacker`` entering ``target`` in the mutable copies."""
        left, back_att, back_def = fight(attacker, cells[target])
        if back_def:
            reserve[OWNER[cells[target]]] += back_def
        if back_att:
            reserve[OWNER[attacker]] += back_att
        cells[target] = left

    def _move(self, state: TriceState, src: int, dst: int) -> TriceState:
        cells = list(state.cells)
        reserve = list(state.reserve)
        code = cells[src]
        cells[src] = 0
        self._enter(cells, reserve, code, dst)
        # the constructor rather than dataclasses.replace: this is the hot path of every playout
        return TriceState(state.layout, tuple(cells), tuple(reserve), state.seat,  # type: ignore[arg-type]
                          state.phase, state.points - LEVEL[code], state.dice, state.free_used, state.nukes,
                          state.turn, state.winner, state.turn_limit)

    def _place(self, state: TriceState, level: int, free: bool) -> TriceState:
        cells = list(state.cells)
        reserve = list(state.reserve)
        seat = state.seat
        reserve[seat] -= level
        self._enter(cells, reserve, piece(seat, level), state.board.eyes[seat])
        return TriceState(state.layout, tuple(cells), tuple(reserve), seat,  # type: ignore[arg-type]
                          state.phase, state.points if free else state.points - level, state.dice,
                          state.free_used or free, state.nukes, state.turn, state.winner, state.turn_limit)

    def _end(self, state: TriceState) -> TriceState:
        if winning_symbol(state, state.seat) is not None:  # TR-02, checked at the end of the turn
            return replace(state, phase=OVER, winner=state.seat, points=0, turn=state.turn + 1)
        turn = state.turn + 1
        if turn >= state.turn_limit:
            return replace(state, phase=OVER, winner=DRAW, points=0, turn=turn)
        return self._begin_turn(replace(state, turn=turn), (state.seat + 1) % 3)

    # -- the one legality check ----------------------------------------------------------------
    def check(self, state: TriceState, action: Action) -> Refusal | None:
        """Why ``action`` is refused here, as data (rule ID, key, values), or None if it is legal.

        :meth:`apply` refuses exactly this; :meth:`legal_actions` is kept fast
        for the bots and is proven equal to it over every well-formed action
        (``tests/trice/test_rules.py``).  :mod:`engine.trice.words` says it.

        >>> game = Trice(); state = game.apply(game.new(3), Action.first(0))
        >>> game.check(state, END_ACTION)
        Refusal(rule='TR-05', key='roll_first', values={})
        """
        try:
            kind, a, b = action
        except (TypeError, ValueError):
            return Refusal(None, "not_an_action")
        phase = state.phase
        if phase == OVER:
            return Refusal(None, "game_over")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in action):
            return Refusal(None, "not_an_action")
        if phase == START:
            return None if kind == FIRST and 0 <= a <= 2 and b == 0 else Refusal(None, "draw_first")
        if kind == PLACE and b not in (0, 1):
            return Refusal(None, "not_an_action")
        if phase in (ROLLING, NUCLEAR) and kind == PLACE:
            if not b and 1 <= a <= MAX_LEVEL:
                return Refusal("TR-08", "paid_before_roll", {"level": a})
            return self._place_check(state, a, bool(b))
        if phase == ROLLING:
            if kind == ROLL:
                return None if action in ROLL_ACTIONS else Refusal("TR-05", "not_a_roll")
            return Refusal("TR-05", "roll_first")
        if phase == NUCLEAR:
            if kind == NUKE and b == 0:
                return self._nuke_check(state, a)
            if kind == DONE and a == b == 0:
                return None
            return Refusal("TR-18", "nuclear_first")
        # PLAYING
        if kind in (ROLL, FIRST):
            return Refusal(None, "no_chance_step")
        if kind in (NUKE, DONE):
            return Refusal("TR-18", "no_nuclear_option", {"seat": state.seat})
        if kind == MOVE:
            return self._move_check(state, a, b)
        if kind == PLACE:
            return self._place_check(state, a, bool(b))
        if kind == END and a == b == 0:
            return None
        return Refusal(None, "not_legal")

    @staticmethod
    def _nuke_check(state: TriceState, cell: int) -> Refusal | None:
        """TR-18: the tri-cell holder removes any piece but one on a peace symbol."""
        board = state.board
        if not 0 <= cell < len(board.names):
            return Refusal(None, "no_such_cell")
        if not state.cells[cell]:
            return Refusal(None, "nothing_to_remove", {"cell": board.names[cell]})
        if board.peace[cell]:
            return Refusal("TR-18", "peace_symbol", {"cell": board.names[cell]})
        return None

    @staticmethod
    def _move_check(state: TriceState, src: int, dst: int) -> Refusal | None:
        """TR-06, TR-13..TR-17: a piece moves to a neighbour, paying its level in points."""
        board = state.board
        n = len(board.names)
        if not (0 <= src < n and 0 <= dst < n):
            return Refusal(None, "no_such_cell")
        cells, seat = state.cells, state.seat
        code = cells[src]
        here, there = board.names[src], board.names[dst]
        if not code:
            return Refusal(None, "cell_empty", {"cell": here})
        if OWNER[code] != seat:
            return Refusal(None, "not_your_piece", {"cell": here, "owner": OWNER[code], "seat": seat})
        if dst not in board.neighbours[src]:
            return Refusal("TR-14", "not_a_neighbour", {"src": here, "dst": there})
        level = LEVEL[code]
        if level > state.points:
            return Refusal("TR-06", "move_costs", {"level": level, "points": state.points})
        target = cells[dst]
        if target and OWNER[target] == seat:
            return Refusal("TR-15", "own_colour", {"cell": there, "seat": seat})
        if target and LEVEL[target] > level:
            return Refusal("TR-13", "smaller_attacks", {"level": level, "other": LEVEL[target]})
        if dst == board.tri:
            held = bis_held(state, seat)
            return None if held >= 2 else Refusal("TR-17", "tri_needs_bis", {"seat": seat, "held": held})
        if board.is_bi(dst):
            count = len(pieces_of(state, seat))
            return None if count >= 4 else Refusal("TR-16", "bi_needs_pieces", {"seat": seat, "count": count})
        return None

    @staticmethod
    def _place_check(state: TriceState, level: int, free: bool) -> Refusal | None:
        """TR-01, TR-08..TR-10, TR-19: a placement on the own eye cell."""
        if not 1 <= level <= MAX_LEVEL:
            return Refusal("TR-01", "no_such_level")
        seat = state.seat
        eye = state.board.eyes[seat]
        occupant = state.cells[eye]
        if occupant and OWNER[occupant] == seat:
            return Refusal("TR-10", "eye_holds_own_piece", {"cell": state.board.names[eye]})
        if state.reserve[seat] < level:
            return Refusal("TR-01", "reserve_short", {"seat": seat, "reserve": state.reserve[seat]})
        if occupant and LEVEL[occupant] > level:
            return Refusal("TR-19", "eye_holds_bigger", {"owner": OWNER[occupant], "other": LEVEL[occupant],
                                                         "level": level})
        if free and state.free_used:
            return Refusal("TR-09", "free_placement_used")
        if not free and level > state.points:
            return Refusal("TR-08", "place_costs", {"level": level, "points": state.points})
        return None

    def refusal_words(self, refusal: Refusal, lang: str = "en") -> str:
        """A refusal of :meth:`check` in words (:func:`engine.trice.words.refusal_words`)."""
        from engine.trice import words

        return words.refusal_words(refusal, lang)

    # -- the end -------------------------------------------------------------------------------
    def outcome(self, state: TriceState) -> Outcome | None:
        if state.phase != OVER:
            return None
        if state.winner == DRAW:
            return Outcome((), (1 / 3, 1 / 3, 1 / 3))
        return Outcome.win(state.winner, 3)

    # -- words ---------------------------------------------------------------------------------
    def seat_name(self, state: TriceState, seat: int) -> str:
        return COLOURS[seat]

    def cell_words(self, state: TriceState, cell: int, lang: str = "en") -> str:
        """How the log names a cell (:func:`engine.trice.words.cell_words`)."""
        from engine.trice import words

        return words.cell_words(self, state, cell, lang)

    def describe(self, state: TriceState, action: Action, lang: str = "en") -> str:
        """One sentence for the log (:func:`engine.trice.words.describe`)."""
        from engine.trice import words

        return words.describe(self, state, action, lang)

    # -- text and JSON ---------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        """The action's text (:meth:`Action.text`); a plain ``(kind, a, b)`` tuple is read as one."""
        if type(action) is not Action:
            kind, a, b = action
            action = Action(kind, a, b)
        return action.text()

    def parse_action(self, text: str) -> Action:
        """The action a line names (:meth:`Action.parse`); :class:`~engine.core.InvalidAction` if none."""
        return Action.parse(text)

    def state_to_json(self, state: TriceState) -> dict[str, Any]:
        return {
            "layout": state.layout,
            "cells": list(state.cells),
            "reserve": list(state.reserve),
            "seat": state.seat,
            "phase": state.phase,
            "points": state.points,
            "dice": list(state.dice),
            "free_used": state.free_used,
            "nukes": state.nukes,
            "turn": state.turn,
            "winner": state.winner,
            "turn_limit": state.turn_limit,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> TriceState:
        """Inverse of :meth:`state_to_json`, every field checked (raises :class:`~engine.core.BadState`).

        >>> game = Trice(); data = game.state_to_json(game.new(3)) | {"seat": 5}
        >>> game.state_from_json(data)
        Traceback (most recent call last):
        ...
        engine.core.BadState: not a Trice state: seat must be a whole number from -1 to 2, not 5
        """
        read = StateFields(self.title, data)
        layout = read.choice("layout", LAYOUTS)
        size = len(LAYOUTS[layout].names)
        cells = read.items("cells", (size,))
        for index, code in enumerate(cells):
            if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= 9:
                read.fail(f"a cell holds an impossible piece (cells[{index}] is {shorten(code)})")
        reserve = read.numbers("reserve", 0, PYRAMIDS, (3,))
        for seat in range(3):  # TR-01: every colour's 20 pyramids are on the board or in reserve
            placed = sum(LEVEL[code] for code in cells if code and OWNER[code] == seat)
            if placed + reserve[seat] != PYRAMIDS:
                read.fail(f"{COLOURS[seat]} has {placed} pyramids on the board and {reserve[seat]} in reserve, "
                          f"not {PYRAMIDS} in all (TR-01)")
        phase = read.number("phase", START, OVER)
        seat = read.number("seat", -1, 2)
        if (seat == -1) != (phase == START):
            read.fail("seat is -1 while who starts is drawn, and only then")
        nukes = read.number("nukes", 1 if phase == NUCLEAR else 0, 3)
        turn_limit = read.number("turn_limit", 3, MAX_TURN_LIMIT)
        winner = read.number("winner", 0, DRAW) if phase == OVER else read.number("winner", -1, -1)
        return TriceState(
            layout,
            tuple(cells),
            reserve,  # type: ignore[arg-type]
            seat,
            phase,
            read.number("points", 0, DICE * DIE_FACES),
            read.numbers("dice", 1, DIE_FACES, (0, DICE)),
            read.flag("free_used"),
            nukes,
            read.number("turn", 0, turn_limit),
            winner,
            turn_limit,
        )

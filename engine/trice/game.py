"""Trice's rules (TR-01..TR-19) on the engine protocol.

A state is an immutable :class:`TriceState`; an action is a small tuple
``(kind, a, b)`` whose text form is one of ``first red``, ``nuke c2``,
``done``, ``roll 1 3 4``, ``move b2 b1``, ``place 2``, ``place 2 free`` and
``end``.  A turn runs: the nuclear step (only for the tri-cell holder,
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
((6, 0, 0), 0.3333333333333333)
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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement, product
from typing import Any

from engine.bounded import shorten
from engine.core import (
    CHANCE,
    TERMINAL,
    BadOptions,
    Game,
    IllegalAction,
    InvalidAction,
    Outcome,
    StateFields,
    read_options,
)
from engine.trice.board import DEFAULT_LAYOUT, LAYOUTS, SYMBOLS, SYMBOLS_FR, Board
from engine.trice.info import INFO

COLOURS = ("Red", "Green", "Blue")
COLOURS_FR = ("Rouge", "Vert", "Bleu")
#: "the five cells of the sun" in French: du soleil, de la lune, de l'étoile
SYMBOL_OF_FR = ("du soleil", "de la lune", "de l'étoile")
PYRAMIDS = 20  # TR-01: pyramids per colour
MAX_LEVEL = 3
DIE_FACES = 4  # TR-05: three four-sided dice
DICE = 3
#: House rule (documented on the rules page): random or stubborn play could go
#: on for ever, so a game that reaches this many turns ends in a draw.
DEFAULT_TURN_LIMIT = 300
MAX_TURN_LIMIT = 10_000

# action kinds
MOVE, PLACE, END, NUKE, DONE, ROLL, FIRST = range(7)
# phases
START, NUCLEAR, ROLLING, PLAYING, OVER = range(5)
DRAW = 3  # the ``winner`` of a game stopped by the turn limit

Action = tuple[int, int, int]
END_ACTION: Action = (END, 0, 0)
DONE_ACTION: Action = (DONE, 0, 0)


def piece(owner: int, level: int) -> int:
    """A cell's content: 0 is empty, else ``owner * 3 + level`` (1..9)."""
    return owner * MAX_LEVEL + level


#: owner and level of each cell code (index 0: the empty cell)
OWNER = (-1,) + tuple((code - 1) // MAX_LEVEL for code in range(1, 10))
LEVEL = (0,) + tuple((code - 1) % MAX_LEVEL + 1 for code in range(1, 10))


def _roll_outcomes() -> tuple[tuple[Action, float], ...]:
    """Sorted dice triples with their probabilities (20 outcomes of 64 rolls)."""
    counts: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, DIE_FACES + 1), repeat=DICE):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, 0) + 1
    total = DIE_FACES**DICE
    return tuple(
        ((ROLL, _dice_code(d), 0), counts[d] / total)
        for d in combinations_with_replacement(range(1, DIE_FACES + 1), DICE)
    )


def _dice_code(dice: tuple[int, ...]) -> int:
    return dice[0] * 100 + dice[1] * 10 + dice[2]


def dice_of(code: int) -> tuple[int, int, int]:
    """``134`` is the roll (1, 3, 4)."""
    return (code // 100, code // 10 % 10, code % 10)


ROLL_OUTCOMES = _roll_outcomes()
ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)
FIRST_OUTCOMES = tuple(((FIRST, seat, 0), 1 / 3) for seat in range(3))


@dataclass(frozen=True, slots=True)
class TriceState:
    """A Trice position: the 16 cells, reserves, and where the turn stands."""

    layout: str
    cells: tuple[int, ...]  # per cell: 0 empty, else piece(owner, level)
    reserve: tuple[int, int, int]  # pyramids off the board, per colour (TR-01)
    seat: int  # whose turn it is (-1 before the first turn)
    phase: int
    points: int  # movement points left this turn (TR-05, TR-07)
    dice: tuple[int, ...]  # this turn's roll, () before it
    free_used: bool  # the free placement of TR-09 is spent
    nukes: int  # removals left in the nuclear step (TR-18)
    turn: int  # turns completed
    winner: int  # -1 while playing, a seat, or DRAW
    turn_limit: int

    @property
    def board(self) -> Board:
        return LAYOUTS[self.layout]


# -- queries on a state ------------------------------------------------------------


def pieces_of(state: TriceState, seat: int) -> list[int]:
    """The cells holding ``seat``'s pieces."""
    return [i for i, code in enumerate(state.cells) if code and OWNER[code] == seat]


def bis_held(state: TriceState, seat: int) -> int:
    """How many bi-cells ``seat`` occupies."""
    cells = state.cells
    return sum(1 for c in state.board.bis if cells[c] and OWNER[cells[c]] == seat)


def holds_tri(state: TriceState, seat: int) -> bool:
    code = state.cells[state.board.tri]
    return bool(code) and OWNER[code] == seat


def nuclear_allowance(state: TriceState, seat: int) -> int:
    """TR-18: 1 removal for the tri-cell, +1 per bi-cell held, 3 at most (0 without the tri)."""
    if not holds_tri(state, seat):
        return 0
    return 1 + min(2, bis_held(state, seat))


def progress(state: TriceState, seat: int) -> tuple[int, int, int]:
    """Cells of each symbol that ``seat`` occupies (sun, moon, star), out of 5."""
    cells = state.cells
    return tuple(  # type: ignore[return-value]
        sum(1 for c in group if cells[c] and OWNER[cells[c]] == seat) for group in state.board.symbol_cells
    )


def winning_symbol(state: TriceState, seat: int) -> int | None:
    """TR-02: the symbol all of whose 5 cells ``seat`` occupies, if any."""
    for sym, count in enumerate(progress(state, seat)):
        if count == len(state.board.symbol_cells[sym]):
            return sym
    return None


def on_board(state: TriceState, seat: int) -> int:
    """Pyramids of ``seat`` on the board."""
    return sum(LEVEL[code] for code in state.cells if code and OWNER[code] == seat)


def fight(attacker: int, defender: int) -> tuple[int, int, int]:
    """TR-11..13: (code left on the cell, pyramids back to attacker, to defender).

    ``attacker`` and ``defender`` are cell codes; returns None-like (-1, 0, 0)
    when the attack is forbidden (smaller against bigger, TR-13).

    >>> fight(piece(0, 3), piece(1, 2))   # bigger wins, defender's 2 go home
    (3, 0, 2)
    >>> fight(piece(0, 2), piece(1, 2))   # equal: attacker reduced by one
    (1, 1, 2)
    >>> fight(piece(0, 1), piece(1, 1))   # 1 against 1: both eliminated
    (0, 1, 1)
    >>> fight(piece(0, 1), piece(1, 2))
    (-1, 0, 0)
    """
    if not defender:
        return attacker, 0, 0
    a, d = LEVEL[attacker], LEVEL[defender]
    if a > d:
        return attacker, 0, d
    if a == d:
        return (attacker - 1 if a > 1 else 0), 1, d
    return -1, 0, 0


LETTERS = "RGB"  # one-letter colour marks for compact positions


def position(state: TriceState) -> dict[str, str]:
    """The occupied cells as ``{"b2": "R3"}`` (colour letter and level).

    >>> game = Trice()
    >>> s = game.apply(game.apply(game.new(3), (FIRST, 1, 0)), game.parse_action("roll 1 1 1"))
    >>> position(game.apply(s, game.parse_action("place 2 free")))
    {'d1': 'G2'}
    """
    names = state.board.names
    return {names[c]: f"{LETTERS[OWNER[code]]}{LEVEL[code]}" for c, code in enumerate(state.cells) if code}


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


def _points_left(points: int, fr: bool) -> str:
    """ "only 1 point is left" / "no point is left" (and in French), for the refusals.

    >>> _points_left(0, False), _points_left(1, False), _points_left(2, True)
    ('no point is left', 'only 1 point is left', 'il ne reste que 2 points')
    """
    if fr:
        return "il ne reste aucun point" if points == 0 else f"il ne reste que {points} point{'s' if points > 1 else ''}"
    if points == 0:
        return "no point is left"
    return f"only {points} {'point is' if points == 1 else 'points are'} left"


class Trice(Game[TriceState, Action]):
    """Andrew Looney's Trice for three colours on the 16-cell triangle."""

    name = INFO.name
    title = INFO.title
    min_seats = INFO.min_seats
    max_seats = INFO.max_seats
    #: Format 2: a record may hold the free placement before the roll (older
    #: records mean the same and replay unchanged).
    format_version = 2
    format_changes = {2: "the free placement may come before the roll (TR-08, TR-09)"}

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
            nukes = [(NUKE, c, 0) for c, code in enumerate(state.cells) if code and not peace[c]]
            return nukes + [DONE_ACTION] + self.free_placements(state)
        if phase == START:
            return [a for a, _ in FIRST_OUTCOMES]
        return []

    def chance_step_actions(self, state: TriceState) -> list[Action]:
        """The free placement while the dice wait (TR-08, TR-09: at any moment of the turn).

        >>> game = Trice()
        >>> state = game.apply(game.new(3), (FIRST, 0, 0))
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
        return [(PLACE, level, 1) for level in range(smallest, min(MAX_LEVEL, state.reserve[seat]) + 1)]

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
            for n in board.neighbours[c]:  # TR-14
                target = cells[n]
                if target and (OWNER[target] == seat or LEVEL[target] > level):  # TR-15, TR-13
                    continue
                if n == tri:
                    if not may_tri:
                        continue
                elif not may_bi and len(board.symbols[n]) == 2:
                    continue
                actions.append((MOVE, c, n))
        # TR-08, TR-09, TR-19: placements on the own eye cell
        eye = board.eyes[seat]
        occupant = cells[eye]
        if not occupant or OWNER[occupant] != seat:
            smallest = LEVEL[occupant] if occupant else 1
            for level in range(smallest, min(MAX_LEVEL, state.reserve[seat]) + 1):
                if level <= points:
                    actions.append((PLACE, level, 0))
                if not state.free_used:
                    actions.append((PLACE, level, 1))
        actions.append(END_ACTION)
        return actions

    # -- moving ------------------------------------------------------------------------
    def next_state(self, state: TriceState, action: Action) -> TriceState:
        kind = action[0]
        if kind == MOVE:
            return self._move(state, action[1], action[2])
        if kind == PLACE:
            return self._place(state, action[1], bool(action[2]))
        if kind == END:
            return self._end(state)
        if kind == ROLL:
            dice = dice_of(action[1])
            return TriceState(state.layout, state.cells, state.reserve, state.seat, PLAYING, sum(dice), dice,
                              state.free_used, state.nukes, state.turn, state.winner, state.turn_limit)
        if kind == NUKE:
            cells = list(state.cells)
            code = cells[action[1]]
            cells[action[1]] = 0
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
            return self._begin_turn(state, action[1])
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

    # -- why an action is refused ----------------------------------------------------------
    def why_illegal(self, state: TriceState, action: Action, lang: str = "en") -> str:
        """Why ``action`` is refused here, naming the rule (English, or French for "fr").

        >>> game = Trice(); state = game.apply(game.new(3), (6, 0, 0))
        >>> game.why_illegal(state, game.parse_action("end"), "fr")
        "il faut d'abord lancer les dés (TR-05)"
        """
        fr = lang == "fr"

        def say(english: str, french: str) -> str:
            return french if fr else english

        try:
            kind, a, b = action
        except (TypeError, ValueError):
            return say("Trice knows no such action", "Trice ne connaît pas ce coup")
        phase = state.phase
        if phase == OVER:
            return say("the game is over", "la partie est finie")
        if phase == START:
            return say("who starts is still to be drawn: only 'first red', 'first green' or 'first blue' can come next",
                       "qui commence reste à tirer : seuls 'first red', 'first green' ou 'first blue' peuvent venir")
        if phase in (ROLLING, NUCLEAR) and kind == PLACE:
            if not b and 1 <= a <= MAX_LEVEL:
                return say(f"placing a level-{a} piece costs {a} point{'s' if a > 1 else ''} and the dice are not "
                           "rolled yet: only the free placement may come before the roll (TR-08, TR-09)",
                           f"poser une pièce de niveau {a} coûte {a} point{'s' if a > 1 else ''} et les dés ne sont "
                           "pas encore lancés : seule la pose gratuite peut venir avant le lancer (TR-08, TR-09)")
            return self._why_not_place(state, a, bool(b), say, fr)
        if phase == ROLLING:
            if kind == ROLL:
                return say("a roll is three dice from 1 to 4, written in increasing order, e.g. 'roll 1 3 4' (TR-05)",
                           "un lancer, ce sont trois dés de 1 à 4 dans l'ordre croissant, par exemple 'roll 1 3 4' (TR-05)")
            return say("the dice must be rolled first (TR-05)", "il faut d'abord lancer les dés (TR-05)")
        if phase == NUCLEAR:
            if kind == NUKE:
                return self._why_not_nuke(state, a, say)
            return say("the nuclear option comes first: remove pieces ('nuke <cell>') or say 'done' before rolling (TR-18)",
                       "l'option nucléaire vient d'abord : retirez des pièces ('nuke <case>') ou dites 'done' avant "
                       "de lancer (TR-18)")
        if kind in (ROLL, FIRST):
            return say("this is not the moment for a chance step: the dice are already rolled",
                       "ce n'est pas le moment d'un coup du hasard : les dés sont déjà lancés")
        who = (COLOURS_FR if fr else COLOURS)[state.seat]
        if kind in (NUKE, DONE):
            return say(f"{who} holds no nuclear option now: it is used at the start of the turn, before the roll, "
                       "by the tri-cell holder (TR-18)",
                       f"{who} n'a pas d'option nucléaire maintenant : elle sert au début du tour, avant le lancer, "
                       "à qui tient la tri-case (TR-18)")
        if kind == MOVE:
            return self._why_not_move(state, a, b, say, fr)
        if kind == PLACE:
            return self._why_not_place(state, a, bool(b), say, fr)
        return super().why_illegal(state, action, lang)

    def _why_not_nuke(self, state: TriceState, cell: int, say: Callable[[str, str], str]) -> str:
        board = state.board
        if not 0 <= cell < len(board.names):
            return say("there is no such cell", "cette case n'existe pas")
        here = board.names[cell]
        if not state.cells[cell]:
            return say(f"{here} is empty: there is nothing to remove", f"{here} est vide : il n'y a rien à retirer")
        if board.peace[cell]:
            return say(f"the piece on {here} stands on a peace symbol and cannot be removed (TR-18)",
                       f"la pièce en {here} est sur un symbole de paix et ne peut pas être retirée (TR-18)")
        return say("it is not a legal removal here", "ce retrait n'est pas permis ici")

    def _why_not_move(self, state: TriceState, src: int, dst: int, say: Callable[[str, str], str], fr: bool) -> str:
        board = state.board
        n = len(board.names)
        if not (0 <= src < n and 0 <= dst < n):
            return say("there is no such cell", "cette case n'existe pas")
        cells, seat = state.cells, state.seat
        colours = COLOURS_FR if fr else COLOURS
        code = cells[src]
        here = board.names[src]
        there = board.names[dst]
        if not code:
            return say(f"{here} is empty", f"{here} est vide")
        if OWNER[code] != seat:
            owner, who = colours[OWNER[code]], colours[seat]
            return say(f"the piece on {here} is {owner}'s, not {who}'s", f"la pièce en {here} est à {owner}, pas à {who}")
        if dst not in board.neighbours[src]:
            return say(f"{there} does not share a side with {here}: a piece moves one cell at a time to a neighbour (TR-14)",
                       f"{there} n'a pas de côté commun avec {here} : une pièce avance d'une case à la fois, vers "
                       "une voisine (TR-14)")
        level = LEVEL[code]
        points = state.points
        if level > points:
            return say(f"moving a level-{level} piece costs {level} point{'s' if level > 1 else ''} and "
                       f"{_points_left(points, False)} (TR-06)",
                       f"déplacer une pièce de niveau {level} coûte {level} point{'s' if level > 1 else ''} et "
                       f"{_points_left(points, True)} (TR-06)")
        target = cells[dst]
        if target and OWNER[target] == seat:
            return say(f"{there} already holds a {colours[seat]} piece: no piece may enter a cell of its own colour (TR-15)",
                       f"{there} porte déjà une pièce {colours[seat]} : une pièce n'entre jamais sur une case de sa "
                       "couleur (TR-15)")
        if target and LEVEL[target] > level:
            return say(f"a level-{level} piece may not attack a level-{LEVEL[target]} piece (TR-13)",
                       f"une pièce de niveau {level} ne peut pas attaquer une pièce de niveau {LEVEL[target]} (TR-13)")
        if dst == board.tri:
            held = bis_held(state, seat)
            return say(f"a piece may enter the tri-cell only while its colour holds at least 2 bi-cells; "
                       f"{colours[seat]} holds {held} (TR-17)",
                       f"une pièce n'entre sur la tri-case que si sa couleur tient au moins 2 bi-cases ; "
                       f"{colours[seat]} en tient {held} (TR-17)")
        if board.is_bi(dst):
            count = len(pieces_of(state, seat))
            return say(f"a piece may enter a bi-cell only while its colour has at least 4 pieces on the board; "
                       f"{colours[seat]} has {count} (TR-16)",
                       f"une pièce n'entre sur une bi-case que si sa couleur a au moins 4 pièces sur le plateau ; "
                       f"{colours[seat]} en a {count} (TR-16)")
        return say("it is not a legal move here", "ce déplacement n'est pas permis ici")

    def _why_not_place(self, state: TriceState, level: int, free: bool, say: Callable[[str, str], str], fr: bool) -> str:
        if not 1 <= level <= MAX_LEVEL:
            return say("a piece has level 1, 2 or 3 (TR-01)", "une pièce est de niveau 1, 2 ou 3 (TR-01)")
        seat = state.seat
        colours = COLOURS_FR if fr else COLOURS
        eye = state.board.eyes[seat]
        occupant = state.cells[eye]
        name = state.board.names[eye]
        points = state.points
        if occupant and OWNER[occupant] == seat:
            return say(f"your eye cell {name} already holds your own piece: move it away first (TR-10, TR-15)",
                       f"votre case œil {name} porte déjà une de vos pièces : déplacez-la d'abord (TR-10, TR-15)")
        if state.reserve[seat] < level:
            reserve = state.reserve[seat]
            return say(f"{colours[seat]} has only {reserve} pyramids in reserve: all 20 cannot be on the board at once "
                       "(TR-01)",
                       f"{colours[seat]} n'a plus que {reserve} pyramides en réserve : les 20 ne peuvent pas être "
                       "toutes sur le plateau (TR-01)")
        if occupant and LEVEL[occupant] > level:
            owner, other = colours[OWNER[occupant]], LEVEL[occupant]
            return say(f"{owner}'s level-{other} piece stands on your eye cell: a placement there is an attack, and a "
                       f"level-{level} piece may not attack it (TR-19, TR-13)",
                       f"la pièce de niveau {other} de {owner} est sur votre case œil : y poser est une attaque, et une "
                       f"pièce de niveau {level} ne peut pas l'attaquer (TR-19, TR-13)")
        if free and state.free_used:
            return say("the free placement has already been used this turn (TR-09)",
                       "la pose gratuite a déjà servi ce tour-ci (TR-09)")
        if not free and level > points:
            return say(f"placing a level-{level} piece costs {level} point{'s' if level > 1 else ''} and "
                       f"{_points_left(points, False)} (TR-08)",
                       f"poser une pièce de niveau {level} coûte {level} point{'s' if level > 1 else ''} et "
                       f"{_points_left(points, True)} (TR-08)")
        return say("it is not a legal placement here", "cette pose n'est pas permise ici")

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
        """How the log names a cell: "the moon cell c1", "Green's eye cell d1"...

        >>> game = Trice(); state = game.new(3)
        >>> game.cell_words(state, state.board.tri), game.cell_words(state, state.board.tri, "fr")
        ('the tri-cell c3', 'la tri-case c3')
        """
        board = state.board
        name = board.names[cell]
        syms = board.symbols[cell]
        fr = lang == "fr"
        words = SYMBOLS_FR if fr else SYMBOLS
        colours = COLOURS_FR if fr else COLOURS
        if len(syms) == 3:
            return f"la tri-case {name}" if fr else f"the tri-cell {name}"
        if len(syms) == 2:
            pair = f"{words[syms[0]]}-{words[syms[1]]}"
            return f"la bi-case {pair} {name}" if fr else f"the {pair} bi-cell {name}"
        if syms:
            return f"la case {words[syms[0]]} {name}" if fr else f"the {words[syms[0]]} cell {name}"
        if board.peace[cell]:
            return f"la case de paix {name}" if fr else f"the peace cell {name}"
        if board.eye_of[cell] >= 0:
            owner = colours[board.eye_of[cell]]
            return f"la case œil de {owner} {name}" if fr else f"{owner}'s eye cell {name}"
        return f"la case {name}" if fr else f"cell {name}"

    def _fight_words(self, state: TriceState, attacker: int, target: int, lang: str = "en") -> str:
        defender = state.cells[target]
        if not defender:
            return ""
        a, d = LEVEL[attacker], LEVEL[defender]
        if lang == "fr":
            whose = f"la pièce de niveau {d} de {COLOURS_FR[OWNER[defender]]}"
            if a > d:
                return f" et élimine {whose}"
            if a == 1:
                return f" et attaque {whose} : les deux sont éliminées"
            return f" et élimine {whose}, en descendant au niveau {a - 1}"
        whose = f"{COLOURS[OWNER[defender]]}'s level-{d} piece"
        if a > d:
            return f" and eliminates {whose}"
        if a == 1:
            return f" and attacks {whose}: both are eliminated"
        return f" and eliminates {whose}, dropping to level {a - 1}"

    def describe(self, state: TriceState, action: Action, lang: str = "en") -> str:
        """One sentence for the log, in English or French.

        >>> game = Trice(); state = game.apply(game.new(3), (6, 0, 0))
        >>> roll = game.parse_action("roll 1 3 4")
        >>> game.describe(state, roll), game.describe(state, roll, "fr")
        ('Red rolls 1, 3 and 4: 8 points.', 'Rouge lance 1, 3 et 4 : 8 points.')
        """
        fr = lang == "fr"

        def say(english: str, french: str) -> str:
            return french if fr else english

        colours = COLOURS_FR if fr else COLOURS
        kind, a, b = action
        if kind == FIRST:
            return say(f"The dice choose {colours[a]} to start.", f"Les dés désignent {colours[a]} pour commencer.")
        who = colours[state.seat] if state.seat >= 0 else say("Nobody", "Personne")
        if kind == ROLL:
            d = dice_of(a)
            return say(f"{who} rolls {d[0]}, {d[1]} and {d[2]}: {sum(d)} points.",
                       f"{who} lance {d[0]}, {d[1]} et {d[2]} : {sum(d)} points.")
        if kind == END:
            sym = winning_symbol(state, state.seat)
            if sym is not None:
                return say(f"{who} ends the turn holding all five {SYMBOLS[sym]} cells and wins.",
                           f"{who} finit son tour en tenant les cinq cases {SYMBOL_OF_FR[sym]} et gagne.")
            if state.turn + 1 >= state.turn_limit:
                return say(f"{who} ends the turn; the turn limit is reached and the game is a draw.",
                           f"{who} finit son tour ; la limite de tours est atteinte : partie nulle.")
            return say(f"{who} ends the turn.", f"{who} finit son tour.")
        if kind == DONE:
            return say(f"{who} ends the nuclear option.", f"{who} met fin à l'option nucléaire.")
        if kind == NUKE:
            code = state.cells[a]
            owner = colours[OWNER[code]]
            own = OWNER[code] == state.seat
            cell = self.cell_words(state, a, lang)
            whose = "its own" if own else f"{owner}'s"
            return say(f"{who} uses the nuclear option on {whose} level-{LEVEL[code]} piece on {cell}.",
                       f"{who} utilise l'option nucléaire sur {'sa propre pièce' if own else f'la pièce de {owner}'} "
                       f"de niveau {LEVEL[code]}, sur {cell}.")
        if kind == MOVE:
            code = state.cells[a]
            here, there = self.cell_words(state, a, lang), self.cell_words(state, b, lang)
            fight = self._fight_words(state, code, b, lang)
            return say(f"{who} moves a level-{LEVEL[code]} piece from {here} to {there}{fight}.",
                       f"{who} déplace une pièce de niveau {LEVEL[code]} de {here} à {there}{fight}.")
        if kind == PLACE:
            fight = self._fight_words(state, piece(state.seat, a), state.board.eyes[state.seat], lang)
            how = say("for free" if b else f"for {a} point{'s' if a > 1 else ''}",
                      "gratuitement" if b else f"pour {a} point{'s' if a > 1 else ''}")
            if state.phase in (NUCLEAR, ROLLING):
                how += say(" before the roll", " avant le lancer")
            return say(f"{who} places a level-{a} piece on its eye cell {how}{fight}.",
                       f"{who} pose une pièce de niveau {a} sur sa case œil {how}{fight}.")
        return say(f"{who} plays {self._action_text(action)}.", f"{who} joue {self._action_text(action)}.")

    # -- text and JSON ---------------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        kind, a, b = action
        names = LAYOUTS[DEFAULT_LAYOUT].names  # every layout shares the grid's names
        if kind == MOVE:
            return f"move {names[a]} {names[b]}"
        if kind == PLACE:
            return f"place {a} free" if b else f"place {a}"
        if kind == END:
            return "end"
        if kind == NUKE:
            return f"nuke {names[a]}"
        if kind == DONE:
            return "done"
        if kind == ROLL:
            return "roll " + " ".join(str(d) for d in dice_of(a))
        if kind == FIRST:
            return f"first {COLOURS[a].lower()}"
        raise ValueError(f"not a Trice action: {action!r}")

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidAction(shorten(text), "an action is a line of text")
        words = text.split()
        index = LAYOUTS[DEFAULT_LAYOUT].index
        colours = [c.lower() for c in COLOURS]
        try:
            verb = words[0]
            if verb == "end" and len(words) == 1:
                return END_ACTION
            if verb == "done" and len(words) == 1:
                return DONE_ACTION
            if verb == "move" and len(words) == 3:
                return (MOVE, index[words[1]], index[words[2]])
            if verb == "nuke" and len(words) == 2:
                return (NUKE, index[words[1]], 0)
            if verb == "place" and len(words) in (2, 3) and words[1] in ("1", "2", "3"):
                if len(words) == 3 and words[2] != "free":
                    raise ValueError
                return (PLACE, int(words[1]), int(len(words) == 3))
            if verb == "roll" and len(words) == 4:
                dice = tuple(sorted(int(w) for w in words[1:]))
                if all(1 <= d <= DIE_FACES for d in dice):
                    return (ROLL, _dice_code(dice), 0)
            if verb == "first" and len(words) == 2:
                return (FIRST, colours.index(words[1]), 0)
        except (IndexError, KeyError, ValueError):
            pass
        raise InvalidAction(text, "Trice actions are 'move b2 b1', 'place 1'..'place 3' (add 'free' for the "
                                       "free placement), 'end', 'nuke c2', 'done', 'roll 1 3 4' and 'first red'")

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

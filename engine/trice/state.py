"""Trice's pieces, dice, phases and the state of a game, with the queries the rules, the words and the bots share.

Data and pure functions only: the actions (:mod:`engine.trice.actions`),
the rules (:mod:`engine.trice.rules`), their words (:mod:`engine.trice.words`)
and the bots (:mod:`engine.trice.ai`) all read this module, and it reads none
of them.

>>> piece(1, 3), OWNER[piece(1, 3)], LEVEL[piece(1, 3)]
(6, 1, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.trice.layout import LAYOUTS, Board

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

# phases
START, NUCLEAR, ROLLING, PLAYING, OVER = range(5)
DRAW = 3  # the ``winner`` of a game stopped by the turn limit


def piece(owner: int, level: int) -> int:
    """A cell's content: 0 is empty, else ``owner * 3 + level`` (1..9)."""
    return owner * MAX_LEVEL + level


#: owner and level of each cell code (index 0: the empty cell)
OWNER = (-1,) + tuple((code - 1) // MAX_LEVEL for code in range(1, 10))
LEVEL = (0,) + tuple((code - 1) % MAX_LEVEL + 1 for code in range(1, 10))


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

    >>> from engine.trice.rules import Trice
    >>> game = Trice()
    >>> s = game.apply(game.apply(game.new(3), game.parse_action("first green")), game.parse_action("roll 1 1 1"))
    >>> position(game.apply(s, game.parse_action("place 2 free")))
    {'d1': 'G2'}
    """
    names = state.board.names
    return {names[c]: f"{LETTERS[OWNER[code]]}{LEVEL[code]}" for c, code in enumerate(state.cells) if code}

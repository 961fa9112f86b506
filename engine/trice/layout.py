"""The Trice board as data: a triangle of 16 triangular cells, and its layouts.

The geometry is a triangular grid of side :data:`SIDE`: row ``r`` (0 at the
top) holds ``2r + 1`` cells, the even columns pointing up and the odd ones
pointing down.  Cells are named by row letter and 1-based column, ``a1`` at
the top corner, ``d1`` and ``d7`` at the bottom corners, ``c3`` in the centre.

A *layout* (which cell carries which symbol, peace mark or eye) is a table
from cell names to marks, checked against TR-03 when it is built, so a
variant board is just another table in :data:`LAYOUT_TABLES`.

>>> board = layout()
>>> board.names[board.tri], [board.names[c] for c in board.eyes]
('c3', ['a1', 'd1', 'd7'])
>>> [board.names[n] for n in board.neighbours[board.tri]]
['c2', 'c4', 'd4']
>>> sorted(board.names[c] for c in board.symbol_cells[SUN])
['b3', 'c2', 'c3', 'c4', 'd2']
"""

from __future__ import annotations

from dataclasses import dataclass

SIDE = 4
ROW_LETTERS = "abcd"

SUN, MOON, STAR = 0, 1, 2
SYMBOLS = ("sun", "moon", "star")
SYMBOLS_FR = ("soleil", "lune", "étoile")


# -- geometry of the triangular grid -------------------------------------------


def grid() -> tuple[tuple[int, int], ...]:
    """Every cell as (row, column), row by row.

    >>> len(grid()), grid()[:4]
    (16, ((0, 0), (1, 0), (1, 1), (1, 2)))
    """
    return tuple((r, c) for r in range(SIDE) for c in range(2 * r + 1))


def cell_name(row: int, col: int) -> str:
    """``(2, 2)`` is ``c3``.

    >>> cell_name(2, 2)
    'c3'
    """
    return f"{ROW_LETTERS[row]}{col + 1}"


def points_up(row: int, col: int) -> bool:
    """Even columns point up, odd columns point down."""
    return col % 2 == 0


def grid_neighbours(row: int, col: int) -> tuple[tuple[int, int], ...]:
    """The cells sharing a side with (row, col) (TR-14: at most 3).

    >>> grid_neighbours(2, 2)
    ((2, 1), (2, 3), (3, 3))
    >>> grid_neighbours(0, 0)
    ((1, 1),)
    """
    candidates = [(row, col - 1), (row, col + 1)]
    # an up triangle's third side is its base (row below); a down one's is its top
    candidates.append((row + 1, col + 1) if points_up(row, col) else (row - 1, col - 1))
    return tuple((r, c) for r, c in candidates if 0 <= r < SIDE and 0 <= c <= 2 * r)


def to_bary(row: int, col: int) -> tuple[int, int, int]:
    """Barycentric coordinates (x, y, z): up cells sum to SIDE-1, down ones to SIDE-2."""
    k = col // 2
    if points_up(row, col):
        return (k, row - k, SIDE - 1 - row)
    return (k, row - 1 - k, SIDE - 1 - row)


def from_bary(x: int, y: int, z: int) -> tuple[int, int]:
    row = SIDE - 1 - z
    return (row, 2 * x if x + y + z == SIDE - 1 else 2 * x + 1)


def rotate(row: int, col: int) -> tuple[int, int]:
    """The cell a 120° turn of the board carries (row, col) to.

    It takes the top corner to the bottom-left one, that one to the
    bottom-right one, and leaves the centre where it is.

    >>> rotate(0, 0), rotate(3, 0), rotate(3, 6), rotate(2, 2)
    ((3, 0), (3, 6), (0, 0), (2, 2))
    """
    x, y, z = to_bary(row, col)
    return from_bary(y, z, x)


def cell_centre(row: int, col: int, size: float = 1.0) -> tuple[float, float]:
    """Centroid of a cell in drawing units (y downward), top corner at (0, 0)."""
    h = size * 3**0.5 / 2
    x = (col - row) * size / 2
    y = row * h + (2 * h / 3 if points_up(row, col) else h / 3)
    return (x, y)


def cell_corners(row: int, col: int, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The three corners of a cell in drawing units (y downward)."""
    h = size * 3**0.5 / 2
    x0 = (col - row) * size / 2  # horizontal centre of the cell
    top, bottom = row * h, (row + 1) * h
    if points_up(row, col):
        return ((x0, top), (x0 + size / 2, bottom), (x0 - size / 2, bottom))
    return ((x0 - size / 2, top), (x0 + size / 2, top), (x0, bottom))


# -- layouts -----------------------------------------------------------------------

#: Marks: "tri", a symbol ("sun"), a bi-cell ("sun+moon"), "peace", "eye0".."eye2".
#: Every layout is 3-fold symmetric: a 120° turn carries seat k's eye to seat
#: k+1's and every symbol to the next one (sun -> moon -> star), so no seat is
#: favoured by the board; only the order of play can be.  The three orbits of
#: plain cells are the gates (b2, d2, d6: the only exit of each eye) and the
#: edge cells on either side of them (b1, d3, c5 and b3, c1, d5).  Share of
#: games won by the player who moves first, heuristic self-play (fair: 1/3):
LAYOUT_TABLES: dict[str, dict[str, str]] = {
    # default, 0.43 over 800 games: peace on b1/d3/c5; each colour's own
    # symbol on the edge cell beside its gate and on the next colour's gate
    "peace-b1": {
        "a1": "eye0", "d1": "eye1", "d7": "eye2",
        "c3": "tri", "c2": "sun+moon", "d4": "moon+star", "c4": "star+sun",
        "b1": "peace", "d3": "peace", "c5": "peace",
        "b2": "star", "d2": "sun", "d6": "moon",
        "b3": "sun", "c1": "moon", "d5": "star",
    },
    # 0.44 over 800 games: peace on the gates, own symbols far from home
    "peace-b2": {
        "a1": "eye0", "d1": "eye1", "d7": "eye2",
        "c3": "tri", "c2": "sun+moon", "d4": "moon+star", "c4": "star+sun",
        "b2": "peace", "d2": "peace", "d6": "peace",
        "b1": "star", "d3": "sun", "c5": "moon",
        "b3": "moon", "c1": "star", "d5": "sun",
    },
    # 0.45 over 400 games: peace on b3/c1/d5
    "peace-b3": {
        "a1": "eye0", "d1": "eye1", "d7": "eye2",
        "c3": "tri", "c2": "sun+moon", "d4": "moon+star", "c4": "star+sun",
        "b3": "peace", "c1": "peace", "d5": "peace",
        "b2": "star", "d2": "sun", "d6": "moon",
        "b1": "sun", "d3": "moon", "c5": "star",
    },
    # 0.56 over 600 games: peace on the gates, both own-symbol cells beside
    # the gate: a quick race that the first player wins too often
    "home-symbols": {
        "a1": "eye0", "d1": "eye1", "d7": "eye2",
        "c3": "tri", "c2": "sun+moon", "d4": "moon+star", "c4": "star+sun",
        "b2": "peace", "d2": "peace", "d6": "peace",
        "b1": "sun", "d3": "moon", "c5": "star",
        "b3": "sun", "c1": "moon", "d5": "star",
    },
}

DEFAULT_LAYOUT = "peace-b1"


@dataclass(frozen=True, slots=True)
class Board:
    """One layout: per-cell tuples indexed by cell number (0..15, row by row)."""

    name: str
    coords: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    symbols: tuple[tuple[int, ...], ...]  # symbols on each cell (0 to 3 of them)
    peace: tuple[bool, ...]
    eye_of: tuple[int, ...]  # the seat whose eye the cell is, else -1
    eyes: tuple[int, ...]  # the eye cell of each seat
    tri: int
    bis: tuple[int, ...]
    symbol_cells: tuple[tuple[int, ...], ...]  # the 5 cells of each symbol
    index: dict[str, int]

    def is_bi(self, cell: int) -> bool:
        return len(self.symbols[cell]) == 2


class LayoutError(ValueError):
    """A layout table that breaks the board's rules (e.g. TR-03)."""


def build_layout(name: str, table: dict[str, str]) -> Board:
    """Check a layout table and turn it into a :class:`Board`.

    >>> build_layout("bad", {"a1": "sun"})
    Traceback (most recent call last):
    ...
    engine.trice.layout.LayoutError: layout 'bad' misses cells b1, b2, b3, c1, c2, ...
    """
    coords = grid()
    names = tuple(cell_name(r, c) for r, c in coords)
    missing = [n for n in names if n not in table]
    if missing:
        raise LayoutError(f"layout {name!r} misses cells {', '.join(missing[:5])}, ...")
    index = {n: i for i, n in enumerate(names)}
    neighbours = tuple(tuple(index[cell_name(r, c)] for r, c in grid_neighbours(*rc)) for rc in coords)
    symbols: list[tuple[int, ...]] = []
    peace: list[bool] = []
    eye_of: list[int] = []
    for n in names:
        mark = table[n]
        if mark == "tri":
            symbols.append((SUN, MOON, STAR))
        elif all(part in SYMBOLS for part in mark.split("+")):
            symbols.append(tuple(sorted(SYMBOLS.index(p) for p in mark.split("+"))))
        else:
            symbols.append(())
        peace.append(mark == "peace")
        eye_of.append(int(mark[3:]) if mark.startswith("eye") else -1)
    tris = [i for i, s in enumerate(symbols) if len(s) == 3]
    bis = tuple(i for i, s in enumerate(symbols) if len(s) == 2)
    symbol_cells = tuple(tuple(i for i, s in enumerate(symbols) if sym in s) for sym in range(3))
    for sym, cells in enumerate(symbol_cells):
        kinds = sorted(len(symbols[c]) for c in cells)
        if kinds != [1, 1, 2, 2, 3]:  # TR-03
            raise LayoutError(f"layout {name!r}: the {SYMBOLS[sym]} must be on 2 single cells, 2 bi-cells "
                              f"and the tri-cell (TR-03)")
    eyes = tuple(eye_of.index(seat) for seat in range(3))
    return Board(name, coords, names, neighbours, tuple(symbols), tuple(peace), tuple(eye_of), eyes,
                 tris[0], bis, symbol_cells, index)


LAYOUTS: dict[str, Board] = {name: build_layout(name, table) for name, table in LAYOUT_TABLES.items()}


def layout(name: str = DEFAULT_LAYOUT) -> Board:
    """The board called ``name`` (KeyError if unknown)."""
    return LAYOUTS[name]

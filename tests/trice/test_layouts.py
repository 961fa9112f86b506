"""The board tables (engine/trice/layout.py): geometry (TR-14), symbols (TR-03), 3-fold symmetry, eyes."""

from __future__ import annotations

import pytest

from engine.trice.layout import (
    DEFAULT_LAYOUT,
    LAYOUT_TABLES,
    LAYOUTS,
    SUN,
    SYMBOLS,
    LayoutError,
    build_layout,
    cell_name,
    grid,
    layout,
    rotate,
)

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_TR03_each_symbol_on_two_single_two_bi_and_the_tri_cell(name: str) -> None:
    board = layout(name)
    for sym in range(3):
        cells = board.symbol_cells[sym]
        assert len(cells) == 5
        kinds = sorted(len(board.symbols[c]) for c in cells)
        assert kinds == [1, 1, 2, 2, 3], SYMBOLS[sym]
    assert len(board.bis) == 3
    assert board.symbols[board.tri] == (0, 1, 2)


def test_TR03_a_layout_breaking_the_symbol_count_is_refused() -> None:
    table = dict(LAYOUT_TABLES[DEFAULT_LAYOUT])
    table["b1"] = "sun"  # a third single sun cell
    with pytest.raises(LayoutError, match="2 single cells, 2 bi-cells"):
        build_layout("broken", table)


def test_TR14_cells_share_sides_with_at_most_three_neighbours() -> None:
    board = layout()
    assert len(board.names) == 16
    for cell, around in enumerate(board.neighbours):
        assert 1 <= len(around) <= 3
        for other in around:
            assert cell in board.neighbours[other]  # sharing a side is mutual
    names = board.names
    assert sorted(names[n] for n in board.neighbours[board.index["c3"]]) == ["c2", "c4", "d4"]
    assert [names[n] for n in board.neighbours[board.index["a1"]]] == ["b2"]
    assert sorted(names[n] for n in board.neighbours[board.index["b2"]]) == ["a1", "b1", "b3"]


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_layout_is_three_fold_symmetric(name: str) -> None:
    """A 120° turn maps each eye to the next seat's and each symbol to the next one."""
    board = layout(name)
    for cell, (r, c) in enumerate(grid()):
        image = board.index[cell_name(*rotate(r, c))]
        assert board.peace[image] == board.peace[cell]
        assert tuple(sorted((s + 1) % 3 for s in board.symbols[cell])) == board.symbols[image]
        if board.eye_of[cell] >= 0:
            assert board.eye_of[image] == (board.eye_of[cell] + 1) % 3


def test_default_layout_orbits() -> None:
    board = layout()
    names = board.names
    assert [names[c] for c in board.eyes] == ["a1", "d1", "d7"]
    assert sorted(names[c] for c in board.bis) == ["c2", "c4", "d4"]
    assert sorted(names[c] for c, p in enumerate(board.peace) if p) == ["b1", "c5", "d3"]
    assert sorted(names[c] for c in board.symbol_cells[SUN]) == ["b3", "c2", "c3", "c4", "d2"]

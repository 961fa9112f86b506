"""Trice's board by keyboard: from a playable cell the arrow keys lead to the next playable cell that way
(issue 37 point 7; the neighbours from ui/draw/arrow_keys.py, the checks from tests/arrow_keys_check.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.trice.layout import cell_centre
from engine.trice.rules import TriceState, setup
from tests.arrow_keys_check import check_arrow_keys
from tests.trice.helpers import GAME, VIEW, named_ctx, parse_svg, played_positions
from ui.games.trice.board import render_board
from ui.games.trice.cells import SIZE

pytestmark = pytest.mark.view

EMPTY = setup({}, 0, dice=(1, 2, 3))
ALL_CELLS = EMPTY.board.names


def places(state: TriceState, root: ET.Element, uid: str = "trice") -> dict[str, tuple[float, float]]:
    """Each target's centre by its id: the centre of the cell the id names."""
    board = state.board
    prefix = f"{uid}-at-"
    found = [el.get("id") or "" for el in root.iter() if el.get("tabindex") == "0"]
    assert all(key.startswith(prefix) for key in found), found
    return {key: cell_centre(*board.coords[board.index[key.removeprefix(prefix)]], SIZE) for key in found}


def arrows(state: TriceState, svg: str) -> dict[str, dict[str, str]]:
    """The checked table of the live board ``svg``, by cell name."""
    root = parse_svg(svg)
    table = check_arrow_keys(root, places(state, root))
    return {key.removeprefix("trice-at-"): {way: to.removeprefix("trice-at-") for way, to in ways.items()}
            for key, ways in table.items()}


def test_on_the_whole_board_the_keys_follow_the_rows_and_the_cells_beneath() -> None:
    table = arrows(EMPTY, render_board(EMPTY, selectable=ALL_CELLS))
    assert table["a1"] == {"down": "b2"}  # the top cell: the one under its base
    assert table["b1"] == {"up": "a1", "down": "c2", "right": "b2"}
    assert table["b2"] == {"up": "a1", "down": "c3", "left": "b1", "right": "b3"}  # along its row
    assert table["c3"] == {"up": "b2", "down": "d4", "left": "c2", "right": "c4"}
    assert table["d7"] == {"up": "c5", "left": "d6"}  # the bottom right corner


def test_the_keys_go_only_between_the_cells_that_can_be_played() -> None:
    # b1 and c5 only: the one lies up and left of the other, and nothing else is a target
    table = arrows(EMPTY, render_board(EMPTY, selectable=("b1", "c5")))
    assert table == {"b1": {"right": "c5"}, "c5": {"left": "b1"}}
    root = parse_svg(render_board(EMPTY, selectable=("b1", "c5")))
    hit = next(el for el in root.iter() if el.get("id") == "trice-at-b1")
    # the accessible name and the button stay as they were
    assert hit.get("role") == "button" and hit.get("aria-label") == "select b1, peace cell"
    assert hit.get("data-act") == "select b1"


@settings(max_examples=300, deadline=None)
@given(st.sets(st.sampled_from(ALL_CELLS), min_size=1))
def test_any_set_of_playable_cells_is_walked_whole(cells: set[str]) -> None:
    arrows(EMPTY, render_board(EMPTY, selectable=tuple(sorted(cells))))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_position_of_a_game_and_every_chosen_piece(seed: int) -> None:
    """The page's own board, as the person to play sees it: the pieces to choose, then a piece's destinations."""
    for state in played_positions(seed, turns=8):
        if GAME.is_terminal(state):
            continue
        context = named_ctx(seat=state.seat)
        arrows(state, VIEW.regions(GAME, state, None, context)["board"])
        for chosen in sorted(VIEW.movable(GAME, state)):
            table = arrows(state, VIEW.regions(GAME, state, chosen, context)["board"])
            assert chosen in table  # the chosen piece (Enter again lets it go) is among the targets


def test_pictures_carry_no_arrow_keys() -> None:
    """A rules page's figure has no targets: nothing for a key to lead to, no id to clash with the board's."""
    svg = render_board(EMPTY, selectable=ALL_CELLS, interactive=False, uid="trice-en-figure")
    assert "data-nav-" not in svg and "-at-" not in svg

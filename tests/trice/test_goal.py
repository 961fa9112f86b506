"""Bi/tri entry (TR-16, TR-17), the nuclear option (TR-18), the goal (TR-02), pyramids (TR-01)."""

from __future__ import annotations

import pytest

from engine.trice.rules import NUCLEAR, OVER, PLAYING, ROLLING, nuclear_allowance, position, setup
from tests.trice.helpers import GAME, legal, refused

pytestmark = pytest.mark.unit


def act(state, action: str):
    return GAME.apply(state, GAME.parse_action(action))


def test_TR16_bi_cell_needs_four_pieces_on_the_board() -> None:
    three = setup({"b1": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    assert "move b1 c2" not in legal(three)
    refused(three, "move b1 c2", "at least 4 pieces on the board", "has 3", "TR-16")
    four = setup({"b1": "R1", "b2": "R1", "a1": "R1", "d2": "R1"}, 0, dice=(2, 2, 2))
    after = act(four, "move b1 c2")
    assert position(after) == {"c2": "R1", "b2": "R1", "a1": "R1", "d2": "R1"}
    # a piece lost in a fight counts: after a 1-against-1 attack only 3 remain
    fight = setup({"b1": "R1", "b3": "R1", "b2": "R1", "a1": "R1", "c4": "G1"}, 0, dice=(2, 2, 2))
    fight = act(fight, "move b3 c4")
    assert position(fight) == {"b1": "R1", "b2": "R1", "a1": "R1"}
    refused(fight, "move b1 c2", "has 3", "TR-16")


def test_TR17_tri_cell_needs_two_bi_cells_held() -> None:
    one = setup({"c2": "R1", "b1": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    refused(one, "move c2 c3", "at least 2 bi-cells", "holds 1", "TR-17")
    two = setup({"c2": "R1", "c4": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    after = act(two, "move c2 c3")  # counted before the move: the mover's own bi-cell counts
    assert position(after) == {"c3": "R1", "c4": "R1", "b2": "R1", "a1": "R1"}


def test_TR18_nuclear_option_allowance_by_cells_held() -> None:
    assert nuclear_allowance(setup({"c3": "R1"}, 1), 0) == 1
    assert nuclear_allowance(setup({"c3": "R1", "c2": "R1"}, 1), 0) == 2
    assert nuclear_allowance(setup({"c3": "R1", "c2": "R1", "c4": "R1"}, 1), 0) == 3
    assert nuclear_allowance(setup({"c3": "R1", "c2": "R1", "c4": "R1", "d4": "R2"}, 1), 0) == 3
    assert nuclear_allowance(setup({"c2": "R1", "c4": "R1"}, 1), 0) == 0


def test_TR18_nuclear_step_before_the_roll_with_peace_immunity() -> None:
    """Red holds the tri-cell and two bi-cells at the start of its turn: 3 removals."""
    start = setup({"c3": "R2", "c2": "R1", "c4": "R1", "d4": "G3", "b1": "G2", "d2": "B1", "d5": "G1"}, 0)
    assert start.phase == NUCLEAR and start.nukes == 3 and GAME.current_player(start) == 0
    assert "nuke b1" not in legal(start)  # b1 is a peace cell
    refused(start, "nuke b1", "peace symbol", "TR-18")
    refused(start, "roll 1 1 1", "nuclear option comes first", "TR-18")
    refused(start, "move c2 b1", "nuclear option comes first")
    refused(start, "nuke b3", "b3 is empty")
    s = act(start, "nuke d4")
    assert position(s) == {"c3": "R2", "c2": "R1", "c4": "R1", "b1": "G2", "d2": "B1", "d5": "G1"}
    assert s.nukes == 2 and s.reserve == (16, 17, 19)
    s = act(s, "nuke c2")  # its own piece may go too
    assert position(s) == {"c3": "R2", "c4": "R1", "b1": "G2", "d2": "B1", "d5": "G1"}
    assert s.nukes == 1 and s.reserve == (17, 17, 19)
    s = act(s, "nuke d2")
    assert position(s) == {"c3": "R2", "c4": "R1", "b1": "G2", "d5": "G1"}
    assert s.phase == ROLLING and s.nukes == 0 and s.reserve == (17, 17, 20)
    s = act(s, "roll 1 2 3")
    assert s.phase == PLAYING and s.points == 6
    refused(s, "nuke d5", "at the start of the turn", "TR-18")


def test_TR18_done_ends_the_nuclear_step_early_and_others_have_none() -> None:
    start = setup({"c3": "R1", "b1": "G1"}, 0)
    assert start.nukes == 1
    s = act(start, "done")
    assert s.phase == ROLLING and position(s) == {"c3": "R1", "b1": "G1"}
    green = setup({"c3": "R1", "b1": "G1"}, 1)
    assert green.phase == ROLLING
    refused(act(green, "roll 1 1 1"), "nuke c3", "holds no nuclear option", "TR-18")


def test_TR02_all_five_cells_of_a_symbol_at_the_end_of_own_turn_wins() -> None:
    sun = {"d2": "R1", "b3": "R1", "c2": "R1", "c4": "R1", "d4": "R2", "b2": "R1"}
    s = setup(sun, 0, dice=(1, 1, 1))
    s = act(s, "move d4 c3")
    assert position(s) == {"d2": "R1", "b3": "R1", "c2": "R1", "c4": "R1", "c3": "R2", "b2": "R1"}
    assert s.phase == PLAYING and GAME.outcome(s) is None  # only checked at the end of the turn
    won = act(s, "end")
    assert won.phase == OVER and GAME.outcome(won).winners == (0,)
    assert GAME.returns(won) == (1.0, 0.0, 0.0)
    assert GAME.describe(s, GAME.parse_action("end")) == "Red ends the turn holding all five sun cells and wins."
    refused(won, "end", "game is over")


def test_TR02_a_full_symbol_counts_only_at_the_end_of_its_owners_turn() -> None:
    moon = {"c1": "G1", "d6": "G1", "c2": "G1", "d4": "G1", "c3": "G1"}
    s = setup(moon, 0, dice=(1, 1, 1))
    s = act(s, "end")  # Red's turn ends: Green's full moon does not count yet
    assert GAME.outcome(s) is None and s.seat == 1 and s.phase == NUCLEAR
    s = act(act(act(s, "done"), "roll 1 1 1"), "end")
    assert GAME.outcome(s).winners == (1,)


def test_TR01_pyramids_are_conserved_and_the_reserve_limits_placements() -> None:
    crowded = {"b1": "R3", "b2": "R3", "b3": "R3", "c1": "R3", "c5": "R3", "d3": "R3", "d5": "R1"}
    s = setup(crowded, 0, dice=(4, 4, 4))
    assert s.reserve[0] == 1
    assert "place 1" in legal(s) and "place 2" not in legal(s)
    refused(s, "place 2 free", "only 1 pyramids in reserve", "TR-01")
    s = act(s, "place 1 free")
    assert s.reserve[0] == 0 and "place 1" not in legal(s)
    # a reduced piece returns one pyramid to its owner
    fight = setup({"b1": "R2", "b2": "R1", "b3": "R1", "a1": "R1", "c2": "G2"}, 0, dice=(4, 4, 4))
    after = act(fight, "move b1 c2")
    assert after.reserve == (16, 20, 20)
    assert position(after)["c2"] == "R1"

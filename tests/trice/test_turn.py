"""A turn from the start: who starts, the roll, costs, placements (TR-04..TR-09, TR-14..TR-17)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import CHANCE
from engine.trice.rules import DICE, PLAYING, ROLLING, START, setup
from tests.trice.helpers import GAME, legal, refused, replay_steps

pytestmark = pytest.mark.unit

#: Red's first turn with 12 points: a record with fixed chance outcomes.
FIRST_TURN = [
    ("first red", {}, 0),
    ("roll 4 4 4", {}, 12),
    ("place 1 free", {"a1": "R1"}, 12),
    ("move a1 b2", {"b2": "R1"}, 11),
    ("move b2 b1", {"b1": "R1"}, 10),
    ("place 1", {"b1": "R1", "a1": "R1"}, 9),
    ("move a1 b2", {"b1": "R1", "b2": "R1"}, 8),
    ("place 2", {"b1": "R1", "b2": "R1", "a1": "R2"}, 6),
    ("move b2 b3", {"b1": "R1", "b3": "R1", "a1": "R2"}, 5),
    ("move a1 b2", {"b1": "R1", "b3": "R1", "b2": "R2"}, 3),
    ("place 1", {"b1": "R1", "b3": "R1", "b2": "R2", "a1": "R1"}, 2),
    ("move b1 c2", {"c2": "R1", "b3": "R1", "b2": "R2", "a1": "R1"}, 1),
    ("move b3 c4", {"c2": "R1", "c4": "R1", "b2": "R2", "a1": "R1"}, 0),
    ("end", {"c2": "R1", "c4": "R1", "b2": "R2", "a1": "R1"}, 0),
]


def test_TR04_board_starts_empty_and_a_chance_step_picks_the_first_player() -> None:
    state = GAME.new(3)
    assert all(code == 0 for code in state.cells)
    assert GAME.current_player(state) == CHANCE and state.phase == START
    outcomes = GAME.chance_outcomes(state)
    assert [GAME.format_action(a) for a, _ in outcomes] == ["first red", "first green", "first blue"]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    after = GAME.apply(state, GAME.parse_action("first green"))
    assert after.seat == 1 and after.phase == ROLLING and GAME.turn_seat(after) == 1
    refused(state, "end", "who starts")


def test_TR05_three_four_sided_dice_make_the_points() -> None:
    """TR-05: the turn opens with three 4-sided dice; their sum is the turn's points."""
    state = GAME.apply(GAME.new(3), GAME.parse_action("first red"))
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 20 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    sums: Counter[int] = Counter()
    for action, p in outcomes:
        sums[sum(action.dice)] += round(p * 64)
    assert sums == Counter({3: 1, 4: 3, 5: 6, 6: 10, 7: 12, 8: 12, 9: 10, 10: 6, 11: 3, 12: 1})
    rolled = GAME.apply(state, GAME.parse_action("roll 3 1 2"))  # any order of the dice
    assert rolled.dice == (1, 2, 3) and rolled.points == 6 and rolled.phase == PLAYING
    assert DICE == 3
    refused(state, "move a1 b2", "dice must be rolled")
    refused(state, "roll 1 2 5", "roll 1 3 4")


def test_TR06_TR07_TR08_TR09_TR14_TR15_TR16_first_turn_record() -> None:
    """Red's first turn, step by step: costs by level, placements, entry rules."""
    states = replay_steps(FIRST_TURN)
    # TR-09: once the free placement is used, it is refused
    refused(states[5], "place 1 free", "free placement has already been used")
    # TR-15: a piece may not enter a cell of its own colour
    refused(states[8], "move a1 b2", "own colour", "TR-15")
    # TR-10/TR-15: no placement on the eye cell while an own piece stands there
    refused(states[8], "place 1", "already holds your own piece")
    # TR-16: only 3 pieces on the board, the bi-cell is closed
    refused(states[8], "move b1 c2", "at least 4 pieces", "has 3", "TR-16")
    # TR-14: a piece moves to a neighbour only
    refused(states[8], "move b2 c2", "does not share a side", "TR-14")
    # TR-17: one bi-cell held, the tri-cell is closed
    refused(states[12], "move c2 c3", "at least 2 bi-cells", "holds 1", "TR-17")
    # TR-06: a level-2 piece costs 2 points, only 1 is left
    refused(states[12], "move b2 b1", "costs 2 points", "1 point is left", "TR-06")
    # TR-07: points left at the end are lost; the next player rolls afresh
    end = states[-1]
    assert end.seat == 1 and end.phase == ROLLING and end.points == 0


def test_TR06_moving_costs_the_level_per_cell() -> None:
    state = setup({"b1": "R1", "d3": "R2", "b3": "R3"}, 0, dice=(2, 2, 2))
    assert GAME.apply(state, GAME.parse_action("move b1 b2")).points == 5
    assert GAME.apply(state, GAME.parse_action("move d3 d2")).points == 4
    assert GAME.apply(state, GAME.parse_action("move b3 b2")).points == 3
    low = setup({"d3": "R2", "b2": "R3"}, 0, dice=(1, 1, 1), free_used=True)
    after = GAME.apply(low, GAME.parse_action("move d3 d2"))
    assert after.points == 1
    refused(after, "move d2 d1", "moving a level-2 piece costs 2 points", "only 1 point is left", "TR-06")
    refused(after, "move b2 b1", "moving a level-3 piece costs 3 points", "TR-06")
    assert GAME.apply(after, GAME.parse_action("place 1")).points == 0


def test_TR07_several_pieces_several_cells_while_points_last() -> None:
    state = setup({"b1": "R1", "b3": "R1"}, 0, dice=(1, 1, 2))
    for action in ("move b1 b2", "move b2 a1", "move b3 b2"):
        state = GAME.apply(state, GAME.parse_action(action))
    assert state.points == 1
    state = GAME.apply(state, GAME.parse_action("move b2 b3"))
    assert state.points == 0
    assert legal(state) == {"end"}  # nothing but end turn is left


def test_TR08_placement_costs_its_level_at_any_moment() -> None:
    state = setup({}, 0, dice=(1, 2, 4), free_used=True)
    assert {"place 1", "place 2", "place 3"} <= legal(state)
    assert not any(a.endswith("free") for a in legal(state))
    after = GAME.apply(state, GAME.parse_action("place 3"))
    assert after.points == 4 and after.reserve[0] == 17
    after = GAME.apply(GAME.apply(after, GAME.parse_action("move a1 b2")), GAME.parse_action("place 1"))
    assert after.points == 0 and after.reserve[0] == 16
    poor = setup({}, 0, dice=(1, 1, 1), free_used=True)
    spent = GAME.apply(GAME.apply(poor, GAME.parse_action("place 1")), GAME.parse_action("move a1 b2"))
    assert spent.points == 1
    refused(spent, "place 2", "placing a level-2 piece costs 2 points", "only 1 point is left")


def test_TR09_one_free_placement_per_turn_whatever_its_level() -> None:
    state = setup({}, 0, dice=(1, 1, 1))
    after = GAME.apply(state, GAME.parse_action("place 3 free"))
    assert after.points == 3 and after.free_used and after.reserve[0] == 17
    moved = GAME.apply(after, GAME.parse_action("move a1 b2"))
    assert moved.points == 0
    refused(moved, "place 1 free", "free placement has already been used", "TR-09")
    # the next turn brings a new free placement
    nxt = GAME.apply(moved, GAME.parse_action("end"))
    for action in ("roll 1 1 1", "end", "roll 1 1 1", "end", "roll 1 1 1"):
        nxt = GAME.apply(nxt, GAME.parse_action(action))
    assert nxt.seat == 0 and not nxt.free_used and "place 3 free" in legal(nxt)

"""Attacks: TR-10 (one piece a cell), TR-11..13 (fights), TR-15 (own colour), TR-19 (eye attack)."""

from __future__ import annotations

import pytest

from engine.trice.rules import NUCLEAR, position, setup
from tests.trice.helpers import GAME, legal, refused

pytestmark = pytest.mark.unit


def play(state, *steps: tuple[str, dict[str, str], tuple[int, int, int]]):
    """Apply each action and check the exact position and reserves after it."""
    for action, expected, reserve in steps:
        state = GAME.apply(state, GAME.parse_action(action))
        assert position(state) == expected, action
        assert state.reserve == reserve, action
    return state


# Red and Green meet around the sun-moon bi-cell c2 (both have 4 pieces on the board).
ARENA = {"b1": "R3", "b2": "R2", "b3": "R1", "a1": "R1",
         "c1": "G2", "d2": "G1", "d3": "G1", "d1": "G1", "c2": "G1"}


def test_TR11_bigger_attacker_eliminates_defender() -> None:
    state = setup(ARENA, 0, dice=(4, 4, 4))
    assert state.reserve == (13, 14, 20)
    expected = {k: v for k, v in ARENA.items() if k != "b1"}
    expected["c2"] = "R3"
    after = play(state, ("move b1 c2", expected, (13, 15, 20)))
    assert after.points == 9


def test_TR12_equal_levels_defender_out_attacker_loses_a_level() -> None:
    """TR-12: equal levels: the defender is eliminated and the attacker loses one level."""
    state = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
                  0, dice=(4, 4, 4))
    assert state.reserve == (14, 15, 20)
    after = play(state, ("move b1 c2", {"c2": "R1", "b2": "R2", "b3": "R1", "a1": "R1", "c1": "G1", "d2": "G1",
                                        "d1": "G1"}, (15, 17, 20)))
    assert after.points == 10  # the move cost the attacker's level before the fight


def test_TR12_level_one_against_level_one_both_are_eliminated() -> None:
    """TR-12: level 1 against level 1: both pieces are eliminated."""
    state = setup({**ARENA, "b1": "R1", "b3": "R3"}, 0, dice=(4, 4, 4))
    assert state.reserve == (13, 14, 20)
    expected = {"b2": "R2", "b3": "R3", "a1": "R1", "c1": "G2", "d2": "G1", "d3": "G1", "d1": "G1"}
    play(state, ("move b1 c2", expected, (14, 15, 20)))


def test_TR13_smaller_piece_may_not_attack_a_bigger_one() -> None:
    state = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G3", "c1": "G1", "d2": "G1", "d1": "G1"},
                  0, dice=(4, 4, 4))
    assert "move b1 c2" not in legal(state)
    refused(state, "move b1 c2", "a level-2 piece may not attack a level-3 piece (TR-13)")


def test_TR10_TR15_never_two_pieces_on_a_cell_nor_entering_an_own_piece() -> None:
    state = setup(ARENA, 0, dice=(4, 4, 4))
    refused(state, "move b2 b1", "b1 already holds a Red piece", "TR-15")
    refused(state, "move a1 b2", "own colour", "TR-15")
    refused(state, "place 1", "already holds your own piece", "TR-10")
    for action in GAME.legal_actions(state):
        after = GAME.next_state(state, action)
        assert sum(1 for code in after.cells if code) <= sum(1 for code in state.cells if code) + 1


def test_TR19_opponent_on_my_eye_placement_is_an_attack() -> None:
    """Green's level-2 piece stands on Red's eye a1 when Red's turn starts."""
    base = {"a1": "G2", "b2": "G1"}
    state = setup(base, 0, dice=(1, 1, 2))
    assert state.reserve == (20, 17, 20)
    assert "place 1" not in legal(state) and "place 1 free" not in legal(state)
    refused(state, "place 1 free", "stands on your eye cell", "a level-1 piece may not attack it", "TR-19")
    # equal: Green's piece is eliminated and Red's level-2 drops to level 1
    play(state, ("place 2 free", {"a1": "R1", "b2": "G1"}, (19, 19, 20)))
    # bigger: Green's piece is eliminated, Red's level 3 stays whole
    play(state, ("place 3", {"a1": "R3", "b2": "G1"}, (17, 19, 20)))
    # level 1 against level 1: both go back to their owners
    ones = setup({"a1": "G1"}, 0, dice=(1, 1, 2))
    play(ones, ("place 1", {}, (20, 20, 20)))
    assert ones.phase != NUCLEAR

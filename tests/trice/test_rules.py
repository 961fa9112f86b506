"""Trice's rules (engine/trice/rules.py), clause by clause (TR-01..TR-19), scenarios as records, and the one
legality check: ``legal_actions`` equal to the actions it accepts over the whole action space."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, BadOptions
from engine.records import replay
from engine.trice.actions import DONE_ACTION, END_ACTION, PLACE, ROLL_ACTIONS, Action
from engine.trice.ai import HeuristicBot
from engine.trice.layout import LAYOUTS
from engine.trice.rules import (
    DICE,
    DRAW,
    MAX_LEVEL,
    NUCLEAR,
    OVER,
    PLAYING,
    ROLLING,
    START,
    nuclear_allowance,
    position,
    setup,
)
from tests.trice.helpers import GAME, SEATS, legal, play_random, record, refused, replay_steps

pytestmark = pytest.mark.unit


# -- the start and the turn (TR-04..TR-09, TR-14..TR-17) -----------------------------------------------------


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


# -- the placement before the roll (TR-08, TR-09) ------------------------------------------------------------


def texts(actions: list) -> list[str]:
    return [GAME.format_action(a) for a in actions]


def test_TR08_TR09_the_free_placement_may_come_before_the_roll() -> None:
    """TR-08, TR-09: Red places its free piece while the dice wait, then rolls and plays the points."""
    states = replay_steps([
        ("first red", {}, 0),
        ("place 2 free", {"a1": "R2"}, 0),
        ("roll 1 2 3", {"a1": "R2"}, 6),
        ("move a1 b2", {"b2": "R2"}, 4),
        ("place 1", {"b2": "R2", "a1": "R1"}, 3),
        ("end", {"b2": "R2", "a1": "R1"}, 0),
    ])
    waiting = states[1]
    assert texts(GAME.chance_step_actions(waiting)) == ["place 1 free", "place 2 free", "place 3 free"]
    placed = states[2]
    # the dice still wait: the same chance step with the same outcomes, now without the free placement
    assert GAME.current_player(placed) == CHANCE and placed.phase == ROLLING and GAME.turn_seat(placed) == 0
    assert GAME.chance_outcomes(placed) == GAME.chance_outcomes(waiting)
    assert placed.free_used and placed.reserve == (18, 20, 20)
    assert GAME.chance_step_actions(placed) == []
    refused(placed, "place 1 free", "already holds your own piece")
    # after the roll the free placement stays spent; a paid one costs its level
    assert "place 1 free" not in legal(states[3]) and "place 1" not in legal(states[3])  # own piece on the eye
    assert "place 1" in legal(states[4]) and "place 1 free" not in legal(states[4])
    refused(states[4], "place 1 free", "free placement has already been used", "TR-09")
    assert GAME.describe(waiting, GAME.parse_action("place 2 free")) == (
        "Red places a level-2 piece on its eye cell for free before the roll.")
    assert GAME.describe(waiting, GAME.parse_action("place 2 free"), "fr") == (
        "Rouge pose une pièce de niveau 2 sur sa case œil gratuitement avant le lancer.")


def test_TR08_a_paid_placement_waits_for_the_roll() -> None:
    """TR-08: a paid placement needs points, which come from the roll; nothing else comes before it."""
    waiting = replay_steps([("first green", {}, 0)])[1]
    refused(waiting, "place 1", "costs 1 point and", "dice are not rolled yet", "(TR-08, TR-09)")
    refused(waiting, "move d1 d2", "dice must be rolled first", "TR-05")
    refused(waiting, "end", "dice must be rolled first")
    assert "dés ne sont pas encore lancés" in GAME.why_illegal(waiting, GAME.parse_action("place 3"), "fr")
    # a chance step: the outcomes are the rolls only, whoever deals them
    assert sorted(map(repr, GAME.legal_actions(waiting))) == sorted(repr(a) for a, _ in GAME.chance_outcomes(waiting))
    assert all(GAME.is_outcome(waiting, a) for a in GAME.legal_actions(waiting))
    assert not GAME.is_outcome(waiting, GAME.parse_action("place 1 free"))


def test_TR19_a_placement_before_the_roll_attacks_the_opponent_on_the_eye() -> None:
    """TR-19 with TR-09: before the roll too, the placement on an occupied eye is an attack."""
    start = setup({"a1": "G2", "c1": "G1"}, 0)
    assert start.phase == ROLLING and GAME.is_chance(start)
    refused(start, "place 1 free", "level-2 piece stands on your eye cell", "TR-19")
    assert texts(GAME.chance_step_actions(start)) == ["place 2 free", "place 3 free"]
    after = GAME.apply(start, GAME.parse_action("place 2 free"))
    assert position(after) == {"a1": "R1", "c1": "G1"} and after.reserve == (19, 19, 20)
    assert after.phase == ROLLING and after.points == 0


def test_TR08_TR09_TR18_the_free_placement_during_the_nuclear_step() -> None:
    """TR-18 with TR-08/TR-09: the tri-cell holder may place its free piece between removals."""
    start = setup({"c3": "R1", "c2": "R1", "b2": "G2", "d2": "B1"}, 0)
    assert start.phase == NUCLEAR and start.nukes == 2
    assert {"place 1 free", "place 2 free", "place 3 free", "done", "nuke b2"} <= legal(start)
    assert "place 1" not in legal(start)
    refused(start, "place 1", "dice are not rolled yet", "TR-08")
    steps = ["nuke b2", "place 3 free", "nuke d2", "roll 2 2 4"]
    states = [start]
    for text in steps:
        states.append(GAME.apply(states[-1], GAME.parse_action(text)))
    assert position(states[1]) == {"c3": "R1", "c2": "R1", "d2": "B1"} and states[1].phase == NUCLEAR
    assert position(states[2]) == {"c3": "R1", "c2": "R1", "d2": "B1", "a1": "R3"}
    assert states[2].phase == NUCLEAR and states[2].nukes == 1 and states[2].free_used
    assert not {a for a in legal(states[2]) if a.startswith("place")}
    assert position(states[3]) == {"c3": "R1", "c2": "R1", "a1": "R3"} and states[3].phase == ROLLING
    assert GAME.chance_step_actions(states[3]) == []  # the free placement is spent
    assert states[4].phase == PLAYING and states[4].points == 8
    assert not {a for a in legal(states[4]) if a.endswith("free")}
    # the heuristic bot keeps the free placement for after the roll: knowing the points, it is never worse
    assert HeuristicBot(3).choose(GAME, start).kind != PLACE


def test_TR08_records_with_a_placement_before_the_roll_replay_and_older_records_are_unchanged() -> None:
    """Format 2 carries the placement before the roll; a format-1 record replays as it always did."""
    assert GAME.format_version == 2
    actions = ["first blue", "roll 1 1 2", "place 1 free", "end", "roll 2 2 2"]
    old = replay({"game": "trice", "format": 1, "seats": SEATS, "options": {}, "seed": 7, "actions": actions})
    assert old.record.format == 2 and [GAME.format_action(a) for a in old.actions] == actions
    assert position(old.final) == {"d7": "B1"}
    new = replay({"game": "trice", "format": 2, "seats": SEATS, "options": {}, "seed": 7,
                  "actions": ["first blue", "place 3 free", "roll 1 1 2", "end"]})
    assert position(new.final) == {"d7": "B3"} and new.final.seat == 0 and new.final.phase == ROLLING


# -- fights (TR-10..TR-13, TR-15, TR-19) ---------------------------------------------------------------------


def play_checked(state, *steps: tuple[str, dict[str, str], tuple[int, int, int]]):
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
    after = play_checked(state, ("move b1 c2", expected, (13, 15, 20)))
    assert after.points == 9


def test_TR12_equal_levels_defender_out_attacker_loses_a_level() -> None:
    """TR-12: equal levels: the defender is eliminated and the attacker loses one level."""
    state = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
                  0, dice=(4, 4, 4))
    assert state.reserve == (14, 15, 20)
    after = play_checked(state, ("move b1 c2", {"c2": "R1", "b2": "R2", "b3": "R1", "a1": "R1", "c1": "G1", "d2": "G1",
                                        "d1": "G1"}, (15, 17, 20)))
    assert after.points == 10  # the move cost the attacker's level before the fight


def test_TR12_level_one_against_level_one_both_are_eliminated() -> None:
    """TR-12: level 1 against level 1: both pieces are eliminated."""
    state = setup({**ARENA, "b1": "R1", "b3": "R3"}, 0, dice=(4, 4, 4))
    assert state.reserve == (13, 14, 20)
    expected = {"b2": "R2", "b3": "R3", "a1": "R1", "c1": "G2", "d2": "G1", "d3": "G1", "d1": "G1"}
    play_checked(state, ("move b1 c2", expected, (14, 15, 20)))


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
    play_checked(state, ("place 2 free", {"a1": "R1", "b2": "G1"}, (19, 19, 20)))
    # bigger: Green's piece is eliminated, Red's level 3 stays whole
    play_checked(state, ("place 3", {"a1": "R3", "b2": "G1"}, (17, 19, 20)))
    # level 1 against level 1: both go back to their owners
    ones = setup({"a1": "G1"}, 0, dice=(1, 1, 2))
    play_checked(ones, ("place 1", {}, (20, 20, 20)))
    assert ones.phase != NUCLEAR


# -- bi- and tri-cells, the nuclear option, the goal, the pyramids (TR-01, TR-02, TR-16..TR-18) --------------


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


# -- a whole opening as one record ---------------------------------------------------------------------------


X = None  # a cell emptied by the step


STEPS: list[tuple[str, dict[str, str | None], int]] = [
    ("first red", {}, 0),
    # Red's first turn: four pieces, two bi-cells (TR-08, TR-09, TR-16)
    ("roll 4 4 4", {}, 12),
    ("place 1 free", {"a1": "R1"}, 12),
    ("move a1 b2", {"a1": X, "b2": "R1"}, 11),
    ("move b2 b1", {"b2": X, "b1": "R1"}, 10),
    ("place 1", {"a1": "R1"}, 9),
    ("move a1 b2", {"a1": X, "b2": "R1"}, 8),
    ("place 2", {"a1": "R2"}, 6),
    ("move b2 b3", {"b2": X, "b3": "R1"}, 5),
    ("move a1 b2", {"a1": X, "b2": "R2"}, 3),
    ("place 1", {"a1": "R1"}, 2),
    ("move b1 c2", {"b1": X, "c2": "R1"}, 1),
    ("move b3 c4", {"b3": X, "c4": "R1"}, 0),
    ("end", {}, 0),
    # Green's first turn: four pieces round its gate
    ("roll 4 4 4", {}, 12),
    ("place 3 free", {"d1": "G3"}, 12),
    ("move d1 d2", {"d1": X, "d2": "G3"}, 9),
    ("move d2 c1", {"d2": X, "c1": "G3"}, 6),
    ("place 1", {"d1": "G1"}, 5),
    ("move d1 d2", {"d1": X, "d2": "G1"}, 4),
    ("move d2 d3", {"d2": X, "d3": "G1"}, 3),
    ("place 1", {"d1": "G1"}, 2),
    ("move d1 d2", {"d1": X, "d2": "G1"}, 1),
    ("place 1", {"d1": "G1"}, 0),
    ("end", {}, 0),
    # Blue passes
    ("roll 1 1 1", {}, 3),
    ("end", {}, 0),
    # Red's second turn: two bi-cells held, into the tri-cell (TR-17)
    ("roll 1 1 2", {}, 4),
    ("move c2 c3", {"c2": X, "c3": "R1"}, 3),
    ("end", {}, 0),
    # Green's second turn: takes two bi-cells, then the tri-cell by force (TR-11)
    ("roll 4 4 4", {}, 12),
    ("move c1 c2", {"c1": X, "c2": "G3"}, 9),
    ("move d3 d4", {"d3": X, "d4": "G1"}, 8),
    ("move d2 d3", {"d2": X, "d3": "G1"}, 7),
    ("move c2 c3", {"c2": X, "c3": "G3"}, 4),
    ("end", {}, 0),
    # Blue passes again
    ("roll 1 1 1", {}, 3),
    ("end", {}, 0),
    # Red's third turn: no tri-cell, no nuclear step; its level 1 cannot attack the level 3 (TR-13)
    ("roll 2 2 2", {}, 6),
    ("end", {}, 0),
    # Green's third turn starts with the nuclear option: tri-cell + one bi-cell = 2 removals (TR-18)
    ("nuke c4", {"c4": X}, 0),
    ("nuke a1", {"a1": X}, 0),
    ("roll 1 2 3", {}, 6),
]


def replayed():
    result = replay(record([a for a, _, _ in STEPS]), expect_game="trice")
    expected: dict[str, str] = {}
    for index, (action, diff, points) in enumerate(STEPS, start=1):
        for cell, mark in diff.items():
            if mark is None:
                expected.pop(cell, None)
            else:
                expected[cell] = mark
        state = result.states[index]
        assert position(state) == expected, f"position after step {index} ({action})"
        assert state.points == points, f"points after step {index} ({action})"
        assert sum(state.reserve) + sum(int(m[1]) for m in position(state).values()) == 60  # TR-01
    return result.states


STATES = replayed()


def at(action_index: int):
    """The state just before STEPS[action_index] is played."""
    return STATES[action_index]


def index_of(action: str, occurrence: int = 1) -> int:
    seen = 0
    for i, (text, _, _) in enumerate(STEPS):
        if text == action:
            seen += 1
            if seen == occurrence:
                return i
    raise ValueError(action)


def test_record_replays_with_the_exact_position_after_every_step() -> None:
    assert replayed()[-1].phase == PLAYING


def test_TR17_refused_with_one_bi_cell_then_allowed_with_two() -> None:
    # Green after taking c2 only: the tri-cell is closed
    before_d4 = at(index_of("move d3 d4"))
    refused(before_d4, "move c2 c3", "at least 2 bi-cells", "Green holds 1", "TR-17")
    assert "move c2 c3" in {GAME.format_action(a) for a in GAME.legal_actions(at(index_of("move c2 c3", 2)))}


def test_TR11_green_level3_takes_red_level1_on_the_tri_cell() -> None:
    before = at(index_of("move c2 c3", 2))
    assert GAME.describe(before, GAME.parse_action("move c2 c3")) == (
        "Green moves a level-3 piece from the sun-moon bi-cell c2 to the tri-cell c3 and eliminates Red's "
        "level-1 piece.")
    after = STATES[index_of("move c2 c3", 2) + 1]
    assert after.reserve[0] == before.reserve[0] + 1


def test_TR13_red_level1_may_not_attack_green_level3() -> None:
    red = at(index_of("end", 7))
    assert red.seat == 0 and red.phase == PLAYING
    refused(red, "move c4 c3", "a level-1 piece may not attack a level-3 piece (TR-13)")


def test_TR18_green_nuclear_step_from_the_record() -> None:
    start = at(index_of("nuke c4"))
    assert start.seat == 1 and start.phase == NUCLEAR and start.nukes == 2
    refused(start, "nuke d3", "peace symbol", "TR-18")  # Green's own level 1 on the peace cell d3 is immune
    assert "nuke b2" in {GAME.format_action(a) for a in GAME.legal_actions(start)}  # Red's gate piece is not
    refused(start, "roll 1 2 3", "nuclear option comes first")
    assert STATES[-2].phase == ROLLING


# -- the house rule, options and the state as JSON -----------------------------------------------------------


def test_house_rule_turn_limit_ends_in_a_draw() -> None:
    state = GAME.new(3, {"turn_limit": 3})
    for text in ("first red", "roll 1 1 1", "end", "roll 1 1 1", "end", "roll 1 1 1"):
        state = GAME.apply(state, GAME.parse_action(text))
    assert "draw" in GAME.describe(state, GAME.parse_action("end"))
    state = GAME.apply(state, GAME.parse_action("end"))
    assert state.phase == OVER and state.winner == DRAW
    outcome = GAME.outcome(state)
    assert outcome.winners == () and abs(sum(outcome.scores) - 1) < 1e-12
    assert GAME.turn_count(state) == 3
    refused(state, "end", "game is over")


def test_options_are_checked() -> None:
    assert GAME.options(GAME.new(3, {"layout": "peace-b2"})) == {"layout": "peace-b2", "turn_limit": 300}
    with pytest.raises(BadOptions, match="unknown Trice layout"):
        GAME.new(3, {"layout": "square"})
    with pytest.raises(BadOptions, match="turn_limit"):
        GAME.new(3, {"turn_limit": 0})
    with pytest.raises(BadOptions, match="3 players"):
        GAME.new(2)


def test_state_json_round_trip_and_bad_data() -> None:
    state = setup({"c3": "R2", "b2": "G1"}, 0)
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
    with pytest.raises(ValueError, match="not a Trice state"):
        GAME.state_from_json({"layout": "peace-b1"})
    data = GAME.state_to_json(state)
    data["cells"][0] = 42
    with pytest.raises(ValueError, match="impossible piece"):
        GAME.state_from_json(data)


# -- legal_actions is kept fast for the bots; here it is proven equal to the check ---------------------------


def action_space(cells: int) -> list[Action]:
    """Every well-formed Trice action on a board of ``cells`` cells, legal somewhere or not."""
    out = [Action.move(a, b) for a in range(cells) for b in range(cells)]
    out += [Action.place(level, free) for level in range(1, MAX_LEVEL + 1) for free in (False, True)]
    out += [Action.nuke(c) for c in range(cells)]
    out += [END_ACTION, DONE_ACTION, *sorted(ROLL_ACTIONS), *(Action.first(s) for s in range(3))]
    return out


@pytest.mark.property
@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_actions_are_exactly_the_actions_the_check_accepts(seed: int) -> None:
    layout = sorted(LAYOUTS)[seed % len(LAYOUTS)]
    states, _ = play_random(seed, turns=60, layout=layout, ending=0.1, early=0.2)
    for state in states[::7] + states[-1:]:
        legal = GAME.legal_actions(state) + GAME.chance_step_actions(state)
        assert len(legal) == len(set(legal))
        accepted = {a for a in action_space(len(state.cells)) if GAME.check(state, a) is None}
        assert set(legal) == accepted, (sorted(set(legal) ^ accepted)[:5], state)

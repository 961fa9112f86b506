"""The turn: who starts, the dice (SG-03), points (SG-04), firing (SG-05, SG-06), compass (SG-17), captain (SG-18)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import CHANCE, BadOptions
from engine.siege.actions import Dice, Fire
from engine.siege.scene import DICE_FACES, SLOTS
from engine.siege.state import ACT, COMPASS_CHOICE, ROLL, SCATTER
from tests.siege.helpers import AIM, GAME, STILL, act, final, outcome_texts, refusal, run, texts

pytestmark = pytest.mark.unit


def test_who_starts_is_a_fair_chance_step():
    state = GAME.new(2)
    assert GAME.current_player(state) == CHANCE
    assert GAME.turn_seat(state) is None
    assert outcome_texts(GAME.chance_outcomes(state)) == [("first blue", 0.5), ("first red", 0.5)]
    assert GAME.apply(state, act("first red")).seat == 1
    assert refusal(state, "dice 4 4").startswith("first the draw decides who plays first")


def test_SG03_two_dice_with_a_compass_three_fours_and_two_fives():
    """SG-03: each die is 3 (compass), 4, 4, 4, 5, 5; the turn's points are the sum."""
    assert sorted(DICE_FACES) == [3, 4, 4, 4, 5, 5]
    state = final(["first blue"])
    outcomes = dict(outcome_texts(GAME.chance_outcomes(state)))
    expected = {
        "dice 3 3": Fraction(1, 36),
        "dice 3 4": Fraction(6, 36),
        "dice 3 5": Fraction(4, 36),
        "dice 4 4": Fraction(9, 36),
        "dice 4 5": Fraction(12, 36),
        "dice 5 5": Fraction(4, 36),
    }
    assert set(outcomes) == set(expected)
    for text, p in expected.items():
        assert outcomes[text] == pytest.approx(float(p))
    for text in expected:
        after = GAME.apply(state, act(text))
        assert after.points == sum(act(text).faces)
    assert "not a roll of 2 pirate dice" in refusal(state, "dice 4")
    assert "not a roll of 2 pirate dice" in refusal(state, Dice((3, 6)))


def test_SG04_points_buy_any_mix_of_one_point_actions_then_the_turn_passes():
    """SG-04: each point buys a shot, a chest-run step or a pirate move, in any mix."""
    rep = run(["first blue", "dice 4 4", "row out", "load", "fire mortar 45 74", STILL])
    states = rep.states
    assert [s.points for s in states[2:]] == [8, 7, 6, 5, 5]
    # a pirate move is a point too; spending the last point passes the turn
    state = rep.final
    for _ in range(4):
        state = GAME.apply(state, act("fire cannon 0 10"))
        state = GAME.apply(state, act(STILL))
    assert state.points == 1 and state.seat == 0
    state = GAME.apply(state, act("fire cannon 0 10"))
    state = GAME.apply(state, act(STILL))
    assert state.seat == 1 and state.phase == ROLL and state.points == 0
    assert state.turn == 2


def test_SG04_end_gives_up_the_points_left():
    state = final(["first red", "dice 5 5", "end"])
    assert state.seat == 0 and state.phase == ROLL and state.turn == 2


def test_SG05_a_shot_costs_one_point_and_its_scatter_is_a_chance_step():
    """SG-05: a cannon or mortar shot from the back of the island costs 1 point."""
    state = final(["first blue", "dice 4 5", "fire cannon 12 80"])
    assert state.phase == SCATTER and state.points == 8 and state.aim == ("cannon", 12, 80)
    assert GAME.current_player(state) == CHANCE
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 45 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert "only its scatter can come next" in refusal(state, "fire cannon 12 80")
    # the grid is the UI's own: whole degrees within each weapon's range
    fresh = final(["first blue", "dice 4 5"])
    assert "0..20 degrees" in refusal(fresh, "fire cannon 30 80")
    assert "45..85 degrees" in refusal(fresh, "fire mortar 20 80")


def test_SG06_no_shot_without_a_standing_target_cannon():
    """SG-06: firing needs one of your target-cannons standing, whichever way it faces."""
    state = final(["first blue", "dice 4 4"])
    side = state.sides[0]
    from dataclasses import replace

    # only a hidden-broadside cannon left: firing is still allowed
    hidden_only = replace(state, sides=(replace(side, slots=(False, False, False, False, True, False)), state.sides[1]))
    assert act("fire cannon 10 50") in GAME.legal_actions(hidden_only)
    none_left = replace(state, sides=(replace(side, slots=(False,) * len(SLOTS)), state.sides[1]))
    assert not any(isinstance(a, Fire) for a in GAME.legal_actions(none_left))
    assert refusal(none_left, "fire cannon 10 50") == (
        "you may fire only while one of your target-cannons stands (SG-06)"
    )


def test_SG17_one_compass_forces_the_brick_to_turn_and_still_scores_three():
    """SG-17: one compass: the brick must turn (the other broadside shows); 3 points still count."""
    rep = run(["first blue", "dice 3 5"])
    before, after = rep.states[1], rep.final
    assert not before.sides[0].turned and after.sides[0].turned
    assert after.points == 8 and after.phase == ACT
    assert after.sides[0].slots_on_show() == ("i1", "i2", "b1", "b2")
    assert refusal(after, "turn") == "the brig turns only when the dice show a compass (SG-17)"


def test_SG17_two_compasses_let_the_player_choose():
    """SG-17: two compasses: turning is the player's choice; the brick moves only this way."""
    state = final(["first red", "dice 3 3"])
    assert state.phase == COMPASS_CHOICE and state.points == 6
    assert texts(GAME.legal_actions(state)) == ["turn", "stay"]
    assert "first choose whether to turn the brig" in refusal(state, "end")
    assert GAME.apply(state, act("turn")).sides[1].turned
    stayed = GAME.apply(state, act("stay"))
    assert not stayed.sides[1].turned and stayed.phase == ACT
    # no compass: no turning
    assert not final(["first red", "dice 4 5"]).sides[1].turned


def test_SG18_captain_rule_is_an_option_and_halves_the_dice():
    """SG-18 (optional): once a side's captain is hit, that side rolls one die."""
    with pytest.raises(BadOptions):
        GAME.new(2, {"captain": "yes"})
    with pytest.raises(BadOptions):
        GAME.new(2, {"drag": True})
    # Blue knocks Red's captain off the forecastle (s3)
    actions = ["first blue", "dice 4 4", AIM[0, "s3"], STILL, "end"]
    with_rule = run(actions, {"captain": True})
    state = with_rule.final
    assert state.sides[1].captain == "" and "s3" not in state.sides[1].spots
    assert texts(GAME.chance_outcomes(state)) == ["dice 3", "dice 4", "dice 5"]
    assert GAME.apply(state, act("dice 5")).points == 5
    assert "not a roll of 1 pirate die" in refusal(state, "dice 4 5")
    # without the option both dice are still rolled
    plain = final(actions)
    assert len(GAME.chance_outcomes(plain)) == 6
    # Blue's captain still stands: two dice for Blue
    state = GAME.apply(GAME.apply(state, act("dice 4")), act("end"))
    assert len(GAME.chance_outcomes(state)) == 6


def test_the_scatter_belongs_to_nobody_so_the_ball_flies_at_once():
    """The scatter is a chance step nobody owns: the page deals it right after the shot."""
    state = final(["first blue", "dice 4 4"])
    assert GAME.turn_seat(state) == 0
    aimed = GAME.apply(state, act("fire cannon 10 50"))
    assert GAME.current_player(aimed) == CHANCE and GAME.turn_seat(aimed) is None
    assert GAME.turn_seat(GAME.apply(aimed, act("scatter +0 +0"))) == 0
    # the dice, by contrast, are the player's own roll
    rolled = final(["first blue", "dice 4 4", "end"])
    assert GAME.current_player(rolled) == CHANCE and GAME.turn_seat(rolled) == 1


def test_a_launcher_keeps_its_setting_between_shots():
    state = final(["first blue", "dice 4 4", "fire mortar 70 90", "scatter +0 +0"])
    assert state.sides[0].setting == ((10, 70), (70, 90)) and state.sides[0].weapon == "mortar"
    assert state.sides[1].setting == ((10, 70), (60, 80))

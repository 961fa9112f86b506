"""The chest run (SG-07..SG-10) and the longboat's pirate (SG-12), as replayed records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.siege.actions import LOAD
from engine.siege.state import ACT
from tests.siege.helpers import AIM, GAME, STILL, act, final, refusal, run

pytestmark = pytest.mark.unit

#: Red knocks down Blue's a2 target-cannon, then Blue starts the run
OPENING = ["first red", "dice 4 4", AIM[1, "a2"], STILL, "end", "dice 4 4"]
#: Red's mortar aims that hit Blue's longboat beached at Treasure Island
RED_HITS_CHEST = "fire mortar 60 77"
RED_HITS_OARSMAN = "fire mortar 50 73"


def test_SG08_SG09_chest_run_takes_four_points_over_two_turns():
    """SG-08: out and load (turn 1), back and replace (turn 2); SG-09: fire with the points left."""
    rep = run(OPENING + ["row out", "load", "fire mortar 45 74", STILL, "end",
                         "dice 4 5", "end", "dice 4 4", "row back", "replace a2"])
    s = rep.states
    assert not s[4].sides[0].slots[3]  # a2 is down
    blue = [st.sides[0] for st in s]
    assert blue[6].boat_at == "base" and s[6].points == 8
    assert blue[7].boat_at == "treasure" and not blue[7].chest and s[7].points == 7
    assert blue[8].chest and s[8].chests_left(0) == 2 and s[8].points == 6
    # SG-09: the points left after the first half are spent firing
    assert s[9].phase != ACT and s[10].points == 5 and not s[10].sides[1].rig
    # the chest waits a turn at Treasure Island
    assert blue[11].boat_at == "treasure" and blue[11].chest and s[11].seat == 1
    after_back, after_replace = s[-2], s[-1]
    assert after_back.sides[0].boat_at == "base" and after_back.points == 7
    assert after_replace.sides[0].slots[3] and not after_replace.sides[0].chest
    assert after_replace.sides[0].replaced == 1 and after_replace.points == 6
    # the chest is out of the game: two of Blue's left on Treasure Island, Red's three untouched (SG-07)
    assert after_replace.chests_left(0) == 2 and after_replace.chests_left(1) == 3


def test_SG08_row_back_waits_for_the_next_turn_and_replace_needs_the_base():
    state = final(OPENING + ["row out", "load"])
    assert refusal(state, "row back") == "the chest run takes two turns: row back on your next turn (SG-08)"
    assert refusal(state, "replace a2") == "row the longboat back to base before replacing a target-cannon (SG-08)"
    fresh = final(OPENING)
    assert refusal(fresh, "load") == "the longboat must first row to Treasure Island (SG-08)"
    assert "only with a chest brought back" in refusal(fresh, "replace a2")
    back = final(OPENING + ["row out", "load", "end", "dice 4 4", "end", "dice 4 4", "row back"])
    assert refusal(back, "replace a1") == "the target-cannon at a1 still stands"


def test_SG08_the_run_needs_a_pirate_in_the_longboat():
    state = final(OPENING)
    blue = state.sides[0]
    no_crew = replace(state, sides=(replace(blue, spots=blue.spots[1:]), state.sides[1]))
    assert refusal(no_crew, "row out") == "the chest run needs a pirate in your longboat (SG-08)"


def test_SG10_never_more_than_one_chest_in_the_longboat():
    """SG-10: one chest at a time in the longboat."""
    state = final(OPENING + ["row out", "load"])
    assert refusal(state, "load") == "never more than one chest in the longboat (SG-10)"
    assert LOAD not in GAME.legal_actions(state)


def test_SG10_a_direct_hit_knocks_the_chest_out_and_the_run_starts_again():
    """SG-10: the chest knocked out of the longboat is lost; the run may start again."""
    rep = run(OPENING + ["row out", "load", "end", "dice 4 4", RED_HITS_CHEST, STILL, "end", "dice 4 5"])
    hit = rep.states[-3]
    blue = hit.sides[0]
    assert not blue.chest and blue.boat_at == "treasure" and "boat" in blue.spots
    assert hit.chests_left(0) == 2 and blue.taken == 1  # the lost chest is gone and counts as taken (SG-07)
    words = GAME.describe(rep.states[-4], act(STILL))
    assert words == "Red's mortar (60°, 77%) hits Blue's longboat: the chest is knocked out and lost (SG-10)."
    state = rep.final
    assert LOAD in GAME.legal_actions(state)
    state = GAME.apply(state, act("load"))
    assert state.sides[0].chest and state.chests_left(0) == 1 and state.chests_left(1) == 3


def test_SG07_each_side_takes_at_most_three_chests():
    """SG-07: up to 3 of the 6 chests per player; a chest replaces a target-cannon."""
    state = final(OPENING)
    blue = state.sides[0]
    gone = "your 3 chests have all been taken; the other side's are never yours (SG-07)"
    spent = replace(state, sides=(replace(blue, replaced=3, taken=3), state.sides[1]))
    assert refusal(spent, "row out") == gone
    lost = replace(state, sides=(replace(blue, replaced=1, taken=3), state.sides[1]))  # two shot out of the longboat
    assert refusal(lost, "row out") == gone
    at_island = replace(state, sides=(replace(blue, boat_at="treasure", replaced=3, taken=3), state.sides[1]))
    assert refusal(at_island, "load") == gone


def test_SG12_replacing_the_longboat_pirate_costs_two_points():
    """SG-12: a hit on the longboat's pirate; back to base and a new pirate aboard for 2 points."""
    rep = run(OPENING + ["row out", "load", "end", "dice 4 4", RED_HITS_OARSMAN, STILL, "end", "dice 4 4"])
    state = rep.final
    blue = state.sides[0]
    assert "boat" not in blue.spots and blue.boat_at == "treasure" and blue.chest
    assert GAME.describe(rep.states[-4], act(STILL)) == "Red's mortar (50°, 73%) hits Blue's pirate on the longboat; the pirate falls."
    assert refusal(state, "row back") == "the chest run needs a pirate in your longboat (SG-08)"
    assert refusal(state, "move c1 boat") == (
        "the longboat is crewed with 'crew' (1 point at its base, 2 from Treasure Island, SG-12)")
    crewed = GAME.apply(state, act("crew c1"))
    assert crewed.points == state.points - 2
    assert crewed.sides[0].boat_at == "base" and "boat" in crewed.sides[0].spots
    assert "c1" not in crewed.sides[0].spots and crewed.sides[0].chest
    assert len(crewed.sides[0].spots) == len(blue.spots)
    # with a single point left, crewing is refused
    poor = replace(state, points=1)
    assert refusal(poor, "crew c1") == (
        "replacing the longboat's pirate costs 2 points here: back to base, and a new pirate aboard (SG-12)")
    assert refusal(crewed, "crew c2") == "the longboat already has its pirate"

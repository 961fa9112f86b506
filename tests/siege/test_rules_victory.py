"""The set-up (SG-01), pirates' spots (SG-11) and victory (SG-02), plus the turn-limit house rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import TERMINAL, Outcome
from engine.siege.actions import ROW_OUT, Fire
from engine.siege.scene import (
    CHESTS_PER_SIDE,
    CHESTS_TOTAL,
    MAX_TURNS,
    PALISADES,
    PALMS,
    SLOTS,
    START_SPOTS,
    TREASURE_PALMS,
    WEAPONS,
)
from engine.siege.state import OVER
from tests.siege.helpers import AIM, GAME, STILL, act, final, refusal

pytestmark = pytest.mark.unit


def test_SG01_two_sides_with_their_islands_bricks_and_twenty_pirates():
    """SG-01: bricks of 4 target-cannons, Crab Claw (2 cannons, 4 palisades, 2 palms), Fort Island
    (2 cannons, the fort, 1 palm), Treasure Island (3 palms, 6 chests), 20 pirates, a cannon and a mortar each."""
    state = GAME.new(2)
    assert [s.where for s in SLOTS].count("island") == 2
    assert [s.where for s in SLOTS if s.where != "island"] == ["port", "port", "starboard", "starboard"]
    blue, red = state.sides
    assert all(blue.slots) and all(red.slots) and len(blue.slots) == 6
    assert len(PALISADES[0]) == 4 and blue.palisades == (True,) * 4 and not blue.fort
    assert len(PALISADES[1]) == 0 and red.fort
    assert (len(PALMS[0]), len(PALMS[1]), len(TREASURE_PALMS)) == (2, 1, 3)
    assert state.chests_left(0) == state.chests_left(1) == CHESTS_PER_SIDE == CHESTS_TOTAL // 2 == 3
    assert len(blue.spots) + len(red.spots) == 20
    assert blue.boat_at == red.boat_at == "base" and "boat" in blue.spots
    assert set(WEAPONS) == {"cannon", "mortar"}
    # the captain is one of each side's ten
    assert blue.captain in blue.spots and red.captain in red.spots


def test_SG11_pirates_start_on_the_marked_spots_and_move_to_free_ones_for_a_point():
    """SG-11: start on longboat, brick, fort and island spots; later move to any free spot (1 point)."""
    state = GAME.new(2)
    assert state.sides[0].spots == START_SPOTS[0]
    assert state.sides[0].spots == ("boat", "s1", "s2", "s3", "c1", "c2", "p1", "p2", "p3", "p4")
    assert state.sides[1].spots == ("boat", "s1", "s2", "s3", "f1", "f2", "f3", "t1", "t2", "t3")
    state = final(["first blue", "dice 4 4", AIM[0, "f1"], STILL, "end", "dice 4 5"])
    red = state.sides[1]
    assert "f1" not in red.spots
    moved = GAME.apply(state, act("move s3 f1"))
    assert moved.points == state.points - 1
    assert "f1" in moved.sides[1].spots and "s3" not in moved.sides[1].spots
    assert moved.sides[1].captain == "f1"  # the captain moves with his spot
    assert refusal(state, "move s1 s2") == "a pirate already stands on the brig's main deck"
    assert refusal(state, "move f1 s2") == "no pirate of yours stands on 'f1'"
    assert refusal(state, "move s1 x9") == "'x9' is not a pirate spot on Red's side"
    broke = replace(state, points=0, phase="act")
    assert refusal(broke, "move s1 f1") == "no points left this turn (SG-04)"


def _blue_to_fire(red_changes: dict) -> object:
    state = final(["first blue", "dice 4 4"])
    red = replace(state.sides[1], **red_changes)
    return replace(state, sides=(state.sides[0], red))


def test_SG02_knocking_down_the_last_enemy_pirate_wins():
    """SG-02: all the opponent's pirates down."""
    state = _blue_to_fire({"spots": ("s3",), "captain": "s3"})
    state = GAME.apply(GAME.apply(state, act(AIM[0, "s3"])), act(STILL))
    assert state.phase == OVER and GAME.current_player(state) == TERMINAL
    assert GAME.outcome(state) == Outcome.win(0, 2)
    assert GAME.returns(state) == (1.0, 0.0)
    assert refusal(state, "end") == "the game is over"


def test_SG02_all_target_cannons_down_with_no_replacement_left_wins():
    """SG-02: all the opponent's target-cannons down once they can replace none (3 used)."""
    last = (False, False, False, True, False, False)  # only a2 stands
    state = _blue_to_fire({"slots": last, "replaced": 3, "taken": 3})
    after = GAME.apply(GAME.apply(state, act(AIM[0, "a2"])), act(STILL))
    assert GAME.outcome(after) == Outcome.win(0, 2)
    # with replacements left, the same hit does not end the game
    state = _blue_to_fire({"slots": last, "replaced": 2, "taken": 2})
    after = GAME.apply(GAME.apply(state, act(AIM[0, "a2"])), act(STILL))
    assert GAME.outcome(after) is None and after.sides[1].cannons_standing() == 0
    # ... and Red may not fire (SG-06) but may run for a chest
    after = GAME.apply(GAME.apply(after, act("end")), act("dice 4 4"))
    assert ROW_OUT in GAME.legal_actions(after)
    assert not any(isinstance(a, Fire) for a in GAME.legal_actions(after))


def test_SG02_SG07_three_chests_taken_lost_ones_included_leave_no_replacement():
    """Two of Red's chests were shot out of its longboat (SG-10): all three taken, one replaced, none left."""
    last = (False, False, False, True, False, False)
    state = _blue_to_fire({"slots": last, "replaced": 1, "taken": 3})
    after = GAME.apply(GAME.apply(state, act(AIM[0, "a2"])), act(STILL))
    assert GAME.outcome(after) == Outcome.win(0, 2)


def test_turn_limit_house_rule_ends_in_a_draw():
    state = replace(final(["first blue", "dice 4 4"]), turn=MAX_TURNS)
    after = GAME.apply(state, act("end"))
    assert GAME.outcome(after) == Outcome((0, 1), (0.5, 0.5))

"""What falls: SG-13 (stays down), SG-14 (the fort), SG-15 (palisades), SG-16 (knocked by a falling piece), SG-19 (bowsprit)."""

from __future__ import annotations

import pytest

from engine.siege.actions import Fire
from engine.siege.scene import FORT_FALLS_ON, MAINSAIL_FALLS_ON
from engine.siege.state import knock_down
from tests.siege.helpers import AIM, GAME, STILL, act, final, refusal, run

pytestmark = pytest.mark.unit

BLUE = ["first blue", "dice 4 4"]


def test_SG14_a_hit_on_the_door_brings_the_fort_down_with_its_pirates():
    """SG-14: one direct hit on the door; the fort falls, is not put back, and its pirates fall."""
    rep = run(BLUE + [AIM[0, "door"], STILL])
    before, after = rep.states[-2], rep.final
    red = after.sides[1]
    assert not red.fort
    assert red.spots == ("boat", "s1", "s2", "s3", "f1", "f2", "f3")
    assert GAME.describe(before, act(STILL)) == (
        "Blue's cannon (17°, 92%) hits Red's fort door: the fort falls, and 3 pirates with it."
    )
    # the earlier set-up (an option) has two on the fort
    balanced = run(BLUE + [AIM[0, "door"], STILL], {"earlier_setup": True}).final.sides[1]
    assert balanced.spots == ("boat", "s1", "s2", "s3", "f4", "f1", "f2", "f3")
    # the mortar does it too
    assert not final(BLUE + [AIM[0, "door mortar"], STILL]).sides[1].fort


def test_SG14_no_pirate_on_the_fallen_fort_but_one_may_take_the_top_step():
    """SG-14: after the fall nobody stands on the fort; the top step in front costs 1 point."""
    standing = final(["first red", "dice 4 4"])
    assert refusal(standing, "move f1 step") == "the fort's top step is used only once the fort has fallen (SG-14)"
    state = final(BLUE + [AIM[0, "door"], STILL, "end", "dice 4 4"])
    assert refusal(state, "move f1 t1") == "the fort has fallen: no pirate stands on it any more (SG-14)"
    moved = GAME.apply(state, act("move f1 step"))
    assert "step" in moved.sides[1].spots and "f1" not in moved.sides[1].spots
    assert moved.points == state.points - 1
    # the fallen fort never comes back (SG-13): no action of Red's restores it
    for action in GAME.legal_actions(state):
        if not isinstance(action, Fire):
            assert GAME.apply(state, action).sides[1].fort is False


def test_SG16_pirates_knocked_down_by_a_falling_piece_are_out():
    """SG-16: the fort and the ejected mainsail knock down the pirates where they fall."""
    side, fallen = knock_down(final(BLUE).sides[1], "door")
    assert fallen == list(FORT_FALLS_ON) and not set(fallen) & set(side.spots)
    side, fallen = knock_down(final(BLUE).sides[1], "bowsprit")
    assert fallen == list(MAINSAIL_FALLS_ON) and not set(fallen) & set(side.spots)
    # an empty spot under the mainsail: nothing more falls
    from dataclasses import replace

    side = final(BLUE).sides[0]
    side = replace(side, spots=tuple(s for s in side.spots if s != "s2"))
    after, fallen = knock_down(side, "bowsprit")
    assert fallen == [] and not after.rig and after.spots == side.spots


def test_SG19_a_hit_on_the_bowsprit_ejects_the_mainsail():
    """SG-19: the bowsprit ejects the mainsail, which falls on the pirate below (SG-16)."""
    rep = run(BLUE + [AIM[0, "bowsprit"], STILL])
    red = rep.final.sides[1]
    assert not red.rig and "s2" not in red.spots and "s1" in red.spots
    assert GAME.describe(rep.states[-2], act(STILL)) == (
        "Blue's mortar (45°, 74%) hits Red's bowsprit: the mainsail is ejected and knocks down 1 pirate."
    )


def test_SG13_targets_stay_down_except_target_cannons():
    """SG-13: pirates, palisades, fort and rig stay down; only target-cannons come back (by chests)."""
    rep = run(["first red", "dice 4 4", AIM[1, "palisade 2"], STILL, AIM[1, "c1"], STILL, AIM[1, "a2"], STILL])
    blue = rep.final.sides[0]
    assert blue.palisades == (True, False, True, True)
    assert "c1" not in blue.spots and not blue.slots[3]
    state = rep.final
    # no action of Blue's own turn can raise the palisade or bring c1's pirate back
    state = GAME.apply(GAME.apply(state, act("end")), act("dice 4 4"))
    for action in GAME.legal_actions(state):
        if isinstance(action, Fire):
            continue
        after = GAME.apply(state, action)
        assert after.sides[0].palisades[1] is False
        assert len(after.sides[0].spots) <= len(blue.spots)
    # a hit on an already fallen piece is impossible: it is no longer in the scene
    from engine.siege.state import layout

    assert 1 not in layout(state, 0).palisades and "c1" not in layout(state, 0).spots


def test_SG15_a_palisade_shields_one_pirate_and_is_not_put_back():
    """SG-15: a new pirate may take the place behind an intact palisade (1 point), not a fallen one."""
    # Red's mortar hits the pirate behind palisade 2 (p2); then palisade 3 falls to the cannon
    rep = run(["first red", "dice 4 4", AIM[1, "p2"], STILL, AIM[1, "palisade 3"], STILL, "end", "dice 4 4"])
    state = rep.final
    blue = state.sides[0]
    assert "p2" not in blue.spots and blue.palisades[1]  # palisade 2 still intact
    assert "p3" in blue.spots and not blue.palisades[2]
    moved = GAME.apply(state, act("move c1 p2"))
    assert "p2" in moved.sides[0].spots and moved.points == state.points - 1
    # palisade 3 fell: its pirate stays, exposed; nobody new may go there once it is empty
    assert refusal(state, "move c1 p3") == "a pirate already stands behind palisade 3"
    from dataclasses import replace

    emptied = replace(state, sides=(replace(blue, spots=tuple(s for s in blue.spots if s != "p3")), state.sides[1]))
    assert refusal(emptied, "move c1 p3") == "palisade 3 is down and is not put back (SG-15)"

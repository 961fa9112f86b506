"""A whole scenario record replayed step by step, the exact scene asserted after every step.

It is played with the ``earlier_setup`` option (Crab Claw's palisade 1 starts unmanned, two
pirates on the fort); the book's set-up has its own tests (test_rules_setup.py).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.siege.state import ACT, ROLL, SCATTER
from tests.siege.helpers import GAME, act, run

pytestmark = pytest.mark.unit

ACTIONS = [
    "first blue",          # 1: the draw
    "dice 3 5",            # 2: one compass: Blue's brick must turn (SG-17); 8 points
    "fire cannon 17 92",   # 3: aim at Red's door (1 point)
    "scatter +0 +0",       # 4: the fort falls with t1 and t2 (SG-14, SG-16)
    "fire mortar 45 74",   # 5: aim at Red's bowsprit
    "scatter +0.5 -0.5",   # 6: a small scatter: still the bowsprit; the mainsail knocks s2 down (SG-19)
    "move c1 p1",          # 7: a pirate takes cover behind the unmanned palisade (SG-15), 1 point
    "row out",             # 8: the chest run begins (SG-08)
    "load",                # 9: a chest aboard
    "end",                 # 10: Red's turn
    "dice 4 4",            # 11
    "move f1 step",        # 12: onto the fort's top step, now the fort is down (SG-14)
    "end",                 # 13
]
OPTIONS = {"earlier_setup": True}


def test_scenario_exact_scene_after_each_step():
    states = run(ACTIONS, OPTIONS).states
    s = GAME.new(2, OPTIONS)
    assert states[0] == s
    blue, red = s.sides
    expected = []
    s = replace(s, seat=0, turn=1, phase=ROLL)
    expected.append(s)
    blue = replace(blue, turned=True)
    s = replace(s, sides=(blue, red), phase=ACT, points=8, dice=(3, 5))
    expected.append(s)
    blue = replace(blue, setting=((17, 92), (60, 80)), weapon="cannon")
    s = replace(s, sides=(blue, red), phase=SCATTER, points=7, aim=("cannon", 17, 92))
    expected.append(s)
    red = replace(red, fort=False, spots=("boat", "s1", "s2", "s3", "f4", "f1", "f2", "f3"))
    s = replace(s, sides=(blue, red), phase=ACT, aim=None)
    expected.append(s)
    blue = replace(blue, setting=((17, 92), (45, 74)), weapon="mortar")
    s = replace(s, sides=(blue, red), phase=SCATTER, points=6, aim=("mortar", 45, 74))
    expected.append(s)
    red = replace(red, rig=False, spots=("boat", "s1", "s3", "f4", "f1", "f2", "f3"))
    s = replace(s, sides=(blue, red), phase=ACT, aim=None)
    expected.append(s)
    blue = replace(blue, spots=("boat", "s1", "s2", "s3", "c2", "c3", "p1", "p2", "p3", "p4"))
    s = replace(s, sides=(blue, red), points=5)
    expected.append(s)
    blue = replace(blue, boat_at="treasure")
    s = replace(s, sides=(blue, red), points=4)
    expected.append(s)
    blue = replace(blue, chest=True, loaded_turn=1, taken=1)
    s = replace(s, sides=(blue, red), points=3)
    expected.append(s)
    s = replace(s, seat=1, turn=2, phase=ROLL, points=0, dice=())
    expected.append(s)
    s = replace(s, phase=ACT, points=8, dice=(4, 4))
    expected.append(s)
    red = replace(red, spots=("boat", "s1", "s3", "f4", "f2", "f3", "step"))
    s = replace(s, sides=(blue, red), points=7)
    expected.append(s)
    s = replace(s, seat=0, turn=3, phase=ROLL, points=0, dice=())
    expected.append(s)
    assert len(expected) == len(ACTIONS)
    for step, (want, got) in enumerate(zip(expected, states[1:]), start=1):
        assert got == want, f"step {step} ({ACTIONS[step - 1]})"


def test_scenario_log_reads_as_a_story():
    rep = run(ACTIONS, OPTIONS)
    lines = [GAME.describe(s, act(a)) for s, a in zip(rep.states, ACTIONS)]
    assert lines[1] == "Blue rolls a compass and a 5: 8 points, and the brig must turn (SG-17)."
    assert lines[3] == "Blue's cannon (17°, 92%) hits Red's fort door: the fort falls, and 2 pirates with it."
    assert lines[5] == ("Blue's mortar (45.5°, 73.5%) hits Red's bowsprit: the mainsail is ejected and knocks down "
                        "1 pirate.")
    assert lines[6] == "Blue moves the pirate from the beach behind palisade 1."
    assert lines[11] == "Red moves the pirate from the beach to the fort's top step."


def test_scenario_log_in_french():
    """A French page reads the same story in French (SG-17's compass, SG-14's door, SG-19's bowsprit)."""
    rep = run(ACTIONS, OPTIONS)
    lines = [GAME.describe(s, act(a), "fr") for s, a in zip(rep.states, ACTIONS)]
    assert lines[0] == "Le tirage désigne Bleu pour jouer en premier."
    assert lines[1] == "Bleu lance une boussole et un 5 : 8 points, et le brick doit tourner (SG-17)."
    assert lines[3] == "Le canon de Bleu (17°, 92\u202f%) touche la porte du fort de Rouge : le fort s'écroule, et 2 pirates avec lui."
    assert lines[5] == ("Le mortier de Bleu (45,5°, 73,5\u202f%) touche le beaupré de Rouge : la grand-voile est éjectée et "
                        "renverse 1 pirate.")
    assert lines[6] == "Bleu déplace le pirate de la plage derrière la palissade 1."
    assert lines[11] == "Rouge déplace le pirate de la plage vers la marche du fort."
    assert all(line.endswith(".") and "the " not in line for line in lines)

"""A whole opening as one game record: Red and Green build up, fight for the tri-cell, go nuclear.

Each step gives the action, the cells it changes (None empties a cell) and
the points left; the test keeps the full expected position and compares it
with the replayed one after every step, then checks the refusals.
"""

from __future__ import annotations

import pytest

from engine.records import replay
from engine.trice.rules import NUCLEAR, PLAYING, ROLLING, position
from tests.trice.helpers import GAME, record, refused

pytestmark = pytest.mark.unit

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

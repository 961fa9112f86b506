"""Rule scenarios as game records with fixed die and compass outcomes.

Each step's position is asserted exactly (every field of the state).
"""

from __future__ import annotations

import pytest

from engine.core import CHANCE
from engine.piratissimo import HOME, PirState
from engine.piratissimo.game import LOAD, OVER, RAID, ROLL, SAIL, START, TWISTER
from tests.piratissimo.helpers import GAME, replay_states

pytestmark = pytest.mark.unit


def S(pos, cargo, bank, hold, tornado, seat, phase, die, target, turns) -> PirState:  # noqa: N802
    return PirState(tuple(pos), tuple(cargo), tuple(bank), hold, tornado, seat, phase, die, target, turns)


OPENING = [
    "start red",  # chance picks Red
    "die 3",  # PI-02: port -> islands 1, 2, 3; island 3 has a closed chest of 3
    "load 2",  # PI-04: fewer than the chest's number is allowed
    "die 4",  # Blue: port (island 13) -> 13..16, the tornado's island: nothing (PI-06)
    "die 1",  # Red: island 4 has an open chest: 2 aboard at once (PI-05)
    "die 2",  # Blue: to island 18 (plain)
    "die tornado",  # Red: advance 1 to island 5 (closed 2) (PI-09 step 1)
    "load 1",
    "tornado 2",  # PI-09 step 2: the tornado goes 16 -> 15 -> 14, no ship there: turn ends
]

EXPECTED = [
    S([HOME, HOME], [0, 0], [0, 0], 50, 15, -1, START, -1, -1, 0),
    S([HOME, HOME], [0, 0], [0, 0], 50, 15, 0, ROLL, -1, -1, 0),
    S([2, HOME], [0, 0], [0, 0], 50, 15, 0, LOAD, 3, -1, 0),
    S([2, HOME], [2, 0], [0, 0], 48, 15, 1, ROLL, -1, -1, 1),
    S([2, 15], [2, 0], [0, 0], 48, 15, 0, ROLL, -1, -1, 2),
    S([3, 15], [4, 0], [0, 0], 46, 15, 1, ROLL, -1, -1, 3),
    S([3, 17], [4, 0], [0, 0], 46, 15, 0, ROLL, -1, -1, 4),
    S([4, 17], [4, 0], [0, 0], 46, 15, 0, LOAD, 0, -1, 4),
    S([4, 17], [5, 0], [0, 0], 45, 15, 0, TWISTER, 0, -1, 4),
    S([4, 17], [5, 0], [0, 0], 45, 13, 1, ROLL, -1, -1, 5),
]


def test_PI02_PI04_PI05_PI06_PI09_opening_record_step_by_step() -> None:
    """PI-02 moves by the die along the red arrows, PI-04 a partial load,
    PI-05 the forced load, PI-06 no harm on the tornado, PI-09 the face."""
    states = replay_states(2, OPENING)
    assert len(states) == len(EXPECTED)
    for index, (got, want) in enumerate(zip(states, EXPECTED)):
        assert got == want, f"after action {index}: {OPENING[index - 1] if index else 'new'}"


def test_PI04_load_choice_offers_zero_to_chest_number() -> None:
    states = replay_states(2, OPENING[:2])
    assert GAME.legal_actions(states[-1]) == ["load 0", "load 1", "load 2", "load 3"]
    assert GAME.current_player(states[-1]) == 0


def test_PI05_open_chest_needs_no_choice() -> None:
    """The open chest loads 2 at once: the next step is already Blue's die."""
    states = replay_states(2, OPENING[:5])
    assert states[-1].cargo == (4, 0)
    assert GAME.current_player(states[-1]) == CHANCE and states[-1].seat == 1

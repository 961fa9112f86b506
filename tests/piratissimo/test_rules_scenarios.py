"""Piratissimo's rule scenarios as game records with fixed die and compass outcomes."""

from __future__ import annotations

import pytest

from engine.core import CHANCE
from engine.piratissimo import HOME, PirState
from engine.piratissimo.rules import LOAD, ROLL, START, TWISTER
from tests.piratissimo.helpers import GAME, replay_states, texts

pytestmark = pytest.mark.unit


def S(pos, cargo, bank, hold, tornado, seat, phase, die, target, turns) -> PirState:
    return PirState(tuple(pos), tuple(cargo), tuple(bank), hold, tornado, seat, phase, die, target, turns)


OPENING = [
    "start red",  # chance picks Red
    "die 3",  # PI-02: port -> islands 1, 2, 3; island 3 has a closed chest of 3
    "load 2",  # PI-04: fewer than the chest's number is allowed
    "die 3",  # Blue: port (island 13) -> 13, 14, 15; island 15 has a closed chest of 3
    "load 1",
    "die 1",  # Red: island 4 has an open chest: 2 aboard at once (PI-05)
    "die 4",  # Blue: 16..19, the tornado's island: nothing happens (PI-06)
    "die tornado",  # Red: advance 1 to island 5 (closed 2) (PI-09 step 1)
    "load 1",
    "tornado 2",  # PI-09 step 2: the tornado goes 19 -> 18 -> 17, no ship there: turn ends
]


EXPECTED = [
    S([HOME, HOME], [0, 0], [0, 0], 50, 18, -1, START, -1, -1, 0),
    S([HOME, HOME], [0, 0], [0, 0], 50, 18, 0, ROLL, -1, -1, 0),
    S([2, HOME], [0, 0], [0, 0], 50, 18, 0, LOAD, 3, -1, 0),
    S([2, HOME], [2, 0], [0, 0], 48, 18, 1, ROLL, -1, -1, 1),
    S([2, 14], [2, 0], [0, 0], 48, 18, 1, LOAD, 3, -1, 1),
    S([2, 14], [2, 1], [0, 0], 47, 18, 0, ROLL, -1, -1, 2),
    S([3, 14], [4, 1], [0, 0], 45, 18, 1, ROLL, -1, -1, 3),
    S([3, 18], [4, 1], [0, 0], 45, 18, 0, ROLL, -1, -1, 4),
    S([4, 18], [4, 1], [0, 0], 45, 18, 0, LOAD, 0, -1, 4),
    S([4, 18], [5, 1], [0, 0], 44, 18, 0, TWISTER, 0, -1, 4),
    S([4, 18], [5, 1], [0, 0], 44, 16, 1, ROLL, -1, -1, 5),
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
    assert texts(GAME.legal_actions(states[-1])) == ["load 0", "load 1", "load 2", "load 3"]
    assert GAME.current_player(states[-1]) == 0


def test_PI05_open_chest_needs_no_choice() -> None:
    """The open chest loads 2 at once: the next step is already Blue's die."""
    states = replay_states(2, OPENING[:6])
    assert states[-1].cargo == (4, 1)
    assert GAME.current_player(states[-1]) == CHANCE and states[-1].seat == 1

"""Piratissimo's set-up, chance steps, text and JSON forms, and words for the log."""

from __future__ import annotations

import pytest

import engine
from engine.core import CHANCE, BadOptions
from engine.piratissimo import HOME, Piratissimo
from engine.piratissimo import data as D
from engine.piratissimo.actions import Die
from engine.piratissimo.rules import START
from tests.piratissimo.helpers import GAME, position, replay_states, run

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_to_four_seats_start_in_port_with_a_full_hold(seats: int) -> None:
    state = GAME.new(seats)
    assert state.pos == (HOME,) * seats and state.hold == D.TREASURES
    assert state.phase == START and GAME.current_player(state) == CHANCE
    assert GAME.turn_seat(state) is None
    outcomes = GAME.chance_outcomes(state)
    assert [GAME.format_action(a) for a, _ in outcomes] == [f"start {c}" for c in D.COLOURS[:seats]]
    assert sum(p for _, p in outcomes) == pytest.approx(1)


@pytest.mark.parametrize("seats", [1, 5])
def test_bad_seat_counts(seats: int) -> None:
    with pytest.raises(BadOptions):
        GAME.new(seats)


def test_unknown_options_refused() -> None:
    with pytest.raises(BadOptions, match="no options"):
        GAME.new(2, {"target": 5})


def test_registered_in_the_engine() -> None:
    assert "piratissimo" in engine.names()
    assert isinstance(engine.get("piratissimo"), Piratissimo)


def test_die_has_four_numbers_and_two_tornado_faces() -> None:
    outcomes = {GAME.format_action(a): p for a, p in GAME.chance_outcomes(position(2))}
    assert outcomes == {
        "die 1": pytest.approx(1 / 6),
        "die 2": pytest.approx(1 / 6),
        "die 3": pytest.approx(1 / 6),
        "die 4": pytest.approx(1 / 6),
        "die tornado": pytest.approx(2 / 6),
    }


def test_compass_spins_are_chance_with_eight_sectors() -> None:
    raid = run(position(2, pos=(2, 4), cargo=(0, 2)), ["die 2", "pirate"])[-1]
    outcomes = GAME.chance_outcomes(raid)
    assert len(outcomes) == 8 and all(p == pytest.approx(1 / 8) for _, p in outcomes)
    assert GAME.turn_seat(raid) == 0


def test_json_round_trip_and_parse_format_inverse() -> None:
    states = replay_states(4, ["start green", "die 3", "load 1", "die tornado", "tornado 3"])
    for state in states:
        assert GAME.state_from_json(GAME.state_to_json(state)) == state
        for action in GAME.legal_actions(state):
            assert GAME.parse_action(GAME.format_action(action)) == action


def test_bad_json_refused() -> None:
    with pytest.raises(ValueError, match="not a Piratissimo state"):
        GAME.state_from_json({"pos": [1]})
    good = GAME.state_to_json(position(2))
    for key, value in (("pos", [30, -1]), ("tornado", 24), ("cargo", [-1, 0]), ("phase", 12), ("seat", 2)):
        with pytest.raises(ValueError, match="not a Piratissimo state"):
            GAME.state_from_json({**good, key: value})


def test_seat_names_and_turn_count() -> None:
    state = position(4)
    assert [GAME.seat_name(state, s) for s in range(4)] == ["Red", "Blue", "Green", "Yellow"]
    assert GAME.turn_count(GAME.apply(state, Die(1))) == 1

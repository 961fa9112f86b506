"""Invariants over random legal play (hypothesis): conservation of treasures,
at most 2 ships per island (PI-03), capacity (PI-10), replay determinism."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import TERMINAL
from engine.piratissimo import HOME
from engine.piratissimo import data as D
from engine.records import replay
from tests.piratissimo.helpers import GAME, random_game, record, texts, total

pytestmark = pytest.mark.property


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_treasure_supply_is_conserved(seats: int, seed: int) -> None:
    states, _ = random_game(seats, seed)
    for state in states:
        assert total(state) == D.TREASURES
        assert state.hold >= 0 and min(state.cargo) >= 0 and min(state.bank) >= 0


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_PI03_never_more_than_two_ships_on_an_island(seats: int, seed: int) -> None:
    states, _ = random_game(seats, seed)
    for state in states:
        crowd = Counter(p for p in state.pos if p != HOME)
        assert max(crowd.values(), default=0) <= 2


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_PI10_no_ship_ever_carries_more_than_its_capacity(seats: int, seed: int) -> None:
    states, _ = random_game(seats, seed)
    assert all(max(s.cargo) <= D.CAPACITY for s in states)
    assert all(s.cargo[i] == 0 for s in states for i, p in enumerate(s.pos) if p == HOME)


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_random_games_end_and_replay_identically(seats: int, seed: int) -> None:
    states, actions = random_game(seats, seed)
    assert GAME.current_player(states[-1]) == TERMINAL
    outcome = GAME.outcome(states[-1])
    assert outcome is not None and sum(outcome.scores) == pytest.approx(1)
    if states[-1].turns < D.TURN_LIMIT:  # PI-01: the race ended by a win
        assert max(states[-1].bank) >= D.TARGET
    again = replay(record(seats, texts(actions))).states
    assert again == states
    for state in states[:: max(1, len(states) // 20)]:
        assert GAME.state_from_json(GAME.state_to_json(state)) == state

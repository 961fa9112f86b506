"""Hypothesis over random legal play: the invariants of TR-01, TR-10, TR-15, points, replay."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.records import replay
from engine.trice.actions import MOVE, Action
from engine.trice.rules import LEVEL, OWNER, PYRAMIDS, Trice, TriceState, on_board
from tests.trice.helpers import play_random, record

pytestmark = pytest.mark.property

GAME = Trice()


def random_game(seed: int, turns: int) -> tuple[list[Action], list[TriceState]]:
    """A random legal game of ``turns`` turns at most (end turn is rarer, so pieces gather): actions and states."""
    states, actions = play_random(seed, turns=turns, ending=0.05)
    return actions, states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_TR01_TR10_invariants_hold_over_random_play(seed: int) -> None:
    actions, history = random_game(seed, 60)
    for before, action, after in zip(history, actions, history[1:]):
        for seat in range(3):
            assert on_board(after, seat) + after.reserve[seat] == PYRAMIDS  # TR-01
            assert after.reserve[seat] >= 0
        assert len(after.cells) == 16 and all(0 <= code <= 9 for code in after.cells)  # TR-10: one code a cell
        assert after.points >= 0
        if action.kind == MOVE:  # TR-15: never onto an own piece
            src, dst = action.src, action.dst
            target = before.cells[dst]
            assert not target or OWNER[target] != OWNER[before.cells[src]]
            assert LEVEL[before.cells[src]] <= before.points  # TR-06
        assert GAME.state_from_json(GAME.state_to_json(after)) == after


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_record_replays_to_the_same_state(seed: int) -> None:
    actions, history = random_game(seed, 40)
    texts = [GAME.format_action(a) for a in actions]
    first = replay(record(texts, turn_limit=40))
    second = replay(record(texts, turn_limit=40))
    assert first.states == history == second.states


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_next_state_never_mutates_its_input(seed: int) -> None:
    actions, history = random_game(seed, 25)
    for state, action in zip(history, actions):
        snapshot = GAME.state_to_json(state)
        GAME.next_state(state, action)
        assert GAME.state_to_json(state) == snapshot

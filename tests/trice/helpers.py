"""Shared helpers for the Trice tests: records, step-by-step replay, positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Dealer, IllegalAction, play_out
from engine.records import replay
from engine.trice.rules import Trice, TriceState, position

GAME = Trice()
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def record(actions: list[str], **options: Any) -> dict[str, Any]:
    """A Trice game record with fixed chance outcomes among ``actions``."""
    return {"game": "trice", "format": 1, "seats": SEATS, "options": options, "seed": 7, "actions": actions}


def replay_steps(steps: list[tuple[str, dict[str, str] | None, int | None]], **options: Any) -> list[TriceState]:
    """Replay ``(action, expected position, expected points)`` steps one by one.

    The whole list is first replayed as a record (engine.records.replay), then
    each state is checked: ``None`` skips a check.  Returns the states.
    """
    result = replay(record([a for a, _, _ in steps], **options), expect_game="trice")
    for index, (action, expected, points) in enumerate(steps, start=1):
        state = result.states[index]
        if expected is not None:
            assert position(state) == expected, f"after step {index} ({action})"
        if points is not None:
            assert state.points == points, f"points after step {index} ({action})"
    return result.states


def refused(state: TriceState, action: str, *words: str) -> None:
    """``action`` is refused in ``state`` with a reason containing every one of ``words``."""
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.parse_action(action))
    for word in words:
        assert word in str(info.value), str(info.value)


def legal(state: TriceState) -> set[str]:
    return {GAME.format_action(a) for a in GAME.legal_actions(state)}


def played_positions(seed: int, *, turns: int = 12) -> list[TriceState]:
    """Every position of one seeded random game, stopped by a turn limit of ``turns`` (played by ``play_out``)."""
    rng = random.Random(seed)
    start = GAME.new(3, {"turn_limit": turns})
    _, actions = play_out(GAME, start, lambda game, state, _seat: rng.choice(game.legal_actions(state)), Dealer(seed))
    states = [start]
    for action in actions:
        states.append(GAME.next_state(states[-1], action))
    return states

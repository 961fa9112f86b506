"""Shared helpers for the Siege tests: records with fixed chance, replayed step by step."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from engine.core import Dealer, IllegalAction, play_out
from engine.records import Replay, replay
from engine.siege import Siege
from engine.siege.actions import Action, Fire
from engine.siege.state import SiegeState

GAME = Siege()
#: an action from its record text: the scenarios are written as records
act = GAME.parse_action


def texts(actions: Iterable[Any]) -> list[str]:
    """The record texts of ``actions`` (or of chance outcomes' actions, with their chances dropped)."""
    return [GAME.format_action(a[0] if isinstance(a, tuple) else a) for a in actions]


def outcome_texts(outcomes: Iterable[tuple[Any, float]]) -> list[tuple[str, float]]:
    """Chance outcomes as (record text, chance)."""
    return [(GAME.format_action(a), p) for a, p in outcomes]
#: the unscattered outcome of a shot
STILL = "scatter +0 +0"

#: zero-scatter aims that hit a known target at the start (the regression table's core)
AIM = {
    # Blue (seat 0) shooting at Fort Island
    (0, "door"): "fire cannon 17 92",
    (0, "door mortar"): "fire mortar 45 84",
    (0, "bowsprit"): "fire mortar 45 74",
    (0, "t3"): "fire mortar 45 89",
    (0, "s3"): "fire cannon 14 96",
    (0, "a2"): "fire cannon 17 88",
    (0, "a1"): "fire mortar 45 81",
    (0, "f1"): "fire mortar 45 93",
    (0, "boat"): "fire mortar 45 82",
    # Red (seat 1) shooting at Crab Claw Island
    (1, "p2"): "fire mortar 48 87",
    (1, "palisade 2"): "fire cannon 16 99",
    (1, "palisade 3"): "fire cannon 16 98",
    (1, "c1"): "fire cannon 18 100",
    (1, "s3"): "fire cannon 14 96",
    (1, "a2"): "fire cannon 17 88",
    (1, "a1"): "fire mortar 45 81",
    (1, "i1"): "fire mortar 45 91",
    (1, "i2"): "fire mortar 45 89",
    (1, "bowsprit"): "fire mortar 45 74",
}


def record(actions: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Siege game record with every chance outcome written in ``actions``."""
    return {
        "game": "siege",
        "format": GAME.format_version,
        "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "options": options or {},
        "seed": 1,
        "actions": actions,
    }


def run(actions: list[str], options: dict[str, Any] | None = None) -> Replay:
    """Replay ``actions`` from the start through the record checker."""
    return replay(record(actions, options))


def final(actions: list[str], options: dict[str, Any] | None = None) -> SiegeState:
    return run(actions, options).final


def refusal(state: SiegeState, action: Any) -> str:
    """The reason ``action`` (or its record text) is refused in ``state`` (fails if it is accepted)."""
    action = act(action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    return info.value.reason


def spend(state: SiegeState, seat: int, actions: list[str]) -> SiegeState:
    """Apply ``actions`` (record texts) one by one, checking the seat keeps the turn."""
    for action in actions:
        assert GAME.turn_seat(state) == seat
        state = GAME.apply(state, act(action))
    return state


def random_play(rng: random.Random, dealer: Dealer, start: SiegeState, *, calm: float,
                limit: int | None = None) -> tuple[list[SiegeState], list[Action]]:
    """The positions and actions of a random game played out from ``start`` (:func:`engine.core.play_out`).

    Chance is ``dealer``'s; with chance ``calm`` a side's action is drawn among its non-shots (the
    chest run, moves: the thousands of aims would drown them), else among all.  The first ``limit``
    actions are kept (all of them without one), with the position before each and after the last.
    """

    def choose(game: Siege, state: SiegeState, seat: int) -> Action:
        legal = game.legal_actions(state)
        if rng.random() < calm:
            return rng.choice([a for a in legal if not isinstance(a, Fire)])
        return rng.choice(legal)

    _, actions = play_out(GAME, start, choose, dealer)
    actions = actions[:limit]
    states = [start]
    for action in actions:
        states.append(GAME.apply(states[-1], action))
    return states, actions

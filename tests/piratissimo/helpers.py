"""Shared helpers for the Piratissimo tests: positions, records, replay."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.core import Dealer, play_out
from engine.piratissimo import HOME, Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.actions import Action
from engine.piratissimo.rules import ROLL
from engine.records import replay

GAME = Piratissimo()


def position(seats: int = 4, **changes: Any) -> PirState:
    """A position built with the engine's own state type: a fresh game with
    ``seat`` to roll, then the given fields replaced (``pos``, ``cargo``...)."""
    base = replace(GAME.new(seats), seat=0, phase=ROLL)
    state = replace(base, **changes)
    # keep the supply conserved: what is aboard or banked left the hold
    outside = sum(state.cargo) + sum(state.bank)
    if "hold" not in changes:
        state = replace(state, hold=D.TREASURES - outside)
    return state


def record(seats: int, actions: list[str]) -> dict[str, Any]:
    """A game record with fixed chance outcomes."""
    return {
        "game": "piratissimo",
        "format": GAME.format_version,
        "seats": [{"name": D.COLOURS[s].capitalize()} for s in range(seats)],
        "options": {},
        "seed": 0,
        "actions": actions,
    }


def replay_states(seats: int, actions: list[str]) -> list[PirState]:
    """Every state of a record replayed through the engine (start first)."""
    return replay(record(seats, actions), expect_game="piratissimo").states


def run(state: PirState, actions: list[str | Action]) -> list[PirState]:
    """Apply ``actions`` one by one with validation; every state, start first.

    A scenario may write its actions as a record does (``"die 3"``): text is parsed first.
    """
    states = [state]
    for action in actions:
        states.append(GAME.apply(states[-1], GAME.parse_action(action) if isinstance(action, str) else action))
    return states


def texts(actions: list[Action]) -> list[str]:
    """The actions' text, as records write them."""
    return [GAME.format_action(a) for a in actions]


def random_game(seats: int, seed: int) -> tuple[list[PirState], list[Action]]:
    """A game of random legal choices to its end (:func:`engine.core.play_out`, the dealer seeded with ``seed``
    too): every state, start first, and every action, chance outcomes included."""
    rng = random.Random(seed)
    start = GAME.new(seats)
    _, actions = play_out(GAME, start, lambda game, state, seat: rng.choice(game.legal_actions(state)), Dealer(seed))
    states = [start]
    for action in actions:
        states.append(GAME.next_state(states[-1], action))
    return states, actions


def total(state: PirState) -> int:
    """Hold plus every ship's cargo plus every bank."""
    return state.hold + sum(state.cargo) + sum(state.bank)


__all__ = ["GAME", "HOME", "position", "random_game", "record", "replay_states", "run", "texts", "total"]

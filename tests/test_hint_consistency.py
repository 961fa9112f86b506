"""The hint is one judgement: the move it suggests is the one its words rate best.

Seeded positions of every game (random legal play from a new game, stopped at a
seat's decision): the pick's chance is never below the next best's that the
words name, and both chances are the search's for the same seat.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.analysis import NoHint, hint
from engine.core import CHANCE, TERMINAL, Dealer

GAMES = ["trice", "piratissimo", "siege"]


def played_to(game: Any, seed: int, moves: int, wanted: Any) -> Any | None:
    """Random legal play from a new game for ``moves`` actions, then on to a state ``wanted`` accepts
    (None: the game ended, or none came within 300 more actions)."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = game.new(game.min_seats)
    for played in range(moves + 300):
        player = game.current_player(state)
        if player == TERMINAL:
            return None
        if played >= moves and wanted(state):
            return state
        action = dealer.pick(game, state) if player == CHANCE else rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return None


def decision_after(game: Any, seed: int, moves: int) -> Any | None:
    """A seat's decision after ``moves`` random actions (None: the game ended on the way)."""
    return played_to(game, seed, moves, lambda state: game.current_player(state) != CHANCE)


@pytest.mark.property
@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_the_hints_pick_is_never_rated_below_the_move_it_is_compared_with(name: str, seed: int, moves: int) -> None:
    game = engine.get(name)
    state = decision_after(game, seed, moves)
    if state is None:
        return  # the game ended on the way: no decision to hint
    try:
        found = hint(game, state, level="quick", seed=seed)
    except NoHint:
        return
    if found.runner_up_chance is not None:
        assert found.chance >= found.runner_up_chance, found.why
        assert found.seat == game.current_player(state)


def roll_with_a_choice_before_it(game: Any, seed: int, moves: int) -> Any | None:
    """A roll its seat may act before, after ``moves`` random actions (None: none came)."""
    return played_to(game, seed, moves, lambda state: game.current_player(state) == CHANCE
                     and bool(game.chance_step_actions(state)) and game.turn_seat(state) is not None)


@pytest.mark.property
@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_before_trices_roll_the_hint_weighs_placing_first_against_rolling(seed: int, moves: int) -> None:
    """Trice lets a seat place a piece before its dice: the hint is offered there, and its one judgement
    holds (placing first is suggested only when it reads better than rolling, and the other way round)."""
    game = engine.get("trice")
    state = roll_with_a_choice_before_it(game, seed, moves)
    assert state is not None  # Trice offers a free placement before most rolls
    for lang, words in (("en", ("It rates", "Roll first")), ("fr", ("Cela vous donne", "Lancez d'abord"))):
        found = hint(game, state, seed=seed, lang=lang)
        assert found.seat == game.turn_seat(state) and found.chance >= found.runner_up_chance, found.why
        if found.action is None:  # roll first: compared with the best placement before the roll
            assert found.why.startswith(words[1])
            assert game.parse_action(found.runner_up) in game.chance_step_actions(state)
        else:  # a placement first: compared with rolling
            assert game.parse_action(found.action) in game.chance_step_actions(state)
            assert words[0] in found.why and found.runner_up == "roll"

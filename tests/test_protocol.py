"""The generic protocol tests: every registered game must pass them.

Seeded random self-play to the end, JSON round trips of states and records,
replay determinism, ``apply`` never mutating its input, illegal actions
raising :class:`IllegalAction` with a reason, chance outcomes forming a
probability distribution.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine.core import CHANCE, TERMINAL, Dealer, Game, IllegalAction, InvalidAction
from engine.records import GameRecord, RecordError, Seat, replay

pytestmark = pytest.mark.protocol

GAMES = engine.names()
SEEDS = (1, 2, 3)


def seat_counts(game: Game[Any, Any]) -> list[int]:
    return sorted({game.min_seats, game.max_seats})


def random_game(game: Game[Any, Any], seats: int, seed: int, limit: int = 20_000) -> tuple[list[Any], list[Any]]:
    """Random legal play to the end: (states, actions)."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = game.new(seats)
    states, actions = [state], []
    for _ in range(limit):
        player = game.current_player(state)
        if player == TERMINAL:
            return states, actions
        action = dealer.pick(game, state) if player == CHANCE else rng.choice(game.legal_actions(state))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    raise AssertionError(f"{game.name} did not end within {limit} actions")


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    return engine.get(request.param)


@pytest.fixture(scope="module")
def played(game: Game[Any, Any]) -> list[tuple[int, list[Any], list[Any]]]:
    """A few seeded random games per seat count, shared by the tests below."""
    return [(seats, *random_game(game, seats, seed)) for seats in seat_counts(game) for seed in SEEDS]


def test_registry_knows_the_site_games() -> None:
    assert {"trice", "piratissimo", "siege"} <= set(engine.names())
    with pytest.raises(engine.UnknownGame, match="unknown game 'chess'"):
        engine.get("chess")


def test_random_self_play_reaches_an_outcome(game: Game[Any, Any], played: list[Any]) -> None:
    for seats, states, _ in played:
        final = states[-1]
        outcome = game.outcome(final)
        assert outcome is not None
        assert len(outcome.scores) == seats
        assert sum(outcome.scores) == pytest.approx(1.0)
        assert all(0 <= w < seats for w in outcome.winners)
        assert game.legal_actions(final) == []
        for state in states[:-1]:
            assert game.outcome(state) is None


def test_chance_outcomes_are_distributions(game: Game[Any, Any], played: list[Any]) -> None:
    for _, states, _ in played:
        for state in states:
            if game.current_player(state) == CHANCE:
                outcomes = game.chance_outcomes(state)
                assert outcomes
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                assert sorted(map(repr, (a for a, _ in outcomes))) == sorted(map(repr, game.legal_actions(state)))
            else:
                assert game.chance_outcomes(state) == []


def test_state_json_round_trip(game: Game[Any, Any], played: list[Any]) -> None:
    for _, states, _ in played:
        for state in states[:: max(1, len(states) // 40)] + [states[-1]]:
            data = game.state_to_json(state)
            text = json.dumps(data)
            assert game.state_from_json(json.loads(text)) == state


def test_action_text_round_trip(game: Game[Any, Any], played: list[Any]) -> None:
    for _, _, actions in played:
        for action in actions:
            assert game.parse_action(game.format_action(action)) == action


def test_record_round_trip_and_replay_determinism(game: Game[Any, Any], played: list[Any]) -> None:
    for seats, states, actions in played:
        record = GameRecord(
            game=game.name,
            format=game.format_version,
            seats=[Seat(name=f"P{i}") for i in range(seats)],
            options=game.options(states[0]),
            seed=1,
            actions=[game.format_action(a) for a in actions],
        )
        text = record.model_dump_json()
        first = replay(text)
        second = replay(json.loads(text))
        assert first.final == states[-1] == second.final
        assert first.states == states


def test_apply_never_mutates_its_input(game: Game[Any, Any]) -> None:
    rng = random.Random(9)
    dealer = Dealer(9)
    state = game.new(game.max_seats)
    for _ in range(300):
        if game.is_terminal(state):
            break
        snapshot = copy.deepcopy(state)
        json_before = json.dumps(game.state_to_json(state), sort_keys=True)
        action = dealer.pick(game, state) if game.is_chance(state) else rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        assert state == snapshot
        assert json.dumps(game.state_to_json(state), sort_keys=True) == json_before
        assert after is not state
        state = after


def test_illegal_actions_raise_with_a_reason(game: Game[Any, Any], played: list[Any]) -> None:
    _, states, actions = played[0]
    final = states[-1]
    with pytest.raises(IllegalAction) as refused:
        game.apply(final, actions[-1])
    assert isinstance(refused.value, ValueError)
    assert game.format_action(actions[-1]) in str(refused.value)
    # An action legal later is refused now, with words naming it.
    start = states[0]
    later = next(a for s, a in zip(states, actions) if a not in game.legal_actions(start))
    with pytest.raises(IllegalAction, match="illegal action") as refused:
        game.apply(start, game.parse_action(game.format_action(later)))  # well formed: it parses ...
    assert not isinstance(refused.value, InvalidAction)  # ... and the rules refuse it, which is another fault
    # Text that is no action at all is told apart (python-chess: InvalidMoveError and IllegalMoveError).
    for nonsense in ("this is not an action at all", "", "move", 7):
        with pytest.raises(InvalidAction, match="not an action") as invalid:
            game.parse_action(nonsense)  # type: ignore[arg-type]
        assert isinstance(invalid.value, IllegalAction)  # one except shows either to a player


def test_a_tampered_record_is_refused_with_its_index(game: Game[Any, Any], played: list[Any]) -> None:
    seats, states, actions = played[0]
    texts = [game.format_action(a) for a in actions]
    # Swap in an action that is illegal at that point: the final action, early.
    index = next(i for i, s in enumerate(states[:-1]) if texts[-1] not in map(game.format_action, game.legal_actions(s)))
    tampered = texts[:index] + [texts[-1]] + texts[index + 1 :]
    record = {
        "game": game.name,
        "format": game.format_version,
        "seats": [{"name": f"P{i}"} for i in range(seats)],
        "options": game.options(states[0]),
        "seed": 1,
        "actions": tampered,
    }
    with pytest.raises(RecordError, match=rf"action {index + 1} "):
        replay(record)


def test_seat_counts_outside_the_game_are_refused(game: Game[Any, Any]) -> None:
    with pytest.raises(engine.BadOptions, match=game.title):
        game.new(game.max_seats + 1)
    with pytest.raises(engine.BadOptions):
        game.new(game.min_seats - 1)


def test_turn_seat_and_describe_are_words(game: Game[Any, Any], played: list[Any]) -> None:
    _, states, actions = played[0]
    for state, action in list(zip(states, actions))[:200]:
        text = game.describe(state, action)
        assert isinstance(text, str) and text and "Traceback" not in text
        seat = game.turn_seat(state)
        assert seat is None or 0 <= seat < game.seats(state)

"""The search on the site's games: legal choices, score vectors, stand-in hooks, think time."""

from __future__ import annotations

import time

import pytest

import engine
from engine.ai import make_search_bot
from engine.ai.adapters import candidate_hook, evaluate_hook, softmax
from engine.ai.speed import sample_positions
from tests.ai.helpers import REAL_GAMES

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module")
def positions() -> dict[str, list]:
    return {name: sample_positions(engine.get(name), 3, seed=4) for name in REAL_GAMES}


@pytest.mark.parametrize("name", REAL_GAMES)
def test_choices_are_legal_and_score_vectors_have_one_entry_per_seat(name: str, positions: dict) -> None:
    game = engine.get(name)
    for index, state in enumerate(positions[name]):
        bot = make_search_bot(game, "mcts:hard:30", seed=index)
        action = bot.choose(game, state)
        assert action in game.legal_actions(state)
        game.apply(state, action)  # the engine accepts it
        if bot.last is not None:
            seats = game.seats(state)
            root = bot.last.root
            assert len(root.total) == seats
            assert root.visits == 30
            assert all(0.0 <= root.mean(s) <= 1.0 for s in range(seats))


@pytest.mark.parametrize("name", REAL_GAMES)
def test_same_seed_and_cap_give_the_same_search(name: str, positions: dict) -> None:
    """Determinism on the real games: the whole root summary repeats, not just the choice."""
    game = engine.get(name)
    state = positions[name][-1]
    first = make_search_bot(game, "mcts:medium:25", seed=8)
    second = make_search_bot(game, "mcts:medium:25", seed=8)
    assert first.choose(game, state) == second.choose(game, state)
    if first.last is not None:
        assert first.last.summary() == second.last.summary()


@pytest.mark.parametrize("name", REAL_GAMES)
def test_time_budget_holds_on_real_games(name: str, positions: dict) -> None:
    """Anytime: the easy level (0.22 s) answers within its bar plus one iteration's slack."""
    game = engine.get(name)
    state = positions[name][0]
    bot = make_search_bot(game, "mcts:easy", seed=1)
    started = time.perf_counter()
    bot.choose(game, state)
    assert time.perf_counter() - started < 1.5


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n in ("trice", "siege")])
def test_stand_in_evaluation_gives_win_shares(name: str, positions: dict) -> None:
    game = engine.get(name)
    evaluate = evaluate_hook(game)
    assert evaluate is not None
    for state in positions[name]:
        shares = evaluate(state)
        assert len(shares) == game.seats(state)
        assert sum(shares) == pytest.approx(1.0)
        assert all(0.0 <= x <= 1.0 for x in shares)


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n == "siege"])
def test_siege_candidates_are_few_legal_actions_aims_first(name: str, positions: dict) -> None:
    """Siege's thousands of aims shrink to the best aim per target, then the turn's other actions."""
    game = engine.get(name)
    candidates = candidate_hook(game)
    assert candidates is not None
    for state in positions["siege"]:
        legal = game.legal_actions(state)
        found = candidates(state)
        assert set(found) <= set(legal)
        assert len(found) < len(legal) / 10
        fires = [a for a in found if a.startswith("fire ")]
        if game.may_fire(state):
            assert fires and found[: len(fires)] == fires


def test_softmax_orders_and_normalises() -> None:
    shares = softmax([30.0, 10.0, -5.0], 10.0)
    assert shares[0] > shares[1] > shares[2]
    assert sum(shares) == pytest.approx(1.0)

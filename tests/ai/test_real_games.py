"""The search on the site's games: legal choices, score vectors, the games' search hooks, think time."""

from __future__ import annotations

import pytest

import engine
from engine.ai.speed import sample_positions
from engine.trice.ai import softmax
from tests.ai.helpers import REAL_GAMES, search_bot, spec_of, use_fake_clock

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module")
def positions() -> dict[str, list]:
    return {name: sample_positions(engine.get(name), 3, seed=4, spec=spec_of(engine.get(name))) for name in REAL_GAMES}


@pytest.mark.parametrize("name", REAL_GAMES)
def test_choices_are_legal_and_score_vectors_have_one_entry_per_seat(name: str, positions: dict) -> None:
    game = engine.get(name)
    for index, state in enumerate(positions[name]):
        bot = search_bot(game, "mcts:hard:30", seed=index)
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
    first = search_bot(game, "mcts:medium:25", seed=8)
    second = search_bot(game, "mcts:medium:25", seed=8)
    assert first.choose(game, state) == second.choose(game, state)
    if first.last is not None:
        assert first.last.summary() == second.last.summary()


#: Clock readings after a search's last iteration: the search's total, the bot's checks of its budget.
CLOSING_READINGS = 5


@pytest.mark.parametrize("name", REAL_GAMES)
def test_time_budget_holds_on_real_games(name: str, positions: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anytime: the easy level (0.2 s) stops on its time budget, before its iteration cap.

    The clock moves 10 ms at each reading, so 0.2 s allow about 20 iterations
    on any machine, far fewer than easy's cap of 200: a bot that ignored its
    budget would run to the cap, and one that overran it would read the clock
    past 0.2 s.
    """
    game = engine.get(name)
    state = positions[name][0]
    bot = search_bot(game, "mcts:easy", seed=1)
    clock = use_fake_clock(monkeypatch, tick=0.01)
    bot.choose(game, state)
    assert bot.last is not None  # the position has a choice to think about
    assert 1 <= bot.last.iterations < bot.level.iterations
    # No iteration starts past the budget; a few readings close the search (its
    # total time, the bot's own checks), so the clock ends a few ticks past it.
    assert clock.now <= bot.level.seconds + CLOSING_READINGS * clock.tick


@pytest.mark.parametrize("name", [n for n in REAL_GAMES if n in ("trice", "siege")])
def test_evaluation_gives_win_shares(name: str, positions: dict) -> None:
    game = engine.get(name)
    evaluate = spec_of(game).evaluate
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
    candidates = spec_of(game).candidate_actions
    assert candidates is not None
    for state in positions["siege"]:
        legal = game.legal_actions(state)
        found = candidates(state)
        assert set(found) <= set(legal)
        assert len(found) < len(legal) / 10
        fires = [a for a in found if game.format_action(a).startswith("fire ")]
        if game.may_fire(state):
            assert fires and found[: len(fires)] == fires


def test_siege_candidates_wait_for_the_two_compasses_choice() -> None:
    """Two compasses (SG-17): turn or stay comes first, so no shot is a candidate, and the search picks one of the two."""
    game = engine.get("siege")
    state = game.apply(game.apply(game.new(2), game.parse_action("first blue")), game.parse_action("dice 3 3"))  # 3: compass
    assert sorted(map(game.format_action, game.legal_actions(state))) == ["stay", "turn"]
    candidates = spec_of(game).candidate_actions
    assert candidates is not None
    assert sorted(map(game.format_action, candidates(state))) == ["stay", "turn"]
    for level in ("easy", "medium", "hard"):
        assert search_bot(game, f"mcts:{level}:20", seed=2).choose(game, state) in game.legal_actions(state)


def test_softmax_orders_and_normalises() -> None:
    shares = softmax([30.0, 10.0, -5.0], 10.0)
    assert shares[0] > shares[1] > shares[2]
    assert sum(shares) == pytest.approx(1.0)


def _trice_turn_start() -> tuple:
    from engine.trice.rules import Trice

    game = Trice()
    state = game.apply(game.apply(game.new(3), (6, 0, 0)), game.parse_action("roll 1 3 4"))
    return game, state


def test_trice_plans_are_whole_legal_turns_heuristic_first() -> None:
    """Trice's root choices are whole turns: legal step by step, ending in ``end``, distinct, best first."""
    from engine.trice.ai import HeuristicBot, end_score, turn_plans
    from engine.trice.rules import END_ACTION

    game, state = _trice_turn_start()
    plans = turn_plans(game, state, 8)
    assert 2 <= len(plans) <= 8
    ends = []
    for plan in plans:
        current = state
        for action in plan:
            assert action in game.legal_actions(current)
            before, current = current, game.apply(current, action)
        assert plan[-1] == END_ACTION
        ends.append((before.cells, end_score(before, state.seat)))
    assert len({cells for cells, _ in ends}) == len(ends)
    assert [v for _, v in ends] == sorted((v for _, v in ends), reverse=True)
    heuristic_end = state
    for action in HeuristicBot(1).plan(game, state)[:-1]:
        heuristic_end = game.apply(heuristic_end, action)
    assert end_score(heuristic_end, state.seat) == ends[0][1]


def test_trice_bot_plays_its_chosen_plan_through_the_turn() -> None:
    """The first decision of a turn searches over plans; the turn's later steps follow the plan."""
    game, state = _trice_turn_start()
    bot = search_bot(game, "mcts:hard:24", seed=3)
    seat = state.seat
    steps = 0
    while game.current_player(state) == seat:
        action = bot.choose(game, state)
        assert action in game.legal_actions(state)
        if steps == 0:
            assert bot.last is not None and bot.last.root.visits == 24
        else:
            assert bot.last is None  # no new search within the turn
        state = game.apply(state, action)
        steps += 1
    assert steps >= 2

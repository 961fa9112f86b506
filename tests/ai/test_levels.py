"""Bot names, difficulty levels and the easy level's deliberate imperfection."""

from __future__ import annotations

import pytest

from engine.ai import LEVELS, SearchBot, make_search_bot, parse_level
from engine.bots import UnknownBot, make_bot
from tests.pig import Pig, PigState

pytestmark = pytest.mark.unit


def test_levels_are_budgets_that_grow() -> None:
    easy, medium, hard = LEVELS["easy"], LEVELS["medium"], LEVELS["hard"]
    assert easy.seconds < medium.seconds < hard.seconds <= 3.0
    assert easy.iterations < medium.iterations < hard.iterations
    assert easy.blunder > 0 and medium.blunder == hard.blunder == 0


@pytest.mark.parametrize(
    ("name", "level", "seconds", "iterations"),
    [
        ("mcts", "medium", 0.75, 1000),
        ("mcts:easy", "easy", 0.2, 200),
        ("mcts:hard", "hard", 2.4, 4000),
        ("mcts:hard:300", "hard", None, 300),
        ("mcts:easy:40", "easy", None, 40),
    ],
)
def test_names_parse_to_levels(name: str, level: str, seconds: float | None, iterations: int) -> None:
    parsed = parse_level(name)
    assert (parsed.name, parsed.seconds, parsed.iterations) == (level, seconds, iterations)


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("mcts:genius", "unknown search level 'genius'"),
        ("mcts:hard:lots", "'lots' in 'mcts:hard:lots' is not an iteration count"),
        ("mcts:hard:0", "is not an iteration count"),
        ("mcts:hard:3:4", "is not a search bot name"),
    ],
)
def test_bad_names_are_refused_in_words(name: str, words: str) -> None:
    with pytest.raises(UnknownBot, match=words):
        parse_level(name)


def test_make_bot_reaches_the_search_bot() -> None:
    game = Pig()
    bot = make_bot(game, "mcts:medium:20", seed=1)
    assert isinstance(bot, SearchBot)
    assert bot.level.iterations == 20


def test_easy_sometimes_plays_the_runner_up_when_it_is_close() -> None:
    """Same seed and cap: easy and hard grow the same tree, and easy sometimes takes the runner-up."""
    game = Pig()
    state = PigState(banks=(0, 0), turn_total=4, seat=0, rolling=False, target=30)
    differ = 0
    for seed in range(40):
        easy = make_search_bot(game, "mcts:easy:100", seed)
        hard = make_search_bot(game, "mcts:hard:100", seed)
        easy_pick, hard_pick = easy.choose(game, state), hard.choose(game, state)
        ranked = [action for action, _, _ in hard.last.summary()]
        assert hard_pick == ranked[0]
        if easy_pick != hard_pick:
            differ += 1
            assert easy_pick == ranked[1]
    assert 3 <= differ <= 25  # about 30% of the close calls


def test_easy_never_gives_away_a_sure_win() -> None:
    """Rolling on is nearly as good here (about 0.95), but easy never passes up a move that wins at once."""
    game = Pig()
    state = PigState(banks=(25, 12), turn_total=6, seat=0, rolling=False, target=30)
    assert {make_search_bot(game, "mcts:easy:200", seed).choose(game, state) for seed in range(20)} == {"hold"}

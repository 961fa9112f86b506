"""Strength smoke checks on Pig (fast); the real figures come from the tournament command."""

from __future__ import annotations

import pytest

from engine.__main__ import play_match
from engine.bots import make_bot
from engine.examples.pig import Pig

pytestmark = pytest.mark.bots


def test_search_beats_random_at_pig() -> None:
    """Pig to 20, seats rotated: the search wins the large majority of 20 games against random play."""
    game = Pig()
    wins = 0.0
    for index in range(20):
        names = ["mcts:medium:150", "random"] if index % 2 == 0 else ["random", "mcts:medium:150"]
        bots = [make_bot(game, n, index * 10 + s) for s, n in enumerate(names)]
        final, _ = play_match(game, bots, seed=index, options={"target": 20})
        wins += game.returns(final)[names.index("mcts:medium:150")]
    assert wins >= 16


def test_three_player_search_beats_two_random_seats() -> None:
    """3-player Pig: the search's own score vector entry wins well over its fair third."""
    game = Pig()
    wins = 0.0
    for index in range(12):
        names = ["random", "random", "random"]
        names[index % 3] = "mcts:medium:150"
        bots = [make_bot(game, n, index * 10 + s) for s, n in enumerate(names)]
        final, _ = play_match(game, bots, seed=index, options={"target": 20})
        wins += game.returns(final)[index % 3]
    assert wins >= 7

"""Determinism: a fixed seed and iteration cap pin the whole search."""

from __future__ import annotations

import pytest

from engine.examples.pig import Pig, PigState
from tests.ai.helpers import search_bot

pytestmark = pytest.mark.unit

POSITIONS = [
    PigState((0, 0), 0, 0, False, 30),
    PigState((12, 20), 9, 1, False, 30),
    PigState((3, 11, 25), 4, 2, False, 30),
]


@pytest.mark.parametrize("state", POSITIONS)
def test_same_seed_and_cap_repeat_the_search_exactly(state: PigState) -> None:
    game = Pig()
    runs = []
    for _ in range(2):
        bot = search_bot(game, "mcts:hard:250", seed=42)
        runs.append((bot.choose(game, state), bot.last.summary(), bot.last.root.total))
    assert runs[0] == runs[1]


def test_the_choice_does_not_depend_on_earlier_decisions() -> None:
    """Each decision is seeded from the bot's seed and the position, not from the bot's history."""
    game = Pig()
    fresh = search_bot(game, "mcts:hard:200", seed=3)
    target = POSITIONS[1]
    expected = (fresh.choose(game, target), fresh.last.summary())
    used = search_bot(game, "mcts:hard:200", seed=3)
    for state in POSITIONS:
        used.choose(game, state)
    assert (used.choose(game, target), used.last.summary()) == expected


def test_thinking_in_slices_gives_the_same_search() -> None:
    """The worker's sliced search and a single choose() grow the same tree."""
    game = Pig()
    whole = search_bot(game, "mcts:medium:300", seed=5)
    action = whole.choose(game, POSITIONS[0])
    sliced = search_bot(game, "mcts:medium:300", seed=5)
    thinking = sliced.think(game, POSITIONS[0], slice_iterations=7)
    progress = []
    while True:
        try:
            progress.append(next(thinking))
        except StopIteration as done:
            assert done.value == action
            break
    assert progress[:3] == [7, 14, 21] and progress[-1] < 300
    assert sliced.last.summary() == whole.last.summary()


def test_another_seed_grows_another_tree() -> None:
    """The seed matters: the statistics differ (the choice may agree)."""
    game = Pig()
    a = search_bot(game, "mcts:hard:250", seed=1)
    b = search_bot(game, "mcts:hard:250", seed=2)
    a.choose(game, POSITIONS[0])
    b.choose(game, POSITIONS[0])
    assert a.last.root.total != b.last.root.total

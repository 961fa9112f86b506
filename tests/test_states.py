"""``state_from_json`` checks every field: an impossible state is a BadState in words, at once.

Seat 5 was accepted (and failed later with IndexError); 1e400 raised
OverflowError.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.core import BadState, Dealer

pytestmark = pytest.mark.unit


def mid_game(name: str, steps: int = 40, seed: int = 4) -> dict[str, Any]:
    """A position of a seeded game where a seat decides, as JSON data."""
    game = engine.get(name)
    state, dealer = game.new(game.min_seats), Dealer(seed)
    for step in range(steps):
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        state = game.apply(state, dealer.pick(game, state) if game.is_chance(state) else actions[step % len(actions)])
    while game.is_chance(state) and not game.is_terminal(state):  # a seat's decision, not a die in the air
        state = game.apply(state, dealer.pick(game, state))
    return game.state_to_json(state)


def put(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A mutation setting ``path`` (``sides.0.spots``) to ``value``."""
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return mutate


CASES: list[tuple[str, str, Any, str]] = [
    ("trice", "seat", 5, "seat must be a whole number from -1 to 2, not 5"),
    ("trice", "turn", float("inf"), "turn must be a whole number from 0 to 300, not inf"),
    ("trice", "points", 1e300, "points must be a whole number from 0 to 12"),
    ("trice", "phase", "2", "phase must be a whole number from 0 to 4, not '2'"),
    ("trice", "layout", ["peace-b1"], "layout must be one of"),
    ("trice", "reserve.0", 3, "Red has"),
    ("trice", "free_used", "yes", "free_used must be true or false"),
    ("piratissimo", "seat", 5, "seat must be a whole number from -1 to 1, not 5"),
    ("piratissimo", "hold", float("inf"), "hold must be a whole number from 0 to 50, not inf"),
    ("piratissimo", "pos", [1, 2, 3], "cargo must be a list of 3 items"),
    ("piratissimo", "news", [[1, 9, 0, 0, -1]], "news[0][1] must be a whole number from 0 to 1, not 9"),
    ("piratissimo", "bank.0", 40, "must add up to the 50 treasures"),
    ("siege", "seat", 5, "seat must be a whole number from 0 to 1, not 5"),
    ("siege", "points", float("nan"), "points must be a whole number from 0 to 10, not nan"),
    ("siege", "sides.0.spots", ["boat", "t1"], "sides[0].spots[1] must be one of"),
    ("siege", "sides.1.captain", "c1", "sides[1].captain must be one of"),
    ("siege", "sides.0.setting", [[10, 70], [99, 80]], "sides[0].setting[1][0] must be a whole number from 45 to 85"),
    ("siege", "aim", ["cannon", 10, 70], "a shot is in the air (aim) only while its scatter is drawn"),
    ("siege", "sides", [], "sides must be a list of 2 items"),
]


@pytest.mark.parametrize("name, path, value, words", CASES)
def test_an_impossible_state_is_a_bad_state_in_words(name: str, path: str, value: Any, words: str) -> None:
    game = engine.get(name)
    good = mid_game(name)
    assert game.state_to_json(game.state_from_json(copy.deepcopy(good))) == good
    data = copy.deepcopy(good)
    put(path, value)(data)
    with pytest.raises(BadState) as refused:
        game.state_from_json(data)
    message = str(refused.value)
    assert message.startswith(f"not a {game.title} state: ") and words in message, message
    assert isinstance(refused.value, ValueError) and len(message) < 400

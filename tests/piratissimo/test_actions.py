"""Piratissimo's actions as values: each kind's text and parse are exact inverses, and text that is no action
is told apart (``InvalidAction``, naming it) from an action the rules refuse (``IllegalAction`` with its refusal)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Dealer, IllegalAction, InvalidAction, play_out
from engine.piratissimo.actions import (
    ACTION_KINDS,
    PASS,
    PIRATE,
    TORNADO,
    Compass,
    Die,
    Home,
    Load,
    Sail,
    Start,
    Tornado,
    format_action,
    parse_action,
)
from tests.piratissimo.helpers import GAME, HOME, position

pytestmark = pytest.mark.unit

#: One of each kind and shape, with the text records have always written for it.
EXAMPLES = [
    (Start(0), "start red"), (Start(3), "start yellow"), (Die(3), "die 3"), (Die(TORNADO), "die tornado"),
    (Sail(2), "sail 3"), (Sail(4, 1), "sail 5 via 2"), (Home(), "home"), (Home(19), "home via 20"),
    (Load(0), "load 0"), (PIRATE, "pirate"), (PASS, "pass"), (Compass(0), "compass 1"), (Compass(7), "compass 8"),
    (Tornado(4), "tornado 4"),
]


@pytest.mark.parametrize("action, text", EXAMPLES)
def test_each_kind_writes_the_text_records_keep_and_reads_it_back(action, text: str) -> None:
    assert format_action(action) == GAME.format_action(action) == text
    assert parse_action(text) == GAME.parse_action(text) == action


def test_kinds_with_the_same_number_are_different_actions() -> None:
    """A value's kind is part of it: ``load 3`` is not ``tornado 3`` (tuples would say they are)."""
    assert len({Load(3), Tornado(3), Die(3), Compass(2), Start(3)}) == 5
    assert Load(3) != Tornado(3) and hash(Load(3)) == hash(Load(3))


@pytest.mark.property
@settings(max_examples=20, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_every_action_of_a_random_game_survives_its_text(seats: int, seed: int) -> None:
    """``parse(format(a)) == a`` for every legal action and chance outcome met along a random game."""
    import random

    rng = random.Random(seed)
    seen = []

    def choose(game, state, seat):
        seen.extend(game.legal_actions(state))
        return rng.choice(game.legal_actions(state))

    _, played = play_out(GAME, GAME.new(seats), choose, Dealer(seed))
    for action in [*seen, *played]:
        assert isinstance(action, ACTION_KINDS)
        assert parse_action(format_action(action)) == action


#: Texts built from the actions' words and numbers: well-formed or not, nearly so or far from it.
WORDS = st.sampled_from(["start", "die", "sail", "home", "load", "pirate", "pass", "compass", "tornado", "via",
                         "red", "blue", "purple", "tornado", "fly"])
NUMBERS = st.one_of(st.integers(0, 40).map(str), st.sampled_from(["007", "-1", "+3", "３", "²", "1e3", "9" * 12]))
TEXTS = st.one_of(
    st.lists(st.one_of(WORDS, NUMBERS), min_size=0, max_size=4).map(" ".join),
    st.lists(st.one_of(WORDS, NUMBERS), min_size=1, max_size=4).map("  ".join),
    st.text(max_size=12),
)


@pytest.mark.property
@settings(max_examples=400, deadline=None)
@given(text=TEXTS)
def test_a_text_is_an_action_written_exactly_so_or_no_action_named_in_the_error(text: str) -> None:
    """``format(parse(t)) == t`` for every text that parses; any other raises ``InvalidAction`` naming it."""
    try:
        action = parse_action(text)
    except InvalidAction as exc:
        assert exc.action == text and "Piratissimo knows" in str(exc)
        return
    assert format_action(action) == text


@pytest.mark.parametrize("text", ["load 07", "sail +3", "tornado ３", "die  3", "sail 5 via", "home via x",
                                  "sail 1234567890", "Pirate", " pass", "pass "])
def test_numbers_and_spaces_are_written_one_way(text: str) -> None:
    with pytest.raises(InvalidAction, match="Piratissimo knows"):
        GAME.parse_action(text)


def test_a_well_formed_action_the_rules_refuse_is_illegal_with_its_refusal_not_invalid() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME)), Die(3))  # at island 3's closed chest of 3
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(rolled, GAME.parse_action("load 4"))
    assert not isinstance(caught.value, InvalidAction)
    assert caught.value.refusal is not None and caught.value.refusal.key == "chest_limit"
    assert "'load 4'" in str(caught.value)


def test_what_is_no_action_has_no_text() -> None:
    with pytest.raises(TypeError):
        format_action("load 3")  # type: ignore[arg-type]
    with pytest.raises(InvalidAction, match="must be text"):
        parse_action(3)  # type: ignore[arg-type]

"""Trice's actions: the typed values, and their text form read and written by a pair of exact inverses."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, InvalidAction
from engine.trice.actions import (
    DONE_ACTION,
    END_ACTION,
    FIRSTS,
    MOVES,
    NUKES,
    PLACES,
    ROLL_OUTCOMES,
    Action,
    Kind,
)
from engine.trice.rules import Trice, setup
from tests.trice.helpers import played_positions

GAME = Trice()

#: Every action the rules can ever list, chance outcomes included.
EVERY_ACTION = ([a for row in MOVES for a in row] + [a for pair in PLACES for a in pair] + list(NUKES) + list(FIRSTS)
                + [a for a, _ in ROLL_OUTCOMES] + [END_ACTION, DONE_ACTION])


def test_every_action_reads_back_from_its_text() -> None:
    texts = [a.text() for a in EVERY_ACTION]
    assert len(set(texts)) == len(EVERY_ACTION) == 16 * 16 + 6 + 16 + 3 + 20 + 2
    for action, text in zip(EVERY_ACTION, texts):
        back = Action.parse(text)
        assert back == action and type(back) is Action and back.text() == text
        assert GAME.parse_action(text) == action and GAME.format_action(action) == text


def test_the_text_form_is_the_one_records_have_always_carried() -> None:
    # records, saves, share links, lessons and data-act selectors hold these strings
    assert [a.text() for a in (Action.move(1, 2), Action.place(2), Action.place(3, True), END_ACTION,
                               Action.nuke(5), DONE_ACTION, Action.roll((4, 1, 3)), Action.first(0))] == [
        "move b1 b2", "place 2", "place 3 free", "end", "nuke c2", "done", "roll 1 3 4", "first red"]
    assert [f.text() for f in FIRSTS] == ["first red", "first green", "first blue"]


def test_actions_equal_the_plain_tuples_they_replace() -> None:
    # (kind, a, b) with the kinds' old numbers: code and records made with tuples mean the same actions
    assert Action.move(1, 2) == (0, 1, 2) and hash(Action.move(1, 2)) == hash((0, 1, 2))
    assert Action.place(2, True) == (1, 2, 1) and END_ACTION == (2, 0, 0) and Action.nuke(5) == (3, 5, 0)
    assert DONE_ACTION == (4, 0, 0) and Action.roll((1, 3, 4)) == (5, 134, 0) and Action.first(2) == (6, 2, 0)
    assert GAME.format_action((0, 1, 2)) == "move b1 b2"
    assert Action.move(1, 2) != Action.place(1, True) and len({Action.move(1, 1), Action.place(1, True)}) == 2


def test_actions_are_read_by_name() -> None:
    move, place, roll = Action.parse("move b1 b2"), Action.parse("place 2 free"), Action.parse("roll 4 1 3")
    assert (move.kind, move.src, move.dst) == (Kind.MOVE, 1, 2)
    assert (place.kind, place.level, place.free) == (Kind.PLACE, 2, True)
    assert (roll.kind, roll.dice) == (Kind.ROLL, (1, 3, 4))
    assert Action.parse("nuke c2").cell == 5 and Action.parse("first blue").seat == 2
    assert repr(move) == "Action('move b1 b2')"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_parse_and_format_are_inverses_over_every_legal_action_of_played_positions(seed: int) -> None:
    for state in played_positions(seed):
        offered = GAME.legal_actions(state) + GAME.chance_step_actions(state)
        for action in offered:
            text = GAME.format_action(action)
            assert type(action) is Action
            assert GAME.parse_action(text) == action
            assert GAME.format_action(GAME.parse_action(text)) == text


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(
    st.text(max_size=20),
    st.lists(st.sampled_from(["move", "place", "nuke", "roll", "first", "end", "done", "free", "a1", "b2", "c9",
                              "0", "1", "3", "4", "5", "red", "Red", "pink", " ", "\t"]), max_size=5).map(" ".join),
))
def test_a_line_is_an_action_or_an_invalid_action_naming_it(text: str) -> None:
    try:
        action = Action.parse(text)
    except InvalidAction as error:
        assert error.action == text and error.refusal is None
        return
    assert Action.parse(action.text()) == action  # a loose spelling reads as its one canonical text


@pytest.mark.parametrize("text", ["", "fly b2", "move b2", "move b2 z9", "place 4", "place 2 gratis", "roll 1 2",
                                  "roll 1 2 5", "first pink", "first Red", "end now", "nuke", "done 1"])
def test_syntax_errors_are_invalid_actions(text: str) -> None:
    with pytest.raises(InvalidAction) as info:
        GAME.parse_action(text)
    assert info.value.action == text and "Trice actions are" in str(info.value)


def test_a_line_that_is_not_text_is_an_invalid_action() -> None:
    with pytest.raises(InvalidAction, match="an action is a line of text"):
        GAME.parse_action(7)  # type: ignore[arg-type]


def test_a_well_formed_action_the_rules_refuse_is_illegal_not_invalid() -> None:
    state = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, Action.parse("move b1 d7"))
    assert not isinstance(info.value, InvalidAction)
    assert info.value.refusal is not None and info.value.refusal.rule == "TR-14"


TEXTS = ["first red", "first blue", "roll 1 3 4", "roll 4 4 4", "move b2 b1", "move c2 c3", "place 1",
         "place 3 free", "end", "nuke d4", "done"]


@pytest.mark.parametrize("text", TEXTS)
def test_format_and_parse_are_inverses(text: str) -> None:
    assert GAME.format_action(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "jump", "move b2", "move z9 b1", "place 4", "place 2 cheap",
                                  "roll 1 2", "roll 0 1 2", "first purple", "end now"])
def test_nonsense_text_is_refused_with_the_action_forms(text: str) -> None:
    with pytest.raises(IllegalAction, match="Trice actions are"):
        GAME.parse_action(text)

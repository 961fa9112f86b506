"""Trice's click vocabulary (ui/games/trice/gestures.py): the gestures the page writes read back as themselves."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import InvalidAction
from engine.trice.actions import CELL_NAMES, DONE_ACTION, Action
from engine.trice.rules import Trice, setup
from tests.trice.helpers import played_positions
from ui.app.view import SeatInfo, ViewContext
from ui.games.trice.gestures import Deselect, Play, Select, Tap, Why, parse_gesture
from ui.games.trice.page import View

pytestmark = pytest.mark.view

GAME = Trice()
VIEW = View()
SEATS = (SeatInfo("You", "human"), SeatInfo("Green", "human"), SeatInfo("Blue", "human"))

cells = st.sampled_from(CELL_NAMES)
actions = st.sampled_from([a for state in played_positions(3) for a in GAME.legal_actions(state)])
gestures = st.one_of(cells.map(Select), st.just(Deselect()), cells.map(Tap), actions.map(Why), actions.map(Play))


@settings(max_examples=200, deadline=None)
@given(gesture=gestures)
def test_a_gesture_reads_back_from_its_text(gesture) -> None:
    text = gesture.text()
    assert parse_gesture(text) == gesture and parse_gesture(text).text() == text


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), lang=st.sampled_from(["en", "fr"]))
def test_every_data_act_the_page_draws_is_a_gesture_written_as_it_reads(seed: int, lang: str) -> None:
    for state in played_positions(seed, turns=4)[::3]:
        for seat in range(3):
            ctx = ViewContext(seats=SEATS, interactive_seat=seat, lang=lang, you=seat)
            html = "".join(VIEW.regions(GAME, state, None, ctx).values())
            for text in set(re.findall(r'data-act="([^"]*)"', html)):
                assert parse_gesture(text).text() == text


@pytest.mark.parametrize("text", ["", "wave c2", "select", "select b1 b2", "tap", "tap en c2", "deselect b1",
                                  "why", "do", "chance"])
def test_an_unknown_gesture_is_a_value_error_in_words(text: str) -> None:
    with pytest.raises(ValueError, match="is not a Trice gesture: the board and its buttons send"):
        parse_gesture(text)
    with pytest.raises(ValueError, match="is not a Trice gesture"):
        VIEW.handle(GAME, setup({"b1": "R1"}, 0, dice=(1, 1, 1)), None, text, ViewContext(seats=(), interactive_seat=0))


def test_an_action_no_rule_knows_is_an_invalid_action() -> None:
    with pytest.raises(InvalidAction):
        parse_gesture("why place 9")
    assert parse_gesture("why  done") == Why(DONE_ACTION)  # blanks as the actions read them


def test_the_view_plays_a_do_as_the_session_would() -> None:
    state = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
    assert VIEW.handle(GAME, state, "b1", "do move b1 b2", ViewContext(seats=(), interactive_seat=0)) == (
        None, Action.parse("move b1 b2"))


def test_the_gestures_are_the_texts_lessons_and_browser_tests_name() -> None:
    # ui/games/trice/lessons/'s targets and tests/e2e's data-act selectors hold these strings
    assert [g.text() for g in (Select("a1"), Deselect(), Tap("c2"), Why(Action.parse("place 2")),
                               Play(Action.parse("move a1 b2")), Play(Action.parse("place 3 free")))] == [
        "select a1", "deselect", "tap c2", "why place 2", "do move a1 b2", "do place 3 free"]

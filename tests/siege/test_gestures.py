"""Siege's click vocabulary (ui/games/siege/gestures.py): every gesture's text and parse are exact inverses, nonsense is
refused in words, and every gesture the page writes is one the view reads."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.siege.actions import FIRE_ACTIONS, MOVES
from tests.siege.helpers import GAME, final
from ui.app.view import SeatInfo, ViewContext
from ui.games.siege.gestures import (
    DIALS,
    DRAWINGS,
    Cancel,
    ChooseWeapon,
    Deselect,
    Do,
    Drag,
    Enemy,
    FireButton,
    Key,
    Nudge,
    Pick,
    Release,
    Select,
    SetDial,
    parse_gesture,
)
from ui.games.siege.page import View

pytestmark = pytest.mark.view

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=12)
points = st.floats(allow_nan=False, allow_infinity=False, width=64)
whole = st.integers(min_value=-1000, max_value=1000)
GESTURES = st.one_of(
    st.builds(Drag, st.sampled_from(DRAWINGS), points, points),
    st.builds(Release, st.sampled_from(DRAWINGS), points, points),
    st.builds(Cancel, st.sampled_from(DRAWINGS)),
    st.builds(SetDial, st.sampled_from(DIALS), whole),
    st.builds(Nudge, st.sampled_from(DIALS), whole),
    st.builds(ChooseWeapon, st.sampled_from(("cannon", "mortar"))),
    st.builds(Key, words),
    st.builds(Select, words),
    st.builds(Enemy, words),
    st.builds(Do, st.sampled_from(FIRE_ACTIONS[::97] + tuple(MOVES.values())[::7])),
    st.just(FireButton()),
    st.just(Pick()),
    st.just(Deselect()),
)


@given(GESTURES)
def test_parse_and_text_are_exact_inverses(gesture) -> None:
    text = gesture.text()
    assert parse_gesture(text) == gesture
    assert parse_gesture(text).text() == text


@pytest.mark.parametrize("text", ["", "wave", "drag aim 1", "drag hand 1 2", "drag aim nan 2", "set angle lots",
                                  "set colour 3", "nudge power x", "weapon laser", "key", "select", "select a b",
                                  "fire now", "do", "do fly away", "cancel"])
def test_an_unknown_gesture_is_refused_in_words_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="is no Siege gesture: they are drag, release") as info:
        parse_gesture(text)
    assert repr(text) in str(info.value)


def test_every_gesture_the_page_writes_is_one_it_reads() -> None:
    ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("Bob", "human")), interactive_seat=0, you=0)
    view = View()
    state = final(["first blue", "dice 4 4"])
    ui, _ = view.handle(GAME, state, None, "pick", ctx)
    found = set()
    for ui_state in (None, ui, view.handle(GAME, state, None, "select s1", ctx)[0]):
        for region in view.regions(GAME, state, ui_state, ctx).values():
            found |= set(re.findall(r'data-act="([^"]+)"', region))
            found |= {f"{prefix} 42" for prefix in re.findall(r'data-input="([^"]+)"', region)}
    assert {"pick", "fire", "deselect", "select s1", "do end", "weapon mortar", "set angle 42"} <= found
    assert any(text.startswith("enemy ") for text in found) and any(text.startswith("do move s1 ") for text in found)
    for text in found:
        assert parse_gesture(text).text() == text

"""Siege's actions as values (engine/siege/actions.py): the texts records keep, each kind's parse and text, and
syntax errors told apart from illegal moves."""

from __future__ import annotations

import re

import pytest

from engine.core import IllegalAction, InvalidAction
from engine.siege.actions import KINDS, format_action, parse_action
from tests.siege.helpers import GAME

pytestmark = pytest.mark.unit


def test_the_record_texts_are_the_ones_records_have_always_kept():
    """Records, saves, share links and lessons keep these texts: every chance outcome and aim writes them as before."""
    from engine.siege.actions import DICE_OUTCOMES, FIRE_ACTIONS, SCATTER_OUTCOMES, START_OUTCOMES
    from engine.siege.scene import WEAPONS

    for name, weapon in WEAPONS.items():
        assert [format_action(a) for a, _ in SCATTER_OUTCOMES[name]] == [f"scatter {da:+g} {dp:+g}"
                                                                         for da, dp, _ in weapon.scatter]
    assert {format_action(a) for a in FIRE_ACTIONS} == {
        f"fire {name} {angle} {power}" for name, w in WEAPONS.items()
        for angle in range(w.angles[0], w.angles[1] + 1) for power in range(w.powers[0], w.powers[1] + 1)}
    assert [format_action(a) for a, _ in DICE_OUTCOMES[2]] == ["dice 3 3", "dice 3 4", "dice 3 5", "dice 4 4",
                                                               "dice 4 5", "dice 5 5"]
    assert [format_action(a) for a, _ in START_OUTCOMES] == ["first blue", "first red"]
    for text in ("end", "turn", "stay", "row out", "load", "row back", "replace a1", "move c1 p2", "crew s1",
                 "scatter -0.5 +0", "fire cannon 12 80"):
        assert format_action(parse_action(text)) == text


def test_each_kind_parses_only_its_own_text_and_a_syntax_error_names_the_input():
    for kind in KINDS:
        action = kind.parse(kind.EXAMPLE)
        assert isinstance(action, kind) and action.text() == kind.EXAMPLE
        for other in KINDS:
            if other is not kind:
                with pytest.raises(InvalidAction, match=re.escape(repr(other.EXAMPLE))):
                    kind.parse(other.EXAMPLE)
    with pytest.raises(InvalidAction) as info:
        parse_action("fire cannon ten 70")
    assert info.value.action == "fire cannon ten 70"
    with pytest.raises(TypeError):
        format_action("end")


def test_parse_refuses_nonsense_and_normalises_spacing():
    assert GAME.format_action(GAME.parse_action("fire  cannon 07 080")) == "fire cannon 7 80"
    assert GAME.format_action(GAME.parse_action("scatter -0.50 +1.0")) == "scatter -0.5 +1"
    assert GAME.format_action(GAME.parse_action("move c1 p2")) == "move c1 p2"
    assert GAME.format_action(GAME.parse_action("dice 5 3")) == "dice 3 5"
    assert GAME.format_action(GAME.parse_action("scatter 1 -2")) == "scatter +1 -2"
    for text in ("fly away", "fire laser 10 10", "dice 7", "", "move"):
        with pytest.raises(IllegalAction) as info:
            GAME.parse_action(text)
        assert "Siege actions are" in info.value.reason

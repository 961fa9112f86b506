"""Refused actions: each says why in words a player understands."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.piratissimo import HOME
from engine.piratissimo.game import ROLL
from engine.records import RecordError
from tests.piratissimo.helpers import GAME, position, replay_states, run

pytestmark = pytest.mark.unit


def refused(state, action: str, words: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert words in str(caught.value), str(caught.value)
    assert repr(action) in str(caught.value)


def test_PI04_loading_more_than_the_closed_chest_allows() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME)), "die 3")
    refused(rolled, "load 4", "the closed chest on island 3 allows at most 3 treasures (PI-04)")


def test_PI04_loading_more_than_the_hold_has() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME), hold=2), "die 3")
    refused(rolled, "load 3", "the hold has only 2 treasures left")
    refused(rolled, "load 4", "allows at most 3 treasures (PI-04)")


def test_PI08_shortcut_without_a_treasure_to_pay() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME)), "die 3")
    assert GAME.legal_actions(rolled) == ["sail 3", "home"]
    refused(rolled, "sail 5 via 2", "a shortcut costs 1 treasure and Red's ship carries none (PI-08)")


def test_PI08_shortcut_where_no_blue_arrow_starts() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), "die 3")
    refused(rolled, "sail 7 via 4", "no blue arrow starts on that island along this move (PI-08)")


def test_PI02_sailing_to_an_island_the_die_does_not_reach() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME)), "die 3")
    refused(rolled, "sail 9", "this move does not end there (PI-02, PI-03); possible: sail 3, home")


def test_PI11_home_when_the_move_does_not_reach_it() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME), cargo=(1, 0)), "die 3")
    refused(rolled, "home", "Red's move does not reach its home port")


def test_PI09_tornado_too_far() -> None:
    state = run(position(2, pos=(5, 8)), ["die tornado"])[-1]
    refused(state, "tornado 5", "the tornado moves 1 to 4 islands along the white arrows (PI-09)")
    refused(state, "die 3", "Red must move the tornado now")


def test_PI07_piracy_without_a_ship_to_rob() -> None:
    state = position(2, pos=(5, 8))
    refused(state, "pirate", "the die must be rolled first: Red rolls the die now")


def test_PI07_must_answer_the_piracy_question_first() -> None:
    state = GAME.apply(position(2, pos=(2, 4), cargo=(0, 2)), "die 2")
    refused(state, "load 2", "Red must choose to attempt piracy or not first (pirate or pass, PI-07)")


def test_chance_steps_refuse_choices_and_bad_faces() -> None:
    state = position(2)
    assert state.phase == ROLL
    refused(state, "die 6", "'die 6' is not a face of the die; expected die 1..die 4 or die tornado")
    raid = run(position(2, pos=(2, 4), cargo=(0, 2)), ["die 2", "pirate"])[-1]
    refused(raid, "compass 9", "'compass 9' is not a compass sector")
    refused(raid, "pass", "the compass is spinning")


def test_load_when_no_chest_question_is_asked() -> None:
    state = GAME.apply(position(2, pos=(23, HOME)), "die 3")
    refused(state, "load 1", "Red must choose where to sail")


def test_parse_refuses_nonsense_text() -> None:
    for text in ("", "sail", "sail x", "load -1", "pirate now", "start purple", "die  3", "fly"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(text)


def test_record_with_an_illegal_load_is_refused_with_the_reason() -> None:
    with pytest.raises(RecordError, match=r"action 3 \('load 5'\) is refused: .*allows at most 3"):
        replay_states(2, ["start red", "die 3", "load 5"])


def test_refusals_in_french_name_the_same_rules() -> None:
    """A French page explains a refused move in French, citing the same clause (PI-04, PI-08)."""
    rolled = GAME.apply(position(2, pos=(HOME, HOME)), "die 3")
    assert GAME.why_illegal(rolled, "load 4", "fr") == "le coffre fermé de l’île 3 permet au plus 3 trésors (PI-04)"
    broke = GAME.apply(position(2, pos=(23, HOME)), "die 3")
    assert GAME.why_illegal(broke, "sail 5 via 2", "fr") == (
        "un raccourci coûte 1 trésor et le navire de Rouge n’en porte aucun (PI-08)")
    assert GAME.why_illegal(broke, "sail 5 via 2") == "a shortcut costs 1 treasure and Red's ship carries none (PI-08)"

"""Piratissimo in words: the log's sentences and the refusals, in English and French, each naming its rule."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.piratissimo import HOME
from engine.piratissimo.actions import PIRATE, Compass, Die, Home, Load, Sail, Tornado
from engine.piratissimo.rules import ROLL
from engine.records import RecordError
from tests.piratissimo.helpers import GAME, position, replay_states, run, texts

pytestmark = pytest.mark.unit


# == Set-up, chance steps, text and JSON forms, words for the log. =======================================


def test_describe_sentences_in_french() -> None:
    """French pages get a French log (same events, same order)."""
    state = position(2, pos=(1, HOME), cargo=(1, 0))
    rolled = GAME.apply(state, Die(2))
    assert GAME.describe(state, Die(2), "fr") == "Rouge obtient un 2."
    assert GAME.describe(rolled, Sail(5, 1), "fr") == (
        "Rouge navigue jusqu’à l’île 6 par le raccourci de l’île 2 (en payant 1 trésor)."
    )
    raid = GAME.apply(position(2, pos=(2, 4), cargo=(6, 3)), Die(2))
    assert GAME.describe(raid, PIRATE, "fr") == "Rouge tente la piraterie contre Bleu."
    spin = GAME.apply(raid, PIRATE)
    assert GAME.describe(spin, Compass(0), "fr") == (
        "La boussole s’arrête sur le secteur 1 : un rubis, Rouge prend 2 à Bleu et "
        "le navire de Rouge chavire avec 8 à bord et retourne au port."
    )
    home = GAME.apply(position(2, pos=(23, 5), cargo=(3, 0), bank=(6, 0)), Die(1))
    assert GAME.describe(home, Home(), "fr") == "Rouge rentre à son port, décharge 3 trésors au port et gagne la course."
    twister = run(position(2, pos=(5, 8), cargo=(0, 3), tornado=10), ["die tornado"])[-1]
    assert GAME.describe(twister, Tornado(2), "fr") == "Rouge déplace la tornade de 2 : elle s’arrête sur l’île 9."
    storm = GAME.apply(twister, Tornado(2))
    assert GAME.describe(storm, Compass(0), "fr") == (
        "La boussole s’arrête sur le secteur 1 : la tempête renvoie à la cale 2 trésors de chaque navire "
        "présent et Bleu en rend 2."
    )


def test_describe_sentences() -> None:
    state = position(2, pos=(1, HOME), cargo=(1, 0))
    rolled = GAME.apply(state, Die(2))
    assert GAME.describe(state, Die(2)) == "Red rolls a 2."
    assert GAME.describe(rolled, Sail(5, 1)) == (
        "Red sails to island 6 by the shortcut from island 2 (paying 1 treasure)."
    )
    raid = GAME.apply(position(2, pos=(2, 4), cargo=(6, 3)), Die(2))
    assert GAME.describe(raid, PIRATE) == "Red attempts piracy on Blue."
    spin = GAME.apply(raid, PIRATE)
    assert GAME.describe(spin, Compass(0)) == (
        "The compass stops on sector 1: a ruby, Red takes 2 from Blue and "
        "Red's ship capsizes with 8 aboard and goes back to port."
    )
    assert GAME.describe(spin, Compass(1)) == "The compass stops on sector 2: no ruby, Blue keeps the cargo."
    home = GAME.apply(position(2, pos=(23, 5), cargo=(3, 0), bank=(6, 0)), Die(1))
    # the acting ship's colour is said once
    assert GAME.describe(home, Home()) == "Red sails into its home port, banks 3 treasures and wins the race."
    twister = run(position(2, pos=(5, 8), cargo=(0, 3), tornado=10), ["die tornado"])[-1]
    assert GAME.describe(twister, Tornado(2)) == "Red moves the tornado 2: it stops on island 9."
    storm = GAME.apply(twister, Tornado(2))
    assert GAME.describe(storm, Compass(0)) == (
        "The compass stops on sector 1: the storm sends 2 treasures of each ship there back to the hold and "
        "Blue gives back 2."
    )


# == Refused actions: each says why in words a player understands. =======================================


def refused(state, text: str, words: str) -> None:
    """``text``, parsed, is refused in ``state`` with ``words``, and the refusal names the text."""
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, GAME.parse_action(text))
    assert words in str(caught.value), str(caught.value)
    assert repr(text) in str(caught.value)


def test_PI04_loading_more_than_the_closed_chest_allows() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME)), Die(3))
    refused(rolled, "load 4", "the closed chest on island 3 allows at most 3 treasures (PI-04)")


def test_PI04_loading_more_than_the_hold_has() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME), hold=2), Die(3))
    refused(rolled, "load 3", "the hold has only 2 treasures left")
    refused(rolled, "load 4", "allows at most 3 treasures (PI-04)")


def test_PI08_shortcut_without_a_treasure_to_pay() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME)), Die(3))
    assert texts(GAME.legal_actions(rolled)) == ["sail 3", "home"]
    refused(rolled, "sail 5 via 2", "a shortcut costs 1 treasure and Red's ship carries none (PI-08)")


def test_PI08_shortcut_where_no_blue_arrow_starts() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), Die(3))
    refused(rolled, "sail 7 via 4", "no blue arrow starts on that island along this move (PI-08)")


def test_PI02_sailing_to_an_island_the_die_does_not_reach() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME)), Die(3))
    refused(rolled, "sail 9", "this move does not end there: it may go to island 3 or home (PI-02, PI-03)")


def test_PI11_home_when_the_move_does_not_reach_it() -> None:
    rolled = GAME.apply(position(2, pos=(HOME, HOME), cargo=(1, 0)), Die(3))
    refused(rolled, "home", "Red's move does not reach its home port: it may go to island 3 or island 5 by the shortcut (PI-11)")


def test_PI09_tornado_too_far() -> None:
    state = run(position(2, pos=(5, 8)), ["die tornado"])[-1]
    refused(state, "tornado 5", "the tornado moves 1 to 4 islands along the white arrows (PI-09)")
    refused(state, "die 3", "Red must move the tornado first, 1 to 4 islands (PI-09)")


def test_PI07_piracy_without_a_ship_to_rob() -> None:
    state = position(2, pos=(5, 8))
    refused(state, "pirate", "Red must roll the die first: it says how many islands to sail (PI-02)")


def test_PI07_must_answer_the_piracy_question_first() -> None:
    state = GAME.apply(position(2, pos=(2, 4), cargo=(0, 2)), Die(2))
    refused(state, "load 2", "Red must first choose: attempt piracy on Blue's ship or leave it alone (PI-07)")


def test_chance_steps_refuse_choices_and_bad_faces() -> None:
    state = position(2)
    assert state.phase == ROLL
    refused(state, "die 6", "the die has no face '6': it shows 1, 2, 3, 4 or the tornado")
    raid = run(position(2, pos=(2, 4), cargo=(0, 2)), ["die 2", "pirate"])[-1]
    refused(raid, "compass 9", "the compass has no sector '9': its sectors are 1 to 8")
    refused(raid, "pass", "the compass must be spun first (PI-07)")


def test_load_when_no_chest_question_is_asked() -> None:
    state = GAME.apply(position(2, pos=(23, HOME)), Die(3))
    refused(state, "load 1", "Red must first choose where to sail: it may go to island 3 or home (PI-02)")


def test_parse_refuses_nonsense_text() -> None:
    for text in ("", "sail", "sail x", "load -1", "pirate now", "start purple", "die  3", "fly"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(text)


def test_record_with_an_illegal_load_is_refused_with_the_reason() -> None:
    with pytest.raises(RecordError, match=r"action 3 \('load 5'\) is refused: .*allows at most 3"):
        replay_states(2, ["start red", "die 3", "load 5"])


def test_refusals_in_french_name_the_same_rules() -> None:
    """A French page explains a refused move in French, citing the same clause (PI-04, PI-08)."""
    rolled = GAME.apply(position(2, pos=(HOME, HOME)), Die(3))
    assert GAME.why_illegal(rolled, Load(4), "fr") == "le coffre fermé de l’île 3 permet au plus 3 trésors (PI-04)"
    broke = GAME.apply(position(2, pos=(23, HOME)), Die(3))
    assert GAME.why_illegal(broke, Sail(4, 1), "fr") == (
        "un raccourci coûte 1 trésor et le navire de Rouge n’en porte aucun (PI-08)")
    assert GAME.why_illegal(broke, Sail(4, 1)) == "a shortcut costs 1 treasure and Red's ship carries none (PI-08)"


#: A position in each phase where a person may be refused, and actions to try there.
PHASES = {
    "roll": (lambda: position(2, pos=(5, 8)), ["pirate", "load 1", "sail 3", "tornado 2", "home"]),
    "sail": (lambda: GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), Die(3)),
             ["sail 9", "home via 2", "load 1", "pirate", "tornado 1"]),
    "load": (lambda: GAME.apply(position(2, pos=(HOME, HOME)), Die(3)), ["load 4", "pirate", "sail 5"]),
    "raid": (lambda: GAME.apply(position(2, pos=(2, 4), cargo=(0, 2)), Die(2)), ["load 2", "sail 5", "tornado 1"]),
    "twister": (lambda: run(position(2, pos=(5, 8)), ["die tornado"])[-1], ["tornado 5", "sail 3", "pirate"]),
    "spin": (lambda: run(position(2, pos=(2, 4), cargo=(0, 2)), ["die 2", "pirate"])[-1], ["pass", "load 1"]),
}


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_is_words_with_its_rule_last_and_no_action_syntax(phase: str, lang: str) -> None:
    """A refusal reads as a sentence: no "load 0..", "pirate or pass" or "tornado 1..4" jargon; the
    clause it applies, if any, in parentheses at the end (the page turns it into a link)."""
    import re

    make, texts = PHASES[phase]
    state = make()
    for action in map(GAME.parse_action, texts):
        assert action not in GAME.legal_actions(state)
        reason = GAME.why_illegal(state, action, lang)
        assert re.search(r"\((PI-\d\d)(, PI-\d\d)*\)$", reason), reason
        assert reason.count("PI-") == len(re.findall(r"PI-\d\d", reason[reason.rindex("("):])), reason
        for jargon in ("..", "pirate or pass", "pirate ou pass", "load 0", "tornado 1", "possible:", "possibles"):
            assert jargon not in reason, reason

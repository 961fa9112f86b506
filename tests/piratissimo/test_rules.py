"""Piratissimo's one legality check: every refusal as data (rule ID, key, values), worded in English and
French, and ``legal_actions`` equal to the actions the check accepts.

The rules clause by clause (PI-01..PI-11) and the scenarios as records are in the ``test_rules_*.py``
files beside this one."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, Refusal
from engine.piratissimo import HOME, PirState
from engine.piratissimo import data as D
from engine.piratissimo.actions import PASS, PIRATE, Action, Die
from engine.piratissimo.rules import OVER, STORM_SPIN
from engine.piratissimo.words import REFUSAL_WORDS, refusal_words
from tests.piratissimo.helpers import GAME, position, random_game, run

pytestmark = pytest.mark.unit


ROLLING = position(2, pos=(5, 8))  # Red to roll


SAILING = GAME.apply(position(2, pos=(23, HOME)), Die(3))  # Red chooses: island 3 or home


LOADING = GAME.apply(position(2, pos=(HOME, HOME)), Die(3))  # Red at island 3's closed chest of 3


RAIDING = GAME.apply(position(2, pos=(2, 4), cargo=(0, 2)), Die(2))  # Red next to Blue's ship


SPINNING = GAME.apply(RAIDING, PIRATE)  # the compass for the piracy


TWISTING = run(ROLLING, ["die tornado"])[-1]  # Red moves the tornado


#: key -> (position, action, rule ID, English words, French words)
CASES = {
    "game_over": (replace(ROLLING, phase=OVER), "die 1", None, "the game is over", "la partie est finie"),
    "draw_first": (GAME.new(2), "die 1", None, "chance first draws who starts",
                   "le hasard désigne d’abord qui commence"),
    "no_such_face": (ROLLING, "die 6", None, "the die has no face '6': it shows 1, 2, 3, 4 or the tornado",
                     "le dé n’a pas de face « 6 » : il montre 1, 2, 3, 4 ou la tornade"),
    "roll_first": (ROLLING, "pirate", "PI-02", "Red must roll the die first: it says how many islands to sail (PI-02)",
                   "Rouge doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)"),
    "no_such_sector": (SPINNING, "compass 9", None, "the compass has no sector '9': its sectors are 1 to 8",
                       "le compas n’a pas de secteur « 9 » : ses secteurs vont de 1 à 8"),
    "spin_first": (SPINNING, "pass", "PI-07", "the compass must be spun first (PI-07)",
                   "il faut d’abord faire tourner le compas (PI-07)"),
    "choose_load": (LOADING, "pirate", "PI-04", "Red must first choose how many treasures to load from the chest (PI-04)",
                    "Rouge doit d’abord choisir combien de trésors charger du coffre (PI-04)"),
    "hold_short": (replace(LOADING, hold=2), "load 3", "PI-04", "the hold has only 2 treasures left (PI-04)",
                   "la cale n’a plus que 2 trésors (PI-04)"),
    "chest_limit": (LOADING, "load 4", "PI-04", "the closed chest on island 3 allows at most 3 treasures (PI-04)",
                    "le coffre fermé de l’île 3 permet au plus 3 trésors (PI-04)"),
    "choose_piracy": (RAIDING, "load 2", "PI-07",
                      "Red must first choose: attempt piracy on Blue's ship or leave it alone (PI-07)",
                      "Rouge doit d’abord choisir : tenter la piraterie contre le navire de Bleu ou le laisser (PI-07)"),
    "tornado_range": (TWISTING, "tornado 5", "PI-09", "the tornado moves 1 to 4 islands along the white arrows (PI-09)",
                      "la tornade avance de 1 à 4 îles le long des flèches blanches (PI-09)"),
    "move_tornado_first": (TWISTING, "die 3", "PI-09", "Red must move the tornado first, 1 to 4 islands (PI-09)",
                           "Rouge doit d’abord déplacer la tornade de 1 à 4 îles (PI-09)"),
    "home_out_of_reach": (GAME.apply(position(2, pos=(HOME, HOME), cargo=(1, 0)), Die(3)), "home", "PI-11",
                          ("Red's move does not reach its home port: it may go to island 3 or island 5 by the "
                          "shortcut (PI-11)"),
                          ("le coup de Rouge n’atteint pas son port : il peut aller à l’île 3 ou l’île 5 par le "
                          "raccourci (PI-11)")),
    "shortcut_fee": (SAILING, "sail 5 via 2", "PI-08", "a shortcut costs 1 treasure and Red's ship carries none (PI-08)",
                     "un raccourci coûte 1 trésor et le navire de Rouge n’en porte aucun (PI-08)"),
    "no_shortcut_there": (GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), Die(3)), "sail 7 via 4", "PI-08",
                          "no blue arrow starts on that island along this move (PI-08)",
                          "aucune flèche bleue ne part de cette île sur ce trajet (PI-08)"),
    "not_there": (SAILING, "sail 9", "PI-02", "this move does not end there: it may go to island 3 or home (PI-02, PI-03)",
                  "ce coup ne finit pas là : il peut aller à l’île 3 ou son port (PI-02, PI-03)"),
    "choose_route": (SAILING, "load 1", "PI-02", "Red must first choose where to sail: it may go to island 3 or home (PI-02)",
                     "Rouge doit d’abord choisir où naviguer : il peut aller à l’île 3 ou son port (PI-02)"),
}


def test_every_refusal_key_has_words_and_a_case_here() -> None:
    # "not_legal" is only why_illegal's words for an action the check accepts: no position refuses with it
    assert set(CASES) | {"not_legal"} == set(REFUSAL_WORDS)
    assert refusal_words(Refusal(None, "not_legal"), "fr") == "ce coup n'est pas permis dans cette position"


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_is_data_with_its_rule_and_is_worded_in_both_languages(key: str) -> None:
    state, text, rule, english, french = CASES[key]
    action = GAME.parse_action(text)
    refusal = GAME.check(state, action)
    assert isinstance(refusal, Refusal)
    assert (refusal.key, refusal.rule) == (key, rule)
    assert refusal_words(refusal) == english == GAME.why_illegal(state, action)
    assert refusal_words(refusal, "fr") == french == GAME.why_illegal(state, action, "fr")
    for words in (english, french):  # the words cite the refusal's rule, and a rule only when it has one
        assert (rule is None) == (re.search(r"PI-\d\d", words) is None)
        assert rule is None or rule in words
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.refusal == refusal and info.value.reason == english


def test_the_storm_compass_cites_the_tornado_rule() -> None:
    storm = replace(SPINNING, phase=STORM_SPIN)
    assert GAME.check(storm, PASS) == Refusal("PI-09", "spin_first")
    assert GAME.why_illegal(storm, PASS) == "the compass must be spun first (PI-09)"


# -- legal_actions lists each phase's actions from the rules' tables; here it is proven equal to the check --
def action_space() -> list[Action]:
    """Every well-formed Piratissimo action (numbers a little beyond every range included)."""
    islands = range(D.RING + 2)
    out = ["pirate", "pass", "home", "die tornado"]
    out += [f"start {c}" for c in D.COLOURS]
    out += [f"die {k}" for k in range(8)]
    out += [f"compass {k}" for k in range(len(D.COMPASS) + 2)]
    out += [f"load {k}" for k in range(8)]
    out += [f"tornado {k}" for k in range(D.TORNADO_MAX + 2)]
    out += [f"sail {i}" for i in islands]
    out += [f"sail {i} via {j}" for i in islands for j in islands]
    out += [f"home via {j}" for j in islands]
    assert all(GAME.format_action(GAME.parse_action(a)) == a for a in out)
    return [GAME.parse_action(a) for a in out]


ACTION_SPACE = action_space()


def random_positions(seed: int, every: int) -> list[PirState]:
    """Positions of a random game of 2 to 4 ships, every ``every``-th one kept, each also with a nearly empty
    hold and other cargoes (random play seldom empties the hold or the ships)."""
    rng = random.Random(seed)
    states, _ = random_game(rng.randint(2, 4), seed)
    kept = []
    for state in states[::every]:
        kept.append(state)
        kept.append(replace(state, hold=rng.randint(0, 3), cargo=tuple(rng.randint(0, 3) for _ in state.cargo)))
    kept.append(states[-1])
    return kept


@pytest.mark.property
@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_actions_are_exactly_the_actions_the_check_accepts(seed: int) -> None:
    for state in random_positions(seed, every=3):
        legal = GAME.legal_actions(state)
        assert len(legal) == len(set(legal))
        accepted = {a for a in ACTION_SPACE if GAME.check(state, a) is None}
        assert set(legal) == accepted, (sorted(map(GAME.format_action, set(legal) ^ accepted))[:5], state)

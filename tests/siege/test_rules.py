"""Siege's one legality check: every refusal as data (rule ID, key, values), worded in English and French,
and ``legal_actions`` equal to the actions the check accepts over the whole action space."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Dealer, IllegalAction, Refusal
from engine.siege.actions import DICE_OUTCOMES, FIRE_ACTIONS, SCATTER_OUTCOMES, Action, Fire, Move
from engine.siege.scene import SLOTS, SPOTS
from engine.siege.state import OVER, SiegeState
from engine.siege.words import REFUSAL_WORDS, refusal_words
from tests.siege.helpers import GAME, act, random_play

pytestmark = pytest.mark.unit

BLUE = GAME.apply(GAME.apply(GAME.new(2), act("first blue")), act("dice 4 4"))  # Blue to act, 8 points
RED = GAME.apply(GAME.apply(GAME.new(2), act("first red")), act("dice 4 4"))  # Red to act, 8 points


def side(state: SiegeState, **changes: object) -> SiegeState:
    """``state`` with the acting side changed."""
    sides = list(state.sides)
    sides[state.seat] = replace(sides[state.seat], **changes)
    return replace(state, sides=(sides[0], sides[1]))


BOATLESS = side(BLUE, spots=tuple(s for s in BLUE.sides[0].spots if s != "boat"))
AT_TREASURE = side(BLUE, boat_at="treasure")

#: key -> (position, action, rule ID, English words, French words)
CASES = {
    "not_an_action": (BLUE, "fly away", None, "'fly away' is not a Siege action",
                      "« fly away » n'est pas un coup de Siège"),
    "game_over": (replace(BLUE, phase=OVER, winner=0, points=0), act("end"), None, "the game is over",
                  "la partie est finie"),
    "draw_first": (GAME.new(2), act("end"), None, "first the draw decides who plays first ('first blue' or 'first red')",
                   "le tirage décide d'abord qui joue en premier ('first blue' ou 'first red')"),
    "not_a_roll": (GAME.apply(GAME.new(2), act("first blue")), act("dice 4"), None,
                   "'dice 4' is not a roll of 2 pirate dice (faces 3, 4, 4, 4, 5, 5)",
                   "« dice 4 » n'est pas un lancer de 2 dés pirates (faces 3, 4, 4, 4, 5, 5)"),
    "roll_first": (GAME.apply(GAME.new(2), act("first blue")), act("end"), "SG-03", "the dice must be rolled first (SG-03)",
                   "il faut d'abord lancer les dés (SG-03)"),
    "ball_in_the_air": (GAME.apply(BLUE, act("fire cannon 10 50")), act("end"), None,
                        "the ball is in the air: only its scatter can come next",
                        "le boulet est en l'air : seule sa dispersion peut venir"),
    "choose_the_turn": (GAME.apply(GAME.apply(GAME.new(2), act("first blue")), act("dice 3 3")), act("end"), "SG-17",
                        "two compasses: first choose whether to turn the brig ('turn' or 'stay', SG-17)",
                        "deux boussoles : choisissez d'abord de tourner le brick ou non ('turn' ou 'stay', SG-17)"),
    "no_compass": (BLUE, act("turn"), "SG-17", "the brig turns only when the dice show a compass (SG-17)",
                   "le brick ne tourne que si les dés montrent une boussole (SG-17)"),
    "no_chance_step": (BLUE, act("dice 4 4"), None, "that is a chance outcome, and no chance step is pending",
                       "c'est un résultat du hasard, et aucun coup du hasard n'est attendu"),
    "no_such_weapon": (BLUE, Fire("laser", 10, 10), None, "the weapons are the cannon and the mortar",
                       "les armes sont le canon et le mortier"),
    "aim_out_of_range": (BLUE, act("fire mortar 20 80"), None,
                         "the mortar fires at 45..85 degrees and 10..100 % power, in whole numbers",
                         "le mortier tire de 45 à 85 degrés et de 10 à 100 % de puissance, en nombres entiers"),
    "no_points": (replace(BLUE, points=0), act("load"), "SG-04", "no points left this turn (SG-04)",
                  "plus de points ce tour-ci (SG-04)"),
    "no_cannon_standing": (side(BLUE, slots=(False,) * len(SLOTS)), act("fire cannon 10 50"), "SG-06",
                           "you may fire only while one of your target-cannons stands (SG-06)",
                           "vous ne pouvez tirer que tant qu'un de vos canons-cibles est debout (SG-06)"),
    "move_syntax": (BLUE, Move("c1", ""), None, "a move names a spot and a free spot: 'move c1 p2'",
                    "un déplacement nomme une place et une place libre : 'move c1 p2'"),
    "no_pirate_there": (BLUE, act("move c3 c1"), None, "no pirate of yours stands on 'c3'",
                        "aucun de vos pirates n'est en « c3 »"),
    "ashore_only_at_base": (replace(AT_TREASURE, earlier_crew=True), act("move boat c3"), "SG-11",
                            ("the longboat's pirate steps ashore only at its base: at Treasure Island the longboat is "
                            "its only way back (SG-08, SG-11)"),
                            ("le pirate de l'embarcation ne débarque qu'à sa base : à l'île au Trésor, l'embarcation "
                            "est son seul moyen de revenir (SG-08, SG-11)")),
    "boat_has_its_pirate": (BLUE, act("crew c1"), None, "the longboat already has its pirate",
                            "l'embarcation a déjà son pirate"),
    "crew_costs_two": (side(replace(BOATLESS, points=1), boat_at="treasure"), act("crew c1"), "SG-12",
                       "replacing the longboat's pirate costs 2 points here: back to base, and a new pirate aboard (SG-12)",
                       ("remplacer le pirate de l'embarcation coûte ici 2 points : le retour à la base, et un nouveau "
                        "pirate à bord (SG-12)")),
    "not_a_spot": (BLUE, act("move s1 x9"), None, "'x9' is not a pirate spot on Blue's side",
                   "« x9 » n'est pas une place de pirate du côté de Bleu"),
    "spot_taken": (BLUE, act("move c1 p3"), None, "a pirate already stands behind palisade 3",
                   "un pirate est déjà derrière la palissade 3"),
    "crew_the_boat": (BOATLESS, act("move c1 boat"), "SG-12",
                      "the longboat is crewed with 'crew' (1 point at its base, 2 from Treasure Island, SG-12)",
                      "l'embarcation reçoit son pirate par 'crew' (1 point à sa base, 2 depuis l'île au Trésor, SG-12)"),
    "fort_fallen": (side(RED, fort=False, spots=("boat", "s1", "s2", "s3", "f1")), act("move f1 t1"), "SG-14",
                    "the fort has fallen: no pirate stands on it any more (SG-14)",
                    "le fort est tombé : plus aucun pirate ne s'y tient (SG-14)"),
    "step_needs_fallen_fort": (RED, act("move f1 step"), "SG-14",
                               "the fort's top step is used only once the fort has fallen (SG-14)",
                               "la marche du fort ne sert qu'une fois le fort tombé (SG-14)"),
    "palisade_down": (side(BLUE, palisades=(True, True, False, True), spots=("boat", "s1", "c1")), act("move c1 p3"),
                      "SG-15", "palisade 3 is down and is not put back (SG-15)",
                      "la palissade 3 est tombée et n'est pas relevée (SG-15)"),
    "run_needs_crew": (BOATLESS, act("row out"), "SG-08", "the chest run needs a pirate in your longboat (SG-08)",
                       "la course au trésor demande un pirate dans votre embarcation (SG-08)"),
    "not_a_slot": (BLUE, act("replace z9"), None, "'z9' is not a target-cannon place (i1, i2, a1, a2, b1, b2)",
                   "« z9 » n'est pas une place de canon-cible (i1, i2, a1, a2, b1, b2)"),
    "replace_needs_chest": (BLUE, act("replace a1"), "SG-08",
                            "a target-cannon is replaced only with a chest brought back in the longboat (SG-08)",
                            "un canon-cible ne se remplace que par un coffre rapporté dans l'embarcation (SG-08)"),
    "replace_at_base": (side(AT_TREASURE, chest=True), act("replace a1"), "SG-08",
                        "row the longboat back to base before replacing a target-cannon (SG-08)",
                        "ramenez l'embarcation à la base avant de remplacer un canon-cible (SG-08)"),
    "cannon_stands": (side(BLUE, chest=True), act("replace a1"), None, "the target-cannon at a1 still stands",
                      "le canon-cible en a1 est encore debout"),
    "chests_gone": (side(BLUE, taken=3), act("row out"), "SG-07",
                    "your 3 chests have all been taken; the other side's are never yours (SG-07)",
                    "vos 3 coffres ont tous été pris ; ceux de l'autre camp ne sont jamais à vous (SG-07)"),
    "boat_at_treasure": (AT_TREASURE, act("row out"), None, "the longboat is already at Treasure Island",
                         "l'embarcation est déjà à l'île au Trésor"),
    "boat_carries_a_chest": (side(BLUE, chest=True), act("row out"), "SG-10",
                             "the longboat already carries a chest: never more than one (SG-10)",
                             "l'embarcation porte déjà un coffre : jamais plus d'un (SG-10)"),
    "row_out_first": (BLUE, act("load"), "SG-08", "the longboat must first row to Treasure Island (SG-08)",
                      "l'embarcation doit d'abord ramer jusqu'à l'île au Trésor (SG-08)"),
    "one_chest_only": (side(AT_TREASURE, chest=True), act("load"), "SG-10",
                       "never more than one chest in the longboat (SG-10)",
                       "jamais plus d'un coffre dans l'embarcation (SG-10)"),
    "boat_at_base": (BLUE, act("row back"), None, "the longboat is already at base", "l'embarcation est déjà à la base"),
    "run_takes_two_turns": (side(AT_TREASURE, chest=True, loaded_turn=BLUE.turn), act("row back"), "SG-08",
                            "the chest run takes two turns: row back on your next turn (SG-08)",
                            "la course au trésor prend deux tours : revenez à votre prochain tour (SG-08)"),
}


def test_every_refusal_key_has_words_and_a_case_here() -> None:
    assert set(CASES) == set(REFUSAL_WORDS)


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_is_data_with_its_rule_and_is_worded_in_both_languages(key: str) -> None:
    state, action, rule, english, french = CASES[key]
    refusal = GAME.check(state, action)
    assert isinstance(refusal, Refusal)
    assert (refusal.key, refusal.rule) == (key, rule)
    assert refusal_words(refusal) == english == GAME.why_illegal(state, action)
    assert refusal_words(refusal, "fr") == french == GAME.why_illegal(state, action, "fr")
    # the words name the refusal's rule, and no other clause than the ones it cites
    for words in (english, french):
        assert (rule is None) == (re.search(r"SG-\d\d", words) is None) or key == "ashore_only_at_base"
        assert rule is None or rule in words
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.refusal == refusal and info.value.reason == english


def test_a_refusal_of_something_that_is_not_text_is_data_too() -> None:
    refusal = GAME.check(BLUE, 42)
    assert refusal == Refusal(None, "not_an_action", {"action": 42})
    assert refusal_words(refusal) == "42 is not a Siege action"
    assert refusal_words(refusal, "fr") == "42 n'est pas un coup de Siège"


# -- legal_actions is kept fast for the bots; here it is proven equal to the check ----------------------
def action_space() -> tuple[Action, ...]:
    """Every well-formed Siege action, legal somewhere or not."""
    spots = sorted({s.name for seat in (0, 1) for s in SPOTS[seat]})
    out = [act(text) for text in ("first blue", "first red", "turn", "stay", "end", "row out", "load", "row back")]
    out += [a for n in (1, 2) for a, _ in DICE_OUTCOMES[n]]
    out += sorted({a for table in SCATTER_OUTCOMES.values() for a, _ in table}, key=lambda a: a.text())
    out += [act(f"replace {s.name}") for s in SLOTS]
    out += [act(f"move {a} {b}") for a in spots for b in spots]
    out += [act(f"crew {a}") for a in spots]
    return tuple(out) + FIRE_ACTIONS


ACTION_SPACE = action_space()


def random_positions(seed: int, every: int) -> list[SiegeState]:
    """Positions of a random game (options drawn from the seed), every ``every``-th one kept."""
    rng = random.Random(seed)
    start = GAME.new(2, {"captain": rng.random() < 0.5, "balanced_start": rng.random() < 0.3,
                         "earlier_setup": rng.random() < 0.3})
    # favour the rarer actions (the chest run, moves) over the thousands of shots
    states, _ = random_play(rng, Dealer(seed), start, calm=0.6, limit=3000)
    kept = states[:3000:every]
    if len(states) <= 3000:  # the game ended: its last position too
        kept.append(states[-1])
    return kept


@pytest.mark.property
@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_actions_but_shots_are_the_legal_actions_that_are_no_shot(seed: int) -> None:
    """What the bots read apart from the aim grid (engine/siege/ai.py), in the legal actions' order."""
    from engine.siege.actions import Fire

    for state in random_positions(seed, every=23):
        legal = GAME.legal_actions(state)
        assert GAME.actions_but_shots(state) == [a for a in legal if not isinstance(a, Fire)]
        assert GAME.shots_open(state) == any(isinstance(a, Fire) for a in legal)


@pytest.mark.property
@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_actions_are_exactly_the_actions_the_check_accepts(seed: int) -> None:
    for state in random_positions(seed, every=37):
        legal = GAME.legal_actions(state)
        assert len(legal) == len(set(legal))
        accepted = {a for a in ACTION_SPACE if GAME.check(state, a) is None}
        assert set(legal) == accepted, (sorted(a.text() for a in set(legal) ^ accepted)[:5], state)

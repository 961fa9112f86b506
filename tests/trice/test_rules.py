"""Trice's one legality check: every refusal as data (rule ID, key, values), worded in English and French,
and ``legal_actions`` equal to the actions the check accepts over the whole action space."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, TERMINAL, Dealer, IllegalAction, Refusal
from engine.trice.board import LAYOUTS
from engine.trice.actions import DONE_ACTION, END_ACTION, MOVE, NUKE, PLACE, ROLL, ROLL_ACTIONS, Action
from engine.trice.rules import (
    MAX_LEVEL,
    OVER,
    TriceState,
    setup,
)
from engine.trice.words import REFUSAL_WORDS, refusal_words
from tests.trice.helpers import GAME

pytestmark = pytest.mark.unit

DICE = (1, 2, 3)  # 6 points


def playing(pieces: dict[str, str], **changes: object) -> TriceState:
    """Red (seat 0, eye cell a1) to act after rolling 1, 2, 3, with ``changes`` to the state."""
    return replace(setup(pieces, 0, dice=DICE), **changes)


ROLLING = setup({"b2": "R1"}, 0)  # Red's dice wait
NUCLEAR = setup({"c3": "R1", "b1": "G1"}, 0)  # Red holds the tri-cell: the nuclear step
PLAYING = playing({"b2": "R1"})

#: key -> (position, action (text, or a tuple that no text parses to), rule ID, English words, French words)
CASES = {
    "not_an_action": (PLAYING, (MOVE, 1), None, "Trice knows no such action", "Trice ne connaît pas ce coup"),
    "not_legal": (PLAYING, (99, 0, 0), None, "it is not a legal action in this position",
                  "ce coup n'est pas permis dans cette position"),
    "game_over": (replace(PLAYING, phase=OVER, winner=0), "end", None, "the game is over", "la partie est finie"),
    "draw_first": (GAME.new(3), "end", None,
                   "who starts is still to be drawn: only 'first red', 'first green' or 'first blue' can come next",
                   "qui commence reste à tirer : seuls 'first red', 'first green' ou 'first blue' peuvent venir"),
    "paid_before_roll": (ROLLING, "place 2", "TR-08",
                         "placing a level-2 piece costs 2 points and the dice are not rolled yet: only the free "
                         "placement may come before the roll (TR-08, TR-09)",
                         "poser une pièce de niveau 2 coûte 2 points et les dés ne sont pas encore lancés : seule la "
                         "pose gratuite peut venir avant le lancer (TR-08, TR-09)"),
    "not_a_roll": (ROLLING, Action(ROLL, 321), "TR-05",
                   "a roll is three dice from 1 to 4, written in increasing order, e.g. 'roll 1 3 4' (TR-05)",
                   "un lancer, ce sont trois dés de 1 à 4 dans l'ordre croissant, par exemple 'roll 1 3 4' (TR-05)"),
    "roll_first": (ROLLING, "end", "TR-05", "the dice must be rolled first (TR-05)",
                   "il faut d'abord lancer les dés (TR-05)"),
    "nuclear_first": (NUCLEAR, "roll 1 1 1", "TR-18",
                      "the nuclear option comes first: remove pieces ('nuke <cell>') or say 'done' before rolling "
                      "(TR-18)",
                      "l'option nucléaire vient d'abord : retirez des pièces ('nuke <case>') ou dites 'done' avant de "
                      "lancer (TR-18)"),
    "no_chance_step": (PLAYING, "roll 1 1 1", None,
                       "this is not the moment for a chance step: the dice are already rolled",
                       "ce n'est pas le moment d'un coup du hasard : les dés sont déjà lancés"),
    "no_nuclear_option": (PLAYING, "done", "TR-18",
                          "Red holds no nuclear option now: it is used at the start of the turn, before the roll, "
                          "by the tri-cell holder (TR-18)",
                          "Rouge n'a pas d'option nucléaire maintenant : elle sert au début du tour, avant le lancer, "
                          "à qui tient la tri-case (TR-18)"),
    "no_such_cell": (NUCLEAR, Action(NUKE, 99), None, "there is no such cell", "cette case n'existe pas"),
    "nothing_to_remove": (NUCLEAR, "nuke b3", None, "b3 is empty: there is nothing to remove",
                          "b3 est vide : il n'y a rien à retirer"),
    "peace_symbol": (NUCLEAR, "nuke b1", "TR-18",
                     "the piece on b1 stands on a peace symbol and cannot be removed (TR-18)",
                     "la pièce en b1 est sur un symbole de paix et ne peut pas être retirée (TR-18)"),
    "cell_empty": (PLAYING, "move b3 b2", None, "b3 is empty", "b3 est vide"),
    "not_your_piece": (playing({"b3": "G1"}), "move b3 b2", None, "the piece on b3 is Green's, not Red's",
                       "la pièce en b3 est à Vert, pas à Rouge"),
    "not_a_neighbour": (PLAYING, "move b2 d1", "TR-14",
                        "d1 does not share a side with b2: a piece moves one cell at a time to a neighbour (TR-14)",
                        "d1 n'a pas de côté commun avec b2 : une pièce avance d'une case à la fois, vers une voisine "
                        "(TR-14)"),
    "move_costs": (playing({"b2": "R2"}, points=1), "move b2 b3", "TR-06",
                   "moving a level-2 piece costs 2 points and only 1 point is left (TR-06)",
                   "déplacer une pièce de niveau 2 coûte 2 points et il ne reste que 1 point (TR-06)"),
    "own_colour": (playing({"b2": "R1", "b3": "R1"}), "move b2 b3", "TR-15",
                   "b3 already holds a Red piece: no piece may enter a cell of its own colour (TR-15)",
                   "b3 porte déjà une pièce Rouge : une pièce n'entre jamais sur une case de sa couleur (TR-15)"),
    "smaller_attacks": (playing({"b2": "R1", "b3": "G2"}), "move b2 b3", "TR-13",
                        "a level-1 piece may not attack a level-2 piece (TR-13)",
                        "une pièce de niveau 1 ne peut pas attaquer une pièce de niveau 2 (TR-13)"),
    "tri_needs_bis": (playing({"c2": "R1"}), "move c2 c3", "TR-17",
                      "a piece may enter the tri-cell only while its colour holds at least 2 bi-cells; Red holds 1 "
                      "(TR-17)",
                      "une pièce n'entre sur la tri-case que si sa couleur tient au moins 2 bi-cases ; Rouge en tient "
                      "1 (TR-17)"),
    "bi_needs_pieces": (playing({"b1": "R1"}), "move b1 c2", "TR-16",
                        "a piece may enter a bi-cell only while its colour has at least 4 pieces on the board; Red "
                        "has 1 (TR-16)",
                        "une pièce n'entre sur une bi-case que si sa couleur a au moins 4 pièces sur le plateau ; "
                        "Rouge en a 1 (TR-16)"),
    "no_such_level": (PLAYING, Action(PLACE, 4), "TR-01", "a piece has level 1, 2 or 3 (TR-01)",
                      "une pièce est de niveau 1, 2 ou 3 (TR-01)"),
    "eye_holds_own_piece": (playing({"a1": "R1"}), "place 1", "TR-10",
                            "your eye cell a1 already holds your own piece: move it away first (TR-10, TR-15)",
                            "votre case œil a1 porte déjà une de vos pièces : déplacez-la d'abord (TR-10, TR-15)"),
    "reserve_short": (playing({}, reserve=(1, 20, 20)), "place 2", "TR-01",
                      "Red has only 1 pyramids in reserve: all 20 cannot be on the board at once (TR-01)",
                      "Rouge n'a plus que 1 pyramides en réserve : les 20 ne peuvent pas être toutes sur le plateau "
                      "(TR-01)"),
    "eye_holds_bigger": (playing({"a1": "G2"}), "place 1", "TR-19",
                         "Green's level-2 piece stands on your eye cell: a placement there is an attack, and a "
                         "level-1 piece may not attack it (TR-19, TR-13)",
                         "la pièce de niveau 2 de Vert est sur votre case œil : y poser est une attaque, et une pièce "
                         "de niveau 1 ne peut pas l'attaquer (TR-19, TR-13)"),
    "free_placement_used": (playing({}, free_used=True), "place 1 free", "TR-09",
                            "the free placement has already been used this turn (TR-09)",
                            "la pose gratuite a déjà servi ce tour-ci (TR-09)"),
    "place_costs": (playing({}, points=1), "place 2", "TR-08",
                    "placing a level-2 piece costs 2 points and only 1 point is left (TR-08)",
                    "poser une pièce de niveau 2 coûte 2 points et il ne reste que 1 point (TR-08)"),
}


def test_every_refusal_key_has_words_and_a_case_here() -> None:
    assert set(CASES) == set(REFUSAL_WORDS)


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_is_data_with_its_rule_and_is_worded_in_both_languages(key: str) -> None:
    state, text, rule, english, french = CASES[key]
    action = GAME.parse_action(text) if isinstance(text, str) else text
    refusal = GAME.check(state, action)
    assert isinstance(refusal, Refusal)
    assert (refusal.key, refusal.rule) == (key, rule)
    assert refusal_words(refusal) == english == GAME.why_illegal(state, action)
    assert refusal_words(refusal, "fr") == french == GAME.why_illegal(state, action, "fr")
    for words in (english, french):  # the words cite the refusal's rule, and a rule only when it has one
        assert (rule is None) == (re.search(r"TR-\d\d", words) is None)
        assert rule is None or rule in words
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.refusal == refusal and info.value.reason == english


# -- legal_actions is kept fast for the bots; here it is proven equal to the check ----------------------
def action_space(cells: int) -> list[Action]:
    """Every well-formed Trice action on a board of ``cells`` cells, legal somewhere or not."""
    out = [Action.move(a, b) for a in range(cells) for b in range(cells)]
    out += [Action.place(level, free) for level in range(1, MAX_LEVEL + 1) for free in (False, True)]
    out += [Action.nuke(c) for c in range(cells)]
    out += [END_ACTION, DONE_ACTION, *sorted(ROLL_ACTIONS), *(Action.first(s) for s in range(3))]
    return out


def random_positions(seed: int, every: int) -> list[TriceState]:
    """Positions of a random game on a layout drawn from the seed, every ``every``-th one kept."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = GAME.new(3, {"layout": rng.choice(sorted(LAYOUTS)), "turn_limit": 60})
    kept = []
    for step in range(5000):
        if step % every == 0:
            kept.append(state)
        player = GAME.current_player(state)
        if player == TERMINAL:
            kept.append(state)
            break
        if player == CHANCE:
            free = GAME.chance_step_actions(state)
            action = rng.choice(free) if free and rng.random() < 0.2 else dealer.pick(GAME, state)
        else:
            legal = GAME.legal_actions(state)
            ending = rng.random() < 0.1 and END_ACTION in legal
            action = END_ACTION if ending else rng.choice(legal)
        state = GAME.apply(state, action)
    return kept


@pytest.mark.property
@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_actions_are_exactly_the_actions_the_check_accepts(seed: int) -> None:
    for state in random_positions(seed, every=7):
        legal = GAME.legal_actions(state) + GAME.chance_step_actions(state)
        assert len(legal) == len(set(legal))
        accepted = {a for a in action_space(len(state.cells)) if GAME.check(state, a) is None}
        assert set(legal) == accepted, (sorted(set(legal) ^ accepted)[:5], state)

"""Trice in words (engine/trice/words.py): the log's sentences, and every refusal of the check as data (rule
ID, key, values) worded in English and French, the rule's ID at the end."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine.core import IllegalAction, Refusal
from engine.trice.actions import END_ACTION, MOVE, NUKE, PLACE, ROLL, Action
from engine.trice.rules import OVER, TriceState, setup
from engine.trice.words import REFUSAL_WORDS, refusal_words
from tests.trice.helpers import GAME

pytestmark = pytest.mark.unit


# -- the log -------------------------------------------------------------------------------------------------


def test_describe_names_pieces_cells_and_fights() -> None:
    s = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
              0, dice=(4, 4, 4))
    assert GAME.describe(s, GAME.parse_action("move b1 c2")) == (
        "Red moves a level-2 piece from the peace cell b1 to the sun-moon bi-cell c2 and eliminates "
        "Green's level-2 piece, dropping to level 1.")
    assert GAME.describe(s, GAME.parse_action("end")) == "Red ends the turn."
    assert GAME.seat_name(s, 1) == "Green"
    g = setup({"a1": "G1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(g, GAME.parse_action("place 1 free")) == (
        "Red places a level-1 piece on its eye cell for free and attacks Green's level-1 piece: both are eliminated.")


def test_describe_in_french() -> None:
    """French pages get French log lines: the same pieces, cells and fights (TR-11, TR-12)."""
    s = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
              0, dice=(4, 4, 4))
    assert GAME.describe(s, GAME.parse_action("move b1 c2"), "fr") == (
        "Rouge déplace une pièce de niveau 2 de la case de paix b1 à la bi-case soleil-lune c2 et élimine "
        "la pièce de niveau 2 de Vert, en descendant au niveau 1.")
    assert GAME.describe(s, GAME.parse_action("end"), "fr") == "Rouge finit son tour."
    g = setup({"a1": "G1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(g, GAME.parse_action("place 1 free"), "fr") == (
        "Rouge pose une pièce de niveau 1 sur sa case œil gratuitement et attaque la pièce de niveau 1 de Vert : "
        "les deux sont éliminées.")
    sun = setup({"d2": "R1", "b3": "R1", "c2": "R1", "c4": "R1", "c3": "R2", "b2": "R1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(sun, GAME.parse_action("end"), "fr") == (
        "Rouge finit son tour en tenant les cinq cases du soleil et gagne.")
    assert GAME.describe(GAME.new(3), GAME.parse_action("first green"), "fr") == "Les dés désignent Vert pour commencer."


# -- refusals: data from the check, words in both languages --------------------------------------------------


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
                         ("placing a level-2 piece costs 2 points and the dice are not rolled yet: only the free "
                         "placement may come before the roll (TR-08, TR-09)"),
                         ("poser une pièce de niveau 2 coûte 2 points et les dés ne sont pas encore lancés : seule la "
                         "pose gratuite peut venir avant le lancer (TR-08, TR-09)")),
    "not_a_roll": (ROLLING, Action(ROLL, 321), "TR-05",
                   "a roll is three dice from 1 to 4, written in increasing order, e.g. 'roll 1 3 4' (TR-05)",
                   "un lancer, ce sont trois dés de 1 à 4 dans l'ordre croissant, par exemple 'roll 1 3 4' (TR-05)"),
    "roll_first": (ROLLING, "end", "TR-05", "the dice must be rolled first (TR-05)",
                   "il faut d'abord lancer les dés (TR-05)"),
    "nuclear_first": (NUCLEAR, "roll 1 1 1", "TR-18",
                      ("the nuclear option comes first: remove pieces ('nuke <cell>') or say 'done' before rolling "
                      "(TR-18)"),
                      ("l'option nucléaire vient d'abord : retirez des pièces ('nuke <case>') ou dites 'done' avant de "
                      "lancer (TR-18)")),
    "no_chance_step": (PLAYING, "roll 1 1 1", None,
                       "this is not the moment for a chance step: the dice are already rolled",
                       "ce n'est pas le moment d'un coup du hasard : les dés sont déjà lancés"),
    "no_nuclear_option": (PLAYING, "done", "TR-18",
                          ("Red holds no nuclear option now: it is used at the start of the turn, before the roll, "
                          "by the tri-cell holder (TR-18)"),
                          ("Rouge n'a pas d'option nucléaire maintenant : elle sert au début du tour, avant le lancer, "
                          "à qui tient la tri-case (TR-18)")),
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
                        ("d1 n'a pas de côté commun avec b2 : une pièce avance d'une case à la fois, vers une voisine "
                        "(TR-14)")),
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
                      ("a piece may enter the tri-cell only while its colour holds at least 2 bi-cells; Red holds 1 "
                      "(TR-17)"),
                      ("une pièce n'entre sur la tri-case que si sa couleur tient au moins 2 bi-cases ; Rouge en tient "
                      "1 (TR-17)")),
    "bi_needs_pieces": (playing({"b1": "R1"}), "move b1 c2", "TR-16",
                        ("a piece may enter a bi-cell only while its colour has at least 4 pieces on the board; Red "
                        "has 1 (TR-16)"),
                        ("une pièce n'entre sur une bi-case que si sa couleur a au moins 4 pièces sur le plateau ; "
                        "Rouge en a 1 (TR-16)")),
    "no_such_level": (PLAYING, Action(PLACE, 4), "TR-01", "a piece has level 1, 2 or 3 (TR-01)",
                      "une pièce est de niveau 1, 2 ou 3 (TR-01)"),
    "eye_holds_own_piece": (playing({"a1": "R1"}), "place 1", "TR-10",
                            "your eye cell a1 already holds your own piece: move it away first (TR-10, TR-15)",
                            "votre case œil a1 porte déjà une de vos pièces : déplacez-la d'abord (TR-10, TR-15)"),
    "reserve_short": (playing({}, reserve=(1, 20, 20)), "place 2", "TR-01",
                      "Red has only 1 pyramids in reserve: all 20 cannot be on the board at once (TR-01)",
                      ("Rouge n'a plus que 1 pyramides en réserve : les 20 ne peuvent pas être toutes sur le plateau "
                      "(TR-01)")),
    "eye_holds_bigger": (playing({"a1": "G2"}), "place 1", "TR-19",
                         ("Green's level-2 piece stands on your eye cell: a placement there is an attack, and a "
                         "level-1 piece may not attack it (TR-19, TR-13)"),
                         ("la pièce de niveau 2 de Vert est sur votre case œil : y poser est une attaque, et une pièce "
                         "de niveau 1 ne peut pas l'attaquer (TR-19, TR-13)")),
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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_refusals_end_with_their_rule_ids(lang: str) -> None:
    """A reason is words; a rule's ID, if any, comes last in parentheses (the bridge links it)."""
    states = [setup({"b2": "R2", "b1": "R1", "a1": "G1", "c2": "G3"}, 0, dice=(1, 1, 1)),
              GAME.apply(GAME.new(3), GAME.parse_action("first red"))]
    for state in states:
        for text in ("move b2 b1", "move b2 b3", "move b1 c2", "move b1 a1", "move b2 c1", "place 1", "place 3",
                     "nuke b2", "end", "done"):
            action = GAME.parse_action(text)
            if action in GAME.legal_actions(state):
                continue
            reason = GAME.why_illegal(state, action, lang)
            ids = re.findall(r"TR-\d\d", reason)
            if ids:
                assert re.search(r"\((TR-\d\d)(, TR-\d\d)*\)$", reason), reason
    assert END_ACTION

"""Siege's words (issue 20, point 8): the English ship is a brig, a pirate behind a palisade is not
"on behind" it, a ball on a hull says whose, and French numbers read as French ("45,5°", "73,5 %")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from engine.siege.state import COMPASS_CHOICE
from engine.siege.words import hit_label
from tests.siege.helpers import AIM, GAME, STILL, act, final, run, texts
from ui.app.view import SeatInfo, ViewContext
from ui.games.siege.board import render
from ui.games.siege.page import View
from ui.games.siege.rules import rules_page

#: What a view is told with a gesture; these gestures need nothing of it.
CTX = ViewContext(seats=(), interactive_seat=None)

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bot", "aim"))
NNBSP = "\u202f"
#: a mortar shot of Red's that lands on the hull of Blue's brig (zero scatter)
HULL_SHOT = "fire mortar 45 73"


def words_of(markup: str) -> str:
    """The visible words and the accessible names of a region's markup (no style, no tags)."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.DOTALL)
    names = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return re.sub(r"<[^>]+>", " ", markup) + " " + names


def story(lang: str) -> list[str]:
    """The log of a game with a compass to turn, two to choose from, shots and moves, in ``lang``."""
    actions = ["first blue", "dice 3 5", AIM[0, "door"], STILL, "move c1 p1", "end",
               "dice 3 3", "turn", AIM[1, "p2"], STILL, HULL_SHOT, STILL]
    rep = run(actions, {"earlier_setup": True})
    return [GAME.describe(s, act(a), lang) for s, a in zip(rep.states, actions)]


def test_the_english_ship_is_a_brig_and_the_french_one_a_brick():
    english = story("en")
    assert "Blue rolls a compass and a 5: 8 points, and the brig must turn (SG-17)." in english
    assert "Red rolls a compass and a compass: 6 points, and may choose to turn the brig (SG-17)." in english
    assert "Red turns the brig around, showing the other broadside." in english
    # the page in English: the compass choice, the pirates' names, the rules
    state = final(["first blue", "dice 3 3"])
    assert state.phase == COMPASS_CHOICE
    assert GAME.describe(state, act("stay")) == "Blue keeps the brig as it is."
    view = View()
    controls = view.regions(GAME, state, None, ViewContext(seats=SEATS, interactive_seat=0, you=0))["controls"]
    assert "Turn the brig" in controls and "Keep the brig" in controls and "turn your brig around" in controls
    board = render(GAME, GAME.new(2), lang="en")
    assert "Blue captain on the brig&#x27;s forecastle" in board
    pages = [rules_page("en"), controls, board, " ".join(english)]
    assert not [p for p in pages if re.search(r"\bbrick", words_of(p), re.IGNORECASE)]
    assert GAME.why_illegal(final(["first blue", "dice 4 4"]), act("turn")) == (
        "the brig turns only when the dice show a compass (SG-17)")
    # French keeps its own word: "le brick"
    french = story("fr")
    assert "Rouge fait tourner le brick, qui montre son autre bordée." in french
    assert "Tourner le brick" in View().regions(GAME, state, None, ViewContext(seats=SEATS, interactive_seat=0,
                                                                                lang="fr", you=0))["controls"]


def test_a_pirate_behind_a_palisade_is_not_on_it():
    assert hit_label(0, "spot:p4") == "the pirate behind palisade 4"
    assert hit_label(0, "spot:p4", "fr") == "le pirate derrière la palissade 4"
    assert hit_label(0, "spot:c1") == "the pirate on the beach"
    english, french = story("en"), story("fr")
    assert "Red's mortar (48°, 87%) hits Blue's pirate behind palisade 2; the pirate falls." in english
    assert f"Le mortier de Rouge (48°, 87{NNBSP}%) touche Bleu derrière la palissade 2 ; le pirate tombe." in french
    assert "Blue moves the pirate from the beach behind palisade 1." in english
    for text in english + french:
        assert " on behind" not in text and "sur derrière" not in text and "to behind" not in text
    # the scene's words and the controls for a pirate behind a palisade
    state = final(["first red", "dice 4 4", "end", "dice 4 4"])
    board = render(GAME, state, lang="en")
    assert "Blue pirate behind palisade 2" in board and "on behind" not in board
    assert "pirate Bleu derrière la palissade 2" in render(GAME, state, lang="fr")
    view = View()
    ui, _ = view.handle(GAME, state, None, "select p2", CTX)
    out = view.regions(GAME, state, ui, ViewContext(seats=SEATS, interactive_seat=0, you=0))
    assert "Where to, for the pirate behind palisade 2?" in out["controls"]
    assert "To the clearing" in out["controls"] and "move the pirate to the clearing" in out["board"]
    fr = view.regions(GAME, state, ui, ViewContext(seats=SEATS, interactive_seat=0, you=0, lang="fr"))
    assert "Où va le pirate derrière la palissade 2 ?" in fr["controls"] and "Vers la clairière" in fr["controls"]
    # a refusal for a taken spot behind a palisade
    assert GAME.why_illegal(state, act("move c1 p3")) == "a pirate already stands behind palisade 3"
    assert GAME.why_illegal(state, act("move c1 p3"), "fr") == "un pirate est déjà derrière la palissade 3"


def test_a_ball_on_a_hull_says_whose_hull():
    english, french = story("en"), story("fr")
    assert "Red's mortar (45°, 73%) hits the hull of Blue's brig." in english
    assert f"Le mortier de Rouge (45°, 73{NNBSP}%) touche la coque du brick de Bleu." in french


def test_french_numbers_take_a_decimal_comma_and_a_narrow_space_before_percent():
    rep = run(["first blue", "dice 4 4", "fire mortar 45 74", "scatter +0.5 -0.5"])
    shot = rep.states[-2]
    assert GAME.describe(shot, act("scatter +0.5 -0.5"), "fr").startswith(f"Le mortier de Bleu (45,5°, 73,5{NNBSP}%)")
    assert GAME.describe(shot, act("scatter +0.5 -0.5")).startswith("Blue's mortar (45.5°, 73.5%)")
    aiming = rep.states[2]
    assert GAME.describe(aiming, act("fire mortar 45 74"), "fr") == (
        f"Bleu tire au mortier à 45° et 74{NNBSP}% de puissance.")
    # the aim's arrow on the scene, the sliders' numbers
    view = View()
    ui, _ = view.handle(GAME, aiming, None, "key ArrowUp", CTX)
    fr = view.regions(GAME, aiming, ui, ViewContext(seats=SEATS, interactive_seat=0, you=0, lang="fr"))
    arrow = next(g for g in ET.fromstring(f"<div>{fr['board']}</div>").iter(SVG + "g") if g.get("data-aim"))
    assert "".join(arrow.itertext()) == f"11° · 70{NNBSP}%"
    assert f">70{NNBSP}%<" in fr["siege-power"] and f">70{NNBSP}%</b>" in fr["controls"]
    en = view.regions(GAME, aiming, ui, ViewContext(seats=SEATS, interactive_seat=0, you=0))
    assert ">70%<" in en["siege-power"] and "11° · 70%" in en["board"]
    # the rules page's figures: every per cent in French after a narrow no-break space, no decimal point
    page = re.sub(r"<style>.*?</style>|<svg.*?</svg>", "", rules_page("fr"), flags=re.DOTALL)
    text = re.sub(r"<[^>]+>", "", page)
    assert f"56,2{NNBSP}% (51,4-61,0{NNBSP}%)" in text and "9,3 tours" in text
    assert not re.findall(r"\d[ \n]?%|\d\.\d", text)


def test_when_nothing_but_ending_is_possible_the_bar_says_why_and_offers_end_turn_alone():
    aiming = final(["first blue", "dice 4 4"])
    # a side with every target-cannon down and no pirate left: 8 points and nothing to spend them on
    stripped = replace(aiming.sides[0], slots=(False,) * 6, spots=())
    state = replace(aiming, sides=(stripped, aiming.sides[1]))
    assert texts(GAME.legal_actions(state)) == ["end"]
    view = View()
    for lang, said in (("en", ("No shot, move or chest-run step is possible with your 8 points left: End turn is "
                               "your one choice.")),
                       ("fr", ("Aucun tir, déplacement ni étape de la course au trésor n&#x27;est possible avec vos "
                              "8 points : il ne reste qu&#x27;à finir le tour."))):
        bar = view.regions(GAME, state, None, ViewContext(seats=SEATS, interactive_seat=0, you=0, lang=lang))["controls"]
        assert said in bar
        assert re.findall(r'data-act="([^"]*)"', bar) == ["do end"] and 'class="btn primary" data-act="do end"' in bar
    # while something is possible, no such words
    assert "one choice" not in view.regions(GAME, aiming, None, ViewContext(seats=SEATS, interactive_seat=0,
                                                                            you=0))["controls"]

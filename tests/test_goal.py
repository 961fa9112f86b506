"""The goal beside the board: the win condition in one sentence, and who is close to it (issue 21.2)."""

from __future__ import annotations

import json
from dataclasses import replace
from html import escape

import pytest

import engine
from engine.piratissimo.state import _with
from ui.app.session import Session

pytestmark = pytest.mark.unit

START = {
    "trice": ["human", "heuristic", "heuristic"],
    "piratissimo": ["human", "heuristic"],
    "siege": ["human", "aim"],
}


def started(game: str, lang: str = "en") -> Session:
    session = Session()
    seats = [{"name": f"Seat {i + 1}", "controller": c} for i, c in enumerate(START[game])]
    screen = session.handle_text(json.dumps({"op": "start", "game": game, "seed": 1, "seats": seats, "lang": lang}))
    assert screen["ok"], screen
    return session


@pytest.mark.parametrize("game", sorted(START))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_goal_is_beside_the_board_in_the_page_s_language(game: str, lang: str) -> None:
    session = started(game, lang)
    words = engine.spec(game).words
    html = session.screen()["regions"]["goal"]
    assert html == f'<p class="goal-rule">{escape(words.goal(lang))}</p>'
    assert words.goal(lang).startswith("But : " if lang == "fr" else "Goal: ")


def test_the_status_says_who_is_one_step_from_winning() -> None:
    session = started("piratissimo")
    state = _with(session.state, bank=(2, 8))
    session.states[-1] = state
    assert session.screen()["status"].endswith(" · Blue has 8 of 9 banked")
    session.lang = "fr"
    assert session.screen()["status"].endswith(" · Bleu a 8 trésors sur 9 au port")


def test_nobody_close_leaves_the_status_as_it_was() -> None:
    session = started("siege")
    assert " · " not in session.screen()["status"]
    side = session.state.sides[1]
    session.states[-1] = replace(session.state, sides=(session.state.sides[0], replace(side, spots=side.spots[:1], captain="")))
    assert session.screen()["status"].endswith(" · Red has one pirate left")


def test_trice_names_each_seat_close_to_winning_once_and_french_spaces_its_semicolon() -> None:
    from engine.trice.rules import setup
    from engine.trice.words import close_call

    # Red one cell short of the sun, Green of the moon; Red to play is named first
    both = setup({"b3": "R1", "c3": "R1", "c4": "R1", "d2": "R1", "c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1"}, 0)
    assert close_call(both) == "Red needs one more sun cell; Green needs one more moon cell"
    assert close_call(both, "fr") == ("Rouge n'a plus besoin que d'une case du soleil\u202f; "
                                      "Vert n'a plus besoin que d'une case de la lune")

"""The end of a game marks on the board what won it (issue 20, point 7): views of finished games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import pytest

import engine
from ui.app.session import Session

pytestmark = pytest.mark.view
NS = "{http://www.w3.org/2000/svg}"


def played_out(name: str, seats: int, bot: str, seed: int, lang: str = "en") -> tuple[Session, dict[str, Any]]:
    """A game bots played to its end in a session, and its last screen."""
    session = Session()
    screen = session.handle_text(json.dumps({
        "op": "start", "game": name, "seed": seed, "pace_ms": 0,
        "seats": [{"name": f"Seat {i + 1}", "controller": bot} for i in range(seats)],
    }))
    while screen["tick_ms"] is not None:
        screen = session.handle_text('{"op": "tick"}')
    if lang != "en":
        screen = session.handle_text(json.dumps({"op": "lang", "lang": lang}))
    return session, screen


def first_svg(html: str) -> ET.Element:
    start = html.index("<svg")
    return ET.fromstring(html[start: html.index("</svg>", start) + 6] if html.count("<svg") == 1 else
                         _outer_svg(html[start:]))


def _outer_svg(text: str) -> str:
    """The first <svg> element whole (it may hold others)."""
    depth, i = 0, 0
    while True:
        opening, closing = text.find("<svg", i), text.find("</svg>", i)
        if opening != -1 and opening < closing:
            depth, i = depth + 1, opening + 4
        else:
            depth, i = depth - 1, closing + 6
            if depth == 0:
                return text[:i]


@pytest.mark.parametrize("seats, seed", [(2, 4), (4, 29)])
def test_piratissimo_rings_the_winners_harbour_and_ship_and_nothing_while_the_race_runs(seats: int, seed: int) -> None:
    session, screen = played_out("piratissimo", seats, "heuristic", seed)
    winners = session.game.outcome(session.state).winners  # type: ignore[union-attr]
    board = first_svg(screen["regions"]["board"])
    marked = [g for g in board.iter(f"{NS}g") if g.get("class") == "pir-won"]
    assert [int(g.get("data-seat", "-1")) for g in marked] == list(winners)
    assert all(len(list(g)) == 2 for g in marked)  # the harbour and the ship
    before = session.handle_text(json.dumps({"op": "view", "step": len(session.actions) - 3}))
    assert before["ok"] and "<svg" in before["regions"]["board"] and 'class="pir-won"' not in before["regions"]["board"]


@pytest.mark.parametrize("lang, words", [("en", "no pirate standing"), ("fr", "plus aucun pirate debout")])
def test_siege_says_on_the_beaten_side_what_decided_the_game(lang: str, words: str) -> None:
    session, screen = played_out("siege", 2, "aim", 7, lang)
    state = session.state
    beaten = 1 - state.winner
    assert not state.sides[beaten].spots
    board = screen["regions"]["board"]
    scene = first_svg(board)
    decided = [g for g in scene.iter(f"{NS}g") if g.get("class") == "sg-decided"]
    assert [(g.get("data-side"), g.get("data-why")) for g in decided] == [(str(beaten), "pirates")]
    assert words in "".join(decided[0].itertext())
    before = session.handle_text(json.dumps({"op": "view", "step": len(session.actions) - 1}))
    assert before["ok"] and "<svg" in before["regions"]["board"] and "sg-decided" not in before["regions"]["board"]


@pytest.mark.parametrize("lang, words", [("en", "no target-cannon standing"), ("fr", "plus de canon-cible debout")])
def test_siege_crosses_out_the_fallen_target_cannons_when_they_decided_it(lang: str, words: str) -> None:
    from engine.siege.rules import OVER
    from engine.siege.scene import SLOTS
    from ui.games.siege.board import decided_by, render

    game = engine.get("siege")
    start = game.new(2)
    red = replace(start.sides[1], slots=(False,) * len(SLOTS), taken=3, chest=False)
    final = replace(start, sides=(start.sides[0], red), phase=OVER, winner=0)
    assert decided_by(final) == (1, "cannons")
    scene = ET.fromstring(render(game, final, lang=lang, decided=decided_by(final)))
    (decided,) = [g for g in scene.iter(f"{NS}g") if g.get("class") == "sg-decided"]
    crossed = {p.get("data-slot") for p in decided.iter(f"{NS}path") if p.get("data-slot")}
    shown = {s.name for s in SLOTS if s.where in ("island", red.facing())}
    assert crossed == shown  # every fallen target-cannon in sight, none of the hidden broadside's
    assert words in "".join(decided.itertext())
    assert decided_by(replace(final, winner=2)) is None  # a draw decides nothing
    assert "sg-decided" not in render(game, start, lang=lang, decided=decided_by(start))


def test_trice_rings_the_five_cells_of_the_symbol_that_won() -> None:
    from engine.trice.state import winning_symbol

    session, screen = played_out("trice", 3, "heuristic", 2)
    state = session.state
    symbol = winning_symbol(state, state.winner)
    assert symbol is not None
    board = first_svg(screen["regions"]["board"])
    won = [el for el in board.iter() if el.get("class") == "trice-won"]
    assert len(won) == len(state.board.symbol_cells[symbol]) == 5

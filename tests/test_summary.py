"""End-of-game charts drawn from real finished games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.bots import make_bot
from engine.core import Dealer, play_out
from ui.session import Session
from ui.summary import summary

pytestmark = pytest.mark.view


@pytest.mark.parametrize("name, seats, bot, needle", [
    ("trice", 3, "heuristic", "Pyramids on the board"),
    ("piratissimo", 2, "heuristic", "Treasure banked"),
    ("siege", 2, "aim", "Hits / shots"),
])
def test_summary_chart_of_a_finished_game(name: str, seats: int, bot: str, needle: str) -> None:
    game = engine.get(name)
    state = game.new(seats)
    bots = [make_bot(game, bot, s) for s in range(seats)]
    states = [state]

    def pick(g, s, player):  # noqa: ANN001 - play_out's callback
        return bots[player].choose(g, s)

    final, actions = play_out(game, state, pick, Dealer(3))
    states = [state]
    for action in actions:
        states.append(game.apply(states[-1], action))
    assert states[-1] == final
    html = summary(game, states, actions, [f"P{i}" for i in range(seats)])
    assert needle in html
    for svg in html.split("<svg")[1:]:
        ET.fromstring("<svg" + svg.split("</svg>")[0] + "</svg>")  # well-formed
    if name == "siege":
        assert "%)" in html  # accuracy shown


def test_the_session_shows_the_summary_once_the_game_is_over() -> None:
    session = Session()
    screen = session.handle_text(json.dumps({"op": "start", "game": "piratissimo", "seed": 4, "pace_ms": 0,
                                             "seats": [{"name": "A", "controller": "heuristic"}, {"name": "B", "controller": "heuristic"}]}))
    assert "summary" not in screen["regions"]
    while screen["tick_ms"] is not None:
        screen = session.handle_text('{"op": "tick"}')
    assert screen["banner"] and "Treasure banked" in screen["regions"]["summary"]


@pytest.mark.parametrize("name, seats, bot", [("trice", 3, "heuristic"), ("piratissimo", 4, "heuristic"), ("siege", 2, "aim")])
def test_each_seat_keeps_its_own_colour_in_the_charts(name: str, seats: int, bot: str) -> None:
    """The end-of-game chart draws every seat in the colour of its pieces (the view's seat colour)."""
    session = Session()
    screen = session.handle_text(json.dumps({
        "op": "start", "game": name, "seed": 5, "pace_ms": 0,
        "seats": [{"name": f"Seat {i}", "controller": bot} for i in range(seats)],
    }))
    while screen["tick_ms"] is not None:
        screen = session.handle_text('{"op": "tick"}')
    chart = screen["regions"]["summary"]
    view = session.view
    colours = [view.seat_colour(i) for i in range(seats)]
    assert len(set(colours)) == seats
    for svg_text in chart.split("<svg")[1:]:
        root = ET.fromstring("<svg" + svg_text.split("</svg>")[0] + "</svg>")
        ns = "{http://www.w3.org/2000/svg}"
        drawn = [el.get("stroke") for el in root.iter(f"{ns}polyline")] or [
            el.get("fill") for el in root.iter(f"{ns}rect") if el.get("height") == "14"
        ]
        assert drawn, "the chart draws no series"
        labels = [el.text for el in root.iter(f"{ns}text") if el.text and el.text.startswith("Seat ")]
        for label in labels:
            seat = int(label.split()[1])
            index = [t for t in labels].index(label)
            assert drawn[index] == colours[seat], f"{label} drawn in {drawn[index]}, its pieces are {colours[seat]}"

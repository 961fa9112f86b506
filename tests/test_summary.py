"""End-of-game charts drawn from real finished games."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from engine.core import Dealer, play_out
from ui.app.session import Session
from ui.draw.summary import LABEL_GAP, Series, line_chart, summary

pytestmark = pytest.mark.view
NS = "{http://www.w3.org/2000/svg}"


def finished(name: str, seats: int, bot: str, seed: int = 3) -> tuple[Any, list[Any], list[Any]]:
    """A game bots played to its end: the rules, every state and every action."""
    game = engine.get(name)
    state = game.new(seats)
    bots = [make_bot(game, bot, s) for s in range(seats)]

    def pick(g, s, player):
        return bots[player].choose(g, s)

    final, actions = play_out(game, state, pick, Dealer(seed))
    states = [state]
    for action in actions:
        states.append(game.apply(states[-1], action))
    assert states[-1] == final
    return game, states, actions


def charts(html: str) -> list[ET.Element]:
    """Each chart's SVG, parsed (so each is well-formed)."""
    return [ET.fromstring("<svg" + svg.split("</svg>")[0] + "</svg>") for svg in html.split("<svg")[1:]]


def lines(chart: ET.Element) -> list[list[tuple[float, float]]]:
    """The points of each series, in the chart's units."""
    return [[tuple(map(float, p.split(","))) for p in el.get("points", "").split()]  # type: ignore[misc]
            for el in chart.iter(f"{NS}polyline")]


def label_ys(chart: ET.Element) -> list[float]:
    return [float(t.get("y", "0")) for g in chart.iter(f"{NS}g") if g.get("class") == "end-label" for t in g.iter(f"{NS}text")]


GAMES = [("trice", 3, "heuristic"), ("piratissimo", 4, "heuristic"), ("siege", 2, "aim")]
TITLES = {
    "trice": (["Cells of one symbol held, turn by turn"], ["Cases d'un même symbole, tour par tour"]),
    "piratissimo": (["Treasure banked, turn by turn"], ["Trésors au port, tour par tour"]),
    "siege": (["Pirates standing, turn by turn", "Target-cannons standing, turn by turn"],
              ["Pirates debout, tour par tour", "Canons-cibles debout, tour par tour"]),
}


@pytest.mark.parametrize("name, seats, bot", GAMES)
def test_each_game_charts_what_its_win_condition_counts_in_both_languages(name: str, seats: int, bot: str) -> None:
    game, states, actions = finished(name, seats, bot)
    for lang, titles in zip(("en", "fr"), TITLES[name]):
        found = charts(summary(game, states, actions, [f"P{i}" for i in range(seats)], lang))
        assert [c.find(f"{NS}title").text.split(".")[0] for c in found] == titles  # type: ignore[union-attr]
        words = " ".join(t.text or "" for c in found for t in c.iter(f"{NS}text"))
        assert ("tour" in words and "turn" not in words) if lang == "fr" else ("turn" in words and "tour" not in words)
    winner = game.outcome(states[-1]).winners[0]
    final = states[-1]
    (chart, *more) = charts(summary(game, states, actions, [f"P{i}" for i in range(seats)]))
    ends = [points[-1][1] for points in lines(chart)]
    if name == "trice":  # the winner's line ends at the top: all five cells of one symbol
        assert f"P{winner}: 5" in chart.find(f"{NS}title").text  # type: ignore[operator, union-attr]
        assert min(ends) == ends[winner]  # highest on the chart is the smallest y
    elif name == "piratissimo":  # the winner banked the most
        assert min(ends) == ends[winner]
    else:  # the loser ends with no pirate standing, or no target-cannon standing
        loser = 1 - winner
        cannons = lines(more[0])
        bottom = max(y for points in lines(chart) + cannons for _, y in points)
        assert ends[loser] == bottom or cannons[loser][-1][1] == bottom
        assert (not final.sides[loser].spots) == (ends[loser] == bottom)


def test_the_trice_chart_follows_each_seats_best_symbol_turn_by_turn() -> None:
    from engine.trice.state import progress
    from ui.draw.summary import per_turn

    game, states, actions = finished("trice", 3, "heuristic")
    chart = charts(summary(game, states, actions, ["A", "B", "C"]))[0]
    rows = per_turn(game, states)
    top, bottom = 30.0, 180.0 - 24.0
    for seat, points in enumerate(lines(chart)):
        assert len(points) == len(rows)
        shown = [round(5 * (bottom - y) / (bottom - top), 6) for _, y in points]
        assert shown == [max(progress(row, seat)) for row in rows]


def test_lines_are_told_apart_without_colour_and_named_at_their_end() -> None:
    game, states, actions = finished("piratissimo", 4, "heuristic")
    chart = charts(summary(game, states, actions, ["Ann", "Bob", "Cy", "Di"]))[0]
    polylines = list(chart.iter(f"{NS}polyline"))
    dashes = [p.get("stroke-dasharray", "") for p in polylines]
    assert len(set(dashes)) == 4  # each line its own dashes (one solid)
    labels = [g for g in chart.iter(f"{NS}g") if g.get("class") == "end-label"]
    assert [next(g.iter(f"{NS}text")).text for g in labels] == ["Ann", "Bob", "Cy", "Di"]
    # each name carries its line's marker, four different shapes (a circle, a square, paths of 3 and 4 corners)
    marks = [next(el for el in g if el.tag not in (f"{NS}line", f"{NS}text")) for g in labels]
    assert len({(m.tag, m.get("d", "").count("L")) for m in marks}) == 4


@pytest.mark.parametrize("ends", [(0, 0, 0, 0), (9, 9, 9, 9), (9, 8, 9, 8), (0, 1, 0, 9), (5, 5, 4, 0)])
def test_the_names_at_the_lines_ends_never_overlap_and_stay_in_the_box(ends: tuple[int, ...]) -> None:
    series = [Series(f"Seat {i + 1} (Colour)", "#123456", (0, 3, v)) for i, v in enumerate(ends)]
    chart = ET.fromstring(line_chart(series, title="t", y_label="y", top=9))
    ys = label_ys(chart)
    assert len(ys) == 4
    for a, b in itertools.combinations(sorted(ys), 2):
        assert b - a >= LABEL_GAP - 0.05, ys
    height = float(chart.get("viewBox", "").split()[3])
    assert all(12 <= y <= height - 12 for y in ys), ys


def test_a_long_name_is_cut_to_stay_inside_the_chart() -> None:
    chart = ET.fromstring(line_chart([Series("W" * 40, "#123456", (0, 1))], title="t", y_label="y"))
    text = next(g for g in chart.iter(f"{NS}g") if g.get("class") == "end-label").find(f"{NS}text")
    assert text is not None and text.text and text.text.endswith("…")
    assert float(text.get("x", "0")) + 6.0 * len(text.text) <= float(chart.get("viewBox", "").split()[2])


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
    view = session.live.view
    colours = [view.seat_colour(i) for i in range(seats)]
    assert len(set(colours)) == seats
    for chart in charts(screen["regions"]["summary"]):
        drawn = [el.get("stroke") for el in chart.iter(f"{NS}polyline")]
        assert drawn == colours
        for g in (g for g in chart.iter(f"{NS}g") if g.get("class") == "end-label"):
            seat = int(g.get("data-series", "-1"))
            name = g.find(f"{NS}text").text  # type: ignore[union-attr]
            assert name is not None and name.startswith(f"Seat {seat}"), name
            assert g.find(f"{NS}line").get("stroke") == colours[seat]  # type: ignore[union-attr]

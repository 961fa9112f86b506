"""Every drawing comes to rest: no animation of any game loops for ever.

A looping SVG animation makes the browser paint the whole drawing again on
every frame. Piratissimo's sea, with its flags, compass wobble, rings and
halo looping for ever, kept 70% of a core busy on a page nobody touched (a
phone's battery, a blog reader's machine, and half of the browser tests'
machine). Each loop now plays a few cycles (``ui.draw.svg.SETTLE``) and stops.

Checked on the regions of positions along a seeded game of each, the seat to
move being a person's (the choices it is offered are drawn then), in both
languages, and on the rules pages' figures.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import engine
from engine.core import Dealer
from tools import build, page_parts
from ui.app.session import load_view
from ui.app.view import SeatInfo, ViewContext
from ui.draw.svg import SETTLE

pytestmark = pytest.mark.view

GAMES = ("trice", "piratissimo", "siege")
ANIMATION = re.compile(r"<animate(?:Transform|Motion)?\b[^>]*>")
#: The longest a loop may play, in seconds.
LONGEST_LOOP_S = 10.0


def endless(svg: str) -> list[str]:
    """The animations of ``svg`` that loop without end (or for longer than :data:`LONGEST_LOOP_S`).

    >>> endless('<animate values="1;0" dur="1s" repeatCount="indefinite"/><animate dur="1s"/>')
    ['<animate values="1;0" dur="1s" repeatCount="indefinite"/>']
    >>> endless('<animate dur="2s" repeatCount="3"/><animate dur="1s" repeatDur="6s"/>')
    []
    >>> endless('<animate dur="2s" repeatCount="30"/><animate dur="1s" repeatDur="indefinite"/>')
    ['<animate dur="2s" repeatCount="30"/>', '<animate dur="1s" repeatDur="indefinite"/>']
    """
    found = []
    for tag in ANIMATION.findall(svg):
        count = re.search(r'repeatCount="([^"]*)"', tag)
        total = re.search(r'repeatDur="([^"]*)"', tag)
        duration = re.search(r'\bdur="([\d.]+)s"', tag)
        if total and (total.group(1) == "indefinite" or float(total.group(1).rstrip("s")) > LONGEST_LOOP_S) or count and not total and (
            count.group(1) == "indefinite"
            or float(count.group(1)) * float(duration.group(1) if duration else 0) > LONGEST_LOOP_S
        ):
            found.append(tag)
    return found


def drawings_along_a_game(name: str, seed: int, lang: str) -> tuple[list[str], int]:
    """Every region drawn for the seat to move along a seeded game (as a person's), and how many loops they held."""
    game: Any = engine.get(name)
    view = load_view(name)
    seats = game.min_seats if name != "piratissimo" else 4
    state, dealer, previous, last = game.new(seats), Dealer(seed), None, None
    drawn: list[str] = []
    loops = 0
    for step in range(240):
        if game.is_terminal(state):
            break
        seat = None if game.is_chance(state) else game.current_player(state)
        people = tuple(SeatInfo(f"Seat {i + 1}", "human") for i in range(seats))
        ctx = ViewContext(seats=people, interactive_seat=seat if seat is not None else game.turn_seat(state),
                          previous=previous, last_action=last, lang=lang, you=0)
        if step % 3 == 0 or game.is_chance(state):
            regions = view.regions(game, state, view.initial_ui(), ctx)
            html = "".join(regions.values())
            drawn.append(html)
            loops += html.count(SETTLE)
        actions = game.legal_actions(state)
        action = dealer.pick(game, state) if game.is_chance(state) else actions[(step * 7 + seed) % len(actions)]
        previous, last, state = state, action, game.apply(state, action)
    return drawn, loops


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", GAMES)
def test_no_drawing_of_a_game_loops_for_ever(name: str, lang: str) -> None:
    drawn, loops = drawings_along_a_game(name, seed=5, lang=lang)
    assert drawn
    assert [tag for html in drawn for tag in endless(html)] == []
    if name == "piratissimo":  # its flags, compass, rings and halo: loops that now settle
        assert loops > 0


def test_trices_selected_cell_pulses_a_while_only() -> None:
    from ui.games.trice.board import render_board

    state = engine.get("trice").new(3)
    svg = render_board(state, selected="a1", lang="en")
    assert svg.count(SETTLE) == 1
    assert endless(svg) == []


@pytest.mark.parametrize("name", GAMES)
def test_no_rules_figure_loops_for_ever(name: str) -> None:
    assert endless(page_parts.rules(name, "en") + page_parts.rules(name, "fr")) == []


def test_the_site_style_has_no_endless_animation() -> None:
    """The lesson's target pulses six beats (a drop shadow repainted every frame otherwise)."""
    css = (build.ROOT / "assets/site.css").read_text()
    assert "infinite" not in css
    assert re.search(r"animation: lesson-pulse [\d.]+s ease-in-out \d+ alternate", css)

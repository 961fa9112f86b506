"""Piratissimo's sea by keyboard: from one of the board's buttons (a route, a tornado's stop, piracy, the die or
the compass) the arrow keys lead to the next one that way (issue 37 point 7; the neighbours from
ui/draw/arrow_keys.py, the checks from tests/arrow_keys_check.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.piratissimo import HOME, PirState
from engine.piratissimo import data as D
from engine.piratissimo.rules import SAIL
from tests.arrow_keys_check import check_arrow_keys
from tests.piratissimo.helpers import GAME, position, random_game
from ui.games.piratissimo.board import board_svg, choices
from ui.games.piratissimo.choices import chance_spot

pytestmark = pytest.mark.view


def places(state: PirState) -> dict[str, tuple[float, float]]:
    """Where each button of the sea is drawn, by the id it carries: the options by index, the roll or spin."""
    found = {f"pir-at-{i}": (c.x, c.y) for i, c in enumerate(choices(GAME, state))}
    spot = chance_spot(state)
    if spot is not None:
        found["pir-at-chance"] = spot
    return found


def arrows(state: PirState) -> dict[str, dict[str, str]]:
    """The checked arrow keys of the sea the person to play sees."""
    root = ET.fromstring(board_svg(GAME, state, interactive=True))
    return check_arrow_keys(root, places(state))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_route_a_ship_may_be_offered(seats: int) -> None:
    """From every island and its port, every face, with treasure for the shortcuts and without."""
    for start in [*range(D.RING), HOME]:
        for face in (1, 2, 3, 4):
            for cargo in (0, D.SHORTCUT_FEE, D.CAPACITY):
                pos = (start, *([HOME] * (seats - 1)))
                state = position(seats, phase=SAIL, die=face, pos=pos, cargo=(cargo, *([0] * (seats - 1))))
                table = arrows(state)
                assert len(table) == len(choices(GAME, state))


def test_the_way_home_beyond_a_route_on_a_diagonal_is_reached() -> None:
    """From island 20 with a 4 and a treasure: island 24, island 2 by the shortcut, or home by it. The shortcut's
    island lies on the diagonal of the plain route's, and the port beyond both: the nearest target alone
    would never lead home."""
    state = position(2, phase=SAIL, die=4, pos=(19, HOME), cargo=(D.SHORTCUT_FEE, 0))
    assert [c.act for c in choices(GAME, state)] == ["do sail 24", "do sail 2 via 20", "do home via 20"]
    table = arrows(state)
    assert "pir-at-2" in {to for ways in table.values() for to in ways.values()}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_position_of_a_game(seed: int) -> None:
    """The tornado's stops, piracy, the die and the compass too, as they come in a game."""
    states, _ = random_game(3, seed)
    for state in states:
        if not GAME.is_terminal(state):
            arrows(state)


def test_a_lone_button_has_an_id_and_no_arrow_keys() -> None:
    state = position(2)  # Red to roll: the die alone on the sea
    svg = board_svg(GAME, state, interactive=True)
    assert 'id="pir-at-chance"' in svg and "data-nav-" not in svg
    assert arrows(state) == {"pir-at-chance": {}}


def test_the_tornado_stops_follow_the_ring() -> None:
    """The four stops lie along the ring: each leads to its neighbours, the buttons keep their names."""
    states, _ = random_game(2, 1)
    state = next(s for s in states if s.phase == "twister" or choices(GAME, s)[:1] and
                 choices(GAME, s)[0].kind == "tornado")
    table = arrows(state)
    assert len(table) == 4 and all(table[key] for key in table)
    root = ET.fromstring(board_svg(GAME, state, interactive=True))
    stop = next(el for el in root.iter() if el.get("id") == "pir-at-0")
    assert stop.get("role") == "button" and stop.get("aria-label") == choices(GAME, state)[0].label

"""Siege's action bar on a narrow screen: the longboat's crews behind one button."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from engine.core import Dealer
from engine.siege.actions import Crew
from tests.siege.helpers import GAME
from ui.app.view import SeatInfo, ViewContext
from ui.games.siege.page import View

pytestmark = pytest.mark.view

VIEW = View()
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bob", "human"))


def ctx(seat: int, lang: str) -> ViewContext:
    return ViewContext(seats=SEATS, interactive_seat=seat, you=seat, lang=lang)


def longboat_to_crew() -> object:
    """A position where the side to play may send any of several pirates to the longboat (seeded play)."""
    state, dealer, rng = GAME.new(2), Dealer(0), random.Random(0)
    while True:
        if not GAME.is_chance(state) and sum(isinstance(a, Crew) for a in GAME.legal_actions(state)) >= 2:
            return state
        state = GAME.apply(state, dealer.pick(GAME, state) if GAME.is_chance(state)
                           else rng.choice(GAME.actions_but_shots(state)))


@pytest.mark.parametrize("lang, one, which", [
    ("en", "Crew the longboat ({cost})", "Which pirate goes to the longboat?"),
    ("fr", "Envoyer un pirate dans l'embarcation ({cost})", "Quel pirate va dans l'embarcation\u00a0?"),
])
def test_several_pirates_for_the_longboat_are_one_button_then_a_list(lang: str, one: str, which: str) -> None:
    """Six 'Crew the longboat from ...' buttons made a phone's action bar 680 px tall over the scene: the
    action bar has one button for them all, and the list, one button a pirate, comes when it is pressed."""
    state = longboat_to_crew()
    crews = [a for a in GAME.legal_actions(state) if isinstance(a, Crew)]
    seat = state.seat
    bar = unescape(VIEW.regions(GAME, state, None, ctx(seat, lang))["controls"])
    one = one.format(cost=2 if state.sides[seat].boat_at == "treasure" else 1)  # SG-12: 1 from the base
    assert bar.count('data-act="crew"') == 1 and one in bar and "do crew" not in bar
    ui, action = VIEW.handle(GAME, state, None, "crew", ctx(seat, lang))
    assert action is None and ui.crewing
    listed = unescape(VIEW.regions(GAME, state, ui, ctx(seat, lang))["controls"])
    assert which in listed and 'data-act="deselect"' in listed
    assert sorted(re.findall(r'data-act="do (crew \w+)"', listed)) == sorted(GAME.format_action(a) for a in crews)
    closed, _ = VIEW.handle(GAME, state, ui, "deselect", ctx(seat, lang))
    assert not closed.crewing

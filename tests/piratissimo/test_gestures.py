"""The page's click vocabulary (ui/games/piratissimo/gestures.py): what the board and the buttons write is what the view
and the session read, format and parse exact inverses, and a gesture that is none is refused in words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import InvalidAction
from engine.piratissimo import data as D
from engine.piratissimo.actions import Die, Load, Sail
from tests.piratissimo.helpers import GAME, HOME, position, random_game
from ui.app.view import SeatInfo, ViewContext
from ui.games.piratissimo.gestures import CHANCE, Play, TapIsland, format_gesture, parse_gesture
from ui.games.piratissimo.page import View

pytestmark = pytest.mark.view

SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cy", "human"), SeatInfo("Di", "human"))


def drawn_gestures(state, lang: str) -> list[str]:
    """Every ``data-act`` of the page drawn for the seat to play (board and buttons)."""
    seats = len(state.pos)
    ctx = ViewContext(seats=SEATS[:seats], interactive_seat=state.seat, lang=lang, you=state.seat)
    regions = View().regions(GAME, state, None, ctx)
    return re.findall(r'data-act="([^"]+)"', regions["board"] + regions["controls"])


@pytest.mark.property
@settings(max_examples=12, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), lang=st.sampled_from(["en", "fr"]))
def test_every_gesture_the_page_draws_reads_back_as_itself(seats: int, seed: int, lang: str) -> None:
    """Along a random game: each drawn ``data-act`` parses, formats back to the same text, and a ``do`` is a
    legal action here; every legal choice of a person is drawn as a gesture."""
    states, _ = random_game(seats, seed)
    for state in states[:120]:
        if GAME.current_player(state) >= 0:
            drawn = drawn_gestures(state, lang)
            parsed = [parse_gesture(text) for text in drawn]
            assert [format_gesture(g) for g in parsed] == drawn
            plays = {g.action for g in parsed if isinstance(g, Play)}
            assert plays == set(GAME.legal_actions(state))
            assert sum(isinstance(g, TapIsland) for g in parsed) == D.RING


@pytest.mark.property
@settings(max_examples=300, deadline=None)
@given(text=st.one_of(
    st.sampled_from(["chance", "island", "island 0", "island 1", "island 24", "island 25", "island 07", "do",
                     "do ", "do home", "do sail 5 via 2", "select 3", "tap fr c2", "Chance", "island  3"]),
    st.builds(lambda w, n: f"{w} {n}", st.sampled_from(["island", "do load", "do die", "select"]),
              st.integers(-2, 40)),
    st.text(max_size=10),
))
def test_a_text_is_a_gesture_written_exactly_so_or_refused_in_words(text: str) -> None:
    try:
        gesture = parse_gesture(text)
    except InvalidAction as exc:  # "do" and no action: the action's own words
        assert text.startswith("do ") and "Piratissimo knows" in str(exc)
        return
    except ValueError as exc:
        assert "Piratissimo has no gesture" in str(exc)
        return
    assert format_gesture(gesture) == text
    assert parse_gesture(format_gesture(gesture)) == gesture


def test_each_gesture_kind_writes_its_text() -> None:
    assert [format_gesture(g) for g in (Play(Sail(4, 1)), Play(Load(0)), CHANCE, TapIsland(0), TapIsland(23))] == [
        "do sail 5 via 2", "do load 0", "chance", "island 1", "island 24"]
    for island in range(D.RING):
        assert parse_gesture(format_gesture(TapIsland(island))) == TapIsland(island)


@pytest.mark.parametrize("text", ["island 0", "island 25", "island 99", "select 3", "tap fr c2", ""])
def test_an_unknown_gesture_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError, match="Piratissimo has no gesture .*: every choice is a 'do' action"):
        parse_gesture(text)


def test_the_view_answers_island_taps_and_leaves_do_and_chance_to_the_session() -> None:
    rolled = GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), Die(3))
    ctx = ViewContext(seats=SEATS[:2], interactive_seat=0, lang="fr", you=0)
    assert View().handle(GAME, rolled, None, "island 5", ctx) == (None, Sail(4, 1))
    assert View().handle(GAME, rolled, None, "island 9", ctx) == (TapIsland(8), None)
    for text in ("chance", "do sail 3"):
        with pytest.raises(ValueError, match="only an island tap comes to the view"):
            View().handle(GAME, rolled, None, text, ctx)

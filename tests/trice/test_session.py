"""Trice through the page's generic session (no browser): a person against two bots."""

from __future__ import annotations

import json

import pytest

from tests.trice.helpers import GAME
from ui.app.session import Session

pytestmark = pytest.mark.view


def start(seats: list[dict[str, str]], seed: int = 3) -> Session:
    session = Session()
    screen = session.handle_text(json.dumps({"op": "start", "game": "trice", "seed": seed, "seats": seats}))
    assert screen["ok"], screen["error"]
    return session


def test_person_rolls_places_moves_and_ends_the_turn() -> None:
    session = start([{"name": "Ann"}, {"name": "Bob", "controller": "heuristic"},
                     {"name": "Cy", "controller": "random"}])
    screen = session.handle_text('{"op": "tick"}')
    for _ in range(200):  # the bots play until it is Ann's (Red's) turn to roll
        if screen["turn"] == 0 and 'data-act="chance"' in screen["regions"]["controls"]:
            break
        screen = session.handle_text('{"op": "tick"}')
    assert 'data-act="chance"' in screen["regions"]["controls"]
    screen = session.handle_text('{"op": "act", "gesture": "chance"}')
    assert screen["log"][-1]["text"].startswith("Red rolls")
    assert 'data-act="do place 2 free"' in screen["regions"]["controls"]
    screen = session.handle_text('{"op": "act", "gesture": "do place 2 free"}')
    assert screen["ok"], screen["error"]
    assert screen["log"][-1]["text"].startswith("Red places a level-2 piece on its eye cell for free")
    screen = session.handle_text('{"op": "act", "gesture": "select a1"}')
    assert 'data-act="do move a1 b2"' in screen["regions"]["board"]
    screen = session.handle_text('{"op": "act", "gesture": "do move a1 b2"}')
    assert screen["log"][-1]["text"] == "Red moves a level-2 piece from Red's eye cell a1 to the star cell b2."
    screen = session.handle_text('{"op": "act", "gesture": "do end"}')
    assert screen["log"][-1]["text"] == "Red ends the turn."
    assert screen["tick_ms"] is not None  # the bots go on


def test_bots_only_game_reaches_a_winner() -> None:
    session = start([{"name": n, "controller": "heuristic"} for n in ("A", "B", "C")], seed=11)
    screen = session.handle_text('{"op": "tick"}')
    for _ in range(3000):
        if screen["banner"]:
            break
        screen = session.handle_text('{"op": "tick"}')
    assert screen["banner"] and screen["banner"].endswith("wins!")
    assert screen["log"][-1]["text"].endswith("and wins.")


def test_TR08_the_page_offers_the_free_placement_next_to_the_roll_button() -> None:
    """Through the session: buttons beside Roll, a placement that is the person's own (undoable, not chance)."""
    session = Session()
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    screen = session.handle_text(json.dumps({"op": "start", "game": "trice", "seed": 4, "seats": seats}))
    screen = session.handle_text('{"op": "tick"}')  # chance picks who starts
    seat = screen["turn"]
    controls = screen["regions"]["controls"]
    assert 'data-act="chance"' in controls and 'data-act="do place 3 free"' in controls
    screen = session.handle_text('{"op": "act", "gesture": "do place 1"}')
    assert "roll first" in screen["error"]
    screen = session.handle_text('{"op": "act", "gesture": "do place 3 free"}')
    assert screen["ok"], screen["error"]
    assert screen["log"][-1]["chance"] is False and screen["log"][-1]["seat"] == seat
    assert screen["log"][-1]["text"].endswith("for free before the roll.")
    controls = screen["regions"]["controls"]
    assert 'data-act="chance"' in controls and "place 3 free" not in controls
    assert screen["can_undo"] is True
    screen = session.handle_text('{"op": "undo"}')
    assert screen["ok"] and 'data-act="do place 3 free"' in screen["regions"]["controls"]
    screen = session.handle_text('{"op": "redo"}')
    screen = session.handle_text('{"op": "act", "gesture": "chance"}')
    assert screen["log"][-1]["chance"] is True and GAME.current_player(session.state) == seat
    # a saved game resumes with the dealer where the uninterrupted game has it
    other = Session()
    screen = other.handle_text(json.dumps({"op": "load", "record": screen["record"]}))
    assert screen["ok"], screen["error"]
    assert other.live.dealer._rng.getstate() == session.live.dealer._rng.getstate()

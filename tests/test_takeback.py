"""Takeback against bots (issue 37): "Undo" takes back the person's last turn and the bots' replies in one press.

Only in a game of one person against bots; a turn's own actions are undone one press each first;
the dice dealt again are the same (the dealer is wound back with the game), so a takeback never
buys other dice.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ui.app.session import Session

pytestmark = pytest.mark.unit


def send(session: Session, **message: Any) -> dict[str, Any]:
    screen = session.handle_text(json.dumps(message))
    assert screen["ok"], screen["error"]
    return screen


def until_person(session: Session, screen: dict[str, Any]) -> dict[str, Any]:
    for _ in range(2000):
        if screen["tick_ms"] is None:
            return screen
        screen = send(session, op="tick")
    raise AssertionError("the bots never let the person play")


def play_a_turn(session: Session, screen: dict[str, Any], person: int = 0) -> dict[str, Any]:
    """The person's whole turn, by its first legal action each time (dice rolled as the page does)."""
    game = session.game
    while session.interactive_seat() == person:
        if game.is_chance(session.state):
            screen = send(session, op="act", gesture="chance")
        else:
            screen = send(session, op="act", gesture="do " + game.format_action(game.legal_actions(session.state)[0]))
    return until_person(session, screen)


def started(game: str, controllers: list[str], seed: int = 5) -> tuple[Session, dict[str, Any]]:
    session = Session()
    seats = [{"name": f"P{k}", "controller": c} for k, c in enumerate(controllers)]
    screen = send(session, op="start", game=game, seed=seed, seats=seats, pace_ms=0)
    return session, until_person(session, screen)


@pytest.mark.parametrize(("game", "controllers"), [("piratissimo", ["human", "random", "random"]),
                                                   ("trice", ["human", "random", "random"])])
def test_undo_against_bots_takes_back_the_last_turn_and_the_replies_and_deals_the_same_dice(
        game: str, controllers: list[str]) -> None:
    session, screen = started(game, controllers)
    for _ in range(2):
        screen = play_a_turn(session, screen)
    rules = session.game
    assert screen["can_undo"] and session.interactive_seat() == 0
    played = [rules.format_action(a) for a in session.actions]
    to = session.live.takeback_to()
    assert to is not None and to < len(played)
    # the person's last turn starts there: its seat is the person's, the action before it is not theirs
    assert rules.turn_seat(session.states[to]) == 0
    assert any(rules.turn_seat(state) not in (0, None) for state in session.states[to:])  # the bots' replies went too
    screen = send(session, op="undo")
    assert len(session.actions) == to and session.interactive_seat() == 0
    assert [rules.format_action(a) for a in session.actions] == played[:to]
    assert screen["can_undo"] is True or to == 0
    # the same turn again, move for move: the dice dealt are the same as the first time
    while session.interactive_seat() == 0:
        at = len(session.actions)
        gesture = "chance" if rules.is_chance(session.state) else "do " + played[at]
        send(session, op="act", gesture=gesture)
        assert rules.format_action(session.actions[at]) == played[at]


def test_a_turns_own_actions_are_undone_one_press_each_before_any_takeback() -> None:
    session, _ = started("trice", ["human", "random", "random"])
    rules = session.game
    if rules.is_chance(session.state):
        send(session, op="act", gesture="chance")
    before = len(session.actions)
    assert session.live.takeback_to() is None or before == session.live.undo_stop()
    # Trice's turn: the free placement on the eye cell, then a move of it: two actions of the person's own
    send(session, op="act", gesture="do place 1 free")
    assert session.live.takeback_to() is None  # the turn's own action goes first
    send(session, op="undo")
    assert len(session.actions) == before and session.interactive_seat() == 0


def test_no_takeback_in_a_game_between_people() -> None:
    session, screen = started("piratissimo", ["human", "human"])
    screen = play_a_turn(session, screen, person=0)
    assert session.interactive_seat() == 1
    assert session.live.takeback_to() is None and screen["can_undo"] is False
    answer = session.handle_text(json.dumps({"op": "undo"}))
    assert answer["error"].startswith("nothing to undo")

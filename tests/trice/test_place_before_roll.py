"""TR-08, TR-09: "À tout moment pendant votre tour vous pouvez placer": the free
placement before the roll and during the nuclear step (issue 14).

The roll stays a chance step: the free placement is an action the turn's seat
may take while its dice wait (``chance_step_actions``), never an outcome.
"""

from __future__ import annotations

import json

import pytest

from engine.core import CHANCE
from engine.records import replay
from engine.trice.ai import HeuristicBot
from engine.trice.rules import NUCLEAR, PLACE, PLAYING, ROLLING, position, setup
from tests.trice.helpers import GAME, SEATS, legal, refused, replay_steps
from ui.session import Session

pytestmark = pytest.mark.unit


def texts(actions: list) -> list[str]:
    return [GAME.format_action(a) for a in actions]


def test_TR08_TR09_the_free_placement_may_come_before_the_roll() -> None:
    """TR-08, TR-09: Red places its free piece while the dice wait, then rolls and plays the points."""
    states = replay_steps([
        ("first red", {}, 0),
        ("place 2 free", {"a1": "R2"}, 0),
        ("roll 1 2 3", {"a1": "R2"}, 6),
        ("move a1 b2", {"b2": "R2"}, 4),
        ("place 1", {"b2": "R2", "a1": "R1"}, 3),
        ("end", {"b2": "R2", "a1": "R1"}, 0),
    ])
    waiting = states[1]
    assert texts(GAME.chance_step_actions(waiting)) == ["place 1 free", "place 2 free", "place 3 free"]
    placed = states[2]
    # the dice still wait: the same chance step with the same outcomes, now without the free placement
    assert GAME.current_player(placed) == CHANCE and placed.phase == ROLLING and GAME.turn_seat(placed) == 0
    assert GAME.chance_outcomes(placed) == GAME.chance_outcomes(waiting)
    assert placed.free_used and placed.reserve == (18, 20, 20)
    assert GAME.chance_step_actions(placed) == []
    refused(placed, "place 1 free", "already holds your own piece")
    # after the roll the free placement stays spent; a paid one costs its level
    assert "place 1 free" not in legal(states[3]) and "place 1" not in legal(states[3])  # own piece on the eye
    assert "place 1" in legal(states[4]) and "place 1 free" not in legal(states[4])
    refused(states[4], "place 1 free", "free placement has already been used", "TR-09")
    assert GAME.describe(waiting, GAME.parse_action("place 2 free")) == (
        "Red places a level-2 piece on its eye cell for free before the roll.")
    assert GAME.describe(waiting, GAME.parse_action("place 2 free"), "fr") == (
        "Rouge pose une pièce de niveau 2 sur sa case œil gratuitement avant le lancer.")


def test_TR08_a_paid_placement_waits_for_the_roll() -> None:
    """TR-08: a paid placement needs points, which come from the roll; nothing else comes before it."""
    waiting = replay_steps([("first green", {}, 0)])[1]
    refused(waiting, "place 1", "costs 1 point and", "dice are not rolled yet", "(TR-08, TR-09)")
    refused(waiting, "move d1 d2", "dice must be rolled first", "TR-05")
    refused(waiting, "end", "dice must be rolled first")
    assert "dés ne sont pas encore lancés" in GAME.why_illegal(waiting, GAME.parse_action("place 3"), "fr")
    # a chance step: the outcomes are the rolls only, whoever deals them
    assert sorted(map(repr, GAME.legal_actions(waiting))) == sorted(repr(a) for a, _ in GAME.chance_outcomes(waiting))
    assert all(GAME.is_outcome(waiting, a) for a in GAME.legal_actions(waiting))
    assert not GAME.is_outcome(waiting, GAME.parse_action("place 1 free"))


def test_TR19_a_placement_before_the_roll_attacks_the_opponent_on_the_eye() -> None:
    """TR-19 with TR-09: before the roll too, the placement on an occupied eye is an attack."""
    start = setup({"a1": "G2", "c1": "G1"}, 0)
    assert start.phase == ROLLING and GAME.is_chance(start)
    refused(start, "place 1 free", "level-2 piece stands on your eye cell", "TR-19")
    assert texts(GAME.chance_step_actions(start)) == ["place 2 free", "place 3 free"]
    after = GAME.apply(start, GAME.parse_action("place 2 free"))
    assert position(after) == {"a1": "R1", "c1": "G1"} and after.reserve == (19, 19, 20)
    assert after.phase == ROLLING and after.points == 0


def test_TR08_TR09_TR18_the_free_placement_during_the_nuclear_step() -> None:
    """TR-18 with TR-08/TR-09: the tri-cell holder may place its free piece between removals."""
    start = setup({"c3": "R1", "c2": "R1", "b2": "G2", "d2": "B1"}, 0)
    assert start.phase == NUCLEAR and start.nukes == 2
    assert {"place 1 free", "place 2 free", "place 3 free", "done", "nuke b2"} <= legal(start)
    assert "place 1" not in legal(start)
    refused(start, "place 1", "dice are not rolled yet", "TR-08")
    steps = ["nuke b2", "place 3 free", "nuke d2", "roll 2 2 4"]
    states = [start]
    for text in steps:
        states.append(GAME.apply(states[-1], GAME.parse_action(text)))
    assert position(states[1]) == {"c3": "R1", "c2": "R1", "d2": "B1"} and states[1].phase == NUCLEAR
    assert position(states[2]) == {"c3": "R1", "c2": "R1", "d2": "B1", "a1": "R3"}
    assert states[2].phase == NUCLEAR and states[2].nukes == 1 and states[2].free_used
    assert not {a for a in legal(states[2]) if a.startswith("place")}
    assert position(states[3]) == {"c3": "R1", "c2": "R1", "a1": "R3"} and states[3].phase == ROLLING
    assert GAME.chance_step_actions(states[3]) == []  # the free placement is spent
    assert states[4].phase == PLAYING and states[4].points == 8
    assert not {a for a in legal(states[4]) if a.endswith("free")}
    # the heuristic bot keeps the free placement for after the roll: knowing the points, it is never worse
    assert HeuristicBot(3).choose(GAME, start)[0] != PLACE


def test_TR08_records_with_a_placement_before_the_roll_replay_and_older_records_are_unchanged() -> None:
    """Format 2 carries the placement before the roll; a format-1 record replays as it always did."""
    assert GAME.format_version == 2
    actions = ["first blue", "roll 1 1 2", "place 1 free", "end", "roll 2 2 2"]
    old = replay({"game": "trice", "format": 1, "seats": SEATS, "options": {}, "seed": 7, "actions": actions})
    assert old.record.format == 2 and [GAME.format_action(a) for a in old.actions] == actions
    assert position(old.final) == {"d7": "B1"}
    new = replay({"game": "trice", "format": 2, "seats": SEATS, "options": {}, "seed": 7,
                  "actions": ["first blue", "place 3 free", "roll 1 1 2", "end"]})
    assert position(new.final) == {"d7": "B3"} and new.final.seat == 0 and new.final.phase == ROLLING


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

"""A bot's turn in the page: it thinks during the pace, its status stays one steady line, a bar shows its thinking."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from ui.app.session import Session

pytestmark = pytest.mark.unit


def start(session: Session, game: str, controllers: list[str], seed: int = 5, pace_ms: int | None = None) -> dict[str, Any]:
    seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
    message: dict[str, Any] = {"op": "start", "game": game, "seats": seats, "seed": seed}
    if pace_ms is not None:
        message["pace_ms"] = pace_ms
    return session.handle_text(json.dumps(message))


def tick(session: Session) -> dict[str, Any]:
    return session.handle_text('{"op": "tick"}')


def bar_value(screen: dict[str, Any]) -> int | None:
    found = re.search(r'<progress class="thinking-bar" max="100" value="(\d+)"', screen["regions"].get("thinking", ""))
    return int(found.group(1)) if found else None


def test_a_siege_bots_turn_keeps_one_line_and_a_bar_that_only_grows() -> None:
    """Between its shots, while the ball flies (a chance step of nobody's), the status still names the bot."""
    session = Session()
    screen = start(session, "siege", ["mcts:hard", "human"], seed=1, pace_ms=0)
    statuses, values = [], []
    scatters = 0
    for _ in range(400):
        if screen["status"].startswith("Your turn") or screen.get("banner"):
            break
        if session.states[-1].turn >= 1 and session.game.turn_seat(session.state) != 1:
            statuses.append(screen["status"])
            values.append(bar_value(screen))
            if session.game.is_chance(session.state) and session.game.turn_seat(session.state) is None:
                scatters += 1
                assert screen["tick_ms"] == 0  # the bot's ball leaves as it fires: no pace before its flight
        screen = tick(session)
    assert len(statuses) > 5 and scatters >= 2
    assert set(statuses) == {"P0 is thinking…"}, set(statuses)  # never "Chance decides…"
    assert None not in values and values == sorted(values) and values[-1] > 0
    assert "thinking" not in screen["regions"]  # the person's turn: no bar


def test_the_bar_is_labelled_in_the_pages_language() -> None:
    session = Session()
    start(session, "siege", ["mcts:hard:100000", "human"], seed=1)
    session.handle_text('{"op": "lang", "lang": "fr"}')
    for _ in range(60):
        screen = tick(session)
        if session.scheduler.thinking is not None:
            break
    assert 'aria-label="Temps de réflexion du robot pour ce tour"' in screen["regions"]["thinking"]
    assert screen["status"].endswith("réfléchit…")


def test_a_search_bot_thinks_during_the_pace_and_moves_once_it_is_up() -> None:
    """Right after a step a search bot starts thinking (tick at once); a move found early waits for the pace."""
    session = Session()
    screen = start(session, "siege", ["mcts:hard:5", "mcts:hard:5"], seed=2, pace_ms=5000)
    for _ in range(60):
        if session.scheduler.thought is not None:
            break
        assert screen["tick_ms"] == 0 or session.game.is_chance(session.state)
        screen = tick(session)
    assert session.scheduler.thought is not None  # found at once (5 iterations), held for the 5 s pace
    steps = screen["steps"]
    assert 0 < screen["tick_ms"] <= 5000
    screen = tick(session)  # too early: nothing is played
    assert screen["steps"] == steps and session.scheduler.thought is not None
    screen = session.handle_text('{"op": "skip"}')  # skipping plays it at once
    assert screen["steps"] > steps and session.scheduler.thought is None


def test_the_board_is_not_drawn_anew_while_a_bot_thinks_over_it() -> None:
    """The screens of a thought repeat the board of the step before it, so that step's animation plays on."""
    session = Session()
    screen = start(session, "siege", ["mcts:hard:2000", "human"], seed=1, pace_ms=0)
    boards: dict[int, set[str]] = {}
    thought_over = 0
    for _ in range(400):
        if screen["status"].startswith("Your turn"):
            break
        if session.scheduler.thinking is not None:
            thought_over += 1
        boards.setdefault(screen["steps"], set()).add(screen["regions"]["board"])
        screen = tick(session)
    assert thought_over > 5
    assert all(len(drawn) == 1 for drawn in boards.values())


def test_a_bots_ball_leaves_as_it_fires_at_the_normal_pace() -> None:
    """The scatter after a bot's shot (a chance step of nobody's) is not paced: the next step's pace shows the flight."""
    session = Session()
    screen = start(session, "siege", ["mcts:hard:5", "human"], seed=1)
    assert session.scheduler.pace_ms == 650
    for _ in range(2000):  # ticks until the bot's first shot (the page would wait tick_ms between them)
        if session.game.is_chance(session.state) and session.game.turn_seat(session.state) is None and len(session.actions) > 1:
            break
        screen = tick(session)
    assert session.game.format_action(session.actions[-1]).startswith("fire ")
    assert screen["tick_ms"] == 0 and screen["status"] == "P0 is thinking…"


def test_a_trice_bots_planned_steps_follow_sooner_than_its_thought_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trice's search bots plan a whole turn after the roll: its first move waits the pace, the rest of the plan 3/4."""
    import time

    from ui.app.bot_scheduler import DECIDED_PACE_SHARE

    # The clock stands still: a tick's slice of thinking runs to the search's 60 iterations, and no
    # pace is ever up by itself, so what this test sees does not depend on the machine's speed.
    monkeypatch.setattr(time, "perf_counter", lambda: 1000.0)

    session = Session()
    start(session, "trice", ["mcts:hard:60", "mcts:hard:60", "mcts:hard:60"], seed=3, pace_ms=4000)
    waits: list[tuple[bool, float]] = []  # (the turn's first move, the wait it was given)
    for _ in range(400):
        scheduler = session.scheduler
        tick(session)
        if scheduler.thought is not None:
            due = scheduler.thought[1]
            waits.append((session.live.actions[-1].text().startswith("roll"), round(due - session.live.stepped_at, 3)))
            session.handle_text('{"op": "skip"}')  # played at once: on to the next step
            scheduler.skipping = False
        if len(waits) >= 12:
            break
    assert sum(first for first, _ in waits) >= 2
    assert {wait for first, wait in waits if first} == {4.0}, waits
    assert {wait for first, wait in waits if not first} == {4 * DECIDED_PACE_SHARE}, waits


def test_a_search_yields_once_its_slice_of_time_is_spent_whatever_an_iteration_costs() -> None:
    """The page's slices are of time: a slice of no time yields after each iteration (one of Trice's
    whole-turn iterations can take tens of milliseconds, and a slice of 64 held the worker for seconds)."""
    import engine
    from engine.bots import make_bot
    from engine.core import Dealer

    game = engine.get("trice")
    state = game.new(3)
    dealer = Dealer(4)
    while game.is_chance(state) or len(game.legal_actions(state)) < 2:  # past the draw and the roll
        state = game.apply(state, dealer.pick(game, state) if game.is_chance(state) else game.legal_actions(state)[0])
    thinking = make_bot(game, "mcts:hard:5", seed=1).think(game, state, slice_seconds=0.0)
    done = []
    try:
        while True:
            done.append(next(thinking))
    except StopIteration as finished:
        assert game.apply(state, finished.value) is not None  # a legal move in the end
    assert done == [1, 2, 3, 4]

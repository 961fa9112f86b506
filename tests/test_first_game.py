"""A newcomer's first real game holds no kind of move the lessons left out (issue 36).

Each game is played once to its end against the page's quick opponents, the person's seat played by the
quick bot (a newcomer who learnt the lessons plays sensible moves). Every kind of action the person is
offered on the way must be one a lesson had the person make, or one a lesson's words explain.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.calibration import played_states
from ui.app.lesson import load_lessons
from ui.games import GAMES

pytestmark = pytest.mark.unit

#: Kinds a lesson explains in words without having the person make them, with the words that say it: the button
#: End turn, and turning the brig on two compasses (the drill has the person keep it, the other side of that choice).
SAID_NOT_MADE: dict[str, dict[str, str]] = {"siege": {"End": "End turn", "Turn": "turning your brig is your choice"}}
#: The opponents of the person's first game: the quick bot, or Siege's aiming gunner (its quick opponent).
OPPONENT = {"siege": "aim"}


def kind_of(action: Any) -> str:
    """The kind of an action: its class, or for Trice's one class its ``kind``."""
    if type(action).__name__ == "Action" and hasattr(action, "kind"):
        from engine.trice.actions import Kind

        return Kind(action.kind).name
    return type(action).__name__


def first_game_offers(name: str, seats: int, seed: int = 1) -> set[str]:
    """The kinds of action offered to the person (seat 0) over one whole game."""
    game = engine.get(name)
    bots = ["heuristic"] + [OPPONENT.get(name, "heuristic")] * (seats - 1)
    return {kind_of(action) for state in played_states(game, bots, seed) if game.current_player(state) == 0
            for action in game.legal_actions(state)}


@pytest.mark.parametrize("page", GAMES, ids=lambda page: page.name)
def test_a_first_game_offers_only_moves_the_lessons_taught(page: Any) -> None:
    lessons = load_lessons(page.name)
    made = {kind_of(lesson.actions[i]) for lesson in lessons for i in lesson.person_steps}
    words = " ".join(json.dumps(lesson.data.model_dump(), ensure_ascii=False) for lesson in lessons)
    said = {kind for kind, label in SAID_NOT_MADE.get(page.name, {}).items() if label in words}
    seats = len([seat for seat in page.seats if seat.controller != "none"])
    offered = first_game_offers(page.name, seats)
    assert offered, "the person was offered nothing"
    assert offered - made - said == set(), f"offered in a first game, taught by no lesson: {offered - made - said}"

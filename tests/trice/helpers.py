"""Shared helpers for the Trice tests: records, step-by-step replay, random play to positions, and the page's
contexts and readers."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from engine.core import Dealer, IllegalAction, play_out
from engine.records import replay
from engine.trice.actions import END_ACTION, Action
from engine.trice.layout import DEFAULT_LAYOUT
from engine.trice.rules import Trice, TriceState, position, setup
from ui.app.view import Recent, SeatInfo, ViewContext
from ui.games.trice.page import View

GAME = Trice()
SEATS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def record(actions: list[str], **options: Any) -> dict[str, Any]:
    """A Trice game record with fixed chance outcomes among ``actions``."""
    return {"game": "trice", "format": 1, "seats": SEATS, "options": options, "seed": 7, "actions": actions}


def replay_steps(steps: list[tuple[str, dict[str, str] | None, int | None]], **options: Any) -> list[TriceState]:
    """Replay ``(action, expected position, expected points)`` steps one by one.

    The whole list is first replayed as a record (engine.records.replay), then
    each state is checked: ``None`` skips a check.  Returns the states.
    """
    result = replay(record([a for a, _, _ in steps], **options), expect_game="trice")
    for index, (action, expected, points) in enumerate(steps, start=1):
        state = result.states[index]
        if expected is not None:
            assert position(state) == expected, f"after step {index} ({action})"
        if points is not None:
            assert state.points == points, f"points after step {index} ({action})"
    return result.states


def refused(state: TriceState, action: str, *words: str) -> None:
    """``action`` is refused in ``state`` with a reason containing every one of ``words``."""
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, GAME.parse_action(action))
    for word in words:
        assert word in str(info.value), str(info.value)


def legal(state: TriceState) -> set[str]:
    return {GAME.format_action(a) for a in GAME.legal_actions(state)}


class _PlacingDealer(Dealer):
    """A dealer that sometimes lets the seat whose dice wait place its free piece first (TR-08, TR-09)."""

    def __init__(self, seed: int, early: float) -> None:
        super().__init__(seed)
        self.early = early
        self.placing = random.Random(seed)

    def pick(self, game: Any, state: Any) -> Any:
        free = game.chance_step_actions(state)
        if free and self.placing.random() < self.early:
            return self.placing.choice(free)
        return super().pick(game, state)


def play_random(seed: int, *, turns: int = 12, layout: str = DEFAULT_LAYOUT, ending: float | None = None,
                early: float = 0.0) -> tuple[list[TriceState], list[Action]]:
    """One seeded random game stopped by a turn limit of ``turns``: every position and every action.

    Played by :func:`engine.core.play_out`.  Each seat picks a legal action at
    random; with ``ending`` it ends its turn with that chance (when it may)
    and otherwise picks among the other actions, so pieces gather.  With
    ``early`` a seat whose dice wait places its free piece first with that
    chance.
    """
    rng = random.Random(seed)

    def choose(game: Trice, state: TriceState, _seat: int) -> Action:
        legal = game.legal_actions(state)
        if ending is None:
            return rng.choice(legal)
        others = [a for a in legal if a != END_ACTION]
        if END_ACTION in legal and (not others or rng.random() < ending):
            return END_ACTION
        return rng.choice(others)

    start = GAME.new(3, {"turn_limit": turns, "layout": layout})
    dealer = _PlacingDealer(seed, early) if early else Dealer(seed)
    _, actions = play_out(GAME, start, choose, dealer)
    states = [start]
    for action in actions:
        states.append(GAME.next_state(states[-1], action))
    return states, actions


def played_positions(seed: int, *, turns: int = 12) -> list[TriceState]:
    """Every position of one seeded random game (:func:`play_random`)."""
    return play_random(seed, turns=turns)[0]


# -- the page: what its tests draw and read -------------------------------------------------------------

VIEW = View()
SVG = "{http://www.w3.org/2000/svg}"
#: What a view is told with a gesture: these gestures need only its language.
CTX = ViewContext(seats=(), interactive_seat=None)
FRENCH = ViewContext(seats=(), interactive_seat=None, lang="fr")
#: The person at this screen plays Red against two bots.
YOU_AND_BOTS = (SeatInfo("You", "human"), SeatInfo("Green bot", "heuristic"), SeatInfo("Blue bot", "mcts:medium"))
#: Three named players, none of them marked as the person at this screen.
NAMED = (SeatInfo("Ann", "human"), SeatInfo("Bob", "heuristic"), SeatInfo("Cy", "random"))


def ctx(seat: int | None = 0, lang: str = "en", **extra: Any) -> ViewContext:
    """The page as the person playing Red (seat 0, "you") sees it, ``seat`` acting."""
    return ViewContext(seats=YOU_AND_BOTS, interactive_seat=seat, lang=lang, you=0, **extra)


def named_ctx(seat: int | None = 0, lang: str = "en", **extra: Any) -> ViewContext:
    """The page of three named players, ``seat`` acting."""
    return ViewContext(seats=NAMED, interactive_seat=seat, lang=lang, **extra)


def fragment(html: str) -> ET.Element:
    return ET.fromstring(f"<div>{html.replace('&nbsp;', '&#160;')}</div>")


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") and root.get("width") is None
    return root


def acts(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-act"): el for el in root.iter() if el.get("data-act")}


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def play(state: TriceState, *texts: str) -> tuple[TriceState, tuple[Recent, ...]]:
    """Play ``texts`` from ``state``; the position after them and each step as the session's ``Recent``."""
    steps = []
    for text in texts:
        action = GAME.parse_action(text)
        after = GAME.apply(state, action)
        steps.append(Recent(state, action, after, GAME.turn_seat(state), GAME.is_outcome(state, action)))
        state = after
    return state, tuple(steps)


#: Red (the person) ended a turn; Green then Blue play theirs: rolls, placements, moves, an attack.
BEFORE_GREEN = setup({"a1": "R1", "d3": "R2", "d2": "G2", "d5": "B1"}, 1)
GREEN_AND_BLUE = ("roll 1 2 3", "place 1", "move d2 d3", "move d1 d2", "end",
                  "roll 2 2 4", "place 2 free", "move d5 d6", "end")

"""Playing a lesson as the page does, through the session's messages: the tests of every game's lessons share it.

The test presses the gestures the page marks (``data-lesson-target``) and lets ``tick`` play the
record's other moves and its dice, as the page's ticks do.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ui.app.session import Session


def start(game: str, slug: str, lang: str = "en") -> tuple[Session, dict[str, Any]]:
    """A session with the lesson ``slug`` of ``game`` open, and its first screen."""
    session = Session()
    screen = session.handle_text(json.dumps({"op": "lesson", "game": game, "lesson": slug, "lang": lang}))
    assert screen["ok"], screen["error"]
    return session, screen


def send(session: Session, **message: Any) -> dict[str, Any]:
    """The screen after ``message`` (a refusal is a screen with its words in ``error``)."""
    return session.handle_text(json.dumps(message))


def send_ok(session: Session, **message: Any) -> dict[str, Any]:
    """The screen after ``message``, which the session must not refuse."""
    screen = send(session, **message)
    assert screen["ok"], screen["error"]
    return screen


def marked(screen: dict[str, Any]) -> list[str]:
    """The gestures the page marks as where to act (board and controls)."""
    regions = screen["regions"]
    return re.findall(r'data-act="([^"]*)" data-lesson-target=""', regions.get("board", "") + regions.get("controls", ""))


def until_person(session: Session, screen: dict[str, Any]) -> dict[str, Any]:
    """The record's other moves, played as the page's ticks play them, until the person acts or the lesson is done."""
    for _ in range(500):
        if screen["tick_ms"] is None:
            return screen
        screen = send_ok(session, op="tick")
    raise AssertionError("the others never let the person play")

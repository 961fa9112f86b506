"""The screen model (ui/app/render.py): the keys the page receives, pinned; the render changes nothing it reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ui.app.lesson import lesson_files, slug_of
from ui.app.render import SCREEN_KEYS, Frame, NoGame, Screen
from ui.app.session import Session

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[1]

#: Every key of a game's screen: ui/js/*.js reads them by name, so none is renamed or dropped unnoticed.
PAGE_KEYS = {
    "ok", "error", "game", "regions", "status", "log", "recap", "you", "skippable", "pace_ms", "sounds", "undo_stop",
    "can_undo", "can_redo", "step", "steps", "banner", "tick_ms", "record", "game_id", "autosave", "seats", "turn",
    "autoplay", "lesson",
}
#: Keys a screen carries only in the answer to "Share link" (ui/app/session.py, Session._encode_link) and to a
#: link opened (Session._decode_link: what the page says, the saved game a friend's link went on with).
SHARE_KEYS = {"link", "link_words", "notice", "reopened"}


def started(controllers: list[str], seed: int = 4) -> Session:
    session = Session()
    seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
    session.handle_text(json.dumps({"op": "start", "game": "pig", "seats": seats, "seed": seed}))
    return session


def test_the_screen_model_is_the_page_s_key_set() -> None:
    assert set(SCREEN_KEYS) == PAGE_KEYS
    assert set(started(["human", "random"]).screen()) == PAGE_KEYS - {"lesson"}  # only a lesson's page has it
    lesson = Session()
    screen = lesson.handle_text('{"op": "lesson", "game": "pig", "lesson": "first"}')  # the demonstration game has none
    assert set(screen) == {"ok", "error", "game", "regions", "log", "status", "tick_ms"} and screen["game"] is None
    first = lesson_files("trice")[0]
    lesson.handle_text(json.dumps({"op": "lesson", "game": "trice", "lesson": slug_of(first)}))
    assert set(lesson.screen()) == PAGE_KEYS


def test_every_screen_key_the_page_reads_is_in_the_model() -> None:
    read = set()
    for path in sorted((ROOT / "ui" / "js").glob("*.js")):
        read |= set(re.findall(r"\b(?:screen|lastScreen)\.(\w+)", path.read_text(encoding="utf-8")))
    assert read, "the bridge reads no screen key: the pattern is stale"
    assert read <= set(SCREEN_KEYS) | SHARE_KEYS, sorted(read - set(SCREEN_KEYS) - SHARE_KEYS)


def test_a_page_without_a_game_gets_the_short_screen() -> None:
    assert NoGame(ok=False, error="no").as_json() == {
        "ok": False, "error": "no", "game": None, "regions": {}, "log": [], "status": "", "tick_ms": None}
    assert Session().screen() == NoGame(ok=True, error=None).as_json()


def test_rendering_changes_nothing_it_reads() -> None:
    """Sounds, the log's language and the position last drawn are taken before the render, never by it."""
    session = started(["human", "human"])
    session.handle_text('{"op": "act", "gesture": "do roll"}')
    session.live.sounds.append("roll")
    session.lang = "fr"  # the log is still in English until the next screen rewrites it
    before = (list(session.live.sounds), session.live.log_lang, [line.text for line in session.live.log],
              session._last_drawn, session.coach.hint)
    frame = Frame(fresh=True, sounds=["x"], now_ms=1.0)
    first = session.render_screen(frame)
    second = session.render_screen(frame)
    assert isinstance(first, Screen) and first == second
    assert (list(session.live.sounds), session.live.log_lang, [line.text for line in session.live.log],
            session._last_drawn, session.coach.hint) == before
    screen = session.screen()  # the handler's side: the sounds taken, the log rewritten in French
    assert screen["sounds"] == ["roll"] and session.live.sounds == [] and session.live.log_lang == "fr"

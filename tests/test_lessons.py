"""Lessons (ui/app/lesson.py, ui/games/*/lesson.json): every record replays and is won, and the lesson session leads, refuses and steps back.

A lesson is played here as the page plays it, through the session's messages: the test presses the
gestures the page marks (``data-lesson-target``), and lets ``tick`` play the other seats and chance.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.records import RecordError
from ui.app.lesson import (
    LESSON_GAMES,
    LessonSession,
    load_lesson,
    mark_targets,
    read_lesson,
    session_for_page,
)
from ui.app.session import Session, Visit
from ui.games import page

ROOT = Path(__file__).resolve().parent.parent


def start(game: str, lang: str = "en") -> tuple[LessonSession, dict[str, Any]]:
    session = LessonSession()
    screen = session.handle_text(json.dumps({"op": "lesson", "game": game, "lang": lang}))
    assert screen["ok"], screen["error"]
    return session, screen


def send(session: LessonSession, **message: Any) -> dict[str, Any]:
    return session.handle_text(json.dumps(message))


def marked(screen: dict[str, Any]) -> list[str]:
    """The gestures the page marks as where to act (board and controls)."""
    regions = screen["regions"]
    markup = regions.get("board", "") + regions.get("controls", "")
    return re.findall(r'data-act="([^"]*)" data-lesson-target=""', markup)


def until_person(session: LessonSession, screen: dict[str, Any]) -> dict[str, Any]:
    """Let the record's other moves play (as the page's ticks do) until the person may act or the lesson is done."""
    for _ in range(500):
        if screen["tick_ms"] is None:
            return screen
        screen = send(session, op="tick")
        assert screen["ok"], screen["error"]
    raise AssertionError("the others never let the person play")


def play_step(session: LessonSession, screen: dict[str, Any]) -> dict[str, Any]:
    """Make the move the current step asks for, by its marked gestures (Siege's aim set on its sliders first)."""
    lesson = session.lesson
    assert lesson is not None
    step = lesson.steps[lesson.step_index(len(session.actions))]
    action = lesson.data.record.actions[step.at].split()
    for gesture in step.targets:
        assert gesture in marked(screen), f"step at {step.at}: {gesture!r} is not marked; marked: {marked(screen)}"
        if gesture == "fire":
            send(session, op="act", gesture=f"set angle {action[2]}")
            send(session, op="act", gesture=f"set power {action[3]}")
        screen = send(session, op="act", gesture=gesture)
        assert screen["ok"], screen["error"]
    return screen


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_lesson_record_replays_by_the_rules_and_ends_in_the_persons_win(game: str) -> None:
    lesson = load_lesson(game)
    rules = engine.get(game)
    assert rules.outcome(lesson.states[-1]).winners == (lesson.data.person,)
    assert 6 <= len(lesson.steps) <= 15
    # every move of the person's seat from the lesson's start is a step, and nothing else is
    assert tuple(step.at for step in lesson.steps) == lesson.person_steps
    assert lesson.data.start <= lesson.steps[0].at
    assert set(lesson.data.names) == {"en", "fr"} and all(len(n) == len(lesson.data.record.seats) for n in lesson.data.names.values())


def test_a_lesson_that_drifts_from_the_rules_is_refused() -> None:
    data = json.loads((page("trice").lesson_path).read_text(encoding="utf-8"))
    data["record"]["actions"][70] = "move a1 a2"  # a move the rules refuse in that position
    with pytest.raises(RecordError, match="action 71"):
        read_lesson("trice", json.dumps(data))


@pytest.mark.parametrize("game", LESSON_GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lesson_plays_to_its_end_by_the_gestures_it_marks(game: str, lang: str) -> None:
    session, screen = start(game, lang)
    total = len(session.lesson.steps)
    assert screen["lesson"] == f"1/{total}"
    for k in range(total):
        screen = until_person(session, screen)
        assert screen["lesson"] == f"{k + 1}/{total}"
        assert f"{k + 1}" in screen["regions"]["lesson"]
        assert escape_free(session.lesson.steps[k].say.of(lang)) in screen["regions"]["lesson"]
        screen = play_step(session, screen)
    screen = until_person(session, screen)
    assert screen["lesson"] == "done"
    assert escape_free(session.lesson.data.done.of(lang)) in screen["regions"]["lesson"]
    assert marked(screen) == []
    assert screen["autosave"] is None  # a lesson is not one of the person's saved games


def escape_free(text: str) -> str:
    from html import escape

    return escape(text)


@pytest.mark.parametrize(("lang", "start_of_answer"), [("en", "Not this one: the lesson asks you to "),
                                                       ("fr", "Pas celui-ci : la leçon vous demande de ")])
def test_another_move_is_answered_in_words_and_not_played(lang: str, start_of_answer: str) -> None:
    session, screen = start("trice", lang)
    screen = until_person(session, screen)
    played = len(session.actions)
    # the first step asks for the free level-3 placement: the paid one is another move
    answer = send(session, op="act", gesture="do place 1 free")
    assert answer["error"].startswith(start_of_answer)
    assert session.lesson.steps[0].ask.of(lang) in answer["error"]
    assert len(session.actions) == played
    # on the next step, picking another piece than the one to move is answered at once
    screen = play_step(session, screen)
    answer = send(session, op="act", gesture="select b2")
    assert answer["error"].startswith(start_of_answer)
    assert session.live.ui is None


def test_siege_asks_for_the_shot_of_the_step_and_shows_the_trajectory() -> None:
    session, screen = start("siege")
    screen = play_step(session, until_person(session, screen))
    assert session.training
    send(session, op="act", gesture="set angle 12")
    answer = send(session, op="act", gesture="fire")
    assert answer["error"] == "Not this one: the lesson asks you to fire the cannon at 17° and 92% power."
    assert session.game.format_action(session.actions[-1]) == "dice 5 5"


def test_step_back_returns_to_the_previous_step_and_start_again_to_the_first() -> None:
    session, screen = start("piratissimo")
    total = len(session.lesson.steps)
    for _ in range(3):
        screen = play_step(session, until_person(session, screen))
    screen = until_person(session, screen)
    assert screen["lesson"] == f"4/{total}"
    screen = send(session, op="act", gesture="lesson back")
    assert screen["lesson"] == f"3/{total}"
    assert len(session.actions) == session.lesson.steps[2].at
    assert set(marked(screen)) == set(session.lesson.steps[2].targets)
    # right after the person's move, while the others still play, "back" is that move again
    screen = play_step(session, screen)
    assert screen["tick_ms"] is not None or len(session.actions) == session.lesson.steps[3].at
    screen = send(session, op="act", gesture="lesson back")
    assert len(session.actions) == session.lesson.steps[2].at
    screen = send(session, op="act", gesture="lesson restart")
    assert screen["lesson"] == f"1/{total}" and len(session.actions) == session.lesson.data.start
    screen = until_person(session, screen)
    answer = send(session, op="act", gesture="lesson back")
    assert answer["error"] == "This is the lesson's first step: there is no step before it."


def test_step_back_from_the_end_replays_the_winning_move() -> None:
    session, screen = start("siege", "fr")
    for _ in session.lesson.steps:
        screen = play_step(session, until_person(session, screen))
    screen = until_person(session, screen)
    assert screen["lesson"] == "done"
    screen = send(session, op="act", gesture="lesson back")
    total = len(session.lesson.steps)
    assert screen["lesson"] == f"{total}/{total}"
    assert "Étape" in screen["regions"]["lesson"] and "Step" not in screen["regions"]["lesson"]


def test_the_visit_gives_a_lesson_page_a_lesson_session_and_a_game_page_a_game_session() -> None:
    assert isinstance(session_for_page("siege/learn"), LessonSession)
    assert type(session_for_page("siege")) is Session
    visit = Visit(session_for_page)
    screen = visit.handle_text('{"op": "lesson", "game": "trice", "lang": "fr"}', "trice/learn")
    assert screen["ok"] and screen["lesson"] == "1/11"
    assert visit.handle_text('{"op": "refresh"}', "trice")["game"] is None  # the game page's own game is apart


def test_a_game_without_a_lesson_is_refused_in_words() -> None:
    answer = LessonSession().handle_text('{"op": "lesson", "game": "pig", "lang": "en"}')
    assert answer["ok"] is False and "no lesson" in answer["error"]


def test_the_marks_are_added_only_to_the_gestures_named() -> None:
    markup = '<g data-act="select a1"></g><g data-act="select a12"></g><button data-act="do end">End</button>'
    assert mark_targets(markup, ["select a1", "do end"]) == (
        '<g data-act="select a1" data-lesson-target=""></g><g data-act="select a12"></g>'
        '<button data-act="do end" data-lesson-target="">End</button>'
    )


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_word_of_a_lesson_is_in_english_and_in_french_with_french_numbers(game: str) -> None:
    lesson = load_lesson(game)
    texts = [lesson.data.done] + [step.say for step in lesson.steps] + [step.ask for step in lesson.steps]
    for words in texts:
        assert words.en != words.fr
        assert not re.search(r"\d[ \u00a0]?%|\d\.\d", words.fr), words.fr  # "92 %" with a narrow no-break space


def test_the_build_makes_a_lesson_page_per_game_and_links_to_it() -> None:
    from ui.site import pages as site

    for game in site.GAMES:
        if game.name in LESSON_GAMES:
            assert f'href="{game.name}/learn/"' in site.card(game)
    template = (ROOT / "ui/site/templates/game.html").read_text()
    assert 'href="learn/"' in template


def test_a_game_pages_session_opens_no_lesson() -> None:
    answer = Session().handle_text('{"op": "lesson", "game": "trice", "lang": "en"}')
    assert answer["ok"] is False and "no lesson" in answer["error"]

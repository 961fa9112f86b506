"""Lessons (ui/app/lesson.py, ui/games/*/lessons/): every drill replays, the drills together teach every clause,
and a lesson plugged into a session leads, refuses, accepts what the game's judge accepts and steps back.

A lesson is played here as the page plays it, through the visit's messages: the test presses the
gestures the page marks (``data-lesson-target``), and lets ``tick`` play the other seats and chance.
"""

from __future__ import annotations

import importlib
import json
import re
from html import escape
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.records import RecordError
from tests.lesson_play import marked, send, start, until_person
from ui.app.lesson import (
    LESSON_GAMES,
    MAX_STEPS,
    MIN_STEPS,
    GameLessonData,
    LessonData,
    lesson_files,
    load_lessons,
    mark_targets,
    read_lesson,
)
from ui.app.session import Session, Visit
from ui.games import page

ROOT = Path(__file__).resolve().parent.parent
DRILLS = [(game, lesson.slug) for game in LESSON_GAMES for lesson in load_lessons(game) if isinstance(lesson.data, LessonData)]
#: The rulebooks' clauses each game's lessons must teach: those its rules page states (every one, numbered
#: without gaps: tests/test_rules_pages.py), but SG-18, the optional captain rule, taught by the rules page.
NOT_IN_LESSONS = {"SG-18"}


def clauses_of(game: str) -> list[str]:
    """The clause IDs the game's rules page states (the build's side: its ``rules`` module)."""
    rules_page = importlib.import_module(f"{page(game).package}.rules").rules_page("en")
    return sorted(set(re.findall(rf'id="en-({engine.info(game).rule_prefix}-\d\d)"', rules_page)))










def play_step(session: Session, screen: dict[str, Any]) -> dict[str, Any]:
    """Make the move the current step asks for, by its marked gestures (Siege's aim set on its sliders first)."""
    lesson = session.script.lesson
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


@pytest.mark.parametrize(("game", "slug"), DRILLS)
def test_every_drill_replays_by_the_rules_and_asks_for_each_of_the_persons_moves(game: str, slug: str) -> None:
    lesson = next(one for one in load_lessons(game) if one.slug == slug)
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    # every move of the person's seat from the lesson's start is a step, and nothing else is
    assert tuple(step.at for step in lesson.steps) == lesson.person_steps
    assert lesson.data.start <= lesson.steps[0].at
    assert set(lesson.data.names) == {"en", "fr"} and all(len(n) == len(lesson.data.record.seats) for n in lesson.data.names.values())


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_lessons_of_a_game_teach_every_clause_of_its_rulebook(game: str) -> None:
    """Each clause is taught by a step (SG-18 aside); a step's words recall only clauses taught before it."""
    wanted = [clause for clause in clauses_of(game) if clause not in NOT_IN_LESSONS]
    assert len(wanted) >= 11
    taught: list[str] = []
    for lesson in load_lessons(game):
        for step in lesson.steps:
            assert set(step.recalls) <= set(taught), f"{lesson.slug} step at {step.at} recalls a clause not yet taught"
            taught += step.teaches
    assert set(taught) <= set(wanted) | NOT_IN_LESSONS, "a step names a clause the rulebook does not have"
    assert [clause for clause in wanted if clause not in taught] == []


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_no_lesson_claims_to_have_taught_the_whole_game_and_the_last_is_a_whole_game(game: str) -> None:
    lessons = load_lessons(game)
    assert isinstance(lessons[-1].data, GameLessonData) and lessons[-1].data.seats.count("human") == 1
    assert all(isinstance(lesson.data, LessonData) for lesson in lessons[:-1]) and len(lessons) >= 3
    claims = re.compile(r"\b(whole|all of|everything|tout le jeu|tout de|tout du|toutes les règles)\b", re.IGNORECASE)
    for lesson in lessons:
        texts = [lesson.data.title, lesson.data.summary, lesson.data.done]
        texts += [step.say for step in lesson.steps] + [step.ask for step in lesson.steps]
        for words in texts:
            assert not claims.search(words.en) and not claims.search(words.fr), words


def test_the_lesson_files_are_named_in_order_with_their_slug() -> None:
    for game in LESSON_GAMES:
        names = [path.name for path in lesson_files(game)]
        assert [name[:2] for name in names] == [f"{k:02d}" for k in range(1, len(names) + 1)], names


def test_a_drill_that_drifts_from_the_rules_is_refused() -> None:
    path = lesson_files("trice")[0]
    data = json.loads(path.read_text(encoding="utf-8"))
    at = data["steps"][-1]["at"]
    data["record"]["actions"][at] = "move a1 a2"  # a move the rules refuse in that position
    with pytest.raises(RecordError, match=f"action {at + 1}"):
        read_lesson("trice", json.dumps(data))


def draws_before_anyone_moves(session: Session) -> int:
    """How many chance steps of no seat's (the draw of who starts) open the drill's record at its start."""
    script, rules = session.script, session.live.require_game()
    at = script.lesson.data.start
    while at < script.lesson.steps[0].at and rules.is_chance(script.states[at]) and rules.turn_seat(script.states[at]) is None:
        at += 1
    return at - script.lesson.data.start


@pytest.mark.parametrize(("game", "slug"), DRILLS)
def test_a_drill_opens_on_its_first_step_past_the_draw_of_who_starts(game: str, slug: str) -> None:
    """The first screen (the one the build draws too) is the first step's, where nothing but the draw comes before it:
    the words do not change, nor the board move down, as the page ticks on (a layout shift of 0.2 on Trice's)."""
    session, screen = start(game, slug, "en")
    script = session.script
    first = script.lesson.steps[0]
    assert script.opening() == script.lesson.data.start + draws_before_anyone_moves(session)
    assert len(session.actions) == script.opening()
    if script.opening() == first.at:
        assert screen["tick_ms"] is None and screen["lesson"] == "1/" + str(len(script.lesson.steps))
        assert escape(first.say.of("en")) in screen["regions"]["lesson"]


def test_the_drills_that_begin_with_the_draw_open_on_their_first_step() -> None:
    """Trice's and Siege's first drills begin with the draw of who starts: both open on their first step."""
    for game in ("trice", "siege"):
        session, _ = start(game, load_lessons(game)[0].slug, "en")
        assert draws_before_anyone_moves(session) > 0
        assert session.script.opening() == session.script.lesson.steps[0].at


@pytest.mark.parametrize(("game", "slug"), DRILLS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_plays_to_its_end_by_the_gestures_it_marks(game: str, slug: str, lang: str) -> None:
    """Each step's words appear with its position, once the others have moved, never before."""
    session, screen = start(game, slug, lang)
    steps = session.script.lesson.steps
    total = len(steps)
    for k in range(total):
        if screen["tick_ms"] is not None and k < total:  # the others move towards the step: its words wait
            assert escape(steps[k].say.of(lang)) not in screen["regions"]["lesson"]
        screen = until_person(session, screen)
        assert screen["lesson"] == f"{k + 1}/{total}"
        assert escape(steps[k].say.of(lang)) in screen["regions"]["lesson"]
        screen = play_step(session, screen)
    screen = until_person(session, screen)
    assert screen["lesson"] == "done" and screen["tick_ms"] is None
    assert escape(session.script.lesson.data.done.of(lang)) in screen["regions"]["lesson"]
    # nobody is left thinking: the status says the lesson is complete
    assert screen["status"] == {"en": "Lesson complete", "fr": "Leçon terminée"}[lang]
    assert marked(screen) == []
    assert screen["autosave"] is None  # a lesson is not one of the person's saved games


@pytest.mark.parametrize(("game", "slug"), DRILLS)
@pytest.mark.parametrize(("lang", "start_of_answer"), [("en", "Not this one: the lesson asks you to "),
                                                       ("fr", "Pas celui-ci\u00a0: la leçon vous demande de ")])
def test_another_move_is_answered_in_words_and_not_played(game: str, slug: str, lang: str, start_of_answer: str) -> None:
    session, screen = start(game, slug, lang)
    screen = until_person(session, screen)
    lesson, rules = session.script.lesson, session.game
    played = len(session.actions)
    if rules.is_chance(session.state):  # the person's own roll comes first: roll it, then try another move
        screen = until_person(session, play_step(session, screen))
        played = len(session.actions)
    step = lesson.steps[lesson.step_index(played)]
    expected = rules.format_action(lesson.actions[played])
    others = [rules.format_action(a) for a in rules.legal_actions(session.state) if rules.format_action(a) != expected]
    if step.accept is not None or not others:
        return  # nothing else to try here (the judge may accept it): the other drills cover the refusal
    answer = send(session, op="act", gesture=f"do {others[0]}")
    assert answer["error"].startswith(start_of_answer.replace("\\u00a0", "\u00a0"))
    assert step.ask.of(lang) in answer["error"]
    assert len(session.actions) == played


def test_step_back_returns_to_the_previous_step_and_start_again_to_the_first() -> None:
    game, slug = next((g, s) for g, s in DRILLS if len(next(x for x in load_lessons(g) if x.slug == s).steps) >= 4)
    session, screen = start(game, slug)
    steps = session.script.lesson.steps
    total = len(steps)
    for _ in range(3):
        screen = play_step(session, until_person(session, screen))
    screen = until_person(session, screen)
    assert screen["lesson"] == f"4/{total}"
    screen = send(session, op="act", gesture="lesson back")
    assert screen["lesson"] == f"3/{total}"
    assert len(session.actions) == steps[2].at
    assert steps[2].targets[0] in marked(screen)  # the step's first gesture (a piece; where it goes comes after)
    # right after the person's move, while the others still play, "back" is that move again
    screen = play_step(session, screen)
    screen = send(session, op="act", gesture="lesson back")
    assert len(session.actions) == steps[2].at
    screen = send(session, op="act", gesture="lesson restart")
    assert screen["lesson"] == f"1/{total}" and len(session.actions) == session.script.opening()
    screen = until_person(session, screen)
    answer = send(session, op="act", gesture="lesson back")
    assert answer["error"] == "This is the lesson's first step: there is no step before it."


def test_step_back_from_the_end_plays_the_last_step_again_in_the_pages_language() -> None:
    game, slug = DRILLS[-1]
    session, screen = start(game, slug, "fr")
    for _ in session.script.lesson.steps:
        screen = play_step(session, until_person(session, screen))
    screen = until_person(session, screen)
    assert screen["lesson"] == "done"
    screen = send(session, op="act", gesture="lesson back")
    total = len(session.script.lesson.steps)
    assert screen["lesson"] == f"{total}/{total}" and screen["tick_ms"] is None
    assert "Étape" in screen["regions"]["lesson"] and "Step" not in screen["regions"]["lesson"]


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_last_lesson_is_a_real_game_against_the_beginner_with_the_hint_at_hand(game: str) -> None:
    last = load_lessons(game)[-1]
    session, screen = start(game, last.slug, "fr")
    assert screen["lesson"] == "game" and escape(last.data.say.fr) in screen["regions"]["lesson"]
    assert [seat.controller for seat in session.record.seats] == last.data.seats
    assert [seat.name for seat in session.record.seats] == last.data.names["fr"]
    for _ in range(20):  # until the person has a decision: the Hint is for a decision, not a roll
        if session.interactive_seat() is None:
            screen = until_person(session, send(session, op="skip"))  # "Skip to my turn": the bots play at once
        elif session.game.is_chance(session.state):
            screen = send(session, op="act", gesture="chance")
        else:
            break
    assert session.hint_offered()
    assert screen["autosave"] is None  # a lesson's game is not one of the person's saved games


def test_the_visit_keeps_each_lesson_apart_from_the_game_page() -> None:
    visit = Visit()
    slug = load_lessons("trice")[0].slug
    screen = visit.handle_text(json.dumps({"op": "lesson", "game": "trice", "lesson": slug, "lang": "fr"}), f"trice/learn/{slug}")
    assert screen["ok"] and screen["lesson"].startswith("1/")
    assert visit.handle_text('{"op": "refresh"}', "trice")["game"] is None  # the game page's own game is apart
    assert visit.handle_text('{"op": "ping"}', "trice")["games"] == engine.names()  # the site's own message


@pytest.mark.parametrize(("game", "slug"), [("pig", "first"), ("trice", "no-such-lesson")])
def test_a_lesson_that_does_not_exist_is_refused_in_words(game: str, slug: str) -> None:
    answer = Session().handle_text(json.dumps({"op": "lesson", "game": game, "lesson": slug, "lang": "en"}))
    assert answer["ok"] is False and "no lesson" in answer["error"]


def test_the_marks_are_added_only_to_the_gestures_named() -> None:
    markup = '<g data-act="select a1"></g><g data-act="select a12"></g><button data-act="do end">End</button>'
    assert mark_targets(markup, ["select a1", "do end"]) == (
        '<g data-act="select a1" data-lesson-target=""></g><g data-act="select a12"></g>'
        '<button data-act="do end" data-lesson-target="">End</button>'
    )


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_word_of_a_lesson_is_in_english_and_in_french_with_french_numbers(game: str) -> None:
    for lesson in load_lessons(game):
        data = lesson.data
        texts = [data.title, data.summary, data.done] + [step.say for step in lesson.steps] + [step.ask for step in lesson.steps]
        if isinstance(data, GameLessonData):
            texts.append(data.say)
        for words in texts:
            assert words.en != words.fr
            assert not re.search(r"\d[ \u00a0]?%|\d\.\d", words.fr), words.fr  # "92 %" with a narrow no-break space
            assert not re.search(r"\w [:;!?]", words.fr), words.fr  # a no-break space before the high signs


def test_the_build_makes_a_lesson_list_per_game_and_links_to_it() -> None:
    from ui.site import pages as site

    for game in site.GAMES:
        if game.name in LESSON_GAMES:
            assert f'href="{game.name}/learn/"' in site.card(game)
    template = (ROOT / "ui/site/templates/game.html").read_text()
    assert 'href="learn/"' in template

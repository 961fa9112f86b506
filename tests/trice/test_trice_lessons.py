"""Trice's lessons (ui/games/trice/lessons/, written by tools/lessons/trice.py): each drill played to its end
through the session, in English and in French, and the rules its steps teach shown on the board at that step.

A step that teaches a refusal (TR-13, TR-15, TR-16, TR-17, the peace cells of TR-18, TR-19) is checked
in its own position: the move it explains is absent from the legal actions there, and the rules refuse it
for the clause the words give. The counts the words state (reserves, removals) are checked on the state.
"""

from __future__ import annotations

import importlib.util
import re
from html import escape
from pathlib import Path

import pytest

import engine
from engine.trice.state import LEVEL, OWNER, PYRAMIDS
from tests.lesson_play import marked, until_person
from tests.lesson_play import send_ok as send
from ui.app.lesson import GameLessonData, Lesson, LessonData, load_lessons
from ui.app.session import Session

ROOT = Path(__file__).resolve().parents[2]
GAME = engine.get("trice")
DRILLS = [lesson for lesson in load_lessons("trice") if isinstance(lesson.data, LessonData)]
SLUGS = [lesson.slug for lesson in DRILLS]
NBSP = "\u00a0"

#: (drill, step number from 0) -> the moves the step's words say are refused there, with the clause the
#: rules name. TR-19's placement on an opponent is an attack (TR-11..13 apply): a smaller placement is TR-13's
#: case, refused under TR-19's name.
REFUSED: dict[tuple[str, int], list[tuple[str, str]]] = {
    ("bi-cells", 1): [("move b3 c4", "TR-16")],  # 2 pieces on the board
    ("bi-cells", 2): [("move a1 b2", "TR-15")],  # b2 holds Red's own piece
    ("bi-cells", 4): [("move b3 c4", "TR-16")],  # 3 pieces
    ("tri-cell", 5): [("move c4 c3", "TR-17")],  # one bi-cell held
    ("nuclear-option", 0): [("nuke d3", "TR-18")],  # Green's piece on the peace cell d3
    ("eye-cell", 0): [("place 1 free", "TR-19"), ("place 2 free", "TR-19")],  # Green's level 3 on a1
    ("winning", 3): [("move c4 c5", "TR-13")],  # Red's level 1 against Blue's level 3
}
#: (drill, step) -> a move the step's words say is open now that the rule is met, and the rule.
OPENED: dict[tuple[str, int], tuple[str, str]] = {
    ("bi-cells", 5): ("move b3 c4", "TR-16"),  # 4 pieces
    ("tri-cell", 6): ("move c4 c3", "TR-17"),  # two bi-cells
}
#: The clauses whose teaching steps must show a refusal in their position (listed in REFUSED).
SHOWN_BY_A_REFUSAL = {"TR-13", "TR-15", "TR-16", "TR-17", "TR-19"}


def drill(slug: str) -> Lesson:
    return next(lesson for lesson in DRILLS if lesson.slug == slug)


def offered(lesson: Lesson, at: int) -> list[str]:
    """What the person may do in the position of the record's action ``at`` (the free placement while the dice wait)."""
    state = lesson.states[at]
    actions = GAME.chance_step_actions(state) if GAME.is_chance(state) else GAME.legal_actions(state)
    return [GAME.format_action(action) for action in actions]


# -- the session, as the page drives it --------------------------------------------------------------








@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("slug", SLUGS)
def test_each_drill_plays_to_its_end_by_the_gestures_it_marks(slug: str, lang: str) -> None:
    lesson = drill(slug)
    steps = lesson.steps
    session = Session()
    screen = send(session, op="lesson", game="trice", lesson=slug, lang=lang)
    # the drill opens at its start, past the draw of who starts (which its first words report)
    opening = lesson.data.start + (lesson.data.record.actions[lesson.data.start].startswith("first "))
    assert len(session.actions) == opening == session.script.opening()
    for k, step in enumerate(steps):
        screen = until_person(session, screen)
        # the step's words appear with its position, not before
        assert len(session.actions) == step.at and screen["lesson"] == f"{k + 1}/{len(steps)}"
        assert escape(step.say.of(lang)) in screen["regions"]["lesson"]
        for gesture in step.targets:
            assert gesture in marked(screen), f"{slug} step {k + 1}: {gesture!r} not marked; marked: {marked(screen)}"
            screen = send(session, op="act", gesture=gesture)
        assert len(session.actions) == step.at + 1
        if k + 1 < len(steps) and screen["tick_ms"] is not None:  # the others move first
            assert escape(steps[k + 1].say.of(lang)) not in screen["regions"]["lesson"]
    screen = until_person(session, screen)
    assert screen["lesson"] == "done" and marked(screen) == []
    assert escape(lesson.data.done.of(lang)) in screen["regions"]["lesson"]
    assert [GAME.format_action(a) for a in session.actions] == lesson.data.record.actions


# -- what the steps teach, on the board ------------------------------------------------------------------


def test_every_clause_of_trice_is_taught_by_a_step_and_recalled_only_after() -> None:
    taught: list[str] = []
    for lesson in DRILLS:
        for step in lesson.steps:
            assert set(step.recalls) <= set(taught), (lesson.slug, step.at, step.recalls)
            taught += step.teaches
    assert sorted(set(taught)) == [f"TR-{n:02d}" for n in range(1, 20)]


@pytest.mark.parametrize(("slug", "k"), sorted(REFUSED))
def test_a_refusal_a_step_teaches_is_in_its_position(slug: str, k: int) -> None:
    lesson = drill(slug)
    step = lesson.steps[k]
    state = lesson.states[step.at]
    for text, rule in REFUSED[(slug, k)]:
        assert rule in step.teaches + step.recalls
        assert text not in offered(lesson, step.at)
        refusal = GAME.check(state, GAME.parse_action(text))
        assert refusal is not None and refusal.rule == rule, (text, refusal)


def test_every_step_teaching_a_refusal_shows_it() -> None:
    """A step teaching TR-13, TR-15..17 or TR-19 shows the refusal in its position, or the move it opens."""
    for lesson in DRILLS:
        for k, step in enumerate(lesson.steps):
            for clause in SHOWN_BY_A_REFUSAL & set(step.teaches):
                rules = {rule for _, rule in REFUSED.get((lesson.slug, k), [])}
                if (lesson.slug, k) in OPENED:
                    rules.add(OPENED[(lesson.slug, k)][1])
                # TR-13 in a placement on an occupied eye cell is refused under TR-19's name
                assert clause in rules or (clause == "TR-13" and "TR-19" in rules), (lesson.slug, k + 1, clause)


@pytest.mark.parametrize(("slug", "k"), sorted(OPENED))
def test_the_move_a_rule_refused_is_open_once_the_rule_is_met(slug: str, k: int) -> None:
    lesson = drill(slug)
    step = lesson.steps[k]
    move, rule = OPENED[(slug, k)]
    assert rule in step.teaches + step.recalls
    assert lesson.data.record.actions[step.at] == move and move in offered(lesson, step.at)


def test_the_counts_the_words_give_are_the_boards() -> None:
    """TR-01: reserves after an elimination; TR-18: the removals the tri-cell gives; TR-02: the win."""
    tri = drill("tri-cell")
    assert tri.states[tri.steps[2].at].reserve[:2] == (15, 15)  # both level-1 pieces went home
    assert tri.states[-1].reserve[1] == 16
    eye = drill("eye-cell")
    assert eye.states[eye.steps[1].at].reserve[:2] == (17, 14)
    for lesson in DRILLS:  # never more than 20 pyramids a colour, on the board and in reserve
        for state in lesson.states[lesson.data.start:]:
            for seat in range(3):
                on_board = sum(LEVEL[code] for code in state.cells if code and OWNER[code] == seat)
                assert on_board + state.reserve[seat] == PYRAMIDS
    nuclear = drill("nuclear-option")
    assert nuclear.states[nuclear.steps[0].at].nukes == 1  # the tri-cell alone
    winning = drill("winning")
    assert winning.states[winning.steps[0].at].nukes == 3  # the tri-cell and two bi-cells
    assert GAME.outcome(winning.states[-1]).winners == (0,)
    assert not GAME.is_terminal(winning.states[winning.steps[-1].at])  # the win comes with the end of the turn


def test_drills_after_the_first_start_from_a_position_their_first_words_say_is_set_up() -> None:
    assert DRILLS[0].data.start == 0 and DRILLS[0].data.record.actions[0] == "first red"
    for lesson in DRILLS[1:]:
        assert lesson.data.start > 0
        assert lesson.steps[0].say.en.startswith("A position set up for this drill")
        assert lesson.steps[0].say.fr.startswith("Une position préparée pour cet exercice")


def test_the_last_lesson_is_a_game_against_the_beginner() -> None:
    last = load_lessons("trice")[-1]
    assert isinstance(last.data, GameLessonData)
    assert last.data.seats == ["human", "mcts:easy", "mcts:easy"]
    assert engine.info("trice").bots.count("mcts:easy") == 1


def test_the_french_words_keep_french_typography() -> None:
    for lesson in load_lessons("trice"):
        data = lesson.data
        texts = [data.title.fr, data.summary.fr, data.done.fr]
        texts += [step.say.fr for step in lesson.steps] + [step.ask.fr for step in lesson.steps]
        if isinstance(data, GameLessonData):
            texts.append(data.say.fr)
        for text in texts:
            assert not re.search(r"[^\u00a0][:;!?]", text.replace("...", "")), text
            assert "'" not in text, text


def test_the_files_are_what_the_generator_writes() -> None:
    spec = importlib.util.spec_from_file_location("trice_lessons", ROOT / "tools" / "lessons" / "trice.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for path, text in module.files().items():
        assert path.read_text(encoding="utf-8") == text, path.name

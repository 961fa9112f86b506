"""Piratissimo's drills (ui/games/piratissimo/lessons/): each replays and plays to its end through the session,
and the steps that teach PI-03, PI-05, PI-07, PI-09 and PI-10 show the rule happen in the position.

A drill is played as the page plays it: the test presses the gestures the page marks
(``data-lesson-target``) and lets ``tick`` play the other seats and chance. The rules are read from the
events the engine reports for the step's own action (``game.step``), so a step that only names a clause
in its words, while its move shows something else, fails here.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.piratissimo import HOME, Piratissimo
from engine.piratissimo import data as D
from engine.piratissimo.rules import RAID, RAID_SPIN, ROLL, STORM_SPIN, TWISTER, ships_on, steps_of
from tests.lesson_play import marked, until_person
from tests.lesson_play import send_ok as send
from ui.app.lesson import Lesson, LessonData, Step, load_lessons
from ui.app.session import Session

GAME = Piratissimo()
DRILLS = [lesson for lesson in load_lessons("piratissimo") if isinstance(lesson.data, LessonData)]


def drill_named(slug: str) -> Lesson:
    return next(lesson for lesson in DRILLS if lesson.slug == slug)








def events(lesson: Lesson, index: int) -> list[tuple[Any, ...]]:
    """What the record's action ``index`` did, as the engine reports it."""
    log: list[tuple[Any, ...]] = []
    GAME.step(lesson.states[index], lesson.actions[index], log)
    return log


def teaching(clause: str) -> list[tuple[Lesson, Step]]:
    found = [(lesson, step) for lesson in DRILLS for step in lesson.steps if clause in step.teaches]
    assert found, f"no drill step teaches {clause}"
    return found


@pytest.mark.parametrize("slug", [lesson.slug for lesson in DRILLS])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_drill_replays_and_plays_to_its_end_by_the_gestures_it_marks(slug: str, lang: str) -> None:
    lesson = drill_named(slug)  # loading it replayed its record by the rules
    assert len(lesson.states) == len(lesson.data.record.actions) + 1
    session = Session()
    screen = send(session, op="lesson", game="piratissimo", lesson=slug, lang=lang)
    total = len(lesson.steps)
    for k, step in enumerate(lesson.steps):
        screen = until_person(session, screen)
        assert screen["lesson"] == f"{k + 1}/{total}" and len(session.actions) == step.at
        for gesture in step.targets:
            assert gesture in marked(screen), f"step at {step.at}: {gesture!r} is not marked: {marked(screen)}"
            screen = send(session, op="act", gesture=gesture)
        assert GAME.format_action(session.actions[step.at]) == lesson.data.record.actions[step.at]
    screen = until_person(session, screen)
    assert screen["lesson"] == "done" and marked(screen) == []
    assert [GAME.format_action(a) for a in session.actions] == lesson.data.record.actions
    assert session.live.state == lesson.states[-1]


def test_the_steps_teaching_PI03_end_on_a_full_island_and_go_on_to_the_next() -> None:
    for lesson, step in teaching("PI-03"):
        before, person = lesson.states[step.at], lesson.data.person
        sails = [e for e in events(lesson, step.at) if e[0] == "sail" and e[1] == person]
        assert sails, f"{lesson.slug} step at {step.at}: the person's ship does not sail"
        route = sails[0][3]
        die = steps_of(lesson.states[step.at + 1].die if before.phase == ROLL else before.die)
        ended = route.path[die - 1]  # where the die's count of islands ends
        assert len(ships_on(before, ended, but=person)) == 2, f"{lesson.slug}: island {ended + 1} is not full"
        assert route.dest != ended and route.path[die:] == (route.dest,)  # on to the next island, and there
        assert lesson.states[step.at + 1].pos[person] == route.dest


def test_the_steps_teaching_PI05_stop_on_an_open_chest_and_must_load_2() -> None:
    for lesson, step in teaching("PI-05"):
        person = lesson.data.person
        loads = [e for e in events(lesson, step.at) if e[0] == "load" and e[1] == person]
        assert loads == [("load", person, D.OPEN_CHEST_LOAD, True)], f"{lesson.slug} step at {step.at}: {loads}"
        sail = next(e for e in events(lesson, step.at) if e[0] == "sail" and e[1] == person)
        assert D.ISLANDS[sail[3].dest].chest == D.OPEN


def test_the_steps_teaching_PI07_attempt_piracy_and_spin_the_compass_for_a_ruby() -> None:
    for lesson, step in teaching("PI-07"):
        person = lesson.data.person
        attempt = step.at if lesson.states[step.at].phase == RAID else step.at - 1
        before = lesson.states[attempt]
        assert before.phase == RAID and before.seat == person, f"{lesson.slug} step at {step.at}: no piracy"
        assert before.pos[before.target] == before.pos[person] != HOME  # another ship on the island where it ended
        assert lesson.data.record.actions[attempt] == "pirate"
        # the person spins the compass: a step of the drill, whose ruby decides
        spin = attempt + 1
        assert lesson.states[spin].phase == RAID_SPIN and spin in lesson.person_steps
        assert next(s for s in lesson.steps if s.at == spin).targets == ["chance"]
        sector = D.COMPASS[lesson.actions[spin].sector]
        told = [e[0] for e in events(lesson, spin)]
        assert ("steal" in told) == sector.ruby and ("miss" in told) != sector.ruby
    # the drill shows a ruby taking 2 treasures from the other ship
    lesson, step = teaching("PI-07")[-1]
    spin = step.at
    after, before = lesson.states[spin + 1], lesson.states[spin]
    victim, person = before.target, lesson.data.person
    assert after.cargo[person] - before.cargo[person] == D.PIRACY_TAKE == before.cargo[victim] - after.cargo[victim]


def test_the_steps_teaching_PI09_play_the_tornado_face_its_move_and_the_compass_storm() -> None:
    kinds = set()
    for lesson, step in teaching("PI-09"):
        before, after = lesson.states[step.at], lesson.states[step.at + 1]
        person = lesson.data.person
        assert before.seat == person
        if before.phase == ROLL:
            assert after.die == D.TORNADO_FACE, f"{lesson.slug} step at {step.at}: not the tornado face"
            kinds.add("face")
        elif before.phase == TWISTER:
            assert after.tornado != before.tornado
            kinds.add("move")
        elif before.phase == STORM_SPIN:
            storm = [e for e in events(lesson, step.at) if e[0] == "storm"]
            assert storm and storm[0][2], "the compass's tornado action strikes no ship"
            kinds.add("storm")
        else:  # the ship's own step of a tornado face: loading or piracy where it stopped
            assert before.die == D.TORNADO_FACE, f"{lesson.slug} step at {step.at}: not in a tornado face"
    assert kinds == {"face", "move", "storm"}


def test_the_steps_teaching_PI10_capsize_the_persons_ship_with_its_8th_treasure() -> None:
    for lesson, step in teaching("PI-10"):
        person = lesson.data.person
        capsized = [e for e in events(lesson, step.at) if e[0] == "capsize" and e[1] == person]
        assert capsized and capsized[0][3] > D.CAPACITY, f"{lesson.slug} step at {step.at}: no capsizing"
        before, after = lesson.states[step.at], lesson.states[step.at + 1]
        assert after.pos[person] == HOME and after.cargo[person] == 0
        assert after.hold == before.hold + before.cargo[person]  # the cargo back to the hold, the chest's 2 too

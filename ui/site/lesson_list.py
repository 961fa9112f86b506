"""The list of a game's lessons at ``/GAME/learn/``: what each teaches, and which the person has done.

Drawn by the build in both languages (the page's CSS shows its own). Which
lessons are done is the person's, kept in the browser's storage: the page
marks each done lesson's item (``data-done``) from it (ui/js/lessons.js), so
the words of the mark are here, hidden until then.

>>> html = lesson_list("trice")
>>> html.count("<li ") == len(load_lessons("trice")), 'href="' in html, 'class="lesson-done"' in html
(True, True, True)
"""

from __future__ import annotations

from html import escape

from ui.app.bilingual import bilingual
from ui.app.lesson import Lesson, LessonData, load_lessons


def clauses_line(lesson: Lesson) -> str:
    """The rulebook clauses a drill teaches, each a link to where the rules page states it."""
    links = ", ".join(f'<a href="../rules/#{{lang}}-{clause}">{clause}</a>' for clause in lesson.teaches)
    if not links:
        return ""
    en = links.replace("{lang}", "en")
    fr = links.replace("{lang}", "fr")
    return (f'<p class="lesson-clauses"><span lang="en">Rules: {en}</span>'
            f'<span lang="fr">Règles\u00a0: {fr}</span></p>')


def lesson_item(number: int, lesson: Lesson) -> str:
    data = lesson.data
    size = (bilingual(f"{len(lesson.steps)} steps", f"{len(lesson.steps)} étapes")
            if isinstance(data, LessonData) else bilingual("a whole game", "une partie entière"))
    return (
        f'<li class="lesson-item" data-lesson-slug="{escape(lesson.slug)}">'
        f'<a class="lesson-link" href="{escape(lesson.slug)}/">'
        f'<span class="lesson-number">{number}</span> {bilingual(data.title.en, data.title.fr)}</a>'
        f'<span class="lesson-done" hidden>{bilingual("done", "faite")}</span>'
        f'<p class="lesson-summary">{bilingual(data.summary.en, data.summary.fr)} · {size}</p>'
        f"{clauses_line(lesson)}</li>"
    )


def lesson_list(game_name: str) -> str:
    """The ordered list of the game's lessons, each a link to its page."""
    items = "".join(lesson_item(number, lesson) for number, lesson in enumerate(load_lessons(game_name), start=1))
    return f'<ol class="lesson-list" data-lesson-list="{escape(game_name)}">{items}</ol>'

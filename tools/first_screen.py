"""The engine's first screen, drawn by the build (tools/build.py) into each game and lesson page.

So nothing moves when the engine draws it (issue 38 point 5, "a page that holds still"): a lesson's words,
the game's goal, and the players' panels unseen (their room kept: a saved game may have another seat count),
in both languages (the page shows its own); and every panel a lesson's words can show, laid unseen in one
place, so the box keeps the room of the tallest from step to step.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import engine
from ui.app import lesson
from ui.app.session import Session
from ui.site import pages as site


def lesson_first_screen(game: str, slug: str) -> tuple[dict[str, str], str]:
    """The lesson's first screen as the engine draws it, in both languages (the page shows its own): its
    words, its goal and its players, drawn by the build so nothing below them moves when the engine
    draws them (:func:`first_regions`); and its progress."""
    screens = {lang: Session().handle_text(json.dumps({"op": "lesson", "game": game, "lesson": slug, "lang": lang}))
               for lang in ("en", "fr")}
    return first_regions(screens, ("lesson", "goal", "players")), screens["en"]["lesson"]


def default_game_screens(game: site.GamePage) -> dict[str, dict[str, Any]]:
    """The first screen of the game a first visit starts (the set-up form's defaults), in both languages."""
    screens = {}
    for lang in ("en", "fr"):
        rows = [{"controller": seat.controller, "name": seat.name(i, lang)} for i, seat in enumerate(game.seats)]
        message = {"op": "set_up", "game": game.name, "rows": rows, "options": {}, "pace": None, "query": "",
                   "lang": lang}
        screens[lang] = Session().handle_text(json.dumps(message))
        assert screens[lang].get("regions"), f"{game.name}: the default set-up drew nothing: {screens[lang].get('error')}"
    return screens


#: The regions the build draws from the engine's first screen, and how: shown as they are (the same for any
#: game of the page), or only their room kept (the players: a saved game may have another seat count,
#: so the build never shows one).
SHOWN_FIRST = {"lesson", "goal"}


def first_regions(screens: dict[str, dict[str, Any]], names: tuple[str, ...]) -> dict[str, str]:
    """``{NAME_FIRST: markup}`` per region: each language's copy (the page's language shows), inert (its buttons
    answer only once the engine runs, and then the engine's own replace them), without ids (two copies)."""
    drawn = {}
    for name in names:
        copies = []
        for lang, screen in screens.items():
            markup = re.sub(r'\sid="[^"]*"', "", screen["regions"].get(name, ""))
            kept = "" if name in SHOWN_FIRST else ' class="first-room" aria-hidden="true"'
            copies.append(f'<div lang="{lang}" inert{kept}>{markup}</div>')
        drawn[f"{name.upper()}_FIRST"] = "".join(copies)
    return drawn


def turn_first(game: str) -> dict[str, str]:
    """``{"CONTROLS_FIRST": markup}``: how a turn goes, in both languages (the page shows its own), where the
    decision will be, until the engine draws the decision there.

    A first visit over a slow network waits half a minute for the engine: this gives it the game's turn to
    read meanwhile, in the room the decision keeps anyway (so nothing moves when the decision replaces it).
    It is also the page's largest text from its first paint, which is what Lighthouse's "largest contentful
    paint" times (Trice's note under its dice, drawn by the engine, was larger than anything the build drew).
    """
    words = engine.spec(game).words
    assert words is not None, f"{game}: no words for how a turn goes"
    copies = "".join(f'<div lang="{lang}" inert><p class="turn-first">{escape(words.turn(lang), quote=False)}</p></div>'
                     for lang in ("en", "fr"))
    return {"CONTROLS_FIRST": copies}


def lesson_room(game: str, slug: str) -> str:
    """Every panel the lesson's words can show (each step, the waits between them, the end), in both languages,
    laid in one place unseen: the panel takes the room of the tallest at the page's width, so the board below
    it stays where it is from step to step."""
    one = lesson.load_lesson(game, slug)
    panels = []
    for lang in ("en", "fr"):
        if isinstance(one.data, lesson.GameLessonData):
            shown = [lesson.game_panel_html(one, finished=done, lang=lang) for done in (False, True)]
        else:
            last = max(step.at for step in one.steps) + 1
            shown = [lesson.panel_html(one, played, finished=False, person_acts=acts, lang=lang)
                     for played in range(last + 1) for acts in (True, False)]
            shown.append(lesson.panel_html(one, last, finished=True, person_acts=False, lang=lang))
        panels += [f'<div class="lesson" lang="{lang}">{markup}</div>' for markup in dict.fromkeys(shown)]
    return f'<div class="lesson-sizer" aria-hidden="true" inert>{"".join(panels)}</div>'

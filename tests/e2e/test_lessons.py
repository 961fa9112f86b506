"""Lessons in the browser: each game's lesson at GAME/learn/ played to its end as a person plays it.

The test presses what the page marks (``data-lesson-target``) for each step of the lesson's data
(ui/games/*/lesson.json): on a phone with touch in French, on a desktop with the mouse, by keyboard. It
checks that ``<html data-lesson>`` counts the steps and reads ``done`` at the end, that another
move is answered in words, and that "Step back" goes back a step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, wait_ready, watched_page

ROOT = Path(__file__).resolve().parents[2]
LESSONS = {game: json.loads((ROOT / f"ui/games/{game}/lesson.json").read_text(encoding="utf-8"))
           for game in ("trice", "piratissimo", "siege")}


def at_step(page: Any, game: str, k: int) -> None:
    """Wait until the page shows step ``k`` (from 1) of the lesson."""
    total = len(LESSONS[game]["steps"])
    page.wait_for_selector(f'html[data-lesson="{k}/{total}"]', state="attached")


def set_aim(page: Any, action: list[str]) -> None:
    """Siege: the elevation and power of ``fire WEAPON ANGLE POWER`` on the sliders, by their arrow keys."""
    for name, value in (("angle", int(action[2])), ("power", int(action[3]))):
        slider = page.locator(f'input[data-input="set {name}"]')
        slider.focus()
        # As a person does: press, read, press again until it reads the value. Counting the presses
        # from one reading would miss if a redraw still on its way set the slider back meanwhile.
        for _ in range(200):
            now = int(slider.input_value())
            if now == value:
                break
            page.keyboard.press("ArrowRight" if value > now else "ArrowLeft")
        page.wait_for_function(
            "([name, value]) => document.querySelector(`input[data-input='set ${name}']`).value === String(value)",
            arg=[name, value],
        )
    page.wait_for_function("aim => document.querySelector('[data-aim]')?.dataset.aim === aim", arg=" ".join(action[1:4]))


def play_steps(page: Any, game: str, *, first: int = 1, last: int | None = None, how: str = "click") -> None:
    """Make the moves of steps ``first``..``last`` (from 1) by the elements the page marks."""
    data = LESSONS[game]
    steps = data["steps"]
    for k in range(first, (last or len(steps)) + 1):
        at_step(page, game, k)
        step = steps[k - 1]
        action = data["record"]["actions"][step["at"]].split()
        for gesture in step["targets"]:
            # the last one marked: a button of the controls rather than its shape on the board, where they both are
            target = page.locator(f'[data-act="{gesture}"][data-lesson-target]').last
            target.wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)
            if gesture == "fire":
                set_aim(page, action)
            if how == "tap":
                target.tap()
            elif how == "keys":
                target.focus()
                page.keyboard.press("Enter")
            else:
                target.click()


@pytest.fixture
def phone(browser: Any, site: Server) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        with watched_page(context, site) as page:
            yield page
    finally:
        context.close()


def test_trice_lesson_on_a_phone_in_french_answers_another_move_steps_back_and_ends(phone: Any, site: Server) -> None:
    page = phone
    page.goto(f"{site.url}trice/learn/?lang=fr")
    wait_ready(page)
    at_step(page, "trice", 1)
    page.locator('[data-lesson-target][data-act="do place 3 free"]').wait_for(state="visible")
    assert "But : à la fin de votre tour" in page.inner_text("[data-region=lesson]")
    # another move than the one asked: words, and nothing played
    step = page.get_attribute("html", "data-step")
    page.locator('[data-region=controls] [data-act="do place 1 free"]').tap()
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice") == "Pas celui-ci : la leçon vous demande de poser une pièce de niveau 3 gratuite."
    assert page.get_attribute("html", "data-step") == step
    play_steps(page, "trice", first=1, last=2, how="tap")
    at_step(page, "trice", 3)
    page.locator('[data-region=lesson] [data-act="lesson back"]').tap()
    at_step(page, "trice", 2)
    page.locator('[data-lesson-target][data-act="select a1"]').wait_for(state="visible")
    play_steps(page, "trice", first=2, how="tap")
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert "Vous gagnez" in page.inner_text("[data-region=lesson]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # a lesson is not saved among the person's games
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boardgames:save:')).length") == 0


def test_piratissimo_lesson_by_keyboard(page: Any, site: Server) -> None:
    page.goto(f"{site.url}piratissimo/learn/")
    wait_ready(page)
    play_steps(page, "piratissimo", how="keys")
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert "You win the race" in page.inner_text("[data-region=lesson]")


def test_siege_lesson_with_the_mouse_aims_with_the_trajectory_shown(page: Any, site: Server) -> None:
    page.goto(site.url + "siege/")
    wait_ready(page)
    page.wait_for_selector("[data-region=status]:not(:empty)")  # the game page's own game has started
    page.click('.site-nav a[href="learn/"]')  # from the game's header, by the site's own navigation
    page.wait_for_selector("html[data-lesson]", state="attached")
    wait_ready(page)
    play_steps(page, "siege", first=1, last=1)
    at_step(page, "siege", 2)
    # the shot's path is drawn while aiming (Siege's training)
    page.locator('[data-lesson-target][data-act="fire"]').wait_for(state="visible")
    assert page.locator("[data-region=board] [data-training]").count() > 0
    # a shot at another aim is answered in words
    page.locator('[data-act="nudge angle 1"]').first.click()
    page.wait_for_function("document.querySelector('[data-aim]')?.dataset.aim === 'cannon 11 70'")
    page.locator('[data-region=controls] [data-act="fire"]').click()
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice").startswith("Not this one: the lesson asks you to fire the cannon at 17°")
    play_steps(page, "siege", first=2)
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert "You win" in page.inner_text("[data-region=lesson]")

"""Lessons in the browser: a game's drills at GAME/learn/SLUG/ played to their end as a person plays them.

The test presses what the page marks (``data-lesson-target``) for each step of the drill's data
(ui/games/GAME/lessons/NN-SLUG.json): on a phone with touch in French, on a desktop with the mouse,
by keyboard. It checks that ``<html data-lesson>`` counts the steps and reads ``done`` at the end,
that another move is answered in words, that "Step back" goes back a step, and that the list at
GAME/learn/ marks the lesson done (kept in memory when the browser refuses storage).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, ROOT, Server, wait_ready, watched_page


def drills(game: str) -> list[tuple[str, dict[str, Any]]]:
    """The game's drills, (slug, data), in their order."""
    found = []
    for path in sorted((ROOT / "ui/games" / game / "lessons").glob("[0-9][0-9]-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("kind", "drill") == "drill":
            found.append((path.stem.split("-", 1)[1], data))
    return found


def at_step(page: Any, data: dict[str, Any], k: int) -> None:
    """Wait until the page shows step ``k`` (from 1) of the drill, the person to act."""
    page.wait_for_selector(f'html[data-lesson="{k}/{len(data["steps"])}"]', state="attached")
    page.locator("[data-lesson-target]").first.wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)


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


def play_steps(page: Any, data: dict[str, Any], *, first: int = 1, last: int | None = None, how: str = "click") -> None:
    """Make the moves of steps ``first``..``last`` (from 1) by the elements the page marks."""
    steps = data["steps"]
    for k in range(first, (last or len(steps)) + 1):
        at_step(page, data, k)
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


def another_button(page: Any) -> Any | None:
    """A button of the controls that makes a move the step does not ask for, if the position has one."""
    others = page.locator('[data-region=controls] [data-act^="do "]:not([data-lesson-target])')
    return others.first if others.count() else None


def test_trice_drill_on_a_phone_in_french_answers_another_move_steps_back_and_ends(phone: Any, site: Server) -> None:
    page = phone
    slug, data = drills("trice")[0]
    page.goto(f"{site.url}trice/learn/{slug}/?lang=fr")
    wait_ready(page)
    steps = data["steps"]
    # another move than the one asked, on the first step that offers one: words, and nothing played
    answered = False
    for k in range(1, len(steps) + 1):
        at_step(page, data, k)
        other = another_button(page)
        if other is not None:
            step_before = page.get_attribute("html", "data-step")
            other.tap()
            page.wait_for_selector("#notice:not([hidden])")
            assert page.inner_text("#notice") == f"Pas celui-ci\u00a0: la leçon vous demande de {steps[k - 1]['ask']['fr']}."
            assert page.get_attribute("html", "data-step") == step_before
            answered = True
            break
        play_steps(page, data, first=k, last=k, how="tap")
    assert answered, "no step of the drill offers another move to refuse"
    assert steps[k - 1]["say"]["fr"] in page.inner_text("[data-region=lesson]")
    play_steps(page, data, first=k, last=k, how="tap")
    if k < len(steps):
        at_step(page, data, k + 1)
        page.locator('[data-region=lesson] [data-act="lesson back"]').tap()
        at_step(page, data, k)
        play_steps(page, data, first=k, how="tap")
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["fr"] in page.inner_text("[data-region=lesson]")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # a lesson is not saved among the person's games; it is marked done in the list
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boardgames:save:')).length") == 0
    page.locator(".site-nav a[href='../']").first.tap()  # "Leçons"
    page.wait_for_selector(f"[data-lesson-slug='{slug}'][data-done]", state="attached")
    assert page.locator(f"[data-lesson-slug='{slug}'] .lesson-done").is_visible()


def test_piratissimo_drill_by_keyboard(page: Any, site: Server) -> None:
    slug, data = drills("piratissimo")[0]
    page.goto(f"{site.url}piratissimo/learn/{slug}/")
    wait_ready(page)
    play_steps(page, data, how="keys")
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["en"] in page.inner_text("[data-region=lesson]")


def test_siege_drill_with_the_mouse_from_the_list_with_the_trajectory_shown(page: Any, site: Server) -> None:
    page.goto(site.url + "siege/")
    wait_ready(page)
    page.wait_for_selector("[data-region=status]:not(:empty)")  # the game page's own game has started
    page.click('.site-nav a[href="learn/"]')  # from the game's header, by the site's own navigation
    page.wait_for_selector("[data-lesson-list]")
    slug, data = drills("siege")[0]
    page.click(f"[data-lesson-slug='{slug}'] .lesson-link")
    page.wait_for_selector("html[data-lesson-name]", state="attached")
    wait_ready(page)
    play_steps(page, data)
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["en"] in page.inner_text("[data-region=lesson]")


def test_the_whole_game_lesson_offers_the_hint_against_the_beginner(page: Any, site: Server) -> None:
    last = max((ROOT / "ui/games/trice/lessons").glob("[0-9][0-9]-*.json"))
    data = json.loads(last.read_text(encoding="utf-8"))
    page.goto(f"{site.url}trice/learn/{last.stem.split('-', 1)[1]}/")
    wait_ready(page)
    page.wait_for_selector('html[data-lesson="game"]', state="attached")
    assert data["say"]["en"] in page.inner_text("[data-region=lesson]")
    page.locator('[data-op="coach"][data-coach="hint"]').wait_for(state="visible", timeout=ENGINE_TIMEOUT_MS)


def test_lessons_done_are_kept_in_memory_when_storage_is_refused(page: Any, site: Server) -> None:
    """A page that may not store (a strict private mode, another site's iframe in Safari): the page's memory
    keeps the mark while the visit lasts."""
    page.add_init_script(
        """Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });"""
    )
    slug, data = drills("piratissimo")[0]
    page.goto(f"{site.url}piratissimo/learn/{slug}/")
    wait_ready(page)
    play_steps(page, data)
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    page.click(".site-nav a[href='../']")  # the site's own navigation keeps the page's memory
    page.wait_for_selector(f"[data-lesson-slug='{slug}'][data-done]", state="attached")


def test_siege_aim_by_feel_on_a_phone_in_french_by_the_fingers_drag(phone: Any, site: Server) -> None:
    """Issue 36's phone: the aim is found by dragging on the pad, a shot short, a shot long, then the hit; any
    shot that does what the step asks is taken (the exact values of the record are never asked for)."""
    from tests.e2e.test_siege import Finger, box, pad_to_client
    from ui.games.siege.board import pad_point

    page = phone
    slug, data = next((slug, data) for slug, data in drills("siege") if slug == "aim-by-feel")
    page.goto(f"{site.url}siege/learn/{slug}/?lang=fr")
    wait_ready(page)
    play_steps(page, data, first=1, last=1, how="tap")  # the dice
    handle_selector = '[data-region=siege-pad] [data-drag=pad][data-weapon="cannon"]'
    # short (little power), long (much power), then in between: not the record's values, a person's own
    for k, (angle, power) in enumerate([(20, 45), (20, 99), (18, 87)], start=2):
        at_step(page, data, k)
        assert data["steps"][k - 1]["say"]["fr"] in page.inner_text("[data-region=lesson]")
        page.wait_for_selector(handle_selector)
        handle = box(page, handle_selector)
        start = (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        target = pad_to_client(page, *pad_point(0, angle, power))
        finger = Finger(page, start)
        finger.slide(start, target, 10)
        page.wait_for_function("aim => document.querySelector('[data-aim]')?.dataset.aim === aim", arg=f"cannon {angle} {power}")
        finger.lift()
    at_step(page, data, 5)
    assert page.locator("#notice").is_hidden()  # each of the three shots was taken
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    play_steps(page, data, first=5, how="tap")
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["fr"] in page.inner_text("[data-region=lesson]")


def test_piratissimo_piracy_drill_on_a_phone_in_french(phone: Any, site: Server) -> None:
    slug, data = next((slug, data) for slug, data in drills("piratissimo") if "PI-07" in json.dumps(data["steps"]))
    phone.goto(f"{site.url}piratissimo/learn/{slug}/?lang=fr")
    wait_ready(phone)
    play_steps(phone, data, how="tap")
    phone.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["fr"] in phone.inner_text("[data-region=lesson]")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_trice_winning_drill_on_a_desktop_in_english(page: Any, site: Server) -> None:
    slug, data = drills("trice")[-1]
    page.goto(f"{site.url}trice/learn/{slug}/")
    wait_ready(page)
    play_steps(page, data)
    page.wait_for_selector('html[data-lesson="done"]', state="attached")
    assert data["done"]["en"] in page.inner_text("[data-region=lesson]")

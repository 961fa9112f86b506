"""Assistive technology: axe-core finds no serious problem on any page, in English or French.

axe-core comes from the project's own npm dev dependencies (node_modules/,
installed by ``make test``). The pages' Content-Security-Policy forbids
scripts the site does not serve, so these tests' browser context bypasses
the CSP: for this injection only, every other test runs under the real one.
Game pages are checked mid-game, after the engine is ready and the person's
first decision is drawn (the boards, controls and panels all present).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, ROOT, Server, first_lesson, wait_ready, watched_page

AXE = ROOT / "node_modules/axe-core/axe.min.js"
GAMES = {
    "trice": "seats=human,heuristic,heuristic&seed=1&pace=0",
    "piratissimo": "seats=human,heuristic&seed=9&pace=0",
    "siege": "seats=human,aim&seed=1&pace=0",
}
ROLL = '[data-region=controls] [data-act="chance"]'


@pytest.fixture(scope="module")
def axe_context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield context
    context.close()


@pytest.fixture
def axe_page(axe_context: Any, site: Server) -> Iterator[Any]:
    with watched_page(axe_context, site) as page:
        yield page


def switch_language(page: Any, lang: str) -> None:
    """The header's language button, as a reader switches."""
    page.click(f"[data-set-lang={lang}]")
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def serious_violations(page: Any) -> list[str]:
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run `make test` (npm ci installs it)")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """() => axe.run(document, { resultTypes: ["violations"] }).then(r => r.violations
             .filter(v => v.impact === "serious" || v.impact === "critical")
             .map(v => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(" | ")}`))"""
    )
    return result




def test_the_landing_page_has_no_serious_accessibility_problem(axe_page: Any, site: Server) -> None:
    axe_page.goto(f"{site.url}?lang=fr")
    wait_ready(axe_page)
    assert axe_page.get_attribute("html", "lang") == "fr"
    assert serious_violations(axe_page) == []
    switch_language(axe_page, "en")
    assert serious_violations(axe_page) == []


def test_the_landing_page_with_games_to_continue_has_no_serious_accessibility_problem(
    axe_page: Any, site: Server
) -> None:
    for game, query in GAMES.items():  # a game of each, each with a move of the person's
        axe_page.goto(f"{site.url}{game}/?{query}")
        wait_ready(axe_page)
        axe_page.locator(ROLL).click()
        axe_page.wait_for_function("Number(document.documentElement.dataset.step) >= 2")
    axe_page.goto(site.url)
    wait_ready(axe_page)
    axe_page.wait_for_function("document.querySelectorAll('.continue-game').length === 3")
    assert serious_violations(axe_page) == []
    switch_language(axe_page, "fr")  # the list is written in both languages: the switch shows the French
    assert serious_violations(axe_page) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_rules_page_has_no_serious_accessibility_problem(axe_page: Any, site: Server, game: str, lang: str) -> None:
    axe_page.goto(f"{site.url}{game}/rules/?lang={lang}")
    axe_page.wait_for_selector("main.rules article", state="attached")
    assert axe_page.get_attribute("html", "lang") == lang
    assert serious_violations(axe_page) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_in_play_has_no_serious_accessibility_problem(axe_page: Any, site: Server, game: str) -> None:
    """Opened in French, then switched to English: the regions the engine draws again in that language."""
    axe_page.goto(f"{site.url}{game}/?{GAMES[game]}&lang=fr")
    wait_ready(axe_page)
    assert axe_page.get_attribute("html", "lang") == "fr"
    axe_page.locator(ROLL).click()
    axe_page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    axe_page.wait_for_selector("[data-region=controls] button")
    assert serious_violations(axe_page) == []
    controls = axe_page.inner_html("[data-region=controls]")
    switch_language(axe_page, "en")
    axe_page.wait_for_function("html => document.querySelector('[data-region=controls]').innerHTML !== html", arg=controls)
    assert serious_violations(axe_page) == []


def test_reduced_motion_stills_every_animation(axe_page: Any, site: Server) -> None:
    axe_page.emulate_media(reduced_motion="reduce")
    axe_page.goto(f"{site.url}piratissimo/?{GAMES['piratissimo']}")
    wait_ready(axe_page)
    axe_page.locator(ROLL).click()
    axe_page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    axe_page.wait_for_selector("[data-region=board] svg animate, [data-region=board] svg animateTransform", state="attached")
    # Every drawing's clock is stopped, at the end of its animations.
    clocks = axe_page.evaluate(
        "[...document.querySelectorAll('[data-region] svg')].filter(s => !s.ownerSVGElement)"
        ".map(s => [s.animationsPaused(), s.getCurrentTime()])"
    )
    assert clocks and all(paused and time >= 600 for paused, time in clocks), clocks
    # CSS transitions are cut to nothing as well (a landing card lifts in .15 s otherwise).
    axe_page.goto(site.url)
    duration = axe_page.evaluate("getComputedStyle(document.querySelector('[data-card]')).transitionDuration")
    assert duration.split(",")[0].strip() in ("0.001s", "1e-03s"), duration


@pytest.mark.parametrize("game", ["trice", "piratissimo", "siege"])
def test_a_lesson_page_has_no_serious_accessibility_problem(axe_page: Any, site: Server, game: str) -> None:
    """Opened in French, then switched to English: the lesson's words drawn again in that language."""
    axe_page.goto(f"{site.url}{first_lesson(game)}?lang=fr")
    wait_ready(axe_page)
    assert axe_page.get_attribute("html", "lang") == "fr"
    axe_page.wait_for_selector("[data-lesson-target]", state="attached")  # the first step, where to act marked
    assert serious_violations(axe_page) == []
    lesson = axe_page.inner_html("[data-region=lesson]")
    switch_language(axe_page, "en")
    axe_page.wait_for_function("html => document.querySelector('[data-region=lesson]').innerHTML !== html", arg=lesson)
    axe_page.wait_for_selector("[data-lesson-target]", state="attached")
    assert serious_violations(axe_page) == []

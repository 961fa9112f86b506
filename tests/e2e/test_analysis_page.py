"""The analysis of a finished or saved game (issue 21, point 4): lines and flags, a turn opened in the replay, stop."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, wait_ready, wait_until, watched_page
from tools.soak import endgame_link

#: A person's game of Piratissimo against a bot, played to its end here: its analysis flags turns.
GAME = ("piratissimo", "human,heuristic", 6)
ANALYSE = "#winner [data-coach=analyse]"


def open_finished(page: Any, site: Server, lang: str = "en") -> None:
    page.goto("about:blank")
    page.goto(f"{site.url}{GAME[0]}/?lang={lang}#{endgame_link(*GAME, 0)}")
    wait_ready(page)
    page.wait_for_selector(ANALYSE)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_finished_games_analysis_draws_a_line_per_seat_and_flags_and_opens_a_turn(page: Any, site: Server,
                                                                                   lang: str) -> None:
    open_finished(page, site, lang)
    page.click(ANALYSE)
    assert page.locator("#winner").is_hidden()  # the banner steps aside for the analysis
    page.wait_for_selector("[data-region=analysis] .chances-graph", timeout=ENGINE_TIMEOUT_MS)
    # the game over, no decision keeps its room: the analysis follows the board's tools (Undo, then Result)
    gap = page.evaluate("""() => document.querySelector('[data-region=analysis]').getBoundingClientRect().top
                                 - document.querySelector('.turn-tools').getBoundingClientRect().bottom""")
    assert gap < 120, gap
    lines = page.locator("[data-region=analysis] .chance-line")
    assert lines.count() == 2
    strokes = [lines.nth(i).get_attribute("stroke") for i in range(2)]
    assert len(set(strokes)) == 2 and all(re.fullmatch(r"#[0-9a-f]{6}", s) for s in strokes), strokes
    flags = page.locator("[data-region=analysis] .flag-mark")
    assert flags.count() >= 1
    flagged = page.locator("[data-region=analysis] button.flagged")
    assert flagged.count() == flags.count()
    words = {"en": ("inaccuracy", "mistake", "blunder"), "fr": ("imprécision", "erreur", "gaffe")}[lang]
    assert any(word in flagged.first.inner_text() for word in words)
    # a turn of the graph opens the replay where that turn began
    target = page.locator("[data-region=analysis] .turn-target").nth(4)
    turn = int(target.get_attribute("data-turn"))
    target.click()
    page.wait_for_selector("[data-region=analysis] .analysis-opened")
    status = page.inner_text("[data-region=status]")
    assert status.startswith("Relecture : étape" if lang == "fr" else "Replay: step"), status
    step = int(page.get_attribute("html", "data-step"))
    assert re.search(rf"\b{step}\b", status)
    opened = page.inner_text("[data-region=analysis] .analysis-opened")
    assert opened.startswith(f"Tour {turn}," if lang == "fr" else f"Turn {turn},")
    # every turn by the keyboard, flagged or not: the next one, twice, the focus kept on the step
    turns = [int(t) for t in page.eval_on_selector_all(
        "[data-region=analysis] .turn-target", "els => els.map(el => el.dataset.turn)")]
    for expected in turns[5:7]:
        if page.evaluate("document.activeElement?.dataset?.step !== 'next'"):
            page.locator("[data-region=analysis] [data-step=next]").focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "turn => document.querySelector('[data-region=analysis] .analysis-opened')?.textContent.match(/^(Turn|Tour) (\\d+),/)?.[2] === turn",
            arg=str(expected))
        assert page.evaluate("document.activeElement?.dataset?.step") == "next"
    # a flagged turn by the keyboard, with the better move marked on the board where it has a place on the sea
    with_better = page.locator("[data-region=analysis] button.flagged:has(.better)")
    assert with_better.count() == flagged.count()  # every flag names its better move
    with_better.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-region=analysis] button.flagged[aria-pressed=true]")
    # back to the live game: the final position, and its banner
    page.click("[data-op=replay-live]")
    page.wait_for_selector("#winner:not([hidden])")


def test_a_turn_opened_below_the_board_brings_the_board_into_view_and_closing_goes_back_to_the_live_game(
        page: Any, site: Server) -> None:
    """At 1366x768 the analysis's list is below the board: a turn opened there shows its board, and
    "Close the analysis" leaves the replay for the finished game, its result at hand."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_finished(page, site)
    live_step = int(page.get_attribute("html", "data-step"))
    page.click(ANALYSE)
    page.wait_for_selector("[data-region=analysis] .chances-graph", timeout=ENGINE_TIMEOUT_MS)
    flagged = page.locator("[data-region=analysis] button.flagged").first
    flagged.scroll_into_view_if_needed()
    board_in_view = "() => { const b = document.querySelector('[data-region=board]').getBoundingClientRect(); " \
                    "return b.top > -2 && b.top < innerHeight / 2; }"
    assert not page.evaluate(board_in_view)  # the board is out of view above the list
    flagged.click()
    page.wait_for_selector("[data-region=analysis] .analysis-opened")
    wait_until(page, board_in_view)
    assert page.inner_text("[data-region=status]").startswith("Replay: step")
    page.click("[data-region=analysis] [data-coach=stop_analysis]")
    page.wait_for_function("step => document.documentElement.dataset.step === String(step)", arg=live_step)
    assert not page.inner_text("[data-region=status]").startswith("Replay")
    assert page.locator("[data-region=analysis] .chances-graph").count() == 0
    page.wait_for_selector("#show-result:not([hidden]), #winner:not([hidden])")  # its result at hand


def test_the_better_move_of_an_opened_turn_is_drawn_on_the_board(page: Any, site: Server) -> None:
    open_finished(page, site)
    page.click(ANALYSE)
    page.wait_for_selector("[data-region=analysis] .chances-graph", timeout=ENGINE_TIMEOUT_MS)
    # the turns, each with the better move said in its title when the search found one: open them until one is marked
    targets = page.locator("[data-region=analysis] .turn-target")
    for index in range(targets.count()):
        targets.nth(index).click()
        page.wait_for_function(
            "turn => document.querySelector('[data-region=analysis] .analysis-opened')?.textContent.includes('Turn ' + turn + ',')",
            arg=targets.nth(index).get_attribute("data-turn"))
        if page.locator("[data-region=board] .pir-hint").count():
            break
    else:
        raise AssertionError("no opened turn marked a better move on the sea")
    assert "better move the search found" in page.inner_text("[data-region=analysis] .analysis-opened")


def test_an_analysis_shows_its_progress_and_stops_when_asked(page: Any, site: Server) -> None:
    # Trice's analysis takes seconds (37 turns): its progress is seen moving, then it is stopped
    page.goto(f"{site.url}trice/#{endgame_link('trice', 'human,heuristic,heuristic', 2, 0)}")
    wait_ready(page)
    page.click("#winner [data-coach=analyse]")
    progress = page.locator("[data-region=analysis] progress.analysis-progress")
    progress.wait_for()
    total = int(progress.get_attribute("max"))
    # Stop is pressed and held as a person does while the analysis goes on and draws its progress
    # again, then let go: the click stops it (a button replaced under the held pointer lost it)
    stop = page.locator("[data-region=analysis] [data-coach=stop_analysis]")
    box = stop.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    shown = progress.get_attribute("value")
    wait_until(page, "shown => document.querySelector('.analysis-progress')?.getAttribute('value') !== shown", shown)
    moved = page.evaluate("document.querySelector('.analysis-progress')?.getAttribute('value')")  # None: it ended
    assert moved is not None and int(shown) < int(moved) < total, (shown, moved, total)
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('[data-region=analysis] *')")
    # nothing runs on: the page answers at once and the banner offers the analysis again
    page.click("#show-result")
    page.wait_for_selector(ANALYSE.replace("#winner ", "#winner:not([hidden]) "))


def test_a_saved_game_is_analysed_from_the_saved_games_list(page: Any, site: Server) -> None:
    # a game the person played is saved; a second page lists it with "Analyse"
    page.goto(f"{site.url}piratissimo/?seats=human,heuristic&seed=9&pace=0")
    wait_ready(page)
    page.wait_for_selector("[data-region=controls] button")
    # the person plays a few steps as offered (a roll, a route, a load), the bot between them
    while int(page.get_attribute("html", "data-step")) < 6:
        step = page.get_attribute("html", "data-step")
        offered = page.locator('[data-region=board] .pir-choice, [data-region=controls] [data-act]').first
        if offered.count():
            offered.click()
        page.wait_for_function("s => document.documentElement.dataset.step !== s", arg=step)
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('boardgames:save:'))")
    page.click(".saved-games > summary")
    button = page.locator("[data-region=saves] [data-op=analyse-save]").first
    button.wait_for()
    button.click()
    page.wait_for_selector("[data-region=analysis] .chances-graph", timeout=ENGINE_TIMEOUT_MS)
    assert page.locator("[data-region=analysis] .chance-line").count() == 2


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    """A phone: 390 x 844 CSS px, a touch screen, mobile viewport rules."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


def test_the_analysis_on_a_phone_by_touch(phone_context: Any, site: Server) -> None:
    with watched_page(phone_context, site) as phone:
        open_finished(phone, site, "fr")
        phone.locator(ANALYSE).tap()
        phone.wait_for_selector("[data-region=analysis] .chances-graph", timeout=ENGINE_TIMEOUT_MS)
        sideways = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert sideways == 0
        flagged = phone.locator("[data-region=analysis] button.flagged").first
        flagged.scroll_into_view_if_needed()
        box = flagged.bounding_box()
        assert box is not None and box["height"] >= 44
        flagged.tap()
        phone.wait_for_selector("[data-region=analysis] button.flagged[aria-pressed=true]")
        assert phone.inner_text("[data-region=status]").startswith("Relecture : étape")

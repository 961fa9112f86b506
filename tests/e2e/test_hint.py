"""The Hint button on a person's turn (issue 21, point 3), in English and French, on a desktop and a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, roll, wait_ready, watched_page

#: A person against two bots at Trice: the person draws the first turn.
LIVE = "seats=human,heuristic,heuristic&seed=3&pace=0"
HINT = "[data-region=coach] [data-coach=hint]"


def to_the_persons_decision(page: Any, *, tap: bool = False) -> None:
    """Roll when asked, until the person decides (the Hint button is offered then, not before)."""
    page.wait_for_selector("[data-region=controls] button")
    if page.locator('[data-region=controls] [data-act="chance"]').count():
        roll(page, tap=tap)
    page.wait_for_selector(HINT)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_is_shown_on_the_board_and_explained_in_the_pages_language(page: Any, site: Server, lang: str) -> None:
    page.goto(f"{site.url}trice/?{LIVE}&lang={lang}")
    wait_ready(page)
    to_the_persons_decision(page)
    assert page.locator(".trice-hint").count() == 0
    label = page.get_attribute(HINT, "aria-label")
    assert label == ("Indice : que jouerait la recherche ici ?" if lang == "fr" else "Hint: what would the search play here?")
    page.click(HINT)
    words = page.locator("[data-region=coach] .hint-words")
    words.wait_for()
    text = words.inner_text()
    if lang == "fr":
        assert text.startswith("Indice : Rouge") and "La recherche lui donne" in text
        assert re.search("\\d\u202f% pour vous", text), text
    else:
        assert text.startswith("Hint: Red") and re.search(r"The search rates it \d+% for you", text), text
    # the move is drawn on the board: nothing of Red's is there yet, so the search places a piece on its eye cell
    assert page.locator('[data-region=board] .trice-hint[data-hint=place][data-cell=a1]').count() == 1
    assert page.locator(HINT).count() == 0  # asked: the words replace the button
    # the person follows the hint: the hint belonged to that position and goes
    page.locator("[data-region=controls] [data-act^=\"do place \"]").first.click()
    page.wait_for_function("() => !document.querySelector('[data-region=board] .trice-hint')")
    assert page.locator(".hint-words").count() == 0


def test_no_hint_while_the_bots_play_nor_in_a_replay(page: Any, site: Server) -> None:
    page.goto(f"{site.url}trice/?seats=heuristic,human,heuristic&seed=3&pace=650")
    wait_ready(page)
    page.wait_for_selector("[data-region=log] li")
    # the bots' turns: no Hint offered until the person's own decision
    while True:
        # The step is read first: whatever the page draws after it is a new step, so the wait below
        # cannot miss it (a run under load read it after the person's roll was offered, and waited).
        step = page.get_attribute("html", "data-step")
        if page.locator(HINT).count():
            break
        assert page.locator(".hint-words").count() == 0
        turn = page.get_attribute("html", "data-turn")
        if turn == "1" and page.locator('[data-region=controls] [data-act="chance"]').count():
            roll(page)
        else:
            page.wait_for_function("s => document.documentElement.dataset.step !== s", arg=step,
                                   timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-turn") == "1"
    page.click("[data-op=replay-back]")
    page.wait_for_function("() => !document.querySelector('[data-region=coach] [data-coach=hint]')")
    page.click("[data-op=replay-live]")
    page.wait_for_selector(HINT)


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    """A phone: 390 x 844 CSS px, a touch screen, mobile viewport rules."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


def test_a_hint_on_a_phone_by_touch(phone_context: Any, site: Server) -> None:
    with watched_page(phone_context, site) as phone:
        phone.goto(f"{site.url}trice/?{LIVE}&lang=fr")
        wait_ready(phone)
        to_the_persons_decision(phone, tap=True)
        box = phone.locator(HINT).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
        phone.locator(HINT).tap()
        phone.locator(".hint-words").wait_for()
        assert phone.locator("[data-region=board] .trice-hint").count() == 1
        sideways = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert sideways == 0


def test_before_trices_roll_the_hint_weighs_a_free_placement_against_rolling(page: Any, site: Server) -> None:
    """Issue 35 point 5: Hint is offered before the roll where a decision comes before it (Trice's free
    placement), and its words weigh the two in the page's language."""
    page.goto(f"{site.url}trice/?{LIVE}")
    wait_ready(page)
    page.wait_for_selector('[data-region=controls] [data-act="chance"]')  # the person's roll waits
    page.click(HINT)
    words = page.locator("[data-region=coach] .hint-words")
    words.wait_for()
    text = words.inner_text()
    assert re.search(r"Roll first: it rates \d+% for you|It rates \d+% for you, against \d+% for rolling first", text), text
    assert page.locator('[data-region=controls] [data-act="chance"]').count() == 1  # nothing was played for them

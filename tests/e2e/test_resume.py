"""A reload brings you back: your unfinished game reopens where it was, with no click.

A reload, or coming back to a game page later, reopens the person's latest
unfinished game there at the same step; the landing page lists the
unfinished games under "Continue" and reopens the one clicked. Only an
address that asks for another game asks back: a share link, or a set-up
(``?seats=``/``?seed=``) no unfinished game has, opens as a game of its own
and the page offers the unfinished one. Nothing played is replaced or
dropped. Every game here is played by people only (hot seat), so nothing
moves on its own between the steps compared.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.e2e.conftest import (
    ENGINE_TIMEOUT_MS,
    Server,
    chromium_profile,
    embed,
    press_play,
    wait_ready,
    watched_page,
)
from tests.e2e.test_french import english_words

LOG = "[data-region=log] li"
CONTROLS = "[data-region=controls]"
ROLL = f'{CONTROLS} [data-act="chance"]'
#: Every saved game of the page's storage, key and text, sorted.
SAVES = "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('boardgames:save:')).sort())"


def step(page: Any) -> int:
    return int(page.get_attribute("html", "data-step"))


def wait_step(page: Any, expected: int) -> None:
    page.wait_for_function("n => document.documentElement.dataset.step === String(n)", arg=expected)


def log_lines(page: Any) -> list[str]:
    return page.locator(LOG).all_inner_texts()


def act(page: Any, selector: str) -> None:
    """Click a person's control and wait for the game to take the step (or steps) it makes."""
    control = page.locator(selector).first
    control.wait_for()  # drawn by a screen, which set the step
    before = step(page)
    control.click()
    page.wait_for_function("n => Number(document.documentElement.dataset.step) > n", arg=before)


def play_trice(page: Any) -> None:
    """Red rolls, places a free piece and ends the turn; the next seat rolls."""
    act(page, ROLL)
    act(page, f'{CONTROLS} [data-act="do place 1 free"]')
    act(page, f'{CONTROLS} [data-act="do end"]')
    act(page, ROLL)


def person_step(page: Any) -> None:
    """The person's next step, whatever it is: the roll, else the first move the controls offer."""
    page.wait_for_selector(f"{ROLL}, {CONTROLS} button[data-act^='do '], {CONTROLS} [data-act='fire']")
    if page.locator(ROLL).count():
        act(page, ROLL)
    elif page.locator(f"{CONTROLS} button[data-act^='do ']").count():
        act(page, f"{CONTROLS} button[data-act^='do ']")
    else:
        act(page, f"{CONTROLS} [data-act='fire']")


def play_piratissimo(page: Any) -> None:
    """A few steps of two ships: rolls, and the choices the rolls offer."""
    person_step(page)
    while step(page) < 5:
        person_step(page)


def play_siege(page: Any) -> None:
    """Blue rolls, fires the cannon as it stands and ends the turn; Red rolls."""
    act(page, ROLL)
    act(page, f'{CONTROLS} [data-act="fire"]')
    act(page, f'{CONTROLS} [data-act="do end"]')
    act(page, ROLL)


#: Per game: a hot-seat address whose first seat starts, and a few steps of play.
GAMES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "trice": ("seats=human,human,human&seed=1", play_trice),
    "piratissimo": ("seats=human,human&seed=9", play_piratissimo),
    "siege": ("seats=human,human&seed=1", play_siege),
}


def open_and_play(page: Any, site: Server, game: str, extra: str = "") -> tuple[int, list[str]]:
    query, play = GAMES[game]
    page.goto(f"{site.url}{game}/?{query}{extra}")
    wait_ready(page)
    play(page)
    return step(page), log_lines(page)


def assert_back(page: Any, at: int, log: list[str]) -> None:
    """The game is the one left, at the same step, with no click and nothing offered."""
    wait_step(page, at)
    assert log_lines(page) == log
    assert page.locator("#resume").is_hidden()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_reload_reopens_the_game_at_the_same_step_with_no_click(page: Any, site: Server, game: str) -> None:
    at, log = open_and_play(page, site, game)
    assert at >= 4
    saves = page.evaluate(SAVES)
    page.reload()
    wait_ready(page)
    assert_back(page, at, log)
    assert page.evaluate(SAVES) == saves  # reopened, not copied: still one saved game, untouched
    assert page.locator("#notice").is_hidden()
    # It plays on from there, as the same game: its record grows, under its own id.
    (key, text), = json.loads(saves)
    person_step(page)
    page.wait_for_function(f"JSON.parse(localStorage.getItem({json.dumps(key)})).record.actions.length > {at}")
    (again, grown), = json.loads(page.evaluate(SAVES))
    played = json.loads(text)["record"]["actions"]
    assert again == key and json.loads(grown)["record"]["actions"][: len(played)] == played


def test_a_french_page_reopens_its_game_in_french(page: Any, site: Server) -> None:
    at, log = open_and_play(page, site, "siege", "&lang=fr")
    assert page.inner_text("[data-region=status]").startswith("À vous")
    page.reload()
    wait_ready(page)
    assert_back(page, at, log)
    assert page.inner_text("[data-region=status]").startswith("À vous")


def test_coming_back_later_to_the_game_page_reopens_the_game(page: Any, site: Server, context: Any) -> None:
    at, log = open_and_play(page, site, "trice")
    page.close()
    later = context.new_page()  # another tab, later, by the plain address (a bookmark, a card)
    try:
        later.goto(site.url + "trice/")
        wait_ready(later)
        assert_back(later, at, log)
    finally:
        later.close()


def test_a_game_only_bots_played_is_not_kept_and_a_reload_starts_afresh(page: Any, site: Server) -> None:
    page.goto(site.url + "trice/?seats=heuristic,heuristic,heuristic&seed=2&pace=0")
    wait_ready(page)
    page.wait_for_function("Number(document.documentElement.dataset.step) >= 5")
    assert page.evaluate(SAVES) == "[]"
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.step !== undefined")
    assert page.locator("#resume").is_hidden()
    assert page.evaluate(SAVES) == "[]"


def test_a_share_link_opens_as_its_own_game_and_offers_the_unfinished_one(page: Any, site: Server) -> None:
    query, _ = GAMES["trice"]
    page.goto(f"{site.url}trice/?{query}")
    wait_ready(page)
    act(page, ROLL)
    act(page, f'{CONTROLS} [data-act="do place 1 free"]')
    linked_at, linked_log = step(page), log_lines(page)
    page.click("[data-op=share]")
    page.locator("#share-link").wait_for()
    link = page.locator("#share-link").input_value()
    act(page, f'{CONTROLS} [data-act="do end"]')
    act(page, ROLL)
    mine_at, mine_log = step(page), log_lines(page)
    saves = page.evaluate(SAVES)
    # The link wins: its position opens, and the page offers the game in progress in words.
    page.goto(link)
    wait_ready(page)
    wait_step(page, linked_at)
    assert log_lines(page) == linked_log
    offer = page.locator("#resume")
    offer.wait_for()
    assert "saved game" in offer.inner_text()
    assert page.evaluate(SAVES) == saves  # opening the link changed no saved game
    offer.locator("[data-op=resume]").click()
    assert_back(page, mine_at, mine_log)
    assert "#" not in page.url  # the address no longer names the link: a reload keeps this game
    page.reload()
    wait_ready(page)
    assert_back(page, mine_at, mine_log)


def test_a_link_you_play_in_is_yours_and_a_reload_brings_it_back(page: Any, site: Server) -> None:
    query, _ = GAMES["trice"]
    page.goto(f"{site.url}trice/?{query}")
    wait_ready(page)
    act(page, ROLL)
    act(page, f'{CONTROLS} [data-act="do place 1 free"]')
    page.click("[data-op=share]")
    page.locator("#share-link").wait_for()
    link = page.locator("#share-link").input_value()
    act(page, f'{CONTROLS} [data-act="do end"]')
    first = page.evaluate(SAVES)
    page.goto(link)
    wait_ready(page)
    page.locator("#resume").wait_for()
    act(page, f'{CONTROLS} [data-act="do end"]')  # a move in the link's game: a game of its own
    page.wait_for_function("!location.hash")
    at, log = step(page), log_lines(page)
    page.reload()
    wait_ready(page)
    wait_step(page, at)
    assert log_lines(page) == log
    kept = dict(json.loads(page.evaluate(SAVES)))
    assert len(kept) == 2 and set(dict(json.loads(first)).items()) <= set(kept.items())  # the first, untouched


def test_another_set_up_in_the_address_opens_its_own_game_and_offers_the_unfinished_one(page: Any, site: Server) -> None:
    at, log = open_and_play(page, site, "trice")
    saves = page.evaluate(SAVES)
    page.goto(site.url + "trice/?seats=human,human,human&seed=2")
    wait_ready(page)
    page.wait_for_selector(ROLL)
    assert step(page) < at and log_lines(page) != log  # a game of its own, as the address asks
    page.locator("#resume").wait_for()
    assert page.evaluate(SAVES) == saves
    page.click("#resume [data-op=resume]")
    assert_back(page, at, log)
    assert "seed=" not in page.url and "seats=" not in page.url  # a reload now brings this game back
    page.reload()
    wait_ready(page)
    assert_back(page, at, log)
    # The same set-up as the saved game asks for that game: it reopens.
    page.goto(f"{site.url}trice/?{GAMES['trice'][0]}")
    wait_ready(page)
    assert_back(page, at, log)


def test_the_landing_page_continues_each_unfinished_game_newest_first(page: Any, site: Server) -> None:
    # Two games of Trice (the second asked by another seed), then one of Siege against a bot.
    first_at, first_log = open_and_play(page, site, "trice")
    page.goto(site.url + "trice/?seats=human,human,human&seed=2")
    wait_ready(page)
    act(page, ROLL)
    page.goto(site.url + "siege/?seats=human,aim&seed=1")
    wait_ready(page)
    act(page, ROLL)  # the person starts: the bot waits for the person's shot
    # Damaged text in storage is skipped with words; it hides no game.
    page.evaluate("localStorage.setItem('boardgames:save:siege:broken', '{\"id\": \"broken\"')")
    page.goto(site.url)
    wait_ready(page)
    listing = page.locator("[data-region=continue]")
    listing.locator(".continue-game").first.wait_for()
    assert listing.locator("h2").inner_text() == "Continue a game"
    entries = listing.locator(".continue-game").all_inner_texts()
    assert len(entries) == 3
    assert [entry.split("\n")[0] for entry in entries] == ["Siege", "Trice", "Trice"]  # newest first
    siege = entries[0]
    assert "You, Gunner Bot (quick gunner)" in siege and "Turn 1" in siege and "2 moves" in siege
    assert "just now" in siege and "Continue" in siege
    assert "You, Player 2, Player 3" in entries[2] and f"{first_at} moves" in entries[2]
    assert "could not be read" in listing.locator(".continue-damaged").inner_text()
    # The older Trice game, not the latest one: it opens at its step.
    listing.locator(".continue-game").nth(2).click()
    page.wait_for_url(site.url + "trice/", wait_until="commit")  # the address keeps no ?resume=
    assert_back(page, first_at, first_log)
    # A phone's finger finds each entry (44 px at least).
    page.click("a.brand")
    page.wait_for_url(site.url, wait_until="commit")
    page.set_viewport_size({"width": 390, "height": 844})
    listing.locator(".continue-game").first.wait_for()
    boxes = [box for box in (el.bounding_box() for el in listing.locator(".continue-game").all()) if box]
    assert len(boxes) == 3 and all(box["height"] >= 44 and box["width"] <= 390 for box in boxes)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0


def test_the_landing_page_continues_in_french(page: Any, site: Server) -> None:
    page.goto(site.url + "piratissimo/?seats=human,heuristic&seed=9&lang=fr")
    wait_ready(page)
    act(page, ROLL)
    page.goto(site.url + "?lang=fr")
    wait_ready(page)
    listing = page.locator("[data-region=continue]")
    listing.locator(".continue-game").first.wait_for()
    text = listing.inner_text()
    assert "Reprendre une partie" in text and "Reprendre" in listing.locator(".continue-go").inner_text()
    assert "Vous, Amiral Robot (rapide)" in text and "Tour 1" in text and "à l'instant" in text
    found = english_words(page, "landing page with a game to continue")
    assert found == [], "\n".join(found)
    # Switching the language needs no engine: the list carries both.
    page.click("[data-set-lang=en]")
    assert "Continue a game" in listing.inner_text() and "You, Captain Bot (quick)" in listing.inner_text()
    page.click("[data-set-lang=fr]")
    listing.locator(".continue-game").first.click()
    page.wait_for_url(site.url + "piratissimo/", wait_until="commit")
    page.wait_for_function("/^(À vous|Capitaine)/.test(document.querySelector('[data-region=status]').textContent)")
    assert page.locator("#resume").is_hidden()


def test_a_frame_whose_storage_is_blocked_has_nothing_to_reopen_and_plays_on(
    browser_type: Any, browser_type_launch_args: dict[str, Any], tmp_path: Any, site: Server, blog: Server
) -> None:
    folder = chromium_profile(tmp_path / "blocked", third_party_storage=False)
    context = browser_type.launch_persistent_context(str(folder), **browser_type_launch_args)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        with watched_page(context, site, blog, first_visit=False) as page:
            frame = embed(page, blog, f"{site.url}trice/?embed=1&{GAMES['trice'][0]}")
            act(frame, ROLL)
            act(frame, f'{CONTROLS} [data-act="do place 1 free"]')
            frame.locator("#storage-note").wait_for()
            with page.expect_event("framenavigated", predicate=lambda navigated: navigated == frame):
                frame.evaluate("setTimeout(() => location.reload(), 0)")
            press_play(frame)  # nothing kept here: the reloaded frame waits for its reader again
            wait_ready(frame)
            frame.wait_for_selector(ROLL)  # a fresh game: nothing was kept to reopen
            assert step(frame) < 3 and frame.locator("#resume").is_hidden()
            act(frame, ROLL)  # and play goes on
            assert frame.get_attribute("html", "data-engine") == "ready"
    finally:
        context.close()

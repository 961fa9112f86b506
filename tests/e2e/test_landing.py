"""The landing page for a new player (issue 20, point 9): each card plays at once against the gentlest
bots, or at the level chosen, or with friends on this screen; a phone shows the three games at once;
the blogger's snippet has its own section after the player's choices."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    ENGINE_TIMEOUT_MS,
    Server,
    first_lesson,
    first_lesson_steps,
    wait_ready,
    watched_page,
)

GAMES = ("trice", "piratissimo", "siege")
#: Who sits at each game's table when a person plays the bots: the set-up's default table.
TABLE = {"trice": 3, "piratissimo": 2, "siege": 2}
#: The search's levels by the English name a card shows (docs/bots.md, "Levels a person can feel").
LEVELS = {"beginner": "mcts:easy", "club player": "mcts:medium", "expert": "mcts:hard"}


def expected_seats(game: str, words: str) -> list[str]:
    """The controllers a card's link promises, read from its English words alone."""
    words = " ".join(words.split())
    if words.endswith("players"):
        return ["human"] * int(words.split()[0])
    level = LEVELS[words.rsplit(": ", 1)[-1]]
    return ["human"] + [level] * (TABLE[game] - 1)


def exported_record(page: Any, tmp_path: Path) -> dict[str, Any]:
    with page.expect_download() as download:
        page.click("[data-op=export]")
    return json.loads(Path(download.value.path()).read_text())


@pytest.fixture(params=[(390, 844), (320, 640)], ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request: Any, browser: Any, site: Server) -> Any:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    with watched_page(context, site) as page:
        yield page
    context.close()


def test_on_a_phone_the_three_games_and_their_main_links_are_on_the_first_screen(phone: Any, site: Server) -> None:
    phone.goto(site.url)
    wait_ready(phone)
    size = phone.viewport_size
    for lang in ("en", "fr"):
        if phone.evaluate("document.documentElement.lang") != lang:
            phone.locator(f"[data-set-lang={lang}]").tap()  # a phone shows one button: the other language
        phone.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert phone.evaluate("document.documentElement.scrollWidth") <= size["width"], lang
        for game in GAMES:
            main = phone.locator(f"[data-card={game}] .card-play")
            box = main.bounding_box()
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (lang, game, box)
            assert round(box["height"], 2) >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (lang, game, box)
            # What the game is, in a line, where the screen has room for it (not only a name and a count)
            tagline = phone.locator(f"[data-card={game}] .tagline")
            assert tagline.is_visible() == (size["height"] >= 720), (lang, game)
            # the name whole in its place (not running out of it, under the lesson's link, at 320 px)
            assert phone.locator(f"[data-card={game}] h2").evaluate("(el) => el.scrollWidth <= el.clientWidth"), (lang, game)
        # The other choices are folded under one button, which opens them in the card, each a 44 px target.
        choices = phone.locator("[data-card=piratissimo] .card-choice")
        assert choices.first.is_hidden()
        phone.locator("[data-card=piratissimo] summary").tap()
        choices.first.wait_for()
        for index in range(choices.count()):
            box = choices.nth(index).bounding_box()
            assert round(box["height"], 2) >= 44 and round(box["width"], 2) >= 44, (lang, index, box)  # (sub-pixel layout)
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (lang, index, box)
        assert phone.evaluate("document.documentElement.scrollWidth") <= size["width"], lang
        phone.locator("[data-card=piratissimo] summary").tap()  # folded again for the next language
        choices.first.wait_for(state="hidden")


def test_each_choice_of_a_card_opens_its_game_with_the_seats_chosen(page: Any, site: Server, tmp_path: Path) -> None:
    page.goto(site.url)
    wait_ready(page)
    for game in GAMES:
        links = page.locator(f"[data-card={game}] a:not(.card-learn)")  # the lesson's link opens no game
        count = links.count()
        assert count >= 3  # the main link, at least one other level, friends
        for index in range(count):
            link = page.locator(f"[data-card={game}] a:not(.card-learn)").nth(index)
            link.wait_for()  # open on a wide screen: every choice in sight
            words = link.inner_text()
            seats = expected_seats(game, words)
            link.click()  # client-side navigation: the engine keeps running
            page.wait_for_url(f"{site.url}{game}/?seats=*", wait_until="commit")
            page.wait_for_selector("[data-region=status]:not(:empty)")
            record = exported_record(page, tmp_path)
            assert record["game"] == game
            assert [seat["controller"] for seat in record["seats"]] == seats, (game, words)
            page.go_back()
            page.wait_for_url(site.url, wait_until="commit")
            page.wait_for_selector(f"[data-card={game}]")


def test_a_cards_lesson_link_opens_its_list_of_lessons_and_the_first_lesson(page: Any, site: Server) -> None:
    page.goto(site.url + "?lang=fr")
    wait_ready(page)
    page.click("[data-card=piratissimo] .card-learn")  # client-side navigation: the page's own session
    page.wait_for_url(f"{site.url}piratissimo/learn/", wait_until="commit")
    page.locator("[data-lesson-list] .lesson-link").first.click()
    page.wait_for_url(site.url + first_lesson("piratissimo"), wait_until="commit")
    page.wait_for_selector("[data-region=lesson] [data-act='lesson back']")
    steps = first_lesson_steps("piratissimo")
    assert page.get_attribute("html", "data-lesson") == f"1/{steps}"
    assert f"Étape 1 sur {steps}" in page.inner_text("[data-region=lesson]")


def test_a_click_anywhere_on_a_card_or_enter_on_its_main_link_plays_at_once(page: Any, site: Server, tmp_path: Path) -> None:
    page.goto(site.url)
    wait_ready(page)
    picture = page.locator("[data-card=siege] svg").bounding_box()
    # A click on the picture, where the card's main link lies over the whole card (the picture stays under it).
    page.mouse.click(picture["x"] + picture["width"] / 2, picture["y"] + picture["height"] / 2)
    page.wait_for_url(f"{site.url}siege/?seats=human,mcts:easy", wait_until="commit")
    page.wait_for_selector("[data-region=status]:not(:empty)")
    page.go_back()
    page.wait_for_url(site.url, wait_until="commit")
    # Back is a client-side navigation: Tab before the landing page is in walked the game page still
    # on screen (a full run failed so).
    page.wait_for_selector("[data-card=trice] .card-play")
    # The keyboard: Tab from the top of the page reaches Trice's main link, Enter plays it.
    page.locator("a.brand").focus()
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-card=trice] .card-play')"):
            break
    assert page.evaluate("document.activeElement.matches('[data-card=trice] .card-play')")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{site.url}trice/?seats=human,mcts:easy,mcts:easy", wait_until="commit")
    page.wait_for_selector("[data-region=status]:not(:empty)")
    record = exported_record(page, tmp_path)
    assert [seat["controller"] for seat in record["seats"]] == ["human", "mcts:easy", "mcts:easy"]


@pytest.mark.parametrize("lang, title", [("en", "Embed in your blog"), ("fr", "Intégrer à votre blog")])
def test_the_embed_snippet_has_its_own_section_after_the_players_choices(
    page: Any, site: Server, lang: str, title: str
) -> None:
    page.goto(f"{site.url}?lang={lang}")
    wait_ready(page)
    section = page.locator("section.embed-help")
    assert section.locator("h2").inner_text() == title
    assert page.get_by_role("region", name=title).count() == 1
    assert "<iframe" in section.locator("code").inner_text() and "embed=1" in section.locator("code").inner_text()
    # the snippet names this site's own address, ready to paste (not a placeholder to edit)
    assert f'src="{site.url}trice/?embed=1"' in section.locator("code").inner_text()
    assert section.locator("a, [data-card]").count() == 0  # no player's choice in it
    # After every card, in the document and on the screen.
    after = page.evaluate(
        """() => { const embed = document.querySelector('section.embed-help');
                   return [...document.querySelectorAll('[data-card], [data-card] a, .continue')].every(
                     (el) => el.compareDocumentPosition(embed) & Node.DOCUMENT_POSITION_FOLLOWING); }"""
    )
    assert after
    top = section.bounding_box()["y"]
    for game in GAMES:
        card = page.locator(f"[data-card={game}]").bounding_box()
        assert top >= card["y"] + card["height"], game

"""Words and small things on the page (issue 20, point 8): the share link says what it did (and a phone
offers its share sheet), the bots' menu says it sets their speed, the set-up's default names follow who
plays the seat, "Skip to my turn" stays away during your own shot, and at 1366 x 768 every player panel
and the whole key to the board are read without scrolling the sidebar."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, roll, wait_ready, watched_page

ROLL = '[data-region=controls] [data-act="chance"]'


def open_game(page: Any, site: Server, game: str, query: str) -> None:
    page.goto(f"{site.url}{game}/?{query}")
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.step !== undefined")


def switch_language(page: Any, lang: str) -> None:
    page.click(f"[data-set-lang={lang}]")
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


@pytest.fixture(scope="module")
def desk_context(browser: Any, site: Server) -> Iterator[Any]:
    """A desktop at 1366 x 768 whose page may write to the clipboard (and the test read it)."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.rstrip("/"))
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def desk(desk_context: Any, site: Server) -> Iterator[Any]:
    with watched_page(desk_context, site) as page:
        yield page


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(phone_context: Any, site: Server) -> Iterator[Any]:
    with watched_page(phone_context, site) as page:
        yield page


def test_share_link_says_in_the_pages_language_that_it_copied_the_link(desk: Any, site: Server) -> None:
    open_game(desk, site, "trice", "seats=human,heuristic,heuristic&seed=1&pace=0")
    note = desk.locator("#share-note")
    assert note.is_hidden()
    desk.click("[data-op=share]")
    desk.wait_for_selector("#share-note:not([hidden])")
    link = desk.locator("#share-link").input_value()
    assert "#g1." in link
    assert note.inner_text() == "Link copied: paste it anywhere to share this game."
    assert note.get_attribute("role") == "status"
    assert desk.evaluate("navigator.clipboard.readText()") == link
    switch_language(desk, "fr")
    desk.click("[data-op=share]")
    desk.wait_for_function("document.querySelector('#share-note').textContent.startsWith('Lien copié')")
    assert note.inner_text() == "Lien copié : collez-le où vous voulez pour partager cette partie."


#: The system's share sheet, as a phone's browser offers it (headless Chromium has none): it records
#: what it was handed and resolves, as the sheet does once the person has picked where to send it.
SHARE_SHEET = """
Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: function (data) {
  window.__shared = (window.__shared || []).concat([data]);
  return Promise.resolve();
} });
"""


def test_on_a_phone_share_link_opens_the_system_share_sheet(phone: Any, site: Server) -> None:
    phone.add_init_script(SHARE_SHEET)
    open_game(phone, site, "siege", "seats=human,aim&seed=1&pace=0&lang=fr")
    phone.locator("[data-op=share]").tap()
    phone.wait_for_selector("#share-note:not([hidden])")
    shared = phone.evaluate("window.__shared")
    assert len(shared) == 1 and "#g1." in shared[0]["url"] and shared[0]["url"].startswith(site.url + "siege/")
    assert phone.inner_text("#share-note") == "Lien partagé."
    assert phone.locator("#share-link").is_hidden()  # the sheet took the link: no field to copy from


def test_the_bots_menu_is_labelled_bot_speed(desk: Any, site: Server) -> None:
    open_game(desk, site, "siege", "seats=human,aim&seed=1")
    menu = desk.get_by_label("Bot speed")
    assert menu.evaluate("el => el.id") == "bot-pace"
    switch_language(desk, "fr")
    assert desk.get_by_label("Vitesse des robots").evaluate("el => el.id") == "bot-pace"


def test_the_set_up_names_follow_who_plays_each_seat(desk: Any, site: Server) -> None:
    open_game(desk, site, "piratissimo", "seed=1&pace=0")
    desk.click(".toolbar [data-op=show-setup]")
    dialog = desk.locator("#setup-dialog[open]")
    names = dialog.locator("input[name=name]")
    assert [names.nth(i).input_value() for i in range(4)] == ["You", "Captain Bot", "Bosun Bot", "Lookout Bot"]
    third = dialog.locator("[data-seat='2']")
    third.locator("select").select_option("human")
    assert third.locator("input[name=name]").input_value() == "Player 3"
    third.locator("select").select_option("mcts:easy")
    assert third.locator("input[name=name]").input_value() == "Bosun Bot"
    desk.evaluate("document.querySelector('[data-set-lang=fr]').click()")  # the dialog covers the header
    assert third.locator("input[name=name]").input_value() == "Bosco Robot"
    dialog.locator("[data-seat='0'] select").select_option("heuristic")
    assert dialog.locator("[data-seat='0'] input[name=name]").input_value() == "Timonier Robot"
    # a name someone typed stays theirs
    fourth = dialog.locator("[data-seat='3']")
    fourth.locator("input[name=name]").fill("Anne")
    fourth.locator("select").select_option("human")
    assert fourth.locator("input[name=name]").input_value() == "Anne"
    dialog.locator("[data-op=new]").click()
    desk.wait_for_selector("#setup-dialog:not([open])", state="attached")
    titles = desk.locator("[data-region=players] .pir-title").all_inner_texts()
    assert titles == ["Timonier Robot (Rouge)", "Amiral Robot (Bleu)", "Bosco Robot (Vert)", "Anne (Jaune)"]
    # an address's line-up gives its seats the names of who plays them
    open_game(desk, site, "piratissimo", "seats=human,heuristic,heuristic,heuristic&seed=5&pace=0&lang=en")
    desk.wait_for_function("document.querySelectorAll('[data-region=players] .pir-title').length === 4")
    titles = desk.locator("[data-region=players] .pir-title").all_inner_texts()
    assert titles == ["You (Red)", "Captain Bot (Blue)", "Bosun Bot (Green)", "Lookout Bot (Yellow)"]


#: Every change of the skip button, from now on: was it ever shown?
WATCH_SKIP = """() => {
  const skip = document.querySelector('[data-op=skip]');
  window.__skipShown = !skip.hidden;
  new MutationObserver(() => { if (!skip.hidden) window.__skipShown = true; })
    .observe(skip, { attributes: true, attributeFilter: ['hidden'] });
}"""


def test_skip_to_my_turn_does_not_show_during_your_own_shot(desk: Any, site: Server) -> None:
    open_game(desk, site, "siege", "seats=human,aim&seed=1&pace=650")
    desk.wait_for_selector(ROLL)
    roll(desk)
    desk.wait_for_selector("[data-region=controls] [data-act=fire]")
    desk.evaluate(WATCH_SKIP)
    step = int(desk.get_attribute("html", "data-step"))
    desk.click("[data-region=controls] [data-act=fire]")
    # the shot, then its flight (a chance step of nobody's, played by the page after a pause)
    desk.wait_for_function("step => Number(document.documentElement.dataset.step) >= step + 2", arg=step)
    desk.wait_for_selector("[data-region=controls] [data-act='do end']")
    assert desk.evaluate("window.__skipShown") is False
    # the bot's turn: now there is something to skip
    desk.click("[data-region=controls] [data-act='do end']")
    desk.wait_for_selector("[data-op=skip]:not([hidden])")


GAMES_AT_1366 = {
    "trice": "seats=human,heuristic,heuristic&seed=1&pace=0",
    "piratissimo": "seats=human,heuristic,heuristic,heuristic&seed=5&pace=0",
    "siege": "seats=human,aim&seed=2&pace=0",
}

#: Each player panel's box, the players region's and the sidebar's scroll, and the window's height.
PANELS = """() => {
  const side = document.querySelector('.side'), players = document.querySelector('[data-region=players]');
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
  return { panels: [...players.querySelectorAll('[data-seat]')].map(box), side: box(side),
           sideScroll: side.scrollTop, playersScroll: players.scrollHeight - players.clientHeight,
           height: innerHeight, width: innerWidth };
}"""


@pytest.mark.parametrize("game", list(GAMES_AT_1366))
def test_at_1366_by_768_every_player_panel_is_read_without_scrolling(desk: Any, site: Server, game: str) -> None:
    for lang in ("en", "fr"):
        open_game(desk, site, game, f"{GAMES_AT_1366[game]}&lang={lang}")
        # the person's turn, after the bots' (the "since your last move" list above the panels is full)
        desk.wait_for_function("document.documentElement.dataset.turn === '0'")
        seen = desk.evaluate(PANELS)
        assert len(seen["panels"]) == {"trice": 3, "piratissimo": 4, "siege": 2}[game]
        assert seen["playersScroll"] <= 1, f"{game} in {lang}: the panels scroll inside the sidebar"
        assert seen["sideScroll"] == 0
        if game == "siege":
            continue  # the panels sit below the scene, across the table: the page scrolls, no sidebar does
        for top, bottom, left, right in seen["panels"]:
            assert seen["side"][0] <= top and bottom <= min(seen["side"][1], seen["height"]), (game, lang, seen)
            assert 0 <= left and right <= seen["width"]


def test_the_key_to_the_board_opens_fully_at_1366_by_768(desk: Any, site: Server) -> None:
    open_game(desk, site, "piratissimo", GAMES_AT_1366["piratissimo"])
    desk.wait_for_function("document.documentElement.dataset.turn === '0'")
    desk.click(".pir-key summary")
    desk.wait_for_selector(".pir-key[open]")
    # scrolled into view whole: the summary and its last line inside the sidebar and the window
    desk.wait_for_function("""() => {
      const side = document.querySelector('.side').getBoundingClientRect();
      const key = document.querySelector('.pir-key').getBoundingClientRect();
      return key.top >= side.top - 1 && key.bottom <= Math.min(side.bottom, innerHeight) + 1;
    }""")
    items = desk.locator(".pir-key li")
    assert items.count() == 11
    last = items.nth(10).bounding_box()
    assert last is not None and last["y"] + last["height"] <= 768
    assert desk.locator(".pir-key li").nth(0).is_visible()

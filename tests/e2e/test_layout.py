"""The page fits where people play: no sideways scroll, the decision and the board on one screen.

Widths from a small phone to a desktop, in English and in French (French
words are longer). Each page is loaded once per check and measured at every
width by resizing the window, as a phone turned or a window dragged would.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server, embed, wait_ready
from tools.soak import endgame_link

WIDTHS = (320, 360, 390, 768, 1366)
#: The widest phone of WIDTHS: a finger's targets are at least 44 px up to here.
PHONE_MAX = 390
LANGS = ("en", "fr")
#: A person's game at its first decision (after the person's roll), per game.
LIVE = {
    "trice": "seats=human,heuristic,heuristic&seed=1&pace=0",
    "piratissimo": "seats=human,heuristic&seed=9&pace=0",
    "siege": "seats=human,aim&seed=1&pace=0",
}
#: Bots-only games played to their end here (a share link of each): the end-of-game summary, at once.
FINISHED = {
    "trice": ("heuristic,heuristic,heuristic", 2),
    "piratissimo": ("heuristic,heuristic,heuristic,heuristic", 29),
    "siege": ("aim,aim", 7),
}
ROLL = '[data-region=controls] [data-act="chance"]'


def overflow(page: Any) -> dict[str, int]:
    """Horizontal overflow of the document and of an open dialog (0 when nothing scrolls sideways)."""
    return page.evaluate(
        """() => {
             const doc = document.documentElement;
             const dialog = document.querySelector('dialog[open]');
             return { page: doc.scrollWidth - doc.clientWidth,
                      dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0 };
           }"""
    )


def switch_language(page: Any, lang: str) -> None:
    """The header's language button (by script: a modal dialog may cover the header)."""
    page.evaluate("lang => document.querySelector(`[data-set-lang=${lang}]`).click()", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


#: The header of a game's pages: how much of the game's name is cut (0: none), the header's height and the
#: size of the one language button shown (on a phone it reads "FR", its name still "Français").
HEADER = """() => {
  const title = document.querySelector('.site-header h1');
  if (!title) return null;
  const button = [...document.querySelectorAll('.site-header [data-set-lang]')].find((b) => b.getClientRects().length);
  const box = button.getBoundingClientRect();
  return { cut: title.scrollWidth - title.clientWidth, height: document.querySelector('.site-header').offsetHeight,
           button: [Math.round(box.width), Math.round(box.height)] };
}"""


def check_widths(page: Any, what: str, height: int = 800) -> None:
    """No sideways scroll at any width in either language; a game's name whole in a one-row header."""
    for lang in LANGS:
        switch_language(page, lang)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(true)))")  # a frame at the new size
            found = overflow(page)
            assert found == {"page": 0, "dialog": 0}, f"{what} at {width}px in {lang}: overflow {found}"
            header = page.evaluate(HEADER)
            if header is not None:
                assert header["cut"] <= 0, f"{what} at {width}px in {lang}: the game's name is cut ({header})"
                assert header["height"] <= 64, f"{what} at {width}px in {lang}: the header takes two rows ({header})"
                assert width > PHONE_MAX or min(header["button"]) >= 44, f"{what} at {width}px in {lang}: a small language button ({header})"
    switch_language(page, "en")


def start_live(page: Any, site: Server, game: str) -> None:
    page.goto(f"{site.url}{game}/?{LIVE[game]}")
    wait_ready(page)
    page.locator(ROLL).click()
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.wait_for_selector("[data-region=controls] button")


def test_the_landing_page_never_scrolls_sideways(page: Any, site: Server) -> None:
    page.goto(site.url)
    wait_ready(page)
    check_widths(page, "the landing page")


def test_the_landing_page_with_games_to_continue_never_scrolls_sideways(page: Any, site: Server) -> None:
    for game in LIVE:  # a game of each, the person's roll played: the landing page lists them under Continue
        start_live(page, site, game)
    # A game whose players' names leave no room to break a line.
    page.evaluate(
        """() => { const key = Object.keys(localStorage).find(k => k.startsWith('boardgames:save:trice:'));
                   const entry = JSON.parse(localStorage.getItem(key));
                   entry.record.seats[0].name = 'W'.repeat(40); localStorage.setItem(key, JSON.stringify(entry)); }"""
    )
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('.continue-game').length === 3")
    check_widths(page, "the landing page with games to continue")


@pytest.mark.parametrize("game", list(LIVE))
def test_the_rules_page_never_scrolls_sideways(page: Any, site: Server, game: str) -> None:
    page.goto(f"{site.url}{game}/rules/")
    page.wait_for_selector("main.rules article")
    check_widths(page, f"the {game} rules")


@pytest.mark.parametrize("game", list(LIVE))
def test_a_game_its_setup_and_its_summary_never_scroll_sideways(page: Any, site: Server, game: str) -> None:
    start_live(page, site, game)
    check_widths(page, f"{game} in play")
    page.click(".toolbar [data-op=show-setup]")
    page.wait_for_selector("dialog[open]")
    check_widths(page, f"the {game} set-up dialog")
    page.keyboard.press("Escape")
    page.goto(f"{site.url}{game}/#{endgame_link(game, *FINISHED[game], 0)}")
    wait_ready(page)
    page.wait_for_selector("#winner:not([hidden]) .summary-chart")
    check_widths(page, f"the {game} end-of-game summary")


def assert_on_screen(page: Any, selector: str, height: int, what: str) -> None:
    """The element is wholly inside the (frame's) window, without scrolling."""
    box = page.evaluate(
        """selector => { const el = document.querySelector(selector); if (!el) return null;
             const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }""",
        selector,
    )
    assert box is not None and box["height"] > 0, f"{what}: {selector} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{what}: {selector} at {box}, screen {height}px"


@pytest.mark.parametrize("game", list(LIVE))
def test_the_decision_and_the_board_share_one_screen(page: Any, site: Server, game: str) -> None:
    # Opened on a phone, then the same page in a desktop's window (a window dragged wider: the page
    # lays itself out again, as it must at load).
    for width, height in [(390, 844), (1366, 768)]:
        if width == 390:
            page.set_viewport_size({"width": width, "height": height})
            start_live(page, site, game)
        else:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        assert page.evaluate("window.scrollY") == 0
        what = f"{game} at {width}×{height}"
        assert_on_screen(page, "[data-region=board] svg", height, what)
        assert_on_screen(page, "[data-region=controls]", height, what)
        if game == "siege" and width == 1366:  # its scene is a strip: the two sides' HUD stands beside it, in view
            assert_on_screen(page, "[data-region=players]", height, what)
    page.set_viewport_size({"width": 1366, "height": 900})


@pytest.mark.parametrize("game", list(LIVE))
def test_in_a_700_by_640_embed_the_decision_and_the_board_share_the_frame(
    page: Any, site: Server, blog: Server, game: str
) -> None:
    frame = embed(page, blog, f"{site.url}{game}/?embed=1&{LIVE[game]}", width=700, height=640)
    frame.locator(ROLL).click()
    frame.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    frame.wait_for_selector("[data-region=controls] button")
    assert frame.evaluate("window.scrollY") == 0
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert_on_screen(frame, "[data-region=board] svg", 640, f"{game} embedded")
    assert_on_screen(frame, "[data-region=controls]", 640, f"{game} embedded")


# -- phones: the set-up dialog (issue 20, point 3) --------------------------------------------------

from collections.abc import Iterator

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, watched_page

#: Where the focus is in the open set-up dialog: a text field that would pop a phone's keyboard, or not.
SETUP_FOCUS = """() => { const dialog = document.querySelector('#setup-dialog'); const el = document.activeElement;
  return { open: dialog.open, inside: dialog.contains(el), field: !!el.matches('input, textarea, select'),
           tag: el.tagName }; }"""


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    """A phone: 390 x 844 CSS px, a touch screen, mobile viewport rules."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.mark.parametrize("game, lang", [("trice", "en"), ("piratissimo", "fr"), ("siege", "en")])
def test_on_a_phone_the_set_up_pops_no_keyboard_and_start_shows_the_board(
    phone_context: Any, site: Server, game: str, lang: str
) -> None:
    with watched_page(phone_context, site) as phone:
        phone.goto(f"{site.url}{game}/?{LIVE[game]}&lang={lang}")
        wait_ready(phone)
        phone.wait_for_selector("[data-region=controls] button")
        # "New game" is among the tools below the log: the player scrolls down to it and taps it
        button = phone.locator(".toolbar [data-op=show-setup]")
        button.scroll_into_view_if_needed()
        assert phone.evaluate("window.scrollY") > 300
        button.tap()
        phone.wait_for_selector("#setup-dialog[open]")
        focus = phone.evaluate(SETUP_FOCUS)
        assert focus["open"] and focus["inside"] and not focus["field"], focus  # no keyboard pops up
        phone.locator("#setup-dialog [data-op=new]").tap()
        phone.wait_for_function("!document.querySelector('#setup-dialog').open")  # closed once the new game is drawn
        # the new game's board is on screen, from its status line down
        assert_on_screen(phone, "[data-region=status]", 844, f"{game} after Start")
        assert_on_screen(phone, "[data-region=board] svg", 844, f"{game} after Start")
        assert phone.evaluate("window.scrollY") == 0  # the page's top: the header and the board together


# -- the end of a game: the banner beside or below the final position (issue 20, point 7) ------------

#: What each game marks on its final position: the winning symbol's five cells, the winner's
#: harbour and ship, what beat the losing side.
END_MARKS = {"trice": (".trice-won", 5), "piratissimo": (".pir-won", 1), "siege": (".sg-decided", 1)}
#: The boxes that must not meet, in CSS px: the banner, the board's region, the close button and
#: each line of the winner's words (a range over the text: the paragraph's own box spans the banner).
END_BOXES = """() => {
  const box = (r) => ({ x: r.x, y: r.y, w: r.width, h: r.height });
  const banner = document.querySelector('#winner'), text = banner.querySelector('[data-winner-text]');
  const range = document.createRange(); range.selectNodeContents(text);
  return { banner: box(banner.getBoundingClientRect()),
           board: box(document.querySelector('[data-region=board]').getBoundingClientRect()),
           close: box(banner.querySelector('[data-op=close-banner]').getBoundingClientRect()),
           name: [...range.getClientRects()].map(box), text: text.textContent, scrolled: window.scrollY };
}"""


def meet(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share any area."""
    return min(a["x"] + a["w"], b["x"] + b["w"]) > max(a["x"], b["x"]) and min(a["y"] + a["h"], b["y"] + b["h"]) > max(a["y"], b["y"])


def check_the_end(page: Any, game: str, height: int, what: str) -> None:
    for lang, said in (("en", "win"), ("fr", "gagne")):
        switch_language(page, lang)
        page.wait_for_function("said => document.querySelector('[data-winner-text]').textContent.includes(said)", arg=said)
        found = page.evaluate(END_BOXES)
        where = f"{what} in {lang}: {found}"
        assert found["scrolled"] == 0, where
        assert not meet(found["banner"], found["board"]), f"the banner covers the board, {where}"
        board = found["board"]
        assert board["y"] >= 0 and board["y"] + board["h"] <= height + 0.5, f"the board is not all on screen, {where}"
        assert found["name"], where
        for line in found["name"]:
            assert not meet(line, found["close"]), f"the × overlaps the winner's name, {where}"
            assert line["y"] + line["h"] <= height + 0.5, f"the winner's name is below the screen, {where}"
        selector, count = END_MARKS[game]
        assert page.locator(f"[data-region=board] {selector}").count() == count, f"{what}: the final position's marks"
    switch_language(page, "en")


@pytest.mark.parametrize("game", list(FINISHED))
def test_at_1366_by_768_the_result_stands_beside_the_final_position(page: Any, site: Server, game: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site.url}{game}/#{endgame_link(game, *FINISHED[game], 0)}")
    wait_ready(page)
    page.wait_for_selector("#winner:not([hidden]) .summary-chart")
    check_the_end(page, game, 768, f"{game} at 1366×768")
    page.set_viewport_size({"width": 1366, "height": 900})


@pytest.mark.parametrize("game", list(FINISHED))
def test_on_a_phone_the_result_follows_the_final_position(phone_context: Any, site: Server, game: str) -> None:
    with watched_page(phone_context, site) as phone:
        phone.goto(f"{site.url}{game}/#{endgame_link(game, *FINISHED[game], 0)}")
        wait_ready(phone)
        phone.wait_for_selector("#winner:not([hidden]) .summary-chart")
        check_the_end(phone, game, 844, f"{game} on a 390×844 phone")

"""Each game in a blog on another site, whatever storage the reader's browser allows.

The blog is served from ``localhost`` and the game from ``127.0.0.1``: for
the browser these are two sites, so the game is a third-party frame. Three
browsers read the blog: one with Chromium's defaults, one whose user allows
third-party storage (the frame gets storage of its own, partitioned by the
blog), and one whose user blocks it (localStorage, IndexedDB and the Cache
API all refuse the frame, as in Safari, Firefox's strict mode or Brave). In
each, the reader plays a move and sees a bot answer; where storage is
refused the page says once, quietly, that the game will not be kept, and
the share link still works.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, chromium_profile, embed, watched_page

MODES = ("defaults", "storage-allowed", "storage-blocked")
CONTROLS = "[data-region=controls]"
CHANCE = f'{CONTROLS} [data-act="chance"]'


@pytest.fixture(scope="module", params=MODES)
def reader(
    request: pytest.FixtureRequest,
    browser: Any,
    browser_type: Any,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, Any]]:
    """(mode, browser context) of a blog reader."""
    if request.param == "defaults":
        context = browser.new_context()
    else:
        folder = chromium_profile(
            tmp_path_factory.mktemp(request.param), third_party_storage=request.param == "storage-allowed"
        )
        context = browser_type.launch_persistent_context(str(folder), **browser_type_launch_args)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield request.param, context
    context.close()


@pytest.fixture
def blog_page(reader: tuple[str, Any], site: Server, blog: Server) -> Iterator[Any]:
    _, context = reader
    with watched_page(context, site, blog) as page:
        yield page


def frame_storage_works(frame: Any) -> bool:
    return frame.evaluate(
        "(() => { try { localStorage.setItem('probe', '1'); localStorage.removeItem('probe'); return true; }"
        " catch { return false; } })()"
    )


def wait_my_turn(frame: Any) -> None:
    frame.wait_for_function("/^Your turn/.test(document.querySelector('[data-region=status]').textContent)")


def wait_bot_line(frame: Any, seat: int, after: int) -> str:
    """The first log line by ``seat`` after the first ``after`` lines: the bot's reply."""
    frame.wait_for_function(
        """([seat, after]) => [...document.querySelectorAll('[data-region=log] li')]
             .slice(after).some(li => li.dataset.seat === String(seat))""",
        arg=[seat, after],
    )
    lines = frame.locator("[data-region=log] li").all()
    return next(li.inner_text() for li in lines[after:] if li.get_attribute("data-seat") == str(seat))


def log_count(frame: Any) -> int:
    return frame.locator("[data-region=log] li").count()


def play_trice(frame: Any) -> int:
    """Roll, place a free piece, end the turn; the seat that plays next."""
    wait_my_turn(frame)
    frame.click(CHANCE)
    frame.click(f'{CONTROLS} [data-act="do place 1 free"]')
    frame.wait_for_selector(f'{CONTROLS} [data-act="do end"]')
    frame.click(f'{CONTROLS} [data-act="do end"]')
    return 1


def play_piratissimo(frame: Any) -> int:
    """Roll the die; load what a chest offers (the most), or take the plain route."""
    wait_my_turn(frame)
    before = log_count(frame)
    frame.click(CHANCE)
    frame.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {before}")
    choice = frame.locator(f'{CONTROLS} button[data-act^="do "]')
    if choice.count():
        choice.last.click()
    return 1


def play_siege(frame: Any) -> int:
    """Roll, fire the cannon as it is set, end the turn."""
    wait_my_turn(frame)
    frame.click(CHANCE)
    frame.wait_for_selector(f'{CONTROLS} [data-act="fire"]')
    before = log_count(frame)
    frame.click(f'{CONTROLS} [data-act="fire"]')
    frame.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {before}")
    frame.wait_for_selector(f'{CONTROLS} [data-act="do end"]')
    frame.click(f'{CONTROLS} [data-act="do end"]')
    return 1


GAMES = {
    "trice": ("seats=human,heuristic,heuristic&seed=1&pace=0", play_trice),
    "piratissimo": ("seats=human,heuristic&seed=9&pace=0", play_piratissimo),
    "siege": ("seats=human,aim&seed=1&pace=0", play_siege),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_blog_reader_plays_a_move_and_a_bot_answers(
    game: str, reader: tuple[str, Any], blog_page: Any, site: Server, blog: Server
) -> None:
    mode, _ = reader
    query, play = GAMES[game]
    frame = embed(blog_page, blog, f"{site.url}{game}/?embed=1&{query}")
    kept = frame_storage_works(frame)
    if mode == "storage-allowed":
        assert kept, "a browser that allows third-party storage gave the frame none"
    if mode == "storage-blocked":
        assert not kept, "a browser that blocks third-party storage let the frame store"
    before = log_count(frame)
    bot_seat = play(frame)
    reply = wait_bot_line(frame, bot_seat, before)
    assert reply
    assert frame.locator("#engine-failure").is_hidden()
    assert frame.get_attribute("html", "data-engine") == "ready"
    note = frame.locator("#storage-note")
    if kept:
        assert note.is_hidden()
        # The game a person played is kept, in the frame's own (partitioned) storage.
        saved = frame.evaluate(
            f"Object.keys(localStorage).filter(k => k.startsWith('boardgames:save:{game}:')).length"
        )
        assert saved == 1
    else:
        note.wait_for()
        assert "will not be kept" in note.inner_text()
        assert note.get_attribute("role") == "status"  # said quietly, not as an alert
        assert frame.locator("#notice").is_hidden()
        # The game can still leave the frame: by its share link, or exported as a file.
        frame.click("[data-op=share]")
        frame.wait_for_selector("#share-link:not([hidden])")
        link = frame.locator("#share-link").input_value()
        assert link.startswith(f"{site.url}{game}/") and "#g1." in link
        with blog_page.expect_download() as download:
            frame.click("[data-op=export]")
        assert download.value.suggested_filename.startswith(f"{game}-")

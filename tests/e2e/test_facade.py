"""An embedded game is light until its reader acts (issue 22, point 1).

A blog post on another site (the blog on ``localhost``, the game on
``127.0.0.1``) embeds a game. Until the reader clicks, taps or presses a key
in the frame, the frame shows the build's drawing of the board, the game's
name and a Play button, starts no engine and no service worker, and costs the
reader at most 150 KB gzip. After the click the engine starts with its
progress shown and the game plays; the offline copy is kept once the reader
has played.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    ENGINE_TIMEOUT_MS,
    ROLL,
    Server,
    Watch,
    chromium_profile,
    wait_ready,
    wait_until,
)

#: What a reader who never acts may cost, compressed as a server compresses (gzip -6).
FACADE_BUDGET_GZIP = 150_000


@pytest.fixture
def reader(
    browser_type: Any, browser_type_launch_args: dict[str, Any], tmp_path: Path, site: Server, blog: Server
) -> Iterator[tuple[Any, list[tuple[str, int, int]]]]:
    """A reader's browser that lets frames keep things (so that a service worker could register before
    input, and must not); every response of the game's site: (URL, raw bytes, gzip bytes)."""
    folder = chromium_profile(tmp_path / "profile", third_party_storage=True)
    context = browser_type.launch_persistent_context(
        str(folder), viewport={"width": 1000, "height": 800}, **browser_type_launch_args
    )
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    watch = Watch({site.url.rstrip("/"), blog.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    sent: list[tuple[str, int, int]] = []

    def measure(response: Any) -> None:
        if not response.url.startswith(site.url) or response.status != 200:
            return
        try:
            body = response.body()
        except Exception:  # a response the browser dropped (a navigation away): nothing reached the reader
            return
        sent.append((response.url, len(body), len(gzip.compress(body, compresslevel=6))))

    context.on("response", measure)
    yield context, sent
    context.close()
    watch.check()


def frame_of(page: Any, blog: Server, url: str) -> Any:
    page.goto(blog.url)
    page.evaluate(
        """url => { const f = document.createElement('iframe'); f.src = url; f.width = 700; f.height = 640;
                     f.id = 'game'; f.title = 'game'; f.style.border = '0'; document.body.append(f); }""",
        url,
    )
    frame = page.wait_for_selector("#game").content_frame()
    assert frame is not None
    frame.locator("html[data-engine=waiting]").wait_for(state="attached")
    page.wait_for_load_state("networkidle")
    return frame


@pytest.mark.parametrize(("game", "lang", "play"), [("trice", "en", "click"), ("siege", "fr", "key")])
def test_an_embed_costs_little_until_its_reader_acts_then_plays(
    reader: tuple[Any, list[tuple[str, int, int]]], site: Server, blog: Server, game: str, lang: str, play: str
) -> None:
    context, sent = reader
    page = context.pages[0] if context.pages else context.new_page()
    seats = "human,human,human" if game == "trice" else "human,human"
    frame = frame_of(page, blog, f"{site.url}{game}/?embed=1&lang={lang}&seats={seats}&seed=1")

    # The facade: the board's drawing, the game's name and Play, in the page's language.
    facade = frame.locator("#facade")
    assert facade.is_visible() and frame.locator("[data-region=board] svg").first.is_visible()
    play_button = facade.locator(".facade-play")
    assert play_button.inner_text() == (f"Play {game.title()}" if lang == "en" else f"Jouer à {game.title()}")
    box = play_button.bounding_box()
    assert box is not None and box["height"] >= 44
    # Nothing of the engine, no service worker, and little in all.
    names = [url for url, _, _ in sent]
    assert not [url for url in names if "/runtime/" in url or url.endswith((".wasm", ".zip", ".whl", ".py"))], names
    assert frame.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
    before = sum(packed for _, _, packed in sent)
    assert 0 < before <= FACADE_BUDGET_GZIP, f"{before} bytes gzip before any input: {sent}"

    # The reader acts: the engine starts, with its progress shown, and the game plays.
    if play == "click":
        play_button.click()
    else:
        play_button.focus()  # a keyboard reader tabs into the frame, onto Play
        page.keyboard.press("Enter")
    wait_ready(frame)
    assert facade.is_hidden()
    assert sum(packed for _, _, packed in sent) > 10 * before  # the engine came only now
    # Who starts is drawn; then the person to play rolls.
    frame.locator(ROLL).click()
    frame.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    # Having played, the reader gets the offline copy (this browser lets frames keep it).
    wait_until(frame, "() => navigator.serviceWorker.getRegistration().then((r) => r !== undefined)")
    # A reader who played here comes back to the game at once: it is kept in this frame, and so is the engine.
    with page.expect_event("framenavigated", predicate=lambda navigated: navigated == frame):
        frame.evaluate("setTimeout(() => location.reload(), 0)")
    wait_ready(frame)
    assert facade.is_hidden()
    frame.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")

"""The landing page is light: nothing of the engine comes before the visitor leans towards a game.

A visitor who only reads the cards pays for the page alone (at most
:data:`LANDING_BUDGET` bytes as a server that compresses nothing sends them).
The engine starts when a card's link is hovered or focused for a moment, or
pressed; on a connection that does not ask to save data it also starts once the
page is idle (the other tests' landing pages reach ready that way).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, Watch, wait_ready

LANDING_BUDGET = 300_000
#: A browser that asks to save data (Chrome's Lite mode, Android's Data Saver).
SAVE_DATA = ("Object.defineProperty(navigator, 'connection', "
             "{value: {saveData: true, effectiveType: '4g'}, configurable: true});")


def test_the_landing_page_sends_nothing_of_the_engine_until_a_card_is_leaned_on(browser: Any, site: Server) -> None:
    context = browser.new_context(service_workers="block", viewport={"width": 1366, "height": 768})
    watch = Watch({site.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    sent: list[tuple[str, int]] = []

    def measure(response: Any) -> None:
        try:
            sent.append((response.url, len(response.body())))
        except Exception:  # a response the browser dropped: nothing reached the visitor
            return

    context.on("response", measure)
    try:
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.add_init_script(SAVE_DATA)
        page.goto(site.url, wait_until="load")
        page.wait_for_selector("html[data-engine=idle]", state="attached")
        page.wait_for_load_state("networkidle")  # whatever the page asks for on its own has come
        before = sum(size for _, size in sent)
        assert before <= LANDING_BUDGET, f"{before} bytes before any intent: {sorted(sent, key=lambda s: -s[1])[:5]}"
        assert not [url for url, _ in sent if "/runtime/" in url or url.endswith((".wasm", ".zip", ".whl"))], sent
        assert page.get_attribute("html", "data-engine") == "idle"
        # The visitor leans towards a game: its Play link hovered a moment starts the engine.
        page.hover("[data-card=piratissimo] .card-learn")
        wait_ready(page)
        assert sum(size for _, size in sent) > 10 * before
    finally:
        context.close()
    watch.check()

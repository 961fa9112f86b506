"""Offline after the first load: the service worker precaches the whole site."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import DIST, Server, Watch, wait_ready


def test_site_plays_offline_after_first_load(browser: Any) -> None:
    server = Server(DIST).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url)
        wait_ready(page)
        # Wait until the service worker is active with the whole precache.
        assert page.evaluate(
            "Promise.race([navigator.serviceWorker.ready.then(() => true),"
            " new Promise(resolve => setTimeout(() => resolve(false), 60000))])"
        ), "the service worker never became active"
        build = json.loads((DIST / "build.json").read_text())["build"]
        assert f"boardgames-{build}" in page.evaluate("caches.keys()")
        server.stop()
        page.goto(server.url + "trice/?seats=human,human,human", wait_until="load")
        wait_ready(page)
        # Who starts is dealt automatically; then the person rolls their own dice.
        page.locator('[data-region=controls] [data-act="chance"]').click()
        page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
        assert "roll" in page.inner_text("[data-region=log]").lower()
    finally:
        server.stop()
        context.close()
    watch.check()

"""Offline after the first load: the service worker precaches the whole site."""

from __future__ import annotations

import collections
import functools
import json
import threading
from typing import Any

from tests.e2e.conftest import DIST, Server, Watch, first_lesson, wait_ready
from tools import serve


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
        # a lesson too: its page and its data (in the game code's archive) are precached
        page.goto(server.url + first_lesson("siege"), wait_until="load")
        wait_ready(page)
        page.wait_for_selector("[data-lesson-target]", state="attached")
    finally:
        server.stop()
        context.close()
    watch.check()


def test_a_first_visit_downloads_no_file_twice(browser: Any) -> None:
    """The engine worker, the page's head start and the service worker's precache share their
    downloads, even in a private window, whose memory cache takes no 9.6 MB file; the big files
    come only as their compressed siblings."""
    sent: list[tuple[str, int]] = []

    class Recording(serve.Handler):
        rules = serve.load_header_rules()
        quiet = True

        def send_response(self, code: int, message: str | None = None) -> None:
            sent.append((self.path.split("?")[0], int(code)))
            super().send_response(code, message)

    server = serve.Server(("127.0.0.1", 0), functools.partial(Recording, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url + "trice/")
        wait_ready(page)
        assert page.evaluate(
            "Promise.race([navigator.serviceWorker.ready.then(() => true),"
            " new Promise(resolve => setTimeout(() => resolve(false), 60000))])"
        ), "the service worker never became active"
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    bodies = collections.Counter(path for path, code in sent if code == 200)
    config = json.loads((DIST / "index.html").read_text().split('id="site-config">')[1].split("</script>")[0])
    # Sent once, as the build compressed it (tools/packed.py), never as itself.
    assert bodies["/" + config["pyodideWasm"] + ".br"] == 1 and bodies["/" + config["pyodideWasm"]] == 0
    assert not [path for path in bodies if path.removeprefix("/") in config["packed"]]
    assert [path for path, count in bodies.items() if count > 1] == []

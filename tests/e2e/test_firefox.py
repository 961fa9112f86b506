"""The site in Firefox ESR (Debian's firefox-esr, over WebDriver BiDi): see tests/e2e/every_browser.py."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import DIST, Server
from tests.e2e.every_browser import ROLL, SIEGE, TRICE, EveryBrowser, log_has


class TestFirefox(EveryBrowser):
    engine = "firefox"

    def test_a_first_visit_to_a_host_that_sends_no_headers_logs_no_error(self, driver: Any) -> None:
        """A plain static host (``python -m http.server``: no cache or security headers, nothing compressed).

        Firefox's first visit to such a host once logged that the service worker failed the
        WebAssembly's request; Firefox reports such a failure as a page error, which fails this test.
        The visit goes on while the service worker installs and takes over, and the page after it is
        served through the worker.
        """
        plain = Server(DIST, plain=True).start()
        driver.allowed.add(plain.url.rstrip("/"))
        try:
            driver.resize(1366, 768)
            driver.goto(plain.url + SIEGE)
            driver.wait_ready()
            build = json.loads((DIST / "build.json").read_text())["build"]
            driver.wait("(name) => navigator.serviceWorker.ready.then(() => caches.keys())"
                        ".then((keys) => keys.includes(name))", f"boardgames-{build}")
            driver.goto(plain.url + TRICE)
            driver.wait_ready()
            assert driver.run("() => Boolean(navigator.serviceWorker.controller)")
            driver.click(ROLL)
            log_has(driver, "Red rolls 2, 4 and 4: 10 points.")
            driver.check()
        finally:
            plain.stop()

"""The site in WebKitGTK, Safari's engine (Debian's webkit2gtk-driver, over WebDriver): see tests/e2e/every_browser.py."""

from __future__ import annotations

from tests.e2e.every_browser import EveryBrowser


class TestWebKit(EveryBrowser):
    engine = "webkit"

"""A first visit is light (issue 22, point 2), and the light standard library has a way back.

A first visit to a game page, its service worker's precache included, costs
at most 7.0 MB brotli. The files it downloads are the build's precache list
(tools/first_visit.py counts them); the test checks, on a real first visit,
that the page and its service worker fetch nothing outside that list, so the
count cannot leave a download out. Byte counts, not speed.

The page's Python runs on the light standard library (tools/stdlib_cut.py).
A module it left out still imports: the worker downloads the whole library
from the site and says so in words (ui/stdlib_fallback.py), and the game
plays on. Every other browser test fails should that ever happen to it
(``Watch`` in conftest.py), which is how the cut is checked against play of
all three games.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import DIST, ROLL, Server, Watch, wait_ready
from tools import first_visit


def test_a_first_visit_precache_included_is_at_most_7_mb_brotli(browser: Any) -> None:
    counted = set(first_visit.files(DIST))
    # The runtime's sizes as kept by content (tools/first_visit_sizes.json; a file whose bytes or
    # brotli differ is compressed here), the site's own files compressed now.
    kept = first_visit.load_kept()
    rows = first_visit.sizes(DIST, sorted(counted), kept)
    # The kept sizes are what their bytes compress to: the small ones checked here, each time.
    small = [row.path for row in rows if row.path.startswith(first_visit.RUNTIME) and row.raw < 300_000]
    assert small and not first_visit.check(DIST, kept, small)
    total = sum(row.brotli for row in rows)
    assert total <= first_visit.BUDGET_BROTLI, f"a first visit is {total:,} bytes brotli:\n{first_visit.table(rows)}"
    # Nothing a real first visit fetches is left out of the count.
    server = Server(DIST).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    fetched: set[str] = set()

    def note(response: Any) -> None:
        if response.status == 200 and response.url.startswith(server.url):  # not the worker's blob: URL
            fetched.add(response.url.split("?")[0][len(server.url) :])

    context.on("response", note)
    try:
        page = context.new_page()
        page.goto(server.url + "trice/")
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("caches.keys().then(keys => keys.length > 0)")
    finally:
        context.close()
        server.stop()
    fetched = {"index.html" if path == "" else path + "index.html" if path.endswith("/") else path for path in fetched}
    assert "trice/index.html" in fetched and "sw.js" in fetched
    assert not fetched - counted, f"a first visit fetched files the count leaves out: {sorted(fetched - counted)}"
    watch.check()


def test_a_module_the_light_standard_library_left_out_still_imports_and_the_engine_says_so(browser: Any) -> None:
    server = Server(DIST).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url + "trice/?seats=human,human,human&seed=1")
        wait_ready(page)
        python = page.evaluate("window.boardgamesEngine.python")
        assert python["stdlib"] == "light"
        assert python["modules"]["dataclasses"].endswith(".zip/dataclasses.pyc")
        kept = page.evaluate("window.boardgamesEngine.importModule('json')")
        assert kept["ok"] and kept["notes"] == []  # in the light library: nothing downloaded
        left_out = page.evaluate("window.boardgamesEngine.importModule('xml.dom.minidom')")
        assert left_out["ok"], left_out
        assert left_out["file"].endswith("python_stdlib_full.zip/xml/dom/minidom.py")
        assert "Python's module xml, which this site's light standard library leaves out" in left_out["notes"][0]
        assert "downloaded the whole standard library" in left_out["notes"][0]
        assert watch.whole_stdlib and "light standard library" in watch.whole_stdlib[0]  # said in the console too
        watch.whole_stdlib.clear()  # on purpose here; anywhere else it fails the test
        # The game plays on.
        page.locator(ROLL).click()
        page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    finally:
        context.close()
        server.stop()
    watch.check()

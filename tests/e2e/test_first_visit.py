"""A first visit is light (issue 22, point 2; issue 38, point 4), and the light standard library has a way back.

A first visit to a game page, its service worker's precache included, is
sent in at most 7.0 MB by a server that compresses nothing (``python -m
http.server``): the site fetches the files the build compressed
(tools/packed.py) and decodes them itself. The count is the server's own
log: every whole file it sent, as often as it sent it.

Byte counts, not speed. (tools/first_visit.py also prints what each file of
the precache would cost from a host that compresses by itself.)

The page's Python runs on the light standard library (tools/stdlib_cut.py).
A module it left out still imports: the worker downloads the whole library
from the site and says so in words (ui/stdlib_fallback.py), and the game
plays on. Every other browser test fails should that ever happen to it
(``Watch`` in conftest.py), which is how the cut is checked against play of
all three games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import DIST, ROLL, Server, Watch, wait_ready
from tools import first_visit

#: The first visit is over once the engine's memory snapshot is kept, or its maker gave up (engine_loader.mjs).
SNAPSHOT_DONE = """async () => (await (await caches.open('engine-snapshots')).keys()).length > 0
  || ['not made', 'off', 'unusable'].includes((window.boardgamesSnapshot || {}).state)"""


def test_a_server_that_compresses_nothing_sends_a_first_visit_in_at_most_7_mb(browser: Any, tmp_path: Path) -> None:
    log = tmp_path / "http.log"
    server = Server(DIST, plain=True, log=log).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url + "trice/")
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # its install: the precache, whole
        page.wait_for_function(SNAPSHOT_DONE, timeout=120_000, polling=500)
    finally:
        context.close()
        server.stop()
    sent = first_visit.served(DIST, log.read_text())
    total = sum(size for _, size in sent.values())
    print(f"\nwhat a server that compresses nothing sent on a first visit to /trice/:\n{first_visit.served_table(sent)}")
    assert "trice/index.html" in sent and "sw.js" in sent
    assert any(name.endswith("pyodide.asm.wasm.br") for name in sent)  # the big files came compressed
    assert total <= first_visit.BUDGET_SENT, f"a first visit sent {total:,} bytes:\n{first_visit.served_table(sent)}"
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

"""The engine's memory snapshot: made by the browser after a first visit, restored by the next ones.

ui/js/engine_loader.mjs has a worker of its own make a snapshot of a bare
interpreter (CPython started, the standard library's modules the engine
imported) once the engine has had no request for a few seconds, and keeps it gzipped in
Cache Storage ("engine-snapshots") under a key naming the engine loader; a
later visit restores it instead of starting CPython (docs/browsers.md, "Start-up
per engine"). These tests hold that the second visit restores it, in Chromium,
Firefox and WebKitGTK, and that anything wrong with what is kept (bytes that do
not inflate, cut short, another Pyodide build's heap) costs only the usual
start: the engine is ready all the same, says so, and drops what it could not use.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.e2e.conftest import DIST, KEPT, MADE_WITHIN_MS, Server, Watch, wait_ready, wait_snapshot_kept

ROOT = Path(__file__).resolve().parents[2]
PAGE = "trice/?seats=human,human,human&seed=1"
ROLL = '[data-region=controls] [data-act="chance"]'
#: The snapshot's state as the engine reported it on this visit.
STATE = "() => (window.boardgamesEngine.python.snapshot || {}).state"
#: The engine's quiet spell, in seconds, before the maker begins (QUIET_MS in ui/js/engine_loader.mjs).
QUIET_S = int(re.search(r"const QUIET_MS = (\d+);", (ROOT / "ui/js/engine_loader.mjs").read_text())[1]) // 1000
#: Replaces what is kept under the snapshot's key by the damage named (the good bytes are set aside first).
DAMAGE = """async ([how, key]) => {
  const cache = await caches.open('engine-snapshots');
  const aside = await caches.open('test-snapshot-aside');
  if (!(await aside.match('/good'))) await aside.put('/good', (await cache.match(key)).clone());
  const good = new Uint8Array(await (await aside.match('/good')).arrayBuffer());
  let bytes;
  if (how === 'garbage') bytes = new TextEncoder().encode('not a snapshot at all');
  else if (how === 'cut short') bytes = good.slice(0, good.length >> 1);
  else if (how === 'another build') {
    // A sound gzip of a heap whose Pyodide build id (bytes 16-47 of its header) is another's.
    const heap = new Uint8Array(await new Response(new Blob([good]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
    for (let i = 16; i < 48; i++) heap[i] ^= 0xff;
    bytes = new Uint8Array(await new Response(new Blob([heap]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  } else if (how === 'good') bytes = good;
  await cache.put(key, new Response(bytes));
}"""


def _roll(page: Any) -> None:
    before = page.locator("[data-region=log] li").count()
    page.locator(ROLL).click()
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {before}")


def test_the_second_visit_restores_the_snapshot_the_first_made(browser: Any) -> None:
    server = Server(DIST).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url + PAGE)
        wait_ready(page)
        assert page.evaluate(STATE) == "none"
        assert "restored" not in page.evaluate("window.boardgamesTimings.marks")
        # Not while a person plays: a request a second for twice the quiet spell the maker waits for
        # (ui/js/engine_loader.mjs), and it has not begun (it began 3 s after the start, taking a
        # phone's second core from the bots' moves).
        page.evaluate(f"""async () => {{
          for (let i = 0; i < {2 * QUIET_S}; i += 1) {{
            await window.boardgamesEngine.call({{ op: "ping" }});
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }}
        }}""")
        assert page.evaluate("window.boardgamesSnapshot || null") is None
        [key] = wait_snapshot_kept(page)
        assert key.startswith(server.url + "runtime/") and key.endswith(".mjs.snapshot.gz")
        page.reload()
        wait_ready(page)
        assert page.evaluate(STATE) == "restored"
        timings = page.evaluate("window.boardgamesTimings")
        assert timings["marks"]["restored"] >= timings["marks"]["snapshotRead"]
        _roll(page)  # the restored interpreter plays
    finally:
        context.close()
        server.stop()
    watch.check()


def test_a_damaged_or_foreign_snapshot_costs_only_the_usual_start(browser: Any) -> None:
    server = Server(DIST).start()
    context = browser.new_context()
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url + PAGE)
        wait_ready(page)
        [key] = wait_snapshot_kept(page)
        for how in ("garbage", "cut short", "another build"):
            page.evaluate(DAMAGE, [how, key])
            page.reload()
            wait_ready(page)
            assert page.evaluate(STATE) == "unusable", how
            assert "restored" not in page.evaluate("window.boardgamesTimings.marks"), how
            assert page.evaluate("window.boardgamesEngine.call({op: 'ping'})")["ok"], how
            # What could not be used is dropped (the next visit makes a new one).
            assert page.evaluate(KEPT) == [], how
        page.evaluate(DAMAGE, ["good", key])
        page.reload()
        wait_ready(page)
        assert page.evaluate(STATE) == "restored"
        # A snapshot kept under another key (another runtime's engine loader) is never read, and goes
        # when this runtime's is made.
        page.evaluate(f"""async () => {{
          const cache = await caches.open('engine-snapshots');
          await cache.put('{server.url}runtime/pyodide-0.0.0/engine-loader-0000000000.mjs.snapshot.gz', new Response('old'));
          await cache.delete('{key}');
        }}""")
        page.reload()
        wait_ready(page)
        assert page.evaluate(STATE) == "none"
        assert wait_snapshot_kept(page, only=key) == [key]
    finally:
        context.close()
        server.stop()
    watch.check()


class _InAnotherEngine:
    """The second visit restores in Firefox and WebKit too (WebKit is where it pays: docs/browsers.md)."""

    engine = ""

    def test_the_second_visit_restores_the_snapshot(self, driver: Any, watched_site: Server) -> None:
        driver.resize(1366, 768)
        driver.goto(watched_site.url + "build.json")
        driver.run("() => caches.delete('engine-snapshots')")  # a first visit for this test
        driver.goto(watched_site.url + PAGE)
        driver.wait_ready()
        assert driver.run(STATE) == "none"
        driver.wait(f"() => ({KEPT})().then((keys) => keys.length === 1)", timeout=MADE_WITHIN_MS / 1000)
        driver.goto(watched_site.url + PAGE)
        driver.wait_ready()
        assert driver.run(STATE) == "restored"
        assert "restored" in driver.run("() => window.boardgamesTimings.marks")
        before = driver.count("[data-region=log] li")
        driver.click(ROLL)
        driver.wait("(n) => document.querySelectorAll('[data-region=log] li').length > n", before)
        driver.check()


class TestFirefox(_InAnotherEngine):
    engine = "firefox"


class TestWebKit(_InAnotherEngine):
    engine = "webkit"

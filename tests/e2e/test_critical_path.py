"""The critical path first (issue 38 point 2): PyScript's core arrives before the big files are even requested.

Over HTTP/1.1 a browser opens six connections to a host; the head start's prefetches of the
runtime's big files (ui/js/head_start.js) held them all and PyScript's core, the page's own code,
waited behind megabytes on a slow network. The page now requests them once PyScript is in, at low
priority. Read from the page's own Resource Timing on a first visit (no service worker yet), over
a link with a mobile network's latency (Chromium's emulation), so that PyScript's core takes long
enough to be overtaken: an order, not a time, so it holds on any machine.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, wait_ready, watched_page

#: A mobile network's round trip (slow 4G's is 150 ms; more, so the order shows on any machine).
LATENCY_MS = 400
#: 40 Mbit/s: the runtime's 6.5 MB (compressed) in a couple of seconds.
BYTES_PER_S = 5_000_000

ORDER = """() => {
  const config = JSON.parse(document.getElementById('site-config').textContent);
  const base = (path) => path.split('/').pop();
  const entries = performance.getEntriesByType('resource');
  const core = entries.find((e) => e.name.endsWith('/' + base(config.pyscript)));
  // Each as the page requests it: its compressed sibling (tools/packed.py).
  const big = [...config.prefetch, ...config.wheels].filter((path) => path !== config.pyodideWasm)
    .map((path) => base((config.packed[path] || [path])[0]))
    .map((name) => entries.find((e) => e.name.endsWith('/' + name) && e.initiatorType === 'fetch'))
    .filter(Boolean);
  return { core: core ? core.responseEnd : null, big: big.map((e) => [e.name.split('/').pop(), e.startTime]) };
}"""


def test_pyscripts_core_is_in_before_the_runtimes_big_files_are_requested(browser: Any, site: Server) -> None:
    context = browser.new_context()  # a first visit: no service worker answers yet, so the page prefetches
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        with watched_page(context, site) as page:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            # a mobile network's round trip, with bandwidth enough that the whole runtime comes in seconds
            cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": LATENCY_MS,
                                                          "downloadThroughput": BYTES_PER_S, "uploadThroughput": BYTES_PER_S})
            page.goto(site.url + "trice/")
            wait_ready(page)
            seen = page.evaluate(ORDER)
    finally:
        context.close()
    assert seen["core"] is not None, seen
    assert len(seen["big"]) >= 3, seen  # the standard library, the game's archive, the wheels
    late = [name for name, started in seen["big"] if started < seen["core"]]
    assert late == [], (seen["core"], seen["big"])

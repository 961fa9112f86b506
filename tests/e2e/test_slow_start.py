"""A first visit over a slow link: no false failure while bytes still come, and a real stall said in words.

The start gives up only when nothing has arrived, no byte and no step, for a
stretch (``config.stallMs``; ``window.BOOT_STALL_MS`` shortens it here), never
after a fixed total time: a phone on slow 4G needs minutes for a first visit.
The stretch is set to 5 s here and the link slowed so that the downloads take
several times that; the download itself always moves in far less (Chromium's
emulation sends bytes every few milliseconds), so the test holds on any machine.
Once every byte has come, the processor's work has its own, long limit
(``config.quietMs``): a slow machine is not a stalled download.
"""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, Watch, wait_ready

STALL_MS = 5000
#: Chromium's emulated link for the slow visit: about 6.5 MB (the big files come compressed,
#: tools/packed.py) at 0.5 MB/s is some 13 s, over two stretches.
SLOW_LINK = {"offline": False, "latency": 150, "downloadThroughput": 500_000, "uploadThroughput": 93_750}

#: Notes every state the page's engine goes through and every progress label shown (from the start).
OBSERVE = """
window.__states = []; window.__labels = [];
new MutationObserver(() => {
  const state = document.documentElement.dataset.engine;
  if (state && window.__states.at(-1) !== state) window.__states.push(state);
  const label = document.querySelector('[data-progress-label]')?.textContent;
  if (label && window.__labels.at(-1) !== label) window.__labels.push(label);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def megabytes(label: str) -> float:
    return float(label.split(" ", 1)[0].replace(",", "."))


def test_a_slow_first_visit_never_fails_and_counts_its_megabytes(browser: Any, site: Server) -> None:
    context = browser.new_context(service_workers="block")  # a first visit: everything over the link
    watch = Watch({site.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.add_init_script(f"window.BOOT_STALL_MS = {STALL_MS};" + OBSERVE)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
        page.goto(site.url + "trice/?seats=human,heuristic,heuristic")
        wait_ready(page)
        states = page.evaluate("window.__states")
        shown = page.evaluate("window.__labels")
        labels = [label for label in shown if label.endswith(" MB")]
        bar = page.inner_text("#progress-label")
    finally:
        context.close()
    watch.check()
    assert "failed" not in states, states
    assert states[-1] == "ready", states
    # The megabytes rise, out of the same total, as the bytes come.
    done = [megabytes(label) for label in labels]
    assert len(done) >= 5 and done == sorted(done) and done[-1] > done[0], labels
    assert len({label.split(" of ", 1)[1] for label in labels}) == 1, labels
    # Words a player reads, not the names of the programs inside (PyScript, Python, pydantic).
    assert set(shown) - set(labels) <= {"getting the game ready"}, shown
    assert bar.startswith("Loading the game…"), bar


def test_a_stalled_download_is_said_in_words_and_retry_starts_again(browser: Any, site: Server) -> None:
    context = browser.new_context(service_workers="block")
    held: list[Any] = []
    # The game's code never comes: its request (its compressed sibling's, app.zip.br) is held
    # unanswered, as a dead connection leaves it.
    context.route("**/app/app.zip*", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.add_init_script(f"window.BOOT_STALL_MS = {STALL_MS};")
        page.goto(site.url + "piratissimo/?lang=fr")
        page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=ENGINE_TIMEOUT_MS)
        assert page.inner_text("#engine-failure [data-failure-text]") == (
            "Le moteur de jeu n'a pas pu démarrer : rien n'est arrivé depuis 5 secondes (connexion coupée ?).")
        assert held, "the game's code was never asked for"
        context.unroute("**/app/app.zip*")  # the connection is back (Playwright lets the held requests go on)
        page.click("#engine-failure [data-op=retry]")
        wait_ready(page)
        assert page.locator("#engine-failure").is_hidden()
    finally:
        context.close()


#: Counts what builds a locale's number data in the page: its first use is a long task (tools/lighthouse.py found it).
COUNT_NUMBER_FORMATS = """
window.__numberFormats = 0;
const Native = Intl.NumberFormat;
Intl.NumberFormat = new Proxy(Native, { construct(target, args) { window.__numberFormats += 1; return new target(...args); } });
const toLocale = Number.prototype.toLocaleString;
Number.prototype.toLocaleString = function (...args) { window.__numberFormats += 1; return toLocale.apply(this, args); };
"""
#: A link slow enough that the bar shows the megabytes several times (about 6.5 MB at 2 MB/s).
QUICKER_LINK = {**SLOW_LINK, "downloadThroughput": 2_000_000}


def test_the_megabytes_are_written_in_french_without_building_a_number_format(browser: Any, site: Server) -> None:
    """The bar writes "2,1 sur 6,5 Mo" with the decimal mark of the page's words, not Intl.NumberFormat,
    whose first use in a page (the locale's number data) was a long task in the middle of the start."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(ENGINE_TIMEOUT_MS)
        page.add_init_script(COUNT_NUMBER_FORMATS + OBSERVE)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", QUICKER_LINK)
        # the bots play first (seed 2: nine lines before your turn): the page also counts what they did, beside the board
        page.goto(site.url + "trice/?lang=fr&seats=human,heuristic,heuristic&seed=2&pace=0")
        wait_ready(page)
        page.wait_for_selector("#recap:not([hidden]) [data-recap-count]:not(:empty)")
        labels = [label for label in page.evaluate("window.__labels") if label.endswith(" Mo")]
        formats = page.evaluate("window.__numberFormats")
    finally:
        context.close()
    assert labels and all(re.fullmatch(r"\d+,\d sur \d+,\d Mo", label) for label in labels), labels
    assert formats == 0

"""A page that holds still: cumulative layout shift from navigation to ready plus 3 s (issue 38 point 5).

Every page a person opens to play or to learn is measured: the landing, each
game page and each lesson page, at a desktop's size and a phone's (a touch
screen). A game page is met as a first visit meets it: no saved game, so the
page starts the set-up form's default game (the person against the game's
bots) as soon as the engine is ready, and that game's first screen is what
lands in the window. The build draws each page's first screen at the size the
engine then fills (the board at its real geometry, the status line, the goal,
the players, the decision's room, a lesson's words), so nothing moves.

Measured with a ``PerformanceObserver`` on ``layout-shift`` (shifts right
after an input do not count, as the metric says; there is none here). A
failure names the elements that moved, with their boxes before and after.
With ``LAYOUT_SHIFT_REPORT=FILE`` each page's figure is written to ``FILE``.

The same loads check the page's largest text (``largest-contentful-paint``, which Lighthouse times,
issue 38 point 7): none comes once the engine is ready, so it is the build's and paints at once, not
after the engine's megabytes (Trice's note under its dice used to be, at 36.6 s in Lighthouse).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, ROOT, Server, wait_ready, watched_page

#: The most a page may shift (Core Web Vitals call 0.1 good; the project asks 0.05).
MOST = 0.05
#: How long after ready the shifts still count: what the engine draws lands in it.
AFTER_READY_MS = 3000
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
GAMES = ("trice", "piratissimo", "siege")
REPORT = os.environ.get("LAYOUT_SHIFT_REPORT")


def lesson_pages() -> list[str]:
    """Every lesson of every game, ``GAME/learn/<slug>/`` (the lessons' files are ``NN-<slug>.json``)."""
    return [f"{game}/learn/{path.stem.split('-', 1)[1]}/"
            for game in GAMES for path in sorted((ROOT / "ui/games" / game / "lessons").glob("[0-9][0-9]-*.json"))]


PAGES = ["", *(f"{game}/" for game in GAMES), *lesson_pages()]

OBSERVE = """window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(",");
    const moved = (entry.sources || []).map((source) => {
      const node = source.node;
      const name = !node ? "?" : node.nodeType !== 1 ? `text in ${node.parentElement?.className || "?"}`
        : `${node.nodeName.toLowerCase()}${node.id ? "#" + node.id : ""}${node.className && typeof node.className === "string" ? "." + node.className.split(" ")[0] : ""}${node.dataset && node.dataset.region ? "[" + node.dataset.region + "]" : ""}`;
      return `${name} ${box(source.previousRect)} -> ${box(source.currentRect)}`;
    });
    window.__shifts.push([Math.round(entry.value * 1000) / 1000, Math.round(entry.startTime), moved.join("; ")]);
  }
}).observe({ type: "layout-shift", buffered: true });
window.__largest = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const node = entry.element;
    const name = node ? `${node.nodeName.toLowerCase()}.${String(node.className).split(" ")[0]} "${(node.textContent || "").trim().slice(0, 50)}"` : "?";
    window.__largest.push([Math.round(entry.startTime), entry.size, name]);
  }
}).observe({ type: "largest-contentful-paint", buffered: true });
addEventListener("DOMContentLoaded", () => {  // how a turn goes, as the build drew it: whole, or not shown at all
  const shown = [...document.querySelectorAll("[data-region=controls] > [inert]")].find((copy) => copy.offsetParent !== null);
  window.__turnCut = Boolean(shown && shown.clientHeight > 0 && shown.scrollHeight > shown.clientHeight + 1);
});
new MutationObserver(() => {  // on the document: its <html> is not parsed yet when this runs
  if (document.documentElement?.dataset.engine === "ready" && window.__readyAt === undefined) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-engine"] });"""


@pytest.fixture(params=sorted(SIZES), scope="module")
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A browser context of that size: the phone is a touch screen with mobile viewport rules."""
    phone = request.param == "phone"
    context = browser.new_context(viewport=SIZES[request.param], has_touch=phone, is_mobile=phone)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield request.param, context
    context.close()


def measure(page: Any, url: str) -> tuple[float, list[Any]]:
    """Open ``url`` afresh; the layout shift from navigation to ready plus :data:`AFTER_READY_MS`, and its entries."""
    page.goto(url)
    wait_ready(page)
    page.wait_for_timeout(AFTER_READY_MS)  # the measurement's window, not a wait for something
    shifts = page.evaluate("window.__shifts")
    return sum(value for value, _, _ in shifts), shifts


def largest_paints_after_ready(page: Any) -> list[Any]:
    """The largest-contentful-paint entries the page made once its engine was ready (none: its largest text
    was drawn by the build, so the metric Lighthouse times does not wait for the engine's megabytes)."""
    ready_at = page.evaluate("window.__readyAt")
    assert ready_at is not None, "the page's ready was not seen"
    return [entry for entry in page.evaluate("window.__largest") if entry[0] > ready_at]


@pytest.mark.parametrize("address", PAGES, ids=lambda a: a.strip("/") or "landing")
def test_every_page_holds_still_as_the_engine_arrives(screen: tuple[str, Any], site: Server, address: str) -> None:
    size, context = screen
    with watched_page(context, site) as page:
        page.add_init_script(OBSERVE)
        total, shifts = measure(page, site.url + address)
        if REPORT:  # LAYOUT_SHIFT_REPORT=FILE: each page's figure, a line each (the table in docs/first-visit.md)
            with open(REPORT, "a", encoding="utf-8") as out:
                out.write(f"/{address} {size} {total:.3f}\n")
        assert total <= MOST, f"/{address} at {size}: layout shift {total:.3f}: " + "\n".join(map(str, shifts))
        assert not page.evaluate("window.__turnCut"), f"/{address} at {size}: how a turn goes is cut short in its room"
        late = largest_paints_after_ready(page)
        assert not late, f"/{address} at {size}: the largest text came with the engine: {late}"


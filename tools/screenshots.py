"""Screenshots of each game's page in Chromium, Firefox ESR and WebKitGTK, to look at side by side.

    nice -n 10 .venv/bin/python tools/screenshots.py [--out /tmp/shots] [--browsers chromium,firefox,webkit]
    nice -n 10 .venv/bin/python tools/screenshots.py --sheets-only   # the side-by-side sheets again

Each browser in turn (one at a time: the machine is small) opens, at 1366x768 and at 390x844, the
three games with the set-ups of tests/e2e/every_browser.py (the person's seat first, seeded, bots
answering at once) and Trice's lesson, on a first visit (storage emptied before each page), and keeps:

- ``BROWSER-GAME-WIDTH.png``: the game's first screen, once ``<html data-engine="ready">`` and the
  person's first decision (the dice button) are on the page;
- ``BROWSER-GAME-setup-WIDTH.png``: the set-up dialog, opened by its "New game" button;
- ``BROWSER-GAME-move-WIDTH.png``: after one move of the person's (Trice: roll and a free placement;
  Piratissimo: roll and load; Siege: roll and fire), the page scrolled to its top;
- ``BROWSER-GAME-move-bottom-WIDTH.png``: the same, scrolled to the page's end, when the page scrolls;
- ``BROWSER-trice-learn-WIDTH.png``: the lesson's first step.

``BROWSER-metrics.json`` has, for each shot, the page's size and what sticks out: elements wider
than the viewport, and text clipped in its box (an element whose content is wider than its box).
``sheets/PAGE-WIDTH.png`` puts the three browsers' shots of a page side by side (drawn by Chromium).

The drivers are the tests' (tests/e2e/other_browsers.py; Chromium through Playwright, as
tests/e2e/conftest.py launches it). WebKitGTK's window is at least 447 px wide, so its 390 px page is
a frame of that size (``/__phone.html`` of tests/e2e/watched_site.py) and the shot is the frame's.
Nothing here changes dist/.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import DIST, Server, chromium_launch_args, first_lesson
from tests.e2e.every_browser import PIRATISSIMO, ROLL, SIEGE, TRICE, log_has
from tests.e2e.other_browsers import CALL, DRIVERS, ELEMENT, Driver, WebKit

SIZES = ((1366, 768), (390, 844))
GAMES = (("trice", TRICE), ("piratissimo", PIRATISSIMO), ("siege", SIEGE))
BROWSERS = ("chromium", "firefox", "webkit")
LOG = "[data-region=log] li"

#: What sticks out of the page at this moment: the page's size, elements past the viewport's right edge,
#: and elements whose content is wider than their box (clipped or spilling text), each by a short name.
PROBE = """() => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
    + (el.dataset && el.dataset.act ? `[data-act="${el.dataset.act}"]` : '')
    + (el.dataset && el.dataset.region ? `[data-region="${el.dataset.region}"]` : '');
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
  const wide = [], clipped = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.right > innerWidth + 1 && r.width > 0) wide.push(`${name(el)} right=${Math.round(r.right)}`);
    const style = getComputedStyle(el);
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.overflowX !== 'auto'
        && style.overflowX !== 'scroll' && !el.classList.contains('sr-only'))
      clipped.push(`${name(el)} ${el.scrollWidth}>${el.clientWidth}: ${(el.innerText || '').trim().slice(0, 40)}`);
  }
  const body = getComputedStyle(document.body);
  return {
    viewport: [innerWidth, innerHeight],
    page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    font: body.fontFamily, fontSize: body.fontSize,
    wide: wide.slice(0, 20), clipped: clipped.slice(0, 20),
  };
}"""


class Chromium(Driver):
    """Debian's Chromium through Playwright, behind the tests' small :class:`Driver` surface."""

    name = "Chromium"

    def __init__(self) -> None:
        super().__init__()
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(**chromium_launch_args())
        self.version = self.browser.version
        self.context = self.browser.new_context(viewport={"width": 1366, "height": 768})
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self._note_request(request.url.removeprefix("blob:")))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def _call(self, function: str, args: list[Any]) -> Any:
        return self.page.evaluate(f"(args) => ({CALL})(({function}), args)", args)

    def _pointer(self, x: float, y: float, *, touch: bool) -> None:
        self.page.mouse.click(x, y, delay=60)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.context.close()
        self.browser.close()
        self.playwright.stop()


def start(browser: str) -> Driver:
    return Chromium() if browser == "chromium" else DRIVERS[browser]()


def shoot(driver: Driver, path: Path) -> None:
    """The viewport; in WebKit's phone frame, the frame alone (its page is 447 px wide)."""
    if isinstance(driver, WebKit) and driver.phone is not None:
        driver._switch(None)
        element = driver._http("POST", "/element", {"using": "css selector", "value": "#phone"})
        path.write_bytes(base64.b64decode(driver._http("GET", f"/element/{element[ELEMENT]}/screenshot")))
    else:
        driver.screenshot(path)


def settle(driver: Driver) -> None:
    """Until the page's step and log stop changing (bots answering at once), and two frames are drawn."""
    last = None
    end = time.monotonic() + 30
    while time.monotonic() < end:
        now = driver.run("() => [document.documentElement.dataset.step, document.querySelectorAll("
                         f"'{LOG}').length, document.documentElement.dataset.busy || '']")
        if now == last:
            break
        last = now
        time.sleep(0.5)
    driver.run("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def first_visit(driver: Driver, site: str) -> None:
    driver.goto(site + "build.json")
    driver.run("() => { for (const key of Object.keys(localStorage)) localStorage.removeItem(key); }")


def move(driver: Driver, game: str) -> None:
    """One move of the person's, as tests/e2e/every_browser.py plays it."""
    driver.click(ROLL)
    if game == "trice":
        log_has(driver, "Red rolls 2, 4 and 4: 10 points.")
        driver.click('[data-region=controls] [data-act="do place 1 free"]')
        log_has(driver, "Red places a level-1 piece on its eye cell for free.")
    elif game == "piratissimo":
        log_has(driver, "Red (you) rolls a 3 and sails to island 3.")
        driver.click('[data-region=controls] [data-act="do load 3"]')
        log_has(driver, "Red (you) loads 3 treasures.")
    else:
        driver.wait_for('[data-region=controls] [data-act="fire"]')
        before = driver.count(LOG)
        driver.click('[data-region=controls] [data-act="fire"]')
        driver.wait("(n) => document.querySelectorAll('[data-region=log] li').length > n", before)


def run_browser(browser: str, out: Path) -> None:
    watched = browser == "webkit"  # WebKit's phone frame is a page of the watched server
    server = Server(DIST, watched=watched).start()
    driver = start(browser)
    driver.allowed = {server.url.rstrip("/")}
    metrics: dict[str, Any] = {"browser": browser, "version": getattr(driver, "version", ""), "shots": {}}
    metrics["agent"] = driver.run("() => navigator.userAgent")
    site = server.url

    def keep(name: str) -> None:
        path = out / f"{browser}-{name}.png"
        driver.run("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shoot(driver, path)
        metrics["shots"][path.name] = driver.run(PROBE)
        print(path, flush=True)

    try:
        for width, height in SIZES:
            driver.resize(width, height)
            for game, address in GAMES:
                first_visit(driver, site)
                driver.goto(site + address)
                driver.wait_ready()
                driver.wait_for(ROLL)  # the person's first decision: the game is drawn
                settle(driver)
                driver.run("() => scrollTo(0, 0)")
                keep(f"{game}-{width}")
                driver.run("""() => { const b = [...document.querySelectorAll('[data-op="show-setup"]')]
                                        .find((el) => el.getClientRects().length);
                                      b.dataset.shotTarget = ''; }""")
                driver.click("[data-shot-target]")
                driver.wait("() => document.querySelector('#setup-dialog').open")
                keep(f"{game}-setup-{width}")
                driver.run("() => { document.querySelector('#setup-dialog').close();"
                           " delete document.querySelector('[data-shot-target]').dataset.shotTarget; }")
                move(driver, game)
                settle(driver)
                driver.run("() => scrollTo(0, 0)")
                keep(f"{game}-move-{width}")
                if driver.run("() => document.documentElement.scrollHeight > innerHeight + 1"):
                    driver.run("() => scrollTo(0, document.documentElement.scrollHeight)")
                    keep(f"{game}-move-bottom-{width}")
                driver.check()
            first_visit(driver, site)
            driver.goto(site + first_lesson("trice"))
            driver.wait_ready()
            driver.wait("() => /^1\\//.test(document.documentElement.dataset.lesson || '')")
            settle(driver)
            driver.run("() => scrollTo(0, 0)")
            keep(f"trice-learn-{width}")
            driver.check()
    finally:
        driver.close()
        server.stop()
        (out / f"{browser}-metrics.json").write_text(json.dumps(metrics, indent=1))


def sheets(out: Path) -> None:
    """``sheets/NAME.png``: the browsers' shots of each page and size side by side, drawn by Chromium."""
    from playwright.sync_api import sync_playwright

    folder = out / "sheets"
    folder.mkdir(exist_ok=True)
    widths = tuple(f"-{width}.png" for width, _ in SIZES)  # this tool's shots, not the tests' (BROWSER_SHOTS)
    names = sorted({p.name.split("-", 1)[1] for p in out.glob("*.png")
                    if p.name.split("-", 1)[0] in BROWSERS and p.name.endswith(widths)})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args())
        page = browser.new_page(viewport={"width": 800, "height": 600})
        for name in names:
            cells = "".join(
                f'<figure><figcaption>{b}</figcaption><img src="data:image/png;base64,'
                f'{base64.b64encode((out / f"{b}-{name}").read_bytes()).decode()}"></figure>'
                for b in BROWSERS if (out / f"{b}-{name}").exists())
            page.set_content("<style>body{margin:0;display:flex;gap:12px;background:#888;font:16px sans-serif}"
                             "figure{margin:0}figcaption{color:#fff;padding:4px}img{display:block}</style>" + cells)
            page.wait_for_function("() => [...document.images].every((i) => i.complete)")
            page.screenshot(path=str(folder / name), full_page=True)
            print(folder / name, flush=True)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--browsers", default=",".join(BROWSERS))
    parser.add_argument("--sheets-only", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.sheets_only:
        for browser in args.browsers.split(","):
            run_browser(browser, args.out)
    sheets(args.out)


if __name__ == "__main__":
    main()

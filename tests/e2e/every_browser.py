"""What every browser must do with the site: the tests Firefox and WebKit both run.

tests/e2e/test_firefox.py and tests/e2e/test_webkit.py each run
:class:`EveryBrowser` in their browser (a test file keeps its browser for its
tests: it starts once). Chromium runs all the other browser tests, which say
more; these are the few that tell whether the site works at all in another
engine: each game starts and a person's move is played, a lesson starts, the
embed's facade starts the engine in another site's iframe without storage,
the site plays offline after a visit, and a phone-sized French page answers a
finger. Every test fails on an uncaught page error or a request to another
origin (tests/e2e/other_browsers.py).

``BROWSER_SHOTS=DIR`` keeps a screenshot of each game at 1366x768 and
390x844 in DIR, to look at beside Chromium's.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.e2e.conftest import DIST, Server, first_lesson, first_lesson_file, first_lesson_steps
from tests.e2e.other_browsers import Driver

LOG = "[data-region=log] li"
ROLL = '[data-region=controls] [data-act="chance"]'
BOARD = "[data-region=board]"
#: The first visit's set-ups: the person's seat first, bots answering at once.
TRICE = "trice/?seats=human,heuristic,heuristic&seed=1&pace=0"
PIRATISSIMO = "piratissimo/?seats=human,heuristic&seed=9&pace=0"
SIEGE = "siege/?seats=human,aim&seed=1&pace=0"
DESKTOP = (1366, 768)
PHONE = (390, 844)


def log_has(driver: Driver, text: str) -> None:
    driver.wait("(text) => [...document.querySelectorAll('[data-region=log] li')].some((li) => li.textContent === text)",
                text)


def log_length(driver: Driver) -> int:
    return driver.count(LOG)


def storage_refused(driver: Driver) -> bool:
    return driver.run("""() => { try { localStorage.setItem('boardgames:probe', '1');
                                         localStorage.removeItem('boardgames:probe'); return false; }
                                   catch { return true; } }""")


def shot(driver: Driver, name: str) -> None:
    folder = os.environ.get("BROWSER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.screenshot(Path(folder) / f"{driver.name.lower()}-{name}.png")


class EveryBrowser:
    """The tests; a subclass names its browser in ``engine`` ("firefox" or "webkit")."""

    engine = ""

    def test_trice_starts_and_a_person_rolls_places_and_moves(self, browser_page: Driver, watched_site: Server) -> None:
        page = browser_page
        page.goto(watched_site.url + TRICE)
        page.wait_ready()
        log_has(page, "The dice choose Red to start.")
        page.click(ROLL)
        log_has(page, "Red rolls 2, 4 and 4: 10 points.")
        page.click('[data-region=controls] [data-act="do place 1 free"]')
        log_has(page, "Red places a level-1 piece on its eye cell for free.")
        # The board's own hit areas (SVG groups), at their centre as a pointer aims.
        page.click(f'{BOARD} [data-act="select a1"]')
        page.click(f'{BOARD} [data-act="do move a1 b2"]')
        log_has(page, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
        assert page.text("[data-region=controls] .trice-points") == "9"
        shot(page, "trice-1366x768")

    def test_piratissimo_starts_and_a_person_rolls_and_loads(self, browser_page: Driver, watched_site: Server) -> None:
        page = browser_page
        page.goto(watched_site.url + PIRATISSIMO)
        page.wait_ready()
        log_has(page, "Red (you) starts.")
        page.click(ROLL)
        log_has(page, "Red (you) rolls a 3 and sails to island 3.")
        page.click('[data-region=controls] [data-act="do load 3"]')
        log_has(page, "Red (you) loads 3 treasures.")
        shot(page, "piratissimo-1366x768")

    def test_siege_starts_and_a_person_rolls_and_fires(self, browser_page: Driver, watched_site: Server) -> None:
        page = browser_page
        page.goto(watched_site.url + SIEGE)
        page.wait_ready()
        page.click(ROLL)
        page.wait_for('[data-region=controls] [data-act="fire"]')
        before = log_length(page)
        page.click('[data-region=controls] [data-act="fire"]')
        page.wait("(n) => [...document.querySelectorAll('[data-region=log] li')].slice(n)"
                  ".some((li) => / fires the (cannon|mortar) at \\d+° and \\d+% power\\.$/.test(li.textContent))",
                  before)
        shot(page, "siege-1366x768")

    def test_a_lesson_starts_and_its_first_step_is_played(self, browser_page: Driver, watched_site: Server) -> None:
        page = browser_page
        page.goto(watched_site.url + first_lesson("trice"))
        page.wait_ready()
        steps = first_lesson_steps("trice")
        first = json.loads(first_lesson_file("trice").read_text(encoding="utf-8"))["steps"][0]["targets"][0]
        page.wait(f"() => document.documentElement.dataset.lesson === '1/{steps}'")
        page.wait("() => document.querySelector('[data-lesson-target]') !== null")
        page.click(f'[data-lesson-target][data-act="{first}"]')
        page.wait(f"() => document.documentElement.dataset.lesson === '2/{steps}'")

    def test_the_embed_starts_on_a_click_in_another_sites_frame_without_storage(
        self, browser_page: Driver, watched_site: Server, blog: Server
    ) -> None:
        """A blog on ``localhost`` frames the game on ``127.0.0.1``: a third-party frame."""
        page = browser_page
        page.goto(blog.url)
        page.run("""(url) => { const f = document.createElement('iframe'); f.src = url; f.width = 760;
                     f.height = 640; f.id = 'game'; f.title = 'game'; f.style.border = '0';
                     document.body.append(f); }""", watched_site.url + TRICE.replace("?", "?embed=1&"))
        page.wait("() => document.querySelector('#game').contentWindow !== null")
        with page.in_frame("#game"):
            page.wait("() => document.documentElement.dataset.engine === 'waiting'")
            refused = storage_refused(page)
            page.click("#facade .facade-play")
            page.wait_ready()
            page.click(ROLL)
            log_has(page, "Red rolls 2, 4 and 4: 10 points.")
        if self.engine == "firefox":  # the profile refuses third-party storage (other_browsers.FIREFOX_PREFS)
            assert refused, "Firefox's profile should refuse the framed game its storage"

    def test_the_site_plays_offline_after_a_visit(self, driver: Driver) -> None:
        own = Server(DIST, watched=True).start()  # a site of its own, to take offline
        driver.allowed.add(own.url.rstrip("/"))
        try:
            driver.resize(*DESKTOP)
            driver.goto(own.url)
            driver.wait_ready()
            build = json.loads((DIST / "build.json").read_text())["build"]
            driver.wait("(name) => navigator.serviceWorker.ready.then(() => caches.keys())"
                        ".then((keys) => keys.includes(name))", f"boardgames-{build}")
            driver.wait("() => Boolean(navigator.serviceWorker.controller)")
            own.stop()
            driver.goto(own.url + "piratissimo/?seats=human,human")
            driver.wait_ready()
            driver.click(ROLL)
            driver.wait("() => document.querySelectorAll('[data-region=log] li').length >= 2")
            driver.check()
        finally:
            own.stop()

    def test_a_phone_sized_page_in_french_answers_a_finger(self, browser_page: Driver, watched_site: Server) -> None:
        page = browser_page
        page.resize(*PHONE)
        page.goto(watched_site.url + PIRATISSIMO + "&lang=fr")
        page.wait_ready()
        assert page.run("() => document.documentElement.lang") == "fr"
        page.wait_for(ROLL)
        assert page.text(ROLL) == "Lancer le dé"
        page.tap(ROLL)
        page.wait("() => document.querySelectorAll('[data-region=log] li').length >= 2")
        assert page.text("[data-region=status]") != "Your turn"
        assert page.run("() => document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        shot(page, "piratissimo-390x844-fr")

    def test_each_game_at_phone_size(self, browser_page: Driver, watched_site: Server) -> None:
        """Each game's page at 390x844: no sideways scroll, the board drawn (screenshots with BROWSER_SHOTS)."""
        page = browser_page
        page.resize(*PHONE)
        for name, address in (("trice", TRICE), ("siege", SIEGE)):
            page.goto(watched_site.url + address)
            page.wait_ready()
            page.wait_for(f"{BOARD} svg")
            page.wait_for(ROLL)  # the game is drawn: the person's first decision is on the page
            assert page.run("() => document.documentElement.scrollWidth <= innerWidth"), f"{name} scrolls sideways"
            shot(page, f"{name}-390x844")

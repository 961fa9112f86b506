"""Browser tests against dist/ served locally with the production headers.

A session-wide server serves dist/ (built by ``make build``) through
tools/serve.py; a second server on another port plays the blog that embeds
a game.  Every page records its requests and errors: a request to another
origin or an uncaught page error fails the test that caused it.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def first_lesson_file(game: str) -> Path:
    """The game's first lesson's data (the lessons' files are named ``NN-<slug>.json``, in their order)."""
    return min((ROOT / "ui/games" / game / "lessons").glob("[0-9][0-9]-*.json"))


def first_lesson(game: str) -> str:
    """The address of the game's first lesson under the site, ``GAME/learn/<slug>/``."""
    return f"{game}/learn/{first_lesson_file(game).stem.split('-', 1)[1]}/"


def first_lesson_steps(game: str) -> int:
    """How many steps the game's first lesson has."""
    import json

    return len(json.loads(first_lesson_file(game).read_text(encoding="utf-8"))["steps"])

# SITE_DIST points the tests at another build (tools/build.py --out DIR).
DIST = Path(os.environ.get("SITE_DIST", ROOT / "dist")).resolve()
READY = "html[data-engine=ready]"
ENGINE_TIMEOUT_MS = 90_000
#: The size of the pages of a module's browser context (see :func:`context`).
VIEWPORT = {"width": 1280, "height": 900}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """tools/serve.py in a subprocess; ``stop()`` takes the site offline."""

    def __init__(
        self, directory: Path, port: int | None = None, *, plain: bool = False, host: str = "127.0.0.1",
        watched: bool = False, log: Path | None = None,
    ) -> None:
        self.chosen_here = port is None
        self.port = port or free_port()
        self.directory = directory
        self.plain = plain  # a plain server without the site's headers (the blog)
        self.host = host  # the name pages use: "localhost" is another site than "127.0.0.1"
        self.watched = watched  # each page carries a watch script (tests/e2e/watched_site.py)
        self.log = log  # the plain server's log of requests (http.server writes one line per answer)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    def start(self) -> Server:
        """Start the server and wait until it has bound its port (it says so on its first line).

        A free port is only free when asked: with the browser tier on two workers, another
        worker's server may take it first. The server that lost then exits, and this one
        tries again on another port (unless the caller chose the port).
        """
        for _ in range(5 if self.chosen_here else 1):
            if self.plain:
                command = [sys.executable, "-u", "-m", "http.server", str(self.port), "-b", "127.0.0.1",
                           "-d", str(self.directory)]
            elif self.watched:
                command = [sys.executable, "-u", str(ROOT / "tests/e2e/watched_site.py"), str(self.port),
                           str(self.directory)]
            else:
                command = [sys.executable, "-u", str(ROOT / "tools/serve.py"), "--port", str(self.port),
                           "--dir", str(self.directory), "--quiet"]
            errors = self.log.open("ab") if self.log is not None and self.plain else subprocess.DEVNULL
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors)
            if errors is not subprocess.DEVNULL:
                errors.close()  # the server holds its own copy
            assert self.process.stdout is not None
            ready, _, _ = select.select([self.process.stdout], [], [], 15)
            if ready and self.process.stdout.readline():  # its first line: the port is its own
                return self
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
            self.port = free_port()
        raise RuntimeError(f"the test server for {self.directory} did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None


@pytest.fixture(scope="session")
def site() -> Iterator[Server]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `make build` (make test does it)")
    server = Server(DIST).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def blog(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Another site, where a blog post embeds the games in iframes.

    The blog is ``localhost`` and the game ``127.0.0.1``: two registrable
    domains, so the browser treats the game as a third-party frame (its
    storage partitioned or refused), as on a real blog.
    """
    folder = tmp_path_factory.mktemp("blog")
    (folder / "index.html").write_text("<!doctype html><title>blog</title><p>My blog</p>")
    server = Server(folder, plain=True, host="localhost").start()
    yield server
    server.stop()


#: Chromium's flags for the browser tests and tools/soak.py: no sandbox (containers), no GPU, nothing phoning home;
#: and one renderer process for the pages of a site (``--process-per-site``), as Chromium does anyway when it
#: runs short of memory. A page then starts its engine in a process that has compiled Pyodide before: about
#: 1 s of CPU less per engine start (4.6 against 3.7 s, measured), the same start for the page.
CHROMIUM_ARGS = (
    "--process-per-site",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_launch_args(base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Playwright's launch arguments: the system's Chromium when there is one, with :data:`CHROMIUM_ARGS`."""
    args = dict(base or {})
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if os.path.exists(chromium):
        args["executable_path"] = chromium
    args["args"] = [*CHROMIUM_ARGS, *without_omnibox_popups()]
    return args


#: Headless Chromium 156 also opens the address bar's suggestion popups (chrome://omnibox-popup.top-chrome/, a
#: WebUI renderer) in each browser context's window, which no test sees: about 0.8 s of CPU per context, on a
#: tier that is bound by its two cores. These features make them.
OMNIBOX_POPUPS = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")


def without_omnibox_popups() -> list[str]:
    """``--disable-features`` with :data:`OMNIBOX_POPUPS` added to the features Playwright itself turns off.

    Chromium reads only the last ``--disable-features`` of its command line, and Playwright passes its own
    (third-party storage partitioning, paint holding, ...: the tests rely on them), so the list is Playwright's
    as its driver holds it, plus ours; none if that list cannot be read (the popups then cost their CPU)."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    try:
        source = bundle.read_text(encoding="utf-8")
    except OSError:
        return []
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\);", source, re.DOTALL)
    if not found:
        return []
    lines = [line.strip() for line in found.group(1).splitlines()]
    entries = [line for line in lines if line and not line.startswith("//")]
    theirs = [re.fullmatch(r'"([A-Za-z0-9]+)",?', entry) for entry in entries]
    if not theirs or not all(theirs):  # an entry set by a condition: not ours to guess
        return []
    return [f"--disable-features={','.join([*(one.group(1) for one in theirs if one), *OMNIBOX_POPUPS])}"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return chromium_launch_args(browser_type_launch_args)


class Watch:
    """Requests and errors seen by the pages of one browser context."""

    def __init__(self, allowed_origins: set[str]) -> None:
        self.allowed = allowed_origins
        self.foreign: list[str] = []
        self.errors: list[str] = []
        #: What the engine said it took from the whole standard library (ui/stdlib_fallback.py): a
        #: module the light one lacks, so every browser test also checks the cut (tools/stdlib_cut.py).
        self.whole_stdlib: list[str] = []
        self.pages: list[Any] = []

    def on_request(self, request: Any) -> None:
        url = request.url
        if url.startswith(("data:", "about:")):
            return
        url = url.removeprefix("blob:")
        if not any(url.startswith(origin) for origin in self.allowed):
            self.foreign.append(url)

    def attach(self, page: Any) -> None:
        """Record the page's uncaught errors (requests are watched per context); once per page."""
        if any(seen is page for seen in self.pages):
            return
        self.pages.append(page)
        page.on("pageerror", self._on_error)
        page.on("console", self._on_console)

    def detach(self, page: Any) -> None:
        """Stop recording ``page``'s errors (a page the next test takes over)."""
        if any(seen is page for seen in self.pages):
            self.pages = [seen for seen in self.pages if seen is not page]
            page.remove_listener("pageerror", self._on_error)
            page.remove_listener("console", self._on_console)

    def _on_error(self, error: Any) -> None:
        self.errors.append(str(error))

    def _on_console(self, message: Any) -> None:
        if "light standard library" in message.text or "from the whole standard library" in message.text:
            self.whole_stdlib.append(message.text)

    def check(self) -> None:
        assert not self.foreign, f"requests to another origin: {self.foreign[:5]}"
        assert not self.errors, f"page errors: {self.errors[:5]}"
        assert not self.whole_stdlib, f"modules the light standard library lacks: {self.whole_stdlib[:5]}"


@pytest.fixture(scope="module")
def context(browser: Any, site: Server, blog: Server) -> Iterator[Any]:
    """One browser context per test module (Pyodide start-up costs seconds)."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def watch(context: Any, site: Server, blog: Server) -> Iterator[Watch]:
    watcher = Watch({site.url.rstrip("/"), blog.url.rstrip("/")})
    context.on("page", watcher.attach)
    context.on("request", watcher.on_request)
    yield watcher
    context.remove_listener("request", watcher.on_request)
    context.remove_listener("page", watcher.attach)
    watcher.check()


#: Removes every saved game and the language chosen from the page's storage (a test's first visit).
FORGET_SAVES = (
    "Object.keys(localStorage).filter(k => k.startsWith('boardgames:save:') || k === 'boardgames:lang')"
    ".forEach(k => localStorage.removeItem(k))"
)


def forget_saved_games(site: Server, page: Any) -> None:
    """Each test begins as a first visit: no game an earlier test of the module played is saved,
    and no language was chosen.

    A game page reopens the latest unfinished game saved there (and a
    ``?seats=``/``?seed=`` address the one with that set-up), so a game left
    by the test before would otherwise open in place of a new one. A tiny
    file of the site is enough to reach its storage, in the test's ``page``.
    """
    page.goto(site.url + "build.json")
    page.evaluate(FORGET_SAVES)


@contextlib.contextmanager
def watched_page(context: Any, *servers: Server, first_visit: bool = True) -> Iterator[Any]:
    """A tab of ``context`` (:func:`tab`); on leaving, a request to another origin than ``servers``' or an uncaught error fails.

    The first server is the site: with ``first_visit`` its saved games are
    forgotten first (see :func:`forget_saved_games`).
    """
    watch = Watch({server.url.rstrip("/") for server in servers})
    context.on("request", watch.on_request)
    with watched_tab(context, watch, servers[0] if first_visit and servers else None) as page:
        yield page
    context.remove_listener("request", watch.on_request)
    watch.check()


class Tab:
    """The tab the tests of a browser context take in turn (see :func:`page`), one test at a time."""

    def __init__(self) -> None:
        self.page: Any = None
        self.viewport: Any = None  # the context's page size, put back after each test
        self.scripted = False  # an init script was added: it would run in every later test's pages
        self.taken = False

    @staticmethod
    def of(context: Any) -> Tab:
        tab = getattr(context, "_boardgames_tab", None)
        if tab is None:
            tab = Tab()
            context._boardgames_tab = tab
        return tab

    def take(self, context: Any) -> Any:
        """The context's tab for a test; None while another test (or this one) holds it."""
        if self.taken:
            return None
        if self.page is None or self.page.is_closed():
            page = context.new_page()
            self.page, self.viewport, self.scripted = page, page.viewport_size, False
            add_init_script = page.add_init_script

            def noted(*args: Any, **kwargs: Any) -> Any:
                self.scripted = True
                return add_init_script(*args, **kwargs)

            page.add_init_script = noted
        self.taken = True
        return self.page

    def give_back(self) -> None:
        """Close the tab if the test changed it for good, else put back its size and routes."""
        self.taken = False
        page = self.page
        if page is None or page.is_closed():
            return
        if self.scripted:
            page.close()
            self.page = None
            return
        page.unroute_all()
        if page.viewport_size != self.viewport:
            page.set_viewport_size(self.viewport)


@contextlib.contextmanager
def tab(context: Any) -> Iterator[Any]:
    """A tab of ``context`` for one test: the tab the context's tests take in turn, if no test holds it.

    An engine that starts in a tab that ran one before costs about 2.4 s of CPU, against 3.7 s in a
    new tab (4.6 s without ``--process-per-site``; measured): the browser tier starts a few hundred. A test opens its pages in it by loading
    them whole, as in a new tab; what it changed in the tab itself is undone after it (its size, its
    routes), and a tab given an init script is closed (the script would run in every later page).
    """
    shared = Tab.of(context)
    page = shared.take(context)
    if page is None:
        page = context.new_page()
        try:
            yield page
        finally:
            page.close()
        return
    try:
        yield page
    finally:
        shared.give_back()


@contextlib.contextmanager
def watched_tab(context: Any, watch: Watch, first_visit_of: Server | None) -> Iterator[Any]:
    """A tab of ``context`` (:func:`tab`) whose errors ``watch`` records, on a first visit of ``first_visit_of``'s site if given."""
    with tab(context) as page:
        watch.attach(page)
        try:
            if first_visit_of is not None:
                forget_saved_games(first_visit_of, page)
            yield page
        finally:
            watch.detach(page)


@pytest.fixture
def page(context: Any, site: Server, watch: Watch) -> Iterator[Any]:
    """A tab of the module's context (:func:`tab`) on a first visit of the site (:func:`forget_saved_games`)."""
    with watched_tab(context, watch, site) as page:
        yield page


def wait_ready(page_or_frame: Any) -> None:
    page_or_frame.wait_for_selector(READY, state="attached", timeout=ENGINE_TIMEOUT_MS)


def wait_until(
    page: Any, predicate: str, arg: Any = None, *, timeout_ms: int = ENGINE_TIMEOUT_MS, every_ms: int = 50
) -> None:
    """Wait until the page's async ``predicate(arg)`` resolves to a truthy value.

    Playwright's ``wait_for_function`` does not await a promise: a predicate
    that returns one (``caches.keys().then(...)``) is truthy at once, and the
    wait returns before anything happened. This one awaits each answer, asking
    again every ``every_ms`` until ``timeout_ms``.
    """
    source = f"""async (arg) => {{
      const predicate = {predicate};
      const end = Date.now() + {int(timeout_ms)};
      while (Date.now() < end) {{
        if (await predicate(arg)) return true;
        await new Promise((resolve) => setTimeout(resolve, {int(every_ms)}));
      }}
      return false;
    }}"""
    assert page.evaluate(source, arg), f"still false after {timeout_ms / 1000:.0f} s: {predicate}"


#: The dice button of any game's controls.
ROLL = '[data-region=controls] [data-act="chance"]'


def roll(page_or_frame: Any, *, tap: bool = False) -> None:
    """Roll the dice as a person does: press, then see what came up before pressing anything else.

    The controls are drawn again once the roll is played, and a button pressed meanwhile may have
    moved under the pointer: the next press waits for the page's step to change.
    """
    before = page_or_frame.get_attribute("html", "data-step")
    (page_or_frame.tap if tap else page_or_frame.click)(ROLL)
    page_or_frame.wait_for_function("step => document.documentElement.dataset.step !== step", arg=before)


def embed(page: Any, blog: Server, url: str, *, width: int = 700, height: int = 640) -> Any:
    """Open the blog and embed ``url`` in an iframe of that size; the frame once its engine is ready."""
    page.goto(blog.url)
    page.evaluate(
        """([url, width, height]) => { const f = document.createElement('iframe');
             f.src = url; f.width = width; f.height = height; f.id = 'game'; f.style.border = '0';
             f.title = 'game'; document.body.append(f); }""",
        [url, width, height],
    )
    frame = page.wait_for_selector("#game").content_frame()
    assert frame is not None
    press_play(frame)
    wait_ready(frame)
    return frame


def press_play(frame: Any) -> None:
    """An embedded game waits for its reader (its facade: the board's picture and a Play button): press Play."""
    frame.locator("html[data-engine=waiting]").wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    frame.locator("#facade .facade-play").click()


def chromium_profile(folder: Path, *, third_party_storage: bool) -> Path:
    """A Chromium profile that allows, or blocks, third-party cookies and storage.

    Chromium keeps the choice in the profile's preferences (the "Block
    third-party cookies" setting); a persistent context started on this
    folder behaves like a browser set that way by its user.
    """
    import json

    (folder / "Default").mkdir(parents=True, exist_ok=True)
    mode = 0 if third_party_storage else 1  # 0: allow all cookies, 1: block third-party cookies
    prefs = {"profile": {"cookie_controls_mode": mode, "block_third_party_cookies": not third_party_storage}}
    (folder / "Default" / "Preferences").write_text(json.dumps(prefs))
    return folder


@pytest.fixture(scope="session")
def watched_site() -> Iterator[Server]:
    """The site with a watch script in each page, for browsers driven without events (tests/e2e/watched_site.py)."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `make build` (make test does it)")
    server = Server(DIST, watched=True).start()
    yield server
    server.stop()


@pytest.fixture(scope="class")
def driver(request: pytest.FixtureRequest, watched_site: Server, blog: Server) -> Iterator[Any]:
    """Firefox or WebKit (tests/e2e/other_browsers.py), as the test class's ``engine`` says, started once for its tests."""
    from tests.e2e.other_browsers import DRIVERS

    driver = DRIVERS[request.cls.engine]()
    driver.allowed = {watched_site.url.rstrip("/"), blog.url.rstrip("/")}
    try:
        yield driver
    finally:
        driver.close()


@pytest.fixture
def browser_page(driver: Any, watched_site: Server) -> Iterator[Any]:
    """The class's browser on a first visit: at desktop size, saved games forgotten; checked after."""
    driver.ensure_alive()
    first_visit(driver, watched_site)
    yield driver
    driver.check()


def first_visit(driver: Any, site: Server) -> None:
    """Firefox or WebKit as a first visit finds the site: at desktop size, no saved game."""
    driver.resize(1366, 768)
    driver.goto(site.url + "build.json")
    driver.run("() => { for (const key of Object.keys(localStorage)) localStorage.removeItem(key); }")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test whose browser died under it (other_browsers.BrowserGone) runs once more in a browser started
    again, and says so in its report; any other failure, or a second death, fails it as usual."""
    from tests.e2e.other_browsers import BrowserGone

    try:
        return (yield)
    except BrowserGone as gone:
        funcargs = getattr(item, "funcargs", {})
        driver = funcargs.get("browser_page") or funcargs.get("driver")
        if driver is None:
            raise
        warnings.warn(f"{item.nodeid}: {driver.name} died under the test; it ran again in a new browser: {gone}",
                      stacklevel=1)
        driver.ensure_alive()
        if "browser_page" in funcargs:
            first_visit(driver, funcargs["watched_site"])
        return item.runtest()


#: The keys kept in the snapshots' cache.
KEPT = "async () => (await (await caches.open('engine-snapshots')).keys()).map((r) => r.url)"
#: How long the first visit may take to make and keep its snapshot (a second interpreter, started beside the engine).
MADE_WITHIN_MS = 120_000


def wait_snapshot_kept(page: Any, only: str = "") -> list[str]:
    """The snapshot's key, once the first visit has made and kept it (the maker's answer said if not);
    with ``only``, once that key alone is kept."""
    end = time.monotonic() + MADE_WITHIN_MS / 1000
    while not (kept := page.evaluate(KEPT)) or (only and kept != [only]):
        said = page.evaluate("window.boardgamesSnapshot || null")
        assert not said or said["state"] in ("making", "made"), f"no snapshot made: {said}"
        assert time.monotonic() < end, "no snapshot kept in time"
        time.sleep(0.5)
    return kept

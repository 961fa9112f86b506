"""Deploys: a returning visitor gets the new build whole, never a mix, and offline play survives.

Each test builds the site twice (or three times) into one folder served on
one address, as a host does on each deploy; ``--stamp`` makes each build a
different one (its id, shown in the landing page's footer, changes).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    ENGINE_TIMEOUT_MS,
    ROOT,
    Server,
    Watch,
    wait_ready,
    wait_snapshot_kept,
    wait_until,
)

ROLL = '[data-region=controls] [data-act="chance"]'


def deploy(folder: Path, stamp: str) -> str:
    """Build the site into ``folder`` (replacing what was there); its build id."""
    subprocess.run(
        [sys.executable, str(ROOT / "tools/build.py"), "--out", str(folder), "--stamp", stamp],
        check=True,
        capture_output=True,
    )
    return json.loads((folder / "build.json").read_text())["build"]


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    folder = tmp_path / "site"
    deploy(folder, "A")
    server = Server(folder).start()
    yield folder, server
    server.stop()


@pytest.fixture
def visitor(browser: Any, host: tuple[Path, Server]) -> Iterator[tuple[Any, Watch, list[str]]]:
    """A returning visitor's browser: one context across the deploys, every request recorded."""
    _, server = host
    context = browser.new_context()
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    watch = Watch({server.url.rstrip("/")})
    requested: list[str] = []
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    context.on("request", lambda request: requested.append(request.url))
    yield context, watch, requested
    context.close()
    watch.check()


# The page registers its build's service worker under a script URL naming
# that build (ui/js/offline.js), and a worker controls a page only once its
# install (the whole precache) is done and it has taken over. So the
# controller's script URL is the real signal, read without disturbing anyone:
# asking the old worker questions while its successor waits keeps it busy, and
# Chromium hands over only once it is idle.
CONTROLLED_BY = "(build) => (navigator.serviceWorker.controller?.scriptURL || '').endsWith('?build=' + build)"

# Once the new worker controls the page, it is asked once which build it
# carries (ui/sw.js answers {op: "build"} on a MessageChannel): its script is
# the build's own, not only its URL.
WORKER_BUILD = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data.build);
  navigator.serviceWorker.controller.postMessage({ op: "build" }, [channel.port2]);
})"""


#: The registration's workers by state, and the page's controller (what a failed wait reports).
WORKERS = """() => navigator.serviceWorker.getRegistration().then((r) => ({
  controller: navigator.serviceWorker.controller?.scriptURL || null,
  installing: r?.installing?.scriptURL || null, waiting: r?.waiting?.scriptURL || null,
  active: r?.active ? `${r.active.scriptURL} (${r.active.state})` : null }))"""


def wait_controlled(page: Any, build: str) -> None:
    """Wait until the service worker of ``build`` controls this page (its whole precache stored).

    Waiting for any controller is not enough after a deploy: the old build's
    worker controls the page until the new one has installed and taken over.
    """
    try:
        page.wait_for_function(CONTROLLED_BY, arg=build, timeout=ENGINE_TIMEOUT_MS)
    except Exception as timeout:  # say where the handover stood: which worker is installing, waiting, active
        raise AssertionError(f"the worker of build {build} does not control the page: {page.evaluate(WORKERS)}") from timeout
    assert page.evaluate(WORKER_BUILD) == build


#: The registration holds ``build``'s worker installed: its build stored whole (waiting or active).
STORED = """(build) => navigator.serviceWorker.getRegistration().then((r) => [r?.waiting, r?.active].some(
  (w) => w && w.scriptURL.endsWith('?build=' + build) && ['installed', 'activating', 'activated'].includes(w.state)))"""

#: A request the old build's worker makes for the page and the test holds unanswered: while it is
#: in flight the browser keeps the new worker waiting (Chromium hands over once the old one is idle).
#: It is build-named (under b/), as the worker answers only what a cache may hold (ui/sw.js).
HELD = "b/held-by-the-test/held.txt"


def build_folders(urls: list[str], origin: str) -> set[str]:
    """The build-named folders (b/<build>/) among requested URLs."""
    return {url[len(origin):].split("/")[1] for url in urls if url.startswith(origin + "b/")}


def test_a_returning_visitor_gets_the_new_build_whole_and_offline_still_plays(
    host: tuple[Path, Server], visitor: tuple[Any, Watch, list[str]]
) -> None:
    folder, server = host
    context, _, requested = visitor
    held: list[Any] = []
    context.route("**/" + HELD, lambda route: held.append(route))
    first = json.loads((folder / "build.json").read_text())["build"]
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    wait_controlled(page, first)
    assert first in page.inner_text(".site-footer")
    # A returning visitor's engine starts from its memory snapshot. Without one kept, each start
    # below would make one in a worker of its own, whose fetches keep the old build's service
    # worker busy for as long as the making lasts (a minute on a loaded machine), and Chromium
    # hands over only once the old worker is idle: the hand-over would wait on the snapshot.
    wait_snapshot_kept(page)

    second = deploy(folder, "B")
    assert second != first
    # The old build's worker is kept busy by a request left unanswered (from another tab, which the
    # navigations below do not cancel), so that the hand-over is surely still to come when the
    # visitor goes offline: without it, it may come at once or minutes later.
    other_tab = context.new_page()
    other_tab.goto(server.url + "build.json")
    with context.expect_event("request", lambda request: request.url.endswith(HELD)) as asked:
        other_tab.evaluate(f"() => {{ fetch('{HELD}').catch(() => {{}}); }}")
    assert asked.value.service_worker is not None  # the old worker's own fetch, which the test holds
    requested.clear()
    page.goto(server.url)  # the next visit
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == second
    assert second in page.inner_text(".site-footer")  # the visible change
    page.goto(server.url + "trice/?seats=human,human,human&seed=1")
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == second
    # Every build-named file came from the new build: HTML, bridge, Python and config of one build.
    assert build_folders(requested, server.url) == {second}
    # The new build is stored whole (its worker installed), and the old worker still controls the page.
    wait_until(page, STORED, second)
    assert held and page.evaluate(CONTROLLED_BY, first)

    server.stop()  # offline during the hand-over: the old worker answers from the new build's store
    for form in ("trice", "trice/", "trice/index.html"):
        # Offline, what counts is a page that plays: its engine ready (within the engine's own
        # timeout), not the load event, which a loaded machine can hold past the navigation timeout
        # (a test under two busy loops failed 1 run in 4 waiting for it).
        page.goto(server.url + form + "?seats=human,human,human&seed=1", wait_until="commit")
        wait_ready(page)
        assert page.get_attribute("html", "data-build") == second
    page.locator(ROLL).click()
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    assert "rolls" in page.inner_text("[data-region=log]")
    # Once the old worker is idle, the new one takes over: the real signal, its build controlling the page.
    for route in held:
        route.fulfill(body="")
    wait_controlled(page, second)
    assert page.evaluate("caches.keys()").count("boardgames-" + second) == 1


def test_a_deploy_without_the_service_worker_makes_the_old_one_step_aside(
    host: tuple[Path, Server], visitor: tuple[Any, Watch, list[str]]
) -> None:
    folder, server = host
    context, _, _ = visitor
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    wait_controlled(page, page.get_attribute("html", "data-build"))
    third = deploy(folder, "C")
    (folder / "sw.js").unlink()
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == third  # the new site at once, not the cached one
    wait_until(page, "() => navigator.serviceWorker.getRegistrations().then((list) => list.length === 0)")
    wait_until(page, "() => caches.keys().then((keys) => !keys.some((k) => k.startsWith('boardgames-')))")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "data-build") == third
    assert page.evaluate("navigator.serviceWorker.controller") is None


def test_bytecode_for_another_interpreter_falls_back_to_the_sources(tmp_path: Path, browser: Any) -> None:
    """A build whose .pyc carry a magic number that is not the page interpreter's still plays, from source."""
    folder = tmp_path / "site"
    subprocess.run(
        [sys.executable, str(ROOT / "tools/build.py"), "--out", str(folder), "--magic-for-tests", "00000d0a"],
        check=True,
        capture_output=True,
    )
    server = Server(folder).start()
    context = browser.new_context()
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    try:
        page = context.new_page()
        page.goto(server.url + "trice/?seats=human,human,human&seed=1")
        wait_ready(page)
        python = page.evaluate("window.boardgamesEngine.python")
        assert python["bytecode"] is False
        assert python["modules"]["ui.app.session"].endswith("/ui/app/session.py")
        assert python["modules"]["pydantic.main"].endswith("/pydantic/main.py")
        # The light standard library is bytecode only: the engine loader started again on the whole one.
        assert python["modules"]["dataclasses"].endswith("/python314.zip/dataclasses.py")
        assert python["stdlib"] == "whole"
        assert any("could not start on this site's light standard library" in n for n in watch.whole_stdlib)
        watch.whole_stdlib.clear()  # said on purpose here
        page.locator(ROLL).click()
        page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    finally:
        context.close()
        server.stop()
    watch.check()

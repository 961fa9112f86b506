"""The soak's page driver: the browser context's events, bounded waits, evaluating in a page that may be
navigating, picking and clicking the elements an input aims at, and knowing when the page is done.

:class:`PageDriver` is a part of :class:`tools.soak.Monkey`, which holds the run's state (its
``__init__``); the inputs (:mod:`tools.soak_inputs`) and the checks (:mod:`tools.soak_checks`) build on it.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Watch

if TYPE_CHECKING:
    from tools.soak_inputs import Step

#: Where in an element a click lands: its centre, give or take this share of its size.
CLICK_SPREAD = 0.6

# ---- how long it waits (generous: a slow machine does fewer steps, it does not fail) -------------------

ENGINE_READY_TIMEOUT_S = ENGINE_TIMEOUT_MS / 1000
NAVIGATION_TIMEOUT_S = 60.0
#: A game page must show its game, its screen agreeing with the engine, within this.
SETTLE_TIMEOUT_S = 60.0
#: The whole wait after an input: an engine to start, then its game to show.
PAGE_SETTLE_TIMEOUT_S = ENGINE_READY_TIMEOUT_S + SETTLE_TIMEOUT_S
#: Bots playing after an input: the monkey waits this long at most before its next one.
BOT_WAIT_S = 10.0
#: Bots still to play, but no new step for this long (whatever the inputs meanwhile): they are stuck.
STALL_TIMEOUT_S = 60.0
#: Between two looks at a busy page: at most this long, or until anything on it changes.
POLL_S = 0.25
#: No request of the page in flight for this long: its fetches are done.  A
#: service worker's precache may go on for longer: never wait more than the cap.
NETWORK_QUIET_S = 0.15
NETWORK_WAIT_CAP_S = 5.0
SHARE_LINK_TIMEOUT_S = 30.0
#: The engine call timeout pages get in profiles that kill the engine (the
#: product's own is 60 s): a killed worker never answers, and the page
#: notices only when a call times out.
CRASH_CALL_TIMEOUT_MS = 20_000
DEATH_NOTICE_TIMEOUT_S = CRASH_CALL_TIMEOUT_MS / 1000 + 30
#: A consistent look at the page (nothing changed while the engine answered) within this many tries.
SNAPSHOT_TRIES = 40

#: One of the visible elements matching ``selector`` (inside the open modal
#: dialog, if any: nothing else takes a click then), scrolled into view, and
#: a point in it.  ``u`` are the step's draws.
PICK_JS = """
({ selector, u, spread }) => {
  const dialogs = [...document.querySelectorAll('dialog[open]')];
  const root = dialogs.length ? dialogs[dialogs.length - 1] : document;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const all = [...root.querySelectorAll(selector)].filter(visible);
  if (!all.length) return { count: 0 };
  const index = Math.min(all.length - 1, Math.floor(u[0] * all.length));
  const el = all[index];
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const r = el.getBoundingClientRect();
  const clamp = (v, hi) => Math.max(1, Math.min(hi - 1, v));
  const x = clamp(r.left + r.width * (0.5 + (u[1] - 0.5) * spread), innerWidth);
  const y = clamp(r.top + r.height * (0.5 + (u[2] - 0.5) * spread), innerHeight);
  const attrs = ['data-act', 'data-op', 'data-set-lang', 'data-drag', 'data-input', 'data-step', 'href', 'id']
    .filter((a) => el.hasAttribute(a)).map((a) => `${a}="${el.getAttribute(a)}"`);
  const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
  return { count: all.length, index, x, y, what: `${el.tagName.toLowerCase()}[${attrs.join(' ')}] ${text}`.trim() };
}
"""

#: Every game the page saves is reported to the monkey with the step the page shows as it writes it:
#: the page may save a step the monkey never looked at (an input that acts, then leaves at once), never
#: one it does not show.
SAVE_WATCH_JS = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (!String(key).startsWith('boardgames:save:') || typeof window.soakSaveWritten !== 'function') return;
    let steps = null;
    try { steps = JSON.parse(value).record.actions.length; } catch (err) { /* the check says so */ }
    window.soakSaveWritten({ key: String(key), steps, shown: document.documentElement.dataset.step ?? null,
                             url: location.href });
  };
})();
"""

PAGE_KIND_JS = """
(origin) => ({
  site: location.origin === origin,
  engineUI: !!document.querySelector('#engine-progress'),
  game: document.documentElement.dataset.game || null,
  dialog: document.querySelector('dialog[open]')?.id || null,
})
"""

#: Resolves when anything in the document changes, or after ``ms``.
PAUSE_JS = """
(ms) => new Promise((resolve) => {
  const observer = new MutationObserver(() => { observer.disconnect(); resolve(true); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  setTimeout(() => { observer.disconnect(); resolve(false); }, ms);
})
"""

ENGINE_STATE_JS = """
() => {
  const h = document.documentElement;
  if (!document.querySelector('#engine-progress')) return 'none';
  const box = document.querySelector('#engine-failure');
  const restart = box && !box.hidden && box.querySelector('[data-op=restart]:not([hidden])');
  if (h.dataset.engine === 'ready') return 'ready';
  if (h.dataset.engine === 'failed' && restart) return 'dead';
  return false;
}
"""

SELECTORS = {
    # The decision at hand: the game's own, or at its end the result's (rematch, new game, close).
    "act": "[data-act], #winner [data-op]",
    "op": "[data-op], label.file",
    "undo": "[data-op=undo], [data-op=redo]",
    "replay": "[data-op^=replay], [data-op=autoplay], [data-region=log] li",
    "board": "[data-region=board] svg",
    "tap": "[data-act], [data-op], [data-set-lang]",
    "drag": "[data-drag]",
    "range": "input[type=range]",
    "keys": "[data-keys]",
    "lang": "[data-set-lang]",
    "link": "a[href]",
    "rules": "a[data-op=rules]",
    "setup": "[data-op=show-setup]",
    "close": "[data-op=close-rules], [data-op=new], #setup button[type=submit]",
    "share": "[data-op=share]",
    "burst": "[data-act], [data-op=undo], [data-op=redo], [data-op^=replay], #winner [data-op]",
    "hasty": "[data-set-lang], [data-act], [data-op]",
    "restart": "#engine-failure [data-op=restart]",
    # What a person can click on any page: when an input finds nothing of its own kind, it lands on one of these.
    "anything": "a[href], button, [data-act], [data-op], [data-set-lang], input, select, summary, label.file, [tabindex='0']",
}


class Fault(Exception):
    """Something the page must never do: the message says what, and where."""


class OutOfTime(Exception):
    """The run's hard time bound cut a wait short: the step is undecided, not failed."""


class PageDriver:
    """The page under the monkey's inputs: its events, the waits on it, what is on it."""

    # the run's state, set up by the monkey (tools/soak.py)
    page: Any
    context: Any
    site_url: str
    origin: str
    hard_deadline: float
    steps: list[Step]
    watch: Watch
    writes: dict[str, tuple[int | None, str | None, int]]
    write_faults: list[str]
    confirm: bool
    import_last_export: bool
    last_export: Path | None
    downloads: Path
    in_flight: set[Any]
    last_network: float
    console_errors: list[str]

    def settle(self) -> None:
        """Wait for what the last input started, then check the page: :meth:`tools.soak_checks.Checks.settle`."""
        raise NotImplementedError

    # -- the page's events --------------------------------------------------------------------------
    def _save_written(self, source: Any, write: dict[str, Any]) -> None:
        steps, shown = write.get("steps"), write.get("shown")
        self.writes[write["key"]] = (steps, shown, len(self.steps))
        if steps is None or shown != str(steps):
            self.write_faults.append(f"the page saved {write['key']} at {steps} steps while it showed step {shown} "
                                     f"({write.get('url')})")

    def _new_page(self, page: Any) -> None:
        self.watch.attach(page)
        page.on("dialog", lambda dialog: dialog.accept() if self.confirm else dialog.dismiss())
        page.on("download", self._download)
        page.on("filechooser", self._file_chooser)
        page.on("console", lambda message: self.console_errors.append(message.text[:300]) if message.type == "error" else None)

    def _download(self, download: Any) -> None:
        path = self.downloads / f"export-{len(self.steps)}.json"
        download.save_as(path)
        self.last_export = path

    def _file_chooser(self, chooser: Any) -> None:
        # The Import button: the game exported last, or the chooser closed without a file.
        files = [str(self.last_export)] if self.import_last_export and self.last_export else []
        chooser.set_files(files)

    def _request_started(self, request: Any) -> None:
        if _from_service_worker(request):
            return
        self.in_flight.add(request)
        self.last_network = time.monotonic()

    def _request_done(self, request: Any) -> None:
        self.in_flight.discard(request)
        self.last_network = time.monotonic()

    # -- time and waits ---------------------------------------------------------------------------------------
    def budget(self, seconds: float) -> float:
        """``seconds``, or what is left before the hard deadline if that is less."""
        left = self.hard_deadline - time.monotonic()
        if left <= 0:
            raise OutOfTime("the run's time bound")
        return min(seconds, left)

    def wait(self, what: str, seconds: float, action: Callable[[float], Any]) -> Any:
        """Run a Playwright wait of at most ``seconds``; its timeout is a fault, unless the hard deadline cut it."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        allowed = self.budget(seconds)
        try:
            return action(allowed * 1000)
        except PlaywrightTimeout:
            if allowed < seconds:
                raise OutOfTime(what) from None
            raise Fault(f"{what}: nothing after {seconds:.0f} s") from None

    def js(self, script: str, arg: Any = None) -> Any:
        """Evaluate in the page; a navigation that replaces the document meanwhile is waited for, then it runs again."""
        from playwright.sync_api import Error as PlaywrightError

        for _ in range(SNAPSHOT_TRIES):
            try:
                return self.page.evaluate(script, arg)
            except PlaywrightError as error:
                if not _navigation_race(error):
                    raise
                self.wait("the next page to load", NAVIGATION_TIMEOUT_S,
                          lambda ms: self.page.wait_for_load_state("domcontentloaded", timeout=ms))
        raise Fault("the page kept navigating: no stable document to look at")

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:
            pass
        shutil.rmtree(self.downloads, ignore_errors=True)

    def pick(self, selector: str, u: tuple[float, ...]) -> dict[str, Any] | None:
        found = self.js(PICK_JS, {"selector": selector, "u": list(u[:3]), "spread": CLICK_SPREAD})
        return found if found.get("count") else None

    def click(self, selector: str, u: tuple[float, ...], *, fallback: bool = True) -> str:
        """Click one of the visible elements matching ``selector``; if there is none, anything clickable."""
        found = self.pick(selector, u)
        if found is None:
            if not fallback:
                return f"nothing matches {selector}"
            return self.anything(u, f"nothing matches {selector}")
        self.page.mouse.click(found["x"], found["y"])
        return f"click {found['what']} ({found['index'] + 1} of {found['count']}) at {found['x']:.0f},{found['y']:.0f}"

    def anything(self, u: tuple[float, ...], why: str) -> str:
        """An input with nothing to act on here clicks whatever a person could click instead."""
        return f"({why}) " + self.click(SELECTORS["anything"], u, fallback=False)

    def board_point(self, fx: float, fy: float) -> tuple[float, float]:
        box = self.js(
            """([fx, fy]) => { const r = document.querySelector('[data-region=board] svg').getBoundingClientRect();
                 const c = (v, hi) => Math.max(1, Math.min(hi - 1, v));
                 return [c(r.left + fx * r.width, innerWidth), c(r.top + fy * r.height, innerHeight)]; }""",
            [fx, fy],
        )
        return box[0], box[1]

    # -- what is on the page --------------------------------------------------------------------------------------
    def page_kind(self) -> dict[str, Any]:
        """Whether the page is the site's, has an engine, a game, an open dialog."""
        return self.js(PAGE_KIND_JS, self.origin)

    def on_site(self) -> bool:
        return self.page.url.startswith(self.site_url)

    def wait_network_quiet(self) -> None:
        """Until the page's own requests are done (a navigation's fetch, the rules), a short while at most."""
        cap = time.monotonic() + min(NETWORK_WAIT_CAP_S, self.budget(NETWORK_WAIT_CAP_S))
        self.js("() => 0")  # one round trip: the requests the input started have been reported by now
        while time.monotonic() < cap:
            if not self.in_flight and time.monotonic() - self.last_network >= NETWORK_QUIET_S:
                return
            self.page.wait_for_timeout(NETWORK_QUIET_S * 1000)

    def wait_engine(self) -> None:
        state = self.wait(
            "the engine to be ready", ENGINE_READY_TIMEOUT_S,
            lambda ms: self.page.wait_for_function(ENGINE_STATE_JS, timeout=ms),
        ).json_value()
        if state == "dead":
            text = self.js("() => document.querySelector('#engine-failure')?.innerText || ''")
            raise Fault(f"the engine died: {text.strip()}")

    def pause_for_page(self) -> None:
        """Until anything on the page changes, POLL_S at most (a busy page is looked at again then)."""
        self.js(PAUSE_JS, self.budget(POLL_S) * 1000)


def _navigation_race(error: Exception) -> bool:
    text = str(error)
    return "Execution context was destroyed" in text or "navigation" in text.lower() or "Target closed" in text


def _from_service_worker(request: Any) -> bool:
    try:
        return request.service_worker is not None
    except Exception:
        return False

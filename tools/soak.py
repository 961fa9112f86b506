"""A seeded monkey in the real page: random input across the three games, checked after every step.

``make soak SEED=N MINUTES=M`` (or ``python tools/soak.py --seed N --minutes M``)
serves dist/ with the production headers (tools/serve.py, through the e2e
tests' ``Server``) and drives headless Chromium with input drawn from
``random.Random(seed)``: clicks on the elements that carry ``data-act`` or
``data-op`` and on random points of the board, taps, mouse and finger drags
(Siege's aim handle), keys, sliders, undo and redo, the replay controls, new
game and rematch, the rules and set-up dialogs, back and forward, the
language switch, reloads, share links opened in a new tab, a resized window,
bursts of clicks that do not wait for the page, clicks made the moment a
reloaded page's engine is up and, in the full profile, an engine killed and
restarted.

It also opens links to games a few actions before their end (played here,
natively, by bots), so that results, their summary and rematches come up.

After every step it checks that the page raised no error, asked no other
origin for anything, has its engine ready (or brings it back), that bots
with a move to make make it, and that the screen agrees with the session's
record in the engine: ``<html data-step>``, the log, the status line (in the
page's language), whose turn and the undo/redo buttons against the engine's
own answer (``window.boardgamesEngine.call({op: "refresh"})``), the record's
length against the steps, and in runs with reduced motion every region's
markup against the engine's drawing.  At the end every saved game in
localStorage is replayed here, in CPython, with ``engine.records.replay``,
and must give the position the page last showed for it.

Every step draws the same number of values from the generator whatever the
page shows, so a seed always gives the same input sequence: the kind of each
input and where it lands (which of the elements present, which point).  The
page makes the rest deterministic where it can: game pages are opened with
``seed=`` and ``pace=0`` (bots at once) and the monkey waits for the bots
before its next input.  (A rematch draws a new seed, as the product does;
bursts and hasty clicks race the engine on purpose.)
A failure prints the seed, the steps so far and the command that replays
them; the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, Watch, chromium_launch_args

# ---- what the monkey plays ---------------------------------------------------------------------------

#: Who sits at each game's table when the monkey opens it: always a person
#: (a game of bots only would play to its end between two inputs), and only
#: bots that answer at once and the same way for the same seed (no search bot
#: on a clock).
LINEUPS: dict[str, tuple[str, ...]] = {
    "trice": ("human,heuristic,heuristic", "human,human,human", "human,random,heuristic"),
    "piratissimo": ("human,heuristic", "human,human,random,heuristic", "human,human", "human,random,random"),
    "siege": ("human,aim", "human,human", "human,random", "human,aim:easy"),
}
GAMES = tuple(LINEUPS)
#: Game seeds the monkey's URLs use (``?seed=``): any below this.
GAME_SEEDS = 10_000
#: The bot that plays a whole game here, natively, for an "endgame" link: quick and deterministic.
NATIVE_BOTS = {"trice": "heuristic", "piratissimo": "heuristic", "siege": "aim"}
#: An "endgame" link stops at most this many actions before the end (0: the game is over).
ENDGAME_MAX_CUT = 8
#: Window sizes a "resize" picks from: a desktop, a small laptop, a phone upright and on its side.
VIEWPORTS: tuple[tuple[int, int], ...] = ((1280, 900), (1024, 700), (390, 844), (844, 390))
FIRST_VIEWPORT = VIEWPORTS[0]
#: The share of runs with reduced motion (see Monkey.still).
REDUCED_MOTION_SHARE = 0.5

#: How often each kind of input comes, per profile.  "full" is ``make soak``'s;
#: "quick" is the one-minute test's: no engine kill (it waits for the call
#: timeout), fewer page loads (each starts an engine: seconds).
PROFILES: dict[str, dict[str, float]] = {
    "full": {
        "act": 26, "op": 12, "undo": 4, "replay": 4, "point": 8, "tap": 7, "drag": 5, "touch-drag": 3,
        "key": 10, "slider": 4, "dialog": 3, "lang": 2, "link": 2, "back": 1.5, "forward": 1,
        "reload": 1, "visit": 1.5, "endgame": 2.5, "share": 1, "resize": 1, "burst": 3, "hasty": 1, "crash": 0.3,
    },
    "quick": {
        "act": 26, "op": 12, "undo": 4, "replay": 4, "point": 8, "tap": 7, "drag": 5, "touch-drag": 3,
        "key": 10, "slider": 4, "dialog": 3, "lang": 2, "link": 1, "back": 1, "forward": 0.5,
        "reload": 0.4, "visit": 0.5, "endgame": 0.6, "share": 0.4, "resize": 1, "burst": 2, "hasty": 0.4, "crash": 0,
    },
}
#: Values drawn for each step, whatever it turns out to need: the same seed
#: then gives the same sequence of inputs whatever the page shows.
DRAWS_PER_STEP = 6
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "Tab", "Shift+Tab")
#: Where in an element a click lands: its centre, give or take this share of its size.
CLICK_SPREAD = 0.6
#: A drag goes this far at most from where it starts (CSS px), in this many moves.
DRAG_SPAN_PX = 360
DRAG_MOVES = 6
#: The share of finger drags the system cancels (a call comes in) instead of ending.
TOUCH_CANCEL_SHARE = 0.15
#: A burst is this many clicks at most, one right after the other (no wait for the page between them).
BURST_MAX_CLICKS = 5
#: Clicks made at once after a hasty reload, at most.
HASTY_MAX_CLICKS = 3
#: Slider changes by keys take at most this many presses.
SLIDER_MAX_PRESSES = 12

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
#: The CLI's runs end on their own clock; this much more is allowed for the step under way.
CLI_OVERRUN_S = 600.0
PROGRESS_EVERY_STEPS = 50

# ---- what the page says ----------------------------------------------------------------------------------

#: The status line's fixed words (ui/render.py, whose_turn), per language,
#: to tell which language the game speaks.
STATUS_WORDS = {
    "en": ("Your turn", " is thinking", "Replay: step", "Game over", "Drawing who starts", "Chance decides"),
    "fr": ("À vous de jouer", " réfléchit", "Relecture", "Partie terminée", "Tirage au sort", "Le hasard décide"),
}

#: The page's own state, read in one go (``dom`` below), and the engine's answer for the same page.
SNAPSHOT_JS = """
async (ms) => {
  const h = document.documentElement;
  const q = (s) => document.querySelector(s);
  const dom = () => ({
    url: location.href, engine: h.dataset.engine ?? null, game: h.dataset.game ?? null,
    step: h.dataset.step ?? null, turn: h.dataset.turn ?? null, lang: h.lang,
    log: [...document.querySelectorAll('[data-region=log] li')].map((li) => li.dataset.text),
    status: q('[data-region=status]')?.textContent ?? null,
    undoDisabled: q('[data-op=undo]')?.disabled ?? null,
    redoDisabled: q('[data-op=redo]')?.disabled ?? null,
    autoplay: q('[data-op=autoplay]')?.getAttribute('aria-pressed') === 'true',
  });
  const before = dom();
  if (!before.game || before.engine !== 'ready' || !window.boardgamesEngine) return { before, after: before, screen: null };
  let answer;
  try {
    // An engine that does not answer within ``ms`` is stuck: say so instead of waiting for ever.
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ms));
    answer = await Promise.race([window.boardgamesEngine.call({ op: 'refresh' }), late]);
  } catch (err) {
    return { before, after: dom(), screen: null, error: String(err) };
  }
  if (answer === 'late') return { before, after: dom(), screen: null, late: true };
  const after = dom();
  if (!answer || !answer.game) return { before, after, screen: null, error: answer && answer.error };
  // Each region as the engine draws it now, against the page's (same parser, so the same serialization).
  // A region inside another (Siege's numbers beside its sliders) is compared as part of the outer one,
  // with its own markup in place, as the bridge puts it.
  const regions = {};
  const drawn = answer.regions || {};
  for (const [name, markup] of Object.entries(drawn)) {
    const el = q(`[data-region="${name}"]`);
    if (!el || el.parentElement.closest('[data-region]')) continue;
    const t = document.createElement('template');
    t.innerHTML = markup;
    for (const inner of t.content.querySelectorAll('[data-region]')) {
      if (inner.dataset.region in drawn) inner.innerHTML = drawn[inner.dataset.region];
    }
    // A <details> a person opened or closed is theirs, not the engine's drawing.
    const mine = el.cloneNode(true);
    for (const root of [mine, t.content]) root.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
    // A bot's thinking bar (the region "thinking") grows while the engine answers: the share of the
    // turn's thinking time is live, the bar being there is not.
    const live = (markup) => markup.replace(/(<progress\\b[^>]*\\bvalue=")\\d+/g, '$1');
    const want = live(t.innerHTML), got = live(mine.innerHTML);
    if (want === got) continue;
    let at = 0;
    while (at < want.length && want[at] === got[at]) at++;
    regions[name] = { page: got.slice(Math.max(0, at - 60), at + 60), engine: want.slice(Math.max(0, at - 60), at + 60) };
  }
  for (const el of document.querySelectorAll('[data-region]')) {
    const name = el.dataset.region;
    if (!['log', 'status', 'saves'].includes(name) && !(name in drawn) && el.innerHTML.trim()
        && !el.parentElement.closest('[data-region]')) {
      regions[name] = { page: el.innerHTML.slice(0, 120), engine: '(no such region now)' };
    }
  }
  const screen = {
    regions,
    game: answer.game, step: answer.step, steps: answer.steps, status: answer.status,
    log: answer.log.map((line) => line.text), turn: answer.turn ?? null,
    can_undo: answer.can_undo, can_redo: answer.can_redo, tick_ms: answer.tick_ms,
    game_id: answer.game_id, actions: answer.record.actions,
    humans: answer.seats.filter((seat) => seat.controller === 'human').length,
    saved: !!answer.autosave,
    autoplay: !!answer.autoplay,
  };
  return { before, after, screen };
}
"""

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


@dataclass
class Step:
    index: int
    kind: str
    draws: tuple[float, ...]
    #: What the input turned out to be on the page (the element, the point, the key).
    detail: str = ""
    #: How long the input and the wait after it took.
    seconds: float = 0.0

    def line(self) -> str:
        draws = ",".join(f"{u:.3f}" for u in self.draws)
        return f"{self.index:5d} {self.kind:<10} [{draws}] {self.seconds:5.1f}s {self.detail}"


@dataclass
class Seen:
    """A game as the page last showed it live, with a person's move in it (so it is saved)."""

    game: str
    actions: list[str]
    log: list[str]
    status: str
    lang: str
    #: Bots were still to play when it was seen: the saved game may have gone further.
    unfinished: bool
    #: The input after which it was seen (a fault names it, to find what moved the game on unseen).
    after_input: int = 0
    url: str = ""


@dataclass
class SoakResult:
    seed: int
    profile: str
    steps: list[Step] = field(default_factory=list)
    seconds: float = 0.0
    failure: str | None = None
    saves_checked: int = 0
    #: Why the run stopped: "steps", "time", "deadline" (the hard bound cut a step) or "fault".
    stopped_by: str = ""
    #: Whether the run asked for reduced motion (and compared the regions' markup).
    still: bool = False

    def replay_command(self) -> str:
        return f"make soak SEED={self.seed} PROFILE={self.profile} STEPS={len(self.steps)}"

    def report(self) -> str:
        motion = "reduced motion" if self.still else "motion"
        lines = [f"soak seed {self.seed} ({self.profile}, {motion}): {len(self.steps)} inputs in {self.seconds / 60:.1f} min"]
        if self.failure:
            lines += [f"FAULT: {self.failure}", f"replay it with: {self.replay_command()}", "steps:"]
            lines += [step.line() for step in self.steps]
        else:
            lines.append(f"no fault; {self.saves_checked} saved games replayed to the positions shown ({self.stopped_by})")
        return "\n".join(lines)


class Monkey:
    """One run: a browser context of its own, one page at a time (a share link opens a second one)."""

    def __init__(self, browser: Any, site_url: str, seed: int, profile: str, hard_deadline: float) -> None:
        self.site_url = site_url
        self.origin = site_url.rstrip("/")
        self.rng = random.Random(seed)
        self.weights = PROFILES[profile]
        self.kinds = [kind for kind, weight in self.weights.items() if weight > 0]
        self.hard_deadline = hard_deadline
        self.steps: list[Step] = []
        self.seen: dict[str, Seen] = {}
        self.last_screen: dict[str, Any] | None = None
        #: The position (game id, steps) seen waiting for a bot, and since when.
        self.bots_waiting: tuple[tuple[str, int], float] | None = None
        self.last_export: Path | None = None
        self.confirm = True
        self.import_last_export = False
        self.downloads = Path(tempfile.mkdtemp(prefix="soak-downloads-"))
        self.in_flight: set[Any] = set()
        self.last_network = time.monotonic()
        self.console_errors: list[str] = []
        # Half the runs ask for reduced motion: the page then draws every position still, the same way
        # each time, so its regions can be compared with the engine's drawing of them, markup for markup.
        self.still = self.rng.random() < REDUCED_MOTION_SHARE
        self.context = browser.new_context(
            viewport=dict(zip(("width", "height"), FIRST_VIEWPORT)), has_touch=True,
            reduced_motion="reduce" if self.still else "no-preference",
        )
        self.context.set_default_timeout(ENGINE_TIMEOUT_MS)
        if self.weights.get("crash", 0) > 0:
            self.context.add_init_script(f"window.ENGINE_CALL_TIMEOUT_MS = {CRASH_CALL_TIMEOUT_MS}")
        #: Each saved game's last write: (the steps saved, the step the page showed then, the input under way).
        self.writes: dict[str, tuple[int | None, str | None, int]] = {}
        self.write_faults: list[str] = []
        self.context.expose_binding("soakSaveWritten", self._save_written)
        self.context.add_init_script(SAVE_WATCH_JS)
        self.watch = Watch({self.origin})
        self.context.on("request", self.watch.on_request)
        self.context.on("request", self._request_started)
        self.context.on("requestfinished", self._request_done)
        self.context.on("requestfailed", self._request_done)
        self.context.on("page", self._new_page)
        self.cdp: dict[Any, Any] = {}
        self.page = self.context.new_page()

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

    # -- time ---------------------------------------------------------------------------------------
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

    # -- the run ------------------------------------------------------------------------------------
    def draw(self) -> Step:
        """The next input, drawn whatever the page shows: a kind and DRAWS_PER_STEP values in [0, 1)."""
        kind = self.rng.choices(self.kinds, [self.weights[k] for k in self.kinds])[0]
        draws = tuple(self.rng.random() for _ in range(DRAWS_PER_STEP))
        return Step(len(self.steps) + 1, kind, draws)

    def start(self) -> Step:
        """The run's first page: a game, as a "visit" input drawn from the generator."""
        began = time.monotonic()
        step = self.draw()
        step.kind = "visit"
        self.steps.append(step)
        step.detail = self.do_visit(step.draws).replace(self.site_url, "/")
        self.settle()
        step.seconds = time.monotonic() - began
        return step

    def step(self) -> Step:
        began = time.monotonic()
        step = self.draw()
        self.steps.append(step)
        # The answers to what the page may ask during the input (a confirm, the Import's file chooser).
        self.confirm = step.draws[5] < 0.5
        self.import_last_export = step.draws[4] < 0.5
        kind = step.kind
        if not self.on_site() and kind not in ("forward", "visit"):
            kind = "visit"  # back went past the site's first page: come back to it
        detail = getattr(self, "do_" + kind.replace("-", "_"))(step.draws)
        # The site's address is the server's, on a port of the run's own: the steps name its pages only.
        step.detail = ("(as visit) " if kind != step.kind else "") + detail.replace(self.site_url, "/")
        self.settle()
        step.seconds = time.monotonic() - began
        return step

    def close(self) -> None:
        try:
            self.context.close()
        except Exception:
            pass
        shutil.rmtree(self.downloads, ignore_errors=True)

    # -- inputs ---------------------------------------------------------------------------------------
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

    def do_act(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["act"], u)

    def do_op(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["op"], u)

    def do_undo(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["undo"], u)

    def do_replay(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["replay"], u)

    def do_burst(self, u: tuple[float, ...]) -> str:
        """Clicks in quick succession (some of them double): each lands before the page has answered the last."""
        local = random.Random(int(u[1] * 2**32))  # the clicks' own draws, from the step's: the same seed, the same burst
        clicks = []
        for _ in range(2 + int(u[0] * (BURST_MAX_CLICKS - 1))):
            found = self.pick(SELECTORS["burst"], (local.random(), local.random(), local.random()))
            if found is None:
                break
            double = local.random() < 0.3
            (self.page.mouse.dblclick if double else self.page.mouse.click)(found["x"], found["y"])
            clicks.append(("double-click " if double else "") + found["what"])
        if not clicks:
            return self.anything(u, "nothing to click in a burst")
        return "burst: " + "; ".join(clicks)

    def do_hasty(self, u: tuple[float, ...]) -> str:
        """Reload, and click the moment the engine is up, while the page is still starting its game."""
        self.wait("reload", NAVIGATION_TIMEOUT_S, lambda ms: self.page.reload(wait_until="commit", timeout=ms))
        if not self.page_kind()["engineUI"]:
            return f"reload {self.page.url}"
        self.wait_engine()
        local = random.Random(int(u[1] * 2**32))  # the clicks' own draws, from the step's
        clicks = []
        for _ in range(1 + int(u[0] * HASTY_MAX_CLICKS)):
            found = self.pick(SELECTORS["hasty"], (local.random(), local.random(), local.random()))
            if found is None:
                break
            self.page.mouse.click(found["x"], found["y"])
            clicks.append(found["what"])
        return f"reload {self.page.url}, then at once: " + ("; ".join(clicks) or "nothing to click yet")

    def do_point(self, u: tuple[float, ...]) -> str:
        board = self.pick(SELECTORS["board"], (0.0, 0.5, 0.5))
        if board is None:
            return self.anything(u, "no board")
        x, y = self.board_point(u[1], u[2])
        self.page.mouse.click(x, y)
        return f"click the board at {x:.0f},{y:.0f}"

    def board_point(self, fx: float, fy: float) -> tuple[float, float]:
        box = self.js(
            """([fx, fy]) => { const r = document.querySelector('[data-region=board] svg').getBoundingClientRect();
                 const c = (v, hi) => Math.max(1, Math.min(hi - 1, v));
                 return [c(r.left + fx * r.width, innerWidth), c(r.top + fy * r.height, innerHeight)]; }""",
            [fx, fy],
        )
        return box[0], box[1]

    def do_tap(self, u: tuple[float, ...]) -> str:
        if u[3] < 0.25 and self.pick(SELECTORS["board"], (0.0, 0.5, 0.5)) is not None:
            x, y = self.board_point(u[1], u[2])
            self.page.touchscreen.tap(x, y)
            return f"tap the board at {x:.0f},{y:.0f}"
        found = self.pick(SELECTORS["tap"], u) or self.pick(SELECTORS["anything"], u)
        if found is None:
            return "nothing to tap"
        self.page.touchscreen.tap(found["x"], found["y"])
        return f"tap {found['what']} at {found['x']:.0f},{found['y']:.0f}"

    def drag_path(self, u: tuple[float, ...]) -> tuple[str, tuple[float, float], tuple[float, float]] | None:
        """Where a drag starts (the aim handle if there is one, else a point of the board) and ends."""
        handle = self.pick(SELECTORS["drag"], (u[0], 0.5, 0.5))
        if handle is not None:
            what, start = handle["what"], (handle["x"], handle["y"])
        elif self.pick(SELECTORS["board"], (0.0, 0.5, 0.5)) is not None:
            start = self.board_point(u[0], u[3])
            what = "the board"
        else:
            return None
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        end = (
            max(1.0, min(width - 1.0, start[0] + (u[1] - 0.5) * 2 * DRAG_SPAN_PX)),
            max(1.0, min(height - 1.0, start[1] + (u[2] - 0.5) * 2 * DRAG_SPAN_PX)),
        )
        return what, start, end

    def do_drag(self, u: tuple[float, ...]) -> str:
        path = self.drag_path(u)
        if path is None:
            return self.anything(u, "nothing to drag")
        what, start, end = path
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(*end, steps=DRAG_MOVES)
        mouse.up()
        return f"drag {what} from {start[0]:.0f},{start[1]:.0f} to {end[0]:.0f},{end[1]:.0f}"

    def do_touch_drag(self, u: tuple[float, ...]) -> str:
        path = self.drag_path(u)
        if path is None:
            return self.anything(u, "nothing to drag")
        what, start, end = path
        cdp = self.cdp.get(self.page)
        if cdp is None:
            cdp = self.cdp[self.page] = self.context.new_cdp_session(self.page)
        touch = lambda kind, points: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        touch("touchStart", [{"x": start[0], "y": start[1]}])
        for i in range(1, DRAG_MOVES + 1):
            t = i / DRAG_MOVES
            touch("touchMove", [{"x": start[0] + (end[0] - start[0]) * t, "y": start[1] + (end[1] - start[1]) * t}])
        cancelled = u[4] < TOUCH_CANCEL_SHARE
        touch("touchCancel" if cancelled else "touchEnd", [])
        ending = "cancelled" if cancelled else "lifted"
        return f"finger drag {what} from {start[0]:.0f},{start[1]:.0f} to {end[0]:.0f},{end[1]:.0f}, {ending}"

    def do_key(self, u: tuple[float, ...]) -> str:
        key = KEYS[min(len(KEYS) - 1, int(u[0] * len(KEYS)))]
        focused = ""
        if u[1] < 0.5:
            # Half the time the keys go to the board's keyboard area (Siege's aim), when it has one.
            target = self.pick(SELECTORS["keys"], (u[2], 0.5, 0.5))
            if target is not None:
                self.js("() => document.querySelector('[data-keys]')?.focus()")
                focused = f" in {target['what']}"
        self.page.keyboard.press(key)
        return f"key {key!r}{focused}"

    def do_slider(self, u: tuple[float, ...]) -> str:
        found = self.pick(SELECTORS["range"], (u[0], 0.5, 0.5))
        if found is None:
            return self.anything(u, "no slider")
        if u[1] < 0.5:
            # As Playwright's fill does: the value set, then the input and change events.
            value = self.js(
                """([index, share]) => {
                     const dialogs = [...document.querySelectorAll('dialog[open]')];
                     const root = dialogs.length ? dialogs[dialogs.length - 1] : document;
                     const all = [...root.querySelectorAll('input[type=range]')].filter((el) => el.checkVisibility());
                     const el = all[index];
                     if (!el) return null;
                     const low = Number(el.min || 0), high = Number(el.max || 100);
                     el.value = String(Math.round(low + share * (high - low)));
                     el.dispatchEvent(new Event('input', { bubbles: true }));
                     el.dispatchEvent(new Event('change', { bubbles: true }));
                     return el.value; }""",
                [found["index"], u[2]],
            )
            return f"set {found['what']} to {value}"
        presses = 1 + int(u[2] * SLIDER_MAX_PRESSES)
        key = "ArrowRight" if u[3] < 0.5 else "ArrowLeft"
        self.page.mouse.click(found["x"], found["y"])  # a click on the track moves the thumb there, and focuses it
        for _ in range(presses):
            self.page.keyboard.press(key)
        return f"click {found['what']} at {found['x']:.0f},{found['y']:.0f}, then {presses} x {key}"

    def do_dialog(self, u: tuple[float, ...]) -> str:
        kind = self.page_kind()
        if kind["dialog"]:
            if u[0] < 0.3:
                self.page.keyboard.press("Escape")
                return f"Escape in #{kind['dialog']}"
            return self.click(SELECTORS["close"], u[1:])
        return self.click(SELECTORS["rules"] if u[0] < 0.5 else SELECTORS["setup"], u[1:])

    def do_lang(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["lang"], u)

    def do_link(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["link"], u)

    def do_back(self, u: tuple[float, ...]) -> str:
        self.wait("back", NAVIGATION_TIMEOUT_S, lambda ms: self.page.go_back(wait_until="commit", timeout=ms))
        return f"back to {self.page.url}"

    def do_forward(self, u: tuple[float, ...]) -> str:
        self.wait("forward", NAVIGATION_TIMEOUT_S, lambda ms: self.page.go_forward(wait_until="commit", timeout=ms))
        return f"forward to {self.page.url}"

    def do_reload(self, u: tuple[float, ...]) -> str:
        self.wait("reload", NAVIGATION_TIMEOUT_S, lambda ms: self.page.reload(wait_until="commit", timeout=ms))
        return f"reload {self.page.url}"

    def do_visit(self, u: tuple[float, ...]) -> str:
        game = GAMES[min(len(GAMES) - 1, int(u[0] * len(GAMES)))]
        lineups = LINEUPS[game]
        lineup = lineups[min(len(lineups) - 1, int(u[1] * len(lineups)))]
        if u[3] < 0.1:
            url = self.site_url  # the landing page
        elif u[3] < 0.2:
            url = f"{self.site_url}{game}/rules/"
        else:
            url = f"{self.site_url}{game}/?seats={lineup}&seed={int(u[2] * GAME_SEEDS)}&pace=0"
        self.wait(f"open {url}", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(url, wait_until="commit", timeout=ms))
        return f"open {url}"

    def do_endgame(self, u: tuple[float, ...]) -> str:
        """Open a link to a game near its end (or over), played here by bots: the banner, the summary, a rematch."""
        game = GAMES[min(len(GAMES) - 1, int(u[0] * len(GAMES)))]
        lineups = LINEUPS[game]
        lineup = lineups[min(len(lineups) - 1, int(u[1] * len(lineups)))]
        seed = int(u[2] * GAME_SEEDS)
        cut = int(u[3] ** 2 * (ENDGAME_MAX_CUT + 1))  # a game already over a third of the time
        fragment = endgame_link(game, lineup, seed, cut)
        url = f"{self.site_url}{game}/#{fragment}"
        self.wait("open an endgame link", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(url, wait_until="commit", timeout=ms))
        return f"open a link to {game} ({lineup}, seed {seed}) {cut} actions before its end"

    def do_resize(self, u: tuple[float, ...]) -> str:
        width, height = VIEWPORTS[min(len(VIEWPORTS) - 1, int(u[0] * len(VIEWPORTS)))]
        self.page.set_viewport_size({"width": width, "height": height})
        return f"window {width}x{height}"

    def do_share(self, u: tuple[float, ...]) -> str:
        """Share the game, open the link in a new tab, check it is the same game; go on in one of the two tabs."""
        source = self.last_screen
        kind = self.page_kind()
        if source is None or not kind["game"] or source["game"] != kind["game"]:
            return self.anything(u, "no game to share")
        self.js("() => { const out = document.querySelector('#share-link'); if (out) out.value = ''; }")
        clicked = self.click(SELECTORS["share"], (0.0, 0.5, 0.5), fallback=False)
        if clicked.startswith("nothing"):
            return "(no share button) " + self.click(SELECTORS["anything"], u, fallback=False)
        link = self.wait(
            "the share link", SHARE_LINK_TIMEOUT_S,
            lambda ms: self.page.wait_for_function(
                "() => { const v = document.querySelector('#share-link')?.value || ''; return v.includes('#g1.') && v; }",
                timeout=ms,
            ),
        ).json_value()
        old = self.page
        self.page = self.context.new_page()
        self.wait("open the share link", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(link, wait_until="commit", timeout=ms))
        self.settle()
        opened = self.last_screen
        if opened is None or opened["game"] != source["game"] or opened["actions"][: len(source["actions"])] != source["actions"]:
            got = None if opened is None else (opened["game"], len(opened["actions"]))
            raise Fault(f"the share link of {source['game']} after {len(source['actions'])} actions opened {got}")
        keep_new = u[1] < 0.5
        (old if keep_new else self.page).close()
        if not keep_new:
            self.page = old
        return f"share {len(link)} characters, opened in a new tab; going on in the {'new' if keep_new else 'old'} one"

    def do_crash(self, u: tuple[float, ...]) -> str:
        """Stop the engine as a crash would; the page must say so and start a fresh one."""
        if self.js(ENGINE_STATE_JS) != "ready" or not self.js("() => !!window.boardgamesEngine"):
            return self.anything(u, "no engine to stop")
        self.js("() => { window.boardgamesEngine.stop(); window.boardgamesEngine.call({ op: 'refresh' }).catch(() => null); }")
        self.wait(
            "the page noticing the engine stopped", DEATH_NOTICE_TIMEOUT_S,
            lambda ms: self.page.wait_for_function(f"() => ({ENGINE_STATE_JS})() === 'dead'", timeout=ms),
        )
        closed = ""
        if self.page_kind()["dialog"]:
            # The failure shows on the page, under the open dialog: a person closes the dialog first.
            self.page.keyboard.press("Escape")
            closed = "Escape, "
        restart = self.click(SELECTORS["restart"], (0.0, 0.5, 0.5), fallback=False)
        if restart.startswith("nothing"):
            raise Fault("the engine stopped and the page offers no restart")
        return "stop the engine, then " + closed + restart

    # -- checks -----------------------------------------------------------------------------------------
    def page_kind(self) -> dict[str, Any]:
        """Whether the page is the site's, has an engine, a game, an open dialog."""
        return self.js(PAGE_KIND_JS, self.origin)

    def on_site(self) -> bool:
        return self.page.url.startswith(self.site_url)

    def check_watch(self) -> None:
        if self.watch.foreign:
            raise Fault(f"requests to another origin: {self.watch.foreign[:5]}")
        if self.watch.errors:
            raise Fault(f"page errors: {self.watch.errors[:5]}")
        if self.write_faults:
            raise Fault(self.write_faults[0])
        if self.watch.whole_stdlib:
            raise Fault(f"modules the light standard library lacks: {self.watch.whole_stdlib[:5]}")

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

    def settle(self) -> None:
        """Wait for what the last input started, then check the page against the engine.

        An input may start a navigation that shows only later (nav.js fetches
        the next page first): whenever the page turns out to have changed, it
        is looked at again from the top.
        """
        deadline = time.monotonic() + PAGE_SETTLE_TIMEOUT_S
        while True:
            self.wait_network_quiet()
            self.check_watch()
            if not self.on_site():
                self.last_screen = None
                return
            kind = self.page_kind()
            if kind["engineUI"]:
                self.wait_engine()
            if not kind["game"]:
                self.last_screen = None
                self.check_watch()
                return
            if self.settle_game(kind["game"]):
                self.check_watch()
                return
            if time.monotonic() > deadline:
                raise Fault(f"the page never settled in {PAGE_SETTLE_TIMEOUT_S:.0f} s (now {self.page.url})")

    def settle_game(self, game: str) -> bool:
        """Check the game page against the engine until its bots are done; False if the page stopped being that game's."""
        started = time.monotonic()
        while True:
            self.budget(SETTLE_TIMEOUT_S)
            snapshot = self.snapshot()
            if snapshot is not None and (snapshot["after"]["game"] != game or snapshot["after"]["engine"] != "ready"):
                return False  # another page, or an engine starting: from the top
            screen = snapshot["screen"] if snapshot else None
            if screen is None:
                if time.monotonic() - started > SETTLE_TIMEOUT_S:
                    error = snapshot.get("error") if snapshot else "the page kept changing"
                    raise Fault(f"the game page shows no game that agrees with the engine ({error})")
                self.pause_for_page()
                continue
            self.compare(snapshot["after"], screen)
            self.last_screen = screen
            # ticks also step a replay that plays itself (the bots wait while it is watched): not bots to play
            bots_to_play = screen["tick_ms"] is not None and screen["humans"] > 0 and not screen.get("autoplay")
            if screen["saved"]:
                self.seen[screen["game_id"]] = Seen(
                    screen["game"], list(screen["actions"]), list(screen["log"]), screen["status"],
                    snapshot["after"]["lang"], unfinished=bots_to_play,
                    after_input=len(self.steps), url=snapshot["after"]["url"],
                )
            self.check_bots_move(screen, bots_to_play)
            if not bots_to_play or time.monotonic() - started > BOT_WAIT_S:
                return True
            self.pause_for_page()

    def check_bots_move(self, screen: dict[str, Any], bots_to_play: bool) -> None:
        """Bots with a step to play take it: the same position waiting for them too long, over any inputs, is a fault."""
        if not bots_to_play:
            self.bots_waiting = None
            return
        position = (screen["game_id"], screen["steps"])
        if self.bots_waiting is None or self.bots_waiting[0] != position:
            self.bots_waiting = (position, time.monotonic())
        elif time.monotonic() - self.bots_waiting[1] > STALL_TIMEOUT_S:
            raise Fault(f"bots to play but no step for {STALL_TIMEOUT_S:.0f} s (step {screen['steps']})")

    def pause_for_page(self) -> None:
        """Until anything on the page changes, POLL_S at most (a busy page is looked at again then)."""
        self.js(PAUSE_JS, self.budget(POLL_S) * 1000)

    def snapshot(self) -> dict[str, Any] | None:
        """The page and the engine's answer at one moment (nothing on the page changed while the engine answered)."""
        for _ in range(SNAPSHOT_TRIES):
            allowed = self.budget(SETTLE_TIMEOUT_S)
            look = self.js(SNAPSHOT_JS, allowed * 1000)
            if look.get("late"):
                if allowed < SETTLE_TIMEOUT_S:
                    raise OutOfTime("the engine's answer")
                raise Fault(f"the engine did not answer a refresh in {SETTLE_TIMEOUT_S:.0f} s")
            if look["before"] == look["after"]:
                return look
        return None

    def compare(self, dom: dict[str, Any], screen: dict[str, Any]) -> None:
        """The screen shows what the engine's session holds."""
        problems = []
        if screen["game"] != dom["game"]:
            problems.append(f"the engine plays {screen['game']} on the {dom['game']} page")
        if dom["step"] != str(screen["step"]):
            problems.append(f"data-step={dom['step']} but the engine shows step {screen['step']}")
        if screen["steps"] != len(screen["actions"]):
            problems.append(f"{screen['steps']} steps but the record has {len(screen['actions'])} actions")
        if not 0 <= screen["step"] <= screen["steps"]:
            problems.append(f"step {screen['step']} outside 0..{screen['steps']}")
        if len(screen["log"]) != screen["steps"]:
            problems.append(f"the engine's log has {len(screen['log'])} lines for {screen['steps']} steps")
        if dom["log"] != screen["log"]:
            problems.append(f"the page's log ({len(dom['log'])} lines) is not the engine's ({len(screen['log'])}): "
                            f"{_first_difference(dom['log'], screen['log'])}")
        if dom["status"] != screen["status"]:
            problems.append(f"status {dom['status']!r} but the engine says {screen['status']!r}")
        spoken = status_language(screen["status"])
        if spoken is not None and spoken != dom["lang"]:
            problems.append(f"the page is in {dom['lang']!r} but the game speaks {spoken!r}: {screen['status']!r}")
        if dom["undoDisabled"] is not None and dom["undoDisabled"] == screen["can_undo"]:
            problems.append(f"undo {'disabled' if dom['undoDisabled'] else 'enabled'} but can_undo={screen['can_undo']}")
        if dom["redoDisabled"] is not None and dom["redoDisabled"] == screen["can_redo"]:
            problems.append(f"redo {'disabled' if dom['redoDisabled'] else 'enabled'} but can_redo={screen['can_redo']}")
        if self.still:
            # (With motion, the page's drawing may still carry the animation of the move it first showed.)
            for name, where in screen["regions"].items():
                problems.append(f"region {name} is not the engine's drawing: page …{where['page']}… / "
                                f"engine …{where['engine']}…")
        turn = "" if screen["turn"] is None else str(screen["turn"])
        if dom["turn"] != turn:
            problems.append(f"data-turn={dom['turn']!r} but the engine's turn is {turn!r}")
        if problems:
            raise Fault(f"on {dom['url']}: " + "; ".join(problems))

    def stored_games(self) -> list[tuple[str, str]]:
        """Every saved game of the site's localStorage, (key, text), read from the context (any page may be shown)."""
        state = self.context.storage_state()
        for origin in state["origins"]:
            if origin["origin"] == self.origin:
                return [(item["name"], item["value"]) for item in origin["localStorage"]
                        if item["name"].startswith("boardgames:save:")]
        return []

    def check_saves(self, *, cut_short: bool) -> int:
        """Every saved game replays (CPython, engine.records.replay) to the position the page last showed for it."""
        from engine.records import RecordError, replay
        from ui.saves import DamagedSave, read_entry
        from ui.session import Session

        stored = self.stored_games()
        for key, text in stored:
            _, _, game_name, game_id = key.split(":", 3)
            try:
                entry = read_entry(text)
                result = replay(entry.record, expect_game=game_name)
            except (DamagedSave, RecordError) as exc:
                raise Fault(f"saved game {key} does not replay: {exc}") from None
            game = result.game
            final = result.states[-1]
            problems = []
            if entry.id != game_id or entry.game != game_name:
                problems.append(f"stored as {key} but its entry says {entry.game}:{entry.id}")
            if entry.summary.steps != len(result.actions):
                problems.append(f"the summary says {entry.summary.steps} steps, the record replays {len(result.actions)}")
            finished = game.outcome(final) is not None
            if entry.finished != finished:
                problems.append(f"finished={entry.finished} but the replayed game {'is' if finished else 'is not'} over")
            seat = game.turn_seat(final)
            turn = "" if finished or seat is None else entry.record["seats"][seat]["name"]
            if entry.summary.turn != turn:
                problems.append(f"the summary's turn is {entry.summary.turn!r}, the replay's {turn!r}")
            seen = self.seen.get(game_id)
            if seen is not None:
                actions = list(entry.record["actions"])
                may_be_further = seen.unfinished or cut_short
                if not may_be_further and len(actions) > len(seen.actions):
                    # An input that acted, then left the page at once: the page showed the steps it saved
                    # (each write is checked as it happens), the monkey did not look again.
                    written = self.writes.get(key)
                    may_be_further = written is not None and written[0] == len(actions) and written[2] >= seen.after_input
                if actions != seen.actions and not (may_be_further and actions[: len(seen.actions)] == seen.actions):
                    problems.append(f"the page last showed {len(seen.actions)} actions (after input {seen.after_input}, "
                                    f"on {seen.url}), the save holds {len(actions)}: "
                                    f"{_first_difference(actions, seen.actions)}; the save goes on with "
                                    f"{actions[len(seen.actions):][:6]}")
                elif actions == seen.actions:
                    # The same game resumed here, natively: the log and the status the page showed.
                    screen = Session().handle_text(json.dumps(
                        {"op": "resume", "text": text, "expect_game": game_name, "lang": seen.lang}))
                    texts = [line["text"] for line in screen["log"]]
                    if texts != seen.log:
                        problems.append(f"its log replayed here differs from the page's: {_first_difference(texts, seen.log)}")
                    if screen["status"] != seen.status:
                        problems.append(f"its status replayed here is {screen['status']!r}, the page showed {seen.status!r}")
            if problems:
                raise Fault(f"saved game {key}: " + "; ".join(problems))
        return len(stored)


_NATIVE_GAMES: dict[tuple[str, int, int], list[str]] = {}


def endgame_link(game_name: str, lineup: str, seed: int, cut: int, names: Sequence[str] = ()) -> str:
    """A share link (``g1.…``) to a game of ``lineup``'s seats played to its end here by bots, less its last ``cut`` actions.

    The seats are called ``names`` (by default "Seat 1", "Seat 2"...).

    >>> from ui.links import decode_link
    >>> record = decode_link(endgame_link("piratissimo", "human,heuristic", 5, 0))
    >>> import engine; game = engine.get("piratissimo")
    >>> from engine.records import replay
    >>> game.is_terminal(replay(record).states[-1]), [s.controller for s in record.seats]
    (True, ['human', 'heuristic'])
    """
    import engine
    from engine.bots import make_bot
    from engine.core import Dealer
    from engine.records import GameRecord, Seat
    from ui.links import encode_link

    game = engine.get(game_name)
    controllers = lineup.split(",")
    first = game.new(len(controllers))
    key = (game_name, len(controllers), seed)
    if key not in _NATIVE_GAMES:
        dealer = Dealer(seed)
        bots = [make_bot(game, NATIVE_BOTS[game_name], seed + seat) for seat in range(len(controllers))]
        state, actions = first, []
        while not game.is_terminal(state):
            if game.is_chance(state):
                action = dealer.pick(game, state)
            else:
                action = bots[game.current_player(state)].choose(game, state)
            actions.append(game.format_action(action))
            state = game.apply(state, action)
        _NATIVE_GAMES[key] = actions
    actions = _NATIVE_GAMES[key]
    record = GameRecord(
        game=game.name,
        format=game.format_version,
        seats=[Seat(name=names[index] if index < len(names) else f"Seat {index + 1}", controller=controller)
               for index, controller in enumerate(controllers)],
        options=game.options(first),
        seed=seed,
        actions=actions[: max(0, len(actions) - cut)],
    )
    return encode_link(record)


def status_language(status: str) -> str | None:
    """The language of a status line, from its fixed words (None when it has none of them).

    >>> status_language("Your turn, You"), status_language("À vous de jouer, Vous"), status_language("")
    ('en', 'fr', None)
    """
    for lang, words in STATUS_WORDS.items():
        if any(word in status for word in words):
            return lang
    return None


def _first_difference(left: list[str], right: list[str]) -> str:
    """Where two lists part, in words.

    >>> _first_difference(["a", "b"], ["a", "c"])
    "at 2: 'b' / 'c'"
    """
    for index, (a, b) in enumerate(zip(left, right)):
        if a != b:
            return f"at {index + 1}: {a!r} / {b!r}"
    return f"one is {abs(len(left) - len(right))} longer"


def _navigation_race(error: Exception) -> bool:
    text = str(error)
    return "Execution context was destroyed" in text or "navigation" in text.lower() or "Target closed" in text


def _from_service_worker(request: Any) -> bool:
    try:
        return request.service_worker is not None
    except Exception:
        return False


def run_soak(
    browser: Any,
    site_url: str,
    seed: int,
    *,
    profile: str = "full",
    max_steps: int | None = None,
    seconds: float,
    hard_seconds: float,
    log: Callable[[str], None] = lambda line: None,
    verbose: bool = False,
) -> SoakResult:
    """One seeded run: inputs until ``max_steps`` or for ``seconds`` once the first page is up, never past ``hard_seconds``.

    A wait that the hard bound cuts short ends the run undecided
    (``stopped_by="deadline"``), never failed: only what the page did
    decides a failure, not how fast the machine is.
    """
    started = time.monotonic()
    result = SoakResult(seed, profile)
    monkey = Monkey(browser, site_url, seed, profile, started + hard_seconds)
    try:
        try:
            first = monkey.start()
            if verbose:
                log(first.line())
            # The input clock starts once the first page is up: an engine slow to start leaves as much time to play.
            playing = time.monotonic()
            while (max_steps is None or len(monkey.steps) < max_steps) and time.monotonic() - playing < seconds:
                step = monkey.step()
                if verbose:
                    log(step.line())
                if step.index % PROGRESS_EVERY_STEPS == 0:
                    log(f"{step.index} inputs, {(time.monotonic() - started) / 60:.1f} min, "
                        f"{len(monkey.seen)} games saved so far")
            result.stopped_by = "steps" if max_steps is not None and len(monkey.steps) >= max_steps else "time"
        except OutOfTime:
            result.stopped_by = "deadline"
        result.saves_checked = monkey.check_saves(cut_short=result.stopped_by == "deadline")
    except Fault as fault:
        result.failure = str(fault)
        result.stopped_by = "fault"
        if monkey.console_errors:
            result.failure += f"\n  console errors (last {min(5, len(monkey.console_errors))}): {monkey.console_errors[-5:]}"
    except Exception as error:
        result.failure = f"{type(error).__name__}: {error}"
        result.stopped_by = "fault"
    finally:
        result.steps = monkey.steps
        result.still = monkey.still
        result.seconds = time.monotonic() - started
        monkey.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to make inputs once the first page is up")
    parser.add_argument("--steps", type=int, default=None, help="stop after this many inputs (to replay a failure)")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="full")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--headed", action="store_true", help="show the browser")
    parser.add_argument("--verbose", action="store_true", help="print every input as it is made")
    args = parser.parse_args(argv)
    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist} has no index.html: run `make build` first")
    from playwright.sync_api import sync_playwright

    server = Server(args.dist.resolve()).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(headless=not args.headed, **chromium_launch_args())
            seconds = args.minutes * 60
            print(f"soak: seed {args.seed}, profile {args.profile}, {args.minutes:g} min"
                  + (f", {args.steps} inputs at most" if args.steps else "") + f", {server.url}", flush=True)
            result = run_soak(
                browser, server.url, args.seed, profile=args.profile, max_steps=args.steps,
                seconds=seconds, hard_seconds=seconds + CLI_OVERRUN_S,
                log=lambda line: print("soak:", line, flush=True), verbose=args.verbose,
            )
            browser.close()
    finally:
        server.stop()
    print(result.report(), flush=True)
    return 1 if result.failure else 0


if __name__ == "__main__":
    sys.exit(main())

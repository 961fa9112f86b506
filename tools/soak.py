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

This module is the command line and the run; the monkey's parts live beside
it: the input generator (tools/soak_inputs.py), the page driver
(tools/soak_page.py) and the checks (tools/soak_checks.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, Watch, chromium_launch_args
from tools.soak_checks import Checks, Seen, status_language
from tools.soak_inputs import (
    FIRST_VIEWPORT,
    GAMES,
    LINEUPS,
    PROFILES,
    REDUCED_MOTION_SHARE,
    Inputs,
    Step,
    draw_step,
    endgame_link,
)
from tools.soak_page import CRASH_CALL_TIMEOUT_MS, SAVE_WATCH_JS, Fault, OutOfTime

#: The CLI's runs end on their own clock; this much more is allowed for the step under way.
CLI_OVERRUN_S = 600.0
PROGRESS_EVERY_STEPS = 50


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


class Monkey(Inputs, Checks):
    """One run: a browser context of its own, one page at a time (a share link opens a second one).

    Its parts: the page driver (:class:`tools.soak_page.PageDriver`), the inputs
    (:class:`tools.soak_inputs.Inputs`) and the checks (:class:`tools.soak_checks.Checks`).
    """

    def __init__(self, browser: Any, site_url: str, seed: int, profile: str, hard_deadline: float) -> None:
        self.site_url = site_url
        self.origin = site_url.rstrip("/")
        self.rng = random.Random(seed)
        self.weights = PROFILES[profile]
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

    # -- the run ------------------------------------------------------------------------------------
    def draw(self) -> Step:
        """The next input, drawn whatever the page shows (:func:`tools.soak_inputs.draw_step`)."""
        return draw_step(self.rng, self.weights, len(self.steps) + 1)

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


__all__ = [
    "GAMES",
    "LINEUPS",
    "PROFILES",
    "Fault",
    "Monkey",
    "OutOfTime",
    "Seen",
    "SoakResult",
    "Step",
    "endgame_link",
    "main",
    "run_soak",
    "status_language",
]

"""A game page's start in Chromium, Firefox and WebKitGTK: time to ready, cold and warm, and where it goes.

    python tools/other_browsers_bench.py [--runs 3] [--page trice/] [--browsers chromium firefox webkit]
        [--dist A --dist B] [--cpu-share 0.33]

Each run opens the page on a server of its own (a first visit: nothing cached
for that origin), waits for the engine's memory snapshot to be kept (when the
build makes one, ui/js/engine_loader.mjs), then loads the page twice more
(warm: the service worker and the HTTP cache answer; the snapshot, if kept, is
restored). It prints the time from navigation to ``data-engine="ready"``
and the page's own marks (``window.boardgamesTimings``: PyScript imported,
the worker created, the Python side's phases, and the loader's marks in the
worker: when the loader ran, when the page's compiled WebAssembly arrived,
when Pyodide was instantiated and ready, when a snapshot was read and restored).

``--dist`` (repeated) compares builds: each run visits every build in turn, in
the same browser, so that a busy machine slows them alike. ``--cpu-share``
holds the browser (every process it starts) to that share of one core with a
cgroup's CPU quota: cgroup v2's ``cpu.max`` where the ``cpu`` controller is
there, else cgroup v1's ``cpu.cfs_quota_us`` (needs root). Figures depend on
the machine; the tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.conftest import (  # the repository root is on the path only from here
    DIST,
    Server,
    chromium_launch_args,
)
from tests.e2e.other_browsers import DRIVERS, WAIT_S

READY_AT = "() => document.documentElement.dataset.engine === 'ready' && performance.now()"
TIMINGS = "() => ({...(window.boardgamesTimings || {}), snapshot: (window.boardgamesEngine?.python || {}).snapshot})"
#: Whether the engine's snapshot is kept (a build without the snapshot never keeps one: no wait).
SNAPSHOT_KEPT = """async () => {
  const snapshot = (window.boardgamesEngine?.python || {}).snapshot;
  if (snapshot === undefined) return 'no snapshot in this build';
  if (snapshot && snapshot.state !== 'none') return `none made (${snapshot.state})`;
  const said = window.boardgamesSnapshot;  // the maker's answer (ui/js/head_start.js)
  if (said && said.state === 'making') return false;  // made in the engine's first quiet spell: wait for it
  if (said && said.state !== 'made') return `not made: ${JSON.stringify(said)}`;
  if (typeof caches === 'undefined') return 'no Cache Storage';
  const keys = await (await caches.open('engine-snapshots')).keys();
  return keys.length > 0 && 'kept';
}"""
SNAPSHOT_WAIT_S = 180.0
CGROUP = "boardgames-bench"


class Chromium:
    """Playwright's Chromium (the system's one), with the little of the other drivers' surface the bench uses."""

    name = "Chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        launch = chromium_launch_args()
        self.browser = self.playwright.chromium.launch(**launch)
        self.version = self.browser.version
        self.context: Any = None
        self.page: Any = None
        self.allowed: set[str] = set()

    def fresh(self) -> None:
        """A new profile, as a first visit has."""
        if self.context is not None:
            self.context.close()
        self.context = self.browser.new_context(viewport={"width": 1366, "height": 768})
        self.page = self.context.new_page()

    def resize(self, width: int, height: int) -> None:
        pass  # the context's viewport

    def goto(self, url: str) -> None:
        if self.page is None:
            self.fresh()
        self.page.goto(url)

    def wait(self, predicate: str, timeout: float = WAIT_S) -> Any:
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.page.evaluate(predicate)
            except Exception:  # a page between two documents
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"Chromium: still false after {timeout:.0f} s: {predicate}")
            time.sleep(0.05)

    def run(self, function: str) -> Any:
        return self.page.evaluate(function)

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


DRIVERS_HERE: dict[str, Any] = {"chromium": Chromium, **DRIVERS}


def limit_cpu(share: float) -> Path:
    """A cgroup holding its processes to ``share`` of one core; its procs file, to write pids into."""
    period = 100_000
    quota = max(1000, round(period * share))
    v2 = Path("/sys/fs/cgroup")
    for root in (v2, v2 / "unified"):
        controllers = root / "cgroup.controllers"
        if controllers.exists() and "cpu" in controllers.read_text().split():
            group = root / CGROUP
            group.mkdir(exist_ok=True)
            (group / "cpu.max").write_text(f"{quota} {period}")
            return group / "cgroup.procs"
    group = Path("/sys/fs/cgroup/cpu") / CGROUP  # cgroup v1
    group.mkdir(exist_ok=True)
    (group / "cpu.cfs_period_us").write_text(str(period))
    (group / "cpu.cfs_quota_us").write_text(str(quota))
    return group / "cgroup.procs"


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def hold(procs: Path, skip: set[int]) -> int:
    """Move every process this bench started (the browser, its driver, Xvfb), but not ``skip`` (the servers), into the cgroup."""
    moved = 0
    for pid in descendants(os.getpid()):
        if pid in skip:
            continue
        try:
            procs.write_text(str(pid))
            moved += 1
        except OSError:
            pass  # gone already
    return moved


def start(driver: Any, url: str) -> dict[str, Any]:
    driver.goto(url)
    ready = driver.wait(READY_AT)
    timings = driver.run(TIMINGS) or {}
    return {"ready_ms": round(ready), **{k: v for k, v in timings.items() if k != "marks"},
            "marks": timings.get("marks", {})}


def phases(runs: list[dict[str, Any]]) -> str:
    """Where the time went, medians in ms: instantiated to Pyodide ready (the interpreter's start,
    or the snapshot's restore, and the wheels), then the worker's imports."""
    def med(values: list[float]) -> str:
        return f"{statistics.median(values):,.0f}" if values else "-"

    start = [r["marks"]["ready"] - r["marks"]["instantiated"] for r in runs if {"ready", "instantiated"} <= r["marks"].keys()]
    imports = [r["imports"] for r in runs if "imports" in r]
    return f"instantiated to Pyodide ready {med(start)}, imports {med(imports)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default="trice/?seats=human,heuristic,heuristic&seed=1")
    parser.add_argument("--browsers", nargs="*", default=list(DRIVERS_HERE))
    parser.add_argument("--dist", action="append", type=Path, help="a built site (repeat to compare builds, interleaved)")
    parser.add_argument("--cpu-share", type=float, default=0.0, help="hold the browser to this share of one core (a cgroup)")
    parser.add_argument("--json", type=Path, help="write every run's figures here too")
    args = parser.parse_args()
    dists = [d.resolve() for d in args.dist] if args.dist else [DIST]
    procs = limit_cpu(args.cpu_share) if args.cpu_share else None
    everything: dict[str, Any] = {}
    for name in args.browsers:
        driver = DRIVERS_HERE[name]()
        results: dict[Path, dict[str, list[dict[str, Any]]]] = {d: {"cold": [], "warm": [], "warm again": []} for d in dists}
        try:
            driver.resize(1366, 768)
            if procs is not None:
                print(f"{driver.name}: {hold(procs, set())} processes held to {args.cpu_share:.2f} of a core", flush=True)
            for number in range(args.runs):
                for dist in dists if number % 2 == 0 else dists[::-1]:  # each build first in turn
                    if isinstance(driver, Chromium):
                        driver.fresh()
                    server = Server(dist).start()
                    try:
                        driver.allowed.add(server.url.rstrip("/"))
                        if procs is not None and server.process is not None:
                            hold(procs, {server.process.pid})  # what the browser started since
                        runs = results[dist]
                        runs["cold"].append(start(driver, server.url + args.page))
                        began = time.monotonic()
                        kept = driver.wait(SNAPSHOT_KEPT, timeout=SNAPSHOT_WAIT_S)
                        waited = time.monotonic() - began
                        runs["warm"].append(start(driver, server.url + args.page))
                        runs["warm again"].append(start(driver, server.url + args.page))
                        print(f"{driver.name} run {number + 1} {dist.name}: cold {runs['cold'][-1]['ready_ms']} ms,"
                              f" snapshot {kept} after {waited:.0f} s, warm {runs['warm'][-1]['ready_ms']},"
                              f" {runs['warm again'][-1]['ready_ms']} ms", flush=True)
                    finally:
                        server.stop()
        finally:
            driver.close()
        print(f"{driver.name} {getattr(driver, 'version', '')}" + (f", held to {args.cpu_share:.2f} of a core" if procs else ""))
        for dist in dists:
            print(f" {dist}")
            for label, runs in results[dist].items():
                median = statistics.median(run["ready_ms"] for run in runs)
                each = ", ".join(f"{run['ready_ms'] / 1000:.1f}" for run in runs)
                print(f"  {label}: ready {median / 1000:.2f} s (median of {len(runs)}; {each})")
                print(f"    medians: {phases(runs)}")
                print(f"    last run's marks: {json.dumps(runs[-1])}")
        everything[name] = {str(d): r for d, r in results.items()}
    if args.json:
        args.json.write_text(json.dumps(everything, indent=1))


if __name__ == "__main__":
    main()

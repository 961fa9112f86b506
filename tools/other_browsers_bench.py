"""A game page's start in Firefox and WebKitGTK: time to ready, cold and warm, and where it goes.

    python tools/other_browsers_bench.py [--runs 3] [--page trice/]

Each run opens the page on a server of its own (a first visit: nothing cached
for that origin), then loads it again (warm: the service worker and the HTTP
cache answer). It prints the time from navigation to ``data-engine="ready"``
and the page's own marks (``window.boardgamesTimings``: PyScript imported,
the worker created, the Python side's phases, and the loader's marks in the
worker: when the loader ran, when the page's compiled WebAssembly arrived).
Figures depend on the machine; the tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.conftest import DIST, Server  # the repository root is on the path only from here
from tests.e2e.other_browsers import DRIVERS

READY_AT = "() => document.documentElement.dataset.engine === 'ready' && performance.now()"
TIMINGS = "() => window.boardgamesTimings || null"


def start(driver, url: str) -> dict:
    driver.goto(url)
    ready = driver.wait(READY_AT)
    timings = driver.run(TIMINGS) or {}
    return {"ready_ms": round(ready), **{k: v for k, v in timings.items() if k != "marks"},
            "marks": timings.get("marks", {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", default="trice/?seats=human,heuristic,heuristic&seed=1")
    parser.add_argument("--browsers", nargs="*", default=list(DRIVERS))
    args = parser.parse_args()
    for name in args.browsers:
        driver = DRIVERS[name]()
        cold, warm = [], []
        try:
            driver.resize(1366, 768)
            for _ in range(args.runs):
                server = Server(DIST).start()
                try:
                    driver.allowed.add(server.url.rstrip("/"))
                    cold.append(start(driver, server.url + args.page))
                    warm.append(start(driver, server.url + args.page))
                finally:
                    server.stop()
        finally:
            driver.close()
        print(f"{driver.name} {getattr(driver, 'version', '')}")
        for label, runs in (("cold", cold), ("warm", warm)):
            median = statistics.median(run["ready_ms"] for run in runs)
            each = ", ".join(f"{run['ready_ms'] / 1000:.1f}" for run in runs)
            print(f"  {label}: ready {median / 1000:.1f} s (median of {len(runs)}; {each})")
            print(f"    last run's marks: {json.dumps(runs[-1])}")


if __name__ == "__main__":
    main()

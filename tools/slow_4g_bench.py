"""A first visit over a phone's network: time to ready against the floor the bytes set.

Opens a game page for the first time (a fresh browser context) in headless
Chromium under its own network emulation, slow 4G (1.6 Mbps down, 750 kbps
up, 150 ms), served by Python's plain ``http.server``, which compresses
nothing (as a static host does for the types it leaves alone). It prints,
per run, the time to ``<html data-engine="ready">``, the bytes the network
carried until then (every response's encoded length, headers included, as
Chromium counts them), the floor those bytes set at that bandwidth (bytes x 8
/ 1.6 Mbps: no link delivers them sooner) and the ratio of the two (issue 38:
at most 1.3 on a quiet machine).

Usage: ``python tools/slow_4g_bench.py [--dist dist] [--page trice/] [--runs 2]`` (part of ``make bench``).
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Chromium's "slow 4G" preset, as issue 38 names it: bits per second down and up, and the round trip's latency.
DOWN_BPS = 1.6e6
UP_BPS = 750e3
LATENCY_MS = 150
#: The longest a first visit may take before the run is reported as not ready (a stalled download).
GIVE_UP_S = 600
#: Chromium's flags for a root user in a container (as the browser tests use).
ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:  # one line per file would drown the figures
        pass


def serve(dist: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def first_visit(playwright: object, executable: str, url: str) -> tuple[float, int]:
    """One first visit: seconds to ready and the bytes the network carried until then."""
    browser = playwright.chromium.launch(executable_path=executable, args=ARGS)  # type: ignore[attr-defined]
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        carried = [0]
        cdp.on("Network.loadingFinished", lambda event: carried.__setitem__(0, carried[0] + event["encodedDataLength"]))
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS, "downloadThroughput": DOWN_BPS / 8, "uploadThroughput": UP_BPS / 8,
        })
        started = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_selector('html[data-engine="ready"]', state="attached", timeout=GIVE_UP_S * 1000)
        return time.perf_counter() - started, carried[0]
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--page", default="trice/", help="the game page, as a path under the site")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist} is not built: run `make build`")
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    server, base = serve(args.dist)
    ratios = []
    try:
        with sync_playwright() as playwright:
            print(f"slow 4G first visit of /{args.page} ({DOWN_BPS / 1e6:g} Mbps down, {LATENCY_MS} ms), a server "
                  f"that compresses nothing, 390x844:")
            for run in range(args.runs):
                seconds, carried = first_visit(playwright, executable, base + args.page)
                floor = carried * 8 / DOWN_BPS
                ratios.append(seconds / floor)
                print(f"    run {run + 1}: ready in {seconds:5.1f} s; {carried / 1e6:.2f} MB carried, floor "
                      f"{floor:5.1f} s; RATIO {seconds / floor:.2f} (<= 1.3)", flush=True)
    finally:
        server.shutdown()
    print(f"    median ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()

"""Benchmark: how long the analysis of a finished game takes in the page, and in CPython.

For each game, a game played to its end by bots (the same share links as the
layout tests) is opened in the built site (dist/, served locally with the
production headers, in headless Chromium); "Analyse this game" is pressed and
the time until the graph is drawn is measured, then scaled to 100 turns
(issue 21's bar: a 100-turn game in at most 30 s at the page's level).  The
same analysis in CPython is printed beside it.  Figures, never tests: they
depend on the machine.

Usage: ``python tools/analysis_bench.py [--dist DIR] [GAME ...]`` (run it under ``nice -n 19`` on a shared machine).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.analysis import PAGE_LEVEL, analyse, turns_of
from engine.records import replay
from tools.soak import endgame_link
from ui.store.links import decode_link

#: Games played to their end by bots: (line-up, seed), as tests/e2e/test_layout.py's FINISHED.
FINISHED = {
    "trice": ("heuristic,heuristic,heuristic", 2),
    "piratissimo": ("heuristic,heuristic,heuristic,heuristic", 29),
    "siege": ("aim,aim", 7),
}


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(FINISHED))
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-u", str(ROOT / "tools/serve.py"), "--port", str(port), "--dir", args.dist,
                               "--quiet"], stdout=subprocess.PIPE)
    assert server.stdout is not None
    server.stdout.readline()  # the server's first line: its port is bound
    print(f"analysis at the page's level ({PAGE_LEVEL}): seconds for the game, and scaled to 100 turns")
    print(f"{'game':<12} {'turns':>5} {'page s':>7} {'page /100':>10} {'CPython s':>10} {'CPython /100':>13}")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page()
            for name in args.games:
                lineup, seed = FINISHED[name]
                link = endgame_link(name, lineup, seed, 0)
                played = replay(decode_link(link))
                turns = len(turns_of(played.game, played.states))
                started = time.perf_counter()
                analyse(played, level=PAGE_LEVEL)
                native = time.perf_counter() - started
                page.goto("about:blank")
                page.goto(f"http://127.0.0.1:{port}/{name}/#{link}")
                page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
                page.wait_for_selector("#winner [data-coach=analyse]", timeout=120_000)
                started = time.perf_counter()
                page.click("#winner [data-coach=analyse]")
                page.wait_for_selector("[data-region=analysis] .chances-graph", timeout=600_000)
                in_page = time.perf_counter() - started
                print(f"{name:<12} {turns:>5} {in_page:>7.1f} {100 * in_page / turns:>10.1f} {native:>10.1f} "
                      f"{100 * native / turns:>13.1f}", flush=True)
            browser.close()
    finally:
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse on the built site: ``make lighthouse`` (issue 38 point 7, "outside judges").

Serves a built site (tools/serve.py: the production headers of netlify.toml, and no
compression, like a static host for the types it leaves alone), runs the pinned
Lighthouse (tools/lighthouse/package.json) with its mobile profile -- simulated slow
4G and a Moto G Power's screen and CPU, Lighthouse's default -- on the landing page,
the embed, each game and each game's first lesson, and prints one line per page:
the four scores, LCP, TBT and CLS, and the audits that kept a score from 100.

A benchmark, not a test: the scores depend on the machine (the simulated CPU is
this one slowed down four times), so nothing here runs in ``make test``. The JSON
reports and a summary go to build/lighthouse/ (outside git).

    python tools/lighthouse.py [--dist DIST] [--out DIR] [--runs N] [PAGE ...]

Lighthouse 12.8.2: it runs on Node 20 with Debian's Chromium (12.2.3's trace-based audits
break on Chromium 156). Its lock needs one override (tools/lighthouse/package.json): from
12.3 on, Lighthouse depends on @paulirish/trace_engine, which asks for ``third-party-web``
and ``legacy-javascript`` at the dist-tag ``latest``. ``npm ci`` resolves a tag again
against the registry and refuses a lock whose copy is no longer the tag's version
("Missing: third-party-web@0.30.0 from lock file", once 0.30.0 was published after the
lock took 0.27.0, the version Lighthouse itself asks for). The override names the versions
the lock holds, so the lock stays valid whatever the registry's tags say later
(tests/test_lighthouse_lock.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import select
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "tools/lighthouse/node_modules/lighthouse/cli/index.js"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: Chromium for Lighthouse: Debian's, headless, without the sandbox (we run as root in a container).
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
#: How long tools/serve.py may take to say it serves (it prints a line once bound).
SERVER_START_S = 15
#: How long one Lighthouse run may take: a game page loads about 10 MB over simulated slow 4G,
#: but the simulation computes that time; the real run on the loopback takes about a minute.
RUN_TIMEOUT_S = 600
#: Tries per run: on a loaded machine Lighthouse sometimes gives up waiting on Chromium's protocol
#: ("Waiting for DevTools protocol response has exceeded the allotted time"), and a second try passes.
ATTEMPTS = 2


class Page(NamedTuple):
    name: str
    path: str  # under the site's root
    performance_bound: int  # issue 38: 90 for the pages a visitor lands on first, 80 for a page that runs the engine


def first_lesson(game: str) -> str:
    """The game's first lesson's address (its lessons are ``NN-<slug>.json``, in their order)."""
    first = min((ROOT / "ui/games" / game / "lessons").glob("[0-9][0-9]-*.json"))
    return f"{game}/learn/{first.stem.split('-', 1)[1]}/"


GAMES = ("trice", "piratissimo", "siege")
#: Issue 38's bounds on the performance score; accessibility, best practices and SEO must be 100 everywhere.
LANDING_BOUND = 90
GAME_BOUND = 80
PAGES = (
    Page("landing", "", LANDING_BOUND),
    Page("embed", "trice/?embed=1", LANDING_BOUND),  # the facade a blog's frame shows (tests/e2e/test_embed.py)
    *(Page(game, f"{game}/", GAME_BOUND) for game in GAMES),
    *(Page(f"{game}-lesson", first_lesson(game), GAME_BOUND) for game in GAMES),
)
OTHER_BOUND = 100


class Result(NamedTuple):
    page: Page
    scores: dict[str, int]
    lcp_ms: float
    tbt_ms: float
    cls: float
    failing: dict[str, list[str]]  # by category: the audits that kept it from 100
    lcp_element: str
    report: Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(dist: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-u", str(ROOT / "tools/serve.py"), "--port", str(port), "--dir", str(dist), "--quiet"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE)
    assert server.stdout is not None
    ready, _, _ = select.select([server.stdout], [], [], SERVER_START_S)
    if not ready or not server.stdout.readline():
        server.kill()
        raise SystemExit(f"tools/serve.py did not start on port {port}")
    return server, f"http://127.0.0.1:{port}/"


def run_lighthouse(url: str, report: Path) -> dict[str, Any]:
    command = [
        shutil.which("node") or "node", str(LIGHTHOUSE), url,
        "--output=json", f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--quiet",
    ]
    for attempt in range(1, ATTEMPTS + 1):
        report.unlink(missing_ok=True)
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROME}, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S, check=False)
        if done.returncode == 0 and report.exists():
            return json.loads(report.read_text())
        print(f"Lighthouse failed on {url} (try {attempt} of {ATTEMPTS}):\n{done.stderr[-3000:]}", file=sys.stderr)
    raise SystemExit(f"Lighthouse failed {ATTEMPTS} times on {url}")


def failing_audits(lhr: dict[str, Any], category: str) -> list[str]:
    """The audits of a category that scored below 1 (a metric of performance: below 0.9, Lighthouse's green)."""
    names = []
    for ref in lhr["categories"][category]["auditRefs"]:
        audit = lhr["audits"][ref["id"]]
        score = audit.get("score")
        if score is None or audit.get("scoreDisplayMode") in ("informative", "notApplicable", "manual"):
            continue
        if category == "performance":
            if ref.get("group") == "metrics" and score < 0.9:
                names.append(f"{ref['id']} {audit.get('displayValue', '')}".strip())
            elif ref.get("group") != "metrics" and score < 1 and audit.get("metricSavings"):
                names.append(ref["id"])
        elif score < 1:
            names.append(ref["id"])
    return names


def lcp_element(lhr: dict[str, Any]) -> str:
    audit = lhr["audits"].get("largest-contentful-paint-element", {})
    for item in audit.get("details", {}).get("items", []):
        for row in item.get("items", []):
            node = row.get("node")
            if node:
                return node.get("selector", "") or node.get("snippet", "")
    return ""


def summarise(page: Page, lhr: dict[str, Any], report: Path) -> Result:
    audits = lhr["audits"]
    return Result(
        page=page,
        scores={c: round(100 * (lhr["categories"][c]["score"] or 0)) for c in CATEGORIES},
        lcp_ms=audits["largest-contentful-paint"]["numericValue"],
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        cls=audits["cumulative-layout-shift"]["numericValue"],
        failing={c: failing_audits(lhr, c) for c in CATEGORIES},
        lcp_element=lcp_element(lhr),
        report=report,
    )


def median_run(results: list[Result]) -> Result:
    """Of several runs of a page, the one whose performance score is the median (Lighthouse's advice)."""
    ordered = sorted(results, key=lambda r: r.scores["performance"])
    return ordered[(len(ordered) - 1) // 2]


def misses(result: Result) -> list[str]:
    bounds = {"performance": result.page.performance_bound, **{c: OTHER_BOUND for c in CATEGORIES[1:]}}
    return [f"{c} {result.scores[c]} < {bounds[c]}" for c in CATEGORIES if result.scores[c] < bounds[c]]


def table(results: list[Result]) -> str:
    head = "| page | address | performance | accessibility | best practices | SEO | LCP | TBT | CLS |"
    lines = [head, "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for r in results:
        s = r.scores
        lines.append(
            f"| {r.page.name} | /{r.page.path} | {s['performance']} (≥ {r.page.performance_bound}) | "
            f"{s['accessibility']} | {s['best-practices']} | {s['seo']} | "
            f"{r.lcp_ms / 1000:.1f} s | {r.tbt_ms:.0f} ms | {r.cls:.3f} |"
        )
    return "\n".join(lines)


def details(results: list[Result]) -> str:
    lines = []
    for r in results:
        failing = "; ".join(f"{c}: {', '.join(a)}" for c, a in r.failing.items() if a)
        lines.append(f"- {r.page.name}: LCP element {r.lcp_element or '?'}" + (f"; below: {failing}" if failing else ""))
        lines.extend(f"  UNDER BOUND: {m}" for m in misses(r))
    return "\n".join(lines)


def git_commit() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=False)
    return done.stdout.strip() or "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (tools/build.py --out)")
    parser.add_argument("--out", type=Path, default=ROOT / "build/lighthouse", help="where the JSON reports go")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median performance is shown")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a page is under a bound")
    parser.add_argument("pages", nargs="*", help="page names to run (default: all)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: npm ci --prefix tools/lighthouse (make lighthouse does it)")
    if not Path(CHROME).exists():
        raise SystemExit(f"no Chromium at {CHROME}: set CHROME_PATH")
    if not (args.dist / "index.html").exists():
        raise SystemExit(f"{args.dist} has no index.html: build the site first (make lighthouse does it)")
    pages = [p for p in PAGES if not args.pages or p.name in args.pages]
    args.out.mkdir(parents=True, exist_ok=True)
    server, base = start_server(args.dist)
    results: list[Result] = []
    version = "?"
    try:
        for page in pages:
            runs = []
            for run in range(args.runs):
                report = args.out / f"{page.name}-{run + 1}.json"
                lhr = run_lighthouse(base + page.path, report)
                version = lhr.get("lighthouseVersion", version)
                runs.append(summarise(page, lhr, report))
                print(f"{page.name} run {run + 1}: {runs[-1].scores}", file=sys.stderr, flush=True)
            results.append(median_run(runs))
    finally:
        server.terminate()
        server.wait(timeout=10)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"Lighthouse {version}, mobile profile (simulated slow 4G, Moto G Power), commit {git_commit()}, {stamp}")
    print(table(results))
    print(details(results))
    summary = {
        "lighthouse": version, "commit": git_commit(), "date": stamp, "runs": args.runs,
        "pages": [{"page": r.page.name, "path": "/" + r.page.path, "scores": r.scores, "lcp_ms": r.lcp_ms,
                   "tbt_ms": r.tbt_ms, "cls": r.cls, "failing": r.failing, "lcp_element": r.lcp_element,
                   "report": str(r.report)} for r in results],
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    under = [r for r in results if misses(r)]
    return 1 if under and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())

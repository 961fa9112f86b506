"""Browser benchmark: the site's start-up against bare Pyodide, and what a first visit costs.

Prints, for the built site (dist/, or every ``--dist DIR`` side by side, runs
interleaved so that a busy machine slows them alike), served locally with the
production headers, in headless Chromium:

* bare ``loadPyodide()`` of the same vendored files on the main thread and in
  a module worker, warm and cold (the baselines);
* the time to ``<html data-engine="ready">`` on a game page, warm and cold,
  and the ratio warm site / warm bare main thread (issue 15's figure);
* the time from a click on a landing card (engine ready there) to the game's
  board answering input: the engine's first screen of that game is on the
  page and a round trip to the engine has been answered, whatever the
  navigation (a page load or a client-side one);
* the first visit's transfer (every response body the server sent, the
  service worker's precache included) raw, gzipped and brotli-compressed as a
  static host would serve it, and every URL the server sent twice; then file
  by file, from the build's precache list (tools/first_visit.py);
* an embed (``?embed=1``): what its facade costs before any input, and what
  the click on Play then downloads until the engine is ready;
* random playouts and the search bot's think time inside the page's Pyodide
  (skip with ``--startup-only``).

``--bot-turns N`` measures only what a person waits for a hard bot: a game of
hard bots (``mcts:hard`` in every seat) at the normal pace in each game's
page, N whole turns each (from the turn's first screen to the next seat's),
mean and worst.

Warm runs reload the page in the same browser context (HTTP cache, code
cache and, for the site, its service worker kept); the first two loads of each
context are not counted, since Chromium keeps compiled code only from a
script's second run on. Cold runs each use a fresh context.
Usage: ``make bench``, or ``python tools/browser_bench.py [--dist DIR ...] [--runs N]``.
"""

from __future__ import annotations

import argparse
import collections
import functools
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "tools"))
import itertools

import first_visit
import serve

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]
GAMES = ("trice", "piratissimo", "siege")
WARMUP = 2  # loads per context not counted in warm figures

# Every document of the site gets this before its own scripts: a promise of
# the engine's ready time (no polling), and the card-click probe.
PROBE = """
(() => {
  let resolveReady;
  window.__ready = new Promise((resolve) => { resolveReady = resolve; });
  const readyNow = () => document.documentElement && document.documentElement.dataset.engine === "ready";
  // Card click to playable board: the click's time goes to sessionStorage, so
  // it survives a page load; whichever document shows the game then answers.
  addEventListener("click", (event) => {
    const card = event.target.closest && event.target.closest("[data-card]");
    if (card) sessionStorage.setItem("__benchCard", JSON.stringify({ game: card.dataset.card, at: performance.timeOrigin + event.timeStamp }));
  }, true);
  let probing = false;
  const playable = async () => {
    const wanted = sessionStorage.getItem("__benchCard");
    if (!wanted || probing) return;
    const { game, at } = JSON.parse(wanted);
    const h = document.documentElement;
    if (h.dataset.game !== game || h.dataset.engine !== "ready" || !window.boardgamesEngine) return;
    const status = document.querySelector("[data-region=status]");
    if (!document.querySelector("[data-region=controls] [data-act]") && !(status && status.textContent.trim())) return;
    probing = true;
    await window.boardgamesEngine.call({ op: "ping" });
    window.__playable = performance.timeOrigin + performance.now() - at;
    sessionStorage.removeItem("__benchCard");
  };
  new MutationObserver(() => {
    if (readyNow()) resolveReady(performance.now());
    playable();
  }).observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
})();
"""

BARE_MAIN_HTML = '<!doctype html><title>bare main</title><script type="module" src="bare-main.js"></script>'
BARE_MAIN_JS = """
window.__bare = import(new URL("../PYODIDE", import.meta.url).href)
  .then(({ loadPyodide }) => loadPyodide())
  .then((py) => { py.runPython("1 + 1"); return performance.now(); });
"""
BARE_WORKER_HTML = '<!doctype html><title>bare worker</title><script type="module" src="bare-worker.js"></script>'
BARE_WORKER_JS = """
const worker = new Worker(new URL("bare-worker.mjs", import.meta.url), { type: "module" });
window.__bare = new Promise((resolve) => { worker.onmessage = () => resolve(performance.now()); });
"""
BARE_WORKER_MJS = """
const { loadPyodide } = await import(new URL("../PYODIDE", import.meta.url).href);
const py = await loadPyodide();
py.runPython("1 + 1");
postMessage("ready");
"""


class Log:
    """What the server sent: (path, status, body bytes) per response."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[tuple[str, int, int]] = []

    def mark(self) -> int:
        with self.lock:
            return len(self.entries)

    def since(self, mark: int) -> list[tuple[str, int, int]]:
        with self.lock:
            return self.entries[mark:]


class Handler(serve.Handler):
    log: Log

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        sent = 0
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        self.log.entries.append((self.path.split("?", 1)[0], getattr(self, "_status", 0), sent))

    def send_head(self) -> Any:
        result = super().send_head()
        if result is None:  # 304, 404...: no body
            self.log.entries.append((self.path.split("?", 1)[0], getattr(self, "_status", 0), 0))
        return result


class Site:
    """One build served from a folder of links to its files, plus the bare pages."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()
        self.root = Path(tempfile.mkdtemp(prefix="bench-"))
        for entry in self.dist.iterdir():
            (self.root / entry.name).symlink_to(entry)
        html = (self.dist / "index.html").read_text()
        self.config = json.loads(html.split('id="site-config">')[1].split("</script>")[0])
        bench = self.root / "__bench__"
        bench.mkdir()
        pyodide = self.config["pyodideBare"]
        for name, text in {
            "bare-main.html": BARE_MAIN_HTML,
            "bare-main.js": BARE_MAIN_JS,
            "bare-worker.html": BARE_WORKER_HTML,
            "bare-worker.js": BARE_WORKER_JS,
            "bare-worker.mjs": BARE_WORKER_MJS,
        }.items():
            (bench / name).write_text(text.replace("PYODIDE", pyodide))
        self.log = Log()
        handler_class = type("BenchHandler", (Handler,), {"log": self.log, "rules": serve.load_header_rules(), "quiet": True})
        self.server = serve.Server(("127.0.0.1", 0), functools.partial(handler_class, directory=str(self.root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.root, ignore_errors=True)

    def file(self, url_path: str) -> Path | None:
        path = self.dist / url_path.lstrip("/")
        if url_path.endswith("/"):
            path = path / "index.html"
        return path if path.is_file() else None


def compressed_sizes(paths: list[Path]) -> tuple[int, int | None]:
    """Total gzip (level 6, as servers compress on the fly) and brotli (quality 11, as static hosts
    precompress) sizes of ``paths``; brotli through Node's zlib (the build needs Node anyway)."""
    gz = sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in paths)
    node = shutil.which("node")
    if not node or not paths:
        return gz, None
    script = (
        "const z=require('zlib'),fs=require('fs');let t=0;"
        "for(const f of JSON.parse(process.argv[1]))t+=z.brotliCompressSync(fs.readFileSync(f),"
        "{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_SIZE_HINT]:fs.statSync(f).size}}).length;"
        "console.log(t)"
    )
    try:
        out = subprocess.run([node, "-e", script, json.dumps([str(p) for p in paths])], capture_output=True, text=True, check=True)
        return gz, int(out.stdout.strip())
    except (subprocess.CalledProcessError, ValueError):
        return gz, None


def progress(message: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


class Bench:
    """The figures of one build. Every browser is a real profile (a fresh folder), as a visitor's is:
    Chromium keeps a 9.6 MB WebAssembly file, and the compiled code beside it, only in an on-disk
    cache, never in the memory cache of a private window (Playwright's default context)."""

    def __init__(self, playwright: Any, executable: str, site: Site, runs: int, cold_runs: int) -> None:
        self.playwright = playwright
        self.executable = executable
        self.site = site
        self.runs = runs
        self.cold_runs = cold_runs
        self.results: dict[str, list[float]] = collections.defaultdict(list)
        self.first_visit: dict[str, Any] = {}
        self.embed: dict[str, dict[str, Any]] = {}
        self.private_visit: dict[str, Any] = {}
        self.timings: dict[str, Any] = {}
        self.python: dict[str, Any] = {}
        self.contexts: dict[str, Any] = {}
        self.profiles: list[Path] = []
        self.loads: collections.Counter[str] = collections.Counter()

    def context(self, *, service_workers: str = "allow") -> Any:
        """A browser with a fresh profile of its own."""
        profile = Path(tempfile.mkdtemp(prefix="bench-profile-"))
        self.profiles.append(profile)
        context = self.playwright.chromium.launch_persistent_context(
            str(profile), executable_path=self.executable, args=ARGS, service_workers=service_workers
        )
        context.add_init_script(PROBE)
        context.set_default_timeout(180_000)
        return context

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        for profile in self.profiles:
            shutil.rmtree(profile, ignore_errors=True)

    def bare(self, kind: str, page: Any) -> float:
        page.goto(self.site.url + f"__bench__/bare-{kind}.html")
        return float(page.evaluate("window.__bare"))

    def site_ready(self, page: Any, path: str) -> tuple[float, float]:
        page.goto(self.site.url + path)
        ready = float(page.evaluate("window.__ready"))
        paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")
        return ready, paint

    def warm_round(self) -> None:
        """One load of each kind, each in a new tab of its own long-lived profile (a returning
        visitor); the first loads of a profile only fill its caches."""
        for kind in ("main", "worker", "site"):
            progress(f"{self.site.dist} warm {kind}")
            if kind not in self.contexts:
                self.contexts[kind] = self.context(service_workers="allow" if kind == "site" else "block")
            page = self.contexts[kind].new_page()
            self.loads[kind] += 1
            if kind == "site":
                ready, paint = self.site_ready(page, "trice/")
                if self.loads[kind] == 1:  # the first visit registers the service worker; let it precache
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                if self.loads[kind] > WARMUP:
                    self.results["site warm"].append(ready)
                    self.results["paint warm"].append(paint)
                    self.timings = page.evaluate("window.boardgamesTimings || {}")
                    self.python = page.evaluate("(window.boardgamesEngine || {}).python || {}")
            else:
                value = self.bare(kind, page)
                if self.loads[kind] > WARMUP:
                    self.results[f"bare {kind} warm"].append(value)
            page.close()

    def cold_round(self) -> None:
        progress(f"{self.site.dist} cold")
        for kind in ("main", "worker"):
            context = self.context(service_workers="block")
            self.results[f"bare {kind} cold"].append(self.bare(kind, context.new_page()))
            context.close()
        context = self.context()
        self.results["site cold"].append(self.first(context.new_page(), self.first_visit))
        context.close()

    def first(self, page: Any, account: dict[str, Any]) -> float:
        """A first visit to a game page; its transfer goes into ``account`` (once)."""
        mark = self.site.log.mark()
        ready, paint = self.site_ready(page, "trice/")
        # The first visit ends once the service worker has precached the site.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        time.sleep(0.5)  # let the last responses of the install be logged
        self.results["paint cold"].append(paint)
        if not account:
            account.update(self.account(self.site.log.since(mark)))
        return ready

    def private_window(self, browser: Any) -> None:
        """A first visit in a private window (memory caches only)."""
        progress(f"{self.site.dist} private window")
        context = browser.new_context()
        context.add_init_script(PROBE)
        context.set_default_timeout(180_000)
        self.results["site cold private"].append(self.first(context.new_page(), self.private_visit))
        context.close()

    def card_clicks(self) -> None:
        context = self.contexts["site"]
        for game in GAMES:
            progress(f"{self.site.dist} card {game}")
            page = context.new_page()
            page.goto(self.site.url)
            page.evaluate("window.__ready")
            page.click(f"[data-card={game}]")
            deadline = time.monotonic() + 120
            value = None
            while value is None and time.monotonic() < deadline:
                try:
                    value = page.evaluate("window.__playable")
                except Exception:  # the page is navigating
                    value = None
                time.sleep(0.05)
            page.close()
            if value is None:
                raise RuntimeError(f"{game}: the board never answered after the card click")
            self.results["card click"].append(float(value))

    def embed_visit(self) -> None:
        """A first look at an embed (a fresh profile): its facade until the network is quiet, then Play to ready."""
        progress(f"{self.site.dist} embed")
        context = self.context()
        page = context.new_page()
        mark = self.site.log.mark()
        page.goto(self.site.url + "trice/?embed=1")
        page.locator("html[data-engine=waiting]").wait_for(state="attached")
        page.wait_for_load_state("networkidle")
        time.sleep(0.5)  # let the last responses be logged
        self.embed["before input"] = self.account(self.site.log.since(mark))
        mark = self.site.log.mark()
        page.locator("#facade .facade-play").click()
        page.evaluate("window.__ready")
        time.sleep(0.5)
        self.embed["after Play, to ready"] = self.account(self.site.log.since(mark))
        context.close()

    def account(self, entries: list[tuple[str, int, int]]) -> dict[str, Any]:
        bodies = [(path, size) for path, status, size in entries if status == 200 and size > 0]
        counts = collections.Counter(path for path, _ in bodies)
        files = [f for f in (self.site.file(path) for path, _ in bodies) if f is not None]
        gz, br = compressed_sizes(files)
        return {
            "raw": sum(size for _, size in bodies),
            "gzip": gz,
            "brotli": br,
            "responses": len(bodies),
            "twice": sorted(path for path, n in counts.items() if n > 1),
            "revalidated": sum(1 for _, status, _ in entries if status == 304),
        }

    def in_page_engine(self) -> tuple[dict[str, Any], dict[tuple[str, str], Any]]:
        page = self.contexts["site"].new_page()
        page.goto(self.site.url + "trice/")
        page.evaluate("window.__ready")
        playouts = {
            name: page.evaluate("name => window.boardgamesEngine.call({op: 'bench', game: name, seconds: 3})", name)
            for name in GAMES
        }
        thinking = {
            (name, level): page.evaluate(
                "args => window.boardgamesEngine.call({op: 'bench', game: args[0], bot: args[1], positions: 3})",
                [name, f"mcts:{level}"],
            )
            for name in GAMES
            for level in ("easy", "medium", "hard")
        }
        return playouts, thinking


#: Records when each seat's turn starts (the html element's data-turn; a chance step of nobody's, "", is no new turn).
TURN_WATCH = """() => {
  window.__turns = [];
  const note = () => {
    const seat = document.documentElement.dataset.turn;
    const last = window.__turns[window.__turns.length - 1];
    if (seat && (!last || last.seat !== seat)) window.__turns.push({ seat, at: performance.now() });
  };
  note();
  new MutationObserver(note).observe(document.documentElement, { attributes: true, attributeFilter: ["data-turn"] });
}"""


def bot_turns(
    executable: str, site: Site, turns: int, games: Sequence[str] = GAMES, bot: str = "mcts:hard"
) -> dict[str, list[float]]:
    """Seconds of each whole turn of ``bot`` bots at the normal pace, per game (the first, partial turn left out)."""
    from playwright.sync_api import sync_playwright

    found: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=ARGS)
        for name in games:
            seats = ",".join([bot] * (3 if name == "trice" else 2))
            page = browser.new_page()
            page.set_default_timeout(600_000)
            page.goto(site.url + f"{name}/?seats={seats}&seed=1")
            page.wait_for_selector('html[data-engine="ready"]')
            page.evaluate(TURN_WATCH)
            progress(f"{name}: {turns} turns of {bot} bots")
            page.wait_for_function(
                "n => window.__turns.length > n || /Game over|Partie terminée/.test(document.querySelector('[data-region=status]').textContent)",
                arg=turns + 1, polling=200,
            )
            marks = [t["at"] for t in page.evaluate("window.__turns")]
            found[name] = [(b - a) / 1000 for a, b in itertools.pairwise(marks)]
            page.close()
        browser.close()
    return found


def whole_site(dist: Path) -> tuple[int, int]:
    files = [p for p in dist.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), sum(len(gzip.compress(p.read_bytes(), 6, mtime=0)) for p in files)


def mb(n: int | None) -> str:
    return "n/a" if n is None else f"{n / 1e6:.2f} MB"


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", action="append", type=Path, help="a built site (repeat to compare builds side by side)")
    parser.add_argument("--runs", type=int, default=5, help="warm loads counted per measure (after 2 uncounted)")
    parser.add_argument("--cold", type=int, default=2, help="cold loads per measure")
    parser.add_argument("--startup-only", action="store_true", help="skip the in-page engine and bot figures")
    parser.add_argument("--bot-turns", type=int, default=0, metavar="N",
                        help="only measure N whole turns of hard bots per game at the normal pace")
    parser.add_argument("--bot-turns-games", default=",".join(GAMES), help="the games of --bot-turns (comma-separated)")
    parser.add_argument("--bot-turns-bots", default="mcts:hard",
                        help="the bots of --bot-turns (comma-separated; 'heuristic' for the pace and drawing alone)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dists = args.dist or [ROOT / "dist"]
    for dist in dists:
        if not (dist / "index.html").exists():
            sys.exit(f"{dist} is not built: run `make build`")
    sites = [Site(d) for d in dists]
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    load_before = loadavg()
    if args.bot_turns:
        games = [g for g in args.bot_turns_games.split(",") if g]
        try:
            found = {
                bot: bot_turns(executable, sites[-1], args.bot_turns, games, bot) for bot in args.bot_turns_bots.split(",")
            }
        finally:
            for s in sites:
                s.close()
        print(f"bots' whole turns in the page ({dists[-1]}), normal pace, Chromium headless; "
              f"load average {load_before} before, {loadavg()} after")
        for bot, per_game in found.items():
            for name, seconds in per_game.items():
                if seconds:
                    print(f"    {name:<12} {bot:<10} {len(seconds):>3} turns  mean {statistics.mean(seconds):5.2f} s"
                          f"  worst {max(seconds):5.2f} s")
                else:
                    print(f"    {name:<12} {bot:<10} no whole turn")
        return
    benches: list[Bench] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=ARGS)  # for the private windows
            version = browser.version
            benches = [Bench(p, executable, s, args.runs, args.cold) for s in sites]
            for _ in range(WARMUP + args.runs):  # interleaved: a busy moment slows every build alike
                for bench in benches:
                    bench.warm_round()
            for bench in benches:
                bench.card_clicks()
            for _ in range(args.cold):
                for bench in benches:
                    bench.cold_round()
            for bench in benches:
                bench.private_window(browser)
            for bench in benches:
                bench.embed_visit()
            engine = None if args.startup_only else benches[-1].in_page_engine()
            for bench in benches:
                bench.close()
            browser.close()
    finally:
        for s in sites:
            s.close()
    print(
        f"browser bench: Chromium {version} headless, localhost; {args.runs} warm loads counted per measure "
        f"(medians), {args.cold} cold; load average {load_before} before, {loadavg()} after"
    )
    names = [str(d) for d in dists]
    width = max(22, *(len(n) for n in names))
    print(f"{'measure':<52}" + "".join(f"{n:>{width}}" for n in names))

    def row(label: str, values: list[str]) -> None:
        print(f"{label:<52}" + "".join(f"{v:>{width}}" for v in values))

    def ms(key: str) -> list[str]:
        return [f"{median(b.results[key]):,.0f} ms" for b in benches]

    row("bare loadPyodide(), main thread, warm", ms("bare main warm"))
    row("bare loadPyodide(), main thread, cold", ms("bare main cold"))
    row("bare loadPyodide(), module worker, warm", ms("bare worker warm"))
    row("bare loadPyodide(), module worker, cold", ms("bare worker cold"))
    row("game page to data-engine=ready, warm", ms("site warm"))
    row("game page to data-engine=ready, cold (first visit)", ms("site cold"))
    row("RATIO warm ready / warm bare main thread (<= 1.5)", [
        f"{median(b.results['site warm']) / median(b.results['bare main warm']):.2f}" for b in benches
    ])
    row("ratio warm ready / warm bare worker", [
        f"{median(b.results['site warm']) / median(b.results['bare worker warm']):.2f}" for b in benches
    ])
    row("first paint of the shell, warm / cold", [
        f"{median(b.results['paint warm']):.0f} / {median(b.results['paint cold']):.0f} ms" for b in benches
    ])
    row("card click to playable board (median of 3 games)", ms("card click"))
    keys = ("pyscript", "worker", "wheels", "imports", "first_screen")
    for key in keys:
        if any(key in b.timings for b in benches):
            row(f"  warm breakdown: {key}", [f"{b.timings[key]:,} ms" if key in b.timings else "-" for b in benches])
    row("  page's Python: bytecode / ui.app.session from", [
        f"{b.python.get('bytecode', '-')} / {Path(b.python.get('modules', {}).get('ui.app.session', '?')).name}" for b in benches
    ])
    row("first visit, private window, to ready", ms("site cold private"))
    if all(b.first_visit for b in benches):  # --cold 0 makes no first visit in the site's own profile
        row("first visit: responses with a body (304s)", [
            f"{b.first_visit['responses']} ({b.first_visit['revalidated']})" for b in benches
        ])
        row("first visit: bytes sent, raw", [mb(b.first_visit["raw"]) for b in benches])
        row("first visit: gzip -6 of every file sent", [mb(b.first_visit["gzip"]) for b in benches])
        row("first visit: brotli q11 of every file sent", [mb(b.first_visit["brotli"]) for b in benches])
        row("first visit: URLs sent twice", [str(len(b.first_visit["twice"])) for b in benches])
    row("first visit, private window: bytes sent, raw", [mb(b.private_visit["raw"]) for b in benches])
    row("first visit, private window: URLs sent twice", [str(len(b.private_visit["twice"])) for b in benches])
    for bench in benches:
        for label, visit in (("", bench.first_visit), ("private window: ", bench.private_visit)):
            if visit.get("twice"):
                print(f"    {bench.site.dist}: {label}sent twice: {', '.join(visit['twice'])}")
    for moment in ("before input", "after Play, to ready"):
        row(f"embed ?embed=1, {moment}: responses", [str(b.embed[moment]["responses"]) for b in benches])
        row("  raw / gzip -6 / brotli q11", [
            f"{b.embed[moment]['raw'] / 1e3:,.0f} / {b.embed[moment]['gzip'] / 1e3:,.0f} / "
            f"{(b.embed[moment]['brotli'] or 0) / 1e3:,.0f} KB" for b in benches
        ])
    for dist in dists:
        rows = first_visit.sizes(dist, first_visit.files(dist))
        print(f"first visit of {dist}, file by file (the service worker and its precache; tools/first_visit.py):")
        print(first_visit.table(rows))
    sizes = [whole_site(d) for d in dists]
    row("whole site on disk, raw / gzip -6", [f"{mb(r)} / {mb(g)}" for r, g in sizes])
    if engine is None:
        return
    in_page, thinking = engine
    print(f"random playouts in the page's Pyodide worker ({dists[-1]}):")
    for name, result in in_page.items():
        extra = "; ".join(result.get("extra", []))
        print(f"    {name:<12} {result['playouts_per_s']:8.1f} playouts/s {result['actions_per_s']:9.0f} actions/s {extra}")
    print("search bot in the page (3 positions from heuristic self-play, as `python -m engine.ai speed --cold`):")
    print("    game         level    think mean / worst   iterations/s")
    for (name, level), result in thinking.items():
        if not result.get("ok", True) or "mean_s" not in result:
            print(f"    {name:<12} {level:<7} failed: {result.get('error') or result}")
            continue
        print(
            f"    {name:<12} {level:<7} {result['mean_s']:6.2f} s / {result['worst_s']:.2f} s"
            f" {result['iterations_per_s']:12.0f}"
        )


if __name__ == "__main__":
    main()

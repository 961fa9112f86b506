"""Browser benchmark: start-up cost of the site against bare Pyodide.

Prints in one run, for the built dist/ served locally with production headers:

(a) bare ``loadPyodide()`` of the vendored runtime in a worker, warm;
(b) the site's time to ``<html data-engine="ready">``, cold and warm;
(c) the ratio b/a (warm);
(d) bytes transferred on the first load;
plus first paint of the shell, and random playouts per second of every game
inside the page's Pyodide.  Usage: ``make bench`` (or ``python tools/browser_bench.py``).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import DIST, Server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"]
READY_PROBE = """
window.__readyAt = null;
new MutationObserver(() => {
  if (document.documentElement.dataset.engine === "ready" && window.__readyAt === null) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-engine"] });
"""
BARE_PAGE = """<!doctype html><title>bare pyodide</title><script type="module">
const started = performance.now();
const worker = new Worker(URL.createObjectURL(new Blob([`
  import { loadPyodide } from "${new URL("PYODIDE", location.href).href}";
  const t0 = performance.now();
  const py = await loadPyodide();
  py.runPython("1 + 1");
  postMessage(performance.now() - t0);
`], { type: "text/javascript" })), { type: "module" });
worker.onmessage = (e) => { window.__bare = performance.now() - started; };
</script>"""


def site_ready(page: Any, url: str) -> tuple[float, float]:
    page.goto(url)
    page.wait_for_function("window.__readyAt !== null", timeout=180_000)
    ready = page.evaluate("window.__readyAt")
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime"
    )
    return ready, paint


def main() -> None:
    from playwright.sync_api import sync_playwright

    config = json.loads((DIST / "index.html").read_text().split('id="site-config">')[1].split("</script>")[0])
    server = Server(DIST).start()
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=ARGS)
            # (a) bare loadPyodide in a worker, warm (second and later runs).
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.route(
                "**/__bare__.html",
                lambda route: route.fulfill(
                    status=200, content_type="text/html", body=BARE_PAGE.replace("PYODIDE", config["pyodide"])
                ),
            )
            bare = []
            for _ in range(4):
                page.goto(server.url + "__bare__.html")
                page.wait_for_function("window.__bare !== undefined", timeout=180_000)
                bare.append(page.evaluate("window.__bare"))
            context.close()
            # (b) the site, cold (empty cache), then warm reloads.
            context = browser.new_context()
            context.add_init_script(READY_PROBE)
            transferred = [0]

            def count(response: Any) -> None:
                try:
                    transferred[0] += response.request.sizes()["responseBodySize"]
                except Exception:  # a response without a body (redirect, aborted)
                    pass

            context.on("response", count)
            page = context.new_page()
            cold_ready, cold_paint = site_ready(page, server.url)
            # The first visit ends once the service worker has precached the site.
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            first_bytes = transferred[0]
            warm = [site_ready(page, server.url) for _ in range(3)]
            timings = page.evaluate("window.boardgamesTimings")
            # Random playouts per second inside the page's Pyodide (the engine worker).
            in_page = {
                name: page.evaluate("name => window.boardgamesEngine.call({op: 'bench', game: name, seconds: 3})", name)
                for name in ("trice", "piratissimo", "siege")
            }
            # The search bot's think time per decision inside the page, per level.
            thinking = {
                (name, level): page.evaluate(
                    "args => window.boardgamesEngine.call({op: 'bench', game: args[0], bot: args[1], positions: 3})",
                    [name, f"mcts:{level}"],
                )
                for name in ("trice", "piratissimo", "siege")
                for level in ("easy", "medium", "hard")
            }
            context.close()
            browser.close()
    finally:
        server.stop()
    bare_warm = statistics.median(bare[1:])
    site_warm = statistics.median(r for r, _ in warm)
    paint_warm = statistics.median(p for _, p in warm)
    print(f"browser bench: Chromium headless, dist/ on localhost ({len(bare)} bare runs, 3 warm site loads)")
    print(f"(a) bare loadPyodide() in a worker, warm:   {bare_warm:8.0f} ms (cold {bare[0]:.0f} ms)")
    print(f"(b) site to data-engine=ready, cold:       {cold_ready:8.0f} ms (first paint {cold_paint:.0f} ms)")
    print(f"    site to data-engine=ready, warm:       {site_warm:8.0f} ms (first paint {paint_warm:.0f} ms)")
    print(
        f"    warm breakdown: PyScript imported at {timings['pyscript']} ms, Pyodide worker up in {timings['worker']} ms,"
        f" wheels {timings['wheels']} ms, imports {timings['imports']} ms"
    )
    print(f"(c) ratio warm b/a:                         {site_warm / bare_warm:8.2f}")
    print(f"(d) bytes transferred on first load:       {first_bytes / 1e6:8.2f} MB (including the service worker's precache)")
    print("random playouts in the page's Pyodide worker:")
    for name, result in in_page.items():
        extra = "; ".join(result.get("extra", []))
        print(f"    {name:<12} {result['playouts_per_s']:8.1f} playouts/s {result['actions_per_s']:9.0f} actions/s {extra}")
    print("search bot in the page (3 positions from heuristic self-play, as `python -m engine.ai speed --cold`):")
    print("    game         level    think mean / worst   iterations/s")
    for (name, level), result in thinking.items():
        print(
            f"    {name:<12} {level:<7} {result['mean_s']:6.2f} s / {result['worst_s']:.2f} s"
            f" {result['iterations_per_s']:12.0f}"
        )


if __name__ == "__main__":
    main()

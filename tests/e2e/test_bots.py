"""Bots think in the engine's worker: the main thread stays responsive."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, wait_ready

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


def test_search_bots_think_without_blocking_the_page(page: Any, site: Server) -> None:
    page.add_init_script(LONG_TASKS)
    page.goto(site.url + "piratissimo/?seats=mcts:easy,mcts:medium&pace=0&seed=8")
    wait_ready(page)
    # Start measuring once the engine is up: loading the runtime is not a bot turn.
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.evaluate("window.__longTasks = []")
    # While a bot thinks the page says so, and it stays responsive to the player.
    page.wait_for_function("/thinking/.test(document.querySelector('[data-region=status]').textContent)")
    clicks = page.evaluate(
        """() => new Promise((resolve) => {
             let n = 0; const t0 = performance.now();
             const tick = () => { n++; if (performance.now() - t0 < 1500) setTimeout(tick, 10); else resolve(n); };
             tick();
           })"""
    )
    assert clicks > 50  # timers kept firing during the bots' thinking
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 20", timeout=120_000)
    long_tasks = page.evaluate("window.__longTasks")
    assert not [d for d in long_tasks if d > 100], f"main-thread tasks over 100 ms: {long_tasks}"

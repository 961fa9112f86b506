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


STEP_WATCH = """
window.__steps = [];
new MutationObserver(() => window.__steps.push(Number(document.documentElement.dataset.step)))
  .observe(document.documentElement, { attributes: true, attributeFilter: ["data-step"] });
"""


def test_a_new_game_interrupts_a_thinking_bot(page: Any, site: Server) -> None:
    """Starting a new game while a hard bot thinks drops its search: its move never lands."""
    page.goto(site.url + "trice/?seats=mcts:hard,mcts:hard,mcts:hard&pace=0")
    wait_ready(page)
    status = "document.querySelector('[data-region=status]').textContent"
    # past the opening roll, a bot thinks (2.4 s a decision at the hard level)
    page.wait_for_function(f"Number(document.documentElement.dataset.step) >= 2 && /thinking/.test({status})")
    before = page.evaluate("Number(document.documentElement.dataset.step)")
    page.evaluate(STEP_WATCH)
    page.click("[data-op=show-setup] >> visible=true")
    page.click("[data-op=new]")
    page.wait_for_function(f"window.__steps.some((step) => step !== {before})")
    # (thinking slices redraw the same step) the first other step drawn is the
    # new game's, not the old bot's move
    changed = page.evaluate(f"window.__steps.find((step) => step !== {before})")
    assert changed < before, (changed, before)

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


# One window of ``ms`` milliseconds on the page: how often a 10 ms timer fired,
# the long tasks seen, and whether a step was drawn meanwhile.
THINK_WINDOW = """(ms) => new Promise((resolve) => {
  window.__longTasks = [];
  const step = document.documentElement.dataset.step;
  let ticks = 0; const t0 = performance.now();
  const tick = () => {
    ticks++;
    if (performance.now() - t0 < ms) setTimeout(tick, 10);
    else resolve({ ticks, longTasks: window.__longTasks.slice(), drew: document.documentElement.dataset.step !== step });
  };
  tick();
})"""


def test_search_bots_think_without_blocking_the_page(page: Any, site: Server) -> None:
    """While a bot thinks, the main thread has nothing to do: the search runs in the worker.

    The bots are budgeted by time only (``mcts:hard:4s``: 4 s a decision, no
    iteration cap a machine could reach first), so a thought outlasts the
    window on any machine. A one-second window inside a thought (no step drawn
    during it) must see a 10 ms timer fire steadily and no task over 50 ms. A
    search on the main thread, even cut into 50 ms slices, fails both.
    """
    page.add_init_script(LONG_TASKS)
    page.goto(site.url + "piratissimo/?seats=mcts:hard:4s,mcts:hard:4s&pace=0&seed=8")
    wait_ready(page)
    thinking = "/thinking/.test(document.querySelector('[data-region=status]').textContent)"
    windows = []
    # A decision with a single legal action is played at once, so a window may
    # still meet a step; a 4 s thought leaves the next one quiet.
    for _ in range(4):
        page.wait_for_function(thinking)
        window = page.evaluate(THINK_WINDOW, 1000)
        windows.append(window)
        if not window["drew"]:
            break
    quiet = [w for w in windows if not w["drew"]]
    assert quiet, f"every window caught a step being drawn: {windows}"
    assert quiet[0]["ticks"] > 60, quiet[0]  # about 95 when nothing blocks; 50 ms slices on the page would give under 20
    assert not [d for d in quiet[0]["longTasks"] if d > 50], f"main-thread tasks over 50 ms while a bot thinks: {quiet[0]}"


def test_drawing_the_bots_steps_never_freezes_the_page(page: Any, site: Server) -> None:
    """At the instant pace the page draws every step of the bots' game (a dozen a second).

    Each drawing re-parses the board and lays the page out (about 25 ms on a
    quiet desktop); no task may come near a quarter of a second, which a
    player would feel as a freeze (the log redrawn whole, or the board drawn
    twice a step, would reach it). The bar leaves room for a busy machine.
    """
    page.add_init_script(LONG_TASKS)
    page.goto(site.url + "piratissimo/?seats=mcts:easy,mcts:medium&pace=0&seed=8")
    wait_ready(page)
    # Start measuring once the engine is up: loading the runtime is not a bot turn.
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.evaluate("window.__longTasks = []")
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 20", timeout=120_000)
    long_tasks = page.evaluate("window.__longTasks")
    assert not [d for d in long_tasks if d > 250], f"main-thread tasks over 250 ms: {long_tasks}"


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

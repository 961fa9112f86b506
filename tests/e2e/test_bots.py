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


#: The share of an idle page's timer ticks a page must keep while a bot thinks.
IDLE_SHARE = 0.5
#: The most of a window the main thread may spend running scripts while a bot thinks.
SCRIPT_SHARE = 0.25


def script_seconds(cdp: Any) -> float:
    """The seconds the page's main thread has spent running scripts so far (DevTools' own count)."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "ScriptDuration")


def measured_window(page: Any, cdp: Any, ms: int) -> dict[str, Any]:
    """THINK_WINDOW, with the main thread's script time during it."""
    before = script_seconds(cdp)
    window = page.evaluate(THINK_WINDOW, ms)
    window["script_s"] = script_seconds(cdp) - before
    return window


def test_search_bots_think_without_blocking_the_page(page: Any, site: Server) -> None:
    """While a bot thinks, the main thread has next to nothing to do: the search runs in the worker.

    The bots are budgeted by time only (``mcts:hard:4s``: 4 s a decision, no
    iteration cap a machine could reach first), so a thought outlasts the
    window on any machine. In a one-second window inside a thought (no step
    drawn during it), the main thread runs scripts for under a quarter of
    the window (DevTools' ScriptDuration: the screens of each thinking slice
    take a few milliseconds), and a 10 ms timer fires at least half as often
    as on an idle game page just before, in the same browser: a busy machine
    slows both windows alike. A search on the main thread, even cut into
    50 ms slices, fails both (measured: 8 ticks against about 90, scripts
    most of the window). Neither is a time bar for the machine: both compare
    the page with itself.
    """
    page.add_init_script(LONG_TASKS)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(site.url + "piratissimo/?seats=human,human&seed=8")  # nobody thinks: the page is idle
    wait_ready(page)
    idle = measured_window(page, cdp, 1000)
    page.goto(site.url + "piratissimo/?seats=mcts:hard:4s,mcts:hard:4s&pace=0&seed=8")
    wait_ready(page)
    thinking = "/thinking/.test(document.querySelector('[data-region=status]').textContent)"
    windows = []
    # A decision with a single legal action is played at once, so a window may
    # still meet a step; a 4 s thought leaves the next one quiet.
    for _ in range(4):
        page.wait_for_function(thinking)
        window = measured_window(page, cdp, 1000)
        windows.append(window)
        if not window["drew"]:
            break
    quiet = [w for w in windows if not w["drew"]]
    assert quiet, f"every window caught a step being drawn: {windows}"
    assert quiet[0]["ticks"] >= IDLE_SHARE * idle["ticks"], {"thinking": quiet[0], "idle": idle}
    assert quiet[0]["script_s"] < SCRIPT_SHARE, f"the main thread ran scripts while a bot thinks: {quiet[0]}"


# Counts the page's drawing work: each step shown, each time the board region
# is drawn anew, each log line added or taken away.
DRAWING_WORK = """
window.__work = { steps: 0, boards: 0, linesAdded: 0, linesRemoved: 0 };
let shownStep = document.documentElement.dataset.step;
new MutationObserver(() => {
  // every screen sets data-step; a thinking bot's screens set the same one again
  if (document.documentElement.dataset.step !== shownStep) window.__work.steps++;
  shownStep = document.documentElement.dataset.step;
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-step"] });
new MutationObserver((records) => { window.__work.boards += records.filter((r) => r.addedNodes.length).length; })
  .observe(document.querySelector("[data-region=board]"), { childList: true });
new MutationObserver((records) => {
  for (const r of records) { window.__work.linesAdded += r.addedNodes.length; window.__work.linesRemoved += r.removedNodes.length; }
}).observe(document.querySelector("[data-region=log]"), { childList: true });
"""


def test_drawing_the_bots_steps_never_freezes_the_page(page: Any, site: Server) -> None:
    """At the instant pace the page draws every step of the bots' game (a dozen a second), at a step's cost.

    What would freeze the page is work that grows with the game: the log
    redrawn whole at each step, or the board drawn again and again. Counted,
    not timed (the time each drawing takes is the machine's): each step draws
    the board at most twice (once with the move's animation, and once more,
    still, when the next bot's thinking screen follows), and the log only
    gains its new lines.
    """
    page.goto(site.url + "piratissimo/?seats=mcts:easy,mcts:medium&pace=0&seed=8")
    wait_ready(page)
    # Start counting once the engine is up: loading the runtime is not a bot turn.
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.evaluate(DRAWING_WORK)
    # ten steps counted, however many the bots played before the counting began (at the instant pace a
    # fast page may be a dozen lines on already: a wait for the log's length counted only 9 steps once)
    page.wait_for_function("window.__work.steps >= 10", timeout=120_000)
    work = page.evaluate("window.__work")
    assert work["boards"] <= 2 * work["steps"], f"the board was drawn more than twice a step: {work}"
    assert work["linesRemoved"] == 0, f"the log was redrawn instead of growing: {work}"
    assert work["linesAdded"] >= work["steps"], work  # a line a step (a turn may add more than one)


STEP_WATCH = """
window.__steps = [];
new MutationObserver(() => window.__steps.push(Number(document.documentElement.dataset.step)))
  .observe(document.documentElement, { attributes: true, attributeFilter: ["data-step"] });
"""


def test_a_new_game_interrupts_a_thinking_bot(page: Any, site: Server) -> None:
    """Starting a new game while a hard bot thinks drops its search: its move never lands.

    The bots are budgeted by time only, 60 s a decision, so that the thought
    outlasts the two clicks on any machine (with the level's 2.4 s, a run
    under two busy loops saw the bot's move land before the clicks were done).
    """
    page.goto(site.url + "trice/?seats=mcts:hard:60s,mcts:hard:60s,mcts:hard:60s&pace=0")
    wait_ready(page)
    status = "document.querySelector('[data-region=status]').textContent"
    # past the opening roll, a bot thinks
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


# Every status line shown and every value of the thinking bar, from now on.
STATUS_WATCH = """
window.__seen = { statuses: [], bars: [], labels: [] };
const note = () => {
  const text = document.querySelector("[data-region=status]").textContent;
  if (window.__seen.statuses[window.__seen.statuses.length - 1] !== text) window.__seen.statuses.push(text);
  const bar = document.querySelector("[data-region=thinking] progress");
  if (bar) { window.__seen.bars.push(Number(bar.value)); window.__seen.labels.push(bar.getAttribute("aria-label")); }
};
note();
new MutationObserver(note).observe(document.querySelector(".board-area"), { childList: true, subtree: true, characterData: true });
"""


def test_a_bots_turn_keeps_one_status_line_and_a_growing_bar(page: Any, site: Server) -> None:
    """A hard Siege bot's whole turn (several shots, each ball's flight a chance step of nobody's):
    the status names the bot all along, and a labelled bar under it only grows. Counted, not timed."""
    page.goto(site.url + "siege/?seats=mcts:hard,human&seed=1&lang=fr")  # Blue, the bot, plays first
    wait_ready(page)
    page.evaluate(STATUS_WATCH)
    status = "document.querySelector('[data-region=status]').textContent"
    page.wait_for_function(f"/^À vous/.test({status})", timeout=180_000)
    seen = page.evaluate("window.__seen")
    during = [text for text in seen["statuses"] if text and not text.startswith("À vous")]
    assert during and set(during) <= {"Robot vigie réfléchit…", "Tirage au sort du premier joueur…"}, seen["statuses"]
    assert len(seen["bars"]) >= 3 and seen["bars"] == sorted(seen["bars"]) and seen["bars"][-1] > 0, seen["bars"]
    assert set(seen["labels"]) == {"Temps de réflexion du robot pour ce tour"}
    assert page.locator("[data-region=thinking] progress").count() == 0  # the person's turn: no bar

// The engine worker's life: its start (once per visit, shared by the pages
// that need it), the messages to Python (one at a time, in order, each with a
// time limit), its death (said on the page, with a fresh start offered) and
// its stop before that fresh start.

import { guardBroadcastChannel } from "./channel_guard.js";
import { watchStart } from "./engine_start.js";
import { headStart } from "./head_start.js";
import { guardIndexedDB } from "./idb_guard.js";
import { fail, progress } from "./notice.js";
import { offerOffline } from "./offline.js";
import { $, config, embedded, html, say, state, url, words } from "./shared.js";

// No message takes Python this long (a bot thinks in 50 ms slices): past it,
// the engine is stuck. (A test may shorten it with window.ENGINE_CALL_TIMEOUT_MS.)
const CALL_TIMEOUT_MS = window.ENGINE_CALL_TIMEOUT_MS || 60_000;

export function call(message) {
  // One message at a time: answers come back in order. Python answers every
  // message with words, even a refusal; a call that fails or never returns
  // means the engine itself died. The message goes to the session of the
  // page that sent it, even if the player has moved on meanwhile.
  const game = state.page.session;
  const run = state.busy.then(async () => {
    if (state.engineDead || !state.worker) throw new Error(say("notRunning"));
    let timer;
    const stuck = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(say("stuck", { s: CALL_TIMEOUT_MS / 1000 }))), CALL_TIMEOUT_MS);
    });
    try {
      return JSON.parse(await Promise.race([state.worker.sync.handle(JSON.stringify(message), game), stuck]));
    } catch (err) {
      engineDied(words(err));
      throw err;
    } finally {
      clearTimeout(timer);
    }
  });
  state.busy = run.catch(() => {});
  return run;
}

/** The engine died (Python crashed or stopped answering): say so and offer a fresh start. */
function engineDied(reason) {
  if (state.engineDead) return;
  state.engineDead = true;
  clearTimeout(state.page.tickTimer);
  fail(say("died", { reason }), { restart: true });
}

/** A game or lesson page's engine starts at once: its first module downloads now, ahead of the big files. */
export function preloadEngine() {
  // (The landing waits for its visitor: untilVisitorLeans; a frame for its reader: untilReaderActs.)
  if (embedded || !html.dataset.game) return;
  const preload = document.createElement("link");
  preload.rel = "modulepreload";
  preload.href = url(config.pyscript);
  document.head.append(preload);
}

/**
 * Start the engine once per visit; every page that needs it waits on the same start.
 * ``onReady()`` runs once the engine answers, before any page's message reaches it.
 */
export function ensureEngine({ onReady }) {
  if (!state.booting) state.booting = boot(onReady);
  return state.booting;
}

/** How long a page waits at most for its first contentful paint (a tab opened in the background paints none). */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Once the page has painted its first screen (the build's: the board, the goal, how a turn goes). The
 * engine's megabytes start after it, not before: on a slow phone they would otherwise share its first
 * moments, and Lighthouse's simulated phone counts every request begun before the first paint as part of
 * it (LCP 36.8 s on Trice's pages, whose first paint came after the download had begun).
 */
function afterFirstPaint() {
  return new Promise((resolve) => {
    const painted = (entries) => entries.some((entry) => entry.name === "first-contentful-paint");
    let observer = null;
    const done = () => { clearTimeout(timer); observer?.disconnect(); resolve(); };
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    if (painted(performance.getEntriesByType("paint"))) return done();
    try {
      observer = new PerformanceObserver((list) => { if (painted(list.getEntries())) done(); });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      done(); // a browser without paint timing: no wait
    }
  });
}

async function boot(onReady) {
  if (!("Worker" in window) || !("WebAssembly" in window) || !("noModule" in HTMLScriptElement.prototype)) {
    fail(say("tooOld"));
    return false;
  }
  // A download that fails inside the worker can leave Pyodide waiting for ever: once nothing has
  // moved for this long, say so and offer a retry (see watchStart).
  const start = watchStart({
    stallMs: window.BOOT_STALL_MS || config.stallMs, quietMs: config.quietMs, progress, fail, say,
  });
  try {
    start.phase(0.1, say("preparing"));
    await afterFirstPaint();
    const early = headStart(config, url); // Pyodide compiled and files fetched while the worker starts (head_start.js)
    start.follow(early.downloads);
    await guardIndexedDB(); // before PyScript opens its databases (see idb_guard.js)
    guardBroadcastChannel(); // before PyScript makes its channel (see channel_guard.js)
    const { PyWorker } = await import(url(config.pyscript));
    early.prefetch(); // the big files only now: PyScript's core came first (head_start.js)
    const pyscriptAt = performance.now();
    start.phase(0.3, say("preparing"));
    state.worker = await early.catchWorker(() => PyWorker(url(config.worker), { config: url(config.config), version: url(config.pyodide) }));
    const workerAt = performance.now();
    start.phase(0.8, say("preparing"));
    const answer = JSON.parse(await state.worker.sync.boot(JSON.stringify({
      wheels: config.wheels.map(url),
      sources: { app: url(config.sources.app), wheels: config.sources.wheels.map(url), stdlib: url(config.sources.stdlib) },
    })));
    if (!answer.ok) throw new Error(answer.error || say("noAnswer"));
    if (answer.build !== config.build) throw new Error(say("mixed"));
    const marks = Object.fromEntries(Object.entries(answer.marks || {}).map(([k, v]) => [k, Math.round(v - performance.timeOrigin)]));
    window.boardgamesTimings = {
      pyscript: Math.round(pyscriptAt), worker: Math.round(workerAt - pyscriptAt),
      ...answer.timings_ms, total: Math.round(performance.now()), marks,
    };
    start.stop();
    progress(1, "");
    $("#engine-failure")?.setAttribute("hidden", "");
    state.engineDead = false;
    onReady(); // a new engine (a restart after a crash) knows nothing yet: told before any game
    html.dataset.engine = "ready";
    // For monitoring, the browser bench and the tests: the same message door
    // the page uses, and a way to stop the engine as a crash would.
    window.boardgamesEngine = {
      call, build: answer.build, python: answer.python, stop: () => state.worker?.terminate(),
      importModule: (name) => state.worker.sync.import_module(name).then(JSON.parse), // where a module comes from (the tests)
    };
    if (!embedded) offerOffline(); // a frame's reader gets the offline copy once they have played
    return true;
  } catch (err) {
    start.stop();
    console.error(words(err));
    state.worker = null;
    state.booting = null; // a later page may try again
    fail(say("couldNotStart", { reason: words(err) }));
    return false;
  }
}

/** The engine put away before a fresh start: the next page that needs one starts it anew. */
export function stopEngine() {
  try { state.worker?.terminate(); } catch { /* already gone */ }
  state.worker = null;
  state.booting = null;
  state.busy = Promise.resolve();
}

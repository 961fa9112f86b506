// How the engine's start meets the visitor: when it begins, and how it is watched.
//
// - On the landing page it waits for the visitor to lean towards a game
//   (untilVisitorLeans), so that a visitor who only reads the cards downloads
//   nothing of the engine.
// - Once begun, the bar shows what is downloading in megabytes, and the start
//   gives up only on a stall (watchStart), never after a fixed time while bytes
//   still come.
// The words are the bridge's (`say`, from ui/site/page_words.py): none live here.

/** How long a card's link is hovered or focused before the engine starts for it (a visitor leaning in). */
const LEAN_MS = 150;
/** How long an idle landing page waits at most for the browser's idle time before it starts the engine. */
const IDLE_WAIT_MS = 3000;

/** Whether the browser asks to save data, or says its connection is slow (2G, 3G). */
function thriftyConnection() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /2g|3g/.test(connection.effectiveType || "")));
}

/** Whether this page came from the offline copy kept on an earlier visit (nothing then comes over the network). */
function servedOffline() {
  try {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false; // a frame refused storage may have no service worker container at all
  }
}

/**
 * The landing page before its visitor shows an intent downloads nothing of the engine: a visitor who
 * only reads the cards pays for none of it. The engine starts when they lean towards a game (a card's
 * link or button hovered or focused for a moment, or pressed), or once the page is idle on a
 * connection that does not ask to save data (then the next page opens at once); a returning visitor
 * whose offline copy serves the page starts it at once, since nothing comes over the network.
 */
export function untilVisitorLeans() {
  if (servedOffline()) return Promise.resolve();
  const html = document.documentElement;
  html.dataset.engine = "idle";
  return new Promise((resolve) => {
    let leaning = null;
    const onCard = (event) => Boolean(event.target.closest && event.target.closest("[data-card] :is(a, button, summary)"));
    const lean = (event) => {
      if (!onCard(event)) return;
      clearTimeout(leaning);
      leaning = setTimeout(go, LEAN_MS);
    };
    const straighten = () => clearTimeout(leaning);
    const press = (event) => { if (onCard(event)) go(); };
    const listeners = [["pointerover", lean], ["focusin", lean], ["pointerout", straighten], ["focusout", straighten],
      ["pointerdown", press], ["keydown", press]];
    for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
    let gone = false;
    function go() {
      if (gone) return;
      gone = true;
      clearTimeout(leaning);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
      html.dataset.engine = "loading";
      resolve();
    }
    if (thriftyConnection()) return; // only the visitor's intent starts it
    const whenIdle = () => (window.requestIdleCallback ? requestIdleCallback(go, { timeout: IDLE_WAIT_MS }) : setTimeout(go, IDLE_WAIT_MS));
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
  });
}

/** The part of the bar the head start's downloads fill (the phases before and after are PyScript's and Python's). */
const DOWNLOAD_SHARE = { from: 0.1, span: 0.7 };
const PROGRESS_EVERY_MS = 100;
const STALL_CHECK_MS = 500;

/**
 * Megabytes, one decimal, with the decimal mark of the page's language (2.1 / 2,1: the bridge's words).
 * Not Intl.NumberFormat: a page's first one builds the locale's number data, 30 to 60 ms on the
 * project's machine (a long task of 120 to 240 ms for Lighthouse's slowed phone) in the middle of the start.
 */
function megabytes(bytes, say) {
  return (bytes / 1e6).toFixed(1).replace(".", say("decimalMark"));
}

/**
 * The engine's start, watched: the bar shows the phase and, while the head start downloads, how
 * many megabytes have come. While bytes are still to come, the start is given up (in words, with
 * Retry) only when none has come, and no phase moved, for `stallMs`: a slow connection still
 * bringing bytes is no failure (a phone on slow 4G needs minutes for a first visit). Once all have
 * come, the start has `quietMs` between two steps. If bytes come again after a stall, the start
 * goes on, and the failure goes away once the engine is ready.
 */
export function watchStart({ stallMs, quietMs, progress, fail, say }) {
  let last = performance.now();
  let phase = { fraction: 0, label: "" };
  let downloads = null;
  let stopped = false;
  let drawing = null;
  const draw = () => {
    drawing = null;
    if (stopped) return;
    const share = downloads && downloads.total ? Math.min(1, downloads.received / downloads.total) : 0;
    const coming = downloads && downloads.total && downloads.received < downloads.total;
    const label = coming
      ? say("downloading", { done: megabytes(downloads.received, say), total: megabytes(downloads.total, say) })
      : phase.label;
    progress(Math.max(phase.fraction, DOWNLOAD_SHARE.from + DOWNLOAD_SHARE.span * share), label);
  };
  const moved = () => {
    last = performance.now();
    if (!drawing) drawing = setTimeout(draw, PROGRESS_EVERY_MS); // bytes come in thousands of pieces
  };
  const timer = setInterval(() => {
    // Bytes still to come: a stall is a stretch with none. All come: the rest is the processor's
    // work (minutes on a slow phone, with no step to show), given up on only after `quietMs`.
    const waiting = Boolean(downloads && downloads.total && downloads.received < downloads.total);
    const limit = waiting ? stallMs : quietMs;
    if (performance.now() - last < limit) return;
    clearInterval(timer);
    stopped = true;
    const seconds = Math.round(limit / 1000);
    fail(waiting ? say("stalled", { s: seconds }) : say("couldNotStart", { reason: say("stuck", { s: seconds }) }));
  }, STALL_CHECK_MS);
  return {
    phase(fraction, label) {
      phase = { fraction, label };
      moved();
    },
    follow(list) {
      downloads = list;
      list.listen(moved);
      moved();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(drawing);
    },
  };
}

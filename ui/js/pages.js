// The pages of a visit: the first one, each one client-side navigation brings
// (nav.js) and the same one after a fresh engine. Each page waits for what it
// needs (a frame's reader, the landing's visitor), starts or reuses the engine
// and opens its game, lesson or list of unfinished games.

import { ensureEngine, stopEngine } from "./engine.js";
import { untilVisitorLeans } from "./engine_start.js";
import { setLang } from "./lang.js";
import { fitBoard, placeRecap, watchLayout } from "./layout.js";
import { siteRoot } from "./nav.js";
import { notify, progress } from "./notice.js";
import { offerOffline } from "./offline.js";
import { tellNewEngine } from "./prefs.js";
import { send } from "./regions.js";
import { clock, forgetInAddress, showContinue, showSaves, storedEntries } from "./saves.js";
import { markDoneLessons } from "./lessons.js";
import { setupMessage } from "./setup.js";
import { openLink } from "./share.js";
import { $, $$, LIMITS, base, config, currentLang, embedded, html, newPage, state } from "./shared.js";
import * as sound from "./sound.js";
import * as store from "./store.js";

/**
 * A game page's start. Python chooses (ui/store/resume.py): the game this visit
 * already has here, or a saved game reopened at its step (a reload, a return,
 * a game chosen under "Continue"); else the page opens its link or starts its
 * set-up's game, and offers the unfinished game Python names beside it.
 */
async function startGamePage() {
  const shown = state.page;
  const fragment = location.hash.slice(1);
  const arrival = await send({
    op: "arrive",
    entries: storedEntries(),
    expect_game: state.page.game,
    query: location.search.slice(0, LIMITS.query + 1),
    link: !!fragment,
    lang: currentLang(),
    ...clock(),
  });
  if (!arrival) return; // the engine died: the page says so
  if (state.page !== shown) return; // the player went on to another page (the lesson from the header) meanwhile
  showSaves(arrival);
  // Words about the saved games (one that could not be reopened), or why the message was refused:
  // they stay while the game starts, until the person's next action.
  const said = arrival.error || arrival.notice;
  if (said) {
    state.page.pinnedNotice = said;
    notify(said);
  }
  forgetInAddress(); // a saved game asked for by the address (?resume=) is open, or said to be missing
  if (arrival.game) {
    state.page.gameChosen = true;
    return;
  }
  const resume = $("#resume");
  if (resume && arrival.offer) {
    resume.dataset.key = arrival.offer;
    resume.hidden = false;
  }
  if (fragment && (await openLink(fragment))) {
    state.page.gameChosen = true;
    return;
  }
  if (!state.page.gameChosen) {
    const screen = await send(setupMessage($("#setup")));
    // A refused set-up (e.g. a bad ?seats= in the link) leaves no game: say why where the game would be.
    if (screen && !screen.ok && !screen.game) {
      const status = $('[data-region="status"]');
      if (status) status.textContent = screen.error || "";
      notify(screen.error || "");
    }
  }
}

/** A fresh engine after one died: the link that may have killed it is left out; saves are kept. */
export async function restart() {
  stopEngine();
  notify("");
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  $("#engine-failure")?.setAttribute("hidden", "");
  progress(0, "");
  // The same page stays on screen: the fresh game's first screen must know what the last one drew,
  // to clear what it does not draw itself (a finished game's summary).
  await enterPage({ drawn: state.page.rendered });
}

/**
 * An embedded game before its reader acts: the build's drawing of the board, the game's name and a
 * Play button over it (the facade), and nothing else downloaded. A click or a tap anywhere in the
 * frame, or a key other than moving the focus, starts the engine.
 */
function untilReaderActs() {
  const facade = $("#facade");
  if (!facade) return Promise.resolve();
  facade.hidden = false;
  $("[data-facade-link]", facade).hidden = !location.hash; // a share link opens once the engine runs
  html.dataset.engine = "waiting";
  progress(1, ""); // no bar until there is something to load
  const focusKeys = new Set(["Tab", "Shift", "Control", "Alt", "Meta"]);
  return new Promise((resolve) => {
    const go = (event) => {
      if (event.type === "keydown" && focusKeys.has(event.key)) return;
      document.removeEventListener("click", go, true);
      document.removeEventListener("keydown", go, true);
      facade.hidden = true;
      html.dataset.engine = "loading";
      progress(0.05, "");
      resolve();
    };
    document.addEventListener("click", go, true);
    document.addEventListener("keydown", go, true);
  });
}

/** Where the landing's embed snippet names the site (index.html), until the page knows its address. */
const EMBED_PLACEHOLDER = "https://YOUR-SITE/";

/**
 * Everything a page needs once it is on screen (the first page, one navigation brought, or the
 * same page after a restart: ``drawn`` is then what its regions show).
 */
export async function enterPage({ drawn = null } = {}) {
  state.page = newPage();
  if (drawn) state.page.rendered = drawn;
  setLang(currentLang()); // the new page's language buttons and title
  $('[data-op="sound"]')?.setAttribute("aria-pressed", String(sound.enabled()));
  placeRecap();
  watchLayout();
  // The embed snippet names this site's own address: the HTML, built before any host gave it one, says YOUR-SITE.
  for (const code of $$("[data-embed-snippet]")) code.textContent = code.textContent.replace(EMBED_PLACEHOLDER, siteRoot(config, base));
  fitBoard();
  markDoneLessons();
  if (!$("#engine-progress")) {
    // A page without a game (rules, lessons): the engine, if running, keeps running for the next game page.
    if (!state.worker) delete html.dataset.engine;
    if (!embedded) offerOffline();
    return;
  }
  if (state.worker && !state.engineDead) {
    progress(1, "");
    html.dataset.engine = "ready";
  } else {
    html.dataset.engine = "loading";
  }
  // A reader who has played here before (a game is kept in this frame) has the engine already: no facade.
  const { savePrefix, game, lesson } = state.page;
  if (embedded && !state.worker && !(savePrefix && store.keys(savePrefix).length)) await untilReaderActs();
  else if (!game && !lesson && !state.worker && !state.booting) await untilVisitorLeans(); // the landing
  const started = await ensureEngine({ onReady: tellNewEngine });
  if (!started || !$("#engine-progress")) return;
  if (state.page.lesson) await send({ op: "lesson", game: state.page.game, lesson: state.page.lesson, lang: currentLang() });
  else if (state.page.game) await startGamePage();
  else await showContinue();
}

/** The page is about to go: stop its timers (a bot's game waits, untouched, for the player's return). */
export function leavePage() {
  clearTimeout(state.page.tickTimer);
  $("#setup-dialog")?.close?.();
  state.page = newPage(); // answers still on their way are for the page that went
}

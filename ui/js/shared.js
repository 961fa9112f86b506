// What every part of the bridge shares: the site's config and the bridge's
// words (both written into the page by the build), a few DOM helpers, and the
// one mutable state (the engine worker and the page on screen), kept in
// `state` so that every module reads and sets the same values.

export const html = document.documentElement;
export const config = JSON.parse(document.getElementById("site-config").textContent);
// The config's paths are relative to the page the visit began on (pages sit
// at different depths, and client-side navigation changes the address).
export const base = document.baseURI;
export const url = (path) => new URL(path, base).href;
export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

// Limits on text from outside, checked before it goes anywhere: Python's own
// numbers (engine/bounded.py, written into the page by the build). Python
// checks them again, and the depth of any JSON, before it parses.
// fragment: characters of a link; file: bytes of a record; entry: a stored game; query: an address's query
export const LIMITS = config.limits;

export function currentLang() {
  return html.lang === "fr" ? "fr" : "en";
}

// The bridge's own sentences, in the page's language: Python's (ui/site/page_words.py), written into the
// page's config by the build, since some are said before the engine runs (it could not start).
export function say(key, values = {}) {
  const text = config.words[currentLang()][key];
  return text.replace(/\{(\w+)\}/g, (_, name) => (typeof values[name] === "number" ? values[name].toLocaleString(currentLang()) : String(values[name])));
}
/** An error of any kind as words (never an object that cannot cross a worker boundary). */
export function words(err) {
  if (err && typeof err.message === "string" && err.message) return err.message;
  if (err && typeof err.type === "string") return say("event", { type: err.type });
  return String(err);
}

if (new URLSearchParams(location.search).get("embed") === "1") html.classList.add("embed");
// In another site's frame a game waits for its reader before it downloads its engine (see untilReaderActs).
export const embedded = html.classList.contains("embed");

export const prefersLessMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
/** A touch screen: no keyboard to type with until a text field is tapped. */
export const coarsePointer = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;

/** The page on screen: a fresh one for every navigation. */
export function newPage() {
  const game = html.dataset.game || "";
  // A lesson's page (GAME/learn/SLUG/) has a session of its own in the worker, and saves nothing.
  const lesson = html.dataset.lessonName || "";
  return {
    game,
    lesson,
    session: lesson ? `${game}/learn/${lesson}` : game,
    savePrefix: game && !lesson ? `boardgames:save:${game}:` : null,
    rendered: new Map(),
    lastScreen: null,
    tickTimer: null,
    bannerClosed: false,
    // Set as soon as the player picks a game (resume, import, new), so the
    // default new game of the start-up never replaces the one they chose.
    gameChosen: false,
    // The region whose focused control went with a redraw, while no next decision has come (see nextDecision).
    focusLost: null,
    // A message that must outlive the next redraw (a refused share link while a
    // fresh game starts instead); the player's next action clears it.
    pinnedNotice: "",
    // The tallest the action bar has been at this window size (see fitBoard).
    barRoom: { size: "", height: 0 },
  };
}

export const state = {
  // The engine: one per visit, whatever page is shown.
  worker: null,
  busy: Promise.resolve(),
  booting: null, // the start-up in progress (or done), shared by the pages that need it
  engineDead: false,
  // The page on screen: reset by every navigation. ``game`` names the game
  // page's session in the worker ("" on pages without a game).
  page: newPage(),
};

// The games kept in this browser: each game's autosave entry, written as
// Python hands it over; the stored entries handed back to Python as text (it
// lists them, in the game page's "saved games" and the landing's "Continue",
// and says which to drop); and the address, cleared of what it asked for once
// that is done.

import { call } from "./engine.js";
import { notify } from "./notice.js";
import { $, LIMITS, currentLang, say, state, words } from "./shared.js";
import * as store from "./store.js";

/** The game's autosave entry, once Python hands one over at the game's live step. */
export function save(screen) {
  const page = state.page;
  if (!page.savePrefix || !screen.autosave || screen.step !== screen.steps) return;
  if (!store.persistent) {
    // Said once on each game page, quietly: this game is not kept here.
    const note = $("#storage-note");
    if (note && note.hidden) { note.textContent = say("storageOff"); note.hidden = false; }
  }
  if (!store.set(page.savePrefix + screen.autosave.id, JSON.stringify(screen.autosave))) notify(say("saveFailed"));
  // A link's game the person has played in is saved as theirs: the address stops naming the link,
  // so a reload brings back this game where it is, not the link's position.
  if (location.hash) forgetInAddress({ link: true });
}

/** The address without what it asked for once that is done (a link, a set-up, a saved game chosen). */
export function forgetInAddress({ link = false, setUp = false } = {}) {
  const params = new URLSearchParams(location.search);
  const names = ["resume", ...(setUp ? ["seats", "seed"] : [])].filter((name) => params.has(name));
  if (!names.length && !(link && location.hash)) return; // the address stays as the person wrote it
  names.forEach((name) => params.delete(name));
  // What is left stays readable (?seats=human,mcts:hard, not %2C and %3A).
  const search = params.toString().replace(/%2C/gi, ",").replace(/%3A/gi, ":");
  history.replaceState(history.state, "", location.pathname + (search ? `?${search}` : "") + (link ? "" : location.hash));
}

/** The stored entries under ``prefix``; a text longer than any game is cut just past the limit (Python calls it too long). */
export function storedEntries(prefix = state.page.savePrefix) {
  return store.keys(prefix).map((key) => [key, (store.get(key) || "").slice(0, LIMITS.entry + 1)]);
}

/** A stored game's text as it goes to Python (cut just past the limit), or null if there is none. */
export function storedGame(key) {
  const text = store.get(key);
  return text === null ? null : text.slice(0, LIMITS.entry + 1);
}

/** The page's clock, so Python says how long ago each game was saved in the person's own time. */
export function clock() {
  return { now_ms: Date.now(), tz_offset_min: new Date().getTimezoneOffset() };
}

/** Put Python's saved-games list in place and do what it asks of the storage. */
export function showSaves(answer) {
  for (const key of answer.prune || []) store.remove(key);
  const box = $('[data-region="saves"]');
  if (box && typeof answer.saves === "string") box.innerHTML = answer.saves;
}

export async function refreshSaves() {
  if (!state.page.savePrefix || !state.worker) return null;
  const answer = await call({ op: "saves", entries: storedEntries(), lang: currentLang(), ...clock() });
  if (!answer.ok) { notify(answer.error); return null; }
  showSaves(answer);
  if (answer.notice) notify(answer.notice);
  return answer;
}

/** A stored game dropped at the player's word, and the list told again. */
export async function deleteSave(key) {
  if (window.confirm(say("deleteQuestion"))) {
    store.remove(key);
    await refreshSaves();
  }
}

/** The landing page's unfinished games ("Continue"), listed by Python in both languages. */
export async function showContinue() {
  const box = $('[data-region="continue"]');
  if (!box || !state.worker) return;
  let answer = null;
  try {
    answer = await call({ op: "continue", entries: storedEntries("boardgames:save:"), ...clock() });
  } catch (err) {
    console.error(words(err)); // the list is a convenience: the cards work without it
    return;
  }
  if (!answer.ok) { notify(answer.error); return; }
  box.innerHTML = answer.html;
  box.hidden = !answer.html;
}

// The page's own operations, the buttons Python marks with `data-op`: a new
// game from the set-up, a saved game reopened or deleted, the coach's hint and
// analysis, the result banner, the sound, undo and the replay, a share link
// and the record's file. Each is a small function; `runOp` picks it by name.

import { notify } from "./notice.js";
import { restart } from "./pages.js";
import { send } from "./regions.js";
import { deleteSave, forgetInAddress, refreshSaves, storedGame } from "./saves.js";
import { boardInView, setupMessage, showSetup } from "./setup.js";
import { exportRecord, shareLink } from "./share.js";
import { $, currentLang, say, state } from "./shared.js";
import * as sound from "./sound.js";

/** The replay plays itself in the session (a step each tick, paced by the screen's tick_ms): start it at the
 * chosen speed, or stop it (null). */
export function autoplay(on) {
  return send({ op: "autoplay", step_ms: on ? Number($("#autoplay-speed")?.value || 750) : null });
}

/** A new game as the set-up asks; once it starts, the set-up closes and the board is in view. */
async function newGame() {
  const form = $("#setup");
  const screen = await send(setupMessage(form));
  if (screen && screen.ok) {
    $("#setup-dialog")?.close?.();
    boardInView();
  }
}

/** A saved game's text reopened at its step: the address no longer asks for the link or the set-up it replaced. */
async function reopen(text) {
  const screen = await send({ op: "resume", text, expect_game: state.page.game, lang: currentLang() });
  if (screen && screen.ok) forgetInAddress({ link: true, setUp: true });
  return screen;
}

/** Back to a saved game: the one offered beside the new game ("resume"), or one of the list ("resume-save"). */
async function resume(el, op) {
  const key = op === "resume" ? $("#resume")?.dataset.key : el.dataset.key;
  const text = key ? storedGame(key) : null;
  if (text === null) notify(say("unreadable"));
  else await reopen(text);
  $("#resume")?.setAttribute("hidden", "");
}

/** The hint and the analysis (ui/app/coach.py): Python says what each button asks for. */
async function coach(el) {
  const message = { op: el.dataset.coach };
  if (el.dataset.turn) message.turn = Number(el.dataset.turn);
  if (message.op === "analyse") runOp("close-banner");
  await send(message);
  if (message.op === "analyse") $('[data-region="analysis"]')?.scrollIntoView({ block: "nearest" });
  if (el.dataset.reveal) reveal(el.dataset.reveal);
}

/** A control that changes another part of the page (an analysed turn opened on the board) brings that
 * part into view if it is not wholly there: Python names it on the control (data-reveal). */
function reveal(region) {
  const shown = $(`[data-region="${region}"]`);
  if (!shown) return;
  const box = shown.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  shown.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest" });
}

/** A saved game opened to be analysed: reopened like "Resume", then analysed. */
async function analyseSave(el) {
  const text = storedGame(el.dataset.key);
  if (text === null) { notify(say("unreadable")); return; }
  const screen = await reopen(text);
  if (screen && screen.ok) await runOp("coach", { dataset: { coach: "analyse" } });
}

/** The result banner closed (the board is the player's to look at) or shown again. */
function toggleBanner(el, op) {
  const page = state.page;
  page.bannerClosed = op === "close-banner";
  $("#winner")?.toggleAttribute("hidden", page.bannerClosed);
  $("#show-result")?.toggleAttribute("hidden", !page.bannerClosed);
  if (!page.bannerClosed) $("#winner [data-op=close-banner]")?.focus();
  else $("#show-result")?.focus();
}

function toggleSound(el) {
  sound.setEnabled(!sound.enabled());
  el.setAttribute("aria-pressed", String(sound.enabled()));
}

/** One step back or forward in the game's history, from the step on screen. */
async function replayStep(el, op, lastScreen) {
  if (!lastScreen) return;
  const delta = op === "replay-back" ? -1 : 1;
  const step = Math.max(0, Math.min(lastScreen.steps, lastScreen.step + delta));
  await send({ op: "view", step });
}

/** The replay playing itself, or stopped: from the start when watching the live position, else from where it stands. */
async function toggleAutoplay(el, op, lastScreen) {
  if (!lastScreen) return;
  await autoplay(!lastScreen.autoplay);
}

/** A message Python answers as it is, named by the operation itself. */
const plain = (el, op) => send({ op });

/** Each operation's function, called with the button, the operation's name and the screen last shown. */
const OPS = new Map([
  ["new", newGame],
  ["show-setup", () => showSetup()],
  ["resume", resume],
  ["resume-save", resume],
  ["delete-save", (el) => deleteSave(el.dataset.key)],
  ["restart", () => restart()],
  ["coach", coach],
  ["analyse-save", analyseSave],
  ["skip", plain],
  ["rematch", plain],
  ["close-banner", toggleBanner],
  ["show-banner", toggleBanner],
  ["sound", toggleSound],
  ["saves", () => refreshSaves()],
  ["undo", plain],
  ["redo", plain],
  ["replay-back", replayStep],
  ["replay-forward", replayStep],
  ["replay-live", () => send({ op: "view", step: null })], // the live position: a replay playing itself stops
  ["autoplay", toggleAutoplay],
  ["share", () => shareLink()],
  ["export", (el, op, lastScreen) => lastScreen && exportRecord(lastScreen)],
]);

/** Operations that choose the page's game: the start-up's default new game must not replace it. */
const CHOOSE_GAME = new Set(["new", "resume", "resume-save", "analyse-save"]);

/** Run the operation a `data-op` button names (an unknown one does nothing). */
export async function runOp(op, el) {
  if (CHOOSE_GAME.has(op)) state.page.gameChosen = true;
  const run = OPS.get(op);
  if (run) await run(el, op, state.page.lastScreen);
}

// A message to Python and the screen it answers with, put in place: the
// regions' HTML/SVG (only what changed), the status, the log, the result
// banner, the turn's tools, the sounds; the keyboard player's focus kept
// across the redraw; the autosave handed over; the next tick scheduled.

import { call } from "./engine.js";
import { fitBoard } from "./layout.js";
import { notify } from "./notice.js";
import { offerOffline } from "./offline.js";
import { redraw } from "./patch.js";
import { lessonDone } from "./lessons.js";
import { save } from "./saves.js";
import { $, $$, embedded, html, prefersLessMotion, state, words } from "./shared.js";
import * as sound from "./sound.js";

/** Send a message to the page's session and draw its answer (null if the engine died). */
export async function send(message) {
  const shown = state.page;
  if (embedded && message.op === "act") offerOffline(); // the reader has played: keep the game for offline play
  if (message.op !== "set_up" && message.op !== "tick") shown.pinnedNotice = ""; // a new game keeps why the link was refused
  let screen;
  try {
    screen = await call(message);
  } catch (err) {
    console.error(words(err));
    return null;
  }
  if (state.page === shown) show(screen); // an answer for a page the player has left is not drawn
  return screen;
}

// The log grows one line at a time: keep the lines already shown. Each
// turn's first line carries the turn's number, so the log reads by turns.
function showLog(log, screen) {
  const items = log.children;
  let same = 0;
  while (same < items.length && same < screen.log.length && items[same].dataset.text === screen.log[same].text) same++;
  while (items.length > same) log.lastElementChild.remove();
  const fresh = document.createDocumentFragment();
  let turn = same > 0 ? screen.log[same - 1].turn : null;
  for (const line of screen.log.slice(same)) {
    const li = document.createElement("li");
    if (line.turn !== turn) {
      // The turn's number heads its first line (drawn by the CSS, so the line's text stays the action's).
      li.classList.add("turn-start");
      li.dataset.turnLabel = line.turn_label;
      turn = line.turn;
    }
    li.textContent = line.text;
    li.dataset.text = line.text;
    li.dataset.step = line.step;
    li.dataset.seat = line.seat ?? "";
    if (line.chance) li.classList.add("chance");
    fresh.append(li);
  }
  log.append(fresh);
  for (const li of items) {
    const step = Number(li.dataset.step);
    li.classList.toggle("undo-stop", !!screen.can_undo && step === screen.undo_stop);
    li.classList.toggle("current", step === screen.step && screen.step !== screen.steps);
  }
  if (screen.step === screen.steps) log.scrollTop = log.scrollHeight;
}

/** What the others did since your last move, beside the board. */
function showRecap(screen) {
  const box = $("#recap");
  if (!box) return;
  const lines = screen.recap || [];
  box.hidden = !lines.length;
  const list = $("[data-recap]", box);
  if (list.dataset.text === JSON.stringify(lines)) return;
  list.dataset.text = JSON.stringify(lines);
  list.replaceChildren(...lines.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  const count = $("[data-recap-count]", box);
  // a count of a turn's lines, never in the thousands: written as is, for a page's first Intl number format builds
  // the locale's data (a long task; test_slow_start counts them while the engine starts and a bot plays first)
  if (count) count.textContent = lines.length ? `(${lines.length})` : "";
}

/** Reduced motion: every drawing shows its animations' end, still (a pulse stops mid-way, a move is done). */
function stillDrawings(root) {
  for (const svg of root.querySelectorAll("svg")) {
    if (svg.ownerSVGElement) continue; // a nested drawing follows its outermost one
    svg.pauseAnimations();
    svg.setCurrentTime(600);
  }
}

/**
 * A keyboard player whose control went with the redraw (Roll, a move, End turn) goes on from the next
 * decision: the first control of the region they were in (the controls, or the board), else of the
 * other; while there is none yet (the bots are playing), the focus waits in the game's waiting place
 * (the board's frame, ``data-focus-wait``), not on the page's body, and goes to the first decision
 * that comes.
 */
function nextDecision(region) {
  const controls = '[data-region="controls"] [data-act]:not([disabled])';
  const board = '[data-region="board"] [tabindex="0"]';
  const next = region === "board" ? $(board) || $(controls) : $(controls) || $(board);
  if (next) {
    next.focus();
    state.page.focusLost = null;
  } else {
    state.page.focusLost = region || "controls";
    $("[data-focus-wait]")?.focus({ preventScroll: true });
  }
}

/** The focus is where no player put it: on the page's body, or waiting for the next decision. */
function adrift() {
  const focused = document.activeElement;
  return !focused || focused === document.body || focused.matches("[data-focus-wait]");
}

/** A player who puts the focus somewhere themselves has chosen where it is (the waiting place is the page's choice). */
export function wireFocusChoice() {
  document.addEventListener("focusin", (event) => {
    if (event.target !== document.body && !event.target.matches("[data-focus-wait]")) state.page.focusLost = null;
  });
}

/** The regions Python drew, each put in place when it changed; a region it no longer draws is emptied. */
function drawRegions(screen) {
  const rendered = state.page.rendered;
  for (const [name, markup] of Object.entries(screen.regions)) {
    const el = $(`[data-region="${name}"]`);
    // Only what changed is drawn again (big SVG boards are costly to re-parse), in place where it can be (patch.js).
    if (el && rendered.get(name) !== markup) {
      redraw(el, markup);
      rendered.set(name, markup);
      if (prefersLessMotion && prefersLessMotion.matches) stillDrawings(el);
    }
  }
  for (const name of [...rendered.keys()]) {
    if (!(name in screen.regions)) {
      const el = $(`[data-region="${name}"]`);
      if (el) el.innerHTML = "";
      rendered.delete(name);
    }
  }
}

/** Where the keyboard player was before a redraw: what to focus again after it. */
function focusBefore() {
  const focused = document.activeElement;
  return {
    act: focused && focused.dataset ? focused.dataset.act : undefined,
    keys: focused && focused.closest ? !!focused.closest("[data-keys]") : false,
    step: focused && focused.dataset ? focused.dataset.step : undefined,
    input: focused && focused.dataset ? focused.dataset.input : undefined, // a slider
    region: focused && focused.closest ? focused.closest("[data-region]")?.dataset.region : undefined,
  };
}

/** Keyboard players keep their place: the same control again after the redraw, or the next decision. */
function focusAgain(was) {
  if (was.act !== undefined && adrift()) {
    const again = $$("[data-act]").find((el) => el.dataset.act === was.act);
    if (again) again.focus();
    else nextDecision(was.region);
  } else if (state.page.focusLost && adrift()) {
    nextDecision(state.page.focusLost); // the control pressed went (a roll, End turn): the next one once it comes
  } else if (was.input !== undefined && adrift()) {
    $$("input[data-input]").find((el) => el.dataset.input === was.input)?.focus();
  } else if (was.keys && adrift()) {
    $("[data-keys]")?.focus();
  } else if (was.step !== undefined && adrift()) {
    // stepping through the analysed turns: the same step again, or the other one at either end
    ($(`[data-step="${was.step}"]`) || $("[data-step]"))?.focus();
  }
}

/** The result banner: a new result shows; a result the player closed stays closed (the board is theirs to look at). */
function showBanner(screen) {
  const banner = $("#winner");
  if (!banner) return;
  const text = $("[data-winner-text]", banner);
  const news = text.textContent !== (screen.banner || "");
  text.textContent = screen.banner || "";
  if (news) state.page.bannerClosed = false;
  banner.hidden = !screen.banner || state.page.bannerClosed;
  $("#show-result")?.toggleAttribute("hidden", !screen.banner || !state.page.bannerClosed);
}

/** The turn's tools as the screen allows them: skip, and the bots' pace. */
function showTurnTools(screen) {
  $('[data-op="skip"]')?.toggleAttribute("hidden", !screen.skippable);
  // Undo and skip belong to games a person plays; a game of bots only has none of them.
  $(".turn-tools")?.toggleAttribute("hidden", screen.you == null && !screen.skippable && !screen.can_undo);
  const pace = $("#bot-pace");
  if (pace && screen.pace_ms != null && document.activeElement !== pace) {
    const known = [...pace.options].some((o) => o.value === String(screen.pace_ms));
    if (known) pace.value = String(screen.pace_ms);
  }
}

/** The game's history tools as the screen allows them: undo, redo, the replay playing itself. */
function showHistoryTools(screen) {
  const undo = $('[data-op="undo"]');
  if (undo) undo.disabled = !screen.can_undo;
  const redo = $('[data-op="redo"]');
  if (redo) redo.disabled = !screen.can_redo;
  $('[data-op="autoplay"]')?.setAttribute("aria-pressed", String(!!screen.autoplay));
}

/** Put a screen Python answered with in place. */
export function show(screen) {
  if (!screen) return;
  const page = state.page;
  notify(screen.error || page.pinnedNotice);
  if (!screen.regions || !screen.game) return;
  page.lastScreen = screen;
  const was = focusBefore();
  drawRegions(screen);
  focusAgain(was);
  const status = $('[data-region="status"]');
  if (status) status.textContent = screen.status || "";
  const log = $('[data-region="log"]');
  if (log) showLog(log, screen);
  showBanner(screen);
  showRecap(screen);
  showTurnTools(screen);
  sound.play(screen.sounds);
  showHistoryTools(screen);
  if (screen.lesson) html.dataset.lesson = screen.lesson; // the lesson's progress, "K/N", "game" or "done"
  if (screen.lesson === "done" && page.lesson) lessonDone(page.game, page.lesson);
  html.dataset.turn = screen.turn ?? "";
  html.dataset.step = screen.step;
  html.toggleAttribute("data-over", !!screen.banner); // the game is over: no decision comes (site.css frees its room)
  save(screen);
  fitBoard();
  clearTimeout(page.tickTimer);
  if (screen.tick_ms != null) page.tickTimer = setTimeout(() => send({ op: "tick" }), screen.tick_ms);
}

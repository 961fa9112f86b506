// The thin bridge between the page and the Python engine worker.
//
// It knows no game: it starts the PyScript worker, forwards what the player
// clicks, drags or types (the `data-act`, `data-drag` and `data-keys`
// attributes that Python put in the page) and puts the HTML/SVG that Python
// returns into the elements named by `data-region`. The only state it keeps
// is what Python hands it to store (each game's autosave entry) and the
// player's language, through store.js. Text from outside (a link, a file, a
// stored entry, the address's query) is measured here and handed to Python as
// text: the bridge never parses it. Its few sentences are Python's too
// (`config.words`, written by the build: ui/site/page_words.py).

import { guardBroadcastChannel } from "./channel_guard.js";
import { untilVisitorLeans, watchStart } from "./engine_start.js";
import { guardIndexedDB } from "./idb_guard.js";
import { headStart } from "./head_start.js";
import { wireInput } from "./input.js";
import { siteRoot, startNavigation } from "./nav.js";
import * as sound from "./sound.js";
import * as store from "./store.js";
import { redraw } from "./patch.js";

const html = document.documentElement;
const config = JSON.parse(document.getElementById("site-config").textContent);
// The config's paths are relative to the page the visit began on (pages sit
// at different depths, and client-side navigation changes the address).
const base = document.baseURI;
const url = (path) => new URL(path, base).href;
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

// The engine: one per visit, whatever page is shown.
let worker = null;
let busy = Promise.resolve();
let booting = null; // the start-up in progress (or done), shared by the pages that need it

// The page on screen: reset by every navigation. ``game`` names the game
// page's session in the worker ("" on pages without a game).
let page = newPage();
function newPage() {
  const game = html.dataset.game || "";
  // A lesson's page (GAME/learn/) has a session of its own in the worker, and saves nothing.
  const lesson = "lesson" in html.dataset;
  return {
    game,
    lesson,
    session: lesson ? `${game}/learn` : game,
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

// Limits on text from outside, checked before it goes anywhere: Python's own
// numbers (engine/bounded.py, written into the page by the build). Python
// checks them again, and the depth of any JSON, before it parses.
// fragment: characters of a link; file: bytes of a record; entry: a stored game; query: an address's query
const LIMITS = config.limits;

// The bridge's own sentences, in the page's language: Python's (ui/site/page_words.py), written into the
// page's config by the build, since some are said before the engine runs (it could not start).
function say(key, values = {}) {
  const text = config.words[currentLang()][key];
  return text.replace(/\{(\w+)\}/g, (_, name) => (typeof values[name] === "number" ? values[name].toLocaleString(currentLang()) : String(values[name])));
}
/** An error of any kind as words (never an object that cannot cross a worker boundary). */
function words(err) {
  if (err && typeof err.message === "string" && err.message) return err.message;
  if (err && typeof err.type === "string") return say("event", { type: err.type });
  return String(err);
}

// ---- language -------------------------------------------------------------
function currentLang() {
  return html.lang === "fr" ? "fr" : "en";
}
function setLang(lang) {
  html.lang = lang;
  store.set("boardgames:lang", lang);
  $$("[data-set-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === lang)));
  const title = $("title");
  const named = title && title.dataset[lang === "fr" ? "titleFr" : "titleEn"];
  if (named) document.title = named;
  const description = $('meta[name="description"]');
  const described = description && description.dataset[lang === "fr" ? "descriptionFr" : "descriptionEn"];
  if (described) description.content = described;
  linkManifest(lang);
  // Choices of a <select> cannot hold both languages: they carry both and show the page's.
  $$("option[data-label-en]").forEach((option) => { option.textContent = option.dataset[lang === "fr" ? "labelFr" : "labelEn"]; });
  // A default seat name nobody typed over follows the language too.
  $$("input[data-name-en]").forEach((input) => followDefault(input));
}
/**
 * The app a browser offers to install speaks the page's language (ui/site/manifest.py). The pages' HTML
 * names no manifest: the bridge links the page's own as it starts. A French page whose HTML named the
 * English one and changed the link here could keep the English app for good: Chromium keeps what a
 * manifest fetch brings even when the link changed while it was in flight (ManifestManager's
 * cached result), and the browser may fetch it as the page loads.
 */
function linkManifest(lang) {
  let link = $('link[rel="manifest"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "manifest";
    document.head.append(link);
  }
  const address = url(config.manifest[lang]);
  if (link.href !== address) link.href = address;
}
// The set-up's seat names (Python's, on the field): a bot's or a person's, in the page's language.
const DEFAULT_NAMES = ["nameEn", "nameFr", "botEn", "botFr", "personEn", "personFr"];
function defaultName(input, controller) {
  const kind = controller === "human" ? "person" : "bot";
  return input.dataset[kind + (currentLang() === "fr" ? "Fr" : "En")] || input.value;
}
/** A seat name nobody typed over follows the seat's controller and the language. */
function followDefault(input) {
  if (!DEFAULT_NAMES.some((key) => input.dataset[key] === input.value)) return;
  const controller = input.closest("[data-seat]")?.querySelector("[name=controller]")?.value;
  if (controller && controller !== "none") input.value = defaultName(input, controller);
}
(() => {
  let lang = store.get("boardgames:lang");
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") lang = asked;
  setLang(lang === "fr" ? "fr" : "en");
})();
if (new URLSearchParams(location.search).get("embed") === "1") html.classList.add("embed");
// In another site's frame a game waits for its reader before it downloads its engine (see untilReaderActs).
const embedded = html.classList.contains("embed");
if (!embedded && html.dataset.game) {
  // A game or lesson page's engine starts at once: its first module downloads now, while the page
  // sets itself up, ahead of the big files. (The landing waits for its visitor: untilVisitorLeans.)
  const preload = document.createElement("link");
  preload.rel = "modulepreload";
  preload.href = url(config.pyscript);
  document.head.append(preload);
}
const prefersLessMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

// ---- progress and failure ------------------------------------------------------
function progress(fraction, label) {
  const bar = $("#engine-progress");
  if (!bar) return;
  bar.hidden = fraction >= 1;
  $("progress", bar).value = Math.round(fraction * 100);
  $("[data-progress-label]", bar).textContent = label;
}
function fail(message, { restart = false } = {}) {
  html.dataset.engine = "failed";
  const box = $("#engine-failure");
  if (box) {
    $("[data-failure-text]", box).textContent = message;
    $("[data-op=retry]", box)?.toggleAttribute("hidden", restart);
    $("[data-op=restart]", box)?.toggleAttribute("hidden", !restart);
    box.hidden = false;
  }
  progress(1, "");
}
// A rule's ID in a message (TR-10, PI-03, SG-18) links to that rule in the rules (their anchors are
// "<lang>-<ID>"); on a game page the link opens the rules dialog there. The prefixes are the games'
// own (their GameInfo), written into the site's config by the build.
const RULE_ID = new RegExp(`\\b(?:${config.rulePrefixes.join("|")})-\\d\\d\\b`, "g");

function notify(message) {
  const box = $("#notice");
  if (!box) return;
  const text = message || "";
  box.replaceChildren();
  let at = 0;
  for (const found of text.matchAll(RULE_ID)) {
    box.append(text.slice(at, found.index));
    const link = document.createElement("a");
    link.className = "rule-ref";
    link.href = `${page.game ? "rules/" : ""}#${currentLang()}-${found[0]}`;
    if (page.game) link.dataset.op = "rules";
    link.textContent = found[0];
    box.append(link);
    at = found.index + found[0].length;
  }
  box.append(text.slice(at));
  box.hidden = !text;
}

// ---- talking to Python ------------------------------------------------------------
// No message takes Python this long (a bot thinks in 50 ms slices): past it,
// the engine is stuck. (A test may shorten it with window.ENGINE_CALL_TIMEOUT_MS.)
const CALL_TIMEOUT_MS = window.ENGINE_CALL_TIMEOUT_MS || 60_000;
let engineDead = false;

function call(message) {
  // One message at a time: answers come back in order. Python answers every
  // message with words, even a refusal; a call that fails or never returns
  // means the engine itself died. The message goes to the session of the
  // page that sent it, even if the player has moved on meanwhile.
  const game = page.session;
  const run = busy.then(async () => {
    if (engineDead || !worker) throw new Error(say("notRunning"));
    let timer;
    const stuck = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(say("stuck", { s: CALL_TIMEOUT_MS / 1000 }))), CALL_TIMEOUT_MS);
    });
    try {
      return JSON.parse(await Promise.race([worker.sync.handle(JSON.stringify(message), game), stuck]));
    } catch (err) {
      engineDied(words(err));
      throw err;
    } finally {
      clearTimeout(timer);
    }
  });
  busy = run.catch(() => {});
  return run;
}

/** The engine died (Python crashed or stopped answering): say so and offer a fresh start. */
function engineDied(reason) {
  if (engineDead) return;
  engineDead = true;
  clearTimeout(page.tickTimer);
  fail(say("died", { reason }), { restart: true });
}

async function send(message) {
  const shown = page;
  if (embedded && message.op === "act") offerOffline(); // the reader has played: keep the game for offline play
  if (message.op !== "set_up" && message.op !== "tick") shown.pinnedNotice = ""; // a new game keeps why the link was refused
  let screen;
  try {
    screen = await call(message);
  } catch (err) {
    console.error(words(err));
    return null;
  }
  if (page === shown) show(screen); // an answer for a page the player has left is not drawn
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
  if (count) count.textContent = lines.length ? `(${lines.length.toLocaleString(currentLang())})` : "";
}

// "Since your last move" sits in the side on a wide screen, open; on a phone the side is below the
// decision, so it sits in the status line's row over the board instead, folded to its title and count.
const narrowScreen = window.matchMedia ? window.matchMedia("(max-width: 820px)") : null;
function placeRecap() {
  const recap = $("#recap");
  const narrow = !!(narrowScreen && narrowScreen.matches);
  const home = narrow ? $(".status-row") : $(".side");
  if (!recap || !home || recap.parentElement === home) return;
  if (narrow) home.append(recap);
  else ($(".side > .goal") || home.firstElementChild).after(recap);
  recap.open = !narrow;
}
narrowScreen?.addEventListener?.("change", placeRecap);

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
 * other; while there is none yet (the bots are playing), the first one that comes.
 */
function nextDecision(region) {
  const controls = '[data-region="controls"] [data-act]:not([disabled])';
  const board = '[data-region="board"] [tabindex="0"]';
  const next = region === "board" ? $(board) || $(controls) : $(controls) || $(board);
  if (next) {
    next.focus();
    page.focusLost = null;
  } else {
    page.focusLost = region || "controls";
  }
}

// A player who puts the focus somewhere themselves has chosen where it is.
document.addEventListener("focusin", (event) => { if (event.target !== document.body) page.focusLost = null; });

function show(screen) {
  if (!screen) return;
  notify(screen.error || page.pinnedNotice);
  if (!screen.regions || !screen.game) return;
  page.lastScreen = screen;
  const rendered = page.rendered;
  // Keyboard players keep their place: refocus the same control after the redraw.
  const focused = document.activeElement;
  const focusAct = focused && focused.dataset ? focused.dataset.act : undefined;
  const focusKeys = focused && focused.closest ? !!focused.closest("[data-keys]") : false;
  const focusStep = focused && focused.dataset ? focused.dataset.step : undefined;
  const focusInput = focused && focused.dataset ? focused.dataset.input : undefined; // a slider
  const focusRegion = focused && focused.closest ? focused.closest("[data-region]")?.dataset.region : undefined;
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
  if (focusAct !== undefined && document.activeElement === document.body) {
    const again = $$("[data-act]").find((el) => el.dataset.act === focusAct);
    if (again) again.focus();
    else nextDecision(focusRegion);
  } else if (page.focusLost && document.activeElement === document.body) {
    nextDecision(page.focusLost); // the control pressed went (a roll, End turn): the next one once it comes
  } else if (focusInput !== undefined && document.activeElement === document.body) {
    $$("input[data-input]").find((el) => el.dataset.input === focusInput)?.focus();
  } else if (focusKeys && document.activeElement === document.body) {
    $("[data-keys]")?.focus();
  } else if (focusStep !== undefined && document.activeElement === document.body) {
    // stepping through the analysed turns: the same step again, or the other one at either end
    ($(`[data-step="${focusStep}"]`) || $("[data-step]"))?.focus();
  }
  const status = $('[data-region="status"]');
  if (status) status.textContent = screen.status || "";
  const log = $('[data-region="log"]');
  if (log) showLog(log, screen);
  const banner = $("#winner");
  if (banner) {
    const text = $("[data-winner-text]", banner);
    const news = text.textContent !== (screen.banner || "");
    text.textContent = screen.banner || "";
    // A new result shows; a result the player closed stays closed (the board is theirs to look at).
    if (news) page.bannerClosed = false;
    banner.hidden = !screen.banner || page.bannerClosed;
    $("#show-result")?.toggleAttribute("hidden", !screen.banner || !page.bannerClosed);
  }
  showRecap(screen);
  $('[data-op="skip"]')?.toggleAttribute("hidden", !screen.skippable);
  // Undo and skip belong to games a person plays; a game of bots only has none of them.
  $(".turn-tools")?.toggleAttribute("hidden", screen.you == null && !screen.skippable && !screen.can_undo);
  const pace = $("#bot-pace");
  if (pace && screen.pace_ms != null && document.activeElement !== pace) {
    const known = [...pace.options].some((o) => o.value === String(screen.pace_ms));
    if (known) pace.value = String(screen.pace_ms);
  }
  sound.play(screen.sounds);
  const undo = $('[data-op="undo"]');
  if (undo) undo.disabled = !screen.can_undo;
  const redo = $('[data-op="redo"]');
  if (redo) redo.disabled = !screen.can_redo;
  $('[data-op="autoplay"]')?.setAttribute("aria-pressed", String(!!screen.autoplay));
  if (screen.lesson) html.dataset.lesson = screen.lesson; // the lesson's progress, "K/N" or "done"
  html.dataset.turn = screen.turn ?? "";
  html.dataset.step = screen.step;
  save(screen);
  fitBoard();
  clearTimeout(page.tickTimer);
  if (screen.tick_ms != null) page.tickTimer = setTimeout(() => send({ op: "tick" }), screen.tick_ms);
}

// ---- layout: the board takes the height the status line and the decision leave ----------
// Only the page's own boxes are measured here (no game geometry): the board's
// drawing may be as tall as the screen allows once the action bar is below it.
// The room kept for the decision is the tallest the action bar has been on this page at this window
// size (at least the game's usual tallest decision, its min-height in site.css): the board keeps its
// size while the controls change within a turn, and shrinks at most once for an unusually tall one.
function fitBoard() {
  const board = $('[data-region="board"]');
  const bar = $(".action-bar") || $('[data-region="controls"]');
  if (!board) return;
  const top = board.getBoundingClientRect().top + window.scrollY;
  const size = `${window.innerWidth}x${window.innerHeight}`;
  if (page.barRoom.size !== size) page.barRoom = { size, height: 0 };
  // A game whose decisions cannot all fit beside a board big enough to tap says so (--bar-keep: no): the board follows the bar.
  const keep = !bar || getComputedStyle(bar).getPropertyValue("--bar-keep").trim() !== "no";
  page.barRoom.height = Math.max(keep ? page.barRoom.height : 0, bar ? bar.offsetHeight : 0);
  const below = page.barRoom.height + 14;
  const room = Math.max(140, Math.floor(window.innerHeight - top - below));
  html.style.setProperty("--board-max-h", `${room}px`);
}
const layoutWatcher = "ResizeObserver" in window ? new ResizeObserver(() => fitBoard()) : null;
function watchLayout() {
  if (!layoutWatcher) return;
  layoutWatcher.disconnect();
  for (const selector of [".action-bar", ".status-row", ".messages", ".site-header"]) {
    const el = $(selector);
    if (el) layoutWatcher.observe(el);
  }
}
window.addEventListener("resize", fitBoard);

// ---- autosave: each game its own entry, written as Python hands it over -------------
function save(screen) {
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
function forgetInAddress({ link = false, setUp = false } = {}) {
  const params = new URLSearchParams(location.search);
  const names = ["resume", ...(setUp ? ["seats", "seed"] : [])].filter((name) => params.has(name));
  if (!names.length && !(link && location.hash)) return; // the address stays as the person wrote it
  names.forEach((name) => params.delete(name));
  // What is left stays readable (?seats=human,mcts:hard, not %2C and %3A).
  const search = params.toString().replace(/%2C/gi, ",").replace(/%3A/gi, ":");
  history.replaceState(history.state, "", location.pathname + (search ? `?${search}` : "") + (link ? "" : location.hash));
}
/** The stored entries under ``prefix``; a text longer than any game is cut just past the limit (Python calls it too long). */
function storedEntries(prefix = page.savePrefix) {
  return store.keys(prefix).map((key) => [key, (store.get(key) || "").slice(0, LIMITS.entry + 1)]);
}
/** The page's clock, so Python says how long ago each game was saved in the person's own time. */
function clock() {
  return { now_ms: Date.now(), tz_offset_min: new Date().getTimezoneOffset() };
}
/** Put Python's saved-games list in place and do what it asks of the storage. */
function showSaves(answer) {
  for (const key of answer.prune || []) store.remove(key);
  const box = $('[data-region="saves"]');
  if (box && typeof answer.saves === "string") box.innerHTML = answer.saves;
}
async function refreshSaves() {
  if (!page.savePrefix || !worker) return null;
  const answer = await call({ op: "saves", entries: storedEntries(), lang: currentLang(), ...clock() });
  if (!answer.ok) { notify(answer.error); return null; }
  showSaves(answer);
  if (answer.notice) notify(answer.notice);
  return answer;
}
/** The landing page's unfinished games ("Continue"), listed by Python in both languages. */
async function showContinue() {
  const box = $('[data-region="continue"]');
  if (!box || !worker) return;
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

// ---- input ----------------------------------------------------------------------------
document.addEventListener("click", (event) => {
  const langButton = event.target.closest("[data-set-lang]");
  if (langButton) {
    setLang(langButton.dataset.setLang);
    // Told to the game page's session even before its first screen: a game on its way to the
    // engine was asked for in the language before (messages are answered in order).
    if (worker && page.game) send({ op: "lang", lang: currentLang() });
    return;
  }
  if (event.target.closest("[data-op=retry]")) {
    location.reload();
    return;
  }
  if (event.target.closest("[data-op=restart]")) {
    restart();
    return;
  }
  const rulesLink = event.target.closest("a[data-op=rules]");
  if (rulesLink && $("#rules-dialog")) {
    event.preventDefault(); // the rules open over the game, which stays as it is
    openRules(rulesLink.href, new URL(rulesLink.href).hash.slice(1));
    return;
  }
  // A link to a rule inside the rules over the game (their index for the curious) scrolls the
  // rules: the game page's own fragment is a share link's, never a rule's.
  const ruleLink = event.target.closest('#rules-dialog a[href^="#"]');
  if (ruleLink) {
    event.preventDefault();
    showRule($("[data-rules-body]", $("#rules-dialog")), ruleLink.hash.slice(1));
    return;
  }
  if (event.target.closest("[data-op=close-notice]")) {
    page.pinnedNotice = "";
    notify("");
    return;
  }
  if (event.target.closest("[data-op=close-rules]")) {
    $("#rules-dialog")?.close();
    return;
  }
  if (!worker) return;
  const opButton = event.target.closest("[data-op]");
  if (opButton) {
    runOp(opButton.dataset.op, opButton);
    return;
  }
  const target = event.target.closest("[data-act]");
  if (target && !target.hasAttribute("disabled")) send({ op: "act", gesture: target.dataset.act });
});
wireInput({ act: (gesture) => send({ op: "act", gesture }), ready: () => !!worker && !engineDead });

// ---- page operations (setup, replay, undo, share, files) ----------------------------------
/**
 * A new game as the set-up form and the address ask for it: the facts as they are (each seat's
 * controller and the name in its field, each option's input, the bot speed chosen, the address's
 * query). Python makes the game's start of them (ui/app/set_up.py): ?seats= over the form, the names.
 */
function setupMessage(form) {
  const rows = $$("[data-seat]", form).map((row) => ({
    controller: $("[name=controller]", row).value,
    name: $("[name=name]", row).value,
  }));
  const options = {};
  $$("[data-option]", form).forEach((input) => {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  });
  const pace = $("input[name=pace]:checked", form);
  return {
    op: "set_up",
    game: page.game,
    rows,
    options,
    pace: pace ? pace.value : null,
    query: location.search.slice(0, LIMITS.query + 1),
    lang: currentLang(),
  };
}

/** The replay plays itself in the session (a step each tick, paced by the screen's tick_ms): start it at the
 * chosen speed, or stop it (null). */
function autoplay(on) {
  return send({ op: "autoplay", step_ms: on ? Number($("#autoplay-speed")?.value || 750) : null });
}

/** A touch screen: no keyboard to type with until a text field is tapped. */
const coarsePointer = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;

/** The player's system and screen, as the views are told them (ui/app/view.py: ViewContext.motion, .viewport). */
function screenPrefs() {
  return {
    op: "prefs",
    motion: !(prefersLessMotion && prefersLessMotion.matches),
    width: Math.max(0, Math.round(window.innerWidth || 0)),
    touch: !!(coarsePointer && coarsePointer.matches),
  };
}

let toldPrefs = "";
/** Tells the engine the screen once it runs, and again when the device changes (a rotation, a pointer plugged in). */
function tellScreen() {
  const told = JSON.stringify(screenPrefs());
  if (told === toldPrefs || !worker || engineDead) return;
  toldPrefs = told;
  const shown = page;
  call(JSON.parse(told))
    .then((screen) => {
      if (page === shown && screen && screen.game && shown.lastScreen && screen.game === shown.lastScreen.game) show(screen);
    })
    .catch(() => null);
}
let screenTimer = 0;
window.addEventListener("resize", () => {
  clearTimeout(screenTimer);
  screenTimer = setTimeout(tellScreen, 300); // a rotation, not every frame of a resize
});
for (const query of [coarsePointer, prefersLessMotion]) query?.addEventListener?.("change", tellScreen);

/** The set-up dialog; under touch it takes the focus itself, not its first field (that would pop the keyboard). */
function showSetup() {
  const dialog = $("#setup-dialog");
  if (!dialog?.showModal) return;
  const touch = !!(coarsePointer && coarsePointer.matches);
  dialog.toggleAttribute("autofocus", touch);
  if (touch) dialog.tabIndex = -1;
  dialog.showModal();
  if (touch && document.activeElement?.matches?.("input, textarea, select")) dialog.focus();
}

/** After a new game starts from the set-up (opened from the tools below the log on a phone), the board is on screen. */
function boardInView() {
  const area = $(".board-area");
  if (!area) return;
  const box = area.getBoundingClientRect();
  if (box.top >= 0 && box.top <= window.innerHeight / 3) return;
  // The page's top when the board is near it (the header and the board together), else the board's top.
  if (box.top + window.scrollY <= window.innerHeight / 3) window.scrollTo(0, 0);
  else area.scrollIntoView({ block: "start" });
}

async function runOp(op, el) {
  if (["new", "resume", "resume-save", "analyse-save"].includes(op)) page.gameChosen = true;
  const lastScreen = page.lastScreen;
  switch (op) {
    case "new": {
      const form = $("#setup");
      const screen = await send(setupMessage(form));
      if (screen && screen.ok) {
        $("#setup-dialog")?.close?.();
        boardInView();
      }
      return;
    }
    case "show-setup":
      showSetup();
      return;
    case "resume":
    case "resume-save": {
      const key = op === "resume" ? $("#resume")?.dataset.key : el.dataset.key;
      const text = key ? store.get(key) : null;
      if (text === null) notify(say("unreadable"));
      else {
        const screen = await send({ op: "resume", text: text.slice(0, LIMITS.entry + 1), expect_game: page.game, lang: currentLang() });
        // Back to a saved game: the address no longer asks for the link or the set-up it replaced.
        if (screen && screen.ok) forgetInAddress({ link: true, setUp: true });
      }
      $("#resume")?.setAttribute("hidden", "");
      return;
    }
    case "delete-save": {
      if (window.confirm(say("deleteQuestion"))) {
        store.remove(el.dataset.key);
        await refreshSaves();
      }
      return;
    }
    case "restart":
      await restart();
      return;
    case "coach": {
      // The hint and the analysis (ui/app/coach.py): Python says what each button asks for.
      const message = { op: el.dataset.coach };
      if (el.dataset.turn) message.turn = Number(el.dataset.turn);
      if (message.op === "analyse") runOp("close-banner");
      await send(message);
      if (message.op === "analyse") $('[data-region="analysis"]')?.scrollIntoView({ block: "nearest" });
      return;
    }
    case "analyse-save": {
      // A saved game opened to be analysed: reopened like "Resume", then analysed
      const text = store.get(el.dataset.key);
      if (text === null) { notify(say("unreadable")); return; }
      const screen = await send({ op: "resume", text: text.slice(0, LIMITS.entry + 1), expect_game: page.game, lang: currentLang() });
      if (screen && screen.ok) {
        forgetInAddress({ link: true, setUp: true });
        await runOp("coach", { dataset: { coach: "analyse" } });
      }
      return;
    }
    case "skip":
    case "rematch":
      await send({ op });
      return;
    case "close-banner":
    case "show-banner":
      page.bannerClosed = op === "close-banner";
      $("#winner")?.toggleAttribute("hidden", page.bannerClosed);
      $("#show-result")?.toggleAttribute("hidden", !page.bannerClosed);
      if (!page.bannerClosed) $("#winner [data-op=close-banner]")?.focus();
      else $("#show-result")?.focus();
      return;
    case "sound":
      sound.setEnabled(!sound.enabled());
      el.setAttribute("aria-pressed", String(sound.enabled()));
      return;
    case "saves":
      await refreshSaves();
      return;
    case "undo":
    case "redo":
      await send({ op });
      return;
    case "replay-back":
    case "replay-forward": {
      if (!lastScreen) return;
      const delta = op === "replay-back" ? -1 : 1;
      const step = Math.max(0, Math.min(lastScreen.steps, lastScreen.step + delta));
      await send({ op: "view", step });
      return;
    }
    case "replay-live":
      await send({ op: "view", step: null }); // the live position: a replay playing itself stops
      return;
    case "autoplay":
      if (!lastScreen) return;
      // From the start when watching the live position, else from where the replay stands (the session's choice).
      await autoplay(!lastScreen.autoplay);
      return;
    case "share": {
      const screen = await call({ op: "link" });
      if (!screen.link) { notify(screen.error); return; }
      const link = `${location.origin}${location.pathname}#${screen.link}`;
      // Python's words for what was done with the link: shared, copied, or shown to copy
      const tell = (done) => {
        const note = $("#share-note");
        if (!note) return;
        note.textContent = (screen.link_words || {})[done] || "";
        note.hidden = !note.textContent;
      };
      // A phone's own share sheet, where the browser has one (cancelled: the link is shown as below)
      const coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
      if (coarse && typeof navigator.share === "function") {
        try {
          await navigator.share({ title: document.title, url: link });
          tell("shared");
          return;
        } catch { /* cancelled or refused */ }
      }
      const out = $("#share-link");
      if (out) {
        out.value = link;
        out.hidden = false;
        out.closest("label")?.removeAttribute("hidden");
        out.select();
      }
      try {
        await navigator.clipboard.writeText(link);
        tell("copied");
      } catch {
        tell("shown"); // the field shows it, selected
      }
      return;
    }
    case "export": {
      if (!lastScreen) return;
      const blob = new Blob([JSON.stringify(lastScreen.record, null, 1)], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `${page.game}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      return;
    }
    default:
      return;
  }
}

/** The game's rules page, shown in a dialog over the game (fetched once per page). */
async function openRules(href, anchor = "") {
  const dialog = $("#rules-dialog");
  const body = $("[data-rules-body]", dialog);
  href = href.split("#")[0];
  if (!body.childElementCount) {
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(String(response.status));
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const rules = doc.querySelector("main.rules");
      if (!rules) throw new Error("no rules");
      // Each figure's ids and style are its own, apart from the game's board (see ui/draw/svg.py).
      body.replaceChildren(...[...rules.childNodes].map((node) => document.importNode(node, true)));
    } catch {
      location.assign(href); // offline and not cached: the page itself says what it can
      return;
    }
  }
  dialog.showModal();
  dialog.scrollTop = 0;
  showRule(body, anchor);
}

/** A rule asked for by its ID, in the rules shown over the game: scroll to it and mark it. */
function showRule(body, anchor) {
  const target = anchor && body.querySelector(`[id="${CSS.escape(anchor)}"]`);
  $$(".rule-target", body).forEach((el) => el.classList.remove("rule-target"));
  if (target) {
    target.classList.add("rule-target");
    target.scrollIntoView({ block: "center" });
  }
}

async function importFile(file) {
  page.gameChosen = true;
  if (file.size > LIMITS.file) {
    notify(say("fileTooBig", { n: file.size, max: LIMITS.file }));
    return;
  }
  // The file's text goes to Python as it is: Python bounds it, then parses it.
  await send({ op: "load", record: await file.text(), expect_game: page.game, lang: currentLang() });
}
document.addEventListener("change", (event) => {
  if (event.target.matches && event.target.matches("[data-seat] select[name=controller]")) {
    followDefault($("[name=name]", event.target.closest("[data-seat]")));
  }
  if (event.target.matches && event.target.matches("#import-file") && event.target.files[0]) importFile(event.target.files[0]);
  if (event.target.matches && event.target.matches("#bot-pace") && worker && page.lastScreen) {
    send({ op: "pace", pace_ms: Number(event.target.value) });
  }
  if (event.target.matches && event.target.matches("#autoplay-speed") && worker && page.lastScreen?.autoplay) autoplay(true);
});
// Something opened in the side (the key to the board, the saved games) is scrolled into view whole.
document.addEventListener("toggle", (event) => {
  const opened = event.target;
  if (opened.open && opened.closest && opened.closest(".side")) opened.scrollIntoView({ block: "nearest" });
}, true);
document.addEventListener("dragover", (event) => { if (page.game) event.preventDefault(); });
document.addEventListener("drop", (event) => {
  if (!page.game || !worker) return;
  event.preventDefault();
  const file = event.dataTransfer.files[0];
  if (file) importFile(file);
});
document.addEventListener("click", (event) => {
  const li = event.target.closest && event.target.closest('[data-region="log"] li');
  if (li && worker) send({ op: "view", step: Number(li.dataset.step) });
});

// ---- start-up ------------------------------------------------------------------------------
/** Open the game a link carries; false (with the reason pinned on the page) if it is refused. */
async function openLink(fragment) {
  if (fragment.length > LIMITS.fragment) {
    page.pinnedNotice = say("linkTooLong", { n: fragment.length, max: LIMITS.fragment });
    notify(page.pinnedNotice);
    return false;
  }
  const screen = await send({ op: "open_link", fragment, expect_game: page.game, lang: currentLang() });
  if (screen && screen.ok) return true;
  page.pinnedNotice = (screen && screen.error) || "";
  notify(page.pinnedNotice);
  return false;
}

// A second link opened in the same tab changes only the fragment.
window.addEventListener("hashchange", () => {
  const fragment = location.hash.slice(1);
  if (page.game && worker && !engineDead && fragment) {
    page.gameChosen = true;
    openLink(fragment);
  }
});

/**
 * A game page's start. Python chooses (ui/store/resume.py): the game this visit
 * already has here, or a saved game reopened at its step (a reload, a return,
 * a game chosen under "Continue"); else the page opens its link or starts its
 * set-up's game, and offers the unfinished game Python names beside it.
 */
async function startGamePage() {
  const shown = page;
  const fragment = location.hash.slice(1);
  const arrival = await send({
    op: "arrive",
    entries: storedEntries(),
    expect_game: page.game,
    query: location.search.slice(0, LIMITS.query + 1),
    link: !!fragment,
    lang: currentLang(),
    ...clock(),
  });
  if (!arrival) return; // the engine died: the page says so
  if (page !== shown) return; // the player went on to another page (the lesson from the header) meanwhile
  showSaves(arrival);
  // Words about the saved games (one that could not be reopened), or why the message was refused:
  // they stay while the game starts, until the person's next action.
  const said = arrival.error || arrival.notice;
  if (said) {
    page.pinnedNotice = said;
    notify(said);
  }
  forgetInAddress(); // a saved game asked for by the address (?resume=) is open, or said to be missing
  if (arrival.game) {
    page.gameChosen = true;
    return;
  }
  const resume = $("#resume");
  if (resume && arrival.offer) {
    resume.dataset.key = arrival.offer;
    resume.hidden = false;
  }
  if (fragment && (await openLink(fragment))) {
    page.gameChosen = true;
    return;
  }
  if (!page.gameChosen) {
    const screen = await send(setupMessage($("#setup")));
    // A refused set-up (e.g. a bad ?seats= in the link) leaves no game: say why where the game would be.
    if (screen && !screen.ok && !screen.game) {
      const status = $('[data-region="status"]');
      if (status) status.textContent = screen.error || "";
      notify(screen.error || "");
    }
  }
}

/** Start the engine once per visit; every page that needs it waits on the same start. */
function ensureEngine() {
  if (!booting) booting = boot();
  return booting;
}

async function boot() {
  if (!("Worker" in window) || !("WebAssembly" in window) || !("noModule" in HTMLScriptElement.prototype)) {
    fail(say("tooOld"));
    return false;
  }
  // A download that fails inside the worker can leave Pyodide waiting for ever: once nothing has
  // moved for this long, say so and offer a retry (see watchStart).
  const start = watchStart({
    stallMs: window.BOOT_STALL_MS || config.stallMs, quietMs: config.quietMs, progress, fail, say, lang: currentLang,
  });
  try {
    start.phase(0.1, say("preparing"));
    const early = headStart(config, url); // Pyodide compiled and files fetched while the worker starts (head_start.js)
    start.follow(early.downloads);
    await guardIndexedDB(); // before PyScript opens its databases (see idb_guard.js)
    guardBroadcastChannel(); // before PyScript makes its channel (see channel_guard.js)
    const { PyWorker } = await import(url(config.pyscript));
    const pyscriptAt = performance.now();
    start.phase(0.3, say("preparing"));
    worker = await early.catchWorker(() => PyWorker(url(config.worker), { config: url(config.config), version: url(config.pyodide) }));
    const workerAt = performance.now();
    start.phase(0.8, say("preparing"));
    const answer = JSON.parse(await worker.sync.boot(JSON.stringify({
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
    engineDead = false;
    toldPrefs = ""; // a new engine (a restart after a crash) knows nothing yet: tell it before any game
    tellScreen();
    html.dataset.engine = "ready";
    // For monitoring, the browser bench and the tests: the same message door
    // the page uses, and a way to stop the engine as a crash would.
    window.boardgamesEngine = {
      call, build: answer.build, python: answer.python, stop: () => worker?.terminate(),
      importModule: (name) => worker.sync.import_module(name).then(JSON.parse), // where a module comes from (the tests)
    };
    if (!embedded) offerOffline(); // a frame's reader gets the offline copy once they have played
    return true;
  } catch (err) {
    start.stop();
    console.error(words(err));
    worker = null;
    booting = null; // a later page may try again
    fail(say("couldNotStart", { reason: words(err) }));
    return false;
  }
}

/** A fresh engine after one died: the link that may have killed it is left out; saves are kept. */
async function restart() {
  try { worker?.terminate(); } catch { /* already gone */ }
  worker = null;
  booting = null;
  busy = Promise.resolve();
  notify("");
  if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  $("#engine-failure")?.setAttribute("hidden", "");
  progress(0, "");
  // The same page stays on screen: the fresh game's first screen must know what the last one drew,
  // to clear what it does not draw itself (a finished game's summary).
  await enterPage({ drawn: page.rendered });
}

// The service worker precaches the site once the engine runs: by then the
// runtime sits in the HTTP cache, so the precache costs no second download.
function registerServiceWorker() {
  // A third-party frame whose browser refuses it storage may have no service
  // worker at all: play goes on, only offline play is not offered there.
  // A page refused storage keeps no offline copy either: it does not ask (Firefox
  // refuses such a frame's registration, and reports the refusal as an error).
  if (!store.persistent) return;
  let container = null;
  try { container = navigator.serviceWorker || null; } catch { return; }
  if (!container || !config.serviceWorker) return;
  const swURL = url(config.serviceWorker);
  const returning = Boolean(container.controller); // served by a service worker of an earlier visit
  // The worker's script URL names the build, so that a page of a new build
  // starts installing that build's offline copy at once: registering the
  // same URL again checks nothing, and the browser's own check after a
  // navigation waits until the old worker is idle, which a page loading its
  // engine through it may not let it be for a long time.
  const buildURL = `${swURL}?build=${encodeURIComponent(config.build)}`;
  container.register(buildURL).catch(() => { /* offline play simply isn't offered */ });
  // A deploy that dropped the service worker: the old one steps aside (with
  // its caches) instead of serving the old site on the next visits. (A first
  // visit has none to drop, and fetching sw.js here would fetch it twice.)
  if (!returning) return;
  fetch(swURL, { cache: "no-store" }).then(async (response) => {
    if (response.status !== 404 && response.status !== 410) return;
    for (const registration of await container.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) if (key.startsWith("boardgames-")) await caches.delete(key);
  }).catch(() => { /* offline: keep what works */ });
}
// ---- pages: the first one, and each one client-side navigation brings -----------------------
let offlineOffered = false;
/** The service worker, once per visit: it keeps the whole site for offline play. */
function offerOffline() {
  if (offlineOffered) return;
  offlineOffered = true;
  registerServiceWorker();
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
async function enterPage({ drawn = null } = {}) {
  page = newPage();
  if (drawn) page.rendered = drawn;
  setLang(currentLang()); // the new page's language buttons and title
  $('[data-op="sound"]')?.setAttribute("aria-pressed", String(sound.enabled()));
  placeRecap();
  watchLayout();
  // The embed snippet names this site's own address: the HTML, built before any host gave it one, says YOUR-SITE.
  for (const code of $$("[data-embed-snippet]")) code.textContent = code.textContent.replace(EMBED_PLACEHOLDER, siteRoot(config, base));
  fitBoard();
  if (!$("#engine-progress")) {
    // A page without a game (rules): the engine, if running, keeps running for the next game page.
    if (!worker) delete html.dataset.engine;
    if (!embedded) offerOffline();
    return;
  }
  if (worker && !engineDead) {
    progress(1, "");
    html.dataset.engine = "ready";
  } else {
    html.dataset.engine = "loading";
  }
  // A reader who has played here before (a game is kept in this frame) has the engine already: no facade.
  if (embedded && !worker && !(page.savePrefix && store.keys(page.savePrefix).length)) await untilReaderActs();
  else if (!page.game && !page.lesson && !worker && !booting) await untilVisitorLeans(); // the landing
  const started = await ensureEngine();
  if (!started || !$("#engine-progress")) return;
  if (page.lesson) await send({ op: "lesson", game: page.game, lang: currentLang() });
  else if (page.game) await startGamePage();
  else await showContinue();
}

/** The page is about to go: stop its timers (a bot's game waits, untouched, for the player's return). */
function leavePage() {
  clearTimeout(page.tickTimer);
  $("#setup-dialog")?.close?.();
  page = newPage(); // answers still on their way are for the page that went
}

startNavigation({ config, base, leave: leavePage, enter: enterPage });
enterPage();

// The thin bridge between the page and the Python engine worker.
//
// It knows no game: it starts the PyScript worker, forwards what the player
// clicks, drags or types (the `data-act`, `data-drag` and `data-keys`
// attributes that Python put in the page) and puts the HTML/SVG that Python
// returns into the elements named by `data-region`. The only state it keeps
// is the autosaved record and the player's language, both in localStorage.

const html = document.documentElement;
const config = JSON.parse(document.getElementById("site-config").textContent);
const url = (path) => new URL(path, document.baseURI).href;
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const gameName = html.dataset.game || null;

let worker = null;
let busy = Promise.resolve();
let tickTimer = null;
let lastScreen = null;

// ---- language -------------------------------------------------------------
function currentLang() {
  return html.lang === "fr" ? "fr" : "en";
}
function setLang(lang) {
  html.lang = lang;
  try { localStorage.setItem("boardgames:lang", lang); } catch { /* private mode: keep going */ }
  $$("[data-set-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.setLang === lang)));
}
(() => {
  let lang = null;
  try { lang = localStorage.getItem("boardgames:lang"); } catch { /* ignore */ }
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") lang = asked;
  setLang(lang === "fr" ? "fr" : "en");
})();
if (new URLSearchParams(location.search).get("embed") === "1") html.classList.add("embed");

// ---- progress and failure ------------------------------------------------------
function progress(fraction, label) {
  const bar = $("#engine-progress");
  if (!bar) return;
  bar.hidden = fraction >= 1;
  $("progress", bar).value = Math.round(fraction * 100);
  $("[data-progress-label]", bar).textContent = label;
}
function fail(message) {
  html.dataset.engine = "failed";
  const box = $("#engine-failure");
  if (box) {
    $("[data-failure-text]", box).textContent = message;
    box.hidden = false;
  }
  progress(1, "");
}
function notify(message) {
  const box = $("#notice");
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

// ---- talking to Python ------------------------------------------------------------
function call(message) {
  // One message at a time: answers come back in order.
  const run = busy.then(async () => {
    const answer = JSON.parse(await worker.sync.handle(JSON.stringify(message)));
    return answer;
  });
  busy = run.catch(() => {});
  return run;
}

// A message that must outlive the next redraw (a refused share link while a
// fresh game starts instead); the player's next action clears it.
let pinnedNotice = "";

async function send(message) {
  if (message.op !== "start" && message.op !== "tick") pinnedNotice = "";
  let screen;
  try {
    screen = await call(message);
  } catch (err) {
    console.error(err);
    notify(String(err && err.message ? err.message : err));
    return null;
  }
  show(screen);
  return screen;
}

const rendered = new Map();

// The log grows one line at a time: keep the lines already shown.
function showLog(log, screen) {
  const items = log.children;
  let same = 0;
  while (same < items.length && same < screen.log.length && items[same].textContent === screen.log[same].text) same++;
  while (items.length > same) log.lastElementChild.remove();
  const fresh = document.createDocumentFragment();
  for (const line of screen.log.slice(same)) {
    const li = document.createElement("li");
    li.textContent = line.text;
    li.dataset.step = line.step;
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

function show(screen) {
  if (!screen) return;
  notify(screen.error || pinnedNotice);
  if (!screen.regions || !screen.game) return;
  lastScreen = screen;
  // Keyboard players keep their place: refocus the same control after the redraw.
  const focused = document.activeElement;
  const focusAct = focused && focused.dataset ? focused.dataset.act : undefined;
  const focusKeys = focused && focused.closest ? !!focused.closest("[data-keys]") : false;
  for (const [name, markup] of Object.entries(screen.regions)) {
    const el = $(`[data-region="${name}"]`);
    // Only what changed is replaced: big SVG boards are costly to re-parse.
    if (el && rendered.get(name) !== markup) {
      el.innerHTML = markup;
      rendered.set(name, markup);
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
    else $('[data-region="board"] [tabindex="0"]')?.focus();
  } else if (focusKeys && document.activeElement === document.body) {
    $("[data-keys]")?.focus();
  }
  const status = $('[data-region="status"]');
  if (status) status.textContent = screen.status || "";
  const log = $('[data-region="log"]');
  if (log) showLog(log, screen);
  const banner = $("#winner");
  if (banner) {
    banner.hidden = !screen.banner;
    $("[data-winner-text]", banner).textContent = screen.banner || "";
  }
  const undo = $('[data-op="undo"]');
  if (undo) undo.disabled = !screen.can_undo;
  const redo = $('[data-op="redo"]');
  if (redo) redo.disabled = !screen.can_redo;
  html.dataset.turn = screen.turn ?? "";
  html.dataset.step = screen.step;
  save(screen);
  clearTimeout(tickTimer);
  if (screen.tick_ms != null) tickTimer = setTimeout(() => send({ op: "tick" }), screen.tick_ms);
}

// ---- autosave: one entry per game (keyed by its seed) ----------------------------------
const savePrefix = gameName ? `boardgames:save:${gameName}:` : null;
function save(screen) {
  // Nothing is saved until the game has really begun (more than the opening draw).
  if (!savePrefix || !screen.record || screen.step !== screen.steps || screen.steps < 2) return;
  try {
    localStorage.setItem(savePrefix + screen.record.seed, JSON.stringify({ record: screen.record, finished: !!screen.banner, saved: Date.now() }));
  } catch (err) {
    notify(currentLang() === "fr" ? "Sauvegarde impossible (stockage plein ou privé) : la partie continue." : "Could not save (storage full or private): play goes on.");
  }
}
function storedEntries() {
  const entries = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (savePrefix && key.startsWith(savePrefix)) entries.push([key, localStorage.getItem(key) || ""]);
    }
  } catch { /* storage unavailable: no saved games to offer */ }
  return entries;
}
function latestUnfinished() {
  let best = null;
  for (const [key, text] of storedEntries()) {
    try {
      const entry = JSON.parse(text);
      if (entry && entry.record && !entry.finished && (!best || entry.saved > best.entry.saved)) best = { key, entry };
    } catch { /* a damaged entry is listed (and deletable) in the saved-games list */ }
  }
  return best;
}
async function refreshSaves() {
  const box = $('[data-region="saves"]');
  if (!box || !worker) return;
  const answer = await call({ op: "saves", entries: storedEntries(), lang: currentLang() });
  if (!answer.ok) { notify(answer.error); return; }
  box.innerHTML = answer.saves;
  $$("time[data-ms]", box).forEach((t) => { t.textContent = new Date(Number(t.dataset.ms)).toLocaleString(); });
}

// ---- input -------------------------------------------------------------------------------
function svgPoint(svg, event) {
  // An answer may have redrawn the region since the drag began: measure on the drawing now shown.
  if (!svg.isConnected) svg = (dragging && $(`[data-drag="${dragging.name}"]`)?.ownerSVGElement) || svg;
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return `${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
}

document.addEventListener("click", (event) => {
  const langButton = event.target.closest("[data-set-lang]");
  if (langButton) {
    setLang(langButton.dataset.setLang);
    if (worker && lastScreen) send({ op: "lang", lang: currentLang() });
    return;
  }
  if (event.target.closest("[data-op=retry]")) {
    location.reload();
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

document.addEventListener("keydown", (event) => {
  if (!worker) return;
  const target = event.target.closest ? event.target.closest("[data-act]") : null;
  if (target && target.tagName !== "BUTTON" && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    send({ op: "act", gesture: target.dataset.act });
    return;
  }
  const keys = event.target.closest ? event.target.closest("[data-keys]") : null;
  if (keys && ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " "].includes(event.key)) {
    event.preventDefault();
    send({ op: "act", gesture: `key ${event.key === " " ? "Space" : event.key}` });
  }
});

let dragging = null;
let dragInFlight = false;
document.addEventListener("pointerdown", (event) => {
  const handle = event.target.closest && event.target.closest("[data-drag]");
  if (!handle || !worker) return;
  dragging = { name: handle.dataset.drag, svg: handle.ownerSVGElement || handle };
  event.preventDefault();
});
document.addEventListener("pointermove", async (event) => {
  if (!dragging || dragInFlight) return;
  dragInFlight = true;
  await send({ op: "act", gesture: `drag ${dragging.name} ${svgPoint(dragging.svg, event)}` });
  dragInFlight = false;
});
document.addEventListener("pointerup", (event) => {
  if (!dragging) return;
  const { name, svg } = dragging;
  const point = svgPoint(svg, event);
  dragging = null;
  send({ op: "act", gesture: `release ${name} ${point}` });
});

// ---- page operations (setup, replay, undo, share, files) ----------------------------------
function setupMessage(form) {
  const asked = (new URLSearchParams(location.search).get("seats") || "").split(",").filter(Boolean);
  const seats = $$("[data-seat]", form)
    .map((row, index) => {
      const chosen = $("[name=controller]", row).value;
      // ?seats=human,heuristic,... overrides the form; Python validates every name.
      const controller = asked.length ? (asked[index] || "none") : chosen;
      const input = $("[name=name]", row);
      // An untouched default name follows the page's language.
      const typed = input.value === input.defaultValue && currentLang() === "fr" ? input.dataset.nameFr : input.value;
      const name = controller === chosen ? typed
        : `${controller === "human" ? (currentLang() === "fr" ? "Joueur" : "Player") : "Bot"} ${index + 1}`;
      return { name, controller };
    })
    .filter((seat) => seat.controller !== "none");
  const seed = new URLSearchParams(location.search).get("seed");
  const options = {};
  $$("[data-option]", form).forEach((input) => {
    options[input.dataset.option] = input.type === "checkbox" ? input.checked : input.value;
  });
  const message = { op: "start", game: gameName, seats, options, lang: currentLang(), training: !!options.training };
  delete options.training;
  if (seed !== null) message.seed = /^\d+$/.test(seed) ? Number(seed) : seed;
  const pace = new URLSearchParams(location.search).get("pace");
  if (pace !== null) message.pace_ms = /^\d+$/.test(pace) ? Number(pace) : pace;
  return message;
}

let autoplayTimer = null;
function stopAutoplay() {
  clearTimeout(autoplayTimer);
  autoplayTimer = null;
  $('[data-op="autoplay"]')?.setAttribute("aria-pressed", "false");
}
function autoplay() {
  $('[data-op="autoplay"]')?.setAttribute("aria-pressed", "true");
  const delay = Number($("#autoplay-speed")?.value || 750);
  autoplayTimer = setTimeout(async () => {
    if (!lastScreen || lastScreen.step >= lastScreen.steps) { stopAutoplay(); return; }
    await send({ op: "view", step: lastScreen.step + 1 });
    if (autoplayTimer && lastScreen.step < lastScreen.steps) autoplay();
    else stopAutoplay();
  }, delay);
}

// Set as soon as the player picks a game (resume, import, new), so the
// default new game of the start-up never replaces the one they chose.
let gameChosen = false;

async function runOp(op, el) {
  if (["new", "resume", "resume-save"].includes(op)) gameChosen = true;
  switch (op) {
    case "new": {
      const form = $("#setup");
      const screen = await send(setupMessage(form));
      if (screen && screen.ok) $("#setup-dialog")?.close?.();
      return;
    }
    case "show-setup":
      $("#setup-dialog")?.showModal?.();
      return;
    case "resume": {
      const found = latestUnfinished();
      if (found) await send({ op: "load", record: found.entry.record, expect_game: gameName, lang: currentLang() });
      $("#resume")?.setAttribute("hidden", "");
      return;
    }
    case "resume-save": {
      let entry = null;
      try { entry = JSON.parse(localStorage.getItem(el.dataset.key) || "null"); } catch { /* reported below */ }
      if (entry && entry.record) await send({ op: "load", record: entry.record, expect_game: gameName, lang: currentLang() });
      else notify(currentLang() === "fr" ? "Cette sauvegarde est illisible." : "This save cannot be read.");
      $("#resume")?.setAttribute("hidden", "");
      return;
    }
    case "delete-save": {
      const question = currentLang() === "fr" ? "Supprimer cette partie sauvegardée ?" : "Delete this saved game?";
      if (window.confirm(question)) {
        try { localStorage.removeItem(el.dataset.key); } catch { /* nothing to delete */ }
        await refreshSaves();
      }
      return;
    }
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
      stopAutoplay();
      await send({ op: "view", step: null });
      return;
    case "autoplay":
      if (autoplayTimer) { stopAutoplay(); return; }
      if (!lastScreen) return;
      // From the start when watching the live position, else from where the replay stands.
      if (lastScreen.step === lastScreen.steps) await send({ op: "view", step: 0 });
      autoplay();
      return;
    case "share": {
      const screen = await call({ op: "link" });
      if (screen.link) {
        const link = `${location.origin}${location.pathname}#${screen.link}`;
        const out = $("#share-link");
        if (out) { out.value = link; out.hidden = false; out.select(); }
        try { await navigator.clipboard.writeText(link); } catch { /* the field shows it anyway */ }
      } else notify(screen.error);
      return;
    }
    case "export": {
      if (!lastScreen) return;
      const blob = new Blob([JSON.stringify(lastScreen.record, null, 1)], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `${gameName}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      return;
    }
    default:
      return;
  }
}

async function importFile(file) {
  gameChosen = true;
  const text = await file.text();
  let record;
  try { record = JSON.parse(text); } catch { record = text; }
  await send({ op: "load", record, expect_game: gameName, lang: currentLang() });
}
document.addEventListener("change", (event) => {
  if (event.target.matches && event.target.matches("#import-file") && event.target.files[0]) importFile(event.target.files[0]);
});
document.addEventListener("dragover", (event) => { if (gameName) event.preventDefault(); });
document.addEventListener("drop", (event) => {
  if (!gameName || !worker) return;
  event.preventDefault();
  const file = event.dataTransfer.files[0];
  if (file) importFile(file);
});
document.addEventListener("click", (event) => {
  const li = event.target.closest && event.target.closest('[data-region="log"] li');
  if (li && worker) send({ op: "view", step: Number(li.dataset.step) });
});

// ---- start-up ------------------------------------------------------------------------------
async function startGamePage() {
  const fragment = location.hash.slice(1);
  let linkError = "";
  if (fragment) {
    const screen = await send({ op: "open_link", fragment, expect_game: gameName, lang: currentLang() });
    if (screen && screen.ok) return;
    linkError = (screen && screen.error) || "";
    pinnedNotice = linkError;
  }
  if (latestUnfinished()) {
    const resume = $("#resume");
    if (resume) resume.hidden = false;
  }
  try {
    await refreshSaves();
  } catch (err) {
    console.error(err); // the list is a convenience: never let it stop the game from starting
  }
  if (!gameChosen) {
    const screen = await send(setupMessage($("#setup")));
    // A refused set-up (e.g. a bad ?seats= in the link) leaves no game: say why where the game would be.
    if (screen && !screen.ok && !screen.game) {
      const status = $('[data-region="status"]');
      if (status) status.textContent = screen.error || "";
      notify(screen.error || "");
    }
  }

}

async function boot() {
  // A download that fails inside the worker can leave Pyodide waiting for
  // ever: after this long without an answer, say so and offer a retry (the
  // attempt goes on; if it succeeds the message goes away).
  const timeout = window.BOOT_TIMEOUT_MS || config.bootTimeoutMs;
  const watchdog = setTimeout(() => fail(currentLang() === "fr"
    ? "Le moteur de jeu ne démarre pas (connexion coupée ?)."
    : "The game engine could not start in time (is the connection down?)."), timeout);
  if (!("Worker" in window) || !("WebAssembly" in window) || !("noModule" in HTMLScriptElement.prototype)) {
    fail(currentLang() === "fr" ? "Ce navigateur est trop ancien pour faire tourner le moteur de jeu." : "This browser is too old to run the game engine.");
    return;
  }
  try {
    progress(0.1, "PyScript");
    const { PyWorker } = await import(url(config.pyscript));
    const pyscriptAt = performance.now();
    progress(0.3, "Python");
    worker = await PyWorker(url(config.worker), { config: url(config.config), version: url(config.pyodide) });
    const workerAt = performance.now();
    progress(0.8, "pydantic");
    const answer = JSON.parse(await worker.sync.boot(JSON.stringify(config.wheels.map(url))));
    if (!answer.ok) throw new Error(answer.error || "engine did not answer");
    window.boardgamesTimings = {
      pyscript: Math.round(pyscriptAt), worker: Math.round(workerAt - pyscriptAt),
      ...answer.timings_ms, total: Math.round(performance.now()),
    };
    clearTimeout(watchdog);
    progress(1, "");
    $("#engine-failure")?.setAttribute("hidden", "");
    html.dataset.engine = "ready";
    // For monitoring and the browser bench: the same message door the page uses.
    window.boardgamesEngine = { call };
    registerServiceWorker();
    if (gameName) await startGamePage();
  } catch (err) {
    clearTimeout(watchdog);
    console.error(err);
    worker = null;
    fail((currentLang() === "fr" ? "Le moteur de jeu n'a pas pu démarrer : " : "The game engine could not start: ") + (err && err.message ? err.message : String(err)));
  }
}

// The service worker precaches the site once the engine runs: by then the
// runtime sits in the HTTP cache, so the precache costs no second download.
function registerServiceWorker() {
  if ("serviceWorker" in navigator && config.serviceWorker) {
    navigator.serviceWorker.register(url(config.serviceWorker)).catch(() => { /* offline play simply isn't offered */ });
  }
}
if ($("#engine-progress")) {
  html.dataset.engine = "loading";
  boot();
} else {
  delete html.dataset.engine; // a page without a game (rules) never loads the engine
  registerServiceWorker();
}

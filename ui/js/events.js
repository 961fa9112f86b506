// What the player does on the page, beyond the board's own gestures
// (input.js): clicks on the language buttons, the page's operations, the rules
// and the `data-act` controls; the set-up's and tools' fields; a record file
// dropped; a line of the log; a second link opened in the same tab.

import { followDefault, setLang } from "./lang.js";
import { notify } from "./notice.js";
import { autoplay, runOp } from "./ops.js";
import { restart } from "./pages.js";
import { send } from "./regions.js";
import { openRules, showRule } from "./rules.js";
import { importFile, openLink } from "./share.js";
import { $, currentLang, state } from "./shared.js";

/** A click on the page: the first of these that it lands on is done. */
function onClick(event) {
  const langButton = event.target.closest("[data-set-lang]");
  if (langButton) {
    setLang(langButton.dataset.setLang);
    // Told to the game page's session even before its first screen: a game on its way to the
    // engine was asked for in the language before (messages are answered in order).
    if (state.worker && state.page.game) send({ op: "lang", lang: currentLang() });
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
    state.page.pinnedNotice = "";
    notify("");
    return;
  }
  if (event.target.closest("[data-op=close-rules]")) {
    $("#rules-dialog")?.close();
    return;
  }
  if (!state.worker) return;
  const opButton = event.target.closest("[data-op]");
  if (opButton) {
    runOp(opButton.dataset.op, opButton);
    return;
  }
  const target = event.target.closest("[data-act]");
  if (target && !target.hasAttribute("disabled")) send({ op: "act", gesture: target.dataset.act });
}

/** The page's clicks: buttons, operations, rules and controls. */
export function wireClicks() {
  document.addEventListener("click", onClick);
}

/** A field changed: a seat's controller (its default name follows), a file to import, the bots' pace, the replay's speed. */
function onChange(event) {
  if (event.target.matches && event.target.matches("[data-seat] select[name=controller]")) {
    followDefault($("[name=name]", event.target.closest("[data-seat]")));
  }
  if (event.target.matches && event.target.matches("#import-file") && event.target.files[0]) importFile(event.target.files[0]);
  if (event.target.matches && event.target.matches("#bot-pace") && state.worker && state.page.lastScreen) {
    send({ op: "pace", pace_ms: Number(event.target.value) });
  }
  if (event.target.matches && event.target.matches("#autoplay-speed") && state.worker && state.page.lastScreen?.autoplay) autoplay(true);
}

/** The fields, a record file dropped on a game page, the side's boxes opened, a line of the log clicked. */
export function wireFields() {
  document.addEventListener("change", onChange);
  // Something opened in the side (the key to the board, the saved games) is scrolled into view whole.
  document.addEventListener("toggle", (event) => {
    const opened = event.target;
    if (opened.open && opened.closest && opened.closest(".side")) opened.scrollIntoView({ block: "nearest" });
  }, true);
  document.addEventListener("dragover", (event) => { if (state.page.game) event.preventDefault(); });
  document.addEventListener("drop", (event) => {
    if (!state.page.game || !state.worker) return;
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (file) importFile(file);
  });
  document.addEventListener("click", (event) => {
    const li = event.target.closest && event.target.closest('[data-region="log"] li');
    if (li && state.worker) send({ op: "view", step: Number(li.dataset.step) });
  });
}

/** A second link opened in the same tab changes only the fragment. */
export function wireLinks() {
  window.addEventListener("hashchange", () => {
    const fragment = location.hash.slice(1);
    if (state.page.game && state.worker && !state.engineDead && fragment) {
      state.page.gameChosen = true;
      openLink(fragment);
    }
  });
}

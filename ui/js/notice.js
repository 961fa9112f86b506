// What the bridge tells the player itself: the engine's start-up progress,
// its failure (with a retry or a fresh start), and the notice line, where a
// rule's ID in a message links to that rule.

import { $, config, currentLang, html, state } from "./shared.js";

export function progress(fraction, label) {
  const bar = $("#engine-progress");
  if (!bar) return;
  bar.hidden = fraction >= 1;
  $("progress", bar).value = Math.round(fraction * 100);
  $("[data-progress-label]", bar).textContent = label;
}

export function fail(message, { restart = false } = {}) {
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

export function notify(message) {
  const box = $("#notice");
  if (!box) return;
  const text = message || "";
  box.replaceChildren();
  let at = 0;
  for (const found of text.matchAll(RULE_ID)) {
    box.append(text.slice(at, found.index));
    const link = document.createElement("a");
    link.className = "rule-ref";
    link.href = `${state.page.game ? "rules/" : ""}#${currentLang()}-${found[0]}`;
    if (state.page.game) link.dataset.op = "rules";
    link.textContent = found[0];
    box.append(link);
    at = found.index + found[0].length;
  }
  box.append(text.slice(at));
  box.hidden = !text;
}

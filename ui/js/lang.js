// The page's language: its buttons, title and description, the app manifest
// it links, and the set-up's default seat names, all following the player's
// choice (kept through store.js).

import { $, $$, config, currentLang, html, url } from "./shared.js";
import * as store from "./store.js";

export function setLang(lang) {
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
/** A seat name nobody typed over follows the seat's choice (Python says whose name it takes) and the language. */
export function followDefault(input) {
  if (!DEFAULT_NAMES.some((key) => input.dataset[key] === input.value)) return;
  const choice = input.closest("[data-seat]")?.querySelector("[name=controller]")?.selectedOptions[0];
  const kind = choice?.dataset.kind; // "person" or "bot"; none for an empty seat
  if (kind) input.value = input.dataset[kind + (currentLang() === "fr" ? "Fr" : "En")] || input.value;
}

/** The visit's language: the address's ?lang= if it asks, else the one stored, else English. */
export function startLang() {
  let lang = store.get("boardgames:lang");
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") lang = asked;
  setLang(lang === "fr" ? "fr" : "en");
}

// The game's rules shown in a dialog over the game, which stays as it is: the
// rules page fetched once per page, and a rule asked for by its ID marked.

import { $, $$ } from "./shared.js";

/** The game's rules page, shown in a dialog over the game (fetched once per page). */
export async function openRules(href, anchor = "") {
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
export function showRule(body, anchor) {
  const target = anchor && body.querySelector(`[id="${CSS.escape(anchor)}"]`);
  $$(".rule-target", body).forEach((el) => el.classList.remove("rule-target"));
  if (target) {
    target.classList.add("rule-target");
    target.scrollIntoView({ block: "center" });
  }
}

// The set-up form: the new game it asks for, as a message for Python; its
// dialog; and the board brought into view once the new game starts.

import { $, $$, LIMITS, coarsePointer, currentLang, state } from "./shared.js";

/**
 * A new game as the set-up form and the address ask for it: the facts as they are (each seat's
 * controller and the name in its field, each option's input, the bot speed chosen, the address's
 * query). Python makes the game's start of them (ui/app/set_up.py): ?seats= over the form, the names.
 */
export function setupMessage(form) {
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
    game: state.page.game,
    rows,
    options,
    pace: pace ? pace.value : null,
    query: location.search.slice(0, LIMITS.query + 1),
    lang: currentLang(),
  };
}

/** The set-up dialog; under touch it takes the focus itself, not its first field (that would pop the keyboard). */
export function showSetup() {
  const dialog = $("#setup-dialog");
  if (!dialog?.showModal) return;
  const touch = !!(coarsePointer && coarsePointer.matches);
  dialog.toggleAttribute("autofocus", touch);
  if (touch) dialog.tabIndex = -1;
  dialog.showModal();
  if (touch && document.activeElement?.matches?.("input, textarea, select")) dialog.focus();
}

/** After a new game starts from the set-up (opened from the tools below the log on a phone), the board is on screen. */
export function boardInView() {
  const area = $(".board-area");
  if (!area) return;
  const box = area.getBoundingClientRect();
  if (box.top >= 0 && box.top <= window.innerHeight / 3) return;
  // The page's top when the board is near it (the header and the board together), else the board's top.
  if (box.top + window.scrollY <= window.innerHeight / 3) window.scrollTo(0, 0);
  else area.scrollIntoView({ block: "start" });
}

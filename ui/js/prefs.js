// The player's system and screen as the engine's views are told them
// (ui/app/view.py: ViewContext.motion, .viewport): told once the engine runs, and
// again when the device changes (a rotation, a pointer plugged in).

import { call } from "./engine.js";
import { show } from "./regions.js";
import { coarsePointer, prefersLessMotion, state } from "./shared.js";

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
  if (told === toldPrefs || !state.worker || state.engineDead) return;
  toldPrefs = told;
  const shown = state.page;
  call(JSON.parse(told))
    .then((screen) => {
      if (state.page === shown && screen && screen.game && shown.lastScreen && screen.game === shown.lastScreen.game) show(screen);
    })
    .catch(() => null);
}

/** A new engine (a restart after a crash) knows nothing yet: tell it before any game. */
export function tellNewEngine() {
  toldPrefs = "";
  tellScreen();
}

let screenTimer = 0;
/** The screen told again after a resize settles, or when the pointer or the motion preference changes. */
export function wireScreenPrefs() {
  window.addEventListener("resize", () => {
    clearTimeout(screenTimer);
    screenTimer = setTimeout(tellScreen, 300); // a rotation, not every frame of a resize
  });
  for (const query of [coarsePointer, prefersLessMotion]) query?.addEventListener?.("change", tellScreen);
}

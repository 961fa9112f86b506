// Which lessons the person has done: kept in the browser's storage (in memory
// when the browser refuses it: store.js), one list per game. A lesson's page
// adds its own when its screen says "done"; the list at GAME/learn/ shows the
// mark the build drew beside each done lesson (its words are in the HTML).

import { $$ } from "./shared.js";
import * as store from "./store.js";

const key = (game) => `boardgames:lessons-done:${game}`;

/** The lessons of ``game`` done here, by their names. */
export function doneLessons(game) {
  try {
    const list = JSON.parse(store.get(key(game)) || "[]");
    return Array.isArray(list) ? list.filter((name) => typeof name === "string") : [];
  } catch {
    return []; // a value edited by hand: nothing counts as done
  }
}

/** Remember that the lesson ``name`` of ``game`` was played to its end. */
export function lessonDone(game, name) {
  const done = doneLessons(game);
  if (!done.includes(name)) store.set(key(game), JSON.stringify([...done, name]));
}

/** On a list of lessons, mark those done. */
export function markDoneLessons() {
  for (const list of $$("[data-lesson-list]")) {
    const done = doneLessons(list.dataset.lessonList);
    for (const item of list.querySelectorAll("[data-lesson-slug]")) {
      const isDone = done.includes(item.dataset.lessonSlug);
      item.toggleAttribute("data-done", isDone);
      item.querySelector(".lesson-done")?.toggleAttribute("hidden", !isDone);
    }
  }
}

// A game carried outside the page and back: a share link (made by Python,
// offered through the phone's share sheet, the clipboard or a field to copy),
// a link opened, a record exported to a file and a file imported. What comes
// from outside is measured here and handed to Python as text.

import { call } from "./engine.js";
import { notify } from "./notice.js";
import { send } from "./regions.js";
import { storedEntries } from "./saves.js";
import { $, LIMITS, currentLang, say, state } from "./shared.js";

/**
 * Open the game a link carries; false (with the reason pinned on the page) if it is refused. A friend's
 * link goes on with this page's saved copy of its game (Python compares them): Python's words say what
 * it did, and the offer to resume that same game is withdrawn.
 */
export async function openLink(fragment) {
  if (fragment.length > LIMITS.fragment) {
    state.page.pinnedNotice = say("linkTooLong", { n: fragment.length, max: LIMITS.fragment });
    notify(state.page.pinnedNotice);
    return false;
  }
  const screen = await send({
    op: "open_link", fragment, expect_game: state.page.game, lang: currentLang(), entries: storedEntries(),
  });
  if (screen && screen.ok) {
    const resume = $("#resume");
    if (resume && screen.reopened && resume.dataset.key === screen.reopened) resume.hidden = true;
    if (screen.notice) {
      state.page.pinnedNotice = screen.notice;
      notify(screen.notice);
    }
    return true;
  }
  state.page.pinnedNotice = (screen && screen.error) || "";
  notify(state.page.pinnedNotice);
  return false;
}

/** A record file the player chose or dropped: its text goes to Python as it is (Python bounds it, then parses it). */
export async function importFile(file) {
  state.page.gameChosen = true;
  if (file.size > LIMITS.file) {
    notify(say("fileTooBig", { n: file.size, max: LIMITS.file }));
    return;
  }
  await send({ op: "load", record: await file.text(), expect_game: state.page.game, lang: currentLang() });
}

/** Python's words for what was done with the link (shared, copied, or shown to copy), in view as well. */
function tellShared(screen, done) {
  const said = (screen.link_words || {})[done] || "";
  state.page.pinnedNotice = said; // in view until the next action; the note stays beside the field
  notify(said);
  const note = $("#share-note");
  if (!note) return;
  note.textContent = said;
  note.hidden = !said;
}

/** The game's share link, made by Python: shared, copied, or shown to copy. */
export async function shareLink() {
  const screen = await call({ op: "link" });
  if (!screen.link) { notify(screen.error); return; }
  const link = `${location.origin}${location.pathname}#${screen.link}`;
  // A phone's own share sheet, where the browser has one (cancelled: the link is shown as below)
  const coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  if (coarse && typeof navigator.share === "function") {
    try {
      // a friend's link says whose turn it opens (Python's words), where the message shows it
      const text = (screen.link_words || {}).turn;
      await navigator.share({ title: document.title, url: link, ...(text ? { text } : {}) });
      tellShared(screen, "shared");
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
    tellShared(screen, "copied");
  } catch {
    tellShared(screen, "shown"); // the field shows it, selected
  }
}

/** The game's record as a file to download. */
export function exportRecord(lastScreen) {
  const blob = new Blob([JSON.stringify(lastScreen.record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${state.page.game}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

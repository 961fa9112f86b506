// The page's layout: the board takes the height the status line and the
// decision leave, and "Since your last move" sits where the screen's width
// puts it. Only the page's own boxes are measured here (no game geometry).

import { $, html, state } from "./shared.js";

// The board's drawing may be as tall as the screen allows once the action bar is below it.
// The room kept for the decision is the tallest the action bar has been on this page at this window
// size (at least the game's usual tallest decision, its min-height in site.css): the board keeps its
// size while the controls change within a turn, and shrinks at most once for an unusually tall one.
// On a wide screen the CSS has sized the board already, from the first paint (.board-room in site.css):
// the height set here can only make it smaller there (after a decision taller than the bar's room).
export function fitBoard() {
  const page = state.page;
  const board = $('[data-region="board"]');
  const bar = $(".action-bar") || $('[data-region="controls"]');
  if (!board) return;
  const top = board.getBoundingClientRect().top + window.scrollY;
  const size = `${window.innerWidth}x${window.innerHeight}`;
  if (page.barRoom.size !== size) page.barRoom = { size, height: 0 };
  // A game whose decisions cannot all fit beside a board big enough to tap says so (--bar-keep: no): the board follows the bar.
  const keep = !bar || getComputedStyle(bar).getPropertyValue("--bar-keep").trim() !== "no";
  page.barRoom.height = Math.max(keep ? page.barRoom.height : 0, bar ? bar.offsetHeight : 0);
  // The decision beside the board (site.css says so, --bar-beside: yes): only the board area's padding is below it.
  const beside = !!bar && getComputedStyle(bar).getPropertyValue("--bar-beside").trim() === "yes";
  const below = (beside ? 0 : page.barRoom.height) + 14;
  const room = Math.max(140, Math.floor(window.innerHeight - top - below));
  html.style.setProperty("--board-max-h", `${room}px`);
}

const layoutWatcher = "ResizeObserver" in window ? new ResizeObserver(() => fitBoard()) : null;
/** The boxes above and below the board, watched on each page: when one changes size, the board fits again. */
export function watchLayout() {
  if (!layoutWatcher) return;
  layoutWatcher.disconnect();
  for (const selector of [".action-bar", ".status-row", ".messages", ".site-header"]) {
    const el = $(selector);
    if (el) layoutWatcher.observe(el);
  }
}

// "Since your last move" sits in the side on a wide screen, open; on a phone the side is below the
// decision, so it sits in the status line's row over the board instead, folded to its title and count.
const narrowScreen = window.matchMedia ? window.matchMedia("(max-width: 820px)") : null;
export function placeRecap() {
  const recap = $("#recap");
  const narrow = !!(narrowScreen && narrowScreen.matches);
  const home = narrow ? $(".status-row") : $(".side");
  if (!recap || !home || recap.parentElement === home) return;
  if (narrow) home.append(recap);
  else ($(".side > .goal") || home.firstElementChild).after(recap);
  recap.open = !narrow;
}

/** The recap moves when the screen crosses the phone's width. */
export function wireRecapPlace() {
  narrowScreen?.addEventListener?.("change", placeRecap);
}

/** The board fits again whenever the window changes size. */
export function wireBoardFit() {
  window.addEventListener("resize", fitBoard);
}

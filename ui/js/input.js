// What the player does on the board, as gestures for Python (see ui/app/view.py).
//
// - ``data-drag="<name>"``: a press there starts a drag; Python gets
//   ``drag <name> <x> <y>`` while the pointer (mouse, pen or finger) moves and
//   ``release <name> <x> <y>`` when it lets go, in the board drawing's own
//   coordinates (``cancel <name>`` if the browser cancels the drag). The element may be part of the drawing or an HTML handle
//   laid over it; the page's CSS gives it ``touch-action: none``, so a finger
//   drag aims instead of scrolling, and the pointer is captured so the drag
//   goes on outside the handle.
// - ``data-keys``: while focus is inside, the arrow keys, Enter and Space are
//   sent as ``key <Name>``.
// - ``data-nav-up``, ``data-nav-down``, ``data-nav-left``, ``data-nav-right`` on a
//   focusable target: the arrow key moves the focus to the element of that id
//   (Python chose it from the board's geometry, ui/draw/arrow_keys.py); Enter
//   and Space then press it as a click does.
// - ``data-input="<gesture>"`` on a range slider: every new value is sent as
//   ``<gesture> <value>`` (the latest value wins while an answer is awaited).
// Nothing here knows a game or its geometry: the bridge only converts a
// screen point into the drawing's coordinates.

const $ = (sel, root = document) => root.querySelector(sel);

/** The dataset key of the neighbour each arrow key leads to. */
const ARROWS = { ArrowUp: "navUp", ArrowDown: "navDown", ArrowLeft: "navLeft", ArrowRight: "navRight" };

/**
 * An arrow key on a board's target: the focus goes to the target Python named for that direction
 * (true), or stays, the page not scrolled, when there is none that way. False when the focus is on no
 * such target: the key is someone else's (Siege's aim, a slider, the page's scroll).
 */
function followArrow(event) {
  const from = event.target;
  const way = ARROWS[event.key];
  if (!way || event.altKey || event.ctrlKey || event.metaKey) return false; // Alt+Left is the browser's Back
  if (!from.dataset || !Object.values(ARROWS).some((key) => key in from.dataset)) return false;
  event.preventDefault();
  const next = from.dataset[way] ? document.getElementById(from.dataset[way]) : null;
  if (next) next.focus();
  return true;
}

/** The board drawing a handle belongs to: its own SVG, or the drawing of its region. */
function drawingOf(handle) {
  if (handle.ownerSVGElement) return handle.ownerSVGElement;
  if (handle instanceof SVGSVGElement) return handle;
  return handle.closest("[data-region]")?.querySelector("svg") || null;
}

/** A screen point in a drawing's user units, as "x y". */
function drawingPoint(svg, event) {
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  return `${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
}

/** Wire the board's inputs; ``act(gesture)`` sends one gesture and resolves when Python answered. */
export function wireInput({ act, ready }) {
  let dragging = null;
  let inFlight = false;
  let pendingMove = null;

  // An answer may redraw the region during a drag: always measure on the drawing shown now.
  const liveDrawing = () => {
    const handle = $(`[data-drag="${dragging.name}"]`);
    return (handle && drawingOf(handle)) || dragging.svg;
  };

  async function sendMove(event) {
    if (inFlight) { pendingMove = event; return; }
    inFlight = true;
    await act(`drag ${dragging.name} ${drawingPoint(liveDrawing(), event)}`);
    inFlight = false;
    if (pendingMove && dragging) {
      const next = pendingMove;
      pendingMove = null;
      sendMove(next);
    }
  }

  document.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest && event.target.closest("[data-drag]");
    if (!handle || !ready()) return;
    const svg = drawingOf(handle);
    if (!svg) return;
    dragging = { name: handle.dataset.drag, svg, pointer: event.pointerId };
    try { handle.setPointerCapture(event.pointerId); } catch { /* a handle replaced meanwhile */ }
    event.preventDefault();
  });
  document.addEventListener("pointermove", (event) => {
    if (!dragging || event.pointerId !== dragging.pointer) return;
    sendMove(event);
  });
  const finish = (event, cancelled) => {
    if (!dragging || event.pointerId !== dragging.pointer) return;
    const name = dragging.name;
    const point = drawingPoint(liveDrawing(), event);
    dragging = null;
    pendingMove = null;
    // A drag the browser cancelled (a call came in, the finger left the screen) fires nothing.
    act(cancelled ? `cancel ${name}` : `release ${name} ${point}`);
  };
  document.addEventListener("pointerup", (event) => finish(event, false));
  document.addEventListener("pointercancel", (event) => finish(event, true));

  document.addEventListener("keydown", (event) => {
    if (followArrow(event)) return; // moving the focus needs no answer from Python, ready or not
    if (!ready()) return;
    const target = event.target.closest ? event.target.closest("[data-act]") : null;
    if (target && target.tagName !== "BUTTON" && target.tagName !== "A" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      act(target.dataset.act);
      return;
    }
    const keys = event.target.closest ? event.target.closest("[data-keys]") : null;
    if (keys && ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " "].includes(event.key)) {
      event.preventDefault();
      act(`key ${event.key === " " ? "Space" : event.key}`);
    }
  });

  // Sliders: the latest value wins while the previous one is being answered.
  const sliding = new Map();
  document.addEventListener("input", async (event) => {
    const slider = event.target.closest && event.target.closest("input[data-input]");
    if (!slider || !ready()) return;
    const gesture = slider.dataset.input;
    const state = sliding.get(gesture) || { busy: false, value: null };
    sliding.set(gesture, state);
    state.value = slider.value;
    if (state.busy) return;
    state.busy = true;
    while (state.value !== null) {
      const value = state.value;
      state.value = null;
      await act(`${gesture} ${value}`);
    }
    state.busy = false;
  });
}

// A region of the page drawn again from Python's new markup.
//
// When the new markup has the same elements as what is shown, only their
// attributes and text change: the elements stay the same ones. That matters
// to a person pressing a button as its region is redrawn (an analysis redraws
// its progress and its Stop button with each turn it analyses): a click whose
// press and release land on two different elements reaches neither, so a
// button replaced under a held pointer loses the click. Drawings and form
// fields are always redrawn whole: an SVG's animations start again with each
// new drawing, and a field shows the value of the markup, not one a person
// left in the old element.

const WHOLE = ["svg", "input", "select", "textarea", "details", "dialog"].join(", ");

/** Put ``markup`` in ``el``, keeping its elements when only their attributes or text change. */
export function redraw(el, markup) {
  if (!el.firstChild || el.querySelector(WHOLE)) {
    el.innerHTML = markup;
    return;
  }
  const next = document.createElement("template");
  next.innerHTML = markup;
  if (!next.content.querySelector(WHOLE) && sameShape(el, next.content)) patch(el, next.content);
  else el.replaceChildren(next.content);
}

function sameShape(shown, drawn) {
  const a = shown.childNodes;
  const b = drawn.childNodes;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].nodeType !== b[i].nodeType || a[i].nodeName !== b[i].nodeName) return false;
    if (a[i].nodeType === Node.ELEMENT_NODE && !sameShape(a[i], b[i])) return false;
  }
  return true;
}

function patch(shown, drawn) {
  const a = shown.childNodes;
  const b = drawn.childNodes;
  for (let i = 0; i < a.length; i++) {
    if (a[i].nodeType === Node.ELEMENT_NODE) {
      for (const { name } of [...a[i].attributes]) {
        if (!b[i].hasAttribute(name)) a[i].removeAttribute(name);
      }
      for (const { name, value } of b[i].attributes) {
        if (a[i].getAttribute(name) !== value) a[i].setAttribute(name, value);
      }
      patch(a[i], b[i]);
    } else if (a[i].nodeValue !== b[i].nodeValue) {
      a[i].nodeValue = b[i].nodeValue;
    }
  }
}

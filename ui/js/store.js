// The page's one door to the browser's storage (localStorage).
//
// A browser may refuse storage to this page: a third-party iframe in Safari,
// Firefox in strict mode, Brave, or Chromium with third-party cookies
// blocked, or a private window with no room. Then every read and write here
// goes to memory instead, for the life of the page: play goes on, and the
// bridge tells the player once that this game will not be kept.

const memory = new Map();

function probe() {
  try {
    const key = "boardgames:probe";
    localStorage.setItem(key, "1");
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** Whether what is stored here outlives the page. */
export const persistent = probe();

export function get(key) {
  if (persistent) {
    try {
      return localStorage.getItem(key);
    } catch {
      /* refused since the probe: fall back to memory */
    }
  }
  return memory.has(key) ? memory.get(key) : null;
}

/** Store a value; false when the browser refused it (full, or storage withdrawn). */
export function set(key, value) {
  if (!persistent) {
    memory.set(key, value);
    return true;
  }
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  memory.delete(key);
  if (!persistent) return;
  try {
    localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

/** Every stored key that starts with ``prefix``. */
export function keys(prefix) {
  const found = new Set([...memory.keys()].filter((key) => key.startsWith(prefix)));
  if (persistent) {
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(prefix)) found.add(key);
      }
    } catch {
      /* storage withdrawn: what memory holds */
    }
  }
  return [...found];
}

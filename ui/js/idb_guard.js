// IndexedDB where the browser refuses it: an in-memory stand-in.
//
// PyScript opens IndexedDB databases as it starts, on the page (for its
// pyscript.fs feature, which the site never uses) and in the engine worker
// (its cache of package lock files, which the site never fills). In a
// third-party iframe whose browser blocks third-party storage (Safari,
// Firefox in strict mode, Brave, Chromium with third-party cookies blocked)
// those opens fail with an Event: on the page that is an uncaught error, and
// in the worker PyScript passes the Event on to the page, which cannot
// receive it ("Event object could not be cloned"), so the engine never
// starts. Where IndexedDB is refused, guardIndexedDB() gives the global
// scope an in-memory stand-in for the few calls PyScript makes; nothing is
// kept between visits, which is what the browser asked for.
//
// The bridge calls it on the page before it imports PyScript; the engine
// worker's interpreter module (engine_loader.mjs) calls it in the worker.

/** Whether this scope may really open an IndexedDB database (asked once, within a second or two). */
async function indexedDBWorks() {
  try {
    return await new Promise((resolve) => {
      // A name of its own, so that probes of the page and of its worker never wait on each other.
      const name = `boardgames-probe-${Math.random().toString(36).slice(2)}`;
      const request = indexedDB.open(name);
      const timer = setTimeout(() => resolve(false), 2000); // an open that never answers: refused
      request.onsuccess = () => {
        clearTimeout(timer);
        request.result.close();
        indexedDB.deleteDatabase(name);
        resolve(true);
      };
      request.onerror = (event) => {
        clearTimeout(timer);
        event.preventDefault();
        resolve(false);
      };
    });
  } catch {
    return false; // no indexedDB at all, or a SecurityError on open
  }
}

/** Fire a request's handler after the caller had the time to attach it (as IndexedDB does). */
function settle(request, result) {
  request.result = result;
  request.readyState = "done";
  queueMicrotask(() => request.onsuccess?.({ type: "success", target: request }));
  return request;
}

/** The subset of IndexedDB that PyScript's key-value cache uses, kept in memory. */
function memoryIndexedDB() {
  const databases = new Map(); // database name -> Map(store name -> Map(key -> value))
  const storeApi = (entries) => ({
    count: () => settle({}, entries.size),
    clear: () => settle({}, entries.clear()),
    delete: (key) => settle({}, void entries.delete(key)),
    get: (key) => settle({}, entries.get(key)),
    getKey: (key) => settle({}, entries.has(key) ? key : undefined),
    getAllKeys: () => settle({}, [...entries.keys()].sort()),
    put: (value, key) => settle({}, (entries.set(key, value), key)),
  });
  const database = (stores) => ({
    objectStoreNames: {
      get length() { return stores.size; },
      contains: (name) => stores.has(name),
    },
    createObjectStore(name) {
      if (!stores.has(name)) stores.set(name, new Map());
      return storeApi(stores.get(name));
    },
    transaction(name) {
      const names = Array.isArray(name) ? name : [name];
      for (const one of names) if (!stores.has(one)) throw new DOMException(`no object store ${one}`, "NotFoundError");
      return { objectStore: (one) => storeApi(stores.get(one)) };
    },
    close() {},
    onabort: null,
    onclose: null,
    onerror: null,
    onversionchange: null,
  });
  return {
    open(name) {
      const request = { result: undefined, error: null, readyState: "pending" };
      const fresh = !databases.has(name);
      if (fresh) databases.set(name, new Map());
      const db = database(databases.get(name));
      queueMicrotask(() => {
        if (fresh) {
          const transaction = { oncomplete: null };
          request.result = db;
          request.onupgradeneeded?.({ type: "upgradeneeded", target: { result: db, transaction } });
          transaction.oncomplete?.({ type: "complete" });
        }
        settle(request, db);
      });
      return request;
    },
    deleteDatabase(name) {
      databases.delete(name);
      return settle({}, undefined);
    },
  };
}

/** Put the in-memory stand-in in place if this scope may not use IndexedDB; true if it did. */
export async function guardIndexedDB() {
  if (await indexedDBWorks()) return false;
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true });
  return true;
}

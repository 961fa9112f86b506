// A head start for the engine worker: what the page starts before PyScript
// is even imported, so that the worker finds it done.
//
// - Pyodide's WebAssembly (9.6 MB) is compiled here, on the page. Chromium
//   keeps compiled WebAssembly and JavaScript between visits for a page but
//   not for a dedicated worker (crbug.com/964467: no code cache in dedicated
//   workers), so a worker compiles the whole interpreter again on every visit
//   (about 1.5 s of the worker's time on the project's machine, plus seconds
//   of background compiling). The worker's interpreter module
//   (engine_loader.mjs) asks for the compiled module over a MessageChannel and
//   instantiates it instead of fetching and compiling the file itself.
// - The files the worker fetches once Pyodide runs (the standard library,
//   the game's bytecode, the wheels) are requested early, at low priority:
//   they download while the worker starts, and the worker then takes them
//   from the HTTP cache. Not before PyScript's own code has arrived
//   (`prefetch()`, called once it is imported): over HTTP/1.1 a browser opens
//   six connections to a host, and big files holding them made PyScript's
//   core (134 KB, the page's critical path) wait behind megabytes on a slow
//   network. A page served by the service worker skips this, since
//   everything is local then.
// The wheels' URLs go to the worker too, so that Pyodide installs them while
// it starts rather than after.
//
// Each of these big files comes as the build compressed it (X.br beside X,
// tools/packed.py), decoded here and in the worker (unpack.js), unless a
// service worker serves the page: it keeps every file decoded.
//
// The page counts the bytes of what it downloads here (`downloads`): the
// bridge shows them ("2.1 of 25.0 MB") and gives up only when nothing has
// arrived for a while, never after a fixed time while bytes still flow (a
// phone on a slow network takes minutes, and is not failing).
import {} from "./unpack.js";

let started = null;

/** What the head start downloads: its bytes so far, its total (the build's sizes), and who listens. */
function newDownloads() {
  const listeners = new Set();
  return {
    received: 0,
    total: 0,
    listen(listener) { listeners.add(listener); },
    count(bytes) {
      this.received += bytes;
      for (const listener of listeners) listener(this);
    },
  };
}

/** Read a body to its end, counting its bytes (the file lands in the HTTP cache for the worker). */
async function drain(body, downloads) {
  if (!body) return;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    downloads.count(value.byteLength);
  }
}

/** Start the head start once per page; `url` makes the config's paths absolute. */
export function headStart(config, url) {
  if (started) return started;
  const wasmURL = url(config.pyodideWasm);
  const downloads = newDownloads();
  const controlled = controlledByServiceWorker();
  // The compressed siblings, by the absolute URL of their file: none where the service worker serves.
  const packed = {};
  if (!controlled && globalThis.boardgamesUnpack.way) {
    for (const [file, [sibling, size, type]] of Object.entries(config.packed || {})) packed[url(file)] = [url(sibling), size, type];
  }
  const decoder = Object.fromEntries(Object.entries(config.decoder || {}).map(([key, file]) => [key, url(file)]));
  const size = (file) => (packed[url(file)] ? packed[url(file)][1] : (config.downloads || {})[file] || 0);
  downloads.total = size(config.pyodideWasm);
  const cacheName = !controlled && navigator.serviceWorker ? config.cache : "";
  const wasm = compile(wasmURL, packed[wasmURL], decoder, cacheName, downloads);
  const early = controlled ? [] : [...config.prefetch, ...config.wheels];
  for (const file of early) downloads.total += size(file);
  let prefetched = false;
  const packages = config.wheels.map(url);
  /** Answer the engine worker's request for the head start (see engine_loader.mjs). */
  const listen = (worker) => {
    worker.addEventListener("message", (event) => {
      if (event.data && event.data.boardgames === "snapshot") {
        // What became of the engine's memory snapshot made after this start (engine_loader.mjs).
        event.stopImmediatePropagation();
        window.boardgamesSnapshot = event.data.said;
        return;
      }
      const port = event.ports && event.ports[0];
      if (!port || !event.data || event.data.boardgames !== "head-start") return;
      event.stopImmediatePropagation();
      // The worker fetches the files the page prefetched as their siblings too, and keeps them decoded
      // in the service worker's cache (engine_loader.mjs).
      port.postMessage({ packages, packed, decoder, cache: cacheName });
      wasm.then((module) => port.postMessage({ wasm: module, url: wasmURL }));
    });
  };
  started = {
    downloads,
    /** Request the files the worker will fetch, now that the page's own code is in (once). */
    prefetch() {
      if (prefetched) return;
      prefetched = true;
      for (const file of early) {
        const sibling = packed[url(file)];
        fetch(sibling ? sibling[0] : url(file), { priority: "low" }).then((response) => drain(response.body, downloads))
          .catch(() => { /* the worker will say */ });
      }
    },
    /**
     * Run `create` (PyScript's PyWorker()), listening to the worker it makes.
     * PyWorker() hands the worker back only once Python runs, too late to
     * answer it; so while it runs, the first Worker to post a message (the
     * new engine worker, which PyScript sends its channel and bootstrap) is
     * the one listened to. (PyScript's hooks.main.onWorker would name it,
     * but PyWorker() may read its hooks before they exist, and with them
     * comes PyScript's Python library in the worker, which the site never
     * uses.)
     */
    async catchWorker(create) {
      const proto = Worker.prototype;
      const postMessage = proto.postMessage;
      proto.postMessage = function firstMessage(...args) {
        proto.postMessage = postMessage;
        listen(this);
        return postMessage.apply(this, args);
      };
      try {
        return await create();
      } finally {
        proto.postMessage = postMessage;
      }
    },
  };
  return started;
}

function compile(href, sibling, decoder, cacheName, downloads) {
  if (!WebAssembly.compileStreaming) return Promise.resolve(null);
  // Counted on a copy of what came over the network (the sibling, when there is one).
  const count = (answer) => {
    if (answer.ok) drain(answer.clone().body, downloads).catch(() => { /* the compiler will say */ });
  };
  // The raw file goes to the compiler as it came, URL and all (Chromium keys its cache of compiled code
  // by the response's URL, which a rebuilt response would not have); a decoded sibling cannot.
  const fetched = sibling ? globalThis.boardgamesUnpack.fetchUnpacked(href, sibling, decoder, undefined, count) : fetch(href);
  const response = fetched.then((answer) => {
    if (!sibling) count(answer);
    if (answer.ok && cacheName) keep(cacheName, href, answer.clone()); // decoded, when it came as its sibling
    return answer;
  });
  return WebAssembly.compileStreaming(response).catch((err) => {
    console.warn(`the page could not compile ${href} (the engine worker will): ${err}`);
    return null;
  });
}

/**
 * Put the file into the service worker's cache for this build, where its
 * install finds it instead of downloading it again: a browser whose HTTP
 * cache takes no file this big (a private window, a small phone cache) would
 * otherwise fetch the 9.6 MB twice on a first visit.
 */
async function keep(cacheName, href, response) {
  try {
    if (!navigator.serviceWorker) return; // no service worker to use it
    await (await caches.open(cacheName)).put(href, response);
  } catch {
    /* no storage for this page (a refusing third-party frame): the service worker, if any, fetches it */
  }
}

function controlledByServiceWorker() {
  try {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false; // a frame refused storage may have no service worker container at all
  }
}

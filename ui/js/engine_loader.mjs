// The engine worker's interpreter module: Pyodide's own pyodide.mjs, run
// after a guard for browsers that refuse storage to this page, with a
// loadPyodide() that takes the page's head start (head_start.js).
//
// The bridge hands this file to PyScript as the interpreter, so it runs in
// the engine worker (never on the page) before PyScript starts Python. The
// build writes it next to pyodide.mjs (PyScript finds the rest of Pyodide in
// the folder of the interpreter module), with idb_guard.js beside it, both
// under names carrying their hashes since runtime folders are cached as
// immutable. Why the guard: see idb_guard.js.
//
// The head start: as soon as this module runs, it asks the page over a
// MessageChannel; the page answers at once with the wheels' URLs (Pyodide
// installs them while it starts) and, once compiled, Pyodide's WebAssembly
// module, which loadPyodide() instantiates instead of fetching and compiling
// pyodide.asm.wasm here (a dedicated worker gets no code cache in Chromium,
// so it would compile it all again on every visit). A page that does not
// answer within a few seconds, or could not compile, leaves Pyodide to do
// everything itself, as it would without this module.
//
// The big files as the build compressed them (X.br beside X, tools/packed.py):
// with the wheels, the page hands over the siblings of the files it did not
// find in a service worker, and while this worker lives, its fetch of such a
// file fetches the sibling and decodes it (unpack.js), and keeps the decoded
// file in the service worker's cache for this build, where its install finds
// it. Pyodide's own JavaScript (pyodide.asm.mjs), which it imports by URL, is
// decoded likewise and imported from a blob: URL (`createPyodideModule`).
//
// The memory snapshot: once the engine has started the usual way and is in
// play, the engine worker has a worker of its own (this same module, named
// MAKER) start a second, bare interpreter with Pyodide's `_makeSnapshot`,
// import the standard-library modules the engine imported, restore what it
// made once to prove it, and keep it gzipped in Cache Storage under a key
// naming this module (whose name carries the hash of its content, the light
// standard library's name included; Pyodide checks its own build id besides).
// A later visit restores that heap instead of initialising CPython and
// importing those modules again: the interpreter's own start, which
// JavaScriptCore and slow processors pay most for (docs/browsers.md). Any
// trouble (no Cache Storage, a refused frame, no stored snapshot, another
// build's, bytes that do not inflate or do not restore) means the usual start,
// said in `boardgamesSnapshot`; a snapshot that failed is deleted.
import { guardIndexedDB } from "./idb_guard.js";
import "./unpack.js";
import { loadPyodide as loadPyodideAlone } from "./pyodide.mjs";

export * from "./pyodide.mjs";

const WASM = new URL("pyodide.asm.wasm", import.meta.url).href;
const ASM = new URL("pyodide.asm.mjs", import.meta.url).href;
// The standard library with its hot modules compiled (tools/build.py writes its name in).
const STDLIB = "__STDLIB__";
const ANSWER_MS = 3000;
/** The memory snapshot: the worker that makes it, where it is kept, and how long after the start it is made. */
const MAKER = "engine-snapshot";
const SNAPSHOTS = "engine-snapshots";
const SNAPSHOT_KEY = `${import.meta.url.split(/[?#]/)[0]}.snapshot.gz`;
// Made in a quiet spell: this long with no request to the engine (a person reading the board or
// thinking), so that making it (seconds of a core on a phone) never slows a bot's move or an analysis.
const QUIET_MS = 5000;
let lastRequest = Date.now();
/** The engine has answered a request (ui/worker.py calls this after each): the quiet spell starts again. */
globalThis.boardgamesEngineUsed = () => { lastRequest = Date.now(); };

/** Call ``then`` once the engine has had no request for QUIET_MS. */
function whenQuiet(then) {
  const wait = lastRequest + QUIET_MS - Date.now();
  if (wait > 0) setTimeout(() => whenQuiet(then), wait);
  else then();
}
const LOOKUP_MS = 500;
const maker = typeof WorkerGlobalScope !== "undefined" && self.name === MAKER;
const marks = (globalThis.boardgamesBootMarks = { loader: Date.now() });
/** What became of the snapshot on this visit ("restored", "none", "off", "unusable", then "made"...): the worker reports it. */
globalThis.boardgamesSnapshot = { state: "none" };
const headStart = maker ? Promise.resolve(null) : askThePage();
// Looked for at once: read and inflated while PyScript and Pyodide get ready, not after.
const kept = maker ? Promise.resolve(null) : storedSnapshot();
// (Before any await: a message that comes while this module awaits would find no listener.)
if (maker) self.onmessage = ({ data }) => guarded.then(() => makeSnapshot(data));
const guarded = guardIndexedDB();

await guarded;

function askThePage() {
  if (typeof MessageChannel === "undefined" || typeof WorkerGlobalScope === "undefined") return Promise.resolve(null);
  const { port1, port2 } = new MessageChannel();
  let gotWasm;
  const wasm = new Promise((resolve) => { gotWasm = resolve; });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ANSWER_MS);
    port1.onmessage = ({ data }) => {
      if (data && Array.isArray(data.packages)) {
        clearTimeout(timer);
        globalThis.boardgamesHeadStart = { wasm: false, packages: data.packages.length };
        const page = { packages: data.packages, wasm, packed: data.packed || {}, decoder: data.decoder || {}, cache: data.cache || "" };
        fetchAsPacked(page);
        resolve(page);
      }
      if (data && "wasm" in data) {
        marks.wasm = Date.now();
        const usable = data.wasm instanceof WebAssembly.Module && data.url === WASM;
        globalThis.boardgamesHeadStart = { wasm: usable, packages: globalThis.boardgamesHeadStart?.packages || 0 };
        gotWasm(usable ? data.wasm : null);
        port1.close();
      }
    };
    self.postMessage({ boardgames: "head-start" }, [port2]);
  });
}

export async function loadPyodide(options = {}) {
  const page = await headStart;
  marks.pyodide = Date.now();
  if (STDLIB.startsWith("__")) return start(options, page);
  const stdLibURL = new URL(STDLIB, import.meta.url).href;
  // A store still busy (a first visit's service worker filling its cache) is not waited for.
  const snapshot = await Promise.race([kept, new Promise((resolve) => setTimeout(resolve, LOOKUP_MS, "late"))]);
  if (snapshot === "late") globalThis.boardgamesSnapshot = { state: "late" };
  else if (snapshot) {
    try {
      // Pyodide awaits the bytes only just before it instantiates (it fetches and imports the rest first).
      const pyodide = await start({ ...options, stdLibURL, _loadSnapshot: snapshot.bytes }, page);
      // The restored heap seeded `random` once for every visit that restores it: seeded again here.
      pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
      globalThis.boardgamesSnapshot = { ...globalThis.boardgamesSnapshot, state: "restored" };
      marks.restored = Date.now();
      return pyodide;
    } catch (err) {
      console.warn(`The engine could not start from its stored snapshot (${(err && err.message) || err}); it starts the usual way.`);
      globalThis.boardgamesSnapshot = { state: "unusable" };
      forgetSnapshot();
    }
  }
  try {
    return await start({ ...options, stdLibURL }, page);
  } catch (err) {
    // The light standard library is bytecode only (tools/stdlib_cut.py): an interpreter that
    // refuses the build's bytecode cannot start on it. Pyodide's whole one has the sources.
    console.warn(`The engine could not start on this site's light standard library (${(err && err.message) || err}); it starts again on Pyodide's whole standard library.`);
    return start(options, page);
  }
}

async function start(options, page) {
  if (!page) return loadPyodideAlone(options);
  const restore = useCompiledWasm(page.wasm);
  try {
    const asm = pyodideModule(page);
    return await loadPyodideAlone({
      ...options, packages: [...(options.packages || []), ...page.packages], ...(asm ? { createPyodideModule: asm } : {}),
    });
  } finally {
    restore();
    marks.ready = Date.now();
  }
}

/**
 * From now on in this worker, a fetch of a file in `page.packed` (absolute URL: [sibling URL, type])
 * answers the file kept in the service worker's cache `page.cache`, else fetches its sibling and
 * decodes it, and keeps it there (once only).
 */
function fetchAsPacked(page) {
  if (!Object.keys(page.packed).length || globalThis.fetch.packed) return;
  const { fetch } = globalThis;
  const unpack = globalThis.boardgamesUnpack;
  const fetchPacked = async function fetchPacked(input, init) {
    const href = input instanceof Request ? input.url : String(input);
    const sibling = page.packed[new URL(href, self.location.href).href];
    if (!sibling || (input instanceof Request && input.method !== "GET")) return fetch.call(globalThis, input, init);
    const store = page.cache ? await caches.open(page.cache).catch(() => null) : null;
    const kept = store ? await store.match(href).catch(() => null) : null;
    if (kept) return kept;
    const answer = await unpack.fetchUnpacked(href, sibling, page.decoder, init);
    if (answer.ok && store) store.put(href, answer.clone()).catch(() => { /* no room: the service worker fetches it */ });
    return answer;
  };
  fetchPacked.packed = true;
  globalThis.fetch = fetchPacked;
}

/** Pyodide's JavaScript (pyodide.asm.mjs) from its sibling, as `createPyodideModule`; null where it has none. */
function pyodideModule(page) {
  if (!page.packed || !page.packed[ASM]) return null;
  if (!page.asm) {
    page.asm = (async () => {
      const answer = await globalThis.fetch(ASM);
      if (!answer.ok) throw new Error(`${ASM}: ${answer.status}`);
      const source = URL.createObjectURL(new Blob([await answer.arrayBuffer()], { type: "text/javascript" }));
      try {
        return (await import(source)).default;
      } finally {
        URL.revokeObjectURL(source);
      }
    })().catch((err) => {
      console.warn(`pyodide.asm.mjs could not be read from its compressed copy (${(err && err.message) || err}); Pyodide imports it itself.`);
      return import(ASM).then((module) => module.default);
    });
  }
  return page.asm;
}

/** While Pyodide starts: its fetch of pyodide.asm.wasm answers a placeholder, and instantiating that placeholder instantiates the page's module. */
function useCompiledWasm(wasm) {
  const { fetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  const placeholder = new Response(null);
  globalThis.fetch = function fetchUnlessCompiled(input, init) {
    const href = input instanceof Request ? input.url : String(input);
    if (href === WASM) return Promise.resolve(placeholder);
    return fetch.call(globalThis, input, init);
  };
  WebAssembly.instantiateStreaming = async function instantiateCompiled(source, imports) {
    const response = await source;
    if (response !== placeholder) return instantiateStreaming.call(WebAssembly, response, imports);
    const module = await wasm;
    if (module) {
      const instance = await WebAssembly.instantiate(module, imports);
      marks.instantiated = Date.now(); // the rest of Pyodide's start is the interpreter's (the bench's split)
      return { module, instance };
    }
    return instantiateStreaming.call(WebAssembly, fetch.call(globalThis, WASM, { credentials: "same-origin" }), imports);
  };
  return () => {
    globalThis.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}

/** Cache Storage for snapshots, or null where this scope has none or is refused it (a refusing third-party frame). */
async function snapshots() {
  try {
    if (typeof caches === "undefined" || typeof DecompressionStream === "undefined" || typeof CompressionStream === "undefined") return null;
    return await caches.open(SNAPSHOTS);
  } catch {
    return null;
  }
}

/**
 * The snapshot kept for this runtime: null if none is kept (or storage is refused), else its
 * `bytes`, a promise of the heap inflated, which rejects if the bytes do not inflate (gzip's own
 * check, CRC-32 and length, turns bytes damaged in storage into an error).
 */
async function storedSnapshot() {
  const cache = await snapshots();
  if (!cache) {
    globalThis.boardgamesSnapshot = { state: "off" };
    return null;
  }
  let found;
  try {
    found = await cache.match(SNAPSHOT_KEY);
  } catch {
    found = null;
  }
  if (!found) return null;
  const started = Date.now();
  const bytes = new Response(found.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer().then((buffer) => {
    marks.snapshotRead = Date.now();
    globalThis.boardgamesSnapshot = { state: "read", bytes: buffer.byteLength, readMs: marks.snapshotRead - started };
    return new Uint8Array(buffer);
  });
  bytes.catch(() => { /* said where it is awaited */ });
  return { bytes };
}

async function forgetSnapshot() {
  try {
    await (await snapshots())?.delete(SNAPSHOT_KEY);
  } catch { /* nothing kept, or nowhere to keep it */ }
}

/**
 * Once the engine runs (the worker calls this after its boot, with the standard library's modules
 * it imported): unless a snapshot was restored or one is kept already, a worker of its own makes
 * one in the engine's first quiet spell, away from this thread.
 */
globalThis.boardgamesSnapshotLater = function snapshotLater(modules) {
  if (maker || globalThis.boardgamesSnapshot.state !== "none" || typeof Worker === "undefined") return false;
  const names = Array.from(modules || [], String);
  lastRequest = Date.now();
  whenQuiet(async () => {
    const cache = await snapshots();
    if (!cache || (await cache.match(SNAPSHOT_KEY).catch(() => null))) return;
    const page = await headStart;
    const wasm = page ? await page.wasm : null;
    let worker;
    try {
      worker = new Worker(import.meta.url, { type: "module", name: MAKER });
    } catch {
      return; // no worker inside a worker here
    }
    globalThis.boardgamesSnapshot = { state: "making" };
    self.postMessage({ boardgames: "snapshot", said: globalThis.boardgamesSnapshot });
    const done = (said) => {
      worker.terminate();
      globalThis.boardgamesSnapshot = said;
      self.postMessage({ boardgames: "snapshot", said }); // the page keeps it (head_start.js): for the tests and the bench
    };
    worker.onmessage = ({ data }) => done(data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      done({ state: "not made", reason: String(event.message || "the worker failed") });
    };
    worker.postMessage({ wasm, modules: names, packed: page?.packed, decoder: page?.decoder, cache: page?.cache });
  });
  return true;
};

/** In the MAKER worker: start a bare interpreter, import `modules`, snapshot it, prove it restores, keep it. */
async function makeSnapshot({ wasm, modules, packed, decoder, cache }) {
  const said = { state: "not made" };
  try {
    const cache = await snapshots();
    if (!cache) throw new Error("no-cache-storage");
    const stdLibURL = new URL(STDLIB, import.meta.url).href;
    const page = wasm instanceof WebAssembly.Module
      ? { wasm: Promise.resolve(wasm), packages: [], packed: packed || {}, decoder: decoder || {}, cache: cache || "" }
      : null;
    if (page) fetchAsPacked(page);
    const started = Date.now();
    const pyodide = await start({ stdLibURL, _makeSnapshot: true }, page);
    pyodide.globals.set("_boardgames_modules", pyodide.toPy(modules));
    pyodide.runPython(`
import importlib
for _name in _boardgames_modules:
    try:
        importlib.import_module(_name)
    except Exception:
        pass
del _name, _boardgames_modules, importlib
`);
    const bytes = pyodide.makeMemorySnapshot();
    const made = Date.now();
    // Proved before kept: the snapshot restores and runs Python.
    const again = await start({ stdLibURL, _loadSnapshot: bytes }, page);
    if (again.runPython("1 + 1") !== 2) throw new Error("restore-check-failed");
    const gzipped = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    await cache.put(SNAPSHOT_KEY, new Response(gzipped, { headers: { "content-type": "application/gzip" } }));
    for (const request of await cache.keys()) if (request.url !== SNAPSHOT_KEY) await cache.delete(request); // other runtimes'
    Object.assign(said, { state: "made", bytes: bytes.byteLength, gzipped: gzipped.byteLength, makeMs: made - started, totalMs: Date.now() - started });
  } catch (err) {
    said.reason = String((err && err.message) || err);
  }
  self.postMessage(said);
}

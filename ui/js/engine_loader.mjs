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
import { guardIndexedDB } from "./idb_guard.js";
import { loadPyodide as loadPyodideAlone } from "./pyodide.mjs";

export * from "./pyodide.mjs";

const WASM = new URL("pyodide.asm.wasm", import.meta.url).href;
// The standard library with its hot modules compiled (tools/build.py writes its name in).
const STDLIB = "__STDLIB__";
const ANSWER_MS = 3000;
const marks = (globalThis.boardgamesBootMarks = { loader: Date.now() });
const headStart = askThePage();

await guardIndexedDB();

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
        resolve({ packages: data.packages, wasm });
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
  try {
    return await start({ ...options, stdLibURL: new URL(STDLIB, import.meta.url).href }, page);
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
    return await loadPyodideAlone({ ...options, packages: [...(options.packages || []), ...page.packages] });
  } finally {
    restore();
    marks.ready = Date.now();
  }
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

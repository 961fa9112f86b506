// The engine worker's interpreter module: Pyodide's own pyodide.mjs, run
// after a guard for browsers that refuse storage to this page.
//
// The bridge hands this file to PyScript as the interpreter, so it runs in
// the engine worker (never on the page) before PyScript starts Python. The
// build writes it next to pyodide.mjs (PyScript finds the rest of Pyodide in
// the folder of the interpreter module), with idb_guard.js beside it, both
// under names carrying their hashes since runtime folders are cached as
// immutable. Why the guard: see idb_guard.js.
import { guardIndexedDB } from "./idb_guard.js";

export * from "./pyodide.mjs";

await guardIndexedDB();

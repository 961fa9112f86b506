// Compile Python sources to bytecode with the page's own interpreter: the
// vendored Pyodide (node_modules/pyodide) running under Node. tools/build.py
// runs it; nothing else needs it.
//
//   node tools/bytecode.mjs DIR [MAGIC_HEX]
//
// Every DIR/**/*.py gets a sourceless DIR/**/*.pyc beside it: the header is
// hash-based and unchecked (no timestamp, so the same source always gives
// the same bytes), the code's file name is the path relative to DIR. MAGIC_HEX
// replaces the magic number in the headers (only for the tests, to play an
// interpreter the bytecode was not compiled for). Prints the interpreter's
// magic number and cache tag as JSON.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [dir, magic = ""] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node tools/bytecode.mjs DIR [MAGIC_HEX]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree("/sources");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, "/sources");
pyodide.globals.set("MAGIC_OVERRIDE", magic);
const answer = pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import json
import os
import sys

root = "/sources"
magic = bytes.fromhex(MAGIC_OVERRIDE) if MAGIC_OVERRIDE else importlib.util.MAGIC_NUMBER
if len(magic) != 4:
    raise SystemExit("a magic number has 4 bytes")
compiled = 0
for folder, subfolders, names in os.walk(root):
    subfolders.sort()
    for name in sorted(names):
        if not name.endswith(".py"):
            continue
        path = os.path.join(folder, name)
        with open(path, "rb") as file:
            source = file.read()
        code = compile(source, os.path.relpath(path, root), "exec", dont_inherit=True, optimize=0)
        data = bytearray(external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
        data[:4] = magic
        with open(path + "c", "wb") as file:
            file.write(data)
        compiled += 1
json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "cache_tag": sys.implementation.cache_tag,
            "version": sys.version.split()[0], "compiled": compiled})
`);
console.log(answer);

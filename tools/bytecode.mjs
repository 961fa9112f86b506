// Compile Python to bytecode with the page's own interpreter: the vendored
// Pyodide (node_modules/pyodide) running under Node. tools/build.py runs it;
// nothing else needs it.
//
//   node tools/bytecode.mjs JOB.json
//
// JOB is {"magic": "", "units": DIR or null, "stdlib": null or {"wheels":
// [paths], "app": DIR, "imports": [module names], "out": DIR}} (host paths):
// - units: every DIR/<unit>/**/*.py gets a sourceless .pyc beside it, its
//   code named by its path relative to DIR/<unit>;
// - stdlib: installs the wheels, puts the app's sources on sys.path, imports
//   the given modules, and compiles every module of Pyodide's standard-library
//   zip then loaded (Pyodide's own start included) into OUT/<path in zip>c.
//
// Headers are hash-based and unchecked (no timestamp: the same source always
// gives the same bytes). "magic" replaces the magic number in the headers
// (only for the tests, to play an interpreter the bytecode was not compiled
// for). Prints the interpreter's magic number, cache tag and version (and the
// standard-library paths compiled) as JSON on the last line.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const COMPILE = `
import importlib._bootstrap_external as external
import importlib.util


def bytecode(source, filename, magic):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    data = bytearray(external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    if magic:
        data[:4] = bytes.fromhex(magic)
    return bytes(data)


def interpreter():
    import sys
    return {"magic": importlib.util.MAGIC_NUMBER.hex(), "cache_tag": sys.implementation.cache_tag,
            "version": sys.version.split()[0]}
`;

const UNITS = `
import json
import os

compiled = 0
for unit in sorted(os.listdir("/sources")):
    root = os.path.join("/sources", unit)
    for folder, subfolders, names in os.walk(root):
        subfolders.sort()
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as file:
                source = file.read()
            with open(path + "c", "wb") as file:
                file.write(bytecode(source, os.path.relpath(path, root), JOB["magic"]))
            compiled += 1
compiled
`;

const STDLIB = `
import importlib
import json
import os
import sys
import zipfile

stdlib = next(path for path in sys.path if path.endswith(".zip"))
sys.path.insert(0, "/app")
for root in JOB["stdlib"]["imports"]:
    try:
        importlib.import_module(root)
    except Exception:  # a module this platform lacks, or one that needs the page: its imports so far count
        pass
paths = sorted(
    module.__file__[len(stdlib) + 1:]
    for module in list(sys.modules.values())
    if isinstance(getattr(module, "__file__", None), str) and module.__file__.startswith(stdlib + "/")
    and module.__file__.endswith(".py")
    and getattr(module.__spec__, "origin", None) != "frozen"  # in the interpreter already
)
with zipfile.ZipFile(stdlib) as archive:
    for path in paths:
        target = os.path.join("/out", path + "c")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            # The name a traceback shows: where the source would be.
            file.write(bytecode(archive.read(path), f"{stdlib}/{path}", JOB["magic"]))
paths
`;

const [jobFile] = process.argv.slice(2);
if (!jobFile) {
  console.error("usage: node tools/bytecode.mjs JOB.json");
  process.exit(2);
}
const { readFileSync } = await import("node:fs");
const job = JSON.parse(readFileSync(jobFile, "utf8"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.globals.set("JOB", pyodide.toPy(job));
pyodide.runPython(COMPILE);
const mount = (host, path) => {
  pyodide.FS.mkdirTree(path);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, path);
};
const answer = pyodide.runPython("interpreter()").toJs({ dict_converter: Object.fromEntries });
if (job.units) {
  mount(job.units, "/sources");
  answer.compiled = pyodide.runPython(UNITS);
}
if (job.stdlib) {
  if (job.stdlib.wheels.length) await pyodide.loadPackage(job.stdlib.wheels, { messageCallback: () => {} });
  mount(job.stdlib.app, "/app");
  mount(job.stdlib.out, "/out");
  answer.stdlib = pyodide.runPython(STDLIB).toJs();
}
console.log(JSON.stringify(answer));

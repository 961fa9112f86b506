"""The engine worker: the only Python the page runs, inside a PyScript worker.

The bridge (ui/js/engine.js, one of the modules ui/js/bridge.js wires) creates this worker with PyScript's ``PyWorker`` and
calls the two exported functions: ``boot`` once, with the URLs of the wheels
the build copied into the site, then ``handle`` for every message.  Both
return JSON text, so no call needs SharedArrayBuffer or cross-origin
isolation.  The game code itself arrives as ``app.zip`` through the
``[files]`` table of ``pyscript.toml``.

The build ships the game code and the wheels as bytecode compiled by this
very interpreter (tools/bytecode.mjs): no module is compiled in the page.
Should this interpreter's magic number ever differ from the one the bytecode
was written for, ``boot`` lays the sources beside it first (the build keeps
them for that), and Python takes the sources.
"""

import json
import sys

#: This build's id (tools/build.py writes it in): the bridge checks that the
#: Python it talks to belongs to the same build as the page.
BUILD = "__BUILD__"

_visit = None
#: The way back to the whole standard library (ui/stdlib_fallback.py), once boot() installed it.
_fallback = None


def _bytecode_fits():
    """Whether the shipped bytecode (the game code's, the wheels') carries this interpreter's magic number."""
    import importlib.util

    for package in ("ui", "pydantic"):
        spec = importlib.util.find_spec(package)
        origin = spec.origin if spec is not None else None
        if not origin or not origin.endswith(".pyc"):
            continue  # not shipped as bytecode: nothing to check
        with open(origin, "rb") as file:
            if file.read(4) != importlib.util.MAGIC_NUMBER:
                return False
    return True


async def _use_sources(sources):
    """Lay the game code's and the wheels' sources beside the bytecode; Python prefers a source it finds."""
    import importlib
    import io
    import os
    import site
    import zipfile

    from pyodide.http import pyfetch

    targets = [(sources["app"], os.getcwd())] + [(url, site.getsitepackages()[0]) for url in sources["wheels"]]
    for url, folder in targets:
        response = await pyfetch(url)
        if not response.ok:
            raise RuntimeError(f"{url}: HTTP {response.status}")
        with zipfile.ZipFile(io.BytesIO(await response.bytes())) as archive:
            archive.extractall(folder, [name for name in archive.namelist() if name.endswith(".py")])
    importlib.invalidate_caches()


async def boot(args_json):
    """Install the pinned wheels (pydantic) from this site, check the bytecode fits, then import the app."""
    global _visit
    import time

    import pyodide_js
    from js import Object
    from pyodide.ffi import to_js

    global _fallback
    started = time.perf_counter()
    boot_at = time.time() * 1000
    args = json.loads(args_json)
    wheels = args.get("wheels") or []
    names = {url.rsplit("/", 1)[-1].split("-")[0] for url in wheels}
    if not names <= set(Object.keys(pyodide_js.loadedPackages)):
        # Normally the engine loader (ui/js/engine_loader.mjs) had Pyodide install them while it started.
        await pyodide_js.loadPackage(to_js(wheels))
    bytecode = _bytecode_fits()
    if not bytecode:
        await _use_sources(args["sources"])
    if args.get("sources", {}).get("stdlib"):  # (ui/ may be importable only from its sources, laid just above)
        from ui import stdlib_fallback

        _fallback = stdlib_fallback.install(args["sources"]["stdlib"])
    loaded = time.perf_counter()
    import os

    # Pydantic looks for plugins in every installed package's metadata before its first model; the
    # site installs none, and the look costs a scan of site-packages on each start.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from ui.app.session import Visit

    _visit = Visit()
    answer = _visit.handle_text('{"op": "ping"}')
    answer["build"] = BUILD
    answer["timings_ms"] = {
        "wheels": round((loaded - started) * 1000),
        "imports": round((time.perf_counter() - loaded) * 1000),
    }
    import sys

    import js

    # When the worker's steps happened, in ms since 1970 (the bridge turns them into page time):
    # the engine loader's (ui/js/engine_loader.mjs), then this boot's.
    marks = getattr(js, "boardgamesBootMarks", None)
    answer["marks"] = {**(marks.to_py() if marks is not None else {}), "boot": boot_at, "imported": time.time() * 1000}
    head_start = getattr(js, "boardgamesHeadStart", None)
    answer["python"] = {
        "bytecode": bytecode,
        # Where a module of each kind came from: the game code, a wheel, the standard library.
        "modules": {name: sys.modules[name].__file__ for name in ("ui.app.session", "pydantic.main", "dataclasses")},
        # "light": the cut standard library with its way back to the whole one; "whole": Pyodide's own.
        "stdlib": "light" if _fallback is not None else "whole",
        # What the page prepared for this worker (ui/js/head_start.js): its compiled WebAssembly, the wheels.
        "head_start": head_start.to_py() if head_start is not None else None,
    }
    # The memory snapshot (ui/js/engine_loader.mjs): restored on this start, or to be made from the
    # standard library's modules this start imported, for the next visits.
    snapshot = getattr(js, "boardgamesSnapshot", None)
    answer["python"]["snapshot"] = snapshot.to_py() if snapshot is not None else None
    later = getattr(js, "boardgamesSnapshotLater", None)
    if later is not None:
        stdlib = sorted(
            name
            for name, module in list(sys.modules.items())
            if (getattr(module, "__file__", None) or "").startswith("/lib/python3") and "/site-packages/" not in module.__file__
        )
        later(to_js(stdlib))
    return json.dumps(answer)


def handle(text, page=""):
    """One bridge message for the game of ``page`` in, the whole screen out (both JSON text)."""
    if _visit is None:
        return json.dumps({"ok": False, "error": "the engine is still starting"})
    try:
        return json.dumps(_visit.handle_text(text, page))
    except Exception as exc:  # a bug (the session words only refusals: ui.app.worded.WORDED): said as one, detail for the console
        import traceback

        traceback.print_exc()
        from engine.bounded import clip

        return json.dumps({"ok": False, "error": f"the engine failed: {type(exc).__name__}: {clip(str(exc), 200)}"})
    finally:
        _tell_the_loader_the_engine_was_used()


def _tell_the_loader_the_engine_was_used():
    """The memory snapshot waits for a quiet spell of the engine (ui/js/engine_loader.mjs)."""
    js = sys.modules.get("js")  # the page's JavaScript; absent under CPython (the tests)
    used = getattr(js, "boardgamesEngineUsed", None)
    if used is not None:
        used()


def import_module(name):
    """Import a module by name and tell where it came from, with what the fallback said (for the tests)."""
    import importlib

    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        found = {"ok": False, "error": str(exc)}
    else:
        found = {"ok": True, "file": getattr(module, "__file__", None)}
    found["notes"] = list(_fallback.notes) if _fallback is not None else []
    return json.dumps(found)


__export__ = ["boot", "handle", "import_module"]

"""The engine worker: the only Python the page runs, inside a PyScript worker.

The bridge (ui/bridge.js) creates this worker with PyScript's ``PyWorker`` and
calls the two exported functions: ``boot`` once, with the URLs of the wheels
the build copied into the site, then ``handle`` for every message.  Both
return JSON text, so no call needs SharedArrayBuffer or cross-origin
isolation.  The game code itself arrives as ``app.zip`` through the
``[files]`` table of ``pyscript.toml``.
"""

import json

#: This build's id (tools/build.py writes it in): the bridge checks that the
#: Python it talks to belongs to the same build as the page.
BUILD = "__BUILD__"

_visit = None


async def boot(wheels_json):
    """Install the pinned wheels (pydantic) from this site, then import the app."""
    global _visit
    import time

    import pyodide_js
    from pyodide.ffi import to_js

    started = time.perf_counter()
    wheels = json.loads(wheels_json)
    if wheels:
        await pyodide_js.loadPackage(to_js(wheels))
    loaded = time.perf_counter()
    from ui.session import Visit

    _visit = Visit()
    answer = _visit.handle_text('{"op": "ping"}')
    answer["build"] = BUILD
    answer["timings_ms"] = {
        "wheels": round((loaded - started) * 1000),
        "imports": round((time.perf_counter() - loaded) * 1000),
    }
    return json.dumps(answer)


def handle(text, page=""):
    """One bridge message for the game of ``page`` in, the whole screen out (both JSON text)."""
    if _visit is None:
        return json.dumps({"ok": False, "error": "the engine is still starting"})
    try:
        return json.dumps(_visit.handle_text(text, page))
    except Exception as exc:  # last line of defence: words for the player, detail for the console
        import traceback

        traceback.print_exc()
        from engine.bounded import clip

        return json.dumps({"ok": False, "error": f"the engine failed: {type(exc).__name__}: {clip(str(exc), 200)}"})


__export__ = ["boot", "handle"]

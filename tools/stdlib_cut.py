"""The page's light standard library: Pyodide's stdlib zip cut to the modules a page loads.

Pyodide ships its whole standard library as one 4.1 MB deflated zip; a page of
the site loads about 150 of its 600-odd modules. The build (tools/build.py)
traces them (tools/bytecode.mjs imports Pyodide's start, the wheels, the game
code and every standard-library module the game code names, under Node) and
keeps only their bytecode here, stored uncompressed so that HTTP compression
(brotli, gzip) does better than zip's deflate could. Without their sources:
should the page's interpreter ever refuse the bytecode (another magic
number), it cannot start on this library at all, and the engine loader
(ui/js/engine_loader.mjs) starts it again on Pyodide's whole one.

Every module left out is listed in the zip (``LEFT_OUT``): should a page ever
import one, the worker's fallback (ui/stdlib_fallback.py) fetches the full
standard library from the site (never precached) and says so in words.
"""

from __future__ import annotations

import io
import zipfile

from ui.stdlib_fallback import LEFT_OUT  # the fallback reads the list the cut writes

#: A fixed timestamp, so that the same inputs give the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)

#: Modules a page imports that the build's trace under Node does not reach: found by playing the
#: three games in the real page (bots, saves, links, import and export) with the fallback watching.
#: A codec is a module too, looked up by its name at run time (engine/bounded.py reads files as "utf-8-sig").
EXTRA_IMPORTS: tuple[str, ...] = ("encodings.utf_8_sig",)


def module_name(path: str) -> str | None:
    """The dotted module name of a .py or .pyc path in the zip (``email/mime/text.py`` -> ``email.mime.text``)."""
    if not path.endswith((".py", ".pyc")):
        return None
    name = path.removesuffix("c")[: -len(".py")].replace("/", ".")
    return name.removesuffix(".__init__")


def kept_sources(names: list[str], bytecode: dict[str, bytes]) -> set[str]:
    """The .py paths the cut keeps: every traced module's, and the __init__.py of every package above one."""
    sources = {path[:-1] for path in bytecode if path.endswith(".pyc")}
    present = set(names)
    for path in list(sources):
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            init = "/".join(parts[:depth]) + "/__init__.py"
            if init in present:
                sources.add(init)
    return sources & present


def cut_stdlib(original: bytes, bytecode: dict[str, bytes]) -> bytes:
    """Pyodide's stdlib zip cut to the traced modules' bytecode (``bytecode``: {path.pyc: bytes}), members
    stored, with ``LEFT_OUT``: the modules left out. What is not a module (data files) stays whole."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as source, zipfile.ZipFile(buffer, "w") as target:
        names = source.namelist()
        keep = kept_sources(names, bytecode)
        left_out = sorted(
            name for path in names if path not in keep and (name := module_name(path)) is not None
        )
        # A folder stays only with a module kept in it: the folder of a package left out would be
        # taken for a namespace package, and the fallback would never be asked for it.
        folders = {path[: i + 1] for path in keep for i, c in enumerate(path) if c == "/"}
        for path in names:
            data = module_name(path) is None and not path.endswith("/")
            if path in folders or (data and path.rsplit("/", 1)[0] + "/" in folders):
                target.writestr(_stored(path), source.read(path))
        for path in sorted(bytecode):
            target.writestr(_stored(path), bytecode[path])
        target.writestr(_stored(LEFT_OUT), "\n".join(left_out) + "\n")
    return buffer.getvalue()


def _stored(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    return info

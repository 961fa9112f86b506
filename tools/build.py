"""Build the static site into dist/ (what Netlify publishes).

Run by ``make build`` after ``npm ci`` and the hashed wheel download:

* copies the pinned runtime (Pyodide, PyScript, the pydantic wheels) from
  node_modules/ and build/wheels/ into version-named folders of dist/runtime/,
  with the engine worker's interpreter module (ui/js/engine_loader.mjs) under
  a name carrying its hash;
* compiles the game code and the wheels' Python to bytecode for the page's
  own CPython: the vendored Pyodide runs under Node (tools/bytecode.mjs). The
  page loads the bytecode (app.zip, the wheels of runtime/wheels-pyc-*), and
  falls back to the sources (app-src.zip, the wheels as downloaded) should its
  interpreter's magic number ever differ; the fallback is not precached;
* puts everything else a page loads into one build-named folder,
  dist/b/<build>/: the bridge's JavaScript, the CSS and icon (assets/), the
  game code zipped with the worker (app/), and pyscript.toml. A page names
  its build's folder, so it can never run one build's HTML with another's
  JavaScript or Python, and a deploy never overwrites a file a page of the
  previous build still needs;
* renders the landing page, each game page (with its empty board drawn by
  the game's own renderer, so the shell paints before Python loads) and each
  illustrated rules page;
* writes the service worker with the list of every file.

The build id is a hash of every input (sources, runtime versions and the
optional ``--stamp``, e.g. the deployed commit), so the same sources always
build the same site, and any change builds a new one.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from html import escape
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine
from engine.bounded import MAX_LINK_CHARS, MAX_RECORD_CHARS
from tools import build_cache, packed, stdlib_cut
from tools.first_screen import (
    default_game_screens,
    first_regions,
    lesson_first_screen,
    lesson_room,
    turn_first,
)
from tools.page_parts import (  # the pieces of a page drawn by the site's Python
    empty_board,
    module_preloads,
    rules,
    seat_colours,
)
from ui.app import lesson
from ui.app.players import BOT_PACES
from ui.site import manifest
from ui.site import pages as site
from ui.site.lesson_list import lesson_list
from ui.site.page_words import PAGE_WORDS
from ui.store.resume import MAX_QUERY_CHARS
from ui.store.saves import MAX_ENTRY_CHARS

DIST = ROOT / "dist"  # tools/build.py --out DIR builds elsewhere (e.g. for parallel test runs)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript chunks for features the site switches off in pyscript.toml.
PYSCRIPT_SKIP = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey")
#: The service worker's caches are named this prefix and the build (ui/sw.js).
SW_CACHE_PREFIX = "boardgames-"
#: Compiled bytecode of unchanged inputs, kept between builds (the output is the same either way).
BYTECODE_CACHE = build_cache.folder("bytecode")
#: Only for the tests: the magic number written into the .pyc headers instead of the interpreter's own.
MAGIC_OVERRIDE = ""


def package_version(name: str) -> str:
    return json.loads((ROOT / "node_modules" / name / "package.json").read_text())["version"]


def copy_runtime(wheels: list[Path], bytecode: Bytecode) -> dict[str, object]:
    pyodide_dir = f"runtime/pyodide-{package_version('pyodide')}"
    pyscript_dir = f"runtime/pyscript-{package_version('@pyscript/core')}"
    (DIST / pyodide_dir).mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(ROOT / "node_modules/pyodide" / name, DIST / pyodide_dir / name)
    # The light standard library: the modules a page loads, compiled, under a name carrying its hash
    # (the engine loader has Pyodide take it; python_stdlib.zip, whole, stays for bare Pyodide and
    # for the worker's fallback should a page ever import a module the cut left out).
    stdlib = stdlib_cut.cut_stdlib((ROOT / "node_modules/pyodide/python_stdlib.zip").read_bytes(), bytecode.stdlib)
    stdlib_name = f"python_stdlib-{hashlib.sha256(stdlib).hexdigest()[:10]}.zip"
    (DIST / pyodide_dir / stdlib_name).write_bytes(stdlib)
    # The worker's interpreter module sits beside pyodide.mjs (PyScript finds
    # the rest of Pyodide in its folder); the runtime folder is cached as
    # immutable, so the module's name carries its content's hash.
    loader = (ROOT / "ui/js/engine_loader.mjs").read_text()
    if any(name not in loader for name in ('"./idb_guard.js"', '"./unpack.js"', '"__STDLIB__"')):
        raise SystemExit("ui/js/engine_loader.mjs no longer imports ./idb_guard.js and ./unpack.js or names __STDLIB__")
    for source, stem in (("idb_guard.js", "idb-guard"), ("unpack.js", "unpack")):  # the modules it imports, likewise
        module = (ROOT / "ui/js" / source).read_bytes()
        (DIST / pyodide_dir / (name := f"{stem}-{hashlib.sha256(module).hexdigest()[:10]}.js")).write_bytes(module)
        loader = loader.replace(f'"./{source}"', json.dumps(f"./{name}"))
    loader_bytes = loader.replace('"__STDLIB__"', json.dumps(stdlib_name)).encode()
    loader_name = f"engine-loader-{hashlib.sha256(loader_bytes).hexdigest()[:10]}.mjs"
    (DIST / pyodide_dir / loader_name).write_bytes(loader_bytes)
    (DIST / pyscript_dir).mkdir(parents=True)
    for path in sorted((ROOT / "node_modules/@pyscript/core/dist").iterdir()):
        if path.suffix == ".map" or any(path.name.startswith(skip) for skip in PYSCRIPT_SKIP):
            continue
        shutil.copy2(path, DIST / pyscript_dir / path.name)
    # The wheels as downloaded: the page's fallback, should its interpreter not take the bytecode.
    digest = hashlib.sha256(b"".join(w.name.encode() for w in wheels)).hexdigest()[:10]
    wheel_dir = f"runtime/wheels-{digest}"
    (DIST / wheel_dir).mkdir(parents=True)
    for wheel in wheels:
        shutil.copy2(wheel, DIST / wheel_dir / wheel.name)
    # The same wheels with their Python compiled: what the page installs.
    repacked = {wheel.name: repack_wheel(wheel.read_bytes(), bytecode.units[wheel.name]) for wheel in wheels}
    pyc_digest = hashlib.sha256(b"".join(name.encode() + data for name, data in sorted(repacked.items()))).hexdigest()[:10]
    pyc_dir = f"runtime/wheels-pyc-{pyc_digest}"
    (DIST / pyc_dir).mkdir(parents=True)
    for name, data in repacked.items():
        (DIST / pyc_dir / name).write_bytes(data)
    return {
        "pyodide": f"{pyodide_dir}/{loader_name}",
        "pyodide_bare": f"{pyodide_dir}/pyodide.mjs",
        "pyodide_wasm": f"{pyodide_dir}/pyodide.asm.wasm",
        "pyodide_files": [f"{pyodide_dir}/{name}" for name in ("pyodide.asm.mjs", stdlib_name, "pyodide-lock.json")],
        "stdlib_full": f"{pyodide_dir}/python_stdlib.zip",
        "pyscript": f"{pyscript_dir}/core.js",
        "wheels": [f"{pyc_dir}/{w.name}" for w in wheels],
        "wheels_source": [f"{wheel_dir}/{w.name}" for w in wheels],
        "bytecode": bytecode.interpreter,
        "decoder": packed.copy_decoder(DIST),
    }


def verify_wheels(wheels: list[Path]) -> None:
    """Every wheel is one that requirements-site.txt pins by its sha256 (the download checked it too)."""
    pinned = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", (ROOT / "requirements-site.txt").read_text()))
    for wheel in wheels:
        if hashlib.sha256(wheel.read_bytes()).hexdigest() not in pinned:
            raise SystemExit(f"{wheel.name} is not pinned by requirements-site.txt: run `make build` (it downloads them)")


def wheel_sources(data: bytes) -> dict[str, bytes]:
    """The Python modules of a wheel (its .py files outside .dist-info/)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {
            name: archive.read(name)
            for name in archive.namelist()
            if name.endswith(".py") and ".dist-info/" not in name
        }


class Bytecode(NamedTuple):
    interpreter: dict[str, str]  # the magic number, cache tag and version of the page's CPython
    units: dict[str, dict[str, bytes]]  # per unit: {path.pyc: bytecode}
    stdlib: dict[str, bytes]  # {path in the standard library's zip + "c": bytecode}


def _cached(key: str) -> Path | None:
    path = BYTECODE_CACHE / f"{key}.zip"
    return path if path.exists() else None


def _store(key: str, interpreter: dict[str, Any], files: dict[str, bytes]) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("interpreter.json", json.dumps(interpreter, sort_keys=True))
        for name in sorted(files):
            archive.writestr(name, files[name])
    build_cache.write_atomically(BYTECODE_CACHE / f"{key}.zip", buffer.getvalue())


def _load(key: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    with zipfile.ZipFile(BYTECODE_CACHE / f"{key}.zip") as archive:
        files = {name: archive.read(name) for name in archive.namelist() if name != "interpreter.json"}
        return json.loads(archive.read("interpreter.json")), files


def compile_bytecode(units: dict[str, dict[str, bytes]], wheels: list[Path] = ()) -> Bytecode:  # type: ignore[assignment]
    """Compile each unit ({path.py: source}) to sourceless bytecode, and the hot part of the stdlib.

    The compiler is the page's own CPython: the vendored Pyodide under Node
    (tools/bytecode.mjs). With ``wheels`` (and the unit "app", the game
    code), it also compiles every module of Pyodide's standard library that
    Pyodide's start, the wheels and the game code load (the game code's
    modules are all imported, and the standard-library modules they import
    anywhere). Inputs compiled before (same sources, same Pyodide, same
    compiler) come from the build cache (tools/build_cache.py) instead.
    """
    recipe = hashlib.sha256()
    # The tests' magic number is written into the headers afterwards (below), so
    # a build for that test reuses the bytecode compiled for the real one.
    recipe.update(package_version("pyodide").encode() + b"\0")
    recipe.update((ROOT / "tools/bytecode.mjs").read_bytes())

    def key(*parts: bytes) -> str:
        digest = recipe.copy()
        for part in parts:
            digest.update(part + b"\0")
        return digest.hexdigest()[:32]

    def sources_digest(files: dict[str, bytes]) -> bytes:
        return b"".join(name.encode() + b"\0" + hashlib.sha256(files[name]).digest() for name in sorted(files))

    keys = {unit: key(b"unit", sources_digest(files)) for unit, files in units.items()}
    imports = app_imports(units["app"]) if wheels else []
    stdlib_key = ""
    if wheels:
        stdlib_key = "stdlib-" + key(
            b"stdlib", *(hashlib.sha256(w.read_bytes()).digest() for w in wheels), sources_digest(units["app"]), "\n".join(imports).encode()
        )
    missing = [unit for unit in units if _cached(keys[unit]) is None]
    if missing or (stdlib_key and _cached(stdlib_key) is None):
        with tempfile.TemporaryDirectory(prefix="bytecode-") as temporary:
            folder = Path(temporary)
            for number, unit in enumerate(missing):
                for name, source in units[unit].items():
                    (folder / "units" / str(number) / name).parent.mkdir(parents=True, exist_ok=True)
                    (folder / "units" / str(number) / name).write_bytes(source)
            job: dict[str, Any] = {"magic": "", "units": str(folder / "units") if missing else None, "stdlib": None}
            if stdlib_key and _cached(stdlib_key) is None:
                for name, source in units["app"].items():
                    (folder / "app" / name).parent.mkdir(parents=True, exist_ok=True)
                    (folder / "app" / name).write_bytes(source)
                (folder / "stdlib").mkdir()
                job["stdlib"] = {"wheels": [str(w) for w in wheels], "app": str(folder / "app"), "imports": imports, "out": str(folder / "stdlib")}
            (folder / "job.json").write_text(json.dumps(job))
            node = shutil.which("node")
            if node is None:
                raise SystemExit("the build compiles Python with the vendored Pyodide under Node: install Node 20+")
            done = subprocess.run([node, str(ROOT / "tools/bytecode.mjs"), str(folder / "job.json")], capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"compiling to bytecode failed:\n{done.stderr[-2000:]}")
            answer = json.loads(done.stdout.strip().splitlines()[-1])
            interpreter = {k: answer[k] for k in ("magic", "cache_tag", "version")}
            for number, unit in enumerate(missing):
                _store(keys[unit], interpreter, {n + "c": (folder / "units" / str(number) / (n + "c")).read_bytes() for n in units[unit]})
            if job["stdlib"]:
                _store(stdlib_key, interpreter, {p + "c": (folder / "stdlib" / (p + "c")).read_bytes() for p in answer["stdlib"]})
    interpreter: dict[str, Any] = {}
    compiled = {}
    for unit in units:
        interpreter, compiled[unit] = _load(keys[unit])
    stdlib = _load(stdlib_key)[1] if stdlib_key else {}
    if MAGIC_OVERRIDE:
        compiled = {unit: _with_magic(files, MAGIC_OVERRIDE) for unit, files in compiled.items()}
        stdlib = _with_magic(stdlib, MAGIC_OVERRIDE)
    return Bytecode(interpreter, compiled, stdlib)


def _with_magic(files: dict[str, bytes], magic: str) -> dict[str, bytes]:
    """The same .pyc files with another magic number in their headers (the first 4 bytes)."""
    return {name: bytes.fromhex(magic) + data[4:] for name, data in files.items()}


#: Shipped game code the page never imports: command lines, the in-page benchmark, and the worker
#: (PyScript runs it as a script). The build's side of ui/ is not even shipped (page_sources).
NOT_IN_THE_PAGE = re.compile(r"(__main__|engine/ai/speed|ui/worker)\.py$")
#: The worker is run as a script, not imported as a module; the modules it imports count all the same.
WORKER = "ui/worker.py"


def app_imports(sources: dict[str, bytes]) -> list[str]:
    """Modules whose standard-library imports the page will want compiled: every module of the game
    code the page imports, and every standard-library module they name anywhere (in a function too),
    the worker's and those only found by playing in the page (tools/stdlib_cut.py) included."""
    own = sorted(
        name[: -len(".py")].replace("/", ".").removesuffix(".__init__")
        for name in sources
        if not NOT_IN_THE_PAGE.search(name)
    )
    named: set[str] = set()
    for name, source in sources.items():
        if NOT_IN_THE_PAGE.search(name) and name != WORKER:
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                named.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                named.add(node.module)
    named.update(stdlib_cut.EXTRA_IMPORTS)
    stdlib = sorted(n for n in named if n.split(".")[0] in sys.stdlib_module_names | {"pyodide", "js"})
    return own + stdlib


def _zip_entry(name: str, *, stored: bool = True) -> zipfile.ZipInfo:
    """A zip member with a fixed date; stored uncompressed unless told otherwise: what the page
    downloads goes through HTTP compression (brotli, gzip), which does better on stored members than
    on zip's own deflate. Only files a page fetches just in case (the sources) stay deflated."""
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


#: What the page's wheels leave out: parts of pydantic the game code never imports (the pydantic 1
#: API, the mypy plugin, the experimental API; pydantic imports pydantic.v1 only for a model that is a
#: pydantic 1 one) and software bills of materials. The wheels as downloaded keep them.
NOT_IN_THE_PAGE_WHEELS = re.compile(r"^(pydantic/(v1/|mypy\.py|experimental/)|[^/]+\.dist-info/sboms/)")


def repack_wheel(data: bytes, bytecode: dict[str, bytes]) -> bytes:
    """The wheel with each module's source replaced by its bytecode (without type stubs, nor what
    ``NOT_IN_THE_PAGE_WHEELS`` names), its members stored for HTTP compression.

    Everything else (the WebAssembly extension, metadata) is kept as it was;
    RECORD lists the new files with their sha256, as the wheel format asks.
    """
    buffer = io.BytesIO()
    records = []
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        names = source.namelist()
        record_name = next(name for name in names if name.endswith(".dist-info/RECORD"))
        for name in names:
            if name == record_name or name.endswith(".pyi") or NOT_IN_THE_PAGE_WHEELS.match(name):
                continue
            if name + "c" in bytecode:
                name, content = name + "c", bytecode[name + "c"]
            else:
                content = source.read(name)
            target.writestr(_zip_entry(name), content)
            hashed = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            records.append(f"{name},sha256={hashed},{len(content)}")
        records.append(f"{record_name},,")
        target.writestr(_zip_entry(record_name), "\n".join(records) + "\n")
    return buffer.getvalue()


#: A fixed timestamp for the zip's entries, so the same sources zip to the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


#: Game code the site never ships: the demonstration games that prove the protocol (Pig).
NOT_ON_THE_SITE = ("engine", "examples")


#: The build's side of ui/: what the build writes into the static pages (cards, set-up forms, the
#: manifest, the bridge's words, templates). The page never loads it, so it is never shipped.
BUILD_SIDE = ("ui", "site")
#: Each game's rules page (``ui/games/<game>/rules.py``): the build writes it into /GAME/rules/ and
#: the game page's dialog; the page never imports it either.
RULES_PAGE = "rules.py"


def python_sources() -> list[Path]:
    """Every module of the game code the site is built from, the build's side of ui/ included."""
    return [
        path
        for package in ("engine", "ui")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts and path.relative_to(ROOT).parts[:2] != NOT_ON_THE_SITE
    ]


def page_sources() -> list[Path]:
    """The modules the page is shipped (app.zip): all but the build's side of ui/ and the rules pages."""
    shipped = []
    for path in python_sources():
        parts = path.relative_to(ROOT).parts
        if parts[:2] == BUILD_SIDE or (parts[:2] == ("ui", "games") and parts[-1] == RULES_PAGE):
            continue
        shipped.append(path)
    return shipped


def build_id(runtime: dict[str, object], stamp: str) -> str:
    """A hash of everything the build reads: the same inputs give the same site."""
    digest = hashlib.sha256()
    inputs = [ROOT / "index.html", ROOT / "pyscript.toml", ROOT / "tools/bytecode.mjs", *python_sources()]
    inputs += sorted(p for p in (ROOT / "ui").rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc"))
    inputs += sorted(p for p in (ROOT / "assets").rglob("*") if p.is_file())
    inputs += [p for p in app_data_files() if p not in inputs]
    for path in inputs:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(json.dumps(runtime, sort_keys=True).encode())
    digest.update(stamp.encode())
    return digest.hexdigest()[:12]


def site_wheels() -> list[Path]:
    wheels = sorted((ROOT / "build/wheels").glob("*.whl"))
    if len(wheels) < 5:
        raise SystemExit("build/wheels/ is missing the site's wheels: run `make build` (it downloads them)")
    verify_wheels(wheels)
    return wheels


def app_sources() -> dict[str, bytes]:
    return {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in page_sources()}


def app_data_files() -> list[Path]:
    """The game code's data files that the worker reads beside it: the lessons
    (ui/games/*/lessons/*.json) and the analysis's calibration maps (engine/*/calibration.json)."""
    return sorted((ROOT / "ui/games").glob("*/lessons/*.json")) + sorted((ROOT / "engine").glob("*/calibration.json"))


def app_data() -> dict[str, bytes]:
    return {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in app_data_files()}


def build_folder(build: str, compiled: dict[str, dict[str, bytes]]) -> str:
    """dist/b/<build>/: the bridge, CSS, icon, game code and PyScript config of this build."""
    folder = DIST / "b" / build
    (folder / "app").mkdir(parents=True)
    sources = app_sources()
    # The game code as bytecode (what the page runs), and as source (its fallback).
    data = app_data()
    with zipfile.ZipFile(folder / "app/app.zip", "w") as archive:
        for name in sorted(compiled["app"]):
            archive.writestr(_zip_entry(name), compiled["app"][name])
        for name in sorted(data):
            archive.writestr(_zip_entry(name), data[name])
    with zipfile.ZipFile(folder / "app/app-src.zip", "w") as archive:
        for name in sorted(sources):
            archive.writestr(_zip_entry(name, stored=False), sources[name], compresslevel=9)
        for name in sorted(data):
            archive.writestr(_zip_entry(name, stored=False), data[name], compresslevel=9)
    worker = (ROOT / "ui/worker.py").read_text()
    if '"__BUILD__"' not in worker:
        raise SystemExit("ui/worker.py lost its BUILD placeholder")
    (folder / "app/worker.py").write_text(worker.replace('"__BUILD__"', json.dumps(build)))
    shutil.copytree(ROOT / "assets", folder / "assets")
    for script in sorted((ROOT / "ui/js").glob("*.js")):
        shutil.copy2(script, folder / "assets" / script.name)
    shutil.copy2(ROOT / "pyscript.toml", folder / "pyscript.toml")
    return f"b/{build}/"


def fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    if "{{" in template:
        start = template.index("{{")
        raise SystemExit(f"unfilled placeholder {template[start:start + 30]!r}")
    return template


def site_config(runtime: dict[str, object], root: str, build: str, folder: str) -> str:
    data = {
        "build": build,
        "pyodide": root + str(runtime["pyodide"]),
        "pyodideBare": root + str(runtime["pyodide_bare"]),
        "pyodideWasm": root + str(runtime["pyodide_wasm"]),
        "pyscript": root + str(runtime["pyscript"]),
        "wheels": [root + w for w in runtime["wheels"]],  # type: ignore[union-attr]
        # What the engine worker fetches once Pyodide runs: the page starts these downloads at once.
        "prefetch": [root + p for p in runtime["pyodide_files"]] + [root + folder + "app/app.zip"],  # type: ignore[operator]
        **packed.site_config(root, runtime["decoder"]),  # type: ignore[arg-type]  # the files it fetches compressed
        # Only fetched if the page's interpreter cannot take the build's bytecode.
        "sources": {
            "app": root + folder + "app/app-src.zip",
            "wheels": [root + w for w in runtime["wheels_source"]],  # type: ignore[union-attr]
            # The whole standard library: only fetched should a page import a module the light one left out.
            "stdlib": root + str(runtime["stdlib_full"]),
        },
        "worker": root + folder + "app/worker.py",
        "config": root + folder + "pyscript.toml",
        "serviceWorker": root + "sw.js",
        # The app manifest of each language (ui/site/manifest.py): the bridge links the page's own.
        "manifest": {lang: root + file for lang, file in manifest.FILES.items()},
        # The service worker's cache for this build (ui/sw.js names it so): the page may put a file there.
        "cache": f"{SW_CACHE_PREFIX}{build}",
        # The start gives up only when nothing has arrived, no byte and no step, for this long while
        # bytes are still to come; once all have come, after this long without a step (the processor's
        # work: a slow phone takes seconds between two).
        "stallMs": 30_000,
        "quietMs": 120_000,
        # What a first visit downloads before the engine runs, file by file, in bytes as decoded:
        # the page counts what has come of it ("2.1 of 25.0 MB").
        "downloads": {
            root + path: (DIST / path).stat().st_size
            for path in [
                str(runtime["pyodide_wasm"]), *runtime["pyodide_files"],  # type: ignore[misc]
                folder + "app/app.zip", *runtime["wheels"],  # type: ignore[misc]
            ]
        },
        # The bridge measures outside text against Python's own limits before sending it.
        "limits": {"fragment": MAX_LINK_CHARS, "file": MAX_RECORD_CHARS, "entry": MAX_ENTRY_CHARS, "query": MAX_QUERY_CHARS},
        # The rulebooks' clause prefixes (TR, PI, SG), each game's own: a rule ID in a message links to the rules.
        "rulePrefixes": sorted(engine.info(name).rule_prefix for name in engine.BUILTIN),
        # The bridge's own sentences in both languages: some are said before the engine runs.
        "words": PAGE_WORDS,
    }
    return json.dumps(data).replace("</", "<\\/")


def common(runtime: dict[str, object], root: str, build: str, folder: str) -> dict[str, str]:
    # HEAD comes first: the placeholders inside it are filled by the keys after it.
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    return {
        "HEAD": (ROOT / "ui/site/templates/head.html").read_text(),
        "CONFIGS": (ROOT / "ui/site/templates/configs.html").read_text(),
        "ENGINE_STATUS": (ROOT / "ui/site/templates/engine_status.html").read_text(),
        "MPY_CONFIG": json.dumps({"plugins": plugins}),
        "ROOT": root,
        "ASSETS": root + folder + "assets/",
        "PYCONFIG": root + folder + "pyscript.toml",
        "SITE_CONFIG": site_config(runtime, root, build, folder),
        "BUILD": build,
        "THEME_COLOUR": manifest.THEME_COLOUR,
        "MODULE_PRELOADS": module_preloads(root + folder + "assets/"),
    }


def build_pages(runtime: dict[str, object], build: str, folder: str) -> None:
    landing = (ROOT / "index.html").read_text()
    cards = "\n".join(site.card(g) for g in site.GAMES)
    (DIST / "index.html").write_text(
        fill(landing, {**common(runtime, "", build, folder), **site.description("landing"), "CARDS": cards}))
    game_template = (ROOT / "ui/site/templates/game.html").read_text()
    rules_template = (ROOT / "ui/site/templates/rules.html").read_text()
    lesson_template = (ROOT / "ui/site/templates/lesson.html").read_text()
    lessons_template = (ROOT / "ui/site/templates/lessons.html").read_text()
    for game in site.GAMES:
        page_folder = DIST / game.name
        (page_folder / "rules").mkdir(parents=True)
        page = fill(
            game_template,
            {
                **common(runtime, "../", build, folder),
                **site.description("game", game),
                "GAME": game.name,
                "TITLE": game.title,
                "EMPTY_BOARD": empty_board(game.name),
                **first_regions(default_game_screens(game), ("goal", "players")),
                **turn_first(game.name),
                "SETUP": site.setup_form(game, seat_colours(game.name, len(game.seats))),
                "PACE_OPTIONS": "".join(
                    site.option_tag(str(ms), en, fr, selected=name == "normal") for name, ms, en, fr in BOT_PACES
                ),
            },
        )
        (page_folder / "index.html").write_text(page)
        rules_page = fill(
            rules_template,
            {
                **common(runtime, "../../", build, folder),
                **site.description("rules", game),
                "TITLE": game.title,
                "RULES_EN": rules(game.name, "en"),
                "RULES_FR": rules(game.name, "fr"),
            },
        )
        (page_folder / "rules/index.html").write_text(rules_page)
        if game.name in lesson.LESSON_GAMES:
            build_lesson_pages(game, runtime, build, folder, lessons_template, lesson_template)


def build_lesson_pages(game: site.GamePage, runtime: dict[str, object], build: str, folder: str,
                       list_template: str, lesson_template: str) -> None:
    """``GAME/learn/``, the list of the game's lessons, and ``GAME/learn/<slug>/``, a page per lesson."""
    learn = DIST / game.name / "learn"
    learn.mkdir()
    listing = fill(list_template, {
        **common(runtime, "../../", build, folder),
        **site.description("lesson", game),
        "TITLE": game.title,
        "LESSON_LIST": lesson_list(game.name),
    })
    (learn / "index.html").write_text(listing)
    for one in lesson.load_lessons(game.name):
        first, progress = lesson_first_screen(game.name, one.slug)
        page = fill(lesson_template, {
            **common(runtime, "../../../", build, folder),
            **site.description("lesson", game),
            "GAME": game.name,
            "TITLE": game.title,
            "LESSON": one.slug,
            "KIND": one.data.kind,
            "LESSON_TITLE_EN": escape(one.data.title.en, quote=True),
            "LESSON_TITLE_FR": escape(one.data.title.fr, quote=True),
            "PROGRESS": progress,
            **first,
            "LESSON_ROOM": lesson_room(game.name, one.slug),
            **turn_first(game.name),
            "EMPTY_BOARD": empty_board(game.name),
        })
        (learn / one.slug).mkdir()
        (learn / one.slug / "index.html").write_text(page)


def build_manifests(folder: str) -> None:
    """dist/manifest.webmanifest and dist/manifest.fr.webmanifest: the site installable as an app, in each language."""
    for lang in manifest.LANGS:
        games = [(g.name, g.title, g.tagline_fr if lang == "fr" else g.tagline_en) for g in site.GAMES]
        data = manifest.manifest(lang, icons=folder + "assets/", games=games)
        (DIST / manifest.FILES[lang]).write_text(json.dumps(data, ensure_ascii=False, indent=1))


def not_precached(name: str) -> bool:
    """Files no page of the site fetches, unless its interpreter cannot take the build's bytecode
    (the sources), or only for bare Pyodide (its own standard library), and packed.NOT_PRECACHED: never precached."""
    return (
        name.endswith(("/app/app-src.zip", *packed.NOT_PRECACHED))
        or bool(re.match(r"runtime/wheels-[0-9a-f]+/", name))
        or bool(re.match(r"runtime/pyodide-[^/]+/python_stdlib\.zip$", name))
    )


def build_service_worker(build: str, runtime: dict[str, object]) -> None:
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    # Pages are cached under their folder URL ("trice/"); the root page is "./".
    precache = sorted(
        {(name.removesuffix("index.html")) or "./" for name in files if not not_precached(name)}
    )
    template = (ROOT / "ui/sw.js").read_text()
    if f'const PREFIX = "{SW_CACHE_PREFIX}";' not in template:
        raise SystemExit("ui/sw.js no longer names its caches as tools/build.py expects")
    template = packed.service_worker(DIST, template, precache, f"b/{build}/", runtime["decoder"])  # type: ignore[arg-type]
    (DIST / "sw.js").write_text(
        template.replace('"__BUILD__"', json.dumps(build)).replace("[] /* __PRECACHE__ */", json.dumps(precache))
    )
    (DIST / "build.json").write_text(json.dumps({"build": build, "files": len(files)}))


def main(argv: list[str] | None = None) -> None:
    global DIST, MAGIC_OVERRIDE
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", default=str(DIST), help="the folder to build into (default: dist/)")
    parser.add_argument("--stamp", default="", help="a label mixed into the build id, e.g. the deployed commit")
    parser.add_argument("--magic-for-tests", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    MAGIC_OVERRIDE = args.magic_for_tests
    DIST = Path(args.out).resolve()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # One run of the compiler for the game code and the wheels.
    wheels = site_wheels()
    bytecode = compile_bytecode({"app": app_sources(), **{w.name: wheel_sources(w.read_bytes()) for w in wheels}}, wheels)
    runtime = copy_runtime(wheels, bytecode)
    build = build_id(runtime, args.stamp)
    folder = build_folder(build, bytecode.units)
    packed.pack_fetched(DIST, [runtime["pyodide_wasm"], *runtime["pyodide_files"], folder + "app/app.zip", *runtime["wheels"]])  # type: ignore[list-item]
    build_pages(runtime, build, folder)
    build_manifests(folder)
    build_service_worker(build, runtime)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST} ({size / 1e6:.1f} MB, build {build})")


if __name__ == "__main__":
    main()

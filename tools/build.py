"""Build the static site into dist/ (what Netlify publishes).

Run by ``make build`` after ``npm ci`` and the hashed wheel download:

* copies the pinned runtime (Pyodide, PyScript, the pydantic wheels) from
  node_modules/ and build/wheels/ into version-named folders of dist/runtime/,
  with the engine worker's interpreter module (ui/js/engine_loader.mjs) under
  a name carrying its hash;
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
import hashlib
import importlib
import json
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.bounded import MAX_LINK_CHARS, MAX_RECORD_CHARS  # noqa: E402
from ui import site  # noqa: E402
from ui.saves import MAX_ENTRY_CHARS  # noqa: E402

DIST = ROOT / "dist"  # tools/build.py --out DIR builds elsewhere (e.g. for parallel test runs)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript chunks for features the site switches off in pyscript.toml.
PYSCRIPT_SKIP = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey")


def package_version(name: str) -> str:
    return json.loads((ROOT / "node_modules" / name / "package.json").read_text())["version"]


def copy_runtime() -> dict[str, object]:
    pyodide_dir = f"runtime/pyodide-{package_version('pyodide')}"
    pyscript_dir = f"runtime/pyscript-{package_version('@pyscript/core')}"
    (DIST / pyodide_dir).mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(ROOT / "node_modules/pyodide" / name, DIST / pyodide_dir / name)
    # The worker's interpreter module sits beside pyodide.mjs (PyScript finds
    # the rest of Pyodide in its folder); the runtime folder is cached as
    # immutable, so the module's name carries its content's hash.
    guard = (ROOT / "ui/js/idb_guard.js").read_bytes()
    guard_name = f"idb-guard-{hashlib.sha256(guard).hexdigest()[:10]}.js"
    (DIST / pyodide_dir / guard_name).write_bytes(guard)
    loader = (ROOT / "ui/js/engine_loader.mjs").read_text()
    if '"./idb_guard.js"' not in loader:
        raise SystemExit("ui/js/engine_loader.mjs no longer imports ./idb_guard.js")
    loader_bytes = loader.replace('"./idb_guard.js"', json.dumps(f"./{guard_name}")).encode()
    loader_name = f"engine-loader-{hashlib.sha256(loader_bytes).hexdigest()[:10]}.mjs"
    (DIST / pyodide_dir / loader_name).write_bytes(loader_bytes)
    (DIST / pyscript_dir).mkdir(parents=True)
    for path in sorted((ROOT / "node_modules/@pyscript/core/dist").iterdir()):
        if path.suffix == ".map" or any(path.name.startswith(skip) for skip in PYSCRIPT_SKIP):
            continue
        shutil.copy2(path, DIST / pyscript_dir / path.name)
    wheels = sorted((ROOT / "build/wheels").glob("*.whl"))
    if len(wheels) < 5:
        raise SystemExit("build/wheels/ is missing the site's wheels: run `make build` (it downloads them)")
    digest = hashlib.sha256(b"".join(w.name.encode() for w in wheels)).hexdigest()[:10]
    wheel_dir = f"runtime/wheels-{digest}"
    (DIST / wheel_dir).mkdir(parents=True)
    for wheel in wheels:
        shutil.copy2(wheel, DIST / wheel_dir / wheel.name)
    return {
        "pyodide": f"{pyodide_dir}/{loader_name}",
        "pyodide_bare": f"{pyodide_dir}/pyodide.mjs",
        "pyscript": f"{pyscript_dir}/core.js",
        "wheels": [f"{wheel_dir}/{w.name}" for w in wheels],
    }


#: A fixed timestamp for the zip's entries, so the same sources zip to the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def python_sources() -> list[Path]:
    return [
        path
        for package in ("engine", "ui")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    ]


def build_id(runtime: dict[str, object], stamp: str) -> str:
    """A hash of everything the build reads: the same inputs give the same site."""
    digest = hashlib.sha256()
    inputs = [ROOT / "index.html", ROOT / "pyscript.toml", *python_sources()]
    inputs += sorted(p for p in (ROOT / "ui").rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc"))
    inputs += sorted(p for p in (ROOT / "assets").rglob("*") if p.is_file())
    for path in inputs:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(json.dumps(runtime, sort_keys=True).encode())
    digest.update(stamp.encode())
    return digest.hexdigest()[:12]


def build_folder(build: str) -> str:
    """dist/b/<build>/: the bridge, CSS, icon, game code and PyScript config of this build."""
    folder = DIST / "b" / build
    (folder / "app").mkdir(parents=True)
    with zipfile.ZipFile(folder / "app/app.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in python_sources():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
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
        "pyscript": root + str(runtime["pyscript"]),
        "wheels": [root + w for w in runtime["wheels"]],  # type: ignore[union-attr]
        "worker": root + folder + "app/worker.py",
        "config": root + folder + "pyscript.toml",
        "serviceWorker": root + "sw.js",
        "bootTimeoutMs": 60_000,
        # The bridge measures outside text against Python's own limits before sending it.
        "limits": {"fragment": MAX_LINK_CHARS, "file": MAX_RECORD_CHARS, "entry": MAX_ENTRY_CHARS},
    }
    return json.dumps(data).replace("</", "<\\/")


def common(runtime: dict[str, object], root: str, build: str, folder: str) -> dict[str, str]:
    # HEAD comes first: the placeholders inside it are filled by the keys after it.
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    return {
        "HEAD": (ROOT / "ui/templates/head.html").read_text(),
        "ENGINE_STATUS": (ROOT / "ui/templates/engine_status.html").read_text(),
        "MPY_CONFIG": json.dumps({"plugins": plugins}),
        "ROOT": root,
        "ASSETS": root + folder + "assets/",
        "PYSCRIPT": str(runtime["pyscript"]),
        "PYCONFIG": root + folder + "pyscript.toml",
        "SITE_CONFIG": site_config(runtime, root, build, folder),
        "BUILD": build,
    }


def empty_board(game: str) -> str:
    try:
        view = importlib.import_module(f"ui.{game}.page").View()
    except ModuleNotFoundError:
        return ""
    return view.empty_board("en")


def seat_colours(game: str, seats: int) -> list[tuple[str, str, str]] | None:
    """Each seat's colour (English, French, CSS) from the game's view, for the set-up form."""
    try:
        view = importlib.import_module(f"ui.{game}.page").View()
    except ModuleNotFoundError:
        return None
    return [(view.seat_colour_name(i, "en"), view.seat_colour_name(i, "fr"), view.seat_colour(i)) for i in range(seats)]


def rules(game: str, lang: str) -> str:
    try:
        module = importlib.import_module(f"ui.{game}.rules")
    except ModuleNotFoundError:
        return "<p>…</p>"
    return site.unique_svg_ids(module.rules_page(lang), lang)


def build_pages(runtime: dict[str, object], build: str, folder: str) -> None:
    landing = (ROOT / "index.html").read_text()
    cards = "\n".join(site.card(g) for g in site.GAMES)
    (DIST / "index.html").write_text(fill(landing, {**common(runtime, "", build, folder), "CARDS": cards}))
    game_template = (ROOT / "ui/templates/game.html").read_text()
    rules_template = (ROOT / "ui/templates/rules.html").read_text()
    for game in site.GAMES:
        page_folder = DIST / game.name
        (page_folder / "rules").mkdir(parents=True)
        page = fill(
            game_template,
            {
                **common(runtime, "../", build, folder),
                "GAME": game.name,
                "TITLE": game.title,
                "EMPTY_BOARD": empty_board(game.name),
                "SETUP": site.setup_form(game, seat_colours(game.name, len(game.seats))),
                "PACE_OPTIONS": "".join(
                    site.option_tag(str(ms), en, fr, selected=name == "normal") for name, ms, en, fr in site.BOT_PACES
                ),
            },
        )
        (page_folder / "index.html").write_text(page)
        rules_page = fill(
            rules_template,
            {
                **common(runtime, "../../", build, folder),
                "TITLE": game.title,
                "RULES_EN": rules(game.name, "en"),
                "RULES_FR": rules(game.name, "fr"),
            },
        )
        (page_folder / "rules/index.html").write_text(rules_page)


def build_service_worker(build: str) -> None:
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    # Pages are cached under their folder URL ("trice/"); the root page is "./".
    precache = sorted({(name[: -len("index.html")] if name.endswith("index.html") else name) or "./" for name in files})
    template = (ROOT / "ui/sw.js").read_text()
    (DIST / "sw.js").write_text(
        template.replace('"__BUILD__"', json.dumps(build)).replace("[] /* __PRECACHE__ */", json.dumps(precache))
    )
    (DIST / "build.json").write_text(json.dumps({"build": build, "files": len(files)}))


def main(argv: list[str] | None = None) -> None:
    global DIST
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument("--out", default=str(DIST), help="the folder to build into (default: dist/)")
    parser.add_argument("--stamp", default="", help="a label mixed into the build id, e.g. the deployed commit")
    args = parser.parse_args(argv)
    DIST = Path(args.out).resolve()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    runtime = copy_runtime()
    build = build_id(runtime, args.stamp)
    folder = build_folder(build)
    build_pages(runtime, build, folder)
    build_service_worker(build)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST} ({size / 1e6:.1f} MB, build {build})")


if __name__ == "__main__":
    main()

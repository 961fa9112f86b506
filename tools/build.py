"""Build the static site into dist/ (what Netlify publishes).

Run by ``make build`` after ``npm ci`` and the hashed wheel download:

* copies the pinned runtime (Pyodide, PyScript, the pydantic wheels) from
  node_modules/ and build/wheels/ into version-named folders of dist/runtime/;
* zips engine/ and ui/ (Python only) into dist/app/app.zip for the worker;
* renders the landing page, each game page (with its empty board drawn by
  the game's own renderer, so the shell paints before Python loads) and each
  illustrated rules page;
* writes the service worker with the list of every file, versioned by a hash
  of the whole build.
"""

from __future__ import annotations

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

from ui import site  # noqa: E402

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
        "pyodide": f"{pyodide_dir}/pyodide.mjs",
        "pyscript": f"{pyscript_dir}/core.js",
        "wheels": [f"{wheel_dir}/{w.name}" for w in wheels],
    }


def build_app_zip() -> None:
    (DIST / "app").mkdir(parents=True)
    with zipfile.ZipFile(DIST / "app/app.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for package in ("engine", "ui"):
            for path in sorted((ROOT / package).rglob("*.py")):
                if "__pycache__" in path.parts:
                    continue
                archive.write(path, path.relative_to(ROOT).as_posix())
    shutil.copy2(ROOT / "ui/worker.py", DIST / "app/worker.py")


def fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    if "{{" in template:
        start = template.index("{{")
        raise SystemExit(f"unfilled placeholder {template[start:start + 30]!r}")
    return template


def site_config(runtime: dict[str, object], root: str) -> str:
    data = {
        "pyodide": root + str(runtime["pyodide"]),
        "pyscript": root + str(runtime["pyscript"]),
        "wheels": [root + w for w in runtime["wheels"]],  # type: ignore[union-attr]
        "worker": root + "app/worker.py",
        "config": root + "pyscript.toml",
        "serviceWorker": root + "sw.js",
        "bootTimeoutMs": 60_000,
    }
    return json.dumps(data).replace("</", "<\\/")


def common(runtime: dict[str, object], root: str, build_id: str) -> dict[str, str]:
    # HEAD comes first: the placeholders inside it are filled by the keys after it.
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    return {
        "HEAD": (ROOT / "ui/templates/head.html").read_text(),
        "MPY_CONFIG": json.dumps({"plugins": plugins}),
        "ROOT": root,
        "PYSCRIPT": str(runtime["pyscript"]),
        "SITE_CONFIG": site_config(runtime, root),
        "BUILD": build_id,
    }


def empty_board(game: str) -> str:
    try:
        view = importlib.import_module(f"ui.{game}.page").View()
    except ModuleNotFoundError:
        return ""
    return view.empty_board("en")


def rules(game: str, lang: str) -> str:
    try:
        module = importlib.import_module(f"ui.{game}.rules")
    except ModuleNotFoundError:
        return "<p>…</p>"
    return site.unique_svg_ids(module.rules_page(lang), lang)


def build_pages(runtime: dict[str, object], build_id: str) -> None:
    landing = (ROOT / "index.html").read_text()
    cards = "\n".join(site.card(g) for g in site.GAMES)
    (DIST / "index.html").write_text(fill(landing, {**common(runtime, "", build_id), "CARDS": cards}))
    game_template = (ROOT / "ui/templates/game.html").read_text()
    rules_template = (ROOT / "ui/templates/rules.html").read_text()
    for game in site.GAMES:
        folder = DIST / game.name
        (folder / "rules").mkdir(parents=True)
        page = fill(
            game_template,
            {
                **common(runtime, "../", build_id),
                "GAME": game.name,
                "TITLE": game.title,
                "EMPTY_BOARD": empty_board(game.name),
                "SETUP": site.setup_form(game),
            },
        )
        (folder / "index.html").write_text(page)
        rules_page = fill(
            rules_template,
            {
                **common(runtime, "../../", build_id),
                "TITLE": game.title,
                "RULES_EN": rules(game.name, "en"),
                "RULES_FR": rules(game.name, "fr"),
            },
        )
        (folder / "rules/index.html").write_text(rules_page)


def build_service_worker() -> str:
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((DIST / name).read_bytes()).digest())
    build_id = digest.hexdigest()[:12]
    # Pages are cached under their folder URL ("trice/"); the root page is "./".
    precache = sorted({(name[: -len("index.html")] if name.endswith("index.html") else name) or "./" for name in files})
    template = (ROOT / "ui/sw.js").read_text()
    (DIST / "sw.js").write_text(
        template.replace('"__BUILD__"', json.dumps(build_id)).replace("[] /* __PRECACHE__ */", json.dumps(precache))
    )
    (DIST / "build.json").write_text(json.dumps({"build": build_id, "files": len(files)}))
    return build_id


def main() -> None:
    global DIST
    if "--out" in sys.argv:
        DIST = Path(sys.argv[sys.argv.index("--out") + 1]).resolve()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    runtime = copy_runtime()
    build_app_zip()
    shutil.copytree(ROOT / "assets", DIST / "assets")
    shutil.copy2(ROOT / "ui/bridge.js", DIST / "assets/bridge.js")
    shutil.copy2(ROOT / "pyscript.toml", DIST / "pyscript.toml")
    # The pages name the build; hash the content without them first.
    source_id = hashlib.sha256(
        b"".join(p.read_bytes() for p in sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "ui").rglob("*.*")) if "__pycache__" not in p.parts)
    ).hexdigest()[:12]
    build_pages(runtime, source_id)
    build_id = build_service_worker()
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built dist/ ({size / 1e6:.1f} MB, build {build_id})")


if __name__ == "__main__":
    main()

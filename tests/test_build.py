"""The build's bytecode step (tools/build.py, tools/bytecode.mjs): what the page gets, and that it is reproducible.

The compiler is the vendored Pyodide under Node; without node_modules/ (a
``make test-fast`` before the first build) those tests are skipped, the rest
needs nothing but the build's own Python.
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import struct
import zipfile
from pathlib import Path

import pytest

from tools import build, page_parts

pytestmark = pytest.mark.unit

NODE = shutil.which("node") is not None and (build.ROOT / "node_modules/pyodide/pyodide.mjs").exists()
needs_node = pytest.mark.skipif(not NODE, reason="needs Node and node_modules/pyodide (make build installs them)")

SOURCES = {
    "pkg/__init__.py": b'"""A package."""\nfrom pkg.mod import double\n',
    "pkg/mod.py": b"import dataclasses\n\n\ndef double(x):\n    return 2 * x\n",
}


def wheel(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr("pkg-1.0.dist-info/RECORD", "")
    return buffer.getvalue()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bytecode cache of the test's own, so that every test compiles."""
    monkeypatch.setattr(build, "BYTECODE_CACHE", tmp_path / "cache")
    return tmp_path / "cache"


def header(pyc: bytes) -> tuple[bytes, int]:
    """The magic number and the flags of a .pyc (PEP 552)."""
    return pyc[:4], struct.unpack("<I", pyc[4:8])[0]


@needs_node
def test_units_compile_to_unchecked_bytecode_for_the_page_interpreter(cache: Path) -> None:
    bytecode = build.compile_bytecode({"app": SOURCES})
    assert bytecode.interpreter["cache_tag"] == "cpython-314"
    compiled = bytecode.units["app"]
    assert sorted(compiled) == ["pkg/__init__.pyc", "pkg/mod.pyc"]
    for pyc in compiled.values():
        magic, flags = header(pyc)
        assert magic == bytes.fromhex(bytecode.interpreter["magic"])
        assert flags == 0b01  # hash-based and never checked against a source: no timestamp in it
    # The code is named by its path, as a traceback shows it.
    assert b"pkg/mod.py" in compiled["pkg/mod.pyc"]


@needs_node
def test_the_same_sources_give_the_same_bytes_with_or_without_the_cache(cache: Path) -> None:
    first = build.compile_bytecode({"app": SOURCES}).units["app"]
    assert any(cache.iterdir())
    assert build.compile_bytecode({"app": SOURCES}).units["app"] == first  # from the cache
    shutil.rmtree(cache)
    assert build.compile_bytecode({"app": SOURCES}).units["app"] == first  # compiled again


@needs_node
def test_a_test_magic_number_goes_into_every_header(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "MAGIC_OVERRIDE", "00000d0a")
    compiled = build.compile_bytecode({"app": SOURCES}).units["app"]
    assert {header(pyc)[0] for pyc in compiled.values()} == {bytes.fromhex("00000d0a")}


def test_a_repacked_wheel_carries_bytecode_instead_of_sources_and_a_true_record() -> None:
    original = wheel({**SOURCES, "pkg/_ext.so": b"\0asm", "pkg/mod.pyi": b"def double(x: int) -> int: ...\n"})
    repacked = build.repack_wheel(original, {"pkg/__init__.pyc": b"PYC1", "pkg/mod.pyc": b"PYC2"})
    assert build.repack_wheel(original, {"pkg/__init__.pyc": b"PYC1", "pkg/mod.pyc": b"PYC2"}) == repacked
    with zipfile.ZipFile(io.BytesIO(repacked)) as archive:
        names = archive.namelist()
        assert sorted(names) == ["pkg-1.0.dist-info/RECORD", "pkg/__init__.pyc", "pkg/_ext.so", "pkg/mod.pyc"]
        assert archive.read("pkg/_ext.so") == b"\0asm"  # the extension as downloaded
        record = dict(line.split(",", 1) for line in archive.read("pkg-1.0.dist-info/RECORD").decode().splitlines())
        for name in names:
            if name.endswith("RECORD"):
                assert record[name] == ","
                continue
            data = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert record[name] == f"sha256={digest},{len(data)}"


def test_only_wheels_pinned_by_requirements_site_are_built(tmp_path: Path) -> None:
    stranger = tmp_path / "pydantic-2.14.3-py3-none-any.whl"
    stranger.write_bytes(wheel(SOURCES))
    with pytest.raises(SystemExit, match="not pinned"):
        build.verify_wheels([stranger])


def test_the_hot_stdlib_is_chosen_from_the_page_code_only() -> None:
    imports = build.app_imports(
        {
            "engine/__init__.py": b"import json\n",
            "engine/__main__.py": b"import multiprocessing\n",
            "ui/app/session.py": b"def later():\n    import random\n    from engine import core\n",
            "ui/worker.py": b"import argparse\n",
        }
    )
    assert "engine" in imports and "ui.app.session" in imports
    assert "json" in imports and "random" in imports  # named in a function too
    assert "argparse" in imports  # the worker's (run as a script, its imports count)
    assert "multiprocessing" not in imports and "ui.worker" not in imports


def test_fallback_files_are_never_precached() -> None:
    assert build.not_precached("b/0123456789ab/app/app-src.zip")
    assert build.not_precached("runtime/wheels-b3498bc219/pydantic-2.14.3-py3-none-any.whl")
    assert build.not_precached("runtime/pyodide-314.0.7/python_stdlib.zip")
    assert not build.not_precached("runtime/wheels-pyc-0123456789/pydantic-2.14.3-py3-none-any.whl")
    assert not build.not_precached("runtime/pyodide-314.0.7/python_stdlib-0123456789.zip")
    assert not build.not_precached("b/0123456789ab/app/app.zip")


def test_the_demonstration_games_never_reach_the_site() -> None:
    """Pig proves the protocol in the tests and doctests; the site ships only its own games."""
    shipped = {path.relative_to(build.ROOT).as_posix() for path in build.page_sources()}
    assert "engine/examples/pig.py" not in shipped
    assert "engine/trice/rules.py" in shipped and "ui/app/session.py" in shipped


def test_the_page_reads_the_analysis_calibration_maps_and_the_lessons_beside_the_code() -> None:
    """Every game's calibration map ships in app.zip (without it the page's analysis reads raw chances), and so do the lessons."""
    data = build.app_data()
    games = {path.parent.name for path in (build.ROOT / "engine").glob("*/rules.py")}
    assert {f"engine/{game}/calibration.json" for game in games} <= set(data)
    assert any(name.startswith("ui/games/trice/lessons/") for name in data)


def test_the_page_is_shipped_folders_without_the_builds_side() -> None:
    """app.zip holds the page's folders; ui/site/ (the build's) and the games' rules pages stay out."""
    shipped = {path.relative_to(build.ROOT).as_posix() for path in build.page_sources()}
    assert {name.split("/")[1] for name in shipped if name.startswith("ui/") and name.count("/") > 1} == {
        "app", "store", "draw", "games"}
    assert not [name for name in shipped if name.startswith("ui/site/") or name.endswith("/rules.py")
                and name.startswith("ui/games/")]
    assert "ui/games/trice/page.py" in shipped and "ui/worker.py" in shipped


def test_the_pages_ask_for_every_module_of_the_bridge_at_once() -> None:
    """modulepreload links for every module bridge.js imports, directly or not: one round trip for
    them all instead of one per level of imports (four levels deep), which a phone's network pays."""
    names = page_parts.bridge_modules()
    assert {"shared.js", "regions.js", "engine.js", "store.js", "patch.js"} <= set(names)
    assert "bridge.js" not in names and len(names) == len(set(names))
    for template in ("head.html", "rules.html"):
        assert "{{MODULE_PRELOADS}}" in (build.ROOT / "ui/site/templates" / template).read_text()
    links = page_parts.module_preloads("../b/0123/assets/").splitlines()
    assert links == [f'<link rel="modulepreload" href="../b/0123/assets/{name}">' for name in names]

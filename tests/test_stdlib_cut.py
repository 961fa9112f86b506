"""The light standard library (tools/stdlib_cut.py) and its way back to the whole one (ui/stdlib_fallback.py).

The cut keeps the modules the build traced a page loading, stored for HTTP
compression; the real cut must hold every standard-library module the game
code and the worker import. The fallback downloads the whole library only
for a module the cut left out, and says so in words.
"""

from __future__ import annotations

import importlib
import io
import shutil
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import build, stdlib_cut
from ui import stdlib_fallback

pytestmark = pytest.mark.unit

FULL = {
    "json/__init__.py": b"from json.decoder import x\n",
    "json/decoder.py": b"x = 1\n",
    "textwrap.py": b"y = 2\n",
    "xmlish/__init__.py": b"",
    "xmlish/dom.py": b"z = 3\n",
}


def zipped(files: dict[str, bytes], *, folders: bool = True) -> bytes:
    """A deflated zip of ``files``, with an entry for each folder as Pyodide's stdlib zip has."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder in sorted({name.rsplit("/", 1)[0] + "/" for name in files if "/" in name and folders}):
            archive.writestr(folder, b"")
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_the_cut_keeps_the_traced_modules_bytecode_stored_and_lists_the_rest() -> None:
    cut = stdlib_cut.cut_stdlib(zipped(FULL), {"json/__init__.pyc": b"PYC0", "json/decoder.pyc": b"PYC"})
    with zipfile.ZipFile(io.BytesIO(cut)) as archive:
        names = set(archive.namelist())
        assert archive.read("json/decoder.pyc") == b"PYC" and "json/__init__.pyc" in names
        assert "json/decoder.py" not in names  # no sources: the engine loader starts on the whole library instead
        assert "textwrap.py" not in names and "xmlish/dom.py" not in names
        # A left-out package's folder would be taken for a namespace package, hiding it from the fallback.
        assert "xmlish/" not in names and "json/" in names
        assert archive.read(stdlib_fallback.LEFT_OUT).decode().split() == ["textwrap", "xmlish", "xmlish.dom"]
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}


def test_what_the_page_downloads_is_stored_and_only_the_fallback_sources_deflated() -> None:
    assert build._zip_entry("ui/app/session.pyc").compress_type == zipfile.ZIP_STORED
    assert build._zip_entry("ui/app/session.py", stored=False).compress_type == zipfile.ZIP_DEFLATED
    repacked = build.repack_wheel(
        zipped({"pydantic/main.py": b"m = 1\n", "pydantic/v1/main.py": b"old = 1\n", "pydantic/mypy.py": b"",
                "pydantic-2.dist-info/sboms/x.json": b"{}", "pydantic-2.dist-info/RECORD": b""}, folders=False),
        {"pydantic/main.pyc": b"PYC"},
    )
    with zipfile.ZipFile(io.BytesIO(repacked)) as archive:
        assert sorted(archive.namelist()) == ["pydantic-2.dist-info/RECORD", "pydantic/main.pyc"]
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}


@pytest.fixture
def light(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A light library (json only) on sys.path, the whole one to download, and a clean import state."""
    light_zip = tmp_path / "light.zip"
    light_zip.write_bytes(stdlib_cut.cut_stdlib(zipped(FULL), {"json/__init__.pyc": b"", "json/decoder.pyc": b""}))
    whole = tmp_path / "whole.zip"
    whole.write_bytes(zipped(FULL))
    # Names of our own, so that the host's real json and textwrap are never touched.
    monkeypatch.setattr(sys, "path", [str(light_zip), *sys.path])
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(stdlib_fallback, "FULL_PATH", str(tmp_path / "downloaded.zip"))
    yield light_zip, whole
    for name in [n for n in sys.modules if n.split(".")[0] == "xmlish"]:
        del sys.modules[name]
    importlib.invalidate_caches()


def test_a_module_the_cut_left_out_comes_from_the_whole_library_downloaded_once_and_said_in_words(
    light: tuple[Path, Path],
) -> None:
    light_zip, whole = light
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return whole.read_bytes()

    finder = stdlib_fallback.FullStdlib("/runtime/python_stdlib.zip", str(light_zip), frozenset(["xmlish", "xmlish.dom"]), fetch)
    sys.meta_path.append(finder)
    assert finder.find_spec("not_in_any_stdlib") is None and fetched == []  # an optional import: nothing fetched
    module = importlib.import_module("xmlish.dom")
    assert module.z == 3 and module.__file__.startswith(stdlib_fallback.FULL_PATH)
    assert fetched == ["/runtime/python_stdlib.zip"]
    assert "module xmlish, which this site's light standard library leaves out" in finder.notes[0]
    assert "downloaded the whole standard library" in finder.notes[0]


def test_without_the_whole_library_the_import_fails_in_words(light: tuple[Path, Path]) -> None:
    def offline(url: str) -> bytes:
        raise OSError("HTTP 504")

    finder = stdlib_fallback.FullStdlib("/x.zip", str(light[0]), frozenset(["xmlish"]), offline)
    sys.meta_path.append(finder)
    with pytest.raises(ModuleNotFoundError, match="could not download the whole standard library"):
        importlib.import_module("xmlish")


def test_install_finds_the_light_library_on_the_path_and_only_there(light: tuple[Path, Path]) -> None:
    finder = stdlib_fallback.install("/x.zip")
    assert finder is not None and finder.light == str(light[0])
    assert finder.left_out == {"textwrap", "xmlish", "xmlish.dom"}
    assert stdlib_fallback.install("/x.zip") is finder  # once


#: CPython 3.14's frozen standard-library modules (Tools/build/freeze_modules.py): in the interpreter
#: itself, so the cut needs none of them (the trace skips them).
FROZEN = {"abc", "codecs", "io", "_collections_abc", "_sitebuiltins", "genericpath", "ntpath", "posixpath", "os",
          "site", "stat", "importlib.util", "importlib.machinery", "runpy", "zipimport"}

NODE = shutil.which("node") is not None and (build.ROOT / "node_modules/pyodide/pyodide.mjs").exists()


@pytest.mark.skipif(not NODE or not list((build.ROOT / "build/wheels").glob("*.whl")), reason="needs `make build` first")
def test_the_real_cut_holds_every_standard_library_module_the_game_code_and_the_worker_import() -> None:
    """The build's own trace (the vendored Pyodide under Node; from the build cache when compiled before)."""
    wheels = build.site_wheels()
    bytecode = build.compile_bytecode({"app": build.app_sources(), **{w.name: build.wheel_sources(w.read_bytes()) for w in wheels}}, wheels)
    whole = (build.ROOT / "node_modules/pyodide/python_stdlib.zip").read_bytes()
    cut = stdlib_cut.cut_stdlib(whole, bytecode.stdlib)
    with zipfile.ZipFile(io.BytesIO(whole)) as archive:
        in_whole = {name for path in archive.namelist() if (name := stdlib_cut.module_name(path))}
    with zipfile.ZipFile(io.BytesIO(cut)) as archive:
        kept = {name for path in archive.namelist() if (name := stdlib_cut.module_name(path))}
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        left_out = set(archive.read(stdlib_fallback.LEFT_OUT).decode().split())
    named = [n for n in build.app_imports(build.app_sources()) if n.split(".")[0] in sys.stdlib_module_names]
    assert "json" in named and "zipfile" in named  # the game code's and the worker's (ui/worker.py)
    missing = sorted(n for n in named if n in in_whole and n not in kept and n not in FROZEN)
    assert not missing, f"the light standard library lacks {missing}"
    assert left_out == in_whole - kept and "xml.dom.minidom" in left_out

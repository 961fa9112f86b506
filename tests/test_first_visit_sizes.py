"""tools/first_visit.py keeps the runtime's compressed sizes by content, and trusts them for the same bytes alone."""

from __future__ import annotations

import json
from pathlib import Path

from tools import first_visit


def site(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "runtime/pyodide-1").mkdir(parents=True)
    (dist / "runtime/pyodide-1/pyodide.js").write_text("console.log('pyodide');\n" * 200)
    (dist / "index.html").write_text("<!doctype html><title>games</title>\n" * 50)
    (dist / "sw.js").write_text('const PRECACHE = ["./", "runtime/pyodide-1/pyodide.js"];\n')
    return dist


def test_record_keeps_the_runtime_files_sizes_by_content_and_sizes_uses_them(tmp_path: Path) -> None:
    dist = site(tmp_path)
    kept_path = tmp_path / "kept.json"
    kept = first_visit.record(dist, kept_path)
    assert json.loads(kept_path.read_text()) == kept
    fresh = {row.path: row for row in first_visit.sizes(dist, first_visit.files(dist))}
    (key, numbers), = kept.items()  # the runtime's file alone: the site's own are compressed each time
    assert numbers == list(fresh["runtime/pyodide-1/pyodide.js"][1:])
    assert key == f"brotli {first_visit.brotli_version()} sha256 {first_visit.digest(dist / 'runtime/pyodide-1/pyodide.js')}"
    assert first_visit.check(dist, kept) == []
    # A kept size is used as it is for those bytes (here a wrong one, to see it used), and check() says it is wrong.
    wrong = {key: [numbers[0], numbers[1], numbers[2] + 1]}
    used = {row.path: row for row in first_visit.sizes(dist, first_visit.files(dist), wrong)}
    assert used["runtime/pyodide-1/pyodide.js"].brotli == numbers[2] + 1
    assert used["index.html"] == fresh["index.html"]
    assert first_visit.check(dist, wrong) == [
        f"runtime/pyodide-1/pyodide.js: kept {wrong[key]}, compresses to {numbers}"]


def test_other_bytes_under_the_same_name_are_compressed_again(tmp_path: Path) -> None:
    dist = site(tmp_path)
    kept = first_visit.record(dist, tmp_path / "kept.json")
    (dist / "runtime/pyodide-1/pyodide.js").write_text("console.log('another');\n" * 3000)
    fresh = {row.path: row for row in first_visit.sizes(dist, first_visit.files(dist))}
    again = {row.path: row for row in first_visit.sizes(dist, first_visit.files(dist), kept)}
    assert again == fresh
    assert again["runtime/pyodide-1/pyodide.js"].raw == len("console.log('another');\n") * 3000

"""What a first visit to a game page costs, file by file: raw, gzip and brotli.

A first visit downloads the page, what it loads, and the service worker's
precache (which holds every file a page loads: ui/sw.js, tools/build.py).
So the files of a first visit are known from the build alone: the service
worker and its precache list. ``make bench`` (tools/browser_bench.py) counts
what its server really sent on a first visit and prints this table beside it;
tests/e2e/test_first_visit.py holds the total to the budget.

Compressed as a server compresses: gzip at level 6 (servers compressing on
the fly) and brotli at quality 11 (what static hosts precompress with; Netlify
compresses with brotli on the fly, see docs/decisions/stored-zips.md), through Node's zlib.

Brotli at quality 11 takes a minute for the runtime (Pyodide, the wheels),
which never changes under its versioned name. So the sizes of the runtime's
files are kept in ``first_visit_sizes.json`` under each file's SHA-256 and
the brotli version that compressed it: a file whose bytes or whose brotli
differ is compressed again, so a kept size is only ever the size those very
bytes compress to. ``--record`` compresses every file and keeps the
runtime's; ``--check`` compresses every file and fails on a kept size that
differs.

    python tools/first_visit.py [--record | --check] [DIST]
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

#: Issue 22's budget for a first visit, precache included, brotli-compressed.
BUDGET_BROTLI = 7_000_000
#: Issue 38's: what a server that compresses nothing sends on a first visit, precache included
#: (the site fetches the siblings the build compressed, tools/packed.py).
BUDGET_SENT = 7_000_000


class Sizes(NamedTuple):
    path: str  # relative to dist/
    raw: int
    gzip: int
    brotli: int


def precache(dist: Path) -> list[str]:
    """The service worker's precache list, as the build wrote it into dist/sw.js."""
    found = re.search(r"const PRECACHE = (\[.*?\]);", (dist / "sw.js").read_text())
    if found is None:
        raise SystemExit(f"{dist}/sw.js has no precache list: run `make build`")
    return json.loads(found.group(1))


def files(dist: Path) -> list[str]:
    """The files a first visit downloads (relative to dist/): the service worker and its precache."""
    paths = {"sw.js"}
    for entry in precache(dist):
        paths.add("index.html" if entry == "./" else entry + "index.html" if entry.endswith("/") else entry)
    return sorted(paths)


#: The runtime's sizes, kept by content (see the module's docstring).
KEPT = Path(__file__).with_name("first_visit_sizes.json")

#: Files that never change under their name: the vendored runtime and the wheels.
RUNTIME = "runtime/"

_SIZES = """
const z = require("zlib"), fs = require("fs");
const out = [];
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const b = fs.readFileSync(f);
  const br = z.brotliCompressSync(b, {params: {[z.constants.BROTLI_PARAM_QUALITY]: 11,
                                                [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length}});
  out.push([b.length, z.gzipSync(b, {level: 6}).length, br.length]);
}
console.log(JSON.stringify({brotli: process.versions.brotli, sizes: out}));
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("counting brotli bytes needs Node 20+")
    return node


def brotli_version() -> str:
    """The version of brotli in this machine's Node (a kept size holds for it alone)."""
    return subprocess.run([_node(), "-p", "process.versions.brotli"], capture_output=True, text=True, check=True).stdout.strip()


def compress(dist: Path, paths: list[str]) -> tuple[str, list[Sizes]]:
    """Brotli's version, and the raw, gzip -6 and brotli q11 bytes of each file (Node's zlib: the build needs Node anyway)."""
    if not paths:
        return brotli_version(), []
    done = subprocess.run(
        [_node(), "-e", _SIZES], input=json.dumps([str(dist / p) for p in paths]), capture_output=True, text=True, check=True
    )
    answer = json.loads(done.stdout)
    return answer["brotli"], [Sizes(p, *numbers) for p, numbers in zip(paths, answer["sizes"])]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _kept_key(brotli: str, sha256: str) -> str:
    return f"brotli {brotli} sha256 {sha256}"


def load_kept(path: Path = KEPT) -> dict[str, list[int]]:
    return json.loads(path.read_text()) if path.exists() else {}


def sizes(dist: Path, paths: list[str], kept: dict[str, list[int]] | None = None) -> list[Sizes]:
    """Raw, gzip -6 and brotli q11 bytes of each file; a file whose bytes were compressed by this
    brotli before (``kept``, by content) is not compressed again."""
    if not kept:
        return compress(dist, paths)[1]
    brotli = brotli_version()
    known = {p: kept.get(_kept_key(brotli, digest(dist / p))) for p in paths}
    _, fresh = compress(dist, [p for p in paths if known[p] is None])
    by_path = {row.path: row for row in fresh}
    return [by_path[p] if known[p] is None else Sizes(p, *known[p]) for p in paths]


def record(dist: Path, path: Path = KEPT) -> dict[str, list[int]]:
    """Compress every file of a first visit and keep the runtime's sizes, by content."""
    brotli, rows = compress(dist, files(dist))
    kept = {_kept_key(brotli, digest(dist / row.path)): [row.raw, row.gzip, row.brotli]
            for row in rows if row.path.startswith(RUNTIME)}
    lines = [f"  {json.dumps(key)}: {json.dumps(numbers)}" for key, numbers in sorted(kept.items())]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    return kept


def check(dist: Path, kept: dict[str, list[int]], paths: list[str] | None = None) -> list[str]:
    """Compress the files again (every file of a first visit by default); the kept sizes that differ
    from what their bytes compress to."""
    brotli, rows = compress(dist, files(dist) if paths is None else paths)
    wrong = []
    for row in rows:
        known = kept.get(_kept_key(brotli, digest(dist / row.path)))
        if known is not None and known != [row.raw, row.gzip, row.brotli]:
            wrong.append(f"{row.path}: kept {known}, compresses to {[row.raw, row.gzip, row.brotli]}")
    return wrong


#: A line of ``python -m http.server``'s log: the request's path and the answer's status.
SERVED = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3}) ')


def served(dist: Path, log: str) -> dict[str, list[int]]:
    """What a server that compresses nothing sent, from its log: by file, [answers, bytes]. Each 200
    answer is the whole file (http.server sends no ranges); a 304 sends no body."""
    sent: dict[str, list[int]] = {}
    for path, status in SERVED.findall(log):
        if status != "200":
            continue
        name = urllib.parse.unquote(path.split("?")[0]).lstrip("/")
        file = dist / name
        if file.is_dir():
            file, name = file / "index.html", (name + "index.html" if name else "index.html")
        row = sent.setdefault(name, [0, 0])
        row[0] += 1
        row[1] += file.stat().st_size
    return sent


def served_table(sent: dict[str, list[int]]) -> str:
    """The files sent, most bytes first, and the total."""
    lines = [f"{'file':<84}{'answers':>8}{'bytes':>12}"]
    for name, (answers, size) in sorted(sent.items(), key=lambda item: (-item[1][1], item[0])):
        lines.append(f"{name:<84}{answers:>8}{size:>12,}")
    lines.append(f"{f'total: {len(sent)} files':<84}{sum(a for a, _ in sent.values()):>8}{sum(b for _, b in sent.values()):>12,}")
    return "\n".join(lines)


def table(rows: list[Sizes]) -> str:
    """The files, biggest brotli first, and the totals."""
    lines = [f"{'file':<78}{'raw':>12}{'gzip -6':>12}{'brotli 11':>12}"]
    for row in sorted(rows, key=lambda r: (-r.brotli, r.path)):
        lines.append(f"{row.path:<78}{row.raw:>12,}{row.gzip:>12,}{row.brotli:>12,}")
    total = Sizes(f"total: {len(rows)} files", *(sum(getattr(r, k) for r in rows) for k in ("raw", "gzip", "brotli")))
    lines.append(f"{total.path:<78}{total.raw:>12,}{total.gzip:>12,}{total.brotli:>12,}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    mode = args.pop(0) if args and args[0] in ("--record", "--check") else ""
    dist = Path(args[0]) if args else ROOT / "dist"
    if mode == "--record":
        print(f"kept the sizes of {len(record(dist))} runtime files in {KEPT}")
    elif mode == "--check":
        wrong = check(dist, load_kept())
        print("\n".join(wrong) or f"every kept size in {KEPT} is what its bytes compress to")
        raise SystemExit(1 if wrong else 0)
    else:
        print(table(sizes(dist, files(dist), load_kept())))


if __name__ == "__main__":
    main()

"""What a first visit to a game page costs, file by file: raw, gzip and brotli.

A first visit downloads the page, what it loads, and the service worker's
precache (which holds every file a page loads: ui/sw.js, tools/build.py).
So the files of a first visit are known from the build alone: the service
worker and its precache list. ``make bench`` (tools/browser_bench.py) counts
what its server really sent on a first visit and prints this table beside it;
tests/e2e/test_first_visit.py holds the total to the budget.

Compressed as a server compresses: gzip at level 6 (servers compressing on
the fly) and brotli at quality 11 (what static hosts precompress with; Netlify
compresses with brotli on the fly, see the README), through Node's zlib.

    python tools/first_visit.py [DIST]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent

#: Issue 22's budget for a first visit, precache included, brotli-compressed.
BUDGET_BROTLI = 7_000_000


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


_SIZES = """
const z = require("zlib"), fs = require("fs");
const out = [];
for (const f of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const b = fs.readFileSync(f);
  const br = z.brotliCompressSync(b, {params: {[z.constants.BROTLI_PARAM_QUALITY]: 11,
                                                [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length}});
  out.push([b.length, z.gzipSync(b, {level: 6}).length, br.length]);
}
console.log(JSON.stringify(out));
"""


def sizes(dist: Path, paths: list[str]) -> list[Sizes]:
    """Raw, gzip -6 and brotli q11 bytes of each file (Node's zlib: the build needs Node anyway)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("counting brotli bytes needs Node 20+")
    done = subprocess.run(
        [node, "-e", _SIZES], input=json.dumps([str(dist / p) for p in paths]), capture_output=True, text=True, check=True
    )
    return [Sizes(p, *numbers) for p, numbers in zip(paths, json.loads(done.stdout))]


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
    dist = Path(args[0]) if args else ROOT / "dist"
    print(table(sizes(dist, files(dist))))


if __name__ == "__main__":
    main()

"""The site's files compressed by the build, so that any static host sends the same small bytes.

A host that compresses nothing (S3, GitHub Pages for some types, a laptop's
``python -m http.server``) would send Pyodide's 9.6 MB of WebAssembly and the
stored zips as they are: a first visit of 25.9 MB. So the build writes beside
each file a page or its service worker downloads (tools/build.py) a sibling
``X.br``, brotli at quality 11, and the site reads that sibling instead and
decodes it itself (ui/js/unpack.js): with the browser's own
``DecompressionStream("brotli")`` where it has one (Firefox), otherwise with a
small WebAssembly brotli decoder (the npm package brotli-dec-wasm, pinned in
package-lock.json), whose own WebAssembly is shipped gzipped for
``DecompressionStream("gzip")``, which every browser with Compression Streams
has. The raw files stay in dist/: a browser with no ``DecompressionStream``
fetches them, and so does a page its service worker serves (it keeps the
decoded files under their own names).

Brotli at quality 11 takes minutes for the runtime, which never changes under
its versioned name: compressed files are kept in the build cache (tools/build_cache.py), by the
SHA-256 of their bytes and the brotli version (the output is the same either
way).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from tools import build_cache
from tools.serve import MIME

ROOT = Path(__file__).resolve().parent.parent
CACHE = build_cache.folder("packed")
#: Files smaller than this are sent as they are (a sibling would save a few hundred bytes at most).
MIN_BYTES = 1024
#: Types that compress no further.
INCOMPRESSIBLE = (".png", ".br", ".gz")
#: The decoder for browsers without brotli in DecompressionStream (npm: brotli-dec-wasm).
DECODER_PACKAGE = "brotli-dec-wasm"
DECODER_MODULE = "pkg/brotli_dec_wasm.js"
DECODER_WASM = "pkg/brotli_dec_wasm_bg.wasm"
#: The suffix of every sibling.
SUFFIX = ".br"
#: The site's pages, one after the other in one file (whose sibling the service worker fetches): a
#: page has much in common with the others, which brotli finds only in one stream.
PAGES = "pages.bundle"
#: Never precached: the siblings (the service worker keeps each file decoded, under its own name), the
#: pages' bundle, and the decoder (a page the service worker serves decodes nothing; the worker imports
#: its classic script itself; a browser with brotli of its own never needs it).
NOT_PRECACHED = (SUFFIX, PAGES, "/decoder.wasm", "/decoder.wasm.gz", "/decoder.js", "/decoder.mjs")
#: The files the page and its engine worker fetch as the build compressed them, by path: the sibling's size.
FETCHED: dict[str, int] = {}

_BROTLI = """
const z = require("zlib"), fs = require("fs");
for (const [source, target] of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const b = fs.readFileSync(source);
  fs.writeFileSync(target, z.brotliCompressSync(b, {params: {[z.constants.BROTLI_PARAM_QUALITY]: 11,
                                                             [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length}}));
}
"""


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the build compresses with Node's brotli: install Node 20+")
    return node


def brotli_version() -> str:
    return subprocess.run([_node(), "-p", "process.versions.brotli"], capture_output=True, text=True, check=True).stdout.strip()


def packable(dist: Path, path: str) -> bool:
    """Whether ``path`` (relative to dist/) gets a sibling: big enough, and not compressed already."""
    return not path.endswith(INCOMPRESSIBLE) and (dist / path).stat().st_size >= MIN_BYTES


def pack(dist: Path, paths: list[str]) -> dict[str, int]:
    """Write ``X.br`` beside each file of ``paths`` that is worth it; their sizes, by ``X``."""
    chosen = [p for p in paths if packable(dist, p)]
    version = brotli_version()
    keys = {p: f"{hashlib.sha256((dist / p).read_bytes()).hexdigest()}-{version}.br" for p in chosen}
    missing = sorted({keys[p]: p for p in chosen if not (CACHE / keys[p]).exists()}.values(),
                     key=lambda p: -(dist / p).stat().st_size)
    if missing:
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="packed-", dir=CACHE) as temporary:
            # Two compressors (the machine has two cores), the biggest files spread between them.
            shares: list[list[list[str]]] = [[], []]
            for number, path in enumerate(missing):
                shares[number % 2].append([str(dist / path), str(Path(temporary) / keys[path])])
            running = [subprocess.Popen([_node(), "-e", _BROTLI], stdin=subprocess.PIPE, text=True) for share in shares if share]
            for process, share in zip(running, shares):
                assert process.stdin is not None
                process.stdin.write(json.dumps(share))
                process.stdin.close()
            if any(process.wait() != 0 for process in running):
                raise SystemExit("compressing the site's files with brotli failed")
            for path in missing:
                (Path(temporary) / keys[path]).replace(CACHE / keys[path])
    sizes = {}
    for path in chosen:
        shutil.copyfile(CACHE / keys[path], dist / (path + SUFFIX))
        sizes[path] = (dist / (path + SUFFIX)).stat().st_size
    return sizes


def pack_fetched(dist: Path, paths: list[str]) -> None:
    """The siblings of the big files the engine worker fetches, their sizes kept in FETCHED."""
    FETCHED.clear()
    FETCHED.update(pack(dist, [str(path) for path in paths]))


def site_config(root: str, decoder: dict[str, str]) -> dict[str, object]:
    """The page's config of what it fetches compressed: by URL, the sibling's URL, its size and the
    file's type (FETCHED); the decoder's module and WebAssembly (its classic script is the service worker's)."""
    return {
        "packed": {root + path: [root + path + SUFFIX, size, content_type(path)] for path, size in FETCHED.items()},
        "decoder": {key: root + path for key, path in decoder.items() if key != "classic"},
    }


def copy_decoder(dist: Path) -> dict[str, str]:
    """The brotli decoder for browsers without their own, in runtime/brotli-dec-wasm-<version>/: its
    module as npm ships it, the same as a classic script (the service worker's importScripts), and
    its WebAssembly gzipped (raw too). Their paths relative to dist/."""
    package = ROOT / "node_modules" / DECODER_PACKAGE
    version = json.loads((package / "package.json").read_text())["version"]
    folder = f"runtime/{DECODER_PACKAGE}-{version}"
    (dist / folder).mkdir(parents=True)
    module = (package / DECODER_MODULE).read_text()
    (dist / folder / "decoder.mjs").write_text(module)
    (dist / folder / "decoder.js").write_text(classic(module))
    wasm = (package / DECODER_WASM).read_bytes()
    (dist / folder / "decoder.wasm").write_bytes(wasm)
    (dist / folder / "decoder.wasm.gz").write_bytes(gzip.compress(wasm, compresslevel=9, mtime=0))
    return {"module": f"{folder}/decoder.mjs", "classic": f"{folder}/decoder.js", "wasm": f"{folder}/decoder.wasm.gz"}


def classic(module: str) -> str:
    """The decoder's module (wasm-bindgen's, minified) as a classic script that sets ``self.boardgamesUnbrotli``.

    >>> classic('"use strict";export class A{}export function f(){}function h(){}export{h as initSync,N as default};')
    '(() => {"use strict";class A{}function f(){}function h(){}\\nself.boardgamesUnbrotli = {initSync: h, DecompressStream, BrotliStreamResultCode};\\n})();\\n'
    """
    tail = "export{h as initSync,N as default};"
    if not module.rstrip().endswith(tail):
        raise SystemExit(f"{DECODER_PACKAGE}'s module no longer ends with {tail!r}: see tools/packed.py")
    body = module.rstrip()[: -len(tail)]
    body = body.replace("export class ", "class ").replace("export function ", "function ").replace("export const ", "const ")
    # Its default export finds its WebAssembly beside itself; the site always hands it the module instead.
    body = body.replace("import.meta.url", "self.location.href")
    if re.search(r"\bexport\b|\bimport\b", body):
        raise SystemExit(f"{DECODER_PACKAGE}'s module imports or exports in a way tools/packed.py does not know")
    return "(() => {" + body + "\nself.boardgamesUnbrotli = {initSync: h, DecompressStream, BrotliStreamResultCode};\n})();\n"


def content_type(path: str) -> str:
    """The type a server gives the file at ``path`` (tools/serve.py's, Netlify's): a decoded sibling carries it."""
    return MIME.get(Path(path).suffix or path, "application/octet-stream")


def service_worker(dist: Path, template: str, precache: list[str], folder: str, decoder: dict[str, str]) -> str:
    """ui/sw.js with what it needs to fetch the precache compressed: the entries that have a sibling
    (written here), the types by suffix, the pages' bundle (``folder`` + PAGES, and its sibling) and
    the scripts that decode (unpack.js, the decoder's classic script and WebAssembly)."""
    places = ("[] /* __PACKED__ */", "{} /* __TYPES__ */", "{} /* __SCRIPTS__ */")
    if any(place not in template for place in places):
        raise SystemExit("ui/sw.js no longer names its packed files as tools/packed.py expects")
    path_of = {entry: "index.html" if entry == "./" else entry + "index.html" if entry.endswith("/") else entry for entry in precache}
    sizes = pack(dist, sorted(path_of.values()))
    entries = [entry for entry, path in path_of.items() if path in sizes]
    pages = [entry for entry in precache if path_of[entry].endswith("index.html")]
    data = [(dist / path_of[entry]).read_bytes() for entry in pages]
    header = json.dumps([[entry, len(page)] for entry, page in zip(pages, data)]).encode() + b"\n"
    (dist / folder / PAGES).write_bytes(header + b"".join(data))
    pack(dist, [folder + PAGES])
    types = {suffix: content_type(suffix) for suffix in sorted({Path(path_of[entry]).suffix for entry in entries})}
    scripts = {"unpack": folder + "assets/unpack.js", "decoder": decoder["classic"], "wasm": decoder["wasm"], "pages": folder + PAGES}
    values = (entries, types, scripts)
    for place, value in zip(places, values):
        template = template.replace(place, json.dumps(value))
    return template

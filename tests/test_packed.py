"""tools/packed.py: the build's compressed siblings, the pages' bundle and the decoder as a classic script."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tools import packed

pytestmark = pytest.mark.unit

TEMPLATE = "const PACKED = new Set([] /* __PACKED__ */);\nconst TYPES = {} /* __TYPES__ */;\nconst SCRIPTS = {} /* __SCRIPTS__ */;\n"
DECODER = {"module": "runtime/d/decoder.mjs", "classic": "runtime/d/decoder.js", "wasm": "runtime/d/decoder.wasm.gz"}


def unbrotli(path: Path) -> bytes:
    """The bytes a sibling decodes to (Node's brotli, as the build's)."""
    done = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))",
                           str(path)], capture_output=True, check=True)
    return done.stdout


def test_precached_files_get_a_sibling_and_the_pages_one_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(packed, "CACHE", tmp_path / "cache")
    dist = tmp_path / "dist"
    pages = {"index.html": "<!doctype html><title>games</title>\n" * 60, "trice/index.html": "<!doctype html><title>Trice</title>\n" * 70}
    for name, text in pages.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(text)
    (dist / "runtime/x").mkdir(parents=True)
    (dist / "runtime/x/big.wasm").write_bytes(bytes(range(256)) * 20)
    (dist / "runtime/x/small.js").write_text("let a = 1;\n")
    (dist / "runtime/x/icon.png").write_bytes(b"\x89PNG" + bytes(4000))
    (dist / "b/1").mkdir(parents=True)
    precache = ["./", "runtime/x/big.wasm", "runtime/x/icon.png", "runtime/x/small.js", "trice/"]
    worker = packed.service_worker(dist, TEMPLATE, precache, "b/1/", DECODER)
    entries = json.loads(re.search(r"new Set\((\[.*?\])\)", worker).group(1))
    assert entries == ["./", "runtime/x/big.wasm", "trice/"]  # not the small file, nor the picture
    assert unbrotli(dist / "runtime/x/big.wasm.br") == (dist / "runtime/x/big.wasm").read_bytes()
    assert unbrotli(dist / "trice/index.html.br") == pages["trice/index.html"].encode()
    assert json.loads(re.search(r"const TYPES = (\{.*?\});", worker).group(1)) == {".html": "text/html; charset=utf-8", ".wasm": "application/wasm"}
    scripts = json.loads(re.search(r"const SCRIPTS = (\{.*?\});", worker).group(1))
    assert scripts == {"unpack": "b/1/assets/unpack.js", "decoder": DECODER["classic"], "wasm": DECODER["wasm"], "pages": "b/1/pages.bundle"}
    # The pages' bundle: a line listing each page and its length, then the pages one after the other.
    bundle = unbrotli(dist / "b/1/pages.bundle.br")
    header, _, rest = bundle.partition(b"\n")
    assert json.loads(header) == [["./", len(pages["index.html"])], ["trice/", len(pages["trice/index.html"])]]
    assert rest == (pages["index.html"] + pages["trice/index.html"]).encode()
    # Compressed once: the same bytes come from the cache the next time.
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) and packed.pack(dist, ["runtime/x/big.wasm"]) == {
        "runtime/x/big.wasm": (dist / "runtime/x/big.wasm.br").stat().st_size}


def test_the_decoder_runs_as_a_classic_script(tmp_path: Path) -> None:
    """The service worker imports the decoder with importScripts: no import or export left, and it decodes."""
    module = (packed.ROOT / "node_modules" / packed.DECODER_PACKAGE / packed.DECODER_MODULE).read_text()
    script = tmp_path / "decoder.js"
    script.write_text(packed.classic(module))
    wasm = packed.ROOT / "node_modules" / packed.DECODER_PACKAGE / packed.DECODER_WASM
    check = """
const fs = require("fs"), z = require("zlib");
globalThis.self = globalThis; self.location = {href: "x"};
require(process.argv[1]);
const u = self.boardgamesUnbrotli;
u.initSync({module: new WebAssembly.Module(fs.readFileSync(process.argv[2]))});
const text = Buffer.from("the same small bytes from any static host. ".repeat(5000));
const packed = z.brotliCompressSync(text);
const stream = new u.DecompressStream();
const out = [];
for (let at = 0; at < packed.length; at += 1000) {
  const chunk = packed.subarray(at, at + 1000);
  let offset = 0;
  for (;;) {
    const r = stream.decompress(chunk.subarray(offset), 4096);
    offset += r.input_offset; out.push(Buffer.from(r.buf));
    if (r.code !== u.BrotliStreamResultCode.NeedsMoreOutput) break;
  }
}
process.stdout.write(String(Buffer.concat(out).equals(text)));
"""
    done = subprocess.run(["node", "-e", check, str(script), str(wasm)], capture_output=True, text=True, check=True)
    assert done.stdout == "true"

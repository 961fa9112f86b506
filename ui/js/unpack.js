// The site's big files as the build compressed them (tools/packed.py): beside
// each file X a page or its service worker downloads, the build wrote X.br
// (brotli, quality 11), and the site fetches that and decodes it itself, so
// that any static host sends the same small bytes, compressing or not.
//
// - Where the browser's DecompressionStream knows "brotli" (Firefox), it
//   decodes.
// - Elsewhere, a small WebAssembly brotli decoder does (brotli-dec-wasm,
//   from npm: runtime/brotli-dec-wasm-*/), its own WebAssembly fetched gzipped
//   and inflated by DecompressionStream("gzip").
// - A browser with no DecompressionStream at all fetches X itself.
//
// The same file runs as a module (the page's head start, the engine worker's
// interpreter module) and as a classic script (the service worker's
// importScripts): it sets `globalThis.boardgamesUnpack` and exports nothing.
(() => {
  const can = (format) => {
    try {
      new DecompressionStream(format);
      return true;
    } catch {
      return false; // no DecompressionStream, or not this format
    }
  };
  const native = can("brotli");
  /** How this browser reads a sibling: "native", "wasm" (the site's decoder) or "" (it fetches the raw file). */
  const way = native ? "native" : can("gzip") && typeof WebAssembly === "object" ? "wasm" : "";
  /**
   * The decoder's output at a time: a quarter of a megabyte, a few milliseconds of decoding, so that
   * a slice (below) ends close to its time even when the network hands over a megabyte at once.
   */
  const OUT = 1 << 18;
  /**
   * The longest the decoder works before it gives the thread back: half a frame at 60 Hz. The
   * page decodes Pyodide's WebAssembly (9.6 MB) as it arrives; on a fast connection the chunks
   * come faster than they decode, and the decoding ran as one task of 180 ms on the project's
   * machine (four times that on a slow phone), in which the page neither painted its bar nor
   * answered a tap.
   */
  const SLICE_MS = 8;
  /** Back to the event loop: `scheduler.yield()` where the browser has it, else a message (a timer would be clamped). */
  const yieldToLoop = globalThis.scheduler && typeof globalThis.scheduler.yield === "function"
    ? () => globalThis.scheduler.yield()
    : () => new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => { port1.close(); resolve(); };
      port2.postMessage(null);
    });
  /** When the decoder last gave the thread back (one clock for every stream: the thread is one). */
  let sliceStart = 0;
  let decoder = null;

  /** The WebAssembly decoder, loaded once: `urls.module` (its module) and `urls.wasm` (its WebAssembly, gzipped). */
  function wasmDecoder(urls) {
    if (!decoder) {
      decoder = (async () => {
        // The service worker imported the classic script already (it may not import() a module).
        const glue = globalThis.boardgamesUnbrotli || (await import(urls.module));
        const answer = await fetch(urls.wasm);
        if (!answer.ok) throw new Error(`${urls.wasm}: ${answer.status}`);
        const bytes = await new Response(answer.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
        glue.initSync({ module: await WebAssembly.compile(bytes) });
        return glue;
      })();
      decoder.catch(() => { decoder = null; }); // a later file tries again
    }
    return decoder;
  }

  /** A TransformStream of brotli bytes to the bytes they encode, by the WebAssembly decoder `glue`. */
  function brotliStream(glue) {
    const stream = new glue.DecompressStream();
    const { NeedsMoreOutput, ResultSuccess } = glue.BrotliStreamResultCode;
    let finished = false;
    return new TransformStream({
      async transform(chunk, controller) {
        let offset = 0;
        for (;;) {
          if (performance.now() - sliceStart > SLICE_MS) {
            await yieldToLoop();
            sliceStart = performance.now();
          }
          const result = stream.decompress(offset ? chunk.subarray(offset) : chunk, OUT);
          const { code, buf } = result;
          offset += result.input_offset;
          result.free();
          if (buf.length) controller.enqueue(buf);
          if (code === ResultSuccess) finished = true;
          if (code !== NeedsMoreOutput) return;
        }
      },
      flush(controller) {
        stream.free();
        if (!finished) controller.error(new Error("brotli-truncated"));
      },
    });
  }

  /**
   * The file `response` (the answer for a sibling X.br) encodes, as a Response of `type` with the
   * sibling's other headers; `decoderURLs` where this browser has no brotli of its own. A host that
   * sent the sibling with its own Content-Encoding had the browser decode it already.
   */
  async function unpacked(response, type, decoderURLs) {
    const headers = new Headers(response.headers);
    const decoded = Boolean(headers.get("content-encoding"));
    for (const name of ["content-length", "content-encoding"]) headers.delete(name);
    headers.set("content-type", type);
    let body = response.body;
    if (!decoded) {
      body = native
        ? body.pipeThrough(new DecompressionStream("brotli"))
        : body.pipeThrough(brotliStream(await wasmDecoder(decoderURLs)));
    }
    return new Response(body, { status: 200, statusText: "OK", headers });
  }

  /**
   * Fetch the file `url` through its sibling `[siblingURL, size, type]` (the build's `packed` map);
   * its raw bytes where this browser cannot decode, or the sibling is missing or refused.
   * `onSibling` sees the sibling's own answer first (the head start counts its bytes).
   */
  async function fetchUnpacked(url, sibling, decoderURLs, init, onSibling) {
    if (!way || !sibling) return fetch(url, init);
    try {
      const answer = await fetch(sibling[0], init);
      if (!answer.ok) throw new Error(`${sibling[0]}: ${answer.status}`);
      if (onSibling) onSibling(answer);
      return await unpacked(answer, sibling[sibling.length - 1], decoderURLs);
    } catch (err) {
      console.warn(`${url}: its compressed copy could not be read (${(err && err.message) || err}); the file itself is fetched.`);
      return fetch(url, init);
    }
  }

  globalThis.boardgamesUnpack = { way, unpacked, fetchUnpacked };
})();

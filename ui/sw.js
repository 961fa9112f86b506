// Service worker: keeps the whole site for offline play after the first visit.
//
// The build fills in its id and the list of every file. How each request is
// answered, and why:
// - pages (navigations): the network first, so a returning visitor always
//   gets the newest deploy when online; the cached copy when offline.
//   "/trice", "/trice/" and "/trice/index.html" are one page.
// - build-named (b/<build>/...) and version-named (runtime/...) files never
//   change under their name: from any cache first, else the network. A page
//   names its own build's folder, so an old page still loading while a new
//   deploy arrives keeps getting its own build's files, never a mix.
// - sw.js and build.json are never cached.
// - a file the build compressed (X.br beside X, tools/packed.py) is fetched
//   as that sibling and kept decoded under its own name (unpack.js, imported
//   below with the brotli decoder for browsers without their own), so any
//   static host sends the same small bytes; a versioned file the page already
//   loaded comes from the HTTP cache instead. The pages come all in one
//   compressed file (b/<build>/pages.bundle.br), much smaller than each alone.
// A new build installs next to the old one (files already cached under the
// same versioned name are copied, not downloaded again) and asks to take over
// at once; it keeps the previous build's cache for pages of that build that
// are still open, and deletes anything older. The browser hands over only
// once the old worker is idle (Chromium waits up to 5 minutes for it), so
// until then the old worker answers offline visits from the new build's cache.
const BUILD = "__BUILD__";
const PRECACHE = [] /* __PRECACHE__ */;
const PREFIX = "boardgames-";
/** The precached files the build compressed (X.br beside X), and their types by suffix. */
const PACKED = new Set([] /* __PACKED__ */);
const TYPES = {} /* __TYPES__ */;
/** unpack.js, the brotli decoder's classic script and gzipped WebAssembly, and the pages' bundle. */
const SCRIPTS = {} /* __SCRIPTS__ */;
const CACHE = `${PREFIX}${BUILD}`;
const scope = new URL(self.registration.scope);
const VERSIONED = /\/(?:runtime|b)\/[^/]+\//;
const NEVER_CACHED = new Set(["sw.js", "build.json"]);
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, scope).href));
const DECODER = SCRIPTS.wasm ? { wasm: new URL(SCRIPTS.wasm, scope).href } : {};
try {
  if (SCRIPTS.unpack) importScripts(new URL(SCRIPTS.unpack, scope).href);
  if (self.boardgamesUnpack && self.boardgamesUnpack.way === "wasm") importScripts(new URL(SCRIPTS.decoder, scope).href);
} catch {
  self.boardgamesUnpack = null; // the files themselves are fetched
}

/** The file at `url` (its path under the scope `path`): as its compressed sibling where the build wrote one. */
async function fetchFile(url, path, cache) {
  const unpack = self.boardgamesUnpack;
  if (!PACKED.has(path) || !unpack || !unpack.way) return fetch(url, { cache });
  if (VERSIONED.test(new URL(url).pathname)) {
    // The page loaded it already (its bridge, PyScript): from the HTTP cache, nothing downloaded.
    try {
      const kept = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
      if (kept.ok) return kept;
    } catch { /* not there, or no such mode in this browser */ }
  }
  const { origin, pathname } = new URL(url);
  const file = pathname.replace(/\/$/, "/index.html");
  const type = TYPES[file.slice(file.lastIndexOf("."))] || "application/octet-stream";
  return unpack.fetchUnpacked(url, [`${origin}${file}.br`, type], DECODER, { cache });
}

/** Put every page of the build into `cache` from the pages' bundle: the entries done (none if it could not be read). */
async function unbundlePages(cache) {
  const unpack = self.boardgamesUnpack;
  if (!SCRIPTS.pages || !unpack || !unpack.way) return new Set();
  try {
    const answer = await fetch(new URL(SCRIPTS.pages + ".br", scope).href);
    if (!answer.ok) throw new Error(`${SCRIPTS.pages}: ${answer.status}`);
    const bytes = new Uint8Array(await (await unpack.unpacked(answer, "text/html; charset=utf-8", DECODER)).arrayBuffer());
    const end = bytes.indexOf(10);
    const headers = new Headers(answer.headers);
    for (const name of ["content-length", "content-encoding", "cache-control", "last-modified", "etag"]) headers.delete(name);
    headers.set("content-type", "text/html; charset=utf-8");
    const done = new Set();
    let at = end + 1;
    for (const [entry, length] of JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)))) {
      await cache.put(new URL(entry, scope).href, new Response(bytes.slice(at, at + length), { headers }));
      at += length;
      done.add(entry);
    }
    return done;
  } catch (err) {
    console.warn(`The pages' bundle could not be read (${(err && err.message) || err}); each page is fetched.`);
    return new Set();
  }
}

async function copyOrFetch(cache, url, path) {
  const versioned = VERSIONED.test(new URL(url).pathname);
  if (versioned) {
    // The page may have put a big file here already (ui/js/head_start.js).
    if (await cache.match(url, { ignoreSearch: true })) return undefined;
    const kept = await caches.match(url, { ignoreSearch: true });
    if (kept) return cache.put(url, kept);
  }
  // A versioned file the page just loaded comes from the HTTP cache, not the network again.
  const response = await fetchFile(url, path, versioned ? "default" : "no-cache");
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then(async (cache) => {
        const pages = await unbundlePages(cache);
        const rest = PRECACHE.filter((path) => !pages.has(path));
        return Promise.all(rest.map((path) => copyOrFetch(cache, new URL(path, scope).href, path)));
      })
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Order of installation: the list of builds this worker line has known.
    const order = await caches.open(`${PREFIX}order`);
    const known = await order.match("builds").then((r) => (r ? r.json() : []), () => []);
    const builds = [...known.filter((b) => b !== BUILD), BUILD];
    const keep = new Set(builds.slice(-2).map((b) => `${PREFIX}${b}`));
    await order.put("builds", new Response(JSON.stringify(builds.slice(-2))));
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== `${PREFIX}order` && !keep.has(key)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** Pages: folder URLs and .html files (everything else has an extension). */
function isPage(url) {
  return url.pathname.endsWith("/") || url.pathname.endsWith(".html") || !/\.[a-z0-9]+$/i.test(url.pathname);
}

/** The cache key of a page: its folder URL, whatever form the visitor typed. */
function pageKey(url) {
  const page = new URL(url);
  page.search = "";
  page.hash = "";
  if (page.pathname.endsWith("/index.html")) page.pathname = page.pathname.slice(0, -"index.html".length);
  else if (!page.pathname.endsWith("/") && !/\.[a-z0-9]+$/i.test(page.pathname)) page.pathname += "/";
  return page.href;
}

/**
 * The cache of the newest build stored whole: a successor's once its install is done (the
 * browser may keep it waiting while this worker finishes its work, minutes in Chromium), else
 * this worker's own. Its worker's script URL names its build (ui/js/offline.js).
 */
function newestCache() {
  const successor = self.registration.waiting;
  const build = successor && new URL(successor.scriptURL).searchParams.get("build");
  return build ? `${PREFIX}${build}` : CACHE;
}

/**
 * A cached answer: from the newest build first, so that a returning visitor offline during the
 * hand-over gets the new build's pages, whose build-named files only that build's cache holds.
 */
async function fromCache(request) {
  for (const name of new Set([newestCache(), CACHE])) {
    const hit = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (hit) return hit;
  }
  return caches.match(request, { ignoreSearch: true });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (NEVER_CACHED.has(path)) return;
  if (request.mode === "navigate" || isPage(url)) {
    event.respondWith((async () => {
      try {
        return await fetch(request);
      } catch (offline) {
        const cached = await fromCache(new Request(pageKey(request.url)));
        if (cached) return cached;
        throw offline;
      }
    })());
    return;
  }
  // Only what a cache may hold is answered here (the precached files, and the build- or
  // version-named ones the page may have put there); anything else (a favicon.ico a browser
  // asks for by itself) goes to the network untouched, so a request the page abandons on its
  // way out is the browser's ordinary cancel, not a failure of this worker's (Firefox logs one
  // as an error of the page).
  const bare = url.origin + url.pathname;
  if (!PRECACHED.has(bare) && !VERSIONED.test(url.pathname)) return;
  event.respondWith((async () => (await fromCache(request)) || (PACKED.has(path) ? fetchFile(request.url, path, "default") : fetch(request)))());
});

// A page (or a test) asks which build serves it: {op: "build"} on a MessageChannel
// is answered with this worker's build on the channel's port. The page's own
// build is in its HTML; this is the worker's, which answers its offline visits.
self.addEventListener("message", (event) => {
  if (event.data && event.data.op === "build" && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
});

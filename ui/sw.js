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
// A new build installs next to the old one (files already cached under the
// same versioned name are copied, not downloaded again) and asks to take over
// at once; it keeps the previous build's cache for pages of that build that
// are still open, and deletes anything older. The browser hands over only
// once the old worker is idle (Chromium waits up to 5 minutes for it), so
// until then the old worker answers offline visits from the new build's cache.
const BUILD = "__BUILD__";
const PRECACHE = [] /* __PRECACHE__ */;
const PREFIX = "boardgames-";
const CACHE = `${PREFIX}${BUILD}`;
const scope = new URL(self.registration.scope);
const VERSIONED = /\/(?:runtime|b)\/[^/]+\//;
const NEVER_CACHED = new Set(["sw.js", "build.json"]);
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, scope).href));

async function copyOrFetch(cache, url) {
  const versioned = VERSIONED.test(new URL(url).pathname);
  if (versioned) {
    // The page may have put a big file here already (ui/js/head_start.js).
    if (await cache.match(url, { ignoreSearch: true })) return undefined;
    const kept = await caches.match(url, { ignoreSearch: true });
    if (kept) return cache.put(url, kept);
  }
  // A versioned file the page just loaded comes from the HTTP cache, not the network again.
  const response = await fetch(url, { cache: versioned ? "default" : "no-cache" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all(PRECACHE.map((path) => copyOrFetch(cache, new URL(path, scope).href))))
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
  event.respondWith((async () => (await fromCache(request)) || fetch(request))());
});

// A page (or a test) asks which build serves it: {op: "build"} on a MessageChannel
// is answered with this worker's build on the channel's port. The page's own
// build is in its HTML; this is the worker's, which answers its offline visits.
self.addEventListener("message", (event) => {
  if (event.data && event.data.op === "build" && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
});

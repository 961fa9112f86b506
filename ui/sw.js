// Service worker: precaches the whole site so it plays offline after the
// first visit. The build fills in the build id and the file list; a new
// deploy has a new id, installs a new cache and deletes the old one.
const BUILD = "__BUILD__";
const PRECACHE = [] /* __PRECACHE__ */;
const CACHE = `boardgames-${BUILD}`;
const scope = new URL(self.registration.scope);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("boardgames-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // Pages ignore their query (?embed=1, ?seats=...): one cached copy serves all.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (hit) return hit;
      return fetch(request);
    }),
  );
});

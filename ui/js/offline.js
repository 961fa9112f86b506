// Offline play: the service worker (ui/sw.js), registered once per visit,
// keeps the whole site; a deploy that dropped it makes the old one step aside.

import { config, url } from "./shared.js";
import * as store from "./store.js";

// The service worker precaches the site once the engine runs: by then the
// runtime sits in the HTTP cache, so the precache costs no second download.
function registerServiceWorker() {
  // A third-party frame whose browser refuses it storage may have no service
  // worker at all: play goes on, only offline play is not offered there.
  // A page refused storage keeps no offline copy either: it does not ask (Firefox
  // refuses such a frame's registration, and reports the refusal as an error).
  if (!store.persistent) return;
  let container = null;
  try { container = navigator.serviceWorker || null; } catch { return; }
  if (!container || !config.serviceWorker) return;
  const swURL = url(config.serviceWorker);
  const returning = Boolean(container.controller); // served by a service worker of an earlier visit
  // The worker's script URL names the build, so that a page of a new build
  // starts installing that build's offline copy at once: registering the
  // same URL again checks nothing, and the browser's own check after a
  // navigation waits until the old worker is idle, which a page loading its
  // engine through it may not let it be for a long time.
  const buildURL = `${swURL}?build=${encodeURIComponent(config.build)}`;
  container.register(buildURL).catch(() => { /* offline play simply isn't offered */ });
  // A deploy that dropped the service worker: the old one steps aside (with
  // its caches) instead of serving the old site on the next visits. (A first
  // visit has none to drop, and fetching sw.js here would fetch it twice.)
  if (!returning) return;
  fetch(swURL, { cache: "no-store" }).then(async (response) => {
    if (response.status !== 404 && response.status !== 410) return;
    for (const registration of await container.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) if (key.startsWith("boardgames-")) await caches.delete(key);
  }).catch(() => { /* offline: keep what works */ });
}

let offlineOffered = false;
/** The service worker, once per visit: it keeps the whole site for offline play. */
export function offerOffline() {
  if (offlineOffered) return;
  offlineOffered = true;
  registerServiceWorker();
}

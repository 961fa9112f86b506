// Client-side navigation: one engine for the whole visit.
//
// A click on a link to another page of this site (a landing card, a game,
// its rules, back home) fetches that page's HTML (through the service
// worker: the network first, the cache offline), swaps the page's body and
// title, and records the address with the History API, so the address bar
// shows the real URL, back and forward work, and a reload or a direct visit
// of that URL loads the same page from the server. The engine worker keeps
// running across the swap. A page of another build (a deploy happened) is
// opened with a full load instead, so a page never mixes two builds.

const html = document.documentElement;

/** The site's root URL (the folder of the landing page), from the page's own config. */
export function siteRoot(config, base) {
  // The folder of the service worker's script: resolving "" instead would keep the page's own query.
  return new URL(".", new URL(config.serviceWorker, base)).href;
}

/** Pages of the site: under its root, a folder or an .html file, not a runtime or build file. */
function isSitePage(url, root) {
  if (url.origin !== location.origin || !url.href.startsWith(root)) return false;
  const path = url.href.slice(root.length).split(/[?#]/)[0];
  if (/^(?:b|runtime)\//.test(path)) return false;
  return path === "" || path.endsWith("/") || path.endsWith(".html");
}

/**
 * Start listening. ``leave()`` runs before the old page goes, ``enter()``
 * after the new one is in place (both may be async; navigation waits for leave).
 */
export function startNavigation({ config, base, leave, enter }) {
  const root = siteRoot(config, base);
  // The head stays for the whole visit while the address changes: its links
  // (icon, style sheet) must not resolve against the next page's address.
  for (const link of document.head.querySelectorAll("link[href]")) link.setAttribute("href", link.href);
  let navigating = Promise.resolve();
  let shown = new URL(location.href); // the page on screen (its fragment may change alone)

  async function go(to, { push }) {
    let doc;
    try {
      const response = await fetch(to.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      doc = new DOMParser().parseFromString(await response.text(), "text/html");
    } catch {
      location.assign(to.href); // let the browser show whatever the server says
      return;
    }
    if (doc.documentElement.dataset.build !== html.dataset.build) {
      location.assign(to.href); // another build: load it whole
      return;
    }
    await leave();
    if (push) history.pushState({ site: true }, "", to.href);
    shown = new URL(location.href);
    swap(doc);
    if (!to.hash) window.scrollTo(0, 0);
    await enter();
  }

  function navigate(to, options) {
    navigating = navigating.then(() => go(to, options)).catch(() => location.assign(to.href));
    return navigating;
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const to = new URL(link.href, document.baseURI);
    if (!isSitePage(to, root)) return;
    if (to.pathname === location.pathname && to.search === location.search && to.hash) return; // a fragment only
    event.preventDefault();
    navigate(to, { push: true });
  });

  // Back and forward between pages this visit showed (a change of fragment only is not a page).
  window.addEventListener("popstate", () => {
    const to = new URL(location.href);
    if (to.pathname === shown.pathname && to.search === shown.search) return;
    navigate(to, { push: false });
  });
  return { navigate: (href) => navigate(new URL(href, document.baseURI), { push: true }) };
}

/** Put the fetched page in place of the current one (same build: same head, same scripts). */
function swap(doc) {
  const next = doc.documentElement;
  for (const name of ["game", "lesson", "lessonName"]) {
    if (next.dataset[name]) html.dataset[name] = next.dataset[name];
    else delete html.dataset[name];
  }
  const title = document.querySelector("title");
  const newTitle = doc.querySelector("title");
  if (title && newTitle) {
    title.dataset.titleEn = newTitle.dataset.titleEn || newTitle.textContent;
    title.dataset.titleFr = newTitle.dataset.titleFr || newTitle.textContent;
  }
  document.body.className = doc.body.className;
  document.body.replaceChildren(...[...doc.body.childNodes].map((node) => document.importNode(node, true)));
}

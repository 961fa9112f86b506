"""The site as tools/serve.py serves it, each page carrying a watch for drivers without events.

Classic WebDriver (WebKitGTK's driver) cannot tell a test what a page threw
or requested. This server adds one same-origin script, ``/__watched.js``, as
the first element of every page's head (the site's CSP allows the site's own
scripts): it notes the page's uncaught errors and rejected promises, the
requests the CSP stopped (the site allows only its own origin, so a request
to another origin is one of them) and every resource the page loaded, until
the test takes them (``window.__watched.take()``, tests/e2e/other_browsers.py).
The service worker precaches the watch too, so offline pages carry it. It
also serves ``/__phone.html``, a frame of a phone's size (see PHONE).
Everything else is served as the production server does.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools import serve  # the repository root is on the path only from here

SCRIPT_PATH = "/__watched.js"
SCRIPT = b"""(() => {
  const errors = [];
  const requests = [];
  let timed = 0;
  addEventListener("error", (event) => errors.push(`${event.message} (${event.filename}:${event.lineno})`));
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    errors.push(`unhandled rejection: ${(reason && reason.stack) || reason}`);
  });
  document.addEventListener("securitypolicyviolation", (event) => {
    if (/^https?:/.test(event.blockedURI)) requests.push(event.blockedURI);
  });
  window.__watched = {
    take() {
      const entries = performance.getEntriesByType("resource");
      for (; timed < entries.length; timed += 1) requests.push(entries[timed].name);
      return { errors: errors.splice(0), requests: requests.splice(0) };
    },
  };
})();
"""
TAG = f'<script src="{SCRIPT_PATH}"></script>'.encode()
#: A page of the site's origin showing another of its pages in a frame of a given size,
#: ``/__phone.html?width=W&height=H&src=URL``: a viewport narrower than a browser's narrowest
#: window (WebKitGTK's MiniBrowser is at least 447 px wide), in the site's own storage.
PHONE_PATH = "/__phone.html"
PHONE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>phone</title>
<style>html, body { margin: 0; padding: 0; } iframe { border: 0; display: block; }</style>
<script src="/__phone.js" defer></script></head><body></body></html>
"""
PHONE_SCRIPT = b"""const size = new URLSearchParams(location.search);
const frame = document.createElement("iframe");
frame.id = "phone";
frame.title = "phone";
frame.style.width = `${size.get("width")}px`;
frame.style.height = `${size.get("height")}px`;
frame.src = size.get("src");
document.body.append(frame);
"""


class WatchedHandler(serve.Handler):
    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == SCRIPT_PATH:
            self._send(SCRIPT, "text/javascript")
            return
        if path == PHONE_PATH:
            self._send(PHONE, "text/html; charset=utf-8")
            return
        if path == "/__phone.js":
            self._send(PHONE_SCRIPT, "text/javascript")
            return
        if path == "/sw.js":  # the watch is kept for offline visits with the site's own files
            worker = Path(self.translate_path(path)).read_bytes()
            self._send(worker.replace(b"const PRECACHE = [", b'const PRECACHE = ["__watched.js", ', 1),
                       "text/javascript")
            return
        file = Path(self.translate_path(path))
        if file.is_dir():
            if not path.endswith("/"):  # the folder's address without its slash: redirected as usual
                super().do_GET()
                return
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            page = file.read_bytes()
            self._send(page.replace(b"<head>", b"<head>" + TAG, 1), "text/html; charset=utf-8")
            return
        super().do_GET()

    def _send(self, body: bytes, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main() -> None:
    port, directory = int(sys.argv[1]), sys.argv[2]
    WatchedHandler.rules = serve.load_header_rules()
    WatchedHandler.quiet = True
    handler = functools.partial(WatchedHandler, directory=directory)
    with serve.Server(("127.0.0.1", port), handler) as server:
        print(f"serving {directory} with a watch on http://127.0.0.1:{port}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()

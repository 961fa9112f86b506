"""Firefox and WebKit for the browser tests, driven without Playwright's own browsers.

Playwright drives only the browsers it builds itself, which cannot be
downloaded here; Debian's browsers are driven over the standards instead:

- **Firefox ESR** (``firefox-esr``) speaks WebDriver BiDi itself (its Remote
  Agent, started by ``--remote-debugging-port``): no geckodriver, which Debian
  does not package. The client is a WebSocket (:class:`Firefox`); the
  browser's own events say which requests the pages made and which errors
  they threw.
- **WebKitGTK** (``webkit2gtk-driver``: ``WebKitWebDriver`` and its
  ``MiniBrowser``), Safari's engine, speaks classic WebDriver over HTTP
  (:class:`WebKit`) on an X display (Xvfb). Classic WebDriver has no events,
  so the site is served to it by :mod:`tests.e2e.watched_site`, which adds a
  tiny same-origin script to every page that notes the page's uncaught
  errors and the requests its Content-Security-Policy stopped (the site's
  CSP allows only its own origin, so a request to another origin is one of
  those); every page's resource timings are read too.

Both offer the same small surface, :class:`Driver`: open an address, run a
function in the page (or an iframe), wait for a predicate, click or tap an
element at its centre as a pointer does, size the viewport, take a
screenshot, and check what was watched.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import select
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: How long an engine may take to start, or a step to be answered (as the Chromium tests allow).
WAIT_S = 90.0
#: How often a wait asks the page again.
POLL_S = 0.1
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

#: Runs ``FN(...args)`` in the page and hands back its JSON (an exception's text as ``{"thrown": ...}``).
CALL = """async (fn, args) => {
  try { const value = await fn(...args); return JSON.stringify({value: value === undefined ? null : value}); }
  catch (error) { return JSON.stringify({thrown: `${error}\n${(error && error.stack) || ''}`}); }
}"""

#: The viewport centre of the element ``selector`` matches, scrolled into view first; in an iframe,
#: the frame's offset in the top page is added by the caller.
CENTRE = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


class PageError(AssertionError):
    """What a page did that fails any test: an uncaught error, or a request to another origin."""


class BrowserGone(RuntimeError):
    """The browser itself went away under a test (its process died, its WebDriver session with it).

    Not the page's doing as far as a test can tell: WebKitGTK's MiniBrowser died once in a CI run while
    Piratissimo's engine started, and every later step of the class then failed on the dead session.
    The test runs once more in a browser started again (tests/e2e/every_browser.py); a second death fails it.
    """


class Driver:
    """What the tests ask of a browser; :class:`Firefox` and :class:`WebKit` answer it."""

    name = ""
    #: Whether a tap is a real touch (touch events) in this driver.
    touches = False

    def __init__(self) -> None:
        self.allowed: set[str] = set()  # the origins the pages may ask (the site and the blog)
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.frame: str | None = None  # the iframe (a CSS selector in the top page) scripts run in

    # -- what each driver implements
    def goto(self, url: str) -> None:
        raise NotImplementedError

    def _call(self, function: str, args: list[Any]) -> Any:
        """:data:`CALL`'s answer (JSON text) for ``function(*args)`` in the page, in :attr:`frame` if set."""
        raise NotImplementedError

    def _pointer(self, x: float, y: float, *, touch: bool) -> None:
        """Press and release at the viewport point (x, y) (:attr:`frame`'s), with a mouse or a finger."""
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def _collect(self) -> None:
        """Bring in what the browser saw since the last look (errors, requests)."""

    def ensure_alive(self) -> None:
        """Start the browser again if it died under an earlier test (:class:`BrowserGone`)."""

    def close(self) -> None:
        raise NotImplementedError

    # -- the tests' surface
    def run(self, function: str, *args: Any) -> Any:
        answer = json.loads(self._call(function, list(args)))
        if "thrown" in answer:
            raise AssertionError(f"{self.name}: the page threw {answer['thrown']}")
        return answer["value"]

    def wait(self, predicate: str, *args: Any, timeout: float = WAIT_S) -> Any:
        """Ask ``predicate(*args)`` until it is truthy (its value), for at most ``timeout`` s."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.run(predicate, *args)
            except AssertionError:
                value = None  # a page between two documents answers nothing
            if value:
                return value
            if time.monotonic() > end:
                self.check()
                raise AssertionError(f"{self.name}: still false after {timeout:.0f} s: {predicate} {args}")
            time.sleep(POLL_S)

    def wait_ready(self) -> None:
        state = self.wait("() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)"
                          " && document.documentElement.dataset.engine")
        assert state == "ready", f"{self.name}: the engine failed: {self.text('#engine-failure')!r}"

    def text(self, selector: str) -> str | None:
        return self.run("(s) => document.querySelector(s)?.innerText ?? null", selector)

    def count(self, selector: str) -> int:
        return self.run("(s) => document.querySelectorAll(s).length", selector)

    def wait_for(self, selector: str) -> None:
        self.wait("(s) => Boolean(document.querySelector(s))", selector)

    def centre(self, selector: str) -> tuple[float, float]:
        """The element's centre in its own viewport (the iframe's, in :meth:`in_frame`)."""
        self.wait_for(selector)
        point = self.run(CENTRE, selector)
        assert point is not None, f"{self.name}: no {selector}"
        return point[0], point[1]

    def frame_offset(self) -> tuple[float, float]:
        """Where :attr:`frame`'s viewport begins in the top page's."""
        frame, self.frame = self.frame, None
        try:
            offset = self.run("(s) => { const el = document.querySelector(s); const r = el.getBoundingClientRect();"
                              " return [r.left + el.clientLeft, r.top + el.clientTop]; }", frame)
        finally:
            self.frame = frame
        return offset[0], offset[1]

    def click(self, selector: str) -> None:
        """A mouse click at the element's centre, as a person aims (the page decides what it hit)."""
        self._pointer(*self.centre(selector), touch=False)

    def tap(self, selector: str) -> None:
        """A finger's tap at the element's centre where the driver has touch, else a click."""
        self._pointer(*self.centre(selector), touch=self.touches)

    @contextlib.contextmanager
    def in_frame(self, selector: str) -> Iterator[None]:
        """Run scripts in the iframe ``selector`` of the top page."""
        self.frame = selector
        try:
            yield
        finally:
            self.frame = None

    def check(self) -> None:
        """Fail on any uncaught page error or any request to another origin seen so far."""
        self._collect()
        errors, foreign = self.errors, self.foreign
        self.errors, self.foreign = [], []
        if foreign:
            raise PageError(f"{self.name}: requests to another origin: {foreign[:5]}")
        if errors:
            raise PageError(f"{self.name}: page errors: {errors[:5]}")

    def _note_request(self, url: str) -> None:
        if url.startswith(("data:", "about:", "blob:")):
            return
        if not any(url.startswith(origin) for origin in self.allowed):
            self.foreign.append(url)


# --------------------------------------------------------------------------------------------
# Firefox over WebDriver BiDi

#: Firefox's profile for the tests: nothing phoning home (the machine has no network, and a test must
#: see only the site's requests), no first-run pages, touch events on, and third-party storage refused
#: (cookieBehavior 1, "block all third-party cookies", which refuses a cross-site frame its storage).
FIREFOX_PREFS: dict[str, Any] = {
    "remote.active-protocols": 1,  # WebDriver BiDi only
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "extensions.update.enabled": False,
    "services.settings.server": "data:,",  # Remote Settings: nothing to sync
    "messaging-system.rsexperimentloader.enabled": False,
    "dom.w3c_touch_events.enabled": 1,
    "devtools.jsonview.enabled": False,  # a JSON file is a page of the site (its storage), not the viewer's
    "network.cookie.cookieBehavior": 1,
}


class Firefox(Driver):
    name = "Firefox"
    touches = True

    def __init__(self) -> None:
        super().__init__()
        from websockets.sync.client import connect

        self.profile = Path(tempfile.mkdtemp(prefix="firefox-"))
        (self.profile / "user.js").write_text(
            "".join(f'user_pref("{key}", {json.dumps(value)});\n' for key, value in FIREFOX_PREFS.items()))
        binary = shutil.which("firefox-esr") or shutil.which("firefox") or "firefox-esr"
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-remote", "--profile", str(self.profile), "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        address = self._listening_address()
        self.socket = connect(address + "/session", max_size=2**27, open_timeout=30, legacy=True)
        self.replies: dict[int, queue.Queue[dict[str, Any]]] = {}
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.send("session.new", {"capabilities": {}})
        self.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        self.top = self.send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]
        self.version = self.send("session.status", {}).get("message", "")

    def _listening_address(self) -> str:
        assert self.process.stderr is not None
        end = time.monotonic() + 60
        while time.monotonic() < end:
            ready, _, _ = select.select([self.process.stderr], [], [], 1)
            if ready:
                line = self.process.stderr.readline()
                if "WebDriver BiDi listening on" in line:
                    threading.Thread(target=self._drain, daemon=True).start()
                    return line.split("listening on", 1)[1].strip()
                if not line and self.process.poll() is not None:
                    break
        raise RuntimeError("Firefox did not start its WebDriver BiDi server")

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for _ in self.process.stderr:
            pass

    def _read(self) -> None:
        with contextlib.suppress(Exception):
            for raw in self.socket:
                message = json.loads(raw)
                if "id" in message and message.get("id") in self.replies:
                    self.replies[message["id"]].put(message)
                elif message.get("type") == "event":
                    self.events.put(message)

    def send(self, method: str, params: dict[str, Any], timeout: float = WAIT_S + 30) -> dict[str, Any]:
        with self.lock:
            self.next_id += 1
            number = self.next_id
            self.replies[number] = queue.Queue()
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            reply = self.replies[number].get(timeout=timeout)
        finally:
            del self.replies[number]
        if reply.get("type") == "error":
            raise RuntimeError(f"Firefox: {method}: {reply.get('error')}: {reply.get('message')}")
        return reply["result"]

    def _collect(self) -> None:
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return
            params = event["params"]
            if event["method"] == "network.beforeRequestSent":
                self._note_request(params["request"]["url"])
            elif event["method"] == "log.entryAdded" and params.get("type") == "javascript":
                self.errors.append(params.get("text", ""))

    def _context(self) -> str:
        """The top page's context, or its iframe's while :attr:`frame` is set (the tests embed one)."""
        if self.frame is None:
            return self.top
        tree = self.send("browsingContext.getTree", {"root": self.top})["contexts"][0]
        children = tree.get("children") or []
        assert len(children) == 1, f"Firefox: one iframe expected, found {[c['url'] for c in children]}"
        return children[0]["context"]

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self.top, "url": url, "wait": "complete"})

    def _call(self, function: str, args: list[Any]) -> Any:
        result = self.send("script.callFunction", {
            "functionDeclaration": f"(args) => ({CALL})(({function}), JSON.parse(args))",
            "arguments": [{"type": "string", "value": json.dumps(args)}],
            "awaitPromise": True,
            "target": {"context": self._context()},
        })
        if result.get("type") == "exception":
            return json.dumps({"thrown": result.get("exceptionDetails", {}).get("text", "an exception")})
        return result["result"].get("value")

    def _pointer(self, x: float, y: float, *, touch: bool) -> None:
        # In an iframe, its own context: a click dispatched to the top page at the frame's place does not
        # reach a frame of another site (seen in Firefox 153, where such a frame runs in its own process).
        context = self._context()
        self.send("input.performActions", {"context": context, "actions": [{
            "type": "pointer", "id": "finger" if touch else "mouse",
            "parameters": {"pointerType": "touch" if touch else "mouse"},
            "actions": [
                {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 60},
                {"type": "pointerUp", "button": 0},
            ]}]})
        self.send("input.releaseActions", {"context": context})

    def resize(self, width: int, height: int) -> None:
        self.send("browsingContext.setViewport", {"context": self.top, "viewport": {"width": width, "height": height}})

    def screenshot(self, path: Path) -> None:
        data = self.send("browsingContext.captureScreenshot", {"context": self.top})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.send("session.end", {}, timeout=10)
        with contextlib.suppress(Exception):
            self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

# --------------------------------------------------------------------------------------------
# WebKitGTK over classic WebDriver

#: A WebDriver element reference's key (the spec's fixed name).
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class Display:
    """An X display of its own for the tests' MiniBrowser windows (Xvfb), gone with :meth:`stop`."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as answer:
            ready, _, _ = select.select([answer], [], [], 30)
            number = answer.readline().strip() if ready else ""
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class WebKit(Driver):
    name = "WebKit"
    #: WebKitGTK's driver has no touch input: a tap is a click (the page answers both the same).
    touches = False
    #: MiniBrowser's narrowest window (its header bar): a narrower viewport is a frame of that size in a
    #: page of the site (tests/e2e/watched_site.py, ``/__phone.html``), in which the tests then act.
    NARROWEST = 447

    def __init__(self) -> None:
        super().__init__()
        self.display = Display()
        self.log = Path(tempfile.mkdtemp(prefix="webkit-")) / "driver.log"  # the driver's and browser's own words
        self.gone = False
        self._start()
        self.phone: tuple[int, int] | None = None  # the frame's size while the viewport is too narrow

    def _start(self) -> None:
        port = _free_port()
        with self.log.open("ab") as log:
            self.driver = subprocess.Popen(
                ["WebKitWebDriver", f"--port={port}"], env={**os.environ, "DISPLAY": self.display.name},
                stdout=log, stderr=log)
        self.base = f"http://127.0.0.1:{port}"
        end = time.monotonic() + 30
        while True:
            try:
                self._http("GET", "/status")
                break
            except (OSError, urllib.error.URLError):
                if time.monotonic() > end:
                    raise RuntimeError("WebKitWebDriver did not start") from None
                time.sleep(POLL_S)
        binary = shutil.which("MiniBrowser") or MINIBROWSER
        session = self._http("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": {"binary": binary, "args": ["--automation"]}}}})
        self.version = session["capabilities"].get("browserVersion", "")
        self.base += f"/session/{session['sessionId']}"
        self._http("POST", "/timeouts", {"script": int((WAIT_S + 30) * 1000), "pageLoad": int(WAIT_S * 1000)})
        self.gone = False

    def _stop_driver(self) -> None:
        with contextlib.suppress(Exception):
            self._http("DELETE", "")
        self.driver.terminate()
        try:
            self.driver.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.driver.kill()

    def ensure_alive(self) -> None:
        if self.gone:
            self._stop_driver()
            self.frame = None
            self._start()

    def _http(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT_S + 60) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as refused:
            detail = json.loads(refused.read() or b"{}").get("value", {})
            said = f"WebKit: {method} {path}: {detail.get('error')}: {detail.get('message')}"
            if "/session/" in self.base and (detail.get("error") == "invalid session id" or not self._session_alive()):
                self.gone = True
                tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
                raise BrowserGone(f"{said}; the browser's session is gone. Its log ends:\n{tail}") from None
            raise RuntimeError(said) from None

    def _session_alive(self) -> bool:
        """Whether the WebDriver session still answers (after an error: was it the page's, or the browser's death?)."""
        try:
            with urllib.request.urlopen(self.base + "/url", timeout=30):
                return True
        except urllib.error.HTTPError as refused:
            return (json.loads(refused.read() or b"{}").get("value") or {}).get("error") != "invalid session id"
        except OSError:
            return False

    def goto(self, url: str) -> None:
        self._collect()  # the watch's notes go with the page
        self.frame = None
        self._switch(None)
        if self.phone is not None:
            origin = "/".join(url.split("/")[:3])
            width, height = self.phone
            url = f"{origin}/__phone.html?width={width}&height={height}&src={urllib.parse.quote(url, safe='')}"
            self._http("POST", "/url", {"url": url})
            self.wait("() => Boolean(document.querySelector('#phone'))")
            self.frame = "#phone"
            return
        self._http("POST", "/url", {"url": url})

    def _switch(self, frame: str | None) -> None:
        """WebDriver's current browsing context: the top page, or the iframe ``frame`` of it."""
        self._http("POST", "/frame", {"id": None})
        if frame is not None:
            element = self._http("POST", "/element", {"using": "css selector", "value": frame})
            self._http("POST", "/frame", {"id": element})

    def _call(self, function: str, args: list[Any]) -> Any:
        self._switch(self.frame)
        script = (f"const done = arguments[arguments.length - 1];"
                  f" ({CALL})(({function}), JSON.parse(arguments[0])).then(done);")
        return self._http("POST", "/execute/async", {"script": script, "args": [json.dumps(args)]})

    def _pointer(self, x: float, y: float, *, touch: bool) -> None:
        if self.frame is not None:  # WebDriver's pointer acts in the top page's viewport
            left, top = self.frame_offset()
            x, y = x + left, y + top
        self._switch(None)
        self._http("POST", "/actions", {"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0, "origin": "viewport"},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 60},
                {"type": "pointerUp", "button": 0},
            ]}]})
        self._http("DELETE", "/actions")

    def resize(self, width: int, height: int) -> None:
        """Size the window so that the page's viewport is ``width`` x ``height`` (the window adds its bars);
        narrower than the window can be, the pages open next in a frame of that size (:attr:`NARROWEST`)."""
        frame, self.frame = self.frame, None
        try:
            self._switch(None)
            wide = max(width, self.NARROWEST)
            self._http("POST", "/window/rect", {"width": wide, "height": height})
            # The window takes its size a moment later: measure its bars once it has.
            self.wait("(w, h) => outerWidth === w && outerHeight === h", wide, height)
            inner = self.run("() => [innerWidth, innerHeight]")
            self._http("POST", "/window/rect", {"width": 2 * wide - inner[0], "height": 2 * height - inner[1]})
            self.wait("(w, h) => innerWidth === w && innerHeight === h", wide, height)
        finally:
            self.frame = frame
        self.phone = (width, height) if width < self.NARROWEST else None

    def screenshot(self, path: Path) -> None:
        self._switch(None)
        path.write_bytes(base64.b64decode(self._http("GET", "/screenshot")))

    def _collect(self) -> None:
        """The watch script's notes (tests/e2e/watched_site.py) of the top page and of its frames."""
        frame = self.frame
        try:
            for where in [None, *([frame] if frame else [])]:
                self.frame = where
                with contextlib.suppress(AssertionError, RuntimeError):
                    notes = self.run("() => (window.__watched && window.__watched.take()) || null")
                    if notes:
                        self.errors.extend(notes["errors"])
                        for url in notes["requests"]:
                            self._note_request(url)
        finally:
            self.frame = frame

    def close(self) -> None:
        self._stop_driver()
        self.display.stop()
        shutil.rmtree(self.log.parent, ignore_errors=True)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


DRIVERS: dict[str, type[Driver]] = {"firefox": Firefox, "webkit": WebKit}

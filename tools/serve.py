"""Serve dist/ locally with the production headers from netlify.toml.

The e2e tests use the same server, so a mistake in a header (a missing MIME
type, a CSP that blocks the worker, a frame-blocking header) fails a test
instead of a deploy.  ``--port`` picks the port; ``--quiet`` hides the log.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import http.server
import sys
import tomllib
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


def load_header_rules(path: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    """The ``[[headers]]`` rules of netlify.toml as (pattern, values)."""
    data = tomllib.loads(path.read_text())
    return [(rule["for"], dict(rule.get("values", {}))) for rule in data.get("headers", [])]


def headers_for(url_path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """Netlify semantics: every matching rule applies, later ones win.

    >>> headers_for("/runtime/pyodide-1/pyodide.asm.wasm", [("/*", {"A": "1"}), ("/runtime/*", {"A": "2"})])
    {'A': '2'}
    """
    result: dict[str, str] = {}
    for pattern, values in rules:
        if fnmatch.fnmatchcase(url_path, pattern.replace(":splat", "*")):
            result.update(values)
    return result


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: ClassVar[list[tuple[str, dict[str, str]]]] = []
    quiet = False
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def _rule_headers(self) -> dict[str, str]:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return {k.lower(): (k, " ".join(v.split())) for k, v in headers_for(path, self.rules).items()}  # type: ignore[misc]

    def send_header(self, keyword: str, value: str) -> None:
        # A Content-Type rule replaces the guessed type instead of doubling it.
        rule = self._rule_headers().get(keyword.lower())
        if keyword.lower() == "content-type" and rule is not None:
            value = rule[1]
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        for lower, (name, value) in self._rule_headers().items():
            if lower != "content-type":
                super().send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that goes away mid-download (a closed tab) is not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if not Path(args.dir, "index.html").exists():
        sys.exit(f"{args.dir} has no index.html: run `make build` first")
    Handler.rules = load_header_rules()
    Handler.quiet = args.quiet
    handler = functools.partial(Handler, directory=args.dir)
    with Server((args.host, args.port), handler) as server:
        print(f"serving {args.dir} on http://localhost:{args.port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()

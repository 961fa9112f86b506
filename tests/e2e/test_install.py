"""Installable like an app: Chromium finds nothing missing, and the installed app starts offline.

A browser profile of its own (an incognito context, Playwright's default,
can install nothing), and a server of its own, stopped to go offline.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from tests.e2e.conftest import DIST, ENGINE_TIMEOUT_MS, Server, Watch, wait_ready, wait_until

MANIFEST_LINK = "document.querySelector('link[rel=manifest]').href"


@pytest.fixture
def installer(browser_type: Any, browser_type_launch_args: dict[str, Any], tmp_path: Path) -> Iterator[tuple[Any, Server]]:
    """A person's own browser profile and the site on a server of its own."""
    server = Server(DIST).start()
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    watch = Watch({server.url.rstrip("/")})
    context.on("page", watch.attach)
    context.on("request", watch.on_request)
    yield context, server
    context.close()
    server.stop()
    watch.check()


def installability_errors(context: Any, page: Any) -> list[dict[str, Any]]:
    """What Chromium says stops it offering to install the page (DevTools protocol)."""
    return context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]


def app_manifest(context: Any, page: Any) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """The manifest Chromium read for the page: its URL, its parse errors and its members."""
    import json

    answer = context.new_cdp_session(page).send("Page.getAppManifest")
    return answer["url"], answer["errors"], json.loads(answer["data"])


def test_the_site_is_installable_in_each_language_and_the_app_starts_offline(installer: tuple[Any, Server]) -> None:
    context, server = installer
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)
    assert installability_errors(context, page) == []
    url, errors, data = app_manifest(context, page)
    assert (url, errors) == (server.url + "manifest.webmanifest", [])
    assert data["name"].startswith("Board games") and data["display"] == "standalone"
    # Every icon the manifest names loads, at the size it declares.
    for icon in data["icons"]:
        size = page.evaluate(
            """async (src) => {
              const response = await fetch(src);
              if (!response.ok) return `${response.status}`;
              // A drawing has no size of its own (the manifest says "any"); a picture has its pixels.
              if (response.headers.get("content-type").startsWith("image/svg+xml")) return "any";
              const bitmap = await createImageBitmap(await response.blob());
              return `${bitmap.width}x${bitmap.height}`;
            }""",
            urljoin(url, icon["src"]),
        )
        assert size == icon["sizes"], (icon["src"], size)

    # The language switch links the French manifest: the app a French reader installs speaks French.
    page.locator('[data-set-lang="fr"]').click()
    page.wait_for_function(f"{MANIFEST_LINK}.endsWith('manifest.fr.webmanifest')")
    page.goto(server.url + "?lang=fr")
    wait_ready(page)
    # A French page links the French manifest from its start and never the English one: the browser
    # reads it at once. (The pages' HTML named the English one and the bridge swapped it: a loaded
    # machine's Chromium kept the English app, fetched as the page loaded, 90 s on.)
    french = server.url + "manifest.fr.webmanifest"
    assert installability_errors(context, page) == []
    url, errors, data = app_manifest(context, page)
    assert (url, errors) == (french, [])
    assert data["name"].startswith("Jeux de plateau") and data["lang"] == "fr"

    # The installed app opens its start URL and its shortcuts with no network once the site is kept.
    # Kept: the worker has finished activating (its caches sorted out). This page need not be the
    # worker's own (a page that loaded while the worker installed is claimed, but Chromium has once
    # left one unclaimed for 90 s on a loaded machine): the next navigations go through the worker,
    # and they are what an installed app opens.
    wait_until(page, "() => navigator.serviceWorker.ready.then((registration) => registration.active.state === 'activated')")
    server.stop()
    for address in [data["start_url"], *(shortcut["url"] for shortcut in data["shortcuts"])]:
        page.goto(urljoin(url, address), wait_until="commit")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "fr"
    assert [shortcut["url"] for shortcut in data["shortcuts"]] == ["trice/?lang=fr", "piratissimo/?lang=fr", "siege/?lang=fr"]

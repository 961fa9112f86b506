"""The landing page and the platform: ready signal, headers, languages, failure."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from tests.e2e.conftest import Server, first_lesson, wait_ready, watched_page


def test_landing_page_paints_cards_then_engine_ready(page: Any, site: Server) -> None:
    page.goto(site.url, wait_until="domcontentloaded")
    # The shell (cards drawn in SVG) is in the HTML itself, before any Python.
    cards = page.locator("[data-card]")
    assert cards.count() == 3
    assert page.locator("[data-card=trice] svg").count() == 1
    # The landing waits for a lean or for idle time before it starts the engine
    # (test_landing_light.py); whichever state it is in, it gets to ready unaided.
    assert page.get_attribute("html", "data-engine") in ("idle", "loading", "ready")
    # the engine starting unasked, its progress never covers the page (the headline, on a phone)
    page.wait_for_selector("html[data-engine=loading], html[data-engine=ready]", state="attached")
    assert page.locator("#engine-progress").is_hidden()
    wait_ready(page)
    assert page.locator("#engine-progress").is_hidden()
    assert page.locator("#engine-failure").is_hidden()


def test_language_switch_shows_french(page: Any, site: Server) -> None:
    page.goto(site.url)
    assert page.locator(".hero h1 [lang=en]").is_visible()
    page.click("[data-set-lang=fr]")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.locator(".hero h1 [lang=fr]").is_visible()
    assert page.locator(".hero h1 [lang=en]").is_hidden()
    page.reload()
    assert page.get_attribute("html", "lang") == "fr"  # remembered
    page.click("[data-set-lang=en]")


def test_production_headers_are_served(site: Server) -> None:
    with urllib.request.urlopen(site.url) as response:
        headers = response.headers
    csp = headers["Content-Security-Policy"]
    assert "worker-src 'self' blob:" in csp and "'wasm-unsafe-eval'" in csp
    assert "frame-ancestors" not in csp and headers["X-Frame-Options"] is None
    build = json.loads(urllib.request.urlopen(site.url + "build.json").read())
    with urllib.request.urlopen(site.url + "sw.js") as response:
        assert response.headers["Cache-Control"] == "no-cache"
        assert build["build"] in response.read().decode()
    config = json.loads(
        urllib.request.urlopen(site.url).read().decode().split('id="site-config">')[1].split("</script>")[0]
    )
    with urllib.request.urlopen(site.url + config["pyodideBare"].replace(".mjs", ".asm.wasm")) as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert "immutable" in response.headers["Cache-Control"]
    for module in (config["pyodide"], config["pyodideBare"]):
        with urllib.request.urlopen(site.url + module) as response:
            assert response.headers["Content-Type"] == "text/javascript"
    # The build's own folder (bridge, Python, config) is named by the build and never changes.
    assert config["worker"].startswith(f"b/{build['build']}/")
    with urllib.request.urlopen(site.url + config["worker"]) as response:
        assert "immutable" in response.headers["Cache-Control"]
        assert f'BUILD = "{build["build"]}"' in response.read().decode()
    # Powerful features the site never uses are denied; framing stays open on purpose.
    policy = headers["Permissions-Policy"]
    assert all(f"{feature}=()" in policy for feature in ("camera", "microphone", "geolocation", "usb", "payment"))


def test_a_page_that_cannot_start_says_so_with_retry(browser: Any, site: Server) -> None:
    # A fresh context without the service worker, so the failed download is real.
    context = browser.new_context(service_workers="block")
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # the wasm, raw or its brotli copy
    page = context.new_page()
    page.add_init_script("window.BOOT_STALL_MS = 4000")
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=60_000)
    assert page.locator("#engine-failure").is_visible()
    assert "could not start" in page.inner_text("#engine-failure")
    assert page.get_attribute("html", "data-engine") == "failed"
    assert page.locator("#engine-failure [data-op=retry]").is_visible()
    context.close()


def test_embedded_landing_page_is_a_compact_chooser(page: Any, site: Server, blog: Server) -> None:
    page.goto(blog.url)
    page.evaluate(
        """url => { const f = document.createElement('iframe'); f.src = url; f.width = 800; f.height = 500;
                     f.id = 'game'; document.body.append(f); }""",
        site.url + "?embed=1",
    )
    frame = page.frame_locator("#game")
    frame.locator("html[data-engine=ready]").wait_for(state="attached")
    assert frame.locator(".site-header").is_hidden()
    assert frame.locator("[data-card]").count() == 3
    # Compact: the three cards side by side inside the frame's width.
    boxes = [frame.locator(f"[data-card={name}]").bounding_box() for name in ("trice", "piratissimo", "siege")]
    assert len({round(box["y"]) for box in boxes}) == 1
    assert all(box["height"] < 400 for box in boxes)


def test_a_malformed_url_parameter_is_explained_on_the_page(page: Any, site: Server) -> None:
    page.goto(site.url + "trice/?seats=human,wizard,heuristic")
    wait_ready(page)
    page.wait_for_function("/no bot called 'wizard'/.test(document.querySelector('[data-region=status]').textContent)")
    assert "no bot called 'wizard'" in page.inner_text("#notice")
    page.goto(site.url + "trice/?seed=tomorrow")
    wait_ready(page)
    page.wait_for_function("/seed/.test(document.querySelector('[data-region=status]').textContent)")
    assert "seed" in page.inner_text("#notice")


def test_a_french_page_keeps_its_game_log_in_french(page: Any, site: Server) -> None:
    """The log is written by Python in the page's language, and rewritten on a switch."""
    page.goto(site.url + "siege/?seats=aim,aim&pace=0&seed=3")
    wait_ready(page)
    first = "document.querySelector('[data-region=log] li')"
    page.wait_for_function(f"{first} && /^The draw says/.test({first}.textContent)")
    page.click("[data-set-lang=fr]")
    page.wait_for_function(f"/^Le tirage désigne/.test({first}.textContent)")
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 4")
    lines = page.locator("[data-region=log] li").all_inner_texts()
    assert not [line for line in lines if "rolls" in line or "ends the turn" in line], lines
    page.click("[data-set-lang=en]")
    page.wait_for_function(f"/^The draw says/.test({first}.textContent)")


def test_the_page_runs_bytecode_and_the_worker_takes_the_pages_compiled_pyodide(page: Any, site: Server) -> None:
    """No Python module is compiled in the page: the game code, the wheels and the hot standard
    library come as the build's bytecode; the worker instantiates the WebAssembly the page compiled."""
    page.goto(site.url + "trice/")
    wait_ready(page)
    python = page.evaluate("window.boardgamesEngine.python")
    assert python["bytecode"] is True
    assert python["modules"]["ui.app.session"].endswith("/ui/app/session.pyc")  # the game code
    assert python["modules"]["pydantic.main"].endswith("/pydantic/main.pyc")  # a wheel
    assert python["modules"]["dataclasses"].endswith(".zip/dataclasses.pyc")  # the standard library
    config = json.loads(page.inner_text("#site-config"))
    assert python["head_start"] == {"wasm": True, "packages": len(config["wheels"])}


PAGES = ["", "trice/", "piratissimo/learn/", first_lesson("piratissimo"), "siege/rules/", "trice/?embed=1"]
#: The pages that run no engine: a game's rules, the list of its lessons.
NO_ENGINE = ("/rules/", "/learn/")


def test_every_page_is_described_in_both_languages_and_its_head_holds_only_head_elements(site: Server) -> None:
    """A search engine's line under the title, in each language; PyScript's configs in the body, since an
    element HTML does not know ends the head where it stands (the Nu HTML Checker stops reading there)."""
    for address in PAGES:
        with urllib.request.urlopen(site.url + address) as response:
            text = response.read().decode()
        head = text[text.index("<head>"):text.index("</head>")]
        assert "<py-config" not in head and "<mpy-config" not in head, address
        descriptions = re.findall(r'<meta name="description" content="([^"]+)" data-description-en="([^"]+)" '
                                  r'data-description-fr="([^"]+)">', head)
        assert len(descriptions) == 1, address
        shown, english, french = descriptions[0]
        assert shown == english and 60 <= len(english) <= 200 and french != english, (address, english)
        if not address.endswith(NO_ENGINE):  # the engine's pages still carry it
            assert "<py-config" in text[text.index("<body"):], address


def test_on_a_phone_the_brand_link_keeps_its_name_and_the_description_follows_the_language(
    browser: Any, site: Server
) -> None:
    # The narrowest phone the site is laid out for (tests/e2e/test_layout.py): below 640 px the words are out of sight.
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
    try:
        with watched_page(context, site) as page:
            page.goto(site.url + "siege/rules/")
            assert page.locator(".brand-name").bounding_box()["width"] <= 1  # out of sight on a phone
            assert page.get_by_role("link", name="Board games", exact=True).count() == 1
            page.click("[data-set-lang=fr]")
            assert page.get_by_role("link", name="Jeux de plateau", exact=True).count() == 1
            assert page.get_attribute('meta[name="description"]', "content").startswith("Les règles de Siege")
    finally:
        context.close()

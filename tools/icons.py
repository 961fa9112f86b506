"""Draw the site's PNG icons from assets/icon.svg (the web app manifest needs PNGs).

The PNGs are committed in assets/icons/, so the build needs no browser; run
this again whenever assets/icon.svg changes:

    .venv/bin/python tools/icons.py

Chromium draws them (Debian's /usr/bin/chromium, or Playwright's own):
the plain icons at 192 and 512 px, the icon as drawn; the maskable one at
512 px with the art inside the central 80% (the safe zone that every
launcher's mask keeps) on the icon's own background colour, so no mask
crops it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "assets" / "icon.svg"
OUT = ROOT / "assets" / "icons"
#: (file name, size in px, share of the side the art takes, background or None)
ICONS = (("icon-192.png", 192, 1.0, None), ("icon-512.png", 512, 1.0, None), ("maskable-512.png", 512, 0.8, "bg"))


def background(svg: str) -> str:
    """The fill of the icon's first shape, its background."""
    found = re.search(r'<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"', svg)
    if not found:
        raise SystemExit("assets/icon.svg: no background <rect fill=...> to fill a maskable icon with")
    return found.group(1)


def page_for(svg: str, size: int, share: float, fill: str | None) -> str:
    art = round(size * share)
    sized = svg.replace("<svg ", f'<svg width="{art}" height="{art}" ', 1)
    return (
        "<!doctype html><html><body style='margin:0'>"
        f"<div style='width:{size}px;height:{size}px;display:grid;place-items:center;background:{fill or 'transparent'}'>"
        f"<div style='width:{art}px;height:{art}px'>{sized}</div>"
        "</div></body></html>"
    )


def main() -> None:
    svg = SVG.read_text()
    OUT.mkdir(exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium if Path(chromium).exists() else None, args=["--no-sandbox"])
        for name, size, share, fill in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, share, background(svg) if fill else None))
            page.screenshot(path=str(OUT / name), omit_background=fill is None, clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"assets/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()

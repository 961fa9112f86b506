"""The web app manifest says what the site says of itself: its names, its colours, its icons."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from ui.site import manifest
from ui.site import pages as site

ROOT = Path(__file__).resolve().parents[1]
GAMES = [(g.name, g.title, g.tagline_en) for g in site.GAMES]

pytestmark = pytest.mark.view


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is no PNG"
    return struct.unpack(">II", data[16:24])


def test_the_names_are_the_landing_pages_title_in_each_language() -> None:
    landing = (ROOT / "index.html").read_text()
    for lang in manifest.LANGS:
        title = re.search(rf'data-title-{lang}="([^"]+)"', landing)
        assert title and manifest.manifest(lang, icons="", games=GAMES)["name"] == title.group(1)


def test_the_app_takes_the_sites_own_colours() -> None:
    css = (ROOT / "assets/site.css").read_text()
    assert f"--accent: {manifest.THEME_COLOUR};" in css
    assert f"--paper: {manifest.BACKGROUND_COLOUR};" in css


def test_every_icon_exists_at_the_size_it_declares() -> None:
    data = manifest.manifest("en", icons="", games=GAMES)
    purposes = set()
    for icon in data["icons"]:
        path = ROOT / "assets" / icon["src"]
        assert path.is_file(), icon["src"]
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert f"{width}x{height}" == icon["sizes"]
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes and purposes == {"any", "maskable"}


def test_each_game_is_a_shortcut_in_the_manifests_language() -> None:
    for lang in manifest.LANGS:
        data = manifest.manifest(lang, icons="b/x/assets/", games=GAMES)
        urls = [shortcut["url"] for shortcut in data["shortcuts"]]
        suffix = "" if lang == "en" else "?lang=fr"
        assert urls == [f"{game.name}/{suffix}" for game in site.GAMES]
        assert data["start_url"] == f"./{suffix}" and data["lang"] == lang
    with pytest.raises(ValueError, match="'de'"):
        manifest.manifest("de", icons="", games=GAMES)

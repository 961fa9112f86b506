"""The web app manifest: what a phone or a desktop browser needs to install the site as an app.

One manifest per language, at the site's root (``manifest.webmanifest``,
``manifest.fr.webmanifest``); every page links the one of its language. The
installed app opens the landing page in its own window, plays offline like
the site (the service worker keeps the whole site after the first visit), and
offers each game as a shortcut.

>>> data = manifest("fr", icons="b/0123/assets/", games=[("trice", "Trice", "Des pyramides.")])
>>> data["name"], data["start_url"], data["display"]
('Jeux de plateau : Trice, Piratissimo, Siege', './?lang=fr', 'standalone')
>>> [(icon["sizes"], icon["purpose"]) for icon in data["icons"]]
[('192x192', 'any'), ('512x512', 'any'), ('512x512', 'maskable'), ('any', 'any')]
>>> data["shortcuts"][0]["url"]
'trice/?lang=fr'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ui.app.words import LANGS, Catalogue

#: The file each language's manifest is served as, at the site's root.
FILES = {"en": "manifest.webmanifest", "fr": "manifest.fr.webmanifest"}

#: The site's name, as the landing page's title and brand say it (a test keeps them the same).
WORDS = Catalogue({
    "en": {"name": "Board games: Trice, Piratissimo, Siege", "short_name": "Board games",
           "description": "Play Trice, Piratissimo and Siege alone against bots or with friends. Works offline."},
    "fr": {"name": "Jeux de plateau : Trice, Piratissimo, Siege", "short_name": "Jeux de plateau",
           "description": "Jouez à Trice, Piratissimo et Siege seul contre des robots ou entre amis. Fonctionne hors ligne."},
})

#: The header's colour (--accent) and the page's (--paper) in assets/site.css: the app's title bar
#: and its splash screen take the site's own colours (a test keeps them the same).
THEME_COLOUR = "#1d3557"
BACKGROUND_COLOUR = "#fbf7ef"

#: The icons, in the build's assets folder (tools/icons.py draws the PNGs from icon.svg).
ICONS: tuple[tuple[str, str, str, str], ...] = (
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("icon.svg", "any", "image/svg+xml", "any"),
)


def with_lang(path: str, lang: str) -> str:
    """A page of the site in ``lang``: English is the default, French asks for itself.

    >>> with_lang("./", "en"), with_lang("siege/", "fr")
    ('./', 'siege/?lang=fr')
    """
    return path if lang == "en" else f"{path}?lang={lang}"


def manifest(lang: str, *, icons: str, games: Sequence[tuple[str, str, str]]) -> dict[str, Any]:
    """The manifest in ``lang``; URLs are relative to the manifest's own (the site's root).

    ``icons`` is the folder of the build's assets, relative to the root;
    ``games`` is each game's (folder name, title, one-line description in
    ``lang``), one shortcut each.
    """
    if lang not in LANGS:
        raise ValueError(f"no manifest in language {lang!r}")
    return {
        "id": "./",
        "lang": lang,
        "dir": "ltr",
        "name": WORDS(lang, "name"),
        "short_name": WORDS(lang, "short_name"),
        "description": WORDS(lang, "description"),
        "start_url": with_lang("./", lang),
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [{"src": icons + src, "sizes": sizes, "type": kind, "purpose": purpose} for src, sizes, kind, purpose in ICONS],
        "shortcuts": [
            {
                "name": title,
                "short_name": title,
                "description": description,
                "url": with_lang(f"{name}/", lang),
                "icons": [{"src": icons + ICONS[0][0], "sizes": ICONS[0][1], "type": ICONS[0][2]}],
            }
            for name, title, description in games
        ],
    }

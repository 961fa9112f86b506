"""The pieces of a page the build draws with the site's own Python: the board before the engine's, the
set-up form's colours, the rules page, and the bridge's module preloads.

tools/build.py fills its templates with them; the tests call them through it.
"""

from __future__ import annotations

import functools
import importlib
import re
from pathlib import Path

from ui.site import pages as site

ROOT = Path(__file__).resolve().parent.parent


#: A static import of one of the bridge's own modules (``import { x } from "./name.js";``).
MODULE_IMPORT = re.compile(r'^import\b[^;]*?from\s+"\./([\w.-]+\.js)";', re.MULTILINE)


def module_preloads(assets: str) -> str:
    """The ``<link rel="modulepreload">`` of every module the bridge imports, in ``assets``.

    >>> module_preloads("b/1/assets/").splitlines()[0]
    '<link rel="modulepreload" href="b/1/assets/channel_guard.js">'
    """
    return "\n".join(f'<link rel="modulepreload" href="{assets}{name}">' for name in bridge_modules())


@functools.cache
def bridge_modules(entry: str = "bridge.js") -> list[str]:
    """Every module ``ui/js/<entry>`` imports, directly or not: the page asks for them all at once
    (``modulepreload``) instead of a round trip per level of imports, which a phone's network pays."""
    found: list[str] = []
    todo = [entry]
    while todo:
        source = (ROOT / "ui/js" / todo.pop()).read_text(encoding="utf-8")
        for name in MODULE_IMPORT.findall(source):
            if name not in found:
                found.append(name)
                todo.append(name)
    return sorted(found)


def empty_board(game: str) -> str:
    return site.page(game).view().empty_board("en")


def seat_colours(game: str, seats: int) -> list[tuple[str, str, str]] | None:
    """Each seat's colour (English, French, CSS) from the game's view, for the set-up form."""
    view = site.page(game).view()
    return [(view.seat_colour_name(i, "en"), view.seat_colour_name(i, "fr"), view.seat_colour(i)) for i in range(seats)]


def rules(game: str, lang: str) -> str:
    """The game's rules page (its folder's ``rules.py``, the build's side of the game's page)."""
    return importlib.import_module(f"{site.page(game).package}.rules").rules_page(lang)  # each figure has ids of its own (ui.draw.svg)

"""What every SVG drawing of the site shares: its own ids, and a style that reaches only itself.

A page holds many drawings at once: the game's board, and over it the rules
dialog with the rules page's figures, in both languages (one of them hidden).
Inline SVG is part of the HTML document: an id is the whole document's, and
so is a ``<style>`` inside an ``<svg>``.  A drawing that refers to ``#shadow``
may get another drawing's shadow, inside a hidden figure, and Chromium then
paints nothing (issue 20: Trice's pieces vanished after the rules dialog).

So each renderer takes a ``uid``: the drawing's root carries ``id="{uid}"``,
every id inside it starts with ``{uid}-``, and its style is scoped to it with
:func:`scoped_style`.  The caller chooses uids that no other drawing of the
same document uses (the live board, the empty board drawn at build time, each
figure of a rules page in each language).
"""

from __future__ import annotations

import re

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")

#: How a looping animation ends: it plays a few cycles, then rests where it began.  A drawing
#: that moves for ever makes the browser paint the whole drawing again on every frame:
#: Piratissimo's sea (its flags, compass, rings and halo) kept 70% of a core busy while nobody
#: touched the page, a phone's battery and a blog reader's machine.  A few cycles draw the eye
#: to what changed or what to press; a still drawing then says the same.
SETTLE = 'repeatDur="6s"'


def scoped_style(css: str, uid: str, *also: str) -> str:
    """``css`` as a ``<style>`` whose rules reach only the drawing ``#uid`` (and the parts ``also`` names).

    Each selector is put under ``:where(#uid)``, which weighs nothing: the
    rules keep the weight they had, against the page's own style sheet too.
    Only plain rules (selectors and declarations) are taken: a drawing's
    style has no ``@media`` or other nested blocks. A part drawn again
    elsewhere with ``<use>`` is named in ``also``: Chromium and Firefox style
    the copy by itself, where the drawing's ``#uid`` is no ancestor.

    >>> scoped_style(".a, .b:hover > .c { fill: red }", "x")
    '<style>:where(#x) .a,:where(#x) .b:hover > .c{fill: red}</style>'
    >>> scoped_style(".a { fill: red }", "x", "x-scene")
    '<style>:where(#x) .a,:where(#x-scene) .a{fill: red}</style>'
    >>> scoped_style("@media (min-width: 1px) { .a { fill: red } }", "x")
    Traceback (most recent call last):
    ...
    ValueError: a drawing's style takes plain rules only, not '@media (min-width: 1px) {'
    """
    rules = []
    end = 0
    for found in _RULE.finditer(css):
        if css[end:found.start()].strip():
            raise ValueError(f"a drawing's style takes plain rules only, not {css[end:found.start()]!r}")
        if found.group(1).strip().startswith("@"):
            raise ValueError(f"a drawing's style takes plain rules only, not {found.group(1).strip()!r}")
        end = found.end()
        selectors = ",".join(f":where(#{name}) {selector.strip()}"
                             for selector in found.group(1).split(",") for name in (uid, *also))
        rules.append(f"{selectors}{{{found.group(2).strip()}}}")
    if css[end:].strip():
        raise ValueError(f"a drawing's style takes plain rules only, not {css[end:]!r}")
    return f"<style>{''.join(rules)}</style>"

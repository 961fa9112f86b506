"""Words in both languages in one piece of HTML, for what is drawn before the page knows its language.

The page's CSS shows the span matching ``<html lang>``, so a language switch
needs no redraw.
"""

from __future__ import annotations

from html import escape


def bilingual(en: str, fr: str) -> str:
    """Both languages; the page's CSS shows the one matching ``<html lang>``.

    >>> bilingual("Hello", "Bonjour")
    '<span lang="en">Hello</span><span lang="fr">Bonjour</span>'
    """
    return f'<span lang="en">{escape(en)}</span><span lang="fr">{escape(fr)}</span>'

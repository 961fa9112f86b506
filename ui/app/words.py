"""Words in one way: the page's languages, and a catalogue per module read through one call.

Every module of ui/ that says something keeps its words beside its code, as
data: a :class:`Catalogue` of one table per language, keyed alike.  A game's
words stay in its own folder (``ui/games/<game>/``); nothing here names a game.
All of them are read the same way, ``WORDS(lang, key, **values)``: the
language is normalised once (:func:`lang_of`), the sentence found, its
``{places}`` filled in.  A key missing from the catalogue, a value missing
for a place, or two languages whose tables differ in their keys or in a
sentence's places all fail loudly, at the call or as the module loads.

>>> WORDS = Catalogue({"en": {"turn": "Turn {n}", "over": "Game over"},
...                    "fr": {"turn": "Tour {n}", "over": "Partie terminée"}})
>>> WORDS("fr", "turn", n=3), WORDS("de", "over"), WORDS.of("fr")("over")
('Tour 3', 'Game over', 'Partie terminée')
>>> WORDS.both("over")
'<span lang="en">Game over</span><span lang="fr">Partie terminée</span>'
>>> WORDS("en", "won")
Traceback (most recent call last):
...
KeyError: "no words 'won' in the catalogue (its keys: over, turn)"

Words that come as pairs in the languages' order (a game's data from the
engine: its bots' names, its seats' colours) are read with :func:`pick`;
French typography that prose needs beyond its catalogue (a narrow no-break
space before "%") is :func:`typography`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import TypeVar

from engine.numbers import french_percents
from ui.app.bilingual import bilingual

#: The page's languages, English first: the one a tag the site does not speak reads in.
LANGS: tuple[str, ...] = ("en", "fr")

#: A place for a value in a sentence, ``{name}`` (or ``{name:g}``, with a format).
PLACE = re.compile(r"\{(\w+)(?:[!:][^{}]*)?\}")

T = TypeVar("T")


def lang_of(tag: object) -> str:
    """The page's language for a tag: one of :data:`LANGS`, English for anything else.

    >>> lang_of("fr"), lang_of("en"), lang_of("de"), lang_of(None)
    ('fr', 'en', 'en', 'en')
    """
    return tag if isinstance(tag, str) and tag in LANGS else LANGS[0]


def pick(lang: str, *texts: T) -> T:
    """The one of ``texts`` (given in the order of :data:`LANGS`) for ``lang``.

    >>> pick("fr", "Red", "Rouge"), pick("xx", "Red", "Rouge"), pick("fr", ("a", "b"), ("c", "d"))[1]
    ('Rouge', 'Red', 'd')
    """
    if len(texts) != len(LANGS):
        raise ValueError(f"pick takes one text per language ({', '.join(LANGS)}), not {len(texts)}")
    return texts[LANGS.index(lang_of(lang))]


def typography(lang: str, text: str) -> str:
    """Prose as ``lang`` sets it: French puts a narrow no-break space between a figure and "%".

    >>> typography("fr", "43 % et 56%") == "43\\u202f% et 56\\u202f%", typography("en", "43%")
    (True, '43%')
    """
    # the one place a language's typography is a rule rather than a word: French spaces its signs
    return french_percents(text) if lang_of(lang) == "fr" else text


def both(say: Callable[[str], str]) -> str:
    """What ``say`` says in every language at once, as HTML (the page's CSS shows the one of ``<html lang>``),
    for what is drawn before the page knows its language.

    >>> both(lambda lang: pick(lang, "Hello", "Bonjour"))
    '<span lang="en">Hello</span><span lang="fr">Bonjour</span>'
    """
    return bilingual(*(say(lang) for lang in LANGS))


def places(text: str) -> set[str]:
    """The names of the values a sentence takes.

    >>> sorted(places("{who} wins with {n:g} point{s}"))
    ['n', 's', 'who']
    """
    return set(PLACE.findall(text))


class Catalogue:
    """A module's words: one table per language of :data:`LANGS`, with the same keys and places.

    >>> Catalogue({"en": {"a": "A", "b": "B"}, "fr": {"a": "A"}})
    Traceback (most recent call last):
    ...
    ValueError: the catalogue's languages differ: 'fr' lacks b
    >>> Catalogue({"en": {"a": "{n} moves"}, "fr": {"a": "{k} coups"}})
    Traceback (most recent call last):
    ...
    ValueError: the catalogue's 'a' takes {n} in 'en' but {k} in 'fr'
    """

    __slots__ = ("tables",)

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        if set(tables) != set(LANGS):
            raise ValueError(f"a catalogue has one table per language, {', '.join(LANGS)}; not {', '.join(tables)}")
        keys = set(tables[LANGS[0]])
        for lang in LANGS[1:]:
            if set(tables[lang]) != keys:
                lacks = sorted(keys - set(tables[lang]))
                extra = sorted(set(tables[lang]) - keys)
                said = f"{lang!r} lacks {', '.join(lacks)}" if lacks else f"{lang!r} alone has {', '.join(extra)}"
                raise ValueError(f"the catalogue's languages differ: {said}")
            for key in keys:
                first, other = places(tables[LANGS[0]][key]), places(tables[lang][key])
                if first != other:
                    raise ValueError(f"the catalogue's {key!r} takes {{{', '.join(sorted(first))}}} in {LANGS[0]!r} "
                                     f"but {{{', '.join(sorted(other))}}} in {lang!r}")
        self.tables: dict[str, dict[str, str]] = {lang: dict(tables[lang]) for lang in LANGS}

    def __call__(self, lang: str, key: str, **values: object) -> str:
        """The sentence ``key`` in ``lang``, its ``{places}`` filled with ``values``."""
        return self.template(lang, key).format(**values)

    def template(self, lang: str, key: str) -> str:
        """The sentence ``key`` in ``lang`` with its places unfilled (for who fills them later)."""
        table = self.tables[lang_of(lang)]
        if key not in table:
            raise KeyError(f"no words {key!r} in the catalogue (its keys: {', '.join(sorted(table))})")
        return table[key]

    def of(self, lang: str) -> Callable[..., str]:
        """The catalogue in one language: ``w = WORDS.of(lang)``, then ``w(key, **values)``."""
        return partial(self, lang_of(lang))

    def both(self, key: str, **values: object) -> str:
        """The sentence in every language at once, as HTML (the page's CSS shows the one of ``<html lang>``)."""
        return both(partial(self, key=key, **values))

    def table(self, lang: str) -> dict[str, str]:
        """The whole table of ``lang`` (a copy), for a page that says its words itself."""
        return dict(self.tables[lang_of(lang)])


__all__ = ["LANGS", "Catalogue", "both", "lang_of", "pick", "places", "typography"]

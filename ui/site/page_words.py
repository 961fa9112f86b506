"""What the page's bridge (ui/js/bridge.js) says itself, in English and French.

Some of it must be said before any Python runs in the page (the engine could
not start, the browser is too old for it), so these sentences do not come
from the worker: the build writes them into every page's config
(``config.words``, tools/build.py), and the bridge's ``say(key, values)``
picks the page's language and fills in the ``{name}`` places. The bridge
itself keeps no words; ``tests/test_page_words.py`` holds the two sides to
the same keys.

>>> say("stuck", "fr", s=60)
'aucune réponse depuis 60 secondes'
"""

from __future__ import annotations

import re

from ui.app.words import Catalogue

#: Each of the bridge's sentences by key, per language; ``{name}`` is a value the page fills in.
PAGE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "storageOff": "This game will not be kept in this browser, which does not let the page store anything here. The share link and Export still work.",
        "saveFailed": "Could not save (storage full or private): play goes on.",
        "died": "The game engine stopped ({reason}). Your saved games are kept.",
        "stuck": "no answer for {s} seconds",
        "notRunning": "the engine is not running",
        "noAnswer": "the engine did not answer",
        "event": "{type} event",
        "linkTooLong": "This link is too long to be a game ({n} characters; a game takes at most {max}).",
        "fileTooBig": "This file is too big to be a game record ({n} bytes; a record takes at most {max}).",
        "unreadable": "This save cannot be read.",
        "deleteQuestion": "Delete this saved game?",
        "tooOld": "This browser is too old to run the game engine.",
        "couldNotStart": "The game engine could not start: {reason}",
        "stalled": "The game engine could not start: nothing has arrived for {s} seconds (is the connection down?).",
        "downloading": "{done} of {total} MB",
        "decimalMark": ".",
        "preparing": "getting the game ready",
        "mixed": "This page and its engine come from two versions of the site: reload the page.",
    },
    "fr": {
        "storageOff": "Cette partie ne sera pas gardée dans ce navigateur, qui ne laisse rien enregistrer ici. Le lien de partage et l'export fonctionnent toujours.",
        "saveFailed": "Sauvegarde impossible (stockage plein ou privé) : la partie continue.",
        "died": "Le moteur de jeu s'est arrêté ({reason}). Vos parties sauvegardées sont gardées.",
        "stuck": "aucune réponse depuis {s} secondes",
        "notRunning": "le moteur de jeu ne tourne pas",
        "noAnswer": "le moteur de jeu n'a pas répondu",
        "event": "événement {type}",
        "linkTooLong": "Ce lien est trop long pour être une partie ({n} caractères ; une partie en prend au plus {max}).",
        "fileTooBig": "Ce fichier est trop gros pour être une partie ({n} octets ; une partie en prend au plus {max}).",
        "unreadable": "Cette sauvegarde est illisible.",
        "deleteQuestion": "Supprimer cette partie sauvegardée ?",
        "tooOld": "Ce navigateur est trop ancien pour faire tourner le moteur de jeu.",
        "couldNotStart": "Le moteur de jeu n'a pas pu démarrer : {reason}",
        "stalled": "Le moteur de jeu n'a pas pu démarrer : rien n'est arrivé depuis {s} secondes (connexion coupée ?).",
        "downloading": "{done} sur {total} Mo",
        "decimalMark": ",",
        "preparing": "préparation de la partie",
        "mixed": "Cette page et son moteur viennent de deux versions du site : rechargez la page.",
    },
}

#: The same sentences read as every catalogue of ui/ is (the two languages held to the same keys and places).
CATALOGUE = Catalogue(PAGE_WORDS)

#: A place for a value in a sentence, ``{name}`` (the bridge's ``say`` fills the same places).
PLACE = re.compile(r"\{(\w+)\}")


def places(text: str) -> set[str]:
    """The names of the values a sentence takes.

    >>> sorted(places(PAGE_WORDS["en"]["linkTooLong"]))
    ['max', 'n']
    """
    return set(PLACE.findall(text))


def say(key: str, lang: str, **values: object) -> str:
    """A sentence as the bridge says it (numbers aside: the page writes them in its language's way)."""
    text = CATALOGUE.template(lang, key)
    return PLACE.sub(lambda found: str(values[found.group(1)]), text)


__all__ = ["PAGE_WORDS", "places", "say"]

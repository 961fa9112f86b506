"""One identity per seat: its colour, its emblem, its player's name, and "you".

The rules engine names ships by colour ("Red rolls a 4"), as the rulebook
does; the set-up names the players ("You", "Captain Bot"). Everywhere the
page names a seat it uses these helpers, so the same seat reads the same
way in the panels, the log, the buttons, the board and the banner:

* in the game's sentences, the colour, with "(you)" after the person's own:
  ``Red (you) rolls a 4``, ``hits Blue``;
* where the player is named, the name and the colour: ``Captain Bot (Blue)``.

Each colour also has an emblem (a shape drawn on its sail, its flag and its
panel), so seats are told apart without seeing colours.

>>> seat_word(0, 0, "en"), seat_word(1, 0, "fr"), seat_title("Captain Bot", 1, "en")
('Red (you)', 'Bleu', 'Captain Bot (Blue)')
>>> mark_you("Blue leaves Red's ship alone.", 0, "en")
'Blue leaves your ship (Red) alone.'
>>> mark_you("Bleu laisse le navire de Rouge tranquille.", 0, "fr")
'Bleu laisse votre navire (Rouge) tranquille.'
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.piratissimo import data as D
from ui.app.words import Catalogue, lang_of, pick

#: Each seat's emblem, by seat (the shape drawn on its sail, flag and panel), and its name.
EMBLEMS: tuple[str, ...] = ("circle", "square", "triangle", "diamond")
#: How the person's own seat is marked in a sentence, per language:
#: (after the colour, the possessive "X's ship" rewritten, the pattern of it), and the emblems' names.
WORDS = Catalogue({
    "en": {"you": "{colour} (you)", "ship": "your ship ({colour})", "ship_of": r"\b{colour}'s ship\b",
           "circle": "circle", "square": "square", "triangle": "triangle", "diamond": "diamond"},
    "fr": {"you": "{colour} (vous)", "ship": "votre navire ({colour})", "ship_of": r"\ble navire de {colour}\b",
           "circle": "rond", "square": "carré", "triangle": "triangle", "diamond": "losange"},
})


def emblem_word(seat: int, lang: str = "en") -> str:
    """The name of the seat's emblem ("square", "carré").

    >>> emblem_word(1, "fr"), emblem_word(3)
    ('carré', 'diamond')
    """
    return WORDS(lang, EMBLEMS[seat])


def colour_word(seat: int, lang: str = "en") -> str:
    """The seat's colour as the game's sentences say it ("Red", "Rouge")."""
    return pick(lang, D.COLOURS, D.COLOURS_FR)[seat].capitalize()


def seat_word(seat: int, you: int | None, lang: str = "en") -> str:
    """A seat in a sentence: its colour, "(you)" after the person's own."""
    colour = colour_word(seat, lang)
    if seat == you:
        return WORDS(lang, "you", colour=colour)
    return colour


def seat_title(name: str, seat: int, lang: str = "en") -> str:
    """A seat where its player is named: the name and the colour ("Captain Bot (Blue)")."""
    return f"{name} ({colour_word(seat, lang)})"


@lru_cache(maxsize=16)
def _you_pattern(seat: int, lang: str) -> re.Pattern[str]:
    colour = re.escape(colour_word(seat, lang))
    return re.compile(WORDS(lang, "ship_of", colour=colour) + rf"|\b{colour}\b")


def mark_you(text: str, you: int | None, lang: str = "en") -> str:
    """An engine sentence with the person's own seat marked "(you)" (their ship: "your ship").

    >>> mark_you("Red rolls a 2. Blue's ship capsizes.", 1, "en")
    'Red rolls a 2. your ship (Blue) capsizes.'
    >>> mark_you("Red rolls a 2.", None, "en")
    'Red rolls a 2.'
    """
    if you is None or not 0 <= you < len(D.COLOURS):
        return text
    lang = lang_of(lang)
    colour = colour_word(you, lang)

    def say(found: re.Match[str]) -> str:
        return WORDS(lang, "you" if found.group(0) == colour else "ship", colour=colour)

    return _you_pattern(you, lang).sub(say, text)

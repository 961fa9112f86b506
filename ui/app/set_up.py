"""A new game from the set-up form and the page's address: the page hands over the facts, Python decides.

The page sends the form as the person left it (each seat's controller and the
name in its field, each option's input, the bot speed chosen) and its
address's query, as they are, in one message (:class:`ui.app.messages.SetUpForm`).
:func:`start_message` makes the game's :class:`ui.app.messages.Start` of them:

* ``?seats=human,mcts:hard,none`` gives each seat of the form its controller
  in turn, over the form's choice; a missing one or ``none`` leaves the seat
  empty, and one past the form's last seat is not read;
* a seat the address gives another controller than the form's takes that
  controller's default name (a person's "Player 2", the seat's bot name) in the
  page's language: the form's field names whoever the form chose;
* the option ``training`` (the analysis's flags as you play) is the session's,
  not the game's;
* ``?seed=`` and ``?pace=`` are whole numbers when they are ASCII digits, else
  the text they are, which the start refuses in words; without ``?pace=`` the
  form's bot speed counts.

Every refusal is a :class:`~ui.app.messages.BadMessage` in words: the address too
long to read, or the start's own (an unknown bot, a seed out of range...).

>>> form = parse_message('{"op": "set_up", "game": "siege", "lang": "fr", "query": "?seats=mcts:easy,human&seed=7",'
...     ' "rows": [{"controller": "human", "name": "Ann"}, {"controller": "aim", "name": "Canonnier"}]}')
>>> start = start_message(form)
>>> [(seat.name, seat.controller) for seat in start.seats], start.seed
([('Robot vigie', 'mcts:easy'), ('Joueur 2', 'human')], 7)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qs

from engine.numbers import NARROW_NBSP
from ui.app.messages import BadMessage, SetUpForm, Start, parse_message
from ui.app.words import Catalogue
from ui.games import GAMES
from ui.store.resume import MAX_QUERY_CHARS

#: A whole number as the page read one (ASCII digits: "²" is a digit to Python, not to the page).
_WHOLE = re.compile(r"^[0-9]+$")
#: An empty seat's controller in the form and in ``?seats=``.
EMPTY = "none"
#: The form's option that is the session's, not the game's.
TRAINING = "training"


@dataclass(frozen=True)
class Address:
    """What a game page's address asks of a new game, as typed (None: not asked)."""

    #: ``?seats=``'s controllers in order, empty ones left out (None: no seat asked for).
    seats: tuple[str, ...] | None = None
    seed: str | None = None
    pace: str | None = None


def read_query(query: str) -> Address:
    """The address's query (``location.search``, already bounded) as the set-up reads it.

    >>> read_query("?seats=human,,mcts:hard&seed=12&lang=fr")
    Address(seats=('human', 'mcts:hard'), seed='12', pace=None)
    >>> read_query("?seats=&seed=&pace=0&seed=9")
    Address(seats=None, seed='', pace='0')
    """
    values = parse_qs(query.removeprefix("?"), keep_blank_values=True)

    def first(name: str) -> str | None:
        found = values.get(name)
        return found[0] if found else None

    seats = tuple(name for name in (first("seats") or "").split(",") if name)
    return Address(seats=seats or None, seed=first("seed"), pace=first("pace"))


def whole_or_text(text: str) -> int | str:
    """A whole number when ``text`` is ASCII digits (the start bounds it), else the text (the start refuses it).

    >>> whole_or_text("0042"), whole_or_text("4.5"), whole_or_text("²")
    (42, '4.5', '²')
    """
    return int(text) if _WHOLE.match(text) else text


def default_name(game: str, index: int, controller: str, lang: str) -> str | None:
    """The name the set-up gives seat ``index`` played by ``controller`` (None: the game has no such seat).

    It is the one the form's field shows while nobody types over it (ui/site/pages.py
    writes both on the field).

    >>> default_name("trice", 1, "human", "fr"), default_name("trice", 1, "mcts:hard", "en")
    ('Joueur 2', 'Green bot')
    """
    page = next((page for page in GAMES if page.name == game), None)
    if page is None or index >= len(page.seats):
        return None
    return page.seats[index].name(index, lang, controller)


#: Why an address too long to read starts no game; ``{limit}`` has its thousands grouped by ``thousands``.
WORDS = Catalogue({
    "en": {
        "too_long": "This address is too long to be read (after the “?”, an address takes at most {limit} characters).",
        "thousands": ",",
    },
    "fr": {
        # French guillemets hold their word with narrow no-break spaces, which group thousands too
        "too_long": f"Cette adresse est trop longue pour être lue (après le «{NARROW_NBSP}?{NARROW_NBSP}», une adresse "
                    "en prend au plus {limit} caractères).",
        "thousands": NARROW_NBSP,
    },
})


def too_long(lang: str) -> str:
    """Why an address too long to read starts no game, in the page's language.

    >>> too_long("fr").endswith("au plus 2\\u202f000 caractères).")
    True
    """
    return WORDS(lang, "too_long", limit=f"{MAX_QUERY_CHARS:,}".replace(",", WORDS(lang, "thousands")))


def start_message(form: SetUpForm) -> Start:
    """The new game the set-up and the address ask for, checked as any start is; BadMessage in words if refused."""
    if len(form.query) > MAX_QUERY_CHARS:
        raise BadMessage(too_long(form.lang))
    address = read_query(form.query)
    seats = []
    for index, row in enumerate(form.rows):
        controller = row.controller
        name = row.name
        if address.seats is not None:
            controller = address.seats[index] if index < len(address.seats) else EMPTY
            if controller != row.controller:
                name = default_name(form.game, index, controller, form.lang) or row.name
        if controller != EMPTY:
            seats.append({"name": name, "controller": controller})
    options: dict[str, bool | str] = dict(form.options)
    training = bool(options.pop(TRAINING, False))
    message: dict[str, object] = {
        "op": "start", "game": form.game, "seats": seats, "options": options, "lang": form.lang, "training": training,
    }
    if address.seed is not None:
        message["seed"] = whole_or_text(address.seed)
    pace = address.pace if address.pace is not None else form.pace
    if pace is not None:
        message["pace_ms"] = whole_or_text(pace)
    # The start a page once built itself, checked and worded as every start is.
    start = parse_message(json.dumps(message))
    assert isinstance(start, Start)  # its op says so
    return start


__all__ = ["Address", "SetUpForm", "default_name", "read_query", "start_message"]

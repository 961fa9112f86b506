"""Your unfinished games: which one a game page reopens by itself, and the landing page's "Continue".

A reload, or coming back to a game page later, reopens the person's latest
unfinished game there, at the step it had reached, with no click
(:func:`choose`).  The page asks only where its address asks for another
game: a share link (``#g1.…``), or a ``?seats=``/``?seed=`` set-up that no
unfinished game has.  Then the address wins (a link opens as a game of its
own) and the page offers the unfinished game in words; nothing a person
played is replaced or dropped.

The landing page lists the unfinished games of every game page, newest
first (:func:`continue_html`): the game, who plays, how far it has gone and
when, each a link that reopens that game (``<game>/?resume=<id>``).

Everything here is pure: the stored entries, the address and the page's
clock come in, words and HTML go out.

>>> asked = read_address("?seats=human,heuristic&seed=3", rows=2)
>>> asked.controllers, asked.seed, asked.asks_set_up
(('human', 'heuristic'), '3', True)
>>> choose(Asked(), [], current_game_id="").kind
'new'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Literal
from urllib.parse import parse_qs

from ui.app.bilingual import bilingual
from ui.app.players import level_name
from ui.app.words import Catalogue, both
from ui.games import GAMES
from ui.store.saves import (
    DamagedSave,
    SaveEntry,
    SetUp,
    iso_time,
    moves_words,
    read_entry,
    set_up,
    storage_key,
    when_words,
)

#: The longest address query the page hands over; a longer one asks for a set-up nothing here matches.
MAX_QUERY_CHARS = 2_000
#: How many unfinished games the landing page lists (the others wait on their game pages).
CONTINUE_SHOWN = 6
#: How many unfinished games a page tries to reopen before it starts a fresh one (a game that no
#: longer replays, edited by hand, is skipped with words).
REOPEN_TRIES = 3

#: The slowest bot speed a page takes (ui.app.messages.Pace's bound).
MAX_PACE_MS = 5_000

_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
#: A whole number as the bridge reads one (ASCII digits: "²" is a digit to Python, not to ``int``).
_NUMBER = re.compile(r"^[0-9]+$")


@dataclass(frozen=True)
class Asked:
    """What a game page's address asks for, read as the bridge's set-up reads it."""

    #: The controllers of ``?seats=`` seat by seat, empty seats left out (None: not asked).
    controllers: tuple[str, ...] | None = None
    #: ``?seed=`` as typed (None: not asked).
    seed: str | None = None
    #: ``?resume=<id>``: a saved game chosen on the landing page (None: not asked).
    resume_id: str | None = None
    #: ``?pace=`` when it is a bot speed the page has (a reopened game takes it; a new game's set-up
    #: reads it again and refuses a bad one in words).
    pace_ms: int | None = None
    #: The address was too long to read: it asks for something no saved game is.
    unreadable: bool = False

    @property
    def asks_set_up(self) -> bool:
        return self.controllers is not None or self.seed is not None or self.unreadable


def read_address(query: str, rows: int) -> Asked:
    """The address's query (``location.search``) as the page's set-up reads it.

    ``rows`` is the set-up form's number of seats: ``?seats=`` gives each row
    its controller in turn, a missing or ``none`` one leaves the seat empty,
    and one past the last row is not read (as the bridge's set-up does).

    >>> read_address("?seats=human,none,mcts:hard,random&lang=fr", rows=3)
    Asked(controllers=('human', 'mcts:hard'), seed=None, resume_id=None, pace_ms=None, unreadable=False)
    >>> read_address("?seats=&seed=&resume=ab12&pace=0", rows=3)
    Asked(controllers=None, seed='', resume_id='ab12', pace_ms=0, unreadable=False)
    >>> read_address("?seed=" + "9" * 3000, rows=3).asks_set_up, read_address("?pace=%C2%B2", rows=3).pace_ms
    (True, None)
    """
    if len(query) > MAX_QUERY_CHARS:
        return Asked(unreadable=True)
    values = parse_qs(query.removeprefix("?"), keep_blank_values=True)

    def first(name: str) -> str | None:
        found = values.get(name)
        return found[0] if found else None

    seats = [name for name in (first("seats") or "").split(",") if name]
    controllers = None
    if seats:
        controllers = tuple(seats[i] if i < len(seats) else "none" for i in range(rows))
        controllers = tuple(c for c in controllers if c != "none")
    pace = first("pace")
    pace_ms = int(pace) if pace is not None and _NUMBER.match(pace) and int(pace) <= MAX_PACE_MS else None
    return Asked(controllers=controllers, seed=first("seed"), resume_id=first("resume"), pace_ms=pace_ms)


def matches(entry: SaveEntry, asked: Asked) -> bool:
    """Whether a saved game is the one the address's set-up asks for (who plays each seat, the seed).

    >>> from ui.store.saves import Summary
    >>> entry = SaveEntry(id="a", game="pig", saved=0, summary=Summary(title="Pig", seats=["A", "B"], steps=2),
    ...     record={"seats": [{"name": "A"}, {"name": "B", "controller": "random"}], "seed": 7})
    >>> matches(entry, Asked(controllers=("human", "random"))), matches(entry, Asked(seed="7"))
    (True, True)
    >>> matches(entry, Asked(controllers=("human", "human"))), matches(entry, Asked(seed="8"))
    (False, False)
    >>> matches(entry, Asked(seed="⁷"))  # a digit to Python, not a seed to the page
    False
    """
    known: SetUp | None = set_up(entry)
    return known is not None and fits(known, asked)


def fits(known: SetUp, asked: Asked) -> bool:
    """Whether a game's set-up is the one the address asks for: every seat's controller, the seed.

    >>> from engine.records import Seat
    >>> known = SetUp(seats=[Seat(name="A"), Seat(name="B", controller="mcts:easy")], seed=3)
    >>> fits(known, Asked()), fits(known, Asked(controllers=("human", "mcts:easy"), seed="3"))
    (True, True)
    >>> fits(known, Asked(controllers=("human", "mcts:hard"))), fits(known, Asked(unreadable=True))
    (False, False)
    """
    if asked.unreadable:
        return False
    if asked.controllers is not None and asked.controllers != tuple(seat.controller for seat in known.seats):
        return False
    return not (asked.seed is not None and not (_NUMBER.match(asked.seed) and known.seed == int(asked.seed)))


@dataclass(frozen=True)
class Choice:
    """What a game page does as it opens."""

    #: "keep": the game this visit has on the page; "resume": reopen ``reopen`` (the first that
    #: replays); "link": open the address's share link; "new": start the set-up's game.
    kind: Literal["keep", "resume", "link", "new"]
    #: Storage keys of the saved games to reopen, the best first.
    reopen: tuple[str, ...] = ()
    #: The unfinished game the page offers to go back to ("Resume"), when it opens another.
    offer: str | None = None
    #: Sentences for the person (a game asked for that is not here), or "".
    notice: str = ""


NOTICES = Catalogue({
    "en": {
        "missing": "That saved game is not in this browser any more.",
        "unreadable": "A saved game could not be reopened ({reason}); it stays in Saved games.",
    },
    "fr": {
        "missing": "Cette partie sauvegardée n'est plus dans ce navigateur.",
        "unreadable": "Une partie sauvegardée n'a pas pu être rouverte ({reason}) ; "
        "elle reste dans Parties sauvegardées.",
    },
})


def notice_words(key: str, lang: str, **values: str) -> str:
    return NOTICES(lang, key, **values)


def choose(
    asked: Asked,
    saved: list[tuple[str, SaveEntry]],
    *,
    current_game_id: str,
    current: SetUp | None = None,
    link: bool = False,
    lang: str = "en",
) -> Choice:
    """What a game page opens, from its address, its saved games (newest first) and the visit's game.

    In order: a game chosen on the landing page (``?resume=``); the game this
    visit already plays on the page (client-side navigation back to it), unless
    the address asks for another set-up than ``current`` (that game's: a landing
    card's other level), without a link; a
    share link, which opens as a game of its own while the latest unfinished
    game is offered; an unfinished game with the set-up the address asks for,
    else that set-up's new game, the latest unfinished game offered; else the
    latest unfinished game; else a new game.
    """
    unfinished = [(key, entry) for key, entry in saved if not entry.finished]
    latest = unfinished[0][0] if unfinished else None
    notice = ""
    if asked.resume_id is not None:
        if current_game_id and asked.resume_id == current_game_id:
            return Choice("keep")
        wanted = asked.resume_id if _GAME_ID.match(asked.resume_id) else None
        chosen = [key for key, entry in saved if entry.id == wanted]
        if chosen:
            return Choice("resume", reopen=tuple(chosen[:1]))
        notice = notice_words("missing", lang)
    if current_game_id and (link or current is None or not asked.asks_set_up or fits(current, asked)):
        return Choice("keep", notice=notice)
    if link:
        return Choice("link", offer=latest, notice=notice)
    if asked.asks_set_up:
        fitting = tuple(key for key, entry in unfinished if matches(entry, asked))
        if fitting:
            return Choice("resume", reopen=fitting[:REOPEN_TRIES], notice=notice)
        return Choice("new", offer=latest, notice=notice)
    if unfinished:
        return Choice("resume", reopen=tuple(key for key, _ in unfinished[:REOPEN_TRIES]), notice=notice)
    return Choice("new", notice=notice)


# -- the landing page's "Continue" ------------------------------------------------------------

CONTINUE_WORDS = Catalogue({
    "en": {
        "title": "Continue a game", "go": "Continue", "turn": "Turn {n}",
        "more": "{n} more unfinished games wait on their game pages, under Saved games.",
        "more_one": "1 more unfinished game waits on its game page, under Saved games.",
        "damaged": "{n} saved games could not be read: their game pages list them under Saved games, "
        "where they can be deleted.",
        "damaged_one": "1 saved game could not be read: its game page lists it under Saved games, "
        "where it can be deleted.",
    },
    "fr": {
        "title": "Reprendre une partie", "go": "Reprendre", "turn": "Tour {n}",
        "more": "{n} autres parties en cours attendent sur les pages de leurs jeux, "
        "dans Parties sauvegardées.",
        "more_one": "1 autre partie en cours attend sur la page de son jeu, dans Parties sauvegardées.",
        "damaged": "{n} parties sauvegardées sont illisibles : les pages de leurs jeux les montrent dans "
        "Parties sauvegardées, où elles peuvent être supprimées.",
        "damaged_one": "1 partie sauvegardée est illisible : la page de son jeu la montre dans "
        "Parties sauvegardées, où elle peut être supprimée.",
    },
})


def _both(key: str, **values: object) -> str:
    """One of the list's sentences in both languages (the page shows the one of ``<html lang>``)."""
    return CONTINUE_WORDS.both(key, **values)


def _counted(key: str, n: int) -> str:
    return _both(f"{key}_one") if n == 1 else _both(key, n=n)


@dataclass
class Shelf:
    """The stored entries of every game page, read for the landing page."""

    #: (storage key, entry) of the unfinished games of the site's games, newest first.
    unfinished: list[tuple[str, SaveEntry]] = field(default_factory=list)
    #: How many entries of the site's games could not be read.
    damaged: int = 0


def read_shelf(entries: list[tuple[str, str]]) -> Shelf:
    """Every entry read on its own; a damaged one, or one under another game's key, is counted, never shown.

    >>> from ui.store.saves import Summary
    >>> good = SaveEntry(id="a1", game="trice", saved=5, summary=Summary(title="Trice", seats=["A"], steps=1),
    ...     record={}).model_dump_json()
    >>> shelf = read_shelf([("boardgames:save:trice:a1", good), ("boardgames:save:siege:a1", good),
    ...                     ("boardgames:save:trice:x", "{"), ("boardgames:lang", "fr")])
    >>> [key for key, _ in shelf.unfinished], shelf.damaged
    (['boardgames:save:trice:a1'], 2)
    """
    names = {game.name for game in GAMES}
    shelf = Shelf()
    for key, text in entries:
        parts = key.split(":")
        if len(parts) != 4 or parts[:2] != ["boardgames", "save"] or parts[2] not in names:
            continue  # not a saved game of this site's pages
        try:
            entry = read_entry(text)
        except DamagedSave:
            shelf.damaged += 1
            continue
        if storage_key(entry.game, entry.id) != key:
            shelf.damaged += 1  # its page would never find it under this key
        elif not entry.finished:
            shelf.unfinished.append((key, entry))
    shelf.unfinished.sort(key=lambda item: item[1].saved, reverse=True)
    return shelf


def players_html(entry: SaveEntry) -> str:
    """Who plays: each seat's name, a bot's level beside it, a default name in the page's language.

    >>> from ui.store.saves import Summary
    >>> entry = SaveEntry(id="a", game="trice", saved=0, summary=Summary(title="Trice", seats=["You"], steps=0),
    ...     record={"seats": [{"name": "You"}, {"name": "Zoé", "controller": "mcts:hard"}]})
    >>> players_html(entry)
    '<span lang="en">You</span><span lang="fr">Vous</span>, Zoé (<span lang="en">expert</span><span lang="fr">expert</span>)'
    """
    known = set_up(entry)
    if known is None:  # the record does not say who plays plainly: the summary's names
        return escape(", ".join(entry.summary.seats))
    defaults = next((game.seats for game in GAMES if game.name == entry.game), ())
    shown = []
    for index, seat in enumerate(known.seats):
        default = defaults[index] if index < len(defaults) else None
        name = escape(seat.name)
        names = default.names(index) if default is not None else ()
        if seat.name in names[:2]:
            name = bilingual(names[0], names[1])  # a default name reads in the page's language
        elif seat.name in names[2:]:
            name = bilingual(names[2], names[3])
        elif (person := re.fullmatch(r"(?:Player|Joueur) (\d)", seat.name)) is not None:
            name = bilingual(f"Player {person[1]}", f"Joueur {person[1]}")  # earlier saves' names for ?seats=
        if seat.controller != "human":
            name += f" ({both(partial(level_name, seat.controller))})"
        shown.append(name)
    return ", ".join(shown)


def progress_html(entry: SaveEntry) -> str:
    """How far the game has gone: the turn in progress (as the log heads it) and the moves played."""
    summary = entry.summary
    moves = both(partial(moves_words, summary.steps))
    if summary.turns is None:  # saved before the summary counted turns
        return moves
    return f"{_both('turn', n=summary.turns)} · {moves}"


def continue_html(entries: list[tuple[str, str]], now_ms: float, *, tz_offset_min: int = 0) -> str:
    """The landing page's "Continue": the unfinished games, newest first, in both languages ("" if none).

    Each is a link to its game page that reopens it at its step
    (``?resume=<id>``); past :data:`CONTINUE_SHOWN` the list says how many
    more there are, and damaged entries are counted in words, never shown.
    """
    shelf = read_shelf(entries)
    if not shelf.unfinished and not shelf.damaged:
        return ""
    titles = {game.name: game.title for game in GAMES}
    items = []
    for _, entry in shelf.unfinished[:CONTINUE_SHOWN]:
        when = both(partial(when_words, entry.saved, now_ms, tz_offset_min=tz_offset_min))
        items.append(
            f'<li><a class="continue-game" href="{entry.game}/?resume={escape(entry.id)}"'
            f' data-continue="{entry.game}">'
            f'<span class="continue-name">{escape(titles[entry.game])}</span>'
            f'<span class="continue-players">{players_html(entry)}</span>'
            f'<span class="continue-progress">{progress_html(entry)} · '
            f'<time datetime="{iso_time(entry.saved)}">{when}</time></span>'
            f'<span class="continue-go">{_both("go")}<span aria-hidden="true"> →</span></span></a></li>'
        )
    parts = [f'<h2 id="continue-title">{_both("title")}</h2>']
    if items:
        parts.append(f'<ul class="continue-list" aria-labelledby="continue-title">{"".join(items)}</ul>')
    hidden = len(shelf.unfinished) - len(items)
    if hidden > 0:
        parts.append(f'<p class="continue-more">{_counted("more", hidden)}</p>')
    if shelf.damaged:
        parts.append(f'<p class="continue-damaged">{_counted("damaged", shelf.damaged)}</p>')
    return "".join(parts)


__all__ = ["Asked", "Choice", "choose", "continue_html", "matches", "read_address"]

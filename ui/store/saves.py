"""Saved games: what the page keeps in the browser's storage, and the list of them.

Every game a person plays has its own id; its autosave is one storage entry
under ``boardgames:save:<game>:<id>``, written after each of the game's
positions once a person has acted in it (a bot moving on an untouched page
saves nothing).  A link, an import or a new game never reuses another game's
id, so nothing a person played is ever replaced.

The entry carries a short summary next to the record, so the list never has
to replay every game to say whose turn it is.  Stored text comes from outside
(a person may edit their storage): every entry is checked on its own, and a
damaged one is listed as damaged, with its delete button, never hiding the
others.

The policy that keeps the list bounded (:func:`plan`): at most
:data:`MAX_SAVES` games per game page; past that, finished games go first,
oldest first; an unfinished game is never dropped: the page says how many are
kept and asks the player to delete the ones they no longer want.

>>> entry = SaveEntry(id="a1b2c3", game="pig", saved=1000, finished=False,
...     summary=Summary(title="Pig", seats=["Ann", "Bob"], steps=3, turn="Ann"),
...     record={"game": "pig", "format": 1, "seats": [{"name": "Ann"}, {"name": "Bob"}], "actions": []})
>>> listing = plan([("boardgames:save:pig:a1b2c3", entry.model_dump_json()), ("boardgames:save:pig:x", "{broken")])
>>> listing.resume, listing.prune
('boardgames:save:pig:a1b2c3', [])
>>> "Damaged save" in listing.html and "Ann, Bob" in listing.html
True
"""

from __future__ import annotations

import json
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from html import escape
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from engine.bounded import MAX_RECORD_CHARS, MAX_SEATS, BadJson, parse_json
from engine.records import Seat, Seed
from ui.app.words import Catalogue

#: How many saved games a game page keeps before it prunes finished ones.
MAX_SAVES = 40
#: The longest stored entry read back: the largest legal record and its summary.
MAX_ENTRY_CHARS = MAX_RECORD_CHARS + 8_192
#: Storage keys: ``boardgames:save:<game>:<id>``.
KEY_PREFIX = "boardgames:save:"

GameId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]


def new_game_id() -> str:
    """A fresh id for a game (48 random bits: no two of a player's games share one).

    >>> len(new_game_id()), new_game_id() != new_game_id()
    (12, True)
    """
    return secrets.token_hex(6)


def storage_key(game: str, game_id: str) -> str:
    """The storage key of a game's autosave.

    >>> storage_key("trice", "abc")
    'boardgames:save:trice:abc'
    """
    return f"{KEY_PREFIX}{game}:{game_id}"


class Summary(BaseModel):
    """What the list shows without replaying the game."""

    # validators are built on first use, not at import (the page's engine is ready sooner)
    model_config = ConfigDict(extra="ignore", defer_build=True)

    title: Annotated[str, StringConstraints(max_length=40)]
    seats: Annotated[list[Annotated[str, StringConstraints(max_length=40)]], Field(max_length=8)]
    steps: Annotated[int, Field(ge=0, le=1_000_000)]
    #: Whose turn it is (a seat's name), or "" when the game is over.
    turn: Annotated[str, StringConstraints(max_length=40)] = ""
    #: The number of the turn in progress, as the game log heads it ("Turn 5"); None in older saves.
    turns: Annotated[int, Field(ge=0, le=1_000_000)] | None = None


class SaveEntry(BaseModel):
    """One stored game: its id, when it was saved, a summary and the record."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    id: GameId
    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    #: Milliseconds since 1970 (the page's clock); finite and not before 1970.
    saved: Annotated[float, Field(ge=0, le=1e15, allow_inf_nan=False)]
    finished: bool = False
    summary: Summary
    #: The game record, checked in full (replayed) only when the game is resumed.
    record: dict[str, Any]


class SetUp(BaseModel):
    """Who plays each seat and the seed of a saved game, read from its record without replaying it.

    Enough to tell whether an address's ``?seats=``/``?seed=`` asks for this
    game, and to name its players in a list; the rules check the rest when
    the game is resumed.
    """

    model_config = ConfigDict(extra="ignore", defer_build=True)

    seats: Annotated[list[Seat], Field(min_length=1, max_length=MAX_SEATS)]
    seed: Seed | None = None


def set_up(entry: SaveEntry) -> SetUp | None:
    """The saved game's seats and seed, or None when its record does not say them plainly.

    >>> entry = SaveEntry(id="a", game="pig", saved=0, summary=Summary(title="Pig", seats=["Ann"], steps=0),
    ...     record={"seats": [{"name": "Ann"}, {"name": "Bot", "controller": "random"}], "seed": 4})
    >>> [seat.controller for seat in set_up(entry).seats], set_up(entry).seed
    (['human', 'random'], 4)
    >>> set_up(entry.model_copy(update={"record": {"seats": "Ann"}})) is None
    True
    """
    try:
        return SetUp.model_validate(entry.record)
    except ValidationError:
        return None


class DamagedSave(ValueError):
    """A stored entry that cannot be read back; the message says why."""


def read_entry(text: str) -> SaveEntry:
    """One stored entry, checked: size first, then JSON, then its shape.

    >>> read_entry('{"id": "x"')
    Traceback (most recent call last):
    ...
    ui.store.saves.DamagedSave: the JSON is broken at line 1, column 11 (is the file truncated?)
    >>> read_entry('{"id": "x", "game": "pig", "saved": NaN, "summary": {"title": "Pig", "seats": [], "steps": 0},'
    ...            ' "record": {}}')
    Traceback (most recent call last):
    ...
    ui.store.saves.DamagedSave: NaN is not a number: JSON has no NaN
    """
    if len(text) > MAX_ENTRY_CHARS:
        raise DamagedSave(f"it is too long (more than {MAX_ENTRY_CHARS:,} characters)")
    try:
        data = parse_json(text, max_chars=MAX_ENTRY_CHARS)
    except BadJson as exc:
        raise DamagedSave(str(exc)) from None
    if not isinstance(data, dict):
        raise DamagedSave("it is not an object")
    try:
        return SaveEntry.model_validate(data)
    except ValidationError as exc:
        from engine.records import explain

        raise DamagedSave(f"its content is malformed ({explain(exc)})") from None


@dataclass
class Listing:
    """The saved-games list of one game page and what the page should do with it."""

    html: str
    #: Storage keys to delete now (finished games past the limit).
    prune: list[str] = field(default_factory=list)
    #: The key of the player's latest unfinished game, offered by "Resume".
    resume: str | None = None
    #: A sentence for the player (too many unfinished games kept), or "".
    notice: str = ""
    #: Every entry that reads, newest first (what the page may reopen), with its storage key.
    entries: list[tuple[str, SaveEntry]] = field(default_factory=list)

    @property
    def unfinished(self) -> list[tuple[str, SaveEntry]]:
        """The games still in progress, newest first."""
        return [(key, entry) for key, entry in self.entries if not entry.finished]


#: The saved games' list, and when a game was saved as a person says it ("day_one": the first of a month).
WORDS = Catalogue({
    "en": {
        "empty": "No saved games.", "damaged": "Damaged save", "delete": "Delete", "resume": "Resume", "analyse": "Analyse",
        "finished": "finished", "turn": "turn: {name}", "actions": "{n} moves", "action": "1 move",
        "just_now": "just now", "minute": "1 minute ago", "minutes": "{n} minutes ago", "hour": "1 hour ago",
        "hours": "{n} hours ago", "yesterday": "yesterday", "days": "{n} days ago",
        "months": "January February March April May June July August September October November December",
        "date": "{day} {month}", "date_year": "{day} {month} {year}", "day_one": "1",
        "too_many": "{n} unfinished games are kept here: delete the ones you no longer want in Saved games.",
    },
    "fr": {
        "empty": "Aucune partie sauvegardée.", "damaged": "Sauvegarde abîmée", "delete": "Supprimer", "analyse": "Analyser",
        "resume": "Reprendre", "finished": "terminée", "turn": "au tour de {name}", "actions": "{n} coups",
        "action": "1 coup",
        "just_now": "à l'instant", "minute": "il y a 1 minute", "minutes": "il y a {n} minutes",
        "hour": "il y a 1 heure", "hours": "il y a {n} heures", "yesterday": "hier",
        "days": "il y a {n} jours",
        "months": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
        "date": "{day} {month}", "date_year": "{day} {month} {year}", "day_one": "1er",
        "too_many": "{n} parties non terminées sont gardées ici : supprimez celles dont vous ne voulez plus "
        "dans Parties sauvegardées.",
    },
})


#: A day and a minute in milliseconds (the page's clock counts in them).
DAY_MS = 86_400_000
MINUTE_MS = 60_000
#: The last millisecond a date can name (31 December 9999): later clocks are read as that.
LAST_MS = 253_402_300_799_000


def _moment(ms: float, zone: timezone) -> datetime:
    return datetime.fromtimestamp(min(max(ms, 0.0), LAST_MS) / 1000, zone)


def when_words(saved_ms: float, now_ms: float, lang: str = "en", *, tz_offset_min: int = 0) -> str:
    """When a game was saved, as a person says it: how long ago within a week, else the date.

    ``tz_offset_min`` is the page's ``Date.getTimezoneOffset()`` (minutes
    behind UTC), so "yesterday" and the date are the person's own.

    >>> now = 1_700_000_000_000  # 14 November 2023, 22:13 UTC
    >>> when_words(now - 20_000, now), when_words(now - 5 * MINUTE_MS, now, "fr")
    ('just now', 'il y a 5 minutes')
    >>> when_words(now - 3 * 60 * MINUTE_MS, now), when_words(now - DAY_MS, now, "fr")
    ('3 hours ago', 'hier')
    >>> when_words(now - 3 * DAY_MS, now), when_words(now - 13 * DAY_MS, now, "fr")
    ('3 days ago', '1er novembre')
    >>> when_words(now - 400 * DAY_MS, now), when_words(now + 5_000, now)
    ('10 October 2022', 'just now')
    >>> when_words(now - 2 * 60 * MINUTE_MS, now + 2 * 60 * MINUTE_MS, tz_offset_min=-120)  # 00:13 in Athens
    '4 hours ago'
    """
    words = WORDS.of(lang)
    elapsed = now_ms - saved_ms
    if elapsed < MINUTE_MS:
        return words("just_now")
    minutes = int(elapsed // MINUTE_MS)
    if minutes < 60:
        return words("minute") if minutes == 1 else words("minutes", n=minutes)
    zone = timezone(timedelta(minutes=-tz_offset_min))
    saved = _moment(saved_ms, zone)
    days = (_moment(now_ms, zone).date() - saved.date()).days
    hours = minutes // 60
    if days == 0 or hours < 12:  # a few hours ago reads better than "yesterday" just past midnight
        return words("hour") if hours == 1 else words("hours", n=hours)
    if days == 1:
        return words("yesterday")
    if days < 7:
        return words("days", n=days)
    month = words("months").split()[saved.month - 1]
    day = words("day_one") if saved.day == 1 else str(saved.day)
    recent = days < 300  # this year's dates need no year
    return words("date" if recent else "date_year", day=day, month=month, year=saved.year)


def plan(
    entries: list[tuple[str, str]],
    lang: str = "en",
    *,
    limit: int = MAX_SAVES,
    now_ms: float | None = None,
    tz_offset_min: int = 0,
) -> Listing:
    """Read every stored entry on its own, list them newest first, and apply the limit.

    ``now_ms`` (the page's clock) says how long ago each game was saved; without it, the list gives no time.
    """
    words = WORDS.of(lang)
    good: list[tuple[str, SaveEntry]] = []
    damaged: list[tuple[str, str]] = []
    for key, text in entries:
        try:
            good.append((key, read_entry(text)))
        except DamagedSave as exc:
            damaged.append((key, str(exc)))
    good.sort(key=lambda item: item[1].saved, reverse=True)
    prune: list[str] = []
    if len(good) > limit:
        finished_oldest_first = [key for key, entry in reversed(good) if entry.finished]
        prune = finished_oldest_first[: len(good) - limit]
        good = [(key, entry) for key, entry in good if key not in prune]
    unfinished = [key for key, entry in good if not entry.finished]
    notice = words("too_many", n=len(unfinished)) if len(good) > limit else ""
    rows = [_row(key, entry, lang, when_words(entry.saved, now_ms, lang, tz_offset_min=tz_offset_min)
                 if now_ms is not None else "") for key, entry in good]
    rows += [
        f'<li class="save damaged">{escape(words("damaged"))}: {escape(reason)} {_delete(key, words)}</li>'
        for key, reason in damaged
    ]
    html = (
        '<ul class="saves">' + "".join(rows) + "</ul>"
        if rows
        else f'<p class="saves-empty">{escape(words("empty"))}</p>'
    )
    return Listing(html, prune, unfinished[0] if unfinished else None, notice, good)


def _delete(key: str, words: Callable[..., str]) -> str:
    return f'<button type="button" class="btn" data-op="delete-save" data-key="{escape(key)}">{escape(words("delete"))}</button>'


def moves_words(steps: int, lang: str = "en") -> str:
    """How many steps a game has had ("1 move", "23 moves").

    >>> moves_words(1), moves_words(23, "fr")
    ('1 move', '23 coups')
    """
    words = WORDS.of(lang)
    return words("action") if steps == 1 else words("actions", n=steps)


def iso_time(ms: float) -> str:
    """A ``<time datetime>`` value (UTC) for a save's time in milliseconds.

    >>> iso_time(1_700_000_000_000), iso_time(1e15)
    ('2023-11-14T22:13:20Z', '9999-12-31T23:59:59Z')
    """
    return _moment(ms, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _row(key: str, entry: SaveEntry, lang: str, when: str) -> str:
    words = WORDS.of(lang)
    summary = entry.summary
    moves = moves_words(summary.steps, lang)
    turn = words("finished") if entry.finished else words("turn", name=summary.turn or "…")
    saved = int(entry.saved) if math.isfinite(entry.saved) else 0
    return (
        f'<li class="save" data-saved="{saved}"><strong>{escape(summary.title)}</strong> · '
        f"{escape(', '.join(summary.seats))} · {escape(moves)} · {escape(turn)} · "
        f'<time datetime="{iso_time(saved)}">{escape(when)}</time> '
        f'<button type="button" class="btn primary" data-op="resume-save" data-key="{escape(key)}">'
        f'{escape(words("resume"))}</button> '
        f'<button type="button" class="btn" data-op="analyse-save" data-key="{escape(key)}">'
        f'{escape(words("analyse"))}</button> {_delete(key, words)}</li>'
    )


def entry_json(entry: SaveEntry) -> dict[str, Any]:
    """The JSON-ready entry the page stores as it is."""
    return json.loads(entry.model_dump_json())

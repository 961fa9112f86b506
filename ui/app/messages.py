"""The bridge's messages, validated with pydantic on their way into Python.

The page's JavaScript sends one JSON object per call; :func:`parse_message`
turns it into one of the models below or raises :class:`BadMessage` with a
sentence naming what is wrong.  Nothing from the page reaches the engine
without passing through here.

>>> parse_message('{"op": "act", "gesture": "do end"}')
Act(op='act', gesture='do end')
>>> parse_message('{"op": "start", "game": "trice", "seats": []}')
Traceback (most recent call last):
...
ui.app.messages.BadMessage: bad message (start.seats: List should have at least 1 item after validation, not 0)
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from engine.bounded import (
    MAX_ACTIONS,
    MAX_CONTROLLER_CHARS,
    MAX_LINK_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    MAX_SEATS,
    BadJson,
    parse_json,
)
from engine.records import Seat, Seed, explain
from ui.store.resume import MAX_QUERY_CHARS
from ui.store.saves import LAST_MS, MAX_ENTRY_CHARS

Lang = Literal["en", "fr"]
#: The longest name a set-up field may hand over as typed (spaces around it are dropped before
#: the name's own bound, :data:`~engine.bounded.MAX_NAME_CHARS`, is checked).
MAX_TYPED_NAME_CHARS = 4 * MAX_NAME_CHARS


class _Message(BaseModel):
    # Each message's validator is built when that message first arrives, not
    # when the worker starts: the page is ready sooner (issue "Instant start").
    model_config = ConfigDict(extra="forbid", defer_build=True)


class Ping(_Message):
    op: Literal["ping"]


class Refresh(_Message):
    """The screen of the game this page already has (a page the player comes back to)."""

    op: Literal["refresh"]


class Prefs(_Message):
    """The player's system and screen: ``motion`` False when it asks for reduced motion; the viewport."""

    op: Literal["prefs"]
    motion: bool = True
    #: The window's width in CSS pixels, and whether its pointer is coarse (a touch screen).
    width: Annotated[int, Field(ge=0, le=100_000)] | None = None
    touch: bool | None = None


class Start(_Message):
    """Start a new game."""

    op: Literal["start"]
    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    seats: Annotated[list[Seat], Field(min_length=1, max_length=8)]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Seed | None = None
    lang: Lang = "en"
    training: bool = False
    #: Milliseconds between bot steps (None: the default pace a person can follow).
    pace_ms: Annotated[int, Field(ge=0, le=5000)] | None = None


class SeatRow(BaseModel):
    """A seat's row of the set-up form as the person left it: who plays it and the name in its field."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    controller: Annotated[str, StringConstraints(max_length=MAX_CONTROLLER_CHARS)]
    #: As typed (the field holds 40 characters; a name is checked, stripped, when the game starts).
    name: Annotated[str, StringConstraints(max_length=MAX_TYPED_NAME_CHARS)]


class SetUpForm(_Message):
    """A new game as the page's set-up form and its address ask for it, the facts as they are.

    Python turns them into a :class:`Start` (:func:`ui.app.set_up.start_message`):
    the address's ``?seats=`` overrides the form, ``?seed=`` and ``?pace=`` are read there.
    """

    op: Literal["set_up"]
    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    rows: Annotated[list[SeatRow], Field(min_length=1, max_length=MAX_SEATS)]
    #: Each option's input by its name: a checkbox's state, another input's text.
    options: Annotated[
        dict[
            Annotated[str, StringConstraints(max_length=40)],
            bool | Annotated[str, StringConstraints(max_length=200)],
        ],
        Field(max_length=16),
    ] = Field(default_factory=dict)
    #: The bot speed chosen in the form (its radio's value), if one is.
    pace: Annotated[str, StringConstraints(max_length=12)] | None = None
    #: ``location.search`` as it is (the page cuts it just past the longest one read).
    query: Annotated[str, StringConstraints(max_length=MAX_QUERY_CHARS + 1)] = ""
    lang: Lang = "en"


class Load(_Message):
    """Import a game record (a file's text, or the record itself): it opens as a game of its own."""

    op: Literal["load"]
    record: Any
    expect_game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")] | None = None
    lang: Lang = "en"


class ResumeSave(_Message):
    """Resume a saved game from its stored entry (the text as the page found it in storage)."""

    op: Literal["resume"]
    text: Annotated[str, StringConstraints(max_length=MAX_ENTRY_CHARS)]
    expect_game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")] | None = None
    lang: Lang = "en"


class Act(_Message):
    """A gesture from the page (see ui.app.view for the vocabulary)."""

    op: Literal["act"]
    gesture: Annotated[str, StringConstraints(min_length=1, max_length=200)]


class Tick(_Message):
    """Let a bot (or a bot's dice) take its next step."""

    op: Literal["tick"]


class SetLang(_Message):
    op: Literal["lang"]
    lang: Lang


class Pace(_Message):
    """The bots' speed during play: milliseconds between their steps."""

    op: Literal["pace"]
    pace_ms: Annotated[int, Field(ge=0, le=5000)]


class Skip(_Message):
    """Play the bots' turns at once, up to the next decision of a person."""

    op: Literal["skip"]


class Rematch(_Message):
    """The same line-up again (names, who plays, options), with a new seed."""

    op: Literal["rematch"]


class ViewStep(_Message):
    """Show the position after ``step`` actions (replay), or go live with None."""

    op: Literal["view"]
    step: Annotated[int, Field(ge=0, le=MAX_ACTIONS)] | None = None


class Autoplay(_Message):
    """The replay plays itself, a step every ``step_ms`` milliseconds (from the start when the live game is shown),
    or stops with None."""

    op: Literal["autoplay"]
    step_ms: Annotated[int, Field(ge=50, le=5000)] | None = None


class CoachAsk(_Message):
    """The coach: a hint for the person's move, an analysis of the game (start it, stop it, open one of its turns)."""

    op: Literal["hint", "analyse", "stop_analysis", "analysis_turn"]
    turn: Annotated[int, Field(ge=1, le=MAX_ACTIONS)] | None = None


class Undo(_Message):
    op: Literal["undo", "redo"]


class EncodeLink(_Message):
    op: Literal["link"]


class DecodeLink(_Message):
    op: Literal["open_link"]
    fragment: Annotated[str, StringConstraints(max_length=MAX_LINK_CHARS)]
    expect_game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")] | None = None
    lang: Lang = "en"
    #: The page's saved games: a friend's link goes on with this page's copy of its game.
    entries: StoredEntries = Field(default_factory=list)


class Bench(_Message):
    """Random playouts per second of one game, measured inside the page's Pyodide."""

    op: Literal["bench"]
    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    seconds: Annotated[float, Field(gt=0, le=30)] = 2.0
    #: With a bot name: its think time per decision instead, over this many positions.
    bot: Annotated[str, StringConstraints(pattern=r"^[a-z]+(:[a-z0-9]+){0,2}$")] | None = None
    positions: Annotated[int, Field(ge=1, le=20)] = 3


#: The saved games the page found in its storage: (storage key, stored text) each; the page cuts
#: a text longer than the longest entry just past that length (the list then calls it too long).
StoredEntries = Annotated[
    list[
        tuple[
            Annotated[str, StringConstraints(max_length=200)],
            Annotated[str, StringConstraints(max_length=MAX_ENTRY_CHARS + 1)],
        ]
    ],
    Field(max_length=1000),
]
#: The page's clock (``Date.now()``), in milliseconds since 1970.
PageClock = Annotated[float, Field(ge=0, le=LAST_MS, allow_inf_nan=False)]
#: The page's ``Date.getTimezoneOffset()``: minutes behind UTC (UTC-14 to UTC+14, and a margin).
TimezoneOffset = Annotated[int, Field(ge=-1_000, le=1_000)]


class Saves(_Message):
    """The autosaved games the page found in its storage, as raw text each."""

    op: Literal["saves"]
    entries: StoredEntries
    lang: Lang = "en"
    #: With the page's clock, the list says how long ago each game was saved.
    now_ms: PageClock | None = None
    tz_offset_min: TimezoneOffset = 0


class Arrive(_Message):
    """A game page opens (a visit, a reload, a navigation): what its address asks for and its saved games.

    Python chooses (:func:`ui.store.resume.choose`): the game this visit has here, a
    saved game reopened at its step, or the link's or the set-up's new game
    (then the page opens it and offers the unfinished one).
    """

    op: Literal["arrive"]
    entries: StoredEntries
    expect_game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    #: ``location.search`` as it is (the page cuts it just past the longest one read).
    query: Annotated[str, StringConstraints(max_length=MAX_QUERY_CHARS + 1)] = ""
    #: Whether the address carries a share link in its fragment (the page opens it itself).
    link: bool = False
    lang: Lang = "en"
    now_ms: PageClock | None = None
    tz_offset_min: TimezoneOffset = 0


class ContinueList(_Message):
    """The landing page's unfinished games of every game page, to list under "Continue"."""

    op: Literal["continue"]
    entries: StoredEntries
    now_ms: PageClock
    tz_offset_min: TimezoneOffset = 0


class StartLesson(_Message):
    """Open the lesson ``lesson`` of ``game`` (its page ``GAME/learn/<lesson>/``, ui/app/lesson.py)."""

    op: Literal["lesson"]
    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    lesson: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40)]
    lang: Lang = "en"


_MODELS = (
    Ping, Refresh, Prefs, Start, SetUpForm, Load, ResumeSave, Act, Tick, SetLang, Pace, Skip, Rematch, ViewStep, Autoplay,
    Undo, EncodeLink, DecodeLink, Bench, Saves, Arrive, ContinueList, StartLesson, CoachAsk,
)
Message = Annotated[Union[_MODELS], Field(discriminator="op")]  # noqa: UP007 - a union of a tuple of models
#: Each tag ("op") to its message.
BY_OP: dict[str, type[_Message]] = {op: model for model in _MODELS for op in get_args(model.model_fields["op"].annotation)}


@cache
def _union() -> TypeAdapter[Any]:
    """All the messages as one tagged union: only built to word a refusal (its sentences name the tag)."""
    return TypeAdapter(Message)


class BadMessage(ValueError):
    """A message from the page that does not fit any known shape."""


def parse_message(text: str) -> Any:
    """One message from the page, its text bounded before it is parsed (see :mod:`engine.bounded`).

    A message may carry a whole record, a link or every saved game, hence
    its own size limit, :data:`~engine.bounded.MAX_MESSAGE_CHARS`.

    >>> parse_message('{"op": "view", "step": ' + "[" * 100_000)
    Traceback (most recent call last):
    ...
    ui.app.messages.BadMessage: bad message: the JSON is nested more than 32 deep
    """
    try:
        data = parse_json(text, max_chars=MAX_MESSAGE_CHARS)
    except BadJson as exc:
        raise BadMessage(f"bad message: not JSON ({exc})" if exc.kind == "syntax" else f"bad message: {exc}") from None
    op = data.get("op") if isinstance(data, dict) else None
    model = BY_OP.get(op) if isinstance(op, str) else None
    try:
        if model is None:
            return _union().validate_python(data)  # refused; the union words why
        try:
            return model.model_validate(data)
        except ValidationError:
            return _union().validate_python(data)  # refused again, worded as the union words it
    except ValidationError as exc:
        raise BadMessage(f"bad message ({explain(exc)})") from None


__all__ = ["BadMessage", "parse_message"]

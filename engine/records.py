"""Game records: the seed plus every action, validated at the boundary.

A record is the one form in which a game leaves the engine: saved games,
exported files, share links and the CLI all carry it.  pydantic checks its
shape; :func:`replay` then checks every action against the rules, so a
tampered or truncated record is refused with a message a player can read.

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> game = replay({"game": "pig", "format": 1, "seats": [{"name": "Ann"}, {"name": "Bob"}],
...                "options": {"target": 10}, "seed": 1, "actions": ["roll", "die 4", "hold"]})
>>> game.game.state_to_json(game.final)["banks"]
[4, 0]
>>> replay({"game": "pig", "format": 1, "seats": [{"name": "Ann"}, {"name": "Bob"}],
...         "options": {}, "seed": 1, "actions": ["roll", "hold"]})
Traceback (most recent call last):
...
engine.records.RecordError: action 2 ('hold') is refused: illegal action 'hold': the die is rolling: only a die face can come next
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

import engine
from engine.bounded import (
    ECHO_CHARS,
    MAX_ACTIONS,
    MAX_CONTROLLER_CHARS,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    MAX_SEATS,
    SEED_LIMIT,
    BadJson,
    clip,
    parse_json,
    shorten,
)
from engine.core import BadOptions, Game, IllegalAction

#: Who plays a seat: a person, or a bot by its name (``heuristic``, ``mcts:hard``).
Controller = Annotated[
    str, StringConstraints(pattern=r"^(human|[a-z]+(:[a-z0-9]+){0,2})$", max_length=MAX_CONTROLLER_CHARS)
]

#: A dealer's seed: what both Python and JavaScript hold exactly (0 <= seed < 2**53),
#: so a game resumed in the page deals the same dice.
Seed = Annotated[int, Field(ge=0, lt=SEED_LIMIT)]


class Seat(BaseModel):
    # validators are built on first use, not at import (the page's engine is ready sooner)
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME_CHARS, strip_whitespace=True)]
    controller: Controller = "human"


class GameRecord(BaseModel):
    """The JSON form of a game: enough to rebuild every position."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    game: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,20}$")]
    format: Annotated[int, Field(ge=1)]
    seats: Annotated[list[Seat], Field(min_length=1, max_length=MAX_SEATS)]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Seed | None = None
    actions: Annotated[
        list[Annotated[str, StringConstraints(max_length=200)]], Field(max_length=MAX_ACTIONS)
    ] = Field(default_factory=list)


class RecordError(ValueError):
    """A record that cannot be replayed; the message says why, in words."""


@dataclass
class Replay:
    """A replayed record: the game, every state (``states[0]`` is the start)."""

    game: Game[Any, Any]
    record: GameRecord
    states: list[Any]
    actions: list[Any] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.states[-1]


def explain(error: ValidationError) -> str:
    """A pydantic error as one sentence naming the field and the problem.

    Outside values that pydantic repeats (a field name, a message's tag) are
    shortened, so the sentence stays short whatever the input:

    >>> try:
    ...     Seat.model_validate({"name": "Ann", "x" * 10_000: 1})
    ... except ValidationError as exc:
    ...     print(explain(exc))
    xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxx: Extra inputs are not permitted
    """
    parts = []
    for item in error.errors(include_url=False)[:3]:
        where = clip(".".join(clip(str(p)) for p in item["loc"]), 2 * ECHO_CHARS) or "the record"
        message = item["msg"]
        echoed = [item.get("input"), *(item.get("ctx") or {}).values()]
        for value in echoed:
            if isinstance(value, str) and len(value) > ECHO_CHARS and value in message:
                message = message.replace(value, clip(value))
        parts.append(f"{where}: {clip(message, 4 * ECHO_CHARS)}")
    return "; ".join(parts)


def parse_record(data: Any) -> GameRecord:
    """Validate a record given as JSON text (or UTF-8 bytes), a dict, or a model.

    Text is bounded before it is parsed (:func:`engine.bounded.parse_json`):

    >>> parse_record("[" * 5000)
    Traceback (most recent call last):
    ...
    engine.records.RecordError: this is not a game record: the JSON is nested more than 32 deep
    """
    if isinstance(data, GameRecord):
        return data
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = parse_json(data, max_chars=MAX_RECORD_CHARS)
        except BadJson as exc:
            raise RecordError(f"this is not a game record: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("this is not a game record: expected a JSON object")
    try:
        return GameRecord.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"this is not a valid game record ({explain(exc)})") from None


def replay(data: Any, *, expect_game: str | None = None) -> Replay:
    """Rebuild a game from its record, checking every action.

    Raises :class:`RecordError` naming what is wrong: a broken file, the wrong
    game, a newer format, bad options, or the first refused action.
    """
    record = parse_record(data)
    if expect_game is not None and record.game != expect_game:
        try:
            title = engine.get(record.game).title
        except engine.UnknownGame:
            title = shorten(record.game)
        wanted = engine.get(expect_game).title
        raise RecordError(f"this is a {title} record, not a {wanted} one")
    try:
        game = engine.get(record.game)
    except engine.UnknownGame as exc:
        raise RecordError(str(exc)) from None
    if record.format > game.format_version:
        raise RecordError(
            f"this record uses {game.title} format {shorten(record.format)}, newer than this site's "
            f"format {game.format_version}; reload the page to update the site"
        )
    older = record.format if record.format < game.format_version else None
    options = record.options if older is None else game.upgrade_options(older, record.options)
    try:
        state = game.new(len(record.seats), options)
    except BadOptions as exc:
        raise RecordError(f"the record's set-up is refused: {exc}") from None
    states = [state]
    actions: list[Any] = []
    texts: list[str] = []

    def play(action: Any, text: str) -> None:
        nonlocal state
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
        texts.append(text)

    for index, text in enumerate([*record.actions, None], start=1):
        try:
            action = None if text is None else game.parse_action(text)
            if older is not None:  # steps the older format played by itself
                for implied in game.implied_actions(older, state, action):
                    play(implied, game.format_action(implied))
            if text is not None:
                play(action, text)
        except IllegalAction as exc:
            note = "" if older is None else "; " + _older_note(game, older)
            raise RecordError(f"action {index} ({shorten(text)}) is refused: {exc}{note}") from None
    if older is not None:  # the record in today's format: what a save or a link keeps from now on
        record = record.model_copy(update={"format": game.format_version, "options": dict(options), "actions": texts})
    return Replay(game, record, states, actions)


def _older_note(game: Game[Any, Any], older: int) -> str:
    """Why an older record may stop replaying: what changed in the rules since its format."""
    changes = [game.format_changes[f] for f in range(older + 1, game.format_version + 1) if f in game.format_changes]
    what = f" ({'; '.join(changes)})" if changes else ""
    return (f"this record was written in {game.title} format {older}, and the rules changed since{what}: "
            "it cannot be replayed past this point")

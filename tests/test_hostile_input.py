"""Fuzzing the doors of the engine: links, records and states, mutated by hypothesis.

Each door has documented refusals and nothing else: :func:`decode_link` and
:func:`replay` raise :class:`RecordError`, ``state_from_json`` raises
:class:`BadState`; every message is short, whatever the input (deep nesting,
huge or non-finite numbers, wrong types, long strings, hostile compressions).
A state that passes works with every method of its game.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from engine.core import BadState, Dealer, IllegalAction
from engine.records import GameRecord, RecordError, replay
from ui.app.session import decode_link, encode_link

pytestmark = pytest.mark.property

SITE_GAMES = ("trice", "piratissimo", "siege")
#: No refusal is longer than this (see tests/test_echoes.py).
BOUND = 1_000
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def seeded_game(name: str, seed: int, steps: int) -> tuple[list[Any], list[str]]:
    """States and action texts of a seeded game of ``name`` (at most ``steps`` actions)."""
    game = engine.get(name)
    state, dealer, states, texts = game.new(game.max_seats), Dealer(seed), [], []
    for step in range(steps):
        states.append(state)
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        action = dealer.pick(game, state) if game.is_chance(state) else actions[(step * 7 + seed) % len(actions)]
        texts.append(game.format_action(action))
        state = game.apply(state, action)
    return states, texts


RECORDS: dict[str, dict[str, Any]] = {}
STATES: dict[str, list[dict[str, Any]]] = {}
for _name in SITE_GAMES:
    _game = engine.get(_name)
    _states, _texts = seeded_game(_name, 1, 60)
    RECORDS[_name] = {"game": _name, "format": 1, "seats": [{"name": f"Seat {i}"} for i in range(_game.max_seats)],
                      "options": _game.options(_states[0]), "seed": 1, "actions": _texts}
    STATES[_name] = [_game.state_to_json(s) for s in _states[:: 3] + seeded_game(_name, 2, 400)[0][-1:]]


# -- hostile values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    """A value JSON text can carry but ``json.dumps`` will not write: deep nesting, huge or non-finite numbers."""

    text: str

    def as_python(self) -> Any:
        """What a parser would make of it (depth capped: deep Python data never comes from outside)."""
        if self.text.startswith("["):
            value: Any = []
            for _ in range(min(self.text.count("["), 40)):
                value = [value]
            return value
        if self.text in ("NaN", "Infinity", "-Infinity", "1e400"):
            return float(self.text.replace("1e400", "inf"))
        return int(self.text) if len(self.text) < 4000 else 10**5000


tokens = st.builds(lambda n: Token("[" * n + "]" * n), st.sampled_from([31, 32, 33, 3_000, 100_000])) | st.builds(
    lambda n: Token("9" * n), st.sampled_from([17, 32, 33, 5_000])
) | st.sampled_from([Token("NaN"), Token("Infinity"), Token("-Infinity"), Token("1e400")])
long_text = st.builds(lambda unit, n: (unit or "x") * n, st.text(max_size=3), st.integers(1_000, 300_000))
plain = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 2, 3, 5, 2**53 - 1, 2**53, 10**30]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["peace-b1", "roll 1 2 3", "fire mortar 85 100", "load 3", "", "human", "trice"]),
    st.lists(st.integers(-3, 30), max_size=5),
    st.dictionaries(st.text(max_size=8), st.integers(-3, 30), max_size=3),
)
junk = st.one_of(plain, plain, tokens, long_text)


def mutate(value: Any, data: st.DataObject, depth: int = 0) -> Any:
    """``value`` with one place (at any depth) replaced, removed or added."""
    containers = isinstance(value, (dict, list)) and bool(value)
    if not containers or (depth > 0 and data.draw(st.integers(0, 3)) == 0):
        return data.draw(junk)
    how = data.draw(st.sampled_from(["into", "into", "into", "drop", "add"]))
    if isinstance(value, dict):
        out = dict(value)
        key = data.draw(st.sampled_from(sorted(out)))
        if how == "drop":
            del out[key]
        elif how == "add":
            out[data.draw(st.text(max_size=10) | long_text)] = data.draw(junk)
        else:
            out[key] = mutate(out[key], data, depth + 1)
        return out
    out_list = list(value)
    index = data.draw(st.integers(0, len(out_list) - 1))
    if how == "drop":
        del out_list[index]
    elif how == "add":
        out_list.insert(index, data.draw(junk))
    else:
        out_list[index] = mutate(out_list[index], data, depth + 1)
    return out_list


def as_text(value: Any) -> str:
    """JSON text of ``value``, tokens written as they are."""
    found: dict[str, str] = {}

    def default(obj: Any) -> Any:
        if isinstance(obj, Token):
            mark = f"\u0000token{len(found)}\u0000"
            found[json.dumps(mark)] = obj.text
            return mark
        raise TypeError(obj)

    text = json.dumps(value, default=default)
    for mark, token in found.items():
        text = text.replace(mark, token)
    return text


def as_python(value: Any) -> Any:
    if isinstance(value, Token):
        return value.as_python()
    if isinstance(value, dict):
        return {k: as_python(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_python(v) for v in value]
    return value


def short(error: BaseException) -> None:
    text = str(error)
    assert text and len(text) <= BOUND and "Traceback" not in text, f"{len(text)} characters: {text[:300]}"


def replays_or_refuses(record: Any) -> None:
    """``replay`` either rebuilds the game or raises RecordError, in few words."""
    try:
        replay(record)
    except RecordError as exc:
        event("record refused")
        short(exc)
        return
    event("record replayed")


# -- records ------------------------------------------------------------------------------------


@settings(FAST, max_examples=250)
@given(name=st.sampled_from(SITE_GAMES), data=st.data())
def test_mutated_records_replay_or_are_refused_in_words(name: str, data: st.DataObject) -> None:
    mutated = mutate(RECORDS[name], data)
    replays_or_refuses(as_text(mutated))
    replays_or_refuses(as_text(mutated).encode())
    replays_or_refuses(as_python(mutated))


# -- links --------------------------------------------------------------------------------------


def link_of(raw: bytes, level: int = 6) -> str:
    return "g1." + base64.urlsafe_b64encode(zlib.compress(raw, level)).decode().rstrip("=")


def a_bomb(megabytes: int) -> str:
    packer = zlib.compressobj(9)
    parts = [packer.compress(b'{"game":"trice","format":1,"seats":[{"name":"A"}],"options":{"layout":"')]
    parts += [packer.compress(b"x" * 1_000_000) for _ in range(megabytes)]
    parts.append(packer.compress(b'"}}') + packer.flush())
    return "g1." + base64.urlsafe_b64encode(b"".join(parts)).decode().rstrip("=")


BOMBS = [a_bomb(1), a_bomb(8)]
VALID_LINKS = [encode_link(GameRecord.model_validate(RECORDS[name])) for name in SITE_GAMES]


def opens_or_refuses(fragment: str) -> None:
    """``decode_link`` gives a record (which replays or is refused) or raises RecordError, in few words."""
    try:
        record = decode_link(fragment)
    except RecordError as exc:
        event("link refused")
        short(exc)
        return
    event("link opened")
    replays_or_refuses(record)


PREFIXES = ("", "#", "g1.", "#g1.", "#game=g1.", "game=")


def fragment_for(kind: str, data: st.DataObject) -> str:
    """A fragment of one kind: random text, a mutated valid link, a packed mutated record, packed bytes, a bomb."""
    if kind == "random":
        return data.draw(st.sampled_from(PREFIXES)) + data.draw(st.text(max_size=300))
    if kind == "mutated":
        chars = list(data.draw(st.sampled_from(VALID_LINKS)))
        for _ in range(data.draw(st.integers(1, 4))):
            index = data.draw(st.integers(0, len(chars) - 1))
            how = data.draw(st.sampled_from(["flip", "cut", "insert", "double"]))
            if how == "flip":
                chars[index] = data.draw(st.sampled_from("AZaz09-_=.+/#%"))
            elif how == "cut":
                del chars[max(index, 1):]
            elif how == "insert":
                chars.insert(index, data.draw(st.text(min_size=1, max_size=3)))
            else:
                chars[index:index] = chars[index:]
        return "".join(chars)
    level = data.draw(st.sampled_from([0, 1, 9]))
    if kind == "record":
        record = mutate(RECORDS[data.draw(st.sampled_from(SITE_GAMES))], data)
        return data.draw(st.sampled_from(PREFIXES[:1] + PREFIXES[1:2])) + link_of(
            as_text(record).encode("utf-8", "surrogatepass"), level)
    if kind == "bytes":
        return link_of(data.draw(st.binary(max_size=200)), level)
    return data.draw(st.sampled_from(BOMBS))


@settings(FAST, max_examples=300)
@given(kind=st.sampled_from(["random", "mutated", "mutated", "record", "record", "bytes", "bomb"]), data=st.data())
def test_link_fragments_open_or_are_refused_in_words(kind: str, data: st.DataObject) -> None:
    """Random fragments, mutated valid links and hostile compressions (mutated records, raw bytes, bombs)."""
    opens_or_refuses(fragment_for(kind, data))


# -- states -------------------------------------------------------------------------------------


def works(name: str, state: Any, data: st.DataObject) -> None:
    """Every method of the game answers for an accepted state, and one legal action plays."""
    game = engine.get(name)
    assert game.state_from_json(json.loads(json.dumps(game.state_to_json(state)))) == state
    player = game.current_player(state)
    actions = game.legal_actions(state)
    game.chance_outcomes(state)
    game.turn_seat(state)
    game.outcome(state)
    game.returns(state)
    if player == engine.TERMINAL:
        return
    assert actions, "a game that is not over has a legal action"
    action = data.draw(st.sampled_from(actions[:40] + actions[-5:]))
    for lang in ("en", "fr"):
        game.describe(state, action, lang)
    after = game.apply(state, action)
    game.legal_actions(after)
    try:
        game.apply(state, data.draw(st.sampled_from(["end", "move a1 b2", "load 9", "fire cannon 0 10", "done"])))
    except IllegalAction as exc:
        short(exc)


@settings(FAST, max_examples=300)
@given(name=st.sampled_from(SITE_GAMES), data=st.data())
def test_mutated_states_are_bad_states_in_words_or_work(name: str, data: st.DataObject) -> None:
    good = data.draw(st.sampled_from(STATES[name]))
    mutated = as_python(mutate(good, data))
    game = engine.get(name)
    try:
        state = game.state_from_json(mutated)
    except BadState as exc:
        event("state refused")
        assert type(exc) is BadState
        short(exc)
        return
    event("state accepted")
    works(name, state, data)

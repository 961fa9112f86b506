"""Outside JSON bounded before it is parsed: size, depth, numbers and encoding, at every door.

The doors are a record (text or file bytes), a bridge message, a share link
and a session's load; each refuses in words, never with RecursionError,
OverflowError or Python's own int-string ValueError.  The limits are derived
from the largest legal record, and tested to hold it.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

import pytest

import engine
from engine.bounded import (
    LIMITS,
    LONGEST_ACTION_CHARS,
    MAX_ACTIONS,
    MAX_CONTROLLER_CHARS,
    MAX_JSON_DEPTH,
    MAX_LINK_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    MAX_SEATS,
    SEED_LIMIT,
    BadJson,
    json_depth,
    parse_json,
)
from engine.core import CHANCE, TERMINAL, Dealer
from engine.records import GameRecord, RecordError, replay
from engine.siege.actions import FIRE_ACTIONS, SCATTER_OUTCOMES
from ui.app.messages import BadMessage, parse_message
from ui.app.session import Session, decode_link, encode_link

pytestmark = pytest.mark.unit

RECORD: dict[str, Any] = {
    "game": "trice",
    "format": 1,
    "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "options": {},
    "seed": 4,
    "actions": ["first red", "roll 2 4 4", "place 1 free"],
}


def nested(depth: int) -> str:
    """A record whose seed is an array nested ``depth`` deep, as JSON text."""
    text = json.dumps({**RECORD, "seed": None})
    return text.replace('"seed": null', '"seed": ' + "[" * depth + "]" * depth)


def link_of(text: str, level: int = 9) -> str:
    return "g1." + base64.urlsafe_b64encode(zlib.compress(text.encode(), level)).decode().rstrip("=")


# -- depth -------------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [3_000, 100_000])
def test_deep_nesting_is_refused_in_words_at_every_door(depth: int) -> None:
    """A record nested 3,000 deep killed Pyodide; 100,000 deep raised RecursionError in CPython."""
    text = nested(depth)
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        replay(text)
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        replay(text.encode())  # a file's bytes
    link = link_of(text)
    assert depth > 3_000 or len(link) < 250  # a link of the length of a tweet
    with pytest.raises(RecordError, match="nested more than 32 deep"):
        decode_link(link)
    with pytest.raises(BadMessage, match="nested more than 32 deep"):
        parse_message(json.dumps({"op": "load", "record": None}).replace("null", "[" * depth + "]" * depth))
    session = Session()
    screen = session.handle_text(json.dumps({"op": "load", "record": text}))
    assert screen["ok"] is False and "nested more than 32 deep" in screen["error"]
    screen = session.handle_text(json.dumps({"op": "open_link", "fragment": "#" + link}))
    assert screen["ok"] is False and "nested more than 32 deep" in screen["error"]


def test_depth_scan_skips_strings_and_stops_early() -> None:
    assert json_depth('{"a": "[[[[{{{{", "b": [["\\"]"]]}') == 3
    assert json_depth("[" * 1_000_000, limit=32) == 33
    assert json_depth('"unterminated [[[[') == 0


def test_legal_data_is_far_from_the_depth_limit() -> None:
    """The deepest legal JSON (a Siege state; a message carrying a record) nests 5 or less."""
    siege = engine.get("siege")
    assert json_depth(json.dumps(siege.state_to_json(siege.new(2)))) == 5
    message = json.dumps({"op": "load", "record": RECORD})
    assert json_depth(message) == 4 and MAX_JSON_DEPTH > 5


# -- numbers and encoding ----------------------------------------------------------------------


@pytest.mark.parametrize("value, words", [
    ("1" * 5_000, "a number is 5000 characters long"),
    ("1e400", "the number 1e400 is too large"),
    ("-1e400", "the number -1e400 is too large"),
    ("NaN", "NaN is not a number"),
    ("Infinity", "Infinity is not a number"),
    ("-Infinity", "-Infinity is not a number"),
])
def test_numbers_out_of_reach_are_refused_in_words(value: str, words: str) -> None:
    text = json.dumps(RECORD).replace('"seed": 4', f'"seed": {value}')
    with pytest.raises(RecordError, match=words):
        replay(text)
    screen = Session().handle_text(json.dumps({"op": "start", "game": "pig", "seats": [{"name": "A"}, {"name": "B"}],
                                               "seed": 1}).replace('"seed": 1', f'"seed": {value}'))
    assert screen["ok"] is False and words in screen["error"]


def test_bytes_that_are_not_utf8_are_refused_in_words() -> None:
    with pytest.raises(RecordError, match="not UTF-8"):
        replay(json.dumps(RECORD).replace("Ann", "An\xe9").encode("latin-1"))
    assert replay(b"\xef\xbb\xbf" + json.dumps(RECORD).encode()).record.seed == 4  # a byte-order mark is fine


def test_parse_json_raises_only_bad_json() -> None:
    for junk in ("", "{", "[1,]", "\x00", None, 12, b"\xff\xfe", "[" * 40 + "]" * 40):
        with pytest.raises(BadJson):
            parse_json(junk)  # type: ignore[arg-type]


# -- sizes and the limits' derivation ------------------------------------------------------------


def largest_legal_record() -> dict[str, Any]:
    """The schema's largest record of the longest action: 20,000 actions, 8 seats of 40 emoji."""
    seats = [{"name": "\U0001f600" * MAX_NAME_CHARS, "controller": "mcts:medium:" + "9" * (MAX_CONTROLLER_CHARS - 12)}
             for _ in range(MAX_SEATS)]
    return {"game": "siege", "format": 1, "seats": seats, "options": {"captain": True}, "seed": SEED_LIMIT - 1,
            "actions": ["fire mortar 85 100"] * MAX_ACTIONS}


def test_the_longest_action_is_known() -> None:
    """LONGEST_ACTION_CHARS bounds every action text every game writes."""
    assert max(len(a.text()) for a in FIRE_ACTIONS) == LONGEST_ACTION_CHARS
    assert max(len(a.text()) for outcomes in SCATTER_OUTCOMES.values() for a, _ in outcomes) <= LONGEST_ACTION_CHARS
    for name in ("trice", "piratissimo", "siege"):
        game = engine.get(name)
        rng, dealer = random.Random(5), Dealer(5)
        state = game.new(game.max_seats)
        for _ in range(3_000):
            player = game.current_player(state)
            if player == TERMINAL:
                break
            actions = game.legal_actions(state)
            assert max(len(game.format_action(a)) for a in actions) <= LONGEST_ACTION_CHARS
            state = game.apply(state, dealer.pick(game, state) if player == CHANCE else rng.choice(actions))


def test_the_largest_legal_record_fits_every_limit_and_the_limits_sit_just_above_it() -> None:
    record = largest_legal_record()
    pretty, compact = json.dumps(record, indent=4), json.dumps(record, separators=(",", ":"))
    assert len(compact) < len(pretty) <= MAX_RECORD_CHARS < 1.5 * len(compact)
    assert GameRecord.model_validate(parse_json(pretty)).seed == SEED_LIMIT - 1
    # the same record through a link (compact; even uncompressible it would fit) and a bridge message
    link = "#game=" + encode_link(GameRecord.model_validate(record))
    assert len(link) <= MAX_LINK_CHARS and decode_link(link).actions == record["actions"]
    assert len("#game=" + link_of(pretty, level=0)) <= MAX_LINK_CHARS  # stored, not compressed at all
    for message in ({"op": "load", "record": record}, {"op": "load", "record": pretty}):
        text = json.dumps(message)
        assert len(text) <= MAX_MESSAGE_CHARS and parse_message(text).op == "load"
    assert LIMITS == {"MAX_RECORD_CHARS": 612_800, "MAX_LINK_CHARS": 817_341, "MAX_MESSAGE_CHARS": 11_534_336,
                      "MAX_JSON_DEPTH": 32, "SEED_LIMIT": 2**53}


def test_text_over_the_size_limits_is_refused_before_parsing() -> None:
    big = json.dumps({**RECORD, "options": {"layout": "x" * MAX_RECORD_CHARS}})
    with pytest.raises(RecordError, match=r"too large: 612,\d\d\d characters, at most 612,800"):
        replay(big)
    with pytest.raises(BadMessage, match="too large"):
        parse_message(json.dumps({"op": "ping", "pad": "x" * MAX_MESSAGE_CHARS}))


# -- seeds ---------------------------------------------------------------------------------------


def test_seeds_are_what_javascript_holds_exactly() -> None:
    """2**53 and more were rounded by JavaScript (a resumed game dealt other dice): refused in words."""
    for seed, accepted in ((0, True), (2**53 - 1, True), (2**53, False), (10**20, False), (-1, False)):
        record = {**RECORD, "seed": seed}
        start = {"op": "start", "game": "pig", "seats": [{"name": "A"}, {"name": "B"}], "seed": seed}
        if accepted:
            assert replay(record).record.seed == seed
            assert Session().handle_text(json.dumps(start))["record"]["seed"] == seed
            continue
        with pytest.raises(RecordError, match="seed: Input should be"):
            replay(record)
        for message in ({"op": "load", "record": record}, start):
            screen = Session().handle_text(json.dumps(message))
            assert screen["ok"] is False and "seed: Input should be" in screen["error"]

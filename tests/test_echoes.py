"""Every message that repeats an input repeats a few dozen characters of it, in English and French.

A 150 MB Trice ``layout`` once came back whole in the refusal (and the tab
died); options of the wrong type raised TypeError.  Here hypothesis feeds
huge and strange values to every refusal that echoes an input, and each
message must stay under :data:`BOUND` characters and be of its documented
type.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.bots import UnknownBot, make_bot
from engine.core import BadOptions, Game, IllegalAction
from engine.records import RecordError, replay
from ui.app.messages import BadMessage, parse_message
from ui.app.session import Session

pytestmark = pytest.mark.property

#: No refusal is longer than this, whatever the input (the longest fixed
#: texts, Siege's list of action forms or three pydantic errors, are under 800).
BOUND = 1_000
SITE_GAMES = ("trice", "piratissimo", "siege")
KNOWN_OPTIONS = {"trice": ("layout", "turn_limit"), "piratissimo": (), "siege": ("captain",)}

#: Long texts of any characters (control characters and lone surrogates too).
long_texts = st.builds(lambda unit, n: (unit or "x") * n, st.text(max_size=4), st.integers(2_000, 60_000))
huge = st.one_of(
    long_texts,
    st.integers(10**40, 10**60),
    st.just(10**5000),
    st.just(-(7**9000)),
    st.floats(),
    st.lists(long_texts, min_size=1, max_size=8),
    st.dictionaries(long_texts, long_texts, min_size=1, max_size=3),
    st.recursive(long_texts, lambda inner: st.lists(inner, min_size=1, max_size=2), max_leaves=6),
)


def bounded(error: BaseException) -> str:
    text = str(error)
    assert text and len(text) <= BOUND, f"{type(error).__name__} of {len(text)} characters: {text[:200]}..."
    assert "Traceback" not in text
    return text


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(SITE_GAMES), value=huge, key=st.one_of(st.none(), long_texts), data=st.data())
def test_refused_options_echo_a_short_value(name: str, value: Any, key: str | None, data: st.DataObject) -> None:
    """Wrong values, wrong types, unknown names and options that are no object: BadOptions in words."""
    game = engine.get(name)
    known = KNOWN_OPTIONS[name]
    option = key if key is not None or not known else data.draw(st.sampled_from(known))
    for options in ({option: value}, value):
        with pytest.raises(BadOptions) as refused:
            game.new(game.min_seats, options)
        bounded(refused.value)
        with pytest.raises(RecordError) as refused_record:  # the same set-up, from a record
            replay({"game": name, "format": 1, "seats": [{"name": f"S{i}"} for i in range(game.min_seats)],
                    "options": options if isinstance(options, dict) else {"layout": options}, "actions": []})
        bounded(refused_record.value)


WRONG_TYPES: list[tuple[str, Any]] = [
    ("trice", {"layout": ["peace-b1"]}),
    ("trice", {"layout": {"peace-b1": 1}}),
    ("trice", {"layout": None}),
    ("trice", {"turn_limit": "300"}),
    ("trice", {"turn_limit": 10**5000}),
    ("trice", {"turn_limit": True}),
    ("trice", ["layout"]),
    ("siege", {"captain": [True]}),
    ("siege", {"captain": {"on": True}}),
    ("siege", {"captain": 1}),
    ("siege", "captain"),
    ("piratissimo", {"tornado": [1]}),
    ("piratissimo", [["tornado", 1]]),
    ("piratissimo", 7),
]


def test_options_of_the_wrong_type_are_bad_options() -> None:
    """A list or object where a name or a number belongs was a TypeError ("the engine failed: TypeError..."),
    options given as a list a ValueError from ``dict()``, a 5,000-digit turn limit Python's int-string error."""
    for name, options in WRONG_TYPES:
        game = engine.get(name)
        with pytest.raises(BadOptions) as refused:
            game.new(game.min_seats, options)
        assert type(refused.value) is BadOptions
        bounded(refused.value)
        if isinstance(options, dict) and options != {"turn_limit": 10**5000}:  # the same, from the page
            record = {"game": name, "format": 1, "seats": [{"name": f"S{i}"} for i in range(game.min_seats)],
                      "options": options}
            screen = Session().handle_text(json.dumps({"op": "load", "record": record}))
            assert screen["ok"] is False and "the record's set-up is refused" in screen["error"]
            assert "TypeError" not in screen["error"] and "engine failed" not in screen["error"]


def positions(game: Game[Any, Any], count: int = 6) -> list[Any]:
    """A few positions of a seeded game, chance steps included."""
    from engine.core import Dealer

    dealer, state, found = Dealer(3), game.new(game.min_seats), []
    for step in range(400):
        if game.is_terminal(state):
            break
        if step % 9 == 0:
            found.append(state)
        actions = game.legal_actions(state)
        state = game.apply(state, dealer.pick(game, state) if game.is_chance(state) else actions[step % len(actions)])
    return found[:count]


POSITIONS = {name: positions(engine.get(name)) for name in SITE_GAMES}
PREFIXES = ("", "move ", "move c1 ", "crew ", "replace ", "dice ", "fire ", "fire cannon ", "die ", "compass ",
            "load ", "sail ", "nuke ", "place ", "roll ", "first ")


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(SITE_GAMES), prefix=st.sampled_from(PREFIXES), text=long_texts, data=st.data())
def test_refused_actions_echo_a_short_text_in_both_languages(name: str, prefix: str, text: str,
                                                             data: st.DataObject) -> None:
    game = engine.get(name)
    action = prefix + text
    try:
        game.parse_action(action)  # "move c1 xxx...x" has the shape of a Siege action: refused by apply below
    except IllegalAction as refused:
        bounded(refused)
        bounded(IllegalAction(refused.action, refused.reason, "fr"))
    state = data.draw(st.sampled_from(POSITIONS[name]))
    for lang in ("en", "fr"):
        reason = game.why_illegal(state, action, lang)
        bounded(IllegalAction(action, reason, lang))
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, action)
    bounded(refused.value)


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(SITE_GAMES), text=long_texts, prefix=st.sampled_from(["", "mcts:", "mcts:hard:"]))
def test_unknown_bots_and_games_echo_a_short_name(name: str, text: str, prefix: str) -> None:
    with pytest.raises(UnknownBot) as refused:
        make_bot(engine.get(name), prefix + text)
    bounded(refused.value)
    with pytest.raises(engine.UnknownGame) as unknown:
        engine.get(prefix + text)
    bounded(unknown.value)


GOOD = {"game": "trice", "format": 1, "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
        "options": {}, "seed": 4, "actions": ["first red", "roll 2 4 4", "place 1 free"]}


@settings(max_examples=30, deadline=None)
@given(text=long_texts, value=huge, where=st.sampled_from(["action", "extra", "seat", "game", "format", "seats"]))
def test_record_refusals_echo_short_inputs(text: str, value: Any, where: str) -> None:
    """RecordError quoting an action, pydantic's explain() naming a field: short, whatever the record."""
    record: dict[str, Any] = json.loads(json.dumps(GOOD))
    if where == "action":
        record["actions"].append(text)
    elif where == "extra":
        record[text] = value
    elif where == "seat":
        record["seats"][0] = {"name": "Ann", text: value}
    elif where == "game":
        record["game"] = value
    elif where == "format":
        record["format"] = 10**5000
    else:
        record["seats"] = [value] * 9
    with pytest.raises(RecordError) as refused:
        replay(record)
    bounded(refused.value)


@settings(max_examples=30, deadline=None)
@given(text=long_texts.filter(lambda t: len(json.dumps(t)) < 2_000_000), lang=st.sampled_from(["en", "fr"]),
       where=st.sampled_from(["op", "key", "gesture", "game", "bot"]))
def test_bridge_refusals_echo_short_inputs(text: str, lang: str, where: str) -> None:
    """A message's tag, an unknown field, a gesture: the page gets a short refusal, in its language."""
    session = Session()
    session.handle_text(json.dumps({"op": "start", "game": "trice", "lang": lang, "seed": 2,
                                    "seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}))
    while session.game is not None and session.game.is_chance(session.state):  # to a person's move
        owner = session.interactive_seat()
        session.handle_text('{"op": "tick"}' if owner is None else '{"op": "act", "gesture": "chance"}')
    message: dict[str, Any] = {
        "op": {"op": text},
        "key": {"op": "tick", text: 1},
        "gesture": {"op": "act", "gesture": "do first " + text[:150]},
        "game": {"op": "start", "game": text, "seats": [{"name": "A"}]},
        "bot": {"op": "start", "game": "trice", "seats": [{"name": "A", "controller": text}]},
    }[where]
    wire = json.dumps(message)
    if where in ("op", "key"):
        with pytest.raises(BadMessage) as refused:
            parse_message(wire)
        bounded(refused.value)
    screen = session.handle_text(wire)
    assert screen["ok"] is False
    bounded(ValueError(screen["error"]))

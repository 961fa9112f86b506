"""A new game from the set-up form and the address (ui/app/set_up.py): the page hands over the facts, Python decides.

The rules are the ones the bridge once applied itself: ``?seats=`` over the
form seat by seat, a seat the address hands to another controller named for
it in the page's language, the training option split out, ``?seed=`` and
``?pace=`` read as whole numbers or refused in words. Whatever the page (or
someone posing as it) sends, the answer is a start or a refusal in words,
never a traceback.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ui.app.messages import MAX_TYPED_NAME_CHARS, BadMessage, SetUpForm, Start, parse_message
from ui.app.session import Session
from ui.app.set_up import read_query, start_message
from ui.games import GAMES
from ui.store.resume import MAX_QUERY_CHARS

#: Trice's form as the build writes it: three seats, a person and two quick bots, the third optional.
TRICE_ROWS = [
    {"controller": "human", "name": "Ann"},
    {"controller": "heuristic", "name": "Bea"},
    {"controller": "heuristic", "name": "Red bot"},
]


def set_up(
    query: str = "", *, rows: list[dict[str, str]] | None = None, lang: str = "en", **more: Any
) -> dict[str, Any]:
    return {"op": "set_up", "game": "trice", "rows": TRICE_ROWS if rows is None else rows, "query": query,
            "lang": lang, **more}


def start_of(message: dict[str, Any]) -> Start:
    return start_message(parse_message(json.dumps(message)))


def refusal(message: dict[str, Any]) -> str:
    with pytest.raises(BadMessage) as refused:
        start_of(message)
    return str(refused.value)


def line_up(start: Start) -> list[tuple[str, str]]:
    return [(seat.name, seat.controller) for seat in start.seats]


@pytest.mark.unit
def test_the_form_alone_starts_its_seats_with_the_names_typed_and_drops_empty_seats() -> None:
    rows = [*TRICE_ROWS[:2], {"controller": "none", "name": "Red bot"}]
    start = start_of(set_up(rows=rows, options={"layout": "x", "training": True}, pace="250"))
    assert line_up(start) == [("Ann", "human"), ("Bea", "heuristic")]
    assert start.options == {"layout": "x"} and start.training is True  # the session's option, not the game's
    assert start.pace_ms == 250 and start.seed is None and start.lang == "en"
    assert start_of(set_up(options={"training": False})).training is False


@pytest.mark.unit
def test_the_address_seats_override_the_form_and_a_changed_seat_takes_its_controllers_name() -> None:
    start = start_of(set_up("?seats=human,mcts:hard&seed=12&lang=fr", lang="fr"))
    # seat 1 as the form had it keeps the typed name; seat 2 is another bot now, named for it in French;
    # the address names no third seat: it stays empty
    page = next(page for page in GAMES if page.name == "trice")
    assert line_up(start) == [("Ann", "human"), (page.seats[1].names(1)[1], "mcts:hard")]
    assert start.seed == 12
    start = start_of(set_up("?seats=heuristic,human,none,random"))
    # the fourth seat is past the form's last: not read
    assert line_up(start) == [(page.seats[0].names(0)[0], "heuristic"), ("Player 2", "human")]
    assert line_up(start_of(set_up("?seats=,,&seed=3"))) == line_up(start_of(set_up()))  # no seat asked for


@pytest.mark.unit
def test_the_address_pace_goes_over_the_forms_and_numbers_are_ascii_digits_only() -> None:
    assert start_of(set_up("?pace=0", pace="650")).pace_ms == 0
    assert start_of(set_up("?seed=0042")).seed == 42
    assert "start.seed" in refusal(set_up("?seed=%C2%B2"))  # "²" is a digit to Python, not a seed
    assert "start.seed" in refusal(set_up("?seed=9007199254740993"))  # more than the page can hold
    assert "start.seed" in refusal(set_up("?seed="))
    assert "start.pace_ms" in refusal(set_up("?pace=9999"))
    assert "start.pace_ms" in refusal(set_up("?pace=soon"))
    assert "start.seats" in refusal(set_up("?seats=none,none,none"))
    assert "controller" in refusal(set_up("?seats=bogus!"))


@pytest.mark.unit
def test_an_address_too_long_to_read_is_refused_in_the_pages_language() -> None:
    long = "?seats=human&x=" + "y" * MAX_QUERY_CHARS
    cut = long[: MAX_QUERY_CHARS + 1]  # as the page cuts it
    assert refusal(set_up(cut)).startswith("This address is too long")
    french = refusal(set_up(cut, lang="fr"))
    assert "2\u202f000" in french and "«\u202f?\u202f»" in french  # narrow no-break spaces
    assert "set_up.query" in str(pytest.raises(BadMessage, parse_message, json.dumps(set_up(long))).value)
    assert read_query(cut[:MAX_QUERY_CHARS]).seats == ("human",)


@pytest.mark.unit
def test_the_session_starts_the_game_the_set_up_asks_for_and_refuses_in_words() -> None:
    session = Session()
    screen = session.handle_text(json.dumps(set_up("?seats=human,human,human&seed=1&pace=0", lang="fr")))
    assert screen["ok"] and screen["game"] == "trice"
    assert session.record is not None and session.record.seed == 1 and session.scheduler.pace_ms == 0 and session.lang == "fr"
    assert [seat.name for seat in session.record.seats] == ["Ann", "Joueur 2", "Joueur 3"]
    refused = Session().handle_text(json.dumps(set_up("?seats=nobody-at-all")))
    assert not refused["ok"] and "controller" in refused["error"]


#: Any JSON value, small.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
#: Queries of any characters, and ones made of the set-up's own words.
queries = st.one_of(
    st.text(max_size=300),
    st.lists(
        st.tuples(
            st.sampled_from(["seats", "seed", "pace", "lang", "x"]), st.text("hum,ancts:ed0129%-none", max_size=40)
        ),
        max_size=5,
    ).map(lambda pairs: "?" + "&".join(f"{k}={v}" for k, v in pairs)),
    st.integers(MAX_QUERY_CHARS - 2, MAX_QUERY_CHARS + 3).map(lambda n: "?seed=" + "9" * n),
)
rows = st.lists(
    st.fixed_dictionaries({
        "controller": st.one_of(st.sampled_from(["human", "none", "heuristic", "mcts:hard"]), st.text(max_size=40)),
        "name": st.text(max_size=MAX_TYPED_NAME_CHARS + 2),
    }),
    max_size=9,
)
#: Set-ups of the right shape, whose values are any: most reach the parser of the address and the start.
well_formed = st.fixed_dictionaries(
    {
        "op": st.just("set_up"),
        "game": st.sampled_from(["trice", "siege", "piratissimo", "pig", "nope"]),
        "rows": rows.filter(bool),
        "query": queries,
        "lang": st.sampled_from(["en", "fr"]),
    },
    optional={
        "options": st.dictionaries(
            st.sampled_from(["training", "layout", "captain", "x"]), st.booleans() | st.text(max_size=9), max_size=3
        ),
        "pace": st.one_of(st.none(), st.sampled_from(["0", "250", "650", "1300"]), st.text(max_size=12)),
    },
)
#: Anything that calls itself a set-up.
loose = st.fixed_dictionaries(
    {"op": st.just("set_up"), "game": st.sampled_from(["trice", "siege", "piratissimo", "pig", "nope", "Trice"])},
    optional={
        "rows": st.one_of(rows, json_values),
        "options": st.one_of(st.dictionaries(st.text(max_size=45), st.booleans() | st.text(max_size=30), max_size=4),
                             json_values),
        "pace": st.one_of(st.none(), st.text(max_size=14), json_values),
        "query": st.one_of(queries, json_values),
        "lang": st.one_of(st.sampled_from(["en", "fr"]), json_values),
        "extra": json_values,
    },
)
set_ups = st.one_of(well_formed, loose)


@pytest.mark.property
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=st.one_of(set_ups, json_values))
def test_any_set_up_message_is_a_start_or_a_refusal_in_words(message: Any) -> None:
    try:
        parsed = parse_message(json.dumps(message))
    except BadMessage as refused:
        assert str(refused) and "Traceback" not in str(refused) and len(str(refused)) < 1_000
        return
    if not isinstance(parsed, SetUpForm):
        return  # another message: not the set-up's to answer
    try:
        start = start_message(parsed)
    except BadMessage as refused:
        words = str(refused)
        assert words and "Traceback" not in words and len(words) < 1_000
        return
    assert isinstance(start, Start) and 1 <= len(start.seats) <= len(parsed.rows)
    assert all(seat.controller != "none" for seat in start.seats)


@pytest.mark.property
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(message=set_ups)
def test_the_session_answers_any_set_up_with_a_screen(message: dict[str, Any]) -> None:
    screen = Session().handle_text(json.dumps(message))
    assert isinstance(screen, dict) and "ok" in screen
    if not screen["ok"]:
        assert isinstance(screen["error"], str) and screen["error"] and len(screen["error"]) < 1_000

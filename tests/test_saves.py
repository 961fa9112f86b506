"""Saved games: one entry per game, a list no damaged entry can hide, a bounded store.

The page stores what the session hands it (``screen["autosave"]``) under
``boardgames:save:<game>:<id>``; these tests play the page's part with a dict.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.examples.pig import Pig
from ui.saves import MAX_SAVES, SaveEntry, Summary, plan, read_entry, storage_key
from ui.session import Session, encode_link

engine.register(Pig())

pytestmark = pytest.mark.unit


def entry(game_id: str, saved: float, *, finished: bool = False, seats: tuple[str, ...] = ("Ann", "Bob")) -> str:
    record = {"game": "pig", "format": 1, "seats": [{"name": s} for s in seats], "actions": []}
    return SaveEntry(
        id=game_id,
        game="pig",
        saved=saved,
        finished=finished,
        summary=Summary(title="Pig", seats=list(seats), steps=0, turn="" if finished else seats[0]),
        record=record,
    ).model_dump_json()


def resume_keys(html: str) -> list[str]:
    return [part.split('"')[0] for part in html.split('data-op="resume-save" data-key="')[1:]]


class Page:
    """The page's side: a storage dict filled from the screens' autosave entries."""

    def __init__(self) -> None:
        self.storage: dict[str, str] = {}
        self.session = Session()

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        screen = self.session.handle_text(json.dumps(message))
        if screen.get("autosave"):
            saved = screen["autosave"]
            self.storage[storage_key(saved["game"], saved["id"])] = json.dumps(saved)
        return screen

    def run_bots(self, screen: dict[str, Any]) -> dict[str, Any]:
        while screen["tick_ms"] is not None:
            screen = self.send({"op": "tick"})
        return screen


START = {"op": "start", "game": "pig", "seed": 5, "seats": [{"name": "Ann"}, {"name": "Bot", "controller": "random"}]}
BOTS_FIRST = {"op": "start", "game": "pig", "seed": 5, "seats": [{"name": "Bot", "controller": "random"}, {"name": "Ann"}]}


def test_nothing_is_saved_until_a_person_acts() -> None:
    page = Page()
    screen = page.run_bots(page.send(BOTS_FIRST))
    assert screen["steps"] > 0  # the bot played...
    assert page.storage == {}  # ...but an untouched visit keeps nothing
    page.send({"op": "act", "gesture": "do roll"})
    assert list(page.storage) == [storage_key("pig", screen["game_id"])]


def test_every_game_has_its_own_id_and_never_replaces_another() -> None:
    page = Page()
    first = page.send(START)
    page.send({"op": "act", "gesture": "do roll"})
    kept = dict(page.storage)
    # The same seed again (a reload with &seed=), a link of that game, an import of it: three new games.
    again = page.send(START)
    assert again["game_id"] != first["game_id"]
    page.send({"op": "act", "gesture": "do roll"})
    link = page.send({"op": "open_link", "fragment": encode_link(page.session.current_record())})
    imported = page.send({"op": "load", "record": json.dumps(first["record"])})
    ids = {first["game_id"], again["game_id"], link["game_id"], imported["game_id"]}
    assert len(ids) == 4
    for key, text in kept.items():
        assert page.storage[key] == text  # the first game's save is untouched


def test_a_resumed_game_keeps_its_id_and_its_save() -> None:
    page = Page()
    first = page.send(START)
    page.send({"op": "act", "gesture": "do roll"})
    key = storage_key("pig", first["game_id"])
    page.send(START)  # another game meanwhile
    resumed = page.send({"op": "resume", "text": page.storage[key]})
    assert resumed["ok"] and resumed["game_id"] == first["game_id"]
    assert resumed["autosave"] is not None  # a resumed game was played by a person: it goes on saving


def test_resume_offers_the_players_latest_unfinished_game() -> None:
    entries = [
        ("k-old", entry("old", 1000)),
        ("k-new", entry("new", 3000)),
        ("k-done", entry("done", 4000, finished=True)),
    ]
    assert plan(entries).resume == "k-new"


@pytest.mark.parametrize("saved", ["NaN", "Infinity", "-Infinity", "1e400", '"yesterday"', "-5", "null"])
def test_a_damaged_date_marks_one_entry_and_hides_no_other(saved: str) -> None:
    bad = entry("bad", 1).replace('"saved":1.0', f'"saved":{saved}')
    assert f'"saved":{saved}' in bad
    listing = plan([("k-bad", bad), ("k-good", entry("good", 2000))])
    assert resume_keys(listing.html) == ["k-good"]
    assert "Damaged save" in listing.html and 'data-key="k-bad"' in listing.html  # its delete button


def test_a_long_list_is_pruned_of_finished_games_oldest_first() -> None:
    entries = [(f"u{i}", entry(f"u{i}", 10_000 + i)) for i in range(MAX_SAVES - 5)]
    entries += [(f"f{i}", entry(f"f{i}", 1_000 + i, finished=True)) for i in range(20)]
    listing = plan(entries)
    assert listing.prune == [f"f{i}" for i in range(15)]  # the 15 oldest finished ones
    assert len(resume_keys(listing.html)) == MAX_SAVES
    assert listing.notice == ""


def test_unfinished_games_are_never_dropped_the_player_is_asked() -> None:
    entries = [(f"u{i}", entry(f"u{i}", 1_000 + i)) for i in range(MAX_SAVES + 161)]  # 201 and more
    listing = plan(entries)
    assert listing.prune == []
    assert len(resume_keys(listing.html)) == MAX_SAVES + 161
    assert f"{MAX_SAVES + 161} unfinished games" in listing.notice


def test_an_entry_longer_than_any_game_is_refused_before_parsing() -> None:
    huge = '{"id": "x", "record": ' + "[" * 3000 + "]" * 3000 + "}"
    listing = plan([("k-huge", huge), ("k-good", entry("good", 5))])
    assert resume_keys(listing.html) == ["k-good"]
    with pytest.raises(ValueError):
        read_entry("x" * 700_000)


# -- property: a damaged entry never hides another ---------------------------------------

def mutate(text: str, data: st.DataObject) -> str:
    """One of the ways stored text gets damaged: cut, spliced, a value swapped, nested deep."""
    kind = data.draw(st.sampled_from(["cut", "splice", "value", "deep", "garbage"]))
    if kind == "cut":
        return text[: data.draw(st.integers(0, len(text) - 1))]
    if kind == "splice":
        at = data.draw(st.integers(0, len(text)))
        return text[:at] + data.draw(st.text(max_size=20)) + text[at:]
    if kind == "value":
        field = data.draw(st.sampled_from(["saved", "id", "game", "finished", "summary", "record"]))
        value = data.draw(
            st.sampled_from(["NaN", "Infinity", "1e400", "null", "[]", "{}", '"x"', "-1", "true", "9" * 5000])
        )
        parsed = json.loads(text)
        parsed[field] = "__PLACEHOLDER__"
        return json.dumps(parsed).replace('"__PLACEHOLDER__"', value)
    if kind == "deep":
        depth = data.draw(st.integers(100, 5000))
        return text[:-1] + ', "extra": ' + "[" * depth + "]" * depth + "}"
    return data.draw(st.text(max_size=200))


@pytest.mark.property
@settings(max_examples=150, deadline=None)
@given(data=st.data(), count=st.integers(1, 6))
def test_property_a_damaged_entry_never_hides_another(data: st.DataObject, count: int) -> None:
    entries = [(f"k{i}", entry(f"g{i}", 1_000 + i)) for i in range(count)]
    damaged = set(data.draw(st.sets(st.integers(0, count - 1))))
    stored = [(key, mutate(text, data) if i in damaged else text) for i, (key, text) in enumerate(entries)]
    listing = plan(stored)
    listed = set(resume_keys(listing.html))
    for i, (key, _) in enumerate(entries):
        if i not in damaged:
            assert key in listed
        assert f'data-key="{key}"' in listing.html  # every entry, damaged or not, can be deleted

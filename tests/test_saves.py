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
from ui.app.session import Session, encode_link
from ui.store.saves import MAX_SAVES, SaveEntry, Summary, plan, read_entry, storage_key

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
    # Only looked at, it is not written again (its save keeps the time it was last played)...
    assert resumed["autosave"] is None
    # ...and once it moves on, it goes on saving under its own id (a person played it).
    moved = page.send({"op": "act", "gesture": "chance"})  # Ann's die, in the air since her roll
    assert moved["autosave"] is not None and moved["autosave"]["id"] == first["game_id"]


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


# -- a reload brings you back: what a game page opens (ui.store.resume.choose, ui.store.arrival.arrive) -----------

NOW = 1_700_000_000_000.0
HOT_SEAT = {"op": "start", "game": "pig", "seed": 5, "seats": [{"name": "Ann"}, {"name": "Bob"}]}


def arrive(page: Page, *, query: str = "", link: bool = False, lang: str = "en", session: Session | None = None) -> dict[str, Any]:
    """The game page opening again (a reload: a fresh session) on what ``page`` stored."""
    page.session = session or Session()
    message = {"op": "arrive", "entries": sorted(page.storage.items()), "expect_game": "pig", "query": query,
               "link": link, "lang": lang, "now_ms": NOW}
    return page.send(message)


def played_game(page: Page, start: dict[str, Any] = HOT_SEAT, moves: int = 2) -> dict[str, Any]:
    """A hot-seat game of Pig in which the people took ``moves`` steps (their own rolls and dice)."""
    screen = page.send(start)
    for _ in range(moves):
        screen = page.send({"op": "act", "gesture": "chance" if "chance" in str(screen["regions"]) else "do roll"})
        assert screen["ok"], screen["error"]
    return screen


def test_a_reload_reopens_the_latest_unfinished_game_at_its_step_with_nothing_to_ask() -> None:
    page = Page()
    older = played_game(page)
    latest = played_game(page, moves=3)
    stored = dict(page.storage)
    screen = arrive(page)
    assert screen["arrival"] == "resume" and screen["offer"] is None and screen["notice"] == ""
    assert screen["game_id"] == latest["game_id"] != older["game_id"]
    assert screen["steps"] == latest["steps"] and screen["log"] == latest["log"]
    assert page.storage == stored  # only looked at: nothing is written, nothing replaced
    assert 'data-key="' in screen["saves"]  # the saved-games list comes with it


def test_a_reopened_game_plays_on_with_the_same_dice_as_if_never_left() -> None:
    page = Page()
    played_game(page, moves=2)
    left = Page()
    left.storage = dict(page.storage)
    arrive(left)
    for gesture in ("do roll", "chance", "do hold"):
        assert page.send({"op": "act", "gesture": gesture})["log"] == left.send({"op": "act", "gesture": gesture})["log"]


def test_a_finished_game_is_not_reopened_and_a_new_one_starts() -> None:
    page = Page()
    screen = page.send({**HOT_SEAT, "options": {"target": 5}})
    for _ in range(100):  # each turn: roll, the die, hold (a 1 loses the turn)
        for gesture in ("do roll", "chance", "do hold"):
            if screen["banner"] is None:
                screen = page.send({"op": "act", "gesture": gesture})
    assert screen["banner"] is not None
    assert page.storage and all(json.loads(text)["finished"] for text in page.storage.values())
    arrival = arrive(page)
    assert arrival["arrival"] == "new" and arrival["game"] is None and arrival["offer"] is None


def test_a_game_only_bots_played_is_not_kept_so_there_is_nothing_to_reopen() -> None:
    page = Page()
    page.run_bots(page.send({**BOTS_FIRST, "seats": [{"name": "A", "controller": "random"}, {"name": "B", "controller": "random"}]}))
    assert page.storage == {}
    assert arrive(page)["arrival"] == "new"


def test_the_set_up_the_address_asks_for_reopens_its_own_game_even_if_another_is_newer() -> None:
    page = Page()
    asked = played_game(page, {**HOT_SEAT, "seed": 11})
    played_game(page, {**HOT_SEAT, "seed": 12})  # newer, another seed
    screen = arrive(page, query="?seats=human,human&seed=11")
    assert screen["arrival"] == "resume" and screen["game_id"] == asked["game_id"]


@pytest.mark.parametrize("query", ["?seed=13", "?seats=human,random", "?seats=human,human&seed=13", "?seed=",
                                   "?seed=" + "9" * 3000])
def test_another_set_up_in_the_address_opens_its_game_and_offers_the_unfinished_one(query: str) -> None:
    page = Page()
    played_game(page, {**HOT_SEAT, "seed": 11})
    stored = dict(page.storage)
    screen = arrive(page, query=query[:2001])
    assert screen["arrival"] == "new" and screen["game"] is None  # the page starts the set-up's game
    assert screen["offer"] == next(iter(stored))  # and offers the game in progress
    assert page.storage == stored


def test_a_share_link_wins_and_the_unfinished_game_is_offered() -> None:
    page = Page()
    played_game(page)
    screen = arrive(page, link=True, query="?seats=human,human&seed=5")
    assert screen["arrival"] == "link" and screen["game"] is None and screen["offer"] == next(iter(page.storage))


def test_a_game_chosen_on_the_landing_page_reopens_even_if_it_is_not_the_latest() -> None:
    page = Page()
    chosen = played_game(page, {**HOT_SEAT, "seed": 21})
    played_game(page, {**HOT_SEAT, "seed": 22})
    screen = arrive(page, query=f"?resume={chosen['game_id']}&seats=human,random")
    assert screen["arrival"] == "resume" and screen["game_id"] == chosen["game_id"]


@pytest.mark.parametrize(("lang", "words"), [("en", "not in this browser"), ("fr", "n'est plus dans ce navigateur")])
def test_a_game_chosen_that_is_gone_is_said_in_words_and_the_latest_reopens(lang: str, words: str) -> None:
    page = Page()
    latest = played_game(page)
    for gone in ("0123456789ab", "../../etc", "x" * 300):
        screen = arrive(page, query=f"?resume={gone}", lang=lang)
        assert words in screen["notice"]
        assert screen["arrival"] == "resume" and screen["game_id"] == latest["game_id"]


def test_the_visits_own_game_on_the_page_is_kept_as_it_was() -> None:
    page = Page()
    kept = played_game(page)
    played_game(Page(), moves=1)  # elsewhere
    screen = arrive(page, query="?seed=99", link=True, session=page.session)  # back on the page in this visit
    assert screen["arrival"] == "keep" and screen["game_id"] == kept["game_id"] and screen["steps"] == kept["steps"]


def test_a_saved_game_that_no_longer_replays_is_skipped_with_words_and_the_next_reopens() -> None:
    page = Page()
    older = played_game(page)
    newest = played_game(page)
    key = storage_key("pig", newest["game_id"])
    tampered = json.loads(page.storage[key])
    tampered["record"]["actions"] = ["hold", "hold", "fly"]
    page.storage[key] = json.dumps(tampered)
    screen = arrive(page, lang="fr")
    assert screen["arrival"] == "resume" and screen["game_id"] == older["game_id"]
    assert "n'a pas pu être rouverte" in screen["notice"] and "Parties sauvegardées" in screen["notice"]
    assert json.loads(page.storage[key]) == tampered  # kept as it is: the person may still delete it


def test_the_address_is_read_as_the_pages_set_up_reads_it() -> None:
    from ui.store.resume import read_address

    assert read_address("", rows=3).asks_set_up is False
    assert read_address("?lang=fr&embed=1&pace=250", rows=3).asks_set_up is False
    assert read_address("?pace=250", rows=3).pace_ms == 250
    assert read_address("?pace=99999", rows=3).pace_ms is None
    # One controller per seat of the form; missing or "none" ones leave the seat empty; extra ones are not read.
    assert read_address("?seats=human", rows=3).controllers == ("human",)
    assert read_address("?seats=human,,heuristic", rows=3).controllers == ("human", "heuristic")
    assert read_address("?seats=a,b,c,d,e", rows=4).controllers == ("a", "b", "c", "d")
    assert read_address("?seats=human%2Cmcts%3Ahard", rows=2).controllers == ("human", "mcts:hard")


# -- the landing page's "Continue" ------------------------------------------------------------

def trice_entry(game_id: str, saved: float, *, finished: bool = False, turns: int | None = 3, steps: int = 9,
                seats: tuple[tuple[str, str], ...] = (("You", "human"), ("Green bot", "heuristic"), ("Zoé", "mcts:hard"))) -> str:
    return SaveEntry(
        id=game_id, game="trice", saved=saved, finished=finished,
        summary=Summary(title="Trice", seats=[name for name, _ in seats], steps=steps, turn="You", turns=turns),
        record={"game": "trice", "format": 2, "seats": [{"name": n, "controller": c} for n, c in seats], "seed": 1,
                "actions": []},
    ).model_dump_json()


def shown(html: str, lang: str = "en") -> str:
    """The text a person reads in ``lang`` (the other language's spans dropped, tags stripped)."""
    import re

    other = "fr" if lang == "en" else "en"
    html = re.sub(rf'<span lang="{other}">[^<]*</span>', "", html)
    return re.sub(r"<[^>]+>", "", html)


def continue_links(html: str) -> list[str]:
    return [part.split('"')[0] for part in html.split('class="continue-game" href="')[1:]]


def test_continue_lists_the_unfinished_games_newest_first_with_who_plays_how_far_and_when() -> None:
    from ui.store.resume import continue_html

    entries = [
        ("boardgames:save:trice:old", trice_entry("old", NOW - 3 * 86_400_000)),
        ("boardgames:save:trice:new", trice_entry("new", NOW - 5 * 60_000, turns=None, steps=1)),
        ("boardgames:save:trice:done", trice_entry("done", NOW, finished=True)),
        ("boardgames:save:siege:mid", SaveEntry(
            id="mid", game="siege", saved=NOW - 2 * 3_600_000,
            summary=Summary(title="Siege", seats=["Ann", "Bob"], steps=14, turns=2),
            record={"seats": [{"name": "Ann"}, {"name": "Bob", "controller": "aim:easy"}]}).model_dump_json()),
    ]
    html = continue_html(entries, NOW)
    assert continue_links(html) == ["trice/?resume=new", "siege/?resume=mid", "trice/?resume=old"]
    english, french = shown(html), shown(html, "fr")
    assert "Continue a game" in english and "1 move · 5 minutes ago" in english
    assert "Ann, Bob (shaky gunner)" in english and "Turn 2 · 14 moves · 2 hours ago" in english
    assert "You, Green bot (quick), Zoé (expert)" in english and "Turn 3 · 9 moves · 3 days ago" in english
    assert "Reprendre une partie" in french and "Vous, Robot vert (rapide), Zoé (expert)" in french
    assert "Tour 2 · 14 coups · il y a 2 heures" in french and "il y a 3 jours" in french
    assert "done" not in html  # a finished game is not continued


def test_continue_says_how_many_more_and_how_many_damaged_and_nothing_when_there_is_nothing() -> None:
    from ui.store.resume import CONTINUE_SHOWN, continue_html

    assert continue_html([], NOW) == ""
    assert continue_html([("boardgames:save:trice:d", trice_entry("d", NOW, finished=True))], NOW) == ""
    many = [(f"boardgames:save:trice:g{i}", trice_entry(f"g{i}", NOW - i)) for i in range(CONTINUE_SHOWN + 3)]
    broken = [("boardgames:save:trice:b1", "{"), ("boardgames:save:siege:b2", trice_entry("b2", NOW)),  # wrong key
              ("boardgames:save:trice:b3", '{"id": "b3", "saved": 1e400}')]
    others = [("boardgames:save:pig:x", "{"), ("boardgames:lang", "fr")]  # not a game of the site's pages
    html = continue_html(many + broken + others, NOW)
    assert continue_links(html) == [f"trice/?resume=g{i}" for i in range(CONTINUE_SHOWN)]
    assert "3 more unfinished games wait" in shown(html) and "3 autres parties en cours" in shown(html, "fr")
    assert "3 saved games could not be read" in shown(html) and "3 parties sauvegardées sont illisibles" in shown(html, "fr")


def test_continue_shows_a_hostile_name_as_text() -> None:
    from ui.store.resume import continue_html

    html = continue_html([("boardgames:save:trice:h", trice_entry("h", NOW, seats=(("<img src=x onerror=alert(1)>", "human"),)))], NOW)
    assert "<img" not in html and "&lt;img src=x" in html


@pytest.mark.property
@settings(max_examples=100, deadline=None)
@given(data=st.data(), count=st.integers(1, 5))
def test_property_a_damaged_entry_never_hides_another_game_to_continue(data: st.DataObject, count: int) -> None:
    from ui.store.resume import continue_html

    entries = [(f"boardgames:save:trice:g{i}", trice_entry(f"g{i}", NOW - i)) for i in range(count)]
    damaged = set(data.draw(st.sets(st.integers(0, count - 1))))
    stored = [(key, mutate(text, data) if i in damaged else text) for i, (key, text) in enumerate(entries)]
    html = continue_html(stored, NOW)
    listed = continue_links(html)
    for i in range(count):
        if i not in damaged:
            assert f"trice/?resume=g{i}" in listed

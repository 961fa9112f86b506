"""The landing page's cards (issue 20, point 9): each offers the bots' levels and a game with friends,
as game addresses with ``?seats=`` that the game page reads, from the games' own data."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from engine.spec import GameInfo
from ui.app.players import BOT_LABELS, level_name
from ui.games import GAMES
from ui.site.pages import CARD_LEVELS, card, card_levels
from ui.store.resume import read_address

pytestmark = pytest.mark.view

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r'<a class="(card-play|card-choice)" href="([^"]+)" data-(?:play|seats)="([^"]+)">(.*?)</a>')


def links(game_card: str) -> list[tuple[str, str, tuple[str, ...], str]]:
    """(kind, address, the seats the game page reads from it, the English words) of each link of a card."""
    found = []
    for kind, href, seats, inner in LINK.findall(game_card):
        path, _, query = unescape(href).partition("?")
        english = " ".join(re.findall(r'<span lang="en">(.*?)</span>', inner))
        name = path.rstrip("/")
        rows = len(next(g.seats for g in GAMES if g.name == name))
        asked = read_address("?" + query, rows=rows)
        assert asked.controllers is not None and ",".join(asked.controllers) == unescape(seats), href
        found.append((kind, name, asked.controllers, english))
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_card_offers_every_level_its_game_has_and_every_table_of_friends(game) -> None:
    found = links(card(game))
    assert {name for _, name, _, _ in found} == {game.name}  # every link opens this card's game
    bot_seats = sum(seat.controller not in ("human", "none") for seat in game.seats)
    levels = [c for c in CARD_LEVELS if c in game.info.bots]
    assert levels and tuple(levels) == card_levels(game)
    # Against bots: the person in the first seat, every bot of the set-up's table at one level.
    against = {seats[1]: seats for _, _, seats, _ in found if seats[0] == "human" and seats[1] != "human"}
    assert sorted(against) == sorted(levels)
    for level, seats in against.items():
        assert seats == ("human",) + (level,) * bot_seats
        assert level in game.info.bots  # a level the game's own set-up offers
    # With friends: one link per table size the game allows, people only.
    friends = sorted(len(seats) for _, _, seats, _ in found if set(seats) == {"human"})
    assert friends == list(range(game.info.min_seats, game.info.max_seats + 1))
    assert len(found) == len(levels) + len(friends)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_main_link_plays_the_gentlest_level_and_says_so(game) -> None:
    main = [link for link in links(card(game)) if link[0] == "card-play"]
    assert len(main) == 1
    _, _, seats, words = main[0]
    assert set(seats[1:]) == {CARD_LEVELS[0]} and seats[0] == "human"
    assert words.startswith("Play") and words.endswith(f": {level_name(CARD_LEVELS[0])}")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_word_of_a_card_is_in_english_and_in_french(game) -> None:
    html = card(game)
    english = re.findall(r'<span lang="en">(.*?)</span><span lang="fr">(.*?)</span>', html)
    assert len(english) == html.count('<span lang="en">') == html.count('<span lang="fr">')
    first, *others = card_levels(game)
    for level in others:
        assert (level_name(level), level_name(level, "fr")) in english
    assert [fr for en, fr in english if en.startswith("against") and fr.endswith(level_name(first, "fr"))]
    # French: a no-break space before a colon, never a line break there.
    assert not [fr for _, fr in english if " :" in fr]
    assert [fr for _, fr in english if "\u00a0:" in fr]


def test_the_level_names_live_in_python_not_in_the_page_template() -> None:
    template = (ROOT / "index.html").read_text()
    for controller in BOT_LABELS:
        if controller.startswith("mcts"):
            assert level_name(controller) not in template and level_name(controller, "fr") not in template
    assert "seats=" not in template


def test_a_game_offering_fewer_levels_gets_fewer_choices() -> None:
    from ui.games.entry import GamePage, SeatDefault

    class Small(GamePage):
        @property
        def info(self) -> GameInfo:
            return GameInfo("trice", "Trice", 2, 2, bots=("random", "mcts:medium"))

    small = Small("trice", "ui.games.trice", "t", "t", (SeatDefault("a", "a", "human"), SeatDefault("b", "b", "heuristic")))
    found = links(card(small))
    assert [seats for kind, _, seats, _ in found if kind == "card-play"] == [("human", "mcts:medium")]
    assert 'data-choices="levels"' not in card(small)  # no other level: no row for them


def test_a_card_choosing_another_level_opens_that_game_not_the_visits_own() -> None:
    """Home and back to a game page with another set-up (a card's other level): that set-up's game
    starts; the visit's game is kept only where the address asks for nothing else (the back button)."""
    from ui.app.session import Visit

    visit = Visit()

    def arrive(query: str) -> dict:
        message = {"op": "arrive", "entries": [], "expect_game": "trice", "query": query, "link": False,
                   "lang": "en", "now_ms": 0}
        return visit.handle_text(json.dumps(message), "trice")

    def start(controllers: list[str]) -> dict:
        seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
        return visit.handle_text(json.dumps({"op": "start", "game": "trice", "seed": 1, "seats": seats}), "trice")

    easy = "?seats=human,mcts:easy,mcts:easy"
    assert arrive(easy)["arrival"] == "new"
    assert start(["human", "mcts:easy", "mcts:easy"])["ok"]
    kept = arrive(easy)  # back to the same address
    assert kept["arrival"] == "keep" and kept["game"] == "trice"
    assert arrive("")["arrival"] == "keep"  # the plain address asks for nothing else
    other = arrive("?seats=human,mcts:hard,mcts:hard")
    assert other["arrival"] == "new" and other["game"] is None  # the page starts the chosen game
    assert start(["human", "mcts:hard", "mcts:hard"])["ok"]
    assert [s["controller"] for s in visit.sessions["trice"].current_record().model_dump()["seats"]] == [
        "human", "mcts:hard", "mcts:hard"]

"""A game with a friend by link (issue 37 point 4): two pages, each its own session, a link carrying each move.

The pages here are two :class:`~ui.app.session.Session` objects, in English and in French, which only
exchange what the page would: the link made by "Send", and the saved games of each page's storage.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from engine.bots import make_bot
from ui.app.session import Session
from ui.store.links import decode_link

#: A two-person game of each kind: Anna here, Ben (a friend by link) at his own screen.
SEATS = [{"name": "Anna", "controller": "human"}, {"name": "Ben", "controller": "friend"}]


class Page:
    """One person's page: its session, its storage (saved games by key) and its language."""

    def __init__(self, lang: str) -> None:
        self.session = Session()
        self.lang = lang
        self.saved: dict[str, str] = {}
        self.screen: dict[str, Any] = {}

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        screen = self.session.handle_text(json.dumps(message))
        assert screen.get("ok", True), screen.get("error")
        while screen.get("tick_ms") is not None:
            screen = self.session.handle_text('{"op": "tick"}')
        if screen.get("autosave"):
            entry = screen["autosave"]
            self.saved[f"boardgames:save:{entry['game']}:{entry['id']}"] = json.dumps(entry)
        self.screen = screen
        return screen

    def start(self, game: str, seats: list[dict[str, str]], seed: int) -> dict[str, Any]:
        return self.send({"op": "start", "game": game, "seats": seats, "seed": seed, "pace_ms": 0, "lang": self.lang})

    def open(self, link: str) -> dict[str, Any]:
        return self.send({"op": "open_link", "fragment": link, "expect_game": self.session.game.name if
                          self.session.game else None, "lang": self.lang, "entries": sorted(self.saved.items())})

    def link(self) -> str:
        return self.session.handle_text('{"op": "link"}')["link"]

    def play_turn(self) -> None:
        """The person's whole turn, as the quick bot would play it (rolls with the page's roll button)."""
        session = self.session
        game = session.game
        me = session.interactive_seat()
        assert me is not None, self.screen["status"]
        bot = make_bot(game, "heuristic", 1)
        while session.interactive_seat() == me and not game.is_terminal(session.state):
            if game.is_chance(session.state):
                self.send({"op": "act", "gesture": "chance"})
            else:
                action = bot.choose(game, session.state)
                self.send({"op": "act", "gesture": "do " + game.format_action(action)})


def begin(game: str, seed: int = 3) -> tuple[Page, Page]:
    anna, ben = Page("en"), Page("fr")
    anna.start(game, SEATS, seed)
    return anna, ben


@pytest.mark.parametrize(("game", "bots"), [("piratissimo", []), ("siege", []), ("trice", ["heuristic"])])
def test_a_friend_game_is_played_to_its_end_by_links_each_page_in_its_seat(game: str, bots: list[str]) -> None:
    """Each page plays only its own seat; the other's turn waits, says so and offers to send the link.

    A bot's seat (Trice's third) is played by the page whose person moved before it."""
    anna, ben = Page("en"), Page("fr")
    anna.start(game, SEATS + [{"name": "Bot", "controller": bot} for bot in bots], 3)
    pages = [anna, ben]
    holder, sent = anna, 0  # the page with the latest move
    while not holder.session.game.is_terminal(holder.session.state):
        if holder.session.interactive_seat() is not None:
            holder.play_turn()
            continue
        # the friend's turn: nothing plays it here; the page says so and offers to send the link
        screen, friend = holder.screen, holder.session.live.friend_turn()
        assert friend is not None and screen["tick_ms"] is None
        assert ["Anna", "Ben"][friend] in screen["status"], screen["status"]
        assert 'data-op="share"' in screen["regions"]["controls"]
        assert not screen["can_undo"]  # no takeback in a friend's game: the move is the friend's to see
        receiver = pages[friend]
        arrived = receiver.open(holder.link())
        assert arrived["you"] == friend and receiver.session.interactive_seat() == friend
        assert arrived["notice"], "the page says whose link it is"
        holder, sent = receiver, sent + 1
    other = ben if holder is anna else anna
    other.open(holder.link())  # the last move goes across too
    assert sent >= 2
    final_anna, final_ben = anna.session.current_record(), ben.session.current_record()
    assert final_anna.actions == final_ben.actions and anna.screen["banner"] and ben.screen["banner"]
    # each page kept the game under one id from its first link on, its names as it knows them
    assert len(anna.saved) == 1 and len(ben.saved) == 1
    assert [s.name for s in final_anna.seats][:2] == ["Anna", "Ben"]
    assert [(s.name, s.controller) for s in final_ben.seats][:2] == [("Anna", "friend"), ("Ben", "human")]
    assert [s.controller for s in final_ben.seats][2:] == bots


def test_the_link_opens_for_the_friend_in_their_seat_in_their_language() -> None:
    anna, ben = begin("piratissimo")
    anna.play_turn()
    link = anna.link()
    record = decode_link(link)
    assert [(s.name, s.controller) for s in record.seats] == [("Anna", "friend"), ("Ben", "human")]
    screen = ben.open(link)
    assert screen["you"] == 1
    assert screen["notice"].startswith("Vous jouez Ben"), screen["notice"]
    assert "Anna" in screen["notice"]
    assert screen["status"].startswith("À vous de jouer, Ben"), screen["status"]
    assert screen["recap"], "Anna's moves since Ben's last are listed beside the board"
    assert screen["autosave"] is not None, "the friend's page keeps the game from its first link"


def test_send_says_it_sent_the_link_to_the_friend_by_name() -> None:
    anna, _ben = begin("piratissimo")
    anna.play_turn()
    answer = anna.session.handle_text('{"op": "link"}')
    assert "Ben" in answer["link_words"]["copied"]
    assert answer["link_words"]["turn"] == "Ben (Blue), your turn in our game of Piratissimo"
    assert 'Send the link to Ben' in answer["regions"]["controls"]


def test_a_link_from_an_earlier_move_never_overwrites_a_longer_game() -> None:
    anna, ben = begin("piratissimo")
    anna.play_turn()
    first = anna.link()
    ben.open(first)
    ben.play_turn()
    anna.open(ben.link())
    anna.play_turn()
    second = anna.link()
    ben.open(second)
    steps = len(ben.session.actions)
    # the first link again, on Ben's page: his game has gone further and stays
    screen = ben.open(first)
    assert len(ben.session.actions) == steps
    assert screen["notice"].startswith("Ce lien date d’un coup précédent"), screen["notice"]
    # and on a fresh visit to his page (the game only in storage), the same
    again = Page("fr")
    again.saved = dict(ben.saved)
    screen = again.open(first)
    assert len(again.session.actions) == steps and screen["reopened"] in ben.saved


def test_a_person_named_you_is_named_by_seat_for_the_friend_and_bot_names_follow_the_reader() -> None:
    """Anna's page calls her seat "Vous" and names the bot in French; Ben reads English."""
    anna, ben = Page("fr"), Page("en")
    anna.start("trice", [{"name": "Vous", "controller": "human"}, {"name": "Ben", "controller": "friend"},
                         {"name": "Robot bleu", "controller": "mcts:easy"}], 2)
    while anna.session.interactive_seat() is None:  # Ben or the bot starts: Anna's page waits or plays the bot
        if anna.session.live.friend_turn() is not None:
            break
        anna.send({"op": "tick"})
    if anna.session.interactive_seat() is not None:
        anna.play_turn()
    ben.open(anna.link())
    names = [s.name for s in ben.session.record.seats]
    assert names == ["Player 1", "Ben", "Blue bot"], names


def test_an_ordinary_share_link_is_still_a_game_of_its_own() -> None:
    anna = Page("en")
    anna.start("piratissimo", [{"name": "Anna", "controller": "human"}, {"name": "Bot", "controller": "heuristic"}], 3)
    anna.play_turn()
    other = Page("en")
    screen = other.open(anna.link())
    assert screen["notice"].startswith("A copy of a shared game: you go on from here as Anna") and \
        screen["reopened"] is None
    assert [s.controller for s in other.session.record.seats] == ["human", "heuristic"]


def test_the_set_up_offers_a_friend_by_link_for_every_seat() -> None:
    from ui.games import GAMES
    from ui.site.pages import setup_form

    for page in GAMES:
        if page.name not in engine.BUILTIN:
            continue
        form = setup_form(page)
        assert form.count('value="friend"') == len(page.seats), page.name
        assert 'data-label-fr="Un ami, par lien"' in form


def test_the_page_that_set_up_a_friend_game_keeps_it_before_any_move_and_takes_the_reply_into_it() -> None:
    """Ben starts: Anna's page only sends the link, and her reload with Ben's reply goes on with her game."""
    for seed in range(20):
        anna, ben = begin("piratissimo", seed)
        if anna.session.live.friend_turn() is not None:
            break
    assert anna.session.interactive_seat() is None and len(anna.saved) == 1
    (key,) = anna.saved
    ben.open(anna.link())
    ben.play_turn()
    reloaded = Page("en")  # Anna's page after a reload: her game only in storage
    reloaded.saved = dict(anna.saved)
    screen = reloaded.open(ben.link())
    assert screen["reopened"] == key and screen["notice"].startswith("Ben (Blue) played by link"), screen["notice"]
    assert [s.name for s in reloaded.session.record.seats] == ["Anna", "Ben"]


def test_any_link_opens_with_the_names_nobody_typed_in_the_reader_s_language() -> None:
    """A shared game against a bot, from an English page ("You", "Captain Bot"), read in French."""
    anna = Page("en")
    anna.start("piratissimo", [{"name": "You", "controller": "human"},
                               {"name": "Captain Bot", "controller": "heuristic"}], 3)
    anna.play_turn()
    other = Page("fr")
    other.open(anna.link())
    assert [s.name for s in other.session.record.seats] == ["Vous", "Amiral Robot"]

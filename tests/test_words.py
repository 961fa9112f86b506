"""Words and small things of the game pages (issue 20, point 8), where Python makes them: the status
line, the set-up's default names, "Skip to my turn", French numbers, the share link's words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from ui.app.session import Session
from ui.games import GAMES, page
from ui.site.pages import setup_form

pytestmark = pytest.mark.unit


def start(session: Session, game: str, seats: list[tuple[str, str]], lang: str = "en", seed: int = 5) -> dict[str, Any]:
    message = {"op": "start", "game": game, "seed": seed, "lang": lang, "pace_ms": 0,
               "seats": [{"name": name, "controller": controller} for name, controller in seats]}
    return session.handle_text(json.dumps(message))


def send(session: Session, **message: Any) -> dict[str, Any]:
    return session.handle_text(json.dumps(message))


def until_person(session: Session, screen: dict[str, Any]) -> dict[str, Any]:
    for _ in range(500):
        if screen["tick_ms"] is None:
            return screen
        screen = send(session, op="tick")
    raise AssertionError("the bots never gave the person the turn")


@pytest.mark.parametrize("game, seats", [
    ("trice", [("You", "human"), ("Green bot", "heuristic"), ("Blue bot", "heuristic")]),
    ("piratissimo", [("You", "human"), ("Captain Bot", "heuristic")]),
    ("siege", [("You", "human"), ("Gunner Bot", "aim")]),
])
def test_the_person_called_you_is_told_your_turn_not_your_turn_you(game: str, seats: list[tuple[str, str]]) -> None:
    for lang, you, said in (("en", "You", "Your turn"), ("fr", "Vous", "À vous de jouer")):
        session = Session()
        named = [(you if c == "human" else n, c) for n, c in seats]
        screen = until_person(session, start(session, game, named, lang))
        if screen["status"] != said:  # a roll or a draw of the person's own first
            screen = until_person(session, send(session, op="act", gesture="chance"))
        assert screen["status"] == said, screen["status"]


def test_hot_seat_still_names_whose_turn_it_is() -> None:
    session = Session()
    screen = until_person(session, start(session, "siege", [("Ann", "human"), ("Bob", "human")]))
    assert screen["status"] in ("Your turn, Ann", "Your turn, Bob")
    fr = until_person(session, send(session, op="lang", lang="fr"))
    assert fr["status"].startswith("À vous de jouer, ")


def test_default_names_read_naturally_for_a_bot_and_for_a_person() -> None:
    for game in GAMES:
        for index, seat in enumerate(game.seats):
            names = seat.names(index)
            for name in names:
                assert not re.search(r"\b(Third|Fourth|Troisième|Quatrième)\b", name), name
                assert not re.fullmatch(r"Bot \d", name), name
        form = setup_form(game)
        # each name field carries its seat's names for a bot and for a person, in both languages
        fields = re.findall(r"<input name=\"name\"[^>]*>", form)
        assert len(fields) == len(game.seats)
        for field, (index, seat) in zip(fields, enumerate(game.seats)):
            bot_en, bot_fr, person_en, person_fr = seat.names(index)
            for attr, value in (("bot-en", bot_en), ("bot-fr", bot_fr), ("person-en", person_en),
                                ("person-fr", person_fr)):
                assert f'data-{attr}="{value}"' in field
    piratissimo = page("piratissimo")
    assert [s.names(i)[:2] for i, s in enumerate(piratissimo.seats)][2:] == [
        ("Bosun Bot", "Bosco Robot"), ("Lookout Bot", "Vigie Robot")]
    assert piratissimo.seats[2].names(2)[2:] == ("Player 3", "Joueur 3")
    first = page("trice").seats[0]
    assert first.name(0) == "You" and first.name(0, "fr") == "Vous" and first.names(0)[:2] == ("Red bot", "Robot rouge")


#: "Bot" as a word of its own, in any case ("Robot" is French; issue 37, point 8).
BOT_WORD = re.compile(r"\bbots?\b", re.IGNORECASE)


def test_french_calls_a_bot_a_robot_in_every_default_name_and_lesson() -> None:
    """French says "robot" throughout: the set-up's default names and the lessons' seats, never "Bot"."""
    said = []
    for game in GAMES:
        said += [seat.names(index)[1] for index, seat in enumerate(game.seats)]
        for lesson in sorted(game.lessons_dir.glob("*.json")):
            said += json.loads(lesson.read_text(encoding="utf-8"))["names"]["fr"]
    assert sum("Robot" in name for name in said) >= 10, said
    assert [name for name in said if BOT_WORD.search(name)] == []


def test_skip_to_my_turn_is_not_offered_while_your_own_shot_flies() -> None:
    session = Session()
    screen = until_person(session, start(session, "siege", [("You", "human"), ("Gunner Bot", "aim")], seed=3))
    # roll if the dice wait, then fire: the ball's flight is a chance step of nobody's, in the person's turn
    if 'data-act="chance"' in screen["regions"]["controls"]:
        screen = send(session, op="act", gesture="chance")
    assert screen["status"] == "Your turn" and not screen["skippable"]
    screen = send(session, op="act", gesture="fire")
    assert session.game.is_chance(session.state) and screen["tick_ms"] is not None  # the ball flies
    assert not screen["skippable"]
    # once the person ends the turn, the bot's turn can be skipped
    screen = until_person(session, screen)
    screen = send(session, op="act", gesture="do end")
    assert screen["skippable"]


def test_french_numbers_everywhere_python_writes_them() -> None:
    from engine.siege import Siege
    from ui.draw.summary import summary

    game = Siege()
    states = [game.new(2)]
    actions = ["first blue", "dice 4 4", "fire mortar 45 74", "scatter +0.5 -0.5", "fire cannon 17 92", "scatter +0 +0"]
    for action in actions:
        states.append(game.apply(states[-1], game.parse_action(action)))
    # the end-of-game charts count pieces standing: whole numbers, said after French's spaced colon
    said = " ".join(re.findall(r"<title>(.*?)</title>", summary(game, states, actions, ["Ann", "Bob"], "fr")))
    assert "Ann : 10" in said and not re.search(r"\d\.\d|\d ?%", said), said
    said = " ".join(re.findall(r"<title>(.*?)</title>", summary(game, states, actions, ["Ann", "Bob"], "en")))
    assert "Ann: 10" in said, said


def test_the_share_link_comes_with_words_of_what_was_done() -> None:
    for lang, copied, shared in (("en", "Link copied", "Link shared"), ("fr", "Lien copié", "Lien partagé")):
        session = Session()
        start(session, "trice", [("You", "human"), ("Green bot", "heuristic"), ("Blue bot", "heuristic")], lang)
        screen = send(session, op="link")
        assert screen["link"].startswith("g1.")
        said = screen["link_words"]
        assert set(said) == {"copied", "shown", "shared"}
        assert said["copied"].startswith(copied) and said["shared"].startswith(shared)
        assert all(text.strip() and not re.search(r"\{\w+\}", text) for text in said.values())

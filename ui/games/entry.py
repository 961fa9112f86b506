"""A game's entry in the registry of pages (``ui/games/__init__.py``): how the site presents it.

Each game's folder (``ui/games/<game>/``) defines its :class:`GamePage` in its
``__init__.py``; the shared code reads the games only through the registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.core import Game
from engine.spec import GameInfo
from ui.app.players import is_person
from ui.app.view import GameView
from ui.app.words import pick


@dataclass(frozen=True)
class SeatDefault:
    """A seat of the set-up: who plays it at first, and its default names for a bot and for a person.

    The name field shows the name for the seat's controller; while nobody has
    typed over it, it follows the controller chosen (and the page's language).
    """

    bot_en: str
    bot_fr: str
    controller: str  # "human", a bot name, or "none" for an empty optional seat
    person_en: str = ""
    person_fr: str = ""

    def names(self, index: int) -> tuple[str, str, str, str]:
        """(bot English, bot French, person English, person French) for the seat at ``index``.

        >>> SeatDefault("Bosun Bot", "Bosco Robot", "none").names(2)
        ('Bosun Bot', 'Bosco Robot', 'Player 3', 'Joueur 3')
        """
        return (self.bot_en, self.bot_fr, self.person_en or f"Player {index + 1}", self.person_fr or f"Joueur {index + 1}")

    def name(self, index: int, lang: str = "en", controller: str | None = None) -> str:
        """The name the set-up gives the seat played by ``controller`` (at first, its own): the person's
        for a person, else the bot's.

        >>> SeatDefault("Bosun Bot", "Bosco Robot", "none").name(2, "fr", "human")
        'Joueur 3'
        """
        bot_en, bot_fr, person_en, person_fr = self.names(index)
        if is_person(controller or self.controller):  # a friend by link is a person too
            return pick(lang, person_en, person_fr)
        return pick(lang, bot_en, bot_fr)


@dataclass(frozen=True)
class GamePage:
    """How the site presents a game: its tagline and the set-up's default seats.

    What the game is called, how many play, which bots and options it offers
    and its rules' IDs are the game's own (:class:`~engine.spec.GameInfo`,
    read here without loading its rules).
    """

    name: str
    #: The game's page package (``ui.games.<name>``): its view is ``<package>.page``'s ``View``, its
    #: end-of-game chart ``<package>.summary``'s ``chart``, its lessons in ``lessons/`` beside them.
    package: str
    tagline_en: str
    tagline_fr: str
    seats: tuple[SeatDefault, ...]
    #: What the set-up adds for this game (English, French).
    setup_note: tuple[str, str] = ("", "")

    def view(self) -> GameView:
        """The game's page view (a fresh one: a view keeps no state of its own between games)."""
        return importlib.import_module(f"{self.package}.page").View()

    def chart(self, game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str],
              colours: Sequence[str], lang: str) -> str:
        """The game's end-of-game chart(s), drawn from the replayed states (``<package>.summary``)."""
        return importlib.import_module(f"{self.package}.summary").chart(game, states, actions, names, colours, lang)

    @property
    def lessons_dir(self) -> Path:
        """The game's lessons (``ui/games/<name>/lessons/NN-<slug>.json``)."""
        return Path(importlib.import_module(self.package).__file__ or "").parent / "lessons"

    @property
    def info(self) -> GameInfo:
        return engine.info(self.name)

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_seats(self) -> int:
        return self.info.min_seats

    @property
    def bots(self) -> tuple[str, ...]:
        return self.info.bots

    @property
    def players_en(self) -> str:
        return self.info.players("en")

    @property
    def players_fr(self) -> str:
        return self.info.players("fr")

"""Rules engines for the site's board games, in pure Python.

Nothing here imports from the browser or does I/O: the same code runs under
CPython for the tests and under Pyodide in the page's worker.  The registry
maps a game's short name to its :class:`~engine.core.Game`:

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> engine.get("pig").title
'Pig'
>>> engine.get("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.UnknownGame: unknown game 'chess'; this site plays ...
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from engine.bounded import shorten
from engine.core import (
    CHANCE,
    TERMINAL,
    Actor,
    BadOptions,
    Dealer,
    Game,
    IllegalAction,
    Outcome,
    play_out,
    sample_chance,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Actor",
    "BadOptions",
    "Dealer",
    "Game",
    "IllegalAction",
    "Outcome",
    "UnknownGame",
    "get",
    "names",
    "play_out",
    "register",
    "sample_chance",
]

#: The site's games: name -> "module:Class", imported on first use.
BUILTIN: dict[str, str] = {
    "trice": "engine.trice:Trice",
    "piratissimo": "engine.piratissimo:Piratissimo",
    "siege": "engine.siege:Siege",
}

_games: dict[str, Game[Any, Any]] = {}


class UnknownGame(ValueError):
    """A game name that the registry does not know."""


def register(game: Game[Any, Any]) -> None:
    """Add a game (tests register their demonstration game this way)."""
    _games[game.name] = game


def unregister(name: str) -> None:
    _games.pop(name, None)


def _available() -> list[str]:
    found = []
    for name, target in BUILTIN.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            found.append(name)
    return found


def names() -> list[str]:
    """Every registered game's name, sorted."""
    return sorted(set(_available()) | set(_games))


def get(name: str) -> Game[Any, Any]:
    """The game called ``name``; raises :class:`UnknownGame` otherwise."""
    if name in _games:
        return _games[name]
    if name in BUILTIN and name in _available():
        module, cls = BUILTIN[name].split(":")
        game = getattr(importlib.import_module(module), cls)()
        _games[name] = game
        return game
    raise UnknownGame(f"unknown game {shorten(name)}; this site plays {', '.join(names())}")


"""Rules engines for the site's board games, in pure Python.

Nothing here imports from the browser or does I/O: the same code runs under
CPython for the tests and under Pyodide in the page's worker.  The registry
maps a game's short name to its :class:`~engine.spec.GameSpec` (its rules,
bots and benchmarks); :func:`get` gives the rules, a :class:`~engine.core.Game`:

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> engine.get("pig").title
'Pig'
>>> engine.spec("trice").bot("heuristic", 1) is not None
True
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
    InvalidAction,
    Outcome,
    play_out,
    sample_chance,
)
from engine.spec import GameInfo, GameSpec

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Actor",
    "BadOptions",
    "Dealer",
    "Game",
    "GameInfo",
    "GameSpec",
    "IllegalAction",
    "InvalidAction",
    "Outcome",
    "UnknownGame",
    "get",
    "info",
    "names",
    "play_out",
    "register",
    "sample_chance",
    "spec",
    "spec_for",
]

#: The site's games: name -> the package that declares its ``SPEC``, imported on first use.
BUILTIN: dict[str, str] = {
    "trice": "engine.trice",
    "piratissimo": "engine.piratissimo",
    "siege": "engine.siege",
}

_games: dict[str, GameSpec] = {}


class UnknownGame(ValueError):
    """A game name that the registry does not know."""


def register(game: Game[Any, Any] | GameSpec) -> None:
    """Add a game, or a game's spec (tests register their demonstration game this way)."""
    spec = game if isinstance(game, GameSpec) else GameSpec(game)
    _games[spec.name] = spec


def unregister(name: str) -> None:
    _games.pop(name, None)


def _available() -> list[str]:
    found = []
    for name, module in BUILTIN.items():
        if importlib.util.find_spec(module) is not None:
            found.append(name)
    return found


def names() -> list[str]:
    """Every registered game's name, sorted."""
    return sorted(set(_available()) | set(_games))


def spec(name: str) -> GameSpec:
    """The spec of the game called ``name``; raises :class:`UnknownGame` otherwise."""
    if name in _games:
        return _games[name]
    if name in BUILTIN and name in _available():
        found = importlib.import_module(BUILTIN[name]).SPEC
        _games[name] = found
        return found
    raise UnknownGame(f"unknown game {shorten(name)}; this site plays {', '.join(names())}")


def info(name: str) -> GameInfo:
    """What the game called ``name`` is called and offers, without loading its rules.

    >>> info("siege").rule_prefix, info("trice").max_seats
    ('SG', 3)
    """
    if name in _games:
        return _games[name].info
    if name in BUILTIN and name in _available():
        return importlib.import_module(BUILTIN[name]).INFO
    raise UnknownGame(f"unknown game {shorten(name)}; this site plays {', '.join(names())}")


def get(name: str) -> Game[Any, Any]:
    """The game called ``name`` (its rules); raises :class:`UnknownGame` otherwise."""
    return spec(name).rules


def spec_for(game: Game[Any, Any]) -> GameSpec:
    """The registered spec of ``game``'s name, or a spec of its rules alone for a game nobody registered."""
    try:
        return spec(game.name)
    except UnknownGame:
        return GameSpec(game)


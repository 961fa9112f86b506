"""Bots: anything with ``choose(game, state) -> action`` for a seat's turn.

``make_bot`` turns a controller name from a seat (``random``, ``heuristic``,
``mcts:hard``) into a bot.  A bot only sees the state and draws chance from
``chance_outcomes``; it never sees the dealer.

>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> bot = make_bot(game, "random", seed=3)
>>> bot.choose(game, game.new(2)) in ("roll", "hold")
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.bounded import shorten
from engine.core import Game


class Bot(Protocol):
    def choose(self, game: Game[Any, Any], state: Any) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.rng.choice(game.legal_actions(state))


class UnknownBot(ValueError):
    """A bot name that no game or search level answers to."""


def make_bot(game: Game[Any, Any], name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` for ``game``."""
    if name == "random":
        return RandomBot(seed)
    bot = game.make_bot(name, seed)
    if bot is not None:
        return bot
    if name.startswith("mcts"):
        try:
            from engine.ai import make_search_bot
        except ImportError:
            pass
        else:
            return make_search_bot(game, name, seed)
    raise UnknownBot(f"{game.title} has no bot called {shorten(name)}")

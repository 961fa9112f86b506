"""Bots: anything with ``choose(game, state) -> action`` for a seat's turn.

``make_bot`` turns a controller name from a seat (``random``, ``heuristic``,
``mcts:hard``) into a bot: the game's own bots come from its
:class:`~engine.spec.GameSpec`, the search bot is handed the game's
:class:`~engine.ai.search_spec.SearchSpec`.  A bot only sees the state and draws
chance from ``chance_outcomes``; it never sees the dealer.

>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> bot = make_bot(game, "random", seed=3)
>>> bot.choose(game, game.new(2)) in ("roll", "hold")
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import engine
from engine.bounded import shorten
from engine.core import Game, UnknownBot
from engine.spec import GameSpec

__all__ = ["Bot", "RandomBot", "UnknownBot", "make_bot"]


class Bot(Protocol):
    def choose(self, game: Game[Any, Any], state: Any) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.rng.choice(game.legal_actions(state))


def make_bot(game: Game[Any, Any], name: str, seed: int = 0, *, spec: GameSpec | None = None) -> Bot:
    """The bot called ``name`` for ``game``, as its ``spec`` (by default the registered one) describes it."""
    if name == "random":
        return RandomBot(seed)
    spec = spec or engine.spec_for(game)
    bot = spec.bot(name, seed)
    if bot is not None:
        return bot
    if name.startswith("mcts"):
        # The search is imported once a seat asks for it, not by every page that loads the rules.
        from engine.ai import make_search_bot
        from engine.ai.mcts import NO_SPEC

        return make_search_bot(game, name, seed, spec=spec.search or NO_SPEC)
    raise UnknownBot(f"{game.title} has no bot called {shorten(name)}")

"""One fair Monte-Carlo tree search bot for every game of the protocol.

``make_search_bot(game, "mcts:hard", seed, spec=...)`` is what
:func:`engine.bots.make_bot` returns for controller names starting with
``mcts``, handing over the game's :class:`~engine.ai.search_spec.SearchSpec`; see
:mod:`engine.ai.search_spec` for what a game may tell the search, :mod:`engine.ai.bot`
for the levels and the name grammar (``mcts:LEVEL[:ITERATIONS]``) and
:mod:`engine.ai.mcts` for the search itself.  Nothing here names a game.
``python -m engine.ai speed`` measures iterations per second and think time
per decision.

>>> from engine.bots import make_bot
>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> bot = make_bot(game, "mcts:easy:50", seed=2)
>>> bot.choose(game, game.new(3)) in game.legal_actions(game.new(3))
True
"""

from __future__ import annotations

import importlib
from typing import Any

#: Where each name lives: a game's ``ai`` module imports :mod:`engine.ai.search_spec`
#: alone, so the rules of a page load without the search until a seat asks for it.
_HOMES = {
    "SearchBot": "engine.ai.bot",
    "make_search_bot": "engine.ai.bot",
    "parse_level": "engine.ai.bot",
    "Search": "engine.ai.mcts",
    "LEVELS": "engine.ai.search_spec",
    "Level": "engine.ai.search_spec",
    "Profile": "engine.ai.search_spec",
    "SearchSpec": "engine.ai.search_spec",
}

__all__ = sorted(_HOMES)  # noqa: PLE0605 - the lazy names, listed once in _HOMES


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'engine.ai' has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)

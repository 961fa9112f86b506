"""One fair Monte-Carlo tree search bot for every game of the protocol.

``make_search_bot(game, "mcts:hard", seed)`` is what :func:`engine.bots.make_bot`
returns for controller names starting with ``mcts``; see :mod:`engine.ai.bot`
for the levels and the name grammar (``mcts:LEVEL[:ITERATIONS]``) and
:mod:`engine.ai.mcts` for the search itself.  ``python -m engine.ai speed``
measures iterations per second and think time per decision.

>>> from engine.bots import make_bot
>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> bot = make_bot(game, "mcts:easy:50", seed=2)
>>> bot.choose(game, game.new(3)) in game.legal_actions(game.new(3))
True
"""

from engine.ai.bot import GAME_LEVELS, LEVELS, Level, SearchBot, level_for, make_search_bot, parse_level
from engine.ai.mcts import PROFILES, Profile, Search

__all__ = ["GAME_LEVELS", "LEVELS", "PROFILES", "Level", "Profile", "Search", "SearchBot", "level_for", "make_search_bot", "parse_level"]

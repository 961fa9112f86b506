"""The games' pages, one folder each (``ui/games/<game>/``), and their registry: one line a game.

A game's folder holds its view (``page.py``), gestures, drawing, end-of-game
chart (``summary.py``), lessons (``lessons/``) and rules page (``rules.py``,
the build's), and its ``__init__.py`` defines its :class:`~ui.games.entry.GamePage`.
The shared code reads the games only here.

>>> [game.name for game in GAMES]
['trice', 'piratissimo', 'siege']
>>> page("siege").seats[1].controller
'mcts:easy'
"""

from __future__ import annotations

from ui.games import piratissimo, siege, trice
from ui.games.entry import GamePage

#: Every game's page, in the order the landing shows them.
GAMES: tuple[GamePage, ...] = (
    trice.PAGE,
    piratissimo.PAGE,
    siege.PAGE,
)


def page(name: str) -> GamePage:
    """The page of the game ``name`` (KeyError for a game without one)."""
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(name)

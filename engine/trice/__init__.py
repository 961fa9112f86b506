"""Trice, Andrew Looney's three-player game of stacked pyramids (rules TR-01..TR-19).

>>> from engine.trice import Trice
>>> Trice().title
'Trice'
"""

from engine.trice.game import Trice, TriceState

__all__ = ["Trice", "TriceState"]

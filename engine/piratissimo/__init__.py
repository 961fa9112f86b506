"""Piratissimo: the treasure race for 2-4 players with tornado and compass.

>>> from engine.piratissimo import Piratissimo
>>> Piratissimo().title
'Piratissimo'
"""

from engine.piratissimo.game import HOME, PirState, Piratissimo, Route, routes

__all__ = ["HOME", "PirState", "Piratissimo", "Route", "routes"]

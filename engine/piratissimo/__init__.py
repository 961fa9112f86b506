"""Piratissimo: the treasure race for 2-4 players with tornado and compass.

Modules: :mod:`~engine.piratissimo.data` (the islands, die and compass as
data), :mod:`~engine.piratissimo.game` (the rules and their words) and
:mod:`~engine.piratissimo.ai` (the heuristic bot and what the search is told).
:data:`SPEC` ties them together for the registry.

>>> from engine.piratissimo import SPEC, Piratissimo
>>> Piratissimo().title, SPEC.name
('Piratissimo', 'piratissimo')
"""

from engine.piratissimo.ai import search_spec
from engine.piratissimo.game import HOME, PirState, Piratissimo, Route, routes
from engine.spec import GameSpec

_RULES = Piratissimo()

#: Piratissimo for the registry: the rules, their bots and the search's knowledge.
SPEC = GameSpec(_RULES, search=search_spec(_RULES))

__all__ = ["HOME", "PirState", "Piratissimo", "Route", "SPEC", "routes"]

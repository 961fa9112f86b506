"""Trice, Andrew Looney's three-player game of stacked pyramids (rules TR-01..TR-19).

Modules: :mod:`~engine.trice.board` (the triangular board as data),
:mod:`~engine.trice.game` (the rules and their words) and
:mod:`~engine.trice.ai` (the heuristic bot and what the search is told).
:data:`SPEC` ties them together for the registry.

>>> from engine.trice import SPEC, Trice
>>> Trice().title, SPEC.name
('Trice', 'trice')
"""

from engine.spec import GameSpec
from engine.trice.ai import bench_self_play, search_spec
from engine.trice.game import Trice, TriceState

_RULES = Trice()

#: Trice for the registry: the rules, their bots and the search's knowledge.
SPEC = GameSpec(_RULES, search=search_spec(_RULES), bench=lambda seconds: bench_self_play(_RULES, seconds))

__all__ = ["SPEC", "Trice", "TriceState"]

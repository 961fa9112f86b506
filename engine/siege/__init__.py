"""Siege: the two-player pirate artillery battle, with a closed-form ballistic model.

Modules: :mod:`~engine.siege.scene` (the battlefield as data, units written
down), :mod:`~engine.siege.physics` (the pure flight of a ball),
:mod:`~engine.siege.game` (the rules and the turn), :mod:`~engine.siege.words`
(the game log) and :mod:`~engine.siege.ai` (the aiming bot and what the
search is told).  :data:`SPEC` ties them together for the registry.

>>> from engine.siege import SPEC, Siege
>>> Siege().title, SPEC.name
('Siege', 'siege')
"""

from engine.siege.ai import bench_shots, search_spec
from engine.siege.game import Siege, SiegeState
from engine.spec import GameSpec

_RULES = Siege()

#: Siege for the registry: the rules, their bots and the search's knowledge.
SPEC = GameSpec(_RULES, search=search_spec(_RULES), bench=lambda seconds: bench_shots(_RULES, seconds))

__all__ = ["SPEC", "Siege", "SiegeState"]

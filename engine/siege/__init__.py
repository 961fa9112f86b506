"""Siege: the two-player pirate artillery battle, with a closed-form ballistic model.

Modules: :mod:`~engine.siege.scene` (the battlefield as data, units written
down), :mod:`~engine.siege.physics` (the pure flight of a ball),
:mod:`~engine.siege.game` (the rules and the turn), :mod:`~engine.siege.words`
(the game log) and :mod:`~engine.siege.bots` (the aiming bot).

>>> from engine.siege import Siege
>>> Siege().title
'Siege'
"""

from engine.siege.game import Siege, SiegeState

__all__ = ["Siege", "SiegeState"]

"""Siege: the two-player pirate artillery battle, with a closed-form ballistic model.

Modules: :mod:`~engine.siege.info`, :mod:`~engine.siege.scene` (the battlefield as
data, units written down), :mod:`~engine.siege.physics` (the pure flight of a
ball), :mod:`~engine.siege.state` (the state and what falls),
:mod:`~engine.siege.rules` (the rules and the turn),
:mod:`~engine.siege.words` (the game log) and :mod:`~engine.siege.ai` (the
aiming bot and what the search is told).
:data:`INFO` (what the game is called and offers) is plain data, read by the
site without loading the rules; :data:`SPEC` ties info, rules and bots
together for the registry, and is made the first time it is asked for.

>>> from engine.siege import INFO, SPEC, Siege
>>> Siege().title, SPEC.name, INFO.rule_prefix
('Siege', 'siege', 'SG')
"""

from __future__ import annotations

from typing import Any

from engine.siege.info import INFO

__all__ = ["INFO", "SPEC", "Siege", "SiegeState"]


def _spec() -> Any:
    from engine.siege import words
    from engine.siege.ai import bench_shots, search_spec
    from engine.siege.rules import Siege
    from engine.spec import GameSpec

    rules = Siege()
    return GameSpec(rules, search=search_spec(rules), bench=lambda seconds: bench_shots(rules, seconds), info=INFO, words=words)


def __getattr__(name: str) -> Any:
    # The rules and the bots load on first use: a page that only lists the games reads INFO alone.
    if name == "SPEC":
        globals()["SPEC"] = found = _spec()
        return found
    if name in ("Siege", "SiegeState"):
        from engine.siege import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'engine.siege' has no attribute {name!r}")

"""Piratissimo: the treasure race for 2-4 players with tornado and compass.

Modules: :mod:`~engine.piratissimo.info`, :mod:`~engine.piratissimo.data` (the
islands, die and compass as data), :mod:`~engine.piratissimo.actions` (the
actions as values, with their text and its parse),
:mod:`~engine.piratissimo.rules` (the rules), :mod:`~engine.piratissimo.words`
(the log and the refusals in words) and :mod:`~engine.piratissimo.ai` (the
heuristic bot and what the search is told).
:data:`INFO` (what the game is called and offers) is plain data, read by the
site without loading the rules; :data:`SPEC` ties info, rules and bots
together for the registry, and is made the first time it is asked for.

>>> from engine.piratissimo import INFO, SPEC, Piratissimo
>>> Piratissimo().title, SPEC.name, INFO.rule_prefix
('Piratissimo', 'piratissimo', 'PI')
"""

from __future__ import annotations

from typing import Any

from engine.piratissimo.info import INFO

__all__ = ["HOME", "INFO", "SPEC", "PirState", "Piratissimo", "Route", "routes"]


def _spec() -> Any:
    from engine.piratissimo import words
    from engine.piratissimo.ai import search_spec
    from engine.piratissimo.rules import Piratissimo
    from engine.spec import GameSpec

    rules = Piratissimo()
    return GameSpec(rules, search=search_spec(rules), info=INFO, words=words)


def __getattr__(name: str) -> Any:
    # The rules and the bots load on first use: a page that only lists the games reads INFO alone.
    if name == "SPEC":
        globals()["SPEC"] = found = _spec()
        return found
    if name in ("HOME", "PirState", "Piratissimo", "Route", "routes"):
        from engine.piratissimo import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'engine.piratissimo' has no attribute {name!r}")

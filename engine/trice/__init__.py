"""Trice, Andrew Looney's three-player game of stacked pyramids (rules TR-01..TR-19).

Modules: :mod:`~engine.trice.info`, :mod:`~engine.trice.layout` (the triangular board
as data), :mod:`~engine.trice.state` (pieces, phases, the state),
:mod:`~engine.trice.actions` (the typed actions and their text),
:mod:`~engine.trice.rules` (the rules), :mod:`~engine.trice.words` (their
words) and :mod:`~engine.trice.ai` (the heuristic bot and what the search is told).
:data:`INFO` (what the game is called and offers) is plain data, read by the
site without loading the rules; :data:`SPEC` ties info, rules and bots
together for the registry, and is made the first time it is asked for.

>>> from engine.trice import INFO, SPEC, Trice
>>> Trice().title, SPEC.name, INFO.rule_prefix
('Trice', 'trice', 'TR')
"""

from __future__ import annotations

from typing import Any

from engine.trice.info import INFO

__all__ = ["INFO", "SPEC", "Trice", "TriceState"]


def _spec() -> Any:
    from engine.spec import GameSpec
    from engine.trice import words
    from engine.trice.ai import bench_self_play, search_spec
    from engine.trice.rules import Trice

    rules = Trice()
    return GameSpec(rules, search=search_spec(rules), bench=lambda seconds: bench_self_play(rules, seconds), info=INFO, words=words)


def __getattr__(name: str) -> Any:
    # The rules and the bots load on first use: a page that only lists the games reads INFO alone.
    if name == "SPEC":
        globals()["SPEC"] = found = _spec()
        return found
    if name in ("Trice", "TriceState"):
        from engine.trice import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'engine.trice' has no attribute {name!r}")

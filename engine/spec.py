"""A game as the site knows it: its rules, and what its bots and benchmarks need.

Each game's package declares one :class:`GameSpec` (``engine.trice.SPEC``);
the registry (:mod:`engine`) holds specs, and the bots, the search and the
benchmarks read them.  The rules never import their bots: the spec ties the
two together, so each game's modules import one way (``rules`` ← ``ai`` ←
the package).

>>> from engine.examples.pig import Pig
>>> spec = GameSpec(Pig())
>>> spec.name, spec.bot("heuristic", 1), spec.bench_lines(0.1)
('pig', None, [])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import Game

if TYPE_CHECKING:  # the search is imported only by the bots that use it
    from engine.ai.spec import SearchSpec


@dataclass(frozen=True)
class GameSpec:
    """One game: ``rules`` (the :class:`~engine.core.Game`), ``search`` (what
    its bots and the search bot are told, :class:`~engine.ai.spec.SearchSpec`)
    and ``bench`` (extra lines for ``python -m engine bench``, given the
    seconds to spend)."""

    rules: Game[Any, Any]
    search: SearchSpec | None = None
    bench: Callable[[float], list[str]] | None = None

    @property
    def name(self) -> str:
        return self.rules.name

    def bot(self, name: str, seed: int) -> Any:
        """The game's own bot ``name`` (``heuristic``, Siege's ``aim``), or ``None``."""
        return self.search.bot(name, seed) if self.search is not None else None

    def bench_lines(self, seconds: float) -> list[str]:
        return self.bench(seconds) if self.bench is not None else []

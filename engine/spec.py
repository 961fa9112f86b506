"""A game as the site knows it: what it is called and offers, its rules, and what its bots need.

Each game's package declares a :class:`GameInfo` (``engine.trice.INFO``:
plain data, read by the site and the build without loading the rules) and
one :class:`GameSpec` (``engine.trice.SPEC``: the info, the rules, what the
bots and the search are told, the benchmarks).  The registry
(:mod:`engine`) holds specs.  The rules never import their bots: the spec
ties the two together, so each game's modules import one way (``info`` ←
``game`` ← ``ai`` ← the package).

>>> from engine.examples.pig import Pig
>>> spec = GameSpec(Pig())
>>> spec.name, spec.info.title, spec.bot("heuristic", 1), spec.bench_lines(0.1)
('pig', 'Pig', None, [])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import Game

if TYPE_CHECKING:  # the search is imported only by the bots that use it
    from engine.ai.search_spec import SearchSpec


@dataclass(frozen=True)
class GameOption:
    """A yes-or-no option the set-up offers, with its label in both languages."""

    name: str
    en: str
    fr: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is called and what its set-up offers: data only, the one place it is written.

    ``rule_prefix`` starts the IDs of its rulebook's clauses (``TR`` for
    TR-01..TR-19), which the page turns into links to the rules; ``bots``
    are the controllers a seat may choose besides a person, in the order
    offered; ``options`` the set-up's checkboxes; ``bot_labels`` the names
    of the bots only this game has (controller, English, French), beside
    those every game shares (``ui/app/players.py``).
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    rule_prefix: str = ""
    bots: tuple[str, ...] = ("random",)
    options: tuple[GameOption, ...] = ()
    bot_labels: tuple[tuple[str, str, str], ...] = ()

    def players(self, lang: str = "en") -> str:
        """How many play, in words.

        >>> GameInfo("x", "X", 2, 4).players(), GameInfo("x", "X", 3, 3).players("fr")
        ('2 to 4 players', '3 joueurs')
        """
        if self.min_seats == self.max_seats:
            return f"{self.min_seats} {'joueurs' if lang == 'fr' else 'players'}"
        between = "à" if lang == "fr" else "to"
        return f"{self.min_seats} {between} {self.max_seats} {'joueurs' if lang == 'fr' else 'players'}"


class GameWords(Protocol):
    """The words a page shows beside the board: the goal, how a turn goes (while the game loads), and who is
    one step from it (each seat's own progress is in its panel)."""

    def goal(self, lang: str = "en") -> str: ...

    def turn(self, lang: str = "en") -> str: ...

    def close_call(self, state: Any, lang: str = "en") -> str | None: ...


@dataclass(frozen=True)
class GameSpec:
    """One game: ``rules`` (the :class:`~engine.core.Game`), ``search`` (what
    its bots and the search bot are told, :class:`~engine.ai.search_spec.SearchSpec`),
    ``bench`` (extra lines for ``python -m engine bench``, given the seconds
    to spend), ``info`` (:class:`GameInfo`; the rules read their name,
    title and seats from it, and a spec whose two disagree is refused) and
    ``words`` (the game's :class:`GameWords`: its goal, and who is close to it)."""

    rules: Game[Any, Any]
    search: SearchSpec | None = None
    bench: Callable[[float], list[str]] | None = None
    info: GameInfo = None  # type: ignore[assignment]  # by default the rules' own names and seats
    words: GameWords | None = None

    def __post_init__(self) -> None:
        if self.info is None:
            rules = self.rules
            object.__setattr__(self, "info", GameInfo(rules.name, rules.title, rules.min_seats, rules.max_seats))
        elif (self.info.name, self.info.title, self.info.min_seats, self.info.max_seats) != (
            self.rules.name, self.rules.title, self.rules.min_seats, self.rules.max_seats
        ):
            raise ValueError(f"{self.info.name}: the rules' name, title or seats differ from the game's info")

    @property
    def name(self) -> str:
        return self.info.name

    def bot(self, name: str, seed: int) -> Any:
        """The game's own bot ``name`` (``heuristic``, Siege's ``aim``), or ``None``."""
        return self.search.bot(name, seed) if self.search is not None else None

    def bench_lines(self, seconds: float) -> list[str]:
        return self.bench(seconds) if self.bench is not None else []

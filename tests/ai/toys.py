"""Tiny games that isolate one property of the search (tests only).

* :class:`Kingmaker` (3 or 4 seats): seat 1's own interest decides what seat
  0 should do, so only a search that backs up every seat's own score (max^n)
  plays it right.
* :class:`Dart` (2 seats): 3000 legal actions, one of which wins; exercises
  the spec's ``candidate_actions`` and progressive widening.
* :class:`Tug` (2 seats): never ends by itself; only the spec's ``evaluate``
  can tell the search which pulls are good.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.ai.search_spec import SearchSpec
from engine.core import TERMINAL, Game, IllegalAction, Outcome


class _Simple(Game[Any, str]):
    """Shared plumbing: states are tuples, actions are plain strings."""

    def format_action(self, action: Any) -> str:
        return str(action)

    def parse_action(self, text: str) -> Any:
        raise IllegalAction(text, "toy games have no text form")

    def describe(self, state: Any, action: Any, lang: str = "en") -> str:
        return f"{action}."

    def state_to_json(self, state: Any) -> dict[str, Any]:
        return {"state": repr(state)}

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        raise ValueError("toy games do not load states")


# -- Kingmaker -------------------------------------------------------------------
#: Final scores per line of play; seat 1 picks "a" (0.3 for itself) over "b"
#: (nothing) when it plays for its own score, which makes seat 0's gamble
#: worth 0.7 against 0.4 for playing safe.  If the other seats played against
#: seat 0 (paranoid search), seat 1 would pick "b" and the gamble would be worth 0.
KINGMAKER_SCORES = {
    3: {("safe",): (0.4, 0.3, 0.3), ("gamble", "a"): (0.7, 0.3, 0.0), ("gamble", "b"): (0.0, 0.0, 1.0)},
    4: {
        ("safe",): (0.4, 0.2, 0.2, 0.2),
        ("gamble", "a"): (0.7, 0.3, 0.0, 0.0),
        ("gamble", "b"): (0.0, 0.0, 0.5, 0.5),
    },
}


@dataclass(frozen=True, slots=True)
class KingState:
    seats: int
    moves: tuple[str, ...]


class Kingmaker(_Simple):
    name = "kingmaker"
    title = "Kingmaker"
    min_seats = 3
    max_seats = 4

    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> KingState:
        self.check_seats(seats)
        return KingState(seats, ())

    def seats(self, state: KingState) -> int:
        return state.seats

    def current_player(self, state: KingState) -> int:
        if state.moves in KINGMAKER_SCORES[state.seats]:
            return TERMINAL
        return len(state.moves)

    def legal_actions(self, state: KingState) -> list[str]:
        player = self.current_player(state)
        return [] if player == TERMINAL else (["safe", "gamble"] if player == 0 else ["a", "b"])

    def next_state(self, state: KingState, action: str) -> KingState:
        return KingState(state.seats, state.moves + (action,))

    def outcome(self, state: KingState) -> Outcome | None:
        scores = KINGMAKER_SCORES[state.seats].get(state.moves)
        if scores is None:
            return None
        best = max(scores)
        return Outcome(tuple(s for s, v in enumerate(scores) if v == best), scores)


# -- Dart ------------------------------------------------------------------------
DART_TARGET = 1737


@dataclass(frozen=True, slots=True)
class DartState:
    thrown: int | None


class Dart(_Simple):
    """Seat 0 throws once at one of 3000 numbers; only 1737 wins."""

    name = "dart"
    title = "Dart"
    min_seats = 2
    max_seats = 2

    def __init__(self, hook: bool = True) -> None:
        #: what the toy tells the search (tests hand it over, as a real game's SPEC does)
        self.search = SearchSpec(candidate_actions=self._candidates if hook else None)

    def _candidates(self, state: DartState) -> list[int]:
        # a coarse grid first, then the fine points near the target
        return list(range(0, 3000, 100)) + list(range(1730, 1745))

    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> DartState:
        self.check_seats(seats)
        return DartState(None)

    def seats(self, state: DartState) -> int:
        return 2

    def current_player(self, state: DartState) -> int:
        return 0 if state.thrown is None else TERMINAL

    def legal_actions(self, state: DartState) -> list[int]:
        return list(range(3000)) if state.thrown is None else []

    def next_state(self, state: DartState, action: int) -> DartState:
        return DartState(action)

    def outcome(self, state: DartState) -> Outcome | None:
        if state.thrown is None:
            return None
        return Outcome.win(0 if state.thrown == DART_TARGET else 1, 2)


# -- Tug -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TugState:
    rope: int  # positive: seat 0 is ahead
    seat: int


class Tug(_Simple):
    """Seats pull the rope forever; ``evaluate`` reads who is ahead."""

    name = "tug"
    title = "Tug"
    min_seats = 2
    max_seats = 2

    def __init__(self) -> None:
        self.evaluations = 0
        #: what the toy tells the search (tests hand it over, as a real game's SPEC does)
        self.search = SearchSpec(evaluate=self.evaluate)

    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> TugState:
        self.check_seats(seats)
        return TugState(0, 0)

    def seats(self, state: TugState) -> int:
        return 2

    def current_player(self, state: TugState) -> int:
        return state.seat

    def legal_actions(self, state: TugState) -> list[str]:
        return ["pull", "slack"]

    def next_state(self, state: TugState, action: str) -> TugState:
        step = (1 if action == "pull" else -1) * (1 if state.seat == 0 else -1)
        return TugState(state.rope + step, 1 - state.seat)

    def outcome(self, state: TugState) -> Outcome | None:
        return None

    def evaluate(self, state: TugState) -> tuple[float, float]:
        self.evaluations += 1
        share = min(1.0, max(0.0, 0.5 + state.rope / 20))
        return (share, 1.0 - share)

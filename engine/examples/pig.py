"""Pig, the tiny dice game that proves the engine protocol (doctests and tests; the build leaves it out of the site).

On your turn, roll a die as often as you like: a 1 loses the turn's total,
any other face adds to it; hold to bank the turn's total.  The first to
bank ``target`` points wins.  It is never registered on the site.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core import CHANCE, TERMINAL, BadOptions, Game, InvalidAction, Outcome

FACES = tuple(range(1, 7))


@dataclass(frozen=True, slots=True)
class PigState:
    banks: tuple[int, ...]
    turn_total: int
    seat: int
    rolling: bool  # a die is in the air: the next step is chance
    target: int


class Pig(Game[PigState, str]):
    name = "pig"
    title = "Pig"
    min_seats = 2
    max_seats = 4

    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> PigState:
        self.check_seats(seats)
        target = dict(options or {}).get("target", 30)
        if not isinstance(target, int) or not 5 <= target <= 100:
            raise BadOptions(f"target must be a whole number from 5 to 100, not {target!r}")
        return PigState((0,) * seats, 0, 0, False, target)

    def options(self, state: PigState) -> dict[str, Any]:
        return {"target": state.target}

    def seats(self, state: PigState) -> int:
        return len(state.banks)

    def current_player(self, state: PigState) -> int:
        if max(state.banks) >= state.target:
            return TERMINAL
        return CHANCE if state.rolling else state.seat

    def turn_seat(self, state: PigState) -> int | None:
        return None if self.current_player(state) == TERMINAL else state.seat

    def legal_actions(self, state: PigState) -> list[str]:
        player = self.current_player(state)
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [f"die {f}" for f in FACES]
        return ["roll", "hold"]

    def chance_outcomes(self, state: PigState) -> list[tuple[str, float]]:
        if not state.rolling or self.current_player(state) == TERMINAL:
            return []
        return [(f"die {f}", 1 / 6) for f in FACES]

    def why_illegal(self, state: PigState, action: str) -> str:
        if state.rolling and isinstance(action, str) and action.startswith("die"):
            return f"{action!r} is not a die face; expected one of die 1..die 6"
        if state.rolling:
            return "the die is rolling: only a die face can come next"
        return super().why_illegal(state, action)

    def next_state(self, state: PigState, action: str) -> PigState:
        if action == "roll":
            return replace(state, rolling=True)
        if action == "hold":
            banks = list(state.banks)
            banks[state.seat] += state.turn_total
            nxt = state.seat if banks[state.seat] >= state.target else (state.seat + 1) % len(banks)
            return replace(state, banks=tuple(banks), turn_total=0, seat=nxt)
        face = int(action.split()[1])
        if face == 1:
            return replace(state, rolling=False, turn_total=0, seat=(state.seat + 1) % len(state.banks))
        return replace(state, rolling=False, turn_total=state.turn_total + face)

    def outcome(self, state: PigState) -> Outcome | None:
        if self.current_player(state) != TERMINAL:
            return None
        return Outcome.win(max(range(len(state.banks)), key=state.banks.__getitem__), len(state.banks))

    def describe(self, state: PigState, action: str, lang: str = "en") -> str:
        who = self.seat_name(state, state.seat)
        if action == "roll":
            return f"{who} rolls the die."
        if action == "hold":
            return f"{who} banks {state.turn_total} points."
        return f"{who} rolls a {action.split()[1]}."

    def format_action(self, action: str) -> str:
        return action

    def parse_action(self, text: str) -> str:
        if text in ("roll", "hold") or text in {f"die {f}" for f in FACES}:
            return text
        raise InvalidAction(text, "Pig knows only 'roll', 'hold' and 'die 1'..'die 6'")

    def state_to_json(self, state: PigState) -> dict[str, Any]:
        return {
            "banks": list(state.banks),
            "turn_total": state.turn_total,
            "seat": state.seat,
            "rolling": state.rolling,
            "target": state.target,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> PigState:
        try:
            return PigState(
                tuple(int(b) for b in data["banks"]),
                int(data["turn_total"]),
                int(data["seat"]),
                bool(data["rolling"]),
                int(data["target"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a Pig state: {exc}") from None

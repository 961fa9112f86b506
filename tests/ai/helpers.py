"""Helpers shared by the search tests: real games and positions before a roll."""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.ai import SearchBot, SearchSpec, make_search_bot
from engine.ai.mcts import NO_SPEC
from engine.core import CHANCE, TERMINAL, Dealer, Game


def spec_of(game: Game[Any, Any]) -> SearchSpec:
    """What ``game`` tells the search: a toy's own ``search``, else the registered game's spec."""
    own = getattr(game, "search", None)
    if isinstance(own, SearchSpec):
        return own
    return engine.spec_for(game).search or NO_SPEC


def search_bot(game: Game[Any, Any], name: str, seed: int = 0) -> SearchBot:
    """The search bot ``name`` for ``game``, handed the game's spec as the site's bots are."""
    return make_search_bot(game, name, seed, spec=spec_of(game))

def _loadable() -> list[str]:
    found = []
    for name in engine.names():
        if name not in engine.BUILTIN:
            continue
        try:
            engine.get(name)
        except (ImportError, AttributeError):  # a game still being written has no Game class yet
            continue
        found.append(name)
    return found


#: The site's games present in this checkout (they appear as they are written).
REAL_GAMES = _loadable()


def seats_for(game: Game[Any, Any]) -> int:
    """Trice is a 3-player game; the others are tested 1 against 1."""
    return max(game.min_seats, 2)


def options_of(game: Game[Any, Any], state: Any) -> list[Any]:
    """What a seat may choose among (the spec's candidates if the game has them)."""
    hook = spec_of(game).candidate_actions
    found = list(hook(state)) if hook is not None else []
    return found or list(game.legal_actions(state))


def decision_before_roll(game: Game[Any, Any], seed: int, skip: int = 1, limit: int = 3000) -> tuple[dict[str, Any], int, int]:
    """A record of seeded play up to a real choice and the first roll after it.

    Returns ``(record, decision, roll)``: ``record["actions"][decision]`` is a
    seat's action chosen among two or more, and ``record["actions"][roll]``
    (the record's last action) the first chance outcome after it, drawn from
    two or more.  The ``skip`` first such choices are passed over.
    """
    seats = seats_for(game)
    state = game.new(seats)
    bots = [spec_of(game).bot("heuristic", seed + s) for s in range(seats)]
    rng = random.Random(seed)
    dealer = Dealer(seed)
    actions: list[Any] = []
    found = 0
    decision = -1
    for _ in range(limit):
        player = game.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = dealer.pick(game, state)
            if decision >= 0 and len(game.chance_outcomes(state)) > 1:
                actions.append(action)
                return record_of(game, seats, actions, seed), decision, len(actions) - 1
        else:
            bot = bots[player]
            action = bot.choose(game, state) if bot is not None else rng.choice(game.legal_actions(state))
            if decision < 0 and len(options_of(game, state)) > 1:
                if found == skip:
                    decision = len(actions)
                found += 1
        actions.append(action)
        state = game.next_state(state, action)
    raise AssertionError(f"{game.name}: no choice followed by a roll in seeded play (seed {seed})")


def record_of(game: Game[Any, Any], seats: int, actions: list[Any], seed: int) -> dict[str, Any]:
    return {
        "game": game.name,
        "format": game.format_version,
        "seats": [{"name": f"Seat {s + 1}"} for s in range(seats)],
        "options": {},
        "seed": seed,
        "actions": [game.format_action(a) for a in actions],
    }


class FakeClock:
    """A clock that moves ``tick`` seconds each time it is read, whatever the machine's speed.

    The search reads the clock once per iteration, so with this clock a time
    budget allows a known number of iterations: a test of the budget then says
    the same on a fast machine, a slow one and a busy one.
    """

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def use_fake_clock(monkeypatch: Any, tick: float) -> FakeClock:
    """Make the search (``engine.ai.mcts``) and the bot (``engine.ai.bot``) read ``FakeClock(tick)``."""
    import engine.ai.bot
    import engine.ai.mcts

    clock = FakeClock(tick)
    monkeypatch.setattr(engine.ai.mcts, "time", clock)
    monkeypatch.setattr(engine.ai.bot, "time", clock)
    return clock

"""Speed of the search: iterations per second and think time per decision.

``python -m engine.ai speed [GAME ...] [--bots mcts:easy,mcts:hard:300]
[--positions 8] [--seed 1] [--cold] [--page]`` takes positions from seeded heuristic self-play
(spread over the game, only real choices with two options or more) and
times one decision per position for each bot name, printing the mean and
worst think time and the iterations per second.  It is a benchmark, not a
test: the figures depend on the machine.  ``--cold`` empties the games' caches
before each decision (Siege solves aims afresh for a new layout), the worst
case met in a real game.

Then, for the same bots, the think time per *turn* (what a person waits
for: Siege's shots, Piratissimo's decisions of one turn), mean and worst
over ``--turns`` turns of the bot's seat in seeded games against the
game's heuristic bot, with the decisions searched and iterations per turn.

``--page`` prints instead each level's *page-equivalent iteration cap*: the
iterations its search reaches in the page's think time, for tournaments
that must not depend on the machine's load (see :func:`page_iterations`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.ai.bot import SearchBot, make_search_bot
from engine.ai.mcts import NO_SPEC
from engine.ai.search_spec import LEVELS, SearchSpec
from engine.core import CHANCE, TERMINAL, Dealer, Game


def seats_for(game: Game[Any, Any]) -> int:
    """A game is measured with its fewest seats, and at least 1 against 1."""
    return max(game.min_seats, 2)


def search_spec(game_name: str) -> SearchSpec:
    """What the registered game ``game_name`` tells the search."""
    import engine

    return engine.spec(game_name).search or NO_SPEC


def sample_positions(
    game: Game[Any, Any], count: int, seed: int = 1, limit: int = 5000, *, spec: SearchSpec = NO_SPEC
) -> list[Any]:
    """``count`` decision positions spread over seeded self-play games of the spec's heuristic bot.

    >>> from engine.examples.pig import Pig
    >>> len(sample_positions(Pig(), 3))
    3
    """
    positions: list[Any] = []
    game_index = 0
    while len(positions) < count:
        seats = seats_for(game)
        state = game.new(seats)
        bots = [spec.bot("heuristic", seed * 97 + game_index * 7 + s) for s in range(seats)]
        rng = random.Random(seed + game_index)
        dealer = Dealer(seed + game_index)
        found: list[Any] = []
        for _ in range(limit):
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = dealer.pick(game, state)
            else:
                if len(game.legal_actions(state)) > 1:
                    found.append(state)
                bot = bots[player]
                action = bot.choose(game, state) if bot is not None else rng.choice(game.legal_actions(state))
            state = game.next_state(state, action)
        step = max(1, len(found) // max(1, count - len(positions)))
        positions.extend(found[::step][: count - len(positions)])
        game_index += 1
        if game_index > 50 and not positions:
            break
    return positions


@dataclass(frozen=True, slots=True)
class Timing:
    bot: str
    decisions: int
    mean_seconds: float
    worst_seconds: float
    iterations: int

    @property
    def per_second(self) -> float:
        total = self.mean_seconds * self.decisions
        return self.iterations / total if total else 0.0


def forget_caches(spec: SearchSpec) -> None:
    """Empty the game's own caches the search leans on (say, aims solved per layout).

    Sampling positions by self-play fills them, whereas in a real game a
    bot's decision often meets a new layout; ``cold`` timings start empty.
    """
    if spec.forget_caches is not None:
        spec.forget_caches()


def time_bot(
    game: Game[Any, Any], name: str, positions: Sequence[Any], seed: int = 1, cold: bool = False, *, spec: SearchSpec = NO_SPEC
) -> Timing:
    """Time one decision per position for the bot called ``name`` (``cold``: caches emptied first)."""
    times = []
    iterations = 0
    for index, state in enumerate(positions):
        if cold:
            forget_caches(spec)
        bot: SearchBot = make_search_bot(game, name, seed + index, spec=spec)
        started = time.perf_counter()
        bot.choose(game, state)
        times.append(time.perf_counter() - started)
        iterations += bot.last.iterations if bot.last is not None else 0
    return Timing(name, len(times), sum(times) / len(times), max(times), iterations)


@dataclass(frozen=True, slots=True)
class TurnTiming:
    bot: str
    turns: int
    mean_seconds: float
    worst_seconds: float
    decisions: float  # searched decisions per turn, on average
    iterations: float  # per turn, on average


def time_turns(
    game: Game[Any, Any], name: str, turns: int = 6, seed: int = 1, cold: bool = False, *, spec: SearchSpec = NO_SPEC,
    limit: int = 3000,
) -> TurnTiming:
    """Think time of whole turns: the bot called ``name`` plays seat 0 against the heuristic, turn after turn.

    A turn's time is the sum of its decisions' (trivial ones included); turns
    in which the bot had nothing to choose are not counted.

    >>> from engine.examples.pig import Pig
    >>> t = time_turns(Pig(), "mcts:easy:20", 2)
    >>> t.turns, t.iterations >= 20
    (2, True)
    """
    from engine.ai.bot import turn_key

    times: list[float] = []
    searched: list[int] = []
    iterations: list[int] = []
    game_index = 0
    while len(times) < turns and game_index < 50:
        seats = seats_for(game)
        bot = make_search_bot(game, name, seed + game_index, spec=spec)
        others = [spec.bot("heuristic", seed * 97 + game_index * 7 + s) for s in range(seats)]
        rng = random.Random(seed + game_index)
        dealer = Dealer(seed + game_index)
        state = game.new(seats)
        turn: Any = None
        spent, count, done = 0.0, 0, 0
        for _ in range(limit):
            player = game.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                state = game.next_state(state, dealer.pick(game, state))
                continue
            if player == 0:
                key = turn_key(game, state) or object()  # a game that counts no turns: each decision a turn
                if key != turn:
                    if count:
                        times.append(spent)
                        searched.append(count)
                        iterations.append(done)
                        if len(times) >= turns:
                            break
                    turn, spent, count, done = key, 0.0, 0, 0
                if cold:
                    forget_caches(spec)
                started = time.perf_counter()
                action = bot.choose(game, state)
                spent += time.perf_counter() - started
                if bot.last is not None:
                    count += 1
                    done += bot.last.iterations
            else:
                other = others[player]
                action = other.choose(game, state) if other is not None else rng.choice(game.legal_actions(state))
            state = game.next_state(state, action)
        game_index += 1
    if not times:
        return TurnTiming(name, 0, 0.0, 0.0, 0.0, 0.0)
    return TurnTiming(
        name, len(times), sum(times) / len(times), max(times), sum(searched) / len(times), sum(iterations) / len(times)
    )


def cpu_search(
    game: Game[Any, Any], level: str, state: Any, cpu_seconds: float, seed: int = 1, *, spec: SearchSpec = NO_SPEC
) -> tuple[int, float]:
    """(iterations, CPU seconds) of ``level``'s search in ``state`` stopped after ``cpu_seconds`` of CPU time.

    The level's iteration cap still applies; caches are emptied first
    (``--cold``).  CPU time rather than the clock keeps the figure from
    counting other processes' time on a busy machine.  ``(0, 0.0)`` where
    there is only one option.
    """
    forget_caches(spec)
    bot = SearchBot(game, replace(spec.level(level), seconds=None), seed, spec=spec)
    started = time.process_time()
    thinking = bot.think(game, state, slice_iterations=4)
    try:
        next(thinking)
        while True:
            if time.process_time() - started >= cpu_seconds:
                thinking.send("hurry")
            else:
                next(thinking)
    except StopIteration:
        pass
    spent = time.process_time() - started
    return (bot.last.iterations, spent) if bot.last is not None else (0, 0.0)


def page_iterations(game_name: str, positions: int = 8, seed: int = 1) -> dict[str, Any]:
    """Each level's iterations per decision in the page, as this machine's CPU time measures them.

    ``factor`` is the CPU seconds here that one second in the page is worth:
    the page's rate at the hard level (the spec's ``page_rate``) over the hard
    level's iterations per CPU second here (set-up included).  A first hard
    search estimates it; then, position by position, the hard level and each
    other level search for their think time times ``factor`` (updated after
    every hard search, so a change in the machine's load between levels does
    not skew one of them).  The mean iterations per decision, capped by the
    level, is the iteration cap a tournament uses for that level
    (``mcts:LEVEL:N``).

    >>> result = page_iterations("siege", 1)
    >>> sorted(result)
    ['easy', 'factor', 'game', 'hard', 'medium']
    """
    import engine

    game = engine.get(game_name)
    spec = search_spec(game_name)
    if spec.page_rate is None:
        raise ValueError(f"{game.title} has no page rate to compare with (SearchSpec.page_rate)")
    states = sample_positions(game, positions, seed, spec=spec)
    hard = LEVELS["hard"].seconds or 0.0
    page_rate = spec.page_rate
    done, spent = cpu_search(game, "hard", states[0], hard, seed, spec=spec)  # a first estimate of the factor
    counts: dict[str, list[int]] = {name: [] for name in LEVELS}
    for index, state in enumerate(states):
        factor = page_rate * spent / done if done else 1.0
        for name, level in LEVELS.items():
            n, cpu = cpu_search(game, name, state, (level.seconds or 0.0) * factor, seed + index, spec=spec)
            if n:
                counts[name].append(n)
                if name == "hard":
                    done, spent = done + n, spent + cpu
    result: dict[str, Any] = {"game": game_name, "factor": round(page_rate * spent / done if done else 1.0, 3)}
    for name in LEVELS:
        result[name] = round(sum(counts[name]) / len(counts[name])) if counts[name] else 0
    return result


def measure(game_name: str, level: str, positions: int = 8, seed: int = 1, cold: bool = True) -> dict[str, Any]:
    """Think time of one bot name over ``positions`` sampled positions, as plain data.

    For the page's worker (a "think time" message can call this and post the
    dict back) and for Pyodide under Node; ``level`` is a bot name such as
    ``mcts:easy`` or ``mcts:hard:300``; ``cold`` (the default) empties the
    games' caches before each decision, the worst case in a real game.

    >>> result = measure("trice", "mcts:easy:5", 1)
    >>> sorted(result)
    ['bot', 'decisions', 'game', 'iterations', 'iterations_per_second', 'mean_seconds', 'worst_seconds']
    >>> result["decisions"], result["iterations"]
    (1, 5)
    """
    import engine

    game = engine.get(game_name)
    spec = search_spec(game_name)
    t = time_bot(game, level, sample_positions(game, positions, seed, spec=spec), seed, cold, spec=spec)
    return {
        "game": game_name,
        "bot": t.bot,
        "decisions": t.decisions,
        "mean_seconds": round(t.mean_seconds, 4),
        "worst_seconds": round(t.worst_seconds, 4),
        "iterations": t.iterations,
        "iterations_per_second": round(t.per_second, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import sys

    import engine

    parser = argparse.ArgumentParser(prog="python -m engine.ai speed", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--bots", default="mcts:easy,mcts:medium,mcts:hard")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=6, help="whole turns timed per game and bot (0: none)")
    parser.add_argument("--cold", action="store_true", help="empty the games' caches before each decision")
    parser.add_argument("--page", action="store_true",
                        help="print each level's page-equivalent iteration cap (CPU time scaled to the page's rate)")
    args = parser.parse_args(argv)
    if args.page:
        print(f"page-equivalent iterations per decision, CPython {sys.version.split()[0]} CPU time scaled to the page's "
              f"rate at hard ({args.positions} positions per game, caches emptied)")
        print(f"{'game':<12} {'factor':>7} " + " ".join(f"{name:>7}" for name in LEVELS))
        for name in args.games or [n for n in engine.names() if search_spec(n).page_rate is not None]:
            r = page_iterations(name, args.positions, args.seed)
            print(f"{name:<12} {r['factor']:>7.2f} " + " ".join(f"{r[level]:>7}" for level in LEVELS))
        return 0
    warmth = "caches emptied before each decision" if args.cold else "caches warm from sampling"
    print(f"search speed, CPython {sys.version.split()[0]}, {args.positions} positions per game, {warmth}")
    print(f"{'game':<12} {'bot':<18} {'think mean':>10} {'worst':>7} {'iterations':>10} {'it/s':>8}")
    for name in args.games or [n for n in engine.names() if n in engine.BUILTIN]:
        game = engine.get(name)
        spec = search_spec(name)
        positions = sample_positions(game, args.positions, args.seed, spec=spec)
        for bot in args.bots.split(","):
            t = time_bot(game, bot.strip(), positions, args.seed, args.cold, spec=spec)
            print(
                f"{name:<12} {t.bot:<18} {t.mean_seconds:>9.3f}s {t.worst_seconds:>6.2f}s "
                f"{t.iterations / t.decisions:>10.0f} {t.per_second:>8.0f}"
            )
    if args.turns > 0:
        print(f"\nthink time per turn (the bot in seat 0 against the heuristic, {args.turns} turns per game)")
        print(f"{'game':<12} {'bot':<18} {'turn mean':>10} {'worst':>7} {'searched':>8} {'iterations':>10}")
        for name in args.games or [n for n in engine.names() if n in engine.BUILTIN]:
            game = engine.get(name)
            spec = search_spec(name)
            for bot in args.bots.split(","):
                tt = time_turns(game, bot.strip(), args.turns, args.seed, args.cold, spec=spec)
                print(
                    f"{name:<12} {tt.bot:<18} {tt.mean_seconds:>9.3f}s {tt.worst_seconds:>6.2f}s "
                    f"{tt.decisions:>8.1f} {tt.iterations:>10.0f}"
                )
    return 0

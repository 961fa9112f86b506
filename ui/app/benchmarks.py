"""The page's benchmarks: a bot's think time and the rules' playouts, measured in the worker.

``make bench`` (tools/browser_bench.py) sends ``{"op": "bench", ...}`` to the
page's engine; the session hands it here, so the live game's code never
carries the benchmarks.  Figures, never tests: they depend on the machine.
"""

from __future__ import annotations

import time
from typing import Any

import engine
from engine.bots import make_bot
from engine.core import Dealer
from ui.app.messages import Bench


def answer(message: Bench) -> dict[str, Any]:
    """The figures a bench message asks for: a bot's think times, or the game's playouts per second."""
    if message.bot is not None:
        return think_times(message.game, message.bot, message.positions)
    from engine.bench import bench

    figures = bench(message.game, message.seconds, extra_seconds=min(message.seconds, 1.0))
    return {"ok": True, **{k: figures[k] for k in ("game", "playouts_per_s", "actions_per_s", "extra")}}


def think_times(game_name: str, bot_name: str, positions: int) -> dict[str, Any]:
    """A bot's think time per decision, over positions reached by seeded random play.

    A search bot (``mcts:...``) is timed by :func:`engine.ai.speed.measure`
    instead, on the same positions as ``python -m engine.ai speed`` (real
    choices from heuristic self-play, caches emptied), and its iterations per
    second come back too, so the page's figures compare with CPython's.

    >>> sorted(think_times("pig", "random", 2))
    ['decisions', 'game', 'mean_s', 'ok', 'worst_s']
    >>> sorted(think_times("pig", "mcts:easy:5", 1))
    ['decisions', 'game', 'iterations', 'iterations_per_s', 'mean_s', 'ok', 'worst_s']
    """
    import random as _random

    if bot_name.startswith("mcts"):
        from engine.ai.speed import measure

        result = measure(game_name, bot_name, positions, cold=True)
        return {
            "ok": True,
            "game": result["game"],
            "decisions": result["decisions"],
            "mean_s": result["mean_seconds"],
            "worst_s": result["worst_seconds"],
            "iterations": result["iterations"],
            "iterations_per_s": result["iterations_per_second"],
        }
    game = engine.get(game_name)
    times = []
    for index in range(positions):
        rng = _random.Random(index)
        dealer = Dealer(index)
        state = game.new(game.min_seats)
        for _ in range(rng.randrange(5, 40)):
            if game.is_terminal(state):
                break
            action = dealer.pick(game, state) if game.is_chance(state) else rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
        while game.is_chance(state):
            state = game.apply(state, dealer.pick(game, state))
        if game.is_terminal(state):
            continue
        bot = make_bot(game, bot_name, index)
        started = time.perf_counter()
        bot.choose(game, state)
        times.append(time.perf_counter() - started)
    return {
        "ok": True,
        "game": game.name,
        "decisions": len(times),
        "mean_s": sum(times) / max(1, len(times)),
        "worst_s": max(times, default=0.0),
    }

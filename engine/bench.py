"""Benchmarks of the rules: random playouts per second, and each game's own figures.

``python -m engine bench`` prints them on CPython; the page's worker runs the
same code under Pyodide (``make bench``).  These are figures, never tests:
they depend on the machine.

>>> from engine.examples.pig import Pig
>>> playouts, actions, seconds = bench_game(Pig(), 0.01)
>>> playouts >= 1 and actions >= playouts
True
"""

from __future__ import annotations

import random
import time
from typing import Any

import engine
from engine.core import Dealer, Game, play_out


def bench_game(game: Game[Any, Any], seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Random playouts for about ``seconds``: (playouts, actions, elapsed)."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    playouts = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or playouts == 0:
        state = game.new(game.min_seats)
        _final, taken = play_out(game, state, lambda g, s, _p: rng.choice(g.legal_actions(s)), dealer)
        playouts += 1
        actions += len(taken)
    return playouts, actions, time.perf_counter() - started


def bench(name: str, seconds: float, extra_seconds: float | None = None) -> dict[str, Any]:
    """The figures of the game called ``name`` as plain data (its own lines in ``extra``)."""
    spec = engine.spec(name)
    playouts, actions, elapsed = bench_game(spec.rules, seconds)
    return {
        "game": name,
        "playouts_per_s": playouts / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_playout": actions / playouts,
        "extra": spec.bench_lines(seconds if extra_seconds is None else extra_seconds),
    }

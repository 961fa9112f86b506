"""Siege: how often each bot's shots knock something of the enemy's down, and who wins, over seeded games.

The issue-37 check of the beginner (docs/bots.md, "A newcomer's opponent"): a player who follows the Hint
(the search at the Hint's budget) against the page's beginner, seats swapped every other game:

    python tools/siege_hits.py mcts:medium:376 mcts:easy --games 100

A shot hits when the enemy's side (its pirates, targets, cannons or hull) is not the same once the ball
has landed. Dice and scatter come from each game's seed, so the figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import make_bot
from engine.core import sample_chance
from engine.siege.actions import Fire
from engine.siege.rules import Siege

#: A game longer than this many steps is stopped and counted as no one's (none came close in testing).
MAX_STEPS = 2_000


def play(controllers: tuple[str, str], seed: int) -> tuple[list[int], list[int], tuple[int, ...]]:
    """One game: each seat's shots and hits, and the winners' seats."""
    game = Siege()
    rng = random.Random(seed)
    state = game.new(2)
    bots = [make_bot(game, controller, seed * 7 + seat) for seat, controller in enumerate(controllers)]
    shots, hits = [0, 0], [0, 0]
    pending = None
    for _ in range(MAX_STEPS):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            action = sample_chance(game, state, rng)
        else:
            seat = game.current_player(state)
            action = bots[seat].choose(game, state)
            if isinstance(action, Fire):
                shots[seat] += 1
                pending = (seat, state.sides[1 - seat])
        state = game.next_state(state, action)
        if pending is not None and not game.is_chance(state):
            seat, before = pending
            hits[seat] += state.sides[1 - seat] != before
            pending = None
    outcome = game.outcome(state)
    return shots, hits, tuple(outcome.winners) if outcome is not None else ()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="the first bot (its wins are counted), e.g. mcts:medium:376")
    parser.add_argument("second", help="its opponent, e.g. mcts:easy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed; game k uses seed + k")
    args = parser.parse_args(argv)
    shots, hits, wins = [0, 0], [0, 0], 0
    for k in range(args.games):
        swapped = k % 2 == 1  # seats swapped every other game: who sits first matters in Siege
        pair = (args.second, args.first) if swapped else (args.first, args.second)
        game_shots, game_hits, winners = play(pair, args.seed + k)
        first_seat = 1 if swapped else 0
        for seat in (0, 1):
            who = 0 if seat == first_seat else 1
            shots[who] += game_shots[seat]
            hits[who] += game_hits[seat]
        wins += first_seat in winners
        print(f"game {k + 1}: {pair[0]} vs {pair[1]}, shots {game_shots}, hits {game_hits}, winners {winners}",
              flush=True)
    print(f"{args.first} won {wins} of {args.games} ({wins / args.games:.0%}); hits: {args.first} {hits[0]}/{shots[0]}"
          f" ({hits[0] / max(1, shots[0]):.0%}), {args.second} {hits[1]}/{shots[1]} ({hits[1] / max(1, shots[1]):.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Does the analysis's graph move only when the position really swings?

Plays one seeded game by the heuristic bot in every seat, then reads each
seat's chance where each turn starts twice: at the page's level (what the
graph draws, through the calibration map) and at a deeper level (more
playouts a reading, the same map). Prints both side by side, the mean gap
between them, and the turns where the page's reading of a seat crossed from
under 10% to over 90% (or back) in one turn, with what the deeper reading
said of the same turns.

    nice -n 19 python tools/graph_check.py trice --seed 8 [--deep deep]

The figures are the same on every run (the game and the readings are seeded).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine.ai.mcts import NO_SPEC
from engine.analysis import LEVELS, steady_chances, turns_of
from engine.calibration import played_states

#: A seat's reading crossing from one side of these to the other in a turn is a swing worth checking.
LOW, HIGH = 0.10, 0.90


def readings_by_turn(game_name: str, seed: int, levels: tuple[str, ...]) -> tuple[list[int], dict[str, list[tuple[float, ...]]]]:
    """Each turn's mover, and each level's chances where each turn starts (mapped, as the page shows them)."""
    game = engine.get(game_name)
    states = played_states(game, ["heuristic"] * game.min_seats, seed)
    turns = turns_of(game, states)
    spec = engine.spec_for(game).search or NO_SPEC
    found: dict[str, list[tuple[float, ...]]] = {}
    for level in levels:
        found[level] = []
        for _, first, _ in turns:  # as the analysis reads them: a swing read again (steady_chances)
            found[level].append(steady_chances(game, states[first], spec, LEVELS[level].playouts, seed,
                                               found[level][-1] if found[level] else None))
    return [seat for seat, _, _ in turns], found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--deep", choices=list(LEVELS), default="deep")
    args = parser.parse_args()
    movers, found = readings_by_turn(args.game, args.seed, ("page", args.deep))
    page, deep = found["page"], found[args.deep]
    seats = len(page[0])
    print(f"{args.game}, seed {args.seed}: {len(page)} turns; each seat's chance where the turn starts, "
          f"page ({LEVELS['page'].playouts} playouts) | {args.deep} ({LEVELS[args.deep].playouts} playouts)")
    for turn, (mover, shallow, deeper) in enumerate(zip(movers, page, deep), start=1):
        left = " ".join(f"{p:4.0%}" for p in shallow)
        right = " ".join(f"{p:4.0%}" for p in deeper)
        print(f"{turn:>4}  seat {mover}  {left}  |  {right}")
    gap = sum(abs(a - b) for s, d in zip(page, deep) for a, b in zip(s, d)) / (len(page) * seats)
    print(f"mean gap between the two readings: {gap:.1%} a seat")
    swings = [(turn, seat) for turn in range(1, len(page)) for seat in range(seats)
              if min(page[turn - 1][seat], page[turn][seat]) < LOW and max(page[turn - 1][seat], page[turn][seat]) > HIGH]
    print(f"page readings crossing {LOW:.0%} <-> {HIGH:.0%} in one turn: {len(swings)}")
    for turn, seat in swings:
        print(f"  turn {turn} -> {turn + 1}, seat {seat}: page {page[turn - 1][seat]:.0%} -> {page[turn][seat]:.0%}, "
              f"{args.deep} {deep[turn - 1][seat]:.0%} -> {deep[turn][seat]:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

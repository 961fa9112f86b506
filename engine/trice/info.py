"""Trice's name, seats, rule IDs and what its set-up offers: data only, read without loading the rules."""

from engine.spec import GameInfo

INFO = GameInfo(
    name="trice",
    title="Trice",
    min_seats=3,
    max_seats=3,
    rule_prefix="TR",
    bots=("random", "heuristic", "mcts:easy", "mcts:medium", "mcts:hard"),
)

"""Piratissimo's name, seats, rule IDs and what its set-up offers: data only, read without loading the rules."""

from engine.spec import GameInfo

INFO = GameInfo(
    name="piratissimo",
    title="Piratissimo",
    min_seats=2,
    max_seats=4,
    rule_prefix="PI",
    bots=("random", "heuristic", "mcts:easy", "mcts:medium", "mcts:hard"),
)

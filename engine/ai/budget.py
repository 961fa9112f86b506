"""A bot's thinking budget for a whole turn, spread over the turn's decisions.

A turn of Siege is several shots and a turn of Piratissimo may be several
decisions: what a person waits for is the whole turn, so a level's budget is
for the turn (:attr:`~engine.ai.search_spec.Level.turn_seconds`, or a turn's
iterations for a deterministic bot, ``mcts:hard:7000/turn``).  Each decision
is allowed a share of what is left of the turn (:attr:`Level.turn_share`;
the first decision gets the most), never more than the level's cap for one
decision, and never less than a floor while anything is left; a search
among whole-turn plans (Trice) is the turn's last and may take all that is
left (:meth:`TurnBudget.rest`).  A decision that ends early (the search reached its iteration cap, one option only)
leaves its remainder to the decisions after it.  What a turn spends never
exceeds its budget: the allowance is at most what is left (beyond that, a
decision still runs the one iteration that gives it a move to play).

>>> budget = TurnBudget(total=4.0, share=0.5, cap=2.4)
>>> budget.allow()
2.0
>>> budget.spend(2.0); budget.allow()
1.0
>>> budget.spend(1.0); budget.allow(), budget.fraction()
(0.5, 0.75)
>>> budget.spend(0.5); budget.allow()  # the floor: a tenth of the turn, while any is left
0.4
>>> budget.spend(0.4); round(budget.allow(), 6)
0.1
>>> budget.spend(0.1); budget.allow(), budget.fraction()
(0.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FLOOR_SHARE", "TurnBudget", "spread"]

#: The least a decision is allowed while the turn has anything left, as a share of the whole turn.
FLOOR_SHARE = 0.1


@dataclass(slots=True)
class TurnBudget:
    """One turn's budget in one unit (seconds, or iterations), and what its decisions spent.

    ``cap`` (if set) is the most one decision may be allowed (a level's cap for a decision).
    """

    total: float
    share: float = 0.5
    cap: float | None = None
    spent: float = 0.0

    @property
    def left(self) -> float:
        return max(0.0, self.total - self.spent)

    def allow(self) -> float:
        """What the next decision may spend: its share of what is left, at least the floor, at most what is left."""
        left = self.left
        allowance = min(left, max(self.share * left, FLOOR_SHARE * self.total))
        return allowance if self.cap is None else min(allowance, self.cap)

    def rest(self) -> float:
        """What the turn's last search may spend (a whole-turn plan: nothing is searched after it): all that is left, capped."""
        return self.left if self.cap is None else min(self.left, self.cap)

    def spend(self, amount: float) -> None:
        self.spent += max(0.0, amount)

    def fraction(self, thinking: float = 0.0) -> float:
        """The share of the turn's budget used, ``thinking`` (spent by a decision under way) included; 0..1."""
        if self.total <= 0:
            return 1.0
        return min(1.0, (self.spent + thinking) / self.total)


def spread(total: float, share: float, decisions: int, cap: float | None = None) -> list[float]:
    """The allowances of a turn of ``decisions`` decisions that each spend all they are allowed (the worst case).

    >>> spread(4.8, 0.5, 5, cap=2.4)
    [2.4, 1.2, 0.6, 0.48, 0.12]
    >>> round(sum(spread(2.5, 0.5, 10)), 6)
    2.5
    """
    budget = TurnBudget(total=total, share=share, cap=cap)
    out = []
    for _ in range(decisions):
        allowance = budget.allow()
        out.append(round(allowance, 6))
        budget.spend(allowance)
    return out

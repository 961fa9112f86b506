"""Fairness: the search never knows a future roll.

The issue's bar: build a position where the best choice depends on the next
roll, and show the bot's choice does not change when the recorded future
outcome changes.  The records below differ only in the die that follows the
decision; replayed to the decision point, they give the same position and the
bot gives the same answer, while its tree shows it weighed every face.
"""

from __future__ import annotations

import pytest

import engine
from engine.core import CHANCE, Dealer
from engine.examples.pig import PigState
from engine.records import replay
from tests.ai.helpers import REAL_GAMES, decision_before_roll, options_of, search_bot

pytestmark = pytest.mark.unit

# Seat 1 banks 26, seat 2 banks 29 of 30, then seat 1 rolls a 3: roll on or hold?
# If the next die were known, a 1 would make "hold" right (keep 29 instead of
# 26) and any other face would make "roll" right (it wins on the next hold).
PIG_PREFIX = (
    ["roll", "die 6"] * 4 + ["roll", "die 2", "hold"]
    + ["roll", "die 6"] * 4 + ["roll", "die 5", "hold"]
    + ["roll", "die 3"]
)


def pig_record(next_die: int) -> dict:
    return {
        "game": "pig",
        "format": 1,
        "seats": [{"name": "Ann"}, {"name": "Bob"}],
        "options": {"target": 30},
        "seed": 11,
        "actions": PIG_PREFIX + ["roll", f"die {next_die}"],
    }


def test_pig_choice_ignores_the_recorded_next_roll() -> None:
    """Two records that differ only in the roll after the decision: same position, same choice."""
    decision = len(PIG_PREFIX)
    lucky, unlucky = replay(pig_record(5)), replay(pig_record(1))
    assert lucky.actions[decision + 1] != unlucky.actions[decision + 1]
    game = lucky.game
    position = lucky.states[decision]
    assert position == unlucky.states[decision] == PigState((26, 29), 3, 0, False, 30)
    choices = []
    for run in (lucky, unlucky):
        bot = search_bot(game, "mcts:hard:400", seed=9)
        choices.append(bot.choose(game, run.states[decision]))
        # the tree under "roll" drew every face, the 1 included: no face was known in advance
        roll = dict(bot.last.root.children)["roll"]
        assert roll.player == CHANCE
        assert {outcome for outcome, _ in roll.children} == {f"die {f}" for f in range(1, 7)}
    assert choices[0] == choices[1] == "roll"
    # the records' futures really differ: after "roll" one banks on, the other loses the turn
    assert lucky.states[decision + 2].turn_total == 8
    assert unlucky.states[decision + 2].banks == (26, 29) and unlucky.states[decision + 2].seat == 1


def test_search_never_asks_the_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer is outside the bot's world: a search that called it would fail here."""

    def refuse(self: Dealer, game: object, state: object) -> None:
        raise AssertionError("the search asked the dealer for a roll")

    monkeypatch.setattr(Dealer, "pick", refuse)
    game = engine.get("pig")
    bot = search_bot(game, "mcts:hard:200", seed=1)
    assert bot.choose(game, replay(pig_record(1)).states[len(PIG_PREFIX)]) in ("roll", "hold")


@pytest.mark.parametrize("name", REAL_GAMES)
def test_real_game_choice_ignores_the_recorded_next_roll(name: str) -> None:
    """Same check on a position from seeded heuristic play, with other outcomes of the roll that follows."""
    game = engine.get(name)
    record, decision, roll = decision_before_roll(game, seed=3)
    base = replay(record)
    position = base.states[decision]
    outcomes = [o for o, _ in game.chance_outcomes(base.states[roll])]
    recorded = base.actions[roll]
    others = [o for o in outcomes if o != recorded][:2]
    assert others, "the roll after the decision has a single outcome"
    first = search_bot(game, "mcts:hard:40", seed=5)
    choice = first.choose(game, position)
    assert choice in options_of(game, position) or choice in game.legal_actions(position)
    for other in others:
        changed = dict(record, actions=record["actions"][:roll] + [game.format_action(other)])
        run = replay(changed)
        assert run.actions[roll] == other != recorded
        assert run.states[decision] == position
        bot = search_bot(game, "mcts:hard:40", seed=5)
        assert bot.choose(game, run.states[decision]) == choice
        assert bot.last.summary() == first.last.summary()

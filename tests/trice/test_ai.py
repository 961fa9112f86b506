"""Trice's bots (engine/trice/ai.py): the heuristic bot's choices in set positions, its score, and its strength
against random play."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.core import Dealer, play_out
from engine.trice.ai import HeuristicBot, score
from engine.trice.rules import OWNER, Trice, position, setup

pytestmark = pytest.mark.bots

GAME = Trice()


def planned(state, seed: int = 0) -> list[str]:
    return [GAME.format_action(a) for a in HeuristicBot(seed).plan(GAME, state)]


def final(state, seed: int = 0):
    for action in HeuristicBot(seed).plan(GAME, state):
        state = GAME.apply(state, action)
    return state


def test_heads_for_its_symbol_from_an_empty_board() -> None:
    state = GAME.apply(GAME.apply(GAME.new(3), GAME.parse_action("first red")), GAME.parse_action("roll 2 2 3"))
    after = final(state)
    held = set(position(after))
    assert held & {"b2", "b3"}  # the star gate and the sun cell beside it


def test_attacks_when_it_wins_the_fight() -> None:
    state = setup({"b2": "R2", "b1": "R1", "b3": "G1", "c5": "G1"}, 0, dice=(1, 1, 1), free_used=True)
    assert "move b2 b3" in planned(state)
    # and it plans no attack on a bigger piece (TR-13)
    stronger = setup({"b2": "R2", "b1": "R1", "b3": "G3", "c5": "G1"}, 0, dice=(1, 1, 1), free_used=True)
    assert "move b2 b3" not in planned(stronger)


def test_does_not_walk_into_an_equal_attack() -> None:
    """On the home-symbols board b1 and b3 are both sun cells beside Red's gate.

    b1 sits next to Green's level 2 on c2, b3 is safe: Red's level 2 takes b3.
    """
    threat = setup({"b2": "R2", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"}, 0, dice=(1, 1, 1), free_used=True,
                   layout_name="home-symbols")
    for seed in range(3):
        after = final(threat, seed)
        assert position(after).get("b3") == "R2" and "b1" not in position(after)


def test_scores_an_exposed_piece_below_a_safe_one() -> None:
    """The same material and progress; only the Green level 2 next door differs."""
    exposed = setup({"b2": "R2", "b3": "G2"}, 0, dice=(1, 1, 1))
    safe = setup({"b2": "R2", "d2": "G2"}, 0, dice=(1, 1, 1))  # b3 and d2 are both sun cells
    assert score(exposed, 0) < score(safe, 0)


def test_uses_the_nuclear_option_on_opponents() -> None:
    state = setup({"c3": "R2", "c2": "R1", "b1": "R1", "b3": "R1", "c4": "G1", "d4": "G2"}, 0)
    bot = HeuristicBot(0)
    action = bot.choose(GAME, state)
    assert GAME.format_action(action).startswith("nuke")
    assert OWNER[state.cells[action.cell]] == 1


def test_heuristic_clearly_beats_random() -> None:
    wins = 0
    games = 9
    for index in range(games):
        seat = index % 3  # the heuristic bot takes each seat in turn
        bots = [make_bot(GAME, "heuristic" if s == seat else "random", index * 3 + s) for s in range(3)]
        final_state, _ = play_out(GAME, GAME.new(3), [lambda g, s, _p, b=b: b.choose(g, s) for b in bots],
                                  Dealer(index))
        wins += GAME.returns(final_state)[seat] == 1.0
    assert wins >= 8

"""The heuristic bot: sensible choices, and it beats random play clearly."""

from __future__ import annotations

import pytest

from engine.bots import make_bot
from engine.core import Dealer, play_out
from engine.piratissimo import HOME
from engine.piratissimo.actions import PASS, PIRATE, Die, Home, Load, Sail, Tornado
from engine.piratissimo.ai import evaluate
from tests.piratissimo.helpers import GAME, position, run

pytestmark = pytest.mark.unit

BOT = make_bot(GAME, "heuristic", 1)


@pytest.mark.parametrize(("cargo", "choice"), [(0, Load(2)), (3, Load(2)), (4, Load(1)), (6, Load(0))])
def test_loads_within_capacity_leaving_room_for_an_open_chest(cargo: int, choice: Load) -> None:
    """At most 5 aboard: with 6 or 7, a forced open chest (PI-05) capsizes the ship."""
    rolled = GAME.apply(position(2, pos=(3, HOME), cargo=(cargo, 0)), Die(1))
    assert BOT.choose(GAME, rolled) == choice


def test_goes_home_with_a_good_cargo() -> None:
    rolled = GAME.apply(position(2, pos=(22, HOME), cargo=(5, 0)), Die(3))
    assert BOT.choose(GAME, rolled) == Home()


def test_goes_home_to_win() -> None:
    rolled = GAME.apply(position(2, pos=(22, HOME), cargo=(1, 0), bank=(8, 0)), Die(3))
    assert BOT.choose(GAME, rolled) == Home()


def test_pirates_when_a_ruby_would_not_capsize() -> None:
    raid = GAME.apply(position(2, pos=(2, 4), cargo=(2, 3)), Die(2))
    assert BOT.choose(GAME, raid) == PIRATE
    raid = GAME.apply(position(2, pos=(2, 4), cargo=(6, 3)), Die(2))
    assert BOT.choose(GAME, raid) == PASS


def test_avoids_the_open_chest_when_full_by_a_shortcut() -> None:
    """With 6 aboard the open chest capsizes: pay 1 to take the blue arrow."""
    rolled = GAME.apply(position(2, pos=(1, HOME), cargo=(6, 0)), Die(2))
    assert BOT.choose(GAME, rolled) == Sail(5, 1)


def test_aims_the_tornado_at_a_rival_with_little_aboard() -> None:
    """A storm hurts a ship with 2 aboard (it may lose both) more than it helps."""
    twister = run(position(2, pos=(5, 8), cargo=(0, 2), tornado=11), ["die tornado"])[-1]
    assert BOT.choose(GAME, twister) == Tornado(3)


def test_keeps_the_tornado_off_a_rival_it_would_help() -> None:
    """With 6 aboard a storm is worth more than it costs (home banks it)."""
    twister = run(position(2, pos=(5, 8), cargo=(0, 6), tornado=11), ["die tornado"])[-1]
    assert BOT.choose(GAME, twister) != Tornado(3)


@pytest.mark.bots
def test_heuristic_beats_random_clearly() -> None:
    wins = 0.0
    games = 40
    for index in range(games):
        seat = index % 2
        bots = [make_bot(GAME, "random", index), make_bot(GAME, "random", index + 99)]
        bots[seat] = make_bot(GAME, "heuristic", index)
        final, _ = play_out(GAME, GAME.new(2), [lambda g, s, _p, b=b: b.choose(g, s) for b in bots], Dealer(index))
        wins += GAME.returns(final)[seat]
    assert wins / games >= 0.75


def test_evaluate_hook_gives_win_shares() -> None:
    """The search's cut-off estimate: shares sum to 1, banked gold leads."""
    state = position(3, pos=(4, 9, HOME), cargo=(0, 5, 0), bank=(4, 2, 7))
    shares = evaluate(GAME, state)
    assert sum(shares) == pytest.approx(1) and len(shares) == 3
    assert shares[2] > shares[1] > shares[0]  # 7 banked; 2 + 5 aboard; 4 banked
    final = run(position(2, pos=(23, 5), cargo=(3, 0), bank=(6, 0)), ["die 1", "home"])[-1]
    assert evaluate(GAME, final) == (1.0, 0.0)

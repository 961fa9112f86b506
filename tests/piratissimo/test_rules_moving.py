"""Piratissimo's moves, clause by clause: PI-02 the die, PI-03 the skip, PI-08 shortcuts, PI-11 home,
PI-01 the win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.piratissimo import HOME
from engine.piratissimo import data as D
from engine.piratissimo.actions import Die, Home, Sail
from engine.piratissimo.rules import OVER, ROLL, SAIL
from tests.piratissimo.helpers import GAME, position, run, texts, total

pytestmark = pytest.mark.unit


def test_PI02_each_number_moves_that_many_islands_clockwise() -> None:
    for face in (1, 2, 3, 4):
        start = position(2, pos=(8, HOME))
        after = GAME.apply(start, Die(face))
        assert after.pos == (8 + face, HOME)
        # islands 9..12: plain, closed chest (load choice), open chest, plain
        assert after.seat == (0 if face == 2 else 1)


def test_PI02_leaving_port_first_step_is_the_port_island() -> None:
    """Blue's port (4 seats) joins island 7: a 1 puts it there."""
    start = replace(position(4), seat=1)
    after = GAME.apply(start, Die(1))
    assert after.pos == (HOME, 6, HOME, HOME)


def test_PI02_ring_wraps_around() -> None:
    start = replace(position(4, pos=(HOME, 22, HOME, HOME)), seat=1)
    assert GAME.apply(start, Die(4)).pos == (HOME, 2, HOME, HOME)


def test_PI03_full_island_sends_the_ship_on() -> None:
    """Blue and Green on island 6: Red's 2 from island 4 ends on island 7."""
    start = position(4, pos=(3, 5, 5, HOME))
    states = run(start, ["die 2"])
    assert states[1].pos == (6, 5, 5, HOME)
    assert states[1].seat == 1 and states[1].phase == ROLL


def test_PI03_skip_goes_on_past_two_full_islands() -> None:
    """Islands 6 and 7 each hold 2 ships... with 4 seats only 3 others exist,
    so a full island followed by one holding 1 ship: Red stops next to it."""
    start = position(4, pos=(3, 5, 5, 6), cargo=(0, 0, 0, 3))
    after = GAME.apply(start, Die(2))
    # island 6 is full: Red goes on to island 7 where Yellow is: piracy choice
    assert after.pos == (6, 5, 5, 6)
    assert texts(GAME.legal_actions(after)) == ["pirate", "pass"]
    assert after.target == 3


def test_PI03_one_ship_does_not_fill_an_island() -> None:
    start = position(4, pos=(3, 5, HOME, HOME))
    after = GAME.apply(start, Die(2))
    assert after.pos == (5, 5, HOME, HOME)


def test_PI08_shortcut_offered_and_paid_with_one_treasure() -> None:
    """Red on island 2 (a blue arrow to island 5) with 1 aboard rolls a 2."""
    start = position(2, pos=(1, HOME), cargo=(1, 0))
    rolled = GAME.apply(start, Die(2))
    assert rolled.phase == SAIL
    assert texts(GAME.legal_actions(rolled)) == ["sail 4", "sail 6 via 2"]
    after = GAME.apply(rolled, Sail(5, 1))
    assert after.pos == (5, HOME)
    assert after.cargo == (0, 0) and after.hold == start.hold + 1
    assert total(after) == D.TREASURES
    assert after.seat == 1


def test_PI08_plain_route_keeps_the_treasure() -> None:
    start = position(2, pos=(1, HOME), cargo=(1, 0))
    after = run(start, ["die 2", "sail 4"])[-1]
    # island 4: open chest, 2 more aboard
    assert after.pos == (3, HOME) and after.cargo == (3, 0)


def test_PI08_shortcut_later_in_the_move() -> None:
    """From island 1 a 3 passes island 2: the blue arrow can be the 2nd step (and Red, on its
    port's island, may also go home: PI-11)."""
    start = position(2, pos=(0, HOME), cargo=(2, 0))
    rolled = GAME.apply(start, Die(3))
    assert texts(GAME.legal_actions(rolled)) == ["sail 4", "sail 6 via 2", "home"]


def test_PI08_no_shortcut_without_treasure() -> None:
    start = position(2, pos=(1, HOME))
    after = GAME.apply(start, Die(2))  # only the red route: played at once
    assert after.pos == (3, HOME)


def test_PI11_stop_at_home_port_and_bank_the_cargo() -> None:
    start = position(2, pos=(22, HOME), cargo=(4, 0))
    rolled = GAME.apply(start, Die(3))
    assert texts(GAME.legal_actions(rolled)) == ["sail 2", "home"]
    after = GAME.apply(rolled, Home())
    assert after.pos == (HOME, HOME) and after.cargo == (0, 0) and after.bank == (4, 0)
    assert after.seat == 1 and after.phase == ROLL


def test_PI11_cargo_aboard_does_not_count_until_banked() -> None:
    """Red has 5 banked and 7 aboard (12 > 9) but sails past home: no win."""
    start = position(2, pos=(22, HOME), cargo=(7, 0), bank=(5, 0))
    after = run(start, ["die 3", "sail 2"])[-1]
    assert GAME.current_player(after) == CHANCE and GAME.outcome(after) is None
    assert after.bank == (5, 0)


def test_PI11_home_only_when_the_move_reaches_it() -> None:
    start = position(2, pos=(20, HOME), cargo=(4, 0))
    after = GAME.apply(start, Die(2))
    assert after.pos == (22, HOME)  # no choice: played at once
    assert Home() not in GAME.legal_actions(after)


def test_PI01_nine_banked_wins_at_once() -> None:
    start = position(2, pos=(23, 5), cargo=(3, 6), bank=(6, 2))
    after = run(start, ["die 1", "home"])[-1]
    assert after.bank == (9, 2) and after.phase == OVER
    assert GAME.current_player(after) == TERMINAL
    assert GAME.outcome(after).winners == (0,)
    assert GAME.returns(after) == (1.0, 0.0)
    assert texts(GAME.legal_actions(after)) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        GAME.apply(after, Die(1))


def test_PI01_eight_banked_is_not_enough() -> None:
    start = position(2, pos=(23, 5), cargo=(2, 6), bank=(6, 2))
    after = run(start, ["die 1", "home"])[-1]
    assert after.bank == (8, 2) and GAME.outcome(after) is None


def test_house_rule_turn_limit_ends_in_the_leaders_favour() -> None:
    start = position(3, pos=(5, 9, 14), bank=(4, 4, 1), turns=D.TURN_LIMIT - 1)
    after = GAME.apply(start, Die(1))
    assert after.phase == OVER
    outcome = GAME.outcome(after)
    assert outcome.winners == (0, 1) and outcome.scores == (0.5, 0.5, 0.0)

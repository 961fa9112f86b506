"""PI-09, clause by clause: the tornado face, the tornado's move and the compass's tornado actions."""

from __future__ import annotations

import pytest

from engine.core import CHANCE
from engine.piratissimo import HOME
from engine.piratissimo import data as D
from engine.piratissimo.actions import TORNADO, Compass, Die, Home
from engine.piratissimo.rules import LOAD, OVER, ROLL, STORM_SPIN, TWISTER
from tests.piratissimo.helpers import GAME, position, run, texts, total

pytestmark = pytest.mark.unit


# compass sectors (1-based) and their tornado actions
LOSE, BLOW, HOME_SAFE, CALM = Compass(0), Compass(1), Compass(2), Compass(3)


def test_compass_data_storms() -> None:
    assert [s.storm for s in D.COMPASS[:4]] == ["lose", "blow", "home", "calm"]
    for storm in D.STORMS:
        assert sum(s.storm == storm for s in D.COMPASS) == 2


def test_PI09_full_sequence_step_by_step() -> None:
    """Red on island 2 rolls the tornado: 1 island to the closed chest of
    island 3 (loads), then moves the tornado from 11 two islands to 9, where
    Blue is; the compass's "lose 2" hits Blue; the turn ends."""
    start = position(2, pos=(1, 8), cargo=(0, 3), tornado=10)
    states = run(start, ["die tornado", "load 3", "tornado 2", LOSE])
    assert states[1].pos == (2, 8) and states[1].phase == LOAD and states[1].die == D.TORNADO_FACE
    assert states[2].cargo == (3, 3) and states[2].phase == TWISTER and states[2].seat == 0
    assert texts(GAME.legal_actions(states[2])) == ["tornado 1", "tornado 2", "tornado 3", "tornado 4"]
    assert states[3].tornado == 8 and states[3].phase == STORM_SPIN
    assert GAME.current_player(states[3]) == CHANCE
    assert states[4].cargo == (3, 1) and states[4].hold == start.hold - 3 + 2
    assert states[4].seat == 1 and states[4].phase == ROLL and states[4].turns == start.turns + 1
    assert total(states[4]) == D.TREASURES


def test_PI09_tornado_on_an_empty_island_ends_the_turn() -> None:
    start = position(2, pos=(5, 8), tornado=10)
    states = run(start, ["die tornado", "tornado 1"])
    assert states[1].phase == TWISTER
    assert states[2].tornado == 9 and states[2].seat == 1 and states[2].phase == ROLL


def test_PI09_tornado_moves_along_the_white_arrows_and_wraps() -> None:
    start = position(2, pos=(5, 8), tornado=1)
    after = run(start, ["die tornado", "tornado 4"])[-1]
    assert after.tornado == 21


def test_PI09_storm_hits_every_ship_there() -> None:
    start = position(4, pos=(5, 8, 8, HOME), cargo=(0, 3, 1, 0), tornado=10)
    after = run(start, ["die tornado", "tornado 2", LOSE])[-1]
    assert after.cargo == (0, 1, 0, 0)
    assert total(after) == D.TREASURES


def test_PI09_storm_may_hit_the_players_own_ship() -> None:
    """Red ends on island 10 by the tornado face, then sends the tornado there."""
    start = position(2, pos=(8, HOME), cargo=(2, 0), tornado=10)
    states = run(start, ["die tornado", "tornado 1", HOME_SAFE])
    assert states[1].pos == (9, HOME) and states[1].cargo == (4, 0)  # island 10: open chest
    assert states[-1].pos == (HOME, HOME) and states[-1].bank == (4, 0)


def test_PI09_blown_onward_does_not_load_or_pirate() -> None:
    """Blue on island 8 is blown to island 9 (closed chest) where Green is."""
    start = position(4, pos=(5, 7, 8, HOME), cargo=(0, 0, 2, 0), tornado=9)
    after = run(start, ["die tornado", "tornado 2", BLOW])[-1]
    assert after.pos == (6, 8, 8, HOME) and after.cargo == (0, 0, 2, 0)
    assert after.seat == 1 and after.phase == ROLL


def test_PI09_PI03_blown_onto_a_full_island_goes_on() -> None:
    start = position(4, pos=(5, 7, 8, 8), tornado=9)
    after = run(start, ["die tornado", "tornado 2", BLOW])[-1]
    assert after.pos == (6, 9, 8, 8)


def test_PI09_home_action_banks_the_cargo_and_can_win() -> None:
    start = position(2, pos=(5, 8), cargo=(0, 2), bank=(0, 7), tornado=10)
    after = run(start, ["die tornado", "tornado 2", HOME_SAFE])[-1]
    assert after.pos == (6, HOME) and after.bank == (0, 9)
    assert after.phase == OVER and GAME.outcome(after).winners == (1,)


def test_PI09_calm_sector_changes_nothing() -> None:
    start = position(2, pos=(5, 8), cargo=(0, 2), tornado=10)
    states = run(start, ["die tornado", "tornado 2", CALM])
    assert (states[-1].pos, states[-1].cargo) == (states[-2].pos, states[-2].cargo)
    assert states[-1].seat == 1


def test_PI09_piracy_in_step_one_then_the_tornado_still_moves() -> None:
    start = position(2, pos=(3, 4), cargo=(0, 3), tornado=20)
    states = run(start, ["die tornado", "pirate", "compass 1"])
    assert states[-1].cargo == (2, 1) and states[-1].phase == TWISTER and states[-1].seat == 0


def test_PI09_tornado_face_can_reach_home() -> None:
    start = position(2, pos=(23, HOME), cargo=(3, 0))
    rolled = GAME.apply(start, Die(TORNADO))
    assert texts(GAME.legal_actions(rolled)) == ["sail 1", "home"]
    after = GAME.apply(rolled, Home())
    assert after.bank == (3, 0) and after.phase == TWISTER


def test_PI_09_the_storm_log_says_the_treasures_go_back_to_the_hold() -> None:
    """The "lose" tornado action puts the treasures back in the hold (conserved), and the log says so."""
    twister = run(position(2, pos=(5, 8), cargo=(0, 3), tornado=10), ["die tornado", "tornado 2"])[-1]
    after = GAME.apply(twister, Compass(0))
    assert after.cargo == (0, 1) and after.hold == twister.hold + 2
    en, fr = GAME.describe(twister, Compass(0)), GAME.describe(twister, Compass(0), "fr")
    assert "back to the hold" in en and "overboard" not in en
    assert "renvoie à la cale" in fr and "par-dessus bord" not in fr

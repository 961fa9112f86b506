"""Arriving at an island, clause by clause: PI-04 closed chests, PI-05 open chests, PI-06 the
tornado's island, PI-07 piracy, PI-10 capsizing; and the news the page shows of them."""

from __future__ import annotations

import pytest

from engine.core import CHANCE
from engine.piratissimo import HOME
from engine.piratissimo import data as D
from engine.piratissimo.actions import Compass, Die, Load
from engine.piratissimo.rules import LOAD, RAID, RAID_SPIN, ROLL
from tests.piratissimo.helpers import GAME, position, run, texts, total

pytestmark = pytest.mark.unit


RUBY, NO_RUBY = Compass(0), Compass(1)  # sector 1 shows a ruby, sector 2 none


def test_compass_data_rubies() -> None:
    assert D.COMPASS[0].ruby and not D.COMPASS[1].ruby
    assert sum(s.ruby for s in D.COMPASS) == 4


def test_PI04_load_any_number_up_to_the_chest() -> None:
    start = position(2, pos=(HOME, HOME))
    rolled = GAME.apply(start, Die(3))  # out of port to island 3: closed chest of 3
    assert rolled.phase == LOAD
    assert texts(GAME.legal_actions(rolled)) == ["load 0", "load 1", "load 2", "load 3"]
    for k in range(4):
        after = GAME.apply(rolled, Load(k))
        assert after.cargo == (k, 0) and after.hold == rolled.hold - k
        assert after.seat == 1 and after.phase == ROLL


def test_PI04_load_limited_by_the_hold() -> None:
    start = position(2, pos=(HOME, HOME), hold=1)
    rolled = GAME.apply(start, Die(3))
    assert texts(GAME.legal_actions(rolled)) == ["load 0", "load 1"]


def test_PI05_open_chest_forces_two_even_when_it_capsizes() -> None:
    """Red with 6 aboard ends on the open chest of island 4: 8 aboard capsizes."""
    start = position(2, pos=(2, HOME), cargo=(6, 0))
    after = GAME.apply(start, Die(1))
    assert after.pos == (HOME, HOME) and after.cargo == (0, 0)
    assert after.hold == D.TREASURES and total(after) == D.TREASURES
    assert after.seat == 1


def test_PI05_open_chest_within_capacity() -> None:
    start = position(2, pos=(2, HOME), cargo=(5, 0))
    after = GAME.apply(start, Die(1))
    assert after.pos == (3, HOME) and after.cargo == (7, 0)


def test_PI06_tornado_island_no_loading_no_piracy() -> None:
    """The tornado stands on island 5 (a closed chest) where Blue is."""
    start = position(2, pos=(2, 4), cargo=(0, 3), tornado=4)
    after = GAME.apply(start, Die(2))
    assert after.pos == (4, 4) and after.cargo == (0, 3)
    assert after.seat == 1 and after.phase == ROLL


def test_PI07_ruby_takes_two_from_the_other_ship() -> None:
    """Blue is on island 5 (a closed chest): Red ends there, no loading."""
    start = position(2, pos=(2, 4), cargo=(2, 3))
    states = run(start, ["die 2"])
    assert states[1].phase == RAID and states[1].target == 1
    assert texts(GAME.legal_actions(states[1])) == ["pirate", "pass"]
    states = run(states[1], ["pirate", RUBY])
    assert states[1].phase == RAID_SPIN and GAME.current_player(states[1]) == CHANCE
    assert states[2].cargo == (4, 1) and states[2].pos == (4, 4)
    assert states[2].seat == 1 and states[2].phase == ROLL


def test_PI07_no_ruby_fails() -> None:
    start = position(2, pos=(2, 4), cargo=(2, 3))
    after = run(start, ["die 2", "pirate", NO_RUBY])[-1]
    assert after.cargo == (2, 3) and after.seat == 1 and after.phase == ROLL


def test_PI07_pass_does_nothing_and_ends_the_turn() -> None:
    start = position(2, pos=(2, 4), cargo=(2, 3))
    after = run(start, ["die 2", "pass"])[-1]
    assert after.cargo == (2, 3) and after.seat == 1 and after.hold == start.hold


def test_PI07_only_what_the_victim_has() -> None:
    start = position(2, pos=(2, 4), cargo=(2, 1))
    after = run(start, ["die 2", "pirate", RUBY])[-1]
    assert after.cargo == (3, 0)


def test_PI10_PI07_piracy_can_capsize_the_pirate() -> None:
    start = position(2, pos=(2, 4), cargo=(6, 3))
    after = run(start, ["die 2", "pirate", RUBY])[-1]
    assert after.pos == (HOME, 4) and after.cargo == (0, 1)
    assert total(after) == D.TREASURES


def test_PI10_loading_an_eighth_treasure_capsizes() -> None:
    start = position(2, pos=(3, HOME), cargo=(6, 0))
    rolled = GAME.apply(start, Die(1))  # island 5: closed chest of 2
    assert texts(GAME.legal_actions(rolled)) == ["load 0", "load 1", "load 2"]
    ok = GAME.apply(rolled, Load(1))
    assert ok.cargo == (7, 0) and ok.pos == (4, HOME)  # 7 is the capacity
    sunk = GAME.apply(rolled, Load(2))
    assert sunk.cargo == (0, 0) and sunk.pos == (HOME, HOME)
    assert sunk.hold == start.hold + 6 and total(sunk) == D.TREASURES
    # the ship restarts from its port: a 1 puts it on its port's island
    assert GAME.apply(GAME.apply(sunk, Die(1)), Die(1)).pos == (0, 12)


def test_news_records_capsize_and_piracy_for_the_page() -> None:
    """No rule reads the news; the page shows it while the next player starts."""
    from engine.piratissimo.rules import CAPSIZED, MISSED, STOLEN

    sunk = GAME.apply(position(2, pos=(2, HOME), cargo=(6, 0)), Die(1))
    assert sunk.news == ((CAPSIZED, 0, 3, 8, -1),) and sunk.news_turn == 0
    raid = run(position(2, pos=(2, 4), cargo=(6, 3)), ["die 2", "pirate"])[-1]
    robbed = GAME.apply(raid, RUBY)
    assert robbed.news == ((STOLEN, 0, 4, 2, 1), (CAPSIZED, 0, 4, 8, -1))
    assert GAME.apply(raid, NO_RUBY).news == ((MISSED, 0, 4, 0, 1),)

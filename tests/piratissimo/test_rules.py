"""Piratissimo's rules, clause by clause (PI-01..PI-11), scenarios as records, and the one legality check:
every refusal as data, and ``legal_actions`` equal to the actions the check accepts."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.core import CHANCE, TERMINAL, BadOptions, IllegalAction, Refusal
from engine.piratissimo import HOME, Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.actions import PASS, PIRATE, TORNADO, Action, Compass, Die, Home, Load, Sail
from engine.piratissimo.rules import (
    LOAD,
    OVER,
    RAID,
    RAID_SPIN,
    ROLL,
    SAIL,
    START,
    STORM_SPIN,
    TWISTER,
    join_of,
)
from engine.piratissimo.words import REFUSAL_WORDS, refusal_words
from engine.records import replay
from tests.piratissimo.helpers import GAME, position, random_game, replay_states, run, texts, total

pytestmark = pytest.mark.unit


# == Set-up, chance steps, text and JSON forms, words for the log. =======================================


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_two_to_four_seats_start_in_port_with_a_full_hold(seats: int) -> None:
    state = GAME.new(seats)
    assert state.pos == (HOME,) * seats and state.hold == D.TREASURES
    assert state.phase == START and GAME.current_player(state) == CHANCE
    assert GAME.turn_seat(state) is None
    outcomes = GAME.chance_outcomes(state)
    assert [GAME.format_action(a) for a, _ in outcomes] == [f"start {c}" for c in D.COLOURS[:seats]]
    assert sum(p for _, p in outcomes) == pytest.approx(1)


@pytest.mark.parametrize("seats", [1, 5])
def test_bad_seat_counts(seats: int) -> None:
    with pytest.raises(BadOptions):
        GAME.new(seats)


def test_unknown_options_refused() -> None:
    with pytest.raises(BadOptions, match="no options"):
        GAME.new(2, {"target": 5})


def test_registered_in_the_engine() -> None:
    assert "piratissimo" in engine.names()
    assert isinstance(engine.get("piratissimo"), Piratissimo)


def test_die_has_four_numbers_and_two_tornado_faces() -> None:
    outcomes = {GAME.format_action(a): p for a, p in GAME.chance_outcomes(position(2))}
    assert outcomes == {
        "die 1": pytest.approx(1 / 6),
        "die 2": pytest.approx(1 / 6),
        "die 3": pytest.approx(1 / 6),
        "die 4": pytest.approx(1 / 6),
        "die tornado": pytest.approx(2 / 6),
    }


def test_compass_spins_are_chance_with_eight_sectors() -> None:
    raid = run(position(2, pos=(2, 4), cargo=(0, 2)), ["die 2", "pirate"])[-1]
    outcomes = GAME.chance_outcomes(raid)
    assert len(outcomes) == 8 and all(p == pytest.approx(1 / 8) for _, p in outcomes)
    assert GAME.turn_seat(raid) == 0


def test_json_round_trip_and_parse_format_inverse() -> None:
    states = replay_states(4, ["start green", "die 3", "load 1", "die tornado", "tornado 3"])
    for state in states:
        assert GAME.state_from_json(GAME.state_to_json(state)) == state
        for action in GAME.legal_actions(state):
            assert GAME.parse_action(GAME.format_action(action)) == action


def test_bad_json_refused() -> None:
    with pytest.raises(ValueError, match="not a Piratissimo state"):
        GAME.state_from_json({"pos": [1]})
    good = GAME.state_to_json(position(2))
    for key, value in (("pos", [30, -1]), ("tornado", 24), ("cargo", [-1, 0]), ("phase", 12), ("seat", 2)):
        with pytest.raises(ValueError, match="not a Piratissimo state"):
            GAME.state_from_json({**good, key: value})


def test_seat_names_and_turn_count() -> None:
    state = position(4)
    assert [GAME.seat_name(state, s) for s in range(4)] == ["Red", "Blue", "Green", "Yellow"]
    assert GAME.turn_count(GAME.apply(state, Die(1))) == 1


# == Moving: PI-02 the die, PI-03 the skip, PI-08 shortcuts, PI-11 home, PI-01 the win. ==================


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


# == Arriving: PI-04 closed chests, PI-05 open chests, PI-06 the tornado, ================================


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


# == PI-09: the tornado face, the tornado's move and the compass's tornado actions. ======================


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


# == The way home (issue 14): PI-01, PI-11 and the home-port default of the clause table =================


BLUE = 1


SEATINGS = [(n, seat) for n in (2, 3, 4) for seat in range(n)]


def _join(seats: int, seat: int) -> int:
    return D.PORTS[D.CORNERS[seats][seat]].join


def _at(seats: int, seat: int, island: int, **changes: object) -> object:
    """``seat`` to roll with its ship on ``island``, every other ship in port."""
    pos = tuple(island if s == seat else HOME for s in range(seats))
    return position(seats, seat=seat, pos=pos, **changes)


def test_PI_08_shortcut_onto_home_port_offers_home() -> None:
    """The issue's example: 4 players, Blue (port by island 7) on island 2 with 2 aboard rolls a 3."""
    start = position(4, seat=BLUE, pos=(HOME, 1, HOME, HOME), cargo=(0, 2, 0, 0))
    rolled, home = run(start, ["die 3", "home via 2"])[1:]
    assert rolled.phase == SAIL
    assert texts(GAME.legal_actions(rolled)) == ["sail 5", "sail 7 via 2", "home via 2"]
    # the blue step costs its treasure; the rest is banked
    assert home.pos == (HOME,) * 4 and home.cargo == (0,) * 4 and home.bank == (0, 1, 0, 0)
    assert home.hold == start.hold + 1 and total(home) == D.TREASURES
    assert home.seat == 2 and home.phase == ROLL
    assert GAME.describe(rolled, Home(1)) == (
        "Blue sails into its home port by the shortcut from island 2 (paying 1 treasure) and banks 1 treasure.")
    assert GAME.describe(rolled, Home(1), "fr") == (
        "Bleu rentre à son port par le raccourci de l’île 2 (en payant 1 trésor) et décharge 1 trésor au port.")
    # the plain "home" is not there: the red path does not reach island 7
    with pytest.raises(ValueError, match="does not reach its home port"):
        GAME.apply(rolled, Home())
    # the blue step costs a treasure: an empty ship has no shortcut, hence no way home by one
    empty = run(position(4, seat=BLUE, pos=(HOME, 1, HOME, HOME)), ["die 3"])[-1]
    assert empty.pos == (HOME, 4, HOME, HOME) and empty.phase != SAIL  # sailed at once, no choice


def test_PI_08_shortcut_past_home_port_offers_home() -> None:
    """With a 4 the shortcut passes island 7: Blue may still stop at home."""
    rolled = run(position(4, seat=BLUE, pos=(HOME, 1, HOME, HOME), cargo=(0, 2, 0, 0)), ["die 4"])[-1]
    assert texts(GAME.legal_actions(rolled)) == ["sail 6", "sail 8 via 2", "home via 2"]


def test_PI_08_two_players_shortcut_onto_the_port_island() -> None:
    """2 players: Blue (port by island 13) on island 8 rolling a 3 gets ``sail 13 via 8`` and ``home via 8``."""
    rolled = run(position(2, seat=BLUE, pos=(HOME, 7), cargo=(0, 3)), ["die 3"])[-1]
    assert texts(GAME.legal_actions(rolled)) == ["sail 11", "sail 13 via 8", "home via 8"]
    after = GAME.apply(rolled, Home(7))
    assert after.bank == (0, 2) and after.pos == (HOME, HOME)


@pytest.mark.parametrize("seats, seat", SEATINGS)
def test_PI_08_every_seat_takes_the_shortcut_home(seats: int, seat: int) -> None:
    """Every seat's last stretch home crosses a blue arrow: from its start a 3 or a 4 may end in port."""
    join = _join(seats, seat)
    start = (join - 5) % D.RING  # where the blue arrow before the port's island starts
    assert D.SHORTCUT_FROM[start] == (join - 2) % D.RING
    for face, past in ((3, 0), (4, 1)):
        rolled = run(_at(seats, seat, start, cargo=_cargo(seats, seat, 2)), [f"die {face}"])[-1]
        legal = GAME.legal_actions(rolled)
        assert Home(via=start) in legal and Home() not in legal
        assert Sail((join + past) % D.RING, via=start) in legal
        assert f"home via {start + 1}" in texts(legal)
        home = GAME.apply(rolled, Home(via=start))
        assert home.pos[seat] == HOME and home.bank[seat] == 1 and total(home) == D.TREASURES


def test_PI_03_pushed_onto_home_port_offers_home() -> None:
    """The issue's example: 4 players, Blue on island 5 with 3 aboard, Red and Green on island 6, Blue rolls a 1."""
    start = position(4, seat=BLUE, pos=(5, 4, 5, HOME), cargo=(0, 3, 0, 0))
    rolled = GAME.apply(start, Die(1))
    assert rolled.phase == SAIL and texts(GAME.legal_actions(rolled)) == ["sail 7", "home"]
    home = GAME.apply(rolled, Home())
    assert home.pos == (5, HOME, 5, HOME) and home.bank == (0, 3, 0, 0) and home.seat == 2
    assert GAME.describe(rolled, Home()) == "Blue sails into its home port and banks 3 treasures."
    stay = GAME.apply(rolled, Sail(6))
    assert stay.pos == (5, 6, 5, HOME) and stay.cargo == (0, 3, 0, 0) and stay.seat == 2


@pytest.mark.parametrize("seats, seat", [(n, s) for n, s in SEATINGS if n > 2])
def test_PI_03_every_seat_pushed_onto_or_past_its_port_may_stop_there(seats: int, seat: int) -> None:
    """3 and 4 players (2 players never fill an island): pushed onto, or past, the port's island."""
    join = _join(seats, seat)
    others = [s for s in range(seats) if s != seat][:2]
    for full, here, face in (((join - 1) % D.RING, (join - 2) % D.RING, 1), (join, (join - 2) % D.RING, 2)):
        pos = tuple(here if s == seat else full if s in others else HOME for s in range(seats))
        rolled = GAME.apply(position(seats, seat=seat, pos=pos, cargo=_cargo(seats, seat, 1)), Die(face))
        assert rolled.phase == SAIL and Home() in GAME.legal_actions(rolled), (full, here)
        assert GAME.apply(rolled, Home()).bank[seat] == 1


@pytest.mark.parametrize("seats, seat", SEATINGS)
def test_PI_11_a_ship_on_its_own_port_island_goes_home_with_its_next_move(seats: int, seat: int) -> None:
    """Any face, the tornado's single step included: no lap of the ring is needed."""
    join = _join(seats, seat)
    for face in (1, 2, 3, 4):
        rolled = GAME.apply(_at(seats, seat, join, cargo=_cargo(seats, seat, 2)), Die(face))
        assert rolled.phase == SAIL and GAME.legal_actions(rolled)[-1] == Home()
        home = GAME.apply(rolled, Home())
        assert home.pos[seat] == HOME and home.bank[seat] == 2 and home.phase == ROLL
    rolled = GAME.apply(_at(seats, seat, join, cargo=_cargo(seats, seat, 2)), Die(TORNADO))
    assert texts(GAME.legal_actions(rolled)) == [f"sail {(join + 1) % D.RING + 1}", "home"]
    home = GAME.apply(rolled, Home())  # the ship's step ends in port, then the tornado moves (PI-09)
    assert home.pos[seat] == HOME and home.bank[seat] == 2 and home.phase == TWISTER


def test_PI_11_a_ship_brought_to_its_port_island_by_a_shortcut_goes_home_next() -> None:
    """Blue lands on its port's island by the shortcut, then comes home with a 1 on its next turn."""
    start = position(4, seat=BLUE, pos=(HOME, 1, HOME, HOME), cargo=(0, 2, 0, 0))
    states = run(start, ["die 3", "sail 7 via 2", "die 1", "die 1", "die 1", "die 1"])
    assert states[2].pos[BLUE] == join_of(start, BLUE) == 6
    back = states[-1]
    assert back.seat == BLUE and back.phase == SAIL and texts(GAME.legal_actions(back)) == ["sail 8", "home"]
    assert GAME.apply(back, Home()).bank[BLUE] == 1


def test_PI_11_refusals_name_the_way_home() -> None:
    rolled = GAME.apply(position(4, seat=BLUE, pos=(HOME, 1, HOME, HOME), cargo=(0, 2, 0, 0)), Die(2))
    assert texts(GAME.legal_actions(rolled)) == ["sail 4", "sail 6 via 2"]
    for action in (Home(), Home(via=1)):
        with pytest.raises(ValueError, match="Blue's move does not reach its home port"):
            GAME.apply(rolled, action)
    assert GAME.parse_action("home via 2") == Home(via=1)  # a record may carry the shortcut home
    assert GAME.format_action(Home(via=1)) == "home via 2"
    with pytest.raises(ValueError, match="Piratissimo knows"):
        GAME.parse_action("home via")


def test_PI_11_format_1_records_replay_to_the_same_positions() -> None:
    """Format 1 sailed by itself where format 2 may ask (home from the port's island, a push onto it):
    a format-1 record replays with those sails written out, to the positions it always had."""
    assert GAME.format_version == 2
    games = json.loads((Path(__file__).parent / "data" / "format1_games.json").read_text())
    for game in games:
        result = replay(game["record"])
        assert GAME.state_to_json(result.final) == game["final"]
        assert GAME.outcome(result.final) is not None
        inserted = len(result.actions) - len(game["record"]["actions"])
        assert inserted > 0 and result.record.format == 2
        # the upgraded record replays as it is in format 2
        again = replay(result.record.model_dump())
        assert again.final == result.final and len(again.actions) == len(result.actions)


def _cargo(seats: int, seat: int, amount: int) -> tuple[int, ...]:
    return tuple(amount if s == seat else 0 for s in range(seats))


def test_PI_07_a_shortcut_home_is_no_piracy() -> None:
    """Stopping at home ends the ship's move in port: no ship there, no raid offered."""
    start = position(4, seat=BLUE, pos=(HOME, 1, 6, HOME), cargo=(0, 2, 2, 0))
    rolled = GAME.apply(start, Die(3))
    assert Home(1) in GAME.legal_actions(rolled)
    assert GAME.apply(rolled, Sail(6, 1)).phase == RAID
    assert GAME.apply(rolled, Home(1)).phase == ROLL


# == Rule scenarios as game records with fixed die and compass outcomes. =================================


def S(pos, cargo, bank, hold, tornado, seat, phase, die, target, turns) -> PirState:
    return PirState(tuple(pos), tuple(cargo), tuple(bank), hold, tornado, seat, phase, die, target, turns)


OPENING = [
    "start red",  # chance picks Red
    "die 3",  # PI-02: port -> islands 1, 2, 3; island 3 has a closed chest of 3
    "load 2",  # PI-04: fewer than the chest's number is allowed
    "die 3",  # Blue: port (island 13) -> 13, 14, 15; island 15 has a closed chest of 3
    "load 1",
    "die 1",  # Red: island 4 has an open chest: 2 aboard at once (PI-05)
    "die 4",  # Blue: 16..19, the tornado's island: nothing happens (PI-06)
    "die tornado",  # Red: advance 1 to island 5 (closed 2) (PI-09 step 1)
    "load 1",
    "tornado 2",  # PI-09 step 2: the tornado goes 19 -> 18 -> 17, no ship there: turn ends
]


EXPECTED = [
    S([HOME, HOME], [0, 0], [0, 0], 50, 18, -1, START, -1, -1, 0),
    S([HOME, HOME], [0, 0], [0, 0], 50, 18, 0, ROLL, -1, -1, 0),
    S([2, HOME], [0, 0], [0, 0], 50, 18, 0, LOAD, 3, -1, 0),
    S([2, HOME], [2, 0], [0, 0], 48, 18, 1, ROLL, -1, -1, 1),
    S([2, 14], [2, 0], [0, 0], 48, 18, 1, LOAD, 3, -1, 1),
    S([2, 14], [2, 1], [0, 0], 47, 18, 0, ROLL, -1, -1, 2),
    S([3, 14], [4, 1], [0, 0], 45, 18, 1, ROLL, -1, -1, 3),
    S([3, 18], [4, 1], [0, 0], 45, 18, 0, ROLL, -1, -1, 4),
    S([4, 18], [4, 1], [0, 0], 45, 18, 0, LOAD, 0, -1, 4),
    S([4, 18], [5, 1], [0, 0], 44, 18, 0, TWISTER, 0, -1, 4),
    S([4, 18], [5, 1], [0, 0], 44, 16, 1, ROLL, -1, -1, 5),
]


def test_PI02_PI04_PI05_PI06_PI09_opening_record_step_by_step() -> None:
    """PI-02 moves by the die along the red arrows, PI-04 a partial load,
    PI-05 the forced load, PI-06 no harm on the tornado, PI-09 the face."""
    states = replay_states(2, OPENING)
    assert len(states) == len(EXPECTED)
    for index, (got, want) in enumerate(zip(states, EXPECTED)):
        assert got == want, f"after action {index}: {OPENING[index - 1] if index else 'new'}"


def test_PI04_load_choice_offers_zero_to_chest_number() -> None:
    states = replay_states(2, OPENING[:2])
    assert texts(GAME.legal_actions(states[-1])) == ["load 0", "load 1", "load 2", "load 3"]
    assert GAME.current_player(states[-1]) == 0


def test_PI05_open_chest_needs_no_choice() -> None:
    """The open chest loads 2 at once: the next step is already Blue's die."""
    states = replay_states(2, OPENING[:6])
    assert states[-1].cargo == (4, 1)
    assert GAME.current_player(states[-1]) == CHANCE and states[-1].seat == 1


# == Piratissimo's one legality check: every refusal as data (rule ID, key, values), worded in English and French, ===


ROLLING = position(2, pos=(5, 8))  # Red to roll


SAILING = GAME.apply(position(2, pos=(23, HOME)), Die(3))  # Red chooses: island 3 or home


LOADING = GAME.apply(position(2, pos=(HOME, HOME)), Die(3))  # Red at island 3's closed chest of 3


RAIDING = GAME.apply(position(2, pos=(2, 4), cargo=(0, 2)), Die(2))  # Red next to Blue's ship


SPINNING = GAME.apply(RAIDING, PIRATE)  # the compass for the piracy


TWISTING = run(ROLLING, ["die tornado"])[-1]  # Red moves the tornado


#: key -> (position, action, rule ID, English words, French words)
CASES = {
    "game_over": (replace(ROLLING, phase=OVER), "die 1", None, "the game is over", "la partie est finie"),
    "draw_first": (GAME.new(2), "die 1", None, "chance first draws who starts",
                   "le hasard désigne d’abord qui commence"),
    "no_such_face": (ROLLING, "die 6", None, "the die has no face '6': it shows 1, 2, 3, 4 or the tornado",
                     "le dé n’a pas de face « 6 » : il montre 1, 2, 3, 4 ou la tornade"),
    "roll_first": (ROLLING, "pirate", "PI-02", "Red must roll the die first: it says how many islands to sail (PI-02)",
                   "Rouge doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)"),
    "no_such_sector": (SPINNING, "compass 9", None, "the compass has no sector '9': its sectors are 1 to 8",
                       "le compas n’a pas de secteur « 9 » : ses secteurs vont de 1 à 8"),
    "spin_first": (SPINNING, "pass", "PI-07", "the compass must be spun first (PI-07)",
                   "il faut d’abord faire tourner le compas (PI-07)"),
    "choose_load": (LOADING, "pirate", "PI-04", "Red must first choose how many treasures to load from the chest (PI-04)",
                    "Rouge doit d’abord choisir combien de trésors charger du coffre (PI-04)"),
    "hold_short": (replace(LOADING, hold=2), "load 3", "PI-04", "the hold has only 2 treasures left (PI-04)",
                   "la cale n’a plus que 2 trésors (PI-04)"),
    "chest_limit": (LOADING, "load 4", "PI-04", "the closed chest on island 3 allows at most 3 treasures (PI-04)",
                    "le coffre fermé de l’île 3 permet au plus 3 trésors (PI-04)"),
    "choose_piracy": (RAIDING, "load 2", "PI-07",
                      "Red must first choose: attempt piracy on Blue's ship or leave it alone (PI-07)",
                      "Rouge doit d’abord choisir : tenter la piraterie contre le navire de Bleu ou le laisser (PI-07)"),
    "tornado_range": (TWISTING, "tornado 5", "PI-09", "the tornado moves 1 to 4 islands along the white arrows (PI-09)",
                      "la tornade avance de 1 à 4 îles le long des flèches blanches (PI-09)"),
    "move_tornado_first": (TWISTING, "die 3", "PI-09", "Red must move the tornado first, 1 to 4 islands (PI-09)",
                           "Rouge doit d’abord déplacer la tornade de 1 à 4 îles (PI-09)"),
    "home_out_of_reach": (GAME.apply(position(2, pos=(HOME, HOME), cargo=(1, 0)), Die(3)), "home", "PI-11",
                          ("Red's move does not reach its home port: it may go to island 3 or island 5 by the "
                          "shortcut (PI-11)"),
                          ("le coup de Rouge n’atteint pas son port : il peut aller à l’île 3 ou l’île 5 par le "
                          "raccourci (PI-11)")),
    "shortcut_fee": (SAILING, "sail 5 via 2", "PI-08", "a shortcut costs 1 treasure and Red's ship carries none (PI-08)",
                     "un raccourci coûte 1 trésor et le navire de Rouge n’en porte aucun (PI-08)"),
    "no_shortcut_there": (GAME.apply(position(2, pos=(23, HOME), cargo=(2, 0)), Die(3)), "sail 7 via 4", "PI-08",
                          "no blue arrow starts on that island along this move (PI-08)",
                          "aucune flèche bleue ne part de cette île sur ce trajet (PI-08)"),
    "not_there": (SAILING, "sail 9", "PI-02", "this move does not end there: it may go to island 3 or home (PI-02, PI-03)",
                  "ce coup ne finit pas là : il peut aller à l’île 3 ou son port (PI-02, PI-03)"),
    "choose_route": (SAILING, "load 1", "PI-02", "Red must first choose where to sail: it may go to island 3 or home (PI-02)",
                     "Rouge doit d’abord choisir où naviguer : il peut aller à l’île 3 ou son port (PI-02)"),
}


def test_every_refusal_key_has_words_and_a_case_here() -> None:
    # "not_legal" is only why_illegal's words for an action the check accepts: no position refuses with it
    assert set(CASES) | {"not_legal"} == set(REFUSAL_WORDS)
    assert refusal_words(Refusal(None, "not_legal"), "fr") == "ce coup n'est pas permis dans cette position"


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_refusal_is_data_with_its_rule_and_is_worded_in_both_languages(key: str) -> None:
    state, text, rule, english, french = CASES[key]
    action = GAME.parse_action(text)
    refusal = GAME.check(state, action)
    assert isinstance(refusal, Refusal)
    assert (refusal.key, refusal.rule) == (key, rule)
    assert refusal_words(refusal) == english == GAME.why_illegal(state, action)
    assert refusal_words(refusal, "fr") == french == GAME.why_illegal(state, action, "fr")
    for words in (english, french):  # the words cite the refusal's rule, and a rule only when it has one
        assert (rule is None) == (re.search(r"PI-\d\d", words) is None)
        assert rule is None or rule in words
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert info.value.refusal == refusal and info.value.reason == english


def test_the_storm_compass_cites_the_tornado_rule() -> None:
    storm = replace(SPINNING, phase=STORM_SPIN)
    assert GAME.check(storm, PASS) == Refusal("PI-09", "spin_first")
    assert GAME.why_illegal(storm, PASS) == "the compass must be spun first (PI-09)"


# -- legal_actions lists each phase's actions from the rules' tables; here it is proven equal to the check --
def action_space() -> list[Action]:
    """Every well-formed Piratissimo action (numbers a little beyond every range included)."""
    islands = range(D.RING + 2)
    out = ["pirate", "pass", "home", "die tornado"]
    out += [f"start {c}" for c in D.COLOURS]
    out += [f"die {k}" for k in range(8)]
    out += [f"compass {k}" for k in range(len(D.COMPASS) + 2)]
    out += [f"load {k}" for k in range(8)]
    out += [f"tornado {k}" for k in range(D.TORNADO_MAX + 2)]
    out += [f"sail {i}" for i in islands]
    out += [f"sail {i} via {j}" for i in islands for j in islands]
    out += [f"home via {j}" for j in islands]
    assert all(GAME.format_action(GAME.parse_action(a)) == a for a in out)
    return [GAME.parse_action(a) for a in out]


ACTION_SPACE = action_space()


def random_positions(seed: int, every: int) -> list[PirState]:
    """Positions of a random game of 2 to 4 ships, every ``every``-th one kept, each also with a nearly empty
    hold and other cargoes (random play seldom empties the hold or the ships)."""
    rng = random.Random(seed)
    states, _ = random_game(rng.randint(2, 4), seed)
    kept = []
    for state in states[::every]:
        kept.append(state)
        kept.append(replace(state, hold=rng.randint(0, 3), cargo=tuple(rng.randint(0, 3) for _ in state.cargo)))
    kept.append(states[-1])
    return kept


@pytest.mark.property
@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_actions_are_exactly_the_actions_the_check_accepts(seed: int) -> None:
    for state in random_positions(seed, every=3):
        legal = GAME.legal_actions(state)
        assert len(legal) == len(set(legal))
        accepted = {a for a in ACTION_SPACE if GAME.check(state, a) is None}
        assert set(legal) == accepted, (sorted(map(GAME.format_action, set(legal) ^ accepted))[:5], state)

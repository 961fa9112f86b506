"""The way home (issue 14): PI-01, PI-11 and the home-port default of the clause table; shortcuts
(PI-08) and pushes (PI-03) onto or past a ship's own port."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.piratissimo import HOME
from engine.piratissimo import data as D
from engine.piratissimo.actions import TORNADO, Die, Home, Sail
from engine.piratissimo.rules import RAID, ROLL, SAIL, TWISTER, join_of
from engine.records import replay
from tests.piratissimo.helpers import GAME, position, run, texts, total

pytestmark = pytest.mark.unit


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

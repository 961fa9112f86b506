"""The chances mean what they say: each game's calibration map, stored as data, goes into every reading.

``engine/<game>/calibration.json`` holds the map of the page's level (``python -m engine calibrate GAME
--fit``); :mod:`engine.analysis` applies it to the turns' chances, the decisions' costs and the hint's
percentages.  The check figures of docs/analysis.md were read on the seeds of :data:`CHECKED`, which the
fit never saw.
"""

from __future__ import annotations

import json
import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.__main__ import main
from engine.analysis import (
    _MAPS,
    LEVELS,
    PAGE_LEVEL,
    ChanceMap,
    analyse,
    calibration_maps,
    calibration_path,
    chance_map,
    chances,
    hint,
)
from engine.calibration import SEED_STRIDE, game_seeds, isotonic, logistic, mid_game_reading, played_actions
from engine.records import replay
from tests.test_analysis import bots_game

pytestmark = pytest.mark.unit

GAMES = ["piratissimo", "siege", "trice"]
#: The seed and number of games of docs/analysis.md's check, per game.
CHECKED = {"piratissimo": (3503, 1000), "siege": (3503, 1000), "trice": (3503, 1000)}
GRID = [i / 200 for i in range(201)]


def stored(name: str) -> dict:
    return json.loads(calibration_path(engine.get(name)).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", GAMES)
def test_each_game_has_a_map_of_the_page_s_level_that_parses(name: str) -> None:
    data = stored(name)
    assert data["game"] == name
    entry = data["maps"][PAGE_LEVEL]
    assert entry["kind"] in ("isotonic", "logistic")
    assert entry["playouts"] == LEVELS[PAGE_LEVEL].playouts
    assert entry["games"] >= 300 and entry["readings"] >= 300 * engine.get(name).min_seats
    assert entry["seeds"] == [game_seeds(entry["seed"], entry["games"])[0], game_seeds(entry["seed"], entry["games"])[-1]]
    assert isinstance(calibration_maps(engine.get(name))[PAGE_LEVEL], ChanceMap)


@pytest.mark.parametrize("name", GAMES)
def test_the_fit_never_saw_the_check_s_games(name: str) -> None:
    entry = stored(name)["maps"][PAGE_LEVEL]
    fitted = set(range(entry["seeds"][0], entry["seeds"][1] + 1))
    seed, games = CHECKED[name]
    assert games >= 300 and games < SEED_STRIDE and entry["games"] < SEED_STRIDE
    assert fitted.isdisjoint(game_seeds(seed, games))
    assert fitted.isdisjoint(game_seeds(1, 300))  # nor the command's default check


@pytest.mark.parametrize("name", GAMES)
def test_the_stored_map_is_monotone_and_keeps_within_0_and_1(name: str) -> None:
    mapped = [chance_map(engine.get(name), LEVELS[PAGE_LEVEL].playouts)(p) for p in GRID]
    assert all(0.0 <= y <= 1.0 for y in mapped)
    assert all(a <= b + 1e-12 for a, b in pairwise(mapped))
    assert mapped[-1] > mapped[0]  # it is not flat: readings still tell positions apart


@pytest.mark.parametrize("name", GAMES)
def test_a_reading_goes_through_the_stored_map_and_still_sums_to_1(name: str) -> None:
    game = engine.get(name)
    spec = engine.spec(name).search
    record = bots_game(name, 11)
    played = replay(record)
    state = played.states[len(played.states) // 2]
    raw = chances(game, state, spec, 2, seed=5, raw=True)
    read = chances(game, state, spec, 2, seed=5)
    the_map = chance_map(game, 2)
    assert read == pytest.approx(the_map.shares(raw))
    assert sum(read) == pytest.approx(1.0) and len(read) == len(raw)
    final = played.states[-1]  # a finished game reads its outcome, not the map's
    assert chances(game, final, spec, 2, seed=5) == chances(game, final, spec, 2, seed=5, raw=True)


def test_the_calibration_s_readings_are_raw() -> None:
    """The map is fitted on raw readings, never on readings already through it."""
    row = mid_game_reading("piratissimo", ("heuristic", "heuristic"), 7, PAGE_LEVEL)
    assert len(row.chances) == 2 and sum(row.chances) == pytest.approx(1.0)


def test_every_reported_chance_goes_through_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a map that reads every position even, the graph, the costs and the hint all say so."""
    name = "piratissimo"
    even = ChanceMap("logistic", a=0.0, b=0.0, playouts=LEVELS[PAGE_LEVEL].playouts)
    monkeypatch.setitem(_MAPS, name, {PAGE_LEVEL: even})
    played = replay(bots_game(name, 3))
    turns = analyse(played, level=PAGE_LEVEL)
    assert all(turn.before == pytest.approx((0.5, 0.5)) for turn in turns)
    assert all(turn.cost == 0.0 and turn.flag is None for turn in turns)  # every decision reads even
    position = replay(bots_game(name, 4, steps=6))
    said = hint(engine.get(name), position.final, level="quick", seed=1)
    assert math.isnan(said.chance) or said.chance == pytest.approx(0.5)


def test_the_command_prints_the_error_before_and_after_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calibrate", "piratissimo", "--games", "12", "--seed", "9", "--level", "page",
                 "--at", "0.25,0.5,0.75"]) == 0
    out = capsys.readouterr().out
    assert "raw reading: expected calibration error" in out and "through the map: expected calibration error" in out
    assert "none of these games is the fit's" in out and "0.25" not in out.splitlines()[0]
    assert "of the turns together" in out


points = st.lists(st.tuples(st.floats(0.0, 1.0), st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=60)


@pytest.mark.property
@settings(max_examples=60)
@given(points)
def test_a_fitted_map_never_falls_and_keeps_within_0_and_1(found: list[tuple[float, float]]) -> None:
    for fitted in (isotonic(found), logistic(found)):
        mapped = [fitted(p) for p in GRID]
        assert all(0.0 <= y <= 1.0 for y in mapped), fitted
        assert all(a <= b + 1e-12 for a, b in pairwise(mapped)), fitted
    knots = isotonic(found).knots
    assert all(x0 < x1 and y0 < y1 for (x0, y0), (x1, y1) in pairwise(knots))


def test_a_trice_graph_crosses_from_under_10_to_over_90_only_where_the_position_swings() -> None:
    """Issue 35 point 3: the graph moves between 0 and 100% only when the position really swings. Seed 1's
    game (tools/graph_check.py, docs/analysis.md) read Green 93%, 9%, 97% at the page's two playouts over
    turns 34-36, where 32 playouts read 78%, 58%, 80%: a reading that swings is read again (steady_chances),
    as the analysis does, and no turn crosses from one edge to the other any more."""
    from tools.graph_check import HIGH, LOW, readings_by_turn

    _, found = readings_by_turn("trice", 1, (PAGE_LEVEL,))
    page = found[PAGE_LEVEL]
    crossings = [(turn, seat) for turn in range(1, len(page)) for seat in range(3)
                 if min(page[turn - 1][seat], page[turn][seat]) < LOW < HIGH < max(page[turn - 1][seat], page[turn][seat])]
    assert len(page) > 36 and crossings == []
    # the analysis reads its turns the same way: its chances where turns 34-36 start are the tool's
    game = engine.get("trice")
    actions = [game.format_action(a) for a in played_actions(game, ["heuristic"] * 3, 1)]
    record = {"game": "trice", "format": game.format_version, "options": {}, "seed": 1, "actions": actions,
              "seats": [{"name": f"Seat {s + 1}", "controller": "heuristic"} for s in range(3)]}
    before = {report.turn: report.before for report in analyse(replay(record), level=PAGE_LEVEL)}
    assert [before[turn] for turn in (34, 35, 36)] == page[33:36]

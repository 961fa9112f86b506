"""The arrow keys between a board's targets, for any board (ui/draw/arrow_keys.py): each key leads to a target
really that way, a key leads somewhere whenever a target lies that way, and every target is reached from every
other; each game's own boards are walked in tests/trice/ and tests/piratissimo/ (test_arrow_keys.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.arrow_keys_check import DIRECTIONS, reached_from, within
from ui.draw.arrow_keys import nav_attributes, neighbours

pytestmark = pytest.mark.property

#: Scatters of targets on a coarse grid, so that rows, columns, diagonals and shared places come often.
SCATTERS = st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=14)


@settings(max_examples=400, deadline=None)
@given(SCATTERS)
def test_every_key_leads_really_that_way_and_every_target_is_reached(points: list[tuple[int, int]]) -> None:
    places = {f"t{i}": (float(x), float(y)) for i, (x, y) in enumerate(points)}
    table = neighbours(places)
    assert set(table) == set(places)
    for key, ways in table.items():
        x, y = places[key]
        for way in DIRECTIONS:
            there = [other for other in places if other != key and (
                within((places[other][0] - x, places[other][1] - y), way) or places[other] == places[key])]
            if way in ways:
                assert ways[way] in there and ways[way] != key
            else:
                assert not [other for other in there if places[other] != places[key]], (key, way)
    for start in table:
        assert reached_from(start, table) == set(table), (start, table)


def test_a_row_is_followed_before_a_nearer_diagonal() -> None:
    # from the middle, right: the next in the row, though the one a little lower is nearer...
    table = neighbours({"left": (0, 0), "middle": (10, 0), "right": (22, 0), "low": (17, 6)})
    assert table["middle"]["right"] == "right" and table["left"]["right"] == "middle"
    assert table["right"]["down"] == "low"  # ... which is reached from the end of the row, below it


def test_targets_at_one_place_lead_to_each_other() -> None:
    table = neighbours({"a": (5, 5), "b": (5, 5), "c": (5, 5)})
    assert set(table["a"]) == {"right", "down"} and set(table["c"]) == {"left", "up"}  # in their order
    assert all(reached_from(key, table) == {"a", "b", "c"} for key in table)


def test_the_attributes_name_ids_of_the_drawing() -> None:
    table = neighbours({"a1": (0, 0), "b2": (0, 10)})
    assert nav_attributes("a1", table, "trice-at-") == ' id="trice-at-a1" data-nav-down="trice-at-b2"'
    assert nav_attributes("lone", {}, "pir-at-") == ' id="pir-at-lone"'

"""What every board's arrow keys must do, checked on a drawing (ui/draw/arrow_keys.py, issue 37 point 7).

A board's targets (the elements a keyboard player tabs to: ``tabindex="0"`` with a ``data-act``) each
carry an id; each ``data-nav-<direction>`` names another target's id, and that target lies really that
way: within 45 degrees of the key's direction, seen from the target's centre as the test knows it from
the board's geometry (two targets drawn at one place may lead to each other). A direction in which some
target lies leads somewhere, and every target is reached from every other by the arrow keys alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

#: Each key's direction in a drawing's units (y downward).
DIRECTIONS = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


def within(offset: tuple[float, float], direction: str) -> bool:
    """Whether a target at ``offset`` from another lies within 45 degrees of ``direction``."""
    ux, uy = DIRECTIONS[direction]
    along = offset[0] * ux + offset[1] * uy
    across = abs(offset[0] * uy - offset[1] * ux)
    return along > 0 and across <= along * (1 + 1e-9)  # a diagonal's rounding: as ui/draw/arrow_keys.py


def reached_from(start: str, table: Mapping[str, Mapping[str, str]]) -> set[str]:
    """Every target the arrow keys lead to from ``start``, ``start`` included."""
    seen = {start}
    todo = [start]
    while todo:
        for nxt in table[todo.pop()].values():
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def check_arrow_keys(root: ET.Element, places: Mapping[str, tuple[float, float]]) -> dict[str, dict[str, str]]:
    """Check the arrow keys of the drawing ``root`` whose targets are at ``places`` (by id); their table."""
    found = {el.get("id"): el for el in root.iter() if el.get("tabindex") == "0" and el.get("data-act")}
    assert None not in found, "a target without an id: no arrow key can lead to it"
    assert set(found) == set(places), (sorted(found), sorted(places))
    table = {key: {way: el.get(f"data-nav-{way}") for way in DIRECTIONS if el.get(f"data-nav-{way}")}
             for key, el in found.items()}
    for key, ways in table.items():
        x, y = places[key]
        for way, to in ways.items():
            assert to in found, f"{key} {way} leads to {to}, which is no target"
            offset = (places[to][0] - x, places[to][1] - y)
            assert offset == (0, 0) or within(offset, way), f"{key} {way} leads to {to}, at {offset}"
        for way in DIRECTIONS:
            lies_there = [other for other in places if other != key
                          and within((places[other][0] - x, places[other][1] - y), way)]
            assert way in ways or not lies_there, f"{key}: {lies_there} lie {way}, and the key leads nowhere"
    for start in table:
        assert reached_from(start, table) == set(table), f"from {start} the arrow keys reach only part"
    return table

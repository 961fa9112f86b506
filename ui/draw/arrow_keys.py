"""Where each arrow key leads from a board's target: the next target up, down, left or right.

A keyboard player tabs to the board once, then walks its targets with the arrow keys (issue 37
point 7). The page's JavaScript knows no board's geometry, so the drawing says it: every target
carries its own ``id`` and, for each direction that leads somewhere, ``data-nav-up``,
``data-nav-down``, ``data-nav-left`` or ``data-nav-right`` naming the id of the target the key
goes to (``ui/js/input.js`` follows them).

The neighbour in a direction is chosen among the targets within 45 degrees of it, so the four
directions together see every other target (a target on a cone's edge is in two). Of those it is
the nearest, with a target off the key's line counted as farther than one on it, so a row or a
column is followed before a diagonal. Targets drawn at one place are put in the order given, one
after the other to the right and down, so every one is still reached.

The nearest alone may leave a target no key leads to: one just beyond another, on no key's line
from anything (Piratissimo's home port beyond a route on a diagonal). So two keys of one target
never lead to the same place while one of them has another target that way, and where some target
still cannot be reached from another, a key is turned to its next target that way (still within its
45 degrees) until every target is reached from every other. That is not proved for every scatter of
points (of 20,000 random scatters of 2 to 12 none was left apart); each board's tests walk its real
targets (tests/arrow_keys_check.py).

>>> table = neighbours({"a": (0, 0), "b": (10, 1), "c": (0, 10)})
>>> table["a"]
{'down': 'c', 'right': 'b'}
>>> table["b"], table["c"]
({'left': 'a'}, {'up': 'a', 'right': 'b'})
>>> nav_attributes("c", table, "trice-")
' id="trice-c" data-nav-up="trice-a" data-nav-right="trice-b"'
"""

from __future__ import annotations

import math
from collections.abc import Mapping

#: The four keys' directions in a drawing's units (y downward), in the order their attributes are written.
DIRECTIONS: tuple[tuple[str, float, float], ...] = (
    ("up", 0.0, -1.0), ("down", 0.0, 1.0), ("left", -1.0, 0.0), ("right", 1.0, 0.0))

#: How much farther a step off the key's line counts than a step along it: enough that the next cell
#: of a row wins over a nearer one a row below, not so much that a near diagonal loses to the far side.
ACROSS_WEIGHT = 1.0

#: The offset that orders targets drawn at one place (far below any drawing's unit).
_TIE = 1e-6

#: How far past 45 degrees a target still counts as on the cone's edge: a drawing's diagonals (Piratissimo's
#: islands at -135 degrees and every 18) come out of sines and cosines a rounding off.
_EDGE = 1e-9


def _offset(places: list[tuple[float, float]], i: int, j: int) -> tuple[float, float]:
    """Where target ``j`` is seen from target ``i``; one at the same place lies just right of and below it
    when it comes after, just left of and above when before."""
    dx = places[j][0] - places[i][0]
    dy = places[j][1] - places[i][1]
    if dx == 0 and dy == 0:
        return (j - i) * _TIE, (j - i) * _TIE
    return dx, dy


def _candidates(points: list[tuple[float, float]], i: int, ux: float, uy: float) -> list[tuple[float, float, int]]:
    """The targets within 45 degrees of the direction ``(ux, uy)`` from target ``i``, nearest first:
    (score, how far off the key's line, index)."""
    found = []
    for j in range(len(points)):
        if j == i:
            continue
        dx, dy = _offset(points, i, j)
        along = dx * ux + dy * uy
        across = abs(dx * uy - dy * ux)
        if along <= 0 or across > along * (1 + _EDGE):
            continue  # not within 45 degrees of the key's direction
        found.append((math.hypot(dx, dy) + ACROSS_WEIGHT * across, across / along, j))
    return sorted(found)


def _spread(candidates: dict[str, list[tuple[float, float, int]]]) -> dict[str, int]:
    """Each direction's target: its nearest, except that two keys leading to one target (a diagonal lies in
    two cones) is one way lost. The key that target is less straight for goes on to its next target, if it
    has one no other key takes: another target reached, where a scatter of few targets might otherwise
    leave one that no key leads to (Piratissimo's home port, beyond a route on a diagonal)."""
    picks = {way: 0 for way, found in candidates.items() if found}

    def target(way: str) -> int:
        return candidates[way][picks[way]][2]

    def alternative(way: str) -> int | None:
        taken = {target(other) for other in picks}
        return next((k for k in range(picks[way] + 1, len(candidates[way]))
                     if candidates[way][k][2] not in taken), None)

    moved = True
    while moved:
        moved = False
        for first in picks:
            for second in picks:
                if first >= second or target(first) != target(second):
                    continue
                able = {way: nxt for way in (first, second) if (nxt := alternative(way)) is not None}
                if able:
                    mover = max(able, key=lambda way: (candidates[way][picks[way]][1], way))
                    picks[mover] = able[mover]
                    moved = True
    return {way: target(way) for way in picks}


def _reached(ways: list[dict[str, int]]) -> int:
    """How many (from, to) pairs of targets the keys join: the count of every target each one reaches."""
    total = 0
    for start in range(len(ways)):
        seen = {start}
        todo = [start]
        while todo:
            for nxt in ways[todo.pop()].values():
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        total += len(seen)
    return total


def _join(candidates: list[dict[str, list[tuple[float, float, int]]]], ways: list[dict[str, int]]) -> None:
    """Lead the keys to targets none reaches, in place: while some target cannot be reached from another,
    the one key whose other target (within its 45 degrees still) joins the most pairs is turned to it."""
    whole = len(ways) ** 2
    joined = _reached(ways)
    while joined < whole:
        best: tuple[int, int, str, int] | None = None
        for i, cones in enumerate(candidates):
            for way, found in cones.items():
                for _, _, j in found:
                    if ways[i].get(way) == j:
                        continue
                    trial = [*ways[:i], {**ways[i], way: j}, *ways[i + 1:]]
                    count = _reached(trial)
                    if count > joined and (best is None or count > best[0]):
                        best = (count, i, way, j)
        if best is None:
            return
        joined, i, way, j = best
        ways[i] = {**ways[i], way: j}


def neighbours(places: Mapping[str, tuple[float, float]]) -> dict[str, dict[str, str]]:
    """For each target (by key, at its centre ``(x, y)``), the target each direction leads to, where one does.

    >>> neighbours({"only": (3, 4)})
    {'only': {}}
    >>> neighbours({"first": (5, 5), "second": (5, 5)})
    {'first': {'down': 'second', 'right': 'second'}, 'second': {'up': 'first', 'left': 'first'}}
    """
    keys = list(places)
    points = [places[key] for key in keys]
    candidates = [{name: _candidates(points, i, ux, uy) for name, ux, uy in DIRECTIONS} for i in range(len(keys))]
    ways = [_spread(cones) for cones in candidates]
    _join(candidates, ways)
    return {key: {name: keys[ways[i][name]] for name, _, _ in DIRECTIONS if name in ways[i]}
            for i, key in enumerate(keys)}


def nav_attributes(key: str, table: Mapping[str, Mapping[str, str]], prefix: str) -> str:
    """The attributes of target ``key``: its id (``prefix`` + key) and the ids its arrow keys lead to.

    ``prefix`` makes the ids the drawing's own (see :mod:`ui.draw.svg`: they start with its uid and a dash).
    """
    ways = table.get(key, {})
    out = [f' id="{prefix}{key}"']
    out.extend(f' data-nav-{name}="{prefix}{ways[name]}"' for name, _, _ in DIRECTIONS if name in ways)
    return "".join(out)

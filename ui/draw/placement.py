"""Collision-free label placement: a pure function, no drawing, no game.

A drawing hands :func:`place` the shapes its labels must leave clear (boxes
and discs) and each label's size and the spots it would like, best first.
Each label in turn takes its first wished spot that is clear of every shape,
of the labels placed before it and of the frame; failing that, the clear
spot nearest its first wish, searched on a grid outward from it. Greedy and
deterministic: the same drawing places its labels the same way every time.

>>> frame = Box(0, 0, 100, 100)
>>> spots = place([Tag(40, 20, ((50, 50),)), Tag(40, 20, ((50, 50),))], [], frame, step=5)
>>> spots[0], spots[1]
((50, 50, 0), (50, 25, 0))
>>> place([Tag(40, 20, ((50, 50),))], [Disc(50, 50, 20)], frame, step=5)
[(50, 15, 0)]
>>> place([Tag(120, 20, ((50, 50),), Tag(40, 20, ((50, 50),)))], [Disc(50, 50, 20)], frame, step=5)
[(50, 15, 1)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Box:
    """An axis-aligned box from (left, top) to (right, bottom)."""

    left: float
    top: float
    right: float
    bottom: float

    def hits(self, other: Box | Disc, gap: float = 0.0) -> bool:
        """Whether this box comes within ``gap`` of ``other``."""
        if isinstance(other, Disc):
            return other.hits(self, gap)
        return (
            self.left < other.right + gap
            and other.left < self.right + gap
            and self.top < other.bottom + gap
            and other.top < self.bottom + gap
        )

    def inside(self, frame: Box) -> bool:
        return frame.left <= self.left and self.right <= frame.right and frame.top <= self.top and self.bottom <= frame.bottom


@dataclass(frozen=True)
class Disc:
    """A round shape: centre and radius."""

    x: float
    y: float
    r: float

    def hits(self, other: Box | Disc, gap: float = 0.0) -> bool:
        if isinstance(other, Disc):
            return math.hypot(self.x - other.x, self.y - other.y) < self.r + other.r + gap
        nearest_x = min(max(self.x, other.left), other.right)
        nearest_y = min(max(self.y, other.top), other.bottom)
        return math.hypot(self.x - nearest_x, self.y - nearest_y) < self.r + gap


Shape = Box | Disc


@dataclass(frozen=True)
class Tag:
    """A label to place: its width and height, and the centres it would like, best first;
    ``smaller``, its plainer form (fewer icons), tried where the label finds no room."""

    width: float
    height: float
    wishes: tuple[tuple[float, float], ...]
    smaller: Tag | None = None


def box_at(tag: Tag, x: float, y: float) -> Box:
    """The box ``tag`` covers when centred on (x, y)."""
    return Box(x - tag.width / 2, y - tag.height / 2, x + tag.width / 2, y + tag.height / 2)


@lru_cache(maxsize=8)
def _offsets(reach: int) -> tuple[tuple[int, int], ...]:
    """Grid offsets up to ``reach`` steps either way, nearest first (sorted once)."""
    span = range(-reach, reach + 1)
    return tuple((i, j) for _d, j, i in sorted((i * i + j * j, j, i) for i in span for j in span))


def _outward(x: float, y: float, step: float, frame: Box, far: float) -> Iterable[tuple[float, float]]:
    """Grid points around (x, y) up to ``far`` either way, nearest first, within ``frame``."""
    for i, j in _offsets(int(far // step)):
        px, py = x + i * step, y + j * step
        if frame.left <= px <= frame.right and frame.top <= py <= frame.bottom:
            yield px, py


class _Index:
    """Shapes bucketed by the cells of a coarse grid their bounds cover: a box meets only its cells' shapes."""

    CELL = 100.0

    def __init__(self, shapes: Iterable[Shape]) -> None:
        self.cells: dict[tuple[int, int], list[Shape]] = {}
        for shape in shapes:
            self.add(shape)

    def _span(self, left: float, top: float, right: float, bottom: float) -> Iterable[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor(left / c), math.floor(right / c) + 1):
            for j in range(math.floor(top / c), math.floor(bottom / c) + 1):
                yield i, j

    def add(self, shape: Shape) -> None:
        if isinstance(shape, Disc):
            bounds = (shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r)
        else:
            bounds = (shape.left, shape.top, shape.right, shape.bottom)
        for cell in self._span(*bounds):
            self.cells.setdefault(cell, []).append(shape)

    def clear_of(self, box: Box, gap: float) -> bool:
        for cell in self._span(box.left - gap, box.top - gap, box.right + gap, box.bottom + gap):
            for shape in self.cells.get(cell, ()):
                if box.hits(shape, gap):
                    return False
        return True


def place(
    tags: Sequence[Tag],
    shapes: Sequence[Shape],
    frame: Box,
    *,
    gap: float = 4.0,
    step: float = 10.0,
    far: float = 500.0,
) -> list[tuple[float, float, int]]:
    """The centre given to each tag, in order, and which form it takes (0 itself, 1 its
    ``smaller``, 2 that one's ``smaller``...): clear of ``shapes``, of each other and of ``frame``'s edge,
    at most ``far`` from its first wish either way (a label stays by what it tells of).

    A tag with no clear spot anywhere, in any form, keeps its first wish in its
    plainest form (the caller's tests say so: they check every placement).
    """
    taken = _Index(shapes)
    out: list[tuple[float, float, int]] = []
    for first in tags:
        form, tag, spot = 0, first, None
        while True:
            def clear(x: float, y: float, tag: Tag = tag) -> bool:
                box = box_at(tag, x, y)
                return box.inside(frame) and taken.clear_of(box, gap)

            spot = next((w for w in tag.wishes if clear(*w)), None)
            if spot is None:
                spot = next((p for p in _outward(*tag.wishes[0], step, frame, far) if clear(*p)), None)
            if spot is not None or tag.smaller is None:
                break
            form, tag = form + 1, tag.smaller
        spot = spot or tag.wishes[0]
        out.append((spot[0], spot[1], form))
        taken.add(box_at(tag, *spot))
    return out


__all__ = ["Box", "Disc", "Shape", "Tag", "box_at", "place"]

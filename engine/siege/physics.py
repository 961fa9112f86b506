"""The ballistic model: a pure, closed-form flight of one ball (no drag).

A ball leaves the weapon's muzzle at ``angle`` degrees above the horizontal
with speed ``power`` % of the weapon's top speed, towards the enemy.  Measured
along the ground from the muzzle (``s`` >= 0, in mm) its height is the exact
parabola

    y(s) = y0 + s*tan(a) - g*s^2 / (2*v^2*cos(a)^2)

so the first box the ball meets is found by solving quadratics, not by
stepping: entering a box is either crossing its near face, falling through its
top or rising through its bottom.  A bot's search can afford tens of thousands
of flights a second.

>>> f = flight(0, "cannon", 10.0, 80.0, ())
>>> f.hit, round(f.x)
('sea', 519)
>>> round(landing_distance("cannon", 10.0, 80.0))  # from the muzzle at x = 12
507
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.siege.scene import (
    BOAT_OFFSET,
    BOWSPRIT,
    CHEST_OFFSET,
    FORT,
    FORT_DOOR,
    FORT_PARAPET,
    FORT_RUBBLE,
    FORT_STEPS,
    GRAVITY,
    HULL,
    ISLAND,
    LONGBOAT,
    PALISADES,
    PALMS,
    SLOTS,
    SPOT_INDEX,
    TREASURE_ISLAND,
    TREASURE_PALMS,
    WEAPONS,
    WIDTH,
    Box,
    to_x,
)

#: a hitbox in the shooter's travel frame: (what, s_near, s_far, y_low, y_high)
Hitbox = tuple[str, float, float, float, float]


@dataclass(frozen=True, slots=True)
class Flight:
    """Where one ball ended: the thing it hit (or ``sea``/``off``) and the point."""

    hit: str
    x: float
    y: float
    s: float  # distance travelled along the ground, mm
    time: float  # seconds in the air


@dataclass(frozen=True, slots=True)
class Layout:
    """What stands on the target side: everything a flight can meet there."""

    seat: int  # the side being shot at
    slots: tuple[str, ...]  # standing target-cannons on show (island + facing broadside)
    spots: tuple[str, ...]  # occupied pirate spots
    palisades: tuple[int, ...]  # standing palisades
    fort: bool
    bowsprit: bool
    boat_at: str  # "base" or "treasure"
    chest: bool  # a chest rides in the longboat


#: How clear of a box (mm) a flight's height must be over the box's whole width to skip it unexamined.
CLEAR_MM = 1e-6


def _launch(weapon: str, angle: float, power: float) -> tuple[float, float, float, float]:
    """(y0, b, a, horizontal speed) of the parabola y0 + b*s - a*s^2."""
    w = WEAPONS[weapon]
    v = w.speed * power / 100.0
    rad = math.radians(angle)
    c = math.cos(rad)
    vx = v * c
    return float(w.y), math.tan(rad), GRAVITY / (2.0 * vx * vx), vx


def landing_distance(weapon: str, angle: float, power: float, level: float = 0.0) -> float:
    """How far the ball travels before coming down to height ``level``.

    The closed-form range of a projectile launched from height ``y0``:
    ``s = (b + sqrt(b^2 + 4a(y0 - level))) / 2a``.
    """
    y0, b, a, _ = _launch(weapon, angle, power)
    return (b + math.sqrt(b * b + 4.0 * a * (y0 - level))) / (2.0 * a)


def flight(shooter: int, weapon: str, angle: float, power: float, boxes: tuple[Hitbox, ...]) -> Flight:
    """Fly one ball from ``shooter``'s weapon through ``boxes``; the first one met wins.

    ``boxes`` come from :func:`hitboxes`.  A ball that meets nothing falls
    into the sea, or leaves the table (``off``) past the far edge.

    >>> flight(1, "cannon", 10.0, 80.0, ()).x == 1000 - flight(0, "cannon", 10.0, 80.0, ()).x
    True
    """
    hit, best, y0, b, a, vx = _meet(weapon, angle, power, boxes)
    w = WEAPONS[weapon]
    x = to_x(shooter, w.d + best)
    if hit == "sea" and not 0.0 <= x <= WIDTH:
        hit = "off"
    return Flight(hit, x, y0 + b * best - a * best * best, best, best / vx)


def first_hit(weapon: str, angle: float, power: float, boxes: tuple[Hitbox, ...]) -> str:
    """The name of the box the ball meets first, or ``"sea"`` (the sea or off the table): ``flight(...).hit``
    without the rest, for the bots that fly hundreds of thousands of balls to aim.

    >>> boxes = (("wall", 100.0, 110.0, 0.0, 500.0),)
    >>> first_hit("cannon", 10.0, 80.0, boxes), flight(0, "cannon", 10.0, 80.0, boxes).hit
    ('wall', 'wall')
    """
    return _meet(weapon, angle, power, boxes)[0]


def _meet(weapon: str, angle: float, power: float,
          boxes: tuple[Hitbox, ...]) -> tuple[str, float, float, float, float, float]:
    """(the box met first or ``"sea"``, the distance there, and the launch ``y0, b, a, vx``)."""
    y0, b, a, vx = _launch(weapon, angle, power)
    sqrt, b2, a2, a4 = math.sqrt, b * b, 2.0 * a, 4.0 * a
    hit, best = "sea", (b + sqrt(b2 + a4 * y0)) / a2
    for name, s1, s2, y1, y2 in boxes:
        if s1 > best:
            break  # boxes are sorted by their near face: nothing further can come first
        # where the parabola first enters the box (tests/siege/test_physics.py holds it to a box-by-box reference)
        near_y = y0 + b * s1 - a * s1 * s1
        if s1 >= 0.0 and y1 <= near_y <= y2:
            s = s1  # through the near face
        else:
            # Passing clear over or under the box's whole width meets it nowhere: said without the
            # roots below (most boxes of a flight are so). The margin, far above the roots' rounding,
            # leaves every close call to them, so the answer is the reference's to the last bit.
            far_y = y0 + b * s2 - a * s2 * s2
            if near_y > y2 + CLEAR_MM and far_y > y2 + CLEAR_MM:
                continue  # the parabola is lowest at an end of the width: over it all
            vertex = b / a2
            top = y0 + b * vertex - a * vertex * vertex if s1 <= vertex <= s2 else max(near_y, far_y)
            if top < y1 - CLEAR_MM:
                continue  # under it all
            s = math.inf
            disc = b2 + a4 * (y0 - y2)
            if disc >= 0.0:  # falling through the top: the far root of y(s) = y2
                far = (b + sqrt(disc)) / a2
                if s1 <= far <= s2 and far >= 0.0:
                    s = far
            disc = b2 + a4 * (y0 - y1)
            if disc >= 0.0:  # rising through the bottom: the near root of y(s) = y1
                near = (b - sqrt(disc)) / a2
                if s1 <= near <= s2 and 0.0 <= near < s:
                    s = near
        if s < best:
            hit, best = name, s
    return hit, best, y0, b, a, vx


def trajectory(shooter: int, weapon: str, angle: float, power: float, end: float, n: int = 24) -> list[tuple[float, float]]:
    """``n + 1`` points (scene x, y) of the flight from the muzzle to distance ``end``.

    >>> trajectory(0, "mortar", 60.0, 50.0, 100.0, n=2)[0]
    (12.0, 28.0)
    """
    y0, b, a, _ = _launch(weapon, angle, power)
    d0 = WEAPONS[weapon].d
    points = []
    for i in range(n + 1):
        s = end * i / n
        points.append((float(to_x(shooter, d0 + s)), y0 + b * s - a * s * s))
    return points


# -- the scene as hitboxes ------------------------------------------------------


def _frame(shooter: int, what: str, x1: float, x2: float, y1: float, y2: float) -> Hitbox:
    """An absolute box (x1 < x2) turned into the shooter's travel frame."""
    d0 = to_x(shooter, WEAPONS["cannon"].d)  # both muzzles share the back line (SG-05)
    if shooter == 0:
        return (what, x1 - d0, x2 - d0, y1, y2)
    return (what, d0 - x2, d0 - x1, y1, y2)


def _side(seat: int, box: Box) -> tuple[float, float]:
    a, b = to_x(seat, box.d1), to_x(seat, box.d2)
    return (a, b) if a <= b else (b, a)


def boat_box(box: Box, offset: tuple[int, int, int, int]) -> Box:
    """A box riding in the longboat whose hull is ``box``."""
    return Box(box.d1 + offset[0], box.d1 + offset[1], offset[2], offset[3])


@lru_cache(maxsize=4096)
def hitboxes(shooter: int, layout: Layout) -> tuple[Hitbox, ...]:
    """Every box a ball from ``shooter`` can meet, in the shooter's travel frame.

    The launcher stands beside the shooter's own island (SG-05), so a ball
    never meets its own side's pieces: only the target side and Treasure
    Island, sorted by their near face.

    >>> from engine.siege.rules import Siege, layout
    >>> g = Siege()
    >>> boxes = hitboxes(0, layout(g.new(2), 1))
    >>> boxes[0][0], [b[0] for b in boxes].count("spot:t1")
    ('treasure', 1)
    """
    seat = layout.seat
    out: list[Hitbox] = []

    def add(what: str, box: Box) -> None:
        x1, x2 = _side(seat, box)
        out.append(_frame(shooter, what, x1, x2, box.y1, box.y2))

    for name in layout.slots:
        add("slot:" + name, next(s.box for s in SLOTS if s.name == name))
    boat = LONGBOAT[layout.boat_at]
    for name in layout.spots:
        box = SPOT_INDEX[seat][name].box if name != "boat" else boat_box(boat, BOAT_OFFSET)
        add("spot:" + name, box)
    for k in layout.palisades:
        add(f"palisade:{k}", PALISADES[seat][k])
    if layout.chest:
        add("chest", boat_box(boat, CHEST_OFFSET))
    add("boat", boat)
    if layout.bowsprit:
        add("bowsprit", BOWSPRIT)
    if seat == 1:
        if layout.fort:
            add("door", FORT_DOOR)
            add("fort", FORT)
            add("fort", FORT_PARAPET)
        else:
            add("rubble", FORT_RUBBLE)
        add("steps", FORT_STEPS)
    for box in PALMS[seat]:
        add("palm", box)
    add("hull", HULL)
    add("island", ISLAND)
    x1, x2, y1, y2 = TREASURE_ISLAND
    out.append(_frame(shooter, "treasure", x1, x2, y1, y2))
    for x1, x2, y1, y2 in TREASURE_PALMS:
        out.append(_frame(shooter, "treasure palm", x1, x2, y1, y2))
    # nearest first, so a flight can stop looking once boxes start beyond its best
    out.sort(key=lambda h: h[1])
    return tuple(out)

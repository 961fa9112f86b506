"""Where things are on Piratissimo's sea: the ring of islands, the ports and moorings, the ships' places,
the die's spots, the compass's needle, and the paths routes and the tornado follow.

The sea is :data:`SIZE` units square; every position is a pure function of
the rules' data (engine/piratissimo/data.py) and, for ships, of the state.
Numbers are written with one decimal (:func:`svg_num`) to keep the SVG short.
"""

from __future__ import annotations

import math

from engine.piratissimo import HOME, PirState
from engine.piratissimo import data as D
from ui.draw.placement import Box, Disc

SIZE = 1000
CX = CY = 500.0
R = 345.0  # radius of the ring of islands
ISLE = 36.0  # island radius
SHIP_OUT = 52.0  # a ship is drawn against its island's outer shore
SLOT = 40.0  # two ships on one island sit either side
NUMBER_IN = 44.0  # the island's number, on its inner shore
TORNADO_IN = 110.0  # the tornado and its stops, on the white arrows' side, clear of the numbers
COMPASS_R = 178.0

#: Where the die is drawn for the seat whose port is in each corner: along
#: the sea's edge beside its harbour, clear of ships and islands.
DIE_SPOTS: tuple[tuple[float, float], ...] = ((36.0, 340.0), (660.0, 36.0), (964.0, 660.0), (340.0, 964.0))

#: Where a mark's label sits: on the island's ray, inside the ring (never cut off).
LABEL_IN = 120.0

#: The compass's hub, which labels leave clear (the needle turns about it).
HUB = 30.0
#: The needle's reach from the hub: its point, and its tail.
NEEDLE_TIP = COMPASS_R - 34
NEEDLE_TAIL = 42.0


def svg_num(v: float) -> str:
    """A coordinate with one decimal (short SVG text).

    >>> svg_num(12.0), svg_num(-0.04), svg_num(3.25)
    ('12', '0', '3.2')
    """
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def island_angle(index: int) -> float:
    """Angle in radians of island ``index``: island 0 top-left, clockwise."""
    return math.radians(-135.0 + index * 360.0 / D.RING)


def island_xy(index: int, radius: float = R) -> tuple[float, float]:
    """The centre of island ``index`` (or a point on its ray at ``radius``)."""
    a = island_angle(index)
    return CX + radius * math.cos(a), CY + radius * math.sin(a)


def port_xy(corner: int) -> tuple[float, float]:
    """A harbour in a corner of the sea, out along its island's ray."""
    return island_xy(D.PORTS[corner].join, R + 205)


def mooring_xy(corner: int) -> tuple[float, float]:
    """Where a ship in port is moored: beside the quay, along the sea's edge.

    >>> mooring_xy(0), mooring_xy(1)
    ((58.0, 235.0), (765.0, 58.0))
    """
    x, y = 58.0, 235.0
    for _ in range(corner):  # a quarter turn clockwise per corner
        x, y = SIZE - y, x
    return x, y


def port_name_xy(corner: int) -> tuple[float, float, str]:
    """Where a port's name starts (or ends) and its text-anchor: along the sea's edge
    from the port's corner, so that however it grows on a phone it stays on the sea."""
    left = corner in (0, 3)
    top = corner in (0, 1)
    return (8.0 if left else SIZE - 8.0), (30.0 if top else SIZE - 30.0), ("start" if left else "end")


def port_shape(corner: int) -> Box:
    """What a harbour (quay, house and flag) covers."""
    x, y = port_xy(corner)
    return Box(x - 70, y - 62, x + 72, y + 34)


def ship_xy(state: PirState, seat: int) -> tuple[float, float]:
    """Where ``seat``'s ship is drawn: in its harbour or beside its island."""
    island = state.pos[seat]
    if island == HOME:
        return mooring_xy(D.CORNERS[len(state.pos)][seat])
    mates = [s for s, p in enumerate(state.pos) if p == island]
    return slot_xy(island, mates.index(seat), len(mates))


def slot_xy(island: int, rank: int, count: int) -> tuple[float, float]:
    """Where the ``rank``-th of ``count`` ships beside ``island`` is drawn: two sit either side of its ray."""
    a = island_angle(island)
    x, y = island_xy(island, R + SHIP_OUT)
    if count == 1:
        return x, y
    shift = SLOT if rank == 0 else -SLOT
    return x - shift * math.sin(a), y + shift * math.cos(a)


def in_view(x: float, y: float, crop: tuple[float, float, float, float] | None, margin: float = 90.0) -> bool:
    """Whether a point near (x, y) shows inside ``crop`` (figures skip the rest)."""
    if crop is None:
        return True
    left, top, width, height = crop
    return left - margin <= x <= left + width + margin and top - margin <= y <= top + height + margin


def water_xy(island: int, lane: float = 0.0) -> tuple[float, float]:
    """The water a ship sails through beside ``island`` (its ring, moved out by ``lane``)."""
    return island_xy(island, R + SHIP_OUT + lane)


def route_points(
    state: PirState,
    seat: int,
    start: int,
    path: tuple[int, ...],
    *,
    start_xy: tuple[float, float] | None = None,
    end_xy: tuple[float, float] | None = None,
    lane: float = 0.0,
) -> str:
    """SVG path data for a ship sailing from ``start`` along ``path``.

    Red steps follow the ring as arcs, a blue step curves like its arrow;
    ``lane`` moves the route that far out from the ships' ring (so the routes
    of several seats lie side by side).

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo(); s = g.new(2)
    >>> d = route_points(s, 0, 22, (23,)).split()
    >>> d[0][0], d[2][0]
    ('M', 'A')
    """
    if start_xy is not None:
        x, y = start_xy
    elif start == HOME:
        x, y = mooring_xy(D.CORNERS[len(state.pos)][seat])
    else:
        x, y = water_xy(start, lane)
    d = [f"M{svg_num(x)} {svg_num(y)}"]
    here = start
    for rank, island in enumerate(path):
        tx, ty = water_xy(island, lane)
        if end_xy is not None and rank == len(path) - 1:
            tx, ty = end_xy
        if here != HOME and D.SHORTCUT_FROM.get(here) == island and D.ISLANDS[here].red != island:
            mid = (island_angle(here) + island_angle(island)) / 2
            cx, cy = CX + (R - 150) * math.cos(mid), CY + (R - 150) * math.sin(mid)
            d.append(f"Q{svg_num(cx)} {svg_num(cy)} {svg_num(tx)} {svg_num(ty)}")
        elif here == HOME:
            d.append(f"L{svg_num(tx)} {svg_num(ty)}")
        else:
            rr = R + SHIP_OUT + lane
            d.append(f"A{svg_num(rr)} {svg_num(rr)} 0 0 1 {svg_num(tx)} {svg_num(ty)}")
        here = island
    return " ".join(d)


def shortcut_path(start: int, end: int) -> str:
    """The blue arrow from ``start`` to ``end``: a curve bowing into the sea."""
    x0, y0 = island_xy(start, R - 66)
    x1, y1 = island_xy(end, R - 66)
    mid = (island_angle(start) + island_angle(end)) / 2
    cx, cy = CX + (R - 165) * math.cos(mid), CY + (R - 165) * math.sin(mid)
    return f"M{svg_num(x0)} {svg_num(y0)} Q{svg_num(cx)} {svg_num(cy)} {svg_num(x1)} {svg_num(y1)}"


def tornado_path(start: int, path: tuple[int, ...]) -> str:
    """SVG path data for the tornado moving from ``start`` along ``path``, the white arrows' way, on its own ring."""
    rr = R - TORNADO_IN
    x, y = island_xy(start, rr)
    d = [f"M{svg_num(x)} {svg_num(y)}"]
    for island in path:
        px, py = island_xy(island, rr)
        d.append(f"A{svg_num(rr)} {svg_num(rr)} 0 0 0 {svg_num(px)} {svg_num(py)}")
    return " ".join(d)


def sector_angle(index: int) -> float:
    """The needle's angle in degrees (0 = up, clockwise) for sector ``index``."""
    return index * 360.0 / len(D.COMPASS)


def needle_discs(sector: int) -> list[Disc]:
    """The needle resting on ``sector`` as a row of discs: labels leave it to be read."""
    a = math.radians(sector_angle(sector))
    dx, dy = math.sin(a), -math.cos(a)
    reach = int(NEEDLE_TIP + NEEDLE_TAIL)
    return [Disc(CX + dx * (d - NEEDLE_TAIL), CY + dy * (d - NEEDLE_TAIL), 15) for d in range(0, reach + 1, 12)]

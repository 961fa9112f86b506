"""Where Siege's battle scene puts things: SVG points from the engine's scene coordinates.

The scene's data (its boxes, spots and weapons) lives in :mod:`engine.siege.scene`: scene x is SVG x,
and a scene height ``y`` (mm above the sea) is drawn at ``SEA_Y - y``.  Everything of a side is drawn
in depth coordinates (Blue's) and mirrored for Red (:func:`mirror`).
"""

from __future__ import annotations

from engine.siege.physics import boat_box
from engine.siege.scene import BOAT_OFFSET, LONGBOAT, SPOT_INDEX, WIDTH, Box
from engine.siege.state import Side

SEA_Y = 232  # SVG y of the sea surface
VIEW_H = 290

#: The close-up of each side (x, y, width, height): the side under fire, seen big on small screens.
CLOSE_UPS = ((0, 40, 410, 205), (590, 40, 410, 205))


def sy(y: float) -> float:
    """SVG y of a scene height."""
    return SEA_Y - y


def svg_num(v: float) -> str:
    """A number as the SVG is written: one decimal at most, no trailing zero.

    >>> svg_num(12.0), svg_num(3.25), svg_num(-0.04)
    ('12', '3.2', '-0')
    """
    return f"{v:.1f}".rstrip("0").rstrip(".")


def side_x(seat: int, d: float) -> float:
    """SVG x of depth ``d`` on ``seat``'s side (Red's is Blue's mirrored)."""
    return d if seat == 0 else WIDTH - d


def mirror(seat: int, inner: str) -> str:
    """A drawing in depth coordinates, put on ``seat``'s side of the scene."""
    if seat == 0:
        return f"<g>{inner}</g>"
    return f'<g transform="translate({WIDTH} 0) scale(-1 1)">{inner}</g>'


def pirate_box(side: Side, seat: int, spot: str) -> Box:
    """The hitbox of a pirate on ``spot`` (the longboat's wherever the boat is), in depth coordinates."""
    if spot == "boat":
        return boat_box(LONGBOAT[side.boat_at], BOAT_OFFSET)
    return SPOT_INDEX[seat][spot].box


def centre(seat: int, box: Box) -> tuple[float, float]:
    """SVG point of a box's centre on ``seat``'s side."""
    return side_x(seat, (box.d1 + box.d2) / 2), sy((box.y1 + box.y2) / 2)


def flight_path(points: list[tuple[float, float]]) -> str:
    """An SVG path through a trajectory's scene points."""
    return "M" + " L".join(f"{svg_num(x)} {svg_num(sy(y))}" for x, y in points)

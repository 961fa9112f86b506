"""Siege's aiming geometry: a launcher's muzzle, the aim a drag reaches (on the scene or on a phone's
aim pad) and back, and what the scene draws of an aim: its arrow, the training line and a suggested
shot's predicted flight."""

from __future__ import annotations

import math
from html import escape

from engine.numbers import number, percent
from engine.siege.actions import Action, Fire
from engine.siege.physics import flight, hitboxes, trajectory
from engine.siege.scene import WEAPONS
from engine.siege.state import SiegeState, layout
from ui.games.siege.board_words import WORDS
from ui.games.siege.geometry import flight_path, side_x, svg_num, sy
from ui.games.siege.style import SIDE_COLOURS

#: SVG units of drag per 100 % power
POWER_SPAN = 160.0

#: The aim pad (phones, see :func:`ui.games.siege.aim_pad.aim_pad`): a drawing of PAD_W x PAD_H units laid over the close-up
#: (the close-up's own 2:1 box), the shooter's muzzle in its bottom corner on the shooter's side.
PAD_W, PAD_H = 400, 200
PAD_MUZZLE = ((34.0, 166.0), (366.0, 166.0))

#: Pad units of drag per 100 % power: the power's whole range (10-100 %) is 270 units, about 240 CSS px
#: of finger travel on a 390 px phone and 200 px on a 320 px one.
PAD_SPAN = 300.0


def muzzle(seat: int, weapon: str) -> tuple[float, float]:
    """SVG point of a weapon's muzzle."""
    w = WEAPONS[weapon]
    return side_x(seat, w.d), sy(w.y)


def aim_from_point(seat: int, weapon: str, x: float, y: float) -> tuple[int, int]:
    """(angle, power) for a drag that reached SVG point (x, y) from the weapon's muzzle.

    The direction from the muzzle is the elevation (clamped to the weapon's
    range); the distance is the power (:data:`POWER_SPAN` units = 100 %).

    >>> aim_from_point(0, "cannon", 12 + 80, 188)
    (0, 50)
    """
    return _aim_from(seat, weapon, muzzle(seat, weapon), POWER_SPAN, x, y)


def aim_from_pad_point(seat: int, weapon: str, x: float, y: float) -> tuple[int, int]:
    """(angle, power) for a drag on the aim pad that reached pad point (x, y) (:data:`PAD_SPAN` units = 100 %).

    >>> aim_from_pad_point(0, "cannon", 34 + 150, 166)
    (0, 50)
    >>> aim_from_pad_point(1, "mortar", 366 - 100, 66)
    (45, 47)
    """
    return _aim_from(seat, weapon, PAD_MUZZLE[seat], PAD_SPAN, x, y)


def _aim_from(seat: int, weapon: str, origin: tuple[float, float], span: float, x: float, y: float) -> tuple[int, int]:
    mx, my = origin
    dx = (x - mx) if seat == 0 else (mx - x)
    dy = my - y
    w = WEAPONS[weapon]
    angle = round(math.degrees(math.atan2(dy, dx))) if (dx or dy) else w.angles[0]
    angle = min(max(angle, w.angles[0]), w.angles[1])
    power = round(100.0 * math.hypot(dx, dy) / span)
    power = min(max(power, w.powers[0]), w.powers[1])
    return angle, power


def pad_point(seat: int, angle: float, power: float) -> tuple[float, float]:
    """The pad point an aim's arrow reaches from the pad's muzzle (the inverse of :func:`aim_from_pad_point`)."""
    mx, my = PAD_MUZZLE[seat]
    length = PAD_SPAN * power / 100.0
    sign = 1 if seat == 0 else -1
    return mx + sign * length * math.cos(math.radians(angle)), my - length * math.sin(math.radians(angle))


def aim_arrow(seat: int, weapon: str, angle: int, power: int, lang: str = "en") -> str:
    """The aim's arrow from the muzzle (its length the power), its numbers at its head."""
    mx, my = muzzle(seat, weapon)
    length = POWER_SPAN * power / 100.0
    rad = math.radians(angle)
    sign = 1 if seat == 0 else -1
    ex, ey = mx + sign * length * math.cos(rad), my - length * math.sin(rad)
    head = math.radians(angle)
    hx1 = ex - sign * 8 * math.cos(head - 0.45)
    hy1 = ey + 8 * math.sin(head - 0.45)
    hx2 = ex - sign * 8 * math.cos(head + 0.45)
    hy2 = ey + 8 * math.sin(head + 0.45)
    colour = SIDE_COLOURS[seat]
    text = f"{number(angle, lang)}° · {percent(power, lang)}"
    lx = ex + sign * 6 - (0 if seat == 0 else 52)
    return (
        f'<g data-aim="{weapon} {angle} {power}" pointer-events="none">'
        f'<path d="M{svg_num(mx)} {svg_num(my)} L {svg_num(ex)} {svg_num(ey)}" stroke="{colour}" stroke-width="2.4" stroke-dasharray="6 3"/>'
        f'<path d="M{svg_num(ex)} {svg_num(ey)} L {svg_num(hx1)} {svg_num(hy1)} L {svg_num(hx2)} {svg_num(hy2)}Z" fill="{colour}"/>'
        f'<text class="sg-num" x="{svg_num(lx)}" y="{svg_num(ey - 4)}">{escape(text)}</text></g>'
    )


def training_path(state: SiegeState, weapon: str, angle: int, power: int, lang: str) -> str:
    """Where the aimed shot will fly without scatter, labelled "training"."""
    seat = state.seat
    boxes = hitboxes(seat, layout(state, 1 - seat))
    f = flight(seat, weapon, angle, power, boxes)
    points = trajectory(seat, weapon, angle, power, f.s, n=28)
    mid = points[len(points) // 2]
    return (
        f'<g data-training="1" pointer-events="none"><path d="{flight_path(points)}" fill="none" stroke="#b36b00" '
        f'stroke-width="1.3" stroke-dasharray="2 3"/>'
        f'<text class="sg-training" x="{svg_num(mid[0])}" y="{svg_num(sy(mid[1]) - 6)}">{escape(WORDS(lang, "training"))}</text></g>'
    )


#: The suggestion's colours: a gold neither side wears, on a dark casing that reads over sky and sea.
HINT_FILL, HINT_EDGE = "#f5b800", "#3b2a00"


def suggestion_mark(state: SiegeState, action: Action) -> str:
    """A suggested shot's predicted flight (no scatter) in gold, ringed where it lands; nothing for another action.

    >>> from engine.siege.rules import Siege
    >>> from engine.siege.actions import END
    >>> g = Siege(); s = g.new(2)
    >>> mark = suggestion_mark(s, Fire("cannon", 12, 80))
    >>> 'data-hint="fire cannon 12 80"' in mark, suggestion_mark(s, END)
    (True, '')
    """
    if not isinstance(action, Fire):
        return ""
    weapon, angle, power = action.weapon, action.angle, action.power
    seat = state.seat
    boxes = hitboxes(seat, layout(state, 1 - seat))
    f = flight(seat, weapon, angle, power, boxes)
    points = trajectory(seat, weapon, angle, power, f.s, n=28)
    end = points[-1]
    return (f'<g class="sg-hint" data-hint="{escape(action.text())}" aria-hidden="true" pointer-events="none">'
            f'<path d="{flight_path(points)}" fill="none" stroke="{HINT_EDGE}" stroke-width="6" stroke-linecap="round"/>'
            f'<path d="{flight_path(points)}" fill="none" stroke="{HINT_FILL}" stroke-width="3.5" stroke-linecap="round" '
            f'stroke-dasharray="9 5"/>'
            f'<circle cx="{svg_num(end[0])}" cy="{svg_num(sy(end[1]))}" r="13" fill="none" stroke="{HINT_EDGE}" stroke-width="6"/>'
            f'<circle cx="{svg_num(end[0])}" cy="{svg_num(sy(end[1]))}" r="13" fill="none" stroke="{HINT_FILL}" stroke-width="3.5"/>'
            f"</g>")

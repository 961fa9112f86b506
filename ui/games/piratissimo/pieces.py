"""Piratissimo's pieces, each drawn about (0, 0) or its own spot: the seats' colours and emblems,
ships with their gold, the chests, the tornado and the die."""

from __future__ import annotations

import math
from html import escape

from engine.piratissimo import data as D
from ui.draw.svg import SETTLE
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import DIE_SPOTS, svg_num
from ui.games.piratissimo.names import EMBLEMS

#: Seat colours: (main, dark, light).
PALETTE: tuple[tuple[str, str, str], ...] = (
    ("#d64541", "#8e1f1c", "#f6b3ad"),
    ("#2f6fd6", "#173f85", "#a9c6f4"),
    ("#2e9e5b", "#17603a", "#a7e0bd"),
    ("#f0b323", "#9b6d05", "#fbe2a1"),
)
#: Each seat's dash pattern for the routes it sailed: seats are told apart by
#: line and emblem as well as by colour.
SEAT_DASHES: tuple[str, ...] = ("", "18 8", "5 7", "18 6 4 6")


def emblem(seat: int, size: float, fill: str, stroke: str = "none", width: float = 0) -> str:
    """The seat's emblem (circle, square, triangle, diamond) centred on (0, 0), ``size`` across.

    >>> emblem(1, 10, "#fff").startswith('<rect x="-4.4"')
    True
    """
    r = size / 2
    line = f' stroke="{stroke}" stroke-width="{svg_num(width)}" stroke-linejoin="round"' if stroke != "none" else ""
    shape = EMBLEMS[seat % len(EMBLEMS)]
    if shape == "circle":
        return f'<circle r="{svg_num(r)}" fill="{fill}"{line}/>'
    if shape == "square":
        k = r * 0.88
        return f'<rect x="{svg_num(-k)}" y="{svg_num(-k)}" width="{svg_num(2 * k)}" height="{svg_num(2 * k)}" fill="{fill}"{line}/>'
    if shape == "triangle":
        return f'<path d="M0 {svg_num(-r)} L{svg_num(r)} {svg_num(r * 0.8)} L{svg_num(-r)} {svg_num(r * 0.8)}z" fill="{fill}"{line}/>'
    return f'<path d="M0 {svg_num(-r)} L{svg_num(r)} 0 L0 {svg_num(r)} L{svg_num(-r)} 0z" fill="{fill}"{line}/>'


def chest_icon(x: float, y: float, chest: int, u: str, scale: float = 1.0) -> str:
    """A closed chest showing its number, or an open one spilling gold."""
    w, h = 30 * scale, 20 * scale
    left, top = x - w / 2, y - h / 2
    box = (
        f'<rect x="{svg_num(left)}" y="{svg_num(top)}" width="{svg_num(w)}" height="{svg_num(h)}" rx="{svg_num(3 * scale)}" '
        f'fill="url(#{u}-wood)" stroke="#3f2208" stroke-width="1.4"/>'
        f'<rect x="{svg_num(left)}" y="{svg_num(top + h * 0.35)}" width="{svg_num(w)}" height="{svg_num(3 * scale)}" fill="#e3b341"/>'
    )
    if chest == D.OPEN:
        lid = (
            f'<path d="M{svg_num(left)} {svg_num(top)} L{svg_num(left + 3 * scale)} {svg_num(top - 13 * scale)} '
            f'L{svg_num(left + w + 3 * scale)} {svg_num(top - 13 * scale)} L{svg_num(left + w)} {svg_num(top)}z" '
            'fill="#8a4a17" stroke="#3f2208" stroke-width="1.4"/>'
        )
        coins = "".join(
            f'<circle cx="{svg_num(x + dx * scale)}" cy="{svg_num(top - 1 + dy * scale)}" r="{svg_num(4.6 * scale)}" '
            f'fill="url(#{u}-gold)" stroke="#8d5e06" stroke-width=".8"/>'
            for dx, dy in ((-8, 0), (0, -3), (8, 0), (-3, 3), (4, 3))
        )
        shine = (
            f'<path d="M{svg_num(x)} {svg_num(top - 24 * scale)} l2 6 6 2 -6 2 -2 6 -2 -6 -6 -2 6 -2z" fill="#fff7b0">'
            f'<animate attributeName="opacity" values=".2;1;.2" dur="2.4s" {SETTLE}/></path>'
        )
        return f'<g class="pir-chest-shape">{lid}{box}{coins}{shine}</g>'
    lid = (
        f'<path d="M{svg_num(left)} {svg_num(top)} Q{svg_num(x)} {svg_num(top - 11 * scale)} {svg_num(left + w)} {svg_num(top)}z" '
        'fill="#8a4a17" stroke="#3f2208" stroke-width="1.4"/>'
    )
    lock = f'<rect x="{svg_num(x - 3 * scale)}" y="{svg_num(top + h * 0.3)}" width="{svg_num(6 * scale)}" height="{svg_num(6 * scale)}" fill="#f3c433"/>'
    num = f'<text x="{svg_num(x)}" y="{svg_num(top + h - 2 * scale)}" class="pir-chestnum" font-size="{svg_num(13 * scale)}">{chest}</text>'
    return f'<g class="pir-chest-shape">{lid}{box}{lock}{num}</g>'


def ship_shape(seat: int, cargo: int, u: str) -> str:
    """A ship centred on (0, 0) in the seat's colour with its gold on deck."""
    main, dark, light = PALETTE[seat]
    hull = (
        f'<path d="M-30 2 L30 2 L22 18 Q0 24 -22 18z" fill="url(#{u}-hull{seat})" stroke="{dark}" stroke-width="1.6"/>'
        f'<path d="M-27 7 L27 7" stroke="{light}" stroke-width="2"/>'
    )
    mast = '<line x1="0" y1="3" x2="0" y2="-44" stroke="#4d3417" stroke-width="3"/>'
    sail = (
        '<path d="M2 -42 Q22 -26 2 -8z" fill="#fffaf0" stroke="#b9ad94" stroke-width="1"/>'
        '<path d="M-2 -40 Q-20 -25 -2 -10z" fill="#f3ecdc" stroke="#b9ad94" stroke-width="1"/>'
        f'<path d="M0 -46 l14 4 -14 4z" fill="{main}"/>'
        f'<path d="M4 -30 Q13 -25 4 -19" stroke="{main}" stroke-width="4" fill="none"/>'
    )
    coins = "".join(
        f'<circle cx="{-21 + (k % 4) * 7 + (k // 4) * 3.5}" cy="{-2 - (k // 4) * 6}" r="4.2" fill="url(#{u}-gold)" '
        'stroke="#8d5e06" stroke-width=".8"/>'
        for k in range(min(cargo, D.CAPACITY))
    )
    # the seat's emblem on the hull: ships are told apart without seeing colours
    mark = f'<g transform="translate(0 14)">{emblem(seat, 13, "#fff", dark, 1.6)}</g>'
    return f'<g filter="url(#{u}-shadow)">{mast}{sail}{hull}{mark}{coins}</g>'


def tornado_shape(x: float, y: float, u: str) -> str:
    """A grey funnel of whirling rings, wide at the top."""
    rings = []
    for k in range(8):
        shade = "#dfe6ef" if k % 2 else "#b9c4d3"
        rings.append(
            f'<ellipse cx="{svg_num(4 * math.sin(k))}" cy="{-k * 9}" rx="{svg_num(6 + k * 3.4)}" ry="{svg_num(2.5 + k * 0.9)}" '
            f'fill="{shade}" fill-opacity=".6" stroke="#4f5d73" stroke-width="{svg_num(3.4 - k * 0.2)}"/>'
        )
    spin = (
        f'<animateTransform attributeName="transform" type="skewX" values="0;6;0;-6;0" dur="1.4s" {SETTLE}/>'
    )
    return (
        f'<g class="pir-tornado" transform="translate({svg_num(x)} {svg_num(y + 22)})">'
        f'<ellipse cx="0" cy="4" rx="26" ry="7" fill="#0b3550" opacity=".35"/>'
        f'<g>{spin}{"".join(reversed(rings))}</g></g>'
    )


def die_svg(face: int, u: str, lang: str, rolled: bool, corner: int) -> str:
    """The die face being played beside the roller's port, tumbling when just rolled."""
    x, y = DIE_SPOTS[corner]
    w = WORDS.of(lang)
    label = w("tornado_face") if face == D.TORNADO_FACE else str(face)
    pips = {1: [(0, 0)], 2: [(-9, -9), (9, 9)], 3: [(-10, -10), (0, 0), (10, 10)], 4: [(-9, -9), (9, -9), (-9, 9), (9, 9)]}
    if face == D.TORNADO_FACE:
        inner = "".join(
            f'<ellipse cx="{svg_num(x + 2 * math.sin(k))}" cy="{svg_num(y + 10 - k * 6)}" rx="{3 + k * 2.4}" ry="{1.5 + k * .5}" '
            'fill="none" stroke="#5d6b80" stroke-width="2"/>'
            for k in range(5)
        )
    else:
        inner = "".join(f'<circle cx="{svg_num(x + dx)}" cy="{svg_num(y + dy)}" r="4.6" fill="#1b2430"/>' for dx, dy in pips[face])
    tumble = (
        f'<animateTransform attributeName="transform" type="rotate" from="-200 {svg_num(x)} {svg_num(y)}" to="0 {svg_num(x)} {svg_num(y)}" '
        'dur=".6s" fill="freeze"/>'
        if rolled
        else ""
    )
    return (
        f'<g class="pir-die"><title>{escape(w("die", face=label))}</title><g>{tumble}'
        f'<rect x="{svg_num(x - 24)}" y="{svg_num(y - 24)}" width="48" height="48" rx="9" fill="#fffdf7" stroke="#8a7a5a" '
        f'stroke-width="2" filter="url(#{u}-shadow)"/>{inner}</g></g>'
    )

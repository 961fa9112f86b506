"""The ground Siege is fought on: sky and sea, the home islands with their palms, palisades and
fort, and Treasure Island with the chests left on it."""

from __future__ import annotations

from html import escape

from engine.siege.scene import (
    FORT,
    FORT_DOOR,
    FORT_PARAPET,
    FORT_STEPS,
    ISLAND,
    TREASURE_ISLAND,
    TREASURE_PALMS,
    WIDTH,
    Box,
)
from engine.siege.state import SiegeState
from ui.games.siege.board_words import WORDS
from ui.games.siege.geometry import SEA_Y, VIEW_H, svg_num, sy
from ui.games.siege.pieces import chest


def sky_and_sea() -> str:
    """The sky with its sun and clouds, the sea with its waves."""
    waves = "".join(
        f'<path d="M{x} {SEA_Y + 10 + (x // 50) % 3 * 12} q 6 -3 12 0 t 12 0" stroke="#ffffff" stroke-opacity="0.35" '
        f'fill="none" stroke-width="1"/>'
        for x in range(10, 1000, 47)
    )
    clouds = "".join(
        f'<g opacity="0.9" fill="#ffffff"><ellipse cx="{x}" cy="{y}" rx="26" ry="8"/><ellipse cx="{x + 14}" cy="{y - 5}" '
        f'rx="15" ry="8"/><ellipse cx="{x - 12}" cy="{y - 3}" rx="11" ry="6"/></g>'
        for x, y in ((150, 60), (520, 42), (820, 72))
    )
    return (
        f'<rect x="0" y="0" width="{WIDTH}" height="{SEA_Y}" fill="url(#sg-sky)"/>'
        f'<circle cx="585" cy="52" r="46" fill="url(#sg-sun)"/><circle cx="585" cy="52" r="15" fill="#fff2b0"/>'
        f"{clouds}"
        f'<rect x="0" y="{SEA_Y}" width="{WIDTH}" height="{VIEW_H - SEA_Y}" fill="url(#sg-sea)"/>{waves}'
    )


def home_island(seat: int) -> str:
    """A side's home island: sand, and its grass edge (drawn in depth coordinates)."""
    i = ISLAND
    x1, x2, top = i.d1, i.d2, sy(i.y2)
    return (
        f'<path d="M{x1 - 20} {SEA_Y + 8} L {x1 - 20} {svg_num(top)} L {x2 - 16} {svg_num(top)} Q {x2 - 2} {svg_num(top + 1)} '
        f'{x2 + 8} {SEA_Y + 8}Z" fill="url(#sg-sand)" stroke="#b08a49" stroke-width="0.8"/>'
        f'<path d="M{x1 - 20} {svg_num(top)} L {x2 - 20} {svg_num(top)}" stroke="#6fb04a" stroke-width="2.2" stroke-dasharray="7 3"/>'
    )


def palm(x: float, base: float, top: float, lean: float) -> str:
    """A palm whose trunk rises from (x, base) to height ``top`` (scene mm)."""
    bx, by, ty = x, sy(base), sy(top)
    tx = x + lean
    trunk = (
        f'<path d="M{svg_num(bx - 2)} {svg_num(by)} Q {svg_num(bx + lean * 0.2 - 2)} {svg_num((by + ty) / 2)} {svg_num(tx - 1)} {svg_num(ty)} '
        f'L {svg_num(tx + 1)} {svg_num(ty)} Q {svg_num(bx + lean * 0.2 + 2)} {svg_num((by + ty) / 2)} {svg_num(bx + 2)} {svg_num(by)}Z" '
        f'fill="#8a5a2b" stroke="#5d3a17" stroke-width="0.5"/>'
    )
    rings = "".join(
        f'<path d="M{svg_num(bx + lean * t * t - 2)} {svg_num(by + (ty - by) * t)} h4" stroke="#5d3a17" stroke-width="0.5"/>'
        for t in (0.2, 0.4, 0.6, 0.8)
    )
    return f'<g>{trunk}{rings}<use href="#sg-palm-fronds" x="{svg_num(tx)}" y="{svg_num(ty)}"/></g>'


def palisade(box: Box) -> str:
    """A palisade of three pales standing in its box."""
    x1, x2, top, foot = box.d1, box.d2, sy(box.y2), sy(box.y1)
    w = x2 - x1
    pales = "".join(
        f'<path d="M{svg_num(x1 + i * w / 2 - 0.9)} {svg_num(foot)} V {svg_num(top + 3 + (i % 2))} L {svg_num(x1 + i * w / 2)} '
        f'{svg_num(top + (i % 2))} L {svg_num(x1 + i * w / 2 + 0.9)} {svg_num(top + 3 + (i % 2))} V {svg_num(foot)}Z" fill="#9a6a3a" '
        f'stroke="#5d3a17" stroke-width="0.4"/>'
        for i in range(3)
    )
    return (
        f"<g>{pales}<path d=\"M{svg_num(x1 - 1)} {svg_num(foot - 6)} h{svg_num(w + 2)} M{svg_num(x1 - 1)} {svg_num(top + 8)} h{svg_num(w + 2)}\" "
        f'stroke="#5d3a17" stroke-width="1"/></g>'
    )


def fort(colour: str) -> str:
    """Red's fort: its wall, crenels, parapet, door and flag in the side's colour."""
    b = FORT
    x1, x2, top, foot = b.d1, b.d2, sy(b.y2), sy(20)
    crenels = "".join(
        f'<rect x="{svg_num(x)}" y="{svg_num(top - 5)}" width="5" height="5" fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.4"/>'
        for x in range(x1, x2 - 4, 9)
    )
    bricks = "".join(
        f'<path d="M{svg_num(x1)} {svg_num(y)} H {svg_num(x2)}" stroke="#8a8273" stroke-width="0.4"/>'
        for y in range(int(top) + 8, int(foot), 8)
    )
    door = FORT_DOOR
    dx1, dx2, dtop, dfoot = door.d1 - 6, door.d2, sy(door.y2 + 3), sy(door.y1)
    par = FORT_PARAPET
    return (
        f'<g filter="url(#sg-shadow)">'
        f'<rect x="{x1}" y="{svg_num(top)}" width="{x2 - x1}" height="{svg_num(foot - top)}" fill="url(#sg-stone)" '
        f'stroke="#6d6658" stroke-width="0.8"/>{bricks}{crenels}'
        f'<rect x="{par.d1}" y="{svg_num(sy(par.y2))}" width="{par.d2 - par.d1}" height="{svg_num(sy(par.y1) - sy(par.y2))}" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.5"/>'
        f'<path d="M{svg_num(dx1)} {svg_num(dfoot)} V {svg_num(dtop + 4)} Q {svg_num((dx1 + dx2) / 2)} {svg_num(dtop - 2)} {svg_num(dx2)} {svg_num(dtop + 4)} '
        f'V {svg_num(dfoot)}Z" fill="#4a2d16" stroke="#2c1a0b" stroke-width="0.6"/>'
        f'<circle cx="{svg_num(dx1 + 2.5)}" cy="{svg_num(dfoot - 6)}" r="0.8" fill="#ffd54a"/>'
        f'<path d="M{x1 + 30} {svg_num(top - 5)} V {svg_num(top - 38)}" stroke="#3a3a3a" stroke-width="1"/>'
        f'<path d="M{x1 + 30} {svg_num(top - 38)} l 16 4 l -16 5Z" fill="{colour}"/>'
        f"</g>"
    )


def fort_steps() -> str:
    """The steps up to the fort's parapet."""
    s = FORT_STEPS
    return (
        f'<path d="M{s.d1} {svg_num(sy(s.y2))} H {s.d1 + 5} V {svg_num(sy(s.y2 - 3.5))} H {s.d2} V {svg_num(sy(s.y1))} H {s.d1}Z" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.5"/>'
    )


def rubble() -> str:
    """What is left of a fort that fell: stones where it stood."""
    x1, _x2 = FORT.d1, FORT.d2
    stones = "".join(
        f'<rect x="{svg_num(x1 + 4 + i * 6.3)}" y="{svg_num(sy(20) - 6 - (i * 7) % 5)}" width="7" height="{5 + i % 3}" rx="1.5" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.4" transform="rotate({(i * 37) % 30 - 15} '
        f'{svg_num(x1 + 7 + i * 6.3)} {svg_num(sy(22))})"/>'
        for i in range(10)
    )
    return f"<g>{stones}</g>"


def treasure_island(state: SiegeState, lang: str) -> str:
    """Treasure Island in mid-sea, each side's chests still on it, with their count in words."""
    x1, x2, _, y2 = TREASURE_ISLAND
    top = sy(y2)
    out = [
        (f'<path d="M{x1 - 10} {SEA_Y + 6} Q {x1 + 10} {svg_num(top)} {x1 + 30} {svg_num(top)} H {x2 - 30} '
        f'Q {x2 - 10} {svg_num(top)} {x2 + 10} {SEA_Y + 6}Z" fill="url(#sg-sand)" stroke="#b08a49" stroke-width="0.8"/>')
    ]
    for k, (a, b, c, d) in enumerate(TREASURE_PALMS):
        out.append(palm((a + b) / 2, c, d, (-5, 3, 6)[k]))
    # each side's own three chests (SG-07): Blue's on the half nearer Blue, Red's nearer Red
    left = (state.chests_left(0), state.chests_left(1))
    for i in range(6):
        if (i < 3 and i < left[0]) or (i >= 3 and i >= 6 - left[1]):
            out.append(f'<g data-chest="{i // 3}">{chest(462 + i * 13, top - 7, 9, 7)}</g>')
    label = WORDS(lang, "treasure", blue=left[0], red=left[1])
    return (f'<g data-piece="treasure" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'{"".join(out)}</g>')

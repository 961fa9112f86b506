"""Siege's battle scene as SVG: a pure function of the state (like chess.svg).

The drawing uses the engine's own coordinate system (:mod:`engine.siege.scene`):
scene x is SVG x, and scene height ``y`` (mm above the sea) is drawn at
``SEA_Y - y``.  Every piece is drawn over its real hitbox, so what a person
sees is what a ball can hit.  Red's side is Blue's drawing mirrored.

What happened stays marked (``steps``): each shot's flight and impact,
numbered, what it knocked down lying where it fell, pirates' moves, the
longboat's trips, a brick that turned and the dice.  The last step may be
animated, once (SMIL only): the ball flies along the trajectory the engine
computed (``animateMotion``), what it knocked down topples
(``animateTransform``), and a brick that turned swings round.

:func:`board_region` lays the scene out for the game page: an HTML grab
handle over the launcher (at least 48 CSS px whatever the scene's size) and a
close-up of the side under fire for small screens (``<use>`` of the scene).

>>> from engine.siege import Siege
>>> import xml.etree.ElementTree as ET
>>> g = Siege()
>>> svg = render(g, g.new(2))
>>> ET.fromstring(svg).get("viewBox")
'0 0 1000 290'
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import Any

from engine.numbers import number, percent
from engine.siege.actions import (
    LOAD,
    ROW_BACK,
    ROW_OUT,
    Action,
    Crew,
    Dice,
    Fire,
    Move,
    Replace,
    is_scatter_of,
)
from engine.siege.physics import boat_box, flight, hitboxes, trajectory
from engine.siege.scene import (
    BOAT_OFFSET,
    BOWSPRIT,
    CHEST_OFFSET,
    COMPASS,
    FORT,
    FORT_DOOR,
    FORT_PARAPET,
    FORT_RUBBLE,
    FORT_STEPS,
    HULL,
    ISLAND,
    ISLAND_NAMES,
    ISLAND_NAMES_FR,
    LONGBOAT,
    MAINSAIL,
    MAST_D,
    PALISADES,
    PALMS,
    SLOT_INDEX,
    SLOTS,
    SPOT_INDEX,
    SPOT_LABELS_FR,
    TREASURE_ISLAND,
    TREASURE_PALMS,
    WEAPONS,
    WIDTH,
    Box,
)
from engine.siege.state import ACT, OVER, ROLL, SCATTER, Side, SiegeState, layout, shot_flight
from engine.siege.words import on_spot, to_spot
from ui.siege.gestures import Select, parse_gesture
from ui.svg import scoped_style

SEA_Y = 232  # SVG y of the sea surface
VIEW_H = 290
SIDE_COLOURS = ("#2f6fd6", "#d23c3c")
SIDE_DARK = ("#1c4a99", "#8f2020")
#: Each side is told apart by shape as well as colour (colour-blind players): Blue's
#: mark is a circle, Red's a diamond, on the sail, the flag, the panels and the shot numbers.
SIDE_SHAPES = ("circle", "diamond")
#: Each side's shot traces: Blue's dashed, Red's dotted.
SIDE_DASHES = ("9 4", "2 3")
#: SVG units of drag per 100 % power
POWER_SPAN = 160.0
#: The close-up of each side (x, y, width, height): the side under fire, seen big on small screens.
CLOSE_UPS = ((0, 40, 410, 205), (590, 40, 410, 205))
#: The grab handle laid over the launcher, in CSS px: a finger's target whatever the scene's size.
GRAB_PX = 48
#: The aim pad (phones, see :func:`aim_pad`): a drawing of PAD_W x PAD_H units laid over the close-up
#: (the close-up's own 2:1 box), the shooter's muzzle in its bottom corner on the shooter's side.
PAD_W, PAD_H = 400, 200
PAD_MUZZLE = ((34.0, 166.0), (366.0, 166.0))
#: Pad units of drag per 100 % power: the power's whole range (10-100 %) is 270 units, about 240 CSS px
#: of finger travel on a 390 px phone and 200 px on a 320 px one.
PAD_SPAN = 300.0
#: The pad's readout, in pad units: at least 14 CSS px from a 320 px phone up (a pad unit is 0.73 px there).
PAD_TEXT = 20
#: How far above the finger the readout's baseline sits while it drags (pad units): clear of a fingertip.
PAD_LIFT = 58
#: How far above the pad the readout may go (pad units; the scene's strip is there): higher, it goes beside the finger.
PAD_ROOM_ABOVE = 80
#: What a phone shows above the pad at the page's top (pad units: the scene's strip and the status line, 110 CSS
#: px and more from a 320 px phone up): the readout stays below, beside a finger that went higher.
PAD_SCREEN_ABOVE = 150

WORDS = {
    "en": {
        "title": "Siege: the battle scene",
        "blue": "Blue",
        "red": "Red",
        "blue's": "Blue's",
        "red's": "Red's",
        "cannon": "cannon",
        "mortar": "mortar",
        "grab": "Drag from here to aim the {w}; let go to fire",
        "training": "training",
        "pirate": "{side} pirate {where}",
        "captain": "{side} captain {where}",
        "slot": "{side} target-cannon",
        "move_to": "move the pirate {where}",
        "select": "select the pirate {where}",
        "treasure": "Treasure Island: {blue} of Blue's 3 chests left, {red} of Red's",
        "facing": "{side}'s {face} broadside faces the enemy",
        "port": "port",
        "starboard": "starboard",
        "dice": "{side} dice: {faces}",
        "compass": "compass (3)",
        "close_up": "Close-up: {island} ({side})",
        "your_close_up": "Close-up: your island, {island}",
        "lost_pirates": "{side}: no pirate standing",
        "lost_cannons": "{side}: no target-cannon standing,\nno chest left to bring one back",
    },
    "fr": {
        "title": "Siège : la scène de bataille",
        "blue": "Bleu",
        "red": "Rouge",
        "blue's": "de Bleu",
        "red's": "de Rouge",
        "cannon": "canon",
        "mortar": "mortier",
        "grab": "Glissez depuis ici pour viser au {w} ; relâchez pour tirer",
        "training": "entraînement",
        "pirate": "pirate {side} {where}",
        "captain": "capitaine {side} {where}",
        "slot": "canon-cible {side}",
        "move_to": "déplacer le pirate {where}",
        "select": "choisir le pirate {where}",
        "treasure": "Île au Trésor : {blue} des 3 coffres de Bleu restants, {red} de ceux de Rouge",
        "facing": "la bordée {face} de {side} fait face à l'ennemi",
        "port": "bâbord",
        "starboard": "tribord",
        "dice": "dés {side} : {faces}",
        "compass": "boussole (3)",
        "close_up": "Gros plan : {island} ({side})",
        "your_close_up": "Gros plan : votre île, {island}",
        "lost_pirates": "{side} : plus aucun pirate debout",
        "lost_cannons": "{side} : plus de canon-cible debout,\nni de coffre pour en remettre",
    },
}


def words(lang: str) -> dict[str, str]:
    """The scene's words in the page's language (English for anything else)."""
    return WORDS["fr" if lang == "fr" else "en"]


def side_name(seat: int, lang: str) -> str:
    return words(lang)["blue" if seat == 0 else "red"]


def spot_words(seat: int, name: str, lang: str) -> str:
    """Where a spot is, in the page's language."""
    if lang == "fr":
        return SPOT_LABELS_FR.get(name, name)
    return SPOT_INDEX[seat][name].label


def sy(y: float) -> float:
    """SVG y of a scene height."""
    return SEA_Y - y


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _sx(seat: int, d: float) -> float:
    return d if seat == 0 else WIDTH - d


# -- defs -----------------------------------------------------------------------


DEFS = """<defs>
<linearGradient id="sg-sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#8fc9f2"/><stop offset="0.7" stop-color="#d7eefa"/><stop offset="1" stop-color="#fbeed2"/>
</linearGradient>
<linearGradient id="sg-sea" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#2f93b8"/><stop offset="1" stop-color="#0d4b72"/>
</linearGradient>
<linearGradient id="sg-sand" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#f3dca0"/><stop offset="1" stop-color="#c9a25f"/>
</linearGradient>
<linearGradient id="sg-wood" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#a4683a"/><stop offset="1" stop-color="#5c3318"/>
</linearGradient>
<linearGradient id="sg-stone" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#c9c2b4"/><stop offset="1" stop-color="#8a8273"/>
</linearGradient>
<linearGradient id="sg-sail" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#fffdf4"/><stop offset="1" stop-color="#e3d8bd"/>
</linearGradient>
<linearGradient id="sg-iron" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#5b6168"/><stop offset="1" stop-color="#24282c"/>
</linearGradient>
<radialGradient id="sg-sun"><stop offset="0" stop-color="#fff7c2"/><stop offset="1" stop-color="#ffd25a" stop-opacity="0"/></radialGradient>
<filter id="sg-shadow" x="-20%" y="-20%" width="140%" height="140%">
<feDropShadow dx="1" dy="1.5" stdDeviation="1.2" flood-color="#1b2a33" flood-opacity="0.35"/>
</filter>
<g id="sg-palm-fronds">
<path d="M0 0 C -8 -4 -16 -2 -22 6 C -14 0 -7 0 0 2Z" fill="#2f8a3c"/>
<path d="M0 0 C 8 -5 17 -3 23 5 C 15 0 7 0 0 2Z" fill="#3a9c47"/>
<path d="M0 0 C -4 -9 -12 -13 -20 -12 C -11 -8 -5 -5 0 1Z" fill="#47ad52"/>
<path d="M0 0 C 5 -9 12 -12 20 -10 C 12 -7 5 -4 0 1Z" fill="#2f8a3c"/>
<path d="M0 0 C 1 -7 -1 -13 -4 -17 C 2 -12 3 -6 1 1Z" fill="#3a9c47"/>
<circle cx="-1.5" cy="2.5" r="1.6" fill="#6b4a22"/><circle cx="1.6" cy="2.8" r="1.6" fill="#5a3d1c"/>
</g>
</defs>"""

#: The scene's own classes, scoped to it (:func:`ui.svg.scoped_style`): a rules page holds several scenes.
STYLE = """
.sg-hit{cursor:pointer}
.sg-hit:focus{outline:none}
.sg-hit:focus>.sg-ring,.sg-hit:hover>.sg-ring{stroke:#ffd54a;stroke-width:2}
.sg-label{font:600 9px system-ui,sans-serif;fill:#17313f}
.sg-num{font:700 10px system-ui,sans-serif;fill:#fff;paint-order:stroke;stroke:#17313f;stroke-width:2.5px}
.sg-training{font:italic 700 9px system-ui,sans-serif;fill:#7a4b00}
.sg-weapon{cursor:grab}
.sg-hull{font:700 7px system-ui,sans-serif;fill:#f6e7c8;letter-spacing:.08em;text-transform:uppercase}
.sg-badge{font:800 8px system-ui,sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
.sg-verdict{font:700 14px system-ui,sans-serif;fill:#17313f}
"""
#: The close-up's caption, in the close-up's own style.
CAPTION_STYLE = ".sg-caption{font:700 11px system-ui,sans-serif;fill:#17313f;paint-order:stroke;stroke:#fff;stroke-width:3px}"


def own_ids(svg: str, uid: str) -> str:
    """A drawing made with the ``sg-`` ids of :data:`DEFS` and the scene, given ``uid``'s ids instead.

    The scene's parts are drawn once for every scene with the same ids (``#sg-wood`` and the
    like); each drawing then takes its own, so that no two scenes of a page share one.

    >>> own_ids('<g id="sg-scene"><rect fill="url(#sg-wood)"/><use href="#sg-palm-fronds"/></g>', "sg-en-fort")
    '<g id="sg-en-fort-scene"><rect fill="url(#sg-en-fort-wood)"/><use href="#sg-en-fort-palm-fronds"/></g>'
    """
    if uid == "sg":
        return svg
    return re.sub(r'(\sid="|url\(#|\shref="#)sg-', lambda m: f"{m.group(1)}{uid}-", svg)


def shape(seat: int, x: float, y: float, r: float, fill: str, extra: str = "") -> str:
    """The side's mark at (x, y), radius ``r``: Blue a circle, Red a diamond (see :data:`SIDE_SHAPES`).

    >>> shape(1, 10, 10, 2, "#fff")
    '<path d="M10 8 L12 10 L10 12 L8 10Z" fill="#fff"/>'
    """
    if SIDE_SHAPES[seat] == "circle":
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}"{extra}/>'
    return (
        f'<path d="M{_f(x)} {_f(y - r)} L{_f(x + r)} {_f(y)} L{_f(x)} {_f(y + r)} L{_f(x - r)} {_f(y)}Z" '
        f'fill="{fill}"{extra}/>'
    )


# -- pieces ---------------------------------------------------------------------


def _palm(x: float, base: float, top: float, lean: float) -> str:
    """A palm whose trunk rises from (x, base) to height ``top`` (scene mm)."""
    bx, by, ty = x, sy(base), sy(top)
    tx = x + lean
    trunk = (
        f'<path d="M{_f(bx - 2)} {_f(by)} Q {_f(bx + lean * 0.2 - 2)} {_f((by + ty) / 2)} {_f(tx - 1)} {_f(ty)} '
        f'L {_f(tx + 1)} {_f(ty)} Q {_f(bx + lean * 0.2 + 2)} {_f((by + ty) / 2)} {_f(bx + 2)} {_f(by)}Z" '
        f'fill="#8a5a2b" stroke="#5d3a17" stroke-width="0.5"/>'
    )
    rings = "".join(
        f'<path d="M{_f(bx + lean * t * t - 2)} {_f(by + (ty - by) * t)} h4" stroke="#5d3a17" stroke-width="0.5"/>'
        for t in (0.2, 0.4, 0.6, 0.8)
    )
    return f'<g>{trunk}{rings}<use href="#sg-palm-fronds" x="{_f(tx)}" y="{_f(ty)}"/></g>'


def _cannon_target(box: Box, colour: str, faded: bool = False) -> str:
    """A target-cannon on its carriage, drawn in the box (muzzle towards the enemy, +x)."""
    x1, x2, y1, y2 = box.d1, box.d2, sy(box.y1), sy(box.y2)
    w = x2 - x1
    op = ' opacity="0.35"' if faded else ""
    return (
        f'<g{op}>'
        f'<rect x="{_f(x1 + 1)}" y="{_f(y1 - 6)}" width="{_f(w - 4)}" height="5" rx="1" fill="url(#sg-wood)"/>'
        f'<circle cx="{_f(x1 + 5)}" cy="{_f(y1 - 2.5)}" r="2.6" fill="#3b2412"/>'
        f'<circle cx="{_f(x2 - 6)}" cy="{_f(y1 - 2.5)}" r="2.6" fill="#3b2412"/>'
        f'<path d="M{_f(x1 + 2)} {_f(y2 + 6)} L {_f(x2)} {_f(y2 + 3.5)} L {_f(x2)} {_f(y2 + 8.5)} '
        f'L {_f(x1 + 2)} {_f(y1 - 6)} Z" fill="url(#sg-iron)"/>'
        f'<rect x="{_f(x1 + 1)}" y="{_f(y2 + 3)}" width="3" height="4" fill="{colour}"/>'
        f"</g>"
    )


def _pirate(box: Box, colour: str, captain: bool) -> str:
    """A pirate figure standing in its box (8 x 20 mm)."""
    cx = (box.d1 + box.d2) / 2
    foot, head = sy(box.y1), sy(box.y2)
    h = foot - head
    parts = [
        (f'<path d="M{_f(cx - 2.4)} {_f(foot)} L {_f(cx - 1.2)} {_f(foot - h * 0.38)} L {_f(cx + 1.2)} {_f(foot - h * 0.38)} '
        f'L {_f(cx + 2.4)} {_f(foot)}" stroke="#2b2b33" stroke-width="1.6" fill="none" stroke-linecap="round"/>'),
        f'<rect x="{_f(cx - 3.2)}" y="{_f(foot - h * 0.72)}" width="6.4" height="{_f(h * 0.36)}" rx="1.6" fill="#f4f1e8"/>',
        (f'<path d="M{_f(cx - 3.2)} {_f(foot - h * 0.62)} h6.4 M{_f(cx - 3.2)} {_f(foot - h * 0.5)} h6.4" '
        f'stroke="{colour}" stroke-width="1.4"/>'),
        f'<circle cx="{_f(cx)}" cy="{_f(head + 3.4)}" r="3.1" fill="#f1c59a"/>',
    ]
    if captain:
        parts.append(
            f'<path d="M{_f(cx - 5.5)} {_f(head + 2)} Q {_f(cx)} {_f(head - 4.5)} {_f(cx + 5.5)} {_f(head + 2)} '
            f'Q {_f(cx)} {_f(head)} {_f(cx - 5.5)} {_f(head + 2)}Z" fill="#1d1d24"/>'
            f'<circle cx="{_f(cx)}" cy="{_f(head)}" r="1.3" fill="#ffd54a"/>'
        )
    else:
        parts.append(
            f'<path d="M{_f(cx - 3.3)} {_f(head + 2.6)} Q {_f(cx)} {_f(head - 0.6)} {_f(cx + 3.3)} {_f(head + 2.6)}Z" '
            f'fill="{colour}"/>'
        )
    return "<g>" + "".join(parts) + "</g>"


def _palisade(box: Box) -> str:
    x1, x2, top, foot = box.d1, box.d2, sy(box.y2), sy(box.y1)
    w = x2 - x1
    pales = "".join(
        f'<path d="M{_f(x1 + i * w / 2 - 0.9)} {_f(foot)} V {_f(top + 3 + (i % 2))} L {_f(x1 + i * w / 2)} '
        f'{_f(top + (i % 2))} L {_f(x1 + i * w / 2 + 0.9)} {_f(top + 3 + (i % 2))} V {_f(foot)}Z" fill="#9a6a3a" '
        f'stroke="#5d3a17" stroke-width="0.4"/>'
        for i in range(3)
    )
    return (
        f"<g>{pales}<path d=\"M{_f(x1 - 1)} {_f(foot - 6)} h{_f(w + 2)} M{_f(x1 - 1)} {_f(top + 8)} h{_f(w + 2)}\" "
        f'stroke="#5d3a17" stroke-width="1"/></g>'
    )


def _fort(colour: str) -> str:
    b = FORT
    x1, x2, top, foot = b.d1, b.d2, sy(b.y2), sy(20)
    crenels = "".join(
        f'<rect x="{_f(x)}" y="{_f(top - 5)}" width="5" height="5" fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.4"/>'
        for x in range(x1, x2 - 4, 9)
    )
    bricks = "".join(
        f'<path d="M{_f(x1)} {_f(y)} H {_f(x2)}" stroke="#8a8273" stroke-width="0.4"/>'
        for y in range(int(top) + 8, int(foot), 8)
    )
    door = FORT_DOOR
    dx1, dx2, dtop, dfoot = door.d1 - 6, door.d2, sy(door.y2 + 3), sy(door.y1)
    par = FORT_PARAPET
    return (
        f'<g filter="url(#sg-shadow)">'
        f'<rect x="{x1}" y="{_f(top)}" width="{x2 - x1}" height="{_f(foot - top)}" fill="url(#sg-stone)" '
        f'stroke="#6d6658" stroke-width="0.8"/>{bricks}{crenels}'
        f'<rect x="{par.d1}" y="{_f(sy(par.y2))}" width="{par.d2 - par.d1}" height="{_f(sy(par.y1) - sy(par.y2))}" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.5"/>'
        f'<path d="M{_f(dx1)} {_f(dfoot)} V {_f(dtop + 4)} Q {_f((dx1 + dx2) / 2)} {_f(dtop - 2)} {_f(dx2)} {_f(dtop + 4)} '
        f'V {_f(dfoot)}Z" fill="#4a2d16" stroke="#2c1a0b" stroke-width="0.6"/>'
        f'<circle cx="{_f(dx1 + 2.5)}" cy="{_f(dfoot - 6)}" r="0.8" fill="#ffd54a"/>'
        f'<path d="M{x1 + 30} {_f(top - 5)} V {_f(top - 38)}" stroke="#3a3a3a" stroke-width="1"/>'
        f'<path d="M{x1 + 30} {_f(top - 38)} l 16 4 l -16 5Z" fill="{colour}"/>'
        f"</g>"
    )


def _steps() -> str:
    s = FORT_STEPS
    return (
        f'<path d="M{s.d1} {_f(sy(s.y2))} H {s.d1 + 5} V {_f(sy(s.y2 - 3.5))} H {s.d2} V {_f(sy(s.y1))} H {s.d1}Z" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.5"/>'
    )


def _rubble() -> str:
    x1, _x2 = FORT.d1, FORT.d2
    stones = "".join(
        f'<rect x="{_f(x1 + 4 + i * 6.3)}" y="{_f(sy(20) - 6 - (i * 7) % 5)}" width="7" height="{5 + i % 3}" rx="1.5" '
        f'fill="url(#sg-stone)" stroke="#6d6658" stroke-width="0.4" transform="rotate({(i * 37) % 30 - 15} '
        f'{_f(x1 + 7 + i * 6.3)} {_f(sy(22))})"/>'
        for i in range(10)
    )
    return f"<g>{stones}</g>"


def _brick(side: Side, seat: int, lang: str) -> str:
    """The brick (ship) in depth coordinates: hull, masts, sails, bowsprit, target-cannons."""
    colour, dark = SIDE_COLOURS[seat], SIDE_DARK[seat]
    h = HULL
    x1, x2, deck, keel = h.d1, h.d2, sy(h.y2), sy(h.y1)
    hull = (
        f'<path d="M{x1 - 4} {_f(deck - 6)} L {x1 + 2} {_f(keel - 2)} Q {(x1 + x2) / 2} {_f(keel + 6)} {x2 - 10} {_f(keel - 2)} '
        f'Q {x2 + 2} {_f(deck + 8)} {x2 + 4} {_f(deck - 2)} L {x1 - 4} {_f(deck - 2)}Z" fill="url(#sg-wood)" '
        f'stroke="#3b2412" stroke-width="1"/>'
        f'<path d="M{x1 - 2} {_f(deck + 4)} H {x2}" stroke="{colour}" stroke-width="3"/>'
        + "".join(
            f'<rect x="{x}" y="{_f(deck + 9)}" width="6" height="5" rx="1" fill="#2a1a0c" stroke="#d9b36a" stroke-width="0.6"/>'
            for x in range(x1 + 14, x2 - 14, 16)
        )
        + f'<rect x="{x1 - 6}" y="{_f(deck - 16)}" width="16" height="12" fill="url(#sg-wood)" stroke="#3b2412" stroke-width="0.8"/>'
    )
    mast = f'<path d="M{MAST_D} {_f(deck)} V {_f(sy(172))}" stroke="#5c3318" stroke-width="2.4"/>'
    mast += f'<path d="M{MAST_D - 40} {_f(deck - 2)} V {_f(sy(120))}" stroke="#5c3318" stroke-width="1.8"/>'
    flag = f'<path d="M{MAST_D} {_f(sy(172))} l 18 4 l -18 6Z" fill="{colour}"/>'
    flag += shape(seat, MAST_D + 6, sy(168), 2, "#fff")
    rig = ""
    m = MAINSAIL
    if side.rig:
        rig = (
            f'<path d="M{m.d1} {_f(sy(m.y2))} Q {(m.d1 + m.d2) / 2} {_f(sy(m.y2) - 6)} {m.d2} {_f(sy(m.y2))} '
            f'Q {m.d2 + 8} {_f((sy(m.y1) + sy(m.y2)) / 2)} {m.d2} {_f(sy(m.y1))} Q {(m.d1 + m.d2) / 2} {_f(sy(m.y1) + 5)} '
            f'{m.d1} {_f(sy(m.y1))} Q {m.d1 + 6} {_f((sy(m.y1) + sy(m.y2)) / 2)} {m.d1} {_f(sy(m.y2))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.8" filter="url(#sg-shadow)"/>'
            + shape(seat, (m.d1 + m.d2) / 2, sy(110), 8, colour, ' opacity="0.85"')
            + f'<path d="M{m.d1 + 6} {_f(sy(148))} Q {MAST_D} {_f(sy(152))} {m.d2 - 6} {_f(sy(148))} L {m.d2 - 10} '
            f'{_f(sy(166))} L {m.d1 + 10} {_f(sy(166))}Z" fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.6"/>'
            f'<path d="M{MAST_D - 40} {_f(sy(118))} L {MAST_D - 58} {_f(sy(60))} L {MAST_D - 42} {_f(sy(60))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.5"/>'
        )
        b = BOWSPRIT
        rig += (
            f'<path d="M{b.d1 - 4} {_f(sy(b.y1 + 2))} L {b.d2} {_f(sy(b.y2))}" stroke="#5c3318" stroke-width="3" '
            f'stroke-linecap="round"/>'
            f'<path d="M{b.d2 - 2} {_f(sy(b.y2))} L {MAST_D + 2} {_f(sy(150))} L {MAST_D + 4} {_f(sy(60))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.6" opacity="0.95"/>'
        )
    else:
        # the ejected mainsail lies crumpled on the deck; the bowsprit is a stub
        rig = (
            f'<path d="M{m.d1} {_f(deck)} q 10 -9 22 -3 q 12 -8 26 0 q 6 2 4 3Z" fill="url(#sg-sail)" '
            f'stroke="#b9ab88" stroke-width="0.7"/>'
            f'<path d="M{BOWSPRIT.d1 - 4} {_f(sy(BOWSPRIT.y1 + 2))} l 8 2" stroke="#5c3318" stroke-width="3"/>'
        )
    face = side.facing()
    cannons = []
    for slot, up in zip(SLOTS, side.slots):
        if slot.where == "island" or not up:
            continue
        if slot.where == face:
            cannons.append(_named(_cannon_target(slot.box, colour), words(lang)["slot"].format(side=side_name(seat, lang)),
                                  f"slot:{slot.name}", seat))
        else:
            # the hidden broadside: seen faintly over the deck's far rail
            hidden = Box(slot.box.d1 + 3, slot.box.d2 + 3, slot.box.y1 + 3, slot.box.y2 + 3)
            cannons.insert(0, _cannon_target(hidden, dark, faded=True))
    return f'<g filter="url(#sg-shadow)">{mast}{flag}{rig}{hull}</g>' + "".join(cannons)


def _longboat(side: Side, colour: str) -> str:
    box = LONGBOAT[side.boat_at]
    x1, x2, top, foot = box.d1, box.d2, sy(box.y2), sy(box.y1)
    boat = (
        f'<path d="M{x1 - 2} {_f(top)} Q {(x1 + x2) / 2} {_f(foot + 5)} {x2 + 3} {_f(top - 1)}Z" fill="url(#sg-wood)" '
        f'stroke="#3b2412" stroke-width="0.7"/>'
        f'<path d="M{x1 - 1} {_f(top + 1.5)} H {x2 + 1}" stroke="{colour}" stroke-width="1.2"/>'
    )
    oar = f'<path d="M{x1 + 9} {_f(top - 6)} L {x1 - 4} {_f(foot + 4)}" stroke="#7a4a22" stroke-width="1"/>'
    chest = ""
    if side.chest:
        c = boat_box(box, CHEST_OFFSET)
        chest = _chest(c.d1, sy(c.y2), c.d2 - c.d1, c.y2 - c.y1)
    return f"<g>{oar}{boat}{chest}</g>"


def _chest(x: float, y: float, w: float, h: float) -> str:
    return (
        f'<g><rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="1" fill="#8a4f1f" stroke="#3b2412" '
        f'stroke-width="0.5"/><path d="M{_f(x)} {_f(y + h * 0.4)} h{_f(w)}" stroke="#e6b93c" stroke-width="0.9"/>'
        f'<rect x="{_f(x + w / 2 - 0.8)}" y="{_f(y + h * 0.3)}" width="1.6" height="2" fill="#e6b93c"/></g>'
    )


def _island(seat: int) -> str:
    i = ISLAND
    x1, x2, top = i.d1, i.d2, sy(i.y2)
    return (
        f'<path d="M{x1 - 20} {SEA_Y + 8} L {x1 - 20} {_f(top)} L {x2 - 16} {_f(top)} Q {x2 - 2} {_f(top + 1)} '
        f'{x2 + 8} {SEA_Y + 8}Z" fill="url(#sg-sand)" stroke="#b08a49" stroke-width="0.8"/>'
        f'<path d="M{x1 - 20} {_f(top)} L {x2 - 20} {_f(top)}" stroke="#6fb04a" stroke-width="2.2" stroke-dasharray="7 3"/>'
    )


def _weapon_art(seat: int, weapon: str, setting: tuple[int, int], colour: str) -> str:
    """The launcher at the back of the island, its barrel at its set elevation."""
    w = WEAPONS[weapon]
    angle = setting[0]
    if weapon == "cannon":
        post = f'<rect x="{w.d - 5}" y="{_f(sy(w.y) + 3)}" width="10" height="{_f(sy(20) - sy(w.y) - 3)}" fill="url(#sg-wood)" stroke="#3b2412" stroke-width="0.6"/>'
        barrel = (
            f'<g transform="rotate({-angle} {w.d} {_f(sy(w.y))})">'
            f'<rect x="{w.d - 7}" y="{_f(sy(w.y) - 3)}" width="19" height="6" rx="2.5" fill="url(#sg-iron)"/>'
            f'<rect x="{w.d - 8}" y="{_f(sy(w.y) - 2)}" width="3" height="4" rx="1" fill="{colour}"/></g>'
        )
        return post + barrel
    base = f'<path d="M{w.d - 9} {_f(sy(20))} L {w.d - 6} {_f(sy(27))} H {w.d + 6} L {w.d + 9} {_f(sy(20))}Z" fill="url(#sg-wood)"/>'
    barrel = (
        f'<g transform="rotate({-angle} {w.d} {_f(sy(w.y))})">'
        f'<rect x="{w.d - 4}" y="{_f(sy(w.y) - 4.5)}" width="14" height="9" rx="3.5" fill="url(#sg-iron)"/>'
        f'<rect x="{w.d + 8}" y="{_f(sy(w.y) - 5)}" width="3" height="10" rx="1" fill="{colour}"/></g>'
    )
    return base + barrel


def _named(art: str, label: str, ident: str, seat: int) -> str:
    """A piece with its accessible name (an image: the scene is explored piece by piece)."""
    return (f'<g data-piece="{escape(ident)}" data-side="{seat}" role="img" aria-label="{escape(label)}">'
            f"<title>{escape(label)}</title>{art}</g>")


def _side_art(state: SiegeState, seat: int, lang: str = "en") -> str:
    """Everything of one side drawn in depth coordinates (mirrored for Red), its target-cannons named."""
    side = state.sides[seat]
    colour = SIDE_COLOURS[seat]
    out = [_island(seat)]
    for k, box in enumerate(PALMS[seat]):
        out.append(_palm((box.d1 + box.d2) / 2, box.y1, box.y2, 5 if k % 2 == 0 else -4))
    if seat == 1:
        out.append(_steps())
        out.append(_fort(colour) if side.fort else _rubble())
    for k, up in enumerate(side.palisades):
        if up:
            out.append(_palisade(PALISADES[seat][k]))
    for slot, up in zip(SLOTS, side.slots):
        if slot.where == "island" and up:
            out.append(_named(_cannon_target(slot.box, colour), words(lang)["slot"].format(side=side_name(seat, lang)),
                              f"slot:{slot.name}", seat))
    out.append(_brick(side, seat, lang))
    out.append(_longboat(side, colour))
    for weapon in ("mortar", "cannon"):
        out.append(_weapon_art(seat, weapon, side.setting[0 if weapon == "cannon" else 1], colour))
    return "".join(out)


def _mirror(seat: int, inner: str) -> str:
    if seat == 0:
        return f"<g>{inner}</g>"
    return f'<g transform="translate({WIDTH} 0) scale(-1 1)">{inner}</g>'


def _pirates(
    state: SiegeState, seat: int, lang: str, clickable: dict[str, str], selected: str = "", pokes: dict[str, str] | None = None
) -> str:
    """The side's pirates, each a target with words (and a click when the view offers one)."""
    side = state.sides[seat]
    w = words(lang)
    name = side_name(seat, lang)
    pokes = pokes or {}
    out = []
    for spot in side.spots:
        box = _pirate_box(side, seat, spot)
        art = _pirate(box, SIDE_COLOURS[seat], spot == side.captain)
        label = w["captain" if spot == side.captain else "pirate"].format(side=name, where=on_spot(seat, spot, lang))
        out.append(_piece(seat, art, label, clickable.get(spot), box, f"spot:{spot}", spot == selected, pokes.get(spot)))
    return "".join(out)


def _free_spots(state: SiegeState, seat: int, lang: str, clickable: dict[str, str]) -> str:
    """Ghost outlines on the free spots a picked pirate may move to (data-act ``do move``)."""
    side = state.sides[seat]
    w = words(lang)
    out = []
    for spot, act in clickable.items():
        if spot in side.spots:
            continue
        box = _pirate_box(side, seat, spot)
        cx = (box.d1 + box.d2) / 2
        ghost = (
            f'<g opacity="0.75"><circle cx="{_f(cx)}" cy="{_f(sy(box.y2) + 3.4)}" r="3.1" fill="none" '
            f'stroke="{SIDE_COLOURS[seat]}" stroke-width="0.8" stroke-dasharray="1.5 1"/>'
            f'<rect x="{_f(cx - 3.2)}" y="{_f(sy(box.y2) + 7)}" width="6.4" height="{_f(box.y2 - box.y1 - 7)}" rx="1.6" '
            f'fill="none" stroke="{SIDE_COLOURS[seat]}" stroke-width="0.8" stroke-dasharray="1.5 1"/></g>'
        )
        label = w["move_to"].format(where=to_spot(seat, spot, lang))
        out.append(_piece(seat, ghost, label, act, box, f"free:{spot}"))
    return "".join(out)


def _pirate_box(side: Side, seat: int, spot: str) -> Box:
    if spot == "boat":
        return boat_box(LONGBOAT[side.boat_at], BOAT_OFFSET)
    return SPOT_INDEX[seat][spot].box


def _piece(
    seat: int, art: str, label: str, act: str | None, box: Box, ident: str, picked: bool = False, poke: str | None = None
) -> str:
    """A piece, mirrored to its side, with its accessible name.

    ``act`` makes it a button (``data-act``, focusable); ``poke`` only answers
    a click or a tap (the enemy's pieces say how to hit them: a keyboard player
    aims with the keys, so they are no tab stops).
    """
    inner = _mirror(seat, art)
    if act is None:
        click = f' class="sg-poke" data-act="{escape(poke)}"' if poke else ""
        return (f'<g data-piece="{escape(ident)}" data-side="{seat}" role="img" aria-label="{escape(label)}"{click}>'
                f"<title>{escape(label)}</title>{inner}</g>")
    x1 = min(_sx(seat, box.d1), _sx(seat, box.d2)) - 3
    dash = "" if picked else ' stroke-dasharray="2 1.5"'
    ring = (
        f'<rect class="sg-ring" x="{_f(x1)}" y="{_f(sy(box.y2) - 4)}" width="{_f(box.d2 - box.d1 + 6)}" '
        f'height="{_f(box.y2 - box.y1 + 6)}" rx="3" fill="#ffd54a" fill-opacity="{0.45 if picked else 0.18}" '
        f'stroke="#e0a800" stroke-width="{1.6 if picked else 1}"{dash}/>'
    )
    pressed = f' aria-pressed="{"true" if picked else "false"}"' if isinstance(parse_gesture(act), Select) else ""
    return (
        f'<g class="sg-hit" data-piece="{escape(ident)}" data-side="{seat}" data-act="{escape(act)}" role="button" '
        f'tabindex="0"{pressed} aria-label="{escape(label)}"><title>{escape(label)}</title>{ring}{inner}</g>'
    )


def _treasure(state: SiegeState, lang: str) -> str:
    x1, x2, _, y2 = TREASURE_ISLAND
    top = sy(y2)
    out = [
        (f'<path d="M{x1 - 10} {SEA_Y + 6} Q {x1 + 10} {_f(top)} {x1 + 30} {_f(top)} H {x2 - 30} '
        f'Q {x2 - 10} {_f(top)} {x2 + 10} {SEA_Y + 6}Z" fill="url(#sg-sand)" stroke="#b08a49" stroke-width="0.8"/>')
    ]
    for k, (a, b, c, d) in enumerate(TREASURE_PALMS):
        out.append(_palm((a + b) / 2, c, d, (-5, 3, 6)[k]))
    # each side's own three chests (SG-07): Blue's on the half nearer Blue, Red's nearer Red
    left = (state.chests_left(0), state.chests_left(1))
    for i in range(6):
        if (i < 3 and i < left[0]) or (i >= 3 and i >= 6 - left[1]):
            out.append(f'<g data-chest="{i // 3}">{_chest(462 + i * 13, top - 7, 9, 7)}</g>')
    label = words(lang)["treasure"].format(blue=left[0], red=left[1])
    return (f'<g data-piece="treasure" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'{"".join(out)}</g>')


def _scenery() -> str:
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


# -- shots and what they knocked down ------------------------------------------------


def _path(points: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_f(x)} {_f(sy(y))}" for x, y in points)


def _impact(hit: str, x: float, y: float) -> str:
    """Where a ball landed: a burst on a piece or the ground, a splash in the sea."""
    if hit == "sea":
        return (f'<g transform="translate({_f(x)} {_f(y)})"><path d="M-6 0 Q -3 -12 0 -2 Q 3 -14 6 0" fill="#e8f7ff" '
                f'stroke="#0d4b72" stroke-width="0.6" opacity="0.9"/></g>')
    return (
        f'<g transform="translate({_f(x)} {_f(y)})"><circle r="7" fill="#ffd54a" opacity="0.7"/>'
        f'<path d="M-9 0 L9 0 M0 -9 L0 9 M-6 -6 L6 6 M-6 6 L6 -6" stroke="#ff8f1f" stroke-width="1.6"/></g>'
    )


def shot_drawing(state: SiegeState, da: float, dp: float, *, animate: bool, number: int = 0) -> tuple[str, float]:
    """The shot aimed in ``state`` (a SCATTER state) with scatter (da, dp): its trace, its impact, its number.

    The trace is drawn in the shooter's colour and dash; ``number`` (if not 0)
    sits by the impact in the shooter's shape.  Animated, the ball flies first
    and the trace appears when it lands.  Returns the SVG and the seconds until
    the ball lands (0 if static).
    """
    weapon, angle, power = state.aim  # type: ignore[misc]
    seat = state.seat
    f = shot_flight(state, da, dp)
    points = trajectory(seat, weapon, angle + da, power + dp, f.s, n=28)
    path = _path(points)
    ex, ey = f.x, sy(f.y)
    colour = SIDE_COLOURS[seat]
    badge = ""
    if number:
        badge = (shape(seat, ex, ey - 15, 6.5, colour, ' stroke="#fff" stroke-width="1"')
                 + f'<text class="sg-badge" x="{_f(ex)}" y="{_f(ey - 15)}">{number}</text>')
    trace = (
        f'<path d="{path}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.55"/>'
        f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/>'
        f"{_impact(f.hit, ex, ey)}{badge}"
    )
    head = f'<g data-shot="{escape(f.hit)}" data-side="{seat}"'
    if not animate:
        return f"{head}>{trace}</g>", 0.0
    # quick enough to finish before a bot's next step (the session paces bots at 650 ms)
    dur = max(0.3, min(0.45, f.time * 0.6))
    sx0, sy0 = points[0][0], sy(points[0][1])
    smoke = (
        f'<circle cx="{_f(sx0)}" cy="{_f(sy0)}" r="4" fill="#d8d8d8" opacity="0">'
        f'<animate attributeName="r" from="4" to="16" dur="0.6s" fill="freeze"/>'
        f'<animate attributeName="opacity" values="0.8;0" dur="0.6s" fill="freeze"/></circle>'
    )
    ball = (
        f'<circle r="3.4" fill="#1c1c1c" stroke="#555" stroke-width="0.6" opacity="0">'
        f'<animateMotion path="{path}" dur="{dur:.2f}s" fill="freeze" calcMode="linear"/>'
        f'<animate attributeName="opacity" values="1;1;0" keyTimes="0;0.98;1" dur="{dur + 0.15:.2f}s" fill="freeze"/>'
        f"</circle>"
    )
    boom = (
        f'<g opacity="0">{_impact(f.hit, ex, ey)}<animate attributeName="opacity" values="0;1;0" dur="0.4s" '
        f'begin="{dur:.2f}s" fill="freeze"/></g>'
    )
    # the trace stays once the ball has landed (and with reduced motion, whose clock stands at the end)
    landed = f'<g opacity="0">{trace}<set attributeName="opacity" to="1" begin="{dur:.2f}s" fill="freeze"/></g>'
    return f'{head} data-flight="{dur:.2f}">{smoke}{ball}{boom}{landed}</g>', dur


#: How far along the rubble (scene mm, towards the door) a pirate off the fallen fort's top lies: lying
#: backwards from its foot, the west tower's would otherwise lie over the yard's pirate.
FORT_FALL_SHIFT = 14

#: How a fallen piece is left on the scene: lying, faded; the fort and the mainsail leave
#: their own remains (rubble, the crumpled sail), so their ghost fades out entirely.
FALLEN_OPACITY = {"fort": 0.0, "sail": 0.0}
GHOST_OPACITY = 0.5


def _fallen(before: Side, after: Side, seat: int, *, delay: float | None) -> str:
    """``seat``'s pieces that went down between ``before`` and ``after``, lying where they stood.

    ``delay`` animates them toppling once the ball lands (seconds); None draws
    them already down (a mark of what happened).
    """
    colour = SIDE_COLOURS[seat]
    pieces: list[tuple[str, str, Box]] = []
    #: how far each piece falls before it lies (scene mm): a pirate on a fort that fell lands on its rubble
    drops: dict[str, float] = {}
    shifts: dict[str, float] = {}
    for spot in before.spots:
        if spot not in after.spots:
            box = _pirate_box(before, seat, spot)
            pieces.append((f"spot:{spot}", _pirate(box, colour, spot == before.captain), box))
            drops[f"spot:{spot}"] = box.y1 - resting_height(before, after, seat, spot)
            if drops[f"spot:{spot}"]:
                # lying backwards from its foot, a pirate off the fort's top lies on the rubble, not on the yard's
                shifts[f"spot:{spot}"] = FORT_FALL_SHIFT
    for slot, b, a in zip(SLOTS, before.slots, after.slots):
        if b and not a:
            pieces.append((f"slot:{slot.name}", _cannon_target(slot.box, colour), slot.box))
    for k, (b, a) in enumerate(zip(before.palisades, after.palisades)):
        if b and not a:
            pieces.append((f"palisade:{k}", _palisade(PALISADES[seat][k]), PALISADES[seat][k]))
    if before.fort and not after.fort:
        pieces.append(("fort", _fort(colour), FORT))
    if before.rig and not after.rig:
        m = MAINSAIL
        sail = (
            f'<path d="M{m.d1} {_f(sy(m.y2))} H {m.d2} V {_f(sy(m.y1))} H {m.d1}Z" fill="url(#sg-sail)" '
            f'stroke="#b9ab88" stroke-width="0.8"/>'
        )
        pieces.append(("sail", sail, Box(m.d1, m.d2, 32, m.y2)))
    if before.chest and not after.chest:
        c = boat_box(LONGBOAT[before.boat_at], CHEST_OFFSET)
        pieces.append(("chest", _chest(c.d1, sy(c.y2), c.d2 - c.d1, c.y2 - c.y1), c))
    out = []
    for ident, art, box in pieces:
        # topple backwards (away from the shooter) about the piece's foot, and down to what is under it
        px, py = box.d1, sy(box.y1)
        rest = FALLEN_OPACITY.get(ident, GHOST_OPACITY)
        drop, shift = drops.get(ident, 0.0), shifts.get(ident, 0.0)
        if delay is None:
            if not rest:
                continue
            lying = f'<g transform="rotate(-80 {_f(px)} {_f(py)})">{art}</g>'
            if drop:
                lying = f'<g transform="translate({_f(shift)} {_f(drop)})">{lying}</g>'
            out.append(_mirror(seat, f'<g data-fallen="{ident}" data-drop="{_f(drop)}" opacity="{rest}">{lying}</g>'))
            continue
        toppling = (
            f'<g>{art}<animateTransform attributeName="transform" type="rotate" from="0 {_f(px)} {_f(py)}" '
            f'to="-80 {_f(px)} {_f(py)}" begin="{delay:.2f}s" dur="0.25s" fill="freeze"/></g>'
        )
        if drop:
            toppling = (
                f'<g>{toppling}<animateTransform attributeName="transform" type="translate" from="0 0" '
                f'to="{_f(shift)} {_f(drop)}" begin="{delay:.2f}s" dur="0.35s" fill="freeze"/></g>'
            )
        out.append(
            _mirror(
                seat,
                f'<g data-fallen="{ident}" data-drop="{_f(drop)}" data-topple="1">{toppling}<animate '
                f'attributeName="opacity" from="1" to="{rest}" begin="{delay + 0.15:.2f}s" dur="0.35s" fill="freeze"/></g>',
            )
        )
    return "".join(out)


def resting_height(before: Side, after: Side, seat: int, spot: str) -> float:
    """The height (scene mm) a pirate knocked off ``spot`` lies at: its own floor, or, when the fort it
    stood on fell with it (SG-14), the fort's rubble.

    >>> from engine.siege import Siege
    >>> red = Siege().new(2).sides[1]
    >>> resting_height(red, replace(red, fort=False, spots=red.spots[:-3]), 1, "t2"), FORT_RUBBLE.y2
    (30, 30)
    >>> resting_height(red, red, 1, "f1")
    20
    """
    floor = _pirate_box(before, seat, spot).y1
    if SPOT_INDEX[seat][spot].kind == "fort_top" and before.fort and not after.fort:
        return FORT_RUBBLE.y2
    return floor


def _turn_animation(seat: int, inner: str) -> str:
    """A brick swinging round to show its other broadside (SG-17)."""
    cx = (HULL.d1 + HULL.d2) / 2
    return (
        f'<g transform="translate({_f(cx)} 0)"><g><animateTransform attributeName="transform" type="scale" '
        f'values="1 1;0.05 1;1 1" dur="0.9s" fill="freeze"/><g transform="translate({_f(-cx)} 0)">{inner}</g></g></g>'
    )


# -- marks: what happened since the person's last action -----------------------------


def _centre(seat: int, box: Box) -> tuple[float, float]:
    return _sx(seat, (box.d1 + box.d2) / 2), sy((box.y1 + box.y2) / 2)


def _arrow(seat: int, start: tuple[float, float], end: tuple[float, float], kind: str, lift: float = 18) -> str:
    """A curved arrow in the side's colour and dash from ``start`` to ``end`` (scene points)."""
    (x1, y1), (x2, y2) = start, end
    mx, my = (x1 + x2) / 2, min(y1, y2) - lift
    colour = SIDE_COLOURS[seat]
    # the head points along the curve's last leg (control point to end)
    angle = math.atan2(y2 - my, x2 - mx)
    hx1, hy1 = x2 - 6 * math.cos(angle - 0.5), y2 - 6 * math.sin(angle - 0.5)
    hx2, hy2 = x2 - 6 * math.cos(angle + 0.5), y2 - 6 * math.sin(angle + 0.5)
    return (
        f'<g data-mark="{kind}" data-side="{seat}">'
        f'<path d="M{_f(x1)} {_f(y1)} Q {_f(mx)} {_f(my)} {_f(x2)} {_f(y2)}" fill="none" stroke="#ffffff" '
        f'stroke-width="3.2" opacity="0.6"/>'
        f'<path d="M{_f(x1)} {_f(y1)} Q {_f(mx)} {_f(my)} {_f(x2)} {_f(y2)}" fill="none" stroke="{colour}" '
        f'stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/>'
        f'<path d="M{_f(x2)} {_f(y2)} L {_f(hx1)} {_f(hy1)} L {_f(hx2)} {_f(hy2)}Z" fill="{colour}"/></g>'
    )


def _ring(seat: int, box: Box, kind: str) -> str:
    """A ring in the side's colour around something it just did (loaded a chest, replaced a target-cannon)."""
    x, y = _centre(seat, box)
    r = max(box.d2 - box.d1, box.y2 - box.y1) / 2 + 6
    return (f'<g data-mark="{kind}" data-side="{seat}"><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
            f'stroke="#ffffff" stroke-width="3.2" opacity="0.6"/><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" '
            f'fill="none" stroke="{SIDE_COLOURS[seat]}" stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/></g>')


def _turn_mark(seat: int) -> str:
    """A round arrow beside the hull's word of a brick that turned round (SG-17)."""
    cx, cy, r = _sx(seat, (HULL.d1 + HULL.d2) / 2) + 50, sy(HULL.y2) + 23, 6.5
    colour = SIDE_COLOURS[seat]
    arc = f"M{_f(cx + r)} {_f(cy)} A {r} {r} 0 1 1 {_f(cx)} {_f(cy - r)}"
    return (
        f'<g data-mark="turn" data-side="{seat}"><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{r + 3.5}" fill="#fffaf0" '
        f'stroke="{colour}" stroke-width="1"/><path d="{arc}" fill="none" stroke="{colour}" stroke-width="2"/>'
        f'<path d="M{_f(cx - 3.5)} {_f(cy - r - 3)} L {_f(cx + 2)} {_f(cy - r)} L {_f(cx - 3)} {_f(cy - r + 3.5)}Z" '
        f'fill="{colour}"/></g>'
    )


def decided_by(state: SiegeState) -> tuple[int, str] | None:
    """What ended the game (SG-02): the beaten side and "pirates" (none standing) or "cannons" (none standing,
    none to bring back); ``None`` while the game runs and after a draw.

    >>> from engine.siege import Siege
    >>> g = Siege(); s = g.new(2)
    >>> decided_by(s), decided_by(replace(s, phase=OVER, winner=0, sides=(s.sides[0], replace(s.sides[1], spots=()))))
    (None, (1, 'pirates'))
    """
    if state.phase != OVER or state.winner not in (0, 1):
        return None
    beaten = 1 - state.winner
    return beaten, "pirates" if not state.sides[beaten].spots else "cannons"


def _decided(state: SiegeState, decided: tuple[int, str], lang: str) -> str:
    """The beaten side's loss in words on its side of the scene (inside its close-up), its fallen
    target-cannons crossed out when they decided it."""
    seat, why = decided
    side = state.sides[seat]
    colour = SIDE_COLOURS[seat]
    out = [f'<g class="sg-decided" data-side="{seat}" data-why="{why}" pointer-events="none">']
    if why == "cannons":
        for slot, up in zip(SLOTS, side.slots):
            if up or slot.where not in ("island", side.facing()):
                continue
            x, y = _centre(seat, slot.box)
            cross = f"M{_f(x - 9)} {_f(y - 9)} L{_f(x + 9)} {_f(y + 9)} M{_f(x + 9)} {_f(y - 9)} L{_f(x - 9)} {_f(y + 9)}"
            out.append(f'<path data-slot="{slot.name}" d="{cross}" stroke="#fff" stroke-width="6" stroke-linecap="round"/>'
                       f'<path d="{cross}" stroke="{colour}" stroke-width="3" stroke-linecap="round"/>')
    lines = words(lang)["lost_" + why].format(side=side_name(seat, lang)).split("\n")
    x0, _y0, w0, _ = CLOSE_UPS[seat]
    cx, width = x0 + w0 / 2, max(len(line) for line in lines) * 8.4 + 24
    out.append(f'<rect x="{_f(cx - width / 2)}" y="64" width="{_f(width)}" height="{10 + 17 * len(lines)}" rx="7" '
               f'fill="#fffaf0" fill-opacity=".94" stroke="{colour}" stroke-width="2"/>')
    out.extend(f'<text class="sg-verdict" x="{_f(cx)}" y="{80 + 17 * k}" text-anchor="middle">{escape(line)}</text>'
               for k, line in enumerate(lines))
    out.append("</g>")
    return "".join(out)


def _is_shot(before: SiegeState, action: Action) -> bool:
    return before.phase == SCATTER and is_scatter_of(before.aim, action)


def marks(
    steps: Sequence[tuple[SiegeState, Action, SiegeState]], *, animate: bool
) -> tuple[str, str, tuple[tuple[int, ...], int] | None, int]:
    """What ``steps`` did, drawn on the scene: (marks, the animated shot, the last dice rolled and by whom,
    the seat whose brick swings round now or -1).

    Every shot leaves its trace and impact (numbered when there are several)
    and what it knocked down lying where it fell; moves, the longboat's trips
    and the crew leave arrows; a loaded chest or a replaced target-cannon a
    ring; a brick that turned a round arrow. With ``animate``, the last step
    plays (the ball flies, pieces topple, the brick swings) and its marks
    appear when it ends.
    """
    shots = sum(1 for before, action, _ in steps if _is_shot(before, action))
    out: list[str] = []
    flying = ""
    dice: tuple[tuple[int, ...], int] | None = None
    swing = -1
    number = 0
    for index, (before, action, after) in enumerate(steps):
        last = animate and index == len(steps) - 1
        seat = before.seat
        side, later = before.sides[seat], after.sides[seat]
        if _is_shot(before, action):
            number += 1
            drawing, landing = shot_drawing(before, action.da, action.dp, animate=last, number=number if shots > 1 else 0)
            enemy = 1 - seat
            fallen = _fallen(before.sides[enemy], after.sides[enemy], enemy, delay=landing if last else None)
            if last:
                flying = drawing + fallen
            else:
                out.append(drawing + fallen)
            continue
        if before.phase == ROLL and isinstance(action, Dice):
            dice = (action.faces, seat)
        for turned in (0, 1):
            if before.sides[turned].turned != after.sides[turned].turned:
                out.append(_turn_mark(turned))
                if last:
                    swing = turned
        kind = action.__class__
        if kind is Move:
            out.append(_arrow(seat, _centre(seat, _pirate_box(side, seat, action.src)),
                              _centre(seat, _pirate_box(later, seat, action.dst)), "move"))
        elif kind is Crew:
            out.append(_arrow(seat, _centre(seat, _pirate_box(side, seat, action.src)),
                              _centre(seat, _pirate_box(later, seat, "boat")), "crew"))
        elif action in (ROW_OUT, ROW_BACK):
            start, end = _centre(seat, LONGBOAT[side.boat_at]), _centre(seat, LONGBOAT[later.boat_at])
            out.append(_arrow(seat, (start[0], SEA_Y + 9), (end[0], SEA_Y + 9), "row", lift=-12))
        elif action == LOAD:
            out.append(_ring(seat, boat_box(LONGBOAT[later.boat_at], CHEST_OFFSET), "load"))
        elif kind is Replace:
            out.append(_ring(seat, SLOTS[SLOT_INDEX[action.slot]].box, "replace"))
    drawn = f'<g data-marks="{len(steps)}" pointer-events="none">{"".join(out)}</g>' if out else ""
    return drawn, flying, dice, swing


# -- aiming -----------------------------------------------------------------------


def muzzle(seat: int, weapon: str) -> tuple[float, float]:
    """SVG point of a weapon's muzzle."""
    w = WEAPONS[weapon]
    return _sx(seat, w.d), sy(w.y)


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


def _aim_arrow(seat: int, weapon: str, angle: int, power: int, lang: str = "en") -> str:
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
        f'<path d="M{_f(mx)} {_f(my)} L {_f(ex)} {_f(ey)}" stroke="{colour}" stroke-width="2.4" stroke-dasharray="6 3"/>'
        f'<path d="M{_f(ex)} {_f(ey)} L {_f(hx1)} {_f(hy1)} L {_f(hx2)} {_f(hy2)}Z" fill="{colour}"/>'
        f'<text class="sg-num" x="{_f(lx)}" y="{_f(ey - 4)}">{escape(text)}</text></g>'
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
            f'<path d="{_path(points)}" fill="none" stroke="{HINT_EDGE}" stroke-width="6" stroke-linecap="round"/>'
            f'<path d="{_path(points)}" fill="none" stroke="{HINT_FILL}" stroke-width="3.5" stroke-linecap="round" '
            f'stroke-dasharray="9 5"/>'
            f'<circle cx="{_f(end[0])}" cy="{_f(sy(end[1]))}" r="13" fill="none" stroke="{HINT_EDGE}" stroke-width="6"/>'
            f'<circle cx="{_f(end[0])}" cy="{_f(sy(end[1]))}" r="13" fill="none" stroke="{HINT_FILL}" stroke-width="3.5"/>'
            f"</g>")


def _training_path(state: SiegeState, weapon: str, angle: int, power: int, lang: str) -> str:
    seat = state.seat
    boxes = hitboxes(seat, layout(state, 1 - seat))
    f = flight(seat, weapon, angle, power, boxes)
    points = trajectory(seat, weapon, angle, power, f.s, n=28)
    mid = points[len(points) // 2]
    return (
        f'<g data-training="1" pointer-events="none"><path d="{_path(points)}" fill="none" stroke="#b36b00" '
        f'stroke-width="1.3" stroke-dasharray="2 3"/>'
        f'<text class="sg-training" x="{_f(mid[0])}" y="{_f(sy(mid[1]) - 6)}">{escape(words(lang)["training"])}</text></g>'
    )


def _dice(faces: tuple[int, ...], seat: int, lang: str) -> str:
    """The dice just rolled, framed in the roller's colour, with their words."""
    if not faces:
        return ""
    w = words(lang)
    colour = SIDE_COLOURS[seat]
    out = []
    for i, face in enumerate(faces):
        x = 470 + i * 34
        body = (f'<rect x="{x}" y="8" width="26" height="26" rx="5" fill="#fffaf0" stroke="{colour}" stroke-width="2.4" '
                f'filter="url(#sg-shadow)"/>')
        if face == COMPASS:
            pip = (
                f'<circle cx="{x + 13}" cy="21" r="9" fill="none" stroke="#5c3318" stroke-width="0.8"/>'
                f'<path d="M{x + 13} 12 L {x + 15.5} 21 L {x + 13} 30 L {x + 10.5} 21Z" fill="#c0392b"/>'
                f'<text x="{x + 13}" y="24" text-anchor="middle" font-size="8" font-weight="700" fill="#1c1c1c">3</text>'
            )
        else:
            pip = f'<text x="{x + 13}" y="27" text-anchor="middle" font-size="17" font-weight="800" fill="#1c1c1c">{face}</text>'
        out.append(f'<g data-die="{face}">{body}{pip}</g>')
    out.append(shape(seat, 470 - 9, 21, 4.5, colour))
    faces_words = " + ".join(w["compass"] if f == COMPASS else str(f) for f in faces)
    label = w["dice"].format(side=w["blue's" if seat == 0 else "red's"], faces=faces_words)
    return (f'<g data-dice="{seat}" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'{"".join(out)}</g>')


# -- the board ---------------------------------------------------------------------


def render(
    game: Any,
    state: SiegeState,
    *,
    lang: str = "en",
    steps: Sequence[tuple[SiegeState, Action, SiegeState]] = (),
    previous: SiegeState | None = None,
    last_action: Action | None = None,
    animate: bool = True,
    interactive: bool = False,
    aim: tuple[str, int, int] | None = None,
    training: bool = False,
    moves: dict[str, str] | None = None,
    pokes: dict[str, str] | None = None,
    selected: str = "",
    shots: tuple[tuple[str, int, int, float, float], ...] = (),
    caption: str = "",
    crop: tuple[float, float, float, float] | None = None,
    uid: str = "sg",
    role: str = "img",
    decided: tuple[int, str] | None = None,
    suggested: Action | None = None,
) -> str:
    """The battle scene as an ``<svg>`` string.

    ``steps`` are (before, action, after) to keep marked, oldest first (the
    other side's turn, or the person's own last shot); ``previous`` and
    ``last_action`` alone mark the last step.  ``animate`` plays the last
    step once (a ball in flight, what it knocked down, a brick turning).
    ``interactive`` takes the arrow keys and draws ``aim``'s arrow with its
    numbers; ``training`` adds the predicted flight, labelled.  ``moves`` maps
    the side's spots to ``data-act`` gestures (select a pirate, move it) and
    ``pokes`` the enemy's pirates to a click's answer.  ``shots`` draws static
    flights (weapon, angle, power, da, dp) fired by the seat to play in
    ``state`` (for the rules page); ``crop`` is a viewBox (x, y, w, h) to show
    part of the scene; ``uid`` prefixes the SVG ids when several scenes share
    a page: it is the drawing's id and the start of every id inside it, and
    the drawing's style reaches only itself (see :mod:`ui.svg`); ``role`` is
    the drawing's: "img" for a figure, "group" for the game's board, whose
    pieces are explored one by one.  The scene itself is the group
    ``#{uid}-scene`` (a close-up draws it again with ``<use>``).
    ``decided`` is what ended the game (:func:`decided_by`): the beaten
    side's loss is said on its side of the scene, its fallen target-cannons
    crossed out when they decided it.  ``suggested`` is a move to mark (the
    hint's, an analysed turn's better move): a shot's predicted flight in gold.
    """
    w = words(lang)
    moves = moves or {}
    if not steps and previous is not None and last_action is not None:
        steps = ((previous, last_action, state),)
    drawn_marks, flying, rolled, swing = marks(steps, animate=animate)
    if state.dice:
        rolled = (state.dice, state.seat)
    parts = [_scenery(), _treasure(state, lang)]
    for seat in (0, 1):
        art = _side_art(state, seat, lang)
        parts.append(_mirror(seat, _turn_animation(seat, art) if seat == swing else art))
    parts.append(drawn_marks)
    for seat in (0, 1):
        clickable = moves if (interactive and seat == state.seat) else {}
        poke = pokes if (interactive and seat != state.seat) else None
        parts.append(_pirates(state, seat, lang, clickable, selected if clickable else "", poke))
        parts.append(_free_spots(state, seat, lang, clickable))
        # the broadside that shows, in words on the hull
        side = state.sides[seat]
        name = side_name(seat, lang)
        hx = _sx(seat, (HULL.d1 + HULL.d2) / 2)
        facing = w["facing"].format(side=name, face=w[side.facing()])
        parts.append(
            f'<g data-facing="{side.facing()}" data-side="{seat}" role="img" aria-label="{escape(facing)}">'
            f'<text class="sg-hull" x="{_f(hx)}" y="{_f(sy(HULL.y2) + 26)}" text-anchor="middle">'
            f'{escape(w[side.facing()])}</text></g>'
        )
    for weapon, angle, power, da, dp in shots:
        aimed = replace(state, phase=SCATTER, aim=(weapon, angle, power))
        parts.append(shot_drawing(aimed, da, dp, animate=False)[0])
    parts.append(flying)
    if interactive and state.phase == ACT and aim is not None and game.may_fire(state):
        weapon, angle, power = aim
        if training:
            parts.append(_training_path(state, weapon, angle, power, lang))
        parts.append(_aim_arrow(state.seat, weapon, angle, power, lang))
    if suggested is not None:
        parts.append(suggestion_mark(state, suggested))
    if rolled is not None:
        parts.append(_dice(rolled[0], rolled[1], lang))
    if decided is not None:
        parts.append(_decided(state, decided, lang))
    box = f"0 0 {WIDTH} {VIEW_H}" if crop is None else " ".join(_f(v) for v in crop)
    keys = ' data-keys="aim" tabindex="0"' if interactive else ""
    title = caption or w["title"]
    scene = own_ids(f'{DEFS}<g id="sg-scene">{"".join(parts)}</g>', uid)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" viewBox="{box}" class="sg-board" role="{role}" '
        f'aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet"{keys}>'
        f'<title>{escape(title)}</title>{scoped_style(STYLE, uid)}{scene}</svg>'
    )


# -- the game page's board region ------------------------------------------------------

#: The board region's layout, in the view's own CSS. Siege's scene is a wide strip
#: (1000 x 290): on a desktop it takes the table's whole width (the players, the log
#: and the tools go below it, the two sides' panels side by side); under 600 px the
#: side under fire is shown again, close up, below the scene.
BOARD_STYLE = """<style>
body.game-siege .board{flex-direction:column;align-items:center;gap:.35rem}
.sg-stage{position:relative;width:min(100%,calc(var(--board-max-h,72vh)*1000/290));aspect-ratio:1000/290}
.sg-stage>svg{display:block;width:100%;height:100%}
.sg-grab{position:absolute;width:GRABpx;height:GRABpx;margin:-HALFpx 0 0 -HALFpx;border-radius:50%;border:3px dashed #ffd54a;
background:radial-gradient(circle,rgba(255,213,74,.45) 0 30%,rgba(255,255,255,.18) 31%);box-shadow:0 0 0 2px rgba(23,49,63,.55);
touch-action:none;cursor:grab;z-index:1}
.sg-grab:active{cursor:grabbing}
.sg-poke{cursor:help}
.sg-near{display:none;position:relative;width:100%}
svg.sg-zoom{display:none}
[data-region=siege-pad]{display:none}
@media (max-width:599px){
 .sg-near{display:block}
 svg.sg-zoom{display:block;width:100%;height:auto;border-radius:.4rem;box-shadow:0 0 0 1px #cfd9e2}
 .sg-stage>.sg-grab{display:none}
 [data-region=siege-pad]{display:block;position:absolute;inset:0;z-index:2;pointer-events:none}
 svg.sg-pad{display:block;width:100%;height:100%;overflow:visible}
 .sg-pad-grab{pointer-events:auto}
 .sg-stage g[data-aim] text{display:none}
}
@media (max-width:599px) and (max-height:760px){
 body.game-siege .action-bar{position:static}
}
@media (min-width:821px){
 body.game-siege main.table{grid-template-columns:minmax(0,1fr);grid-template-areas:"messages" "board" "side"}
 body.game-siege .side{position:static;max-height:none;overflow:visible;display:grid;
  grid-template-columns:minmax(0,3fr) minmax(15rem,2fr);grid-template-areas:"players goal" "players recap" "players logtitle" "players log" "tools tools" "saves saves";
  gap:.5rem 1rem;align-items:start}
 body.game-siege .side>.players{grid-area:players}
 body.game-siege .side>.goal{grid-area:goal}
 body.game-siege .side>.recap{grid-area:recap}
 body.game-siege .side>.log-title{grid-area:logtitle}
 body.game-siege .side>.log{grid-area:log;max-height:17rem}
 body.game-siege .side>.toolbar{grid-area:tools}
 body.game-siege .side>.saved-games{grid-area:saves}
}
</style>""".replace("GRAB", str(GRAB_PX)).replace("HALF", str(GRAB_PX // 2))


def grab_handle(seat: int, weapon: str, lang: str) -> str:
    """The handle a finger or a mouse drags from to aim (``data-drag="aim"``), laid over the launcher.

    It is HTML, positioned in percent of the scene and kept inside it (never
    clipped at the scene's edge), and :data:`GRAB_PX` CSS px across whatever
    the scene's size. Keyboard players aim with the scene's keys or the
    sliders, so it is no tab stop.

    >>> 'left:clamp(24px,1.2%,calc(100% - 24px))' in grab_handle(0, "cannon", "en")
    True
    """
    mx, my = muzzle(seat, weapon)
    half = GRAB_PX // 2
    left, top = 100 * mx / WIDTH, 100 * my / VIEW_H
    title = words(lang)["grab"].format(w=words(lang)[weapon])
    return (
        f'<div class="sg-grab" data-drag="aim" data-weapon="{weapon}" aria-hidden="true" title="{escape(title)}" '
        f'style="left:clamp({half}px,{_f(left)}%,calc(100% - {half}px));'
        f'top:clamp({half}px,{_f(top)}%,calc(100% - {half}px))"></div>'
    )


def close_up(seat: int, *, lang: str, you: int | None, uid: str = "sg") -> str:
    """``seat``'s side drawn again, big: the scene ``uid``'s ``#{uid}-scene`` in a viewBox of that side (small screens).

    A view of another drawing, and the one drawing that refers outside itself: it says which
    (``data-view-of``), and is always drawn beside that scene, in the same region.
    """
    x, y, w, h = CLOSE_UPS[seat]
    island = (ISLAND_NAMES_FR if lang == "fr" else ISLAND_NAMES)[seat]
    if seat == you:
        caption = words(lang)["your_close_up"].format(island=island)
    else:
        caption = words(lang)["close_up"].format(island=island, side=side_name(seat, lang))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}-close-up" class="sg-zoom" data-close-up="{seat}" '
        f'data-view-of="{uid}" viewBox="{x} {y} {w} {h}" aria-hidden="true" focusable="false" '
        f'preserveAspectRatio="xMidYMid meet">{scoped_style(CAPTION_STYLE, f"{uid}-close-up")}<use href="#{uid}-scene"/>'
        f'<text class="sg-caption" x="{_f(x + 6)}" y="{_f(y + 15)}">{escape(caption)}</text></svg>'
    )


def board_region(scene: str, *, handle: str = "", close: str = "", pad: bool = False) -> str:
    """The board region of the game page: the layout, the scene with its grab handle, the close-up.

    With ``pad``, the close-up holds the aim pad's place, the region ``siege-pad`` (see :func:`aim_pad`).
    """
    layer = '<div data-region="siege-pad"></div>' if pad else ""
    return f'{BOARD_STYLE}<div class="sg-stage">{scene}{handle}</div><div class="sg-near">{close}{layer}</div>'


PAD_STYLE = """
.sg-pad-text{font:800 PADTEXTpx system-ui,sans-serif;fill:#17313f;dominant-baseline:alphabetic}
.sg-pad-ring{font:700 15px system-ui,sans-serif;fill:#17313f;paint-order:stroke;stroke:#fff;stroke-width:3px}
""".replace("PADTEXT", str(PAD_TEXT))


def _chip(x: float, y: float, text: str, colour: str) -> str:
    """The pad's readout: bold numbers on a light chip, centred on x, baseline at y (pad units)."""
    width = 0.62 * PAD_TEXT * len(text) + 16
    left = x - width / 2
    return (
        f'<g data-readout="{escape(text)}"><rect x="{_f(left)}" y="{_f(y - PAD_TEXT - 3)}" width="{_f(width)}" '
        f'height="{PAD_TEXT + 11}" rx="8" fill="#fffdf6" fill-opacity="0.94" stroke="{colour}" stroke-width="2"/>'
        f'<text class="sg-pad-text" x="{_f(x)}" y="{_f(y)}" text-anchor="middle">{escape(text)}</text></g>'
    )


def aim_pad(
    seat: int,
    weapon: str,
    angle: int,
    power: int,
    *,
    lang: str,
    finger: tuple[float, float] | None = None,
    uid: str = "sg",
) -> str:
    """The aim pad of a phone: room to aim with a finger, laid over the close-up (the region ``siege-pad``).

    The scene is a strip a phone shows about 100 px tall: its launcher, arrow and numbers are a few
    pixels across and under the finger. The pad is a drawing of its own (:data:`PAD_W` x
    :data:`PAD_H` units, the close-up's box) with a grab handle (``data-drag="pad"``) in the corner on
    the shooter's side: a drag from it aims as on the scene (direction: elevation; length: power),
    :data:`PAD_SPAN` units for 100 %. While the finger drags (``finger``, the pad point it reached),
    the pad shows the weapon's range of elevations, the power's rings, the arrow and its numbers
    :data:`PAD_LIFT` units above the finger; at rest, only the launcher in its ring (the sliders
    below say its numbers), so that the close-up stays clear.
    """
    w = WEAPONS[weapon]
    colour = SIDE_COLOURS[seat]
    mx, my = PAD_MUZZLE[seat]
    sign = 1 if seat == 0 else -1
    text = f"{number(angle, lang)}° · {percent(power, lang)}"
    name = words(lang)[weapon]
    # the launcher under the handle, its barrel at the elevation set
    length, bore = (26, 9) if weapon == "cannon" else (20, 13)
    out: list[str] = [
        (f'<g transform="translate({_f(mx)} {_f(my)}) scale({sign} 1) rotate({-angle})">'
        f'<rect x="-8" y="{_f(-bore / 2)}" width="{length}" height="{bore}" rx="3" fill="#24282c" stroke="#fff" '
        f'stroke-width="1.5"/><rect x="-9" y="{_f(-bore / 2 + 1)}" width="4" height="{bore - 2}" rx="1" fill="{colour}"/></g>')
    ]
    if finger is not None:
        low, high = w.angles
        sweep = 0 if seat == 0 else 1
        a, b = pad_point(seat, low, 100), pad_point(seat, high, 100)
        out.append(
            f'<path d="M{_f(mx)} {_f(my)} L {_f(a[0])} {_f(a[1])} A {_f(PAD_SPAN)} {_f(PAD_SPAN)} 0 0 {sweep} '
            f'{_f(b[0])} {_f(b[1])}Z" fill="#ffffff" fill-opacity="0.28" stroke="#ffffff" stroke-opacity="0.8" '
            f'stroke-width="1.5"/>'
        )
        for ring in (w.powers[0], 50, 100):
            r = PAD_SPAN * ring / 100
            a, b = pad_point(seat, low, ring), pad_point(seat, high, ring)
            out.append(
                f'<path d="M{_f(a[0])} {_f(a[1])} A {_f(r)} {_f(r)} 0 0 {sweep} {_f(b[0])} {_f(b[1])}" fill="none" '
                f'stroke="#17313f" stroke-opacity="0.45" stroke-width="1.2" stroke-dasharray="4 4"/>'
            )
            if ring != w.powers[0]:
                lx, ly = pad_point(seat, low, ring)
                out.append(f'<text class="sg-pad-ring" x="{_f(lx)}" y="{_f(ly + 16)}" text-anchor="middle">{ring}%</text>')
        tx, ty = pad_point(seat, angle, power)
        rad = math.radians(angle)
        ux, uy = sign * math.cos(rad), -math.sin(rad)  # along the arrow
        far = (tx + ux * 60, ty + uy * 60)  # the line of sight goes on past the finger
        head = [(tx + ux * 6, ty + uy * 6), (tx - ux * 16 - uy * 10, ty - uy * 16 + ux * 10),
                (tx - ux * 16 + uy * 10, ty - uy * 16 - ux * 10)]
        out.append(
            f'<g data-pad-arrow="{angle} {power}">'
            f'<path d="M{_f(tx)} {_f(ty)} L {_f(far[0])} {_f(far[1])}" stroke="{colour}" stroke-width="2" '
            f'stroke-dasharray="3 5" opacity="0.9"/>'
            f'<path d="M{_f(mx)} {_f(my)} L {_f(tx)} {_f(ty)}" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>'
            f'<path d="M{_f(mx)} {_f(my)} L {_f(tx)} {_f(ty)}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M{" L ".join(f"{_f(x)} {_f(y)}" for x, y in head)}Z" fill="{colour}" stroke="#ffffff" '
            f'stroke-width="1.5"/></g>'
        )
        fx, fy = finger
        half = (0.62 * PAD_TEXT * len(text) + 16) / 2
        lx, ly = fx, fy - PAD_LIFT
        if ly - PAD_TEXT < -PAD_ROOM_ABOVE:
            # a finger high above the pad (a steep mortar): the numbers go beside it, where the sky is, not off screen
            lx, ly = fx + sign * (half + PAD_LIFT / 2), max(fy - 10, PAD_TEXT - PAD_SCREEN_ABOVE)
        out.append(_chip(min(max(lx, half + 2), PAD_W - half - 2), ly, text, colour))
    pad_uid = f"{uid}-pad"
    drawing = (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{pad_uid}" class="sg-pad" data-pad="{seat}" '
        f'data-aim="{weapon} {angle} {power}" viewBox="0 0 {PAD_W} {PAD_H}" preserveAspectRatio="xMidYMid meet" '
        f'aria-hidden="true" focusable="false" pointer-events="none">{scoped_style(PAD_STYLE, pad_uid)}'
        f'{"".join(out)}</svg>'
    )
    half = GRAB_PX // 2
    title = words(lang)["grab"].format(w=name)
    grab = (
        f'<div class="sg-grab sg-pad-grab" data-drag="pad" data-weapon="{weapon}" aria-hidden="true" '
        f'title="{escape(title)}" style="left:clamp({half}px,{_f(100 * mx / PAD_W)}%,calc(100% - {half}px));'
        f'top:clamp({half}px,{_f(100 * my / PAD_H)}%,calc(100% - {half}px))"></div>'
    )
    return drawing + grab

"""Piratissimo's sea as an SVG string: islands, chests, arrows, ports, ships,
the tornado and the compass, with SMIL animations of the last action.

A pure function of the state plus keyword-only view options, like
python-chess's ``chess.svg``: no DOM, no JavaScript.  Every id inside the SVG
starts with ``uid`` so several boards can live in one page (the rules page).

>>> from engine.piratissimo import Piratissimo
>>> import xml.etree.ElementTree as ET
>>> game = Piratissimo()
>>> svg = board_svg(game, game.apply(game.new(4), game.parse_action("start red")))
>>> ET.fromstring(svg).get("viewBox")
'0 0 1000 1000'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape

from engine.piratissimo import HOME, Piratissimo, PirState, Route, routes
from engine.piratissimo import data as D
from engine.piratissimo.actions import PIRATE, Action, Compass, Die, Tornado
from engine.piratissimo.rules import (
    BANKED,
    BLOWN,
    CAPSIZED,
    LOST,
    MISSED,
    OVER,
    RAID,
    RAID_SPIN,
    ROLL,
    SAIL,
    STOLEN,
    STORM_SPIN,
    TWISTER,
    Event,
    route_action,
    steps_of,
)
from engine.piratissimo.state import _FACE_OF
from ui.piratissimo import labels as L
from ui.piratissimo.gestures import CHANCE, TapIsland, play
from ui.piratissimo.names import EMBLEMS, mark_you
from ui.placement import Box, Disc, Shape, Tag, place
from ui.svg import SETTLE, scoped_style

SIZE = 1000
CX = CY = 500.0
R = 345.0  # radius of the ring of islands
ISLE = 36.0  # island radius
SHIP_OUT = 52.0  # a ship is drawn against its island's outer shore
SLOT = 40.0  # two ships on one island sit either side
NUMBER_IN = 44.0  # the island's number, on its inner shore
TORNADO_IN = 110.0  # the tornado and its stops, on the white arrows' side, clear of the numbers
COMPASS_R = 178.0
STEP_S = 0.15  # seconds per island: a 4 takes 0.6 s, within a bot's 650 ms pace

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
#: The smallest target a finger hits, in board units: 44 CSS px on a 390 px
#: phone, where the 1000-unit sea is drawn about 360 px wide.
FINGER = 124.0


def emblem(seat: int, size: float, fill: str, stroke: str = "none", width: float = 0) -> str:
    """The seat's emblem (circle, square, triangle, diamond) centred on (0, 0), ``size`` across.

    >>> emblem(1, 10, "#fff").startswith('<rect x="-4.4"')
    True
    """
    r = size / 2
    line = f' stroke="{stroke}" stroke-width="{_f(width)}" stroke-linejoin="round"' if stroke != "none" else ""
    shape = EMBLEMS[seat % len(EMBLEMS)]
    if shape == "circle":
        return f'<circle r="{_f(r)}" fill="{fill}"{line}/>'
    if shape == "square":
        k = r * 0.88
        return f'<rect x="{_f(-k)}" y="{_f(-k)}" width="{_f(2 * k)}" height="{_f(2 * k)}" fill="{fill}"{line}/>'
    if shape == "triangle":
        return f'<path d="M0 {_f(-r)} L{_f(r)} {_f(r * 0.8)} L{_f(-r)} {_f(r * 0.8)}z" fill="{fill}"{line}/>'
    return f'<path d="M0 {_f(-r)} L{_f(r)} 0 L0 {_f(r)} L{_f(-r)} 0z" fill="{fill}"{line}/>'

#: Text shown on the board, by language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Piratissimo: the sea of the Bermuda ring",
        "island": "Island {n}",
        "closed": "closed chest of {k}",
        "open": "open chest: must load 2",
        "sail": "Sail to island {n}",
        "shortcut": "Sail to island {n} by the shortcut (pay 1 treasure)",
        "home": "Stop in your home port and unload",
        "home_via": "Go home by the shortcut (pay 1 treasure) and unload",
        "tornado": "Move the tornado {k} to island {n}",
        "pirate": "Attempt piracy",
        "roll": "Roll the die",
        "spin": "Spin the compass",
        "capsized": "Capsized!",
        "stolen": "Piracy! +{k}",
        "missed": "Missed!",
        "lost": "-{k} to the hold",
        "lost_none": "Nothing to lose",
        "banked": "+{k} banked",
        "blown_on": "Blown on!",
        "winner": "Winner!",
        "homeward": "Blown home!",
        "storm_calm": "The storm passes",
        "port": "{name}: home port",
        "empty_port": "empty harbour",
        "aboard": "{name}: ship, {k} of 7 aboard",
        "tornado_here": "the tornado",
        "compass": "the compass",
        "die": "die: {face}",
        "tornado_face": "tornado",
        "calm": "calm",
        "lose": "lose 2",
        "blow": "blown on",
        "blown_home": "blown home",
        "reading_ruby": "the ruby counts",
        "reading_storm": "the storm counts",
        "loaded": "+{k}",
    },
    "fr": {
        "title": "Piratissimo : la mer du cercle des Bermudes",
        "island": "Île {n}",
        "closed": "coffre fermé de {k}",
        "open": "coffre ouvert : charger 2",
        "sail": "Naviguer jusqu’à l’île {n}",
        "shortcut": "Naviguer jusqu’à l’île {n} par le raccourci (payer 1 trésor)",
        "home": "S’arrêter au port d’attache et décharger",
        "home_via": "Rentrer au port par le raccourci (payer 1 trésor) et décharger",
        "tornado": "Déplacer la tornade de {k} jusqu’à l’île {n}",
        "pirate": "Tenter un acte de piraterie",
        "roll": "Lancer le dé",
        "spin": "Faire tourner le compas",
        "capsized": "Chavire !",
        "stolen": "Piraterie ! +{k}",
        "missed": "Raté !",
        "lost": "-{k} à la cale",
        "lost_none": "Rien à perdre",
        "banked": "+{k} au port",
        "blown_on": "Poussé !",
        "winner": "Vainqueur !",
        "homeward": "Renvoyé au port !",
        "storm_calm": "La tempête passe",
        "port": "{name} : port d’attache",
        "empty_port": "port vide",
        "aboard": "{name} : navire, {k} sur 7 à bord",
        "tornado_here": "la tornade",
        "compass": "le compas",
        "die": "dé : {face}",
        "tornado_face": "tornade",
        "calm": "calme",
        "lose": "perdre 2",
        "blow": "poussé",
        "blown_home": "renvoyé au port",
        "reading_ruby": "le rubis compte",
        "reading_storm": "la tempête compte",
        "loaded": "+{k}",
    },
}


def _f(v: float) -> str:
    """A coordinate with one decimal (short SVG text).

    >>> _f(12.0), _f(-0.04), _f(3.25)
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
    a = island_angle(island)
    x, y = island_xy(island, R + SHIP_OUT)
    if count == 1:
        return x, y
    shift = SLOT if rank == 0 else -SLOT
    return x - shift * math.sin(a), y + shift * math.cos(a)


@dataclass(frozen=True)
class Choice:
    """A clickable option drawn on the board: the action it plays."""

    action: Action
    x: float
    y: float
    label: str
    kind: str  # "sail", "shortcut", "home", "tornado", "pirate"
    path: str = ""  # the route to preview, as SVG path data

    @property
    def act(self) -> str:
        """Its ``data-act`` gesture (:mod:`ui.piratissimo.gestures`)."""
        return play(self.action)


# ----------------------------------------------------------------------------
# pieces of the picture
# ----------------------------------------------------------------------------


#: The drawing's own classes, scoped to it (:func:`ui.svg.scoped_style`): a page holds several seas.
STYLE = """
.pir-num{text-anchor:middle;font:700 18px 'Segoe UI',system-ui,sans-serif;fill:#6b4a1c}
.pir-chestnum{font:700 17px 'Segoe UI',system-ui,sans-serif;fill:#fff7d6;text-anchor:middle}
.pir-label{font:700 26px 'Segoe UI',system-ui,sans-serif;text-anchor:middle;paint-order:stroke;stroke:#06304a;stroke-width:5px;fill:#fff}
.pir-small{font:600 19px 'Segoe UI',system-ui,sans-serif;text-anchor:middle;fill:#fff}
.pir-fee-text{font-weight:700;paint-order:stroke;stroke:#06304a;stroke-width:4px}
.pir-portname{font:700 24px 'Segoe UI',system-ui,sans-serif;paint-order:stroke;stroke:#06304a;stroke-width:4px;fill:#fff}
.pir-choice{cursor:pointer}
.pir-choice:hover .pir-ring,.pir-choice:focus .pir-ring{stroke-width:7;fill-opacity:.35}
.pir-choice:focus{outline:none}
.pir-choice:focus-visible .pir-ring{stroke:#1d3557;stroke-width:9}
.pir-tap{cursor:pointer}
.pir-badge{font:700 27px 'Segoe UI',system-ui,sans-serif;text-anchor:middle;fill:#fff}
.pir-sector{font:600 15px 'Segoe UI',system-ui,sans-serif;text-anchor:middle;fill:#5a3d10}
"""


def _defs(u: str, grow: bool = True) -> str:
    """The drawing's gradients, markers, shapes and style; ``grow`` adds the phone's larger words."""
    hulls = "".join(
        f'<linearGradient id="{u}-hull{s}" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{main}"/><stop offset="1" stop-color="{dark}"/></linearGradient>'
        for s, (main, dark, _light) in enumerate(PALETTE)
    )
    # an arrowhead per seat for the routes it sailed (marks of what the others did)
    hulls += "".join(
        f'<marker id="{u}-arrow{s}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" '
        f'orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="{main}" stroke="#fff" stroke-width="1.2"/></marker>'
        for s, (main, _dark, _light) in enumerate(PALETTE)
    )
    return f"""<defs>
<radialGradient id="{u}-sea" cx="50%" cy="50%" r="72%"><stop offset="0" stop-color="#3fb7c9"/>
<stop offset=".55" stop-color="#1d86a8"/><stop offset="1" stop-color="#0d4d73"/></radialGradient>
<radialGradient id="{u}-sand" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="#fbe9b7"/>
<stop offset=".7" stop-color="#eccb84"/><stop offset="1" stop-color="#c9a35a"/></radialGradient>
<radialGradient id="{u}-shoal" cx="50%" cy="50%" r="50%"><stop offset=".6" stop-color="#7fe0dc" stop-opacity=".9"/>
<stop offset="1" stop-color="#7fe0dc" stop-opacity="0"/></radialGradient>
<linearGradient id="{u}-leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5fcf6a"/>
<stop offset="1" stop-color="#1f7a3a"/></linearGradient>
<radialGradient id="{u}-gold" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#fff6c2"/>
<stop offset=".5" stop-color="#f3c433"/><stop offset="1" stop-color="#b07a0c"/></radialGradient>
<linearGradient id="{u}-wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b36b2c"/>
<stop offset="1" stop-color="#6e3b12"/></linearGradient>
<radialGradient id="{u}-face" cx="50%" cy="45%" r="60%"><stop offset="0" stop-color="#fffaf0"/>
<stop offset=".8" stop-color="#f2e2c0"/><stop offset="1" stop-color="#cdb27c"/></radialGradient>
<radialGradient id="{u}-ruby" cx="40%" cy="35%" r="65%"><stop offset="0" stop-color="#ffb3b3"/>
<stop offset=".45" stop-color="#e0152f"/><stop offset="1" stop-color="#7a0011"/></radialGradient>
<linearGradient id="{u}-brass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7dc8b"/>
<stop offset=".5" stop-color="#c8952e"/><stop offset="1" stop-color="#7d5512"/></linearGradient>
<radialGradient id="{u}-storm" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#f4f6fa"/>
<stop offset="1" stop-color="#8794a8"/></radialGradient>
{hulls}
{_shapes(u)}
<clipPath id="{u}-frame"><rect width="{SIZE}" height="{SIZE}"/></clipPath>
<filter id="{u}-shadow" x="-30%" y="-30%" width="160%" height="160%">
<feDropShadow dx="2" dy="4" stdDeviation="3.5" flood-color="#062a40" flood-opacity=".45"/></filter>
<filter id="{u}-glow" x="-50%" y="-50%" width="200%" height="200%">
<feGaussianBlur stdDeviation="5" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
<marker id="{u}-red" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto">
<path d="M0 0 L10 5 L0 10 z" fill="#d3342c"/></marker>
<marker id="{u}-blue" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4.5" markerHeight="4.5" orient="auto">
<path d="M0 0 L10 5 L0 10 z" fill="#1f5fd1"/></marker>
<marker id="{u}-white" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4.5" markerHeight="4.5" orient="auto">
<path d="M0 0 L10 5 L0 10 z" fill="#ffffff"/></marker>
<marker id="{u}-tip" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto">
<path d="M0 0 L10 5 L0 10 z" fill="#ffd54a"/></marker>
</defs>
""" + scoped_style(STYLE, u) + (L.phone_style(u) if grow else "")


def _shapes(u: str) -> str:
    """Shapes drawn once and reused with <use>: the palm and the two chests."""
    closed = chest_icon(0, 0, 1, u)
    closed = closed[: closed.index('<text')] + "</g>"  # the number is drawn per island
    return (
        f'<g id="{u}-palm">{_palm(0, 0, u, 1.0)}</g>'
        f'<g id="{u}-chest">{closed}</g>'
        f'<g id="{u}-open">{chest_icon(0, 0, D.OPEN, u)}</g>'
    )


def _sea(u: str) -> str:
    waves = []
    for row in range(9):
        y = 60 + row * 110
        shift = 40 if row % 2 else 0
        d = " ".join(f"M{_f(x + shift)} {y} q 18 -10 36 0 t 36 0" for x in range(-40, 1000, 190))
        waves.append(d)
    return (
        f'<rect width="{SIZE}" height="{SIZE}" fill="url(#{u}-sea)"/>'
        f'<path d="{" ".join(waves)}" fill="none" stroke="#bff1f5" stroke-opacity=".28" stroke-width="3" '
        f'stroke-linecap="round" clip-path="url(#{u}-frame)"/>'
        f'<circle cx="{CX}" cy="{CY}" r="{R}" fill="none" stroke="#9fe7ea" stroke-opacity=".18" stroke-width="110"/>'
    )


def _palm(x: float, y: float, u: str, lean: float) -> str:
    """A palm tree: a curved trunk and five leaves, drawn as paths."""
    tx, ty = x + lean * 10, y - 40
    trunk = (
        f'<path d="M{_f(x)} {_f(y)} Q{_f(x + lean * 2)} {_f(y - 22)} {_f(tx)} {_f(ty)}" '
        'stroke="#7a4a1d" stroke-width="5.5" fill="none" stroke-linecap="round"/>'
        f'<path d="M{_f(x)} {_f(y)} Q{_f(x + lean * 2)} {_f(y - 22)} {_f(tx)} {_f(ty)}" '
        'stroke="#a8733b" stroke-width="5.5" fill="none" stroke-dasharray="2 5"/>'
    )
    leaves = []
    for deg in (-160, -115, -65, -20, 25):
        a = math.radians(deg)
        ex, ey = tx + 26 * math.cos(a), ty + 20 * math.sin(a) + 6
        mx, my = tx + 14 * math.cos(a - 0.5), ty + 12 * math.sin(a - 0.5) - 7
        nx, ny = tx + 14 * math.cos(a + 0.5), ty + 12 * math.sin(a + 0.5) - 3
        leaves.append(f"M{_f(tx)} {_f(ty)} Q{_f(mx)} {_f(my)} {_f(ex)} {_f(ey)} Q{_f(nx)} {_f(ny)} {_f(tx)} {_f(ty)}z")
    return (
        trunk
        + f'<path d="{" ".join(leaves)}" fill="url(#{u}-leaf)" stroke="#1b5e2c" stroke-width="1"/>'
        + f'<circle cx="{_f(tx - 2)}" cy="{_f(ty + 3)}" r="3" fill="#6b3f12"/>'
        + f'<circle cx="{_f(tx + 3)}" cy="{_f(ty + 4)}" r="3" fill="#6b3f12"/>'
    )


def chest_icon(x: float, y: float, chest: int, u: str, scale: float = 1.0) -> str:
    """A closed chest showing its number, or an open one spilling gold."""
    w, h = 30 * scale, 20 * scale
    left, top = x - w / 2, y - h / 2
    box = (
        f'<rect x="{_f(left)}" y="{_f(top)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(3 * scale)}" '
        f'fill="url(#{u}-wood)" stroke="#3f2208" stroke-width="1.4"/>'
        f'<rect x="{_f(left)}" y="{_f(top + h * 0.35)}" width="{_f(w)}" height="{_f(3 * scale)}" fill="#e3b341"/>'
    )
    if chest == D.OPEN:
        lid = (
            f'<path d="M{_f(left)} {_f(top)} L{_f(left + 3 * scale)} {_f(top - 13 * scale)} '
            f'L{_f(left + w + 3 * scale)} {_f(top - 13 * scale)} L{_f(left + w)} {_f(top)}z" '
            'fill="#8a4a17" stroke="#3f2208" stroke-width="1.4"/>'
        )
        coins = "".join(
            f'<circle cx="{_f(x + dx * scale)}" cy="{_f(top - 1 + dy * scale)}" r="{_f(4.6 * scale)}" '
            f'fill="url(#{u}-gold)" stroke="#8d5e06" stroke-width=".8"/>'
            for dx, dy in ((-8, 0), (0, -3), (8, 0), (-3, 3), (4, 3))
        )
        shine = (
            f'<path d="M{_f(x)} {_f(top - 24 * scale)} l2 6 6 2 -6 2 -2 6 -2 -6 -6 -2 6 -2z" fill="#fff7b0">'
            f'<animate attributeName="opacity" values=".2;1;.2" dur="2.4s" {SETTLE}/></path>'
        )
        return f'<g class="pir-chest-shape">{lid}{box}{coins}{shine}</g>'
    lid = (
        f'<path d="M{_f(left)} {_f(top)} Q{_f(x)} {_f(top - 11 * scale)} {_f(left + w)} {_f(top)}z" '
        'fill="#8a4a17" stroke="#3f2208" stroke-width="1.4"/>'
    )
    lock = f'<rect x="{_f(x - 3 * scale)}" y="{_f(top + h * 0.3)}" width="{_f(6 * scale)}" height="{_f(6 * scale)}" fill="#f3c433"/>'
    num = f'<text x="{_f(x)}" y="{_f(top + h - 2 * scale)}" class="pir-chestnum" font-size="{_f(13 * scale)}">{chest}</text>'
    return f'<g class="pir-chest-shape">{lid}{box}{lock}{num}</g>'


def _island(index: int, u: str, lang: str, tappable: bool = False) -> str:
    x, y = island_xy(index)
    chest = D.ISLANDS[index].chest
    # a slightly irregular shore so islands do not look stamped
    pts = []
    for k in range(10):
        a = k * math.pi / 5
        r = ISLE * (1 + 0.09 * math.sin(3 * a + index) + 0.05 * math.cos(5 * a + index * 2))
        pts.append((x + r * math.cos(a), y + 0.82 * r * math.sin(a)))
    d = "M" + " L".join(f"{_f(px)} {_f(py)}" for px, py in pts) + "z"
    w = WORDS[lang]
    what = w["island"].format(n=index + 1)
    if chest == D.OPEN:
        what += ", " + w["open"]
    elif chest > 0:
        what += ", " + w["closed"].format(k=chest)
    lean = -1.0 if index % 2 else 1.0
    body = [
        f'<ellipse cx="{_f(x)}" cy="{_f(y + 3)}" rx="{_f(ISLE + 14)}" ry="{_f(ISLE * 0.82 + 12)}" fill="url(#{u}-shoal)"/>',
        f'<path d="{d}" fill="url(#{u}-sand)" stroke="#b48a44" stroke-width="1.5" filter="url(#{u}-shadow)"/>',
        f'<ellipse cx="{_f(x - 10 * lean)}" cy="{_f(y + 2)}" rx="14" ry="8" fill="#7cc36a" opacity=".75"/>',
        f'<use href="#{u}-palm" transform="translate({_f(x - 12 * lean)} {_f(y + 6)}) scale({_f(lean)} 1)"/>',
    ]
    cx, cy = x + 13 * lean, y + 12
    if chest == D.OPEN:
        body.append(f'<g class="pir-chest-open"><use href="#{u}-open" transform="translate({_f(cx)} {_f(cy)})"/></g>')
    elif chest > 0:
        body.append(
            f'<g class="pir-chest-closed"><use href="#{u}-chest" transform="translate({_f(cx)} {_f(cy)})"/>'
            f'<text x="{_f(cx)}" y="{_f(cy + 8)}" class="pir-chestnum" font-size="13">{chest}</text></g>'
        )
    nx, ny = island_xy(index, R - NUMBER_IN)
    body.append(
        f'<g class="pir-isle-num" transform="translate({_f(nx)} {_f(ny)})"><g class="pir-grow-num">'
        f'<circle r="{_f(L.NUMBER_R)}" fill="#fffaf0" fill-opacity=".9" stroke="#b48a44"/>'
        f'<text y="6.5" class="pir-num">{index + 1}</text></g></g>'
    )
    # a tapped island answers: it sails there, moves the tornado there, or says in words why not
    tap = f' data-act="{TapIsland(index).text()}"' if tappable else ""
    kind = "pir-island pir-tap" if tappable else "pir-island"
    return f'<g class="{kind}" data-island="{index}"{tap}><title>{escape(what)}</title>{"".join(body)}</g>'


def _seen(x: float, y: float, crop: tuple[float, float, float, float] | None, margin: float = 90.0) -> bool:
    """Whether a point near (x, y) shows inside ``crop`` (figures skip the rest)."""
    if crop is None:
        return True
    left, top, width, height = crop
    return left - margin <= x <= left + width + margin and top - margin <= y <= top + height + margin


def _ring_arrows(u: str, crop: tuple[float, float, float, float] | None = None) -> str:
    red, white = [], []
    step = 2 * math.pi / D.RING
    for i in range(D.RING):
        if not _seen(*island_xy(i), crop):
            continue
        a0 = island_angle(i) + step * 0.36
        a1 = island_angle(i) + step * 0.64
        p0 = (CX + R * math.cos(a0), CY + R * math.sin(a0))
        p1 = (CX + R * math.cos(a1), CY + R * math.sin(a1))
        red.append(f"M{_f(p0[0])} {_f(p0[1])} A{R} {R} 0 0 1 {_f(p1[0])} {_f(p1[1])}")
        rw = R - 88
        q0 = (CX + rw * math.cos(a1), CY + rw * math.sin(a1))
        q1 = (CX + rw * math.cos(a0), CY + rw * math.sin(a0))
        white.append(f"M{_f(q0[0])} {_f(q0[1])} A{rw} {rw} 0 0 0 {_f(q1[0])} {_f(q1[1])}")
    red_svg = "".join(
        f'<path d="{d}" stroke="#d3342c" stroke-width="4.5" fill="none" marker-end="url(#{u}-red)"/>' for d in red
    )
    white_svg = "".join(
        f'<path d="{d}" stroke="#ffffff" stroke-opacity=".85" stroke-width="3" stroke-dasharray="6 4" fill="none" '
        f'marker-end="url(#{u}-white)"/>'
        for d in white
    )
    return f'<g class="pir-red-arrows">{red_svg}</g><g class="pir-white-arrows">{white_svg}</g>'


def shortcut_path(start: int, end: int) -> str:
    """The blue arrow from ``start`` to ``end``: a curve bowing into the sea."""
    x0, y0 = island_xy(start, R - 66)
    x1, y1 = island_xy(end, R - 66)
    mid = (island_angle(start) + island_angle(end)) / 2
    cx, cy = CX + (R - 165) * math.cos(mid), CY + (R - 165) * math.sin(mid)
    return f"M{_f(x0)} {_f(y0)} Q{_f(cx)} {_f(cy)} {_f(x1)} {_f(y1)}"


def _shortcuts(u: str) -> str:
    return '<g class="pir-blue-arrows">' + "".join(
        f'<path d="{shortcut_path(s.start, s.end)}" stroke="#1f5fd1" stroke-width="6" fill="none" '
        f'stroke-linecap="round" marker-end="url(#{u}-blue)" filter="url(#{u}-shadow)"/>'
        for s in D.SHORTCUTS
    ) + "</g>"


def _port(corner: int, seat: int | None, name: str, u: str, lang: str, label_text: str = "") -> str:
    """A harbour; ``name`` names its seat in the tooltip, ``label_text`` (default ``name``) on the board."""
    x, y = port_xy(corner)
    jx, jy = island_xy(D.PORTS[corner].join, R + 40)
    colour = PALETTE[seat][0] if seat is not None else "#8d99a6"
    dark = PALETTE[seat][1] if seat is not None else "#55606b"
    w = WORDS[lang]
    title = w["port"].format(name=name) if seat is not None else w["empty_port"]
    shown = label_text or name
    if len(shown) > 14:  # a long name is cut on the board (whole in the tooltip and the panels)
        shown = shown[:13].rstrip() + "…"
    pier = (
        f'<path d="M{_f(x)} {_f(y)} L{_f(jx)} {_f(jy)}" stroke="#6e4a22" stroke-width="10" stroke-linecap="round" '
        'stroke-dasharray="3 6" opacity=".8"/>'
    )
    quay = (
        f'<path d="M{_f(x - 70)} {_f(y + 18)} Q{_f(x)} {_f(y + 34)} {_f(x + 70)} {_f(y + 18)} L{_f(x + 60)} {_f(y - 22)} '
        f'Q{_f(x)} {_f(y - 40)} {_f(x - 60)} {_f(y - 22)}z" fill="#d9b77a" stroke="#8a6a33" stroke-width="2" '
        f'filter="url(#{u}-shadow)"/>'
    )
    house = (
        f'<rect x="{_f(x - 20)}" y="{_f(y - 34)}" width="40" height="28" fill="#f4ead6" stroke="#6b5130" stroke-width="1.5"/>'
        f'<path d="M{_f(x - 26)} {_f(y - 32)} L{_f(x)} {_f(y - 54)} L{_f(x + 26)} {_f(y - 32)}z" fill="{dark}"/>'
        f'<rect x="{_f(x - 5)}" y="{_f(y - 20)}" width="10" height="14" fill="#6b4a22"/>'
        f'<line x1="{_f(x + 34)}" y1="{_f(y - 6)}" x2="{_f(x + 34)}" y2="{_f(y - 62)}" stroke="#4d3a22" stroke-width="3"/>'
        # the flag waves about its pole (a skew about the board's origin swung the right-hand flags off the sea)
        f'<g transform="translate({_f(x + 34)} {_f(y - 62)})"><g>'
        f'<animateTransform attributeName="transform" type="skewY" values="0;6;0;-4;0" dur="3s" {SETTLE}/>'
        f'<path d="M0 0 h36 v26 h-36z" fill="{colour}" stroke="{dark}" stroke-width="1.5"/>'
        + (f'<g transform="translate(18 13)">{emblem(seat, 15, "#fff")}</g>' if seat is not None else "")
        + "</g></g>"
    )
    label = ""
    if seat is not None:
        nx, ny, anchor = port_name_xy(corner)
        label = (
            f'<g class="pir-port-name" transform="translate({_f(nx)} {_f(ny)})"><g class="pir-grow-port">'
            f'<text y="{_f(L.PORT_FONT * 0.35)}" class="pir-portname" text-anchor="{anchor}" style="stroke:{dark}">'
            f'{escape(shown)}</text></g></g>'
        )
    return f'<g class="pir-port" data-corner="{corner}"><title>{escape(title)}</title>{pier}{quay}{house}{label}</g>'


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


def _tornado(x: float, y: float, u: str) -> str:
    """A grey funnel of whirling rings, wide at the top."""
    rings = []
    for k in range(8):
        shade = "#dfe6ef" if k % 2 else "#b9c4d3"
        rings.append(
            f'<ellipse cx="{_f(4 * math.sin(k))}" cy="{-k * 9}" rx="{_f(6 + k * 3.4)}" ry="{_f(2.5 + k * 0.9)}" '
            f'fill="{shade}" fill-opacity=".6" stroke="#4f5d73" stroke-width="{_f(3.4 - k * 0.2)}"/>'
        )
    spin = (
        f'<animateTransform attributeName="transform" type="skewX" values="0;6;0;-6;0" dur="1.4s" {SETTLE}/>'
    )
    return (
        f'<g class="pir-tornado" transform="translate({_f(x)} {_f(y + 22)})">'
        f'<ellipse cx="0" cy="4" rx="26" ry="7" fill="#0b3550" opacity=".35"/>'
        f'<g>{spin}{"".join(reversed(rings))}</g></g>'
    )


def sector_angle(index: int) -> float:
    """The needle's angle in degrees (0 = up, clockwise) for sector ``index``."""
    return index * 360.0 / len(D.COMPASS)


def _storm_icon(storm: str, x: float, y: float, u: str) -> str:
    if storm == "lose":
        return (
            f'<circle cx="{_f(x - 6)}" cy="{_f(y - 4)}" r="6" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
            f'<circle cx="{_f(x + 6)}" cy="{_f(y - 4)}" r="6" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
            f'<path d="M{_f(x)} {_f(y + 4)} v10 m-5 -5 l5 5 5 -5" stroke="#1d4f8c" stroke-width="2.5" fill="none"/>'
        )
    if storm == "blow":
        return (
            f'<path d="M{_f(x - 12)} {_f(y + 6)} Q{_f(x)} {_f(y - 16)} {_f(x + 12)} {_f(y + 2)}" stroke="#1d4f8c" '
            f'stroke-width="3.5" fill="none" marker-end="url(#{u}-blue)"/>'
        )
    if storm == "home":
        return (
            f'<path d="M{_f(x - 11)} {_f(y)} L{_f(x)} {_f(y - 11)} L{_f(x + 11)} {_f(y)}z" fill="#8e1f1c"/>'
            f'<rect x="{_f(x - 8)}" y="{_f(y)}" width="16" height="11" fill="#f4ead6" stroke="#6b5130"/>'
        )
    rays = "".join(
        f'<line x1="{_f(x + 8 * math.cos(k * math.pi / 4))}" y1="{_f(y + 8 * math.sin(k * math.pi / 4))}" '
        f'x2="{_f(x + 13 * math.cos(k * math.pi / 4))}" y2="{_f(y + 13 * math.sin(k * math.pi / 4))}" '
        'stroke="#e29a12" stroke-width="2.5"/>'
        for k in range(8)
    )
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="6" fill="#f6c33b"/>{rays}'


def _compass(u: str, lang: str, spun: int | None, reading: str, rest: int = 0) -> str:
    """The compass: 8 sectors with rubies and tornado actions, and its needle.

    ``spun`` is the sector the last chance step chose (the needle spins and
    stops there); ``reading`` is "ruby" or "storm" to light what counts.
    """
    n = len(D.COMPASS)
    parts = [
        f'<circle cx="{CX}" cy="{CY}" r="{COMPASS_R + 14}" fill="url(#{u}-brass)" filter="url(#{u}-shadow)"/>',
        f'<circle cx="{CX}" cy="{CY}" r="{COMPASS_R}" fill="url(#{u}-face)"/>',
    ]
    w = WORDS[lang]
    for k, sector in enumerate(D.COMPASS):
        a0 = math.radians(sector_angle(k) - 90 - 180 / n)
        a1 = math.radians(sector_angle(k) - 90 + 180 / n)
        x0, y0 = CX + COMPASS_R * math.cos(a0), CY + COMPASS_R * math.sin(a0)
        x1, y1 = CX + COMPASS_R * math.cos(a1), CY + COMPASS_R * math.sin(a1)
        fill = "#f7ecd2" if k % 2 else "#efdcb3"
        lit = spun == k
        if lit:
            fill = "#ffe27a"
        parts.append(
            f'<path d="M{CX} {CY} L{_f(x0)} {_f(y0)} A{COMPASS_R} {COMPASS_R} 0 0 1 {_f(x1)} {_f(y1)}z" '
            f'fill="{fill}" stroke="#b08a4a" stroke-width="1.2"'
            + (f' filter="url(#{u}-glow)"' if lit else "")
            + "/>"
        )
        mid = math.radians(sector_angle(k) - 90)
        gx, gy = CX + (COMPASS_R - 22) * math.cos(mid), CY + (COMPASS_R - 22) * math.sin(mid)
        if sector.ruby:
            parts.append(
                f'<path d="M{_f(gx)} {_f(gy - 13)} l11 9 -11 15 -11 -15z" fill="url(#{u}-ruby)" stroke="#5c000c" '
                'stroke-width="1.2"/>'
                f'<path d="M{_f(gx - 4)} {_f(gy - 5)} l4 -4 3 3z" fill="#fff" opacity=".7"/>'
            )
        ix, iy = CX + (COMPASS_R - 72) * math.cos(mid), CY + (COMPASS_R - 72) * math.sin(mid)
        storm_name = {"lose": w["lose"], "blow": w["blow"], "home": w["blown_home"], "calm": w["calm"]}[sector.storm]
        parts.append(f'<g><title>{escape(storm_name)}</title>{_storm_icon(sector.storm, ix, iy, u)}</g>')
        tx, ty = CX + (COMPASS_R - 110) * math.cos(mid), CY + (COMPASS_R - 110) * math.sin(mid)
        parts.append(f'<text x="{_f(tx)}" y="{_f(ty + 5)}" class="pir-sector">{k + 1}</text>')
    final = sector_angle(spun if spun is not None else rest)
    if spun is not None:
        motion = (
            f'<animateTransform attributeName="transform" type="rotate" from="{_f(final - 1080)} {CX} {CY}" '
            f'to="{_f(final)} {CX} {CY}" dur="1.2s" calcMode="spline" keySplines="0.15 0.6 0.3 1" keyTimes="0;1" '
            'fill="freeze"/>'
        )
    else:
        motion = (
            f'<animateTransform attributeName="transform" type="rotate" '
            f'values="{_f(final)} {CX} {CY};{_f(final + 3)} {CX} {CY};{_f(final - 3)} {CX} {CY};{_f(final)} {CX} {CY}" '
            f'dur="5s" {SETTLE}/>'
        )
    needle = (
        f'<g class="pir-needle" transform="rotate({_f(final)} {CX} {CY})">{motion}'
        f'<path d="M{CX} {CY - COMPASS_R + 34} L{CX + 13} {CY} L{CX} {CY + 42} L{CX - 13} {CY}z" fill="#c0392b" '
        'stroke="#5e120b" stroke-width="1.5"/>'
        f'<path d="M{CX} {CY - COMPASS_R + 34} L{CX + 13} {CY} L{CX} {CY}z" fill="#e0584a"/>'
        f'<path d="M{CX} {CY + 42} L{CX + 13} {CY} L{CX - 13} {CY}z" fill="#2c3e50"/></g>'
        f'<circle cx="{CX}" cy="{CY}" r="14" fill="url(#{u}-brass)" stroke="#6b4a12" stroke-width="2"/>'
    )
    title = w["compass"]
    if reading:
        title += f" ({w['reading_' + reading]})"
    return f'<g class="pir-compass"><title>{escape(title)}</title>{"".join(parts)}{needle}</g>'


#: Where the die is drawn for the seat whose port is in each corner: along
#: the sea's edge beside its harbour, clear of ships and islands.
DIE_SPOTS: tuple[tuple[float, float], ...] = ((36.0, 340.0), (660.0, 36.0), (964.0, 660.0), (340.0, 964.0))


def _die(face: int, u: str, lang: str, rolled: bool, corner: int) -> str:
    """The die face being played beside the roller's port, tumbling when just rolled."""
    x, y = DIE_SPOTS[corner]
    w = WORDS[lang]
    label = w["tornado_face"] if face == D.TORNADO_FACE else str(face)
    pips = {1: [(0, 0)], 2: [(-9, -9), (9, 9)], 3: [(-10, -10), (0, 0), (10, 10)], 4: [(-9, -9), (9, -9), (-9, 9), (9, 9)]}
    if face == D.TORNADO_FACE:
        inner = "".join(
            f'<ellipse cx="{_f(x + 2 * math.sin(k))}" cy="{_f(y + 10 - k * 6)}" rx="{3 + k * 2.4}" ry="{1.5 + k * .5}" '
            'fill="none" stroke="#5d6b80" stroke-width="2"/>'
            for k in range(5)
        )
    else:
        inner = "".join(f'<circle cx="{_f(x + dx)}" cy="{_f(y + dy)}" r="4.6" fill="#1b2430"/>' for dx, dy in pips[face])
    tumble = (
        f'<animateTransform attributeName="transform" type="rotate" from="-200 {_f(x)} {_f(y)}" to="0 {_f(x)} {_f(y)}" '
        'dur=".6s" fill="freeze"/>'
        if rolled
        else ""
    )
    return (
        f'<g class="pir-die"><title>{escape(w["die"].format(face=label))}</title><g>{tumble}'
        f'<rect x="{_f(x - 24)}" y="{_f(y - 24)}" width="48" height="48" rx="9" fill="#fffdf7" stroke="#8a7a5a" '
        f'stroke-width="2" filter="url(#{u}-shadow)"/>{inner}</g></g>'
    )


# ----------------------------------------------------------------------------
# motion: routes of the last action as SVG paths
# ----------------------------------------------------------------------------


def _water(island: int, lane: float = 0.0) -> tuple[float, float]:
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
        x, y = _water(start, lane)
    d = [f"M{_f(x)} {_f(y)}"]
    here = start
    for rank, island in enumerate(path):
        tx, ty = _water(island, lane)
        if end_xy is not None and rank == len(path) - 1:
            tx, ty = end_xy
        if here != HOME and D.SHORTCUT_FROM.get(here) == island and D.ISLANDS[here].red != island:
            mid = (island_angle(here) + island_angle(island)) / 2
            cx, cy = CX + (R - 150) * math.cos(mid), CY + (R - 150) * math.sin(mid)
            d.append(f"Q{_f(cx)} {_f(cy)} {_f(tx)} {_f(ty)}")
        elif here == HOME:
            d.append(f"L{_f(tx)} {_f(ty)}")
        else:
            rr = R + SHIP_OUT + lane
            d.append(f"A{_f(rr)} {_f(rr)} 0 0 1 {_f(tx)} {_f(ty)}")
        here = island
    return " ".join(d)


_TOKEN = re.compile(r"[MLQA]|-?\d+(?:\.\d+)?")
_ARITY = {"M": 2, "L": 2, "Q": 4, "A": 7}


def relative_path(d: str, dx: float, dy: float) -> str:
    """Path data ``d`` (absolute M/L/Q/A commands) moved by (-dx, -dy).

    >>> relative_path("M10 20 L30 40 A5 5 0 0 1 50 60", 10, 20)
    'M0 0 L20 20 A5 5 0 0 1 40 40'
    """
    tokens = _TOKEN.findall(d)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        args = [float(v) for v in tokens[i + 1 : i + 1 + _ARITY[cmd]]]
        if cmd == "A":
            args[5] -= dx
            args[6] -= dy
        else:
            args = [v - (dx if k % 2 == 0 else dy) for k, v in enumerate(args)]
        out.append(cmd + " ".join(_f(v) for v in args))
        i += 1 + _ARITY[cmd]
    return " ".join(out)


def last_events(game: Piratissimo, previous: PirState | None, last_action: Action | None) -> list[Event]:
    """What the last action did, as engine events (empty if unknown)."""
    if previous is None or last_action is None:
        return []
    log: list[Event] = []
    try:
        game.step(previous, last_action, log)
    except Exception:  # a stale pair from an older page: draw no animation
        return []
    return log


# ----------------------------------------------------------------------------
# choices for the person to act on
# ----------------------------------------------------------------------------


def choices(game: Piratissimo, state: PirState, lang: str = "en") -> list[Choice]:
    """The board's clickable options in this position (for the acting seat).

    >>> from engine.piratissimo import Piratissimo
    >>> from engine.piratissimo.rules import PirState
    >>> g = Piratissimo()
    >>> s = g.apply(g.apply(g.new(2), g.parse_action("start red")), g.parse_action("die tornado"))
    >>> [c.act for c in choices(g, s)]
    ['do tornado 1', 'do tornado 2', 'do tornado 3', 'do tornado 4']
    """
    w = WORDS[lang]
    seat = state.seat
    out: list[Choice] = []
    if state.phase == SAIL:
        for route in routes(state, seat, steps_of(state.die)):
            action = route_action(route)
            path = route_points(state, seat, state.pos[seat], route.path)
            if route.dest == HOME:
                x, y = port_xy(D.CORNERS[len(state.pos)][seat])
                out.append(Choice(action, x, y + 10, w["home_via" if route.via >= 0 else "home"], "home", path))
            else:
                x, y = island_xy(route.dest)
                kind = "shortcut" if route.via >= 0 else "sail"
                label = (w["shortcut"] if route.via >= 0 else w["sail"]).format(n=route.dest + 1)
                out.append(Choice(action, x, y, label, kind, path))
    elif state.phase == TWISTER:
        here = state.tornado
        for k in range(1, D.TORNADO_MAX + 1):
            here = D.ISLANDS[here].white
            x, y = island_xy(here, R - TORNADO_IN)
            out.append(Choice(Tornado(k), x, y, w["tornado"].format(k=k, n=here + 1), "tornado"))
    elif state.phase == RAID:
        x, y = island_xy(state.pos[seat], R + SHIP_OUT)
        out.append(Choice(PIRATE, x, y - 70, w["pirate"], "pirate"))
    return out


#: The suggestion's colours: a gold no ship wears, on a dark casing that reads over the sea and the islands.
HINT_FILL, HINT_EDGE = "#f5b800", "#3b2a00"


def suggestion_mark(game: Piratissimo, state: PirState, action: Action, u: str) -> str:
    """A suggested move on the sea: its route (a sail, a shortcut, the tornado's stop) and a gold ring where it ends.

    An action with no place on the sea (loading, passing) draws nothing: the hint's words say it.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo()
    >>> from engine.piratissimo.actions import PASS, Start, Tornado
    >>> s = g.apply(g.apply(g.new(2), Start(0)), Die("tornado"))
    >>> 'data-hint="do tornado 2"' in suggestion_mark(g, s, Tornado(2), "pir"), suggestion_mark(g, s, PASS, "pir")
    (True, '')
    """
    found = next((c for c in choices(game, state) if c.action == action), None)
    if found is None:
        return ""
    route = ""
    if found.path:
        route = (f'<path d="{found.path}" fill="none" stroke="{HINT_EDGE}" stroke-width="13" stroke-linecap="round"/>'
                 f'<path d="{found.path}" fill="none" stroke="{HINT_FILL}" stroke-width="8" stroke-linecap="round" '
                 f'marker-end="url(#{u}-tip)"/>')
    radius = {"home": 84, "tornado": 36}.get(found.kind, 54)
    return (f'<g class="pir-hint" data-hint="{escape(found.act)}" aria-hidden="true" pointer-events="none">{route}'
            f'<circle cx="{_f(found.x)}" cy="{_f(found.y)}" r="{radius}" fill="none" stroke="{HINT_EDGE}" stroke-width="11"/>'
            f'<circle cx="{_f(found.x)}" cy="{_f(found.y)}" r="{radius}" fill="none" stroke="{HINT_FILL}" stroke-width="7" '
            f'stroke-dasharray="16 8"/></g>')


def _hit_area(c: Choice) -> str:
    """A choice's invisible target: a circle :data:`FINGER` across, or, for the tornado's
    stops (islands only 75 units apart along its ring), an ellipse that long along the island's ray."""
    if c.kind == "tornado":
        a = math.degrees(math.atan2(c.y - CY, c.x - CX))
        return (
            f'<ellipse class="pir-hit" cx="{_f(c.x)}" cy="{_f(c.y)}" rx="{_f(FINGER / 2)}" ry="37" fill="#fff" '
            f'fill-opacity="0" transform="rotate({_f(a)} {_f(c.x)} {_f(c.y)})"/>'
        )
    return f'<circle class="pir-hit" cx="{_f(c.x)}" cy="{_f(c.y)}" r="{_f(max(FINGER / 2, 78 if c.kind == "home" else 0))}" fill="#fff" fill-opacity="0"/>'


def _choice_svg(c: Choice, index: int, u: str, active: bool = True) -> str:
    colour = {"sail": "#ffd54a", "shortcut": "#5aa0ff", "home": "#7CFC9A", "tornado": "#ffffff", "pirate": "#ff6b6b"}[c.kind]
    preview = ""
    if c.path:
        preview = (
            f'<path d="{c.path}" fill="none" stroke="{colour}" stroke-width="5" stroke-dasharray="10 8" '
            f'stroke-linecap="round" opacity=".9" marker-end="url(#{u}-tip)">'
            f'<animate attributeName="stroke-dashoffset" from="36" to="0" dur="1s" {SETTLE}/></path>'
        )
    radius = {"home": 78, "tornado": 30}.get(c.kind, 48)
    mark = ""
    if c.kind == "shortcut":
        mark = (
            f'<g class="pir-fee" transform="translate({_f(c.x + 34)} {_f(c.y - 34)})"><g class="pir-grow-fee">'
            '<circle r="15" fill="#1f5fd1" stroke="#fff" stroke-width="2"/>'
            f'<circle r="7" fill="url(#{u}-gold)"/><text y="30" class="pir-small pir-fee-text">-1</text></g></g>'
        )
    elif c.kind == "tornado":  # the number grows on a phone like the labels
        mark = (
            f'<g transform="translate({_f(c.x)} {_f(c.y)})"><g class="pir-grow-label">'
            f'<text y="9" class="pir-label">{c.action.distance}</text></g></g>'
        )
    elif c.kind == "pirate":
        mark = (
            f'<g transform="translate({_f(c.x)} {_f(c.y)})" stroke="#3b2a12" stroke-width="5" stroke-linecap="round">'
            '<line x1="-16" y1="-16" x2="16" y2="16"/><line x1="16" y1="-16" x2="-16" y2="16"/></g>'
        )
        radius = 30
    ring = (
        f'<circle class="pir-ring" cx="{_f(c.x)}" cy="{_f(c.y)}" r="{radius}" fill="{colour}" fill-opacity=".18" '
        f'stroke="{colour}" stroke-width="5" stroke-dasharray="14 7">'
        f'<animate attributeName="r" values="{radius};{radius + 5};{radius}" dur="1.6s" {SETTLE}/></circle>'
    )
    if active:  # an invisible target a finger can hit, however small the ring looks
        ring += _hit_area(c)
    if not active:  # a still picture (rules page): the same look, nothing to press
        return f'<g class="pir-option pir-choice-{c.kind}"><title>{escape(c.label)}</title>{preview}{ring}{mark}</g>'
    return (
        f'<g class="pir-choice pir-choice-{c.kind}" data-act="{escape(c.act)}" role="button" tabindex="0" '
        f'aria-label="{escape(c.label)}"><title>{escape(c.label)}</title>{preview}{ring}{mark}</g>'
    )


# ----------------------------------------------------------------------------
# the whole board
# ----------------------------------------------------------------------------


def board_svg(
    game: Piratissimo,
    state: PirState,
    *,
    previous: PirState | None = None,
    last_action: Action | None = None,
    names: tuple[str, ...] = (),
    interactive: bool = False,
    lang: str = "en",
    uid: str = "pir",
    animate: bool = True,
    trace: bool = False,
    show_options: bool = False,
    crop: tuple[float, float, float, float] | None = None,
    title: str = "",
    recent: tuple[tuple[PirState, str], ...] = (),
    you: int | None = None,
    tappable: bool = False,
    won: tuple[int, ...] = (),
    suggested: str | None = None,
) -> str:
    """The sea as an ``<svg>`` string that scales to its container.

    ``previous``/``last_action`` drive the animations (the route sailed, the
    compass spin, a capsize, a piracy); ``animate`` False draws the position
    still (a redraw of the same position, reduced motion); ``interactive``
    draws the acting seat's options as buttons (``data-act``);
    ``show_options`` draws them without buttons (figures); ``trace`` keeps
    the last route drawn (for still figures); ``crop`` (x, y, width, height)
    shows part of the sea; ``uid`` is the drawing's id and prefixes every id
    inside it, and its style reaches only this drawing: give each drawing of
    one page its own (see :mod:`ui.svg`).

    ``names`` are the players' names by seat (the board says them with their
    colour); ``you`` is the seat of the person at this screen; ``recent`` the
    others' actions since that person's last one, as (state before, action):
    each is marked on the sea in its seat's colour (routes, the dice, loads,
    piracy, the tornado and its storm, capsizes, banking) until the person
    acts. ``tappable`` lets a tap on an island answer (``island <n>``).
    ``won`` are the seats that won the game: their harbour (the bank that
    reached the goal) and their ship are ringed in gold.  ``suggested`` is a
    move to mark (the hint's, an analysed turn's better move): its route and
    destination in gold, when it has a place on the sea.
    """
    lang = lang if lang in WORDS else "en"
    w = WORDS[lang]
    u = uid
    n = len(state.pos)
    colours = tuple(c.capitalize() for c in (D.COLOURS_FR if lang == "fr" else D.COLOURS))
    # the board names a seat as the panels do: the player and the colour ("Captain Bot (Blue)")
    seat_names = tuple(f"{names[s]} ({colours[s]})" if s < len(names) else colours[s] for s in range(n))
    port_labels = tuple(names[s] if s < len(names) else colours[s] for s in range(n))
    marks = recent_marks(game, recent, you=you, lang=lang) if recent else []
    events = last_events(game, previous, last_action) if (animate or trace) else []
    box = " ".join(_f(v) for v in crop) if crop else f"0 0 {SIZE} {SIZE}"
    spun = None
    reading = ""
    if isinstance(last_action, Compass) and previous is not None:
        spun = last_action.sector
        reading = "ruby" if previous.phase != STORM_SPIN else "storm"
    parts = [
        # role "img" would hide the clickable options from assistive technology
        (f'<svg xmlns="http://www.w3.org/2000/svg" id="{u}" viewBox="{box}" role="{"group" if interactive else "img"}" '
        f'aria-label="{escape(title or w["title"])}" class="pir-board">'),
        f"<title>{escape(title or w['title'])}</title>",
        _defs(u, grow=crop is None),  # a figure's crop draws the sea large enough already
        _sea(u),
        _shortcuts(u),
        _compass(u, lang, spun if (animate or trace) else None, reading, state.needle),
    ]
    corners = D.CORNERS[n]
    for corner in range(4):
        seat = corners.index(corner) if corner in corners else None
        if _seen(*port_xy(corner), crop, 120):
            parts.append(_port(corner, seat, seat_names[seat] if seat is not None else "", u, lang,
                               port_labels[seat] if seat is not None else ""))
    parts.extend(_island(i, u, lang, tappable) for i in range(D.RING) if _seen(*island_xy(i), crop))
    parts.append(_ring_arrows(u, crop))  # on top of the islands' shoals
    routes_drawn, chips_drawn, labels = _marks_svg(state, marks, u, lang, animate) if marks else ("", "", [])
    parts.append(f'<g class="pir-marks">{routes_drawn}</g>' if routes_drawn else "")
    tx, ty = island_xy(state.tornado, R - TORNADO_IN)
    tornado_svg = _tornado(tx, ty, u)
    moved_tornado = next((e for e in events if e[0] == "tornado"), None)
    if moved_tornado is not None and animate:
        d = _tornado_path(moved_tornado[1], moved_tornado[2])
        dur = _f(max(0.4, STEP_S * len(moved_tornado[2])))
        tornado_svg = (
            f'<g><animateMotion dur="{dur}s" fill="freeze" path="{relative_path(d, tx, ty)}"/>{tornado_svg}</g>'
        )
    parts.append(f'<g><title>{escape(w["tornado_here"])}</title>{tornado_svg}</g>')
    if state.die >= 0:
        rolled = isinstance(last_action, Die) and animate
        parts.append(_die(state.die, u, lang, rolled, D.CORNERS[n][state.seat]))
    sailed = {e[1]: e for e in events if e[0] == "sail"}
    blown = {e[1]: e for e in events if e[0] == "blown"}
    for seat in range(n):
        parts.append(_ship(game, state, previous, seat, seat_names[seat], sailed.get(seat), blown.get(seat), u, lang, animate, trace))
    if marks:  # what the others did replaces the news of the turn before
        parts.append(f'<g class="pir-marks">{chips_drawn}</g>' if chips_drawn else "")
    else:
        pictures, labels = _effects(state, previous, u, lang, animate, you)
        parts.append(pictures)
    offered = choices(game, state, lang) if (interactive or show_options) else []
    if labels:
        frame = Box(*crop[:2], crop[0] + crop[2], crop[1] + crop[3]) if crop else Box(0, 0, SIZE, SIZE)
        shapes = piece_shapes(state, marks, offered, interactive=interactive, crop=crop)
        spots = place([label.tag() for label in labels], shapes, Box(frame.left + 2, frame.top + 2,
                                                                     frame.right - 2, frame.bottom - 2))
        parts.append('<g class="pir-labels">' + "".join(
            label.head + _badge(x, y, label.text, label.seat, u, icon=label.icon, form=form) + "</g>"
            for label, (x, y, form) in zip(labels, spots)
        ) + "</g>")
    if state.phase == OVER:
        parts.append(_winner(game, state, u, lang, seat_names))
        parts.append(_won_marks(state, won, u))
    if offered:
        drawn = "".join(_choice_svg(c, i, u, interactive) for i, c in enumerate(offered))
        parts.append(f'<g class="pir-choices">{drawn}</g>')
    if suggested is not None:
        parts.append(suggestion_mark(game, state, suggested, u))
    if interactive:
        parts.append(_chance_button(state, u, lang))
    parts.append("</svg>")
    return "".join(parts)


def piece_shapes(
    state: PirState,
    marks: list[Mark],
    offered: list[Choice],
    *,
    interactive: bool = False,
    crop: tuple[float, float, float, float] | None = None,
) -> list[Shape]:
    """What the board's labels must leave clear, at its size on a phone: the compass's hub, the
    islands and their numbers, the ports and their names, the ships, the tornado, the dice, capsized
    hulls, the winner's crown and the person's choices.

    The compass's face is the one open water a phone's 11 px words fit in (the ring of islands
    and the ports fill the rest), so labels may lie on it, clear of the needle's hub."""
    n = len(state.pos)
    shapes: list[Shape] = [Disc(CX, CY, HUB), *needle_discs(state.needle)]
    for i in range(D.RING):
        if _seen(*island_xy(i), crop):
            shapes.append(Disc(*island_xy(i), ISLE + 6))
            shapes.append(L.number_disc(*island_xy(i, R - NUMBER_IN)))
    corners = D.CORNERS[n]
    for corner in range(4):
        shapes.append(port_shape(corner))
        if corner in corners:
            seat = corners.index(corner)
            nx, ny, anchor = port_name_xy(corner)
            shapes.append(L.port_name_box(nx, ny, "M" * 14, anchor))  # the longest name shown
    shapes.extend(L.ship_box(*ship_xy(state, seat)) for seat in range(n))
    tx, ty = island_xy(state.tornado, R - TORNADO_IN)
    shapes.append(Box(tx - 32, ty - 52, tx + 32, ty + 34))
    dice = {state.seat} if state.die >= 0 or (interactive and state.phase == ROLL) else set()
    dice |= {m.seat for m in marks if m.kind == "die"}
    for seat in dice:
        x, y = DIE_SPOTS[corners[seat]]
        shapes.append(Box(x - 32, y - 39, x + 39, y + 32))  # the chip's emblem sits on its corner
    hulls = [m.island for m in marks if m.kind == "capsize"]
    hulls += [news[2] for news in shown_news(state) if news[0] in (CAPSIZED, LOST)]
    for island in hulls:
        x, y = _water(island)
        shapes.append(Disc(x, y + 20, 48))
    if state.phase == OVER:
        shapes.append(Box(CX - 330, CY - 140, CX + 330, CY + 45))
    for c in offered:
        shapes.append(Disc(c.x, c.y, {"home": 78, "tornado": 30, "pirate": 30}.get(c.kind, 48) + 6))
        if c.kind == "shortcut":
            shapes.append(L.grown(FEE_EXTENT, c.x + 34, c.y - 34, L.FEE_GROW))
    return shapes


#: The compass's hub, which labels leave clear (the needle turns about it).
HUB = 30.0
#: The needle's reach from the hub: its point, and its tail.
NEEDLE_TIP = COMPASS_R - 34
NEEDLE_TAIL = 42.0


def needle_discs(sector: int) -> list[Disc]:
    """The needle resting on ``sector`` as a row of discs: labels leave it to be read."""
    a = math.radians(sector_angle(sector))
    dx, dy = math.sin(a), -math.cos(a)
    reach = int(NEEDLE_TIP + NEEDLE_TAIL)
    return [Disc(CX + dx * (d - NEEDLE_TAIL), CY + dy * (d - NEEDLE_TAIL), 15) for d in range(0, reach + 1, 12)]
#: The shortcut's fee (a coin and "-1") about its centre.
FEE_EXTENT = Box(-17.0, -17.0, 17.0, 34.0)


def _chance_button(state: PirState, u: str, lang: str) -> str:
    """The person's own roll or spin, on the board: the die, or the compass."""
    w = WORDS[lang]
    if state.phase == ROLL:
        x, y = DIE_SPOTS[D.CORNERS[len(state.pos)][state.seat]]
        hx = min(max(x - FINGER / 2, 0), SIZE - FINGER)
        hy = min(max(y - FINGER / 2, 0), SIZE - FINGER)
        return (
            f'<g class="pir-choice pir-roll" data-act="{CHANCE.text()}" role="button" tabindex="0" aria-label="{escape(w["roll"])}">'
            f'<title>{escape(w["roll"])}</title>'
            f'<rect class="pir-hit" x="{_f(hx)}" y="{_f(hy)}" width="{_f(FINGER)}" height="{_f(FINGER)}" fill="#fff" '
            'fill-opacity="0"/>'
            f'<rect class="pir-ring" x="{_f(x - 30)}" y="{_f(y - 30)}" width="60" height="60" rx="11" fill="#fffdf7" '
            f'fill-opacity=".95" stroke="#ffd54a" stroke-width="5" filter="url(#{u}-shadow)">'
            f'<animate attributeName="stroke-opacity" values="1;.3;1" dur="1.2s" {SETTLE}/></rect>'
            f'<text x="{_f(x)}" y="{_f(y + 11)}" class="pir-label" font-size="30">?</text></g>'
        )
    if state.phase in (RAID_SPIN, STORM_SPIN):
        return (
            f'<g class="pir-choice pir-spin" data-act="{CHANCE.text()}" role="button" tabindex="0" aria-label="{escape(w["spin"])}">'
            f'<title>{escape(w["spin"])}</title>'
            f'<circle class="pir-ring" cx="{CX}" cy="{CY}" r="{COMPASS_R + 8}" fill="#ffd54a" fill-opacity=".08" '
            'stroke="#ffd54a" stroke-width="6" stroke-dasharray="16 10">'
            f'<animateTransform attributeName="transform" type="rotate" from="0 {CX} {CY}" to="360 {CX} {CY}" '
            f'dur="8s" {SETTLE}/></circle></g>'
        )
    return ""


def _tornado_path(start: int, path: tuple[int, ...]) -> str:
    rr = R - TORNADO_IN
    x, y = island_xy(start, rr)
    d = [f"M{_f(x)} {_f(y)}"]
    for island in path:
        px, py = island_xy(island, rr)
        d.append(f"A{_f(rr)} {_f(rr)} 0 0 0 {_f(px)} {_f(py)}")
    return " ".join(d)


def _ship(
    game: Piratissimo,
    state: PirState,
    previous: PirState | None,
    seat: int,
    name: str,
    sailed: Event | None,
    blown: Event | None,
    u: str,
    lang: str,
    animate: bool,
    trace: bool,
) -> str:
    x, y = ship_xy(state, seat)
    cargo = state.cargo[seat]
    label = WORDS[lang]["aboard"].format(name=name, k=cargo)
    current = state.seat == seat and state.phase not in (0, 8)
    halo = (
        f'<ellipse cx="0" cy="16" rx="40" ry="11" fill="none" stroke="#fff6b0" stroke-width="3" opacity=".9">'
        f'<animate attributeName="opacity" values=".3;1;.3" dur="1.8s" {SETTLE}/></ellipse>'
        if current
        else ""
    )
    motion = ""
    trail = ""
    if sailed is not None and previous is not None:
        route: Route = sailed[3]
        begin = ship_xy(previous, seat)
        arrived = state.pos[seat] == route.dest  # not capsized or sent home on arrival
        if route.dest == HOME:  # along the ring to the port's island, then into the harbour
            d = route_points(previous, seat, sailed[2], route.path, start_xy=begin) + f" L{_f(x)} {_f(y)}"
        else:
            d = route_points(previous, seat, sailed[2], route.path, start_xy=begin, end_xy=(x, y) if arrived else None)
        if trace:
            trail = (
                f'<path d="{d}" fill="none" stroke="{PALETTE[seat][2]}" stroke-width="5" stroke-dasharray="3 9" '
                'stroke-linecap="round"/>'
            )
        if animate and arrived:
            # the ship is drawn where it is now; the motion path ends at (0, 0)
            dur = _f(min(2.6, STEP_S * max(1, len(route.path))))
            motion = f'<animateMotion dur="{dur}s" fill="freeze" path="{relative_path(d, x, y)}"/>'
    elif blown is not None and animate and previous is not None:
        fx, fy = _water(blown[2])
        tx2, ty2 = _water(blown[3])
        motion = f'<animateMotion dur=".8s" fill="freeze" path="M{_f(fx - tx2)} {_f(fy - ty2)} L0 0"/>'
    return (
        f'{trail}<g class="pir-ship" data-seat="{seat}" transform="translate({_f(x)} {_f(y)})">'
        f'<title>{escape(label)}</title>{motion}<g class="pir-grow-ship">{halo}{ship_shape(seat, cargo, u)}</g></g>'
    )


def shown_news(state: PirState, you: int | None = None) -> tuple[tuple[int, int, int, int, int], ...]:
    """The news still on show: from this turn or the one just before.

    With ``you`` (a person at the screen), only the news of that person's own
    turn: what the others did is drawn from the marks instead, until the
    person acts.
    """
    if not state.news or not (state.turns - state.news_turn <= 1 or state.phase == OVER):
        return ()
    if you is not None:
        owner = (state.seat - (state.turns - state.news_turn)) % len(state.pos)
        if owner != you:
            return ()
    return state.news


# ----------------------------------------------------------------------------
# marks of what the others did since the person's last action
# ----------------------------------------------------------------------------

#: How far out each seat's routes are drawn from the ships' ring, so that the
#: routes of several seats over the same islands lie side by side.
LANES: tuple[float, ...] = (-15.0, -5.0, 5.0, 15.0)
#: Where a mark's label sits: on the island's ray, inside the ring (never cut off).
LABEL_IN = 120.0


@dataclass(frozen=True)
class Mark:
    """One thing a seat did (or that happened to it) that the board keeps marked.

    ``kind`` is one of "trail", "die", "load", "raid", "steal", "miss",
    "tornado", "lose", "blown", "homeward", "storm_calm", "capsize", "bank";
    ``seat`` gives the colour; ``text`` is the log's sentence of the action
    (the mark's tooltip).
    """

    kind: str
    seat: int
    island: int = -1
    amount: int = 0
    other: int = -1
    path: str = ""
    text: str = ""
    last: bool = False  # made by the newest action (it fades in when that action is new)


def recent_marks(
    game: Piratissimo, recent: tuple[tuple[PirState, Action], ...], *, you: int | None = None, lang: str = "en"
) -> list[Mark]:
    """The marks of ``recent`` (the others' actions as (state before, action), oldest first).

    >>> from engine.piratissimo.actions import Load, Start
    >>> g = Piratissimo(); s = g.apply(g.apply(g.new(2), Start(1)), Die(3))
    >>> [(m.kind, m.seat, m.island, m.amount) for m in recent_marks(g, ((s, Load(2)),))]
    [('load', 1, 14, 2)]
    """
    marks: list[Mark] = []
    for rank, (before, action) in enumerate(recent):
        log: list[Event] = []
        try:
            game.step(before, action, log)
            sentence = mark_you(game.describe(before, action, lang), you, lang)
        except Exception:  # a stale pair from an older page: no mark
            continue
        actor = before.seat
        last = rank == len(recent) - 1
        pos = list(before.pos)
        storm = ""

        def add(kind: str, seat: int, **fields: object) -> None:
            marks.append(Mark(kind, seat, text=sentence, last=last, **fields))  # type: ignore[arg-type]  # noqa: B023 - called in this pass only

        if isinstance(action, Die) and actor >= 0:
            add("die", actor, amount=_FACE_OF[action])
        for event in log:
            kind = event[0]
            if kind == "sail":
                seat, start, route = event[1], event[2], event[3]
                path = route_points(before, seat, start, route.path, lane=LANES[seat % len(LANES)])
                if route.dest == HOME:
                    mx, my = mooring_xy(D.CORNERS[len(before.pos)][seat])
                    path += f" L{_f(mx)} {_f(my)}"
                add("trail", seat, island=route.dest, path=path)
                pos[seat] = route.dest
            elif kind == "load" and event[2] > 0:
                add("load", event[1], island=pos[event[1]], amount=event[2])
            elif kind == "capsize":
                add("capsize", event[1], island=event[2], amount=event[3])
                pos[event[1]] = HOME
            elif kind == "raid":
                add("raid", event[1], island=pos[event[1]], other=event[2])
            elif kind in ("steal", "miss"):
                add(kind, event[1], island=pos[event[1]], other=event[2], amount=event[3] if kind == "steal" else 0)
            elif kind == "tornado":
                add("tornado", actor, island=event[2][-1], path=_tornado_path(event[1], event[2]))
            elif kind == "storm":
                storm = event[1]
                if storm == "calm" and event[2]:
                    add("storm_calm", actor, island=before.tornado)
            elif kind == "lose":  # an empty ship loses nothing, but the storm did hit it
                add("lose", event[1], island=before.tornado, amount=event[2])
            elif kind == "blown":
                seat, start, end = event[1], event[2], event[3]
                fx, fy = _water(start)
                tx, ty = _water(end)
                add("blown", seat, island=start, other=end, path=f"M{_f(fx)} {_f(fy)} L{_f(tx)} {_f(ty)}")
                pos[seat] = end
            elif kind == "bank":
                seat = event[1]
                if storm == "home":
                    fx, fy = _water(before.tornado)
                    mx, my = mooring_xy(D.CORNERS[len(before.pos)][seat])
                    add("homeward", seat, island=before.tornado, path=f"M{_f(fx)} {_f(fy)} L{_f(mx)} {_f(my)}")
                if event[2] > 0:
                    add("bank", seat, amount=event[2])
                pos[seat] = HOME
    # one die per seat: the newest
    dice = {m.seat: m for m in marks if m.kind == "die"}
    return [m for m in marks if m.kind != "die" or dice[m.seat] is m]




@dataclass(frozen=True)
class Label:
    """A badge waiting for its place: drawn inside ``head`` (its group, closed after it),
    in ``seat``'s colour, with an ``icon`` ("coin", "swords", "crossed" or none),
    as near ``wish`` as the other pieces and labels allow."""

    head: str
    text: str
    seat: int
    wish: tuple[float, float]
    icon: str = ""

    def tag(self) -> Tag:
        """Its size on a phone (the larger), for :func:`ui.placement.place`; where it finds no
        room, it tries without its icon, then without its emblem too (the words always stay)."""
        tag = None
        for form in reversed(range(len(BADGE_FORMS))):
            emblem_shown, icon_shown = BADGE_FORMS[form]
            width = L.badge_width(self.text, bool(self.icon) and icon_shown, emblem=emblem_shown)
            tag = Tag(width * L.LABEL_GROW, L.BADGE_HEIGHT * L.LABEL_GROW, (self.wish,), tag)
        assert tag is not None
        return tag


#: A badge's forms, fullest first: (emblem shown, icon shown).
BADGE_FORMS: tuple[tuple[bool, bool], ...] = ((True, True), (True, False), (False, False))


def _icon(kind: str, x: float, u: str) -> str:
    if kind == "coin":
        return f'<circle cx="{_f(x)}" cy="0" r="11" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
    colour = "#9aa7b8" if kind == "crossed" else "#ffd54a"
    swords = (
        f'<g transform="translate({_f(x)} 0) scale(.55)" stroke-linecap="round">'
        f'<line x1="-20" y1="20" x2="18" y2="-18" stroke="{colour}" stroke-width="6"/>'
        f'<line x1="20" y1="20" x2="-18" y2="-18" stroke="{colour}" stroke-width="6"/>'
        '<line x1="-24" y1="10" x2="-10" y2="24" stroke="#fff" stroke-width="6"/>'
        '<line x1="24" y1="10" x2="10" y2="24" stroke="#fff" stroke-width="6"/>'
    )
    if kind == "crossed":
        swords += '<path d="M-16 -16 L16 16 M16 -16 L-16 16" stroke="#ff5a5a" stroke-width="6"/>'
    return swords + "</g>"


def _badge(x: float, y: float, text: str, seat: int, u: str, *, icon: str = "", form: int = 0) -> str:
    """A label in the seat's colour, its emblem first (and a coin or swords last): legible on the sea for every seat.

    It grows about its centre on a phone (:mod:`ui.piratissimo.labels`); ``form`` is one of :data:`BADGE_FORMS`."""
    emblem_shown, icon_shown = BADGE_FORMS[form]
    icon = icon if icon_shown else ""
    text_w = L.BADGE_LETTER * len(text)
    width = L.badge_width(text, bool(icon), emblem=emblem_shown)
    left = -width / 2
    start = left + (40 if emblem_shown else 10)
    dark = PALETTE[seat][1]
    half = L.BADGE_HEIGHT / 2
    return (
        f'<g class="pir-badge-box pir-tag" transform="translate({_f(x)} {_f(y)})"><g class="pir-grow-label">'
        f'<rect x="{_f(left)}" y="{_f(-half)}" width="{_f(width)}" height="{_f(L.BADGE_HEIGHT)}" rx="{_f(half)}" '
        f'fill="{dark}" stroke="#fff" stroke-width="3" filter="url(#{u}-shadow)"/>'
        + (f'<g transform="translate({_f(left + 23)} 0)">{emblem(seat, 18, "#fff")}</g>' if emblem_shown else "")
        + f'<text x="{_f(start + text_w / 2)}" y="10" class="pir-badge">{escape(text)}</text>'
        f'{_icon(icon, start + 2 + text_w + 14, u) if icon else ""}</g></g>'
    )


def _marks_svg(state: PirState, marks: list[Mark], u: str, lang: str, animate: bool) -> tuple[str, str, list[Label]]:
    """The marks as SVG: (routes, drawn under the ships; chips, drawn over them; labels, placed later)."""
    w = WORDS[lang]
    under: list[str] = []
    over: list[str] = []
    labels: list[Label] = []

    def label_at(island: int) -> tuple[float, float]:
        return island_xy(island, R - LABEL_IN)

    for mark in marks:
        seat = mark.seat
        main, _dark, _light = PALETTE[seat]
        fade = (
            '<animate attributeName="opacity" values="0;1" dur=".5s" fill="freeze"/>' if animate and mark.last else ""
        )
        head = f'<g class="pir-mark pir-mark-{mark.kind}" data-seat="{seat}"><title>{escape(mark.text)}</title>{fade}'
        dash = SEAT_DASHES[seat % len(SEAT_DASHES)]
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        if mark.kind in ("trail", "blown", "homeward", "tornado"):
            width = 5 if mark.kind == "tornado" else 6
            route = (
                f'<path d="{mark.path}" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="{width + 5}" '
                'stroke-linecap="round" stroke-linejoin="round"/>'
                f'<path d="{mark.path}" fill="none" stroke="{main}" stroke-width="{width}"{dashing} '
                f'stroke-linecap="round" stroke-linejoin="round" marker-end="url(#{u}-arrow{seat})"/>'
            )
            under.append(head + route + "</g>")
            if mark.kind == "blown":
                labels.append(Label(head, w["blown_on"], seat, label_at(mark.island)))
            elif mark.kind == "homeward":
                labels.append(Label(head, w["homeward"], seat, label_at(mark.island)))
        elif mark.kind == "die":
            if state.die >= 0 and state.seat == seat:
                continue  # the die being played is drawn by itself
            over.append(head + _die_chip(mark.amount, seat, u, lang, D.CORNERS[len(state.pos)][seat]) + "</g>")
        elif mark.kind == "load":
            if any(m.kind == "capsize" and m.seat == seat and m.island == mark.island for m in marks):
                continue  # the capsize says it
            labels.append(Label(head, w["loaded"].format(k=mark.amount), seat, label_at(mark.island), "coin"))
        elif mark.kind == "raid" and any(
            m.kind in ("steal", "miss") and m.seat == seat and m.island == mark.island for m in marks
        ):
            over.append(head + "</g>")  # the piracy's outcome says it: the raid keeps only its tooltip
        elif mark.kind in ("raid", "steal", "miss"):
            text = {"raid": w["pirate"], "steal": w["stolen"].format(k=mark.amount), "miss": w["missed"]}[mark.kind]
            icon = "crossed" if mark.kind == "miss" else "swords"
            labels.append(Label(head, text, seat, island_xy(mark.island, R - 112), icon))
        elif mark.kind == "capsize":
            x, y = _water(mark.island)
            hull = (
                f'<g transform="translate({_f(x)} {_f(y)})"><g transform="translate(0 26) rotate(160)">'
                f'{ship_shape(seat, 0, u)}</g>'
                '<path d="M-40 14 q10 -12 20 0 t20 0 t20 0 t20 0" stroke="#e6fbff" stroke-width="4" fill="none"/></g>'
            )
            under.append(head + hull + "</g>")
            labels.append(Label(head, w["capsized"], seat, label_at(mark.island)))
        elif mark.kind == "lose":
            words = w["lost"].format(k=mark.amount) if mark.amount else w["lost_none"]
            labels.append(Label(head, words, seat, label_at(mark.island)))
        elif mark.kind == "storm_calm":
            labels.append(Label(head, w["storm_calm"], seat, label_at(mark.island)))
        elif mark.kind == "bank":
            x, y = port_xy(D.CORNERS[len(state.pos)][seat])
            labels.append(Label(head, w["banked"].format(k=mark.amount), seat, (x + (CX - x) * 0.3, y + (CY - y) * 0.3)))
    return "".join(under), "".join(over), labels


def _die_chip(face: int, seat: int, u: str, lang: str, corner: int) -> str:
    """The face a seat rolled, beside its port, framed in its colour with its emblem."""
    x, y = DIE_SPOTS[corner]
    w = WORDS[lang]
    pips = {1: [(0, 0)], 2: [(-9, -9), (9, 9)], 3: [(-10, -10), (0, 0), (10, 10)], 4: [(-9, -9), (9, -9), (-9, 9), (9, 9)]}
    if face == D.TORNADO_FACE:
        inner = "".join(
            f'<ellipse cx="{_f(2 * math.sin(k))}" cy="{_f(10 - k * 6)}" rx="{_f(3 + k * 2.4)}" ry="{_f(1.5 + k * .5)}" '
            'fill="none" stroke="#5d6b80" stroke-width="2"/>'
            for k in range(5)
        )
    else:
        inner = "".join(f'<circle cx="{dx}" cy="{dy}" r="5" fill="#1b2430"/>' for dx, dy in pips[face])
    main, dark, _light = PALETTE[seat]
    label = w["die"].format(face=w["tornado_face"] if face == D.TORNADO_FACE else face)
    return (
        f'<g class="pir-die-chip" transform="translate({_f(x)} {_f(y)})"><title>{escape(label)}</title>'
        f'<rect x="-27" y="-27" width="54" height="54" rx="10" fill="#fffdf7" stroke="{main}" stroke-width="6" '
        f'filter="url(#{u}-shadow)"/>{inner}'
        f'<g transform="translate(25 -25)"><circle r="12" fill="{dark}" stroke="#fff" stroke-width="2"/>'
        f'{emblem(seat, 11, "#fff")}</g></g>'
    )


def _effects(
    state: PirState, previous: PirState | None, u: str, lang: str, animate: bool, you: int | None = None
) -> tuple[str, list[Label]]:
    """Capsizes, piracy, storms and banking drawn where they happened: (pictures, labels placed later).

    They come from the state's news, so they stay on show while the next
    player starts; they are animated only right after they happened. With
    ``you``, only that person's own turn's news (the others' are marks).
    """
    news = shown_news(state, you)
    if not news:
        return "", []
    fresh = animate and previous is not None and (previous.news, previous.news_turn) != (state.news, state.news_turn)
    w = WORDS[lang]
    out = []
    labels: list[Label] = []
    fade = (
        '<animate attributeName="opacity" values="0;1" dur=".4s" fill="freeze"/>'
        if fresh
        else ""
    )
    for kind, seat, island, amount, other in news:
        if kind == CAPSIZED:
            x, y = _water(island)
            sink = (
                '<animateTransform attributeName="transform" type="translate" values="0 0;0 26" dur="2s" fill="freeze"/>'
                if fresh
                else '<animateTransform attributeName="transform" type="translate" values="0 26" dur=".01s" fill="freeze"/>'
            )
            out.append(
                f'<g class="pir-capsize" transform="translate({_f(x)} {_f(y)})">{fade}'
                f'<g transform="rotate(160)">{sink}{ship_shape(seat, 0, u)}</g>'
                '<path d="M-40 14 q10 -12 20 0 t20 0 t20 0 t20 0" stroke="#e6fbff" stroke-width="4" fill="none"/>'
                + "".join(
                    f'<circle cx="{dx}" cy="{20 + k * 4}" r="5" fill="url(#{u}-gold)" opacity=".8"/>'
                    for k, dx in enumerate((-18, -6, 8, 20))
                )
                + "</g>"
            )
            labels.append(Label(f'<g class="pir-capsize-label">{fade}', w["capsized"], seat,
                                island_xy(island, R - LABEL_IN)))
        elif kind in (STOLEN, MISSED):
            # inside the ring, on the island's ray, where it is never cut off
            wish = island_xy(island, R - 112)
            if kind == STOLEN:
                vx, vy = ship_xy(state, other)
                px, py = _water(island)
                coins = "".join(
                    f'<circle r="7" fill="url(#{u}-gold)" stroke="#8d5e06">'
                    + (
                        f'<animateMotion dur="1.1s" begin="{k * 0.25}s" fill="freeze" '
                        f'path="M{_f(vx)} {_f(vy - 10)} Q{_f((vx + px) / 2)} {_f(min(vy, py) - 70)} {_f(px)} {_f(py - 10)}"/>'
                        if fresh
                        else f'<animateMotion dur="0.01s" fill="freeze" path="M{_f(px)} {_f(py - 10)}"/>'
                    )
                    + "</circle>"
                    for k in range(amount)
                )
                out.append(f'<g class="pir-piracy-coins">{coins}</g>')
                labels.append(Label(f'<g class="pir-piracy pir-success">{fade}', w["stolen"].format(k=amount), seat,
                                    wish, "swords"))
            else:
                labels.append(Label(f'<g class="pir-piracy pir-failure">{fade}', w["missed"], seat, wish, "crossed"))
        elif kind == LOST and amount > 0:
            x, y = _water(island)
            out.append(
                f'<g class="pir-lost">{fade}'
                + "".join(
                    f'<circle cx="{_f(x + dx)}" cy="{_f(y + 40)}" r="6" fill="url(#{u}-gold)" opacity=".8">'
                    + (f'<animate attributeName="cy" from="{_f(y)}" to="{_f(y + 40)}" dur="1.2s" fill="freeze"/>' if fresh else "")
                    + "</circle>"
                    for dx in (-10, 10)[:amount]
                )
                + "</g>"
            )
            labels.append(Label(f'<g class="pir-lost-label">{fade}', w["lost"].format(k=amount), seat,
                                island_xy(island, R - LABEL_IN)))
        elif kind == BLOWN:
            labels.append(Label(f'<g class="pir-blown">{fade}', w["blown_on"], seat, island_xy(amount, R - LABEL_IN)))
        elif kind == BANKED:
            x, y = port_xy(D.CORNERS[len(state.pos)][seat])
            labels.append(Label(f'<g class="pir-banked">{fade}', w["banked"].format(k=amount), seat,
                                (x + (CX - x) * 0.3, y + (CY - y) * 0.3)))
    return "".join(out), labels


def _winner(game: Piratissimo, state: PirState, u: str, lang: str, names: tuple[str, ...] = ()) -> str:
    """A crown in the winner's colour over the compass (one per winner), named as the panels name it."""
    outcome = game.outcome(state)
    winners = outcome.winners if outcome else ()
    out = []
    for rank, seat in enumerate(winners):
        x = CX + (rank - (len(winners) - 1) / 2) * 130
        y = CY - 70
        name = names[seat] if seat < len(names) else (D.COLOURS_FR if lang == "fr" else D.COLOURS)[seat].capitalize()
        out.append(
            f'<g class="pir-winner" data-seat="{seat}" transform="translate({_f(x)} {_f(y)})">'
            f'<title>{escape(name)}: {escape(WORDS[lang]["winner"])}</title>'
            '<animateTransform attributeName="transform" type="scale" additive="sum" values="0.5;1.1;1" dur=".9s" '
            'fill="freeze"/>'
            f'<circle r="62" fill="{PALETTE[seat][0]}" fill-opacity=".85" stroke="#fff6c2" stroke-width="5" '
            f'filter="url(#{u}-shadow)"/>'
            f'<path d="M-34 16 L-40 -20 L-18 -2 L0 -28 L18 -2 L40 -20 L34 16z" fill="url(#{u}-gold)" stroke="#8d5e06" '
            'stroke-width="3"/>'
            f'<circle cx="0" cy="0" r="6" fill="url(#{u}-ruby)"/>'
            f'<text y="98" class="pir-label" font-size="34">{escape(WORDS[lang]["winner"])}</text></g>'
        )
    return "".join(out)


def _won_marks(state: PirState, won: tuple[int, ...], u: str) -> str:
    """Gold rings about each winner's harbour, where its bank reached the goal, and about its ship."""
    out = []
    for seat in won:
        px, py = port_xy(D.CORNERS[len(state.pos)][seat])
        sx, sy = ship_xy(state, seat)
        ring = f'fill="none" stroke="#ffd54a" stroke-width="9" stroke-dasharray="22 9" filter="url(#{u}-shadow)"'
        out.append(
            f'<g class="pir-won" data-seat="{seat}" pointer-events="none">'
            f'<ellipse cx="{_f(px)}" cy="{_f(py - 12)}" rx="98" ry="78" {ring}/>'
            f'<circle cx="{_f(sx)}" cy="{_f(sy)}" r="46" {ring}/></g>'
        )
    return "".join(out)


__all__ = ["PALETTE", "WORDS", "board_svg", "chest_icon", "choices", "island_xy", "last_events", "ship_shape"]

"""The look every part of Siege's scene shares: the sides' colours, shapes and dashes, the SVG
definitions (gradients, the palm's fronds) and the scene's own classes."""

from __future__ import annotations

import re

from ui.games.siege.geometry import svg_num

SIDE_COLOURS = ("#2f6fd6", "#d23c3c")
SIDE_DARK = ("#1c4a99", "#8f2020")
#: Each side is told apart by shape as well as colour (colour-blind players): Blue's
#: mark is a circle, Red's a diamond, on the sail, the flag, the panels and the shot numbers.
SIDE_SHAPES = ("circle", "diamond")
#: Each side's shot traces: Blue's dashed, Red's dotted.
SIDE_DASHES = ("9 4", "2 3")

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

#: The scene's own classes, scoped to it (:func:`ui.draw.svg.scoped_style`): a rules page holds several scenes.
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
        return f'<circle cx="{svg_num(x)}" cy="{svg_num(y)}" r="{svg_num(r)}" fill="{fill}"{extra}/>'
    return (
        f'<path d="M{svg_num(x)} {svg_num(y - r)} L{svg_num(x + r)} {svg_num(y)} L{svg_num(x)} {svg_num(y + r)} L{svg_num(x - r)} {svg_num(y)}Z" '
        f'fill="{fill}"{extra}/>'
    )

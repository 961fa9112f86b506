"""The scene under the pieces: the drawing's style and shared definitions (gradients, markers,
reused shapes), the water, the islands, the red, white and blue arrows, and the harbours."""

from __future__ import annotations

import math
from html import escape

from engine.piratissimo import data as D
from ui.draw.svg import SETTLE, scoped_style
from ui.games.piratissimo import labels as L
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import (
    CX,
    CY,
    ISLE,
    NUMBER_IN,
    SIZE,
    R,
    in_view,
    island_angle,
    island_xy,
    port_name_xy,
    port_xy,
    shortcut_path,
    svg_num,
)
from ui.games.piratissimo.gestures import TapIsland
from ui.games.piratissimo.pieces import PALETTE, chest_icon, emblem

#: The drawing's own classes, scoped to it (:func:`ui.draw.svg.scoped_style`): a page holds several seas.
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


def defs(u: str, grow: bool = True) -> str:
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


def sea_background(u: str) -> str:
    """The water: its gradient, rows of waves, and the paler ring where the islands lie."""
    waves = []
    for row in range(9):
        y = 60 + row * 110
        shift = 40 if row % 2 else 0
        d = " ".join(f"M{svg_num(x + shift)} {y} q 18 -10 36 0 t 36 0" for x in range(-40, 1000, 190))
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
        f'<path d="M{svg_num(x)} {svg_num(y)} Q{svg_num(x + lean * 2)} {svg_num(y - 22)} {svg_num(tx)} {svg_num(ty)}" '
        'stroke="#7a4a1d" stroke-width="5.5" fill="none" stroke-linecap="round"/>'
        f'<path d="M{svg_num(x)} {svg_num(y)} Q{svg_num(x + lean * 2)} {svg_num(y - 22)} {svg_num(tx)} {svg_num(ty)}" '
        'stroke="#a8733b" stroke-width="5.5" fill="none" stroke-dasharray="2 5"/>'
    )
    leaves = []
    for deg in (-160, -115, -65, -20, 25):
        a = math.radians(deg)
        ex, ey = tx + 26 * math.cos(a), ty + 20 * math.sin(a) + 6
        mx, my = tx + 14 * math.cos(a - 0.5), ty + 12 * math.sin(a - 0.5) - 7
        nx, ny = tx + 14 * math.cos(a + 0.5), ty + 12 * math.sin(a + 0.5) - 3
        leaves.append(f"M{svg_num(tx)} {svg_num(ty)} Q{svg_num(mx)} {svg_num(my)} {svg_num(ex)} {svg_num(ey)} Q{svg_num(nx)} {svg_num(ny)} {svg_num(tx)} {svg_num(ty)}z")
    return (
        trunk
        + f'<path d="{" ".join(leaves)}" fill="url(#{u}-leaf)" stroke="#1b5e2c" stroke-width="1"/>'
        + f'<circle cx="{svg_num(tx - 2)}" cy="{svg_num(ty + 3)}" r="3" fill="#6b3f12"/>'
        + f'<circle cx="{svg_num(tx + 3)}" cy="{svg_num(ty + 4)}" r="3" fill="#6b3f12"/>'
    )


def island_svg(index: int, u: str, lang: str, tappable: bool = False) -> str:
    """Island ``index``: shore, palm, chest and number, named in its tooltip (``tappable``: a tap answers)."""
    x, y = island_xy(index)
    chest = D.ISLANDS[index].chest
    # a slightly irregular shore so islands do not look stamped
    pts = []
    for k in range(10):
        a = k * math.pi / 5
        r = ISLE * (1 + 0.09 * math.sin(3 * a + index) + 0.05 * math.cos(5 * a + index * 2))
        pts.append((x + r * math.cos(a), y + 0.82 * r * math.sin(a)))
    d = "M" + " L".join(f"{svg_num(px)} {svg_num(py)}" for px, py in pts) + "z"
    w = WORDS.of(lang)
    what = w("island", n=index + 1)
    if chest == D.OPEN:
        what += ", " + w("open")
    elif chest > 0:
        what += ", " + w("closed", k=chest)
    lean = -1.0 if index % 2 else 1.0
    body = [
        f'<ellipse cx="{svg_num(x)}" cy="{svg_num(y + 3)}" rx="{svg_num(ISLE + 14)}" ry="{svg_num(ISLE * 0.82 + 12)}" fill="url(#{u}-shoal)"/>',
        f'<path d="{d}" fill="url(#{u}-sand)" stroke="#b48a44" stroke-width="1.5" filter="url(#{u}-shadow)"/>',
        f'<ellipse cx="{svg_num(x - 10 * lean)}" cy="{svg_num(y + 2)}" rx="14" ry="8" fill="#7cc36a" opacity=".75"/>',
        f'<use href="#{u}-palm" transform="translate({svg_num(x - 12 * lean)} {svg_num(y + 6)}) scale({svg_num(lean)} 1)"/>',
    ]
    cx, cy = x + 13 * lean, y + 12
    if chest == D.OPEN:
        body.append(f'<g class="pir-chest-open"><use href="#{u}-open" transform="translate({svg_num(cx)} {svg_num(cy)})"/></g>')
    elif chest > 0:
        body.append(
            f'<g class="pir-chest-closed"><use href="#{u}-chest" transform="translate({svg_num(cx)} {svg_num(cy)})"/>'
            f'<text x="{svg_num(cx)}" y="{svg_num(cy + 8)}" class="pir-chestnum" font-size="13">{chest}</text></g>'
        )
    nx, ny = island_xy(index, R - NUMBER_IN)
    body.append(
        f'<g class="pir-isle-num" transform="translate({svg_num(nx)} {svg_num(ny)})"><g class="pir-grow-num">'
        f'<circle r="{svg_num(L.NUMBER_R)}" fill="#fffaf0" fill-opacity=".9" stroke="#b48a44"/>'
        f'<text y="6.5" class="pir-num">{index + 1}</text></g></g>'
    )
    # a tapped island answers: it sails there, moves the tornado there, or says in words why not
    tap = f' data-act="{TapIsland(index).text()}"' if tappable else ""
    kind = "pir-island pir-tap" if tappable else "pir-island"
    return f'<g class="{kind}" data-island="{index}"{tap}><title>{escape(what)}</title>{"".join(body)}</g>'


def ring_arrows(u: str, crop: tuple[float, float, float, float] | None = None) -> str:
    """The red arrows ships sail by and the white ones the tornado follows, between neighbouring islands
    (those in ``crop`` only)."""
    red, white = [], []
    step = 2 * math.pi / D.RING
    for i in range(D.RING):
        if not in_view(*island_xy(i), crop):
            continue
        a0 = island_angle(i) + step * 0.36
        a1 = island_angle(i) + step * 0.64
        p0 = (CX + R * math.cos(a0), CY + R * math.sin(a0))
        p1 = (CX + R * math.cos(a1), CY + R * math.sin(a1))
        red.append(f"M{svg_num(p0[0])} {svg_num(p0[1])} A{R} {R} 0 0 1 {svg_num(p1[0])} {svg_num(p1[1])}")
        rw = R - 88
        q0 = (CX + rw * math.cos(a1), CY + rw * math.sin(a1))
        q1 = (CX + rw * math.cos(a0), CY + rw * math.sin(a0))
        white.append(f"M{svg_num(q0[0])} {svg_num(q0[1])} A{rw} {rw} 0 0 0 {svg_num(q1[0])} {svg_num(q1[1])}")
    red_svg = "".join(
        f'<path d="{d}" stroke="#d3342c" stroke-width="4.5" fill="none" marker-end="url(#{u}-red)"/>' for d in red
    )
    white_svg = "".join(
        f'<path d="{d}" stroke="#ffffff" stroke-opacity=".85" stroke-width="3" stroke-dasharray="6 4" fill="none" '
        f'marker-end="url(#{u}-white)"/>'
        for d in white
    )
    return f'<g class="pir-red-arrows">{red_svg}</g><g class="pir-white-arrows">{white_svg}</g>'


def shortcut_arrows(u: str) -> str:
    """The blue arrows of the shortcuts, bowing into the sea."""
    return '<g class="pir-blue-arrows">' + "".join(
        f'<path d="{shortcut_path(s.start, s.end)}" stroke="#1f5fd1" stroke-width="6" fill="none" '
        f'stroke-linecap="round" marker-end="url(#{u}-blue)" filter="url(#{u}-shadow)"/>'
        for s in D.SHORTCUTS
    ) + "</g>"


def port_svg(corner: int, seat: int | None, name: str, u: str, lang: str, label_text: str = "") -> str:
    """A harbour; ``name`` names its seat in the tooltip, ``label_text`` (default ``name``) on the board."""
    x, y = port_xy(corner)
    jx, jy = island_xy(D.PORTS[corner].join, R + 40)
    colour = PALETTE[seat][0] if seat is not None else "#8d99a6"
    dark = PALETTE[seat][1] if seat is not None else "#55606b"
    w = WORDS.of(lang)
    title = w("port", name=name) if seat is not None else w("empty_port")
    shown = label_text or name
    if len(shown) > 14:  # a long name is cut on the board (whole in the tooltip and the panels)
        shown = shown[:13].rstrip() + "…"
    pier = (
        f'<path d="M{svg_num(x)} {svg_num(y)} L{svg_num(jx)} {svg_num(jy)}" stroke="#6e4a22" stroke-width="10" stroke-linecap="round" '
        'stroke-dasharray="3 6" opacity=".8"/>'
    )
    quay = (
        f'<path d="M{svg_num(x - 70)} {svg_num(y + 18)} Q{svg_num(x)} {svg_num(y + 34)} {svg_num(x + 70)} {svg_num(y + 18)} L{svg_num(x + 60)} {svg_num(y - 22)} '
        f'Q{svg_num(x)} {svg_num(y - 40)} {svg_num(x - 60)} {svg_num(y - 22)}z" fill="#d9b77a" stroke="#8a6a33" stroke-width="2" '
        f'filter="url(#{u}-shadow)"/>'
    )
    house = (
        f'<rect x="{svg_num(x - 20)}" y="{svg_num(y - 34)}" width="40" height="28" fill="#f4ead6" stroke="#6b5130" stroke-width="1.5"/>'
        f'<path d="M{svg_num(x - 26)} {svg_num(y - 32)} L{svg_num(x)} {svg_num(y - 54)} L{svg_num(x + 26)} {svg_num(y - 32)}z" fill="{dark}"/>'
        f'<rect x="{svg_num(x - 5)}" y="{svg_num(y - 20)}" width="10" height="14" fill="#6b4a22"/>'
        f'<line x1="{svg_num(x + 34)}" y1="{svg_num(y - 6)}" x2="{svg_num(x + 34)}" y2="{svg_num(y - 62)}" stroke="#4d3a22" stroke-width="3"/>'
        # the flag waves about its pole (a skew about the board's origin swung the right-hand flags off the sea)
        f'<g transform="translate({svg_num(x + 34)} {svg_num(y - 62)})"><g>'
        f'<animateTransform attributeName="transform" type="skewY" values="0;6;0;-4;0" dur="3s" {SETTLE}/>'
        f'<path d="M0 0 h36 v26 h-36z" fill="{colour}" stroke="{dark}" stroke-width="1.5"/>'
        + (f'<g transform="translate(18 13)">{emblem(seat, 15, "#fff")}</g>' if seat is not None else "")
        + "</g></g>"
    )
    label = ""
    if seat is not None:
        nx, ny, anchor = port_name_xy(corner)
        label = (
            f'<g class="pir-port-name" transform="translate({svg_num(nx)} {svg_num(ny)})"><g class="pir-grow-port">'
            f'<text y="{svg_num(L.PORT_FONT * 0.35)}" class="pir-portname" text-anchor="{anchor}" style="stroke:{dark}">'
            f'{escape(shown)}</text></g></g>'
        )
    return f'<g class="pir-port" data-corner="{corner}"><title>{escape(title)}</title>{pier}{quay}{house}{label}</g>'

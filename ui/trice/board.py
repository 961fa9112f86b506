"""Trice's SVG board: a pure function of a state plus keyword-only view options.

The 16 triangles are drawn from the engine's geometry helpers; sun, moon,
star, peace and eye are SVG paths; bi- and tri-cells blend the colours of
their symbols and carry every icon; pieces are 1 to 3 stacked pyramids seen
from the side.  Each colour also has its own pattern (Red plain, Green
dotted, Blue striped), and its marks their own line (Red solid, Green dotted,
Blue dashed), so that colour-blind players can tell them apart.
Cells a person can use carry ``data-act`` (a gesture of
:mod:`ui.trice.gestures`), ``role="button"``, ``tabindex="0"`` and an
``aria-label``; with ``taps`` every other cell answers a tap too
(``tap <cell>``: the view says why nothing can be done there).  The
last move is animated with SMIL, from ``previous`` and ``last_action``; a
:class:`Trail` keeps what the other seats did since the person's last action
marked on the board (arrows, fallen pieces, placements, dice).

>>> from engine.trice.rules import setup
>>> svg = render_board(setup({"b1": "R2"}, 0, dice=(1, 2, 3)), selected="b1", targets={"b2": (2, "")})
>>> svg.startswith("<svg") and 'data-act="do move b1 b2"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.trice.actions import MOVE, NUKE, PLACE, ROLL, Action
from engine.trice.board import SIDE as SIDE_ROWS
from engine.trice.board import SYMBOLS, SYMBOLS_FR, Board, cell_centre, cell_corners
from engine.trice.rules import LEVEL, OWNER, TriceState, fight, piece
from engine.trice.words import colour_names
from ui.svg import SETTLE, scoped_style
from ui.trice.gestures import Play, Select, Tap

SIZE = 100.0  # side of a small triangle in drawing units

#: Per seat: base, light, dark, pattern name.  Green and Blue are Okabe-Ito's
#: colour-blind-safe hues; Red is a red a player calls red (Okabe-Ito's
#: vermilion read as orange), dark enough that red-blind and green-blind eyes
#: still see it darker than Green; the patterns tell all three apart anyway.
SEAT_COLOURS = (
    ("#b91c1c", "#e0473f", "#6f0f0f", "plain"),
    ("#009e73", "#2fcf9f", "#00634a", "dots"),
    ("#0072b2", "#3c9fe0", "#004a75", "stripes"),
)
#: Each seat's line for its marks (arrows, dice chips): the pattern as a dash
#: (plain: solid, dots: dotted, stripes: dashed), with the width it needs.
SEAT_DASHES = ("", "0.1 9", "11 6")

#: Cell tints per symbol (light, deep) and for the plain kinds of cell.
SYMBOL_TINTS = (("#fff4c7", "#ffd866"), ("#e6ecff", "#aebcf0"), ("#f3e8ff", "#cdb2f0"))
PEACE_TINT = ("#e8f6ec", "#b9e3c8")
ICON_COLOURS = (("#f6b800", "#b77800"), ("#6f86d8", "#3f55a8"), ("#9a63d8", "#6238a0"))

STYLE = """
.trice-cell { stroke: #6d5a3c; stroke-width: 1.6; stroke-linejoin: round; }
.trice-hit { cursor: pointer; }
.trice-hit:focus { outline: none; }
.trice-hit:focus > .trice-focus, .trice-hit:hover > .trice-focus { stroke: #1b1b1b; stroke-opacity: .85; }
.trice-focus { fill: none; stroke: transparent; stroke-width: 4; stroke-dasharray: 6 4; }
.trice-name { font: 600 9px system-ui, sans-serif; fill: #7a6a50; opacity: .75; }
.trice-cost { font: 700 15px system-ui, sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; }
.trice-label { font: 600 12px system-ui, sans-serif; fill: #4a3b24; text-anchor: middle; }
.trice-tap { cursor: default; }
.trice-mark { font: 700 12px system-ui, sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; }
.trice-count { font: 700 11px system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; }
.trice-die { font: 700 16px system-ui, sans-serif; fill: #3a2a14; text-anchor: middle; }
.trice-chip-name { font: 700 16px system-ui, sans-serif; }
.trice-chip-sum { font: 700 16px system-ui, sans-serif; fill: #3a2a14; text-anchor: end; }
"""


# -- icons ------------------------------------------------------------------------------------


def sun_icon(x: float, y: float, r: float) -> str:
    rays = []
    for k in range(8):
        a = k * math.pi / 4
        rays.append(f"M{x + 0.62 * r * math.cos(a):.1f} {y + 0.62 * r * math.sin(a):.1f}"
                    f"L{x + 0.98 * r * math.cos(a):.1f} {y + 0.98 * r * math.sin(a):.1f}")
    fill, line = ICON_COLOURS[0]
    return (f'<g><path d="{"".join(rays)}" stroke="{line}" stroke-width="{max(1.2, r * 0.14):.1f}" '
            f'stroke-linecap="round"/><circle cx="{x:.1f}" cy="{y:.1f}" r="{0.45 * r:.1f}" fill="{fill}" '
            f'stroke="{line}" stroke-width="{max(0.8, r * 0.07):.1f}"/></g>')


def moon_icon(x: float, y: float, r: float) -> str:
    # outer arc of radius 0.8r round the left, inner arc of a circle centred 0.5r to the right
    p1 = (x + 0.25 * r, y - 0.76 * r)
    p2 = (x + 0.25 * r, y + 0.76 * r)
    fill, line = ICON_COLOURS[1]
    return (f'<path d="M{p1[0]:.1f} {p1[1]:.1f}A{0.8 * r:.1f} {0.8 * r:.1f} 0 1 0 {p2[0]:.1f} {p2[1]:.1f}'
            f'A{0.8 * r:.1f} {0.8 * r:.1f} 0 0 1 {p1[0]:.1f} {p1[1]:.1f}Z" fill="{fill}" stroke="{line}" '
            f'stroke-width="{max(0.8, r * 0.07):.1f}" stroke-linejoin="round"/>')


def star_icon(x: float, y: float, r: float) -> str:
    pts = []
    for k in range(10):
        rad = 0.95 * r if k % 2 == 0 else 0.4 * r
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{x + rad * math.cos(a):.1f},{y + 0.05 * r + rad * math.sin(a):.1f}")
    fill, line = ICON_COLOURS[2]
    return (f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{line}" '
            f'stroke-width="{max(0.8, r * 0.07):.1f}" stroke-linejoin="round"/>')


def peace_icon(x: float, y: float, r: float) -> str:
    d = r * 0.8
    s = d * math.sin(math.pi / 4)
    return (f'<g fill="none" stroke="#3f9a63" stroke-width="{max(1.2, r * 0.13):.1f}" stroke-linecap="round">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{d:.1f}"/>'
            f'<path d="M{x:.1f} {y - d:.1f}V{y + d:.1f}M{x:.1f} {y:.1f}L{x - s:.1f} {y + s:.1f}'
            f'M{x:.1f} {y:.1f}L{x + s:.1f} {y + s:.1f}"/></g>')


def eye_icon(x: float, y: float, r: float, seat: int) -> str:
    base, _light, dark, _ = SEAT_COLOURS[seat]
    return (f'<g><path d="M{x - r:.1f} {y:.1f}Q{x:.1f} {y - 0.85 * r:.1f} {x + r:.1f} {y:.1f}'
            f'Q{x:.1f} {y + 0.85 * r:.1f} {x - r:.1f} {y:.1f}Z" fill="#fffdf7" stroke="{dark}" '
            f'stroke-width="{max(1.0, r * 0.1):.1f}"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.36 * r:.1f}" fill="{base}"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{0.15 * r:.1f}" fill="#1d1d1d"/>'
            f'<circle cx="{x + 0.1 * r:.1f}" cy="{y - 0.12 * r:.1f}" r="{0.06 * r:.1f}" fill="#fff"/></g>')


ICONS = (sun_icon, moon_icon, star_icon)


def symbol_icon(symbol: int, x: float, y: float, r: float) -> str:
    """The sun (0), moon (1) or star (2) drawn at (x, y) with radius r."""
    return ICONS[symbol](x, y, r)


# -- pieces ------------------------------------------------------------------------------------

#: tiers of a stack, bottom first: (half width of the base, base y offset, apex y offset)
TIERS = ((19.0, 0.0, -34.0), (15.0, -13.0, -45.0), (11.0, -26.0, -56.0))


def pyramid_stack(x: float, y: float, seat: int, level: int, *, uid: str, scale: float = 1.0,
                  shadow: bool = True) -> str:
    """A piece: ``level`` pyramids of ``seat``'s colour stacked, seen from the side.

    Each pyramid has a lit left face and a shaded right face; the pattern of
    the colour lies over both.  (x, y) is the middle of the bottom edge.  The
    patterns (and the ``shadow``, for a piece standing on the board) are the
    drawing ``uid``'s own.
    """
    base, light, dark, pattern = SEAT_COLOURS[seat]
    parts = []
    for half, b, apex in TIERS[:level]:
        h, b, apex = half * scale, y + b * scale, y + apex * scale
        left = f"{x - h:.1f},{b:.1f} {x:.1f},{b:.1f} {x:.1f},{apex:.1f}"
        right = f"{x:.1f},{b:.1f} {x + h:.1f},{b:.1f} {x:.1f},{apex:.1f}"
        outline = f"{x - h:.1f},{b:.1f} {x + h:.1f},{b:.1f} {x:.1f},{apex:.1f}"
        parts.append(
            f'<polygon points="{left}" fill="{light}"/>'
            f'<polygon points="{right}" fill="{base}"/>'
            f'<polygon points="{outline}" fill="url(#{uid}-pat-{pattern})" stroke="{dark}" '
            f'stroke-width="1.4" stroke-linejoin="round"/>'
        )
    if not shadow:
        return f'<g>{"".join(parts)}</g>'
    return f'<g class="trice-piece" filter="url(#{uid}-shadow)">{"".join(parts)}</g>'


# -- the board ------------------------------------------------------------------------------------


def _defs(uid: str) -> str:
    grads = []
    for sym, (light, deep) in enumerate(SYMBOL_TINTS):
        grads.append(f'<linearGradient id="{uid}-g-{SYMBOLS[sym]}" x1="0" y1="0" x2="0" y2="1">'
                     f'<stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{deep}"/></linearGradient>')
    for a in range(3):
        for b in range(a + 1, 3):
            grads.append(f'<linearGradient id="{uid}-g-{SYMBOLS[a]}-{SYMBOLS[b]}" x1="0" y1="0" x2="1" y2="1">'
                         f'<stop offset="0" stop-color="{SYMBOL_TINTS[a][1]}"/>'
                         f'<stop offset=".48" stop-color="{SYMBOL_TINTS[a][0]}"/>'
                         f'<stop offset=".52" stop-color="{SYMBOL_TINTS[b][0]}"/>'
                         f'<stop offset="1" stop-color="{SYMBOL_TINTS[b][1]}"/></linearGradient>')
    grads.append(f'<radialGradient id="{uid}-g-tri" cx=".5" cy=".62" r=".7">'
                 f'<stop offset="0" stop-color="#fffaf0"/><stop offset=".45" stop-color="{SYMBOL_TINTS[0][1]}"/>'
                 f'<stop offset=".75" stop-color="{SYMBOL_TINTS[1][1]}"/>'
                 f'<stop offset="1" stop-color="{SYMBOL_TINTS[2][1]}"/></radialGradient>')
    grads.append(f'<linearGradient id="{uid}-g-peace" x1="0" y1="0" x2="0" y2="1"><stop offset="0" '
                 f'stop-color="{PEACE_TINT[0]}"/><stop offset="1" stop-color="{PEACE_TINT[1]}"/></linearGradient>')
    for seat, (base, light, _dark, _) in enumerate(SEAT_COLOURS):
        grads.append(f'<radialGradient id="{uid}-g-eye{seat}" cx=".5" cy=".6" r=".75"><stop offset="0" '
                     f'stop-color="#fffdf7"/><stop offset="1" stop-color="{light}" stop-opacity=".75"/>'
                     '</radialGradient>')
    grads.append(f'<linearGradient id="{uid}-g-frame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" '
                 'stop-color="#8a6a43"/><stop offset="1" stop-color="#5b4128"/></linearGradient>')
    patterns = (
        f'<pattern id="{uid}-pat-plain" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="8" height="8" fill="#fff" fill-opacity="0"/></pattern>'
        f'<pattern id="{uid}-pat-dots" width="7" height="7" patternUnits="userSpaceOnUse">'
        '<circle cx="3.5" cy="3.5" r="1.5" fill="#fff" fill-opacity=".55"/></pattern>'
        f'<pattern id="{uid}-pat-stripes" width="7" height="7" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="2.6" height="7" fill="#fff" fill-opacity=".45"/></pattern>'
    )
    shadow = (f'<filter id="{uid}-shadow" x="-30%" y="-30%" width="160%" height="160%">'
              '<feDropShadow dx="1.5" dy="2.5" stdDeviation="1.8" flood-color="#2b1d0e" flood-opacity=".45"/>'
              '</filter>'
              f'<filter id="{uid}-board-shadow" x="-10%" y="-10%" width="120%" height="130%">'
              '<feDropShadow dx="0" dy="6" stdDeviation="6" flood-color="#2b1d0e" flood-opacity=".35"/></filter>')
    return f"<defs>{''.join(grads)}{patterns}{shadow}</defs>"


def _cell_fill(board: Board, cell: int, uid: str) -> str:
    syms = board.symbols[cell]
    if len(syms) == 3:
        return f"url(#{uid}-g-tri)"
    if len(syms) == 2:
        return f"url(#{uid}-g-{SYMBOLS[syms[0]]}-{SYMBOLS[syms[1]]})"
    if syms:
        return f"url(#{uid}-g-{SYMBOLS[syms[0]]})"
    if board.peace[cell]:
        return f"url(#{uid}-g-peace)"
    if board.eye_of[cell] >= 0:
        return f"url(#{uid}-g-eye{board.eye_of[cell]})"
    return "#f5ecd9"


def _cell_icons(board: Board, cell: int, occupied: bool) -> str:
    """The cell's marks; moved up out of a piece's way when the cell is occupied."""
    row, col = board.coords[cell]
    x, y = cell_centre(row, col, SIZE)
    up = col % 2 == 0
    syms = board.symbols[cell]
    opacity = ' opacity=".55"' if occupied else ""
    if len(syms) == 3:
        r = 10.5
        spots = ((x, y - 15), (x - 15, y + 10), (x + 15, y + 10))
        inner = "".join(symbol_icon(s, sx, sy, r) for s, (sx, sy) in zip(syms, spots))
    elif len(syms) == 2:
        r = 12.5
        dy = 6 if up else -6
        inner = symbol_icon(syms[0], x - 14, y + dy, r) + symbol_icon(syms[1], x + 14, y + dy, r)
    elif syms:
        inner = symbol_icon(syms[0], x, y + (4 if up else -2), 17)
    elif board.peace[cell]:
        inner = peace_icon(x, y + (4 if up else -2), 15)
    elif board.eye_of[cell] >= 0:
        inner = eye_icon(x, y + 6, 20, board.eye_of[cell])
    else:
        inner = ""
    return f"<g{opacity}>{inner}</g>" if inner else ""


def _points(corners: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in corners)


def _inset(corners: tuple[tuple[float, float], ...], by: float) -> tuple[tuple[float, float], ...]:
    cx = sum(p[0] for p in corners) / 3
    cy = sum(p[1] for p in corners) / 3
    return tuple((cx + (px - cx) * by, cy + (py - cy) * by) for px, py in corners)


def cell_label(board: Board, cell: int, lang: str) -> str:
    """Words for a cell's marks, e.g. "c2, sun and moon bi-cell"."""
    syms = board.symbols[cell]
    names = SYMBOLS_FR if lang == "fr" else SYMBOLS
    name = board.names[cell]
    if len(syms) == 3:
        return f"{name}, tri-case" if lang == "fr" else f"{name}, tri-cell"
    if len(syms) == 2:
        return (f"{name}, bi-case {names[syms[0]]} et {names[syms[1]]}" if lang == "fr"
                else f"{name}, {names[syms[0]]} and {names[syms[1]]} bi-cell")
    if syms:
        return f"{name}, case {names[syms[0]]}" if lang == "fr" else f"{name}, {names[syms[0]]} cell"
    if board.peace[cell]:
        return f"{name}, case de paix" if lang == "fr" else f"{name}, peace cell"
    if board.eye_of[cell] >= 0:
        who = colour_names(lang)[board.eye_of[cell]]
        return f"{name}, case œil {who}" if lang == "fr" else f"{name}, {who}'s eye cell"
    return name


PIECE_COLOURS_FR = ("rouge", "verte", "bleue")  # agrees with "pièce"


def piece_label(code: int, lang: str) -> str:
    """ "Green level-2 piece" / "pièce verte de niveau 2"."""
    if lang == "fr":
        return f"pièce {PIECE_COLOURS_FR[OWNER[code]]} de niveau {LEVEL[code]}"
    return f"{colour_names()[OWNER[code]]} level-{LEVEL[code]} piece"


def describe_position(state: TriceState, lang: str = "en") -> str:
    """The pieces on the board in words, for screen readers.

    >>> from engine.trice.rules import setup
    >>> describe_position(setup({"b2": "G2"}, 0))
    'Green level-2 piece on b2, star cell.'
    """
    board = state.board
    parts = [f"{piece_label(code, lang)} {'en' if lang == 'fr' else 'on'} {cell_label(board, cell, lang)}"
             for cell, code in enumerate(state.cells) if code]
    if not parts:
        return "Le plateau est vide." if lang == "fr" else "The board is empty."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def _badge(x: float, y: float, text: str, attack: bool) -> str:
    """A cost badge; an attack gets a red burst behind it."""
    if attack:
        pts = []
        for k in range(16):
            rad = 17 if k % 2 == 0 else 11
            a = k * math.pi / 8
            pts.append(f"{x + rad * math.cos(a):.1f},{y + rad * math.sin(a):.1f}")
        shape = f'<polygon points="{" ".join(pts)}" fill="#c62828" stroke="#fff" stroke-width="1.5"/>'
    else:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="#2e7d32" stroke="#fff" stroke-width="1.5"/>'
    return f'{shape}<text class="trice-cost" x="{x:.1f}" y="{y:.1f}">{escape(text)}</text>'


def render_board(
    state: TriceState,
    *,
    selected: str | None = None,
    targets: Mapping[str, tuple[int, str]] | None = None,
    selectable: tuple[str, ...] = (),
    nuke_targets: tuple[str, ...] = (),
    immune: tuple[str, ...] = (),
    winning: tuple[str, ...] = (),
    previous: TriceState | None = None,
    last_action: Any = None,
    trail: Trail | None = None,
    suggested: Any = None,
    taps: bool = False,
    motion: bool = True,
    lang: str = "en",
    title: str | None = None,
    crop: tuple[float, float, float, float] | None = None,
    interactive: bool = True,
    uid: str = "trice",
) -> str:
    """The board as an ``<svg>`` string.

    ``selected`` is the chosen piece's cell; ``targets`` maps each legal
    destination to (cost, attacked piece's description or ""); cells in
    ``selectable`` carry ``select <cell>``; ``nuke_targets`` carry
    ``do nuke <cell>`` and ``immune`` pieces get a shield; the cells in
    ``winning`` (the winner's five) are ringed in gold.  ``previous`` and
    ``last_action`` animate the last action (give them only when it should
    play); ``trail`` marks what the other seats did since the person's last
    action.  With ``taps`` every other cell carries ``tap <cell>`` so a tap
    there is answered in words, in the page's language.  ``motion=False`` draws no
    animation at all.  ``crop`` is an optional viewBox (x, y, width, height)
    for small figures.  With ``interactive=False`` (pictures on the rules
    page) the highlights stay but nothing carries ``data-act``.  ``uid`` is
    the drawing's id, and the start of every id inside it: give each drawing
    of one page its own (see :mod:`ui.svg`).

    >>> from engine.trice.rules import Trice
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(render_board(Trice().new(3)))
    >>> root.get("viewBox"), len(root.findall(".//{http://www.w3.org/2000/svg}polygon")) >= 16
    ('-222 -34 444 412', True)
    """
    board = state.board
    targets = dict(targets or {})
    fr = lang == "fr"
    heading = title or ("Plateau de Trice" if fr else "Trice board")
    view = crop or (-222, -34, 444, 412)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" viewBox="{" ".join(f"{v:g}" for v in view)}" '
        f'class="trice-board" role="group" aria-label="{escape(heading)}" preserveAspectRatio="xMidYMid meet">'),
        f"<title>{escape(heading)}</title><desc>{escape(describe_position(state, lang))}</desc>",
        scoped_style(STYLE, uid),
        _defs(uid),
    ]
    # the wooden frame under the cells
    h = 4 * SIZE * math.sqrt(3) / 2
    frame = ((0, -26), (2 * SIZE + 24, h + 14), (-2 * SIZE - 24, h + 14))
    out.append(f'<polygon points="{_points(frame)}" fill="url(#{uid}-g-frame)" stroke="#3e2a16" '
               f'stroke-width="3" stroke-linejoin="round" filter="url(#{uid}-board-shadow)"/>')
    animate = motion and previous is not None
    moved_to, moved_from, placed_at = _last_move(state, previous, last_action) if animate else (None, None, None)
    cells_out = []
    pieces_out = []
    overlays = []
    for cell, (row, col) in enumerate(board.coords):
        name = board.names[cell]
        corners = cell_corners(row, col, SIZE)
        code = state.cells[cell]
        x, y = cell_centre(row, col, SIZE)
        label = cell_label(board, cell, lang)
        cell_svg = [f'<polygon class="trice-cell" points="{_points(corners)}" fill="{_cell_fill(board, cell, uid)}"/>',
                    _cell_icons(board, cell, bool(code))]
        tx, ty = corners[0] if col % 2 == 0 else corners[2]
        name_y = ty + 24 if col % 2 == 0 else ty - 7
        cell_svg.append(f'<text class="trice-name" x="{tx:.1f}" y="{name_y:.1f}" text-anchor="middle">{name}</text>')
        cells_out.append("".join(cell_svg))
        if code:
            stack = pyramid_stack(x, y + 16, OWNER[code], LEVEL[code], uid=uid, scale=0.8)
            if cell == moved_to and moved_from is not None:
                fx, fy = cell_centre(*board.coords[moved_from], SIZE)
                stack = (f'<g>{stack}<animateTransform attributeName="transform" type="translate" '
                         f'from="{fx - x:.1f} {fy - y:.1f}" to="0 0" dur="0.45s" fill="freeze"/></g>')
            elif cell == placed_at:
                stack = (f'<g>{stack}<animateTransform attributeName="transform" type="translate" '
                         'from="0 -40" to="0 0" dur="0.4s" fill="freeze"/>'
                         '<animate attributeName="opacity" from="0" to="1" dur="0.4s" fill="freeze"/></g>')
            pieces_out.append(f'<g aria-hidden="true">{stack}</g>')
        # pieces the last action eliminated fade out where they stood
        if animate and previous is not None and previous.cells[cell] and (
                not code or OWNER[code] != OWNER[previous.cells[cell]]) and cell != moved_from:
            old = previous.cells[cell]
            pieces_out.append(f'<g opacity="0" aria-hidden="true">{pyramid_stack(x, y + 16, OWNER[old], LEVEL[old], uid=uid, scale=0.8)}'
                              '<animate attributeName="opacity" from="0.9" to="0" dur="0.8s" fill="freeze"/></g>')
        # interaction and highlights
        inset = _inset(corners, 0.86)
        # a spot beside the piece, in the wide half of the triangle
        side_y = y + 18 if col % 2 == 0 else y - 16
        act = None
        aria = label + (f", {piece_label(code, lang)}" if code else "")
        if name == selected:
            pulse = (f'<animate attributeName="stroke-opacity" values="1;.35;1" dur="1.4s" {SETTLE}/>'
                     if motion else "")
            overlays.append(f'<polygon points="{_points(inset)}" fill="none" stroke="#ffb300" stroke-width="5" '
                            f'stroke-linejoin="round">{pulse}</polygon>')
            act = Select(name).text()
            aria = (f"désélectionner {aria}" if fr else f"deselect {aria}")
        elif name in targets:
            cost, attacked = targets[name]
            attack = bool(attacked)
            colour = "#c62828" if attack else "#2e7d32"
            dash = ' stroke-dasharray="7 4"' if attack else ""
            overlays.append(f'<polygon points="{_points(inset)}" fill="{colour}" fill-opacity=".16" '
                            f'stroke="{colour}" stroke-width="3.5" stroke-linejoin="round"{dash}/>')
            bx, by = (x + 22, side_y) if code else (x, y + (6 if col % 2 == 0 else -2))
            overlays.append(_badge(bx, by, f"{cost}", attack))
            act = Play(Action.move(board.index[selected], cell)).text()
            if fr:
                aria = (f"déplacer vers {label} et attaquer la {attacked}, coût {cost}" if attack
                        else f"déplacer vers {label}, coût {cost}")
            else:
                aria = (f"move to {label} and attack the {attacked}, costs {cost}" if attack
                        else f"move to {label}, costs {cost}")
        elif name in nuke_targets:
            overlays.append(_radiation(x - 27, side_y, motion=motion))
            act = Play(Action.nuke(cell)).text()
            aria = (f"retirer la {piece_label(code, lang)} de {label}" if fr
                    else f"remove the {piece_label(code, lang)} on {label}")
        elif name in selectable:
            act = Select(name).text()
            aria = f"choisir {aria}" if fr else f"select {aria}"
        if name in winning:
            overlays.append(f'<polygon class="trice-won" points="{_points(_inset(corners, 0.9))}" fill="#ffd54a" '
                            'fill-opacity=".18" stroke="#e0a800" stroke-width="6" stroke-linejoin="round"/>')
        if name in immune:
            words = "protégée par la paix" if fr else "immune (peace cell)"
            overlays.append(f'<g role="img" aria-label="{escape(piece_label(code, lang))}, {words}">'
                            f'{_shield(x + 27, side_y)}</g>')
            aria += f", {words}"
        if act is not None and not interactive:
            # a picture (rules page): the same marks, but nothing for the bridge to click
            overlays.append(f'<g data-demo="{escape(act)}" role="img" aria-label="{escape(aria)}">'
                            f'<polygon points="{_points(corners)}" fill="#fff" fill-opacity="0"/></g>')
        elif act is not None:
            overlays.append(
                f'<g class="trice-hit" data-act="{escape(act)}" role="button" tabindex="0" '
                f'aria-label="{escape(aria)}"><polygon points="{_points(corners)}" fill="#fff" fill-opacity="0"/>'
                f'<polygon class="trice-focus" points="{_points(_inset(corners, 0.78))}"/></g>')
        elif taps and interactive:
            # nothing to do here now: a tap (or click) still gets an answer in words, from the view;
            # not a tab stop (a keyboard player only visits the cells that do something)
            overlays.append(f'<g class="trice-tap" data-act="{escape(Tap(name).text())}">'
                            f'<polygon points="{_points(corners)}" fill="#fff" fill-opacity="0"/></g>')
    out.extend(cells_out)
    out.extend(pieces_out)
    if trail:
        out.append(_trail_marks(board, trail, uid))
    if suggested is not None:
        out.append(_suggestion_mark(state, suggested))
    out.extend(overlays)
    if trail and trail.dice and crop is None:
        out.append(_dice_chips(trail, lang))
    out.append("</svg>")
    return "".join(out)


# -- a suggested move: the hint's, or an analysed turn's better move ------------------------------

#: The suggestion's colours: a gold no seat wears, on a dark casing that reads over every cell.
HINT_FILL, HINT_EDGE = "#f5b800", "#3b2a00"


def _suggestion_mark(state: TriceState, action: Any) -> str:
    """A gold arrow from the piece to its cell (a move), or a gold ring on the cell it acts on (a placement, a
    nuclear strike); nothing for an action off the board (ending the turn).  Never clickable.

    >>> from engine.trice.rules import setup
    >>> mark = _suggestion_mark(setup({"b1": "G2"}, 1, dice=(1, 2, 3)), Action.move(1, 2))
    >>> 'data-hint="move"' in mark, mark.count("<circle")
    (True, 2)
    """
    if not isinstance(action, Action):
        return ""
    board = state.board
    kind = action.kind
    if kind == MOVE:
        x0, y0 = cell_centre(*board.coords[action.src], SIZE)
        x1, y1 = cell_centre(*board.coords[action.dst], SIZE)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        neck = (x1 - 20 * ux, y1 - 20 * uy)
        wing = 10.0
        head = (f"{x1 - 4 * ux:.1f},{y1 - 4 * uy:.1f} {neck[0] - wing * uy:.1f},{neck[1] + wing * ux:.1f} "
                f"{neck[0] + wing * uy:.1f},{neck[1] - wing * ux:.1f}")
        line = f"M{x0:.1f} {y0:.1f}L{neck[0]:.1f} {neck[1]:.1f}"
        return (f'<g class="trice-hint" data-hint="move" data-cell="{board.names[action.dst]}" aria-hidden="true" '
                f'pointer-events="none">'
                f'<circle cx="{x0:.1f}" cy="{y0:.1f}" r="9" fill="{HINT_FILL}" stroke="{HINT_EDGE}" stroke-width="2.5"/>'
                f'<path d="{line}" stroke="{HINT_EDGE}" stroke-width="12" stroke-linecap="round"/>'
                f'<path d="{line}" stroke="{HINT_FILL}" stroke-width="7" stroke-linecap="round"/>'
                f'<polygon points="{head}" fill="{HINT_FILL}" stroke="{HINT_EDGE}" stroke-width="2.5" '
                f'stroke-linejoin="round"/>'
                f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="24" fill="none" stroke="{HINT_FILL}" stroke-width="4" '
                f'stroke-dasharray="6 4"/></g>')
    if kind in (PLACE, NUKE):
        cell = action.cell if kind == NUKE else board.eyes[state.seat]
        x, y = cell_centre(*board.coords[cell], SIZE)
        return (f'<g class="trice-hint" data-hint="{"nuke" if kind == NUKE else "place"}" data-cell="{board.names[cell]}" '
                f'aria-hidden="true" pointer-events="none">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="25" fill="none" stroke="{HINT_EDGE}" stroke-width="8"/>'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="25" fill="none" stroke="{HINT_FILL}" stroke-width="5" '
                f'stroke-dasharray="7 4"/></g>')
    return ""


# -- what the others did: the trail -----------------------------------------------------------


@dataclass(frozen=True)
class Trail:
    """What the other seats did since the person's last action, as marks for the board.

    Cells are the engine's cell numbers; pieces are the engine's cell codes.
    """

    #: (seat, from cell, to cell) per move, in the order played
    moves: tuple[tuple[int, int, int], ...] = ()
    #: (cell, code of the piece, "attack" or "nuclear"): pieces eliminated or removed there
    fallen: tuple[tuple[int, int, str], ...] = ()
    #: (cell, seat): an attacker that lost a level in a fight of equals there (TR-12)
    reduced: tuple[tuple[int, int], ...] = ()
    #: (seat, cell, level) per placement on an eye cell
    placed: tuple[tuple[int, int, int], ...] = ()
    #: (seat, dice) per roll
    dice: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.moves or self.fallen or self.reduced or self.placed or self.dice)


def trail_of(recent: Iterable[Any]) -> Trail:
    """The marks of a run of actions (each with ``before``, ``action`` and ``seat``, as ``ui.view.Recent``).

    >>> from types import SimpleNamespace as Step
    >>> from engine.trice.rules import Trice, setup
    >>> game = Trice(); before = setup({"b1": "G2", "b2": "R2"}, 1, dice=(1, 2, 3))
    >>> trail = trail_of([Step(before=before, action=game.parse_action("move b1 b2"), seat=1)])
    >>> trail.moves, trail.fallen, trail.reduced   # cells b1 = 1, b2 = 2; Red's level 2 is code 2
    (((1, 1, 2),), ((2, 2, 'attack'),), ((2, 1),))
    """
    moves: list[tuple[int, int, int]] = []
    fallen: list[tuple[int, int, str]] = []
    reduced: list[tuple[int, int]] = []
    placed: list[tuple[int, int, int]] = []
    dice: dict[int, tuple[int, ...]] = {}
    for step in recent:
        before, action, seat = step.before, step.action, step.seat
        if not isinstance(before, TriceState) or not isinstance(action, Action) or seat is None:
            continue
        kind = action.kind
        if kind == ROLL:
            dice.pop(seat, None)  # the latest roll of a seat, in playing order
            dice[seat] = action.dice
        elif kind == NUKE:
            fallen.append((action.cell, before.cells[action.cell], "nuclear"))
        elif kind in (MOVE, PLACE):
            if kind == MOVE:
                attacker, target = before.cells[action.src], action.dst
                moves.append((seat, action.src, target))
            else:
                attacker, target = piece(seat, action.level), before.board.eyes[seat]
                placed.append((seat, target, action.level))
            defender = before.cells[target]
            if defender:
                left, _, _ = fight(attacker, defender)
                fallen.append((target, defender, "attack"))
                if not left:
                    fallen.append((target, attacker, "attack"))
                elif left != attacker:
                    reduced.append((target, seat))
    return Trail(tuple(moves), tuple(fallen), tuple(reduced), tuple(placed), tuple(dice.items()))


def _arrow(x0: float, y0: float, x1: float, y1: float, seat: int, *, short: float = 5.0) -> str:
    """An arrow from (x0, y0) to ``short`` units before (x1, y1), in the seat's colour and line, on a white casing."""
    base, _light, dark, _ = SEAT_COLOURS[seat]
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - short * ux, y1 - short * uy)
    neck = (tip[0] - 15 * ux, tip[1] - 15 * uy)
    wing = 9.0
    head = (f"{tip[0]:.1f},{tip[1]:.1f} {neck[0] - wing * uy:.1f},{neck[1] + wing * ux:.1f} "
            f"{neck[0] + wing * uy:.1f},{neck[1] - wing * ux:.1f}")
    line = f'M{x0:.1f} {y0:.1f}L{neck[0]:.1f} {neck[1]:.1f}'
    dash = SEAT_DASHES[seat]
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<g class="trice-arrow" data-seat="{seat}">'
            f'<path d="{line}" stroke="#fff" stroke-width="11" stroke-linecap="round" opacity=".9"/>'
            f'<polygon points="{head}" fill="#fff" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>'
            f'<circle cx="{x0:.1f}" cy="{y0:.1f}" r="6" fill="{base}" stroke="#fff" stroke-width="2"/>'
            f'<path d="{line}" stroke="{base}" stroke-width="6" stroke-linecap="round"{dashed}/>'
            f'<polygon points="{head}" fill="{base}" stroke="{dark}" stroke-width="1.2" stroke-linejoin="round"/></g>')


def _trail_marks(board: Board, trail: Trail, uid: str) -> str:
    """Arrows, fallen pieces, reduced attackers and placements (drawn over the pieces, never clickable)."""
    parts = []
    spots: dict[int, int] = {}  # marks already beside a cell: the next one goes to the other side

    def spot(cell: int) -> tuple[float, float]:
        row, col = board.coords[cell]
        x, y = cell_centre(row, col, SIZE)
        side_y = y + 17 if col % 2 == 0 else y - 13  # the wide half of the triangle, inside the cell
        used = spots.get(cell, 0)
        spots[cell] = used + 1
        return x + (-23 if used % 2 == 0 else 23), side_y - 12 * (used // 2)

    for cell, code, cause in trail.fallen:
        gx, gy = spot(cell)
        _base, _light, dark, _ = SEAT_COLOURS[OWNER[code]]
        ghost = pyramid_stack(gx, gy + 9, OWNER[code], LEVEL[code], uid=uid, scale=0.38, shadow=False)
        mark = _mini_trefoil(gx + 6, gy - 6) if cause == "nuclear" else _cross(gx, gy - 2)
        parts.append(f'<g class="trice-fallen" data-cell="{board.names[cell]}">'
                     f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="13.5" fill="#fffdf7" fill-opacity=".92" stroke="{dark}" '
                     f'stroke-width="1.6" stroke-dasharray="3 2.5"/><g opacity=".8">{ghost}</g>{mark}</g>')
    for cell, seat in trail.reduced:
        gx, gy = spot(cell)
        _base, _light, dark, _ = SEAT_COLOURS[seat]
        parts.append(f'<g class="trice-reduced" data-cell="{board.names[cell]}">'
                     f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="12" fill="{dark}" stroke="#fff" stroke-width="2"/>'
                     f'<text class="trice-mark" x="{gx:.1f}" y="{gy:.1f}">−1</text></g>')
    for seat, src, dst in trail.moves:
        x0, y0 = cell_centre(*board.coords[src], SIZE)
        x1, y1 = cell_centre(*board.coords[dst], SIZE)
        parts.append(_arrow(x0, y0, x1, y1, seat))
    # a placement comes from the reserve, off the board: an arrow from outside the corner into the eye cell
    placements: dict[tuple[int, int], int] = {}
    for seat, cell, _level in trail.placed:
        placements[(seat, cell)] = placements.get((seat, cell), 0) + 1
    middle_y = 2 / 3 * SIDE_ROWS * SIZE * math.sqrt(3) / 2  # the board's centre
    for (seat, cell), times in placements.items():
        x, y = cell_centre(*board.coords[cell], SIZE)
        ux, uy = x - 0.0, y - middle_y
        length = math.hypot(ux, uy) or 1.0
        ux, uy = ux / length, uy / length
        near = 36.0 if uy < -0.9 else 26.0  # above the tallest piece at the top corner, beside it below
        x0, y0, x1, y1 = x + (near + 42) * ux, y + (near + 42) * uy, x + near * ux, y + near * uy
        mark = _arrow(x0, y0, x1, y1, seat, short=0.0)
        if times > 1:  # placed there more than once
            base, _light, dark, _ = SEAT_COLOURS[seat]
            mark += (f'<circle cx="{x0:.1f}" cy="{y0:.1f}" r="10.5" fill="#fff" stroke="{base}" stroke-width="2.5"/>'
                     f'<text class="trice-count" x="{x0:.1f}" y="{y0:.1f}" fill="{dark}">×{times}</text>')
        parts.append(f'<g class="trice-placed" data-cell="{board.names[cell]}">{mark}</g>')
    return f'<g class="trice-trail" aria-hidden="true" pointer-events="none">{"".join(parts)}</g>'


#: A dice chip's size: the board's free top corners hold one each (the frame's top is at y = -26).
CHIP_WIDTH, CHIP_HEIGHT = 200.0, 38.0


def _dice_chips(trail: Trail, lang: str) -> str:
    """The dice each other seat rolled, in chips in the top corners: the seat's colour and line, name, dice, sum.

    Green's eye is bottom left and Blue's bottom right, so their chips take those sides; Red (the
    top corner) takes whichever side is free.
    """
    names = colour_names(lang)
    seats = [seat for seat, _ in trail.dice]
    sides = {seat: "left" if seat == 1 or (seat == 0 and 1 not in seats) else "right" for seat in seats}
    if len(set(sides.values())) < len(sides):  # two seats on one side (not with three seats and one "you")
        sides = {seat: ("left", "right")[i % 2] for i, seat in enumerate(seats)}
    parts = []
    for seat, dice in trail.dice:
        base, _light, dark, _ = SEAT_COLOURS[seat]
        x = -220.0 if sides[seat] == "left" else 220.0 - CHIP_WIDTH
        y = -33.0
        dash = SEAT_DASHES[seat]
        dashed = f' stroke-dasharray="{dash}" stroke-linecap="round"' if dash else ""
        faces = []
        for k, value in enumerate(dice):
            dx = x + 76 + k * 24
            faces.append(f'<polygon points="{dx + 11.5:.1f},{y + 5:.1f} {dx + 23:.1f},{y + 32:.1f} {dx:.1f},{y + 32:.1f}" '
                         'fill="#fffaf0" stroke="#6d5a3c" stroke-width="1.6" stroke-linejoin="round"/>'
                         f'<text class="trice-die" x="{dx + 11.5:.1f}" y="{y + 28:.1f}">{value}</text>')
        parts.append(
            f'<g class="trice-chip" data-seat="{seat}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CHIP_WIDTH:g}" height="{CHIP_HEIGHT:g}" rx="9" fill="#fffdf7" '
            f'stroke="{base}" stroke-width="3.5"{dashed}/>'
            f'<text class="trice-chip-name" x="{x + 10:.1f}" y="{y + 25:.1f}" fill="{dark}">{escape(names[seat])}</text>'
            f'{"".join(faces)}'
            f'<text class="trice-chip-sum" x="{x + CHIP_WIDTH - 7:.1f}" y="{y + 25:.1f}">= {sum(dice)}</text></g>')
    return f'<g class="trice-dice-chips" aria-hidden="true" pointer-events="none">{"".join(parts)}</g>'


def _cross(x: float, y: float) -> str:
    """A red cross: this piece was eliminated in a fight."""
    d = 7.5
    path = f"M{x - d:.1f} {y - d:.1f}L{x + d:.1f} {y + d:.1f}M{x + d:.1f} {y - d:.1f}L{x - d:.1f} {y + d:.1f}"
    return (f'<path d="{path}" stroke="#fff" stroke-width="7" stroke-linecap="round"/>'
            f'<path d="{path}" stroke="#a31515" stroke-width="3.6" stroke-linecap="round"/>')


def _mini_trefoil(x: float, y: float) -> str:
    """A small still trefoil: this piece was removed by the nuclear option."""
    return _radiation(x, y, motion=False, scale=0.6)


def _radiation(x: float, y: float, *, motion: bool = True, scale: float = 1.0) -> str:
    """The nuclear trefoil on a removable piece (pulsing unless ``motion`` is off)."""
    blades = []
    inner, outer = 4 * scale, 12 * scale
    for k in range(3):
        a = -math.pi / 2 + k * 2 * math.pi / 3
        a1, a2 = a - math.pi / 6, a + math.pi / 6
        blades.append(f"M{x + inner * math.cos(a1):.1f} {y + inner * math.sin(a1):.1f}"
                      f"L{x + outer * math.cos(a1):.1f} {y + outer * math.sin(a1):.1f}"
                      f"A{outer:.1f} {outer:.1f} 0 0 1 {x + outer * math.cos(a2):.1f} {y + outer * math.sin(a2):.1f}"
                      f"L{x + inner * math.cos(a2):.1f} {y + inner * math.sin(a2):.1f}Z")
    pulse = f'<animate attributeName="opacity" values="1;.55;1" dur="1.2s" {SETTLE}/>' if motion else ""
    return (f'<g><circle cx="{x:.1f}" cy="{y:.1f}" r="{14 * scale:.1f}" fill="#ffd600" stroke="#222" stroke-width="1.5"/>'
            f'<path d="{"".join(blades)}" fill="#222"/><circle cx="{x:.1f}" cy="{y:.1f}" r="{2.6 * scale:.1f}" '
            f'fill="#222"/>{pulse}</g>')


def _shield(x: float, y: float) -> str:
    """A small shield with the peace sign: this piece cannot be removed."""
    return (f'<g><path d="M{x:.1f} {y - 11:.1f}L{x + 9:.1f} {y - 7:.1f}V{y + 1:.1f}Q{x + 9:.1f} {y + 8:.1f} '
            f'{x:.1f} {y + 12:.1f}Q{x - 9:.1f} {y + 8:.1f} {x - 9:.1f} {y + 1:.1f}V{y - 7:.1f}Z" fill="#e8f6ec" '
            f'stroke="#2e7d4f" stroke-width="1.6"/>{peace_icon(x, y, 5.5)}</g>')


def _last_move(state: TriceState, previous: TriceState | None, action: Any) -> tuple[int | None, int | None, int | None]:
    """(cell moved to, cell moved from, cell placed on) for the animation."""
    if previous is None or not isinstance(action, Action):
        return None, None, None
    if action.kind == MOVE:
        return action.dst, action.src, None
    if action.kind == PLACE:
        return None, None, state.board.eyes[previous.seat]
    return None, None, None

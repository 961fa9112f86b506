"""Trice's SVG board: a pure function of a state plus keyword-only view options.

The 16 triangles are drawn from the engine's geometry helpers; sun, moon,
star, peace and eye are SVG paths; bi- and tri-cells blend the colours of
their symbols and carry every icon; pieces are 1 to 3 stacked pyramids seen
from the side.  Each colour also has its own pattern (Red plain, Green
dotted, Blue striped) so that colour-blind players can tell them apart.
Clickable cells carry ``data-act``, ``role="button"``, ``tabindex="0"`` and an
``aria-label``.  The last move is animated with SMIL, from ``previous`` and
``last_action``.

>>> from engine.trice.game import setup
>>> svg = render_board(setup({"b1": "R2"}, 0, dice=(1, 2, 3)), selected="b1", targets={"b2": (2, "")})
>>> svg.startswith("<svg") and 'data-act="do move b1 b2"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from engine.trice.board import SYMBOLS, SYMBOLS_FR, Board, cell_centre, cell_corners
from engine.trice.game import LEVEL, MOVE, NUKE, OWNER, PLACE, TriceState

SIZE = 100.0  # side of a small triangle in drawing units

#: Colour-blind-safe hues (Okabe-Ito) per seat: base, light, dark, pattern name.
SEAT_COLOURS = (
    ("#d55e00", "#f08a3e", "#8f3c00", "plain"),
    ("#009e73", "#2fcf9f", "#00634a", "dots"),
    ("#0072b2", "#3c9fe0", "#004a75", "stripes"),
)
COLOUR_NAMES = {"en": ("Red", "Green", "Blue"), "fr": ("Rouge", "Vert", "Bleu")}

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
.trice-piece { filter: url(#trice-shadow); }
.trice-label { font: 600 12px system-ui, sans-serif; fill: #4a3b24; text-anchor: middle; }
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


def pyramid_stack(x: float, y: float, seat: int, level: int, *, scale: float = 1.0) -> str:
    """A piece: ``level`` pyramids of ``seat``'s colour stacked, seen from the side.

    Each pyramid has a lit left face and a shaded right face; the pattern of
    the colour lies over both.  (x, y) is the middle of the bottom edge.
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
            f'<polygon points="{outline}" fill="url(#trice-pat-{pattern})" stroke="{dark}" '
            f'stroke-width="1.4" stroke-linejoin="round"/>'
        )
    return f'<g class="trice-piece">{"".join(parts)}</g>'


# -- the board ------------------------------------------------------------------------------------


def _defs(board: Board) -> str:
    grads = []
    for sym, (light, deep) in enumerate(SYMBOL_TINTS):
        grads.append(f'<linearGradient id="trice-g-{SYMBOLS[sym]}" x1="0" y1="0" x2="0" y2="1">'
                     f'<stop offset="0" stop-color="{light}"/><stop offset="1" stop-color="{deep}"/></linearGradient>')
    for a in range(3):
        for b in range(a + 1, 3):
            grads.append(f'<linearGradient id="trice-g-{SYMBOLS[a]}-{SYMBOLS[b]}" x1="0" y1="0" x2="1" y2="1">'
                         f'<stop offset="0" stop-color="{SYMBOL_TINTS[a][1]}"/>'
                         f'<stop offset=".48" stop-color="{SYMBOL_TINTS[a][0]}"/>'
                         f'<stop offset=".52" stop-color="{SYMBOL_TINTS[b][0]}"/>'
                         f'<stop offset="1" stop-color="{SYMBOL_TINTS[b][1]}"/></linearGradient>')
    grads.append('<radialGradient id="trice-g-tri" cx=".5" cy=".62" r=".7">'
                 f'<stop offset="0" stop-color="#fffaf0"/><stop offset=".45" stop-color="{SYMBOL_TINTS[0][1]}"/>'
                 f'<stop offset=".75" stop-color="{SYMBOL_TINTS[1][1]}"/>'
                 f'<stop offset="1" stop-color="{SYMBOL_TINTS[2][1]}"/></radialGradient>')
    grads.append(f'<linearGradient id="trice-g-peace" x1="0" y1="0" x2="0" y2="1"><stop offset="0" '
                 f'stop-color="{PEACE_TINT[0]}"/><stop offset="1" stop-color="{PEACE_TINT[1]}"/></linearGradient>')
    for seat, (base, light, _dark, _) in enumerate(SEAT_COLOURS):
        grads.append(f'<radialGradient id="trice-g-eye{seat}" cx=".5" cy=".6" r=".75"><stop offset="0" '
                     f'stop-color="#fffdf7"/><stop offset="1" stop-color="{light}" stop-opacity=".75"/>'
                     '</radialGradient>')
    grads.append('<linearGradient id="trice-g-frame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" '
                 'stop-color="#8a6a43"/><stop offset="1" stop-color="#5b4128"/></linearGradient>')
    patterns = (
        '<pattern id="trice-pat-plain" width="8" height="8" patternUnits="userSpaceOnUse">'
        '<rect width="8" height="8" fill="#fff" fill-opacity="0"/></pattern>'
        '<pattern id="trice-pat-dots" width="7" height="7" patternUnits="userSpaceOnUse">'
        '<circle cx="3.5" cy="3.5" r="1.5" fill="#fff" fill-opacity=".55"/></pattern>'
        '<pattern id="trice-pat-stripes" width="7" height="7" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="2.6" height="7" fill="#fff" fill-opacity=".45"/></pattern>'
    )
    shadow = ('<filter id="trice-shadow" x="-30%" y="-30%" width="160%" height="160%">'
              '<feDropShadow dx="1.5" dy="2.5" stdDeviation="1.8" flood-color="#2b1d0e" flood-opacity=".45"/>'
              '</filter>'
              '<filter id="trice-board-shadow" x="-10%" y="-10%" width="120%" height="130%">'
              '<feDropShadow dx="0" dy="6" stdDeviation="6" flood-color="#2b1d0e" flood-opacity=".35"/></filter>')
    return f"<defs>{''.join(grads)}{patterns}{shadow}</defs>"


def _cell_fill(board: Board, cell: int) -> str:
    syms = board.symbols[cell]
    if len(syms) == 3:
        return "url(#trice-g-tri)"
    if len(syms) == 2:
        return f"url(#trice-g-{SYMBOLS[syms[0]]}-{SYMBOLS[syms[1]]})"
    if syms:
        return f"url(#trice-g-{SYMBOLS[syms[0]]})"
    if board.peace[cell]:
        return "url(#trice-g-peace)"
    if board.eye_of[cell] >= 0:
        return f"url(#trice-g-eye{board.eye_of[cell]})"
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
        who = COLOUR_NAMES[lang if lang in COLOUR_NAMES else "en"][board.eye_of[cell]]
        return f"{name}, case œil {who}" if lang == "fr" else f"{name}, {who}'s eye cell"
    return name


PIECE_COLOURS_FR = ("rouge", "verte", "bleue")  # agrees with "pièce"


def piece_label(code: int, lang: str) -> str:
    """ "Green level-2 piece" / "pièce verte de niveau 2"."""
    if lang == "fr":
        return f"pièce {PIECE_COLOURS_FR[OWNER[code]]} de niveau {LEVEL[code]}"
    return f"{COLOUR_NAMES['en'][OWNER[code]]} level-{LEVEL[code]} piece"


def describe_position(state: TriceState, lang: str = "en") -> str:
    """The pieces on the board in words, for screen readers.

    >>> from engine.trice.game import setup
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
    previous: TriceState | None = None,
    last_action: Any = None,
    lang: str = "en",
    title: str | None = None,
    crop: tuple[float, float, float, float] | None = None,
    interactive: bool = True,
) -> str:
    """The board as an ``<svg>`` string.

    ``selected`` is the chosen piece's cell; ``targets`` maps each legal
    destination to (cost, attacked piece's description or ""); cells in
    ``selectable`` carry ``select <cell>``; ``nuke_targets`` carry
    ``do nuke <cell>`` and ``immune`` pieces get a shield.  ``crop`` is an
    optional viewBox (x, y, width, height) for small figures.  With
    ``interactive=False`` (pictures on the rules page) the highlights stay
    but nothing carries ``data-act``.

    >>> from engine.trice.game import Trice
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
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(f"{v:g}" for v in view)}" '
        f'class="trice-board" role="group" aria-label="{escape(heading)}" preserveAspectRatio="xMidYMid meet">',
        f"<title>{escape(heading)}</title><desc>{escape(describe_position(state, lang))}</desc>"
        f"<style>{STYLE}</style>",
        _defs(board),
    ]
    # the wooden frame under the cells
    h = 4 * SIZE * math.sqrt(3) / 2
    frame = ((0, -26), (2 * SIZE + 24, h + 14), (-2 * SIZE - 24, h + 14))
    out.append(f'<polygon points="{_points(frame)}" fill="url(#trice-g-frame)" stroke="#3e2a16" '
               'stroke-width="3" stroke-linejoin="round" filter="url(#trice-board-shadow)"/>')
    moved_to, moved_from, placed_at = _last_move(state, previous, last_action)
    cells_out = []
    pieces_out = []
    overlays = []
    for cell, (row, col) in enumerate(board.coords):
        name = board.names[cell]
        corners = cell_corners(row, col, SIZE)
        code = state.cells[cell]
        x, y = cell_centre(row, col, SIZE)
        label = cell_label(board, cell, lang)
        cell_svg = [f'<polygon class="trice-cell" points="{_points(corners)}" fill="{_cell_fill(board, cell)}"/>',
                    _cell_icons(board, cell, bool(code))]
        tx, ty = corners[0] if col % 2 == 0 else corners[2]
        name_y = ty + 24 if col % 2 == 0 else ty - 7
        cell_svg.append(f'<text class="trice-name" x="{tx:.1f}" y="{name_y:.1f}" text-anchor="middle">{name}</text>')
        cells_out.append("".join(cell_svg))
        if code:
            stack = pyramid_stack(x, y + 16, OWNER[code], LEVEL[code], scale=0.8)
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
        if previous is not None and previous.cells[cell] and (
                not code or OWNER[code] != OWNER[previous.cells[cell]]) and cell != moved_from:
            old = previous.cells[cell]
            pieces_out.append(f'<g opacity="0" aria-hidden="true">{pyramid_stack(x, y + 16, OWNER[old], LEVEL[old], scale=0.8)}'
                              '<animate attributeName="opacity" from="0.9" to="0" dur="0.8s" fill="freeze"/></g>')
        # interaction and highlights
        inset = _inset(corners, 0.86)
        # a spot beside the piece, in the wide half of the triangle
        side_y = y + 18 if col % 2 == 0 else y - 16
        act = None
        aria = label + (f", {piece_label(code, lang)}" if code else "")
        if name == selected:
            overlays.append(f'<polygon points="{_points(inset)}" fill="none" stroke="#ffb300" stroke-width="5" '
                            'stroke-linejoin="round"><animate attributeName="stroke-opacity" values="1;.35;1" '
                            'dur="1.4s" repeatCount="indefinite"/></polygon>')
            act = f"select {name}"
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
            act = f"do move {selected} {name}"
            if fr:
                aria = (f"déplacer vers {label} et attaquer la {attacked}, coût {cost}" if attack
                        else f"déplacer vers {label}, coût {cost}")
            else:
                aria = (f"move to {label} and attack the {attacked}, costs {cost}" if attack
                        else f"move to {label}, costs {cost}")
        elif name in nuke_targets:
            overlays.append(_radiation(x - 27, side_y))
            act = f"do nuke {name}"
            aria = (f"retirer la {piece_label(code, lang)} de {label}" if fr
                    else f"remove the {piece_label(code, lang)} on {label}")
        elif name in selectable:
            act = f"select {name}"
            aria = f"choisir {aria}" if fr else f"select {aria}"
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
    out.extend(cells_out)
    out.extend(pieces_out)
    out.extend(overlays)
    out.append("</svg>")
    return "".join(out)


def _radiation(x: float, y: float) -> str:
    """The nuclear trefoil on a removable piece."""
    blades = []
    for k in range(3):
        a = -math.pi / 2 + k * 2 * math.pi / 3
        a1, a2 = a - math.pi / 6, a + math.pi / 6
        blades.append(f"M{x + 4 * math.cos(a1):.1f} {y + 4 * math.sin(a1):.1f}"
                      f"L{x + 12 * math.cos(a1):.1f} {y + 12 * math.sin(a1):.1f}"
                      f"A12 12 0 0 1 {x + 12 * math.cos(a2):.1f} {y + 12 * math.sin(a2):.1f}"
                      f"L{x + 4 * math.cos(a2):.1f} {y + 4 * math.sin(a2):.1f}Z")
    return (f'<g><circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="#ffd600" stroke="#222" stroke-width="1.5"/>'
            f'<path d="{"".join(blades)}" fill="#222"/><circle cx="{x:.1f}" cy="{y:.1f}" r="2.6" fill="#222"/>'
            '<animate attributeName="opacity" values="1;.55;1" dur="1.2s" repeatCount="indefinite"/></g>')


def _shield(x: float, y: float) -> str:
    """A small shield with the peace sign: this piece cannot be removed."""
    return (f'<g><path d="M{x:.1f} {y - 11:.1f}L{x + 9:.1f} {y - 7:.1f}V{y + 1:.1f}Q{x + 9:.1f} {y + 8:.1f} '
            f'{x:.1f} {y + 12:.1f}Q{x - 9:.1f} {y + 8:.1f} {x - 9:.1f} {y + 1:.1f}V{y - 7:.1f}Z" fill="#e8f6ec" '
            f'stroke="#2e7d4f" stroke-width="1.6"/>{peace_icon(x, y, 5.5)}</g>')


def _last_move(state: TriceState, previous: TriceState | None, action: Any) -> tuple[int | None, int | None, int | None]:
    """(cell moved to, cell moved from, cell placed on) for the animation."""
    if previous is None or action is None or not isinstance(action, tuple):
        return None, None, None
    if action[0] == MOVE:
        return action[2], action[1], None
    if action[0] == PLACE:
        return None, None, state.board.eyes[previous.seat]
    if action[0] == NUKE:
        return None, None, None
    return None, None, None

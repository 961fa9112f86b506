"""Trice's board under the pieces: the size of a cell, the drawing's style and shared definitions
(gradients, patterns, shadows), and each of the 16 triangles' fill and icons.

Bi- and tri-cells blend the colours of their symbols and carry every icon.
"""

from __future__ import annotations

from engine.trice.layout import SYMBOLS, Board, cell_centre
from ui.games.trice.pieces import SEAT_COLOURS, eye_icon, peace_icon, symbol_icon

SIZE = 100.0  # side of a small triangle in drawing units

#: Cell tints per symbol (light, deep) and for the plain kinds of cell.
SYMBOL_TINTS = (("#fff4c7", "#ffd866"), ("#e6ecff", "#aebcf0"), ("#f3e8ff", "#cdb2f0"))
PEACE_TINT = ("#e8f6ec", "#b9e3c8")

#: The drawing's own classes, scoped to it (:func:`ui.draw.svg.scoped_style`): a page holds several boards.
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


def defs(uid: str) -> str:
    """The drawing ``uid``'s gradients (one per kind of cell), the seats' patterns and the shadows."""
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


def cell_fill(board: Board, cell: int, uid: str) -> str:
    """The fill of ``cell``: its symbols' blend, peace's green, an eye's seat colour, or plain."""
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


def cell_icons(board: Board, cell: int, occupied: bool) -> str:
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


def svg_points(corners: tuple[tuple[float, float], ...]) -> str:
    """Corners as the ``points`` of an SVG polygon."""
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in corners)


def inset_corners(corners: tuple[tuple[float, float], ...], by: float) -> tuple[tuple[float, float], ...]:
    """A triangle's corners drawn toward its centre: ``by`` 1 keeps them, smaller shrinks it."""
    cx = sum(p[0] for p in corners) / 3
    cy = sum(p[1] for p in corners) / 3
    return tuple((cx + (px - cx) * by, cy + (py - cy) * by) for px, py in corners)

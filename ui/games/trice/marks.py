"""Marks over Trice's cells, never pieces themselves: a destination's cost, the nuclear trefoil on a
removable piece, the peace shield on an immune one, a fallen piece's cross, and a suggested move."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from engine.trice.actions import MOVE, NUKE, PLACE, Action
from engine.trice.layout import cell_centre
from engine.trice.rules import TriceState
from ui.draw.svg import SETTLE
from ui.games.trice.cells import SIZE
from ui.games.trice.pieces import peace_icon


def cost_badge(x: float, y: float, text: str, attack: bool) -> str:
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


#: The suggestion's colours: a gold no seat wears, on a dark casing that reads over every cell.
HINT_FILL, HINT_EDGE = "#f5b800", "#3b2a00"


def suggestion_mark(state: TriceState, action: Any) -> str:
    """A gold arrow from the piece to its cell (a move), or a gold ring on the cell it acts on (a placement, a
    nuclear strike); nothing for an action off the board (ending the turn).  Never clickable.

    >>> from engine.trice.rules import setup
    >>> mark = suggestion_mark(setup({"b1": "G2"}, 1, dice=(1, 2, 3)), Action.move(1, 2))
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


def fallen_cross(x: float, y: float) -> str:
    """A red cross: this piece was eliminated in a fight."""
    d = 7.5
    path = f"M{x - d:.1f} {y - d:.1f}L{x + d:.1f} {y + d:.1f}M{x + d:.1f} {y - d:.1f}L{x - d:.1f} {y + d:.1f}"
    return (f'<path d="{path}" stroke="#fff" stroke-width="7" stroke-linecap="round"/>'
            f'<path d="{path}" stroke="#a31515" stroke-width="3.6" stroke-linecap="round"/>')


def mini_trefoil(x: float, y: float) -> str:
    """A small still trefoil: this piece was removed by the nuclear option."""
    return radiation(x, y, motion=False, scale=0.6)


def radiation(x: float, y: float, *, motion: bool = True, scale: float = 1.0) -> str:
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


def peace_shield(x: float, y: float) -> str:
    """A small shield with the peace sign: this piece cannot be removed."""
    return (f'<g><path d="M{x:.1f} {y - 11:.1f}L{x + 9:.1f} {y - 7:.1f}V{y + 1:.1f}Q{x + 9:.1f} {y + 8:.1f} '
            f'{x:.1f} {y + 12:.1f}Q{x - 9:.1f} {y + 8:.1f} {x - 9:.1f} {y + 1:.1f}V{y - 7:.1f}Z" fill="#e8f6ec" '
            f'stroke="#2e7d4f" stroke-width="1.6"/>{peace_icon(x, y, 5.5)}</g>')

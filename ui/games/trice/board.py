"""Trice's SVG board: a pure function of a state plus keyword-only view options.

The 16 triangles are drawn from the engine's geometry helpers; sun, moon,
star, peace and eye are SVG paths; bi- and tri-cells blend the colours of
their symbols and carry every icon; pieces are 1 to 3 stacked pyramids seen
from the side.  Each colour also has its own pattern (Red plain, Green
dotted, Blue striped), and its marks their own line (Red solid, Green dotted,
Blue dashed), so that colour-blind players can tell them apart.
Cells a person can use carry ``data-act`` (a gesture of
:mod:`ui.games.trice.gestures`), ``role="button"``, ``tabindex="0"`` and an
``aria-label``; with ``taps`` every other cell answers a tap too
(``tap <cell>``: the view says why nothing can be done there).  The
last move is animated with SMIL, from ``previous`` and ``last_action``; a
:class:`Trail` keeps what the other seats did since the person's last action
marked on the board (arrows, fallen pieces, placements, dice).

This module lays the layers in order and animates the last move; the parts
are drawn by :mod:`~ui.games.trice.cells` (the triangles), :mod:`~ui.games.trice.pieces`
(pieces and icons), :mod:`~ui.games.trice.marks` (costs, trefoils, shields, the
suggestion), :mod:`~ui.games.trice.hit_areas` (how each cell is lit and what a press
on it does), :mod:`~ui.games.trice.trail` (what the others did) and worded by
:mod:`~ui.games.trice.board_words`.

>>> from engine.trice.rules import setup
>>> svg = render_board(setup({"b1": "R2"}, 0, dice=(1, 2, 3)), selected="b1", targets={"b2": (2, "")})
>>> svg.startswith("<svg") and 'data-act="do move b1 b2"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from engine.trice.actions import MOVE, PLACE, Action
from engine.trice.layout import SIDE as SIDE_ROWS
from engine.trice.layout import cell_centre, cell_corners
from engine.trice.rules import LEVEL, OWNER, TriceState
from ui.draw.svg import scoped_style
from ui.games.trice.board_words import WORDS, cell_label, describe_position, piece_label
from ui.games.trice.cells import SIZE, STYLE, cell_fill, cell_icons, defs, svg_points
from ui.games.trice.hit_areas import CellOptions, arrow_keys, cell_overlays
from ui.games.trice.marks import suggestion_mark
from ui.games.trice.pieces import SEAT_COLOURS, SEAT_DASHES, pyramid_stack, symbol_icon
from ui.games.trice.trail import Trail, dice_chips, trail_marks, trail_of


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
    of one page its own (see :mod:`ui.draw.svg`).

    >>> from engine.trice.rules import Trice
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(render_board(Trice().new(3)))
    >>> root.get("viewBox"), len(root.findall(".//{http://www.w3.org/2000/svg}polygon")) >= 16
    ('-222 -34 444 412', True)
    """
    board = state.board
    options = CellOptions(selected, dict(targets or {}), selectable, nuke_targets, immune, winning, taps,
                          interactive, motion, lang)
    heading = title or WORDS(lang, "heading")
    view = crop or (-222, -34, 444, 412)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" viewBox="{" ".join(f"{v:g}" for v in view)}" '
        f'class="trice-board" role="group" aria-label="{escape(heading)}" preserveAspectRatio="xMidYMid meet">'),
        f"<title>{escape(heading)}</title><desc>{escape(describe_position(state, lang))}</desc>",
        scoped_style(STYLE, uid),
        defs(uid),
    ]
    # the wooden frame under the cells
    h = SIDE_ROWS * SIZE * math.sqrt(3) / 2
    frame = ((0, -26), (2 * SIZE + 24, h + 14), (-2 * SIZE - 24, h + 14))
    out.append(f'<polygon points="{svg_points(frame)}" fill="url(#{uid}-g-frame)" stroke="#3e2a16" '
               f'stroke-width="3" stroke-linejoin="round" filter="url(#{uid}-board-shadow)"/>')
    animate = motion and previous is not None
    moved_to, moved_from, placed_at = _last_move(state, previous, last_action) if animate else (None, None, None)
    arrows = arrow_keys(board, options)
    cells_out = []
    pieces_out = []
    overlays = []
    for cell, (row, col) in enumerate(board.coords):
        name = board.names[cell]
        corners = cell_corners(row, col, SIZE)
        code = state.cells[cell]
        x, y = cell_centre(row, col, SIZE)
        cell_svg = [f'<polygon class="trice-cell" points="{svg_points(corners)}" fill="{cell_fill(board, cell, uid)}"/>',
                    cell_icons(board, cell, bool(code))]
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
        overlays.extend(cell_overlays(board, cell, code, options, arrows, uid))
    out.extend(cells_out)
    out.extend(pieces_out)
    if trail:
        out.append(trail_marks(board, trail, uid))
    if suggested is not None:
        out.append(suggestion_mark(state, suggested))
    out.extend(overlays)
    if trail and trail.dice and crop is None:
        out.append(dice_chips(trail, lang))
    out.append("</svg>")
    return "".join(out)


def _last_move(state: TriceState, previous: TriceState | None, action: Any) -> tuple[int | None, int | None, int | None]:
    """(cell moved to, cell moved from, cell placed on) for the animation."""
    if previous is None or not isinstance(action, Action):
        return None, None, None
    if action.kind == MOVE:
        return action.dst, action.src, None
    if action.kind == PLACE:
        return None, None, state.board.eyes[previous.seat]
    return None, None, None


# The names the page, the rules page and the tests import from here, wherever they are drawn now.
__all__ = [
    "SEAT_COLOURS",
    "SEAT_DASHES",
    "Trail",
    "cell_label",
    "describe_position",
    "piece_label",
    "pyramid_stack",
    "render_board",
    "symbol_icon",
    "trail_of",
]

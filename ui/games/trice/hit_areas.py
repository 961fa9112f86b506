"""What each of Trice's cells answers and how it is lit: the chosen piece's pulsing outline, a destination's
tint and cost, the nuclear trefoil, the winner's gold, the peace shield, and over each the invisible target a
press lands on (``data-act``, a gesture of :mod:`ui.games.trice.gestures`, with its words for a screen reader).

Kept apart from the layers of :mod:`ui.games.trice.board` because it is the one part of the drawing that depends on
what the person may do now rather than on the position.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from engine.trice.actions import Action
from engine.trice.layout import Board, cell_centre, cell_corners
from ui.draw.arrow_keys import nav_attributes, neighbours
from ui.draw.svg import SETTLE
from ui.games.trice.board_words import WORDS, cell_label, piece_label
from ui.games.trice.cells import SIZE, inset_corners, svg_points
from ui.games.trice.gestures import Play, Select, Tap
from ui.games.trice.marks import cost_badge, peace_shield, radiation

#: How far toward a cell's centre its highlights are drawn (1 keeps the triangle): the outline of the
#: chosen piece and a destination's tint, the winner's gold ring, and the keyboard focus's dashes.
HIGHLIGHT_INSET = 0.86
WON_INSET = 0.9
FOCUS_INSET = 0.78


@dataclass(frozen=True)
class CellOptions:
    """What the view asks of the cells, by cell name (see :func:`ui.games.trice.board.render_board`)."""

    selected: str | None
    targets: Mapping[str, tuple[int, str]]
    selectable: tuple[str, ...]
    nuke_targets: tuple[str, ...]
    immune: tuple[str, ...]
    winning: tuple[str, ...]
    taps: bool
    interactive: bool
    motion: bool
    lang: str


def playable(options: CellOptions) -> set[str]:
    """The cells that carry a button now (what :func:`cell_overlays` gives a ``data-act``)."""
    return {*([options.selected] if options.selected else []), *options.targets, *options.nuke_targets,
            *options.selectable}


def arrow_keys(board: Board, options: CellOptions) -> dict[str, dict[str, str]]:
    """Where each arrow key leads from each playable cell: the next playable cell that way, by the cells' centres."""
    if not options.interactive:
        return {}
    cells = playable(options)
    return neighbours({name: cell_centre(*board.coords[board.index[name]], SIZE)
                       for name in board.names if name in cells})


def cell_overlays(board: Board, cell: int, code: int, options: CellOptions,
                  arrows: dict[str, dict[str, str]] | None = None, uid: str = "trice") -> list[str]:
    """``cell``'s highlights, then its target: a button when the person can use it, a still picture of one
    (``data-demo``) when the drawing is not ``interactive``, a tap answered in words with ``taps``.
    A button carries its id (``uid``-at-cell) and where each arrow key leads from it (``arrows``, of
    :func:`arrow_keys`)."""
    overlays = []
    row, col = board.coords[cell]
    name = board.names[cell]
    corners = cell_corners(row, col, SIZE)
    x, y = cell_centre(row, col, SIZE)
    lang = options.lang
    words = WORDS.of(lang)
    label = cell_label(board, cell, lang)
    inset = inset_corners(corners, HIGHLIGHT_INSET)
    # a spot beside the piece, in the wide half of the triangle
    side_y = y + 18 if col % 2 == 0 else y - 16
    act = None
    aria = label + (f", {piece_label(code, lang)}" if code else "")
    if name == options.selected:
        pulse = (f'<animate attributeName="stroke-opacity" values="1;.35;1" dur="1.4s" {SETTLE}/>'
                 if options.motion else "")
        overlays.append(f'<polygon points="{svg_points(inset)}" fill="none" stroke="#ffb300" stroke-width="5" '
                        f'stroke-linejoin="round">{pulse}</polygon>')
        act = Select(name).text()
        aria = words("deselect", cell=aria)
    elif name in options.targets:
        cost, attacked = options.targets[name]
        attack = bool(attacked)
        colour = "#c62828" if attack else "#2e7d32"
        dash = ' stroke-dasharray="7 4"' if attack else ""
        overlays.append(f'<polygon points="{svg_points(inset)}" fill="{colour}" fill-opacity=".16" '
                        f'stroke="{colour}" stroke-width="3.5" stroke-linejoin="round"{dash}/>')
        bx, by = (x + 22, side_y) if code else (x, y + (6 if col % 2 == 0 else -2))
        overlays.append(cost_badge(bx, by, f"{cost}", attack))
        # a destination is where the chosen piece goes
        act = Play(Action.move(board.index[options.selected], cell)).text()
        aria = words("move_attack" if attack else "move", cell=label, piece=attacked, cost=cost)
    elif name in options.nuke_targets:
        overlays.append(radiation(x - 27, side_y, motion=options.motion))
        act = Play(Action.nuke(cell)).text()
        aria = words("nuke", piece=piece_label(code, lang), cell=label)
    elif name in options.selectable:
        act = Select(name).text()
        aria = words("select", cell=aria)
    if name in options.winning:
        overlays.append(f'<polygon class="trice-won" points="{svg_points(inset_corners(corners, WON_INSET))}" '
                        'fill="#ffd54a" fill-opacity=".18" stroke="#e0a800" stroke-width="6" stroke-linejoin="round"/>')
    if name in options.immune:
        overlays.append(f'<g role="img" aria-label="{escape(piece_label(code, lang))}, {words("immune")}">'
                        f'{peace_shield(x + 27, side_y)}</g>')
        aria += f", {words('immune')}"
    if act is not None and not options.interactive:
        # a picture (rules page): the same marks, but nothing for the bridge to click
        overlays.append(f'<g data-demo="{escape(act)}" role="img" aria-label="{escape(aria)}">'
                        f'<polygon points="{svg_points(corners)}" fill="#fff" fill-opacity="0"/></g>')
    elif act is not None:
        overlays.append(
            f'<g class="trice-hit"{nav_attributes(name, arrows or {}, f"{uid}-at-")} data-act="{escape(act)}" '
            'role="button" tabindex="0" '
            f'aria-label="{escape(aria)}"><polygon points="{svg_points(corners)}" fill="#fff" fill-opacity="0"/>'
            f'<polygon class="trice-focus" points="{svg_points(inset_corners(corners, FOCUS_INSET))}"/></g>')
    elif options.taps and options.interactive:
        # nothing to do here now: a tap (or click) still gets an answer in words, from the view;
        # not a tab stop (a keyboard player only visits the cells that do something)
        overlays.append(f'<g class="trice-tap" data-act="{escape(Tap(name).text())}">'
                        f'<polygon points="{svg_points(corners)}" fill="#fff" fill-opacity="0"/></g>')
    return overlays

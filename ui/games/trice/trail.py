"""What the other seats did since the person's last action, kept marked on Trice's board until the person
acts: arrows of their moves and placements, the pieces that fell, attackers reduced, and the dice they rolled."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.trice.actions import MOVE, NUKE, PLACE, ROLL, Action
from engine.trice.layout import SIDE as SIDE_ROWS
from engine.trice.layout import Board, cell_centre
from engine.trice.rules import LEVEL, OWNER, TriceState, fight, piece
from engine.trice.words import colour_names
from ui.games.trice.cells import SIZE
from ui.games.trice.marks import fallen_cross, mini_trefoil
from ui.games.trice.pieces import SEAT_COLOURS, SEAT_DASHES, pyramid_stack


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
    """The marks of a run of actions (each with ``before``, ``action`` and ``seat``, as ``ui.app.view.Recent``).

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


def trail_marks(board: Board, trail: Trail, uid: str) -> str:
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
        mark = mini_trefoil(gx + 6, gy - 6) if cause == "nuclear" else fallen_cross(gx, gy - 2)
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


def dice_chips(trail: Trail, lang: str) -> str:
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

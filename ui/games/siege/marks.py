"""What happened since a person's last action, kept marked on Siege's scene: shots (numbered when
there are several), pirates' moves and the longboat's trips (arrows), a loaded chest or a replaced
target-cannon (rings), a brick that turned, the dice, and at the end the beaten side's loss."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from engine.siege.actions import LOAD, ROW_BACK, ROW_OUT, Action, Crew, Dice, Move, Replace, is_scatter_of
from engine.siege.physics import boat_box
from engine.siege.scene import CHEST_OFFSET, COMPASS, HULL, LONGBOAT, SLOT_INDEX, SLOTS, Box
from engine.siege.state import OVER, ROLL, SCATTER, SiegeState
from ui.games.siege.board_words import WORDS, side_name
from ui.games.siege.geometry import CLOSE_UPS, SEA_Y, centre, pirate_box, side_x, svg_num, sy
from ui.games.siege.motion import fallen_pieces, shot_drawing
from ui.games.siege.style import SIDE_COLOURS, SIDE_DASHES, shape


def arrow_mark(seat: int, start: tuple[float, float], end: tuple[float, float], kind: str, lift: float = 18) -> str:
    """A curved arrow in the side's colour and dash from ``start`` to ``end`` (scene points)."""
    (x1, y1), (x2, y2) = start, end
    mx, my = (x1 + x2) / 2, min(y1, y2) - lift
    colour = SIDE_COLOURS[seat]
    # the head points along the curve's last leg (control point to end)
    angle = math.atan2(y2 - my, x2 - mx)
    hx1, hy1 = x2 - 6 * math.cos(angle - 0.5), y2 - 6 * math.sin(angle - 0.5)
    hx2, hy2 = x2 - 6 * math.cos(angle + 0.5), y2 - 6 * math.sin(angle + 0.5)
    return (
        f'<g data-mark="{kind}" data-side="{seat}">'
        f'<path d="M{svg_num(x1)} {svg_num(y1)} Q {svg_num(mx)} {svg_num(my)} {svg_num(x2)} {svg_num(y2)}" fill="none" stroke="#ffffff" '
        f'stroke-width="3.2" opacity="0.6"/>'
        f'<path d="M{svg_num(x1)} {svg_num(y1)} Q {svg_num(mx)} {svg_num(my)} {svg_num(x2)} {svg_num(y2)}" fill="none" stroke="{colour}" '
        f'stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/>'
        f'<path d="M{svg_num(x2)} {svg_num(y2)} L {svg_num(hx1)} {svg_num(hy1)} L {svg_num(hx2)} {svg_num(hy2)}Z" fill="{colour}"/></g>'
    )


def ring_mark(seat: int, box: Box, kind: str) -> str:
    """A ring in the side's colour around something it just did (loaded a chest, replaced a target-cannon)."""
    x, y = centre(seat, box)
    r = max(box.d2 - box.d1, box.y2 - box.y1) / 2 + 6
    return (f'<g data-mark="{kind}" data-side="{seat}"><circle cx="{svg_num(x)}" cy="{svg_num(y)}" r="{svg_num(r)}" fill="none" '
            f'stroke="#ffffff" stroke-width="3.2" opacity="0.6"/><circle cx="{svg_num(x)}" cy="{svg_num(y)}" r="{svg_num(r)}" '
            f'fill="none" stroke="{SIDE_COLOURS[seat]}" stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/></g>')


def turn_mark(seat: int) -> str:
    """A round arrow beside the hull's word of a brick that turned round (SG-17)."""
    cx, cy, r = side_x(seat, (HULL.d1 + HULL.d2) / 2) + 50, sy(HULL.y2) + 23, 6.5
    colour = SIDE_COLOURS[seat]
    arc = f"M{svg_num(cx + r)} {svg_num(cy)} A {r} {r} 0 1 1 {svg_num(cx)} {svg_num(cy - r)}"
    return (
        f'<g data-mark="turn" data-side="{seat}"><circle cx="{svg_num(cx)}" cy="{svg_num(cy)}" r="{r + 3.5}" fill="#fffaf0" '
        f'stroke="{colour}" stroke-width="1"/><path d="{arc}" fill="none" stroke="{colour}" stroke-width="2"/>'
        f'<path d="M{svg_num(cx - 3.5)} {svg_num(cy - r - 3)} L {svg_num(cx + 2)} {svg_num(cy - r)} L {svg_num(cx - 3)} {svg_num(cy - r + 3.5)}Z" '
        f'fill="{colour}"/></g>'
    )


def dice_mark(faces: tuple[int, ...], seat: int, lang: str) -> str:
    """The dice just rolled, framed in the roller's colour, with their words."""
    if not faces:
        return ""
    w = WORDS.of(lang)
    colour = SIDE_COLOURS[seat]
    out = []
    for i, face in enumerate(faces):
        x = 470 + i * 34
        body = (f'<rect x="{x}" y="8" width="26" height="26" rx="5" fill="#fffaf0" stroke="{colour}" stroke-width="2.4" '
                f'filter="url(#sg-shadow)"/>')
        if face == COMPASS:
            pip = (
                f'<circle cx="{x + 13}" cy="21" r="9" fill="none" stroke="#5c3318" stroke-width="0.8"/>'
                f'<path d="M{x + 13} 12 L {x + 15.5} 21 L {x + 13} 30 L {x + 10.5} 21Z" fill="#c0392b"/>'
                f'<text x="{x + 13}" y="24" text-anchor="middle" font-size="8" font-weight="700" fill="#1c1c1c">3</text>'
            )
        else:
            pip = f'<text x="{x + 13}" y="27" text-anchor="middle" font-size="17" font-weight="800" fill="#1c1c1c">{face}</text>'
        out.append(f'<g data-die="{face}">{body}{pip}</g>')
    out.append(shape(seat, 470 - 9, 21, 4.5, colour))
    faces_words = " + ".join(w("compass") if f == COMPASS else str(f) for f in faces)
    label = w("dice", side=w("blue's" if seat == 0 else "red's"), faces=faces_words)
    return (f'<g data-dice="{seat}" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'{"".join(out)}</g>')


def decided_by(state: SiegeState) -> tuple[int, str] | None:
    """What ended the game (SG-02): the beaten side and "pirates" (none standing) or "cannons" (none standing,
    none to bring back); ``None`` while the game runs and after a draw.

    >>> from dataclasses import replace
    >>> from engine.siege import Siege
    >>> g = Siege(); s = g.new(2)
    >>> decided_by(s), decided_by(replace(s, phase=OVER, winner=0, sides=(s.sides[0], replace(s.sides[1], spots=()))))
    (None, (1, 'pirates'))
    """
    if state.phase != OVER or state.winner not in (0, 1):
        return None
    beaten = 1 - state.winner
    return beaten, "pirates" if not state.sides[beaten].spots else "cannons"


def decided_mark(state: SiegeState, decided: tuple[int, str], lang: str) -> str:
    """The beaten side's loss in words on its side of the scene (inside its close-up), its fallen
    target-cannons crossed out when they decided it."""
    seat, why = decided
    side = state.sides[seat]
    colour = SIDE_COLOURS[seat]
    out = [f'<g class="sg-decided" data-side="{seat}" data-why="{why}" pointer-events="none">']
    if why == "cannons":
        for slot, up in zip(SLOTS, side.slots):
            if up or slot.where not in ("island", side.facing()):
                continue
            x, y = centre(seat, slot.box)
            cross = f"M{svg_num(x - 9)} {svg_num(y - 9)} L{svg_num(x + 9)} {svg_num(y + 9)} M{svg_num(x + 9)} {svg_num(y - 9)} L{svg_num(x - 9)} {svg_num(y + 9)}"
            out.append(f'<path data-slot="{slot.name}" d="{cross}" stroke="#fff" stroke-width="6" stroke-linecap="round"/>'
                       f'<path d="{cross}" stroke="{colour}" stroke-width="3" stroke-linecap="round"/>')
    lines = WORDS(lang, "lost_" + why, side=side_name(seat, lang)).split("\n")
    x0, _y0, w0, _ = CLOSE_UPS[seat]
    cx, width = x0 + w0 / 2, max(len(line) for line in lines) * 8.4 + 24
    out.append(f'<rect x="{svg_num(cx - width / 2)}" y="64" width="{svg_num(width)}" height="{10 + 17 * len(lines)}" rx="7" '
               f'fill="#fffaf0" fill-opacity=".94" stroke="{colour}" stroke-width="2"/>')
    out.extend(f'<text class="sg-verdict" x="{svg_num(cx)}" y="{80 + 17 * k}" text-anchor="middle">{escape(line)}</text>'
               for k, line in enumerate(lines))
    out.append("</g>")
    return "".join(out)


def is_shot(before: SiegeState, action: Action) -> bool:
    """Whether ``action`` lands the shot aimed in ``before`` (its scatter)."""
    return before.phase == SCATTER and is_scatter_of(before.aim, action)


def marks(
    steps: Sequence[tuple[SiegeState, Action, SiegeState]], *, animate: bool
) -> tuple[str, str, tuple[tuple[int, ...], int] | None, int]:
    """What ``steps`` did, drawn on the scene: (marks, the animated shot, the last dice rolled and by whom,
    the seat whose brick swings round now or -1).

    Every shot leaves its trace and impact (numbered when there are several)
    and what it knocked down lying where it fell; moves, the longboat's trips
    and the crew leave arrows; a loaded chest or a replaced target-cannon a
    ring; a brick that turned a round arrow. With ``animate``, the last step
    plays (the ball flies, pieces topple, the brick swings) and its marks
    appear when it ends.
    """
    shots = sum(1 for before, action, _ in steps if is_shot(before, action))
    out: list[str] = []
    flying = ""
    dice: tuple[tuple[int, ...], int] | None = None
    swing = -1
    number = 0
    for index, (before, action, after) in enumerate(steps):
        last = animate and index == len(steps) - 1
        seat = before.seat
        side, later = before.sides[seat], after.sides[seat]
        if is_shot(before, action):
            number += 1
            drawing, landing = shot_drawing(before, action.da, action.dp, animate=last, number=number if shots > 1 else 0)
            enemy = 1 - seat
            fallen = fallen_pieces(before.sides[enemy], after.sides[enemy], enemy, delay=landing if last else None)
            if last:
                flying = drawing + fallen
            else:
                out.append(drawing + fallen)
            continue
        if before.phase == ROLL and isinstance(action, Dice):
            dice = (action.faces, seat)
        for turned in (0, 1):
            if before.sides[turned].turned != after.sides[turned].turned:
                out.append(turn_mark(turned))
                if last:
                    swing = turned
        kind = action.__class__
        if kind is Move:
            out.append(arrow_mark(seat, centre(seat, pirate_box(side, seat, action.src)),
                                  centre(seat, pirate_box(later, seat, action.dst)), "move"))
        elif kind is Crew:
            out.append(arrow_mark(seat, centre(seat, pirate_box(side, seat, action.src)),
                                  centre(seat, pirate_box(later, seat, "boat")), "crew"))
        elif action in (ROW_OUT, ROW_BACK):
            start, end = centre(seat, LONGBOAT[side.boat_at]), centre(seat, LONGBOAT[later.boat_at])
            out.append(arrow_mark(seat, (start[0], SEA_Y + 9), (end[0], SEA_Y + 9), "row", lift=-12))
        elif action == LOAD:
            out.append(ring_mark(seat, boat_box(LONGBOAT[later.boat_at], CHEST_OFFSET), "load"))
        elif kind is Replace:
            out.append(ring_mark(seat, SLOTS[SLOT_INDEX[action.slot]].box, "replace"))
    drawn = f'<g data-marks="{len(steps)}" pointer-events="none">{"".join(out)}</g>' if out else ""
    return drawn, flying, dice, swing

"""What moves on Siege's scene (SMIL only, played once): a shot's flight along the trajectory the
engine computed, what it knocked down toppling (or lying where it fell, once it is history), and a
brick swinging round."""

from __future__ import annotations

from html import escape

from engine.siege.physics import boat_box, trajectory
from engine.siege.scene import (
    CHEST_OFFSET,
    FORT,
    FORT_RUBBLE,
    HULL,
    LONGBOAT,
    MAINSAIL,
    PALISADES,
    SLOTS,
    SPOT_INDEX,
    Box,
)
from engine.siege.state import Side, SiegeState, shot_flight
from ui.games.siege.geometry import flight_path, mirror, pirate_box, svg_num, sy
from ui.games.siege.pieces import cannon_target, chest, pirate_figure
from ui.games.siege.style import SIDE_COLOURS, SIDE_DASHES, shape
from ui.games.siege.terrain import fort, palisade


def impact(hit: str, x: float, y: float) -> str:
    """Where a ball landed: a burst on a piece or the ground, a splash in the sea."""
    if hit == "sea":
        return (f'<g transform="translate({svg_num(x)} {svg_num(y)})"><path d="M-6 0 Q -3 -12 0 -2 Q 3 -14 6 0" fill="#e8f7ff" '
                f'stroke="#0d4b72" stroke-width="0.6" opacity="0.9"/></g>')
    return (
        f'<g transform="translate({svg_num(x)} {svg_num(y)})"><circle r="7" fill="#ffd54a" opacity="0.7"/>'
        f'<path d="M-9 0 L9 0 M0 -9 L0 9 M-6 -6 L6 6 M-6 6 L6 -6" stroke="#ff8f1f" stroke-width="1.6"/></g>'
    )


def shot_drawing(state: SiegeState, da: float, dp: float, *, animate: bool, number: int = 0) -> tuple[str, float]:
    """The shot aimed in ``state`` (a SCATTER state) with scatter (da, dp): its trace, its impact, its number.

    The trace is drawn in the shooter's colour and dash; ``number`` (if not 0)
    sits by the impact in the shooter's shape.  Animated, the ball flies first
    and the trace appears when it lands.  Returns the SVG and the seconds until
    the ball lands (0 if static).
    """
    weapon, angle, power = state.aim  # type: ignore[misc]
    seat = state.seat
    f = shot_flight(state, da, dp)
    points = trajectory(seat, weapon, angle + da, power + dp, f.s, n=28)
    path = flight_path(points)
    ex, ey = f.x, sy(f.y)
    colour = SIDE_COLOURS[seat]
    badge = ""
    if number:
        badge = (shape(seat, ex, ey - 15, 6.5, colour, ' stroke="#fff" stroke-width="1"')
                 + f'<text class="sg-badge" x="{svg_num(ex)}" y="{svg_num(ey - 15)}">{number}</text>')
    trace = (
        f'<path d="{path}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.55"/>'
        f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.6" stroke-dasharray="{SIDE_DASHES[seat]}"/>'
        f"{impact(f.hit, ex, ey)}{badge}"
    )
    head = f'<g data-shot="{escape(f.hit)}" data-side="{seat}"'
    if not animate:
        return f"{head}>{trace}</g>", 0.0
    # quick enough to finish before a bot's next step (the session paces bots at 650 ms)
    dur = max(0.3, min(0.45, f.time * 0.6))
    sx0, sy0 = points[0][0], sy(points[0][1])
    smoke = (
        f'<circle cx="{svg_num(sx0)}" cy="{svg_num(sy0)}" r="4" fill="#d8d8d8" opacity="0">'
        f'<animate attributeName="r" from="4" to="16" dur="0.6s" fill="freeze"/>'
        f'<animate attributeName="opacity" values="0.8;0" dur="0.6s" fill="freeze"/></circle>'
    )
    ball = (
        f'<circle r="3.4" fill="#1c1c1c" stroke="#555" stroke-width="0.6" opacity="0">'
        f'<animateMotion path="{path}" dur="{dur:.2f}s" fill="freeze" calcMode="linear"/>'
        f'<animate attributeName="opacity" values="1;1;0" keyTimes="0;0.98;1" dur="{dur + 0.15:.2f}s" fill="freeze"/>'
        f"</circle>"
    )
    boom = (
        f'<g opacity="0">{impact(f.hit, ex, ey)}<animate attributeName="opacity" values="0;1;0" dur="0.4s" '
        f'begin="{dur:.2f}s" fill="freeze"/></g>'
    )
    # the trace stays once the ball has landed (and with reduced motion, whose clock stands at the end)
    landed = f'<g opacity="0">{trace}<set attributeName="opacity" to="1" begin="{dur:.2f}s" fill="freeze"/></g>'
    return f'{head} data-flight="{dur:.2f}">{smoke}{ball}{boom}{landed}</g>', dur


#: How far along the rubble (scene mm, towards the door) a pirate off the fallen fort's top lies: lying
#: backwards from its foot, the west tower's would otherwise lie over the yard's pirate.
FORT_FALL_SHIFT = 14

#: How a fallen piece is left on the scene: lying, faded; the fort and the mainsail leave
#: their own remains (rubble, the crumpled sail), so their ghost fades out entirely.
FALLEN_OPACITY = {"fort": 0.0, "sail": 0.0}
GHOST_OPACITY = 0.5


def fallen_pieces(before: Side, after: Side, seat: int, *, delay: float | None) -> str:
    """``seat``'s pieces that went down between ``before`` and ``after``, lying where they stood.

    ``delay`` animates them toppling once the ball lands (seconds); None draws
    them already down (a mark of what happened).
    """
    colour = SIDE_COLOURS[seat]
    pieces: list[tuple[str, str, Box]] = []
    #: how far each piece falls before it lies (scene mm): a pirate on a fort that fell lands on its rubble
    drops: dict[str, float] = {}
    shifts: dict[str, float] = {}
    for spot in before.spots:
        if spot not in after.spots:
            box = pirate_box(before, seat, spot)
            pieces.append((f"spot:{spot}", pirate_figure(box, colour, spot == before.captain), box))
            drops[f"spot:{spot}"] = box.y1 - resting_height(before, after, seat, spot)
            if drops[f"spot:{spot}"]:
                # lying backwards from its foot, a pirate off the fort's top lies on the rubble, not on the yard's
                shifts[f"spot:{spot}"] = FORT_FALL_SHIFT
    for slot, b, a in zip(SLOTS, before.slots, after.slots):
        if b and not a:
            pieces.append((f"slot:{slot.name}", cannon_target(slot.box, colour), slot.box))
    for k, (b, a) in enumerate(zip(before.palisades, after.palisades)):
        if b and not a:
            pieces.append((f"palisade:{k}", palisade(PALISADES[seat][k]), PALISADES[seat][k]))
    if before.fort and not after.fort:
        pieces.append(("fort", fort(colour), FORT))
    if before.rig and not after.rig:
        m = MAINSAIL
        sail = (
            f'<path d="M{m.d1} {svg_num(sy(m.y2))} H {m.d2} V {svg_num(sy(m.y1))} H {m.d1}Z" fill="url(#sg-sail)" '
            f'stroke="#b9ab88" stroke-width="0.8"/>'
        )
        pieces.append(("sail", sail, Box(m.d1, m.d2, 32, m.y2)))
    if before.chest and not after.chest:
        c = boat_box(LONGBOAT[before.boat_at], CHEST_OFFSET)
        pieces.append(("chest", chest(c.d1, sy(c.y2), c.d2 - c.d1, c.y2 - c.y1), c))
    out = []
    for ident, art, box in pieces:
        # topple backwards (away from the shooter) about the piece's foot, and down to what is under it
        px, py = box.d1, sy(box.y1)
        rest = FALLEN_OPACITY.get(ident, GHOST_OPACITY)
        drop, shift = drops.get(ident, 0.0), shifts.get(ident, 0.0)
        if delay is None:
            if not rest:
                continue
            lying = f'<g transform="rotate(-80 {svg_num(px)} {svg_num(py)})">{art}</g>'
            if drop:
                lying = f'<g transform="translate({svg_num(shift)} {svg_num(drop)})">{lying}</g>'
            out.append(mirror(seat, f'<g data-fallen="{ident}" data-drop="{svg_num(drop)}" opacity="{rest}">{lying}</g>'))
            continue
        toppling = (
            f'<g>{art}<animateTransform attributeName="transform" type="rotate" from="0 {svg_num(px)} {svg_num(py)}" '
            f'to="-80 {svg_num(px)} {svg_num(py)}" begin="{delay:.2f}s" dur="0.25s" fill="freeze"/></g>'
        )
        if drop:
            toppling = (
                f'<g>{toppling}<animateTransform attributeName="transform" type="translate" from="0 0" '
                f'to="{svg_num(shift)} {svg_num(drop)}" begin="{delay:.2f}s" dur="0.35s" fill="freeze"/></g>'
            )
        out.append(
            mirror(
                seat,
                f'<g data-fallen="{ident}" data-drop="{svg_num(drop)}" data-topple="1">{toppling}<animate '
                f'attributeName="opacity" from="1" to="{rest}" begin="{delay + 0.15:.2f}s" dur="0.35s" fill="freeze"/></g>',
            )
        )
    return "".join(out)


def resting_height(before: Side, after: Side, seat: int, spot: str) -> float:
    """The height (scene mm) a pirate knocked off ``spot`` lies at: its own floor, or, when the fort it
    stood on fell with it (SG-14), the fort's rubble.

    >>> from dataclasses import replace
    >>> from engine.siege import Siege
    >>> red = Siege().new(2).sides[1]
    >>> resting_height(red, replace(red, fort=False, spots=red.spots[:-3]), 1, "t2"), FORT_RUBBLE.y2
    (30, 30)
    >>> resting_height(red, red, 1, "f1")
    20
    """
    floor = pirate_box(before, seat, spot).y1
    if SPOT_INDEX[seat][spot].kind == "fort_top" and before.fort and not after.fort:
        return FORT_RUBBLE.y2
    return floor


def turn_animation(seat: int, inner: str) -> str:
    """A brick swinging round to show its other broadside (SG-17)."""
    cx = (HULL.d1 + HULL.d2) / 2
    return (
        f'<g transform="translate({svg_num(cx)} 0)"><g><animateTransform attributeName="transform" type="scale" '
        f'values="1 1;0.05 1;1 1" dur="0.9s" fill="freeze"/><g transform="translate({svg_num(-cx)} 0)">{inner}</g></g></g>'
    )

"""A phone's aim pad: room to aim with a finger, drawn over the close-up (the region ``siege-pad``),
its readout kept clear of the finger and on the screen."""

from __future__ import annotations

import math
from html import escape

from engine.numbers import number, percent
from engine.siege.scene import WEAPONS
from ui.draw.svg import scoped_style
from ui.games.siege.aiming import PAD_H, PAD_MUZZLE, PAD_SPAN, PAD_W, pad_point
from ui.games.siege.board_words import WORDS
from ui.games.siege.geometry import svg_num
from ui.games.siege.region import GRAB_PX
from ui.games.siege.style import SIDE_COLOURS

#: The pad's readout, in pad units: at least 14 CSS px from a 320 px phone up (a pad unit is 0.73 px there).
PAD_TEXT = 20

#: How far above the finger the readout's baseline sits while it drags (pad units): clear of a fingertip.
PAD_LIFT = 58

#: How far above the pad the readout may go (pad units; the scene's strip is there): higher, it goes beside the finger.
PAD_ROOM_ABOVE = 80

#: What a phone shows above the pad at the page's top (pad units: the scene's strip and the status line, 110 CSS
#: px and more from a 320 px phone up): the readout stays below, beside a finger that went higher.
PAD_SCREEN_ABOVE = 150

PAD_STYLE = """
.sg-pad-text{font:800 PADTEXTpx system-ui,sans-serif;fill:#17313f;dominant-baseline:alphabetic}
.sg-pad-ring{font:700 15px system-ui,sans-serif;fill:#17313f;paint-order:stroke;stroke:#fff;stroke-width:3px}
""".replace("PADTEXT", str(PAD_TEXT))


def _chip(x: float, y: float, text: str, colour: str) -> str:
    """The pad's readout: bold numbers on a light chip, centred on x, baseline at y (pad units)."""
    width = 0.62 * PAD_TEXT * len(text) + 16
    left = x - width / 2
    return (
        f'<g data-readout="{escape(text)}"><rect x="{svg_num(left)}" y="{svg_num(y - PAD_TEXT - 3)}" width="{svg_num(width)}" '
        f'height="{PAD_TEXT + 11}" rx="8" fill="#fffdf6" fill-opacity="0.94" stroke="{colour}" stroke-width="2"/>'
        f'<text class="sg-pad-text" x="{svg_num(x)}" y="{svg_num(y)}" text-anchor="middle">{escape(text)}</text></g>'
    )


def aim_pad(
    seat: int,
    weapon: str,
    angle: int,
    power: int,
    *,
    lang: str,
    finger: tuple[float, float] | None = None,
    uid: str = "sg",
) -> str:
    """The aim pad of a phone: room to aim with a finger, laid over the close-up (the region ``siege-pad``).

    The scene is a strip a phone shows about 100 px tall: its launcher, arrow and numbers are a few
    pixels across and under the finger. The pad is a drawing of its own (:data:`PAD_W` x
    :data:`PAD_H` units, the close-up's box) with a grab handle (``data-drag="pad"``) in the corner on
    the shooter's side: a drag from it aims as on the scene (direction: elevation; length: power),
    :data:`PAD_SPAN` units for 100 %. While the finger drags (``finger``, the pad point it reached),
    the pad shows the weapon's range of elevations, the power's rings, the arrow and its numbers
    :data:`PAD_LIFT` units above the finger; at rest, only the launcher in its ring (the sliders
    below say its numbers), so that the close-up stays clear.
    """
    w = WEAPONS[weapon]
    colour = SIDE_COLOURS[seat]
    mx, my = PAD_MUZZLE[seat]
    sign = 1 if seat == 0 else -1
    text = f"{number(angle, lang)}° · {percent(power, lang)}"
    name = WORDS(lang, weapon)
    # the launcher under the handle, its barrel at the elevation set
    length, bore = (26, 9) if weapon == "cannon" else (20, 13)
    out: list[str] = [
        (f'<g transform="translate({svg_num(mx)} {svg_num(my)}) scale({sign} 1) rotate({-angle})">'
        f'<rect x="-8" y="{svg_num(-bore / 2)}" width="{length}" height="{bore}" rx="3" fill="#24282c" stroke="#fff" '
        f'stroke-width="1.5"/><rect x="-9" y="{svg_num(-bore / 2 + 1)}" width="4" height="{bore - 2}" rx="1" fill="{colour}"/></g>')
    ]
    if finger is not None:
        low, high = w.angles
        sweep = 0 if seat == 0 else 1
        a, b = pad_point(seat, low, 100), pad_point(seat, high, 100)
        out.append(
            f'<path d="M{svg_num(mx)} {svg_num(my)} L {svg_num(a[0])} {svg_num(a[1])} A {svg_num(PAD_SPAN)} {svg_num(PAD_SPAN)} 0 0 {sweep} '
            f'{svg_num(b[0])} {svg_num(b[1])}Z" fill="#ffffff" fill-opacity="0.28" stroke="#ffffff" stroke-opacity="0.8" '
            f'stroke-width="1.5"/>'
        )
        for ring in (w.powers[0], 50, 100):
            r = PAD_SPAN * ring / 100
            a, b = pad_point(seat, low, ring), pad_point(seat, high, ring)
            out.append(
                f'<path d="M{svg_num(a[0])} {svg_num(a[1])} A {svg_num(r)} {svg_num(r)} 0 0 {sweep} {svg_num(b[0])} {svg_num(b[1])}" fill="none" '
                f'stroke="#17313f" stroke-opacity="0.45" stroke-width="1.2" stroke-dasharray="4 4"/>'
            )
            if ring != w.powers[0]:
                lx, ly = pad_point(seat, low, ring)
                out.append(f'<text class="sg-pad-ring" x="{svg_num(lx)}" y="{svg_num(ly + 16)}" text-anchor="middle">{ring}%</text>')
        tx, ty = pad_point(seat, angle, power)
        rad = math.radians(angle)
        ux, uy = sign * math.cos(rad), -math.sin(rad)  # along the arrow
        far = (tx + ux * 60, ty + uy * 60)  # the line of sight goes on past the finger
        head = [(tx + ux * 6, ty + uy * 6), (tx - ux * 16 - uy * 10, ty - uy * 16 + ux * 10),
                (tx - ux * 16 + uy * 10, ty - uy * 16 - ux * 10)]
        out.append(
            f'<g data-pad-arrow="{angle} {power}">'
            f'<path d="M{svg_num(tx)} {svg_num(ty)} L {svg_num(far[0])} {svg_num(far[1])}" stroke="{colour}" stroke-width="2" '
            f'stroke-dasharray="3 5" opacity="0.9"/>'
            f'<path d="M{svg_num(mx)} {svg_num(my)} L {svg_num(tx)} {svg_num(ty)}" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>'
            f'<path d="M{svg_num(mx)} {svg_num(my)} L {svg_num(tx)} {svg_num(ty)}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M{" L ".join(f"{svg_num(x)} {svg_num(y)}" for x, y in head)}Z" fill="{colour}" stroke="#ffffff" '
            f'stroke-width="1.5"/></g>'
        )
        fx, fy = finger
        half = (0.62 * PAD_TEXT * len(text) + 16) / 2
        lx, ly = fx, fy - PAD_LIFT
        if ly - PAD_TEXT < -PAD_ROOM_ABOVE:
            # a finger high above the pad (a steep mortar): the numbers go beside it, where the sky is, not off screen
            lx, ly = fx + sign * (half + PAD_LIFT / 2), max(fy - 10, PAD_TEXT - PAD_SCREEN_ABOVE)
        out.append(_chip(min(max(lx, half + 2), PAD_W - half - 2), ly, text, colour))
    pad_uid = f"{uid}-pad"
    drawing = (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{pad_uid}" class="sg-pad" data-pad="{seat}" '
        f'data-aim="{weapon} {angle} {power}" viewBox="0 0 {PAD_W} {PAD_H}" preserveAspectRatio="xMidYMid meet" '
        f'aria-hidden="true" focusable="false" pointer-events="none">{scoped_style(PAD_STYLE, pad_uid)}'
        f'{"".join(out)}</svg>'
    )
    half = GRAB_PX // 2
    title = WORDS(lang, "grab", w=name)
    grab = (
        f'<div class="sg-grab sg-pad-grab" data-drag="pad" data-weapon="{weapon}" aria-hidden="true" '
        f'title="{escape(title)}" style="left:clamp({half}px,{svg_num(100 * mx / PAD_W)}%,calc(100% - {half}px));'
        f'top:clamp({half}px,{svg_num(100 * my / PAD_H)}%,calc(100% - {half}px))"></div>'
    )
    return drawing + grab

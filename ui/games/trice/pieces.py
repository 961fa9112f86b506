"""Trice's pieces and icons: the seats' colours, patterns and lines, the sun, moon, star, peace and
eye icons, and a piece as 1 to 3 stacked pyramids seen from the side.

Each colour also has its own pattern (Red plain, Green dotted, Blue striped),
and its marks their own line (Red solid, Green dotted, Blue dashed), so that
colour-blind players can tell them apart.
"""

from __future__ import annotations

import math

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


ICON_COLOURS = (("#f6b800", "#b77800"), ("#6f86d8", "#3f55a8"), ("#9a63d8", "#6238a0"))


def sun_icon(x: float, y: float, r: float) -> str:
    """The sun at (x, y), radius ``r``: a disc and eight rays."""
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
    """The moon at (x, y), radius ``r``: a crescent opening to the right."""
    # outer arc of radius 0.8r round the left, inner arc of a circle centred 0.5r to the right
    p1 = (x + 0.25 * r, y - 0.76 * r)
    p2 = (x + 0.25 * r, y + 0.76 * r)
    fill, line = ICON_COLOURS[1]
    return (f'<path d="M{p1[0]:.1f} {p1[1]:.1f}A{0.8 * r:.1f} {0.8 * r:.1f} 0 1 0 {p2[0]:.1f} {p2[1]:.1f}'
            f'A{0.8 * r:.1f} {0.8 * r:.1f} 0 0 1 {p1[0]:.1f} {p1[1]:.1f}Z" fill="{fill}" stroke="{line}" '
            f'stroke-width="{max(0.8, r * 0.07):.1f}" stroke-linejoin="round"/>')


def star_icon(x: float, y: float, r: float) -> str:
    """The star at (x, y), radius ``r``: five points."""
    pts = []
    for k in range(10):
        rad = 0.95 * r if k % 2 == 0 else 0.4 * r
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{x + rad * math.cos(a):.1f},{y + 0.05 * r + rad * math.sin(a):.1f}")
    fill, line = ICON_COLOURS[2]
    return (f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="{line}" '
            f'stroke-width="{max(0.8, r * 0.07):.1f}" stroke-linejoin="round"/>')


def peace_icon(x: float, y: float, r: float) -> str:
    """The peace sign at (x, y), radius ``r``."""
    d = r * 0.8
    s = d * math.sin(math.pi / 4)
    return (f'<g fill="none" stroke="#3f9a63" stroke-width="{max(1.2, r * 0.13):.1f}" stroke-linecap="round">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{d:.1f}"/>'
            f'<path d="M{x:.1f} {y - d:.1f}V{y + d:.1f}M{x:.1f} {y:.1f}L{x - s:.1f} {y + s:.1f}'
            f'M{x:.1f} {y:.1f}L{x + s:.1f} {y + s:.1f}"/></g>')


def eye_icon(x: float, y: float, r: float, seat: int) -> str:
    """The eye of ``seat`` at (x, y), radius ``r``: its iris in the seat's colour."""
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

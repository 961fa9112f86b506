"""The compass in the middle of the sea: its eight sectors (rubies and storm actions) and its needle,
which spins to the sector just drawn or sways where it rests."""

from __future__ import annotations

import math
from html import escape

from engine.piratissimo import data as D
from ui.draw.svg import SETTLE
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import COMPASS_R, CX, CY, sector_angle, svg_num


def _storm_icon(storm: str, x: float, y: float, u: str) -> str:
    """The icon of a sector's storm action: two coins lost, a blow onward, home, or the sun of a calm."""
    if storm == "lose":
        return (
            f'<circle cx="{svg_num(x - 6)}" cy="{svg_num(y - 4)}" r="6" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
            f'<circle cx="{svg_num(x + 6)}" cy="{svg_num(y - 4)}" r="6" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
            f'<path d="M{svg_num(x)} {svg_num(y + 4)} v10 m-5 -5 l5 5 5 -5" stroke="#1d4f8c" stroke-width="2.5" fill="none"/>'
        )
    if storm == "blow":
        return (
            f'<path d="M{svg_num(x - 12)} {svg_num(y + 6)} Q{svg_num(x)} {svg_num(y - 16)} {svg_num(x + 12)} {svg_num(y + 2)}" stroke="#1d4f8c" '
            f'stroke-width="3.5" fill="none" marker-end="url(#{u}-blue)"/>'
        )
    if storm == "home":
        return (
            f'<path d="M{svg_num(x - 11)} {svg_num(y)} L{svg_num(x)} {svg_num(y - 11)} L{svg_num(x + 11)} {svg_num(y)}z" fill="#8e1f1c"/>'
            f'<rect x="{svg_num(x - 8)}" y="{svg_num(y)}" width="16" height="11" fill="#f4ead6" stroke="#6b5130"/>'
        )
    rays = "".join(
        f'<line x1="{svg_num(x + 8 * math.cos(k * math.pi / 4))}" y1="{svg_num(y + 8 * math.sin(k * math.pi / 4))}" '
        f'x2="{svg_num(x + 13 * math.cos(k * math.pi / 4))}" y2="{svg_num(y + 13 * math.sin(k * math.pi / 4))}" '
        'stroke="#e29a12" stroke-width="2.5"/>'
        for k in range(8)
    )
    return f'<circle cx="{svg_num(x)}" cy="{svg_num(y)}" r="6" fill="#f6c33b"/>{rays}'


def compass_svg(u: str, lang: str, spun: int | None, reading: str, rest: int = 0) -> str:
    """The compass: 8 sectors with rubies and tornado actions, and its needle.

    ``spun`` is the sector the last chance step chose (the needle spins and
    stops there); ``reading`` is "ruby" or "storm" to light what counts.
    """
    n = len(D.COMPASS)
    parts = [
        f'<circle cx="{CX}" cy="{CY}" r="{COMPASS_R + 14}" fill="url(#{u}-brass)" filter="url(#{u}-shadow)"/>',
        f'<circle cx="{CX}" cy="{CY}" r="{COMPASS_R}" fill="url(#{u}-face)"/>',
    ]
    w = WORDS.of(lang)
    for k, sector in enumerate(D.COMPASS):
        a0 = math.radians(sector_angle(k) - 90 - 180 / n)
        a1 = math.radians(sector_angle(k) - 90 + 180 / n)
        x0, y0 = CX + COMPASS_R * math.cos(a0), CY + COMPASS_R * math.sin(a0)
        x1, y1 = CX + COMPASS_R * math.cos(a1), CY + COMPASS_R * math.sin(a1)
        fill = "#f7ecd2" if k % 2 else "#efdcb3"
        lit = spun == k
        if lit:
            fill = "#ffe27a"
        parts.append(
            f'<path d="M{CX} {CY} L{svg_num(x0)} {svg_num(y0)} A{COMPASS_R} {COMPASS_R} 0 0 1 {svg_num(x1)} {svg_num(y1)}z" '
            f'fill="{fill}" stroke="#b08a4a" stroke-width="1.2"'
            + (f' filter="url(#{u}-glow)"' if lit else "")
            + "/>"
        )
        mid = math.radians(sector_angle(k) - 90)
        gx, gy = CX + (COMPASS_R - 22) * math.cos(mid), CY + (COMPASS_R - 22) * math.sin(mid)
        if sector.ruby:
            parts.append(
                f'<path d="M{svg_num(gx)} {svg_num(gy - 13)} l11 9 -11 15 -11 -15z" fill="url(#{u}-ruby)" stroke="#5c000c" '
                'stroke-width="1.2"/>'
                f'<path d="M{svg_num(gx - 4)} {svg_num(gy - 5)} l4 -4 3 3z" fill="#fff" opacity=".7"/>'
            )
        ix, iy = CX + (COMPASS_R - 72) * math.cos(mid), CY + (COMPASS_R - 72) * math.sin(mid)
        storm_name = {"lose": w("lose"), "blow": w("blow"), "home": w("blown_home"), "calm": w("calm")}[sector.storm]
        parts.append(f'<g><title>{escape(storm_name)}</title>{_storm_icon(sector.storm, ix, iy, u)}</g>')
        tx, ty = CX + (COMPASS_R - 110) * math.cos(mid), CY + (COMPASS_R - 110) * math.sin(mid)
        parts.append(f'<text x="{svg_num(tx)}" y="{svg_num(ty + 5)}" class="pir-sector">{k + 1}</text>')
    final = sector_angle(spun if spun is not None else rest)
    if spun is not None:
        motion = (
            f'<animateTransform attributeName="transform" type="rotate" from="{svg_num(final - 1080)} {CX} {CY}" '
            f'to="{svg_num(final)} {CX} {CY}" dur="1.2s" calcMode="spline" keySplines="0.15 0.6 0.3 1" keyTimes="0;1" '
            'fill="freeze"/>'
        )
    else:
        motion = (
            f'<animateTransform attributeName="transform" type="rotate" '
            f'values="{svg_num(final)} {CX} {CY};{svg_num(final + 3)} {CX} {CY};{svg_num(final - 3)} {CX} {CY};{svg_num(final)} {CX} {CY}" '
            f'dur="5s" {SETTLE}/>'
        )
    needle = (
        f'<g class="pir-needle" transform="rotate({svg_num(final)} {CX} {CY})">{motion}'
        f'<path d="M{CX} {CY - COMPASS_R + 34} L{CX + 13} {CY} L{CX} {CY + 42} L{CX - 13} {CY}z" fill="#c0392b" '
        'stroke="#5e120b" stroke-width="1.5"/>'
        f'<path d="M{CX} {CY - COMPASS_R + 34} L{CX + 13} {CY} L{CX} {CY}z" fill="#e0584a"/>'
        f'<path d="M{CX} {CY + 42} L{CX + 13} {CY} L{CX - 13} {CY}z" fill="#2c3e50"/></g>'
        f'<circle cx="{CX}" cy="{CY}" r="14" fill="url(#{u}-brass)" stroke="#6b4a12" stroke-width="2"/>'
    )
    title = w("compass")
    if reading:
        title += f" ({w('reading_' + reading)})"
    return f'<g class="pir-compass"><title>{escape(title)}</title>{"".join(parts)}{needle}</g>'

"""The labels on the sea ("Capsized!", "+2 banked"...): a badge in a seat's colour with its emblem and
an icon, and the :class:`Label` that waits for :func:`ui.draw.placement.place` to find it room."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ui.draw.placement import Tag
from ui.games.piratissimo import labels as L
from ui.games.piratissimo.geometry import svg_num
from ui.games.piratissimo.pieces import PALETTE, emblem


@dataclass(frozen=True)
class Label:
    """A badge waiting for its place: drawn inside ``head`` (its group, closed after it),
    in ``seat``'s colour, with an ``icon`` ("coin", "swords", "crossed" or none),
    as near ``wish`` as the other pieces and labels allow."""

    head: str
    text: str
    seat: int
    wish: tuple[float, float]
    icon: str = ""

    def tag(self) -> Tag:
        """Its size on a phone (the larger), for :func:`ui.draw.placement.place`; where it finds no
        room, it tries without its icon, then without its emblem too (the words always stay)."""
        tag = None
        for form in reversed(range(len(BADGE_FORMS))):
            emblem_shown, icon_shown = BADGE_FORMS[form]
            width = L.badge_width(self.text, bool(self.icon) and icon_shown, emblem=emblem_shown)
            tag = Tag(width * L.LABEL_GROW, L.BADGE_HEIGHT * L.LABEL_GROW, (self.wish,), tag)
        assert tag is not None
        return tag


#: A badge's forms, fullest first: (emblem shown, icon shown).
BADGE_FORMS: tuple[tuple[bool, bool], ...] = ((True, True), (True, False), (False, False))


def _icon(kind: str, x: float, u: str) -> str:
    """The icon closing a badge: a coin, crossed swords, or the swords struck out (a piracy that missed)."""
    if kind == "coin":
        return f'<circle cx="{svg_num(x)}" cy="0" r="11" fill="url(#{u}-gold)" stroke="#8d5e06"/>'
    colour = "#9aa7b8" if kind == "crossed" else "#ffd54a"
    swords = (
        f'<g transform="translate({svg_num(x)} 0) scale(.55)" stroke-linecap="round">'
        f'<line x1="-20" y1="20" x2="18" y2="-18" stroke="{colour}" stroke-width="6"/>'
        f'<line x1="20" y1="20" x2="-18" y2="-18" stroke="{colour}" stroke-width="6"/>'
        '<line x1="-24" y1="10" x2="-10" y2="24" stroke="#fff" stroke-width="6"/>'
        '<line x1="24" y1="10" x2="10" y2="24" stroke="#fff" stroke-width="6"/>'
    )
    if kind == "crossed":
        swords += '<path d="M-16 -16 L16 16 M16 -16 L-16 16" stroke="#ff5a5a" stroke-width="6"/>'
    return swords + "</g>"


def badge(x: float, y: float, text: str, seat: int, u: str, *, icon: str = "", form: int = 0) -> str:
    """A label in the seat's colour, its emblem first (and a coin or swords last): legible on the sea for every seat.

    It grows about its centre on a phone (:mod:`ui.games.piratissimo.labels`); ``form`` is one of :data:`BADGE_FORMS`."""
    emblem_shown, icon_shown = BADGE_FORMS[form]
    icon = icon if icon_shown else ""
    text_w = L.BADGE_LETTER * len(text)
    width = L.badge_width(text, bool(icon), emblem=emblem_shown)
    left = -width / 2
    start = left + (40 if emblem_shown else 10)
    dark = PALETTE[seat][1]
    half = L.BADGE_HEIGHT / 2
    return (
        f'<g class="pir-badge-box pir-tag" transform="translate({svg_num(x)} {svg_num(y)})"><g class="pir-grow-label">'
        f'<rect x="{svg_num(left)}" y="{svg_num(-half)}" width="{svg_num(width)}" height="{svg_num(L.BADGE_HEIGHT)}" rx="{svg_num(half)}" '
        f'fill="{dark}" stroke="#fff" stroke-width="3" filter="url(#{u}-shadow)"/>'
        + (f'<g transform="translate({svg_num(left + 23)} 0)">{emblem(seat, 18, "#fff")}</g>' if emblem_shown else "")
        + f'<text x="{svg_num(start + text_w / 2)}" y="10" class="pir-badge">{escape(text)}</text>'
        f'{_icon(icon, start + 2 + text_w + 14, u) if icon else ""}</g></g>'
    )

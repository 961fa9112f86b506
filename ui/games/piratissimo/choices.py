"""What a person can press on the sea: the acting seat's options (sails, shortcuts, home, the tornado's
stops, piracy) with their targets sized for a finger, the roll and spin buttons, and a suggested move."""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from engine.piratissimo import HOME, Piratissimo, PirState, routes
from engine.piratissimo import data as D
from engine.piratissimo.actions import PIRATE, Action, Tornado
from engine.piratissimo.rules import RAID, RAID_SPIN, ROLL, SAIL, STORM_SPIN, TWISTER, route_action, steps_of
from ui.draw.arrow_keys import nav_attributes, neighbours
from ui.draw.placement import Box
from ui.draw.svg import SETTLE
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import (
    COMPASS_R,
    CX,
    CY,
    DIE_SPOTS,
    SHIP_OUT,
    SIZE,
    TORNADO_IN,
    R,
    island_xy,
    port_xy,
    route_points,
    svg_num,
)
from ui.games.piratissimo.gestures import CHANCE, play

#: The smallest target a finger hits, in board units: 44 CSS px on a 390 px
#: phone, where the 1000-unit sea is drawn about 360 px wide.
FINGER = 124.0


@dataclass(frozen=True)
class Choice:
    """A clickable option drawn on the board: the action it plays."""

    action: Action
    x: float
    y: float
    label: str
    kind: str  # "sail", "shortcut", "home", "tornado", "pirate"
    path: str = ""  # the route to preview, as SVG path data

    @property
    def act(self) -> str:
        """Its ``data-act`` gesture (:mod:`ui.games.piratissimo.gestures`)."""
        return play(self.action)


def choices(game: Piratissimo, state: PirState, lang: str = "en") -> list[Choice]:
    """The board's clickable options in this position (for the acting seat).

    >>> from engine.piratissimo import Piratissimo
    >>> from engine.piratissimo.rules import PirState
    >>> g = Piratissimo()
    >>> s = g.apply(g.apply(g.new(2), g.parse_action("start red")), g.parse_action("die tornado"))
    >>> [c.act for c in choices(g, s)]
    ['do tornado 1', 'do tornado 2', 'do tornado 3', 'do tornado 4']
    """
    w = WORDS.of(lang)
    seat = state.seat
    out: list[Choice] = []
    if state.phase == SAIL:
        for route in routes(state, seat, steps_of(state.die)):
            action = route_action(route)
            path = route_points(state, seat, state.pos[seat], route.path)
            if route.dest == HOME:
                x, y = port_xy(D.CORNERS[len(state.pos)][seat])
                out.append(Choice(action, x, y + 10, w("home_via" if route.via >= 0 else "home"), "home", path))
            else:
                x, y = island_xy(route.dest)
                kind = "shortcut" if route.via >= 0 else "sail"
                label = w("shortcut" if route.via >= 0 else "sail", n=route.dest + 1)
                out.append(Choice(action, x, y, label, kind, path))
    elif state.phase == TWISTER:
        here = state.tornado
        for k in range(1, D.TORNADO_MAX + 1):
            here = D.ISLANDS[here].white
            x, y = island_xy(here, R - TORNADO_IN)
            out.append(Choice(Tornado(k), x, y, w("tornado", k=k, n=here + 1), "tornado"))
    elif state.phase == RAID:
        x, y = island_xy(state.pos[seat], R + SHIP_OUT)
        out.append(Choice(PIRATE, x, y - 70, w("pirate"), "pirate"))
    return out


#: The suggestion's colours: a gold no ship wears, on a dark casing that reads over the sea and the islands.
HINT_FILL, HINT_EDGE = "#f5b800", "#3b2a00"


def suggestion_mark(game: Piratissimo, state: PirState, action: Action, u: str) -> str:
    """A suggested move on the sea: its route (a sail, a shortcut, the tornado's stop) and a gold ring where it ends.

    An action with no place on the sea (loading, passing) draws nothing: the hint's words say it.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo()
    >>> from engine.piratissimo.actions import PASS, Die, Start, Tornado
    >>> s = g.apply(g.apply(g.new(2), Start(0)), Die("tornado"))
    >>> 'data-hint="do tornado 2"' in suggestion_mark(g, s, Tornado(2), "pir"), suggestion_mark(g, s, PASS, "pir")
    (True, '')
    """
    found = next((c for c in choices(game, state) if c.action == action), None)
    if found is None:
        return ""
    route = ""
    if found.path:
        route = (f'<path d="{found.path}" fill="none" stroke="{HINT_EDGE}" stroke-width="13" stroke-linecap="round"/>'
                 f'<path d="{found.path}" fill="none" stroke="{HINT_FILL}" stroke-width="8" stroke-linecap="round" '
                 f'marker-end="url(#{u}-tip)"/>')
    radius = {"home": 84, "tornado": 36}.get(found.kind, 54)
    return (f'<g class="pir-hint" data-hint="{escape(found.act)}" aria-hidden="true" pointer-events="none">{route}'
            f'<circle cx="{svg_num(found.x)}" cy="{svg_num(found.y)}" r="{radius}" fill="none" stroke="{HINT_EDGE}" stroke-width="11"/>'
            f'<circle cx="{svg_num(found.x)}" cy="{svg_num(found.y)}" r="{radius}" fill="none" stroke="{HINT_FILL}" stroke-width="7" '
            f'stroke-dasharray="16 8"/></g>')


def _hit_area(c: Choice) -> str:
    """A choice's invisible target: a circle :data:`FINGER` across, or, for the tornado's
    stops (islands only 75 units apart along its ring), an ellipse that long along the island's ray."""
    if c.kind == "tornado":
        a = math.degrees(math.atan2(c.y - CY, c.x - CX))
        return (
            f'<ellipse class="pir-hit" cx="{svg_num(c.x)}" cy="{svg_num(c.y)}" rx="{svg_num(FINGER / 2)}" ry="37" fill="#fff" '
            f'fill-opacity="0" transform="rotate({svg_num(a)} {svg_num(c.x)} {svg_num(c.y)})"/>'
        )
    return f'<circle class="pir-hit" cx="{svg_num(c.x)}" cy="{svg_num(c.y)}" r="{svg_num(max(FINGER / 2, 78 if c.kind == "home" else 0))}" fill="#fff" fill-opacity="0"/>'


def chance_spot(state: PirState) -> tuple[float, float] | None:
    """Where the person's own roll or spin is pressed on the board (:func:`chance_button`), if it is now."""
    if state.phase == ROLL:
        return DIE_SPOTS[D.CORNERS[len(state.pos)][state.seat]]
    if state.phase in (RAID_SPIN, STORM_SPIN):
        return CX, CY
    return None


#: The key of the roll or spin button among the board's targets; the options are keyed by their index.
CHANCE_KEY = "chance"


def arrow_keys(offered: list[Choice], chance: tuple[float, float] | None) -> dict[str, dict[str, str]]:
    """Where each arrow key leads from each of the board's buttons (the options by index, the roll or spin
    by :data:`CHANCE_KEY`): the next button that way, by where each is drawn."""
    places = {str(i): (c.x, c.y) for i, c in enumerate(offered)}
    if chance is not None:
        places[CHANCE_KEY] = chance
    return neighbours(places)


def arrow_attributes(key: str, arrows: dict[str, dict[str, str]], u: str) -> str:
    """A button's id and the ids its arrow keys lead to (:mod:`ui.draw.arrow_keys`)."""
    return nav_attributes(key, arrows, f"{u}-at-")


def choice_svg(c: Choice, index: int, u: str, active: bool = True,
               arrows: dict[str, dict[str, str]] | None = None) -> str:
    """An option: its ring (pulsing), the route it previews, its mark (the fee, the distance, the cross),
    and, when ``active``, a button with a target a finger can hit, its arrow keys leading to the board's
    other buttons (``arrows``, of :func:`arrow_keys`); a still picture otherwise."""
    colour = {"sail": "#ffd54a", "shortcut": "#5aa0ff", "home": "#7CFC9A", "tornado": "#ffffff", "pirate": "#ff6b6b"}[c.kind]
    preview = ""
    if c.path:
        preview = (
            f'<path d="{c.path}" fill="none" stroke="{colour}" stroke-width="5" stroke-dasharray="10 8" '
            f'stroke-linecap="round" opacity=".9" marker-end="url(#{u}-tip)">'
            f'<animate attributeName="stroke-dashoffset" from="36" to="0" dur="1s" {SETTLE}/></path>'
        )
    radius = {"home": 78, "tornado": 30}.get(c.kind, 48)
    mark = ""
    if c.kind == "shortcut":
        mark = (
            f'<g class="pir-fee" transform="translate({svg_num(c.x + 34)} {svg_num(c.y - 34)})"><g class="pir-grow-fee">'
            '<circle r="15" fill="#1f5fd1" stroke="#fff" stroke-width="2"/>'
            f'<circle r="7" fill="url(#{u}-gold)"/><text y="30" class="pir-small pir-fee-text">-1</text></g></g>'
        )
    elif c.kind == "tornado":  # the number grows on a phone like the labels
        mark = (
            f'<g transform="translate({svg_num(c.x)} {svg_num(c.y)})"><g class="pir-grow-label">'
            f'<text y="9" class="pir-label">{c.action.distance}</text></g></g>'
        )
    elif c.kind == "pirate":
        mark = (
            f'<g transform="translate({svg_num(c.x)} {svg_num(c.y)})" stroke="#3b2a12" stroke-width="5" stroke-linecap="round">'
            '<line x1="-16" y1="-16" x2="16" y2="16"/><line x1="16" y1="-16" x2="-16" y2="16"/></g>'
        )
        radius = 30
    ring = (
        f'<circle class="pir-ring" cx="{svg_num(c.x)}" cy="{svg_num(c.y)}" r="{radius}" fill="{colour}" fill-opacity=".18" '
        f'stroke="{colour}" stroke-width="5" stroke-dasharray="14 7">'
        f'<animate attributeName="r" values="{radius};{radius + 5};{radius}" dur="1.6s" {SETTLE}/></circle>'
    )
    if active:  # an invisible target a finger can hit, however small the ring looks
        ring += _hit_area(c)
    if not active:  # a still picture (rules page): the same look, nothing to press
        return f'<g class="pir-option pir-choice-{c.kind}"><title>{escape(c.label)}</title>{preview}{ring}{mark}</g>'
    return (
        f'<g class="pir-choice pir-choice-{c.kind}"{arrow_attributes(str(index), arrows or {}, u)} '
        f'data-act="{escape(c.act)}" role="button" tabindex="0" '
        f'aria-label="{escape(c.label)}"><title>{escape(c.label)}</title>{preview}{ring}{mark}</g>'
    )


#: The shortcut's fee (a coin and "-1") about its centre.
FEE_EXTENT = Box(-17.0, -17.0, 17.0, 34.0)


def chance_button(state: PirState, u: str, lang: str, arrows: dict[str, dict[str, str]] | None = None) -> str:
    """The person's own roll or spin, on the board: the die, or the compass (its arrow keys as
    :func:`choice_svg`'s)."""
    w = WORDS.of(lang)
    nav = arrow_attributes(CHANCE_KEY, arrows or {}, u)
    if state.phase == ROLL:
        x, y = DIE_SPOTS[D.CORNERS[len(state.pos)][state.seat]]
        hx = min(max(x - FINGER / 2, 0), SIZE - FINGER)
        hy = min(max(y - FINGER / 2, 0), SIZE - FINGER)
        return (
            f'<g class="pir-choice pir-roll"{nav} data-act="{CHANCE.text()}" role="button" tabindex="0" aria-label="{escape(w("roll"))}">'
            f'<title>{escape(w("roll"))}</title>'
            f'<rect class="pir-hit" x="{svg_num(hx)}" y="{svg_num(hy)}" width="{svg_num(FINGER)}" height="{svg_num(FINGER)}" fill="#fff" '
            'fill-opacity="0"/>'
            f'<rect class="pir-ring" x="{svg_num(x - 30)}" y="{svg_num(y - 30)}" width="60" height="60" rx="11" fill="#fffdf7" '
            f'fill-opacity=".95" stroke="#ffd54a" stroke-width="5" filter="url(#{u}-shadow)">'
            f'<animate attributeName="stroke-opacity" values="1;.3;1" dur="1.2s" {SETTLE}/></rect>'
            f'<text x="{svg_num(x)}" y="{svg_num(y + 11)}" class="pir-label" font-size="30">?</text></g>'
        )
    if state.phase in (RAID_SPIN, STORM_SPIN):
        return (
            f'<g class="pir-choice pir-spin"{nav} data-act="{CHANCE.text()}" role="button" tabindex="0" aria-label="{escape(w("spin"))}">'
            f'<title>{escape(w("spin"))}</title>'
            f'<circle class="pir-ring" cx="{CX}" cy="{CY}" r="{COMPASS_R + 8}" fill="#ffd54a" fill-opacity=".08" '
            'stroke="#ffd54a" stroke-width="6" stroke-dasharray="16 10">'
            f'<animateTransform attributeName="transform" type="rotate" from="0 {CX} {CY}" to="360 {CX} {CY}" '
            f'dur="8s" {SETTLE}/></circle></g>'
        )
    return ""

"""Piratissimo's sea as an SVG string: islands, chests, arrows, ports, ships,
the tornado and the compass, with SMIL animations of the last action.

A pure function of the state plus keyword-only view options, like
python-chess's ``chess.svg``: no DOM, no JavaScript.  Every id inside the SVG
starts with ``uid`` so several boards can live in one page (the rules page).

This module lays the picture's layers in order; each kind of thing is drawn
by its own module: :mod:`~ui.games.piratissimo.geometry` (where things are),
:mod:`~ui.games.piratissimo.sea` (the scene), :mod:`~ui.games.piratissimo.pieces`,
:mod:`~ui.games.piratissimo.compass`, :mod:`~ui.games.piratissimo.motion` (the last
action), :mod:`~ui.games.piratissimo.marks` (what the others did),
:mod:`~ui.games.piratissimo.news` (the turn's news and the end),
:mod:`~ui.games.piratissimo.badges` (labels), :mod:`~ui.games.piratissimo.choices`
(what a person presses) and :mod:`~ui.games.piratissimo.board_words` (the words).

>>> from engine.piratissimo import Piratissimo
>>> import xml.etree.ElementTree as ET
>>> game = Piratissimo()
>>> svg = board_svg(game, game.apply(game.new(4), game.parse_action("start red")))
>>> ET.fromstring(svg).get("viewBox")
'0 0 1000 1000'
"""

from __future__ import annotations

from html import escape

from engine.piratissimo import Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.actions import Action, Compass, Die
from engine.piratissimo.rules import CAPSIZED, LOST, OVER, ROLL, STORM_SPIN
from ui.app.words import lang_of
from ui.draw.placement import Box, Disc, Shape, place
from ui.games.piratissimo import labels as L
from ui.games.piratissimo.badges import badge
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.choices import (
    FEE_EXTENT,
    FINGER,
    Choice,
    arrow_keys,
    chance_button,
    chance_spot,
    choice_svg,
    choices,
    suggestion_mark,
)
from ui.games.piratissimo.compass import compass_svg
from ui.games.piratissimo.geometry import (
    CX,
    CY,
    DIE_SPOTS,
    HUB,
    ISLE,
    NUMBER_IN,
    SIZE,
    TORNADO_IN,
    R,
    in_view,
    island_xy,
    needle_discs,
    port_name_xy,
    port_shape,
    port_xy,
    sector_angle,
    ship_xy,
    svg_num,
    tornado_path,
    water_xy,
)
from ui.games.piratissimo.marks import Mark, marks_svg, recent_marks
from ui.games.piratissimo.motion import STEP_S, last_events, relative_path, ship_svg
from ui.games.piratissimo.names import colour_word
from ui.games.piratissimo.news import news_effects, shown_news, winner_crowns, won_rings
from ui.games.piratissimo.pieces import (
    PALETTE,
    SEAT_DASHES,
    chest_icon,
    die_svg,
    emblem,
    ship_shape,
    tornado_shape,
)
from ui.games.piratissimo.sea import defs, island_svg, port_svg, ring_arrows, sea_background, shortcut_arrows


def board_svg(
    game: Piratissimo,
    state: PirState,
    *,
    previous: PirState | None = None,
    last_action: Action | None = None,
    names: tuple[str, ...] = (),
    interactive: bool = False,
    lang: str = "en",
    uid: str = "pir",
    animate: bool = True,
    trace: bool = False,
    show_options: bool = False,
    crop: tuple[float, float, float, float] | None = None,
    title: str = "",
    recent: tuple[tuple[PirState, str], ...] = (),
    you: int | None = None,
    tappable: bool = False,
    won: tuple[int, ...] = (),
    suggested: str | None = None,
) -> str:
    """The sea as an ``<svg>`` string that scales to its container.

    ``previous``/``last_action`` drive the animations (the route sailed, the
    compass spin, a capsize, a piracy); ``animate`` False draws the position
    still (a redraw of the same position, reduced motion); ``interactive``
    draws the acting seat's options as buttons (``data-act``);
    ``show_options`` draws them without buttons (figures); ``trace`` keeps
    the last route drawn (for still figures); ``crop`` (x, y, width, height)
    shows part of the sea; ``uid`` is the drawing's id and prefixes every id
    inside it, and its style reaches only this drawing: give each drawing of
    one page its own (see :mod:`ui.draw.svg`).

    ``names`` are the players' names by seat (the board says them with their
    colour); ``you`` is the seat of the person at this screen; ``recent`` the
    others' actions since that person's last one, as (state before, action):
    each is marked on the sea in its seat's colour (routes, the dice, loads,
    piracy, the tornado and its storm, capsizes, banking) until the person
    acts. ``tappable`` lets a tap on an island answer (``island <n>``).
    ``won`` are the seats that won the game: their harbour (the bank that
    reached the goal) and their ship are ringed in gold.  ``suggested`` is a
    move to mark (the hint's, an analysed turn's better move): its route and
    destination in gold, when it has a place on the sea.
    """
    lang = lang_of(lang)
    w = WORDS.of(lang)
    u = uid
    n = len(state.pos)
    colours = tuple(colour_word(seat, lang) for seat in range(len(D.COLOURS)))
    # the board names a seat as the panels do: the player and the colour ("Captain Bot (Blue)")
    seat_names = tuple(f"{names[s]} ({colours[s]})" if s < len(names) else colours[s] for s in range(n))
    port_labels = tuple(names[s] if s < len(names) else colours[s] for s in range(n))
    marks = recent_marks(game, recent, you=you, lang=lang) if recent else []
    events = last_events(game, previous, last_action) if (animate or trace) else []
    box = " ".join(svg_num(v) for v in crop) if crop else f"0 0 {SIZE} {SIZE}"
    spun = None
    reading = ""
    if isinstance(last_action, Compass) and previous is not None:
        spun = last_action.sector
        reading = "ruby" if previous.phase != STORM_SPIN else "storm"
    parts = [
        # role "img" would hide the clickable options from assistive technology
        (f'<svg xmlns="http://www.w3.org/2000/svg" id="{u}" viewBox="{box}" role="{"group" if interactive else "img"}" '
        f'aria-label="{escape(title or w("title"))}" class="pir-board">'),
        f"<title>{escape(title or w('title'))}</title>",
        defs(u, grow=crop is None),  # a figure's crop draws the sea large enough already
        sea_background(u),
        shortcut_arrows(u),
        compass_svg(u, lang, spun if (animate or trace) else None, reading, state.needle),
    ]
    corners = D.CORNERS[n]
    for corner in range(4):
        seat = corners.index(corner) if corner in corners else None
        if in_view(*port_xy(corner), crop, 120):
            parts.append(port_svg(corner, seat, seat_names[seat] if seat is not None else "", u, lang,
                               port_labels[seat] if seat is not None else ""))
    parts.extend(island_svg(i, u, lang, tappable) for i in range(D.RING) if in_view(*island_xy(i), crop))
    parts.append(ring_arrows(u, crop))  # on top of the islands' shoals
    routes_drawn, chips_drawn, labels = marks_svg(state, marks, u, lang, animate) if marks else ("", "", [])
    parts.append(f'<g class="pir-marks">{routes_drawn}</g>' if routes_drawn else "")
    tx, ty = island_xy(state.tornado, R - TORNADO_IN)
    tornado_svg = tornado_shape(tx, ty, u)
    moved_tornado = next((e for e in events if e[0] == "tornado"), None)
    if moved_tornado is not None and animate:
        d = tornado_path(moved_tornado[1], moved_tornado[2])
        dur = svg_num(max(0.4, STEP_S * len(moved_tornado[2])))
        tornado_svg = (
            f'<g><animateMotion dur="{dur}s" fill="freeze" path="{relative_path(d, tx, ty)}"/>{tornado_svg}</g>'
        )
    parts.append(f'<g><title>{escape(w("tornado_here"))}</title>{tornado_svg}</g>')
    if state.die >= 0:
        rolled = isinstance(last_action, Die) and animate
        parts.append(die_svg(state.die, u, lang, rolled, D.CORNERS[n][state.seat]))
    sailed = {e[1]: e for e in events if e[0] == "sail"}
    blown = {e[1]: e for e in events if e[0] == "blown"}
    for seat in range(n):
        parts.append(ship_svg(game, state, previous, seat, seat_names[seat], sailed.get(seat), blown.get(seat), u, lang, animate, trace))
    if marks:  # what the others did replaces the news of the turn before
        parts.append(f'<g class="pir-marks">{chips_drawn}</g>' if chips_drawn else "")
    else:
        pictures, labels = news_effects(state, previous, u, lang, animate, you)
        parts.append(pictures)
    offered = choices(game, state, lang) if (interactive or show_options) else []
    if labels:
        frame = Box(*crop[:2], crop[0] + crop[2], crop[1] + crop[3]) if crop else Box(0, 0, SIZE, SIZE)
        shapes = piece_shapes(state, marks, offered, interactive=interactive, crop=crop)
        spots = place([label.tag() for label in labels], shapes, Box(frame.left + 2, frame.top + 2,
                                                                     frame.right - 2, frame.bottom - 2))
        parts.append('<g class="pir-labels">' + "".join(
            label.head + badge(x, y, label.text, label.seat, u, icon=label.icon, form=form) + "</g>"
            for label, (x, y, form) in zip(labels, spots)
        ) + "</g>")
    if state.phase == OVER:
        parts.append(winner_crowns(game, state, u, lang, seat_names))
        parts.append(won_rings(state, won, u))
    arrows = arrow_keys(offered, chance_spot(state)) if interactive else {}
    if offered:
        drawn = "".join(choice_svg(c, i, u, interactive, arrows) for i, c in enumerate(offered))
        parts.append(f'<g class="pir-choices">{drawn}</g>')
    if suggested is not None:
        parts.append(suggestion_mark(game, state, suggested, u))
    if interactive:
        parts.append(chance_button(state, u, lang, arrows))
    parts.append("</svg>")
    return "".join(parts)


def piece_shapes(
    state: PirState,
    marks: list[Mark],
    offered: list[Choice],
    *,
    interactive: bool = False,
    crop: tuple[float, float, float, float] | None = None,
) -> list[Shape]:
    """What the board's labels must leave clear, at its size on a phone: the compass's hub, the
    islands and their numbers, the ports and their names, the ships, the tornado, the dice, capsized
    hulls, the winner's crown and the person's choices.

    The compass's face is the one open water a phone's 11 px words fit in (the ring of islands
    and the ports fill the rest), so labels may lie on it, clear of the needle's hub."""
    n = len(state.pos)
    shapes: list[Shape] = [Disc(CX, CY, HUB), *needle_discs(state.needle)]
    for i in range(D.RING):
        if in_view(*island_xy(i), crop):
            shapes.append(Disc(*island_xy(i), ISLE + 6))
            shapes.append(L.number_disc(*island_xy(i, R - NUMBER_IN)))
    corners = D.CORNERS[n]
    for corner in range(4):
        shapes.append(port_shape(corner))
        if corner in corners:
            seat = corners.index(corner)
            nx, ny, anchor = port_name_xy(corner)
            shapes.append(L.port_name_box(nx, ny, "M" * 14, anchor))  # the longest name shown
    shapes.extend(L.ship_box(*ship_xy(state, seat)) for seat in range(n))
    tx, ty = island_xy(state.tornado, R - TORNADO_IN)
    shapes.append(Box(tx - 32, ty - 52, tx + 32, ty + 34))
    dice = {state.seat} if state.die >= 0 or (interactive and state.phase == ROLL) else set()
    dice |= {m.seat for m in marks if m.kind == "die"}
    for seat in dice:
        x, y = DIE_SPOTS[corners[seat]]
        shapes.append(Box(x - 32, y - 39, x + 39, y + 32))  # the chip's emblem sits on its corner
    hulls = [m.island for m in marks if m.kind == "capsize"]
    hulls += [news[2] for news in shown_news(state) if news[0] in (CAPSIZED, LOST)]
    for island in hulls:
        x, y = water_xy(island)
        shapes.append(Disc(x, y + 20, 48))
    if state.phase == OVER:
        shapes.append(Box(CX - 330, CY - 140, CX + 330, CY + 45))
    for c in offered:
        shapes.append(Disc(c.x, c.y, {"home": 78, "tornado": 30, "pirate": 30}.get(c.kind, 48) + 6))
        if c.kind == "shortcut":
            shapes.append(L.grown(FEE_EXTENT, c.x + 34, c.y - 34, L.FEE_GROW))
    return shapes


# The names the page, the rules page and the tests import from here, wherever they are drawn now.
__all__ = [
    "FINGER",
    "HUB",
    "PALETTE",
    "SEAT_DASHES",
    "WORDS",
    "board_svg",
    "chest_icon",
    "choices",
    "emblem",
    "island_xy",
    "last_events",
    "piece_shapes",
    "port_shape",
    "port_xy",
    "sector_angle",
    "ship_shape",
    "ship_xy",
]

"""The last action in motion: what it did (the engine's events), and the ships drawn with the SMIL
motion that sails them along their route (or blows them on) to where they now are."""

from __future__ import annotations

import re
from html import escape

from engine.piratissimo import HOME, Piratissimo, PirState, Route
from engine.piratissimo.actions import Action
from engine.piratissimo.rules import Event
from ui.draw.svg import SETTLE
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import route_points, ship_xy, svg_num, water_xy
from ui.games.piratissimo.pieces import PALETTE, ship_shape

STEP_S = 0.15  # seconds per island: a 4 takes 0.6 s, within a bot's 650 ms pace

#: Path data as :func:`~ui.games.piratissimo.geometry.route_points` writes it, read a command letter or a number
#: at a time, and how many numbers each command takes.
_TOKEN = re.compile(r"[MLQA]|-?\d+(?:\.\d+)?")
_ARITY = {"M": 2, "L": 2, "Q": 4, "A": 7}


def relative_path(d: str, dx: float, dy: float) -> str:
    """Path data ``d`` (absolute M/L/Q/A commands) moved by (-dx, -dy).

    >>> relative_path("M10 20 L30 40 A5 5 0 0 1 50 60", 10, 20)
    'M0 0 L20 20 A5 5 0 0 1 40 40'
    """
    tokens = _TOKEN.findall(d)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        cmd = tokens[i]
        args = [float(v) for v in tokens[i + 1 : i + 1 + _ARITY[cmd]]]
        if cmd == "A":
            args[5] -= dx
            args[6] -= dy
        else:
            args = [v - (dx if k % 2 == 0 else dy) for k, v in enumerate(args)]
        out.append(cmd + " ".join(svg_num(v) for v in args))
        i += 1 + _ARITY[cmd]
    return " ".join(out)


def last_events(game: Piratissimo, previous: PirState | None, last_action: Action | None) -> list[Event]:
    """What the last action did, as engine events (empty if unknown)."""
    if previous is None or last_action is None:
        return []
    log: list[Event] = []
    try:
        game.step(previous, last_action, log)
    except Exception:  # a stale pair from an older page: draw no animation
        return []
    return log


def ship_svg(
    game: Piratissimo,
    state: PirState,
    previous: PirState | None,
    seat: int,
    name: str,
    sailed: Event | None,
    blown: Event | None,
    u: str,
    lang: str,
    animate: bool,
    trace: bool,
) -> str:
    """``seat``'s ship where it is now, haloed when it is to act, with the motion that brings it there
    (the route it ``sailed``, or the storm that ``blown`` it on) and, with ``trace``, that route drawn."""
    x, y = ship_xy(state, seat)
    cargo = state.cargo[seat]
    label = WORDS(lang, "aboard", name=name, k=cargo)
    current = state.seat == seat and state.phase not in (0, 8)
    halo = (
        f'<ellipse cx="0" cy="16" rx="40" ry="11" fill="none" stroke="#fff6b0" stroke-width="3" opacity=".9">'
        f'<animate attributeName="opacity" values=".3;1;.3" dur="1.8s" {SETTLE}/></ellipse>'
        if current
        else ""
    )
    motion = ""
    trail = ""
    if sailed is not None and previous is not None:
        route: Route = sailed[3]
        begin = ship_xy(previous, seat)
        arrived = state.pos[seat] == route.dest  # not capsized or sent home on arrival
        if route.dest == HOME:  # along the ring to the port's island, then into the harbour
            d = route_points(previous, seat, sailed[2], route.path, start_xy=begin) + f" L{svg_num(x)} {svg_num(y)}"
        else:
            d = route_points(previous, seat, sailed[2], route.path, start_xy=begin, end_xy=(x, y) if arrived else None)
        if trace:
            trail = (
                f'<path d="{d}" fill="none" stroke="{PALETTE[seat][2]}" stroke-width="5" stroke-dasharray="3 9" '
                'stroke-linecap="round"/>'
            )
        if animate and arrived:
            # the ship is drawn where it is now; the motion path ends at (0, 0)
            dur = svg_num(min(2.6, STEP_S * max(1, len(route.path))))
            motion = f'<animateMotion dur="{dur}s" fill="freeze" path="{relative_path(d, x, y)}"/>'
    elif blown is not None and animate and previous is not None:
        fx, fy = water_xy(blown[2])
        tx2, ty2 = water_xy(blown[3])
        motion = f'<animateMotion dur=".8s" fill="freeze" path="M{svg_num(fx - tx2)} {svg_num(fy - ty2)} L0 0"/>'
    return (
        f'{trail}<g class="pir-ship" data-seat="{seat}" transform="translate({svg_num(x)} {svg_num(y)})">'
        f'<title>{escape(label)}</title>{motion}<g class="pir-grow-ship">{halo}{ship_shape(seat, cargo, u)}</g></g>'
    )

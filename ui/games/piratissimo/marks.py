"""Marks of what the other seats did since the person's last action, kept on the sea until the person
acts: their routes, dice, loads, piracy, the tornado and its storm, capsizes and banking."""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from engine.piratissimo import HOME, Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.actions import Action, Die
from engine.piratissimo.rules import Event
from engine.piratissimo.state import _FACE_OF
from ui.games.piratissimo.badges import Label
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import (
    CX,
    CY,
    DIE_SPOTS,
    LABEL_IN,
    R,
    island_xy,
    mooring_xy,
    port_xy,
    route_points,
    svg_num,
    tornado_path,
    water_xy,
)
from ui.games.piratissimo.names import mark_you
from ui.games.piratissimo.pieces import PALETTE, SEAT_DASHES, emblem, ship_shape

#: How far out each seat's routes are drawn from the ships' ring, so that the
#: routes of several seats over the same islands lie side by side.
LANES: tuple[float, ...] = (-15.0, -5.0, 5.0, 15.0)


@dataclass(frozen=True)
class Mark:
    """One thing a seat did (or that happened to it) that the board keeps marked.

    ``kind`` is one of "trail", "die", "load", "raid", "steal", "miss",
    "tornado", "lose", "blown", "homeward", "storm_calm", "capsize", "bank";
    ``seat`` gives the colour; ``text`` is the log's sentence of the action
    (the mark's tooltip).
    """

    kind: str
    seat: int
    island: int = -1
    amount: int = 0
    other: int = -1
    path: str = ""
    text: str = ""
    last: bool = False  # made by the newest action (it fades in when that action is new)


def recent_marks(
    game: Piratissimo, recent: tuple[tuple[PirState, Action], ...], *, you: int | None = None, lang: str = "en"
) -> list[Mark]:
    """The marks of ``recent`` (the others' actions as (state before, action), oldest first).

    >>> from engine.piratissimo.actions import Load, Start
    >>> g = Piratissimo(); s = g.apply(g.apply(g.new(2), Start(1)), Die(3))
    >>> [(m.kind, m.seat, m.island, m.amount) for m in recent_marks(g, ((s, Load(2)),))]
    [('load', 1, 14, 2)]
    """
    marks: list[Mark] = []
    for rank, (before, action) in enumerate(recent):
        log: list[Event] = []
        try:
            game.step(before, action, log)
            sentence = mark_you(game.describe(before, action, lang), you, lang)
        except Exception:  # a stale pair from an older page: no mark
            continue
        actor = before.seat
        last = rank == len(recent) - 1
        pos = list(before.pos)
        storm = ""

        def add(kind: str, seat: int, **fields: object) -> None:
            marks.append(Mark(kind, seat, text=sentence, last=last, **fields))  # type: ignore[arg-type]  # noqa: B023 - called in this pass only

        if isinstance(action, Die) and actor >= 0:
            add("die", actor, amount=_FACE_OF[action])
        for event in log:
            kind = event[0]
            if kind == "sail":
                seat, start, route = event[1], event[2], event[3]
                path = route_points(before, seat, start, route.path, lane=LANES[seat % len(LANES)])
                if route.dest == HOME:
                    mx, my = mooring_xy(D.CORNERS[len(before.pos)][seat])
                    path += f" L{svg_num(mx)} {svg_num(my)}"
                add("trail", seat, island=route.dest, path=path)
                pos[seat] = route.dest
            elif kind == "load" and event[2] > 0:
                add("load", event[1], island=pos[event[1]], amount=event[2])
            elif kind == "capsize":
                add("capsize", event[1], island=event[2], amount=event[3])
                pos[event[1]] = HOME
            elif kind == "raid":
                add("raid", event[1], island=pos[event[1]], other=event[2])
            elif kind in ("steal", "miss"):
                add(kind, event[1], island=pos[event[1]], other=event[2], amount=event[3] if kind == "steal" else 0)
            elif kind == "tornado":
                add("tornado", actor, island=event[2][-1], path=tornado_path(event[1], event[2]))
            elif kind == "storm":
                storm = event[1]
                if storm == "calm" and event[2]:
                    add("storm_calm", actor, island=before.tornado)
            elif kind == "lose":  # an empty ship loses nothing, but the storm did hit it
                add("lose", event[1], island=before.tornado, amount=event[2])
            elif kind == "blown":
                seat, start, end = event[1], event[2], event[3]
                fx, fy = water_xy(start)
                tx, ty = water_xy(end)
                add("blown", seat, island=start, other=end, path=f"M{svg_num(fx)} {svg_num(fy)} L{svg_num(tx)} {svg_num(ty)}")
                pos[seat] = end
            elif kind == "bank":
                seat = event[1]
                if storm == "home":
                    fx, fy = water_xy(before.tornado)
                    mx, my = mooring_xy(D.CORNERS[len(before.pos)][seat])
                    add("homeward", seat, island=before.tornado, path=f"M{svg_num(fx)} {svg_num(fy)} L{svg_num(mx)} {svg_num(my)}")
                if event[2] > 0:
                    add("bank", seat, amount=event[2])
                pos[seat] = HOME
    # one die per seat: the newest
    dice = {m.seat: m for m in marks if m.kind == "die"}
    return [m for m in marks if m.kind != "die" or dice[m.seat] is m]


def marks_svg(state: PirState, marks: list[Mark], u: str, lang: str, animate: bool) -> tuple[str, str, list[Label]]:
    """The marks as SVG: (routes, drawn under the ships; chips, drawn over them; labels, placed later)."""
    w = WORDS.of(lang)
    under: list[str] = []
    over: list[str] = []
    labels: list[Label] = []

    def label_at(island: int) -> tuple[float, float]:
        return island_xy(island, R - LABEL_IN)

    for mark in marks:
        seat = mark.seat
        main, _dark, _light = PALETTE[seat]
        fade = (
            '<animate attributeName="opacity" values="0;1" dur=".5s" fill="freeze"/>' if animate and mark.last else ""
        )
        head = f'<g class="pir-mark pir-mark-{mark.kind}" data-seat="{seat}"><title>{escape(mark.text)}</title>{fade}'
        dash = SEAT_DASHES[seat % len(SEAT_DASHES)]
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        if mark.kind in ("trail", "blown", "homeward", "tornado"):
            width = 5 if mark.kind == "tornado" else 6
            route = (
                f'<path d="{mark.path}" fill="none" stroke="#fff" stroke-opacity=".75" stroke-width="{width + 5}" '
                'stroke-linecap="round" stroke-linejoin="round"/>'
                f'<path d="{mark.path}" fill="none" stroke="{main}" stroke-width="{width}"{dashing} '
                f'stroke-linecap="round" stroke-linejoin="round" marker-end="url(#{u}-arrow{seat})"/>'
            )
            under.append(head + route + "</g>")
            if mark.kind == "blown":
                labels.append(Label(head, w("blown_on"), seat, label_at(mark.island)))
            elif mark.kind == "homeward":
                labels.append(Label(head, w("homeward"), seat, label_at(mark.island)))
        elif mark.kind == "die":
            if state.die >= 0 and state.seat == seat:
                continue  # the die being played is drawn by itself
            over.append(head + _die_chip(mark.amount, seat, u, lang, D.CORNERS[len(state.pos)][seat]) + "</g>")
        elif mark.kind == "load":
            if any(m.kind == "capsize" and m.seat == seat and m.island == mark.island for m in marks):
                continue  # the capsize says it
            labels.append(Label(head, w("loaded", k=mark.amount), seat, label_at(mark.island), "coin"))
        elif mark.kind == "raid" and any(
            m.kind in ("steal", "miss") and m.seat == seat and m.island == mark.island for m in marks
        ):
            over.append(head + "</g>")  # the piracy's outcome says it: the raid keeps only its tooltip
        elif mark.kind in ("raid", "steal", "miss"):
            text = {"raid": w("pirate"), "steal": w("stolen", k=mark.amount), "miss": w("missed")}[mark.kind]
            icon = "crossed" if mark.kind == "miss" else "swords"
            labels.append(Label(head, text, seat, island_xy(mark.island, R - 112), icon))
        elif mark.kind == "capsize":
            x, y = water_xy(mark.island)
            hull = (
                f'<g transform="translate({svg_num(x)} {svg_num(y)})"><g transform="translate(0 26) rotate(160)">'
                f'{ship_shape(seat, 0, u)}</g>'
                '<path d="M-40 14 q10 -12 20 0 t20 0 t20 0 t20 0" stroke="#e6fbff" stroke-width="4" fill="none"/></g>'
            )
            under.append(head + hull + "</g>")
            labels.append(Label(head, w("capsized"), seat, label_at(mark.island)))
        elif mark.kind == "lose":
            words = w("lost", k=mark.amount) if mark.amount else w("lost_none")
            labels.append(Label(head, words, seat, label_at(mark.island)))
        elif mark.kind == "storm_calm":
            labels.append(Label(head, w("storm_calm"), seat, label_at(mark.island)))
        elif mark.kind == "bank":
            x, y = port_xy(D.CORNERS[len(state.pos)][seat])
            labels.append(Label(head, w("banked", k=mark.amount), seat, (x + (CX - x) * 0.3, y + (CY - y) * 0.3)))
    return "".join(under), "".join(over), labels


def _die_chip(face: int, seat: int, u: str, lang: str, corner: int) -> str:
    """The face a seat rolled, beside its port, framed in its colour with its emblem."""
    x, y = DIE_SPOTS[corner]
    w = WORDS.of(lang)
    pips = {1: [(0, 0)], 2: [(-9, -9), (9, 9)], 3: [(-10, -10), (0, 0), (10, 10)], 4: [(-9, -9), (9, -9), (-9, 9), (9, 9)]}
    if face == D.TORNADO_FACE:
        inner = "".join(
            f'<ellipse cx="{svg_num(2 * math.sin(k))}" cy="{svg_num(10 - k * 6)}" rx="{svg_num(3 + k * 2.4)}" ry="{svg_num(1.5 + k * .5)}" '
            'fill="none" stroke="#5d6b80" stroke-width="2"/>'
            for k in range(5)
        )
    else:
        inner = "".join(f'<circle cx="{dx}" cy="{dy}" r="5" fill="#1b2430"/>' for dx, dy in pips[face])
    main, dark, _light = PALETTE[seat]
    label = w("die", face=w("tornado_face") if face == D.TORNADO_FACE else face)
    return (
        f'<g class="pir-die-chip" transform="translate({svg_num(x)} {svg_num(y)})"><title>{escape(label)}</title>'
        f'<rect x="-27" y="-27" width="54" height="54" rx="10" fill="#fffdf7" stroke="{main}" stroke-width="6" '
        f'filter="url(#{u}-shadow)"/>{inner}'
        f'<g transform="translate(25 -25)"><circle r="12" fill="{dark}" stroke="#fff" stroke-width="2"/>'
        f'{emblem(seat, 11, "#fff")}</g></g>'
    )

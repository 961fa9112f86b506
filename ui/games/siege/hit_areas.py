"""What a click or a tap on Siege's scene reaches: the pirates (a button when the view offers a
gesture, else a named image), the free spots a picked pirate may move to, and the enemy's pirates that
say how to knock them down."""

from __future__ import annotations

from html import escape

from engine.siege.scene import Box
from engine.siege.state import SiegeState
from engine.siege.words import on_spot, to_spot
from ui.games.siege.board_words import WORDS, side_name
from ui.games.siege.geometry import mirror, pirate_box, side_x, svg_num, sy
from ui.games.siege.gestures import Select, parse_gesture
from ui.games.siege.pieces import pirate_figure
from ui.games.siege.style import SIDE_COLOURS


def pirate_targets(
    state: SiegeState, seat: int, lang: str, clickable: dict[str, str], selected: str = "", pokes: dict[str, str] | None = None
) -> str:
    """The side's pirates, each a target with words (and a click when the view offers one)."""
    side = state.sides[seat]
    w = WORDS.of(lang)
    name = side_name(seat, lang)
    pokes = pokes or {}
    out = []
    for spot in side.spots:
        box = pirate_box(side, seat, spot)
        art = pirate_figure(box, SIDE_COLOURS[seat], spot == side.captain)
        label = w("captain" if spot == side.captain else "pirate", side=name, where=on_spot(seat, spot, lang))
        out.append(piece_target(seat, art, label, clickable.get(spot), box, f"spot:{spot}", spot == selected, pokes.get(spot)))
    return "".join(out)


def free_spot_targets(state: SiegeState, seat: int, lang: str, clickable: dict[str, str]) -> str:
    """Ghost outlines on the free spots a picked pirate may move to (data-act ``do move``)."""
    side = state.sides[seat]
    w = WORDS.of(lang)
    out = []
    for spot, act in clickable.items():
        if spot in side.spots:
            continue
        box = pirate_box(side, seat, spot)
        cx = (box.d1 + box.d2) / 2
        ghost = (
            f'<g opacity="0.75"><circle cx="{svg_num(cx)}" cy="{svg_num(sy(box.y2) + 3.4)}" r="3.1" fill="none" '
            f'stroke="{SIDE_COLOURS[seat]}" stroke-width="0.8" stroke-dasharray="1.5 1"/>'
            f'<rect x="{svg_num(cx - 3.2)}" y="{svg_num(sy(box.y2) + 7)}" width="6.4" height="{svg_num(box.y2 - box.y1 - 7)}" rx="1.6" '
            f'fill="none" stroke="{SIDE_COLOURS[seat]}" stroke-width="0.8" stroke-dasharray="1.5 1"/></g>'
        )
        label = w("move_to", where=to_spot(seat, spot, lang))
        out.append(piece_target(seat, ghost, label, act, box, f"free:{spot}"))
    return "".join(out)


def piece_target(
    seat: int, art: str, label: str, act: str | None, box: Box, ident: str, picked: bool = False, poke: str | None = None
) -> str:
    """A piece, mirrored to its side, with its accessible name.

    ``act`` makes it a button (``data-act``, focusable); ``poke`` only answers
    a click or a tap (the enemy's pieces say how to hit them: a keyboard player
    aims with the keys, so they are no tab stops).
    """
    inner = mirror(seat, art)
    if act is None:
        click = f' class="sg-poke" data-act="{escape(poke)}"' if poke else ""
        return (f'<g data-piece="{escape(ident)}" data-side="{seat}" role="img" aria-label="{escape(label)}"{click}>'
                f"<title>{escape(label)}</title>{inner}</g>")
    x1 = min(side_x(seat, box.d1), side_x(seat, box.d2)) - 3
    dash = "" if picked else ' stroke-dasharray="2 1.5"'
    ring = (
        f'<rect class="sg-ring" x="{svg_num(x1)}" y="{svg_num(sy(box.y2) - 4)}" width="{svg_num(box.d2 - box.d1 + 6)}" '
        f'height="{svg_num(box.y2 - box.y1 + 6)}" rx="3" fill="#ffd54a" fill-opacity="{0.45 if picked else 0.18}" '
        f'stroke="#e0a800" stroke-width="{1.6 if picked else 1}"{dash}/>'
    )
    pressed = f' aria-pressed="{"true" if picked else "false"}"' if isinstance(parse_gesture(act), Select) else ""
    return (
        f'<g class="sg-hit" data-piece="{escape(ident)}" data-side="{seat}" data-act="{escape(act)}" role="button" '
        f'tabindex="0"{pressed} aria-label="{escape(label)}"><title>{escape(label)}</title>{ring}{inner}</g>'
    )

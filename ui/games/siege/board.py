"""Siege's battle scene as SVG: a pure function of the state (like chess.svg).

The drawing uses the engine's own coordinate system (:mod:`engine.siege.scene`):
scene x is SVG x, and scene height ``y`` (mm above the sea) is drawn at
``SEA_Y - y``.  Every piece is drawn over its real hitbox, so what a person
sees is what a ball can hit.  Red's side is Blue's drawing mirrored.

What happened stays marked (``steps``): each shot's flight and impact,
numbered, what it knocked down lying where it fell, pirates' moves, the
longboat's trips, a brick that turned and the dice.  The last step may be
animated, once (SMIL only): the ball flies along the trajectory the engine
computed (``animateMotion``), what it knocked down topples
(``animateTransform``), and a brick that turned swings round.

:func:`board_region` lays the scene out for the game page: an HTML grab
handle over the launcher (at least 48 CSS px whatever the scene's size) and a
close-up of the side under fire for small screens (``<use>`` of the scene).

The drawing's parts live beside this module, by concern: where things are
(:mod:`ui.games.siege.geometry`), the shared look (:mod:`ui.games.siege.style`), the words
(:mod:`ui.games.siege.board_words`), the ground (:mod:`ui.games.siege.terrain`), the
pieces (:mod:`ui.games.siege.pieces`), what a click reaches (:mod:`ui.games.siege.hit_areas`),
what moves (:mod:`ui.games.siege.motion`), what stays marked (:mod:`ui.games.siege.marks`),
aiming (:mod:`ui.games.siege.aiming`, :mod:`ui.games.siege.aim_pad`) and the page's board
region (:mod:`ui.games.siege.region`).  Their public names are importable from here too.

>>> from engine.siege import Siege
>>> import xml.etree.ElementTree as ET
>>> g = Siege()
>>> svg = render(g, g.new(2))
>>> ET.fromstring(svg).get("viewBox")
'0 0 1000 290'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import Any

from engine.siege.actions import Action
from engine.siege.scene import HULL, PALISADES, PALMS, SLOTS, WIDTH
from engine.siege.state import ACT, SCATTER, SiegeState
from ui.draw.svg import scoped_style
from ui.games.siege.aim_pad import PAD_LIFT, PAD_ROOM_ABOVE, PAD_SCREEN_ABOVE, PAD_STYLE, PAD_TEXT, aim_pad
from ui.games.siege.aiming import (
    HINT_EDGE,
    HINT_FILL,
    PAD_H,
    PAD_MUZZLE,
    PAD_SPAN,
    PAD_W,
    POWER_SPAN,
    aim_arrow,
    aim_from_pad_point,
    aim_from_point,
    muzzle,
    pad_point,
    suggestion_mark,
    training_path,
)
from ui.games.siege.board_words import WORDS, side_name, spot_words
from ui.games.siege.geometry import CLOSE_UPS, SEA_Y, VIEW_H, mirror, side_x, svg_num, sy
from ui.games.siege.hit_areas import free_spot_targets, pirate_targets
from ui.games.siege.marks import decided_by, decided_mark, dice_mark, marks
from ui.games.siege.motion import (
    FALLEN_OPACITY,
    FORT_FALL_SHIFT,
    GHOST_OPACITY,
    resting_height,
    shot_drawing,
    turn_animation,
)
from ui.games.siege.pieces import brick, cannon_target, longboat, named, weapon_art
from ui.games.siege.region import BOARD_STYLE, CAPTION_STYLE, GRAB_PX, board_region, close_up, grab_handle
from ui.games.siege.style import (
    DEFS,
    SIDE_COLOURS,
    SIDE_DARK,
    SIDE_DASHES,
    SIDE_SHAPES,
    STYLE,
    own_ids,
    shape,
)
from ui.games.siege.terrain import (
    fort,
    fort_steps,
    home_island,
    palisade,
    palm,
    rubble,
    sky_and_sea,
    treasure_island,
)


def _side_art(state: SiegeState, seat: int, lang: str = "en") -> str:
    """Everything of one side drawn in depth coordinates (mirrored for Red), its target-cannons named."""
    side = state.sides[seat]
    colour = SIDE_COLOURS[seat]
    out = [home_island(seat)]
    for k, box in enumerate(PALMS[seat]):
        out.append(palm((box.d1 + box.d2) / 2, box.y1, box.y2, 5 if k % 2 == 0 else -4))
    if seat == 1:
        out.append(fort_steps())
        out.append(fort(colour) if side.fort else rubble())
    for k, up in enumerate(side.palisades):
        if up:
            out.append(palisade(PALISADES[seat][k]))
    for slot, up in zip(SLOTS, side.slots):
        if slot.where == "island" and up:
            out.append(named(cannon_target(slot.box, colour), WORDS(lang, "slot", side=side_name(seat, lang)),
                             f"slot:{slot.name}", seat))
    out.append(brick(side, seat, lang))
    out.append(longboat(side, colour))
    for weapon in ("mortar", "cannon"):
        out.append(weapon_art(seat, weapon, side.setting[0 if weapon == "cannon" else 1], colour))
    return "".join(out)


def render(
    game: Any,
    state: SiegeState,
    *,
    lang: str = "en",
    steps: Sequence[tuple[SiegeState, Action, SiegeState]] = (),
    previous: SiegeState | None = None,
    last_action: Action | None = None,
    animate: bool = True,
    interactive: bool = False,
    aim: tuple[str, int, int] | None = None,
    training: bool = False,
    moves: dict[str, str] | None = None,
    pokes: dict[str, str] | None = None,
    selected: str = "",
    shots: tuple[tuple[str, int, int, float, float], ...] = (),
    caption: str = "",
    crop: tuple[float, float, float, float] | None = None,
    uid: str = "sg",
    role: str = "img",
    decided: tuple[int, str] | None = None,
    suggested: Action | None = None,
) -> str:
    """The battle scene as an ``<svg>`` string.

    ``steps`` are (before, action, after) to keep marked, oldest first (the
    other side's turn, or the person's own last shot); ``previous`` and
    ``last_action`` alone mark the last step.  ``animate`` plays the last
    step once (a ball in flight, what it knocked down, a brick turning).
    ``interactive`` takes the arrow keys and draws ``aim``'s arrow with its
    numbers; ``training`` adds the predicted flight, labelled.  ``moves`` maps
    the side's spots to ``data-act`` gestures (select a pirate, move it) and
    ``pokes`` the enemy's pirates to a click's answer.  ``shots`` draws static
    flights (weapon, angle, power, da, dp) fired by the seat to play in
    ``state`` (for the rules page); ``crop`` is a viewBox (x, y, w, h) to show
    part of the scene; ``uid`` prefixes the SVG ids when several scenes share
    a page: it is the drawing's id and the start of every id inside it, and
    the drawing's style reaches only itself (see :mod:`ui.draw.svg`); ``role`` is
    the drawing's: "img" for a figure, "group" for the game's board, whose
    pieces are explored one by one.  The scene itself is the group
    ``#{uid}-scene`` (a close-up draws it again with ``<use>``).
    ``decided`` is what ended the game (:func:`decided_by`): the beaten
    side's loss is said on its side of the scene, its fallen target-cannons
    crossed out when they decided it.  ``suggested`` is a move to mark (the
    hint's, an analysed turn's better move): a shot's predicted flight in gold.
    """
    w = WORDS.of(lang)
    moves = moves or {}
    if not steps and previous is not None and last_action is not None:
        steps = ((previous, last_action, state),)
    drawn_marks, flying, rolled, swing = marks(steps, animate=animate)
    if state.dice:
        rolled = (state.dice, state.seat)
    parts = [sky_and_sea(), treasure_island(state, lang)]
    for seat in (0, 1):
        art = _side_art(state, seat, lang)
        parts.append(mirror(seat, turn_animation(seat, art) if seat == swing else art))
    parts.append(drawn_marks)
    for seat in (0, 1):
        clickable = moves if (interactive and seat == state.seat) else {}
        poke = pokes if (interactive and seat != state.seat) else None
        parts.append(pirate_targets(state, seat, lang, clickable, selected if clickable else "", poke))
        parts.append(free_spot_targets(state, seat, lang, clickable))
        # the broadside that shows, in words on the hull
        side = state.sides[seat]
        name = side_name(seat, lang)
        hx = side_x(seat, (HULL.d1 + HULL.d2) / 2)
        facing = w("facing", side=name, face=w(side.facing()))
        parts.append(
            f'<g data-facing="{side.facing()}" data-side="{seat}" role="img" aria-label="{escape(facing)}">'
            f'<text class="sg-hull" x="{svg_num(hx)}" y="{svg_num(sy(HULL.y2) + 26)}" text-anchor="middle">'
            f'{escape(w(side.facing()))}</text></g>'
        )
    for weapon, angle, power, da, dp in shots:
        aimed = replace(state, phase=SCATTER, aim=(weapon, angle, power))
        parts.append(shot_drawing(aimed, da, dp, animate=False)[0])
    parts.append(flying)
    if interactive and state.phase == ACT and aim is not None and game.may_fire(state):
        weapon, angle, power = aim
        if training:
            parts.append(training_path(state, weapon, angle, power, lang))
        parts.append(aim_arrow(state.seat, weapon, angle, power, lang))
    if suggested is not None:
        parts.append(suggestion_mark(state, suggested))
    if rolled is not None:
        parts.append(dice_mark(rolled[0], rolled[1], lang))
    if decided is not None:
        parts.append(decided_mark(state, decided, lang))
    box = f"0 0 {WIDTH} {VIEW_H}" if crop is None else " ".join(svg_num(v) for v in crop)
    keys = ' data-keys="aim" tabindex="0"' if interactive else ""
    title = caption or w("title")
    scene = own_ids(f'{DEFS}<g id="sg-scene">{"".join(parts)}</g>', uid)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" viewBox="{box}" class="sg-board" role="{role}" '
        f'aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet"{keys}>'
        f'<title>{escape(title)}</title>{scoped_style(STYLE, uid, f"{uid}-scene")}{scene}</svg>'
    )


__all__ = [
    "BOARD_STYLE",
    "CAPTION_STYLE",
    "CLOSE_UPS",
    "DEFS",
    "FALLEN_OPACITY",
    "FORT_FALL_SHIFT",
    "GHOST_OPACITY",
    "GRAB_PX",
    "HINT_EDGE",
    "HINT_FILL",
    "PAD_H",
    "PAD_LIFT",
    "PAD_MUZZLE",
    "PAD_ROOM_ABOVE",
    "PAD_SCREEN_ABOVE",
    "PAD_SPAN",
    "PAD_STYLE",
    "PAD_TEXT",
    "PAD_W",
    "POWER_SPAN",
    "SEA_Y",
    "SIDE_COLOURS",
    "SIDE_DARK",
    "SIDE_DASHES",
    "SIDE_SHAPES",
    "STYLE",
    "VIEW_H",
    "WORDS",
    "aim_from_pad_point",
    "aim_from_point",
    "aim_pad",
    "board_region",
    "close_up",
    "decided_by",
    "grab_handle",
    "marks",
    "muzzle",
    "own_ids",
    "pad_point",
    "render",
    "resting_height",
    "shape",
    "shot_drawing",
    "side_name",
    "spot_words",
    "suggestion_mark",
    "sy",
]

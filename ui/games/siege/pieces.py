"""The pieces of Siege's scene, each drawn over its real hitbox: pirates, target-cannons, the brick
(hull, masts, sails), the longboat, chests and the launchers."""

from __future__ import annotations

from html import escape

from engine.siege.physics import boat_box
from engine.siege.scene import BOWSPRIT, CHEST_OFFSET, HULL, LONGBOAT, MAINSAIL, MAST_D, SLOTS, WEAPONS, Box
from engine.siege.state import Side
from ui.games.siege.board_words import WORDS, side_name
from ui.games.siege.geometry import svg_num, sy
from ui.games.siege.style import SIDE_COLOURS, SIDE_DARK, shape


def cannon_target(box: Box, colour: str, faded: bool = False) -> str:
    """A target-cannon on its carriage, drawn in the box (muzzle towards the enemy, +x)."""
    x1, x2, y1, y2 = box.d1, box.d2, sy(box.y1), sy(box.y2)
    w = x2 - x1
    op = ' opacity="0.35"' if faded else ""
    return (
        f'<g{op}>'
        f'<rect x="{svg_num(x1 + 1)}" y="{svg_num(y1 - 6)}" width="{svg_num(w - 4)}" height="5" rx="1" fill="url(#sg-wood)"/>'
        f'<circle cx="{svg_num(x1 + 5)}" cy="{svg_num(y1 - 2.5)}" r="2.6" fill="#3b2412"/>'
        f'<circle cx="{svg_num(x2 - 6)}" cy="{svg_num(y1 - 2.5)}" r="2.6" fill="#3b2412"/>'
        f'<path d="M{svg_num(x1 + 2)} {svg_num(y2 + 6)} L {svg_num(x2)} {svg_num(y2 + 3.5)} L {svg_num(x2)} {svg_num(y2 + 8.5)} '
        f'L {svg_num(x1 + 2)} {svg_num(y1 - 6)} Z" fill="url(#sg-iron)"/>'
        f'<rect x="{svg_num(x1 + 1)}" y="{svg_num(y2 + 3)}" width="3" height="4" fill="{colour}"/>'
        f"</g>"
    )


def pirate_figure(box: Box, colour: str, captain: bool) -> str:
    """A pirate figure standing in its box (8 x 20 mm)."""
    cx = (box.d1 + box.d2) / 2
    foot, head = sy(box.y1), sy(box.y2)
    h = foot - head
    parts = [
        (f'<path d="M{svg_num(cx - 2.4)} {svg_num(foot)} L {svg_num(cx - 1.2)} {svg_num(foot - h * 0.38)} L {svg_num(cx + 1.2)} {svg_num(foot - h * 0.38)} '
        f'L {svg_num(cx + 2.4)} {svg_num(foot)}" stroke="#2b2b33" stroke-width="1.6" fill="none" stroke-linecap="round"/>'),
        f'<rect x="{svg_num(cx - 3.2)}" y="{svg_num(foot - h * 0.72)}" width="6.4" height="{svg_num(h * 0.36)}" rx="1.6" fill="#f4f1e8"/>',
        (f'<path d="M{svg_num(cx - 3.2)} {svg_num(foot - h * 0.62)} h6.4 M{svg_num(cx - 3.2)} {svg_num(foot - h * 0.5)} h6.4" '
        f'stroke="{colour}" stroke-width="1.4"/>'),
        f'<circle cx="{svg_num(cx)}" cy="{svg_num(head + 3.4)}" r="3.1" fill="#f1c59a"/>',
    ]
    if captain:
        parts.append(
            f'<path d="M{svg_num(cx - 5.5)} {svg_num(head + 2)} Q {svg_num(cx)} {svg_num(head - 4.5)} {svg_num(cx + 5.5)} {svg_num(head + 2)} '
            f'Q {svg_num(cx)} {svg_num(head)} {svg_num(cx - 5.5)} {svg_num(head + 2)}Z" fill="#1d1d24"/>'
            f'<circle cx="{svg_num(cx)}" cy="{svg_num(head)}" r="1.3" fill="#ffd54a"/>'
        )
    else:
        parts.append(
            f'<path d="M{svg_num(cx - 3.3)} {svg_num(head + 2.6)} Q {svg_num(cx)} {svg_num(head - 0.6)} {svg_num(cx + 3.3)} {svg_num(head + 2.6)}Z" '
            f'fill="{colour}"/>'
        )
    return "<g>" + "".join(parts) + "</g>"


def brick(side: Side, seat: int, lang: str) -> str:
    """The brick (ship) in depth coordinates: hull, masts, sails, bowsprit, target-cannons."""
    colour, dark = SIDE_COLOURS[seat], SIDE_DARK[seat]
    h = HULL
    x1, x2, deck, keel = h.d1, h.d2, sy(h.y2), sy(h.y1)
    hull = (
        f'<path d="M{x1 - 4} {svg_num(deck - 6)} L {x1 + 2} {svg_num(keel - 2)} Q {(x1 + x2) / 2} {svg_num(keel + 6)} {x2 - 10} {svg_num(keel - 2)} '
        f'Q {x2 + 2} {svg_num(deck + 8)} {x2 + 4} {svg_num(deck - 2)} L {x1 - 4} {svg_num(deck - 2)}Z" fill="url(#sg-wood)" '
        f'stroke="#3b2412" stroke-width="1"/>'
        f'<path d="M{x1 - 2} {svg_num(deck + 4)} H {x2}" stroke="{colour}" stroke-width="3"/>'
        + "".join(
            f'<rect x="{x}" y="{svg_num(deck + 9)}" width="6" height="5" rx="1" fill="#2a1a0c" stroke="#d9b36a" stroke-width="0.6"/>'
            for x in range(x1 + 14, x2 - 14, 16)
        )
        + f'<rect x="{x1 - 6}" y="{svg_num(deck - 16)}" width="16" height="12" fill="url(#sg-wood)" stroke="#3b2412" stroke-width="0.8"/>'
    )
    mast = f'<path d="M{MAST_D} {svg_num(deck)} V {svg_num(sy(172))}" stroke="#5c3318" stroke-width="2.4"/>'
    mast += f'<path d="M{MAST_D - 40} {svg_num(deck - 2)} V {svg_num(sy(120))}" stroke="#5c3318" stroke-width="1.8"/>'
    flag = f'<path d="M{MAST_D} {svg_num(sy(172))} l 18 4 l -18 6Z" fill="{colour}"/>'
    flag += shape(seat, MAST_D + 6, sy(168), 2, "#fff")
    rig = ""
    m = MAINSAIL
    if side.rig:
        rig = (
            f'<path d="M{m.d1} {svg_num(sy(m.y2))} Q {(m.d1 + m.d2) / 2} {svg_num(sy(m.y2) - 6)} {m.d2} {svg_num(sy(m.y2))} '
            f'Q {m.d2 + 8} {svg_num((sy(m.y1) + sy(m.y2)) / 2)} {m.d2} {svg_num(sy(m.y1))} Q {(m.d1 + m.d2) / 2} {svg_num(sy(m.y1) + 5)} '
            f'{m.d1} {svg_num(sy(m.y1))} Q {m.d1 + 6} {svg_num((sy(m.y1) + sy(m.y2)) / 2)} {m.d1} {svg_num(sy(m.y2))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.8" filter="url(#sg-shadow)"/>'
            + shape(seat, (m.d1 + m.d2) / 2, sy(110), 8, colour, ' opacity="0.85"')
            + f'<path d="M{m.d1 + 6} {svg_num(sy(148))} Q {MAST_D} {svg_num(sy(152))} {m.d2 - 6} {svg_num(sy(148))} L {m.d2 - 10} '
            f'{svg_num(sy(166))} L {m.d1 + 10} {svg_num(sy(166))}Z" fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.6"/>'
            f'<path d="M{MAST_D - 40} {svg_num(sy(118))} L {MAST_D - 58} {svg_num(sy(60))} L {MAST_D - 42} {svg_num(sy(60))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.5"/>'
        )
        b = BOWSPRIT
        rig += (
            f'<path d="M{b.d1 - 4} {svg_num(sy(b.y1 + 2))} L {b.d2} {svg_num(sy(b.y2))}" stroke="#5c3318" stroke-width="3" '
            f'stroke-linecap="round"/>'
            f'<path d="M{b.d2 - 2} {svg_num(sy(b.y2))} L {MAST_D + 2} {svg_num(sy(150))} L {MAST_D + 4} {svg_num(sy(60))}Z" '
            f'fill="url(#sg-sail)" stroke="#b9ab88" stroke-width="0.6" opacity="0.95"/>'
        )
    else:
        # the ejected mainsail lies crumpled on the deck; the bowsprit is a stub
        rig = (
            f'<path d="M{m.d1} {svg_num(deck)} q 10 -9 22 -3 q 12 -8 26 0 q 6 2 4 3Z" fill="url(#sg-sail)" '
            f'stroke="#b9ab88" stroke-width="0.7"/>'
            f'<path d="M{BOWSPRIT.d1 - 4} {svg_num(sy(BOWSPRIT.y1 + 2))} l 8 2" stroke="#5c3318" stroke-width="3"/>'
        )
    face = side.facing()
    cannons = []
    for slot, up in zip(SLOTS, side.slots):
        if slot.where == "island" or not up:
            continue
        if slot.where == face:
            cannons.append(named(cannon_target(slot.box, colour), WORDS(lang, "slot", side=side_name(seat, lang)),
                                 f"slot:{slot.name}", seat))
        else:
            # the hidden broadside: seen faintly over the deck's far rail
            hidden = Box(slot.box.d1 + 3, slot.box.d2 + 3, slot.box.y1 + 3, slot.box.y2 + 3)
            cannons.insert(0, cannon_target(hidden, dark, faded=True))
    return f'<g filter="url(#sg-shadow)">{mast}{flag}{rig}{hull}</g>' + "".join(cannons)


def longboat(side: Side, colour: str) -> str:
    box = LONGBOAT[side.boat_at]
    x1, x2, top, foot = box.d1, box.d2, sy(box.y2), sy(box.y1)
    boat = (
        f'<path d="M{x1 - 2} {svg_num(top)} Q {(x1 + x2) / 2} {svg_num(foot + 5)} {x2 + 3} {svg_num(top - 1)}Z" fill="url(#sg-wood)" '
        f'stroke="#3b2412" stroke-width="0.7"/>'
        f'<path d="M{x1 - 1} {svg_num(top + 1.5)} H {x2 + 1}" stroke="{colour}" stroke-width="1.2"/>'
    )
    oar = f'<path d="M{x1 + 9} {svg_num(top - 6)} L {x1 - 4} {svg_num(foot + 4)}" stroke="#7a4a22" stroke-width="1"/>'
    cargo = ""
    if side.chest:
        c = boat_box(box, CHEST_OFFSET)
        cargo = chest(c.d1, sy(c.y2), c.d2 - c.d1, c.y2 - c.y1)
    return f"<g>{oar}{boat}{cargo}</g>"


def chest(x: float, y: float, w: float, h: float) -> str:
    """A chest at SVG point (x, y), ``w`` x ``h`` units."""
    return (
        f'<g><rect x="{svg_num(x)}" y="{svg_num(y)}" width="{svg_num(w)}" height="{svg_num(h)}" rx="1" fill="#8a4f1f" stroke="#3b2412" '
        f'stroke-width="0.5"/><path d="M{svg_num(x)} {svg_num(y + h * 0.4)} h{svg_num(w)}" stroke="#e6b93c" stroke-width="0.9"/>'
        f'<rect x="{svg_num(x + w / 2 - 0.8)}" y="{svg_num(y + h * 0.3)}" width="1.6" height="2" fill="#e6b93c"/></g>'
    )


def weapon_art(seat: int, weapon: str, setting: tuple[int, int], colour: str) -> str:
    """The launcher at the back of the island, its barrel at its set elevation."""
    w = WEAPONS[weapon]
    angle = setting[0]
    if weapon == "cannon":
        post = f'<rect x="{w.d - 5}" y="{svg_num(sy(w.y) + 3)}" width="10" height="{svg_num(sy(20) - sy(w.y) - 3)}" fill="url(#sg-wood)" stroke="#3b2412" stroke-width="0.6"/>'
        barrel = (
            f'<g transform="rotate({-angle} {w.d} {svg_num(sy(w.y))})">'
            f'<rect x="{w.d - 7}" y="{svg_num(sy(w.y) - 3)}" width="19" height="6" rx="2.5" fill="url(#sg-iron)"/>'
            f'<rect x="{w.d - 8}" y="{svg_num(sy(w.y) - 2)}" width="3" height="4" rx="1" fill="{colour}"/></g>'
        )
        return post + barrel
    base = f'<path d="M{w.d - 9} {svg_num(sy(20))} L {w.d - 6} {svg_num(sy(27))} H {w.d + 6} L {w.d + 9} {svg_num(sy(20))}Z" fill="url(#sg-wood)"/>'
    barrel = (
        f'<g transform="rotate({-angle} {w.d} {svg_num(sy(w.y))})">'
        f'<rect x="{w.d - 4}" y="{svg_num(sy(w.y) - 4.5)}" width="14" height="9" rx="3.5" fill="url(#sg-iron)"/>'
        f'<rect x="{w.d + 8}" y="{svg_num(sy(w.y) - 5)}" width="3" height="10" rx="1" fill="{colour}"/></g>'
    )
    return base + barrel


def named(art: str, label: str, ident: str, seat: int) -> str:
    """A piece with its accessible name (an image: the scene is explored piece by piece)."""
    return (f'<g data-piece="{escape(ident)}" data-side="{seat}" role="img" aria-label="{escape(label)}">'
            f"<title>{escape(label)}</title>{art}</g>")

"""How big Piratissimo's words and pieces are drawn, on a phone and elsewhere, and the
shapes its labels must leave clear.

The sea is 1000 units across; on a 320 px phone it is drawn about 290 px
wide, so a word must be about 38 units tall to read at 11 px. The drawing
keeps its desktop sizes and grows its words, island numbers and ships about
their own centres on narrow screens (:func:`phone_style`, plain CSS, no
script). The labels are placed for the grown sizes (:data:`LABEL_GROW`...),
the larger ones: a box clear at the grown size is clear at the smaller one,
since each shrinks toward its own centre.

>>> round(badge_width("Missed!"), 1)
155.0
>>> ship_box(100, 200).left < 100 - 30
True
"""

from __future__ import annotations

from ui.draw.placement import Box, Disc

#: Where the screen is narrow enough to grow the drawing's words (the board is then at most ~450 px wide).
PHONE = "(max-width: 480px)"
#: Growth on a phone of the labels (badges), island numbers, port names, ships and the shortcut's fee.
LABEL_GROW = 1.45
NUMBER_GROW = 2.2
PORT_GROW = 1.65
SHIP_GROW = 1.3
FEE_GROW = 2.0
#: The font sizes (board units) of the desktop drawing.
BADGE_FONT = 27
NUMBER_FONT = 18
PORT_FONT = 24
#: A bold letter's width as a share of the font size: generous, so the box holds the word.
EM = 0.6
BADGE_HEIGHT = 46.0
BADGE_LETTER = 15.0  # a badge letter's width, as the badge's rect is drawn
NUMBER_R = 14.0  # the island number's disc

#: The ship's extent about where it is drawn (desktop units): the sails' top to the halo under the hull.
SHIP_EXTENT = Box(-40.0, -47.0, 40.0, 27.0)


def grown(box: Box, x: float, y: float, factor: float) -> Box:
    """``box`` (about (0, 0)) grown by ``factor`` and moved to (x, y)."""
    return Box(x + box.left * factor, y + box.top * factor, x + box.right * factor, y + box.bottom * factor)


def ship_box(x: float, y: float) -> Box:
    """What a ship drawn at (x, y) covers on a phone (its largest)."""
    return grown(SHIP_EXTENT, x, y, SHIP_GROW)


def number_disc(x: float, y: float) -> Disc:
    """What an island number drawn at (x, y) covers on a phone."""
    return Disc(x, y, NUMBER_R * NUMBER_GROW)


def text_width(text: str, size: float) -> float:
    return EM * size * len(text)


def badge_width(text: str, icon: bool = False, *, emblem: bool = True) -> float:
    """A badge's width at desktop size: the emblem, the words and (with ``icon``) a coin or swords."""
    return (50 if emblem else 20) + BADGE_LETTER * len(text) + (28 if icon else 0)


def port_name_box(x: float, y: float, text: str, anchor: str) -> Box:
    """What a port's name drawn from (x, y) (its middle height) covers on a phone; ``anchor`` "start" or "end"."""
    width = text_width(text, PORT_FONT) * PORT_GROW
    half = PORT_FONT * 0.7 * PORT_GROW
    return Box(x, y - half, x + width, y + half) if anchor == "start" else Box(x - width, y - half, x, y + half)


def phone_style(uid: str) -> str:
    """The CSS that grows the drawing ``uid``'s words and pieces on a phone (about each one's own centre)."""
    rules = "".join(
        f":where(#{uid}) .{name}{{transform:scale({factor})}}"
        for name, factor in (
            ("pir-grow-label", LABEL_GROW),
            ("pir-grow-num", NUMBER_GROW),
            ("pir-grow-port", PORT_GROW),
            ("pir-grow-ship", SHIP_GROW),
            ("pir-grow-fee", FEE_GROW),
        )
    )
    return f"<style>@media {PHONE}{{{rules}}}</style>"


__all__ = [
    "BADGE_FONT", "BADGE_HEIGHT", "FEE_GROW", "LABEL_GROW", "NUMBER_FONT", "NUMBER_GROW", "NUMBER_R", "PORT_FONT",
    "PORT_GROW", "SHIP_EXTENT", "SHIP_GROW", "badge_width", "grown", "number_disc", "phone_style", "port_name_box",
    "ship_box", "text_width",
]

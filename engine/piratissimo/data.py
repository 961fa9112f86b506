"""Piratissimo's board, die and compass as plain data tables.

Everything the rules read from the physical game lives here, so that tuning
the race (chest numbers, shortcuts, the supply of treasures) is a change of
data, never of code.  The ring has 24 islands numbered 0..23 clockwise
(island 0 is the top-left corner); text shown to players numbers them 1..24.

>>> len(ISLANDS), sum(1 for i in ISLANDS if i.chest == OPEN)
(24, 4)
>>> sorted(i.chest for i in ISLANDS if i.chest > 0)
[2, 2, 2, 2, 3, 3, 3, 3]
>>> [PORTS[c].join for c in range(4)]
[0, 6, 12, 18]
>>> COMPASS[0]
Sector(ruby=True, storm='lose')
"""

from __future__ import annotations

from dataclasses import dataclass

#: Chest codes on an island: no chest, an open chest ("must load 2"), or a
#: closed chest's number (1..3, "load up to n").
PLAIN = 0
OPEN = -1


@dataclass(frozen=True, slots=True)
class Island:
    """One island of the ring: its chest and where its red arrow leads."""

    index: int
    chest: int  # PLAIN, OPEN, or the closed chest's number
    red: int  # the next island along the red arrows (clockwise)
    white: int  # the next island along the tornado's white arrows


@dataclass(frozen=True, slots=True)
class Port:
    """A home port in a corner of the sea, joined to one island of the ring."""

    corner: int
    join: int  # leaving port lands here; a move reaching it may stop at home


@dataclass(frozen=True, slots=True)
class Shortcut:
    """A blue arrow: one step from ``start`` straight to ``end`` (PI-08)."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Sector:
    """One of the compass's 8 sectors: a ruby or not, and a tornado action."""

    ruby: bool
    storm: str  # one of STORMS


RING = 24
SIDE = 6  # islands from one corner to the next

# One side of the ring, repeated four times so that every seat sees the same
# sea: corner (the port's island), shortcut start, closed 3, open chest,
# shortcut end with a closed 2, plain.  Tuned by self-play (see rules page):
# richer chests shortened the race below the box's half hour of play.
SIDE_CHESTS = (PLAIN, PLAIN, 3, OPEN, 2, PLAIN)

ISLANDS: tuple[Island, ...] = tuple(
    Island(i, SIDE_CHESTS[i % SIDE], (i + 1) % RING, (i - 1) % RING) for i in range(RING)
)

PORTS: tuple[Port, ...] = tuple(Port(c, c * SIDE) for c in range(4))

#: Blue arrows: from the second island of each side over two islands.
SHORTCUTS: tuple[Shortcut, ...] = tuple(Shortcut(c * SIDE + 1, c * SIDE + 4) for c in range(4))
SHORTCUT_FROM: dict[int, int] = {s.start: s.end for s in SHORTCUTS}

#: Which corner each seat's port is in, by number of seats (2 players face
#: each other across the sea).
CORNERS: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
COLOURS_FR: tuple[str, ...] = ("rouge", "bleu", "vert", "jaune")

#: The die: four numbers and two tornado faces (0 stands for the tornado).
TORNADO_FACE = 0
DIE: tuple[int, ...] = (1, 2, 3, 4, TORNADO_FACE, TORNADO_FACE)

#: Tornado actions, applied to every ship on the tornado's island (PI-09):
#: lose 2 treasures to the hold; blown 1 island onward; blown back to the
#: home port where the cargo is unloaded safe; the storm passes.
STORMS: tuple[str, ...] = ("lose", "blow", "home", "calm")

#: 8 sectors, rubies on every other one; each tornado action appears once
#: with a ruby and once without, so the two readings are independent.
COMPASS: tuple[Sector, ...] = (
    Sector(True, "lose"),
    Sector(False, "blow"),
    Sector(True, "home"),
    Sector(False, "calm"),
    Sector(True, "blow"),
    Sector(False, "lose"),
    Sector(True, "calm"),
    Sector(False, "home"),
)

CAPACITY = 7  # the 8th treasure aboard capsizes the ship (PI-10)
OPEN_CHEST_LOAD = 2  # an open chest forces this many aboard (PI-05)
PIRACY_TAKE = 2  # a ruby takes this many from the other ship (PI-07)
SHORTCUT_FEE = 1  # paid back to the hold for a blue arrow (PI-08)
STORM_LOSS = 2  # the "lose" tornado action
TARGET = 9  # banked treasures that win (PI-01)
TORNADO_MAX = 4  # the tornado moves 1..4 islands (PI-09)
TREASURES = 50  # the hold at the start: more than seats x 8 banked, so a race always ends
#: Where the tornado starts, by number of seats: the islands where seeded
#: self-play of heuristic bots found the seats' win shares closest to even.
TORNADO_START: dict[int, int] = {2: 18, 3: 18, 4: 15}
#: House rule: a safety cap on the number of turns; at the cap the most
#: treasures banked wins (ties share).  Real games end far earlier.
TURN_LIMIT = 600

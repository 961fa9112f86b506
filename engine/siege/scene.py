"""Siege's battlefield as data: one 2-D side view, every hitbox, dice and scatter.

Units and axes (one coordinate system for the engine, the physics and the
renderer):

* lengths are **millimetres of the toy's tabletop**; the scene is
  :data:`WIDTH` = 1000 mm wide;
* ``x`` runs from the left edge (0) to the right edge (1000);
* ``y`` points **up** from the sea surface (``y = 0``);
* time is in seconds, speed in mm/s, gravity :data:`GRAVITY` = 9810 mm/s^2.

Blue (seat 0, Crab Claw Island) holds the left, Red (seat 1, Fort Island) the
right, Treasure Island lies in the middle.  Each side's pieces are written
once as boxes in *depth* ``d`` measured from that side's back edge towards the
enemy; :func:`to_x` mirrors them for the right-hand side.  Nothing here holds
state: which pieces still stand lives in the game state.

>>> to_x(1, 12)
988
>>> SPOT_INDEX[0]["p1"].box
Box(d1=143, d2=151, y1=20, y2=40)
>>> sorted(DICE_FACES)
[3, 4, 4, 4, 5, 5]
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 1000  # mm, the whole scene from Blue's back edge to Red's
HEIGHT = 260  # mm of sky drawn above the sea
GRAVITY = 9810.0  # mm/s^2
SEA = 0  # the sea surface

SEATS = 2
SEAT_NAMES = ("Blue", "Red")
SEAT_NAMES_FR = ("Bleu", "Rouge")
ISLAND_NAMES = ("Crab Claw Island", "Fort Island")
ISLAND_NAMES_FR = ("l'île Pince de crabe", "l'île du Fort")


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned hitbox in depth from the owner's back edge (mm)."""

    d1: int
    d2: int
    y1: int
    y2: int


def to_x(seat: int, d: float) -> float:
    """Scene x of depth ``d`` on ``seat``'s side (Red's side is mirrored)."""
    return d if seat == 0 else WIDTH - d


# -- weapons (SG-05): both fire from the back edge of the home island -------------


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    d: int  # depth of the muzzle
    y: int  # height of the muzzle
    speed: float  # muzzle speed at 100 % power, mm/s
    angles: tuple[int, int]  # whole degrees, inclusive
    powers: tuple[int, int]  # whole percent, inclusive
    # (angle offset, power offset, probability): the spring launcher's scatter
    scatter: tuple[tuple[float, float, float], ...]


def _scatter(angle_steps: tuple[tuple[float, float], ...], power_steps: tuple[tuple[float, float], ...]):
    return tuple((da, dp, pa * pp) for da, pa in angle_steps for dp, pp in power_steps)


#: the launcher's scatter: (offset, probability); a power slip of 1 % moves a
#: ball about 2 % of its range, so a well-aimed shot still misses a pirate
#: about half the time
_ANGLE_SPREAD = tuple((k / 2, (3 - abs(k)) / 9) for k in range(-2, 3))
_POWER_SPREAD = tuple((k / 2, (5 - abs(k)) / 25) for k in range(-4, 5))

WEAPONS: dict[str, Weapon] = {
    # low and flat: cannot drop steeply enough to clear a palisade onto its pirate
    "cannon": Weapon("cannon", 12, 44, 3900.0, (0, 20), (10, 100), _scatter(_ANGLE_SPREAD, _POWER_SPREAD)),
    # high and curved
    "mortar": Weapon("mortar", 12, 28, 3300.0, (45, 85), (10, 100), _scatter(_ANGLE_SPREAD, _POWER_SPREAD)),
}
WEAPON_NAMES = ("cannon", "mortar")
WEAPON_NAMES_FR = {"cannon": "canon", "mortar": "mortier"}

# -- dice (SG-03): each die has a compass (worth 3), three 4s and two 5s ------------
COMPASS = 3
DICE_FACES = (3, 4, 4, 4, 5, 5)


# -- pieces -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """A target-cannon place (SG-01): on the island or on one broadside."""

    name: str
    box: Box
    where: str  # "island", "port" or "starboard"


@dataclass(frozen=True, slots=True)
class Spot:
    """A marked place where one pirate may stand (SG-11)."""

    name: str
    box: Box
    kind: str  # open, palisade, brick, boat, fort_top, step
    label: str  # words for the log
    guard: int = -1  # the palisade that shields it (SG-15)


SLOTS: tuple[Slot, ...] = (
    Slot("i1", Box(52, 72, 20, 34), "island"),
    Slot("i2", Box(100, 120, 20, 34), "island"),
    Slot("a1", Box(262, 282, 32, 46), "port"),
    Slot("a2", Box(318, 338, 32, 46), "port"),
    Slot("b1", Box(262, 282, 32, 46), "starboard"),
    Slot("b2", Box(318, 338, 32, 46), "starboard"),
)
SLOT_INDEX = {s.name: i for i, s in enumerate(SLOTS)}

ISLAND = Box(0, 220, 0, 20)
HULL = Box(250, 370, 0, 32)
DECK_Y = 32
MAST_D = 310
MAINSAIL = Box(284, 336, 70, 140)  # canvas: a ball passes through it
BOWSPRIT = Box(370, 394, 32, 42)
#: the longboat's hull at its base and beached at Treasure Island
LONGBOAT = {"base": Box(224, 246, 0, 8), "treasure": Box(396, 418, 0, 8)}
#: the chest rides beside the oarsman, 14 mm from the hull's near end
CHEST_OFFSET = (14, 21, 8, 16)
BOAT_OFFSET = (6, 12, 8, 26)

#: (palisade box) for Crab Claw Island; the pirate spot p<k> is 4..12 mm behind it
PALISADES: tuple[tuple[Box, ...], tuple[Box, ...]] = (
    tuple(Box(p - 3, p, 20, 44) for p in (156, 176, 196, 216)),
    (),
)
FORT = Box(142, 207, 32, 90)  # the wall stands over the door's lintel
FORT_DOOR = Box(200, 207, 20, 32)
FORT_RUBBLE = Box(142, 207, 20, 30)
#: stone steps in front of the door: only the door's upper part shows above them
FORT_STEPS = Box(207, 220, 20, 27)
#: the fort's crenellated parapet, in front of the pirates on top
FORT_PARAPET = Box(200, 207, 90, 106)

_BRICK_SPOTS = (
    Spot("s1", Box(288, 296, 32, 52), "brick", "the brig's after deck"),
    Spot("s2", Box(300, 308, 32, 52), "brick", "the brig's main deck"),
    Spot("s3", Box(346, 354, 32, 52), "brick", "the brig's forecastle"),
)
_BOAT_SPOT = Spot("boat", Box(230, 236, 8, 26), "boat", "the longboat")

SPOTS: tuple[tuple[Spot, ...], tuple[Spot, ...]] = (
    (
        _BOAT_SPOT,
        *_BRICK_SPOTS,
        Spot("c1", Box(34, 42, 20, 40), "open", "the beach"),
        Spot("c2", Box(84, 92, 20, 40), "open", "the dune"),
        Spot("c3", Box(124, 132, 20, 40), "open", "the clearing"),
        *(
            Spot(f"p{k + 1}", Box(b.d1 - 10, b.d1 - 2, 20, 40), "palisade", f"behind palisade {k + 1}", k)
            for k, b in enumerate(PALISADES[0])
        ),
    ),
    (
        _BOAT_SPOT,
        *_BRICK_SPOTS,
        Spot("f4", Box(18, 26, 20, 40), "open", "the rocks by the palm"),
        Spot("f1", Box(34, 42, 20, 40), "open", "the beach"),
        Spot("f2", Box(84, 92, 20, 40), "open", "the dune"),
        Spot("f3", Box(128, 136, 20, 40), "open", "the yard behind the fort"),
        Spot("t1", Box(148, 156, 90, 110), "fort_top", "the fort's west tower"),
        Spot("t2", Box(168, 176, 90, 110), "fort_top", "the fort's keep"),
        Spot("t3", Box(188, 196, 90, 110), "fort_top", "the fort's east tower"),
        Spot("step", Box(209, 217, 27, 47), "step", "the fort's top step"),
    ),
)
#: the spots’ words for the French log and page (the English ones are ``Spot.label``)
SPOT_LABELS_FR: dict[str, str] = {
    "boat": "l'embarcation",
    "s1": "le pont arrière",
    "s2": "le pont principal",
    "s3": "le gaillard d'avant",
    "c1": "la plage",
    "c2": "la dune",
    "c3": "la clairière",
    "f1": "la plage",
    "f2": "la dune",
    "f3": "la cour derrière le fort",
    "f4": "les rochers près du palmier",
    "t1": "la tour ouest du fort",
    "t2": "le donjon du fort",
    "t3": "la tour est du fort",
    "step": "la marche du fort",
    "p1": "derrière la palissade 1",
    "p2": "derrière la palissade 2",
    "p3": "derrière la palissade 3",
    "p4": "derrière la palissade 4",
}

SPOT_INDEX: tuple[dict[str, Spot], ...] = tuple({s.name: s for s in side} for side in SPOTS)
SPOT_ORDER: tuple[dict[str, int], ...] = tuple({s.name: i for i, s in enumerate(side)} for side in SPOTS)

#: where the pirates stand at the start (SG-11), by set-up; the captain is on the forecastle, by the bow.
#: "book": the rulebook's ("Chaque palissade protège 1 pirate", and pirates start "sur les espaces
#: de l'embarcation, du brick et du fort"): every palisade and every place on the fort is manned.
#: "earlier": the set-up of this site's format-1 games (the option ``earlier_setup``): Crab Claw
#: leaves palisade 1 unmanned and puts that pirate in the clearing, Fort Island keeps two pirates on
#: the fort and puts the third on the rocks by its palm.  It was meant to even the sides out; 400
#: games of two aiming bots say it does not (see the rules page).
SETUPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "book": (
        ("boat", "s1", "s2", "s3", "c1", "c2", "p1", "p2", "p3", "p4"),
        ("boat", "s1", "s2", "s3", "f1", "f2", "f3", "t1", "t2", "t3"),
    ),
    "earlier": (
        ("boat", "s1", "s2", "s3", "c1", "c2", "c3", "p2", "p3", "p4"),
        ("boat", "s1", "s2", "s3", "f4", "f1", "f2", "f3", "t1", "t2"),
    ),
}
#: the default set-up: the book's
START_SPOTS: tuple[tuple[str, ...], ...] = SETUPS["book"]
CAPTAIN_START = "s3"
PIRATES_PER_SIDE = 10

PALMS: tuple[tuple[Box, ...], tuple[Box, ...]] = (
    (Box(6, 10, 20, 80), Box(24, 28, 20, 74)),
    (Box(6, 10, 20, 80),),
)

# -- Treasure Island (absolute x, shared) ---------------------------------------
TREASURE_ISLAND = (420, 580, 0, 16)  # x1, x2, y1, y2
TREASURE_PALMS = ((448, 452, 16, 70), (498, 502, 16, 70), (548, 552, 16, 70))
CHESTS_TOTAL = 6
#: SG-07: "chaque joueur peut prendre jusqu'à 3 coffres"; "Trois canons-cibles peuvent être remplacés
#: par 3 coffres au trésor pour chaque joueur": three of the six are each player's, never the other's.
#: A chest knocked out of the longboat (SG-10) is gone and still counts as taken.
CHESTS_PER_SIDE = 3
REPLACEMENTS = 3  # SG-02: three chests replace three target-cannons

# -- falling rules (SG-13, SG-14, SG-16, SG-19, SG-10), as data --------------------
#: what an ejected mainsail lands on (SG-19 then SG-16): the pirates under it
MAINSAIL_FALLS_ON = ("s2",)
#: what goes down with the fort (SG-14): the pirates on top of it
FORT_FALLS_ON = ("t1", "t2", "t3")

#: house rule: a game that lasts this many turns in all ends in a draw
MAX_TURNS = 240

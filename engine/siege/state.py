"""Siege's pieces, phases and the state of a game, with the queries the rules, the words and the bots share.

Data and pure functions only: the rules (:mod:`engine.siege.rules`), their
words (:mod:`engine.siege.words`) and the bots (:mod:`engine.siege.ai`) all
read this module, and it reads none of them.  What a shot does once it lands
is here too (:func:`knock_down`, SG-13..SG-19): the rules apply it, the log
and the bots foresee it.

>>> side, fallen = knock_down(_side(1), "bowsprit")
>>> side.rig, fallen
(False, ['s2'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core import Refusal
from engine.siege.physics import Flight, Layout, flight, hitboxes
from engine.siege.scene import (
    CAPTAIN_START,
    CHESTS_PER_SIDE,
    FORT_FALLS_ON,
    MAINSAIL_FALLS_ON,
    PALISADES,
    SETUPS,
    SLOT_INDEX,
    SLOTS,
    SPOT_INDEX,
)

START, ROLL, COMPASS_CHOICE, ACT, SCATTER, OVER = "start", "roll", "compass", "act", "scatter", "over"

DRAW = 2  # the ``winner`` of a drawn game (turn limit)


@dataclass(frozen=True, slots=True)
class Side:
    """One player's pieces."""

    slots: tuple[bool, ...]  # target-cannons standing, in SLOTS order
    turned: bool  # False: the port broadside faces the enemy; True: starboard
    spots: tuple[str, ...]  # spots with a standing pirate, in SPOTS order
    captain: str  # the captain's spot, "" once the captain is down
    palisades: tuple[bool, ...]
    fort: bool  # the fort stands (Fort Island only)
    rig: bool  # bowsprit and mainsail still up
    boat_at: str  # "base" or "treasure"
    chest: bool  # a chest rides in the longboat
    loaded_turn: int  # the turn the chest was loaded (SG-08: back on a later turn)
    replaced: int  # target-cannons replaced so far (SG-02, SG-07)
    #: chests this side took from Treasure Island, a chest lost in the longboat included (SG-07, SG-10)
    taken: int = 0
    #: where each launcher was last set: (angle, power); a spring launcher keeps its setting
    setting: tuple[tuple[int, int], tuple[int, int]] = ((10, 70), (60, 80))
    weapon: str = "cannon"  # the launcher used last

    def facing(self) -> str:
        return "starboard" if self.turned else "port"

    def slots_on_show(self) -> tuple[str, ...]:
        """Standing target-cannons the enemy can see: the island and the facing broadside."""
        face = self.facing()
        return tuple(
            s.name for s, up in zip(SLOTS, self.slots) if up and s.where in ("island", face)
        )

    def cannons_standing(self) -> int:
        return sum(self.slots)


@dataclass(frozen=True, slots=True)
class SiegeState:
    sides: tuple[Side, Side]
    seat: int  # whose turn
    turn: int  # turns started so far (0 before the first, while chance picks who starts)
    phase: str  # roll, compass, act, scatter, over
    points: int
    dice: tuple[int, ...]
    aim: tuple[str, int, int] | None  # the shot in the air, waiting for its scatter
    captain_rule: bool  # SG-18 option
    winner: int  # -1 while playing, a seat, or DRAW
    earlier_setup: bool = False  # option: this site's earlier set-up instead of the book's (off by default)
    balanced_start: bool = False  # option: who starts is drawn in Red's favour (the balancing set-up; off by default)
    earlier_crew: bool = False  # option: this site's earlier longboat rule (crew always 2 points, aboard at Treasure Island)

    def chests_left(self, seat: int) -> int:
        """``seat``'s chests still on Treasure Island (SG-07: three each, the other's never yours)."""
        return CHESTS_PER_SIDE - self.sides[seat].taken


def _side(seat: int, setup: str = "book") -> Side:
    return Side(
        slots=(True,) * len(SLOTS),
        turned=False,
        spots=SETUPS[setup][seat],
        captain=CAPTAIN_START,
        palisades=(True,) * len(PALISADES[seat]),
        fort=seat == 1,
        rig=True,
        boat_at="base",
        chest=False,
        loaded_turn=0,
        replaced=0,
    )


def layout(state: SiegeState, seat: int) -> Layout:
    """What stands on ``seat``'s side, as the physics sees it."""
    side = state.sides[seat]
    return Layout(
        seat=seat,
        slots=side.slots_on_show(),
        spots=side.spots,
        palisades=tuple(k for k, up in enumerate(side.palisades) if up),
        fort=side.fort,
        bowsprit=side.rig,
        boat_at=side.boat_at,
        chest=side.chest,
    )


def shot_flight(state: SiegeState, da: float, dp: float) -> Flight:
    """The flight of the aimed shot in ``state`` with scatter (da, dp) added."""
    weapon, angle, power = state.aim  # type: ignore[misc]
    return flight(state.seat, weapon, angle + da, power + dp, hitboxes(state.seat, layout(state, 1 - state.seat)))


@dataclass(frozen=True, slots=True)
class Shot:
    """What one scatter outcome makes of the aimed shot: the aim as fired, where it lands, what falls.

    The rules work it out (:meth:`Siege.shot`); the log only words it.
    """

    weapon: str
    angle: float
    power: float
    hit: str  # a target's name, or a fixture ("sea", "hull", ...)
    target: Side  # the side that was aimed at, before the shot
    after: Side  # and after it
    fallen: tuple[str, ...]  # the pirate spots knocked down


def _drop(spots: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s for s in spots if s not in gone)


def knock_down(side: Side, hit: str) -> tuple[Side, list[str]]:
    """The written falling rules: the side after ``hit``, and the pirate spots knocked down.

    SG-13: what falls stays down (only target-cannons come back, by chests).
    SG-14: the fort's door brings the fort down with the pirates on top.
    SG-16: a pirate knocked down by a falling piece is out like any other.
    SG-19: the bowsprit ejects the mainsail, which falls on the deck's pirates.
    SG-10: a direct hit on a longboat carrying a chest knocks the chest out.

    >>> side, fallen = knock_down(_side(1), "door")
    >>> side.fort, fallen
    (False, ['t1', 't2', 't3'])
    """
    kind, _, name = hit.partition(":")
    fallen: list[str] = []
    if kind == "slot":
        slots = list(side.slots)
        slots[SLOT_INDEX[name]] = False
        return replace(side, slots=tuple(slots)), fallen
    if kind == "spot":
        fallen = [name]
    elif kind == "palisade":
        pal = list(side.palisades)
        pal[int(name)] = False
        return replace(side, palisades=tuple(pal)), fallen
    elif kind == "door":
        fallen = [s for s in FORT_FALLS_ON if s in side.spots]
        side = replace(side, fort=False)
    elif kind == "bowsprit":
        fallen = [s for s in MAINSAIL_FALLS_ON if s in side.spots]
        side = replace(side, rig=False)
    elif kind in ("chest", "boat"):
        if side.chest:
            return replace(side, chest=False, loaded_turn=0), fallen
        return side, fallen
    else:
        return side, fallen
    if fallen:
        captain = "" if side.captain in fallen else side.captain
        side = replace(side, spots=_drop(side.spots, tuple(fallen)), captain=captain)
    return side, fallen


def struck(state: SiegeState, seat: int) -> bool:
    """Whether anything of ``seat``'s has been knocked down yet: a pirate, a target-cannon (one brought
    back since included), a palisade, the fort or the rig (SG-13: what falls stays down).

    >>> state = SiegeState((_side(0), _side(1)), 0, 1, "act", 0, (), None, False, -1)
    >>> struck(state, 1), struck(replace(state, sides=(state.sides[0], knock_down(state.sides[1], "spot:s1")[0])), 1)
    (False, True)
    """
    side = state.sides[seat]
    start = _side(seat, "earlier" if state.earlier_setup else "book")
    return (
        len(side.spots) < len(start.spots)
        or side.cannons_standing() - side.replaced < start.cannons_standing()
        or side.palisades != start.palisades
        or side.fort != start.fort
        or side.rig != start.rig
    )


def crew_cost(state: SiegeState) -> int:
    """SG-12: a new pirate for the longboat of the side to play: "1 point pour retourner à la base et 1 point pour
    placer un nouveau pirate", so 1 when the longboat is at its base already (2 under the ``earlier_crew`` option).

    >>> from engine.siege.rules import Siege
    >>> crew_cost(Siege().new(2)), crew_cost(Siege().new(2, {"earlier_crew": True}))
    (1, 2)
    """
    side = state.sides[state.seat]
    return 2 if state.earlier_crew or side.boat_at != "base" else 1


def crew_refusal(state: SiegeState) -> Refusal | None:
    """Why the side to play may not crew its longboat now, whatever the pirate (None: it may, points aside).

    Crewing brings the longboat back from Treasure Island with its chest: a chest loaded this turn
    still waits for the next (SG-08, the run takes two turns), even after its pirate stepped ashore.
    """
    side = state.sides[state.seat]
    if side.boat_at != "base" and side.chest and state.turn <= side.loaded_turn:
        return Refusal("SG-08", "run_takes_two_turns")
    return None


def can_replace(side: Side) -> bool:
    """Whether a side may still bring a target-cannon back (SG-02, SG-07): a chest aboard, or one of
    its own three chests still on Treasure Island.

    >>> can_replace(_side(0)), can_replace(replace(_side(0), taken=3)), can_replace(replace(_side(0), taken=3, chest=True))
    (True, False, True)
    """
    return side.chest or side.taken < CHESTS_PER_SIDE


def defeated(side: Side) -> bool:
    """SG-02: no pirate standing, or no target-cannon standing and none can come back
    ("Une fois que vous avez utilisé les 3 coffres au trésor et que vos canons-cibles sont détruits, vous avez perdu")."""
    if not side.spots:
        return True
    return side.cannons_standing() == 0 and not can_replace(side)


def spot_refusal(state: SiegeState, seat: int, name: str) -> Refusal | None:
    """Why a pirate of ``seat`` may not move to ``name`` now, or None if it may (SG-11, SG-12, SG-14, SG-15)."""
    side = state.sides[seat]
    spot = SPOT_INDEX[seat].get(name)
    if spot is None:
        return Refusal(None, "not_a_spot", {"spot": name, "seat": seat})
    if name in side.spots:
        return Refusal(None, "spot_taken", {"spot": name, "seat": seat})
    if spot.kind == "boat":
        return Refusal("SG-12", "crew_the_boat")
    if spot.kind == "fort_top" and not side.fort:
        return Refusal("SG-14", "fort_fallen")
    if spot.kind == "step" and side.fort:
        return Refusal("SG-14", "step_needs_fallen_fort")
    if spot.kind == "palisade" and not side.palisades[spot.guard]:
        return Refusal("SG-15", "palisade_down", {"palisade": spot.guard + 1})
    return None

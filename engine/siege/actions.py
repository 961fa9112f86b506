"""Siege's actions as values: one small frozen type per kind, each with its text and its parse.

The text of an action is what records, saves, share links and lessons keep,
so :meth:`text` writes exactly the words the game has always written, and
:func:`parse_action` reads them back (``parse_action(a.text()) == a``).  A
line that is no Siege action at all raises :class:`~engine.core.InvalidAction`;
whether a well-formed action is allowed now is the rules' business
(:meth:`engine.siege.rules.Siege.check`).

The chance outcomes (who starts, the pirate dice, a launcher's scatter) and
every aim of the launchers are tables of these values, made once.

>>> parse_action("fire cannon 12 80")
Fire(weapon='cannon', angle=12, power=80)
>>> parse_action("dice 5  4"), Move("c1", "p2").text(), parse_action("scatter -0.50 +0").text()
(Dice(faces=(4, 5)), 'move c1 p2', 'scatter -0.5 +0')
>>> Fire.parse("end")
Traceback (most recent call last):
...
engine.core.InvalidAction: not an action 'end': 'end' is not a shot ('fire cannon 12 80')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from engine.bounded import shorten
from engine.core import InvalidAction
from engine.siege.scene import COMPASS, DICE_FACES, SLOTS, SPOTS, WEAPON_NAMES, WEAPONS

#: the seat names in ``first blue`` / ``first red``
FIRST_WORDS = ("blue", "red")



class _Action:
    """What every kind shares: its example (for refusals) and a parse that insists on the kind."""

    __slots__ = ()
    #: one line of the kind's text, for the words of a syntax error
    EXAMPLE: ClassVar[str] = ""

    def text(self) -> str:  # pragma: no cover - every kind writes its own
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Self:
        """This kind read from ``text``; raises :class:`InvalidAction` for any other line, another kind's included."""
        action = parse_action(text)
        if not isinstance(action, cls):
            raise InvalidAction(text, f"{shorten(text)} is not {cls.WHAT} ({cls.EXAMPLE!r})")
        return action


@dataclass(frozen=True, slots=True)
class First(_Action):
    """Chance draws who plays first: ``first blue`` or ``first red``."""

    seat: int
    EXAMPLE: ClassVar[str] = "first blue"
    WHAT: ClassVar[str] = "a draw of who starts"

    def text(self) -> str:
        return "first " + FIRST_WORDS[self.seat]


@dataclass(frozen=True, slots=True)
class Dice(_Action):
    """Chance rolls the pirate dice (SG-03): ``dice 4 5``, faces sorted."""

    faces: tuple[int, ...]
    EXAMPLE: ClassVar[str] = "dice 4 5"
    WHAT: ClassVar[str] = "a roll"

    def text(self) -> str:
        return "dice " + " ".join(map(str, self.faces))


@dataclass(frozen=True, slots=True)
class Turn(_Action):
    """Two compasses: turn the brig around (SG-17)."""

    EXAMPLE: ClassVar[str] = "turn"
    WHAT: ClassVar[str] = "turning the brig"

    def text(self) -> str:
        return "turn"


@dataclass(frozen=True, slots=True)
class Stay(_Action):
    """Two compasses: keep the brig as it is (SG-17)."""

    EXAMPLE: ClassVar[str] = "stay"
    WHAT: ClassVar[str] = "keeping the brig"

    def text(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Fire(_Action):
    """Aim a launcher and fire (SG-05, SG-06): ``fire cannon 12 80`` (degrees, percent)."""

    weapon: str
    angle: int
    power: int
    EXAMPLE: ClassVar[str] = "fire cannon 12 80"
    WHAT: ClassVar[str] = "a shot"

    def text(self) -> str:
        return f"fire {self.weapon} {self.angle} {self.power}"


@dataclass(frozen=True, slots=True)
class Scatter(_Action):
    """Chance draws how far the shot strays from its aim: ``scatter -0.5 +0`` (degrees, percent)."""

    da: float
    dp: float
    EXAMPLE: ClassVar[str] = "scatter -0.5 +0"
    WHAT: ClassVar[str] = "a scatter"

    def text(self) -> str:
        return f"scatter {self.da:+g} {self.dp:+g}"


@dataclass(frozen=True, slots=True)
class RowOut(_Action):
    """The longboat rows to Treasure Island (SG-08)."""

    EXAMPLE: ClassVar[str] = "row out"
    WHAT: ClassVar[str] = "rowing out"

    def text(self) -> str:
        return "row out"


@dataclass(frozen=True, slots=True)
class Load(_Action):
    """A chest goes into the longboat at Treasure Island (SG-07, SG-08)."""

    EXAMPLE: ClassVar[str] = "load"
    WHAT: ClassVar[str] = "loading a chest"

    def text(self) -> str:
        return "load"


@dataclass(frozen=True, slots=True)
class RowBack(_Action):
    """The longboat rows back to base (SG-08)."""

    EXAMPLE: ClassVar[str] = "row back"
    WHAT: ClassVar[str] = "rowing back"

    def text(self) -> str:
        return "row back"


@dataclass(frozen=True, slots=True)
class Replace(_Action):
    """The chest at base brings a target-cannon back (SG-07, SG-08): ``replace a1``."""

    slot: str
    EXAMPLE: ClassVar[str] = "replace a1"
    WHAT: ClassVar[str] = "a replacement"

    def text(self) -> str:
        return f"replace {self.slot}"


@dataclass(frozen=True, slots=True)
class Move(_Action):
    """A pirate moves to a free spot (SG-11, SG-14, SG-15): ``move c1 p2``."""

    src: str
    dst: str
    EXAMPLE: ClassVar[str] = "move c1 p2"
    WHAT: ClassVar[str] = "a move"

    def text(self) -> str:
        return f"move {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Crew(_Action):
    """A pirate crews the longboat for 2 points (SG-12): ``crew s1``."""

    src: str
    EXAMPLE: ClassVar[str] = "crew s1"
    WHAT: ClassVar[str] = "crewing the longboat"

    def text(self) -> str:
        return f"crew {self.src}"


@dataclass(frozen=True, slots=True)
class End(_Action):
    """The side ends its turn."""

    EXAMPLE: ClassVar[str] = "end"
    WHAT: ClassVar[str] = "ending the turn"

    def text(self) -> str:
        return "end"


Action = First | Dice | Turn | Stay | Fire | Scatter | RowOut | Load | RowBack | Replace | Move | Crew | End
#: every kind, in the order the syntax error lists them
KINDS: tuple[type[Any], ...] = (Dice, Turn, Stay, Fire, Scatter, RowOut, Load, RowBack, Replace, Move, Crew, End, First)

TURN, STAY, ROW_OUT, LOAD, ROW_BACK, END = Turn(), Stay(), RowOut(), Load(), RowBack(), End()
#: the steps of the chest run (SG-07..SG-10) that have no argument
RUN_STEPS = (ROW_OUT, LOAD, ROW_BACK)

# The syntax the game has always read: a line that matched before matches now, and nothing else.
_ACTION_RE = re.compile(
    r"^(?:(?P<end>end)|(?P<turn>turn|stay|first blue|first red)|dice(?P<dice>( [345]){1,2})"
    r"|fire (?P<weapon>cannon|mortar) (?P<angle>-?\d{1,3}) (?P<power>-?\d{1,3})"
    r"|scatter (?P<da>[-+]?\d+(?:\.\d+)?) (?P<dp>[-+]?\d+(?:\.\d+)?)"
    r"|(?P<run>row out|load|row back)|replace (?P<slot>[a-z]\d)"
    r"|move (?P<src>[a-z]+\d?) (?P<dst>[a-z]+\d?)|crew (?P<crew>[a-z]+\d?))$"
)
_WORDS: dict[str, Action] = {
    "end": END, "turn": TURN, "stay": STAY, "row out": ROW_OUT, "load": LOAD, "row back": ROW_BACK,
    "first blue": First(0), "first red": First(1),
}


def parse_action(text: Any) -> Action:
    """The action a line of text names, spacing and the order of dice faces aside.

    Raises :class:`InvalidAction` (naming the input) for anything else.

    >>> parse_action("  move   c1 p2 "), parse_action("first red")
    (Move(src='c1', dst='p2'), First(seat=1))
    >>> parse_action("fly away")
    Traceback (most recent call last):
    ...
    engine.core.InvalidAction: not an action 'fly away': Siege actions are 'dice 4 5', 'turn', 'stay', 'fire cannon 12 80', 'scatter -0.5 +0', 'row out', 'load', 'row back', 'replace a1', 'move c1 p2', 'crew s1' and 'end'
    """
    if not isinstance(text, str):
        raise InvalidAction(shorten(text), "an action is a line of text")
    clean = " ".join(text.split())
    found = _WORDS.get(clean)
    if found is not None:
        return found
    m = _ACTION_RE.match(clean)
    if m is None:
        raise InvalidAction(
            text,
            "Siege actions are " + ", ".join(repr(kind.EXAMPLE) for kind in KINDS[:-2]) + f" and {End.EXAMPLE!r}",
        )
    group = m.group
    if group("weapon") is not None:
        return Fire(group("weapon"), int(group("angle")), int(group("power")))
    if group("da") is not None:
        return Scatter(float(group("da")), float(group("dp")))
    if group("dice") is not None:  # faces in any order: the outcome lists them sorted
        return Dice(tuple(sorted(int(face) for face in group("dice").split())))
    if group("slot") is not None:
        return Replace(group("slot"))
    if group("src") is not None:
        return Move(group("src"), group("dst"))
    return Crew(group("crew"))


def format_action(action: Action) -> str:
    """The text of ``action`` (its record form); the inverse of :func:`parse_action`."""
    if not isinstance(action, KINDS):
        raise TypeError(f"not a Siege action: {shorten(action)}")
    return action.text()


# -- the tables of actions: chance outcomes and every aim ---------------------------------------

#: who plays first is drawn (the rulebook: "decide who plays first")
START_OUTCOMES: tuple[tuple[First, float], ...] = ((First(0), 0.5), (First(1), 0.5))
#: the ``balanced_start`` option (the balancing set-up): one pirate die decides, Crab Claw (Blue)
#: plays first only on a compass (1 face in 6), else Fort Island (Red); the odds are data
BALANCED_START_OUTCOMES: tuple[tuple[First, float], ...] = (
    (First(0), DICE_FACES.count(COMPASS) / len(DICE_FACES)),
    (First(1), 1 - DICE_FACES.count(COMPASS) / len(DICE_FACES)),
)


def _dice_outcomes(count: int) -> tuple[tuple[Dice, float], ...]:
    """Sorted faces and probabilities for ``count`` pirate dice (SG-03)."""
    outcomes: dict[tuple[int, ...], float] = {(): 1.0}
    for _ in range(count):
        nxt: dict[tuple[int, ...], float] = {}
        for faces, p in outcomes.items():
            for f in DICE_FACES:
                key = tuple(sorted(faces + (f,)))
                nxt[key] = nxt.get(key, 0.0) + p / len(DICE_FACES)
        outcomes = nxt
    return tuple((Dice(faces), p) for faces, p in sorted(outcomes.items()))


#: the rolls of one and of two pirate dice, with their chances
DICE_OUTCOMES = {n: _dice_outcomes(n) for n in (1, 2)}
DICE_SETS = {n: frozenset(roll for roll, _ in table) for n, table in DICE_OUTCOMES.items()}

#: every aim of both launchers, cannon first
FIRE_ACTIONS: tuple[Fire, ...] = tuple(
    Fire(name, angle, power)
    for name in WEAPON_NAMES
    for angle in range(WEAPONS[name].angles[0], WEAPONS[name].angles[1] + 1)
    for power in range(WEAPONS[name].powers[0], WEAPONS[name].powers[1] + 1)
)
FIRE_SET = frozenset(FIRE_ACTIONS)

#: each launcher's scatter outcomes with their chances
SCATTER_OUTCOMES = {
    name: tuple((Scatter(float(da), float(dp)), p) for da, dp, p in w.scatter) for name, w in WEAPONS.items()
}
SCATTER_SETS = {name: frozenset(s for s, _ in table) for name, table in SCATTER_OUTCOMES.items()}


# Every move, crew and replacement there can be, made once: the rules list them from these tables
# (building a frozen value costs more than looking one up, and the bots ask for them all the time).
_SPOT_NAMES = sorted({spot.name for seat in (0, 1) for spot in SPOTS[seat]} | {"boat"})
#: (from, to) -> the move
MOVES = {(src, dst): Move(src, dst) for src in _SPOT_NAMES for dst in _SPOT_NAMES}
#: spot -> crewing the longboat from it
CREWS = {src: Crew(src) for src in _SPOT_NAMES}
#: slot -> bringing its target-cannon back
REPLACES = {slot.name: Replace(slot.name) for slot in SLOTS}


def is_scatter_of(aim: tuple[str, int, int] | None, action: Any) -> bool:
    """Whether ``action`` is one of the scatter outcomes of the shot ``aim`` in the air."""
    return aim is not None and action in SCATTER_SETS.get(aim[0], ())


__all__ = [
    "BALANCED_START_OUTCOMES",
    "CREWS",
    "DICE_OUTCOMES",
    "DICE_SETS",
    "END",
    "FIRE_ACTIONS",
    "FIRE_SET",
    "KINDS",
    "LOAD",
    "MOVES",
    "REPLACES",
    "ROW_BACK",
    "ROW_OUT",
    "RUN_STEPS",
    "SCATTER_OUTCOMES",
    "SCATTER_SETS",
    "START_OUTCOMES",
    "STAY",
    "TURN",
    "Action",
    "Crew",
    "Dice",
    "End",
    "Fire",
    "First",
    "Load",
    "Move",
    "Replace",
    "RowBack",
    "RowOut",
    "Scatter",
    "Stay",
    "Turn",
    "format_action",
    "is_scatter_of",
    "parse_action",
]

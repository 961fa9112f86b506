"""Trice's actions: one small value type, its kinds, and its text form with paired parse and format.

An :class:`Action` is a frozen named tuple ``(kind, a, b)``: hashable, equal
by value, and as cheap as the plain tuple it was before (records made then
still read, and ``(Kind.MOVE, 1, 2) == Action.move(1, 2)``).  What ``a`` and
``b`` mean depends on the kind, so they are read through named properties
(``src``/``dst``, ``level``/``free``, ``cell``, ``dice``, ``seat``) and made
with named constructors.  Every action the rules can list is made once, here,
and handed out from tables: the bots list moves by the million.

:meth:`Action.text` and :meth:`Action.parse` are exact inverses; the text is
what records, saves, share links, lessons and the page's ``data-act`` carry,
so it never changes.  A line that is no action at all raises
:class:`~engine.core.InvalidAction` naming it.

>>> Action.move(1, 2).text(), Action.parse("place 2 free")
('move b1 b2', Action('place 2 free'))
>>> Action.parse("roll 4 1 3").dice, Action.parse("first green").seat
((1, 3, 4), 1)
>>> Action.parse("fly b2")
Traceback (most recent call last):
...
engine.core.InvalidAction: not an action 'fly b2': Trice actions are 'move b2 b1', 'place 1'..'place 3' (add 'free' for the free placement), 'end', 'nuke c2', 'done', 'roll 1 3 4' and 'first red'
"""

from __future__ import annotations

from enum import IntEnum
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from engine.bounded import shorten
from engine.core import InvalidAction
from engine.trice.layout import DEFAULT_LAYOUT, LAYOUTS
from engine.trice.state import COLOURS, DICE, DIE_FACES, MAX_LEVEL


class Kind(IntEnum):
    """What an action does; the numbers are the ones records of old tuples carried."""

    MOVE = 0  # a piece to a neighbouring cell (TR-06, TR-11..TR-17)
    PLACE = 1  # a new piece on the own eye cell, paid or free (TR-08, TR-09, TR-19)
    END = 2  # end the turn (TR-02 is checked then)
    NUKE = 3  # the nuclear option removes a piece (TR-18)
    DONE = 4  # the nuclear option ends
    ROLL = 5  # chance: the three dice (TR-05)
    FIRST = 6  # chance: who starts


#: The kinds as plain ints, as every action holds them: CPython compares exact ints on a fast path that an
#: IntEnum misses, and the rules compare kinds on every step of every playout.
MOVE, PLACE, END, NUKE, DONE, ROLL, FIRST = (int(kind) for kind in Kind)

#: Every layout shares the grid's cell names, so an action's text needs no layout.
CELL_NAMES: tuple[str, ...] = LAYOUTS[DEFAULT_LAYOUT].names
CELL_INDEX: dict[str, int] = {name: cell for cell, name in enumerate(CELL_NAMES)}
#: How ``first`` names a seat: its colour in lower case, as records always have.
SEAT_WORDS: tuple[str, ...] = tuple(colour.lower() for colour in COLOURS)
SYNTAX = ("Trice actions are 'move b2 b1', 'place 1'..'place 3' (add 'free' for the free placement), 'end', "
          "'nuke c2', 'done', 'roll 1 3 4' and 'first red'")


def dice_code(dice: tuple[int, ...]) -> int:
    """The sorted roll (1, 3, 4) as the number 134, the ``a`` of a roll."""
    return dice[0] * 100 + dice[1] * 10 + dice[2]


def dice_of(code: int) -> tuple[int, int, int]:
    """``134`` is the roll (1, 3, 4)."""
    return (code // 100, code // 10 % 10, code % 10)


class Action(NamedTuple):
    """One Trice action: its :class:`Kind` and two numbers whose meaning the kind gives."""

    kind: int  # a Kind, held as its plain int (see MOVE...FIRST)
    a: int = 0
    b: int = 0

    # -- made by name ----------------------------------------------------------------------
    @staticmethod
    def move(src: int, dst: int) -> Action:
        return MOVES[src][dst]

    @staticmethod
    def place(level: int, free: bool = False) -> Action:
        return PLACES[level][int(free)]

    @staticmethod
    def nuke(cell: int) -> Action:
        return NUKES[cell]

    @staticmethod
    def roll(dice: tuple[int, ...]) -> Action:
        return Action(ROLL, dice_code(tuple(sorted(dice))))

    @staticmethod
    def first(seat: int) -> Action:
        return FIRSTS[seat]

    # -- read by name ----------------------------------------------------------------------
    @property
    def src(self) -> int:
        """A move's cell of departure."""
        return self.a

    @property
    def dst(self) -> int:
        """A move's cell of arrival."""
        return self.b

    @property
    def level(self) -> int:
        """A placement's level."""
        return self.a

    @property
    def free(self) -> bool:
        """Whether a placement is the turn's free one (TR-09)."""
        return bool(self.b)

    @property
    def cell(self) -> int:
        """The cell a nuclear removal empties."""
        return self.a

    @property
    def dice(self) -> tuple[int, int, int]:
        """A roll's dice, sorted."""
        return dice_of(self.a)

    @property
    def seat(self) -> int:
        """The seat the draw names to start."""
        return self.a

    # -- text ------------------------------------------------------------------------------
    def text(self) -> str:
        """The action as records write it; :meth:`parse` reads it back."""
        kind, a, b = self
        if kind == MOVE:
            return f"move {CELL_NAMES[a]} {CELL_NAMES[b]}"
        if kind == PLACE:
            return f"place {a} free" if b else f"place {a}"
        if kind == END:
            return "end"
        if kind == NUKE:
            return f"nuke {CELL_NAMES[a]}"
        if kind == DONE:
            return "done"
        if kind == ROLL:
            return "roll " + " ".join(str(d) for d in dice_of(a))
        if kind == FIRST:
            return f"first {SEAT_WORDS[a]}"
        raise ValueError(f"not a Trice action: {tuple(self)!r}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action a line of text names (words split on blanks, the dice in any order).

        Raises :class:`~engine.core.InvalidAction` for anything else.
        """
        if not isinstance(text, str):
            raise InvalidAction(shorten(text), "an action is a line of text")
        words = text.split()
        try:
            verb = words[0]
            if verb == "end" and len(words) == 1:
                return END_ACTION
            if verb == "done" and len(words) == 1:
                return DONE_ACTION
            if verb == "move" and len(words) == 3:
                return MOVES[CELL_INDEX[words[1]]][CELL_INDEX[words[2]]]
            if verb == "nuke" and len(words) == 2:
                return NUKES[CELL_INDEX[words[1]]]
            if verb == "place" and len(words) in (2, 3) and words[1] in ("1", "2", "3"):
                if len(words) == 3 and words[2] != "free":
                    raise ValueError
                return PLACES[int(words[1])][len(words) == 3]
            if verb == "roll" and len(words) == 4:
                dice = tuple(sorted(int(w) for w in words[1:]))
                if all(1 <= d <= DIE_FACES for d in dice):
                    return cls(ROLL, dice_code(dice))
            if verb == "first" and len(words) == 2:
                return FIRSTS[SEAT_WORDS.index(words[1])]
        except (IndexError, KeyError, ValueError):
            pass
        raise InvalidAction(text, SYNTAX)

    def __repr__(self) -> str:
        try:
            return f"Action({self.text()!r})"
        except (ValueError, IndexError, TypeError):
            return f"Action{tuple(self)!r}"


# Every action the rules can list, made once: the hot paths look them up instead of building tuples.
MOVES: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(MOVE, src, dst) for dst in range(len(CELL_NAMES))) for src in range(len(CELL_NAMES))
)
#: ``PLACES[level][free]``; level 0 has none.
PLACES: tuple[tuple[Action, Action], ...] = ((),) + tuple(  # type: ignore[assignment]
    (Action(PLACE, level, 0), Action(PLACE, level, 1)) for level in range(1, MAX_LEVEL + 1)
)
NUKES: tuple[Action, ...] = tuple(Action(NUKE, cell) for cell in range(len(CELL_NAMES)))
FIRSTS: tuple[Action, ...] = tuple(Action(FIRST, seat) for seat in range(len(COLOURS)))
END_ACTION = Action(END)
DONE_ACTION = Action(DONE)


def _roll_outcomes() -> tuple[tuple[Action, float], ...]:
    """Sorted dice triples with their probabilities (20 outcomes of 64 rolls)."""
    counts: dict[tuple[int, ...], int] = {}
    for roll in product(range(1, DIE_FACES + 1), repeat=DICE):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, 0) + 1
    total = DIE_FACES**DICE
    return tuple(
        (Action(ROLL, dice_code(d)), counts[d] / total)
        for d in combinations_with_replacement(range(1, DIE_FACES + 1), DICE)
    )


ROLL_OUTCOMES = _roll_outcomes()
ROLL_ACTIONS = frozenset(a for a, _ in ROLL_OUTCOMES)
FIRST_OUTCOMES = tuple((first, 1 / 3) for first in FIRSTS)

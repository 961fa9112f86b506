"""Piratissimo's actions as small values, each kind with its text and its parse, exact inverses.

A record stores an action's text (``"sail 5 via 2"``); the rules, the bots,
the words and the page hand the values around.  Numbers inside a value are
the state's numbers (islands 0..23, compass sectors 0..7, as ``PirState``
keeps them); the text counts islands and sectors from 1, as the board does.

>>> parse_action("sail 5 via 2")
Sail(dest=4, via=1)
>>> Sail(4, 1).text(), Home().text(), Die(TORNADO).text(), Compass(0).text()
('sail 5 via 2', 'home', 'die tornado', 'compass 1')
>>> parse_action("fly 3")
Traceback (most recent call last):
...
engine.core.InvalidAction: not an action 'fly 3': Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions

A number is written as the text writes it, no sign and no leading zero (so
that ``format(parse(text)) == text``), and well-formed is not legal:
``"sail 30"`` is an action that no position allows (the rules say why).

>>> parse_action("load 07")
Traceback (most recent call last):
...
engine.core.InvalidAction: not an action 'load 07': Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.bounded import shorten
from engine.core import InvalidAction
from engine.piratissimo import data as D

#: The die's tornado face, as a :class:`Die` names it (the state keeps it as ``D.TORNADO_FACE``).
TORNADO = "tornado"


@dataclass(frozen=True, slots=True)
class Start:
    """Chance draws who starts: ``seat`` (``"start red"``)."""

    seat: int

    def text(self) -> str:
        return f"start {D.COLOURS[self.seat]}"


@dataclass(frozen=True, slots=True)
class Die:
    """A roll of the die (chance): ``face`` 1..4 or :data:`TORNADO` (``"die 3"``, ``"die tornado"``)."""

    face: int | Literal["tornado"]

    def text(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True, slots=True)
class Sail:
    """Sail to island ``dest`` (PI-02), by the blue arrow from island ``via`` if it is not None (PI-08)."""

    dest: int
    via: int | None = None

    def text(self) -> str:
        if self.via is None:
            return f"sail {self.dest + 1}"
        return f"sail {self.dest + 1} via {self.via + 1}"


@dataclass(frozen=True, slots=True)
class Home:
    """Stop in the home port and unload (PI-11), by the blue arrow from island ``via`` if it is not None."""

    via: int | None = None

    def text(self) -> str:
        return "home" if self.via is None else f"home via {self.via + 1}"


@dataclass(frozen=True, slots=True)
class Load:
    """Load ``amount`` treasures from a closed chest (PI-04)."""

    amount: int

    def text(self) -> str:
        return f"load {self.amount}"


@dataclass(frozen=True, slots=True)
class Piracy:
    """Next to another ship: ``attempt`` piracy (``"pirate"``) or leave it alone (``"pass"``) (PI-07)."""

    attempt: bool

    def text(self) -> str:
        return "pirate" if self.attempt else "pass"


@dataclass(frozen=True, slots=True)
class Compass:
    """Where the compass needle stops (chance): ``sector`` 0..7 (``"compass 1"``..``"compass 8"``)."""

    sector: int

    def text(self) -> str:
        return f"compass {self.sector + 1}"


@dataclass(frozen=True, slots=True)
class Tornado:
    """Move the tornado ``distance`` islands along the white arrows (PI-09)."""

    distance: int

    def text(self) -> str:
        return f"tornado {self.distance}"


Action = Start | Die | Sail | Home | Load | Piracy | Compass | Tornado
ACTION_KINDS: tuple[type, ...] = (Start, Die, Sail, Home, Load, Piracy, Compass, Tornado)

PIRATE = Piracy(True)
PASS = Piracy(False)

#: A number as actions write it: no sign, no leading zero, at most 9 digits (ASCII only).
_NUMBER = r"(0|[1-9][0-9]{0,8})"
_COLOUR = "|".join(D.COLOURS)
_SHAPE = re.compile(
    rf"start (?P<start>{_COLOUR})|die (?P<die>{_NUMBER}|{TORNADO})|sail (?P<sail>{_NUMBER})(?: via (?P<sail_via>{_NUMBER}))?"
    rf"|home(?: via (?P<home_via>{_NUMBER}))?|load (?P<load>{_NUMBER})|(?P<piracy>pirate|pass)"
    rf"|compass (?P<compass>{_NUMBER})|tornado (?P<tornado>{_NUMBER})",
    re.ASCII,
)
_KNOWN = "Piratissimo knows die, compass, start, sail, home, load, pirate, pass and tornado actions"


def _island(number: str | None) -> int | None:
    return None if number is None else int(number) - 1


def parse_action(text: str) -> Action:
    """The action ``text`` writes; raises :class:`~engine.core.InvalidAction` naming it when it is none.

    Inverse of :func:`format_action` (``tests/piratissimo/test_actions.py`` proves both ways).

    >>> parse_action("die tornado"), parse_action("home via 20"), parse_action("pass")
    (Die(face='tornado'), Home(via=19), Piracy(attempt=False))
    >>> parse_action(3)
    Traceback (most recent call last):
    ...
    engine.core.InvalidAction: not an action '3': an action must be text
    """
    if not isinstance(text, str):
        raise InvalidAction(shorten(text), "an action must be text")
    found = _SHAPE.fullmatch(text)
    if found is None:
        raise InvalidAction(text, _KNOWN)
    part = found.group
    if part("sail") is not None:
        return Sail(int(part("sail")) - 1, _island(part("sail_via")))
    if part("die") is not None:
        face = part("die")
        return Die(TORNADO if face == TORNADO else int(face))
    if part("load") is not None:
        return Load(int(part("load")))
    if part("compass") is not None:
        return Compass(int(part("compass")) - 1)
    if part("tornado") is not None:
        return Tornado(int(part("tornado")))
    if part("piracy") is not None:
        return PIRATE if part("piracy") == "pirate" else PASS
    if part("start") is not None:
        return Start(D.COLOURS.index(part("start")))
    return Home(_island(part("home_via")))


def format_action(action: Action) -> str:
    """The text of ``action`` (its record and JSON form); inverse of :func:`parse_action`.

    >>> format_action(Load(3)), format_action(Start(1))
    ('load 3', 'start blue')
    """
    if not isinstance(action, ACTION_KINDS):
        raise TypeError(f"not a Piratissimo action: {shorten(action)}")
    return action.text()

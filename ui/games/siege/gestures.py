"""Siege's click vocabulary: every gesture the scene and the controls emit, as values with paired text and parse.

The page writes a gesture's :meth:`text` into ``data-act`` (``data-input`` for
a slider, whose value the browser adds; ``data-drag`` for a grab handle,
whose pointer the browser adds), and :meth:`ui.games.siege.page.View.handle` reads
it back with :func:`parse_gesture`.  ``do ...`` (an action the session plays
as it is) is written here too, by :func:`do`.

* ``drag aim X Y`` / ``release aim X Y`` / ``cancel aim``: a drag from the
  scene's grab handle, in SVG user units; ``drag pad X Y`` ... the same on a
  phone's aim pad, in the pad's units;
* ``set angle N`` / ``set power N`` (the sliders), ``nudge angle -1``
  (the fine steps), ``weapon mortar``, ``fire``;
* ``key ArrowUp`` and the other keys on the scene;
* ``pick`` (list the pirates that may move), ``select c1``, ``deselect``;
  ``enemy f1`` (a click on an enemy pirate).

>>> parse_gesture("drag aim 120.5 88")
Drag(via='aim', x=120.5, y=88.0)
>>> parse_gesture("set power 93.4"), Nudge("angle", -1).text()
(SetDial(what='power', value=93), 'nudge angle -1')
>>> parse_gesture("wave")
Traceback (most recent call last):
...
ui.app.refused.Refused: 'wave' is no Siege gesture: they are drag, release, cancel, set, nudge, weapon, fire, key, pick, crew, select, deselect, enemy and do
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.bounded import shorten
from engine.siege.actions import Action, format_action, parse_action
from engine.siege.scene import WEAPON_NAMES
from ui.app.refused import Refused

#: the drawings a drag is measured in: the scene's grab handle, or a phone's aim pad
DRAWINGS = ("aim", "pad")
#: what a slider or a fine step sets
DIALS = ("angle", "power")


def _number(text: str) -> int:
    """A whole number from a gesture (a slider's value, a step); ValueError for anything else.

    >>> _number("93"), _number("-1"), _number("92.6")
    (93, -1, 93)
    """
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a number")
    return round(value)


def _point(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a point")
    return value


@dataclass(frozen=True, slots=True)
class Drag:
    """The pointer moved while held on a grab handle (``via``: "aim" or "pad")."""

    via: str
    x: float
    y: float

    def text(self) -> str:
        return f"drag {self.via} {self.x!r} {self.y!r}"


@dataclass(frozen=True, slots=True)
class Release:
    """The pointer let go of a grab handle: the shot, once the drag has aimed."""

    via: str
    x: float
    y: float

    def text(self) -> str:
        return f"release {self.via} {self.x!r} {self.y!r}"


@dataclass(frozen=True, slots=True)
class Cancel:
    """The browser cancelled the drag (a call, a system gesture): nothing fires."""

    via: str

    def text(self) -> str:
        return f"cancel {self.via}"


@dataclass(frozen=True, slots=True)
class SetDial:
    """A slider moved: the elevation (degrees) or the power (percent)."""

    what: str
    value: int

    def text(self) -> str:
        return f"{self.input(self.what)} {self.value}"

    @staticmethod
    def input(what: str) -> str:
        """The slider's ``data-input``: the browser adds the value."""
        return f"set {what}"


@dataclass(frozen=True, slots=True)
class Nudge:
    """A fine step of the elevation or the power."""

    what: str
    step: int

    def text(self) -> str:
        return f"nudge {self.what} {self.step}"


@dataclass(frozen=True, slots=True)
class ChooseWeapon:
    """The cannon or the mortar button."""

    weapon: str

    def text(self) -> str:
        return f"weapon {self.weapon}"


@dataclass(frozen=True, slots=True)
class FireButton:
    """The Fire! button: the aim as set."""

    def text(self) -> str:
        return "fire"


@dataclass(frozen=True, slots=True)
class Key:
    """A key pressed on the scene (``ArrowUp``, ``Space``, ``Enter``...): the view says which do something."""

    name: str

    def text(self) -> str:
        return f"key {self.name}"


@dataclass(frozen=True, slots=True)
class Pick:
    """List the pirates that may move."""

    def text(self) -> str:
        return "pick"


@dataclass(frozen=True, slots=True)
class CrewPick:
    """List the pirates that may crew the longboat (one button for them all, on a narrow screen too)."""

    def text(self) -> str:
        return "crew"


@dataclass(frozen=True, slots=True)
class Select:
    """Pick the pirate on ``spot`` to move (again: put it down)."""

    spot: str

    def text(self) -> str:
        return f"select {self.spot}"


@dataclass(frozen=True, slots=True)
class Deselect:
    """Put the picked pirate down, close the list."""

    def text(self) -> str:
        return "deselect"


@dataclass(frozen=True, slots=True)
class Enemy:
    """A click on an enemy pirate: the page says how to knock it down."""

    spot: str

    def text(self) -> str:
        return f"enemy {self.spot}"


@dataclass(frozen=True, slots=True)
class Do:
    """An action the session plays as it is (a button for a move, the chest run, the turn)."""

    action: Action

    def text(self) -> str:
        return "do " + format_action(self.action)


Gesture = (Drag | Release | Cancel | SetDial | Nudge | ChooseWeapon | FireButton | Key | Pick | CrewPick | Select | Deselect
           | Enemy | Do)

_WORDS = ("drag", "release", "cancel", "set", "nudge", "weapon", "fire", "key", "pick", "crew", "select", "deselect",
          "enemy", "do")


def do(action: Action) -> str:
    """The gesture of a button that plays ``action``: ``do move c1 p2``."""
    return Do(action).text()


def parse_gesture(text: str) -> Gesture:
    """The gesture ``text`` names; :class:`~ui.app.refused.Refused` (in words, naming it) for anything else."""
    parts = text.split() if isinstance(text, str) else []  # anything but text is no gesture either
    head, rest = (parts[0], parts[1:]) if parts else ("", [])
    try:
        if head in ("drag", "release") and len(rest) == 3 and rest[0] in DRAWINGS:
            kind = Drag if head == "drag" else Release
            return kind(rest[0], _point(rest[1]), _point(rest[2]))
        if head == "cancel" and len(rest) == 1 and rest[0] in DRAWINGS:
            return Cancel(rest[0])
        if head in ("set", "nudge") and len(rest) == 2 and rest[0] in DIALS:
            return (SetDial if head == "set" else Nudge)(rest[0], _number(rest[1]))
        if head == "weapon" and len(rest) == 1 and rest[0] in WEAPON_NAMES:
            return ChooseWeapon(rest[0])
        if head == "key" and len(rest) == 1:
            return Key(rest[0])
        if head in ("select", "enemy") and len(rest) == 1:
            return (Select if head == "select" else Enemy)(rest[0])
        if not rest and head in ("fire", "pick", "crew", "deselect"):
            return {"fire": FireButton, "pick": Pick, "crew": CrewPick, "deselect": Deselect}[head]()
        if head == "do" and rest:
            return Do(parse_action(" ".join(rest)))
    except ValueError:
        pass  # a number that is none, an action that is none: said below
    raise Refused("gesture", f"{shorten(text)} is no Siege gesture: they are {', '.join(_WORDS[:-1])} and {_WORDS[-1]}",
                  gesture=shorten(text))


__all__ = [
    "DIALS",
    "DRAWINGS",
    "Cancel",
    "ChooseWeapon",
    "Deselect",
    "Do",
    "Drag",
    "Enemy",
    "FireButton",
    "Gesture",
    "Key",
    "Nudge",
    "Pick",
    "Release",
    "Select",
    "SetDial",
    "do",
    "parse_gesture",
]

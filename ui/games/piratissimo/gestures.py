"""What Piratissimo's page says when it is pressed: its ``data-act`` gestures, each with its text and parse.

The board and the buttons write these (:mod:`ui.games.piratissimo.board`,
:mod:`ui.games.piratissimo.page`), and the view reads them back here, so the click
vocabulary is written once:

* ``do <action>``: a choice that is an action (a route, a load, the piracy
  question, the tornado's move); the session plays it (``ui/app/session.py``);
* ``chance``: roll the die, spin the compass, draw who starts; the session's
  dealer deals it;
* ``island <n>``: a tapped island (1..24); the view answers it
  (:meth:`ui.games.piratissimo.page.View.handle`): the choice it stands for, or
  why it is none.

>>> parse_gesture("island 3"), format_gesture(Play(Load(2)))
(TapIsland(island=2), 'do load 2')
>>> parse_gesture("select 3")
Traceback (most recent call last):
...
ui.app.refused.Refused: Piratissimo has no gesture 'select 3': every choice is a 'do' action, a 'chance' step or an island from 1 to 24
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.bounded import shorten
from engine.piratissimo import data as D
from engine.piratissimo.actions import Action, Load, format_action, parse_action  # noqa: F401 - Load: the doctests
from ui.app.refused import Refused


@dataclass(frozen=True, slots=True)
class Play:
    """A choice that is an action of the game (``"do sail 5 via 2"``)."""

    action: Action

    def text(self) -> str:
        return "do " + format_action(self.action)


@dataclass(frozen=True, slots=True)
class Chance:
    """The die to roll, the compass to spin or who starts to draw (``"chance"``)."""

    def text(self) -> str:
        return "chance"


@dataclass(frozen=True, slots=True)
class TapIsland:
    """A tap on ``island`` (0..23 as the state numbers it; ``"island 1"``..``"island 24"`` as the board does)."""

    island: int

    def text(self) -> str:
        return f"island {self.island + 1}"


Gesture = Play | Chance | TapIsland
CHANCE = Chance()

_ISLAND = re.compile(r"island (0|[1-9][0-9]?)", re.ASCII)


def parse_gesture(text: str) -> Gesture:
    """The gesture ``text`` writes; :class:`~ui.app.refused.Refused` in words when it is none (an action's own
    :class:`~engine.core.InvalidAction` for ``do`` and text that is no action).

    Inverse of :func:`format_gesture` (``tests/piratissimo/test_view.py`` proves both ways).

    >>> parse_gesture("do home via 20"), parse_gesture("chance")
    (Play(action=Home(via=19)), Chance())
    """
    if text == "chance":
        return CHANCE
    if isinstance(text, str) and text.startswith("do "):
        return Play(parse_action(text[3:]))
    found = _ISLAND.fullmatch(text) if isinstance(text, str) else None
    if found is not None and 1 <= int(found.group(1)) <= D.RING:
        return TapIsland(int(found.group(1)) - 1)
    raise Refused("gesture", f"Piratissimo has no gesture {shorten(text)}: every choice is a 'do' action, "
                  f"a 'chance' step or an island from 1 to {D.RING}", gesture=shorten(text))


def format_gesture(gesture: Gesture) -> str:
    """The ``data-act`` text of ``gesture``; inverse of :func:`parse_gesture`.

    >>> format_gesture(TapIsland(23)), format_gesture(CHANCE)
    ('island 24', 'chance')
    """
    return gesture.text()


def play(action: Action) -> str:
    """The ``data-act`` of a choice that plays ``action``: the board's and the buttons' one way to write it.

    >>> play(Load(0))
    'do load 0'
    """
    return Play(action).text()

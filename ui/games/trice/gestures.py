"""Trice's click vocabulary: every ``data-act`` the board and the controls carry, written and read here.

A gesture is a small frozen value with a ``text()`` (what the page's
``data-act`` holds) and :func:`parse_gesture` reads any of them back: the
two are exact inverses.  The board and the controls write gestures with
these types, and :meth:`ui.games.trice.page.View.handle` reads them, so the words
of a click live in one place.  Gestures carry no language: the view answers
in the page's (``ViewContext.lang``).

* ``select b1``: pick the piece on b1 (or drop it, if it is the one picked);
* ``deselect``: drop the picked piece;
* ``tap c2``: a cell that does nothing now, answered with why;
* ``why place 2``: a refused placement button, answered with why (played if
  it has become legal since the page was drawn);
* ``do move b1 b2``: an engine action, played by the session itself
  (``ui.app.session``), as every game's ``do`` is.

>>> parse_gesture("tap c2"), Why(Action.parse("place 2")).text()
(Tap(cell='c2'), 'why place 2')
>>> parse_gesture("wave c2")
Traceback (most recent call last):
...
ui.app.refused.Refused: 'wave c2' is not a Trice gesture: the board and its buttons send 'select <cell>', 'deselect', 'tap <cell>', 'why <action>' and 'do <action>'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bounded import shorten
from engine.trice.actions import Action
from ui.app.refused import Refused


@dataclass(frozen=True, slots=True)
class Select:
    """Pick (or drop) the piece on ``cell``."""

    cell: str

    def text(self) -> str:
        return f"select {self.cell}"


@dataclass(frozen=True, slots=True)
class Deselect:
    """Drop the picked piece."""

    def text(self) -> str:
        return "deselect"


@dataclass(frozen=True, slots=True)
class Tap:
    """A tap on a cell that does nothing now: the view says why."""

    cell: str

    def text(self) -> str:
        return f"tap {self.cell}"


@dataclass(frozen=True, slots=True)
class Why:
    """A tap on a refused (``aria-disabled``) placement button: the view says why."""

    action: Action

    def text(self) -> str:
        return f"why {self.action.text()}"


@dataclass(frozen=True, slots=True)
class Play:
    """An engine action, played as it is (the session plays every game's ``do``)."""

    action: Action

    def text(self) -> str:
        return f"do {self.action.text()}"


Gesture = Select | Deselect | Tap | Why | Play


def parse_gesture(text: str) -> Gesture:
    """The gesture a ``data-act`` names; :class:`~ui.app.refused.Refused` in words for anything else.

    Words are split on blanks.  A cell is any one word here: whether the board has it is the view's to
    say, in the page's language.  An action's text is read by
    :meth:`Action.parse` (its :class:`~engine.core.InvalidAction` is a
    :class:`ValueError` too).
    """
    words = text.split() if isinstance(text, str) else []
    verb, rest = (words[0], words[1:]) if words else ("", [])
    if verb == "deselect" and not rest:
        return Deselect()
    if verb in ("select", "tap") and len(rest) == 1:
        return Select(rest[0]) if verb == "select" else Tap(rest[0])
    if verb in ("why", "do") and rest:
        action = Action.parse(" ".join(rest))
        return Why(action) if verb == "why" else Play(action)
    raise Refused("gesture", f"{shorten(text)} is not a Trice gesture: the board and its buttons send "
                  "'select <cell>', 'deselect', 'tap <cell>', 'why <action>' and 'do <action>'", gesture=shorten(text))

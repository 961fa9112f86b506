"""The contract between a game's view code and the generic page session.

Each game has a :class:`GameView` (``ui/<game>/page.py``) that turns a state
into the page's regions as HTML/SVG strings, and turns a player's gesture
into either a new view selection or an engine action.  The page's JavaScript
bridge knows nothing of any game: it sends the ``data-act`` text of whatever
was clicked (or activated with Enter/Space) to the worker, and puts the
regions that come back into the elements with the same ``data-region`` name.

Gestures (the ``data-act`` attribute):

* ``"do <action text>"`` plays an engine action, e.g. ``"do end"``.
* ``"chance"`` asks the dealer for the current chance outcome (the person's
  own roll, spin or scatter; bots' chance steps are dealt automatically).
* anything else is the view's own business (``"select c5"``, ``"aim 45 60"``)
  and goes to :meth:`GameView.handle`.

Pointer drags: an SVG element with ``data-drag="<name>"`` sends
``"drag <name> <x> <y>"`` while the pointer moves and ``"release <name> <x> <y>"``
when it is released, in the SVG's own user coordinates.  Keys: while focus is
inside an element with ``data-keys``, ArrowUp/Down/Left/Right, Enter and
Space are sent as ``"key <KeyName>"`` (e.g. ``"key ArrowUp"``).

Regions every view returns: ``board`` (an ``<svg>``), ``controls`` (buttons
and prompts for the person to act), ``players`` (player panels).  The
session adds ``log``, ``status`` and the winner banner itself.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from html import escape
from typing import Any

from engine.core import Game
from ui.app.players import is_person
from ui.app.refused import Refused
from ui.app.words import pick


@dataclass(frozen=True)
class SeatInfo:
    name: str
    controller: str  # "human", "friend" (a person at another screen) or a bot name

    @property
    def is_bot(self) -> bool:
        return not is_person(self.controller)


@dataclass(frozen=True)
class Recent:
    """One action of the other seats since the person's last one: what the board keeps marked."""

    before: Any
    action: Any
    after: Any
    #: The seat whose turn it was (for a chance step, the seat it belongs to; None for the draw).
    seat: int | None
    chance: bool


@dataclass(frozen=True)
class Viewport:
    """The screen the page is drawn on, as the page reported it."""

    #: The window's width in CSS pixels.
    width_px: int
    #: A coarse pointer (a finger): nothing hovers, and no keyboard is at hand.
    touch: bool


@dataclass(frozen=True)
class ViewContext:
    """What a view needs besides the state to draw the page."""

    seats: tuple[SeatInfo, ...]
    #: The seat a person may act for now, or None (a bot's turn, game over).
    interactive_seat: int | None
    #: The state before the last action and that action (for animations).
    previous: Any = None
    last_action: Any = None
    lang: str = "en"
    #: The screen, once the page has said (None before: a view then writes for every device, CSS picks).
    viewport: Viewport | None = None
    training: bool = False
    #: False when the player's system asks for reduced motion: no animation.
    motion: bool = True
    #: Whether the position is new since the page's last drawing: a move's
    #: animation plays when it is, not again on a selection or a redraw.
    fresh: bool = True
    #: The seat of the person at this screen (the one a view calls "you"), if any.
    you: int | None = None
    #: Everything played since that person's last action, oldest first, up to
    #: the position shown: the board keeps it marked until the person acts.
    recent: tuple[Recent, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    #: A move to mark on the board (the hint's, or an analysed turn's better move), as the game's action.
    suggested: Any = None


class GameView(ABC):
    """One game's page: regions out, gestures in.  Pure: no DOM, no I/O."""

    game_name: str

    def initial_ui(self) -> Any:
        """The view's own selection state at the start of a turn."""
        return None

    @abstractmethod
    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        """HTML/SVG strings for ``board``, ``controls`` and ``players``."""

    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str, ctx: ViewContext) -> tuple[Any, Any | None]:
        """A gesture that is not ``do``/``chance``: (new ui, engine action or None).

        ``ctx`` is what the view was told when it drew the position the
        gesture was made on (the language, who acts): a gesture carries
        only what the person did.

        Raise :class:`ui.app.refused.Refused` with words for a gesture that makes no sense or does
        nothing now (any other exception is a bug, reported as one).
        """
        raise Refused("gesture", f"unknown gesture {gesture!r}", gesture=gesture)

    def sounds(self, game: Game[Any, Any], before: Any, action: Any, after: Any) -> list[str]:
        """The sounds of one action (the page plays them if the player turned sound on).

        Names: "dice", "cannon", "splash", "capsize", "win". By default a
        chance step rattles dice and a game's end plays the win.
        """
        names = ["dice"] if game.is_outcome(before, action) else []
        if game.outcome(after) is not None:
            names.append("win")
        return names

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        """The words on the button that deals the person's chance step."""
        return "Roll the dice" if lang == "en" else "Lancer les dés"

    def empty_board(self, lang: str = "en") -> str:
        """The board drawn before any game exists (painted by the page shell)."""
        return ""

    #: Each seat's colour as CSS, and its name in English and French: the one
    #: identity of a seat wherever the page shows it (board, panels, charts, set-up).
    SEAT_COLOURS: tuple[tuple[str, str, str], ...] = (
        ("#b5432a", "Red", "Rouge"),
        ("#1f6fb2", "Blue", "Bleu"),
        ("#1d7f4e", "Green", "Vert"),
        ("#8a5a00", "Yellow", "Jaune"),
    )

    def seat_colour(self, seat: int) -> str:
        """The seat's colour as CSS (charts and panels draw it)."""
        return self.SEAT_COLOURS[seat % len(self.SEAT_COLOURS)][0]

    def seat_colour_name(self, seat: int, lang: str = "en") -> str:
        """The seat's colour as a word in the page's language."""
        _css, *names = self.SEAT_COLOURS[seat % len(self.SEAT_COLOURS)]
        return pick(lang, *names)

    def seat_title(self, seat: int, name: str, lang: str = "en") -> str:
        """How the status line, the banner, the log's turn headings and the charts name a seat.

        By default its player's name; a game whose log names seats by colour
        says both, so that a player's name and colour are one identity.
        """
        return name

    def log_text(self, text: str, you: int | None, lang: str = "en") -> str:
        """A log line (the engine's ``describe``) as the person at this screen reads it.

        By default as it is; a view may mark the seat of ``you`` ("Red (you)").
        """
        return text


def button(label: str, act: str, *, primary: bool = False, disabled: bool = False, title: str = "") -> str:
    """A control button that sends ``act`` to the worker when pressed.

    >>> button("End turn", "do end")
    '<button type="button" class="btn" data-act="do end">End turn</button>'
    """
    classes = "btn primary" if primary else "btn"
    extra = ' disabled=""' if disabled else ""
    tip = f' title="{escape(title)}"' if title else ""
    return f'<button type="button" class="{classes}" data-act="{escape(act)}"{tip}{extra}>{escape(label)}</button>'

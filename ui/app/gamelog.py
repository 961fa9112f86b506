"""The game log: one line per action, grouped by turns for the page.

The session writes a :class:`LogLine` for every action as it is played (in
the page's language, again on a language switch); the page gets the lines
with their turn headings from :func:`page_lines`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ui.app.view import GameView
from ui.app.words import Catalogue

#: The log's turn headings.
WORDS = Catalogue({
    "en": {"start": "Start", "you": "you", "turn": "Turn {n}"},
    "fr": {"start": "Début", "you": "vous", "turn": "Tour {n}"},
})


@dataclass
class LogLine:
    text: str
    seat: int | None
    chance: bool
    #: The game's turn number when the action was played (the page groups the log by turn).
    turn: int = 0


def turn_numbers(log: list[LogLine]) -> list[int]:
    """The turn each log line belongs to, as the page heads them ("Start", "Turn 1", ...).

    Turns are counted as the log goes: a new one whenever the game's turn
    number moves on; the opening draw, before any seat plays, is turn 0.

    >>> turn_numbers([LogLine("draw", None, True), LogLine("a", 0, False, 1), LogLine("b", 0, False, 1),
    ...               LogLine("c", 1, False, 2)])
    [0, 1, 1, 2]
    """
    numbers: list[int] = []
    group, last = 0, None
    for line in log:
        if not numbers:
            group = 0 if line.seat is None else 1  # the opening draw belongs to no turn
        elif line.turn != last or (group == 0 and line.seat is not None):
            group += 1
        last = line.turn
        numbers.append(group)
    return numbers


def page_lines(log: list[LogLine], seats: list[str], you: int | None, view: GameView, lang: str) -> list[dict[str, Any]]:
    """The log for the page, each line with the turn it belongs to (``turn``) and that turn's heading.

    Turns are counted as the log goes (a new one whenever the game's turn
    number moves on); the heading names whose turn it was, "you" for the
    person at this screen.
    """
    w = WORDS.of(lang)
    lines: list[dict[str, Any]] = []
    for i, (line, group) in enumerate(zip(log, turn_numbers(log))):
        if group == 0:
            label = w("start")
        else:
            seat = line.seat if line.seat is not None else (lines[-1]["seat"] if lines else None)
            who = ""
            if seat is not None and seat < len(seats):
                who = w("you") if seat == you else view.seat_title(seat, seats[seat], lang)
            label = w("turn", n=group) + (f" · {who}" if who else "")
        lines.append({"text": view.log_text(line.text, you, lang), "seat": line.seat, "chance": line.chance,
                      "step": i + 1, "turn": group, "turn_label": label})
    return lines

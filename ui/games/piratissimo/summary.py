"""Piratissimo's end-of-game chart: the treasure each ship banked, turn by turn (nine win)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game
from engine.piratissimo.data import TARGET
from ui.draw.summary import Series, finals, line_chart, per_turn


def chart(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], fr: bool
) -> str:
    """PI-01: the treasure each ship banked (nine win). One chart, so the summary fits a phone's screen."""
    rows = per_turn(game, states)
    series = [Series(names[s], colours[s], tuple(row.bank[s] for row in rows)) for s in range(len(names))]
    top = max([TARGET, *(max(s.values) for s in series)])
    return line_chart(series, title="Trésors au port, tour par tour" if fr else "Treasure banked, turn by turn",
                      top=top, y_label=f"au port ({TARGET} = victoire)" if fr else f"banked ({TARGET} = win)",
                      x_label="tour" if fr else "turn", finals=finals(series, fr))

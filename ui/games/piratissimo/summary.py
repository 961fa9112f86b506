"""Piratissimo's end-of-game chart: the treasure each ship banked, turn by turn (nine win)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game
from engine.piratissimo.data import TARGET
from ui.app.words import Catalogue
from ui.draw.summary import Series, finals, line_chart, per_turn

WORDS = Catalogue({
    "en": {"title": "Treasure banked, turn by turn", "y": "banked ({target} = win)", "x": "turn"},
    "fr": {"title": "Trésors au port, tour par tour", "y": "au port ({target} = victoire)", "x": "tour"},
})


def chart(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], lang: str
) -> str:
    """PI-01: the treasure each ship banked (nine win). One chart, so the summary fits a phone's screen."""
    rows = per_turn(game, states)
    series = [Series(names[s], colours[s], tuple(row.bank[s] for row in rows)) for s in range(len(names))]
    top = max([TARGET, *(max(s.values) for s in series)])
    w = WORDS.of(lang)
    return line_chart(series, title=w("title"), top=top, y_label=w("y", target=TARGET), x_label=w("x"),
                      finals=finals(series, lang))

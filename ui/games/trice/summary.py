"""Trice's end-of-game chart: the cells of one symbol each seat holds, turn by turn (five win)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game
from engine.trice.state import progress
from ui.app.words import Catalogue
from ui.draw.summary import Series, finals, line_chart, per_turn

WORDS = Catalogue({
    "en": {"title": "Cells of one symbol held, turn by turn", "y": "best symbol (5 = win)", "x": "turn"},
    "fr": {"title": "Cases d'un même symbole, tour par tour", "y": "meilleur symbole (5 = victoire)", "x": "tour"},
})


def chart(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], lang: str
) -> str:
    """TR-02: the cells of one symbol each seat holds, its best symbol each turn (five win)."""
    rows = per_turn(game, states)
    series = [Series(names[c], colours[c], tuple(max(progress(row, c)) for row in rows)) for c in range(len(names))]
    w = WORDS.of(lang)
    return line_chart(series, title=w("title"), top=5, y_label=w("y"), x_label=w("x"), finals=finals(series, lang))

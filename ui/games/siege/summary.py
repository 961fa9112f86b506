"""Siege's end-of-game charts: the pirates and the target-cannons standing on each side, turn by turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game
from engine.siege.scene import PIRATES_PER_SIDE, SLOTS
from ui.app.words import Catalogue
from ui.draw.summary import Series, finals, line_chart, per_turn

WORDS = Catalogue({
    "en": {"pirates": "Pirates standing, turn by turn", "pirates_y": "pirates",
           "cannons": "Target-cannons standing, turn by turn", "cannons_y": "target-cannons", "x": "turn"},
    "fr": {"pirates": "Pirates debout, tour par tour", "pirates_y": "pirates",
           "cannons": "Canons-cibles debout, tour par tour", "cannons_y": "canons-cibles", "x": "tour"},
})


def chart(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], lang: str
) -> str:
    """SG-02: the pirates and the target-cannons standing on each side (a side without either loses)."""
    rows = per_turn(game, states)
    w = WORDS.of(lang)
    pirates = [Series(names[s], colours[s], tuple(len(row.sides[s].spots) for row in rows)) for s in range(len(names))]
    cannons = [Series(names[s], colours[s], tuple(row.sides[s].cannons_standing() for row in rows))
               for s in range(len(names))]
    return line_chart(
        pirates, title=w("pirates"), top=PIRATES_PER_SIDE, y_label=w("pirates_y"), x_label=w("x"), height=140,
        finals=finals(pirates, lang),
    ) + line_chart(
        cannons, title=w("cannons"), top=len(SLOTS), y_label=w("cannons_y"), x_label=w("x"), height=140,
        finals=finals(cannons, lang),
    )

"""Siege's end-of-game charts: the pirates and the target-cannons standing on each side, turn by turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Game
from engine.siege.scene import PIRATES_PER_SIDE, SLOTS
from ui.draw.summary import Series, finals, line_chart, per_turn


def chart(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], fr: bool
) -> str:
    """SG-02: the pirates and the target-cannons standing on each side (a side without either loses)."""
    rows = per_turn(game, states)
    turn = "tour" if fr else "turn"
    pirates = [Series(names[s], colours[s], tuple(len(row.sides[s].spots) for row in rows)) for s in range(len(names))]
    cannons = [Series(names[s], colours[s], tuple(row.sides[s].cannons_standing() for row in rows))
               for s in range(len(names))]
    return line_chart(
        pirates, title="Pirates debout, tour par tour" if fr else "Pirates standing, turn by turn",
        top=PIRATES_PER_SIDE, y_label="pirates", x_label=turn, height=140, finals=finals(pirates, fr),
    ) + line_chart(
        cannons, title="Canons-cibles debout, tour par tour" if fr else "Target-cannons standing, turn by turn",
        top=len(SLOTS), y_label="canons-cibles" if fr else "target-cannons", x_label=turn, height=140,
        finals=finals(cannons, fr),
    )

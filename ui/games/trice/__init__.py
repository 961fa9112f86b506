"""Trice's page: its board, view, gestures, end-of-game chart, lessons (lessons/) and rules page."""

from __future__ import annotations

from ui.games.entry import GamePage, SeatDefault

PAGE = GamePage(
    name="trice",
    package=__name__,
    tagline_en="Stacked pyramids race for the sun, the moon and the stars on a triangular board.",
    tagline_fr="Des pyramides empilées se disputent le soleil, la lune et les étoiles sur un plateau triangulaire.",
    seats=(
        SeatDefault("Red bot", "Robot rouge", "human", "You", "Vous"),
        SeatDefault("Green bot", "Robot vert", "heuristic"),
        SeatDefault("Blue bot", "Robot bleu", "heuristic"),
    ),
)

"""Siege's page: the battle scene, view, gestures, end-of-game chart, lessons (lessons/) and rules page."""

from __future__ import annotations

from ui.app.players import GENTLEST_BOT
from ui.games.entry import GamePage, SeatDefault

PAGE = GamePage(
    name="siege",
    package=__name__,
    tagline_en="Aim your cannon and mortar across the bay and knock down the enemy pirates.",
    tagline_fr="Pointez canon et mortier par-dessus la baie et faites tomber les pirates ennemis.",
    seats=(
        SeatDefault("Lookout Bot", "Robot vigie", "human", "You", "Vous"),
        SeatDefault("Gunner Bot", "Robot canonnier", GENTLEST_BOT),
    ),
    setup_note=(
        ("Against the beginner, the flight of your shot is drawn until your first hit. The gunners only "
        "aim: shaky, quick or sharp."),
        ("Contre le débutant, la trajectoire de votre tir est tracée jusqu'à votre premier coup au but. "
        "Les canonniers ne font que viser\u00a0: maladroit, rapide ou fin."),
    ),
)

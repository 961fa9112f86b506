"""Piratissimo's page: its board, view, gestures, end-of-game chart, lessons (lessons/) and rules page."""

from __future__ import annotations

from ui.games.entry import GamePage, SeatDefault

PAGE = GamePage(
    name="piratissimo",
    package=__name__,
    tagline_en="Sail the ring of islands, load treasure, dodge the tornado and bring 9 chests home.",
    tagline_fr="Naviguez autour des îles, chargez les trésors, évitez la tornade et ramenez 9 trésors au port.",
    seats=(
        SeatDefault("Helmsman Bot", "Timonier Robot", "human", "You", "Vous"),
        SeatDefault("Captain Bot", "Amiral Robot", "heuristic"),
        SeatDefault("Bosun Bot", "Bosco Robot", "none"),
        SeatDefault("Lookout Bot", "Vigie Robot", "none"),
    ),
)

"""The battle scene's words, in English and French: its pieces' accessible names and its captions."""

from __future__ import annotations

from engine.siege.scene import SPOT_INDEX, SPOT_LABELS_FR
from ui.app.words import Catalogue, pick

WORDS = Catalogue({
    "en": {
        "title": "Siege: the battle scene",
        "blue": "Blue",
        "red": "Red",
        "blue's": "Blue's",
        "red's": "Red's",
        "cannon": "cannon",
        "mortar": "mortar",
        "grab": "Drag from here to aim the {w}; let go to fire",
        "training": "training",
        "pirate": "{side} pirate {where}",
        "captain": "{side} captain {where}",
        "slot": "{side} target-cannon",
        "move_to": "move the pirate {where}",
        "select": "select the pirate {where}",
        "treasure": "Treasure Island: {blue} of Blue's 3 chests left, {red} of Red's",
        "facing": "{side}'s {face} broadside faces the enemy",
        "port": "port",
        "starboard": "starboard",
        "dice": "{side} dice: {faces}",
        "compass": "compass (3)",
        "close_up": "Close-up: {island} ({side})",
        "your_close_up": "Close-up: your island, {island}",
        "lost_pirates": "{side}: no pirate standing",
        "lost_cannons": "{side}: no target-cannon standing,\nno chest left to bring one back",
    },
    "fr": {
        "title": "Siège : la scène de bataille",
        "blue": "Bleu",
        "red": "Rouge",
        "blue's": "de Bleu",
        "red's": "de Rouge",
        "cannon": "canon",
        "mortar": "mortier",
        "grab": "Glissez depuis ici pour viser au {w} ; relâchez pour tirer",
        "training": "entraînement",
        "pirate": "pirate {side} {where}",
        "captain": "capitaine {side} {where}",
        "slot": "canon-cible {side}",
        "move_to": "déplacer le pirate {where}",
        "select": "choisir le pirate {where}",
        "treasure": "Île au Trésor : {blue} des 3 coffres de Bleu restants, {red} de ceux de Rouge",
        "facing": "la bordée {face} de {side} fait face à l'ennemi",
        "port": "bâbord",
        "starboard": "tribord",
        "dice": "dés {side} : {faces}",
        "compass": "boussole (3)",
        "close_up": "Gros plan : {island} ({side})",
        "your_close_up": "Gros plan : votre île, {island}",
        "lost_pirates": "{side} : plus aucun pirate debout",
        "lost_cannons": "{side} : plus de canon-cible debout,\nni de coffre pour en remettre",
    },
})


def side_name(seat: int, lang: str) -> str:
    """Blue or Red, in the page's language."""
    return WORDS(lang, "blue" if seat == 0 else "red")


def spot_words(seat: int, name: str, lang: str) -> str:
    """Where a spot is, in the page's language (the English words are the spot's own label).

    >>> spot_words(0, "c1", "en"), spot_words(0, "c1", "fr")
    ('the beach', 'la plage')
    """
    spot = SPOT_INDEX[seat].get(name)
    return pick(lang, spot.label if spot is not None else name, SPOT_LABELS_FR.get(name, name))

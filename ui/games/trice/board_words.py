"""The words Trice's board says: its heading, and for screen readers a cell's marks, a piece, the whole
position and what a cell a person can use does.

Kept apart from the drawing so that a translator reads one module, and the drawing code reads only keys.
"""

from __future__ import annotations

from engine.trice.layout import SYMBOLS, SYMBOLS_FR, Board
from engine.trice.rules import LEVEL, OWNER, TriceState
from engine.trice.words import colour_names


def cell_label(board: Board, cell: int, lang: str) -> str:
    """Words for a cell's marks, e.g. "c2, sun and moon bi-cell"."""
    syms = board.symbols[cell]
    names = SYMBOLS_FR if lang == "fr" else SYMBOLS
    name = board.names[cell]
    if len(syms) == 3:
        return f"{name}, tri-case" if lang == "fr" else f"{name}, tri-cell"
    if len(syms) == 2:
        return (f"{name}, bi-case {names[syms[0]]} et {names[syms[1]]}" if lang == "fr"
                else f"{name}, {names[syms[0]]} and {names[syms[1]]} bi-cell")
    if syms:
        return f"{name}, case {names[syms[0]]}" if lang == "fr" else f"{name}, {names[syms[0]]} cell"
    if board.peace[cell]:
        return f"{name}, case de paix" if lang == "fr" else f"{name}, peace cell"
    if board.eye_of[cell] >= 0:
        who = colour_names(lang)[board.eye_of[cell]]
        return f"{name}, case œil {who}" if lang == "fr" else f"{name}, {who}'s eye cell"
    return name


PIECE_COLOURS_FR = ("rouge", "verte", "bleue")  # agrees with "pièce"


def piece_label(code: int, lang: str) -> str:
    """ "Green level-2 piece" / "pièce verte de niveau 2"."""
    if lang == "fr":
        return f"pièce {PIECE_COLOURS_FR[OWNER[code]]} de niveau {LEVEL[code]}"
    return f"{colour_names()[OWNER[code]]} level-{LEVEL[code]} piece"


def describe_position(state: TriceState, lang: str = "en") -> str:
    """The pieces on the board in words, for screen readers.

    >>> from engine.trice.rules import setup
    >>> describe_position(setup({"b2": "G2"}, 0))
    'Green level-2 piece on b2, star cell.'
    """
    board = state.board
    parts = [f"{piece_label(code, lang)} {'en' if lang == 'fr' else 'on'} {cell_label(board, cell, lang)}"
             for cell, code in enumerate(state.cells) if code]
    if not parts:
        return "Le plateau est vide." if lang == "fr" else "The board is empty."
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


#: The board's own words: its heading, and what a cell a person can use says it does (a screen reader
#: reads it; ``{cell}`` is the cell's words, with its piece when it has one).
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "heading": "Trice board",
        "deselect": "deselect {cell}",
        "move": "move to {cell}, costs {cost}",
        "move_attack": "move to {cell} and attack the {piece}, costs {cost}",
        "nuke": "remove the {piece} on {cell}",
        "select": "select {cell}",
        "immune": "immune (peace cell)",
    },
    "fr": {
        "heading": "Plateau de Trice",
        "deselect": "désélectionner {cell}",
        "move": "déplacer vers {cell}, coût {cost}",
        "move_attack": "déplacer vers {cell} et attaquer la {piece}, coût {cost}",
        "nuke": "retirer la {piece} de {cell}",
        "select": "choisir {cell}",
        "immune": "protégée par la paix",
    },
}


def board_words(lang: str) -> dict[str, str]:
    """The board's words in ``lang``: French for "fr", English for any other (as the labels above)."""
    return WORDS["fr" if lang == "fr" else "en"]

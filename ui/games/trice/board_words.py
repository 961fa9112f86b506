"""The words Trice's board says: its heading, and for screen readers a cell's marks, a piece, the whole
position and what a cell a person can use does.

Kept apart from the drawing so that a translator reads one module, and the drawing code reads only keys.
"""

from __future__ import annotations

from engine.trice.layout import SYMBOLS, SYMBOLS_FR, Board
from engine.trice.rules import LEVEL, OWNER, TriceState
from engine.trice.words import colour_names
from ui.app.words import Catalogue, pick

#: The board's own words: its heading, a cell's marks and a piece for screen readers, and what a cell a
#: person can use says it does (a screen reader reads it; ``{cell}`` is the cell's words, with its piece
#: when it has one).
WORDS = Catalogue({
    "en": {
        "heading": "Trice board",
        "deselect": "deselect {cell}",
        "move": "move to {cell}, costs {cost}",
        "move_attack": "move to {cell} and attack the {piece}, costs {cost}",
        "nuke": "remove the {piece} on {cell}",
        "select": "select {cell}",
        "immune": "immune (peace cell)",
        "tri": "{name}, tri-cell",
        "bi": "{name}, {first} and {second} bi-cell",
        "single": "{name}, {first} cell",
        "peace": "{name}, peace cell",
        "eye": "{name}, {who}'s eye cell",
        "piece": "{colour} level-{level} piece",
        "piece_on": "{piece} on {cell}",
        "empty": "The board is empty.",
    },
    "fr": {
        "heading": "Plateau de Trice",
        "deselect": "désélectionner {cell}",
        "move": "déplacer vers {cell}, coût {cost}",
        "move_attack": "déplacer vers {cell} et attaquer la {piece}, coût {cost}",
        "nuke": "retirer la {piece} de {cell}",
        "select": "choisir {cell}",
        "immune": "protégée par la paix",
        "tri": "{name}, tri-case",
        "bi": "{name}, bi-case {first} et {second}",
        "single": "{name}, case {first}",
        "peace": "{name}, case de paix",
        "eye": "{name}, case œil {who}",
        "piece": "pièce {colour} de niveau {level}",
        "piece_on": "{piece} en {cell}",
        "empty": "Le plateau est vide.",
    },
})

#: A piece's colour as its words say it: French agrees it with "pièce".
PIECE_COLOURS = (colour_names("en"), ("rouge", "verte", "bleue"))


def cell_label(board: Board, cell: int, lang: str) -> str:
    """Words for a cell's marks, e.g. "c2, sun and moon bi-cell"."""
    syms = board.symbols[cell]
    names = pick(lang, SYMBOLS, SYMBOLS_FR)
    name = board.names[cell]
    if len(syms) == 3:
        return WORDS(lang, "tri", name=name)
    if len(syms) == 2:
        return WORDS(lang, "bi", name=name, first=names[syms[0]], second=names[syms[1]])
    if syms:
        return WORDS(lang, "single", name=name, first=names[syms[0]])
    if board.peace[cell]:
        return WORDS(lang, "peace", name=name)
    if board.eye_of[cell] >= 0:
        return WORDS(lang, "eye", name=name, who=colour_names(lang)[board.eye_of[cell]])
    return name


def piece_label(code: int, lang: str) -> str:
    """ "Green level-2 piece" / "pièce verte de niveau 2"."""
    return WORDS(lang, "piece", colour=pick(lang, *PIECE_COLOURS)[OWNER[code]], level=LEVEL[code])


def describe_position(state: TriceState, lang: str = "en") -> str:
    """The pieces on the board in words, for screen readers.

    >>> from engine.trice.rules import setup
    >>> describe_position(setup({"b2": "G2"}, 0)), describe_position(setup({"b2": "G2"}, 0), "fr")
    ('Green level-2 piece on b2, star cell.', 'Pièce verte de niveau 2 en b2, case étoile.')
    """
    board = state.board
    parts = [WORDS(lang, "piece_on", piece=piece_label(code, lang), cell=cell_label(board, cell, lang))
             for cell, code in enumerate(state.cells) if code]
    if not parts:
        return WORDS(lang, "empty")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."

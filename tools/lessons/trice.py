"""Trice's lessons (issue 36): writes ``ui/games/trice/lessons/NN-<slug>.json`` from the games and words below.

Run it from the repository's root: ``.venv/bin/python tools/lessons/trice.py`` (``--check`` writes
nothing and fails if a file differs from what it would write).

Each drill is a window on a game record: the actions before ``start`` are played at once, and every
action of Red (the person: its moves and its own dice) from ``start`` on is one step, whose gestures
(``targets``) follow from the action.  Two games feed the drills:

* ``MAIN``: the game of drills 1 to 4 and 6.  Green's and Blue's turns were chosen by the heuristic bot
  (``make_bot(game, "heuristic")``) for the dice written here; Red's by hand, until turn 4; the turns
  after it by the heuristic bot for all three seats (dice drawn by ``random.Random(28)``).
* ``RAID``: the game of drill 5, where Green's level-3 piece raids Red's corner (Green's raid and
  Blue's removals by hand, the other turns by the heuristic bot).

The script checks what the lessons claim: every record replays by the rules, each drill's steps are
exactly Red's actions, the French has its non-breaking spaces, and no step recalls a clause that no
earlier step taught.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core import CHANCE
from engine.records import replay

OUT = ROOT / "ui" / "games" / "trice" / "lessons"
PERSON = 0  # Red: a1 is its eye cell
NAMES = {"en": ["You", "Bot", "Bot"], "fr": ["Vous", "Robot", "Robot"]}
SEATS = [{"name": "You", "controller": "human"}, {"name": "Bot", "controller": "heuristic"},
         {"name": "Bot", "controller": "heuristic"}]
NBSP = "\u00a0"


def turns(text: str) -> list[str]:
    """A game written a turn a line, its actions split by ``|``."""
    return [action.strip() for line in text.strip().splitlines() for action in line.split("|")]


#: The game of drills 1-4 and 6, a turn a line (Red, Green, Blue in turn).
MAIN = turns("""
first red
roll 2 3 4 | place 3 free | move a1 b2 | place 1 | move b2 b3 | move a1 b2 | end
roll 1 3 4 | place 1 | move d1 d2 | place 1 | move d2 c1 | move d1 d2 | place 1 | move d2 d3 | move d1 d2 | place 3 free | end
roll 1 2 2 | place 1 | move d7 d6 | place 1 | move d6 d5 | move d7 d6 | place 3 free | end
roll 1 1 4 | place 1 free | move b2 b1 | move a1 b2 | place 1 | move b3 c4 | end
roll 2 2 3 | move d3 d4 | move c1 c2 | move d4 c3 | move d2 c1 | move d1 d2 | end
roll 1 3 3 | move d6 c5 | move d7 d6 | place 3 free | move d5 d4 | end
roll 1 2 4 | move b1 c2 | move b2 b1 | move a1 b2 | place 1 free | move b1 c2 | move c4 c3 | end
roll 1 2 3 | place 1 | move d2 d3 | move d1 d2 | place 3 free | move c1 c2 | end
roll 2 3 3 | move c5 c4 | move d6 d5 | move d7 d6 | end
nuke d5 | roll 1 1 2 | move b2 b1 | move a1 b2 | place 3 free | move b1 c2 | move b2 b3 | end
roll 1 2 2 | move d2 c1 | move d1 d2 | place 3 free | move c1 c2 | end
roll 2 2 4 | move d6 d5 | place 1 | move d7 d6 | place 3 free | move d6 c5 | move c4 b3 | move c5 c4 | end
nuke c4 | roll 2 2 4 | move a1 b2 | place 1 | move b2 b3 | move a1 b2 | place 3 free | end
roll 2 2 4 | move d2 c1 | move d1 d2 | place 3 free | end
roll 2 2 2 | move d7 d6 | place 3 | end
nuke d4 | roll 1 2 4 | move b3 c4 | move b2 b3 | move a1 b2 | end
roll 1 1 4 | move d3 d4 | end
roll 2 2 3 | end
nuke d4 | nuke c1 | roll 2 3 4 | move b2 b1 | move b1 c2 | place 3 free | move a1 b2 | end
roll 1 2 2 | end
roll 1 3 3 | end
nuke d5 | done | roll 1 3 4 | move c3 d4 | move c4 c3 | move b3 c4 | end
roll 2 2 3 | end
roll 1 1 4 | move d6 c5 | move d7 d6 | place 3 free | end
nuke d2 | done | roll 2 3 4 | move d4 d3 | move d3 d2 | move b2 b3 | end
""")

#: The game of drill 5: Green starts, and its level-3 piece takes Red's eye cell.
RAID = turns("""
first green
roll 3 3 3 | place 3 free | move d1 d2 | move d2 c1 | place 3 | end
roll 1 2 3 | place 1 | move d7 d6 | place 1 | move d6 d5 | move d7 d6 | place 3 free | end
roll 1 1 2 | place 1 free | move a1 b2 | place 1 | move b2 b3 | move a1 b2 | end
roll 3 3 4 | move d1 d2 | place 2 | move d2 d3 | move d1 d2 | place 3 free | end
roll 1 2 4 | move d6 c5 | move d7 d6 | place 3 free | move c5 c4 | move d5 d4 | move c4 c3 | end
roll 1 2 3 | place 1 free | move b2 b1 | move a1 b2 | place 1 | move b3 c4 | move b2 b3 | move b1 c2 | end
roll 4 4 4 | move c1 c2 | move c2 b1 | move b1 b2 | move b2 a1 | end
nuke c4 | nuke d2 | roll 1 2 2 | move c3 c2 | move d4 c3 | end
place 3 free | roll 1 3 4 | move a1 b2 | place 1 | move b2 b1 | move a1 b2 | place 2 | end
""")


def step(teaches: str, recalls: str, en: str, fr: str, ask_en: str, ask_fr: str) -> dict[str, Any]:
    """A step's words; its ``at`` and ``targets`` come from the record."""
    return {"teaches": teaches.split(), "recalls": recalls.split(), "say": {"en": en, "fr": fr},
            "ask": {"en": ask_en, "fr": ask_fr}}


ROLL = ("roll the dice", "lancer les dés")
END = ("end your turn", "terminer votre tour")

DRILLS: list[dict[str, Any]] = [
    {
        "slug": "first-turn",
        "title": ("Your first turn", "Votre premier tour"),
        "summary": ("From the empty board: the dice, a free piece on your eye cell, moving and paying for a piece.",
                    "Depuis le plateau vide : les dés, une pièce gratuite sur votre case œil, avancer et payer une pièce."),
        "record": MAIN, "until": 8, "start": 0,
        "steps": [
            step("TR-04 TR-05", "",
                 "The board starts empty, and a roll of the dice chose who plays first: you, Red. A turn starts "
                 "with three 4-sided dice; their sum is your movement points for the turn. Roll them.",
                 "Le plateau est vide au départ, et un lancer de dés a désigné qui commence : vous, Rouge. Un tour "
                 "commence par trois dés à 4 faces ; leur somme donne vos points de mouvement du tour. Lancez-les.",
                 *ROLL),
            step("TR-09 TR-01", "TR-05",
                 "2 + 3 + 4 = 9 points. New pieces enter on your eye cell a1, the top corner. A piece is a stack of "
                 "1, 2 or 3 of your 20 pyramids, and once a turn one placement is free, whatever its level: place "
                 "a level-3 piece for free (your reserve goes from 20 to 17 pyramids).",
                 "2 + 3 + 4 = 9 points. Les nouvelles pièces entrent sur votre case œil a1, le coin du haut. Une "
                 "pièce est une pile de 1, 2 ou 3 de vos 20 pyramides, et une pose par tour est gratuite, quel que "
                 "soit son niveau : posez gratuitement une pièce de niveau 3 (votre réserve passe de 20 à 17 "
                 "pyramides).",
                 "place a level-3 piece for free", "poser gratuitement une pièce de niveau 3"),
            step("TR-14 TR-06 TR-10", "",
                 "A piece moves to a cell that shares a side with its own, and a1 has only one: the star cell b2. "
                 "Each step costs the piece's level in points: 3 for this one. A cell holds one piece at most, so "
                 "a1 must be empty before another piece enters. Move the piece from a1 to b2.",
                 "Une pièce avance vers une case qui touche la sienne par un côté, et a1 n'en a qu'une : la case "
                 "étoile b2. Chaque pas coûte le niveau de la pièce en points : 3 pour celle-ci. Une case ne porte "
                 "qu'une pièce, donc a1 doit être vide avant qu'une autre pièce y entre. Déplacez la pièce de a1 "
                 "vers b2.",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("TR-08", "TR-09",
                 "6 points left. Your free placement is used, but a placement can also be paid, like a move: a "
                 "piece costs its level in points. Pay 1 point for a level-1 piece on a1.",
                 "Il reste 6 points. Votre pose gratuite est faite, mais une pose peut aussi se payer, comme un "
                 "déplacement : une pièce coûte son niveau en points. Payez 1 point pour une pièce de niveau 1 en "
                 "a1.",
                 "place a level-1 piece for 1 point", "poser une pièce de niveau 1 pour 1 point"),
            step("TR-07", "TR-06",
                 "5 points left. You may move any of your pieces, one or several, as far as the points go. Move "
                 "the level-3 piece on from b2 to the sun cell b3 (3 points).",
                 "Il reste 5 points. Vous pouvez déplacer n'importe laquelle de vos pièces, une ou plusieurs, tant "
                 "que les points suffisent. Avancez la pièce de niveau 3 de b2 vers la case soleil b3 (3 points).",
                 "move the piece on b2 to b3", "déplacer la pièce de b2 vers b3"),
            step("", "TR-06 TR-14",
                 "2 points left: the level-1 piece goes from a1 to b2 for 1 point.",
                 "Il reste 2 points : la pièce de niveau 1 va de a1 à b2 pour 1 point.",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("TR-07", "TR-08",
                 "1 point is left. It could still pay for a level-1 piece on a1, but you need not spend every "
                 "point. End your turn: the point left is lost, points never carry over to the next turn.",
                 "Il reste 1 point. Il pourrait encore payer une pièce de niveau 1 en a1, mais rien n'oblige à "
                 "dépenser tous les points. Terminez votre tour : le point restant est perdu, les points ne passent "
                 "jamais au tour suivant.",
                 *END),
        ],
        "done": (("Your first turn is played: a level-3 piece on the sun cell b3, a level-1 on the star cell b2, "
                 "4 of your 20 pyramids on the board and 16 in reserve."),
                 ("Votre premier tour est joué : une pièce de niveau 3 sur la case soleil b3, une de niveau 1 sur la "
                 "case étoile b2, 4 de vos 20 pyramides sur le plateau et 16 en réserve.")),
    },
    {
        "slug": "bi-cells",
        "title": ("Four pieces before a bi-cell", "Quatre pièces avant une bi-case"),
        "summary": ("Your second turn: the cells of two symbols open only to a colour with 4 pieces on the board.",
                    ("Votre deuxième tour : les cases à deux symboles ne s'ouvrent qu'à une couleur qui a 4 pièces "
                    "sur le plateau.")),
        "record": MAIN, "until": 34, "start": 27,
        "steps": [
            step("", "TR-05",
                 "A position set up for this drill: your first turn from the previous drill, then Green and Blue "
                 "played theirs. Your turn again: roll the dice.",
                 "Une position préparée pour cet exercice : votre premier tour de l'exercice précédent, puis Vert "
                 "et Bleu ont joué le leur. C'est de nouveau à vous : lancez les dés.",
                 *ROLL),
            step("TR-16", "TR-09",
                 "6 points. Next to your level-3 piece on b3 lies c4, a bi-cell: it carries two symbols, the star "
                 "and the sun. A piece may enter a bi-cell only while its colour has at least 4 pieces on the "
                 "board, and you have 2: b3 to c4 is refused. Start with your free placement: a level-1 piece on "
                 "a1.",
                 "6 points. À côté de votre pièce de niveau 3 en b3 se trouve c4, une bi-case : elle porte deux "
                 "symboles, l'étoile et le soleil. Une pièce n'entre sur une bi-case que si sa couleur a au moins "
                 "4 pièces sur le plateau, et vous en avez 2 : b3 vers c4 est refusé. Commencez par votre pose "
                 "gratuite : une pièce de niveau 1 en a1.",
                 "place a level-1 piece for free", "poser gratuitement une pièce de niveau 1"),
            step("TR-15", "TR-14",
                 "3 pieces. For a fourth, a1 must be empty, but its only way out, b2, holds your own piece, and a "
                 "piece never enters a cell held by its own colour. First move the piece on b2 to the peace cell "
                 "b1 (1 point).",
                 "3 pièces. Pour une quatrième, a1 doit être vide, mais sa seule sortie, b2, porte votre propre "
                 "pièce, et une pièce n'entre jamais sur une case de sa couleur. Déplacez d'abord la pièce de b2 "
                 "vers la case de paix b1 (1 point).",
                 "move the piece on b2 to b1", "déplacer la pièce de b2 vers b1"),
            step("", "TR-14 TR-06",
                 "b2 is free: move the piece on a1 to b2 (1 point).",
                 "b2 est libre : déplacez la pièce de a1 vers b2 (1 point).",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("TR-16", "TR-08",
                 "Still 3 pieces, so c4 stays closed. Pay 1 point for a level-1 piece on a1: your fourth piece on "
                 "the board.",
                 "Toujours 3 pièces, donc c4 reste fermée. Payez 1 point pour une pièce de niveau 1 en a1 : votre "
                 "quatrième pièce sur le plateau.",
                 "place a level-1 piece for 1 point", "poser une pièce de niveau 1 pour 1 point"),
            step("TR-03", "TR-16 TR-06",
                 "4 pieces: the bi-cells are open to you. Each symbol is on 5 cells: 2 cells of that symbol alone, "
                 "2 bi-cells and the tri-cell c3 in the middle, which carries all three. Move your level-3 piece "
                 "from b3 into c4 (3 points): it counts for the star and for the sun.",
                 "4 pièces : les bi-cases vous sont ouvertes. Chaque symbole est sur 5 cases : 2 cases de ce seul "
                 "symbole, 2 bi-cases et la tri-case c3 au milieu, qui porte les trois. Avancez votre pièce de "
                 "niveau 3 de b3 vers c4 (3 points) : elle compte pour l'étoile et pour le soleil.",
                 "move the piece on b3 to c4", "déplacer la pièce de b3 vers c4"),
            step("", "TR-07",
                 "Your 6 points are spent: end your turn.",
                 "Vos 6 points sont dépensés : terminez votre tour.",
                 *END),
        ],
        "done": (("You hold the bi-cell c4, with 4 pieces on the board. Green has 4 pieces too, so the bi-cells "
                 "are open to Green as well."),
                 ("Vous tenez la bi-case c4, avec 4 pièces sur le plateau. Vert a 4 pièces lui aussi, donc les "
                 "bi-cases lui sont ouvertes également.")),
    },
    {
        "slug": "tri-cell",
        "title": ("Attacks and the tri-cell", "Attaques et tri-case"),
        "summary": ("Green holds the tri-cell: attack, and take two bi-cells to enter it.",
                    "Vert tient la tri-case : attaquez, et prenez deux bi-cases pour y entrer."),
        "record": MAIN, "until": 55, "start": 47,
        "steps": [
            step("", "TR-03 TR-05",
                 "A position set up for this drill: the game of the previous drill, a round later. Green's "
                 "level-1 pieces hold the bi-cell c2 and the tri-cell c3, the centre. Roll the dice.",
                 "Une position préparée pour cet exercice : la partie de l'exercice précédent, un tour de table "
                 "plus tard. Des pièces de niveau 1 de Vert tiennent la bi-case c2 et la tri-case c3, le centre. "
                 "Lancez les dés.",
                 *ROLL),
            step("TR-12 TR-01", "TR-16",
                 "7 points. Entering a cell held by another colour is an attack. Same level: the defender is "
                 "eliminated and the attacker loses a level, so level 1 against level 1 eliminates both. Attack "
                 "Green's piece on c2 with yours from b1 (1 point), and watch the reserves: the pyramids of an "
                 "eliminated piece go back to their owner.",
                 "7 points. Entrer sur une case tenue par une autre couleur, c'est attaquer. Même niveau : le "
                 "défenseur est éliminé et l'attaquant perd un niveau, donc niveau 1 contre niveau 1 les élimine "
                 "tous les deux. Attaquez la pièce de Vert en c2 avec la vôtre venue de b1 (1 point), et regardez "
                 "les réserves : les pyramides d'une pièce éliminée retournent à leur propriétaire.",
                 "attack c2 with the piece on b1", "attaquer c2 avec la pièce de b1"),
            step("", "TR-01 TR-16",
                 "Both pieces are gone, and each reserve got its pyramid back: Green's from 14 to 15, yours from "
                 "14 to 15. c2 is empty, but with 3 pieces it is closed to you. Bring a piece up: b2 to b1 (1 "
                 "point).",
                 "Les deux pièces sont parties, et chaque réserve a retrouvé sa pyramide : celle de Vert passe de "
                 "14 à 15, la vôtre de 14 à 15. c2 est vide, mais avec 3 pièces elle vous est fermée. Avancez une "
                 "pièce : b2 vers b1 (1 point).",
                 "move the piece on b2 to b1", "déplacer la pièce de b2 vers b1"),
            step("", "TR-10 TR-14",
                 "Move the piece on a1 to b2 (1 point), to empty your eye cell.",
                 "Déplacez la pièce de a1 vers b2 (1 point), pour vider votre case œil.",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("", "TR-09 TR-16",
                 "Your free placement: a level-1 piece on a1. That makes 4 pieces again.",
                 "Votre pose gratuite : une pièce de niveau 1 en a1. Cela refait 4 pièces.",
                 "place a level-1 piece for free", "poser gratuitement une pièce de niveau 1"),
            step("TR-17", "TR-03",
                 "A piece may enter the tri-cell c3 only while its colour holds at least 2 bi-cells. You hold one, "
                 "c4, so c4 to c3 is refused. Take the bi-cell c2 with the piece on b1 (1 point).",
                 "Une pièce n'entre sur la tri-case c3 que si sa couleur tient au moins 2 bi-cases. Vous en tenez "
                 "une, c4, donc c4 vers c3 est refusé. Prenez la bi-case c2 avec la pièce de b1 (1 point).",
                 "move the piece on b1 to c2", "déplacer la pièce de b1 vers c2"),
            step("TR-11 TR-17", "TR-06",
                 "Two bi-cells, c2 and c4: the tri-cell is open to you. A bigger attacker eliminates the defender "
                 "and keeps its level. Attack Green's level-1 on c3 with your level-3 from c4 (3 points).",
                 "Deux bi-cases, c2 et c4 : la tri-case vous est ouverte. Un attaquant plus grand élimine le "
                 "défenseur et garde son niveau. Attaquez la pièce de niveau 1 de Vert en c3 avec votre niveau 3 "
                 "venu de c4 (3 points).",
                 "attack c3 with the piece on c4", "attaquer c3 avec la pièce de c4"),
            step("", "TR-07 TR-01",
                 "Your 7 points are spent, and Green's reserve is at 16. End your turn.",
                 "Vos 7 points sont dépensés, et la réserve de Vert est à 16. Terminez votre tour.",
                 *END),
        ],
        "done": (("Your level-3 piece holds the tri-cell. Your pyramids on the board and in reserve still make 20: "
                 "6 on the board, 14 in reserve."),
                 ("Votre pièce de niveau 3 tient la tri-case. Vos pyramides sur le plateau et en réserve font "
                 "toujours 20 : 6 sur le plateau, 14 en réserve.")),
    },
    {
        "slug": "nuclear-option",
        "title": ("The nuclear option", "L'option nucléaire"),
        "summary": ("Holding the tri-cell at the start of your turn: remove a piece, except on a peace cell.",
                    "Tenir la tri-case au début de votre tour : retirer une pièce, sauf sur une case de paix."),
        "record": MAIN, "until": 75, "start": 67,
        "steps": [
            step("TR-18", "TR-17",
                 "A position set up for this drill: the same game, a round later; Green's level-1 took your piece "
                 "on c2 and both fell. You hold the tri-cell: at the start of your turn, before the roll, you may "
                 "remove pieces of any level, yours too: 1 with the tri-cell alone, 2 with a bi-cell as well, 3 "
                 "with two. A piece on a peace cell is safe, like Green's on d3. Blue holds 3 star cells: remove "
                 "its level-3 on d5.",
                 "Une position préparée pour cet exercice : la même partie, un tour de table plus tard ; le niveau "
                 "1 de Vert a pris votre pièce en c2 et les deux sont tombées. Vous tenez la tri-case : au début "
                 "du tour, avant le lancer, vous pouvez retirer des pièces de tout niveau, les vôtres aussi : 1 "
                 "avec la tri-case seule, 2 avec une bi-case en plus, 3 avec deux. Une pièce sur une case de paix "
                 "est protégée, comme celle de Vert en d3. Bleu tient 3 cases étoile : retirez son niveau 3 en d5.",
                 "remove Blue's piece on d5", "retirer la pièce de Bleu en d5"),
            step("", "TR-05 TR-01",
                 "Your one removal is made, and Blue's 3 pyramids went back to its reserve. Roll the dice.",
                 "Votre retrait est fait, et les 3 pyramides de Bleu sont retournées dans sa réserve. Lancez les "
                 "dés.",
                 *ROLL),
            step("", "TR-16 TR-18",
                 "4 points, and 3 pieces on the board. The tri-cell with a bi-cell would give 2 removals next "
                 "turn, and a bi-cell needs a fourth piece: first move the piece on b2 to the peace cell b1 (1 "
                 "point).",
                 "4 points, et 3 pièces sur le plateau. La tri-case avec une bi-case donnerait 2 retraits au "
                 "prochain tour, et une bi-case demande une quatrième pièce : déplacez d'abord la pièce de b2 vers "
                 "la case de paix b1 (1 point).",
                 "move the piece on b2 to b1", "déplacer la pièce de b2 vers b1"),
            step("", "TR-14",
                 "Then the piece on a1 to b2 (1 point).",
                 "Puis la pièce de a1 vers b2 (1 point).",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("", "TR-09",
                 "Your free placement: a level-3 piece on a1, your fourth piece.",
                 "Votre pose gratuite : une pièce de niveau 3 en a1, votre quatrième pièce.",
                 "place a level-3 piece for free", "poser gratuitement une pièce de niveau 3"),
            step("", "TR-16 TR-18",
                 "Into the bi-cell c2 with the piece on b1 (1 point): with the tri-cell, that is 2 removals at the "
                 "start of your next turn, if you still hold both.",
                 "Dans la bi-case c2 avec la pièce de b1 (1 point) : avec la tri-case, cela fait 2 retraits au "
                 "début de votre prochain tour, si vous tenez encore les deux.",
                 "move the piece on b1 to c2", "déplacer la pièce de b1 vers c2"),
            step("", "TR-06",
                 "Your last point: the piece on b2 to the sun cell b3.",
                 "Votre dernier point : la pièce de b2 vers la case soleil b3.",
                 "move the piece on b2 to b3", "déplacer la pièce de b2 vers b3"),
            step("", "TR-07",
                 "Your points are spent: end your turn.",
                 "Vos points sont dépensés : terminez votre tour.",
                 *END),
        ],
        "done": (("You hold the tri-cell and the bi-cell c2: if both are still yours when your next turn starts, "
                 "you may remove 2 pieces."),
                 ("Vous tenez la tri-case et la bi-case c2 : si les deux sont encore à vous au début de votre "
                 "prochain tour, vous pourrez retirer 2 pièces.")),
    },
    {
        "slug": "eye-cell",
        "title": ("A piece on your eye cell", "Une pièce sur votre case œil"),
        "summary": ("An opponent on your eye cell: your placement there is an attack, at least its size.",
                    "Un adversaire sur votre case œil : votre pose y est une attaque, au moins de sa taille."),
        "record": RAID, "until": len(RAID), "start": 58,
        "steps": [
            step("TR-19 TR-13 TR-12", "TR-11 TR-09",
                 "A position set up for this drill, from another game: Green's level-3 piece went through c2, b1 "
                 "and b2 and took your eye cell a1. Your placement there is an attack on it, and a smaller piece "
                 "may not attack a bigger one: levels 1 and 2 are refused. Place a level-3 piece for free: same "
                 "level, so Green's piece is eliminated and yours loses a level.",
                 "Une position préparée pour cet exercice, tirée d'une autre partie : la pièce de niveau 3 de Vert "
                 "est passée par c2, b1 et b2 et a pris votre case œil a1. Votre pose y est une attaque, et une "
                 "pièce plus petite ne peut pas en attaquer une plus grande : les niveaux 1 et 2 sont refusés. "
                 "Posez gratuitement une pièce de niveau 3 : même niveau, donc la pièce de Vert est éliminée et la "
                 "vôtre perd un niveau.",
                 "place a level-3 piece for free", "poser gratuitement une pièce de niveau 3"),
            step("", "TR-01 TR-05",
                 "Your piece on a1 is a level 2 now. Green's reserve got its 3 pyramids back (14) and yours the "
                 "one your piece lost (17). Roll the dice.",
                 "Votre pièce en a1 est maintenant de niveau 2. La réserve de Vert a retrouvé ses 3 pyramides (14) "
                 "et la vôtre celle que votre pièce a perdue (17). Lancez les dés.",
                 *ROLL),
            step("", "TR-06 TR-10",
                 "8 points. Move your level-2 piece from a1 to b2 (2 points), to free your eye cell.",
                 "8 points. Déplacez votre pièce de niveau 2 de a1 vers b2 (2 points), pour libérer votre case "
                 "œil.",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("", "TR-08",
                 "Pay 1 point for a level-1 piece on a1.",
                 "Payez 1 point pour une pièce de niveau 1 en a1.",
                 "place a level-1 piece for 1 point", "poser une pièce de niveau 1 pour 1 point"),
            step("", "TR-06",
                 "Your level-2 piece on to the peace cell b1 (2 points), next to the bi-cell c2.",
                 "Votre pièce de niveau 2 vers la case de paix b1 (2 points), à côté de la bi-case c2.",
                 "move the piece on b2 to b1", "déplacer la pièce de b2 vers b1"),
            step("", "TR-15",
                 "The piece on a1 to b2 (1 point), out of the way of the next one.",
                 "La pièce de a1 vers b2 (1 point), pour laisser place à la suivante.",
                 "move the piece on a1 to b2", "déplacer la pièce de a1 vers b2"),
            step("", "TR-08 TR-16",
                 "Pay your last 2 points for a level-2 piece on a1: 4 pieces on the board again.",
                 "Payez vos 2 derniers points pour une pièce de niveau 2 en a1 : de nouveau 4 pièces sur le "
                 "plateau.",
                 "place a level-2 piece for 2 points", "poser une pièce de niveau 2 pour 2 points"),
            step("", "TR-07",
                 "Your points are spent: end your turn.",
                 "Vos points sont dépensés : terminez votre tour.",
                 *END),
        ],
        "done": ("Your eye cell is yours again, and 4 of your pieces stand around it.",
                 "Votre case œil est de nouveau à vous, et 4 de vos pièces l'entourent."),
    },
    {
        "slug": "winning",
        "title": ("Winning a symbol", "Gagner un symbole"),
        "summary": ("Hold the five cells of one symbol at the end of your turn, and you win.",
                    "Tenez les cinq cases d'un même symbole à la fin de votre tour, et vous gagnez."),
        "record": MAIN, "until": len(MAIN), "start": 144,
        "steps": [
            step("", "TR-18 TR-03",
                 "A position set up for this drill: the game of drills 1 to 4, many turns later. The sun is on b3, "
                 "c2, c3, c4 and d2, and you hold c2, c3 and c4. The tri-cell and two bi-cells give you 3 "
                 "removals: start with Green's level-3 on the sun cell d2.",
                 "Une position préparée pour cet exercice : la partie des exercices 1 à 4, bien des tours plus "
                 "tard. Le soleil est sur b3, c2, c3, c4 et d2, et vous tenez c2, c3 et c4. La tri-case et deux "
                 "bi-cases vous donnent 3 retraits : commencez par le niveau 3 de Vert sur la case soleil d2.",
                 "remove Green's piece on d2", "retirer la pièce de Vert en d2"),
            step("", "TR-18",
                 "The other removals are yours to use or not, and this plan needs none. End the nuclear option.",
                 "Les autres retraits sont à vous, à utiliser ou non, et ce plan n'en a pas besoin. Terminez "
                 "l'option nucléaire.",
                 "end the nuclear option", "terminer l'option nucléaire"),
            step("", "TR-05",
                 "Roll the dice.",
                 "Lancez les dés.",
                 *ROLL),
            step("", "TR-13 TR-06 TR-14",
                 "9 points, enough for three steps of a level-3 piece. Blue's level-3 on c5 cannot be attacked by "
                 "your level-1 on c4, but the sun does not need c5. Your level-3 on d4 goes to d2 in two steps: "
                 "first the peace cell d3 (3 points).",
                 "9 points, de quoi faire trois pas avec une pièce de niveau 3. Votre niveau 1 en c4 ne peut pas "
                 "attaquer le niveau 3 de Bleu en c5, mais le soleil n'a pas besoin de c5. Votre niveau 3 en d4 va "
                 "en d2 en deux pas : d'abord la case de paix d3 (3 points).",
                 "move the piece on d4 to d3", "déplacer la pièce de d4 vers d3"),
            step("", "TR-06",
                 "Then the sun cell d2 (3 points).",
                 "Puis la case soleil d2 (3 points).",
                 "move the piece on d3 to d2", "déplacer la pièce de d3 vers d2"),
            step("", "TR-06",
                 "The last sun cell is b3: move your level-3 piece there from b2 (3 points).",
                 "La dernière case soleil est b3 : déplacez-y votre pièce de niveau 3 depuis b2 (3 points).",
                 "move the piece on b2 to b3", "déplacer la pièce de b2 vers b3"),
            step("TR-02", "",
                 "You hold all five sun cells. The win counts at the end of your own turn: end it.",
                 "Vous tenez les cinq cases soleil. La victoire compte à la fin de votre propre tour : terminez-le.",
                 *END),
        ],
        "done": ("You win: the five sun cells are yours at the end of your turn.",
                 "Vous gagnez : les cinq cases soleil sont à vous à la fin de votre tour."),
    },
]

GAME = {
    "slug": "game",
    "kind": "game",
    "title": ("A game against the beginner", "Une partie contre le débutant"),
    "summary": ("A game from start to end against two beginner bots, with the Hint at hand.",
                "Une partie du début à la fin contre deux robots débutants, avec l'indice à portée de main."),
    "seats": ["human", "mcts:easy", "mcts:easy"],
    "names": {"en": ["You", "Bot", "Bot"], "fr": ["Vous", "Robot", "Robot"]},
    "options": {},
    "say": (("You play Red against two beginner bots. Not sure what to do? Press Hint: it shows the move the "
            "search would play in your place."),
            ("Vous jouez Rouge contre deux robots débutants. Vous hésitez ? Touchez Indice : il montre le coup "
            "que la recherche jouerait à votre place.")),
    "done": ("The game is over. Play another from the game's page, at the level you choose.",
             "La partie est finie. Jouez-en une autre depuis la page du jeu, au niveau de votre choix."),
}


def french(text: str) -> str:
    """French typography: a non-breaking space before : ; ! ? and the typographic apostrophe."""
    for mark in ":;!?":
        text = text.replace(f" {mark}", f"{NBSP}{mark}")
    return text.replace("'", "\u2019")


def words(pair: tuple[str, str]) -> dict[str, str]:
    return {"en": pair[0], "fr": french(pair[1])}


def targets(action: str) -> list[str]:
    """The gestures the page marks for an action: a piece then its cell, a button, or the dice."""
    verb, *rest = action.split()
    if verb == "roll":
        return ["chance"]
    if verb == "move":
        return [f"select {rest[0]}", f"do {action}"]
    return [f"do {action}"]


def person_indexes(record: dict[str, Any], start: int) -> list[int]:
    """The indexes from ``start`` on of the person's actions: its moves and its own dice."""
    result = replay(record, expect_game="trice")
    game, states = result.game, result.states
    found = []
    for index in range(start, len(result.actions)):
        player = game.current_player(states[index])
        if player == PERSON or (player == CHANCE and game.turn_seat(states[index]) == PERSON):
            found.append(index)
    return found


def build_drill(drill: dict[str, Any]) -> dict[str, Any]:
    actions = drill["record"][: drill["until"]]
    record = {"game": "trice", "format": 2, "seats": SEATS, "options": {}, "seed": 36, "actions": actions}
    indexes = person_indexes(record, drill["start"])
    if len(indexes) != len(drill["steps"]):
        raise SystemExit(f"{drill['slug']}: {len(indexes)} actions of the person, {len(drill['steps'])} steps")
    steps = []
    for at, words_of in zip(indexes, drill["steps"], strict=True):
        steps.append({"at": at, "targets": targets(actions[at]),
                      "say": {"en": words_of["say"]["en"], "fr": french(words_of["say"]["fr"])},
                      "ask": {"en": words_of["ask"]["en"], "fr": french(words_of["ask"]["fr"])},
                      "teaches": words_of["teaches"], "recalls": words_of["recalls"]})
    return {"kind": "drill", "title": words(drill["title"]), "summary": words(drill["summary"]), "record": record,
            "person": PERSON, "names": NAMES, "start": drill["start"], "training": False, "steps": steps,
            "done": words(drill["done"])}


def build_game() -> dict[str, Any]:
    return {"kind": "game", "title": words(GAME["title"]), "summary": words(GAME["summary"]), "seats": GAME["seats"],
            "names": GAME["names"], "options": GAME["options"], "say": words(GAME["say"]),
            "done": words(GAME["done"])}


def check_recalls(lessons: list[dict[str, Any]]) -> None:
    """No step recalls a clause that no earlier step taught."""
    taught: set[str] = set()
    for lesson in lessons:
        for k, one in enumerate(lesson.get("steps", [])):
            missing = set(one["recalls"]) - taught
            if missing:
                raise SystemExit(f"{lesson['title']['en']}, step {k + 1}: recalls {sorted(missing)} before teaching it")
            taught |= set(one["teaches"])


def files() -> dict[Path, str]:
    lessons = [build_drill(drill) for drill in DRILLS]
    check_recalls(lessons)
    out = {}
    for number, (lesson, slug) in enumerate(zip([*lessons, build_game()], [d["slug"] for d in [*DRILLS, GAME]],
                                                strict=True), start=1):
        out[OUT / f"{number:02d}-{slug}.json"] = json.dumps(lesson, ensure_ascii=False, indent=1) + "\n"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if a file differs")
    args = parser.parse_args()
    wanted = files()
    if args.check:
        stale = [p.name for p, text in wanted.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        extra = [p.name for p in OUT.glob("*.json") if p not in wanted]
        if stale or extra:
            raise SystemExit(f"out of date: {stale}; not written by this script: {extra}")
        return
    for old in OUT.glob("*.json"):
        if old not in wanted:
            old.unlink()
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()

"""Trice in words: the log's sentences, the names of cells and fights, and why an action is refused.

English and French.  The words read the state (:mod:`engine.trice.state`)
and the board, and reach the rules only through the ``game`` they are handed:
the rules call them, never the other way round.

>>> from engine.trice.game import Trice
>>> game = Trice(); state = game.apply(game.new(3), (6, 0, 0))
>>> why_illegal(game, state, game.parse_action("end"), "fr")
"il faut d'abord lancer les dés (TR-05)"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core import Game
from engine.trice.board import SYMBOLS, SYMBOLS_FR
from engine.trice.state import (
    COLOURS,
    COLOURS_FR,
    DONE,
    END,
    FIRST,
    LEVEL,
    MAX_LEVEL,
    MOVE,
    NUCLEAR,
    NUKE,
    OVER,
    OWNER,
    PLACE,
    ROLL,
    ROLLING,
    START,
    SYMBOL_OF_FR,
    Action,
    TriceState,
    bis_held,
    dice_of,
    fight,
    piece,
    pieces_of,
    progress,
    winning_symbol,
)

if TYPE_CHECKING:
    from engine.trice.game import Trice


def points_left(points: int, fr: bool) -> str:
    """ "only 1 point is left" / "no point is left" (and in French), for the refusals.

    >>> points_left(0, False), points_left(1, False), points_left(2, True)
    ('no point is left', 'only 1 point is left', 'il ne reste que 2 points')
    """
    if fr:
        return "il ne reste aucun point" if points == 0 else f"il ne reste que {points} point{'s' if points > 1 else ''}"
    if points == 0:
        return "no point is left"
    return f"only {points} {'point is' if points == 1 else 'points are'} left"


def why_illegal(game: Trice, state: TriceState, action: Action, lang: str = "en") -> str:
    """Why ``action`` is refused here, naming the rule (English, or French for "fr").

    >>> from engine.trice.game import Trice
    >>> game = Trice(); state = game.apply(game.new(3), (6, 0, 0))
    >>> game.why_illegal(state, game.parse_action("end"), "fr")
    "il faut d'abord lancer les dés (TR-05)"
    """
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    try:
        kind, a, b = action
    except (TypeError, ValueError):
        return say("Trice knows no such action", "Trice ne connaît pas ce coup")
    phase = state.phase
    if phase == OVER:
        return say("the game is over", "la partie est finie")
    if phase == START:
        return say("who starts is still to be drawn: only 'first red', 'first green' or 'first blue' can come next",
                   "qui commence reste à tirer : seuls 'first red', 'first green' ou 'first blue' peuvent venir")
    if phase in (ROLLING, NUCLEAR) and kind == PLACE:
        if not b and 1 <= a <= MAX_LEVEL:
            return say(f"placing a level-{a} piece costs {a} point{'s' if a > 1 else ''} and the dice are not "
                       "rolled yet: only the free placement may come before the roll (TR-08, TR-09)",
                       f"poser une pièce de niveau {a} coûte {a} point{'s' if a > 1 else ''} et les dés ne sont "
                       "pas encore lancés : seule la pose gratuite peut venir avant le lancer (TR-08, TR-09)")
        return _why_not_place(game, state, a, bool(b), say, fr)
    if phase == ROLLING:
        if kind == ROLL:
            return say("a roll is three dice from 1 to 4, written in increasing order, e.g. 'roll 1 3 4' (TR-05)",
                       "un lancer, ce sont trois dés de 1 à 4 dans l'ordre croissant, par exemple 'roll 1 3 4' (TR-05)")
        return say("the dice must be rolled first (TR-05)", "il faut d'abord lancer les dés (TR-05)")
    if phase == NUCLEAR:
        if kind == NUKE:
            return _why_not_nuke(game, state, a, say)
        return say("the nuclear option comes first: remove pieces ('nuke <cell>') or say 'done' before rolling (TR-18)",
                   "l'option nucléaire vient d'abord : retirez des pièces ('nuke <case>') ou dites 'done' avant "
                   "de lancer (TR-18)")
    if kind in (ROLL, FIRST):
        return say("this is not the moment for a chance step: the dice are already rolled",
                   "ce n'est pas le moment d'un coup du hasard : les dés sont déjà lancés")
    who = (COLOURS_FR if fr else COLOURS)[state.seat]
    if kind in (NUKE, DONE):
        return say(f"{who} holds no nuclear option now: it is used at the start of the turn, before the roll, "
                   "by the tri-cell holder (TR-18)",
                   f"{who} n'a pas d'option nucléaire maintenant : elle sert au début du tour, avant le lancer, "
                   "à qui tient la tri-case (TR-18)")
    if kind == MOVE:
        return _why_not_move(game, state, a, b, say, fr)
    if kind == PLACE:
        return _why_not_place(game, state, a, bool(b), say, fr)
    return Game.why_illegal(game, state, action, lang)


def _why_not_nuke(game: Trice, state: TriceState, cell: int, say: Callable[[str, str], str]) -> str:
    board = state.board
    if not 0 <= cell < len(board.names):
        return say("there is no such cell", "cette case n'existe pas")
    here = board.names[cell]
    if not state.cells[cell]:
        return say(f"{here} is empty: there is nothing to remove", f"{here} est vide : il n'y a rien à retirer")
    if board.peace[cell]:
        return say(f"the piece on {here} stands on a peace symbol and cannot be removed (TR-18)",
                   f"la pièce en {here} est sur un symbole de paix et ne peut pas être retirée (TR-18)")
    return say("it is not a legal removal here", "ce retrait n'est pas permis ici")


def _why_not_move(game: Trice, state: TriceState, src: int, dst: int, say: Callable[[str, str], str], fr: bool) -> str:
    board = state.board
    n = len(board.names)
    if not (0 <= src < n and 0 <= dst < n):
        return say("there is no such cell", "cette case n'existe pas")
    cells, seat = state.cells, state.seat
    colours = COLOURS_FR if fr else COLOURS
    code = cells[src]
    here = board.names[src]
    there = board.names[dst]
    if not code:
        return say(f"{here} is empty", f"{here} est vide")
    if OWNER[code] != seat:
        owner, who = colours[OWNER[code]], colours[seat]
        return say(f"the piece on {here} is {owner}'s, not {who}'s", f"la pièce en {here} est à {owner}, pas à {who}")
    if dst not in board.neighbours[src]:
        return say(f"{there} does not share a side with {here}: a piece moves one cell at a time to a neighbour (TR-14)",
                   f"{there} n'a pas de côté commun avec {here} : une pièce avance d'une case à la fois, vers "
                   "une voisine (TR-14)")
    level = LEVEL[code]
    points = state.points
    if level > points:
        return say(f"moving a level-{level} piece costs {level} point{'s' if level > 1 else ''} and "
                   f"{points_left(points, False)} (TR-06)",
                   f"déplacer une pièce de niveau {level} coûte {level} point{'s' if level > 1 else ''} et "
                   f"{points_left(points, True)} (TR-06)")
    target = cells[dst]
    if target and OWNER[target] == seat:
        return say(f"{there} already holds a {colours[seat]} piece: no piece may enter a cell of its own colour (TR-15)",
                   f"{there} porte déjà une pièce {colours[seat]} : une pièce n'entre jamais sur une case de sa "
                   "couleur (TR-15)")
    if target and LEVEL[target] > level:
        return say(f"a level-{level} piece may not attack a level-{LEVEL[target]} piece (TR-13)",
                   f"une pièce de niveau {level} ne peut pas attaquer une pièce de niveau {LEVEL[target]} (TR-13)")
    if dst == board.tri:
        held = bis_held(state, seat)
        return say(f"a piece may enter the tri-cell only while its colour holds at least 2 bi-cells; "
                   f"{colours[seat]} holds {held} (TR-17)",
                   f"une pièce n'entre sur la tri-case que si sa couleur tient au moins 2 bi-cases ; "
                   f"{colours[seat]} en tient {held} (TR-17)")
    if board.is_bi(dst):
        count = len(pieces_of(state, seat))
        return say(f"a piece may enter a bi-cell only while its colour has at least 4 pieces on the board; "
                   f"{colours[seat]} has {count} (TR-16)",
                   f"une pièce n'entre sur une bi-case que si sa couleur a au moins 4 pièces sur le plateau ; "
                   f"{colours[seat]} en a {count} (TR-16)")
    return say("it is not a legal move here", "ce déplacement n'est pas permis ici")


def _why_not_place(game: Trice, state: TriceState, level: int, free: bool, say: Callable[[str, str], str], fr: bool) -> str:
    if not 1 <= level <= MAX_LEVEL:
        return say("a piece has level 1, 2 or 3 (TR-01)", "une pièce est de niveau 1, 2 ou 3 (TR-01)")
    seat = state.seat
    colours = COLOURS_FR if fr else COLOURS
    eye = state.board.eyes[seat]
    occupant = state.cells[eye]
    name = state.board.names[eye]
    points = state.points
    if occupant and OWNER[occupant] == seat:
        return say(f"your eye cell {name} already holds your own piece: move it away first (TR-10, TR-15)",
                   f"votre case œil {name} porte déjà une de vos pièces : déplacez-la d'abord (TR-10, TR-15)")
    if state.reserve[seat] < level:
        reserve = state.reserve[seat]
        return say(f"{colours[seat]} has only {reserve} pyramids in reserve: all 20 cannot be on the board at once "
                   "(TR-01)",
                   f"{colours[seat]} n'a plus que {reserve} pyramides en réserve : les 20 ne peuvent pas être "
                   "toutes sur le plateau (TR-01)")
    if occupant and LEVEL[occupant] > level:
        owner, other = colours[OWNER[occupant]], LEVEL[occupant]
        return say(f"{owner}'s level-{other} piece stands on your eye cell: a placement there is an attack, and a "
                   f"level-{level} piece may not attack it (TR-19, TR-13)",
                   f"la pièce de niveau {other} de {owner} est sur votre case œil : y poser est une attaque, et une "
                   f"pièce de niveau {level} ne peut pas l'attaquer (TR-19, TR-13)")
    if free and state.free_used:
        return say("the free placement has already been used this turn (TR-09)",
                   "la pose gratuite a déjà servi ce tour-ci (TR-09)")
    if not free and level > points:
        return say(f"placing a level-{level} piece costs {level} point{'s' if level > 1 else ''} and "
                   f"{points_left(points, False)} (TR-08)",
                   f"poser une pièce de niveau {level} coûte {level} point{'s' if level > 1 else ''} et "
                   f"{points_left(points, True)} (TR-08)")
    return say("it is not a legal placement here", "cette pose n'est pas permise ici")


def cell_words(game: Trice, state: TriceState, cell: int, lang: str = "en") -> str:
    """How the log names a cell: "the moon cell c1", "Green's eye cell d1"...

    >>> from engine.trice.game import Trice
    >>> game = Trice(); state = game.new(3)
    >>> game.cell_words(state, state.board.tri), game.cell_words(state, state.board.tri, "fr")
    ('the tri-cell c3', 'la tri-case c3')
    """
    board = state.board
    name = board.names[cell]
    syms = board.symbols[cell]
    fr = lang == "fr"
    words = SYMBOLS_FR if fr else SYMBOLS
    colours = COLOURS_FR if fr else COLOURS
    if len(syms) == 3:
        return f"la tri-case {name}" if fr else f"the tri-cell {name}"
    if len(syms) == 2:
        pair = f"{words[syms[0]]}-{words[syms[1]]}"
        return f"la bi-case {pair} {name}" if fr else f"the {pair} bi-cell {name}"
    if syms:
        return f"la case {words[syms[0]]} {name}" if fr else f"the {words[syms[0]]} cell {name}"
    if board.peace[cell]:
        return f"la case de paix {name}" if fr else f"the peace cell {name}"
    if board.eye_of[cell] >= 0:
        owner = colours[board.eye_of[cell]]
        return f"la case œil de {owner} {name}" if fr else f"{owner}'s eye cell {name}"
    return f"la case {name}" if fr else f"cell {name}"


def _fight_words(game: Trice, state: TriceState, attacker: int, target: int, lang: str = "en") -> str:
    defender = state.cells[target]
    if not defender:
        return ""
    a, d = LEVEL[attacker], LEVEL[defender]
    if lang == "fr":
        whose = f"la pièce de niveau {d} de {COLOURS_FR[OWNER[defender]]}"
        if a > d:
            return f" et élimine {whose}"
        if a == 1:
            return f" et attaque {whose} : les deux sont éliminées"
        return f" et élimine {whose}, en descendant au niveau {a - 1}"
    whose = f"{COLOURS[OWNER[defender]]}'s level-{d} piece"
    if a > d:
        return f" and eliminates {whose}"
    if a == 1:
        return f" and attacks {whose}: both are eliminated"
    return f" and eliminates {whose}, dropping to level {a - 1}"


def describe(game: Trice, state: TriceState, action: Action, lang: str = "en") -> str:
    """One sentence for the log, in English or French.

    >>> from engine.trice.game import Trice
    >>> game = Trice(); state = game.apply(game.new(3), (6, 0, 0))
    >>> roll = game.parse_action("roll 1 3 4")
    >>> game.describe(state, roll), game.describe(state, roll, "fr")
    ('Red rolls 1, 3 and 4: 8 points.', 'Rouge lance 1, 3 et 4 : 8 points.')
    """
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    colours = COLOURS_FR if fr else COLOURS
    kind, a, b = action
    if kind == FIRST:
        return say(f"The dice choose {colours[a]} to start.", f"Les dés désignent {colours[a]} pour commencer.")
    who = colours[state.seat] if state.seat >= 0 else say("Nobody", "Personne")
    if kind == ROLL:
        d = dice_of(a)
        return say(f"{who} rolls {d[0]}, {d[1]} and {d[2]}: {sum(d)} points.",
                   f"{who} lance {d[0]}, {d[1]} et {d[2]} : {sum(d)} points.")
    if kind == END:
        sym = winning_symbol(state, state.seat)
        if sym is not None:
            return say(f"{who} ends the turn holding all five {SYMBOLS[sym]} cells and wins.",
                       f"{who} finit son tour en tenant les cinq cases {SYMBOL_OF_FR[sym]} et gagne.")
        if state.turn + 1 >= state.turn_limit:
            return say(f"{who} ends the turn; the turn limit is reached and the game is a draw.",
                       f"{who} finit son tour ; la limite de tours est atteinte : partie nulle.")
        return say(f"{who} ends the turn.", f"{who} finit son tour.")
    if kind == DONE:
        return say(f"{who} ends the nuclear option.", f"{who} met fin à l'option nucléaire.")
    if kind == NUKE:
        code = state.cells[a]
        owner = colours[OWNER[code]]
        own = OWNER[code] == state.seat
        cell = cell_words(game, state, a, lang)
        whose = "its own" if own else f"{owner}'s"
        return say(f"{who} uses the nuclear option on {whose} level-{LEVEL[code]} piece on {cell}.",
                   f"{who} utilise l'option nucléaire sur {'sa propre pièce' if own else f'la pièce de {owner}'} "
                   f"de niveau {LEVEL[code]}, sur {cell}.")
    if kind == MOVE:
        code = state.cells[a]
        here, there = cell_words(game, state, a, lang), cell_words(game, state, b, lang)
        fight = _fight_words(game, state, code, b, lang)
        return say(f"{who} moves a level-{LEVEL[code]} piece from {here} to {there}{fight}.",
                   f"{who} déplace une pièce de niveau {LEVEL[code]} de {here} à {there}{fight}.")
    if kind == PLACE:
        fight = _fight_words(game, state, piece(state.seat, a), state.board.eyes[state.seat], lang)
        how = say("for free" if b else f"for {a} point{'s' if a > 1 else ''}",
                  "gratuitement" if b else f"pour {a} point{'s' if a > 1 else ''}")
        if state.phase in (NUCLEAR, ROLLING):
            how += say(" before the roll", " avant le lancer")
        return say(f"{who} places a level-{a} piece on its eye cell {how}{fight}.",
                   f"{who} pose une pièce de niveau {a} sur sa case œil {how}{fight}.")
    return say(f"{who} plays {game._action_text(action)}.", f"{who} joue {game._action_text(action)}.")


# -- the goal, and how far each seat is from it (TR-02) --------------------------------------------
_SYMBOL_NAMES = {"en": ("sun", "moon", "star"), "fr": ("soleil", "lune", "étoile")}


def goal(lang: str = "en") -> str:
    """The win condition in one sentence (TR-02).

    >>> goal()
    'Goal: at the end of your turn, hold all 5 cells of one symbol (sun, moon or star).'
    """
    if lang == "fr":
        return "But : à la fin de votre tour, occuper les 5 cases d'un même symbole (soleil, lune ou étoile)."
    return "Goal: at the end of your turn, hold all 5 cells of one symbol (sun, moon or star)."


def close_call(state: TriceState, lang: str = "en") -> str | None:
    """Who is one cell from winning, in words (the seat to play first), or ``None``.

    >>> from engine.trice.game import setup
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1"}, 0))
    'Green needs one more moon cell'
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1"}, 0), "fr")
    "Vert n'a plus besoin que d'une case de la lune"
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2"}, 0)) is None
    True
    """
    fr = lang == "fr"
    names = _SYMBOL_NAMES["fr" if fr else "en"]
    found = []
    for seat in sorted(range(3), key=lambda s: (s - state.seat) % 3):
        for sym, (held, group) in enumerate(zip(progress(state, seat), state.board.symbol_cells)):
            if held == len(group) - 1:
                who = (COLOURS_FR if fr else COLOURS)[seat]
                found.append(f"{who} n'a plus besoin que d'une case {SYMBOL_OF_FR[sym]}" if fr
                             else f"{who} needs one more {names[sym]} cell")
    return "; ".join(found) if found else None

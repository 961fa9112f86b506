"""Trice in words: the log's sentences, the names of cells and fights, and why an action is refused.

English and French.  The words read the state (:mod:`engine.trice.state`)
and the board, and reach the rules only through the ``game`` they are handed:
the rules call them, never the other way round.

>>> from engine.trice.rules import Trice
>>> game = Trice(); state = game.apply(game.new(3), Action.first(0))
>>> why_illegal(game, state, game.parse_action("end"), "fr")
"il faut d'abord lancer les dés (TR-05)"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core import Refusal
from engine.trice.actions import DONE, END, FIRST, MOVE, NUKE, PLACE, ROLL, Action
from engine.trice.layout import SYMBOLS, SYMBOLS_FR
from engine.trice.state import (
    COLOURS,
    COLOURS_FR,
    LEVEL,
    NUCLEAR,
    OWNER,
    ROLLING,
    SYMBOL_OF_FR,
    TriceState,
    piece,
    progress,
    winning_symbol,
)

if TYPE_CHECKING:
    from engine.trice.rules import Trice


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
    """Why ``action`` is refused here, naming the rule (English, or French for "fr"): the rules' check, worded.

    >>> from engine.trice.rules import Trice
    >>> game = Trice(); state = game.apply(game.new(3), Action.first(0))
    >>> game.why_illegal(state, game.parse_action("end"), "fr")
    "il faut d'abord lancer les dés (TR-05)"
    """
    return refusal_words(game.check(state, action) or Refusal(None, "not_legal"), lang)


def colour_names(lang: str = "en") -> tuple[str, ...]:
    """The seats' colours in words, in English or French: the one list the log, the refusals and the page say.

    >>> colour_names(), colour_names("fr")
    (('Red', 'Green', 'Blue'), ('Rouge', 'Vert', 'Bleu'))
    """
    return COLOURS_FR if lang == "fr" else COLOURS


def _pts(n: int) -> str:
    """ "1 point", "3 points" (the same in both languages)."""
    return f"{n} point{'s' if n > 1 else ''}"


_Words = Callable[[Mapping[str, Any]], str]
_COL, _COL_FR = COLOURS, COLOURS_FR

#: Each refusal's key -> its words in English and in French, made from the refusal's values alone.
REFUSAL_WORDS: dict[str, tuple[_Words, _Words]] = {
    "not_an_action": (lambda v: "Trice knows no such action", lambda v: "Trice ne connaît pas ce coup"),
    "not_legal": (lambda v: "it is not a legal action in this position",
                  lambda v: "ce coup n'est pas permis dans cette position"),
    "game_over": (lambda v: "the game is over", lambda v: "la partie est finie"),
    "draw_first": (lambda v: "who starts is still to be drawn: only 'first red', 'first green' or 'first blue' can "
                             "come next",
                   lambda v: "qui commence reste à tirer : seuls 'first red', 'first green' ou 'first blue' peuvent "
                             "venir"),
    "paid_before_roll": (
        lambda v: f"placing a level-{v['level']} piece costs {_pts(v['level'])} and the dice are not rolled yet: "
                  "only the free placement may come before the roll (TR-08, TR-09)",
        lambda v: f"poser une pièce de niveau {v['level']} coûte {_pts(v['level'])} et les dés ne sont pas encore "
                  "lancés : seule la pose gratuite peut venir avant le lancer (TR-08, TR-09)"),
    "not_a_roll": (lambda v: "a roll is three dice from 1 to 4, written in increasing order, e.g. 'roll 1 3 4' (TR-05)",
                   lambda v: "un lancer, ce sont trois dés de 1 à 4 dans l'ordre croissant, par exemple 'roll 1 3 4' "
                             "(TR-05)"),
    "roll_first": (lambda v: "the dice must be rolled first (TR-05)", lambda v: "il faut d'abord lancer les dés (TR-05)"),
    "nuclear_first": (lambda v: "the nuclear option comes first: remove pieces ('nuke <cell>') or say 'done' before "
                                "rolling (TR-18)",
                      lambda v: "l'option nucléaire vient d'abord : retirez des pièces ('nuke <case>') ou dites 'done' "
                                "avant de lancer (TR-18)"),
    "no_chance_step": (lambda v: "this is not the moment for a chance step: the dice are already rolled",
                       lambda v: "ce n'est pas le moment d'un coup du hasard : les dés sont déjà lancés"),
    "no_nuclear_option": (
        lambda v: f"{_COL[v['seat']]} holds no nuclear option now: it is used at the start of the turn, before the "
                  "roll, by the tri-cell holder (TR-18)",
        lambda v: f"{_COL_FR[v['seat']]} n'a pas d'option nucléaire maintenant : elle sert au début du tour, avant le "
                  "lancer, à qui tient la tri-case (TR-18)"),
    "no_such_cell": (lambda v: "there is no such cell", lambda v: "cette case n'existe pas"),
    "nothing_to_remove": (lambda v: f"{v['cell']} is empty: there is nothing to remove",
                          lambda v: f"{v['cell']} est vide : il n'y a rien à retirer"),
    "peace_symbol": (lambda v: f"the piece on {v['cell']} stands on a peace symbol and cannot be removed (TR-18)",
                     lambda v: f"la pièce en {v['cell']} est sur un symbole de paix et ne peut pas être retirée "
                               "(TR-18)"),
    "cell_empty": (lambda v: f"{v['cell']} is empty", lambda v: f"{v['cell']} est vide"),
    "not_your_piece": (lambda v: f"the piece on {v['cell']} is {_COL[v['owner']]}'s, not {_COL[v['seat']]}'s",
                       lambda v: f"la pièce en {v['cell']} est à {_COL_FR[v['owner']]}, pas à {_COL_FR[v['seat']]}"),
    "not_a_neighbour": (
        lambda v: f"{v['dst']} does not share a side with {v['src']}: a piece moves one cell at a time to a "
                  "neighbour (TR-14)",
        lambda v: f"{v['dst']} n'a pas de côté commun avec {v['src']} : une pièce avance d'une case à la fois, vers "
                  "une voisine (TR-14)"),
    "move_costs": (lambda v: f"moving a level-{v['level']} piece costs {_pts(v['level'])} and "
                             f"{points_left(v['points'], False)} (TR-06)",
                   lambda v: f"déplacer une pièce de niveau {v['level']} coûte {_pts(v['level'])} et "
                             f"{points_left(v['points'], True)} (TR-06)"),
    "own_colour": (lambda v: f"{v['cell']} already holds a {_COL[v['seat']]} piece: no piece may enter a cell of its "
                             "own colour (TR-15)",
                   lambda v: f"{v['cell']} porte déjà une pièce {_COL_FR[v['seat']]} : une pièce n'entre jamais sur "
                             "une case de sa couleur (TR-15)"),
    "smaller_attacks": (lambda v: f"a level-{v['level']} piece may not attack a level-{v['other']} piece (TR-13)",
                        lambda v: f"une pièce de niveau {v['level']} ne peut pas attaquer une pièce de niveau "
                                  f"{v['other']} (TR-13)"),
    "tri_needs_bis": (lambda v: "a piece may enter the tri-cell only while its colour holds at least 2 bi-cells; "
                                f"{_COL[v['seat']]} holds {v['held']} (TR-17)",
                      lambda v: "une pièce n'entre sur la tri-case que si sa couleur tient au moins 2 bi-cases ; "
                                f"{_COL_FR[v['seat']]} en tient {v['held']} (TR-17)"),
    "bi_needs_pieces": (lambda v: "a piece may enter a bi-cell only while its colour has at least 4 pieces on the "
                                  f"board; {_COL[v['seat']]} has {v['count']} (TR-16)",
                        lambda v: "une pièce n'entre sur une bi-case que si sa couleur a au moins 4 pièces sur le "
                                  f"plateau ; {_COL_FR[v['seat']]} en a {v['count']} (TR-16)"),
    "no_such_level": (lambda v: "a piece has level 1, 2 or 3 (TR-01)", lambda v: "une pièce est de niveau 1, 2 ou 3 (TR-01)"),
    "eye_holds_own_piece": (
        lambda v: f"your eye cell {v['cell']} already holds your own piece: move it away first (TR-10, TR-15)",
        lambda v: f"votre case œil {v['cell']} porte déjà une de vos pièces : déplacez-la d'abord (TR-10, TR-15)"),
    "reserve_short": (lambda v: f"{_COL[v['seat']]} has only {v['reserve']} pyramids in reserve: all 20 cannot be on "
                                "the board at once (TR-01)",
                      lambda v: f"{_COL_FR[v['seat']]} n'a plus que {v['reserve']} pyramides en réserve : les 20 ne "
                                "peuvent pas être toutes sur le plateau (TR-01)"),
    "eye_holds_bigger": (
        lambda v: f"{_COL[v['owner']]}'s level-{v['other']} piece stands on your eye cell: a placement there is an "
                  f"attack, and a level-{v['level']} piece may not attack it (TR-19, TR-13)",
        lambda v: f"la pièce de niveau {v['other']} de {_COL_FR[v['owner']]} est sur votre case œil : y poser est une "
                  f"attaque, et une pièce de niveau {v['level']} ne peut pas l'attaquer (TR-19, TR-13)"),
    "free_placement_used": (lambda v: "the free placement has already been used this turn (TR-09)",
                            lambda v: "la pose gratuite a déjà servi ce tour-ci (TR-09)"),
    "place_costs": (lambda v: f"placing a level-{v['level']} piece costs {_pts(v['level'])} and "
                              f"{points_left(v['points'], False)} (TR-08)",
                    lambda v: f"poser une pièce de niveau {v['level']} coûte {_pts(v['level'])} et "
                              f"{points_left(v['points'], True)} (TR-08)"),
}


def refusal_words(refusal: Refusal, lang: str = "en") -> str:
    """A refusal of :meth:`~engine.trice.rules.Trice.check` in words (English, or French for "fr").

    >>> refusal_words(Refusal("TR-06", "move_costs", {"level": 2, "points": 1}))
    'moving a level-2 piece costs 2 points and only 1 point is left (TR-06)'
    """
    english, french = REFUSAL_WORDS[refusal.key]
    return (french if lang == "fr" else english)(refusal.values)


def cell_words(game: Trice, state: TriceState, cell: int, lang: str = "en") -> str:
    """How the log names a cell: "the moon cell c1", "Green's eye cell d1"...

    >>> from engine.trice.rules import Trice
    >>> game = Trice(); state = game.new(3)
    >>> game.cell_words(state, state.board.tri), game.cell_words(state, state.board.tri, "fr")
    ('the tri-cell c3', 'la tri-case c3')
    """
    board = state.board
    name = board.names[cell]
    syms = board.symbols[cell]
    fr = lang == "fr"
    words = SYMBOLS_FR if fr else SYMBOLS
    colours = colour_names(lang)
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

    >>> from engine.trice.rules import Trice
    >>> game = Trice(); state = game.apply(game.new(3), Action.first(0))
    >>> roll = game.parse_action("roll 1 3 4")
    >>> game.describe(state, roll), game.describe(state, roll, "fr")
    ('Red rolls 1, 3 and 4: 8 points.', 'Rouge lance 1, 3 et 4 : 8 points.')
    """
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    colours = colour_names(lang)
    if type(action) is not Action:  # a plain (kind, a, b) tuple, as older callers give
        action = Action(*action)
    kind = action.kind
    if kind == FIRST:
        first = colours[action.seat]
        return say(f"The dice choose {first} to start.", f"Les dés désignent {first} pour commencer.")
    who = colours[state.seat] if state.seat >= 0 else say("Nobody", "Personne")
    if kind == ROLL:
        d = action.dice
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
        code = state.cells[action.cell]
        owner = colours[OWNER[code]]
        own = OWNER[code] == state.seat
        cell = cell_words(game, state, action.cell, lang)
        whose = "its own" if own else f"{owner}'s"
        return say(f"{who} uses the nuclear option on {whose} level-{LEVEL[code]} piece on {cell}.",
                   f"{who} utilise l'option nucléaire sur {'sa propre pièce' if own else f'la pièce de {owner}'} "
                   f"de niveau {LEVEL[code]}, sur {cell}.")
    if kind == MOVE:
        code = state.cells[action.src]
        here, there = cell_words(game, state, action.src, lang), cell_words(game, state, action.dst, lang)
        fight = _fight_words(game, state, code, action.dst, lang)
        return say(f"{who} moves a level-{LEVEL[code]} piece from {here} to {there}{fight}.",
                   f"{who} déplace une pièce de niveau {LEVEL[code]} de {here} à {there}{fight}.")
    if kind == PLACE:
        level = action.level
        fight = _fight_words(game, state, piece(state.seat, level), state.board.eyes[state.seat], lang)
        how = say("for free" if action.free else f"for {level} point{'s' if level > 1 else ''}",
                  "gratuitement" if action.free else f"pour {level} point{'s' if level > 1 else ''}")
        if state.phase in (NUCLEAR, ROLLING):
            how += say(" before the roll", " avant le lancer")
        return say(f"{who} places a level-{level} piece on its eye cell {how}{fight}.",
                   f"{who} pose une pièce de niveau {level} sur sa case œil {how}{fight}.")
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


def turn(lang: str = "en") -> str:
    """How a turn goes, in a few sentences (TR-05, TR-06, TR-08, TR-09, TR-14): what a page shows where its decision
    will be while the game loads, so a first visit on a slow network has something to read.

    >>> turn().startswith("Each turn: roll")
    True
    """
    if lang == "fr":
        return ("À chaque tour\u00a0: lancez trois dés à 4 faces\u00a0; leur somme donne vos points. Dépensez-les pour "
                "poser des pièces sur votre case œil (une pose par tour est gratuite, sinon une pièce coûte "
                "son niveau) et pour avancer des pièces vers une case qui touche la leur par un côté, chaque "
                "pas coûtant le niveau de la pièce.")
    return ("Each turn: roll three 4-sided dice; their sum is your points. Spend them to place pieces on "
            "your eye cell (one placement a turn is free, otherwise a piece costs its level) and to move "
            "pieces to a cell that shares a side, each step costing the piece's level.")


def close_call(state: TriceState, lang: str = "en") -> str | None:
    """Who is one cell from winning, in words (the seat to play first), or ``None``.

    >>> from engine.trice.rules import setup
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1"}, 0))
    'Green needs one more moon cell'
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1"}, 0), "fr")
    "Vert n'a plus besoin que d'une case de la lune"
    >>> close_call(setup({"c1": "G1", "c2": "G1", "d4": "G2"}, 0)) is None
    True

    A seat one cell short of two symbols is named once:

    >>> near = setup({"c1": "G1", "c2": "G1", "d4": "G2", "d6": "G1", "b3": "G1", "c4": "G1", "d2": "G1"}, 0)
    >>> close_call(near)
    'Green needs one more sun or moon cell'
    >>> close_call(near, "fr")
    "Vert n'a plus besoin que d'une case du soleil ou de la lune"
    """
    fr = lang == "fr"
    names = _SYMBOL_NAMES["fr" if fr else "en"]
    found = []
    for seat in sorted(range(3), key=lambda s: (s - state.seat) % 3):
        # a seat one cell short of two symbols is named once, with both
        near = [sym for sym, (held, group) in enumerate(zip(progress(state, seat), state.board.symbol_cells))
                if held == len(group) - 1]
        if not near:
            continue
        who = colour_names(lang)[seat]
        if fr:
            found.append(f"{who} n'a plus besoin que d'une case " + " ou ".join(SYMBOL_OF_FR[sym] for sym in near))
        else:
            found.append(f"{who} needs one more " + " or ".join(names[sym] for sym in near) + " cell")
    # French sets a narrow no-break space before a semicolon
    return ("\u202f; " if fr else "; ").join(found) if found else None

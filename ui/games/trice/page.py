"""Trice's page view: the board, the controls and the player panels as strings.

The view's own state (``ui``) is the cell of the selected piece, or None.
The gestures are :mod:`ui.games.trice.gestures`' (written and read there):
``select <cell>`` picks (or drops) a piece, ``deselect`` drops it; the
board's destinations, the placement buttons, ``done`` and ``end turn`` carry
``do <action>`` and go straight to the engine.  Whatever cannot be used now
still answers in words, in the page's language (``ctx.lang``): a cell
carries ``tap <cell>`` and a refused placement button ``why <action>`` (it
is ``aria-disabled``, not ``disabled``, so a tap reaches it); the view
refuses them with the reason, the rule's ID at the end.

>>> from dataclasses import replace
>>> from engine.trice.rules import Trice, setup
>>> from ui.app.view import SeatInfo, ViewContext
>>> view, game = View(), Trice()
>>> state = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
>>> ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("B", "heuristic"), SeatInfo("C", "random")),
...                   interactive_seat=0)
>>> ui, action = view.handle(game, state, None, "select b1", ctx)
>>> ui, action
('b1', None)
>>> 'data-act="do move b1 b2"' in view.regions(game, state, ui, ctx)["board"]
True
>>> view.handle(game, state, None, "tap c2", replace(ctx, lang="fr"))
Traceback (most recent call last):
...
ui.app.refused.Refused: Il n'y a pas de pièce en c2 : choisissez d'abord une de vos pièces, puis la case où l'envoyer.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Game
from engine.trice.actions import DONE_ACTION, END_ACTION, MOVE, NUKE, PLACE, Action
from engine.trice.layout import SYMBOLS, SYMBOLS_FR
from engine.trice.rules import (
    DRAW,
    LEVEL,
    MAX_LEVEL,
    NUCLEAR,
    OVER,
    OWNER,
    PLAYING,
    ROLLING,
    START,
    SYMBOL_OF_FR,
    Trice,
    TriceState,
    pieces_of,
    progress,
    winning_symbol,
)
from engine.trice.words import colour_names
from ui.app.players import controller_label
from ui.app.refused import Refused
from ui.app.view import GameView, ViewContext, button
from ui.app.words import LANGS, Catalogue, lang_of, pick
from ui.games.trice.board import (
    SEAT_COLOURS,
    piece_label,
    pyramid_stack,
    render_board,
    symbol_icon,
    trail_of,
)
from ui.games.trice.gestures import Deselect, Play, Select, Why, parse_gesture

#: Where a seat's badge (markup) goes into words that were escaped first.
SLOT = "\x00"
#: Each seat's line style, the same as its marks on the board (Red solid, Green dotted, Blue dashed).
BORDER_STYLES = ("solid", "dotted", "dashed")

PANEL_STYLE = "<style>" + """
.trice-panels{display:flex;flex-wrap:wrap;gap:.6rem}
.trice-panel{flex:1 1 12rem;border:2px solid #d9ccb4;border-left-width:6px;border-radius:.8rem;padding:.5rem .7rem;background:#fffaf0}
.trice-panel.trice-turn{box-shadow:0 0 0 3px #f5d48a}
.trice-panel h3{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:0 0 .3rem;font-size:1.05rem}
.trice-panel ul{list-style:none;margin:0;padding:0;font-size:.92rem}
.trice-prog{display:flex;flex-wrap:wrap;gap:.6rem;margin-top:.3rem}
.trice-prog span{display:inline-flex;align-items:center;gap:.15rem}
.trice-tag{font-size:.75rem;background:#7a4f00;color:#fff;border-radius:.5rem;padding:0 .4rem}
.trice-dice{display:inline-flex;align-items:center;gap:.35rem;margin-right:.8rem}
.trice-note{margin:.35rem 0}
.trice-alert{margin:.35rem 0;padding:.35rem .6rem;border-left:4px solid #c98a1b;background:#fff4d6}
.trice-row{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.3rem 0}
.trice-place{display:grid;grid-template-columns:auto repeat(3,minmax(2.75rem,6.5rem));gap:.35rem .4rem;align-items:center;margin:.3rem 0}
.trice-place .btn{padding:.25rem .4rem;line-height:1.15;white-space:nowrap}
.trice-place small{display:block;font-size:.78rem;font-weight:400}
@media (max-width:359px){.trice-place .btn{white-space:normal}}
.trice-who{font-weight:600;white-space:nowrap}.trice-who svg{vertical-align:-.45em;margin-right:.15rem}
.game-trice [data-region=controls]>.trice-note,.game-trice [data-region=controls]>.trice-alert{order:-1;flex:1 0 100%;margin:0 0 .1rem}
""" + "".join(
    # one colour and one line per seat wherever the page names it: panels, log lines (the log's
    # lines carry their seat), the player named in the controls
    f".trice-panel[data-seat='{seat}']{{border-color:{base};border-left-style:{BORDER_STYLES[seat]}}}"
    f".game-trice .log li[data-seat='{seat}']{{border-left:4px {BORDER_STYLES[seat]} {base};padding-left:.35rem}}"
    for seat, (base, _light, _dark, _pattern) in enumerate(SEAT_COLOURS)
) + "</style>"

WORDS = Catalogue({
    "en": {
        "points": "points left", "point": "point left", "points_none": "points left", "free": "free", "pts": "pts", "pt": "pt",
        "place": "Place level {k}", "pay": "or pay:", "end": "End turn",
        "level": "Level {k}", "place_free": "Place, free:", "place_paid": "Place, paying:",
        "place_group": "Place a new piece on your eye cell {eye}", "done": "Done with the nuclear option",
        "only_end": "No move and no placement is possible: End turn is your one choice.",
        "no_points": "You have no points left.", "no_pieces": "You have no piece on the board.",
        "stuck_pieces": "None of your pieces can move with {n} point{s} left.",
        "nuclear": "Nuclear option: you hold the tri-cell. Remove up to {n} more piece{s} (tap a piece marked "
                   "with the trefoil), yours included. Pieces on peace cells are immune.",
        "nuclear_other": "{who} is using the nuclear option ({n} removal{s} left).",
        "roll_first_piece": "You have no piece on the board yet. Roll the dice for this turn's movement points, "
                            "or place your first piece on your eye cell {eye} now: one placement each turn is free.",
        "roll_or_place": "Roll the dice for this turn's movement points. Your free placement on your eye cell "
                         "{eye} may come before the roll.",
        "roll": "Roll the dice for this turn's movement points.",
        "pick": "Select one of your pieces, then a highlighted cell: the number is the cost, a red burst an attack.",
        "pick_or_place": "Select one of your pieces, then a highlighted cell (the number is the cost, a red burst "
                         "an attack), or place a new piece on your eye cell {eye}.",
        "place_first": "No piece on the board yet: place one on your eye cell {eye} (one placement a turn is free), "
                       "then move it.",
        "place_only": "None of your pieces can move now: place a new piece on your eye cell {eye}, or end your turn.",
        "chosen": "Choose a destination for the piece on {cell}: the number is the cost, a red burst marks an attack.",
        "cancel": "Cancel selection", "wait": "{who} is playing…", "start": "Drawing who starts…",
        "over": "Game over.", "won": "{who} wins, holding all five {symbol} cells.", "reserve": "Reserve", "pyramids": "pyramids", "pyramid": "pyramid",
        "on_board": "On board", "pieces": "pieces", "piece": "piece", "colon": ": ", "turn": "to play",
        "winner": "winner", "draw": "Draw (turn limit reached).", "dice": "Dice", "unrolled": "Dice not rolled yet",
        "you": "You", "you_tag": "you",
        # a tap on what cannot be used now: words, the rule's ID at the end
        "tap_roll": "Roll the dice first: moving a piece costs points, and the dice give them (TR-05).",
        "tap_roll_place": "Roll the dice first: moving a piece costs points, and the dice give them. Before the "
                          "roll you may already place your free piece on your eye cell {eye} (TR-05, TR-09).",
        "tap_nuke_empty": "{cell} is empty. Tap a piece marked with the trefoil to remove it, or end the nuclear "
                          "option (TR-18).",
        "tap_nuke_peace": "The {piece} on {cell} stands on a peace cell: the nuclear option cannot remove it (TR-18).",
        "tap_empty": "There is no piece on {cell}: select one of your pieces first, then the cell to move it to.",
        "tap_eye": "To place a new piece on your eye cell {cell}, use the “Place level …” buttons below (TR-08).",
        "tap_none_yet": "You have no piece on the board yet: place one on your eye cell {eye} with a button "
                        "below (TR-08).",
        "tap_theirs": "The piece on {cell} is {owner}'s. To attack it, select one of your pieces next to it, "
                      "then this cell (TR-11).",
        "tap_stuck": "The piece on {cell} cannot move now. {reasons}",
        "tap_move": "The piece on {src} cannot go to {cell}: {reason}.",
        "no_cell": "There is no cell {cell} on the board.",
        "chance_start": "Draw who starts", "chance_roll": "Roll the dice",
    },
    "fr": {
        "points": "points restants", "point": "point restant", "points_none": "point restant", "free": "gratuit", "pts": "pts", "pt": "pt",
        "place": "Poser un niveau {k}", "pay": "ou payer :", "end": "Fin du tour",
        "level": "Niveau {k}", "place_free": "Pose gratuite :", "place_paid": "Pose payante :",
        "place_group": "Poser une nouvelle pièce sur votre case œil {eye}", "done": "Terminer l'option nucléaire",
        "only_end": "Aucun déplacement ni placement n'est possible : il ne reste qu'à finir le tour.",
        "no_points": "Il ne vous reste aucun point.", "no_pieces": "Vous n'avez aucune pièce sur le plateau.",
        "stuck_pieces": "Aucune de vos pièces ne peut se déplacer avec {n} point{s} restant{s}.",  # n > 0
        "nuclear": "Option nucléaire : vous tenez la tri-case. Retirez jusqu'à {n} pièce{s} de plus (touchez une "
                   "pièce marquée du trèfle), les vôtres comprises. Les pièces sur une case de paix sont protégées.",
        "nuclear_other": "{who} utilise l'option nucléaire ({n} retrait{s} restant{s}).",
        "roll_first_piece": "Vous n'avez encore aucune pièce sur le plateau. Lancez les dés pour les points de "
                            "mouvement du tour, ou posez dès maintenant votre première pièce sur votre case œil "
                            "{eye} : une pose par tour est gratuite.",
        "roll_or_place": "Lancez les dés pour obtenir les points de mouvement du tour. Votre pose gratuite sur votre "
                         "case œil {eye} peut venir avant le lancer.",
        "roll": "Lancez les dés pour obtenir les points de mouvement du tour.",
        "pick": "Choisissez une de vos pièces, puis une case en surbrillance : le nombre est le coût, "
                "une étoile rouge une attaque.",
        "pick_or_place": "Choisissez une de vos pièces, puis une case en surbrillance (le nombre est le coût, une "
                         "étoile rouge une attaque), ou posez une nouvelle pièce sur votre case œil {eye}.",
        "place_first": "Aucune pièce sur le plateau : posez-en une sur votre case œil {eye} (une pose par tour est "
                       "gratuite), puis déplacez-la.",
        "place_only": "Aucune de vos pièces ne peut se déplacer maintenant : posez une nouvelle pièce sur votre case "
                      "œil {eye}, ou finissez votre tour.",
        "chosen": "Choisissez où va la pièce de {cell} : le nombre est le coût, une étoile rouge marque une attaque.",
        "cancel": "Annuler la sélection", "wait": "{who} joue…", "start": "Tirage au sort du premier joueur…",
        "over": "Partie terminée.", "won": "{who} gagne en tenant les cinq cases {symbol}.", "reserve": "Réserve", "pyramids": "pyramides", "pyramid": "pyramide",
        "on_board": "Sur le plateau", "pieces": "pièces", "piece": "pièce", "colon": " : ", "turn": "joue",
        "winner": "gagnant", "draw": "Match nul (limite de tours atteinte).", "dice": "Dés",
        "unrolled": "Dés pas encore lancés", "you": "Vous", "you_tag": "vous",
        "tap_roll": "Lancez d'abord les dés : déplacer une pièce coûte des points, et ce sont les dés qui les "
                    "donnent (TR-05).",
        "tap_roll_place": "Lancez d'abord les dés : déplacer une pièce coûte des points, et ce sont les dés qui les "
                          "donnent. Avant le lancer, vous pouvez déjà poser votre pièce gratuite sur votre case "
                          "œil {eye} (TR-05, TR-09).",
        "tap_nuke_empty": "{cell} est vide. Touchez une pièce marquée du trèfle pour la retirer, ou terminez "
                          "l'option nucléaire (TR-18).",
        "tap_nuke_peace": "La {piece} en {cell} est sur une case de paix : l'option nucléaire ne peut pas la "
                          "retirer (TR-18).",
        "tap_empty": "Il n'y a pas de pièce en {cell} : choisissez d'abord une de vos pièces, puis la case où "
                     "l'envoyer.",
        "tap_eye": "Pour poser une nouvelle pièce sur votre case œil {cell}, utilisez les boutons « Poser un "
                   "niveau … » ci-dessous (TR-08).",
        "tap_none_yet": "Vous n'avez encore aucune pièce sur le plateau : posez-en une sur votre case œil {eye} "
                        "avec un bouton ci-dessous (TR-08).",
        "tap_theirs": "La pièce en {cell} est à {owner}. Pour l'attaquer, choisissez une de vos pièces voisine, "
                      "puis cette case (TR-11).",
        "tap_stuck": "La pièce en {cell} ne peut pas bouger maintenant. {reasons}",
        "tap_move": "La pièce en {src} ne peut pas aller en {cell} : {reason}.",
        "no_cell": "Il n'y a pas de case {cell} sur le plateau.",
        "chance_start": "Tirer qui commence", "chance_roll": "Lancer les dés",
    },
})


def sentence(reason: str) -> str:
    """An engine reason as a sentence: capital first, full stop last.

    >>> sentence("the free placement has already been used this turn (TR-09)")
    'The free placement has already been used this turn (TR-09).'
    """
    text = reason.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def count(n: int, one: str, many: str) -> str:
    """ "1 piece", "0 pieces", "3 pieces" (French uses the singular for 0 and 1).

    >>> count(1, "piece", "pieces"), count(2, "piece", "pieces")
    ('1 piece', '2 pieces')
    """
    singular = n == 1 or (n == 0 and one in ("pièce", "pyramide"))
    return f"{n} {one if singular else many}"


def die_svg(value: int | str) -> str:
    """One four-sided die, drawn as a small pyramid face with its number (its words are the dice row's)."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" width="2em" height="1.9em" '
            'aria-hidden="true" focusable="false"><polygon points="16,2 30,28 2,28" fill="#fffaf0" stroke="#6d5a3c" '
            'stroke-width="2" stroke-linejoin="round"/><text x="16" y="23" text-anchor="middle" '
            f'font-family="system-ui,sans-serif" font-weight="700" font-size="13" fill="#3a2a14">{value}</text></svg>')


def swatch_svg(seat: int, level: int = 2, *, uid: str) -> str:
    """A small piece in the seat's colour and pattern (panels, the player named in the controls).

    ``uid`` is the drawing's id: its pattern is its own, as the board's lives in another
    drawing, which may be redrawn apart (see :mod:`ui.draw.svg`).
    """
    pattern = SEAT_COLOURS[seat][3]
    body = {"plain": '<rect width="7" height="7" fill="#fff" fill-opacity="0"/>',
            "dots": '<circle cx="3.5" cy="3.5" r="1.5" fill="#fff" fill-opacity=".55"/>',
            "stripes": '<rect width="2.6" height="7" fill="#fff" fill-opacity=".45"/>'}[pattern]
    rot = ' patternTransform="rotate(45)"' if pattern == "stripes" else ""
    defs = (f'<defs><pattern id="{uid}-pat-{pattern}" width="7" height="7" patternUnits="userSpaceOnUse"{rot}>'
            f'{body}</pattern></defs>')
    stack = pyramid_stack(0, 0, seat, level, uid=uid, shadow=False)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" viewBox="-24 -50 48 54" width="1.8em" height="2em" '
            f'aria-hidden="true" focusable="false">{defs}{stack}</svg>')


def icon_svg(symbol: int) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-12 -12 24 24" width="1.2em" height="1.2em" '
            f'aria-hidden="true" focusable="false">{symbol_icon(symbol, 0, 0, 11)}</svg>')


def seat_title(seat: int, ctx: ViewContext) -> str:
    """The one name of a seat on this page: its player's name (or "You") and its colour.

    >>> from ui.app.view import SeatInfo
    >>> seats = (SeatInfo("You", "human"), SeatInfo("Green bot", "heuristic"), SeatInfo("Cy", "human"))
    >>> seat_title(0, ViewContext(seats=seats, interactive_seat=0, you=0))
    'You · Red'
    >>> seat_title(2, ViewContext(seats=seats, interactive_seat=2, you=2, lang="fr"))
    'Cy (vous) · Bleu'
    """
    w = WORDS.of(ctx.lang)
    colour = colour_names(ctx.lang)[seat]
    name = ctx.seats[seat].name if seat < len(ctx.seats) else colour
    if seat == ctx.you:
        # the person at this screen is "you" in the page's language, whatever their seat's name
        name = w("you") if name.strip().casefold() in ("you", "vous", "") else f'{name} ({w("you_tag")})'
    return f"{name} · {colour}"


def seat_badge(seat: int, ctx: ViewContext) -> str:
    """The seat's name in running text: its swatch, its name, its colour (once in the controls)."""
    return f'<span class="trice-who">{swatch_svg(seat, 1, uid=f"trice-who{seat}")}{escape(seat_title(seat, ctx))}</span>'



class View(GameView):
    """Trice in the page: hot-seat people and bots on one board."""

    game_name = "trice"
    #: The generic table's colours (charts, set-up): the board's hues, named as the rules name them.
    SEAT_COLOURS = tuple((SEAT_COLOURS[i][0], *(colour_names(lang)[i] for lang in LANGS)) for i in range(3))

    def initial_ui(self) -> Any:
        return None

    # -- gestures ---------------------------------------------------------------
    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str, ctx: ViewContext) -> tuple[Any, Any | None]:
        """A gesture of :mod:`ui.games.trice.gestures` (:class:`Refused` in words for any other): refusals in ``ctx.lang``."""
        lang = ctx.lang
        said = parse_gesture(gesture)
        if isinstance(said, Deselect):
            return None, None
        if isinstance(said, Play):  # the session plays ``do`` itself; here it means the same
            return None, said.action
        if isinstance(said, Why):
            allowed = game.chance_step_actions(state) if game.is_chance(state) else game.legal_actions(state)
            if said.action in allowed:  # allowed by now: play it
                return None, said.action
            # plain words, not "illegal action 'place 2'": the reason, its rule's ID at the end
            raise Refused("why", sentence(game.why_illegal(state, said.action, lang)), action=said.action.text())
        name = said.cell
        if name not in state.board.index:
            raise Refused("no_cell", WORDS(lang, "no_cell", cell=name[:8]), cell=name[:8])
        if isinstance(said, Select):
            if ui == name:
                return None, None
            if name not in self.movable(game, state):
                raise Refused("select", self.tap_refusal(game, state, None, name, lang), cell=name)
            return name, None
        if name in self.movable(game, state):  # a tap on a usable cell after all (the page was a step behind)
            return (None if ui == name else name), None
        selected = ui if isinstance(ui, str) else None
        raise Refused("tap", self.tap_refusal(game, state, selected, name, lang), cell=name, selected=selected)

    @staticmethod
    def movable(game: Game[Any, Any], state: TriceState) -> set[str]:
        """Cells of the pieces that have a legal move now."""
        if state.phase != PLAYING:
            return set()
        names = state.board.names
        return {names[a.src] for a in game.legal_actions(state) if a.kind == MOVE}

    def tap_refusal(self, game: Game[Any, Any], state: TriceState, selected: str | None, name: str, lang: str) -> str:
        """Why a tap on cell ``name`` does nothing now, in words a player understands (rule IDs at the end)."""
        w = WORDS.of(lang)
        board = state.board
        cell = board.index[name]
        code = state.cells[cell]
        seat = state.seat
        colours = colour_names(lang)
        eye = board.names[board.eyes[seat]] if 0 <= seat < 3 else ""
        if state.phase == ROLLING:
            return w("tap_roll_place" if game.chance_step_actions(state) else "tap_roll", eye=eye)
        if state.phase == NUCLEAR:
            if code and board.peace[cell]:
                return w("tap_nuke_peace", piece=piece_label(code, lang), cell=name)
            return w("tap_nuke_empty", cell=name)
        if state.phase != PLAYING:
            return sentence(game.why_illegal(state, END_ACTION, lang))
        if code and OWNER[code] == seat:
            return self._stuck(game, state, cell, lang)
        if selected is not None and selected in board.index:
            src = board.index[selected]
            reason = game.why_illegal(state, Action.move(src, cell), lang)
            return w("tap_move", src=selected, cell=name, reason=reason)
        if code:
            return w("tap_theirs", cell=name, owner=colours[OWNER[code]])
        places = [a for a in game.legal_actions(state) if a.kind == PLACE]
        if cell == board.eyes[seat] and places:
            return w("tap_eye", cell=name)
        if not pieces_of(state, seat) and places:
            return w("tap_none_yet", eye=eye)
        return w("tap_empty", cell=name)

    @staticmethod
    def _stuck(game: Game[Any, Any], state: TriceState, cell: int, lang: str) -> str:
        """Why the person's own piece on ``cell`` has no move: its cost, or each neighbour's reason."""
        board = state.board
        neighbours = board.neighbours[cell]
        if LEVEL[state.cells[cell]] > state.points:
            reasons = sentence(game.why_illegal(state, Action.move(cell, neighbours[0]), lang))
        else:
            reasons = " ".join(f"{board.names[n]}{WORDS(lang, 'colon')}{game.why_illegal(state, Action.move(cell, n), lang)}."
                               for n in neighbours)
        return WORDS(lang, "tap_stuck", cell=board.names[cell], reasons=reasons)

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        if state.phase == START:
            return WORDS(lang, "chance_start")
        return WORDS(lang, "chance_roll")

    def sounds(self, game: Game[Any, Any], before: Any, action: Any, after: Any) -> list[str]:
        """The default dice and win, and a boom when a piece falls: an attack, or the nuclear option."""
        names = super().sounds(game, before, action, after)
        if isinstance(before, TriceState) and isinstance(action, Action) and _strikes(before, action):
            names.insert(len(names) - (names[-1:] == ["win"]), "cannon")
        return names

    def empty_board(self, lang: str = "en") -> str:
        # its own uid: the page may open the rules dialog before the live board replaces it
        return render_board(Trice().new(3), lang=lang, uid="trice-empty")

    # -- regions -------------------------------------------------------------------
    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        lang = ctx.lang
        mine = ctx.interactive_seat is not None and ctx.interactive_seat == state.seat
        legal = game.legal_actions(state) if mine and state.phase in (NUCLEAR, PLAYING) else []
        names = state.board.names
        selected = ui if mine and isinstance(ui, str) and ui in self.movable(game, state) else None
        targets: dict[str, tuple[int, str]] = {}
        if selected is not None:
            src = state.board.index[selected]
            level = LEVEL[state.cells[src]]
            for a in legal:
                if a.kind == MOVE and a.src == src:
                    code = state.cells[a.dst]
                    targets[names[a.dst]] = (level, piece_label(code, lang) if code else "")
        selectable = tuple(sorted(self.movable(game, state))) if mine else ()
        nuke_targets = tuple(names[a.cell] for a in legal if a.kind == NUKE)
        immune: tuple[str, ...] = ()
        if state.phase == NUCLEAR:
            immune = tuple(names[c] for c, code in enumerate(state.cells) if code and state.board.peace[c])
        won = winning_symbol(state, state.winner) if state.phase == OVER and 0 <= state.winner < 3 else None
        winning = () if won is None else tuple(names[c] for c in state.board.symbol_cells[won])
        # the last action moves once, when its position is new; a selection's redraw stays still
        animate = ctx.fresh and ctx.motion and isinstance(ctx.previous, TriceState)
        board = render_board(state, selected=selected, targets=targets, selectable=selectable,
                             nuke_targets=nuke_targets, immune=immune, winning=winning,
                             previous=ctx.previous if animate else None,
                             last_action=ctx.last_action if animate else None,
                             trail=trail_of(ctx.recent), suggested=ctx.suggested, taps=mine and state.phase != OVER,
                             motion=ctx.motion, lang=lang)
        return {"board": board, "controls": self.controls(game, state, selected, legal, ctx),
                "players": self.players(state, ctx)}

    def controls(self, game: Game[Any, Any], state: TriceState, selected: str | None, legal: list[Any],
                 ctx: ViewContext) -> str:
        w = WORDS.of(ctx.lang)
        parts = [PANEL_STYLE]
        if state.phase not in (START, OVER):
            # the dice and the points stay in view all the turn; before the roll the dice are blank
            faces = [str(d) for d in state.dice] or ["?", "?", "?"]
            dice = "".join(die_svg(d) for d in faces)
            said = f'{w("dice")} {", ".join(faces)}' if state.dice else w("unrolled")
            parts.append(f'<div class="trice-row" aria-live="polite"><span class="trice-dice" role="img" '
                         f'aria-label="{escape(said)}">{dice}</span>'
                         f'<strong class="trice-points">{state.points}</strong>&nbsp;'
                         f'{w("point" if state.points == 1 else "points_none" if state.points == 0 else "points")}</div>')
        seat = state.seat
        if state.phase == OVER:
            won = winning_symbol(state, state.winner) if 0 <= state.winner < 3 else None
            if won is None:
                parts.append(f'<p class="trice-note">{w("draw") if state.winner == DRAW else w("over")}</p>')
            else:
                symbol = pick(ctx.lang, SYMBOLS, SYMBOL_OF_FR)[won]
                text = escape(w("won", who=SLOT, symbol=symbol), quote=False)
                parts.append(f'<p class="trice-note">{text.replace(SLOT, seat_badge(state.winner, ctx))}</p>')
        elif state.phase == START:
            parts.append(f'<p class="trice-note">{w("start")}</p>')
        elif ctx.interactive_seat is None or ctx.interactive_seat != seat:
            # the words first, then the seat's badge (markup) where they name it
            who = seat_badge(seat, ctx)
            if state.phase == NUCLEAR:
                n = state.nukes
                text = w("nuclear_other", who=SLOT, n=n, s="s" if n > 1 else "")
                parts.append(f'<p class="trice-alert">{escape(text, quote=False).replace(SLOT, who)}</p>')
            else:
                text = w("wait", who=SLOT)
                parts.append(f'<p class="trice-note">{escape(text, quote=False).replace(SLOT, who)}</p>')
        elif state.phase == ROLLING:
            free = game.chance_step_actions(state)
            eye = state.board.names[state.board.eyes[seat]]
            key = "roll" if not free else "roll_or_place" if pieces_of(state, seat) else "roll_first_piece"
            parts.append(f'<p class="trice-note">{escape(w(key, eye=eye), quote=False)}</p>')
            # TR-08, TR-09: the free placement may come before the roll, next to the session's Roll button
            parts.append(self._free_row(game, state, free, ctx))
        elif state.phase == NUCLEAR:
            n = state.nukes
            parts.append('<p class="trice-alert" role="status">'
                         + escape(w("nuclear", n=n, s="s" if n > 1 else ""), quote=False) + "</p>")
            parts.append(f'<div class="trice-row">{button(w("done"), Play(DONE_ACTION).text(), primary=True)}</div>')
            parts.append(self._free_row(game, state, [a for a in legal if a.kind == PLACE], ctx))
        else:
            parts.append(self._play_controls(game, state, selected, legal, ctx))
        return "".join(parts)

    def _free_row(self, game: Game[Any, Any], state: TriceState, placements: list[Any], ctx: ViewContext) -> str:
        """The free placements open before the roll (TR-08, TR-09) or during a nuclear option, one per level."""
        if not placements:
            return ""
        lang = lang_of(ctx.lang)
        offered = {a.level: a for a in placements}
        cells = [self._place_cell(game, state, offered[k], True, lang, primary=False) if k in offered else ""
                 for k in range(1, MAX_LEVEL + 1)]
        return self._place_grid(state, [(WORDS(lang, "place_free"), cells)], lang, before_roll=True)

    @staticmethod
    def _place_grid(state: TriceState, rows: list[tuple[str, list[str]]], lang: str, *, before_roll: bool = False) -> str:
        """The placements as a small table: a row per way to pay (free, points), a column per level.

        Each level keeps its column, so a level's free and paid buttons sit one above the other
        and the whole choice takes two short rows, even on a phone.
        """
        w = WORDS.of(lang)
        eye = state.board.names[state.board.eyes[state.seat]]
        marker = ' data-free-before-roll="1"' if before_roll else ""
        body = "".join(f'<span class="trice-place-label">{escape(label)}</span>'
                       + "".join(cell or "<span></span>" for cell in cells) for label, cells in rows)
        return (f'<div class="trice-place" role="group" aria-label="{escape(w("place_group", eye=eye))}"'
                f'{marker}>{body}</div>')

    @staticmethod
    def _place_cell(game: Game[Any, Any], state: TriceState, action: Any, ok: bool, lang: str, *,
                    primary: bool, level_shown: bool = True) -> str:
        """One placement: its level on the button (with its cost when it is paid); its full name for
        screen readers; a refused one still answers a tap with the reason."""
        w = WORDS.of(lang)
        k, free = action.level, action.free
        cost = w("free") if free else f'{k} {w("pt") if k == 1 else w("pts")}'
        name = f'{w("place", k=k)} · {cost}'
        level = escape(w("level", k=k)) if level_shown else ""
        shown = level if free else f"{level}<small>{escape(cost)}</small>" if level else escape(cost)
        if ok:
            return (f'<button type="button" class="{"btn primary" if primary else "btn"}" '
                    f'data-act="{escape(Play(action).text())}" aria-label="{escape(name)}">{shown}</button>')
        refused = sentence(game.why_illegal(state, action, lang))
        return (f'<button type="button" class="btn" data-act="{escape(Why(action).text())}" aria-label="{escape(name)}" '
                f'aria-disabled="true" title="{escape(refused)}">{shown}</button>')

    def _play_controls(self, game: Game[Any, Any], state: TriceState, selected: str | None, legal: list[Any],
                       ctx: ViewContext) -> str:
        w = WORDS.of(ctx.lang)
        lang = lang_of(ctx.lang)
        parts = []
        eye = state.board.names[state.board.eyes[state.seat]]
        can_place = any(a.kind == PLACE for a in legal)
        if legal == [END_ACTION]:
            # the one choice left, and why: the moves, then the cheapest placement, each refused in words
            parts.append(f'<p class="trice-alert" role="status">{escape(self._why_only_end(game, state, lang))}</p>')
            parts.append(f'<div class="trice-row">{button(w("end"), Play(END_ACTION).text(), primary=True)}</div>')
            return "".join(parts)
        if selected is not None:
            parts.append(f'<p class="trice-note">{escape(w("chosen", cell=selected), quote=False)}</p>')
        elif not self.movable(game, state):
            key = "place_only" if pieces_of(state, state.seat) else "place_first"
            parts.append(f'<p class="trice-note">{escape(w(key, eye=eye), quote=False)}</p>')
        else:
            prompt = w("pick_or_place", eye=eye) if can_place else w("pick")
            parts.append(f'<p class="trice-note">{escape(prompt, quote=False)}</p>')
        if not state.free_used:
            free = [self._place_cell(game, state, Action.place(k, True), Action.place(k, True) in legal, lang,
                                     primary=True)
                    for k in range(1, MAX_LEVEL + 1)]
            # paying for a placement is offered beside the free one only where the points allow it
            # (under the free row's levels, a paid button shows its cost only)
            paid = [self._place_cell(game, state, Action.place(k), True, lang, primary=False, level_shown=False)
                    if Action.place(k) in legal else "" for k in range(1, MAX_LEVEL + 1)]
            rows = [(w("place_free"), free)] + ([(w("pay"), paid)] if any(paid) else [])
        else:
            rows = [(w("place_paid"), [self._place_cell(game, state, Action.place(k), Action.place(k) in legal, lang,
                                                        primary=False) for k in range(1, MAX_LEVEL + 1)])]
        parts.append(self._place_grid(state, rows, lang))
        end_row = button(w("end"), Play(END_ACTION).text(), primary=legal == [END_ACTION])
        if selected is not None:
            end_row += button(w("cancel"), Deselect().text())
        parts.append(f'<div class="trice-row">{end_row}</div>')
        return "".join(parts)

    @staticmethod
    def _why_only_end(game: Game[Any, Any], state: TriceState, lang: str) -> str:
        """Why ending the turn is the one choice left (TR-05, TR-08): what stops the moves and the placements."""
        w = WORDS.of(lang)
        n = state.points
        if not pieces_of(state, state.seat):
            moves = w("no_pieces")
        elif n == 0:
            moves = w("no_points")
        else:
            moves = w("stuck_pieces", n=n, s="s" if n > 1 else "")
        place = Action.place(1, free=not state.free_used)
        return f'{w("only_end")} {moves} {sentence(game.why_illegal(state, place, lang))}'

    def players(self, state: TriceState, ctx: ViewContext) -> str:
        w = WORDS.of(ctx.lang)
        symbol_names = pick(ctx.lang, SYMBOLS, SYMBOLS_FR)
        panels = []
        turn = state.seat if state.phase in (NUCLEAR, ROLLING, PLAYING) else None
        for seat in range(3):
            info = ctx.seats[seat] if seat < len(ctx.seats) else None
            title = seat_title(seat, ctx)
            kind = controller_label(info.controller if info else "human", ctx.lang)
            cells = pieces_of(state, seat)
            on_board = sum(LEVEL[state.cells[c]] for c in cells)
            prog = progress(state, seat)
            counts = "".join(f'<span>{icon_svg(s)}{symbol_names[s]} {prog[s]}/5</span>' for s in range(3))
            tags = ""
            if seat == turn:
                tags += f' <span class="trice-tag">{w("turn")}</span>'
            if state.phase == OVER and state.winner == seat:
                tags += f' <span class="trice-tag">{w("winner")}</span>'
            current = ' aria-current="true"' if seat == turn else ""
            cls = "trice-panel trice-turn" if seat == turn else "trice-panel"
            panels.append(
                f'<section class="{cls}" data-seat="{seat}"{current} aria-label="{escape(title)}">'
                f'<h3>{swatch_svg(seat, uid=f"trice-panel{seat}")}<span>{escape(title)}</span>{tags}</h3>'
                f'<ul><li>{escape(kind)}</li>'
                f'<li>{w("reserve")}{w("colon")}{count(state.reserve[seat], w("pyramid"), w("pyramids"))}</li>'
                f'<li>{w("on_board")}{w("colon")}{count(len(cells), w("piece"), w("pieces"))} '
                f'({count(on_board, w("pyramid"), w("pyramids"))})</li></ul>'
                f'<div class="trice-prog">{counts}</div></section>')
        return PANEL_STYLE + f'<div class="trice-panels">{"".join(panels)}</div>'


def _strikes(before: TriceState, action: Action) -> bool:
    """Whether ``action`` knocks a piece off the board: an attack (TR-11..13, TR-19) or a removal (TR-18)."""
    kind = action.kind
    if kind == NUKE:
        return True
    if kind == MOVE:
        return bool(before.cells[action.dst])
    if kind == PLACE and 0 <= before.seat < 3:
        return bool(before.cells[before.board.eyes[before.seat]])
    return False


"""Trice's page view: the board, the controls and the player panels as strings.

The view's own state (``ui``) is the cell of the selected piece, or None.
Gestures: ``select <cell>`` picks (or drops) a piece, ``deselect`` drops it;
the board's destinations, the placement buttons, ``done`` and ``end turn``
carry ``do <action>`` and go straight to the engine.

>>> from engine.trice.game import Trice, setup
>>> from ui.view import SeatInfo, ViewContext
>>> view, game = View(), Trice()
>>> state = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
>>> ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("B", "heuristic"), SeatInfo("C", "random")),
...                   interactive_seat=0)
>>> ui, action = view.handle(game, state, None, "select b1")
>>> ui, action
('b1', None)
>>> 'data-act="do move b1 b2"' in view.regions(game, state, ui, ctx)["board"]
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Game
from engine.trice.board import SYMBOLS, SYMBOLS_FR
from engine.trice.game import (
    DRAW,
    END_ACTION,
    LEVEL,
    MAX_LEVEL,
    MOVE,
    NUCLEAR,
    NUKE,
    OVER,
    PLACE,
    PLAYING,
    ROLLING,
    START,
    Trice,
    TriceState,
    pieces_of,
    progress,
)
from ui.trice.board import COLOUR_NAMES, SEAT_COLOURS, piece_label, pyramid_stack, render_board, symbol_icon
from ui.view import GameView, ViewContext, button

PANEL_STYLE = """<style>
.trice-panels{display:flex;flex-wrap:wrap;gap:.6rem}
.trice-panel{flex:1 1 12rem;border:2px solid #d9ccb4;border-radius:.8rem;padding:.5rem .7rem;background:#fffaf0}
.trice-panel.trice-turn{border-color:#c98a1b;box-shadow:0 0 0 3px #f5d48a}
.trice-panel h3{display:flex;align-items:center;gap:.4rem;margin:0 0 .3rem;font-size:1.05rem}
.trice-panel ul{list-style:none;margin:0;padding:0;font-size:.92rem}
.trice-prog{display:flex;gap:.6rem;margin-top:.3rem}
.trice-prog span{display:inline-flex;align-items:center;gap:.15rem}
.trice-tag{font-size:.75rem;background:#c98a1b;color:#fff;border-radius:.5rem;padding:0 .4rem}
.trice-dice{display:inline-flex;align-items:center;gap:.35rem;margin-right:.8rem}
.trice-note{margin:.35rem 0}
.trice-alert{margin:.35rem 0;padding:.35rem .6rem;border-left:4px solid #c98a1b;background:#fff4d6}
.trice-row{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.3rem 0}
</style>"""

WORDS = {
    "en": {
        "points": "points left", "free": "free", "pts": "pts", "pt": "pt",
        "place": "Place level {k}", "pay": "or pay:", "end": "End turn", "done": "Done with the nuclear option",
        "only_end": "No move and no placement is possible: end your turn.",
        "nuclear": "Nuclear option: you hold the tri-cell. Remove up to {n} more piece{s} (tap a piece marked "
                   "with the trefoil), yours included. Pieces on peace cells are immune.",
        "nuclear_other": "{who} is using the nuclear option ({n} removal{s} left).",
        "roll": "Roll the dice to get this turn's movement points.",
        "pick": "Select one of your pieces, then a highlighted cell: the number is the cost, a red burst an attack.",
        "chosen": "Choose a destination for the piece on {cell}: the number is the cost, a red burst marks an attack.",
        "cancel": "Cancel selection", "wait": "{who} is playing…", "start": "Drawing who starts…",
        "over": "Game over.", "reserve": "Reserve", "pyramids": "pyramids", "pyramid": "pyramid",
        "on_board": "On board", "pieces": "pieces", "piece": "piece", "colon": ": ", "person": "person", "bot": "bot", "turn": "to play", "winner": "winner",
        "draw": "Draw (turn limit reached).", "dice": "Dice",
    },
    "fr": {
        "points": "points restants", "free": "gratuit", "pts": "pts", "pt": "pt",
        "place": "Poser un niveau {k}", "pay": "ou payer :", "end": "Fin du tour", "done": "Terminer l'option nucléaire",
        "only_end": "Aucun déplacement ni placement n'est possible : terminez votre tour.",
        "nuclear": "Option nucléaire : vous tenez la tri-case. Retirez jusqu'à {n} pièce{s} de plus (touchez une "
                   "pièce marquée du trèfle), les vôtres comprises. Les pièces sur une case de paix sont protégées.",
        "nuclear_other": "{who} utilise l'option nucléaire ({n} retrait{s} restant{s}).",
        "roll": "Lancez les dés pour obtenir vos points de mouvement.",
        "pick": "Choisissez une de vos pièces, puis une case en surbrillance : le nombre est le coût, "
                "une étoile rouge une attaque.",
        "chosen": "Choisissez où va la pièce de {cell} : le nombre est le coût, une étoile rouge marque une attaque.",
        "cancel": "Annuler la sélection", "wait": "{who} joue…", "start": "Tirage au sort du premier joueur…",
        "over": "Partie terminée.", "reserve": "Réserve", "pyramids": "pyramides", "pyramid": "pyramide",
        "on_board": "Sur le plateau", "pieces": "pièces", "piece": "pièce", "colon": " : ", "person": "personne", "bot": "robot", "turn": "joue", "winner": "gagnant",
        "draw": "Match nul (limite de tours atteinte).", "dice": "Dés",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS["fr" if lang == "fr" else "en"]


def count(n: int, one: str, many: str) -> str:
    """ "1 piece", "0 pieces", "3 pieces" (French uses the singular for 0 and 1).

    >>> count(1, "piece", "pieces"), count(2, "piece", "pieces")
    ('1 piece', '2 pieces')
    """
    singular = n == 1 or (n == 0 and one in ("pièce", "pyramide"))
    return f"{n} {one if singular else many}"


def die_svg(value: int | str) -> str:
    """One four-sided die, drawn as a small pyramid face with its number."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 30" width="2em" height="1.9em" role="img" '
            f'aria-label="{value}"><polygon points="16,2 30,28 2,28" fill="#fffaf0" stroke="#6d5a3c" '
            'stroke-width="2" stroke-linejoin="round"/><text x="16" y="23" text-anchor="middle" '
            f'font-family="system-ui,sans-serif" font-weight="700" font-size="13" fill="#3a2a14">{value}</text></svg>')


def swatch_svg(seat: int, level: int = 2) -> str:
    """A small piece in the seat's colour and pattern for the player panel."""
    pattern = SEAT_COLOURS[seat][3]
    defs = ('<defs><pattern id="trice-pat-{p}" width="7" height="7" patternUnits="userSpaceOnUse"'
            '{rot}>{body}</pattern></defs>')
    body = {"plain": '<rect width="7" height="7" fill="#fff" fill-opacity="0"/>',
            "dots": '<circle cx="3.5" cy="3.5" r="1.5" fill="#fff" fill-opacity=".55"/>',
            "stripes": '<rect width="2.6" height="7" fill="#fff" fill-opacity=".45"/>'}[pattern]
    rot = ' patternTransform="rotate(45)"' if pattern == "stripes" else ""
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-24 -50 48 54" width="1.8em" height="2em" '
            'aria-hidden="true">' + defs.format(p=pattern, rot=rot, body=body)
            + pyramid_stack(0, 0, seat, level).replace('class="trice-piece"', "") + "</svg>")


def icon_svg(symbol: int) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-12 -12 24 24" width="1.2em" height="1.2em" '
            f'aria-hidden="true">{symbol_icon(symbol, 0, 0, 11)}</svg>')


class View(GameView):
    """Trice in the page: hot-seat people and bots on one board."""

    game_name = "trice"
    SEAT_COLOURS = tuple((SEAT_COLOURS[i][0], COLOUR_NAMES["en"][i], COLOUR_NAMES["fr"][i]) for i in range(3))

    def initial_ui(self) -> Any:
        return None

    # -- gestures ---------------------------------------------------------------
    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str) -> tuple[Any, Any | None]:
        words_ = gesture.split()
        if words_ == ["deselect"]:
            return None, None
        if len(words_) == 2 and words_[0] == "select":
            name = words_[1]
            board = state.board
            if name not in board.index:
                raise ValueError(f"there is no cell {name!r} on the board")
            if ui == name:
                return None, None
            if name not in self.movable(game, state):
                raise ValueError(f"the piece on {name} cannot move now" if state.cells[board.index[name]]
                                 else f"{name} holds none of your pieces")
            return name, None
        raise ValueError(f"unknown gesture {gesture!r}")

    @staticmethod
    def movable(game: Game[Any, Any], state: TriceState) -> set[str]:
        """Cells of the pieces that have a legal move now."""
        if state.phase != PLAYING:
            return set()
        names = state.board.names
        return {names[a[1]] for a in game.legal_actions(state) if a[0] == MOVE}

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        if state.phase == START:
            return "Tirer qui commence" if lang == "fr" else "Draw who starts"
        return "Lancer les dés" if lang == "fr" else "Roll the dice"

    def empty_board(self, lang: str = "en") -> str:
        return render_board(Trice().new(3), lang=lang)

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
                if a[0] == MOVE and a[1] == src:
                    code = state.cells[a[2]]
                    targets[names[a[2]]] = (level, piece_label(code, lang) if code else "")
        selectable = tuple(sorted(self.movable(game, state))) if mine else ()
        nuke_targets = tuple(names[a[1]] for a in legal if a[0] == NUKE)
        immune: tuple[str, ...] = ()
        if state.phase == NUCLEAR:
            immune = tuple(names[c] for c, code in enumerate(state.cells) if code and state.board.peace[c])
        previous = ctx.previous if isinstance(ctx.previous, TriceState) else None
        board = render_board(state, selected=selected, targets=targets, selectable=selectable,
                             nuke_targets=nuke_targets, immune=immune, previous=previous,
                             last_action=ctx.last_action, lang=lang)
        return {"board": board, "controls": self.controls(game, state, selected, legal, ctx),
                "players": self.players(state, ctx)}

    def controls(self, game: Game[Any, Any], state: TriceState, selected: str | None, legal: list[Any],
                 ctx: ViewContext) -> str:
        w = words(ctx.lang)
        colours = COLOUR_NAMES["fr" if ctx.lang == "fr" else "en"]
        parts = [PANEL_STYLE]
        if state.phase != START:
            # the dice and the points stay in view all the time; before the roll the dice are blank
            faces = [str(d) for d in state.dice] or ["?", "?", "?"]
            dice = "".join(die_svg(d) for d in faces)
            parts.append(f'<div class="trice-row" aria-live="polite"><span class="trice-dice" '
                         f'aria-label="{w["dice"]} {", ".join(faces)}">{dice}</span>'
                         f'<strong class="trice-points">{state.points}</strong>&nbsp;{w["points"]}</div>')
        seat = state.seat
        who = ctx.seats[seat].name if 0 <= seat < len(ctx.seats) else ""
        if state.phase == OVER:
            parts.append(f'<p class="trice-note">{w["draw"] if state.winner == DRAW else w["over"]}</p>')
        elif state.phase == START:
            parts.append(f'<p class="trice-note">{w["start"]}</p>')
        elif ctx.interactive_seat is None or ctx.interactive_seat != seat:
            if state.phase == NUCLEAR:
                n = state.nukes
                parts.append('<p class="trice-alert">' + escape(w["nuclear_other"].format(
                    who=f"{who} ({colours[seat]})", n=n, s="s" if n > 1 else ""), quote=False) + "</p>")
            else:
                parts.append(f'<p class="trice-note">{escape(w["wait"].format(who=f"{who} ({colours[seat]})"), quote=False)}</p>')
        elif state.phase == ROLLING:
            parts.append(f'<p class="trice-note">{w["roll"]}</p>')
            # TR-08, TR-09: the free placement may come before the roll, next to the session's Roll button
            parts.append(self._free_row(game, game.chance_step_actions(state), ctx))
        elif state.phase == NUCLEAR:
            n = state.nukes
            parts.append('<p class="trice-alert" role="status">'
                         + escape(w["nuclear"].format(n=n, s="s" if n > 1 else ""), quote=False) + "</p>")
            parts.append(f'<div class="trice-row">{button(w["done"], "do done", primary=True)}</div>')
            parts.append(self._free_row(game, [a for a in legal if a[0] == PLACE], ctx))
        else:
            parts.append(self._play_controls(game, state, selected, legal, ctx))
        return "".join(parts)

    @staticmethod
    def _free_row(game: Game[Any, Any], placements: list[Any], ctx: ViewContext) -> str:
        """The free placements open before the roll (TR-08, TR-09), as a row of buttons."""
        if not placements:
            return ""
        w = words(ctx.lang)
        row = "".join(button(f'{w["place"].format(k=a[1])} · {w["free"]}', "do " + game.format_action(a))
                      for a in placements)
        return f'<div class="trice-row" data-free-before-roll="1">{row}</div>'

    def _play_controls(self, game: Game[Any, Any], state: TriceState, selected: str | None, legal: list[Any],
                       ctx: ViewContext) -> str:
        w = words(ctx.lang)
        parts = []
        if legal == [END_ACTION]:
            parts.append(f'<p class="trice-alert" role="status">{w["only_end"]}</p>')
        elif selected is not None:
            parts.append(f'<p class="trice-note">{escape(w["chosen"].format(cell=selected), quote=False)}</p>')
        else:
            parts.append(f'<p class="trice-note">{w["pick"]}</p>')
        placements = []
        paid = []
        for k in range(1, MAX_LEVEL + 1):
            free_action = (PLACE, k, 1)
            paid_action = (PLACE, k, 0)
            cost = f'{k} {w["pt"] if k == 1 else w["pts"]}'
            if not state.free_used:
                ok = free_action in legal
                placements.append(button(f'{w["place"].format(k=k)} · {w["free"]}',
                                         "do " + game.format_action(free_action), primary=ok, disabled=not ok,
                                         title="" if ok else game.why_illegal(state, free_action, ctx.lang)))
                if paid_action in legal:
                    paid.append(button(cost, "do " + game.format_action(paid_action),
                                       title=w["place"].format(k=k)))
            else:
                ok = paid_action in legal
                placements.append(button(f'{w["place"].format(k=k)} · {cost}', "do " + game.format_action(paid_action),
                                         disabled=not ok, title="" if ok else game.why_illegal(state, paid_action, ctx.lang)))
        row = "".join(placements)
        if paid:
            row += f'<span class="trice-note">{w["pay"]}</span>' + "".join(paid)
        parts.append(f'<div class="trice-row">{row}</div>')
        end_row = button(w["end"], "do end", primary=legal == [END_ACTION])
        if selected is not None:
            end_row += button(w["cancel"], "deselect")
        parts.append(f'<div class="trice-row">{end_row}</div>')
        return "".join(parts)

    def players(self, state: TriceState, ctx: ViewContext) -> str:
        w = words(ctx.lang)
        fr = ctx.lang == "fr"
        colours = COLOUR_NAMES["fr" if fr else "en"]
        symbol_names = SYMBOLS_FR if fr else SYMBOLS
        panels = []
        turn = state.seat if state.phase in (NUCLEAR, ROLLING, PLAYING) else None
        for seat in range(3):
            info = ctx.seats[seat] if seat < len(ctx.seats) else None
            name = info.name if info else colours[seat]
            kind = f'{w["bot"]} ({info.controller})' if info and info.is_bot else w["person"]
            cells = pieces_of(state, seat)
            on_board = sum(LEVEL[state.cells[c]] for c in cells)
            prog = progress(state, seat)
            counts = "".join(
                f'<span aria-label="{symbol_names[s]} {prog[s]}/5">{icon_svg(s)}'
                f'<span aria-hidden="true">{symbol_names[s]} {prog[s]}/5</span></span>' for s in range(3))
            tags = ""
            if seat == turn:
                tags += f' <span class="trice-tag">{w["turn"]}</span>'
            if state.phase == OVER and state.winner == seat:
                tags += f' <span class="trice-tag">{w["winner"]}</span>'
            current = ' aria-current="true"' if seat == turn else ""
            cls = "trice-panel trice-turn" if seat == turn else "trice-panel"
            panels.append(
                f'<section class="{cls}"{current} aria-label="{escape(colours[seat])}: {escape(name)}">'
                f'<h3>{swatch_svg(seat)}<span>{escape(name)} · {colours[seat]}</span>{tags}</h3>'
                f'<ul><li>{escape(kind)}</li>'
                f'<li>{w["reserve"]}{w["colon"]}{count(state.reserve[seat], w["pyramid"], w["pyramids"])}</li>'
                f'<li>{w["on_board"]}{w["colon"]}{count(len(cells), w["piece"], w["pieces"])} '
                f'({count(on_board, w["pyramid"], w["pyramids"])})</li></ul>'
                f'<div class="trice-prog">{counts}</div></section>')
        return PANEL_STYLE + f'<div class="trice-panels">{"".join(panels)}</div>'


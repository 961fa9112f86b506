"""Piratissimo's page: the sea, the person's choices and the player panels.

>>> from engine.piratissimo import Piratissimo
>>> from ui.view import SeatInfo, ViewContext
>>> game = Piratissimo()
>>> state = game.apply(game.new(2), "start red")
>>> ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("Bot", "heuristic")), interactive_seat=0)
>>> sorted(View().regions(game, state, None, ctx))
['board', 'controls', 'players']
>>> View().chance_label(game, state, "fr")
'Lancer le dé'
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Game
from engine.piratissimo import HOME, PirState, routes
from engine.piratissimo import data as D
from engine.piratissimo.game import LOAD, RAID, RAID_SPIN, ROLL, SAIL, START, STORM_SPIN, TWISTER, route_text, ships_on, steps_of
from ui.piratissimo.board import PALETTE, board_svg
from ui.view import GameView, ViewContext, button

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "roll": "Roll the die",
        "spin": "Spin the compass",
        "draw": "Draw who starts",
        "aboard": "{k} of {cap} aboard",
        "banked": "{k} of {target} banked",
        "reached": "{k} banked: goal of {target} reached",
        "person": "person",
        "bot": "bot ({name})",
        "in_port": "in port",
        "at_island": "at island {n}",
        "load_prompt": "Closed chest of {chest}: {k} of {cap} aboard. Load how many?",
        "load": "Load {k}",
        "capsizes": "Load {k} (capsizes!)",
        "sail_prompt": "Where to? Click a glowing island or choose:",
        "sail": "Sail to island {n}",
        "shortcut": "Island {n} by the shortcut (pay 1)",
        "home": "Stop at home and unload {k}",
        "home_via": "Home by the shortcut (pay 1), unload {k}",
        "raid_prompt": "{victim}'s ship is here with {k} aboard. A ruby takes 2.",
        "pirate": "Attempt piracy",
        "pass": "Leave them alone",
        "tornado_prompt": "Move the tornado along the white arrows:",
        "tornado": "{k} → island {n}",
        "hits": " (hits {names})",
        "roll_prompt": "Your turn: roll the die.",
        "spin_prompt": "Spin the compass!",
        "turn": "to play",
    },
    "fr": {
        "roll": "Lancer le dé",
        "spin": "Faire tourner le compas",
        "draw": "Tirer le premier joueur",
        "aboard": "{k} sur {cap} à bord",
        "banked": "{k} sur {target} au port",
        "reached": "{k} au port : objectif de {target} atteint",
        "person": "personne",
        "bot": "robot ({name})",
        "in_port": "au port",
        "at_island": "île {n}",
        "load_prompt": "Coffre fermé de {chest} : {k} sur {cap} à bord. Combien en charger ?",
        "load": "Charger {k}",
        "capsizes": "Charger {k} (chavire !)",
        "sail_prompt": "Où aller ? Cliquez une île qui brille ou choisissez :",
        "sail": "Aller à l’île {n}",
        "shortcut": "Île {n} par le raccourci (payer 1)",
        "home": "S’arrêter au port et décharger {k}",
        "home_via": "Au port par le raccourci (payer 1), décharger {k}",
        "raid_prompt": "Le navire de {victim} est ici avec {k} à bord. Un rubis en prend 2.",
        "pirate": "Tenter la piraterie",
        "pass": "Ne rien faire",
        "tornado_prompt": "Déplacez la tornade le long des flèches blanches :",
        "tornado": "{k} → île {n}",
        "hits": " (touche {names})",
        "roll_prompt": "À vous : lancez le dé.",
        "spin_prompt": "Faites tourner le compas !",
        "turn": "joue",
    },
}

_STYLE = """<style>
.pir-card{display:flex;gap:.6rem;padding:.55rem .7rem;border-radius:12px;background:#fff;border:2px solid #eadfca;
font-size:.9rem;line-height:1.35}
.pir-card.pir-active{border-color:#e9a93a;box-shadow:0 0 0 3px #fff1c7}
.pir-chip{flex:none;width:14px;height:14px;border-radius:50%;margin-top:.2rem;box-shadow:inset 0 -2px 0 rgba(0,0,0,.25)}
.pir-body{flex:1;display:flex;flex-direction:column;gap:.15rem}
.pir-name{font-weight:700}.pir-who{color:#5b6675;font-weight:400;font-size:.8rem}
.pir-bar{display:block;height:10px;border-radius:6px;background:#efe6d2;overflow:hidden;margin-top:.15rem}
.pir-fill{display:block;height:100%;border-radius:6px;background:linear-gradient(90deg,#f3c433,#d69a12)}
.pir-coins{letter-spacing:1px;color:#b58105}
.pir-prompt{margin:0;flex-basis:100%;font-weight:600}
</style>"""


def _btn(label: str, act: str, *, primary: bool = False, title: str = "") -> str:
    """A ui.view button that is reachable by keyboard (tabindex=0)."""
    return button(label, act, primary=primary, title=title).replace("<button ", '<button tabindex="0" ', 1)


class View(GameView):
    """The Piratissimo page view."""

    game_name = "piratissimo"
    SEAT_COLOURS = tuple(
        (PALETTE[seat][0], D.COLOURS[seat].capitalize(), D.COLOURS_FR[seat].capitalize()) for seat in range(len(PALETTE))
    )

    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        lang = ctx.lang if ctx.lang in TEXT else "en"
        names = tuple(s.name for s in ctx.seats)
        interactive = ctx.interactive_seat is not None and ctx.interactive_seat == state.seat
        board = board_svg(
            game,  # type: ignore[arg-type]
            state,
            previous=ctx.previous,
            last_action=ctx.last_action,
            names=names,
            interactive=interactive,
            lang=lang,
        )
        controls = self.controls(state, lang) if interactive else ""
        return {"board": board, "controls": controls, "players": self.players(game, state, ctx, lang)}

    def controls(self, state: PirState, lang: str) -> str:
        """Buttons for the acting person, with the numbers that matter."""
        t = TEXT[lang]
        seat = state.seat
        cargo = state.cargo[seat]
        phase = state.phase
        if phase == LOAD:
            chest = D.ISLANDS[state.pos[seat]].chest
            top = min(chest, state.hold)
            prompt = t["load_prompt"].format(chest=chest, k=cargo, cap=D.CAPACITY)
            buttons = [
                _btn(t["capsizes" if cargo + k > D.CAPACITY else "load"].format(k=k), f"do load {k}", primary=k == min(top, D.CAPACITY - cargo))
                for k in range(top + 1)
            ]
            return f'<p class="pir-prompt">{escape(prompt)}</p>' + "".join(buttons)
        if phase == SAIL:
            buttons = []
            for r in routes(state, seat, steps_of(state.die)):
                if r.dest == HOME:
                    fee = D.SHORTCUT_FEE if r.via >= 0 else 0
                    label = t["home_via" if fee else "home"].format(k=cargo - fee)
                elif r.via >= 0:
                    label = t["shortcut"].format(n=r.dest + 1)
                else:
                    label = t["sail"].format(n=r.dest + 1)
                buttons.append(_btn(label, "do " + route_text(r)))
            return f'<p class="pir-prompt">{escape(t["sail_prompt"])}</p>' + "".join(buttons)
        if phase == RAID:
            victim = state.target
            prompt = t["raid_prompt"].format(victim=self._name(state, victim, lang), k=state.cargo[victim])
            return (
                f'<p class="pir-prompt">{escape(prompt)}</p>'
                + _btn(t["pirate"], "do pirate", primary=True)
                + _btn(t["pass"], "do pass")
            )
        if phase == TWISTER:
            buttons = []
            here = state.tornado
            for k in range(1, D.TORNADO_MAX + 1):
                here = D.ISLANDS[here].white
                hit = ships_on(state, here)
                label = t["tornado"].format(k=k, n=here + 1)
                if hit:
                    label += t["hits"].format(names=", ".join(self._name(state, s, lang) for s in hit))
                buttons.append(_btn(label, f"do tornado {k}"))
            return f'<p class="pir-prompt">{escape(t["tornado_prompt"])}</p>' + "".join(buttons)
        if phase == ROLL:
            return f'<p class="pir-prompt">{escape(t["roll_prompt"])}</p>'
        if phase in (RAID_SPIN, STORM_SPIN):
            return f'<p class="pir-prompt">{escape(t["spin_prompt"])}</p>'
        return ""

    @staticmethod
    def _name(state: PirState, seat: int, lang: str) -> str:
        return (D.COLOURS_FR if lang == "fr" else D.COLOURS)[seat].capitalize()

    def players(self, game: Game[Any, Any], state: PirState, ctx: ViewContext, lang: str) -> str:
        """One card per seat: cargo aboard, banked toward 9, person or bot."""
        t = TEXT[lang]
        cards = [_STYLE]
        for seat in range(len(state.pos)):
            info = ctx.seats[seat] if seat < len(ctx.seats) else None
            name = info.name if info else game.seat_name(state, seat)
            who = t["bot"].format(name=info.controller) if info and info.is_bot else t["person"]
            where = t["in_port"] if state.pos[seat] == HOME else t["at_island"].format(n=state.pos[seat] + 1)
            banked = min(state.bank[seat], D.TARGET)
            active = " pir-active" if state.seat == seat and state.phase != START and game.outcome(state) is None else ""
            cargo = state.cargo[seat]
            coins = "●" * cargo + "○" * (D.CAPACITY - cargo)
            # The last unloading may overshoot the goal: never "10 of 9 banked".
            words = t["reached" if state.bank[seat] >= D.TARGET else "banked"]
            bar_label = words.format(k=state.bank[seat], target=D.TARGET)
            cards.append(
                f'<div class="pir-card{active}" data-seat="{seat}">'
                f'<span class="pir-chip" style="background:{PALETTE[seat][0]}"></span>'
                '<div class="pir-body">'
                f'<div class="pir-name">{escape(name)} <span class="pir-who">· {escape(who)} · {escape(where)}</span></div>'
                f'<div><span class="pir-coins" aria-hidden="true">{coins}</span> '
                f'{escape(t["aboard"].format(k=cargo, cap=D.CAPACITY))}</div>'
                f'<div>{escape(bar_label)}<span class="pir-bar" role="progressbar" aria-valuemin="0" '
                f'aria-valuemax="{D.TARGET}" aria-valuenow="{banked}" aria-label="{escape(bar_label)}">'
                f'<span class="pir-fill" style="width:{100 * banked / D.TARGET:.0f}%"></span></span></div>'
                "</div></div>"
            )
        return "".join(cards)

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        t = TEXT[lang if lang in TEXT else "en"]
        if state.phase in (RAID_SPIN, STORM_SPIN):
            return t["spin"]
        if state.phase == START:
            return t["draw"]
        return t["roll"]

    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str) -> tuple[Any, Any | None]:
        raise ValueError(f"Piratissimo has no gesture {gesture!r}: every choice is a 'do' action")

    def empty_board(self, lang: str = "en") -> str:
        from engine.piratissimo import Piratissimo

        game = Piratissimo()
        return board_svg(game, game.new(4), lang=lang, animate=False, uid="pire")

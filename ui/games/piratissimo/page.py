"""Piratissimo's page: the sea, the person's choices and the player panels.

Every seat has one identity wherever the page names it (see
:mod:`ui.games.piratissimo.names`): the panels, the log, the buttons, the board
and the banner say its colour, its emblem and its player's name, and "you"
for the person at this screen. After the other seats' turns the sea keeps
marks of what each did until the person acts (:func:`board_svg`'s ``recent``).

>>> from engine.piratissimo import Piratissimo
>>> from ui.app.view import SeatInfo, ViewContext
>>> game = Piratissimo()
>>> state = game.apply(game.new(2), game.parse_action("start red"))
>>> ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("Bot", "heuristic")), interactive_seat=0)
>>> sorted(View().regions(game, state, None, ctx))
['board', 'controls', 'players']
>>> View().chance_label(game, state, "fr")
'Lancer le dé'
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.bounded import shorten
from engine.core import Game
from engine.piratissimo import HOME, PirState, routes
from engine.piratissimo import data as D
from engine.piratissimo.actions import PASS, PIRATE, Action, Load, Tornado
from engine.piratissimo.rules import (
    LOAD,
    OVER,
    RAID,
    RAID_SPIN,
    ROLL,
    SAIL,
    START,
    STORM_SPIN,
    TWISTER,
    Event,
    route_action,
    ships_on,
    steps_of,
)
from ui.app.players import controller_label
from ui.app.refused import Refused
from ui.app.view import GameView, ViewContext, button
from ui.app.words import Catalogue, lang_of, pick
from ui.games.piratissimo.board import PALETTE, board_svg, emblem
from ui.games.piratissimo.gestures import TapIsland, parse_gesture, play
from ui.games.piratissimo.names import colour_word, emblem_word, mark_you, seat_title, seat_word

TEXT = Catalogue({
    "en": {
        "roll": "Roll the die",
        "spin": "Spin the compass",
        "draw": "Draw who starts",
        "aboard": "{k} of {cap} aboard",
        "banked": "{k} of {target} banked",
        "reached": "{k} banked: goal of {target} reached",
        "you": "you",
        "in_port": "in port",
        "at_island": "at island {n}",
        "load_prompt": "Closed chest of {chest}: {k} of {cap} aboard. Load how many?",
        "load": "Load {k}",
        "capsizes": "Load {k} (capsizes!)",
        "sail_prompt": "Where to? Tap a glowing island or choose:",
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
        "raid_spin_prompt": "Spin the compass: a ruby takes 2 of {victim}'s treasures; no ruby, the piracy fails.",
        "storm_spin_prompt": "Spin the compass: its storm hits {names} on island {n} (lose 2, blown on, blown home "
        "or the storm passes).",
        # a tapped island that is not a choice: why, in words, with the rule
        "not_there": "Your {face} does not take you to island {n}: choose {options}",
        "face_tornado": "tornado face",
        "option_island": "island {n}",
        "option_shortcut": "island {n} by the shortcut",
        "option_home": "your home port",
        "option_home_via": "your home port by the shortcut",
        "or": "or",
        "roll_first": "Roll the die first: it says how many islands you sail",
        "load_first": "First choose how many treasures to load from the chest",
        "raid_first": "First choose: attempt piracy on {victim}'s ship or leave it alone",
        "tornado_not_there": "The tornado cannot stop on island {n}: it moves 1 to {max} islands along the white "
        "arrows, to island {stops}",
        "spin_first": "Spin the compass first",
        "key": "Key to the board",
    },
    "fr": {
        "roll": "Lancer le dé",
        "spin": "Faire tourner le compas",
        "draw": "Tirer le premier joueur",
        "aboard": "{k} sur {cap} à bord",
        "banked": "{k} sur {target} au port",
        "reached": "{k} au port : objectif de {target} atteint",
        "you": "vous",
        "in_port": "au port",
        "at_island": "île {n}",
        "load_prompt": "Coffre fermé de {chest} : {k} sur {cap} à bord. Combien en charger ?",
        "load": "Charger {k}",
        "capsizes": "Charger {k} (chavire !)",
        "sail_prompt": "Où aller ? Touchez une île qui brille ou choisissez :",
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
        "raid_spin_prompt": "Faites tourner le compas : un rubis prend 2 trésors à {victim} ; sans rubis, la "
        "piraterie échoue.",
        "storm_spin_prompt": "Faites tourner le compas : sa tempête frappe {names} sur l’île {n} (perdre 2, poussé, "
        "renvoyé au port ou la tempête passe).",
        "not_there": "Votre {face} ne vous mène pas à l’île {n} : choisissez {options}",
        "face_tornado": "face tornade",
        "option_island": "l’île {n}",
        "option_shortcut": "l’île {n} par le raccourci",
        "option_home": "votre port",
        "option_home_via": "votre port par le raccourci",
        "or": "ou",
        "roll_first": "Lancez d’abord le dé : il dit de combien d’îles vous avancez",
        "load_first": "Choisissez d’abord combien de trésors charger du coffre",
        "raid_first": "Choisissez d’abord : tenter la piraterie contre le navire de {victim} ou le laisser",
        "tornado_not_there": "La tornade ne peut pas s’arrêter sur l’île {n} : elle avance de 1 à {max} îles le long "
        "des flèches blanches, jusqu’à l’île {stops}",
        "spin_first": "Faites d’abord tourner le compas",
        "key": "Légende du plateau",
    },
})

#: The key to the board: (icon, English, French). The icons are drawn below.
KEY: tuple[tuple[str, str, str], ...] = (
    ("red", "Red arrows: ships sail this way, one island a step", ("Flèches rouges : les navires vont dans ce sens, "
     "une île par pas")),
    ("blue", "Blue arrow: a shortcut over two islands, for 1 treasure", ("Flèche bleue : un raccourci au-dessus de deux "
     "îles, pour 1 trésor")),
    ("white", "White arrows: the tornado's way", "Flèches blanches : le chemin de la tornade"),
    ("closed", "Closed chest: load up to its number", "Coffre fermé : chargez jusqu’à son nombre"),
    ("open", "Open chest: you must load 2", "Coffre ouvert : vous devez charger 2"),
    ("ruby", "Ruby on the compass: a piracy takes 2 treasures", "Rubis sur le compas : une piraterie prend 2 trésors"),
    ("lose", "Storm: each ship there gives 2 back to the hold", "Tempête : chaque navire présent rend 2 à la cale"),
    ("blow", "Storm: the ships there are blown 1 island on", "Tempête : les navires présents sont poussés d’une île"),
    ("home", "Storm: the ships there are blown home, cargo safe", ("Tempête : les navires présents rentrent au port, "
     "cargaison sauve")),
    ("calm", "Storm: it passes, no harm", "Tempête : elle passe, sans dommage"),
    ("marks", "Routes and labels in a player's colour: what they did since your last move",
     "Routes et étiquettes aux couleurs d’un joueur : ce qu’il a fait depuis votre dernier coup"),
)

#: Small flat pictures of the key (viewBox -16 -16 32 32).
KEY_ICONS: dict[str, str] = {
    "red": '<path d="M-13 6 Q0 -8 11 4" stroke="#d3342c" stroke-width="4" fill="none"/><path d="M7 -2 L14 6 L4 8z" '
    'fill="#d3342c"/>',
    "blue": '<path d="M-13 8 Q0 -14 11 6" stroke="#1f5fd1" stroke-width="4" fill="none"/><path d="M6 0 L14 8 L4 10z" '
    'fill="#1f5fd1"/>',
    "white": '<rect x="-16" y="-16" width="32" height="32" rx="6" fill="#1d86a8"/><path d="M11 4 Q0 -8 -11 4" '
    'stroke="#fff" stroke-width="3" stroke-dasharray="5 3" fill="none"/><path d="M-7 -2 L-14 6 L-4 8z" fill="#fff"/>',
    "closed": '<path d="M-12 -4 Q0 -13 12 -4z" fill="#8a4a17"/><rect x="-12" y="-4" width="24" height="15" rx="2" '
    'fill="#9a5a22" stroke="#3f2208"/><text x="0" y="9" font-size="11" font-weight="700" fill="#fff7d6" '
    'text-anchor="middle">3</text>',
    "open": '<path d="M-12 -2 L-10 -12 L14 -12 L12 -2z" fill="#8a4a17"/><rect x="-12" y="-2" width="24" height="13" '
    'rx="2" fill="#9a5a22" stroke="#3f2208"/><circle cx="-5" cy="-3" r="4" fill="#f3c433" stroke="#8d5e06"/>'
    '<circle cx="4" cy="-4" r="4" fill="#f3c433" stroke="#8d5e06"/>',
    "ruby": '<path d="M0 -12 l10 8 -10 14 -10 -14z" fill="#e0152f" stroke="#5c000c" stroke-width="1.2"/>',
    "lose": '<circle cx="-6" cy="-6" r="5" fill="#f3c433" stroke="#8d5e06"/><circle cx="6" cy="-6" r="5" '
    'fill="#f3c433" stroke="#8d5e06"/><path d="M0 1 v11 m-5 -5 l5 5 5 -5" stroke="#1d4f8c" stroke-width="2.5" '
    'fill="none"/>',
    "blow": '<path d="M-12 6 Q0 -16 12 2" stroke="#1d4f8c" stroke-width="3.5" fill="none"/><path d="M8 -4 L14 6 '
    'L4 6z" fill="#1d4f8c"/>',
    "home": '<path d="M-11 0 L0 -11 L11 0z" fill="#8e1f1c"/><rect x="-8" y="0" width="16" height="11" fill="#f4ead6" '
    'stroke="#6b5130"/>',
    "calm": '<circle r="6" fill="#f6c33b"/>' + "".join(
        f'<line x1="{8 * c:.1f}" y1="{8 * s:.1f}" x2="{13 * c:.1f}" y2="{13 * s:.1f}" stroke="#e29a12" '
        'stroke-width="2.5"/>'
        for c, s in ((1, 0), (0.71, 0.71), (0, 1), (-0.71, 0.71), (-1, 0), (-0.71, -0.71), (0, -1), (0.71, -0.71))
    ),
    "marks": '<path d="M-13 8 Q0 -12 12 6" stroke="#fff" stroke-width="8" fill="none"/><path d="M-13 8 Q0 -12 12 6" '
    'stroke="#2f6fd6" stroke-width="4" stroke-dasharray="7 3" fill="none"/>',
}

#: The rule a tapped island's answer cites, by phase of the turn.
PHASE_RULES: dict[int, str] = {ROLL: "PI-02", SAIL: "PI-02", LOAD: "PI-04", RAID: "PI-07", RAID_SPIN: "PI-07",
                               TWISTER: "PI-09", STORM_SPIN: "PI-09"}

#: Seat colours for the page's own markings (panels, the log's lines).
_SEAT_CSS = "".join(
    f".game-piratissimo .log li[data-seat=\"{s}\"]{{border-left:4px solid {main};padding-left:.35rem}}"
    for s, (main, _dark, _light) in enumerate(PALETTE)
)

_STYLE = """<style>
.pir-card{display:flex;gap:.6rem;padding:.4rem .7rem;border-radius:12px;background:#fff;border:2px solid #eadfca;
font-size:.9rem;line-height:1.3}
.pir-card.pir-active{border-color:#e9a93a;box-shadow:0 0 0 3px #fff1c7}
.pir-chip{flex:none;width:22px;height:22px;margin-top:.05rem}
.pir-body{flex:1;display:flex;flex-direction:column;gap:.15rem;min-width:0}
.pir-name{font-weight:700;overflow-wrap:anywhere}
.pir-you{display:inline-block;margin-left:.3rem;padding:0 .4rem;border-radius:999px;background:#1d3557;color:#fff;
font-size:.75rem;font-weight:700;vertical-align:.1rem}
.pir-who{color:#56606e;font-size:.82rem}
.pir-bank{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}
.pir-bar{display:block;flex:1 1 4rem;height:10px;border-radius:6px;background:#efe6d2;overflow:hidden}
.pir-fill{display:block;height:100%;border-radius:6px;background:linear-gradient(90deg,#f3c433,#d69a12)}
.pir-coins{letter-spacing:1px;color:#8a6100}
.pir-prompt{margin:0;flex-basis:100%;font-weight:600}
.pir-hint{margin:0;flex-basis:100%;padding:.35rem .6rem;border-radius:8px;background:#fff1ee;border:1px solid #f2b8a8;
color:#7a2813}
/* a tapped island's answer lies over the sea's lower edge, above the decision, as the page's notices do: nothing moves */
.action-bar .pir-hint{position:absolute;left:0;right:0;bottom:calc(100% + .4rem);z-index:4;padding:.6rem .9rem;
box-shadow:0 4px 18px rgba(122,40,19,.25);pointer-events:none}
.pir-hint .rule-ref{margin-left:.1em;pointer-events:auto}
.pir-key{font-size:.85rem;background:#fff;border-radius:10px;padding:.1rem .6rem}
.pir-key summary{cursor:pointer;font-weight:600;min-height:44px;display:flex;align-items:center}
.pir-key ul{list-style:none;margin:0 0 .4rem;padding:0;display:flex;flex-direction:column;gap:.25rem}
.pir-key li{display:flex;gap:.5rem;align-items:center}
.pir-key svg{flex:none;width:24px;height:24px}
.game-piratissimo .winner{padding:.8rem 1rem}
.game-piratissimo .winner p{margin-bottom:.4rem}
.game-piratissimo .winner .summary{margin:.2rem 0 .5rem}
.game-piratissimo .winner .summary svg{max-height:min(32vh,230px)}
""" + _SEAT_CSS + "</style>"


def _btn(label: str, act: str, *, primary: bool = False, title: str = "") -> str:
    """A ui.app.view button that is reachable by keyboard (tabindex=0)."""
    return button(label, act, primary=primary, title=title).replace("<button ", '<button tabindex="0" ', 1)


def _rule_link(rule: str, lang: str) -> str:
    """A rule's ID as a link that opens the rules at that clause (the page opens it over the game)."""
    return f'<a class="rule-ref" href="rules/#{lang}-{rule}" data-op="rules">{rule}</a>'


def _either(options: list[str], lang: str) -> str:
    """"a, b or c" in the page's language."""
    word = TEXT(lang, "or")
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + f" {word} " + options[-1]


def island_action(state: PirState, island: int) -> Action | None:
    """The engine action a tap on ``island`` (0..23) plays now, if it is one of the choices.

    >>> from engine.piratissimo import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.apply(g.new(2), g.parse_action("start red")), g.parse_action("die tornado"))
    >>> island_action(s, 17), island_action(s, 3)
    (Tornado(distance=1), None)
    """
    if state.phase == SAIL:
        for route in routes(state, state.seat, steps_of(state.die)):
            if route.dest == island:
                return route_action(route)
    if state.phase == TWISTER:
        here = state.tornado
        for k in range(1, D.TORNADO_MAX + 1):
            here = D.ISLANDS[here].white
            if here == island:
                return Tornado(k)
    return None


class View(GameView):
    """The Piratissimo page view."""

    game_name = "piratissimo"
    SEAT_COLOURS = tuple(
        (PALETTE[seat][0], D.COLOURS[seat].capitalize(), D.COLOURS_FR[seat].capitalize()) for seat in range(len(PALETTE))
    )

    # -- one identity per seat (the session asks for these) -------------------------
    def seat_title(self, seat: int, name: str, lang: str = "en") -> str:
        return seat_title(name, seat, lang)

    def log_text(self, text: str, you: int | None, lang: str = "en") -> str:
        return mark_you(text, you, lang)

    # -- regions ---------------------------------------------------------------------
    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        lang = lang_of(ctx.lang)
        names = tuple(s.name for s in ctx.seats)
        interactive = ctx.interactive_seat is not None and ctx.interactive_seat == state.seat
        outcome = game.outcome(state)
        live = outcome is None
        board = board_svg(
            game,  # type: ignore[arg-type]
            state,
            previous=ctx.previous,
            last_action=ctx.last_action,
            names=names,
            interactive=interactive,
            lang=lang,
            # a move's animation plays once, on the first drawing of its position
            animate=ctx.fresh and ctx.motion,
            recent=tuple((r.before, r.action) for r in ctx.recent),
            you=ctx.you,
            tappable=ctx.you is not None and live,
            won=tuple(outcome.winners) if outcome else (),
            suggested=ctx.suggested,
        )
        controls = self.controls(state, lang, ctx.you, ui) if interactive else ""
        return {"board": board, "controls": controls, "players": self.players(game, state, ctx, lang)}

    def controls(self, state: PirState, lang: str, you: int | None = None, ui: Any = None) -> str:
        """Buttons for the acting person, with the numbers that matter (and the answer to a tapped island)."""
        hint = self.hint(state, ui, lang, you)
        return hint + self._choices(state, lang, you)

    def _choices(self, state: PirState, lang: str, you: int | None) -> str:
        t = TEXT.of(lang)
        seat = state.seat
        cargo = state.cargo[seat]
        phase = state.phase
        if phase == LOAD:
            chest = D.ISLANDS[state.pos[seat]].chest
            top = min(chest, state.hold)
            prompt = t("load_prompt", chest=chest, k=cargo, cap=D.CAPACITY)
            buttons = [
                _btn(t("capsizes" if cargo + k > D.CAPACITY else "load", k=k), play(Load(k)), primary=k == min(top, D.CAPACITY - cargo))
                for k in range(top + 1)
            ]
            return f'<p class="pir-prompt">{escape(prompt)}</p>' + "".join(buttons)
        if phase == SAIL:
            buttons = []
            for r in routes(state, seat, steps_of(state.die)):
                if r.dest == HOME:
                    fee = D.SHORTCUT_FEE if r.via >= 0 else 0
                    label = t("home_via" if fee else "home", k=cargo - fee)
                elif r.via >= 0:
                    label = t("shortcut", n=r.dest + 1)
                else:
                    label = t("sail", n=r.dest + 1)
                buttons.append(_btn(label, play(route_action(r))))
            return f'<p class="pir-prompt">{escape(t("sail_prompt"))}</p>' + "".join(buttons)
        if phase == RAID:
            victim = state.target
            prompt = t("raid_prompt", victim=seat_word(victim, you, lang), k=state.cargo[victim])
            return (
                f'<p class="pir-prompt">{escape(prompt)}</p>'
                + _btn(t("pirate"), play(PIRATE), primary=True)
                + _btn(t("pass"), play(PASS))
            )
        if phase == TWISTER:
            buttons = []
            here = state.tornado
            for k in range(1, D.TORNADO_MAX + 1):
                here = D.ISLANDS[here].white
                hit = ships_on(state, here)
                label = t("tornado", k=k, n=here + 1)
                if hit:
                    label += t("hits", names=", ".join(seat_word(s, you, lang) for s in hit))
                buttons.append(_btn(label, play(Tornado(k))))
            return f'<p class="pir-prompt">{escape(t("tornado_prompt"))}</p>' + "".join(buttons)
        if phase == ROLL:
            return f'<p class="pir-prompt">{escape(t("roll_prompt"))}</p>'
        if phase == RAID_SPIN:
            prompt = t("raid_spin_prompt", victim=seat_word(state.target, you, lang))
            return f'<p class="pir-prompt">{escape(prompt)}</p>'
        if phase == STORM_SPIN:
            hit = ", ".join(seat_word(s, you, lang) for s in ships_on(state, state.tornado))
            prompt = t("storm_spin_prompt", names=hit, n=state.tornado + 1)
            return f'<p class="pir-prompt">{escape(prompt)}</p>'
        return ""

    def hint(self, state: PirState, ui: Any, lang: str, you: int | None = None) -> str:
        """Why a tapped island is not a choice now, in words, the rule's ID last (a link to it)."""
        if not isinstance(ui, TapIsland) or state.phase not in PHASE_RULES:
            return ""
        t = TEXT.of(lang)
        island = ui.island
        phase = state.phase
        if phase == SAIL:
            options = []
            for r in routes(state, state.seat, steps_of(state.die)):
                if r.dest == HOME:
                    options.append(t("option_home_via" if r.via >= 0 else "option_home"))
                else:
                    options.append(t("option_shortcut" if r.via >= 0 else "option_island", n=r.dest + 1))
            face = t("face_tornado") if state.die == D.TORNADO_FACE else str(state.die)
            words = t("not_there", face=face, n=island + 1, options=_either(options, lang))
        elif phase == TWISTER:
            stops, here = [], state.tornado
            for _ in range(D.TORNADO_MAX):
                here = D.ISLANDS[here].white
                stops.append(str(here + 1))
            words = t("tornado_not_there", n=island + 1, max=D.TORNADO_MAX, stops=_either(stops, lang))
        elif phase == ROLL:
            words = t("roll_first")
        elif phase == LOAD:
            words = t("load_first")
        elif phase == RAID:
            words = t("raid_first", victim=seat_word(state.target, you, lang))
        else:
            words = t("spin_first")
        return f'<p class="pir-hint" role="status">{escape(words)} ({_rule_link(PHASE_RULES[phase], lang)}).</p>'

    def players(self, game: Game[Any, Any], state: PirState, ctx: ViewContext, lang: str) -> str:
        """One card per seat: its emblem, player and colour, who plays it, cargo aboard, banked toward 9."""
        t = TEXT.of(lang)
        cards = [_STYLE]
        for seat in range(len(state.pos)):
            info = ctx.seats[seat] if seat < len(ctx.seats) else None
            name = info.name if info else colour_word(seat, lang)
            who = controller_label(info.controller if info else "human", lang)
            where = t("in_port") if state.pos[seat] == HOME else t("at_island", n=state.pos[seat] + 1)
            banked = min(state.bank[seat], D.TARGET)
            active = " pir-active" if state.seat == seat and state.phase not in (START, OVER) else ""
            cargo = state.cargo[seat]
            coins = "●" * cargo + "○" * (D.CAPACITY - cargo)
            # The last unloading may overshoot the goal: never "10 of 9 banked".
            bar_label = t("reached" if state.bank[seat] >= D.TARGET else "banked", k=state.bank[seat], target=D.TARGET)
            main, dark, _light = PALETTE[seat]
            shape = emblem_word(seat, lang)
            you = f'<span class="pir-you">{escape(t("you"))}</span>' if seat == ctx.you else ""
            cards.append(
                f'<div class="pir-card{active}" data-seat="{seat}">'
                f'<svg class="pir-chip" viewBox="-12 -12 24 24" role="img" aria-label="{escape(colour_word(seat, lang))}, '
                f'{escape(shape)}"><title>{escape(colour_word(seat, lang))}, {escape(shape)}</title>'
                f'{emblem(seat, 19, main, dark, 2)}</svg>'
                '<div class="pir-body">'
                f'<div class="pir-name"><span class="pir-title">{escape(seat_title(name, seat, lang))}</span>{you}</div>'
                f'<div class="pir-who">{escape(who)} · {escape(where)}</div>'
                f'<div><span class="pir-coins" aria-hidden="true">{coins}</span> '
                f'{escape(t("aboard", k=cargo, cap=D.CAPACITY))}</div>'
                f'<div class="pir-bank">{escape(bar_label)}<span class="pir-bar" role="progressbar" aria-valuemin="0" '
                f'aria-valuemax="{D.TARGET}" aria-valuenow="{banked}" aria-label="{escape(bar_label)}">'
                f'<span class="pir-fill" style="width:{100 * banked / D.TARGET:.0f}%"></span></span></div>'
                "</div></div>"
            )
        cards.append(self.key(lang))
        return "".join(cards)

    @staticmethod
    def key(lang: str) -> str:
        """The key to the board: what the arrows, chests and compass pictures mean (a tap opens it)."""
        items = "".join(
            f'<li><svg viewBox="-16 -16 32 32" aria-hidden="true">{KEY_ICONS[icon]}</svg>'
            f"<span>{escape(pick(lang, en, fr))}</span></li>"
            for icon, en, fr in KEY
        )
        return f'<details class="pir-key"><summary>{escape(TEXT(lang, "key"))}</summary><ul>{items}</ul></details>'

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        t = TEXT.of(lang)
        if state.phase in (RAID_SPIN, STORM_SPIN):
            return t("spin")
        if state.phase == START:
            return t("draw")
        return t("roll")

    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str, ctx: ViewContext) -> tuple[Any, Any | None]:
        """A tapped island: the choice it stands for, or the tap kept (the view's ``ui``) so the page says why not.

        The gesture is read by :func:`ui.games.piratissimo.gestures.parse_gesture`; ``do`` and ``chance`` are the
        session's own, so anything but an island is refused here with words.  Nothing here depends on the
        page's language: the answer is worded when the page is drawn (``ctx.lang`` in :meth:`regions`).
        """
        tapped = parse_gesture(gesture)
        if not isinstance(tapped, TapIsland):
            # a gesture from the page (outside input): refused in words, whatever its kind
            raise Refused("gesture", f"Piratissimo's page plays {shorten(gesture)} itself: only an island tap comes "
                          "to the view", gesture=shorten(gesture))
        action = island_action(state, tapped.island)
        if action is not None:
            return None, action
        return tapped, None

    def sounds(self, game: Game[Any, Any], before: Any, action: Any, after: Any) -> list[str]:
        """Dice and compass rattle; a piracy that takes gold fires a cannon; a capsize, and a
        tornado or storm that hits ships, splash; the race's end plays the win."""
        log: list[Event] = []
        try:
            game.step(before, action, log)  # type: ignore[attr-defined]
        except Exception:  # an action the page could not replay: no sound beats a wrong one
            log = []
        kinds = {event[0] for event in log}
        names = ["dice"] if game.is_outcome(before, action) else []
        if "steal" in kinds:
            names.append("cannon")
        if "capsize" in kinds:
            names.append("capsize")
        hit_by_storm = any(e[0] == "storm" and e[1] != "calm" and e[2] for e in log)
        if hit_by_storm or ("tornado" in kinds and after.phase == STORM_SPIN):
            names.append("splash")
        if after.phase == OVER:
            names.append("win")
        return names

    def empty_board(self, lang: str = "en") -> str:
        from engine.piratissimo import Piratissimo

        game = Piratissimo()
        # its own uid: the page may open the rules dialog before the live board replaces it
        return board_svg(game, game.new(4), lang=lang, animate=False, uid="pire")

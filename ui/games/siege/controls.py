"""Siege's action bar, the region ``controls``: the aim controls (launcher, elevation and power
sliders with their fine steps, Fire!), the points left, the chest run's steps, a pirate's move and End
turn, and the hint of how to aim on this device."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Game
from engine.numbers import percent
from engine.siege.actions import END, RUN_STEPS, STAY, TURN, Crew, Move, Replace
from engine.siege.scene import SPOTS, WEAPON_NAMES, WEAPONS
from engine.siege.state import ACT, COMPASS_CHOICE, SiegeState, crew_cost
from engine.siege.words import on_spot, to_spot
from ui.app.view import Viewport, button
from ui.games.siege.aim_state import Aim
from ui.games.siege.board_words import spot_words
from ui.games.siege.gestures import (
    ChooseWeapon,
    CrewPick,
    Deselect,
    FireButton,
    Nudge,
    Pick,
    Select,
    SetDial,
    do,
)
from ui.games.siege.page_words import TEXT, sentence

CONTROLS_STYLE = """<style>
.sg-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem .9rem;width:100%}
.sg-weapons{display:inline-flex;gap:.3rem}
.sg-dial{display:inline-flex;align-items:center;gap:.3rem;flex:1 1 19rem;min-width:0}
.sg-dial label{font-weight:600;min-width:4.6rem;flex:none}
.sg-dial input[type=range]{flex:1 1 6rem;min-width:4rem;height:44px;accent-color:#1d3557}
.sg-val{font:700 1.05rem system-ui,sans-serif;min-width:3.2rem;text-align:right;font-variant-numeric:tabular-nums}
.sg-step{padding:.2rem .5rem}
.sg-row{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.2rem 0;width:100%}
.sg-note{margin:.2rem 0;font-size:.88rem;width:100%}
.sg-help{color:#3f4c57}
.sg-points{margin-right:.4rem}
.sg-bar>.btn.primary{margin-left:auto}
.sg-help-touch{display:none}
@media (pointer:coarse){.sg-help-desk{display:none}.sg-help-touch{display:inline}}
@media (max-width:359px){.sg-dial label{min-width:0;font-size:.9rem}.sg-dial input[type=range]{min-width:2.5rem}}
@media (max-width:599px){.sg-help{font-size:.8rem}.sg-dial{flex-basis:100%;order:2}.sg-bar>.btn.primary{order:1}}
</style>"""


def movable_pirates(game: Game[Any, Any], state: SiegeState) -> list[str]:
    """The spots of the pirates that may move now (one point at least, and a free spot to go to)."""
    legal = game.legal_actions(state) if state.points >= 1 else []
    sources = {a.src for a in legal if isinstance(a, Move)}
    return [s for s in state.sides[state.seat].spots if s in sources]


def crew_actions(game: Game[Any, Any], state: SiegeState) -> list[Crew]:
    """The longboat's crews the side may send now, one a pirate."""
    return [action for action in game.legal_actions(state) if isinstance(action, Crew)]


def slider(what: str, aim: Aim, lang: str) -> str:
    """A labelled slider for the elevation or the power: fine steps either side, its value beside it."""
    weapon = WEAPONS[aim.weapon]
    low, high = weapon.angles if what == "angle" else weapon.powers
    shown = aim.shown or (aim.angle, aim.power)
    value = shown[0] if what == "angle" else shown[1]
    shown_value = f"{value}°" if what == "angle" else percent(value, lang)
    less, more = (f"{what}_less", f"{what}_more")
    return (
        f'<div class="sg-dial"><label for="sg-{what}">{escape(TEXT(lang, what))}</label>'
        f'<b class="sg-val" data-region="siege-{what}">{escape(shown_value)}</b>'
        f'<button type="button" class="btn sg-step" data-act="{Nudge(what, -1).text()}"><span aria-hidden="true">−</span>'
        f'<span class="sr-only">{escape(TEXT(lang, less))}</span></button>'
        f'<input type="range" id="sg-{what}" data-input="{SetDial.input(what)}" min="{low}" max="{high}" step="1" value="{value}"/>'
        f'<button type="button" class="btn sg-step" data-act="{Nudge(what, 1).text()}"><span aria-hidden="true">+</span>'
        f'<span class="sr-only">{escape(TEXT(lang, more))}</span></button></div>'
    )


def action_bar(game: Game[Any, Any], state: SiegeState, aim: Aim, lang: str,
               viewport: Viewport | None = None, guided: bool = False) -> str:
    """The action bar of the side to play: the two compasses' choice, or the aim controls and the turn's actions."""
    if state.phase == COMPASS_CHOICE:
        return (
            CONTROLS_STYLE
            + f'<p class="sg-note">{escape(TEXT(lang, "two_compass"))}</p><div class="sg-row">'
            + button(TEXT(lang, "turn"), do(TURN), primary=True)
            + button(TEXT(lang, "stay"), do(STAY))
            + "</div>"
        )
    if state.phase != ACT:
        return ""
    legal = game.legal_actions(state)
    out = [CONTROLS_STYLE]
    if game.may_fire(state):
        weapons = "".join(
            f'<button type="button" class="btn" data-act="{ChooseWeapon(n).text()}" aria-pressed="{"true" if n == aim.weapon else "false"}">'
            f"{escape(TEXT(lang, n))}</button>"
            for n in WEAPON_NAMES
        )
        out.append(
            f'<div class="sg-bar"><div class="sg-weapons" role="group" aria-label="{escape(TEXT(lang, "launcher"))}">'
            f"{weapons}</div>{slider('angle', aim, lang)}{slider('power', aim, lang)}"
            f'{button(TEXT(lang, "fire"), FireButton().text(), primary=True)}</div>'
        )
    elif state.sides[state.seat].cannons_standing() == 0:
        out.append(f'<p class="sg-note">{escape(TEXT(lang, "no_fire"))}</p>')
    if legal == [END]:
        n = state.points
        out.append(f'<p class="sg-note" role="status">{escape(TEXT(lang, "only_end", n=n, s="s" if n > 1 else ""))}</p>')
    row = [f'<span class="sg-points" data-hud="points">{escape(TEXT(lang, "points_left"))} <b>{state.points}</b></span>']
    crews = [action for action in legal if isinstance(action, Crew)]
    for action in legal:
        if action in RUN_STEPS:
            row.append(button(TEXT(lang, action.text()), do(action)))
        elif isinstance(action, Replace):
            row.append(button(TEXT(lang, "replace", slot=action.slot), do(action)))
    if len(crews) == 1:  # one pirate may go: its button plays it
        where = spot_words(state.seat, crews[0].src, lang)
        row.append(button(TEXT(lang, "crew", where=where, cost=crew_cost(state)), do(crews[0])))
    elif crews and not aim.crewing:  # several: one button, then the list (six rows covered a phone's scene)
        row.append(button(TEXT(lang, "crew_pick", cost=crew_cost(state)), CrewPick().text()))
    movable = movable_pirates(game, state)
    if movable and not (aim.picking or aim.selected):
        row.append(button(TEXT(lang, "move"), Pick().text()))
    row.append(button(TEXT(lang, "end"), do(END), primary=legal == [END]))
    out.append('<div class="sg-row">' + "".join(row) + "</div>")
    side = state.sides[state.seat]
    if aim.selected:
        where = on_spot(state.seat, aim.selected, lang)
        spots = [
            button(sentence(to_spot(state.seat, move.dst, lang)), do(move))
            for move in (Move(aim.selected, spot.name) for spot in SPOTS[state.seat])
            if move in legal
        ]
        out.append(
            f'<div class="sg-row"><span class="sg-note">{escape(TEXT(lang, "moving", where=where))}</span>'
            + "".join(spots) + button(TEXT(lang, "cancel"), Deselect().text()) + "</div>"
        )
    elif aim.crewing and len(crews) > 1:
        pirates = [button(sentence(spot_words(state.seat, action.src, lang)), do(action)) for action in crews]
        out.append(
            f'<div class="sg-row"><span class="sg-note">{escape(TEXT(lang, "crew_which"))}</span>'
            + "".join(pirates) + button(TEXT(lang, "cancel"), Deselect().text()) + "</div>"
        )
    elif aim.picking:
        pirates = []
        for spot in movable:
            where = sentence(spot_words(state.seat, spot, lang))
            if spot == side.captain:
                where = TEXT(lang, "captain_mark", where=where)
            pirates.append(button(where, Select(spot).text()))
        out.append(
            f'<div class="sg-row"><span class="sg-note">{escape(TEXT(lang, "which"))}</span>'
            + "".join(pirates) + button(TEXT(lang, "cancel"), Deselect().text()) + "</div>"
        )
    if game.may_fire(state):
        # the hint of the device: a mouse and keys, or a finger; until the page has said which, both, and CSS
        # picks by the pointer
        desk = f'<span class="sg-help-desk">{escape(TEXT(lang, "aim_help"))}</span>'
        touch = f'<span class="sg-help-touch">{escape(TEXT(lang, "aim_help_touch"))}</span>'
        if viewport is not None:
            desk, touch = ("", touch) if viewport.touch else (desk, "")
        out.append(f'<p class="sg-note sg-help">{desk}{touch}</p>')
        if guided:
            out.append(f'<p class="sg-note sg-guided">{escape(TEXT(lang, "guided"))}</p>')
    return "".join(out)

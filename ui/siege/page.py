"""Siege's page view: the battle scene, the aiming controls and the HUD, as strings.

The view's own state (``ui``) is an :class:`Aim`: the weapon, elevation and
power being set, and the pirate picked for a move.  Gestures:

* ``drag aim X Y`` / ``release aim X Y`` (SVG user units, from the weapon's
  ``data-drag="aim"``): the direction from the muzzle is the elevation, the
  distance the power; the release fires;
* ``key ArrowUp``/``ArrowDown`` (elevation), ``key ArrowRight``/``ArrowLeft``
  (power), ``key Space`` (other weapon), ``key Enter`` (fire);
* ``weapon cannon``, ``nudge angle -1``, ``nudge power 5``, ``fire``;
* ``select c1`` / ``deselect`` to pick a pirate; its free spots carry
  ``do move c1 p2``.

>>> from engine.siege import Siege
>>> view, game = View(), Siege()
>>> s = game.apply(game.apply(game.new(2), "first blue"), "dice 4 4")
>>> ui, act = view.handle(game, s, None, "key ArrowUp")
>>> ui.weapon, ui.angle, ui.power, act
('cannon', 11, 70, None)
>>> view.handle(game, s, ui, "key Enter")[1]
'fire cannon 11 70'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from engine.core import Game
from engine.siege.game import ACT, COMPASS_CHOICE, SCATTER, START, SiegeState
from engine.siege.scene import (
    CHESTS_PER_SIDE,
    COMPASS,
    ISLAND_NAMES,
    ISLAND_NAMES_FR,
    SLOTS,
    SPOTS,
    WEAPON_NAMES,
    WEAPONS,
)
from ui.siege.board import SIDE_COLOURS, aim_from_point, muzzle, render, spot_words
from ui.view import GameView, ViewContext, button


#: a release closer than this to the muzzle (SVG units) is a cancelled drag, not a shot
MIN_DRAG = 12.0


@dataclass(frozen=True)
class Aim:
    """What the person is setting up: a weapon's aim, and a pirate picked to move."""

    weapon: str
    angle: int
    power: int
    selected: str = ""
    dragging: bool = False


TEXT = {
    "en": {
        "blue": "Blue",
        "red": "Red",
        "cannon": "Cannon",
        "mortar": "Mortar",
        "fire": "Fire!",
        "end": "End turn",
        "turn": "Turn the brick",
        "stay": "Keep the brick",
        "two_compass": "Two compasses: turn your brick around, or keep it? (SG-17)",
        "aim_help": "Drag from a launcher to aim, or use the arrow keys on the scene (Enter fires).",
        "angle": "Elevation",
        "power": "Power",
        "points": "Points left",
        "pirates": "Pirates standing",
        "cannons": "Target-cannons standing",
        "spares": "Replacements left",
        "run": "Chest run",
        "captain": "Captain",
        "captain_up": "standing",
        "captain_down": "down",
        "one_die": " (one die, SG-18)",
        "turn_now": "to play",
        "row out": "Row to Treasure Island (1)",
        "load": "Load a chest (1)",
        "row back": "Row back to base (1)",
        "replace": "Replace target-cannon {slot} (1)",
        "crew": "Crew the longboat from {where} (2)",
        "run_base": "longboat at base",
        "run_out": "at Treasure Island",
        "run_loaded": "chest aboard, waiting a turn",
        "run_ready": "chest aboard, ready to row back",
        "run_home": "chest at base: replace a target-cannon",
        "run_nocrew": "longboat has no pirate",
        "no_fire": "No target-cannon of yours stands: you may not fire (SG-06).",
        "move_help": "Click one of your pirates on the scene to move it (1 point).",
        "moving": "Pick a free spot for the pirate on {where}.",
        "cancel": "Cancel",
        "facing": "Facing broadside",
        "port": "port",
        "starboard": "starboard",
        "chests": "Own chests on Treasure Island",
        "dice": "Dice",
        "roll_first": "Roll the dice",
        "draw": "Draw who starts",
    },
    "fr": {
        "blue": "Bleu",
        "red": "Rouge",
        "cannon": "Canon",
        "mortar": "Mortier",
        "fire": "Feu !",
        "end": "Fin du tour",
        "turn": "Tourner le brick",
        "stay": "Garder le brick",
        "two_compass": "Deux compas : tourner votre brick, ou le garder ? (SG-17)",
        "aim_help": "Glissez depuis un lanceur pour viser, ou utilisez les flèches sur la scène (Entrée tire).",
        "angle": "Élévation",
        "power": "Puissance",
        "points": "Points restants",
        "pirates": "Pirates debout",
        "cannons": "Canons-cibles debout",
        "spares": "Remplacements restants",
        "run": "Course au trésor",
        "captain": "Capitaine",
        "captain_up": "debout",
        "captain_down": "tombé",
        "one_die": " (un seul dé, SG-18)",
        "turn_now": "joue",
        "row out": "Ramer vers l'île au Trésor (1)",
        "load": "Charger un coffre (1)",
        "row back": "Revenir à la base (1)",
        "replace": "Remplacer le canon-cible {slot} (1)",
        "crew": "Envoyer le pirate de {where} dans l'embarcation (2)",
        "run_base": "embarcation à la base",
        "run_out": "à l'île au Trésor",
        "run_loaded": "coffre à bord, attente d'un tour",
        "run_ready": "coffre à bord, prêt à revenir",
        "run_home": "coffre à la base : remplacer un canon-cible",
        "run_nocrew": "embarcation sans pirate",
        "no_fire": "Aucun de vos canons-cibles n'est debout : vous ne pouvez pas tirer (SG-06).",
        "move_help": "Cliquez sur un de vos pirates dans la scène pour le déplacer (1 point).",
        "moving": "Choisissez une place libre pour le pirate sur {where}.",
        "cancel": "Annuler",
        "facing": "Bordée tournée vers l'ennemi",
        "port": "bâbord",
        "starboard": "tribord",
        "chests": "Ses coffres sur l'île au Trésor",
        "dice": "Dés",
        "roll_first": "Lancer les dés",
        "draw": "Tirer au sort qui commence",
    },
}

PANEL_STYLE = """<style>
.sg-panels{display:flex;flex-wrap:wrap;gap:.6rem}
.sg-panel{flex:1 1 14rem;border:2px solid #cfd9e2;border-radius:.8rem;padding:.5rem .7rem;background:#f8fbff}
.sg-panel.sg-turn{border-color:#e0a800;box-shadow:0 0 0 3px #ffe7a0}
.sg-panel h3{display:flex;align-items:center;gap:.4rem;margin:0 0 .3rem;font-size:1.05rem}
.sg-panel dl{display:grid;grid-template-columns:auto auto;gap:.1rem .8rem;margin:0;font-size:.92rem}
.sg-panel dt{color:#44525e}.sg-panel dd{margin:0;font-weight:600}
.sg-tag{font-size:.75rem;background:#e0a800;color:#fff;border-radius:.5rem;padding:0 .4rem}
.sg-aim{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.3rem 0}
.sg-read{font:700 1.05rem system-ui,sans-serif;min-width:4.5rem;text-align:center}
.sg-row{display:flex;flex-wrap:wrap;gap:.4rem;margin:.3rem 0}
.sg-note{margin:.3rem 0;font-size:.92rem}
.sg-dot{display:inline-block;width:.8rem;height:.8rem;border-radius:50%}
.sg-run{display:inline-flex;gap:.2rem;vertical-align:middle}
.sg-run i{display:inline-block;width:.9rem;height:.45rem;border-radius:.2rem;background:#d7dee5}
.sg-run i.on{background:#e0a800}
</style>"""


def _t(lang: str, key: str) -> str:
    return TEXT.get(lang, TEXT["en"])[key]


def current_aim(state: SiegeState, ui: Any) -> Aim:
    """The view's aim, or the launcher's own setting when nothing is being set."""
    if isinstance(ui, Aim):
        return ui
    side = state.sides[state.seat]
    weapon = side.weapon if side.weapon in WEAPONS else "cannon"
    angle, power = side.setting[WEAPON_NAMES.index(weapon)]
    return Aim(weapon, angle, power)


def _clamp(weapon: str, angle: int, power: int) -> tuple[int, int]:
    w = WEAPONS[weapon]
    return min(max(angle, w.angles[0]), w.angles[1]), min(max(power, w.powers[0]), w.powers[1])


def _with_weapon(state: SiegeState, aim: Aim, weapon: str) -> Aim:
    angle, power = state.sides[state.seat].setting[WEAPON_NAMES.index(weapon)]
    return replace(aim, weapon=weapon, angle=angle, power=power, dragging=False)


def run_progress(side: Any, turn: int) -> tuple[int, str]:
    """(steps done 0..4, words key) of a side's chest run (SG-08)."""
    if "boat" not in side.spots:
        return (0, "run_nocrew")
    if side.boat_at == "base":
        return (3, "run_home") if side.chest else (0, "run_base")
    if not side.chest:
        return (1, "run_out")
    return (2, "run_ready") if turn > side.loaded_turn else (2, "run_loaded")


class View(GameView):
    game_name = "siege"
    SEAT_COLOURS = ((SIDE_COLOURS[0], "Blue", "Bleu"), (SIDE_COLOURS[1], "Red", "Rouge"))

    def initial_ui(self) -> Any:
        return None

    # -- gestures --------------------------------------------------------------------
    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str) -> tuple[Any, Any | None]:
        parts = gesture.split()
        if not parts:
            raise ValueError("empty gesture")
        aim = current_aim(state, ui)
        head = parts[0]
        if head == "select" and len(parts) == 2:
            if parts[1] not in state.sides[state.seat].spots:
                raise ValueError(f"no pirate of yours stands on {parts[1]!r}")
            return replace(aim, selected="" if aim.selected == parts[1] else parts[1]), None
        if head == "deselect":
            return replace(aim, selected=""), None
        if state.phase != ACT:
            raise ValueError("aiming waits for your turn's points")
        if head == "weapon" and len(parts) == 2 and parts[1] in WEAPONS:
            return _with_weapon(state, aim, parts[1]), None
        if head == "nudge" and len(parts) == 3 and parts[1] in ("angle", "power"):
            step = int(parts[2])
            angle, power = aim.angle, aim.power
            if parts[1] == "angle":
                angle += step
            else:
                power += step
            angle, power = _clamp(aim.weapon, angle, power)
            return replace(aim, angle=angle, power=power), None
        if head in ("drag", "release") and len(parts) == 4 and parts[1] == "aim":
            x, y = float(parts[2]), float(parts[3])
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError("a drag needs a point")
            weapon = aim.weapon
            if head == "release" and not aim.dragging:
                # a press without a drag (a click on the launcher) fires nothing
                return aim, None
            if not aim.dragging:
                # the drag starts on a launcher: take the nearer one
                weapon = min(WEAPON_NAMES, key=lambda n: math.dist(muzzle(state.seat, n), (x, y)))
                if math.dist(muzzle(state.seat, weapon), (x, y)) > 24:
                    weapon = aim.weapon
            if head == "release" and math.dist(muzzle(state.seat, weapon), (x, y)) < MIN_DRAG:
                return replace(aim, dragging=False), None  # let go on the launcher: no shot
            angle, power = aim_from_point(state.seat, weapon, x, y)
            moved = Aim(weapon, angle, power, aim.selected, dragging=head == "drag")
            if head == "release":
                return replace(moved, dragging=False), self._fire(game, state, moved)
            return moved, None
        if head == "key" and len(parts) == 2:
            key = parts[1]
            if key == "Enter":
                return aim, self._fire(game, state, aim)
            if key in ("Space", " ", "Spacebar"):
                other = "mortar" if aim.weapon == "cannon" else "cannon"
                return _with_weapon(state, aim, other), None
            steps = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowRight": (0, 1), "ArrowLeft": (0, -1)}
            if key in steps:
                da, dp = steps[key]
                angle, power = _clamp(aim.weapon, aim.angle + da, aim.power + dp)
                return replace(aim, angle=angle, power=power), None
            raise ValueError(f"the key {key!r} does nothing here")
        if head == "fire":
            return aim, self._fire(game, state, aim)
        raise ValueError(f"unknown gesture {gesture!r}")

    @staticmethod
    def _fire(game: Game[Any, Any], state: Any, aim: Aim) -> str:
        action = f"fire {aim.weapon} {aim.angle} {aim.power}"
        reason = game.refusal(state, action)
        if reason is not None:
            raise ValueError(reason)
        return action

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        if state.phase == START:
            return _t(lang, "draw")
        return _t(lang, "roll_first")

    # -- regions -----------------------------------------------------------------------
    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        lang = ctx.lang if ctx.lang in TEXT else "en"
        mine = ctx.interactive_seat is not None and ctx.interactive_seat == state.seat
        acting = mine and state.phase == ACT
        aim = current_aim(state, ui)
        moves: dict[str, str] = {}
        if acting:
            moves = self._move_acts(game, state, aim)
        board = render(
            game,
            state,
            lang=lang,
            previous=ctx.previous,
            last_action=ctx.last_action,
            interactive=acting,
            aim=(aim.weapon, aim.angle, aim.power) if acting else None,
            training=ctx.training,
            moves=moves,
            selected=aim.selected if acting else "",
        )
        return {
            "board": board,
            "controls": self._controls(game, state, aim, lang) if mine else "",
            "players": self.players(game, state, ctx, lang),
        }

    def _move_acts(self, game: Game[Any, Any], state: SiegeState, aim: Aim) -> dict[str, str]:
        """data-act for the side's spots: pick a pirate, then one of its free spots."""
        legal = set(game.legal_actions(state)) if state.points >= 1 else set()
        side = state.sides[state.seat]
        acts = {}
        for spot in side.spots:
            if any(a.startswith(f"move {spot} ") for a in legal):  # the longboat's pirate too, at base (SG-11)
                acts[spot] = f"select {spot}"
        if aim.selected and aim.selected in side.spots:
            for spot in SPOTS[state.seat]:
                act = f"move {aim.selected} {spot.name}"
                if act in legal:
                    acts[spot.name] = "do " + act
        return acts

    def _controls(self, game: Game[Any, Any], state: SiegeState, aim: Aim, lang: str) -> str:
        if state.phase == COMPASS_CHOICE:
            return (
                PANEL_STYLE
                + f'<p class="sg-note">{escape(_t(lang, "two_compass"))}</p><div class="sg-row">'
                + button(_t(lang, "turn"), "do turn", primary=True)
                + button(_t(lang, "stay"), "do stay")
                + "</div>"
            )
        if state.phase != ACT:
            return ""
        legal = game.legal_actions(state)
        out = [PANEL_STYLE, f'<p class="sg-note" data-hud="points">{escape(_t(lang, "points"))}: <b>{state.points}</b></p>']
        if game.may_fire(state):
            weapons = "".join(
                button(_t(lang, n), f"weapon {n}", primary=n == aim.weapon) for n in WEAPON_NAMES
            )
            out.append(
                f'<div class="sg-aim" data-aim="{aim.weapon} {aim.angle} {aim.power}">{weapons}'
                f'{button("−", "nudge angle -1", title=_t(lang, "angle"))}'
                f'<span class="sg-read" aria-label="{escape(_t(lang, "angle"))}">{aim.angle}°</span>'
                f'{button("+", "nudge angle 1", title=_t(lang, "angle"))}'
                f'{button("−", "nudge power -1", title=_t(lang, "power"))}'
                f'<span class="sg-read" aria-label="{escape(_t(lang, "power"))}">{aim.power}%</span>'
                f'{button("+", "nudge power 1", title=_t(lang, "power"))}'
                f'{button(_t(lang, "fire"), "fire", primary=True)}</div>'
                f'<p class="sg-note">{escape(_t(lang, "aim_help"))}</p>'
            )
        elif state.sides[state.seat].cannons_standing() == 0:
            out.append(f'<p class="sg-note">{escape(_t(lang, "no_fire"))}</p>')
        extra = []
        for action in legal:
            if action in ("row out", "load", "row back"):
                extra.append(button(_t(lang, action), "do " + action))
            elif action.startswith("replace "):
                extra.append(button(_t(lang, "replace").format(slot=action.split()[1]), "do " + action))
            elif action.startswith("crew "):
                where = spot_words(state.seat, action.split()[1], lang)
                extra.append(button(_t(lang, "crew").format(where=where), "do " + action))
        if extra:
            out.append('<div class="sg-row">' + "".join(extra) + "</div>")
        if aim.selected:
            where = spot_words(state.seat, aim.selected, lang)
            out.append(
                f'<p class="sg-note">{escape(_t(lang, "moving").format(where=where))} '
                f'{button(_t(lang, "cancel"), "deselect")}</p>'
            )
        elif any(a.startswith("move ") for a in legal):
            out.append(f'<p class="sg-note">{escape(_t(lang, "move_help"))}</p>')
        out.append('<div class="sg-row">' + button(_t(lang, "end"), "do end") + "</div>")
        return "".join(out)

    def players(self, game: Game[Any, Any], state: SiegeState, ctx: ViewContext, lang: str) -> str:
        """The HUD: per side pirates, target-cannons, spares, chest run, captain; whose turn."""
        panels = []
        for seat in (0, 1):
            side = state.sides[seat]
            name = ctx.seats[seat].name if seat < len(ctx.seats) else _t(lang, "blue" if seat == 0 else "red")
            colour = _t(lang, "blue" if seat == 0 else "red")
            island = (ISLAND_NAMES_FR if lang == "fr" else ISLAND_NAMES)[seat]
            turn = game.turn_seat(state) == seat or (state.phase == SCATTER and state.seat == seat)
            tag = f' <span class="sg-tag">{escape(_t(lang, "turn_now"))}</span>' if turn and state.phase != "over" else ""
            done, key = run_progress(side, state.turn)
            bar = "".join(f'<i class="{"on" if i < done else ""}"></i>' for i in range(4))
            spares = state.chests_left(seat) + side.chest  # SG-07: its own chests, one aboard included
            captain = _t(lang, "captain_up" if side.captain else "captain_down")
            if state.captain_rule and not side.captain:
                captain += _t(lang, "one_die")
            rows = [
                ("pirates", f"{len(side.spots)} / 10"),
                ("cannons", f"{side.cannons_standing()} / {len(SLOTS)}"),
                ("spares", f"{spares}"),
                ("chests", f"{state.chests_left(seat)} / {CHESTS_PER_SIDE}"),
                ("facing", _t(lang, side.facing())),
                ("captain", captain),
            ]
            dl = "".join(
                f'<dt>{escape(_t(lang, k))}</dt><dd data-hud="{k}-{seat}">{escape(v)}</dd>' for k, v in rows
            )
            dl += (
                f'<dt>{escape(_t(lang, "run"))}</dt><dd data-hud="run-{seat}"><span class="sg-run">{bar}</span> '
                f"{escape(_t(lang, key))}</dd>"
            )
            if turn and state.dice:
                dice = " + ".join("🧭3" if f == COMPASS else str(f) for f in state.dice)
                dl += f'<dt>{escape(_t(lang, "dice"))}</dt><dd data-hud="dice">{escape(dice)}</dd>'
                dl += f'<dt>{escape(_t(lang, "points"))}</dt><dd data-hud="points-{seat}">{state.points}</dd>'
            panels.append(
                f'<section class="sg-panel{" sg-turn" if turn else ""}" data-seat="{seat}" aria-label="{escape(name)}">'
                f'<h3><span class="sg-dot" style="background:{SIDE_COLOURS[seat]}"></span>{escape(name)} '
                f'<small>({escape(colour)}, {escape(island)})</small>{tag}</h3><dl>{dl}</dl></section>'
            )
        return PANEL_STYLE + '<div class="sg-panels">' + "".join(panels) + "</div>"

    def empty_board(self, lang: str = "en") -> str:
        from engine.siege import Siege

        game = Siege()
        return render(game, game.new(2), lang=lang, animate=False)


__all__ = ["View", "Aim", "current_aim", "run_progress"]

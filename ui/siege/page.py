"""Siege's page view: the battle scene, the aiming controls and the HUD, as strings.

The view's own state (``ui``) is an :class:`Aim`: the weapon, elevation and
power being set, a drag in progress, and the pirate picked for a move.
Gestures (written and read as the values of :mod:`ui.siege.gestures`):

* ``drag aim X Y`` / ``release aim X Y`` (SVG user units, from the grab
  handle's ``data-drag="aim"``): once the pointer has moved a little, the
  direction from the muzzle is the elevation and the distance the power; the
  release fires; ``cancel aim`` (the browser cancelled the drag) fires nothing;
* ``drag pad X Y`` / ``release pad X Y`` / ``cancel pad``: the same on a phone's aim pad
  (:func:`ui.siege.board.aim_pad`, the region ``siege-pad`` over the close-up), in the pad's
  own units: its muzzle in its corner, :data:`ui.siege.board.PAD_SPAN` units for 100 %;
* ``set angle N`` / ``set power N`` (the sliders), ``nudge angle -1``,
  ``nudge power 1`` (the fine steps), ``weapon mortar``, ``fire``;
* ``key ArrowUp``/``ArrowDown`` (elevation), ``key ArrowRight``/``ArrowLeft``
  (power), ``key Space`` (other weapon), ``key Enter`` (fire);
* ``pick`` lists the pirates that may move, ``select c1`` / ``deselect``
  picks one; its free spots carry ``do move c1 p2``; ``enemy f1`` (a click
  on an enemy pirate) says how to knock it down.

A refusal is a sentence in the page's language (the ``ViewContext`` the
gesture came with), any rule ID at its end.

>>> from engine.siege import Siege
>>> from ui.view import SeatInfo, ViewContext
>>> view, game = View(), Siege()
>>> ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("Bot", "heuristic")), interactive_seat=0)
>>> s = game.apply(game.apply(game.new(2), game.parse_action("first blue")), game.parse_action("dice 4 4"))
>>> ui, act = view.handle(game, s, None, "key ArrowUp", ctx)
>>> ui.weapon, ui.angle, ui.power, act
('cannon', 11, 70, None)
>>> view.handle(game, s, ui, "set power 93", ctx)[0].power
93
>>> view.handle(game, s, ui, "key Enter", ctx)[1]
Fire(weapon='cannon', angle=11, power=70)
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from engine.core import Game
from engine.numbers import percent
from engine.siege.actions import END, RUN_STEPS, STAY, TURN, Crew, Fire, Move, Replace, is_scatter_of
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
from engine.siege.state import ACT, COMPASS_CHOICE, ROLL, SCATTER, START, SiegeState, shot_flight, struck
from engine.siege.words import on_spot, to_spot
from ui.siege.board import (
    PAD_MUZZLE,
    SIDE_COLOURS,
    SIDE_SHAPES,
    aim_from_pad_point,
    aim_from_point,
    aim_pad,
    board_region,
    close_up,
    decided_by,
    grab_handle,
    muzzle,
    render,
    spot_words,
)
from ui.siege.gestures import (
    Cancel,
    ChooseWeapon,
    Deselect,
    Drag,
    Enemy,
    FireButton,
    Key,
    Nudge,
    Pick,
    Release,
    Select,
    SetDial,
    do,
    parse_gesture,
)
from ui.site import GENTLEST_BOT, controller_label
from ui.view import GameView, ViewContext, Viewport, button

#: Scene units a drag must travel before it aims: a tap that shakes a little changes nothing.
#: A release this close to the muzzle fires nothing either (let go on the launcher).
MIN_DRAG = 12.0

#: The refusal that keeps the longboat's pirate aboard away from its base (SG-11; the run needs it, SG-08)
LONGBOAT_STAYS = "ashore_only_at_base"

#: The sounds a shot's landing makes, by what the ball hit (a chest knocked out of a longboat splashes too).
IMPACT_SOUNDS = {"sea": "splash", "door": "capsize", "bowsprit": "capsize"}


@dataclass(frozen=True)
class Aim:
    """What the person is setting up: a weapon's aim, a drag in progress, a pirate picked to move."""

    weapon: str
    angle: int
    power: int
    selected: str = ""
    #: the controls list the pirates that may move (a move without the scene: touch, keyboard)
    picking: bool = False
    #: where the drag in progress started (scene units), None when no drag is on
    grab: tuple[float, float] | None = None
    #: the drag went past :data:`MIN_DRAG`: it aims, and its release fires
    moved: bool = False
    #: the drawing the drag is measured in: "aim" (the scene's handle) or "pad" (a phone's aim pad)
    via: str = "aim"
    #: where the drag in progress reached (in ``via``'s units): the pad shows its numbers above it
    point: tuple[float, float] | None = None
    #: the (angle, power) the controls' markup shows while a slider moves. The page replaces
    #: a region whose markup changed, and a slider replaced under the finger stops: so the
    #: sliders' markup keeps these values while they move and the numbers beside them are
    #: regions of their own (``siege-angle``, ``siege-power``). None: the aim itself.
    shown: tuple[int, int] | None = None

    @property
    def dragging(self) -> bool:
        return self.grab is not None


TEXT = {
    "en": {
        "blue": "Blue",
        "red": "Red",
        "cannon": "Cannon",
        "mortar": "Mortar",
        "launcher": "Launcher",
        "fire": "Fire!",
        "end": "End turn",
        "only_end": "No shot, move or chest-run step is possible with your {n} point{s} left: End turn is your one "
                    "choice.",
        "turn": "Turn the brig",
        "stay": "Keep the brig",
        "two_compass": "Two compasses: turn your brig around, or keep it? (SG-17)",
        "aim_help": "Drag from the ringed launcher to aim and let go to fire, or set the sliders and press Fire! "
                    "On the scene, the arrow keys aim and Enter fires.",
        "aim_help_touch": "Put your finger on the ringed launcher and drag to aim; let go to fire. "
                          "Or set the sliders and press Fire!",
        "guided": "Against the beginner, the line marked “training” shows where your shot will fly, "
                  "until your first hit.",
        "angle": "Elevation",
        "power": "Power",
        "angle_less": "one degree lower",
        "angle_more": "one degree higher",
        "power_less": "one percent less power",
        "power_more": "one percent more power",
        "points": "Points left",
        "points_left": "Points left:",
        "pirates": "Pirates standing",
        "cannons": "Target-cannons standing",
        "run": "Chest run",
        "captain": "Captain",
        "captain_up": "standing",
        "captain_down": "down",
        "one_die": " (one die, SG-18)",
        "turn_now": "to play",
        "you": "you",
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
        "move": "Move a pirate (1)",
        "which": "Which pirate moves?",
        "moving": "Where to, for the pirate {where}?",
        "captain_mark": "{where} (captain)",
        "cancel": "Cancel",
        "facing": "Facing the enemy",
        "broadside": "{side} broadside",
        "port": "port",
        "starboard": "starboard",
        "chests": "Chests on Treasure Island",
        "aboard": " · 1 aboard",
        "dice": "Dice",
        "compass": "compass (3)",
        "roll_first": "Roll the dice",
        "draw": "Draw who starts",
        # refusals: a sentence a player understands, any rule ID at the end
        "no_pirate": "There is no pirate of yours there.",
        "stuck": "This pirate has nowhere to go: every spot it could move to is taken (SG-11).",
        "no_move": "None of your pirates can move now (SG-11).",
        "enemy": "That is {side}'s {what}: to knock it down, aim a launcher at it and fire (SG-05).",
        "pirate": "pirate",
        "not_yet": "Roll the dice first: your points pay for aiming and firing (SG-03).",
        "tap": "To aim, hold the ringed launcher and drag away from it; let go to fire. "
               "Or set Elevation and Power, then press Fire!",
        "key": "That key does nothing here: the arrow keys aim, Space changes the launcher and Enter fires.",
        "gesture": "That does nothing here.",
    },
    "fr": {
        "blue": "Bleu",
        "red": "Rouge",
        "cannon": "Canon",
        "mortar": "Mortier",
        "launcher": "Lanceur",
        "fire": "Feu !",
        "end": "Fin du tour",
        "only_end": "Aucun tir, déplacement ni étape de la course au trésor n'est possible avec vos {n} point{s} : "
                    "il ne reste qu'à finir le tour.",
        "turn": "Tourner le brick",
        "stay": "Garder le brick",
        "two_compass": "Deux boussoles : tourner votre brick, ou le garder ? (SG-17)",
        "aim_help": "Glissez depuis le lanceur cerclé pour viser et relâchez pour tirer, ou réglez les curseurs et "
                    "appuyez sur Feu ! Sur la scène, les flèches visent et Entrée tire.",
        "aim_help_touch": "Posez le doigt sur le lanceur cerclé et glissez pour viser\u00a0; relâchez pour tirer. "
                          "Ou réglez les curseurs et appuyez sur Feu\u00a0!",
        "guided": "Contre le débutant, la ligne «\u00a0entraînement\u00a0» montre où ira votre tir, "
                  "jusqu'à votre premier coup au but.",
        "angle": "Élévation",
        "power": "Puissance",
        "angle_less": "un degré plus bas",
        "angle_more": "un degré plus haut",
        "power_less": "un pour cent de puissance en moins",
        "power_more": "un pour cent de puissance en plus",
        "points": "Points restants",
        "points_left": "Points restants\u00a0:",  # French: a no-break space before the colon
        "pirates": "Pirates debout",
        "cannons": "Canons-cibles debout",
        "run": "Course au trésor",
        "captain": "Capitaine",
        "captain_up": "debout",
        "captain_down": "tombé",
        "one_die": " (un seul dé, SG-18)",
        "turn_now": "joue",
        "you": "vous",
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
        "move": "Déplacer un pirate (1)",
        "which": "Quel pirate se déplace ?",
        "moving": "Où va le pirate {where} ?",
        "captain_mark": "{where} (capitaine)",
        "cancel": "Annuler",
        "facing": "Face à l'ennemi",
        "broadside": "bordée {side}",
        "port": "bâbord",
        "starboard": "tribord",
        "chests": "Coffres sur l'île au Trésor",
        "aboard": " · 1 à bord",
        "dice": "Dés",
        "compass": "boussole (3)",
        "roll_first": "Lancer les dés",
        "draw": "Tirer au sort qui commence",
        "no_pirate": "Aucun de vos pirates n'est là.",
        "stuck": "Ce pirate n'a nulle part où aller : toutes les places qu'il pourrait prendre sont occupées (SG-11).",
        "no_move": "Aucun de vos pirates ne peut se déplacer maintenant (SG-11).",
        "enemy": "C'est un {what} de {side} : pour le faire tomber, visez-le avec un lanceur et tirez (SG-05).",
        "pirate": "pirate",
        "not_yet": "Lancez d'abord les dés : vos points paient la visée et le tir (SG-03).",
        "tap": "Pour viser, tenez le lanceur cerclé et glissez en vous en éloignant ; relâchez pour tirer. "
               "Ou réglez Élévation et Puissance, puis appuyez sur Feu !",
        "key": "Cette touche ne fait rien ici : les flèches visent, Espace change de lanceur et Entrée tire.",
        "gesture": "Cela ne fait rien ici.",
    },
}

PANEL_STYLE = """<style>
.sg-panels{display:flex;flex-wrap:wrap;gap:.6rem}
.sg-panel{flex:1 1 15rem;border:2px solid #cfd9e2;border-left-width:.5rem;border-radius:.8rem;padding:.45rem .7rem;background:#f8fbff}
.sg-panel.sg-side-0{border-left-color:#2f6fd6}
.sg-panel.sg-side-1{border-left-color:#d23c3c;border-left-style:double}
.sg-panel.sg-turn{border-color:#e0a800;box-shadow:0 0 0 3px #ffe7a0}
.sg-panel.sg-turn.sg-side-0{border-left-color:#2f6fd6}.sg-panel.sg-turn.sg-side-1{border-left-color:#d23c3c}
.sg-panel h3{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;margin:0;font-size:1.05rem}
.sg-who{margin:.05rem 0 .3rem;font-size:.85rem;color:#3f4c57}
.sg-panel dl{display:grid;grid-template-columns:auto auto;gap:.1rem .8rem;margin:0;font-size:.9rem}
.sg-panel dt{color:#3f4c57}.sg-panel dd{margin:0;font-weight:600}
.sg-tag{font-size:.75rem;font-weight:700;background:#ffe08a;color:#3d2c00;border:1px solid #b58900;border-radius:.5rem;padding:0 .4rem}
.sg-you{font-size:.8rem;font-weight:600;color:#3f4c57}
.sg-mark{display:inline-block;width:.85rem;height:.85rem;flex:none}
.sg-mark.sg-circle{border-radius:50%}
.sg-mark.sg-diamond{transform:rotate(45deg) scale(.82)}
.sg-run{display:inline-flex;gap:.2rem;vertical-align:middle}
.sg-run i{display:inline-block;width:.9rem;height:.45rem;border-radius:.2rem;background:#d7dee5}
.sg-run i.on{background:#b58900}
body.game-siege [data-region=log] li[data-seat="0"]{border-left:4px solid #2f6fd6;padding-left:.4rem}
body.game-siege [data-region=log] li[data-seat="1"]{border-left:4px dotted #d23c3c;padding-left:.4rem}
</style>"""

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


def learning_to_aim(state: SiegeState, ctx: ViewContext) -> bool:
    """Whether a person playing the gentlest bot still sees where their shot will fly: until their
    first hit (a newcomer learns range from it; the set-up says so)."""
    you = ctx.you
    if you is None or len(ctx.seats) != 2 or ctx.seats[you].is_bot:
        return False
    enemy = 1 - you
    return ctx.seats[enemy].controller == GENTLEST_BOT and not struck(state, enemy)


def _t(lang: str, key: str) -> str:
    return TEXT.get(lang, TEXT["en"])[key]


def _sentence(text: str) -> str:
    """A refusal as a sentence: capital first letter (the engine's reasons start in lower case)."""
    return text[:1].upper() + text[1:]


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
    return replace(aim, weapon=weapon, angle=angle, power=power, grab=None, moved=False)


def run_progress(side: Any, turn: int) -> tuple[int, str]:
    """(steps done 0..4, words key) of a side's chest run (SG-08)."""
    if "boat" not in side.spots:
        return (0, "run_nocrew")
    if side.boat_at == "base":
        return (3, "run_home") if side.chest else (0, "run_base")
    if not side.chest:
        return (1, "run_out")
    return (2, "run_ready") if turn > side.loaded_turn else (2, "run_loaded")


def _lang(ctx: ViewContext) -> str:
    """The page's language, as the view knows words for it."""
    return ctx.lang if ctx.lang in TEXT else "en"


def _refuse(lang: str, key: str, **values: str) -> ValueError:
    return ValueError(_t(lang, key).format(**values))


class View(GameView):
    game_name = "siege"
    SEAT_COLOURS = ((SIDE_COLOURS[0], "Blue", "Bleu"), (SIDE_COLOURS[1], "Red", "Rouge"))

    def initial_ui(self) -> Any:
        return None

    # -- gestures (their vocabulary: :mod:`ui.siege.gestures`) ------------------------------
    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str, ctx: ViewContext) -> tuple[Any, Any | None]:
        """A gesture on the page drawn for ``ctx`` (refusals speak its language): (new aim, action or None)."""
        lang = _lang(ctx)
        try:
            move = parse_gesture(gesture)
        except ValueError:
            # nonsense says so; on a turn not yet rolled, first the roll (as for every other gesture then)
            raise _refuse(lang, "not_yet" if gesture.split() and state.phase != ACT else "gesture") from None
        aim = current_aim(state, ui)
        kind = move.__class__
        if kind is Cancel:
            # the browser cancelled the drag (a call, a system gesture): nothing fires
            return replace(aim, grab=None, moved=False, point=None), None
        if kind is Enemy:
            raise _refuse(lang, "enemy", side=_t(lang, "red" if state.seat == 0 else "blue"), what=_t(lang, "pirate"))
        if kind in (Select, Deselect, Pick):
            return self._pick(game, state, aim, move, lang), None
        if state.phase != ACT:
            raise _refuse(lang, "not_yet")
        if kind is SetDial:
            shown = aim.shown or (aim.angle, aim.power)
            angle, power = (move.value, aim.power) if move.what == "angle" else (aim.angle, move.value)
            angle, power = _clamp(aim.weapon, angle, power)
            return replace(aim, angle=angle, power=power, shown=shown, grab=None, moved=False), None
        aim = replace(aim, shown=None)  # every other gesture redraws the sliders at the aim
        if kind is ChooseWeapon:
            return _with_weapon(state, aim, move.weapon), None
        if kind is Nudge:
            da, dp = (move.step, 0) if move.what == "angle" else (0, move.step)
            angle, power = _clamp(aim.weapon, aim.angle + da, aim.power + dp)
            return replace(aim, angle=angle, power=power), None
        if kind is Drag or kind is Release:
            return self._drag(game, state, aim, move, lang)
        if kind is Key:
            key = move.name
            if key == "Enter":
                return aim, self._fire(game, state, aim, lang)
            if key in ("Space", " ", "Spacebar"):
                other = "mortar" if aim.weapon == "cannon" else "cannon"
                return _with_weapon(state, aim, other), None
            steps = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowRight": (0, 1), "ArrowLeft": (0, -1)}
            if key in steps:
                da, dp = steps[key]
                angle, power = _clamp(aim.weapon, aim.angle + da, aim.power + dp)
                return replace(aim, angle=angle, power=power), None
            raise _refuse(lang, "key")
        if kind is FireButton:
            return aim, self._fire(game, state, aim, lang)
        raise _refuse(lang, "gesture")  # ``do ...`` is the session's to play, never the view's

    def _drag(
        self, game: Game[Any, Any], state: SiegeState, aim: Aim, move: Drag | Release, lang: str
    ) -> tuple[Aim, Fire | None]:
        """A drag from a grab handle: the arrow follows the pointer from the muzzle; the release fires.

        ``move.via`` is the drawing the points are in: "aim", the scene (its launcher's muzzle), or
        "pad", a phone's aim pad (its own muzzle and span, :func:`ui.siege.board.aim_pad`).
        """
        via, x, y = move.via, move.x, move.y
        release = isinstance(move, Release)
        if aim.grab is not None and aim.via != via:
            aim = replace(aim, grab=None, moved=False, point=None)  # a drag in another drawing starts afresh
        if aim.grab is None:
            if release:  # pressed and let go without moving: a tap on the handle
                raise _refuse(lang, "tap")
            return replace(aim, grab=(x, y), moved=False, via=via, point=(x, y)), None  # the press: nothing aims yet
        moved = aim.moved or math.dist(aim.grab, (x, y)) >= MIN_DRAG
        if not moved:  # a finger that shook a little: no aim, no shot
            return (replace(aim, grab=None, point=None) if release else aim), None
        if via == "pad":
            angle, power = aim_from_pad_point(state.seat, aim.weapon, x, y)
            origin = PAD_MUZZLE[state.seat]
        else:
            angle, power = aim_from_point(state.seat, aim.weapon, x, y)
            origin = muzzle(state.seat, aim.weapon)
        if not release:
            return replace(aim, angle=angle, power=power, moved=True, point=(x, y)), None
        done = replace(aim, grab=None, moved=False, point=None)
        if math.dist(origin, (x, y)) < MIN_DRAG:
            return done, None  # let go back on the launcher: no shot
        done = replace(done, angle=angle, power=power)
        return done, self._fire(game, state, done, lang)

    def _pick(self, game: Game[Any, Any], state: SiegeState, aim: Aim, move: Select | Deselect | Pick, lang: str) -> Aim:
        """Choosing a pirate to move: ``pick`` lists them, ``select c1`` takes one, ``deselect`` drops it."""
        if isinstance(move, Deselect):
            return replace(aim, selected="", picking=False)
        if state.phase != ACT:
            raise _refuse(lang, "not_yet")
        movable = self._movable(game, state)
        if isinstance(move, Pick):
            if not movable:
                raise _refuse(lang, "no_move")
            return replace(aim, picking=True, selected="")
        spot = move.spot
        if spot not in state.sides[state.seat].spots:
            raise _refuse(lang, "no_pirate")
        if spot not in movable:
            raise ValueError(self._why_stuck(game, state, spot, lang))
        return replace(aim, selected="" if aim.selected == spot else spot, picking=False)

    @staticmethod
    def _movable(game: Game[Any, Any], state: SiegeState) -> list[str]:
        legal = game.legal_actions(state) if state.points >= 1 else []
        sources = {a.src for a in legal if isinstance(a, Move)}
        return [s for s in state.sides[state.seat].spots if s in sources]

    def _why_stuck(self, game: Game[Any, Any], state: SiegeState, spot: str, lang: str) -> str:
        """Why the pirate on ``spot`` cannot move: the engine's reason for the longboat's, else no free spot."""
        if spot == "boat":
            for place in SPOTS[state.seat]:
                refusal = game.check(state, Move("boat", place.name))
                if refusal is not None and refusal.key == LONGBOAT_STAYS:
                    return _sentence(game.refusal_words(refusal, lang))
        return _t(lang, "stuck")

    def _fire(self, game: Game[Any, Any], state: Any, aim: Aim, lang: str) -> Fire:
        action = Fire(aim.weapon, aim.angle, aim.power)
        reason = game.refusal(state, action, lang)
        if reason is not None:
            raise ValueError(_sentence(reason))
        return action

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        if state.phase == START:
            return _t(lang, "draw")
        return _t(lang, "roll_first")

    def sounds(self, game: Game[Any, Any], before: Any, action: Any, after: Any) -> list[str]:
        """A roll rattles, a shot booms, its landing splashes or brings something down; a win plays."""
        names: list[str] = []
        if before.phase in (START, ROLL):
            names.append("dice")
        elif isinstance(action, Fire):
            names.append("cannon")
        elif before.phase == SCATTER and is_scatter_of(before.aim, action):
            hit = shot_flight(before, action.da, action.dp).hit
            enemy = 1 - before.seat
            if hit in IMPACT_SOUNDS:
                names.append(IMPACT_SOUNDS[hit])
            elif before.sides[enemy].chest and not after.sides[enemy].chest:
                names.append("splash")  # the chest goes overboard (SG-10)
        if game.outcome(after) is not None:
            names.append("win")
        return names

    # -- regions -----------------------------------------------------------------------
    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        lang = _lang(ctx)
        mine = ctx.interactive_seat is not None and ctx.interactive_seat == state.seat
        acting = mine and state.phase == ACT
        aim = current_aim(state, ui)
        moves: dict[str, str] = {}
        pokes: dict[str, str] = {}
        if acting:
            moves = self._move_acts(game, state, aim)
            pokes = {spot: Enemy(spot).text() for spot in state.sides[1 - state.seat].spots}
        # What to keep marked: the other side's actions since the person's last one, or else
        # the last action (the person's own shot stays drawn while they aim the next one).
        # (A shot's landing belongs to nobody: the person's own last shot is theirs, not the other side's.)
        steps = [(r.before, r.action, r.after) for r in ctx.recent if r.before.seat != ctx.you]
        if not steps and ctx.previous is not None and ctx.last_action is not None:
            steps = [(ctx.previous, ctx.last_action, state)]
        guided = learning_to_aim(state, ctx)
        scene = render(
            game,
            state,
            lang=lang,
            steps=steps,
            animate=ctx.motion and ctx.fresh,
            interactive=acting,
            aim=(aim.weapon, aim.angle, aim.power) if acting else None,
            training=ctx.training or guided,
            moves=moves,
            pokes=pokes,
            selected=aim.selected if acting else "",
            role="group",
            decided=decided_by(state),
            suggested=ctx.suggested,
        )
        aiming = acting and game.may_fire(state)
        handle = grab_handle(state.seat, aim.weapon, lang) if aiming else ""
        shooters = [before.seat for before, action, _ in steps if before.phase == SCATTER]
        under_fire = 1 - state.seat if acting or not shooters else 1 - shooters[-1]
        board = board_region(scene, handle=handle, close=close_up(under_fire, lang=lang, you=ctx.you), pad=aiming)
        controls = self._controls(game, state, aim, lang, ctx.viewport, guided and not ctx.training) if mine else ""
        regions = {"board": board, "controls": controls, "players": self.players(game, state, ctx, lang)}
        if aiming:
            # the aim pad of phones, a region inside the board's: it carries the board's checksum, so a
            # redrawn board (its place in it empty) gets it again
            finger = aim.point if aim.dragging and aim.moved and aim.via == "pad" else None
            pad = aim_pad(state.seat, aim.weapon, aim.angle, aim.power, lang=lang, finger=finger)
            regions["siege-pad"] = pad.replace(' class="sg-pad"', f' class="sg-pad" data-board="{zlib.crc32(board.encode()):08x}"', 1)
            # the numbers beside the sliders, regions of their own (see Aim.shown); they carry the
            # controls' checksum, so a redrawn action bar gets them again
            mark = f"{zlib.crc32(controls.encode()):08x}"
            regions["siege-angle"] = f'<span data-aim="{aim.weapon} {aim.angle} {aim.power}" data-bar="{mark}">{aim.angle}°</span>'
            regions["siege-power"] = f'<span data-bar="{mark}">{escape(percent(aim.power, lang))}</span>'
        return regions

    def _move_acts(self, game: Game[Any, Any], state: SiegeState, aim: Aim) -> dict[str, str]:
        """data-act for the side's pirates (pick one; one that cannot move says why) and its free spots."""
        side = state.sides[state.seat]
        acts = {spot: Select(spot).text() for spot in side.spots}
        if aim.selected and aim.selected in side.spots:
            for spot in SPOTS[state.seat]:
                move = Move(aim.selected, spot.name)
                if game.check(state, move) is None:
                    acts[spot.name] = do(move)
        return acts

    def _slider(self, what: str, aim: Aim, lang: str) -> str:
        """A labelled slider for the elevation or the power: fine steps either side, its value beside it."""
        weapon = WEAPONS[aim.weapon]
        low, high = weapon.angles if what == "angle" else weapon.powers
        shown = aim.shown or (aim.angle, aim.power)
        value = shown[0] if what == "angle" else shown[1]
        shown_value = f"{value}°" if what == "angle" else percent(value, lang)
        less, more = (f"{what}_less", f"{what}_more")
        return (
            f'<div class="sg-dial"><label for="sg-{what}">{escape(_t(lang, what))}</label>'
            f'<b class="sg-val" data-region="siege-{what}">{escape(shown_value)}</b>'
            f'<button type="button" class="btn sg-step" data-act="{Nudge(what, -1).text()}"><span aria-hidden="true">−</span>'
            f'<span class="sr-only">{escape(_t(lang, less))}</span></button>'
            f'<input type="range" id="sg-{what}" data-input="{SetDial.input(what)}" min="{low}" max="{high}" step="1" value="{value}"/>'
            f'<button type="button" class="btn sg-step" data-act="{Nudge(what, 1).text()}"><span aria-hidden="true">+</span>'
            f'<span class="sr-only">{escape(_t(lang, more))}</span></button></div>'
        )

    def _controls(self, game: Game[Any, Any], state: SiegeState, aim: Aim, lang: str,
                  viewport: Viewport | None = None, guided: bool = False) -> str:
        if state.phase == COMPASS_CHOICE:
            return (
                CONTROLS_STYLE
                + f'<p class="sg-note">{escape(_t(lang, "two_compass"))}</p><div class="sg-row">'
                + button(_t(lang, "turn"), do(TURN), primary=True)
                + button(_t(lang, "stay"), do(STAY))
                + "</div>"
            )
        if state.phase != ACT:
            return ""
        legal = game.legal_actions(state)
        out = [CONTROLS_STYLE]
        if game.may_fire(state):
            weapons = "".join(
                f'<button type="button" class="btn" data-act="{ChooseWeapon(n).text()}" aria-pressed="{"true" if n == aim.weapon else "false"}">'
                f"{escape(_t(lang, n))}</button>"
                for n in WEAPON_NAMES
            )
            out.append(
                f'<div class="sg-bar"><div class="sg-weapons" role="group" aria-label="{escape(_t(lang, "launcher"))}">'
                f"{weapons}</div>{self._slider('angle', aim, lang)}{self._slider('power', aim, lang)}"
                f'{button(_t(lang, "fire"), FireButton().text(), primary=True)}</div>'
            )
        elif state.sides[state.seat].cannons_standing() == 0:
            out.append(f'<p class="sg-note">{escape(_t(lang, "no_fire"))}</p>')
        if legal == [END]:
            n = state.points
            out.append(f'<p class="sg-note" role="status">{escape(_t(lang, "only_end").format(n=n, s="s" if n > 1 else ""))}</p>')
        row = [f'<span class="sg-points" data-hud="points">{escape(_t(lang, "points_left"))} <b>{state.points}</b></span>']
        for action in legal:
            if action in RUN_STEPS:
                row.append(button(_t(lang, action.text()), do(action)))
            elif isinstance(action, Replace):
                row.append(button(_t(lang, "replace").format(slot=action.slot), do(action)))
            elif isinstance(action, Crew):
                where = spot_words(state.seat, action.src, lang)
                row.append(button(_t(lang, "crew").format(where=where), do(action)))
        movable = self._movable(game, state)
        if movable and not (aim.picking or aim.selected):
            row.append(button(_t(lang, "move"), Pick().text()))
        row.append(button(_t(lang, "end"), do(END), primary=legal == [END]))
        out.append('<div class="sg-row">' + "".join(row) + "</div>")
        side = state.sides[state.seat]
        if aim.selected:
            where = on_spot(state.seat, aim.selected, lang)
            spots = [
                button(_sentence(to_spot(state.seat, move.dst, lang)), do(move))
                for move in (Move(aim.selected, spot.name) for spot in SPOTS[state.seat])
                if move in legal
            ]
            out.append(
                f'<div class="sg-row"><span class="sg-note">{escape(_t(lang, "moving").format(where=where))}</span>'
                + "".join(spots) + button(_t(lang, "cancel"), Deselect().text()) + "</div>"
            )
        elif aim.picking:
            pirates = []
            for spot in movable:
                where = _sentence(spot_words(state.seat, spot, lang))
                if spot == side.captain:
                    where = _t(lang, "captain_mark").format(where=where)
                pirates.append(button(where, Select(spot).text()))
            out.append(
                f'<div class="sg-row"><span class="sg-note">{escape(_t(lang, "which"))}</span>'
                + "".join(pirates) + button(_t(lang, "cancel"), Deselect().text()) + "</div>"
            )
        if game.may_fire(state):
            # the hint of the device: a mouse and keys, or a finger; until the page has said which, both, and CSS
            # picks by the pointer
            desk = f'<span class="sg-help-desk">{escape(_t(lang, "aim_help"))}</span>'
            touch = f'<span class="sg-help-touch">{escape(_t(lang, "aim_help_touch"))}</span>'
            if viewport is not None:
                desk, touch = ("", touch) if viewport.touch else (desk, "")
            out.append(f'<p class="sg-note sg-help">{desk}{touch}</p>')
            if guided:
                out.append(f'<p class="sg-note sg-guided">{escape(_t(lang, "guided"))}</p>')
        return "".join(out)

    def players(self, game: Game[Any, Any], state: SiegeState, ctx: ViewContext, lang: str) -> str:
        """The HUD: each side's name, colour and shape, who plays it, its pieces, chests and chest run; whose turn."""
        panels = []
        for seat in (0, 1):
            side = state.sides[seat]
            info = ctx.seats[seat] if seat < len(ctx.seats) else None
            name = info.name if info is not None else _t(lang, "blue" if seat == 0 else "red")
            colour = _t(lang, "blue" if seat == 0 else "red")
            island = _sentence((ISLAND_NAMES_FR if lang == "fr" else ISLAND_NAMES)[seat])
            who = " · ".join(
                [colour, island] + ([controller_label(info.controller, lang)] if info is not None else [])
            )
            you = ""
            if seat == ctx.you and name.strip().casefold() not in ("you", "vous", "moi", "me"):
                you = f' <span class="sg-you">({escape(_t(lang, "you"))})</span>'
            turn = game.turn_seat(state) == seat or (state.phase == SCATTER and state.seat == seat)
            tag = f'<span class="sg-tag">{escape(_t(lang, "turn_now"))}</span>' if turn and state.phase != "over" else ""
            done, key = run_progress(side, state.turn)
            bar = "".join(f'<i class="{"on" if i < done else ""}"></i>' for i in range(4))
            captain = _t(lang, "captain_up" if side.captain else "captain_down")
            if state.captain_rule and not side.captain:
                captain += _t(lang, "one_die")
            chests = f"{state.chests_left(seat)} / {CHESTS_PER_SIDE}" + (_t(lang, "aboard") if side.chest else "")
            rows = [
                ("pirates", f"{len(side.spots)} / 10"),
                ("cannons", f"{side.cannons_standing()} / {len(SLOTS)}"),
                ("facing", _t(lang, "broadside").format(side=_t(lang, side.facing()))),
                ("chests", chests),
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
                dice = " + ".join(_t(lang, "compass") if f == COMPASS else str(f) for f in state.dice)
                dl += f'<dt>{escape(_t(lang, "dice"))}</dt><dd data-hud="dice">{escape(dice)}</dd>'
                dl += f'<dt>{escape(_t(lang, "points"))}</dt><dd data-hud="points-{seat}">{state.points}</dd>'
            mark = (f'<span class="sg-mark sg-{SIDE_SHAPES[seat]}" style="background:{SIDE_COLOURS[seat]}" '
                    f'aria-hidden="true"></span>')
            panels.append(
                f'<section class="sg-panel sg-side-{seat}{" sg-turn" if turn else ""}" data-seat="{seat}" '
                f'aria-label="{escape(name)}"><h3>{mark}{escape(name)}{you} {tag}</h3>'
                f'<p class="sg-who">{escape(who)}</p><dl>{dl}</dl></section>'
            )
        return PANEL_STYLE + '<div class="sg-panels">' + "".join(panels) + "</div>"

    def empty_board(self, lang: str = "en") -> str:
        from engine.siege import Siege

        game = Siege()
        # its own uid: the page may open the rules dialog before the live board replaces it
        scene = render(game, game.new(2), lang=lang, animate=False, role="group", uid="sg-empty")
        return board_region(scene, close=close_up(1, lang=lang, you=None, uid="sg-empty"))


__all__ = ["Aim", "View", "current_aim", "run_progress"]

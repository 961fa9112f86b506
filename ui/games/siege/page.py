"""Siege's page view: the battle scene, the aiming controls and the HUD, as strings.

The view's own state (``ui``) is an :class:`Aim`: the weapon, elevation and
power being set, a drag in progress, and the pirate picked for a move.
Gestures (written and read as the values of :mod:`ui.games.siege.gestures`):

* ``drag aim X Y`` / ``release aim X Y`` (SVG user units, from the grab
  handle's ``data-drag="aim"``): once the pointer has moved a little, the
  direction from the muzzle is the elevation and the distance the power; the
  release fires; ``cancel aim`` (the browser cancelled the drag) fires nothing;
* ``drag pad X Y`` / ``release pad X Y`` / ``cancel pad``: the same on a phone's aim pad
  (:func:`ui.games.siege.aim_pad.aim_pad`, the region ``siege-pad`` over the close-up), in the pad's
  own units: its muzzle in its corner, :data:`ui.games.siege.aiming.PAD_SPAN` units for 100 %;
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
>>> from ui.app.view import SeatInfo, ViewContext
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
from dataclasses import replace
from html import escape
from typing import Any

from engine.core import Game
from engine.numbers import percent
from engine.siege.actions import Fire, Move, is_scatter_of
from engine.siege.scene import SPOTS
from engine.siege.state import ACT, ROLL, SCATTER, START, SiegeState, shot_flight, struck
from ui.app.players import GENTLEST_BOT
from ui.app.refused import Refused
from ui.app.view import GameView, ViewContext
from ui.app.words import lang_of
from ui.games.siege.aim_pad import aim_pad
from ui.games.siege.aim_state import MIN_DRAG, Aim, clamp_aim, current_aim, with_weapon
from ui.games.siege.aiming import PAD_MUZZLE, aim_from_pad_point, aim_from_point, muzzle
from ui.games.siege.board import render
from ui.games.siege.controls import action_bar, crew_actions, movable_pirates
from ui.games.siege.gestures import (
    Cancel,
    ChooseWeapon,
    CrewPick,
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
from ui.games.siege.marks import decided_by
from ui.games.siege.page_words import TEXT, sentence
from ui.games.siege.panels import players_panels, run_progress
from ui.games.siege.region import board_region, close_up, grab_handle
from ui.games.siege.style import SIDE_COLOURS

#: The refusal that keeps the longboat's pirate aboard away from its base (SG-11; the run needs it, SG-08)
LONGBOAT_STAYS = "ashore_only_at_base"

#: The sounds a shot's landing makes, by what the ball hit (a chest knocked out of a longboat splashes too).
IMPACT_SOUNDS = {"sea": "splash", "door": "capsize", "bowsprit": "capsize"}


def learning_to_aim(state: SiegeState, ctx: ViewContext) -> bool:
    """Whether a person playing the gentlest bot still sees where their shot will fly: until their
    first hit (a newcomer learns range from it; the set-up says so)."""
    you = ctx.you
    if you is None or len(ctx.seats) != 2 or ctx.seats[you].is_bot:
        return False
    enemy = 1 - you
    return ctx.seats[enemy].controller == GENTLEST_BOT and not struck(state, enemy)


def _refuse(lang: str, key: str, **values: str) -> Refused:
    """The page's refusal ``key`` (a line of :mod:`ui.games.siege.page_words`) in ``lang``, filled with ``values``."""
    return Refused(key, TEXT(lang, key, **values), **values)


class View(GameView):
    game_name = "siege"
    SEAT_COLOURS = ((SIDE_COLOURS[0], "Blue", "Bleu"), (SIDE_COLOURS[1], "Red", "Rouge"))

    def initial_ui(self) -> Any:
        return None

    # -- gestures (their vocabulary: :mod:`ui.games.siege.gestures`) ------------------------------
    def handle(self, game: Game[Any, Any], state: Any, ui: Any, gesture: str, ctx: ViewContext) -> tuple[Any, Any | None]:
        """A gesture on the page drawn for ``ctx`` (refusals speak its language): (new aim, action or None)."""
        lang = lang_of(ctx.lang)
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
            raise _refuse(lang, "enemy", side=TEXT(lang, "red" if state.seat == 0 else "blue"), what=TEXT(lang, "pirate"))
        if kind in (Select, Deselect, Pick):
            return self._pick(game, state, aim, move, lang), None
        if kind is CrewPick:
            if state.phase != ACT or not crew_actions(game, state):
                raise _refuse(lang, "not_yet" if state.phase != ACT else "no_crew")
            return replace(aim, crewing=True, picking=False, selected=""), None
        if state.phase != ACT:
            raise _refuse(lang, "not_yet")
        if kind is SetDial:
            shown = aim.shown or (aim.angle, aim.power)
            angle, power = (move.value, aim.power) if move.what == "angle" else (aim.angle, move.value)
            angle, power = clamp_aim(aim.weapon, angle, power)
            return replace(aim, angle=angle, power=power, shown=shown, grab=None, moved=False), None
        aim = replace(aim, shown=None)  # every other gesture redraws the sliders at the aim
        if kind is ChooseWeapon:
            return with_weapon(state, aim, move.weapon), None
        if kind is Nudge:
            da, dp = (move.step, 0) if move.what == "angle" else (0, move.step)
            angle, power = clamp_aim(aim.weapon, aim.angle + da, aim.power + dp)
            return replace(aim, angle=angle, power=power), None
        if kind is Drag or kind is Release:
            return self._drag(game, state, aim, move, lang)
        if kind is Key:
            key = move.name
            if key == "Enter":
                return aim, self._fire(game, state, aim, lang)
            if key in ("Space", " ", "Spacebar"):
                other = "mortar" if aim.weapon == "cannon" else "cannon"
                return with_weapon(state, aim, other), None
            steps = {"ArrowUp": (1, 0), "ArrowDown": (-1, 0), "ArrowRight": (0, 1), "ArrowLeft": (0, -1)}
            if key in steps:
                da, dp = steps[key]
                angle, power = clamp_aim(aim.weapon, aim.angle + da, aim.power + dp)
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
        "pad", a phone's aim pad (its own muzzle and span, :func:`ui.games.siege.aim_pad.aim_pad`).
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
            return replace(aim, selected="", picking=False, crewing=False)
        if state.phase != ACT:
            raise _refuse(lang, "not_yet")
        movable = movable_pirates(game, state)
        if isinstance(move, Pick):
            if not movable:
                raise _refuse(lang, "no_move")
            return replace(aim, picking=True, selected="", crewing=False)
        spot = move.spot
        if spot not in state.sides[state.seat].spots:
            raise _refuse(lang, "no_pirate")
        if spot not in movable:
            raise Refused("stuck", self._why_stuck(game, state, spot, lang), spot=spot)
        return replace(aim, selected="" if aim.selected == spot else spot, picking=False)

    def _why_stuck(self, game: Game[Any, Any], state: SiegeState, spot: str, lang: str) -> str:
        """Why the pirate on ``spot`` cannot move: the engine's reason for the longboat's, else no free spot."""
        if spot == "boat":
            for place in SPOTS[state.seat]:
                refusal = game.check(state, Move("boat", place.name))
                if refusal is not None and refusal.key == LONGBOAT_STAYS:
                    return sentence(game.refusal_words(refusal, lang))
        return TEXT(lang, "stuck")

    def _fire(self, game: Game[Any, Any], state: Any, aim: Aim, lang: str) -> Fire:
        action = Fire(aim.weapon, aim.angle, aim.power)
        reason = game.refusal(state, action, lang)
        if reason is not None:
            raise Refused("fire", sentence(reason), shot=str(action))
        return action

    def chance_label(self, game: Game[Any, Any], state: Any, lang: str) -> str:
        if state.phase == START:
            return TEXT(lang, "draw")
        return TEXT(lang, "roll_first")

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
        lang = lang_of(ctx.lang)
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
        controls = action_bar(game, state, aim, lang, ctx.viewport, guided and not ctx.training) if mine else ""
        regions = {"board": board, "controls": controls, "players": players_panels(game, state, ctx, lang)}
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

    def players(self, game: Game[Any, Any], state: SiegeState, ctx: ViewContext, lang: str) -> str:
        """The HUD (:func:`ui.games.siege.panels.players_panels`)."""
        return players_panels(game, state, ctx, lang)

    def empty_board(self, lang: str = "en") -> str:
        from engine.siege import Siege

        game = Siege()
        # its own uid: the page may open the rules dialog before the live board replaces it
        scene = render(game, game.new(2), lang=lang, animate=False, role="group", uid="sg-empty")
        return board_region(scene, close=close_up(1, lang=lang, you=None, uid="sg-empty"))


__all__ = ["Aim", "View", "current_aim", "run_progress"]

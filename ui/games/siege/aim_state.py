"""The view's own state on Siege's page: the aim being set (weapon, elevation, power), a drag in
progress and the pirate picked for a move; the launcher's own setting when nothing is being set."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.siege.scene import WEAPON_NAMES, WEAPONS
from engine.siege.state import SiegeState

#: Scene units a drag must travel before it aims: a tap that shakes a little changes nothing.
#: A release this close to the muzzle fires nothing either (let go on the launcher).
MIN_DRAG = 12.0


@dataclass(frozen=True)
class Aim:
    """What the person is setting up: a weapon's aim, a drag in progress, a pirate picked to move."""

    weapon: str
    angle: int
    power: int
    selected: str = ""
    #: the controls list the pirates that may move (a move without the scene: touch, keyboard)
    picking: bool = False
    #: the controls list the pirates that may crew the longboat (one button for them all until then)
    crewing: bool = False
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


def current_aim(state: SiegeState, ui: Any) -> Aim:
    """The view's aim, or the launcher's own setting when nothing is being set."""
    if isinstance(ui, Aim):
        return ui
    side = state.sides[state.seat]
    weapon = side.weapon if side.weapon in WEAPONS else "cannon"
    angle, power = side.setting[WEAPON_NAMES.index(weapon)]
    return Aim(weapon, angle, power)


def clamp_aim(weapon: str, angle: int, power: int) -> tuple[int, int]:
    """(angle, power) kept within the weapon's ranges."""
    w = WEAPONS[weapon]
    return min(max(angle, w.angles[0]), w.angles[1]), min(max(power, w.powers[0]), w.powers[1])


def with_weapon(state: SiegeState, aim: Aim, weapon: str) -> Aim:
    """The aim switched to ``weapon``, at that launcher's own setting (any drag dropped)."""
    angle, power = state.sides[state.seat].setting[WEAPON_NAMES.index(weapon)]
    return replace(aim, weapon=weapon, angle=angle, power=power, grab=None, moved=False)

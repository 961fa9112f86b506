"""What Siege's bots know: an aiming gunner that searches angle and power against the model, and the search's tuning.

``BOTS["aim"](seed)`` (also ``heuristic``, ``aim:easy``,
``aim:hard``) picks the most valuable enemy target it can reach, solves the
closed-form trajectory through the target for every elevation of both
weapons, and keeps the aim whose *expected* hit chance over the scatter table
is best.  It knows the scatter distribution (it is data) but never the
scatter that will be drawn.  Difficulty is the aim error it adds afterwards
(:data:`AIM_ERROR`, a Gaussian in degrees and percent).

>>> from engine.siege.rules import Siege
>>> g = Siege()
>>> bot = BOTS["aim:hard"](1)
>>> s = g.apply(g.apply(g.new(2), First(0)), Dice((4, 4)))
>>> isinstance(bot.choose(g, s), Fire)  # the book's set-up mans every palisade: it fires at once
True
>>> s = g.apply(g.apply(g.new(2, {"earlier_setup": True}), First(0)), Dice((4, 4)))
>>> bot.choose(g, s)  # the house set-up leaves palisade 1 empty: first a pirate takes cover (SG-15)
Move(src='s1', dst='p1')
>>> isinstance(bot.choose(g, g.apply(s, Move("s1", "p1"))), Fire)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.ai.search_spec import LEVELS, Profile, SearchSpec
from engine.core import sample_chance
from engine.siege.actions import (
    END,
    FIRE_ACTIONS,
    RUN_STEPS,
    STAY,
    TURN,
    Action,
    Crew,
    Dice,
    Fire,
    First,
    Move,
    Replace,
)
from engine.siege.physics import Hitbox, Layout, first_hit, hitboxes
from engine.siege.rules import Siege
from engine.siege.scene import CHESTS_PER_SIDE, GRAVITY, SLOTS, SPOT_INDEX, WEAPON_NAMES, WEAPONS
from engine.siege.state import ACT, COMPASS_CHOICE, SiegeState, can_replace, knock_down, layout

#: (angle sigma in degrees, power sigma in percent) added after the search
AIM_ERROR: dict[str, tuple[float, float]] = {
    # The site's beginner (the search's easy level) fires with this hand: it hits about a third of
    # its shots in a game's first turns, as a newcomer does (the shaky gunner's hand gave it 41%,
    # and with the search's choice of targets it beat the shaky gunner 2 games in 3).
    "beginner": (5.0, 6.0),
    "easy": (3.0, 4.0),
    "medium": (1.2, 1.5),
    "hard": (0.0, 0.0),
}

#: how much the bot wants each kind of target (per pirate it knocks down, etc.)
PIRATE_VALUE = 10.0
CAPTAIN_BONUS = 4.0
CANNON_VALUE = 8.0
CHEST_VALUE = 6.0
PALISADE_VALUE = 2.0


def target_values(state: SiegeState, seat: int) -> dict[str, float]:
    """What each standing enemy target is worth to ``seat``'s gunner."""
    enemy = state.sides[1 - seat]
    values: dict[str, float] = {}
    lay = layout(state, 1 - seat)
    cannons = enemy.cannons_standing()
    # the last cannons matter more once the enemy cannot bring them back (SG-02)
    cannon_value = CANNON_VALUE * (1.5 if not can_replace(enemy) else 1.0) * (1 + 2 / (cannons + 1))
    pirate_value = PIRATE_VALUE * (1 + 2 / (len(enemy.spots) + 1))
    for name in lay.slots:
        values["slot:" + name] = cannon_value
    for name in lay.spots:
        v = pirate_value
        if name == enemy.captain:
            v += CAPTAIN_BONUS * (2 if state.captain_rule else 1)
        values["spot:" + name] = v
    for k in lay.palisades:
        spot = f"p{k + 1}"
        values[f"palisade:{k}"] = PALISADE_VALUE + (2.0 if spot in enemy.spots else 0.0)
    for hit in ("door", "bowsprit"):
        if (hit == "door" and lay.fort) or (hit == "bowsprit" and lay.bowsprit):
            _, fallen = knock_down(enemy, hit)
            values[hit] = 1.0 + pirate_value * len(fallen)
    if lay.chest:
        values["chest"] = CHEST_VALUE
    return values


def _solve_power(weapon: str, angle: float, s: float, y: float) -> float | None:
    """The power (percent) whose flight passes through (s, y), or None."""
    w = WEAPONS[weapon]
    rad = math.radians(angle)
    c = math.cos(rad)
    rise = w.y + s * math.tan(rad) - y
    if rise <= 0.0 or s <= 0.0:
        return None
    v = math.sqrt(GRAVITY * s * s / (2.0 * c * c * rise))
    return 100.0 * v / w.speed


def hit_chance(seat: int, weapon: str, angle: int, power: int, boxes: tuple[Hitbox, ...], target: str) -> float:
    """The chance that this aim hits ``target``, over the weapon's scatter table."""
    total = 0.0
    for da, dp, p in WEAPONS[weapon].scatter:
        if first_hit(weapon, angle + da, power + dp, boxes) == target:
            total += p
    return total


def candidate_aims(seat: int, boxes: tuple[Hitbox, ...], target: str) -> list[tuple[str, int, int]]:
    """Whole-number aims whose unscattered flight hits ``target`` first."""
    box = next(b for b in boxes if b[0] == target)
    _, s1, s2, y1, y2 = box
    s_mid, y_mid = (s1 + s2) / 2.0, (y1 + y2) / 2.0
    # the middle, just under the top (steep shots) and just behind the near face (flat ones)
    points = ((s_mid, y_mid), (s_mid, y2 - 0.5), (s1 + 0.5, y_mid))
    out: set[tuple[str, int, int]] = set()
    flown: set[tuple[str, int, int]] = set()  # the three points often give one aim: each flies once
    for weapon in WEAPON_NAMES:
        w = WEAPONS[weapon]
        for angle in range(w.angles[0], w.angles[1] + 1):
            for s, y in points:
                p = _solve_power(weapon, angle, s, y)
                if p is None:
                    continue
                for power in (math.floor(p), math.ceil(p)):
                    aim = (weapon, angle, power)
                    if w.powers[0] <= power <= w.powers[1] and aim not in flown:
                        flown.add(aim)
                        if first_hit(weapon, angle, power, boxes) == target:
                            out.add(aim)
    return sorted(out)


Aim = tuple[str, int, int]
#: Each target's best aim on a layout, once worked out: (seat, enemy layout, target) to (hit chance, aim),
#: or None where no aim reaches it. The model is deterministic, so after a miss the same search would
#: find the same aim.
_TARGET_AIMS: dict[tuple[int, Layout, str], tuple[float, Aim] | None] = {}


def targets(seat: int, lay: Layout) -> tuple[str, ...]:
    """What ``seat`` may aim at on the enemy's ``lay``: its target-cannons, pirates, palisades, fort door,
    bowsprit and chest, in name order."""
    return tuple(sorted({b[0] for b in hitboxes(seat, lay) if ":" in b[0] or b[0] in ("door", "bowsprit", "chest")}))


def target_aim(seat: int, lay: Layout, target: str) -> tuple[float, Aim] | None:
    """(expected hit chance, best aim) at ``target`` on ``lay``, or None if no aim reaches it."""
    key = (seat, lay, target)
    if key in _TARGET_AIMS:
        return _TARGET_AIMS[key]
    boxes = hitboxes(seat, lay)
    aims = candidate_aims(seat, boxes, target)
    found = None
    if aims:
        # spread the expensive expectation over a handful of elevations
        step = max(1, len(aims) // 4)
        found = max(
            ((hit_chance(seat, w, a, p, boxes, target), (w, a, p)) for w, a, p in aims[::step]),
            key=lambda t: t[0],
        )
    if len(_TARGET_AIMS) > 65536:
        _TARGET_AIMS.clear()
    _TARGET_AIMS[key] = found
    return found


def best_aims(seat: int, lay: Layout) -> dict[str, tuple[float, Aim]]:
    """For every reachable target on ``lay``: (expected hit chance, best aim)."""
    found = {}
    for target in targets(seat, lay):
        aim = target_aim(seat, lay, target)
        if aim is not None:
            found[target] = aim
    return found


def plan_shots(state: SiegeState, seat: int, values: dict[str, float],
               limit: int | None = None) -> list[tuple[float, str, Aim]]:
    """(expected value, target, aim) for every reachable target, best first (ties by name): the first
    ``limit`` of them.

    With a limit, a target's aim is worked out only while the target could still make the list: its
    expected value is its value times a chance, so at most its value. The list is the same as the first
    ``limit`` of the whole plan, for a fraction of the flights.
    """
    lay = layout(state, 1 - seat)
    reachable = set(targets(seat, lay))
    plan: list[tuple[float, str, Aim]] = []
    for target, value in sorted(values.items(), key=lambda tv: (-tv[1], tv[0])):
        if target not in reachable:
            continue
        if limit is not None and len(plan) >= limit and 0.0 <= value < plan[limit - 1][0]:
            break  # every target left is worth less than the list's last
        found = target_aim(seat, lay, target)
        if found is None:
            continue
        plan.append((found[0] * value, target, found[1]))
        plan.sort(key=lambda t: (-t[0], t[1]))
    return plan if limit is None else plan[:limit]


#: The chest run's actions by kind (SG-07..SG-10).
_RUN_KINDS: tuple[type, ...] = (*{type(step) for step in RUN_STEPS}, Replace)


class AimBot:
    """Fires the best expected shot; runs for chests and mans palisades between shots."""

    def __init__(self, seed: int = 0, level: str = "medium") -> None:
        self.rng = random.Random(seed)
        self.level = level
        self.error = AIM_ERROR[level]
        self.shots = 0  # for hit-rate statistics
        self.hits = 0

    def choose(self, game: Siege, state: SiegeState) -> Action:
        if state.phase not in (ACT, COMPASS_CHOICE):  # a chance step: never peeks, just samples
            return sample_chance(game, state, self.rng)
        seat = state.seat
        side = state.sides[seat]
        if state.phase == COMPASS_CHOICE:
            face = side.facing()
            show = sum(up for s, up in zip(SLOTS, side.slots) if s.where == face)
            hide = sum(up for s, up in zip(SLOTS, side.slots) if s.where not in ("island", face))
            # show the enemy the broadside with fewer target-cannons left to lose
            return TURN if hide < show else STAY
        # every action but the shots (thousands of aims), in the rules' order: the choices below look at these
        legal = game.actions_but_shots(state)
        down = [s for s, up in zip(SLOTS, side.slots) if not up]
        # 1. the chest run, whenever a target-cannon is down (SG-07..SG-10)
        run = [a for a in legal if isinstance(a, _RUN_KINDS)]
        if run and down:
            replaces = [a for a in run if isinstance(a, Replace)]
            if replaces:
                hidden = "port" if side.turned else "starboard"
                order = {hidden: 0, "island": 1}
                best = min(replaces, key=lambda a: order.get(SLOTS_BY_NAME[a.slot].where, 2))
                return best
            return run[0]
        # 2. a new oarsman when the longboat's pirate is down and chests still matter (SG-12)
        crews = [a for a in legal if isinstance(a, Crew)]
        if crews and down and can_replace(side) and len(side.spots) > 2:
            return min(crews, key=lambda a: _exposure(seat, a.src))
        # 3. shelter a pirate behind an intact palisade (SG-15)
        moves = [a for a in legal if isinstance(a, Move) and SPOT_INDEX[seat][a.dst].kind == "palisade"]
        if moves:
            moves.sort(key=lambda a: -_exposure(seat, a.src))
            if _exposure(seat, moves[0].src) > 1:
                return moves[0]
        # 4. fire
        if game.may_fire(state):
            plan = plan_shots(state, seat, target_values(state, seat), limit=1)
            if plan:
                _, _target, (weapon, angle, power) = plan[0]
                angle, power = self._wobble(weapon, angle, power)
                action = Fire(weapon, angle, power)
                if game.check(state, action) is None:
                    self.shots += 1
                    return action
            # nothing reachable: a long shot at the middle of the enemy side
            return FIRE_ACTIONS[len(FIRE_ACTIONS) // 4]
        return END

    def shake(self, state: SiegeState, action: Action) -> Action:
        """``action`` as this gunner's hand would fire it: a shot gets the level's aim error.

        The search bot borrows a gunner's hand for its easier levels
        (:data:`LEVEL_CHANGES`); any other action is played as it is.

        >>> from engine.siege.rules import Siege
        >>> s = Siege().new(2)
        >>> AimBot(1, "hard").shake(s, Fire("cannon", 10, 70)), AimBot(1, "easy").shake(s, END)
        (Fire(weapon='cannon', angle=10, power=70), End())
        >>> AimBot(1, "easy").shake(s, Fire("cannon", 10, 70)) != Fire("cannon", 10, 70)
        True
        """
        if not isinstance(action, Fire) or action.weapon not in WEAPONS:
            return action
        angle, power = self._wobble(action.weapon, action.angle, action.power)
        return Fire(action.weapon, angle, power)

    def _wobble(self, weapon: str, angle: int, power: int) -> tuple[int, int]:
        sa, sp = self.error
        w = WEAPONS[weapon]
        if sa:
            angle = round(angle + self.rng.gauss(0.0, sa))
        if sp:
            power = round(power + self.rng.gauss(0.0, sp))
        angle = min(max(angle, w.angles[0]), w.angles[1])
        power = min(max(power, w.powers[0]), w.powers[1])
        return angle, power


SLOTS_BY_NAME = {s.name: s for s in SLOTS}

#: how exposed a spot is (higher: more worth leaving)
_EXPOSURE = {"brick": 3, "open": 2, "fort_top": 3, "step": 2, "palisade": 0, "boat": 1}


def _exposure(seat: int, spot: str) -> int:
    return _EXPOSURE[SPOT_INDEX[seat][spot].kind]


def _gunner(level: str) -> Callable[[int], AimBot]:
    return lambda seed: AimBot(seed, level)


#: Siege's own bots by name: ``aim`` (also ``heuristic``) and ``aim:LEVEL`` for each aim error.
BOTS: dict[str, Callable[[int], AimBot]] = {
    "aim": _gunner("medium"),
    "heuristic": _gunner("medium"),
    **{f"aim:{level}": _gunner(level) for level in AIM_ERROR},
}


def bench_shots(game: Siege, seconds: float) -> list[str]:
    """Resolve random aims (fire + scatter, flight and falling rules) for ``seconds``."""
    rng = random.Random(5)
    state = game.apply(game.apply(game.new(2), First(0)), Dice((5, 5)))
    shots = 0
    started = time.perf_counter()
    budget = max(0.2, seconds / 3)
    while time.perf_counter() - started < budget:
        for _ in range(200):
            aimed = game.next_state(state, rng.choice(FIRE_ACTIONS))
            game.next_state(aimed, sample_chance(game, aimed, rng))
            shots += 1
    elapsed = time.perf_counter() - started
    return [f"shots resolved/s: {shots / elapsed:.0f}"]


# -- what the search is told (:func:`search_spec`) ------------------------------------

#: Logistic slope for the health difference (health runs 0..1 per side).
HEALTH_SLOPE = 6.0
#: Aims kept per position for the search (the best target's aim first).
SEARCH_AIMS = 6


def health(side: Any) -> float:
    """How far a side is from losing (SG-02's two ways), 0..1: the weaker of pirates and cannons."""
    pirates = len(side.spots) / 10.0
    spare = CHESTS_PER_SIDE - side.taken + side.chest  # its own chests still to come, one aboard included
    cannons = (side.cannons_standing() + 0.5 * spare) / (len(side.slots) + 1.5)
    return min(pirates, cannons) * 0.7 + 0.15 * (pirates + cannons)


def evaluate(state: SiegeState) -> tuple[float, float]:
    """Each side's estimated share of the win, from what each has left standing.

    >>> from engine.siege.rules import Siege
    >>> g = Siege()
    >>> blue, red = evaluate(g.new(2))
    >>> round(blue + red, 6), 0.3 < blue < 0.7
    (1.0, True)
    """
    h0 = health(state.sides[0])
    h1 = health(state.sides[1])
    p = 1.0 / (1.0 + math.exp(-HEALTH_SLOPE * (h0 - h1)))
    return (p, 1.0 - p)


def candidate_actions(game: Siege, state: SiegeState) -> list[Any]:
    """The few actions worth searching: aims first, then the turn's other actions.

    The aim grid has thousands of ``fire`` actions; the search sees the
    gunner's best aim at each reachable target (targets first, then angle and
    power: :func:`plan_shots`), best target first, then every legal action
    that is not a shot.
    """
    legal = game.actions_but_shots(state)
    fires: list[Action] = []
    if game.shots_open(state):  # not, say, while two compasses wait for turn/stay
        seat = state.seat
        for _, _, (weapon, angle, power) in plan_shots(state, seat, target_values(state, seat), limit=SEARCH_AIMS):
            action = Fire(weapon, angle, power)
            if action not in fires:
                fires.append(action)
    return fires + legal


#: Siege's heuristic solves aims against the physics, and so does its
#: candidate list (per new layout), so the tree stays two decisions deep:
#: each action is valued over its sampled scatter by the evaluation.
PROFILE = Profile(playout_depth=0, prior_depth=0, tree_depth=2)

#: The easier levels fire the search's exact aim with a gunner's hand: easy
#: with the beginner's aim error (wider than the shaky gunner's), medium with the quick gunner's.  A turn
#: is about 7 shots and moves (6 to 10 points), each paced 0.65 s and each
#: shot's flight 0.35 s in the page: hard thinks 4 s a turn in all, spread
#: evenly enough (3 tenths of what is left, at least 0.4 s) that most of it
#: hides in the pace, and medium half of that, never longer than hard.
LEVEL_CHANGES = {
    "easy": replace(LEVELS["easy"], hand="aim:beginner"),
    "medium": replace(LEVELS["medium"], hand="aim", turn_seconds=2.0, turn_share=0.3),
    "hard": replace(LEVELS["hard"], turn_seconds=4.0, turn_share=0.3),
}

#: The search's iterations per second at the hard level in the page (the
#: docs/bots.md's "Think time" table, ``make bench``, Pyodide 314.0.7).
PAGE_RATE = 2905.0


def search_spec(game: Siege) -> SearchSpec:
    """What Siege tells the search and the site's bots (``game`` binds the candidate list to the rules)."""
    return SearchSpec(
        profile=PROFILE,
        levels=LEVEL_CHANGES,
        bots=BOTS,
        evaluate=evaluate,
        candidate_actions=lambda state: candidate_actions(game, state),
        page_rate=PAGE_RATE,
        forget_caches=_TARGET_AIMS.clear,
    )

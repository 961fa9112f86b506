"""Siege's rules: the turn, the chest run, shots and what falls, as a :class:`~engine.core.Game`.

A turn (SG-03, SG-04) is: a chance step rolls the two pirate dice; a compass
turns the brick (SG-17: forced with one, a choice with two); then the player
spends the points one by one: ``fire cannon 12 80`` aims (1 point, SG-05,
SG-06) and a chance step draws the launcher's scatter (``scatter -0.5 +0``),
after which the flight is computed by :mod:`engine.siege.physics` and the
falling rules (:func:`engine.siege.state.knock_down`) knock things over.
Other 1-point actions: the chest run (``row out``, ``load``, ``row back``,
``replace a1``: SG-07..SG-10), ``move c1 p2`` (SG-11, SG-14, SG-15), and
``crew s1`` (2 points, SG-12).  ``end`` passes the turn; spending the last
point passes it too.  The actions are values (:mod:`engine.siege.actions`);
the texts above are their record form.

>>> game = Siege()
>>> s = game.apply(game.new(2), First(0))
>>> [game.format_action(a) for a in game.legal_actions(s)[:2]]
['dice 3 3', 'dice 3 4']
>>> s = game.apply(s, game.parse_action("dice 4 5"))
>>> s.points, game.current_player(s)
(9, 0)
>>> s = game.apply(s, Fire("mortar", 45, 74))
>>> game.current_player(s) == CHANCE
True
>>> game.describe(s, Scatter(0.0, 0.0))
"Blue's mortar (45°, 74%) hits Red's bowsprit: the mainsail is ejected and knocks down 1 pirate."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from engine.bounded import shorten
from engine.core import (
    CHANCE,
    TERMINAL,
    BadOptions,
    Game,
    IllegalAction,
    Outcome,
    Refusal,
    StateFields,
    read_options,
)
from engine.siege.actions import (
    BALANCED_START_OUTCOMES,
    CREWS,
    DICE_OUTCOMES,
    DICE_SETS,
    END,
    FIRE_ACTIONS,
    FIRE_SET,
    KINDS,
    LOAD,
    MOVES,
    REPLACES,
    ROW_BACK,
    ROW_OUT,
    SCATTER_OUTCOMES,
    START_OUTCOMES,
    STAY,
    TURN,
    Action,
    Crew,
    Dice,
    End,
    Fire,
    First,
    Load,
    Move,
    Replace,
    RowBack,
    RowOut,
    Scatter,
    Stay,
    Turn,
    format_action,
    is_scatter_of,
    parse_action,
)
from engine.siege.info import INFO
from engine.siege.scene import (
    CHESTS_PER_SIDE,
    COMPASS,
    DICE_FACES,
    MAX_TURNS,
    PALISADES,
    REPLACEMENTS,
    SEAT_NAMES,
    SLOT_INDEX,
    SLOTS,
    SPOT_INDEX,
    SPOT_ORDER,
    SPOTS,
    WEAPON_NAMES,
    WEAPONS,
)
from engine.siege.state import (
    ACT,
    COMPASS_CHOICE,
    DRAW,
    OVER,
    ROLL,
    SCATTER,
    START,
    Shot,
    Side,
    SiegeState,
    _side,
    can_replace,
    crew_cost,
    crew_refusal,
    defeated,
    knock_down,
    layout,
    shot_flight,
    spot_refusal,
)

_KIND_SET = frozenset(KINDS)


class Siege(Game[SiegeState, Action]):
    """Siege (Playtoy 1996): two pirate sides shoot it out across Treasure Island."""

    name = INFO.name
    title = INFO.title
    min_seats = INFO.min_seats
    max_seats = INFO.max_seats
    #: Format 2: three chests per player (a chest lost in the longboat counts as taken), the book's
    #: set-up by default, the longboat's pirate may step ashore, an empty longboat rows back.
    #: Format-1 records were played with the set-up that is now the ``earlier_setup`` option.
    #: Format 3: the longboat as the book has it: a new pirate aboard costs 1 point at the base (2 from
    #: Treasure Island: back to base, then aboard), and its pirate may step ashore at Treasure Island
    #: too; format-2 records were played with the rule that is now the ``earlier_crew`` option.
    #: Options (all off by default): ``captain`` (SG-18), ``balanced_start``, ``earlier_setup``, ``earlier_crew``.
    OPTIONS = ("captain", "balanced_start", "earlier_setup", "earlier_crew")
    format_version = 3
    format_changes: ClassVar[dict[int, str]] = {
        2: "each player takes only their own three chests, a chest lost in the longboat counts as taken (SG-07, SG-10)",
        3: "a new pirate for the longboat costs 1 point at its base, and the longboat's pirate may step ashore at "
           "Treasure Island (SG-11, SG-12)",
    }

    # -- creation ---------------------------------------------------------------
    def new(self, seats: int = 2, options: Mapping[str, Any] | None = None) -> SiegeState:
        self.check_seats(seats)
        opts = read_options(
            "Siege", options, tuple(self.OPTIONS),
            "it knows 'captain' (SG-18), 'balanced_start', 'earlier_setup' and 'earlier_crew'"
        )
        for key in self.OPTIONS:
            if not isinstance(opts.get(key, False), bool):
                raise BadOptions(f"the {key} option is true or false, not {shorten(opts[key])}")
        earlier = opts.get("earlier_setup", False)
        setup = "earlier" if earlier else "book"
        return SiegeState(
            sides=(_side(0, setup), _side(1, setup)),
            seat=0,
            turn=0,
            phase=START,
            points=0,
            dice=(),
            aim=None,
            captain_rule=opts.get("captain", False),
            winner=-1,
            earlier_setup=earlier,
            balanced_start=opts.get("balanced_start", False),
            earlier_crew=opts.get("earlier_crew", False),
        )

    def options(self, state: SiegeState) -> dict[str, Any]:
        return {"captain": state.captain_rule, "balanced_start": state.balanced_start,
                "earlier_setup": state.earlier_setup, "earlier_crew": state.earlier_crew}

    def upgrade_options(self, fmt: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Format-1 records were played with the set-up that is now the ``earlier_setup`` option, and
        records before format 3 with the longboat rule that is now ``earlier_crew``.

        >>> Siege().upgrade_options(1, {"captain": True})
        {'captain': True, 'earlier_setup': True, 'earlier_crew': True}
        >>> Siege().upgrade_options(2, {})
        {'earlier_crew': True}
        """
        out = dict(options)
        if fmt < 2:
            out.setdefault("earlier_setup", True)
        if fmt < 3:
            out.setdefault("earlier_crew", True)
        return out

    def seats(self, state: SiegeState) -> int:
        return 2

    def seat_name(self, state: SiegeState, seat: int) -> str:
        return SEAT_NAMES[seat]

    def current_player(self, state: SiegeState) -> int:
        if state.phase == OVER:
            return TERMINAL
        if state.phase in (START, ROLL, SCATTER):
            return CHANCE
        return state.seat

    def turn_seat(self, state: SiegeState) -> int | None:
        # the scatter belongs to nobody: once a ball is fired it flies at once
        return None if state.phase in (START, SCATTER, OVER) else state.seat

    def turn_count(self, state: SiegeState) -> int:
        return state.turn

    def dice_count(self, state: SiegeState) -> int:
        """SG-18: with the captain rule, a side whose captain is down rolls one die."""
        if state.captain_rule and not state.sides[state.seat].captain:
            return 1
        return 2

    # -- what may happen -----------------------------------------------------------
    def chance_outcomes(self, state: SiegeState) -> list[tuple[Action, float]]:
        if state.phase == START:
            return list(BALANCED_START_OUTCOMES if state.balanced_start else START_OUTCOMES)
        if state.phase == ROLL:
            return list(DICE_OUTCOMES[self.dice_count(state)])
        if state.phase == SCATTER and state.aim is not None:
            return list(SCATTER_OUTCOMES[state.aim[0]])
        return []

    def may_fire(self, state: SiegeState) -> bool:
        """SG-06: a side fires only while one of its target-cannons stands."""
        return state.points >= 1 and state.sides[state.seat].cannons_standing() > 0

    def run_actions(self, state: SiegeState) -> list[Action]:
        """The chest-run steps open now (SG-07..SG-10)."""
        side = state.sides[state.seat]
        if state.points < 1 or "boat" not in side.spots:
            return []
        if side.boat_at == "base":
            if side.chest:
                return [REPLACES[s.name] for s, up in zip(SLOTS, side.slots) if not up]
            if can_replace(side):
                return [ROW_OUT]
            return []
        if not side.chest:  # empty at Treasure Island: load one of its own chests, or row back empty
            return ([LOAD] if can_replace(side) else []) + [ROW_BACK]
        return [ROW_BACK] if state.turn > side.loaded_turn else []

    def pirate_actions(self, state: SiegeState) -> list[Action]:
        """Moves to a free spot (SG-11, SG-14, SG-15) and crewing the longboat (SG-12)."""
        if state.points < 1:
            return []
        seat = state.seat
        side = state.sides[seat]
        movers = [s for s in side.spots if s != "boat"]
        free = [s.name for s in SPOTS[seat] if spot_refusal(state, seat, s.name) is None]
        moves = MOVES
        out: list[Action] = [moves[a, b] for a in movers for b in free]
        if "boat" in side.spots and (side.boat_at == "base" or not state.earlier_crew):
            # SG-11: "vers tout endroit libre": the longboat's pirate steps ashore too (the run then needs a crew)
            out += [moves["boat", b] for b in free]
        if "boat" not in side.spots and state.points >= crew_cost(state) and crew_refusal(state) is None:
            out += [CREWS[a] for a in movers]
        return out

    def legal_actions(self, state: SiegeState) -> list[Action]:
        out = self.actions_but_shots(state)
        if self.shots_open(state):
            out += FIRE_ACTIONS
        return out

    def actions_but_shots(self, state: SiegeState) -> list[Action]:
        """The legal actions but the thousands of shots (a new list, in :meth:`legal_actions`' order).

        The bots look at these apart from the shots, which they aim against the physics.
        """
        phase = state.phase
        if phase == OVER:
            return []
        if phase in (START, ROLL, SCATTER):
            return [a for a, _ in self.chance_outcomes(state)]
        if phase == COMPASS_CHOICE:
            return [TURN, STAY]
        out: list[Action] = [END]
        out += self.run_actions(state)
        out += self.pirate_actions(state)
        return out

    def shots_open(self, state: SiegeState) -> bool:
        """Whether :meth:`legal_actions` holds every shot of the aim grid now (SG-06, in the side's own turn)."""
        return state.phase == ACT and self.may_fire(state)

    def check(self, state: SiegeState, action: Any) -> Refusal | None:
        """The one legality check: why ``action`` is refused here, as data, or None if it is legal.

        :meth:`apply` refuses exactly this; :meth:`legal_actions` is kept fast
        for the bots and is proven equal to it over every well-formed action
        (``tests/siege/test_rules.py``).  :mod:`engine.siege.words` says it.

        >>> g = Siege()
        >>> g.check(g.apply(g.new(2), First(1)), END)
        Refusal(rule='SG-03', key='roll_first', values={})
        """
        kind = action.__class__
        if kind not in _KIND_SET:
            return Refusal(None, "not_an_action", {"action": action})
        phase = state.phase
        if phase == OVER:
            return Refusal(None, "game_over")
        if phase == START:
            if kind is First and action.seat in (0, 1):
                return None
            return Refusal(None, "draw_first")
        if phase == ROLL:
            if action in DICE_SETS[self.dice_count(state)]:
                return None
            if kind is Dice:
                return Refusal(None, "not_a_roll", {"action": action.text(), "dice": self.dice_count(state)})
            return Refusal("SG-03", "roll_first")
        if phase == SCATTER:
            if is_scatter_of(state.aim, action):
                return None
            return Refusal(None, "ball_in_the_air")
        if phase == COMPASS_CHOICE:
            if kind is Turn or kind is Stay:
                return None
            return Refusal("SG-17", "choose_the_turn")
        if kind is End:
            return None
        if kind is Turn or kind is Stay:
            return Refusal("SG-17", "no_compass")
        if kind in (First, Dice, Scatter):
            return Refusal(None, "no_chance_step")
        side = state.sides[state.seat]
        if kind is Fire:
            if action not in FIRE_SET:
                w = WEAPONS.get(action.weapon)
                if w is None:
                    return Refusal(None, "no_such_weapon")
                return Refusal(None, "aim_out_of_range", {"weapon": w.name, "angles": w.angles, "powers": w.powers})
            if state.points < 1:
                return Refusal("SG-04", "no_points")
            if side.cannons_standing() == 0:
                return Refusal("SG-06", "no_cannon_standing")
            return None
        if state.points < 1:
            return Refusal("SG-04", "no_points")
        if kind is Move:
            src = action.src
            if not src or not action.dst:  # a move built without its two spots (the text form always has them)
                return Refusal(None, "move_syntax")
            if src not in side.spots:
                return Refusal(None, "no_pirate_there", {"spot": src})
            if src == "boat" and side.boat_at != "base" and state.earlier_crew:
                return Refusal("SG-11", "ashore_only_at_base")
            return spot_refusal(state, state.seat, action.dst)
        if kind is Crew:
            src = action.src
            if "boat" in side.spots:
                return Refusal(None, "boat_has_its_pirate")
            if state.points < crew_cost(state):
                return Refusal("SG-12", "crew_costs_two")
            if src not in side.spots or src == "boat":
                return Refusal(None, "no_pirate_there", {"spot": src})
            return crew_refusal(state)
        return self._run_check(state, action)

    @staticmethod
    def _run_check(state: SiegeState, action: Action) -> Refusal | None:
        """The chest run (SG-07..SG-10): ``row out``, ``load``, ``row back``, ``replace <slot>``."""
        side = state.sides[state.seat]
        if "boat" not in side.spots:
            return Refusal("SG-08", "run_needs_crew")
        kind = action.__class__
        if kind is Replace:
            name = action.slot
            if name not in SLOT_INDEX:
                return Refusal(None, "not_a_slot", {"slot": name})
            if not side.chest:
                return Refusal("SG-08", "replace_needs_chest")
            if side.boat_at != "base":
                return Refusal("SG-08", "replace_at_base")
            if side.slots[SLOT_INDEX[name]]:
                return Refusal(None, "cannon_stands", {"slot": name})
            return None
        chests_gone = Refusal("SG-07", "chests_gone", {"chests": CHESTS_PER_SIDE})
        if kind is RowOut:
            if side.boat_at != "base":
                return Refusal(None, "boat_at_treasure")
            if side.chest:
                return Refusal("SG-10", "boat_carries_a_chest")
            return None if can_replace(side) else chests_gone
        if kind is Load:
            if side.boat_at != "treasure":
                return Refusal("SG-08", "row_out_first")
            if side.chest:
                return Refusal("SG-10", "one_chest_only")
            return None if can_replace(side) else chests_gone
        # row back
        if side.boat_at != "treasure":
            return Refusal(None, "boat_at_base")
        if side.chest and state.turn <= side.loaded_turn:
            return Refusal("SG-08", "run_takes_two_turns")
        return None

    def refusal_words(self, refusal: Refusal, lang: str = "en") -> str:
        from engine.siege.words import refusal_words

        return refusal_words(refusal, lang)

    def refusal(self, state: SiegeState, action: Any, lang: str = "en") -> str | None:
        """Why ``action`` is refused here in words (English, or French for "fr"), or None if it is legal."""
        refusal = self.check(state, action)
        return None if refusal is None else self.refusal_words(refusal, lang)

    def why_illegal(self, state: SiegeState, action: Any, lang: str = "en") -> str:
        """Why ``action`` is refused here (English, or French for "fr").

        >>> g = Siege()
        >>> g.why_illegal(g.apply(g.new(2), First(1)), END, "fr")
        "il faut d'abord lancer les dés (SG-03)"
        """
        fallback = "ce coup n'est pas permis dans cette position" if lang == "fr" else "it is not a legal action in this position"
        return self.refusal(state, action, lang) or fallback

    def apply(self, state: SiegeState, action: Action) -> SiegeState:
        refusal = self.check(state, action)
        if refusal is not None:
            raise IllegalAction(self._action_text(action), self.refusal_words(refusal), refusal=refusal)
        return self.next_state(state, action)

    # -- moving --------------------------------------------------------------------
    def next_state(self, state: SiegeState, action: Action) -> SiegeState:
        seat = state.seat
        side = state.sides[seat]
        phase = state.phase
        kind = action.__class__
        if phase == START:
            return replace(state, seat=action.seat, turn=1, phase=ROLL)  # type: ignore[union-attr]
        if phase == ROLL:
            faces = action.faces  # type: ignore[union-attr]
            compasses = faces.count(COMPASS)
            if compasses == 1:  # SG-17: one compass forces the turn
                side = replace(side, turned=not side.turned)
            nxt = ACT if compasses != 2 else COMPASS_CHOICE
            return replace(state, sides=self._put(state, seat, side), phase=nxt, points=sum(faces), dice=faces)
        if phase == COMPASS_CHOICE:
            if kind is Turn:
                side = replace(side, turned=not side.turned)
            return replace(state, sides=self._put(state, seat, side), phase=ACT)
        if phase == SCATTER:
            hit = shot_flight(state, action.da, action.dp).hit  # type: ignore[union-attr]
            enemy, _ = knock_down(state.sides[1 - seat], hit)
            sides = self._put(state, 1 - seat, enemy)
            return self._after_point(replace(state, sides=sides, phase=ACT, aim=None))
        if kind is End:
            return self._next_turn(state)
        if kind is Fire:
            weapon, angle, power = action.weapon, action.angle, action.power  # type: ignore[union-attr]
            setting = list(side.setting)
            setting[WEAPON_NAMES.index(weapon)] = (angle, power)
            side = replace(side, setting=(setting[0], setting[1]), weapon=weapon)
            return replace(
                state,
                sides=self._put(state, seat, side),
                phase=SCATTER,
                aim=(weapon, angle, power),
                points=state.points - 1,
            )
        cost = 1
        if kind is RowOut:
            side = replace(side, boat_at="treasure")
        elif kind is Load:  # one of the side's own three chests (SG-07)
            side = replace(side, chest=True, loaded_turn=state.turn, taken=side.taken + 1)
        elif kind is RowBack:
            side = replace(side, boat_at="base")
        elif kind is Replace:
            slots = list(side.slots)
            slots[SLOT_INDEX[action.slot]] = True  # type: ignore[union-attr]
            side = replace(side, slots=tuple(slots), chest=False, loaded_turn=0, replaced=side.replaced + 1)
        elif kind is Move:
            side = self._relocate(side, seat, action.src, action.dst)  # type: ignore[union-attr]
        else:  # crew: back to base (if away), a new pirate aboard (SG-12)
            cost = crew_cost(state)
            side = replace(self._relocate(side, seat, action.src, "boat"), boat_at="base")  # type: ignore[union-attr]
        state = replace(state, sides=self._put(state, seat, side), points=state.points - cost)
        return self._after_point(state)

    @staticmethod
    def _put(state: SiegeState, seat: int, side: Side) -> tuple[Side, Side]:
        return (side, state.sides[1]) if seat == 0 else (state.sides[0], side)

    @staticmethod
    def _relocate(side: Side, seat: int, src: str, dst: str) -> Side:
        order = SPOT_ORDER[seat]
        spots = sorted([s for s in side.spots if s != src] + [dst], key=order.__getitem__)
        captain = dst if side.captain == src else side.captain
        return replace(side, spots=tuple(spots), captain=captain)

    def _after_point(self, state: SiegeState) -> SiegeState:
        """Check victory (SG-02) after a point is spent; pass the turn at zero points."""
        lost = [defeated(state.sides[s]) for s in (0, 1)]
        if lost[1 - state.seat]:
            return replace(state, phase=OVER, winner=state.seat, points=0)
        if lost[state.seat]:
            return replace(state, phase=OVER, winner=1 - state.seat, points=0)
        if state.points <= 0:
            return self._next_turn(state)
        return state

    @staticmethod
    def _next_turn(state: SiegeState) -> SiegeState:
        if state.turn >= MAX_TURNS:  # house rule: an endless siege is a draw
            return replace(state, phase=OVER, winner=DRAW, points=0, aim=None)
        return replace(state, seat=1 - state.seat, turn=state.turn + 1, phase=ROLL, points=0, dice=(), aim=None)

    def outcome(self, state: SiegeState) -> Outcome | None:
        if state.phase != OVER:
            return None
        if state.winner == DRAW:
            return Outcome((0, 1), (0.5, 0.5))
        return Outcome.win(state.winner, 2)

    def shot(self, state: SiegeState, action: Any) -> Shot | None:
        """What the scatter outcome ``action`` makes of the shot aimed in ``state`` (``None`` for any other action).

        >>> g = Siege()
        >>> s = g.apply(g.apply(g.apply(g.new(2), First(0)), Dice((4, 4))), Fire("cannon", 10, 70))
        >>> shot = g.shot(s, Scatter(0.0, 0.0))
        >>> (shot.weapon, shot.angle, shot.power), g.shot(s, END)
        (('cannon', 10.0, 70.0), None)
        """
        if state.phase != SCATTER or not is_scatter_of(state.aim, action):
            return None
        weapon, angle, power = state.aim  # type: ignore[misc]
        da, dp = action.da, action.dp
        hit = shot_flight(state, da, dp).hit
        target = state.sides[1 - state.seat]
        after, fallen = knock_down(target, hit)
        return Shot(weapon, angle + da, power + dp, hit, target, after, tuple(fallen))

    def acting(self, state: SiegeState) -> bool:
        """Whether the side to play is in the acting part of its turn (moves, shots, the chest run)."""
        return state.phase == ACT

    # -- words ---------------------------------------------------------------------
    def describe(self, state: SiegeState, action: Action, lang: str = "en") -> str:
        from engine.siege.words import describe

        return describe(self, state, action, lang)

    def format_action(self, action: Action) -> str:
        """The action's text, as records keep it (:meth:`engine.siege.actions._Action.text`)."""
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        """The action a line of text names (:func:`engine.siege.actions.parse_action`)."""
        return parse_action(text)

    # -- JSON ----------------------------------------------------------------------
    def state_to_json(self, state: SiegeState) -> dict[str, Any]:
        return {
            "sides": [
                {
                    "slots": list(s.slots),
                    "turned": s.turned,
                    "spots": list(s.spots),
                    "captain": s.captain,
                    "palisades": list(s.palisades),
                    "fort": s.fort,
                    "rig": s.rig,
                    "boat_at": s.boat_at,
                    "chest": s.chest,
                    "loaded_turn": s.loaded_turn,
                    "replaced": s.replaced,
                    "taken": s.taken,
                    "setting": [list(x) for x in s.setting],
                    "weapon": s.weapon,
                }
                for s in state.sides
            ],
            "seat": state.seat,
            "turn": state.turn,
            "phase": state.phase,
            "points": state.points,
            "dice": list(state.dice),
            "aim": list(state.aim) if state.aim is not None else None,
            "captain_rule": state.captain_rule,
            "winner": state.winner,
            "earlier_setup": state.earlier_setup,
            "balanced_start": state.balanced_start,
            "earlier_crew": state.earlier_crew,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> SiegeState:
        """Inverse of :meth:`state_to_json`, every field checked (raises :class:`~engine.core.BadState`).

        >>> game = Siege(); data = game.state_to_json(game.new(2))
        >>> game.state_from_json(data | {"seat": 5})
        Traceback (most recent call last):
        ...
        engine.core.BadState: not a Siege state: seat must be a whole number from 0 to 1, not 5
        """
        read = StateFields(self.title, data)
        sides = [_side_from_json(seat, side) for seat, side in enumerate(read.objects("sides", (2,)))]
        phase = read.choice("phase", (START, ROLL, COMPASS_CHOICE, ACT, SCATTER, OVER))
        turn = read.number("turn", 0, MAX_TURNS)
        if (turn == 0) != (phase == START):
            read.fail("turn is 0 while the draw decides who plays first, and only then")
        raw_aim = read.raw("aim")
        aim = None
        if phase == SCATTER or raw_aim is not None:
            if phase != SCATTER:
                read.fail("a shot is in the air (aim) only while its scatter is drawn")
            if not isinstance(raw_aim, list) or len(raw_aim) != 3 or raw_aim[0] not in WEAPON_NAMES:
                read.fail(f"aim must be [weapon, angle, power], not {shorten(raw_aim)}")
            weapon = WEAPONS[raw_aim[0]]
            aim = (weapon.name, read.whole(raw_aim[1], "aim[1]", *weapon.angles),
                   read.whole(raw_aim[2], "aim[2]", *weapon.powers))
        return SiegeState(
            sides=(sides[0], sides[1]),
            seat=read.number("seat", 0, 1),
            turn=turn,
            phase=phase,
            points=read.number("points", 0, 2 * max(DICE_FACES)),
            dice=read.numbers("dice", min(DICE_FACES), max(DICE_FACES), (0, 1, 2)),
            aim=aim,
            captain_rule=read.flag("captain_rule"),
            winner=read.number("winner", 0, DRAW) if phase == OVER else read.number("winner", -1, -1),
            earlier_setup=read.flag("earlier_setup", False),
            balanced_start=read.flag("balanced_start", False),
            earlier_crew=read.flag("earlier_crew", False),
        )


def _side_from_json(seat: int, read: StateFields) -> Side:
    """One side of a Siege state's JSON, every field checked."""
    spots = read.choices("spots", SPOT_INDEX[seat], range(len(SPOTS[seat]) + 1))
    fort = read.flag("fort")
    if fort and seat == 0:
        read.fail("Crab Claw Island has no fort")
    settings = read.items("setting", (len(WEAPON_NAMES),))
    setting = []
    for k, name in enumerate(WEAPON_NAMES):
        pair = settings[k]
        if not isinstance(pair, list) or len(pair) != 2:
            read.fail(f"{read.name('setting')}[{k}] must be [angle, power], not {shorten(pair)}")
        w = WEAPONS[name]
        where = f"{read.name('setting')}[{k}]"
        setting.append((read.whole(pair[0], where + "[0]", *w.angles), read.whole(pair[1], where + "[1]", *w.powers)))
    return Side(
        slots=read.flags("slots", (len(SLOTS),)),
        turned=read.flag("turned"),
        spots=spots,
        captain=read.choice("captain", ("", *spots)),
        palisades=read.flags("palisades", (len(PALISADES[seat]),)),
        fort=fort,
        rig=read.flag("rig"),
        boat_at=read.choice("boat_at", ("base", "treasure")),
        chest=read.flag("chest"),
        loaded_turn=read.number("loaded_turn", 0, MAX_TURNS),
        replaced=read.number("replaced", 0, REPLACEMENTS),
        taken=read.number("taken", 0, CHESTS_PER_SIDE, read.raw("replaced")),
        setting=(setting[0], setting[1]),
        weapon=read.choice("weapon", WEAPON_NAMES),
    )


def refused(game: Siege, state: SiegeState, action: Action | str) -> str:
    """The refusal message for ``action``, an action or its record text (helper for tests and docs).

    >>> g = Siege()
    >>> refused(g, g.apply(g.new(2), First(1)), "end")
    'the dice must be rolled first (SG-03)'
    """
    if isinstance(action, str):
        action = game.parse_action(action)
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        return exc.reason
    return ""


__all__ = ["CHANCE", "Side", "Siege", "SiegeState", "knock_down", "layout", "refused", "shot_flight"]

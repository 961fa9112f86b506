"""Siege's judge of a shot other than a drill's record: aiming by feel (issue 36).

A drill's step may carry ``"accept": {...}``: the lesson then asks this judge,
when the person's action differs from the record's, whether it does what the
step asks (:func:`accepts`). ``accept`` is read by :class:`Accept`, which
refuses unknown keys; every key given must hold:

* ``"any_fire": "cannon" | "mortar" | "any"``: a shot of that launcher;
* ``"hits": WHAT`` (or a list of them, any one will do): the shot knocks down
  WHAT, read from what fell between the position before and after the shot
  (so a hit that brings nothing down is no hit). WHAT is ``"same"`` (what the
  record's shot knocked down, exactly: the door brings the fort and its
  pirates down, the bowsprit the mainsail and the main deck's pirate), a piece
  (``"slot:a1"``, ``"spot:s2"``, ``"palisade:1"``, ``"door"``, ``"bowsprit"``,
  ``"chest"``) or a kind of piece (``"slot"``: any target-cannon, ``"spot"``:
  any pirate, ``"palisade"``);
* ``"lands": "short" | "long"`` with ``"of": WHERE``: the ball ends its flight
  before WHERE's near edge, or beyond its far edge, measured along the
  ground from the launcher. WHERE is ``"brig"`` (the enemy's hull and
  bowsprit), ``"fort"``, ``"island"`` or a piece as above, as it stands
  before the shot.

A shot is the only action ever accepted in place of another: a button, a
move or the end of the turn is what the step asks or not.

Where the ball lands depends on the scatter drawn after it, which the lesson
gives as the positions it leads to (``after_played``, ``after_expected``): the
judge takes the most likely scatter of the launcher's table that turns the
two shots into those two positions (the record's own when it is the
table's most likely, ``scatter +0 +0``, as in every drill's accepted steps),
or ``outcome`` when the caller passes it.

>>> from engine.siege import Siege
>>> game = Siege()
>>> before = game.apply(game.apply(game.new(2), game.parse_action("first blue")), game.parse_action("dice 4 4"))
>>> def after(text):
...     return game.apply(game.apply(before, game.parse_action(text)), game.parse_action("scatter +0 +0"))
>>> door, other_door = game.parse_action("fire cannon 17 92"), game.parse_action("fire cannon 19 88")
>>> accepts(game, before, other_door, door, after("fire cannon 19 88"), after("fire cannon 17 92"), {"hits": "same"})
True
>>> short = game.parse_action("fire cannon 14 50")
>>> accepts(game, before, short, door, after("fire cannon 14 50"), after("fire cannon 17 92"), {"lands": "short", "of": "brig"})
True
>>> accepts(game, before, short, door, after("fire cannon 14 50"), after("fire cannon 17 92"), {"hits": "door"})
False
>>> from pydantic import ValidationError
>>> try:
...     Accept.model_validate({"hits": "door", "wind": 3})
... except ValidationError as exc:
...     print(exc.errors()[0]["type"], exc.errors()[0]["loc"])
extra_forbidden ('wind',)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from engine.siege.actions import SCATTER_OUTCOMES, Fire, Scatter
from engine.siege.physics import hitboxes
from engine.siege.scene import PALISADES, SLOT_INDEX, SLOTS, SPOTS
from engine.siege.state import SCATTER, Side, SiegeState, layout, shot_flight

#: The kinds of piece a step may name for "any of them".
KINDS = ("slot", "spot", "palisade")
#: The pieces that fall alone by name (with what they bring down).
SINGLES = ("door", "bowsprit", "chest")
#: The places a ball may land short of or beyond: their hitboxes' names on the enemy's side.
PLACES: dict[str, tuple[str, ...]] = {
    "brig": ("bowsprit", "hull"),
    "fort": ("door", "fort"),
    "island": ("island",),
}
_SPOT_NAMES = frozenset(spot.name for side in SPOTS for spot in side)
_PALISADES = frozenset(str(k) for side in PALISADES for k in range(len(side)))


def _is_piece(name: str) -> bool:
    """Whether ``name`` is a piece a ball can knock down: ``slot:a1``, ``spot:s2``, ``palisade:1``, ``door``..."""
    kind, _, which = name.partition(":")
    if kind == "slot":
        return which in SLOT_INDEX
    if kind == "spot":
        return which in _SPOT_NAMES
    if kind == "palisade":
        return which in _PALISADES
    return name in SINGLES


class Accept(BaseModel):
    """What a step accepts besides the record's own shot; every key given must hold."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    #: a shot of this launcher ("any": either)
    any_fire: Literal["cannon", "mortar", "any"] | None = None
    #: the shot knocks down one of these: "same" (as the record's shot), a piece or a kind of piece
    hits: list[str] | None = None
    #: the ball ends short of, or beyond, the place ``of``
    lands: Literal["short", "long"] | None = None
    of: str | None = None

    @field_validator("hits", mode="before")
    @classmethod
    def _one_or_more(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("hits")
    @classmethod
    def _known_pieces(cls, value: list[str] | None) -> list[str] | None:
        if value is not None:
            if not value:
                raise ValueError("hits names at least one piece")
            for name in value:
                if name != "same" and name not in KINDS and not _is_piece(name):
                    raise ValueError(f"{name!r} is no piece: 'same', a kind ({', '.join(KINDS)}) or a piece "
                                     f"('slot:a1', 'spot:s2', 'palisade:1', {', '.join(map(repr, SINGLES))})")
        return value

    @field_validator("of")
    @classmethod
    def _known_place(cls, value: str | None) -> str | None:
        if value is not None and value not in PLACES and not _is_piece(value):
            raise ValueError(f"{value!r} is no place: {', '.join(PLACES)} or a piece")
        return value

    @model_validator(mode="after")
    def _whole(self) -> Accept:
        if self.any_fire is None and self.hits is None and self.lands is None:
            raise ValueError("an accept says what it accepts: any_fire, hits or lands")
        if (self.lands is None) != (self.of is None):
            raise ValueError("lands and of go together: short of, or beyond, a place")
        return self


def fallen(before: Side, after: Side) -> frozenset[str]:
    """What fell on a side between two positions, in the names of :class:`Accept` (the door for the fort,
    the bowsprit for the rig).

    >>> from engine.siege.state import _side, knock_down
    >>> sorted(fallen(_side(1), knock_down(_side(1), "door")[0]))
    ['door', 'spot:t1', 'spot:t2', 'spot:t3']
    """
    out = {f"slot:{slot.name}" for slot, was, now in zip(SLOTS, before.slots, after.slots) if was and not now}
    out |= {f"spot:{spot}" for spot in set(before.spots) - set(after.spots)}
    out |= {f"palisade:{k}" for k, (was, now) in enumerate(zip(before.palisades, after.palisades)) if was and not now}
    if before.fort and not after.fort:
        out.add("door")
    if before.rig and not after.rig:
        out.add("bowsprit")
    if before.chest and not after.chest:
        out.add("chest")
    return frozenset(out)


def _knocks_down(wanted: list[str], down: frozenset[str], same: frozenset[str]) -> bool:
    for name in wanted:
        if name == "same":
            if same and down == same:
                return True
        elif name in KINDS:
            if any(piece.partition(":")[0] == name for piece in down):
                return True
        elif name in down:
            return True
    return False


def scatter_of(game: Any, before: SiegeState, played: Fire, expected: Any, after_played: SiegeState,
               after_expected: SiegeState) -> Scatter | None:
    """The most likely scatter that turns ``played`` into ``after_played`` (and ``expected``, a shot too, into
    ``after_expected``); None if none does. Before its scatter is drawn (``after_played`` still waits for
    it), the table's most likely."""
    table = SCATTER_OUTCOMES[played.weapon]
    aimed = game.apply(before, played)
    fits = [(p, outcome) for outcome, p in table]
    if after_played.phase != SCATTER:
        fits = [(p, outcome) for p, outcome in fits if game.apply(aimed, outcome) == after_played]
        if isinstance(expected, Fire) and after_expected.phase != SCATTER:
            other = game.apply(before, expected)
            both = [(p, outcome) for p, outcome in fits
                    if game.is_outcome(other, outcome) and game.apply(other, outcome) == after_expected]
            fits = both or fits
    if not fits:
        return None
    # the most likely; between equals, the one nearest the aim
    return max(fits, key=lambda pair: (pair[0], -abs(pair[1].da) - abs(pair[1].dp)))[1]


def _span(state: SiegeState, place: str) -> tuple[float, float] | None:
    """Where ``place`` lies along the ground from the shooter's launcher, as it stands in ``state``."""
    names = PLACES.get(place, (place,))
    boxes = [box for box in hitboxes(state.seat, layout(state, 1 - state.seat)) if box[0] in names]
    if not boxes:
        return None
    return min(box[1] for box in boxes), max(box[2] for box in boxes)


def accepts(game: Any, before: SiegeState, played: Any, expected: Any, after_played: SiegeState,
            after_expected: SiegeState, accept: dict[str, Any], *, outcome: Scatter | None = None) -> bool:
    """Whether the person's ``played`` does what the step asks (``accept``) where the record has ``expected``.

    ``before`` is the position before, ``after_played`` and ``after_expected`` the positions after each
    action and the record's chance outcome that follows it (the shot's scatter); ``outcome`` is that
    scatter, when the caller has it. Raises ``pydantic.ValidationError`` for an ``accept`` it cannot read.
    """
    rule = Accept.model_validate(accept)
    if not isinstance(played, Fire):
        return False
    if rule.any_fire is not None and rule.any_fire != "any" and played.weapon != rule.any_fire:
        return False
    enemy = 1 - before.seat
    if rule.hits is not None:
        down = fallen(before.sides[enemy], after_played.sides[enemy])
        same = fallen(before.sides[enemy], after_expected.sides[enemy])
        if not _knocks_down(rule.hits, down, same):
            return False
    if rule.lands is not None and rule.of is not None:
        span = _span(before, rule.of)
        scatter = outcome or scatter_of(game, before, played, expected, after_played, after_expected)
        if span is None or scatter is None:
            return False
        end = shot_flight(game.apply(before, played), scatter.da, scatter.dp).s
        if rule.lands == "short" and not end < span[0]:
            return False
        if rule.lands == "long" and not end > span[1]:
            return False
    return True


__all__ = ["Accept", "accepts", "fallen", "scatter_of"]

"""The Siege drill builder: a game record written step by step with the words of each of the person's moves.

Used by tools/lessons/siege.py, which writes ui/games/siege/lessons/.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from engine.siege.actions import SCATTER_OUTCOMES, Fire
from engine.siege.ai import candidate_aims, hit_chance
from engine.siege.physics import hitboxes
from engine.siege.rules import Siege
from engine.siege.state import Shot, SiegeState, layout
from ui.games.siege.lesson_judge import accepts

GAME = Siege()
YOU, RED = 0, 1
NAMES = {"en": ["You", "Gunner Bot"], "fr": ["Vous", "Robot canonnier"]}
#: The French punctuation that takes a no-break space before it.
_HIGH_SIGNS = re.compile(r" ([:;!?])")


def french(text: str) -> str:
    """French typography: a no-break space before ``: ; ! ?``, inside « », a narrow one between a figure and ``%``.

    >>> french("Feu ! 92 % « oui »") == "Feu\\u00a0! 92\\u202f% «\\u00a0oui\\u00a0»"
    True
    """
    text = _HIGH_SIGNS.sub("\u00a0\\1", text)
    text = text.replace("« ", "«\u00a0").replace(" »", "\u00a0»")
    return re.sub(r"(\d)[ \u00a0]?%", "\\1\u202f%", text)


def words(en: str, fr: str) -> dict[str, str]:
    return {"en": en, "fr": french(fr)}

SEATS = [{"name": "You", "controller": "human"}, {"name": "Gunner Bot", "controller": "aim"}]


@dataclass
class Drill:
    """A drill's record, built action by action, with its steps."""

    slug: str
    title: dict[str, str]
    summary: dict[str, str]
    training: bool
    state: SiegeState = field(default_factory=lambda: GAME.new(2))
    actions: list[str] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    start: int = 0
    done: dict[str, str] | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.slug)  # each drill's own draws, the same at every run

    # -- any seat ---------------------------------------------------------------
    def play(self, text: str) -> Any:
        action = GAME.parse_action(text)
        self.state = GAME.apply(self.state, action)
        self.actions.append(GAME.format_action(action))
        return action

    def fire(self, aim: tuple[str, int, int], scatter: tuple[float, float] = (0.0, 0.0)) -> Shot:
        """A shot and its scatter; what it did."""
        self.play(Fire(*aim).text())
        outcome = GAME.parse_action(f"scatter {scatter[0]:+g} {scatter[1]:+g}")
        shot = GAME.shot(self.state, outcome)
        assert shot is not None
        self.play(outcome.text())
        return shot

    def aim(self, target: str, weapon: str | None = None) -> tuple[str, int, int]:
        """The gunner's aim at ``target`` (its best chance over the scatter; its unscattered flight hits it)."""
        seat = self.state.seat
        boxes = hitboxes(seat, layout(self.state, 1 - seat))
        aims = [a for a in candidate_aims(seat, boxes, target) if weapon is None or a[0] == weapon]
        assert aims, f"{self.slug}: no aim reaches {target}"
        return max(aims, key=lambda a: (hit_chance(seat, *a, boxes, target), a))

    def shoot(self, target: str, hit: bool, weapon: str | None = None) -> Shot:
        """A gunner's shot at ``target`` that hits it, or knocks nothing down, by the scatter drawn."""
        aim = self.aim(target, weapon)
        aimed = GAME.apply(self.state, Fire(*aim))
        fits = []
        for outcome, p in SCATTER_OUTCOMES[aim[0]]:
            shot = GAME.shot(aimed, outcome)
            assert shot is not None
            if (shot.hit == target) if hit else (shot.after == shot.target):
                fits.append(((outcome.da, outcome.dp), p))
        assert fits, f"{self.slug}: no scatter of {aim} {'hits' if hit else 'misses'} {target}"
        scatter = self.rng.choices([f for f, _ in fits], weights=[p for _, p in fits])[0]
        shot = self.fire(aim, scatter)
        assert (shot.hit == target) if hit else (shot.after == shot.target)
        return shot

    def begin(self) -> None:
        """The drill starts here: the actions so far are played at once."""
        self.start = len(self.actions)

    # -- the person's steps ---------------------------------------------------------------
    def step(self, targets: list[str], say: dict[str, str], ask: dict[str, str], teaches: tuple[str, ...] = (),
             recalls: tuple[str, ...] = (), accept: dict[str, Any] | None = None) -> None:
        """The person's next action is a step (its index: the action about to be played)."""
        assert GAME.current_player(self.state) == YOU or GAME.turn_seat(self.state) == YOU
        step: dict[str, Any] = {"at": len(self.actions), "targets": targets, "say": say, "ask": ask,
                                "teaches": list(teaches), "recalls": list(recalls)}
        if accept is not None:
            step["accept"] = accept
        self.steps.append(step)

    def you_roll(self, faces: str, say: dict[str, str], **step: Any) -> None:
        self.step(["chance"], say, words("roll the dice", "lancer les dés"), **step)
        self.play(f"dice {faces}")

    def you_fire(self, aim: tuple[str, int, int], say: dict[str, str], ask: dict[str, str], **step: Any) -> Shot:
        """The person's shot, the launcher's button marked first unless it is sure to be the one in hand: the
        one the record used last, when no earlier step of the drill let the person fire another."""
        sure = self.state.sides[YOU].weapon == aim[0] and all(
            earlier["accept"].get("any_fire") == aim[0]
            for earlier in self.steps if earlier.get("accept") is not None)
        targets = ["fire"] if sure else [f"weapon {aim[0]}", "fire"]
        self.step(targets, say, ask, **step)
        before = self.state
        shot = self.fire(aim)
        accept = step.get("accept")
        if accept is not None:  # the record's own shot does what the step asks
            assert accepts(GAME, before, Fire(*aim), Fire(*aim), self.state, self.state, accept), (self.slug, aim, accept)
        return shot

    def you_do(self, action: str, targets: list[str], say: dict[str, str], ask: dict[str, str], **step: Any) -> None:
        self.step(targets, say, ask, **step)
        self.play(action)

    # -- the file ----------------------------------------------------------------
    def data(self) -> dict[str, Any]:
        assert self.done is not None
        return {
            "kind": "drill",
            "title": self.title,
            "summary": self.summary,
            "record": {"game": "siege", "format": GAME.format_version, "seats": SEATS, "options": {},
                       "actions": self.actions},
            "person": YOU,
            "names": NAMES,
            "start": self.start,
            "training": self.training,
            "steps": self.steps,
            "done": self.done,
        }


# -- the drills ------------------------------------------------------------------------------------

"""A lesson: a scripted first game at ``/GAME/learn/``, in which the person makes the moves the lesson asks for.

A lesson is data (``ui/games/<game>/lesson.json``): a game record whose chance
outcomes are fixed, the step at which the lesson begins (the actions before
it are played at once: the lesson opens on a position of a real game), and,
for each action of the person's seat from there on, the words of its step in
English and French and the gestures that make it (``targets``: the page marks
the elements carrying them, so the person sees where to act).

:class:`LessonSession` is a :class:`ui.app.session.Session` whose next person
action is prescribed: any other move is answered in words, the other seats'
moves and the chance outcomes come from the record (played by ``tick`` at the
bots' pace), and "Step back" goes back to the start of the previous step.

>>> lesson = load_lesson("trice")
>>> 6 <= len(lesson.steps) <= 15, lesson.person_steps == tuple(step.at for step in lesson.steps)
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from html import escape
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from engine.core import CHANCE
from engine.records import GameRecord, Seat, replay
from ui.app.messages import StartLesson
from ui.app.refused import Refused
from ui.app.render import Frame, NoGame, Screen
from ui.app.session import Session
from ui.games import GAMES
from ui.games import page as game_page

#: The games that have a lesson, and where their data lives.
LESSON_GAMES = tuple(game.name for game in GAMES)  # every game has one (ui/games/<game>/lesson.json)

Text = Annotated[str, StringConstraints(min_length=1, max_length=600)]


class Words(BaseModel):
    """One text in both of the site's languages."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: Text
    fr: Text

    def of(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


class Step(BaseModel):
    """One action the person makes: its index in the record, where to act, what the lesson says and asks."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    at: Annotated[int, Field(ge=0)]
    #: The gestures (``data-act``) that make the action, in order (a piece to pick, then where it goes).
    targets: Annotated[list[str], Field(min_length=1, max_length=4)]
    #: What the step teaches and asks, shown beside the board.
    say: Words
    #: The request alone, for the answer to another move ("the lesson asks you to ...").
    ask: Words


class LessonData(BaseModel):
    """The JSON of a lesson (``ui/games/<game>/lesson.json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    record: GameRecord
    #: The person's seat.
    person: Annotated[int, Field(ge=0)]
    #: The seats' names in each language (the record's own are the English ones).
    names: dict[Literal["en", "fr"], list[str]]
    #: How many of the record's actions are played before the first step.
    start: Annotated[int, Field(ge=0)]
    #: Whether the shot's trajectory is drawn while aiming (Siege's training).
    training: bool = False
    steps: Annotated[list[Step], Field(min_length=6, max_length=15)]
    #: The words once the game is won.
    done: Words


@dataclass(frozen=True)
class Lesson:
    """A lesson's data with its record replayed: every position, every action."""

    game_name: str
    data: LessonData
    states: tuple[Any, ...]
    actions: tuple[Any, ...]
    #: The indexes of the record's actions the person makes (their moves and their own dice).
    person_steps: tuple[int, ...]

    @property
    def steps(self) -> list[Step]:
        return self.data.steps

    def step_index(self, played: int) -> int:
        """The step the person is on once ``played`` actions are on the board (``len(steps)``: all done)."""
        return next((k for k, step in enumerate(self.steps) if step.at >= played), len(self.steps))


def person_actions(game: Any, states: tuple[Any, ...], actions: tuple[Any, ...], person: int, start: int) -> tuple[int, ...]:
    """The indexes from ``start`` on of the actions a person in ``person``'s seat makes: its moves and its own dice."""
    found = []
    for index in range(start, len(actions)):
        player = game.current_player(states[index])
        if player == person or (player == CHANCE and game.turn_seat(states[index]) == person):
            found.append(index)
    return tuple(found)


def read_lesson(game_name: str, text: str) -> Lesson:
    """A lesson from its JSON text, its record replayed by the rules (a drifted lesson raises ``RecordError``)."""
    data = LessonData.model_validate(json.loads(text))
    result = replay(data.record.model_dump(mode="json"), expect_game=game_name)
    states, actions = tuple(result.states), tuple(result.actions)
    mine = person_actions(result.game, states, actions, data.person, data.start)
    return Lesson(game_name, data, states, actions, mine)


@cache
def load_lesson(game_name: str) -> Lesson:
    """The lesson of ``game_name`` from ``ui/games/<game>/lesson.json``."""
    if game_name not in LESSON_GAMES:
        raise Refused("no_lesson", f"there is no lesson for {game_name[:20]!r}", game=game_name[:20])
    return read_lesson(game_name, game_page(game_name).lesson_path.read_text(encoding="utf-8"))


#: The lesson's own sentences, in both languages.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "wrong": "Not this one: the lesson asks you to {ask}.",
        "first": "This is the lesson's first step: there is no step before it.",
        "step": "Step {k} of {n}",
        "back": "Step back",
        "again": "Start again",
        "play": "Play a real game",
        "done": "Lesson complete",
        "title": "Lesson",
        "watch": "Watch the other players' moves: the lesson plays them for you.",
    },
    "fr": {
        "wrong": "Pas celui-ci : la leçon vous demande de {ask}.",
        "first": "C'est la première étape de la leçon : il n'y en a pas avant.",
        "step": "Étape {k} sur {n}",
        "back": "Étape précédente",
        "again": "Recommencer",
        "play": "Jouer une vraie partie",
        "done": "Leçon terminée",
        "title": "Leçon",
        "watch": "Regardez les coups des autres joueurs : la leçon les joue pour vous.",
    },
}


def mark_targets(markup: str, targets: list[str]) -> str:
    """``markup`` with each element whose ``data-act`` is one of ``targets`` marked ``data-lesson-target``.

    >>> mark_targets('<b data-act="select b1">x</b><b data-act="select b2">y</b>', ["select b2"])
    '<b data-act="select b1">x</b><b data-act="select b2" data-lesson-target="">y</b>'
    """
    for gesture in targets:
        attribute = f'data-act="{escape(gesture)}"'
        markup = markup.replace(attribute, f'{attribute} data-lesson-target=""')
    return markup


def panel_html(lesson: Lesson, played: int, *, finished: bool, person_acts: bool, lang: str) -> str:
    """The lesson's words beside the board (the region ``lesson``): the step, what it says, step back and start again.

    >>> lesson = load_lesson("siege")
    >>> html = panel_html(lesson, lesson.steps[0].at, finished=False, person_acts=True, lang="fr")
    >>> "Étape 1 sur" in html, 'data-act="lesson back"' in html
    (True, True)
    """
    words = WORDS["fr" if lang == "fr" else "en"]
    total = len(lesson.steps)
    back = f'<button type="button" class="btn" data-act="lesson back">{escape(words["back"])}</button>'
    again = f'<button type="button" class="btn" data-act="lesson restart">{escape(words["again"])}</button>'
    if finished:
        heading = words["done"]
        said = lesson.data.done.of(lang)
        buttons = f'{back} {again} <a class="btn primary" href="../">{escape(words["play"])}</a>'
    else:
        k = min(lesson.step_index(played), total - 1)  # the last move made, the game not yet over: still its step
        heading = f'{words["title"]} · {words["step"].format(k=k + 1, n=total)}'
        said = lesson.steps[k].say.of(lang)
        if not person_acts:
            said = f"{said} {words['watch']}" if played < lesson.steps[k].at else said
        buttons = f"{back} {again}"
    return (
        f'<p class="lesson-step">{escape(heading)}</p>'
        f'<p class="lesson-say">{escape(said)}</p>'
        f'<div class="lesson-buttons">{buttons}</div>'
    )


def session_for_page(page: str) -> Session:
    """The session of a page of the visit: a lesson's on ``GAME/learn``, a game's elsewhere."""
    return LessonSession() if page.endswith("/learn") else Session()


class LessonSession(Session):
    """A game in which the person's next action is prescribed by a lesson."""

    #: A lesson is never saved among the person's games.
    saves_games = False

    def __init__(self) -> None:
        super().__init__()
        self.lesson: Lesson | None = None

    # -- messages ---------------------------------------------------------------
    def begin(self, message: StartLesson) -> None:
        """Open the lesson at its first step (a page the person comes back to keeps the step it was on)."""
        self.lang = message.lang
        if self.lesson is not None and self.lesson.game_name == message.game and self.game is not None:
            return
        lesson = load_lesson(message.game)
        data = lesson.data
        self.training = data.training
        result = replay(data.record.model_dump(mode="json"), expect_game=message.game)
        self.load(result)
        self.lesson = lesson
        self._rewind(data.start)

    # -- the person's moves --------------------------------------------------------
    def act(self, gesture: str) -> None:
        lesson = self._require_lesson()
        if gesture == "lesson back":
            self.step_back()
            return
        if gesture == "lesson restart":
            self._rewind(lesson.data.start)
            return
        game = self._require_game()
        live = self.live
        if live.viewing is not None:
            self._refuse("replay")
        if game.is_terminal(live.state):
            self._refuse("over")
        if self.interactive_seat() is None:
            self._refuse("not_your_turn")
        played = len(live.actions)
        step = lesson.steps[lesson.step_index(played)]
        expected = lesson.actions[played]
        if gesture == "chance":
            if not game.is_chance(live.state):
                self._refuse("no_roll")
            action = expected if game.is_outcome(live.state, expected) else None
        elif gesture.startswith("do "):
            action = game.parse_action(gesture[3:])
        else:
            head = gesture.split()[0] if gesture.split() else ""
            if gesture not in step.targets and any(target.split()[0] == head for target in step.targets):
                self._wrong(step)  # another piece, another weapon: not what the step asks for
            ui, action = live.view.handle(game, live.state, live.ui, gesture, self.view_context(len(live.actions)))
            if action is None:
                live.ui = ui
                return
        if action is None or game.format_action(action) != game.format_action(expected):
            self._wrong(step)
        self._play(expected)
        live.redo = []

    def _wrong(self, step: Step) -> None:
        words = WORDS["fr" if self.lang == "fr" else "en"]
        raise Refused("wrong", words["wrong"].format(ask=step.ask.of(self.lang)), at=step.at)

    def tick(self) -> None:
        """The record's next action, when it is not the person's: another seat's move or a chance outcome."""
        lesson = self._require_lesson()
        game = self._require_game()
        played = len(self.actions)
        if self.live.viewing is not None or game.is_terminal(self.state) or played >= len(lesson.actions):
            return
        if played in lesson.person_steps:
            return
        self._play(lesson.actions[played])

    def step_back(self) -> None:
        """Back to the start of the previous step: the person makes that move again.

        Once the person has moved (the others may still be playing, or the game is won), the
        previous step is the move just made.
        """
        lesson = self._require_lesson()
        k = lesson.step_index(len(self.actions))
        if k == 0:
            words = WORDS["fr" if self.lang == "fr" else "en"]
            raise Refused("first", words["first"])
        self._rewind(lesson.steps[k - 1].at)

    def _rewind(self, played: int) -> None:
        """The lesson's position after ``played`` of its record's actions."""
        lesson = self._require_lesson()
        self.live.rewind(list(lesson.states[: played + 1]), list(lesson.actions[:played]), self.lang)
        self.scheduler.stop_thinking()

    def _require_lesson(self) -> Lesson:
        if self.lesson is None:
            raise Refused("no_lesson_running", "no lesson is running")
        return self.lesson

    # -- output ---------------------------------------------------------------------
    def prepare(self) -> Frame:
        """The seats take their names in the page's language (the record's are the English ones), then as any session."""
        lesson, live = self.lesson, self.live
        if lesson is not None and live.record is not None and live.game is not None:
            names = lesson.data.names["fr" if self.lang == "fr" else "en"]
            seats = [Seat(name=name, controller=seat.controller) for name, seat in zip(names, live.record.seats)]
            live.record = live.record.model_copy(update={"seats": seats})
        return super().prepare()

    def render_screen(self, frame: Frame, *, error: str | None = None) -> Screen | NoGame:
        """A game's screen with the lesson's words beside the board and its targets marked (no banner, no summary)."""
        screen = super().render_screen(frame, error=error)
        lesson, game = self.lesson, self.game
        if lesson is None or game is None or not isinstance(screen, Screen):
            return screen
        played = len(self.actions)
        finished = game.is_terminal(self.state)
        person_acts = self.interactive_seat() is not None
        regions = dict(screen.regions)
        if person_acts and not finished and played in lesson.person_steps:
            targets = lesson.steps[lesson.step_index(played)].targets
            for name in ("board", "controls"):
                if name in regions:
                    regions[name] = mark_targets(regions[name], targets)
        regions["lesson"] = panel_html(lesson, played, finished=finished, person_acts=person_acts, lang=self.lang)
        regions.pop("summary", None)
        k = lesson.step_index(played)
        progress = "done" if finished else f"{min(k, len(lesson.steps) - 1) + 1}/{len(lesson.steps)}"
        # the lesson's own words say the game is won: no banner
        return replace(screen, regions=regions, lesson=progress, skippable=False, banner=None)

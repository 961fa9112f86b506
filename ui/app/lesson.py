"""Lessons: short drills at ``/GAME/learn/<slug>/``, in which the person makes the moves each asks for.

A game's lessons are data, ``ui/games/<game>/lessons/NN-<slug>.json``, listed
at ``/GAME/learn/`` in the order of their files. Each is

- a **drill** (:class:`LessonData`): a game record whose chance outcomes are
  fixed, the step at which it begins (the actions before it are played at
  once), and, for each action of the person's seat from there on, the words
  of its step in English and French, the gestures that make it (``targets``:
  the page marks them, so the person sees where to act) and the rulebook
  clauses it teaches;
- or, last, a **whole game** against the beginner with the Hint at hand
  (:class:`GameLessonData`).

A lesson is plugged into a :class:`ui.app.session.Session` (``session.script``),
not a kind of session: :class:`DrillScript` seats the record's other moves
as bots (:class:`RecordBot`) and its chance outcomes as the dealer
(:class:`RecordDealer`), so the session's bot scheduler plays them at the
bots' pace; the person's next action is prescribed (any other move is
answered in words, unless the game's judge finds it as good: Siege's aim by
feel), and "Step back" goes back to the start of the previous step.

>>> drill = load_lessons("trice")[0]
>>> MIN_STEPS <= len(drill.steps) <= MAX_STEPS, drill.person_steps == tuple(step.at for step in drill.steps)
(True, True)
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from engine.core import CHANCE, Game
from engine.records import GameRecord, Seat, replay
from ui.app.messages import Start
from ui.app.refused import Refused
from ui.app.render import Screen
from ui.app.words import Catalogue, lang_of, pick
from ui.games import GAMES
from ui.games import page as game_page

if TYPE_CHECKING:  # the session imports this module; this one only calls the session back
    from ui.app.session import Session

#: The games that have lessons (every game has: ``ui/games/<game>/lessons/``).
LESSON_GAMES = tuple(game.name for game in GAMES)

Text = Annotated[str, StringConstraints(min_length=1, max_length=600)]
#: A clause of the rulebooks (``../shared/rules/README.md``): ``TR-16``, ``PI-07``, ``SG-14``.
ClauseId = Annotated[str, StringConstraints(pattern=r"^(TR|PI|SG)-[0-9]{2}$")]
#: A lesson's name in its address (``/GAME/learn/<slug>/``) and its file (``NN-<slug>.json``).
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40)]
#: The bounds of a drill: short (lichess's Learn), yet more than one move.
MIN_STEPS, MAX_STEPS = 3, 10


class Words(BaseModel):
    """One text in both of the site's languages."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: Text
    fr: Text

    def of(self, lang: str) -> str:
        return pick(lang, self.en, self.fr)


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
    #: The rulebook clauses this step teaches, the person making the move that shows them.
    teaches: list[ClauseId] = Field(default_factory=list)
    #: Clauses its words rely on without teaching them: each was taught by an earlier step or lesson.
    recalls: list[ClauseId] = Field(default_factory=list)
    #: Other moves as good as the record's for this step, read by the game's judge (``lesson_judge.accepts``):
    #: Siege's aim by feel accepts any shot that hits what the step asks for.
    accept: dict[str, Any] | None = None


class LessonData(BaseModel):
    """A drill (``ui/games/<game>/lessons/NN-<slug>.json``): a scripted game record the person plays a few moves of."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["drill"] = "drill"
    #: Its name in the list at ``/GAME/learn/`` and what it teaches, in a line.
    title: Words
    summary: Words
    record: GameRecord
    #: The person's seat.
    person: Annotated[int, Field(ge=0)]
    #: The seats' names in each language (the record's own are the English ones).
    names: dict[Literal["en", "fr"], list[str]]
    #: How many of the record's actions are played before the first step (0: the game's start).
    start: Annotated[int, Field(ge=0)]
    #: Whether the shot's trajectory is drawn while aiming (Siege's training).
    training: bool = False
    steps: Annotated[list[Step], Field(min_length=MIN_STEPS, max_length=MAX_STEPS)]
    #: The words once the drill's last move is played.
    done: Words


class GameLessonData(BaseModel):
    """The last lesson: a short whole game against the beginner, the Hint at hand (no script)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["game"]
    title: Words
    summary: Words
    #: Who plays each seat: ``"human"`` for the person, else a bot's name (the beginner's).
    seats: Annotated[list[str], Field(min_length=2, max_length=4)]
    #: The seats' names in each language.
    names: dict[Literal["en", "fr"], list[str]]
    #: The game's options (a shorter game where the rules allow one).
    options: dict[str, Any] = Field(default_factory=dict)
    #: What the panel says during the game (how to ask for a hint), and once it is over.
    say: Words
    done: Words



@dataclass(frozen=True)
class Lesson:
    """A lesson's data, a drill's record replayed: every position, every action."""

    game_name: str
    slug: str
    data: LessonData | GameLessonData
    states: tuple[Any, ...] = ()
    actions: tuple[Any, ...] = ()
    #: The indexes of the record's actions the person makes (their moves and their own dice).
    person_steps: tuple[int, ...] = ()

    @property
    def steps(self) -> list[Step]:
        return self.data.steps if isinstance(self.data, LessonData) else []

    @property
    def teaches(self) -> tuple[str, ...]:
        """The clauses its steps teach, in order, once each."""
        return tuple(dict.fromkeys(clause for step in self.steps for clause in step.teaches))

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


def read_lesson(game_name: str, text: str, slug: str = "lesson") -> Lesson:
    """A lesson from its JSON text, a drill's record replayed by the rules (a drifted drill raises ``RecordError``)."""
    raw = json.loads(text)
    if isinstance(raw, dict) and raw.get("kind") == "game":
        return Lesson(game_name, slug, GameLessonData.model_validate(raw))
    data = LessonData.model_validate(raw)
    result = replay(data.record.model_dump(mode="json"), expect_game=game_name)
    states, actions = tuple(result.states), tuple(result.actions)
    mine = person_actions(result.game, states, actions, data.person, data.start)
    return Lesson(game_name, slug, data, states, actions, mine)


def lesson_files(game_name: str) -> tuple[Path, ...]:
    """The game's lesson files, in their order (``ui/games/<game>/lessons/NN-<slug>.json``)."""
    return tuple(sorted(game_page(game_name).lessons_dir.glob("[0-9][0-9]-*.json")))


def slug_of(path: Path) -> str:
    """A lesson's name in its address, from its file's: ``03-bi-cells.json`` is ``bi-cells``."""
    return path.stem.split("-", 1)[1]


@cache
def load_lessons(game_name: str) -> tuple[Lesson, ...]:
    """Every lesson of ``game_name``, in order."""
    if game_name not in LESSON_GAMES:
        raise Refused("no_lesson", f"there is no lesson for {game_name[:20]!r}", game=game_name[:20])
    return tuple(read_lesson(game_name, path.read_text(encoding="utf-8"), slug_of(path)) for path in lesson_files(game_name))


def load_lesson(game_name: str, slug: str) -> Lesson:
    """The lesson ``slug`` of ``game_name``."""
    found = next((lesson for lesson in load_lessons(game_name) if lesson.slug == slug), None)
    if found is None:
        raise Refused("no_lesson", f"{game_name[:20]} has no lesson {slug[:40]!r}", game=game_name[:20], lesson=slug[:40])
    return found


#: The lesson's own sentences, in both languages.
WORDS = Catalogue({
    "en": {
        "wrong": "Not this one: the lesson asks you to {ask}.",
        "first": "This is the lesson's first step: there is no step before it.",
        "step": "Step {k} of {n}",
        "back": "Step back",
        "again": "Start again",
        "play": "Play a real game",
        "next": "Next lesson",
        "another": "Another game",
        "done": "Lesson complete",
        "title": "Lesson",
        "watch": "Watch the other players' moves: the lesson plays them for you.",
    },
    "fr": {
        "wrong": "Pas celui-ci : la leçon vous demande de {ask}.",
        "first": "C'est la première étape de la leçon : il n'y en a pas avant.",
        "step": "Étape {k} sur {n}",
        "back": "Étape précédente",
        "again": "Recommencer",
        "play": "Jouer une vraie partie",
        "next": "Leçon suivante",
        "another": "Une autre partie",
        "done": "Leçon terminée",
        "title": "Leçon",
        "watch": "Regardez les coups des autres joueurs : la leçon les joue pour vous.",
    },
})


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
    """A drill's words beside the board (the region ``lesson``): the step, what it says, step back and start again.

    While the other seats move towards the person's next step, the panel keeps the words of the
    step just played (they describe what is on the board) and says to watch: the next step's
    words appear with its position.

    >>> lesson = load_lessons("siege")[0]
    >>> html = panel_html(lesson, lesson.steps[0].at, finished=False, person_acts=True, lang="fr")
    >>> "Étape 1 sur" in html, 'data-act="lesson back"' in html
    (True, True)
    """
    words = WORDS.of(lang)
    total = len(lesson.steps)
    back = f'<button type="button" class="btn" data-act="lesson back">{escape(words("back"))}</button>'
    again = f'<button type="button" class="btn" data-act="lesson restart">{escape(words("again"))}</button>'
    if finished:
        heading = words("done")
        said = lesson.data.done.of(lang)
        buttons = f'{back} {again} <a class="btn primary" href="../">{escape(words("next"))}</a>'
    else:
        k = min(lesson.step_index(played), total - 1)  # the last move made, the drill not yet over: still its step
        waiting = played < lesson.steps[k].at and not person_acts  # the others move towards step k
        shown = k - 1 if waiting else k
        heading = f'{words("title")} · {words("step", k=max(shown, 0) + 1, n=total)}'
        if not waiting:
            said = lesson.steps[k].say.of(lang)
        elif shown >= 0:
            said = f"{lesson.steps[shown].say.of(lang)} {words('watch')}"
        else:
            said = words("watch")
        buttons = f"{back} {again}"
    return (
        f'<p class="lesson-step">{escape(heading)}</p>'
        f'<p class="lesson-say">{escape(said)}</p>'
        f'<div class="lesson-buttons">{buttons}</div>'
    )


def game_panel_html(lesson: Lesson, *, finished: bool, lang: str) -> str:
    """The whole game's words beside the board: how the Hint helps, then, once it is over, what next."""
    data = lesson.data
    assert isinstance(data, GameLessonData)
    words = WORDS.of(lang)
    heading = words("done") if finished else data.title.of(lang)
    said = (data.done if finished else data.say).of(lang)
    again = f'<button type="button" class="btn" data-act="lesson restart">{escape(words("another"))}</button>'
    buttons = f'{again} <a class="btn primary" href="../../">{escape(words("play"))}</a>' if finished else ""
    return (
        f'<p class="lesson-step">{escape(heading)}</p>'
        f'<p class="lesson-say">{escape(said)}</p>'
        f'<div class="lesson-buttons">{buttons}</div>'
    )


class RecordBot:
    """Another seat of a drill: it plays the record's next action (the session's scheduler paces it as a bot's)."""

    def __init__(self, script: DrillScript) -> None:
        self.script = script

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        return self.script.next_action()


class RecordDealer:
    """A drill's dealer: the chance outcome the record has at this point."""

    def __init__(self, script: DrillScript) -> None:
        self.script = script
        self.seed = 0

    def pick(self, game: Game[Any, Any], state: Any) -> Any:
        return self.script.next_action()


def judge_of(game_name: str) -> Callable[..., bool] | None:
    """The game's judge of a move other than the record's (``ui/games/<game>/lesson_judge.py``'s ``accepts``), if any."""
    try:
        module = importlib.import_module(f"{game_page(game_name).package}.lesson_judge")
    except ModuleNotFoundError:
        return None
    return module.accepts


@dataclass
class DrillScript:
    """A drill plugged into a session: the person's moves prescribed, the others' and the dice from the record."""

    lesson: Lesson
    session: Session
    #: The drill's positions and actions: the record's, or, from a move the judge accepted on, the record's rest
    #: replayed after the person's own.
    states: list[Any] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    #: The index from which ``actions`` differ from the record's (None: they do not).
    diverged: int | None = None

    def __post_init__(self) -> None:
        self.states, self.actions = list(self.lesson.states), list(self.lesson.actions)

    @property
    def data(self) -> LessonData:
        assert isinstance(self.lesson.data, LessonData)
        return self.lesson.data

    def install(self) -> None:
        """The record's game at the drill's start: the other seats play the record's moves, the dice are the record's."""
        session = self.session
        session.training = self.data.training
        session.load(replay(self.data.record.model_dump(mode="json"), expect_game=self.lesson.game_name))
        person = self.data.person
        session.live.dealer = RecordDealer(self)
        session.scheduler.seat({seat: RecordBot(self) for seat in range(len(self.data.record.seats)) if seat != person})
        self.rewind(self.opening())

    def opening(self) -> int:
        """Where the drill opens: its start, past the draw of who starts (a chance step of no seat's) before its
        first step. The first step's words say whom the draw chose, so the page opens on that position, the one
        the build draws too; a screen of the draw first ("Watch the other players' moves") would be untrue, and
        the words growing after it moved the board down."""
        game, played = self.session.live.game, self.data.start
        assert game is not None  # installed: the record's game is loaded
        first = self.lesson.steps[0].at if self.lesson.steps else played
        while (played < first and game.current_player(self.states[played]) == CHANCE
               and game.turn_seat(self.states[played]) is None):
            played += 1
        return played

    def next_action(self) -> Any:
        return self.actions[len(self.session.live.actions)]

    def over(self) -> bool:
        """Whether every action of the drill is on the board."""
        return len(self.session.live.actions) >= len(self.actions)

    def after_play(self) -> None:
        """The scheduler stops with the drill's last action (the game itself may go on)."""
        self.session.scheduler.halted = self.over()

    def rewind(self, played: int) -> None:
        """The drill's position after ``played`` of its actions (before a move the judge accepted: the record's)."""
        if self.diverged is not None and played <= self.diverged:
            self.states, self.actions, self.diverged = list(self.lesson.states), list(self.lesson.actions), None
        session = self.session
        session.live.rewind(list(self.states[: played + 1]), list(self.actions[:played]), session.lang)
        session.scheduler.stop_thinking()
        self.after_play()

    # -- the person's moves -----------------------------------------------------
    def act(self, gesture: str) -> None:
        if gesture == "lesson back":
            self.step_back()
            return
        if gesture == "lesson restart":
            self.rewind(self.opening())
            return
        session, lesson = self.session, self.lesson
        game = session.live.require_game()
        live = session.live
        if live.viewing is not None:
            session._refuse("replay")
        if self.over() or game.is_terminal(live.state):
            session._refuse("over")
        if session.interactive_seat() is None:
            session._refuse("not_your_turn")
        played = len(live.actions)
        step = lesson.steps[lesson.step_index(played)]
        expected = self.actions[played]
        if gesture == "chance":
            if not game.is_chance(live.state):
                session._refuse("no_roll")
            action = expected if game.is_outcome(live.state, expected) else None
        elif gesture.startswith("do "):
            action = game.parse_action(gesture[3:])
        else:
            head = gesture.split()[0] if gesture.split() else ""
            if step.accept is None and gesture not in step.targets and any(t.split()[0] == head for t in step.targets):
                self._wrong(step)  # another piece, another weapon: not what the step asks for
            ui, action = live.view.handle(game, live.state, live.ui, gesture, session.view_context(played))
            if action is None:
                live.ui = ui
                return
        if action is None:
            self._wrong(step)
        # once the drill has gone its own way, even the record's own move is judged (the position differs)
        exact = game.format_action(action) == game.format_action(expected)
        if not exact or (self.diverged is not None and step.accept is not None):
            if not self._accepted(game, played, action, step):
                self._wrong(step)
            if not exact:
                self._diverge(game, played, action)
        live.play(action, session.lang)
        live.redo = []
        self.after_play()

    def _accepted(self, game: Game[Any, Any], played: int, action: Any, step: Step) -> bool:
        """Whether the game's judge finds the person's move as good as the record's for this step."""
        judge = judge_of(self.lesson.game_name)
        if step.accept is None or judge is None:
            return False
        before, expected = self.states[played], self.actions[played]
        try:
            after_played = game.apply(before, action)
        except ValueError:
            return False
        after_expected = self.states[played + 1]
        # the chance outcome that follows the move in the record (a shot's scatter), applied to both
        follow = played + 1
        if follow < len(self.actions) and game.is_chance(after_played) and game.is_chance(after_expected):
            outcome = self.actions[follow]
            try:  # (a move that is no shot, "end", leads to another chance step: not the record's)
                after_played = game.apply(after_played, outcome)
            except ValueError:
                return False
            after_expected = self.states[follow + 1]
        return bool(judge(game, before, action, expected, after_played, after_expected, step.accept))

    def _diverge(self, game: Game[Any, Any], played: int, action: Any) -> None:
        """From the person's accepted move on, the record's rest replayed on the new position, as far as it stays legal."""
        states, actions = self.states[: played + 1], self.actions[:played]
        state = game.apply(states[-1], action)
        states.append(state)
        actions.append(action)
        for later in self.actions[played + 1 :]:
            try:
                state = game.apply(state, later)
            except ValueError:
                break
            states.append(state)
            actions.append(later)
        self.states, self.actions = states, actions
        self.diverged = played if self.diverged is None else min(self.diverged, played)

    def _wrong(self, step: Step) -> None:
        lang = self.session.lang
        raise Refused("wrong", WORDS(lang, "wrong", ask=step.ask.of(lang)), at=step.at)

    def step_back(self) -> None:
        """Back to the start of the previous step: the person makes that move again.

        Once the person has moved (the others may still be playing, or the drill is done), the
        previous step is the move just made.
        """
        k = self.lesson.step_index(len(self.session.live.actions))
        if k == 0:
            lang = self.session.lang
            raise Refused("first", WORDS(lang, "first"))
        self.rewind(self.lesson.steps[k - 1].at)

    # -- output -----------------------------------------------------------------
    def names(self, lang: str) -> list[str]:
        return self.data.names[lang_of(lang)]

    def decorate(self, screen: Screen) -> Screen:
        """The game's screen with the drill's words beside the board and its targets marked (no banner, no summary)."""
        session, lesson = self.session, self.lesson
        played = len(session.live.actions)
        finished = self.over()
        person_acts = session.interactive_seat() is not None and not finished
        regions = dict(screen.regions)
        if person_acts and played in lesson.person_steps:
            targets = lesson.steps[lesson.step_index(played)].targets
            for name in ("board", "controls"):
                if name in regions:
                    regions[name] = mark_targets(regions[name], targets)
        regions["lesson"] = panel_html(lesson, played, finished=finished, person_acts=person_acts, lang=session.lang)
        regions.pop("summary", None)
        regions.pop("coach", None)  # no hint in a drill: its next move is the lesson's
        k = lesson.step_index(played)
        progress = "done" if finished else f"{min(k, len(lesson.steps) - 1) + 1}/{len(lesson.steps)}"
        # the drill's own words say it is done: no banner, nothing to skip, and the status says so (the seat to move
        # next is often a bot's, which no longer thinks: "… is thinking" would not be true)
        status = WORDS(session.lang, "done") if finished else screen.status
        return replace(screen, regions=regions, lesson=progress, skippable=False, banner=None, can_undo=False,
                       can_redo=False, status=status)


@dataclass
class GameScript:
    """The last lesson plugged into a session: a real game against the beginner, the Hint at hand."""

    lesson: Lesson
    session: Session

    @property
    def data(self) -> GameLessonData:
        assert isinstance(self.lesson.data, GameLessonData)
        return self.lesson.data

    def install(self) -> None:
        data, session = self.data, self.session
        seats = [Seat(name=name, controller=controller) for name, controller in zip(self.names(session.lang), data.seats)]
        session.start(Start(op="start", game=self.lesson.game_name, seats=seats, options=dict(data.options),
                            lang=session.lang))

    def after_play(self) -> None:
        """A real game: its bots play on as in any game."""

    def act(self, gesture: str) -> None:
        if gesture == "lesson restart":
            self.install()
            return
        self.session.play_gesture(gesture)

    def names(self, lang: str) -> list[str]:
        return self.data.names[lang_of(lang)]

    def decorate(self, screen: Screen) -> Screen:
        session = self.session
        finished = session.live.require_game().is_terminal(session.live.state)
        regions = {**screen.regions, "lesson": game_panel_html(self.lesson, finished=finished, lang=session.lang)}
        return replace(screen, regions=regions, lesson="done" if finished else "game")


def script_for(lesson: Lesson, session: Session) -> DrillScript | GameScript:
    """The script that plugs ``lesson`` into ``session``."""
    return GameScript(lesson, session) if isinstance(lesson.data, GameLessonData) else DrillScript(lesson, session)

"""One game in a page: the messages from the bridge in, the screen out.

The worker keeps one :class:`Session` per page.  Every bridge message goes
through :meth:`Session.handle`, answered by one handler per kind of message
(:data:`ANSWERS`, :data:`CHANGES`).  The session composes three parts, each
in its own module:

- :mod:`ui.app.live_game`: the game as played (record, positions, dealer, log,
  undo and redo, the replay step being viewed and its autoplay);
- :mod:`ui.app.bot_scheduler`: when the bots play (ticks, pace, a search bot's
  thinking in slices, "Skip to my turn");
- :mod:`ui.app.render`: the screen, a typed :class:`ui.app.render.Screen` built by a
  pure function; whatever a screen consumes (the sounds, whether the position
  is new to the page) is taken here first, in :meth:`Session.prepare`.

The DOM is never the source of truth: the page only shows what the session returns.

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> session = Session()
>>> screen = session.handle_text('{"op": "start", "game": "pig", "seed": 3,'
...     ' "seats": [{"name": "Ann"}, {"name": "Bot", "controller": "random"}]}')
>>> screen["ok"], screen["record"]["actions"]
(True, [])
>>> session.handle_text('{"op": "act", "gesture": "do fly"}')["error"]
"not an action 'fly': Pig knows only 'roll', 'hold' and 'die 1'..'die 6'"
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NoReturn

import engine
from engine.bots import make_bot
from engine.core import Dealer, Game
from engine.records import GameRecord, RecordError, Replay, Seat, replay
from ui.app.bot_scheduler import BOT_PACE_MS, THINK_SLICE_S, BotScheduler
from ui.app.coach import Coach
from ui.app.live_game import GenericView, LiveGame, refuse
from ui.app.messages import (
    Act,
    Arrive,
    Autoplay,
    Bench,
    CoachAsk,
    ContinueList,
    DecodeLink,
    EncodeLink,
    Load,
    Pace,
    Ping,
    Prefs,
    Refresh,
    Rematch,
    ResumeSave,
    Saves,
    SetLang,
    Skip,
    Start,
    StartLesson,
    Tick,
    Undo,
    ViewStep,
    parse_message,
)
from ui.app.players import is_person
from ui.app.render import Frame, NoGame, Screen, hint_offered, render, view_context
from ui.app.set_up import SetUpForm, start_message
from ui.app.view import GameView, ViewContext, Viewport
from ui.app.worded import WORDED
from ui.app.words import Catalogue, lang_of
from ui.games import page as game_page
from ui.store.arrival import arrive
from ui.store.friends import (
    copy_words,
    for_receiver,
    in_reader_language,
    is_friend_game,
    link_words,
    open_friend_link,
    receiver,
)
from ui.store.links import decode_link, encode_link
from ui.store.resume import continue_html
from ui.store.saves import plan, read_entry

__all__ = ["ANSWERS", "CHANGES", "WORDED", "Session", "Visit", "decode_link", "encode_link", "load_view"]

#: What "Share link" says it did, in the page's language.
LINK_WORDS = Catalogue({
    "en": {
        "copied": "Link copied: paste it anywhere to share this game.",
        "shown": "Here is the link to this game: copy it to share it.",
        "shared": "Link shared.",
    },
    "fr": {
        "copied": "Lien copié : collez-le où vous voulez pour partager cette partie.",
        "shown": "Voici le lien de cette partie : copiez-le pour la partager.",
        "shared": "Lien partagé.",
    },
})


def load_view(game_name: str) -> GameView:
    """The game's page view (its registry entry's, :mod:`ui.games`); the generic view for a game without a page."""
    try:
        return game_page(game_name).view()
    except KeyError:  # a game with no page of its own (the demonstration games)
        return GenericView()


class Visit:
    """One visit of the site: the live game of each game page, kept while the player moves between pages.

    The page's client-side navigation keeps one engine for the whole visit;
    leaving a game page for its rules or another game and coming back finds
    that game exactly as it was.

    >>> import engine
    >>> from engine.examples.pig import Pig
    >>> engine.register(Pig())
    >>> visit = Visit()
    >>> visit.handle_text('{"op": "start", "game": "pig", "seed": 1, "seats": [{"name": "A"}, {"name": "B"}]}', "pig")["ok"]
    True
    >>> visit.handle_text('{"op": "refresh"}', "other")["game"] is None, visit.handle_text('{"op": "refresh"}', "pig")["game"]
    (True, 'pig')
    """

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self.motion = True
        self.viewport: Viewport | None = None

    def handle_text(self, text: str, page: str = "") -> dict[str, Any]:
        """One message of ``page``: the site's own (ping, the saved games' lists, a benchmark) answered here,
        the rest by the page's session."""
        session = self.sessions.get(page)
        if session is None:
            session = self.sessions[page] = Session()
            session.motion, session.viewport = self.motion, self.viewport
        try:
            message = parse_message(text)
            site_answer = SITE_ANSWERS.get(type(message))
            screen = site_answer(self, message) if site_answer else session.handle(message)
        except WORDED as exc:
            screen = session.screen(error=str(exc))
        if (session.motion, session.viewport) != (self.motion, self.viewport):  # the system or the screen changed
            self.motion, self.viewport = session.motion, session.viewport
            for other in self.sessions.values():
                other.motion, other.viewport = self.motion, self.viewport
        return screen


    # -- the site's own messages (no game in them) ---------------------------------------------
    def _ping(self, message: Ping) -> dict[str, Any]:
        return {"ok": True, "games": engine.names()}

    def _saves(self, message: Saves) -> dict[str, Any]:
        listing = plan(message.entries, message.lang, now_ms=message.now_ms, tz_offset_min=message.tz_offset_min)
        return {"ok": True, "saves": listing.html, "prune": listing.prune, "resume": listing.resume,
                "notice": listing.notice}

    def _continue_list(self, message: ContinueList) -> dict[str, Any]:
        html = continue_html(message.entries, message.now_ms, tz_offset_min=message.tz_offset_min)
        return {"ok": True, "html": html}

    def _bench(self, message: Bench) -> dict[str, Any]:
        from ui.app.benchmarks import answer  # a benchmark's code loads only when one is asked for

        return answer(message)


class Session:
    """The live game of one page.  Plain Python; the worker wraps it."""

    def __init__(self) -> None:
        #: The game as played (ui/app/live_game.py).
        self.live = LiveGame()
        #: When its bots play (ui/app/bot_scheduler.py).
        self.scheduler = BotScheduler()
        #: The hint and the analysis (ui/app/coach.py).
        self.coach = Coach()
        self.lang = "en"
        self.training = False
        #: Whether moves are animated (off when the system asks for reduced motion).
        self.motion = True
        #: The screen the page is drawn on, once the page has said (ui/app/view.py).
        self.viewport: Viewport | None = None
        #: The position the page was last drawn at (game, step shown, steps), and whether that drawing was fresh.
        self._last_drawn: tuple[str, int, int] | None = None
        self._drawn_fresh = False
        #: The lesson plugged in, on a lesson's page (ui/app/lesson.py): it prescribes the person's moves.
        self.script: Any = None

    @property
    def saves_games(self) -> bool:
        """Whether the game is saved among the person's games (a lesson's is not)."""
        return self.script is None

    # -- the live game, read (tests and tools read these) ------------------------------------
    @property
    def game(self) -> Game[Any, Any] | None:
        return self.live.game

    @property
    def record(self) -> GameRecord | None:
        return self.live.record

    @property
    def states(self) -> list[Any]:
        return self.live.states

    @property
    def actions(self) -> list[Any]:
        return self.live.actions

    @property
    def state(self) -> Any:
        return self.live.state

    # -- entry points -------------------------------------------------------
    def handle_text(self, text: str) -> dict[str, Any]:
        """Handle one JSON message from the bridge: a refusal (:data:`WORDED`) is the screen with its words.

        Any other exception is a bug and is not worded here: it leaves, and the worker reports it as one
        (``the engine failed: ...``, its traceback on the console), so the tests and the soak see it.
        """
        try:
            message = parse_message(text)
            return self.handle(message)
        except WORDED as exc:
            return self.screen(error=str(exc))

    def handle(self, message: Any) -> dict[str, Any]:
        """Answer one validated message: each kind has its handler (:data:`ANSWERS`, :data:`CHANGES`)."""
        answer = ANSWERS.get(type(message))
        if answer is not None:  # a question of its own: its answer is not the game's screen
            return answer(self, message)
        CHANGES[type(message)](self, message)
        return self.screen()

    # -- messages with answers of their own ------------------------------------------------
    def _encode_link(self, message: EncodeLink) -> dict[str, Any]:
        if self.live.record is None:
            raise RecordError("there is no game to share yet")
        screen = self.screen()
        record = self.current_record()
        game = self._require_game()
        to = receiver(record, game.turn_seat(self.live.state))
        # what the page says it did with the link: copied it, showed it to copy, or handed it to the system's sharing
        screen["link_words"] = LINK_WORDS.tables[lang_of(self.lang)]
        if to is not None:  # a friend's game: the link is written for the friend, who plays from it
            record = for_receiver(record, to)
            name = self.live.view.seat_title(to, record.seats[to].name, self.lang)
            screen["link_words"] = link_words(name, game.title, self.lang)
        screen["link"] = encode_link(record)
        return screen

    # -- messages that change the game (the answer is the new screen) ------------------------
    def _prefs(self, message: Prefs) -> None:
        self.motion = message.motion
        if message.width is not None and message.touch is not None:
            self.viewport = Viewport(message.width, message.touch)

    def _load(self, message: Load) -> None:
        self.lang = message.lang
        self.load(replay(message.record, expect_game=message.expect_game))

    def _resume_save(self, message: ResumeSave) -> None:
        self.lang = message.lang
        entry = read_entry(message.text)
        self.load(replay(entry.record, expect_game=message.expect_game), game_id=entry.id, acted=True)

    def _decode_link(self, message: DecodeLink) -> dict[str, Any]:
        """A link opened: a game of its own, or a friend's move for this page's copy of their game."""
        self.lang = message.lang
        record = decode_link(message.fragment)
        if is_friend_game(record):
            return open_friend_link(self, record, message)
        self.load(replay(in_reader_language(record, self.lang), expect_game=message.expect_game))
        return {**self.screen(), "notice": copy_words(self), "reopened": None}

    def _set_lang(self, message: SetLang) -> None:
        self.lang = message.lang

    def _pace(self, message: Pace) -> None:
        self.scheduler.pace_ms = message.pace_ms

    def _coach(self, message: CoachAsk) -> None:
        """A hint on the person's turn; the analysis of the game so far: start, stop, open a turn's replay."""
        game = self._require_game()
        live = self.live
        if message.op == "hint":
            if not self.hint_offered():
                self._refuse("no_hint")
            seed = live.record.seed or 0 if live.record else 0
            self.coach.ask_hint(game, live.state, len(live.actions), seed=seed, lang=self.lang)
        elif message.op == "analyse":
            self.coach.start_analysis(Replay(game, self.current_record(), list(live.states), list(live.actions)))
        elif message.op == "stop_analysis":
            back = self.coach.stop_analysis()
            if back is not False:  # a turn of it was opened: back to where the person was (the live game)
                self.view_step(back)
        else:
            self.view_step(self.coach.open_turn(message.turn or 0, viewing=live.viewing))

    def _undo(self, message: Undo) -> None:
        if message.op == "undo" and self.live.takeback_to() is not None:
            self.live.takeback(self.lang)  # against bots: the last turn and their replies, in one press
            self.scheduler.stop_thinking()
        elif message.op == "undo":
            self.live.undo(self.lang)
        else:
            self.live.redo_one(self.lang)

    def _autoplay(self, message: Autoplay) -> None:
        """The replay plays itself at a step every ``step_ms`` (its steps come with the ticks), or stops."""
        self._require_game()
        if message.step_ms is None:
            self.live.autoplay_ms = None
        else:
            self.live.start_autoplay(message.step_ms, self.lang)

    # -- game life ----------------------------------------------------------
    def start(self, message: Start) -> None:
        game = engine.get(message.game)
        state = game.new(len(message.seats), message.options)
        dealer = Dealer(message.seed)
        record = GameRecord(
            game=game.name,
            format=game.format_version,
            seats=list(message.seats),
            options=game.options(state),
            seed=dealer.seed,
            actions=[],
        )
        self.lang = message.lang
        self.training = message.training
        self.scheduler.pace_ms = BOT_PACE_MS if message.pace_ms is None else message.pace_ms
        self._install(game, record, [state], [], dealer)
        if self.live.friend_seats:  # a game set up with a friend is kept from the start: their moves come back to it
            self.live.person_acted = self.live.changed = True

    def begin(self, message: StartLesson) -> None:
        """Open a lesson (its page ``GAME/learn/<slug>/``); a page that comes back to it finds it where it was."""
        from ui.app.lesson import load_lesson, script_for  # a lesson's code loads on a lesson's page only

        self.lang = message.lang
        running = self.script
        if running is not None and (running.lesson.game_name, running.lesson.slug) == (message.game, message.lesson):
            return
        lesson = load_lesson(message.game, message.lesson)
        script = script_for(lesson, self)
        script.install()
        self.script = script

    def rematch(self) -> None:
        """The same seats, names, options and bot speed again, with a new seed (who starts is drawn anew)."""
        game = self._require_game()
        record = self.live.record
        if record is None:  # set together with the game
            raise RecordError("no game is running")
        self.start(
            Start(
                op="start",
                game=game.name,
                seats=list(record.seats),
                options=dict(record.options),
                lang=self.lang,
                training=self.training,
                pace_ms=self.scheduler.pace_ms,
            )
        )

    def skip(self) -> None:
        """Play the bots' steps at once up to a person's next decision (a thinking bot plays its best so far)."""
        self.scheduler.skip(self.live, self.lang)

    def load(self, result: Any, *, game_id: str = "", acted: bool = False) -> None:
        """Install a replayed record: a resumed save keeps its id; a link or a file is a game of its own."""
        record = result.record
        dealer = Dealer(record.seed)
        # Fast-forward the dealer past the chance outcomes already dealt so a
        # resumed game deals the same future as an uninterrupted one.
        for state, action in zip(result.states, result.actions):
            if result.game.is_outcome(state, action):
                dealer.pick(result.game, state)
        self._install(result.game, record, list(result.states), list(result.actions), dealer, game_id=game_id, acted=acted)

    def _install(
        self,
        game: Game[Any, Any],
        record: GameRecord,
        states: list[Any],
        actions: list[Any],
        dealer: Dealer,
        *,
        game_id: str = "",
        acted: bool = False,
    ) -> None:
        # Everything that can refuse (an unknown bot) runs before anything is
        # replaced, so a refused game leaves the current one as it was.
        bots = {
            seat: make_bot(game, info.controller, (record.seed or 0) * 7 + seat)
            for seat, info in enumerate(record.seats)
            if not is_person(info.controller)
        }
        view = load_view(game.name)
        self.live.install(game, view, record, states, actions, dealer, lang=self.lang, game_id=game_id, acted=acted)
        self.scheduler.seat(bots)  # a new game stops any bot that was thinking
        self.coach.forget()

    def _refuse(self, key: str, **values: Any) -> NoReturn:
        """Refuse a request in the page's language (see :data:`ui.app.live_game.REFUSALS`)."""
        refuse(key, self.lang, **values)

    def _require_game(self) -> Game[Any, Any]:
        return self.live.require_game()

    def _play(self, action: Any) -> None:
        self.live.play(action, self.lang)

    def interactive_seat(self) -> int | None:
        """The seat a person may act for now, if any."""
        return self.live.interactive_seat()

    def hint_offered(self) -> bool:
        """Whether "Hint" is offered: a person's decision in a game against bots, live (not while a bot thinks)."""
        return hint_offered(self.live)

    def act(self, gesture: str) -> None:
        """A person's gesture: played as the game's page reads it, or as the lesson plugged in prescribes."""
        if self.script is not None:
            self.script.act(gesture)
        else:
            self.play_gesture(gesture)

    def play_gesture(self, gesture: str) -> None:
        game = self._require_game()
        live = self.live
        if live.viewing is not None:
            self._refuse("replay")
        if game.is_terminal(live.state):
            self._refuse("over")
        seat = self.interactive_seat()
        if seat is None:
            self._refuse("not_your_turn")
        if gesture == "chance":
            if not game.is_chance(live.state):
                self._refuse("no_roll")
            action = live.dealer.pick(game, live.state)
        elif gesture.startswith("do "):
            action = game.parse_action(gesture[3:])
            if game.is_chance(live.state) and action not in game.chance_step_actions(live.state):
                self._refuse("roll_first")
        else:
            live.ui, action = live.view.handle(game, live.state, live.ui, gesture,
                                               self.view_context(len(live.actions)))
            if action is None:
                return
        self._play(action)
        live.redo = []
        live.person_acted = True

    def tick(self) -> None:
        """One automatic step: a slice of the analysis under way, else a bot's action, a chance step nobody owns,
        or the next step of a replay that plays itself."""
        self._require_game()
        if self.coach.analysing:  # the analysis first: the bots wait for it
            self.coach.work(THINK_SLICE_S)
            return
        self.scheduler.tick(self.live, self.lang)
        if self.script is not None:
            self.script.after_play()

    def view_step(self, step: int | None) -> None:
        self.live.view_step(step, self.lang)

    # -- output ---------------------------------------------------------------
    def current_record(self) -> GameRecord:
        return self.live.current_record()

    def view_context(self, shown: int) -> ViewContext:
        """What the view is told besides the state, for a gesture on the position at step ``shown``."""
        return view_context(self.live, self.coach, shown=shown, lang=self.lang, training=self.training,
                            motion=self.motion, fresh=self._is_fresh(shown), viewport=self.viewport)

    def _is_fresh(self, shown: int) -> bool:
        """Whether the position at ``shown`` is new since the page's last drawing (its move's animation plays once)."""
        key = (self.live.game_id, shown, len(self.live.actions))
        # while a bot thinks over the position, it is drawn as it was, so its move's animation plays on
        over = self.scheduler.thinking is not None or self.scheduler.thought is not None
        return key != self._last_drawn or (over and self._drawn_fresh)

    def prepare(self) -> Frame:
        """What a screen consumes, taken before it is drawn: whether the position is fresh, the sounds, the clock.

        The log follows the page's language, a hint in another language is dropped,
        skipping ends at a person's turn, and the position is marked drawn.
        """
        live = self.live
        if live.game is None or live.record is None:
            return Frame()
        if self.script is not None:  # a lesson's seats take their names in the page's language
            names = self.script.names(self.lang)
            seats = [Seat(name=name, controller=seat.controller) for name, seat in zip(names, live.record.seats)]
            live.record = live.record.model_copy(update={"seats": seats})
        if live.log_lang != self.lang:
            live.rewrite_log(self.lang)
        if live.viewing is None:
            self.coach.forget_other_language(len(live.actions), self.lang)
        self.scheduler.settle(live)
        shown = live.shown
        fresh = self._is_fresh(shown)
        self._last_drawn = (live.game_id, shown, len(live.actions))
        self._drawn_fresh = fresh
        return Frame(fresh=fresh, sounds=live.take_sounds(), now_ms=time.time() * 1000)

    def render_screen(self, frame: Frame, *, error: str | None = None) -> Screen | NoGame:
        """The screen as the game stands (:func:`ui.app.render.render`: reads, changes nothing)."""
        screen = render(self.live, self.scheduler, self.coach, frame, lang=self.lang, training=self.training,
                        motion=self.motion, viewport=self.viewport, saves=self.saves_games, error=error)
        if self.script is not None and isinstance(screen, Screen):
            screen = self.script.decorate(screen)
        return screen

    def screen(self, *, error: str | None = None) -> dict[str, Any]:
        """The page's JSON after a message: what it consumes taken first, then the pure render."""
        return self.render_screen(self.prepare(), error=error).as_json()


#: Messages with answers of their own (not the game's screen), by kind.
ANSWERS: dict[type, Callable[[Session, Any], dict[str, Any]]] = {
    Arrive: arrive,
    EncodeLink: Session._encode_link,
    DecodeLink: Session._decode_link,
}
#: The site's own messages, answered by the visit (no page's game in them).
SITE_ANSWERS: dict[type, Callable[[Visit, Any], dict[str, Any]]] = {
    Ping: Visit._ping,
    Saves: Visit._saves,
    ContinueList: Visit._continue_list,
    Bench: Visit._bench,
}
#: Messages that change the live game, by kind: the answer is the new screen.
CHANGES: dict[type, Callable[[Session, Any], None]] = {
    Prefs: Session._prefs,
    Refresh: lambda session, message: None,
    Start: Session.start,
    SetUpForm: lambda session, message: session.start(start_message(message)),
    Load: Session._load,
    ResumeSave: Session._resume_save,
    Act: lambda session, message: session.act(message.gesture),
    Tick: lambda session, message: session.tick(),
    SetLang: Session._set_lang,
    Pace: Session._pace,
    Skip: lambda session, message: session.skip(),
    Rematch: lambda session, message: session.rematch(),
    ViewStep: lambda session, message: session.view_step(message.step),
    Autoplay: Session._autoplay,
    Undo: Session._undo,
    StartLesson: lambda session, message: session.begin(message),
    CoachAsk: Session._coach,
}

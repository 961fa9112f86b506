"""One game in a page: the record, the dealer, the bots and the view.

The worker keeps one :class:`Session` per page.  Every bridge message goes
through :meth:`Session.handle`, which returns the whole screen as JSON-ready
data (regions of HTML/SVG, status line, log, banner, the record to autosave
and how long to wait before the next bot step).  The DOM is never the source
of truth: the page only shows what the session returns.

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

import importlib
import json
import math
import time
from html import escape
from collections.abc import Callable
from typing import Any, NoReturn

import engine
from engine.bots import UnknownBot, make_bot
from engine.bounded import MAX_SEATS, clip
from engine.core import CHANCE, TERMINAL, BadOptions, Dealer, Game, IllegalAction
from engine.records import GameRecord, RecordError, replay
from engine.spec import GameWords
from ui.links import decode_link, encode_link
from ui.messages import (
    Act,
    Arrive,
    Bench,
    ContinueList,
    Saves,
    BadMessage,
    Coach,
    DecodeLink,
    EncodeLink,
    Load,
    Pace,
    Ping,
    Prefs,
    Refresh,
    Rematch,
    Replay,
    ResumeSave,
    SetLang,
    Skip,
    Start,
    StartLesson,
    Tick,
    Undo,
    parse_message,
)
from ui.coach import Coach as Coaching, analyse_button, hint_html, mark_control
from ui.resume import choose, continue_html, notice_words, read_address
from ui.saves import SaveEntry, SetUp, Summary, entry_json, new_game_id, plan, read_entry
from ui.set_up import SetUpForm, start_message
from ui.site import GAMES
from ui.gamelog import LogLine, page_lines, turn_numbers
from ui.view import GameView, Recent, SeatInfo, ViewContext, button

#: Names that already say "you": the status line does not name the person by them ("Your turn, You").
YOU_NAMES = frozenset({"you", "vous", "me", "moi"})

#: What "Share link" says it did, in the page's language.
LINK_WORDS: dict[str, dict[str, str]] = {
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
}

#: Milliseconds between a bot's steps, so a person can follow the game.
BOT_PACE_MS = 650
CHANCE_PACE_MS = 350
#: A thinking bot works in slices this long, so the worker can take the
#: next message (a new game, leaving) between them.
THINK_SLICE_S = 0.05


def load_view(game_name: str) -> GameView:
    """The game's page view from ``ui/<game>/page.py`` (class ``View``)."""
    module = importlib.import_module(f"ui.{game_name}.page")
    return module.View()


class GenericView(GameView):
    """A plain view for games without their own page (the demonstration game)."""

    game_name = "generic"

    def regions(self, game: Game[Any, Any], state: Any, ui: Any, ctx: ViewContext) -> dict[str, str]:
        buttons = ""
        if ctx.interactive_seat is not None and not game.is_chance(state):
            buttons = " ".join(
                button(game.format_action(a), "do " + game.format_action(a)) for a in game.legal_actions(state)
            )
        data = escape(json.dumps(game.state_to_json(state)))
        return {
            "board": f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="12" font-size="5">{data}</text></svg>',
            "controls": buttons,
            "players": "",
        }


#: The session's own refusals, in both languages (the page shows them in its own).
REFUSALS: dict[str, tuple[str, str]] = {
    "replay": ("you are watching the replay: go back to the live game to play",
               "vous regardez le replay : revenez à la partie en direct pour jouer"),
    "over": ("the game is over: start a new game", "la partie est finie : commencez-en une nouvelle"),
    "not_your_turn": ("it is not your turn: wait for the bot", "ce n'est pas votre tour : attendez le bot"),
    "no_roll": ("there is nothing to roll now", "il n'y a rien à lancer maintenant"),
    "roll_first": ("roll first: chance decides this step", "lancez d'abord : le hasard décide de cette étape"),
    "no_undo": ("nothing to undo: undo stops at the last roll or at another player's move",
                "rien à annuler : l'annulation s'arrête au dernier lancer ou au coup d'un autre joueur"),
    "no_redo": ("nothing to redo", "rien à rétablir"),
    "no_hint": ("a hint is offered on your own move in a game against bots, in the live game",
                "un indice est proposé pour votre propre coup dans une partie contre des robots, en direct"),
    "no_step": ("there is no step {step} in this game (it has {count})",
                "il n'y a pas d'étape {step} dans cette partie (elle en a {count})"),
}


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

    def __init__(self, session_for: Callable[[str], Session] | None = None) -> None:
        self.sessions: dict[str, Session] = {}
        self.motion = True
        #: The kind of session a page gets (a lesson's page gets a lesson's: ui/lesson.py).
        self.session_for = session_for or (lambda page: Session())

    def handle_text(self, text: str, page: str = "") -> dict[str, Any]:
        session = self.sessions.get(page)
        if session is None:
            session = self.sessions[page] = self.session_for(page)
            session.motion = self.motion
        screen = session.handle_text(text)
        if session.motion != self.motion:  # a preference the player's system changed
            self.motion = session.motion
            for other in self.sessions.values():
                other.motion = self.motion
        return screen


class Session:
    """The live game of one page.  Plain Python; the worker wraps it."""

    def __init__(self) -> None:
        self.game: Game[Any, Any] | None = None
        self.view: GameView = GenericView()
        self.record: GameRecord | None = None
        self.states: list[Any] = []
        self.actions: list[Any] = []
        self.log: list[LogLine] = []
        self.log_lang = "en"  # the language the log's lines are written in
        self.redo: list[str] = []
        self.bots: dict[int, Any] = {}
        self.dealer = Dealer(0)
        self.ui: Any = None
        self.lang = "en"
        self.training = False
        self.viewing: int | None = None  # replay position, None = live
        self.pace_ms = BOT_PACE_MS
        self.thinking: Any = None  # a search bot's search in progress (a generator)
        #: A search bot thinks during the pace after the last step; a move found before the
        #: pace is up waits here as (action, when it may be played).
        self.thought: tuple[Any, float] | None = None
        self.stepped_at = 0.0  # when the last step was played (perf_counter)
        self._drawn_fresh = False
        #: This game's own id: its autosave's key (never another game's).
        self.game_id = ""
        #: Whether a person has acted in this game: nothing is saved before.
        self.person_acted = False
        #: Whether the game has moved since it was started or reopened: a game reopened and only
        #: looked at is not written again (its save keeps the time it was last played).
        self.changed = False
        #: Whether moves are animated (off when the system asks for reduced motion).
        self.motion = True
        #: "Skip to my turn": the bots play at once until a person can act.
        self.skipping = False
        #: Sounds of the actions played since the last screen (the page plays them if asked to).
        self.sounds: list[str] = []
        self._last_drawn: tuple[str, int, int] | None = None
        #: The hint and the analysis (ui/coach.py).
        self.coach = Coaching()

    # -- entry points -------------------------------------------------------
    def handle_text(self, text: str) -> dict[str, Any]:
        """Handle one JSON message from the bridge; never raises."""
        try:
            message = parse_message(text)
            return self.handle(message)
        except (BadMessage, RecordError, BadOptions, UnknownBot, engine.UnknownGame, IllegalAction) as exc:
            return self.screen(error=str(exc))
        except ValueError as exc:  # a view refusing a gesture, in words
            return self.screen(error=str(exc))

    def handle(self, message: Any) -> dict[str, Any]:
        """Answer one validated message: each kind has its handler (:data:`ANSWERS`, :data:`CHANGES`)."""
        answer = ANSWERS.get(type(message))
        if answer is not None:  # a question of its own: its answer is not the game's screen
            return answer(self, message)
        CHANGES[type(message)](self, message)
        return self.screen()

    # -- messages with answers of their own ------------------------------------------------
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
        from ui.benchmarks import answer  # a benchmark's code loads only when one is asked for

        return answer(message)

    def _encode_link(self, message: EncodeLink) -> dict[str, Any]:
        if self.record is None:
            raise RecordError("there is no game to share yet")
        screen = self.screen()
        screen["link"] = encode_link(self.current_record())
        # what the page says it did with the link: copied it, showed it to copy, or handed it to the system's sharing
        screen["link_words"] = LINK_WORDS["fr" if self.lang == "fr" else "en"]
        return screen

    # -- messages that change the game (the answer is the new screen) ------------------------
    def _prefs(self, message: Prefs) -> None:
        self.motion = message.motion

    def _load(self, message: Load) -> None:
        self.lang = message.lang
        self.load(replay(message.record, expect_game=message.expect_game))

    def _resume_save(self, message: ResumeSave) -> None:
        self.lang = message.lang
        entry = read_entry(message.text)
        self.load(replay(entry.record, expect_game=message.expect_game), game_id=entry.id, acted=True)

    def _decode_link(self, message: DecodeLink) -> None:
        self.lang = message.lang
        self.load(replay(decode_link(message.fragment), expect_game=message.expect_game))

    def _set_lang(self, message: SetLang) -> None:
        self.lang = message.lang

    def _pace(self, message: Pace) -> None:
        self.pace_ms = message.pace_ms

    def _coach(self, message: Coach) -> None:
        """A hint on the person's turn; the analysis of the game so far: start, stop, open a turn's replay."""
        game = self._require_game()
        if message.op == "hint":
            if not self.hint_offered():
                self._refuse("no_hint")
            self.coach.ask_hint(game, self.state, len(self.actions), seed=self.record.seed or 0 if self.record else 0,
                                lang=self.lang)
        elif message.op == "analyse":
            from engine.records import Replay as Replayed

            self.coach.start_analysis(Replayed(game, self.current_record(), list(self.states), list(self.actions)))
        elif message.op == "stop_analysis":
            self.coach.stop_analysis()
        else:
            self.view_step(self.coach.open_turn(message.turn or 0))

    def hint_offered(self) -> bool:
        """Whether "Hint" is offered: a person's decision in a game against bots, live (not while a bot thinks)."""
        seat = self.interactive_seat()
        return bool(self.bots) and seat is not None and self._require_game().current_player(self.state) == seat

    def _undo(self, message: Undo) -> None:
        self.undo() if message.op == "undo" else self.redo_one()

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
        self.pace_ms = BOT_PACE_MS if message.pace_ms is None else message.pace_ms
        self._install(game, record, [state], [], dealer)

    def begin(self, message: StartLesson) -> None:
        """Open a lesson: only a lesson's page has a session that can (:class:`ui.lesson.LessonSession`)."""
        raise RecordError("this page has no lesson: a lesson has a page of its own, GAME/learn/")

    def rematch(self) -> None:
        """The same seats, names, options and bot speed again, with a new seed (who starts is drawn anew)."""
        game = self._require_game()
        record = self.record
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
                pace_ms=self.pace_ms,
            )
        )

    def skip(self) -> None:
        """Play the bots' steps at once up to a person's next decision (a thinking bot plays its best so far)."""
        if self.interactive_seat() is not None:
            return
        self.skipping = True
        if self.thought is not None:
            action, self.thought = self.thought[0], None
            self._play(action)
        elif self.thinking is not None:
            try:
                self.thinking.send("hurry")
            except StopIteration as done:
                self.thinking = None
                self._play(done.value)

    def arrive(self, message: Arrive) -> dict[str, Any]:
        """A game page opens: keep this visit's game here, or reopen a saved game at its step.

        Otherwise the answer (``arrival`` "link" or "new") leaves the page to
        open its link or its set-up's game, and names the unfinished game to
        offer beside it (``offer``). A saved game that no longer replays is
        skipped with words; nothing stored is changed here.
        """
        self.lang = message.lang
        clock = {"now_ms": message.now_ms, "tz_offset_min": message.tz_offset_min}
        listing = plan(message.entries, message.lang, **clock)
        # the set-up form's seats (a game without a page of its own reads every seat asked)
        rows = next((len(game.seats) for game in GAMES if game.name == message.expect_game), MAX_SEATS)
        asked = read_address(message.query, rows)
        current = self.game_id if self.game is not None else ""
        playing = SetUp(seats=list(self.record.seats), seed=self.record.seed) if self.record is not None else None
        choice = choose(
            asked, listing.entries, current_game_id=current, current=playing, link=message.link, lang=message.lang
        )
        notices = [choice.notice, listing.notice]
        arrival, offer = choice.kind, choice.offer
        if arrival == "new" and self.game is not None:
            # The address asks for another set-up than this visit's game here (a landing card's other
            # level): the page starts that game; the one left is saved already if a person played it.
            self.game, self.record, self.thinking, self.game_id = None, None, None, ""
        if arrival == "resume":
            stored = dict(listing.entries)
            for key in choice.reopen:
                entry = stored[key]
                try:
                    result = replay(entry.record, expect_game=message.expect_game)
                    self.load(result, game_id=entry.id, acted=True)
                except ValueError as exc:  # a record edited by hand, a bot this build no longer has
                    notices.append(notice_words("unreadable", message.lang, reason=clip(str(exc), 120)))
                    continue
                if asked.pace_ms is not None:
                    self.pace_ms = asked.pace_ms
                break
            else:
                arrival, offer = "new", None
        return {
            **self.screen(),
            "arrival": arrival,
            "offer": offer if arrival in ("link", "new") else None,
            "notice": " ".join(text for text in notices if text),
            "saves": listing.html,
            "prune": listing.prune,
        }

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
            if info.controller != "human"
        }
        try:
            view = load_view(game.name)
        except ModuleNotFoundError:
            view = GenericView()
        self.game = game
        self.view = view
        self.record = record
        self.states = states
        self.actions = actions
        self.dealer = dealer
        self.bots = bots
        self.ui = self.view.initial_ui()
        self.redo = []
        self.viewing = None
        self.thinking = None  # a new game stops any bot that was thinking
        self.thought = None
        self.skipping = False
        self.sounds = []
        self.game_id = game_id or new_game_id()
        self.person_acted = acted
        self.changed = False
        self.coach.forget()
        self.rewrite_log()

    def rewrite_log(self) -> None:
        """Write every log line afresh in the page's language (a new game, or a language switch)."""
        self.log_lang = self.lang
        self.log = [self._log_line(before, action) for before, action in zip(self.states, self.actions)]

    @property
    def state(self) -> Any:
        return self.states[-1]

    def _refuse(self, key: str, **values: Any) -> NoReturn:
        """Refuse a request in the page's language (see :data:`REFUSALS`), echoed values shortened."""
        english, french = REFUSALS[key]
        shown = {name: clip(value) for name, value in values.items()}
        raise ValueError((french if self.lang == "fr" else english).format(**shown))

    def _require_game(self) -> Game[Any, Any]:
        if self.game is None:
            raise RecordError("no game is running")
        return self.game

    def _log_line(self, before: Any, action: Any) -> LogLine:
        game = self._require_game()
        chance = game.is_outcome(before, action)
        return LogLine(game.describe(before, action, self.lang), game.turn_seat(before), chance, game.turn_count(before))

    def _play(self, action: Any) -> None:
        game = self._require_game()
        before = self.state
        try:
            after = game.apply(before, action)
        except IllegalAction as refused:
            if self.lang == "en":
                raise
            # the reason in the page's language (the engine's own message is English)
            raise IllegalAction(refused.action, game.why_illegal(before, action, self.lang), self.lang) from None
        self.states.append(after)
        self.actions.append(action)
        self.changed = True
        self.log.append(self._log_line(before, action))
        self.ui = self.view.initial_ui()
        self.sounds.extend(self.view.sounds(game, before, action, after))
        self.stepped_at = time.perf_counter()

    def interactive_seat(self) -> int | None:
        """The seat a person may act for now, if any."""
        game = self._require_game()
        if self.viewing is not None or game.is_terminal(self.state):
            return None
        seat = game.current_player(self.state)
        if seat == CHANCE:
            seat = game.turn_seat(self.state)
        if seat is None or seat < 0 or seat in self.bots:
            return None
        return seat

    def act(self, gesture: str) -> None:
        game = self._require_game()
        if self.viewing is not None:
            self._refuse("replay")
        if game.is_terminal(self.state):
            self._refuse("over")
        seat = self.interactive_seat()
        if seat is None:
            self._refuse("not_your_turn")
        if gesture == "chance":
            if not game.is_chance(self.state):
                self._refuse("no_roll")
            self._play(self.dealer.pick(game, self.state))
            self.redo = []
            self.person_acted = True
            return
        if gesture.startswith("do "):
            action = game.parse_action(gesture[3:])
            if game.is_chance(self.state) and action not in game.chance_step_actions(self.state):
                self._refuse("roll_first")
            self._play(action)
            self.redo = []
            self.person_acted = True
            return
        self.ui, action = self.view.handle(game, self.state, self.ui, gesture, self.view_context(len(self.actions)))
        if action is not None:
            self._play(action)
            self.redo = []
            self.person_acted = True

    def tick(self) -> None:
        """One automatic step: a slice of the analysis under way, else a bot's action, or a chance step nobody owns."""
        game = self._require_game()
        if self.coach.analysing:  # the analysis first: the bots wait for it
            self.coach.work(THINK_SLICE_S)
            return
        if self.viewing is not None or game.is_terminal(self.state):
            return
        player = game.current_player(self.state)
        if player == CHANCE:
            owner = game.turn_seat(self.state)
            if owner is None or owner in self.bots:
                self._play(self.dealer.pick(game, self.state))
            return
        if player in self.bots:
            bot = self.bots[player]
            if not hasattr(bot, "think"):
                self._play(bot.choose(game, self.state))
                return
            # A search bot thinks in slices; each tick does one slice of work, from the
            # moment the last step is shown: the pace a person follows the game at hides
            # the thought, and the move waits for the pace to be up.
            # Skipping to the person's turn, it plays its best move found so far.
            if self.thought is not None:
                action, due = self.thought
                if self.skipping or time.perf_counter() >= due:
                    self.thought = None
                    self._play(action)
                return
            deadline = time.perf_counter() + THINK_SLICE_S
            try:
                if self.thinking is None:
                    self.thinking = bot.think(game, self.state)
                    next(self.thinking)
                if self.skipping:
                    self.thinking.send("hurry")
                while time.perf_counter() < deadline:
                    next(self.thinking)
            except StopIteration as done:
                self.thinking = None
                due = self.stepped_at + self.pace_ms / 1000
                if not self.skipping and time.perf_counter() < due:
                    self.thought = (done.value, due)
                else:
                    self._play(done.value)

    def next_tick_ms(self) -> int | None:
        if self.game is None:
            return None
        if self.coach.analysing:
            return 0
        if self.viewing is not None:
            return None
        game = self.game
        player = game.current_player(self.state)
        if player == TERMINAL:
            return None
        if self.skipping and self.interactive_seat() is not None:
            self.skipping = False  # the person's turn: skipping ends here
        if self.thinking is not None:
            return 0
        if self.thought is not None:
            return 0 if self.skipping else max(0, math.ceil((self.thought[1] - time.perf_counter()) * 1000))
        pace = 0 if self.skipping else self.pace_ms
        if player == CHANCE:
            owner = game.turn_seat(self.state)
            if owner is None and self._bot_turn_owner(self.state) is not None:
                return 0  # a bot's own ball leaves as it fires: its flight is drawn with the next step's pace
            return min(CHANCE_PACE_MS, pace) if owner is None or owner in self.bots else None
        if player in self.bots:
            return 0 if hasattr(self.bots[player], "think") else pace  # a search bot starts thinking at once
        return None

    # -- undo within your own turn (never across chance or another seat) -----
    def undo_stop(self) -> int:
        """How many actions must stay: undo never goes below this index."""
        game = self._require_game()
        seat = self.interactive_seat()
        index = len(self.actions)
        while index > 0:
            # a chance outcome or another seat's action stays; the seat's own
            # action while its dice wait (Trice's placement before the roll) may go
            if game.actor(self.states[index - 1], self.actions[index - 1]) != seat:
                break
            index -= 1
        return index

    def undo(self) -> None:
        game = self._require_game()
        if self.interactive_seat() is None or len(self.actions) <= self.undo_stop():
            self._refuse("no_undo")
        self.redo.append(game.format_action(self.actions.pop()))
        self.states.pop()
        self.log.pop()
        self.ui = self.view.initial_ui()
        self.person_acted = True
        self.changed = True

    def redo_one(self) -> None:
        game = self._require_game()
        if not self.redo:
            self._refuse("no_redo")
        text = self.redo.pop()
        keep = self.redo
        self._play(game.parse_action(text))
        self.redo = keep
        self.person_acted = True

    def view_step(self, step: int | None) -> None:
        if step is not None and not 0 <= step <= len(self.actions):
            self._refuse("no_step", step=step, count=len(self.actions))
        self.viewing = None if step is None or step == len(self.actions) else step

    # -- output ---------------------------------------------------------------
    def current_record(self) -> GameRecord:
        game = self._require_game()
        record = self.record
        if record is None:  # set together with the game
            raise RecordError("no game is running")
        return record.model_copy(update={"actions": [game.format_action(a) for a in self.actions]})

    def view_context(self, shown: int) -> ViewContext:
        """What the view is told besides the state: who sits where, who acts, the language, the marks."""
        assert self.record is not None
        seats = tuple(SeatInfo(s.name, s.controller) for s in self.record.seats)
        interactive = self.interactive_seat()
        you = self.you(interactive)
        return ViewContext(
            seats=seats,
            interactive_seat=interactive,
            previous=self.states[shown - 1] if shown > 0 else None,
            last_action=self.actions[shown - 1] if shown > 0 else None,
            fresh=self._fresh(shown),
            lang=self.lang,
            training=self.training,
            motion=self.motion,
            you=you,
            recent=self.recent(shown, interactive if interactive is not None else you),
            options=dict(self.record.options),
            suggested=self.coach.suggested(shown, self.viewing is None, self.lang),
        )

    def screen(self, *, error: str | None = None) -> dict[str, Any]:
        if self.game is None or self.record is None:
            return {"ok": error is None, "error": error, "game": None, "regions": {}, "log": [], "status": "", "tick_ms": None}
        game = self.game
        if self.log_lang != self.lang:
            self.rewrite_log()
        shown = self.viewing if self.viewing is not None else len(self.actions)
        state = self.states[shown]
        ctx = self.view_context(shown)
        seats, interactive, you, recent = ctx.seats, ctx.interactive_seat, ctx.you, ctx.recent
        regions = dict(self.view.regions(game, state, self.ui, ctx))
        if ctx.suggested is not None and "controls" in regions:
            regions["controls"] = mark_control(regions["controls"], "do " + game.format_action(ctx.suggested))
        words = engine.spec_for(game).words
        if words is not None:
            regions["goal"] = goal_html(words, self.lang)
        thinking = self.thinking_share() if self.viewing is None else None
        if thinking is not None:
            regions["thinking"] = thinking_html(thinking, lang=self.lang)
        coach = hint_html(self.hint_offered(), self.coach.hint_for(shown, self.lang) if self.viewing is None else None,
                          self.lang)
        if coach:
            regions["coach"] = coach
        if self.coach.analysis is not None:
            regions["analysis"] = self.analysis_html(seats)
        if interactive is not None and game.is_chance(state):
            label = self.view.chance_label(game, state, self.lang)
            regions["controls"] = button(label, "chance", primary=True) + regions.get("controls", "")
        outcome = game.outcome(state)
        banner = None
        if outcome is not None:
            from ui.summary import summary

            regions["summary"] = summary(
                game,
                self.states[: shown + 1],
                self.actions[:shown],
                [self.view.seat_title(i, s.name, self.lang) for i, s in enumerate(seats)],
                self.lang,
                colours=[self.view.seat_colour(i) for i in range(len(seats))],
            ) + (analyse_button(self.lang) if self.coach.analysis is None else "")
            names = " & ".join(self.view.seat_title(w, seats[w].name, self.lang) for w in outcome.winners)
            # plain text: the bridge shows it with textContent, which escapes it once
            if outcome.winners and tuple(outcome.winners) == (you,):
                banner = "Vous gagnez !" if self.lang == "fr" else "You win!"
            elif self.lang == "fr":
                banner = f"{names} gagne !" if outcome.winners else "Match nul."
            else:
                banner = f"{names} wins!" if outcome.winners else "A draw."
        stop = self.undo_stop() if interactive is not None else len(self.actions)
        return {
            "ok": error is None,
            "error": error,
            "game": game.name,
            "regions": regions,
            "status": self.status_line(state, interactive, close=words.close_call(state, self.lang) if words else None),
            "log": self.log_lines(you),
            # What the others did since your last action, for the page's summary beside the board.
            "recap": [self.view.log_text(self.log[shown - len(recent) + i].text, you, self.lang)
                      for i in range(len(recent))] if you is not None else [],
            "you": you,
            "skippable": self.skippable(interactive),
            "pace_ms": self.pace_ms,
            "sounds": self.take_sounds(),
            "undo_stop": stop,
            "can_undo": interactive is not None and len(self.actions) > stop,
            "can_redo": bool(self.redo) and interactive is not None,
            "step": shown,
            "steps": len(self.actions),
            "banner": banner,
            "tick_ms": self.next_tick_ms(),
            "record": self.current_record().model_dump(mode="json"),
            "game_id": self.game_id,
            "autosave": self.autosave(),
            "seats": [{"name": s.name, "controller": s.controller} for s in self.record.seats],
            "turn": game.turn_seat(self.state),
        }

    def analysis_html(self, seats: tuple[SeatInfo, ...]) -> str:
        """The region ``analysis``: the analysis under way (its progress) or done (the chances, the flagged turns)."""
        from ui.analysis_view import analysis_html

        analysis = self.coach.analysis
        if analysis is None:
            return ""
        return analysis_html(
            analysis.reports,
            names=[self.view.seat_title(i, s.name, self.lang) for i, s in enumerate(seats)],
            colours=[self.view.seat_colour(i) for i in range(len(seats))],
            lang=self.lang, done=analysis.done, total=analysis.total, running=analysis.running,
            opened=self.coach.opened,
        )

    def skippable(self, interactive: int | None) -> bool:
        """Whether "Skip to my turn" has anything to skip: bots to play before a person may act.

        Not while a person's own step plays out (Siege's ball in flight after their shot: a chance
        step of nobody's, in their turn), nor in a game without a person.
        """
        game = self._require_game()
        if interactive is not None or game.is_terminal(self.state) or self.viewing is not None:
            return False
        if self.record is None or not any(s.controller == "human" for s in self.record.seats):
            return False
        # whose turn this is: the seat of the latest position that has one (none yet: the draw)
        for state in reversed(self.states):
            seat = game.turn_seat(state)
            if seat is not None:
                return seat in self.bots
        return True

    def log_lines(self, you: int | None) -> list[dict[str, Any]]:
        """The log for the page, grouped by turns (:func:`ui.gamelog.page_lines`)."""
        seats = [s.name for s in self.record.seats] if self.record is not None else []
        return page_lines(self.log, seats, you, self.view, self.lang)

    def you(self, interactive: int | None) -> int | None:
        """The seat of the person at this screen: the one person playing, or in hot-seat whoever may act."""
        if self.record is None:
            return None
        people = [i for i, seat in enumerate(self.record.seats) if seat.controller == "human"]
        if len(people) == 1:
            return people[0]
        return interactive

    def recent(self, shown: int, seat: int | None) -> tuple[Recent, ...]:
        """The actions since ``seat``'s last own action (its own dice included), up to step ``shown``."""
        game = self._require_game()
        if seat is None:
            return ()
        found: list[Recent] = []
        index = shown
        while index > 0:
            before = self.states[index - 1]
            owner = game.turn_seat(before)
            if owner is None and index > 1 and game.turn_seat(self.states[index - 2]) == seat:
                owner = seat  # chance that nobody owns settles the seat's own action (Siege's ball lands)
            if owner == seat:
                break
            action = self.actions[index - 1]
            found.append(Recent(before, action, self.states[index], owner, game.is_outcome(before, action)))
            index -= 1
        return tuple(reversed(found))

    def _fresh(self, shown: int) -> bool:
        """Whether the position shown is new since the last screen (its move's animation plays once)."""
        key = (self.game_id, shown, len(self.actions))
        # while a bot thinks over the position, it is drawn as it was, so its move's animation plays on
        over = self.thinking is not None or self.thought is not None
        fresh = key != self._last_drawn or (over and self._drawn_fresh)
        self._last_drawn = key
        self._drawn_fresh = fresh
        return fresh

    def take_sounds(self) -> list[str]:
        sounds, self.sounds = self.sounds, []
        return sounds

    def autosave(self) -> dict[str, Any] | None:
        """The storage entry of this game, once a person has acted in it and it has moved (else None).

        The page stores it as it is under :func:`ui.saves.storage_key`; only the
        live position is saved (a replay being watched changes nothing), and a
        reopened game is written again only once it moves on.
        """
        game = self._require_game()
        if not self.person_acted or not self.changed or self.record is None or self.viewing is not None:
            return None
        final = self.state
        seat = game.turn_seat(final)
        finished = game.outcome(final) is not None
        turns = turn_numbers(self.log)
        summary = Summary(
            title=game.title,
            seats=[s.name for s in self.record.seats],
            steps=len(self.actions),
            turn="" if finished or seat is None else self.record.seats[seat].name,
            turns=turns[-1] if turns else 0,
        )
        entry = SaveEntry(
            id=self.game_id,
            game=game.name,
            saved=time.time() * 1000,
            finished=finished,
            summary=summary,
            record=self.current_record().model_dump(mode="json"),
        )
        return entry_json(entry)

    def status_line(self, state: Any, interactive: int | None, *, close: str | None = None) -> str:
        """Whose turn it is, in words; ``close`` (who is one step from winning) follows it."""
        line = self._whose_turn(state, interactive)
        if close and not self._require_game().is_terminal(state) and self.viewing is None:
            return f"{line} · {close}"
        return line

    def _bot_turn_owner(self, state: Any) -> int | None:
        """The bot whose turn a chance step of nobody's falls in (the live position only), else None."""
        game = self._require_game()
        if self.viewing is not None or state is not self.state or len(self.states) < 2 or game.is_terminal(state):
            return None
        before = self.states[-2]
        seat = game.turn_seat(before)
        if seat in self.bots and game.turn_count(before) == game.turn_count(state):
            return seat
        return None

    def thinking_share(self) -> float | None:
        """The share of its turn's thinking budget that the search bot whose turn it is has spent (None: no such bot)."""
        game = self._require_game()
        state = self.state
        if game.is_terminal(state):
            return None
        seat = game.turn_seat(state)
        if seat is None:
            seat = self._bot_turn_owner(state)
        bot = self.bots.get(seat) if seat is not None else None
        progress = getattr(bot, "turn_progress", None)
        return None if progress is None else progress(game, state)

    def _whose_turn(self, state: Any, interactive: int | None) -> str:
        game = self._require_game()
        if self.record is None:  # set together with the game
            return ""
        fr = self.lang == "fr"
        if self.viewing is not None:
            return (
                f"Relecture : étape {self.viewing} sur {len(self.actions)}"
                if fr
                else f"Replay: step {self.viewing} of {len(self.actions)}"
            )
        if game.is_terminal(state):
            return "Partie terminée" if fr else "Game over"
        seat = game.turn_seat(state)
        if seat is None and self.actions:
            # chance within a bot's turn (Siege's ball in flight) keeps the bot's line: it is still its turn
            seat = self._bot_turn_owner(state)
        if seat is None:
            if not self.actions:
                return "Tirage au sort du premier joueur…" if fr else "Drawing who starts…"
            return "Le hasard décide…" if fr else "Chance decides…"
        name = self.view.seat_title(seat, self.record.seats[seat].name, self.lang)
        if interactive is not None:
            # A player named "You" is not told "Your turn, You"
            if self.record.seats[interactive].name.strip().casefold() in YOU_NAMES:
                return "À vous de jouer" if fr else "Your turn"
            return f"À vous de jouer, {name}" if fr else f"Your turn, {name}"
        return f"{name} réfléchit…" if fr else f"{name} is thinking…"


#: Messages with answers of their own (not the game's screen), by kind.
ANSWERS: dict[type, Callable[[Session, Any], dict[str, Any]]] = {
    Ping: Session._ping,
    Saves: Session._saves,
    Arrive: Session.arrive,
    ContinueList: Session._continue_list,
    Bench: Session._bench,
    EncodeLink: Session._encode_link,
}
#: Messages that change the live game, by kind: the answer is the new screen.
CHANGES: dict[type, Callable[[Session, Any], None]] = {
    Prefs: Session._prefs,
    Refresh: lambda session, message: None,
    Start: Session.start,
    SetUpForm: lambda session, message: session.start(start_message(message)),
    Load: Session._load,
    ResumeSave: Session._resume_save,
    DecodeLink: Session._decode_link,
    Act: lambda session, message: session.act(message.gesture),
    Tick: lambda session, message: session.tick(),
    SetLang: Session._set_lang,
    Pace: Session._pace,
    Skip: lambda session, message: session.skip(),
    Rematch: lambda session, message: session.rematch(),
    Replay: lambda session, message: session.view_step(message.step),
    Undo: Session._undo,
    StartLesson: lambda session, message: session.begin(message),
    Coach: Session._coach,
}


def goal_html(words: GameWords, lang: str) -> str:
    """The goal in one sentence (the region ``goal``, beside the board).

    Each seat's way to it (sun 3/5, 6 of 9 banked, target-cannons standing) is in the seat's own
    panel just below, so the sidebar keeps room for every panel at 1366×768; the status says when a
    seat is one step from it.
    """
    return f'<p class="goal-rule">{escape(words.goal(lang))}</p>'


def thinking_html(share: float, *, lang: str) -> str:
    """A bot's thinking time spent this turn, as a bar under the status line (the region ``thinking``).

    >>> thinking_html(0.426, lang="fr")
    '<progress class="thinking-bar" max="100" value="43" aria-label="Temps de réflexion du robot pour ce tour"></progress>'
    """
    label = "Temps de réflexion du robot pour ce tour" if lang == "fr" else "The bot's thinking time for this turn"
    value = round(100 * min(1.0, max(0.0, share)))
    return f'<progress class="thinking-bar" max="100" value="{value}" aria-label="{label}"></progress>'

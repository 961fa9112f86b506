"""One game in a page: the record, the dealer, the bots and the view.

The worker keeps one :class:`Session` per page.  Every bridge message goes
through :meth:`Session.handle`, which returns the whole screen as JSON-ready
data (regions of HTML/SVG, status line, log, banner, the record to autosave
and how long to wait before the next bot step).  The DOM is never the source
of truth: the page only shows what the session returns.

>>> import engine
>>> from tests.pig import Pig
>>> engine.register(Pig())
>>> session = Session()
>>> screen = session.handle_text('{"op": "start", "game": "pig", "seed": 3,'
...     ' "seats": [{"name": "Ann"}, {"name": "Bot", "controller": "random"}]}')
>>> screen["ok"], screen["record"]["actions"]
(True, [])
>>> session.handle_text('{"op": "act", "gesture": "do fly"}')["error"]
"illegal action 'fly': Pig knows only 'roll', 'hold' and 'die 1'..'die 6'"
"""

from __future__ import annotations

import base64
import importlib
import json
import time
import zlib
from dataclasses import dataclass
from html import escape
from typing import Any, NoReturn

import engine
from engine.bots import UnknownBot, make_bot
from engine.core import CHANCE, TERMINAL, BadOptions, Dealer, Game, IllegalAction
from engine.records import GameRecord, RecordError, Seat, replay
from ui.messages import (
    Act,
    Bench,
    Saves,
    BadMessage,
    DecodeLink,
    EncodeLink,
    Load,
    Ping,
    Replay,
    SetLang,
    Start,
    Tick,
    Undo,
    parse_message,
)
from ui.view import GameView, SeatInfo, ViewContext, button

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


def encode_link(record: GameRecord) -> str:
    """A record as a compact URL fragment: zlib-compressed JSON in base64url.

    >>> rec = GameRecord(game="pig", format=1, seats=[Seat(name="A"), Seat(name="B")], actions=["roll"])
    >>> decode_link(encode_link(rec)) == rec
    True
    """
    raw = json.dumps(record.model_dump(mode="json"), separators=(",", ":")).encode()
    return "g1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_link(fragment: str) -> GameRecord:
    """Inverse of :func:`encode_link`; raises :class:`RecordError` in words.

    >>> decode_link("g1.AAAA")
    Traceback (most recent call last):
    ...
    engine.records.RecordError: this link is damaged: its game data cannot be unpacked (was it cut short?)
    """
    text = fragment.lstrip("#")
    if text.startswith("game="):
        text = text[5:]
    if not text.startswith("g1."):
        raise RecordError("this link does not carry a game (it should start with 'g1.')")
    body = text[3:]
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    except (ValueError, zlib.error):
        raise RecordError("this link is damaged: its game data cannot be unpacked (was it cut short?)") from None
    from engine.records import parse_record

    return parse_record(raw.decode("utf-8", errors="replace"))


def think_times(game_name: str, bot_name: str, positions: int) -> dict[str, Any]:
    """A bot's think time per decision, over positions reached by seeded random play.

    A search bot (``mcts:...``) is timed by :func:`engine.ai.speed.measure`
    instead, on the same positions as ``python -m engine.ai speed`` (real
    choices from heuristic self-play, caches emptied), and its iterations per
    second come back too, so the page's figures compare with CPython's.

    >>> sorted(think_times("pig", "random", 2))
    ['decisions', 'game', 'mean_s', 'ok', 'worst_s']
    >>> sorted(think_times("pig", "mcts:easy:5", 1))
    ['decisions', 'game', 'iterations', 'iterations_per_s', 'mean_s', 'ok', 'worst_s']
    """
    import random as _random

    if bot_name.startswith("mcts"):
        from engine.ai.speed import measure

        result = measure(game_name, bot_name, positions, cold=True)
        return {
            "ok": True,
            "game": result["game"],
            "decisions": result["decisions"],
            "mean_s": result["mean_seconds"],
            "worst_s": result["worst_seconds"],
            "iterations": result["iterations"],
            "iterations_per_s": result["iterations_per_second"],
        }
    game = engine.get(game_name)
    times = []
    for index in range(positions):
        rng = _random.Random(index)
        dealer = Dealer(index)
        state = game.new(game.min_seats)
        for _ in range(rng.randrange(5, 40)):
            if game.is_terminal(state):
                break
            action = dealer.pick(game, state) if game.is_chance(state) else rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
        while game.is_chance(state):
            state = game.apply(state, dealer.pick(game, state))
        if game.is_terminal(state):
            continue
        bot = make_bot(game, bot_name, index)
        started = time.perf_counter()
        bot.choose(game, state)
        times.append(time.perf_counter() - started)
    return {
        "ok": True,
        "game": game.name,
        "decisions": len(times),
        "mean_s": sum(times) / max(1, len(times)),
        "worst_s": max(times, default=0.0),
    }


def saved_games_list(entries: list[tuple[str, str]], lang: str = "en") -> str:
    """The saved-games list as HTML: each entry checked on its own.

    One damaged entry is listed as damaged (with a delete button) and never
    hides the others.

    >>> html = saved_games_list([("k1", "{broken"), ("k2", '{"record": {"game": "pig", "format": 1,'
    ...     ' "seats": [{"name": "Ann"}, {"name": "Bob"}], "actions": []}, "saved": 0}')])
    >>> "damaged" in html and "Ann, Bob" in html
    True
    """
    fr = lang == "fr"
    rows = []
    for key, text in entries:
        key_attr = escape(key)
        delete = (
            f'<button type="button" class="btn" data-op="delete-save" data-key="{key_attr}">'
            f'{"Supprimer" if fr else "Delete"}</button>'
        )
        try:
            entry = json.loads(text)
            result = replay(entry["record"])
        except (ValueError, KeyError, TypeError) as exc:
            reason = str(exc) if isinstance(exc, RecordError) else ("illisible" if fr else "unreadable")
            rows.append(f'<li class="save damaged">{"Sauvegarde abîmée" if fr else "Damaged save"}: {escape(reason)} {delete}</li>')
            continue
        game, record, final = result.game, result.record, result.final
        seats = ", ".join(s.name for s in record.seats)
        outcome = game.outcome(final)
        if outcome is not None:
            turn = "terminée" if fr else "finished"
        else:
            seat = game.turn_seat(final)
            turn = (("au tour de " if fr else "turn: ") + record.seats[seat].name) if seat is not None else "…"
        saved = entry.get("saved", 0) if isinstance(entry, dict) else 0
        rows.append(
            f'<li class="save" data-saved="{int(saved) if isinstance(saved, (int, float)) else 0}">'
            f"<strong>{escape(game.title)}</strong> · {escape(seats)} · {len(record.actions)} "
            f'{"actions" if not fr else "actions"} · {escape(turn)} · <time data-ms="{int(saved) if isinstance(saved, (int, float)) else 0}"></time> '
            f'<button type="button" class="btn primary" data-op="resume-save" data-key="{key_attr}">{"Reprendre" if fr else "Resume"}</button> '
            f"{delete}</li>"
        )
    if not rows:
        return f'<p class="saves-empty">{"Aucune partie sauvegardée." if fr else "No saved games."}</p>'
    return '<ul class="saves">' + "".join(rows) + "</ul>"


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
    "no_step": ("there is no step {step} in this game (it has {count})",
                "il n'y a pas d'étape {step} dans cette partie (elle en a {count})"),
}


@dataclass
class LogLine:
    text: str
    seat: int | None
    chance: bool


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
        if isinstance(message, Ping):
            return {"ok": True, "games": engine.names()}
        if isinstance(message, Saves):
            return {"ok": True, "saves": saved_games_list(message.entries, message.lang)}
        if isinstance(message, Bench) and message.bot is not None:
            return think_times(message.game, message.bot, message.positions)
        if isinstance(message, Bench):
            from engine.__main__ import bench_game

            game = engine.get(message.game)
            playouts, actions, elapsed = bench_game(game, message.seconds)
            result = {"ok": True, "game": game.name, "playouts_per_s": playouts / elapsed, "actions_per_s": actions / elapsed}
            extra = getattr(game, "bench_extra", None)
            if extra is not None:
                result["extra"] = extra(min(message.seconds, 1.0))
            return result
        if isinstance(message, Start):
            self.start(message)
        elif isinstance(message, Load):
            self.lang = message.lang
            self.load(replay(message.record, expect_game=message.expect_game))
        elif isinstance(message, DecodeLink):
            self.lang = message.lang
            record = decode_link(message.fragment)
            self.load(replay(record, expect_game=message.expect_game))
        elif isinstance(message, EncodeLink):
            if self.record is None:
                raise RecordError("there is no game to share yet")
            screen = self.screen()
            screen["link"] = encode_link(self.current_record())
            return screen
        elif isinstance(message, Act):
            self.act(message.gesture)
        elif isinstance(message, Tick):
            self.tick()
        elif isinstance(message, SetLang):
            self.lang = message.lang
        elif isinstance(message, Replay):
            self.view_step(message.step)
        elif isinstance(message, Undo):
            self.undo() if message.op == "undo" else self.redo_one()
        return self.screen()

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

    def load(self, result: Any) -> None:
        record = result.record
        dealer = Dealer(record.seed)
        # Fast-forward the dealer past the chance outcomes already dealt so a
        # resumed game deals the same future as an uninterrupted one.
        for state, action in zip(result.states, result.actions):
            if result.game.is_outcome(state, action):
                dealer.pick(result.game, state)
        self._install(result.game, record, list(result.states), list(result.actions), dealer)

    def _install(self, game: Game[Any, Any], record: GameRecord, states: list[Any], actions: list[Any], dealer: Dealer) -> None:
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
        self.rewrite_log()

    def rewrite_log(self) -> None:
        """Write every log line afresh in the page's language (a new game, or a language switch)."""
        self.log_lang = self.lang
        self.log = [self._log_line(before, action) for before, action in zip(self.states, self.actions)]

    @property
    def state(self) -> Any:
        return self.states[-1]

    def _refuse(self, key: str, **values: Any) -> NoReturn:
        """Refuse a request in the page's language (see :data:`REFUSALS`)."""
        english, french = REFUSALS[key]
        raise ValueError((french if self.lang == "fr" else english).format(**values))

    def _require_game(self) -> Game[Any, Any]:
        if self.game is None:
            raise RecordError("no game is running")
        return self.game

    def _log_line(self, before: Any, action: Any) -> LogLine:
        game = self._require_game()
        chance = game.is_outcome(before, action)
        return LogLine(game.describe(before, action, self.lang), game.turn_seat(before), chance)

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
        self.log.append(self._log_line(before, action))
        self.ui = self.view.initial_ui()

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
            return
        if gesture.startswith("do "):
            action = game.parse_action(gesture[3:])
            if game.is_chance(self.state) and action not in game.chance_step_actions(self.state):
                self._refuse("roll_first")
            self._play(action)
            self.redo = []
            return
        self.ui, action = self.view.handle(game, self.state, self.ui, gesture)
        if action is not None:
            self._play(action)
            self.redo = []

    def tick(self) -> None:
        """One automatic step: a bot's action, or a chance step nobody owns."""
        game = self._require_game()
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
            # A search bot thinks in slices; each tick does one slice of work.
            if self.thinking is None:
                self.thinking = bot.think(game, self.state)
            deadline = time.perf_counter() + THINK_SLICE_S
            try:
                while time.perf_counter() < deadline:
                    next(self.thinking)
            except StopIteration as done:
                self.thinking = None
                self._play(done.value)

    def next_tick_ms(self) -> int | None:
        if self.game is None or self.viewing is not None:
            return None
        game = self.game
        player = game.current_player(self.state)
        if player == TERMINAL:
            return None
        if self.thinking is not None:
            return 0
        if player == CHANCE:
            owner = game.turn_seat(self.state)
            return min(CHANCE_PACE_MS, self.pace_ms) if owner is None or owner in self.bots else None
        return self.pace_ms if player in self.bots else None

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

    def redo_one(self) -> None:
        game = self._require_game()
        if not self.redo:
            self._refuse("no_redo")
        text = self.redo.pop()
        keep = self.redo
        self._play(game.parse_action(text))
        self.redo = keep

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

    def screen(self, *, error: str | None = None) -> dict[str, Any]:
        if self.game is None or self.record is None:
            return {"ok": error is None, "error": error, "regions": {}, "log": [], "status": "", "tick_ms": None}
        game = self.game
        if self.log_lang != self.lang:
            self.rewrite_log()
        shown = self.viewing if self.viewing is not None else len(self.actions)
        state = self.states[shown]
        seats = tuple(SeatInfo(s.name, s.controller) for s in self.record.seats)
        interactive = self.interactive_seat()
        ctx = ViewContext(
            seats=seats,
            interactive_seat=interactive,
            previous=self.states[shown - 1] if shown > 0 else None,
            last_action=self.actions[shown - 1] if shown > 0 else None,
            lang=self.lang,
            training=self.training,
            options=dict(self.record.options),
        )
        regions = dict(self.view.regions(game, state, self.ui, ctx))
        if interactive is not None and game.is_chance(state):
            label = self.view.chance_label(game, state, self.lang)
            regions["controls"] = button(label, "chance", primary=True) + regions.get("controls", "")
        outcome = game.outcome(state)
        banner = None
        if outcome is not None:
            from ui.summary import summary

            regions["summary"] = summary(game, self.states[: shown + 1], self.actions[:shown], [s.name for s in seats], self.lang)
            names = " & ".join(seats[w].name for w in outcome.winners)
            if self.lang == "fr":
                banner = f"{escape(names)} gagne !" if outcome.winners else "Match nul."
            else:
                banner = f"{escape(names)} wins!" if outcome.winners else "A draw."
        stop = self.undo_stop() if interactive is not None else len(self.actions)
        return {
            "ok": error is None,
            "error": error,
            "game": game.name,
            "regions": regions,
            "status": self.status_line(state, interactive),
            "log": [
                {"text": line.text, "seat": line.seat, "chance": line.chance, "step": i + 1}
                for i, line in enumerate(self.log)
            ],
            "undo_stop": stop,
            "can_undo": interactive is not None and len(self.actions) > stop,
            "can_redo": bool(self.redo) and interactive is not None,
            "step": shown,
            "steps": len(self.actions),
            "banner": banner,
            "tick_ms": self.next_tick_ms(),
            "record": self.current_record().model_dump(mode="json"),
            "seats": [{"name": s.name, "controller": s.controller} for s in self.record.seats],
            "turn": game.turn_seat(self.state),
        }

    def status_line(self, state: Any, interactive: int | None) -> str:
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
        if seat is None:
            if not self.actions:
                return "Tirage au sort du premier joueur…" if fr else "Drawing who starts…"
            return "Le hasard décide…" if fr else "Chance decides…"
        name = self.record.seats[seat].name
        if interactive is not None:
            return f"À vous de jouer, {name}" if fr else f"Your turn, {name}"
        return f"{name} réfléchit…" if fr else f"{name} is thinking…"

"""The live game of a page: its record, positions, dealer, log, undo and redo, and the step being viewed.

:class:`LiveGame` holds what is played and nothing about who plays it or how
it is drawn: the bots' timing is :mod:`ui.app.bot_scheduler`'s, the screen
:mod:`ui.app.render`'s, and :class:`ui.app.session.Session` composes the three.

>>> import engine
>>> from engine.examples.pig import Pig
>>> from engine.core import Dealer
>>> from engine.records import GameRecord, Seat
>>> game = engine.register(Pig()) or engine.get("pig")
>>> live = LiveGame()
>>> record = GameRecord(game="pig", format=game.format_version, seats=[Seat(name="A"), Seat(name="B")],
...                     options={}, seed=1, actions=[])
>>> live.install(game, GenericView(), record, [game.new(2)], [], Dealer(1), lang="en")
>>> live.play(game.parse_action("roll"), "en"); live.play(live.dealer.pick(game, live.state), "en")
>>> len(live.actions), live.shown, live.interactive_seat()
(2, 2, 1)
>>> live.view_step(1, "en"); live.shown, live.interactive_seat()
(1, None)
"""

from __future__ import annotations

import json
import time
from html import escape
from typing import Any, NoReturn

from engine.bounded import clip
from engine.core import CHANCE, Dealer, Game, IllegalAction
from engine.records import GameRecord, RecordError
from ui.app.gamelog import LogLine, turn_numbers
from ui.app.players import FRIEND, PERSON, is_person
from ui.app.refused import Refused
from ui.app.view import GameView, Recent, ViewContext, button
from ui.app.words import Catalogue
from ui.store.saves import SaveEntry, Summary, entry_json, new_game_id

#: The live game's own refusals, in both languages (the page shows them in its own).
REFUSALS = Catalogue({
    "en": {
        "replay": "you are watching the replay: go back to the live game to play",
        "over": "the game is over: start a new game",
        "not_your_turn": "it is not your turn: wait for the bot",
        "no_roll": "there is nothing to roll now",
        "roll_first": "roll first: chance decides this step",
        "no_undo": "nothing to undo: undo stops at the last roll or at another player's move",
        "no_redo": "nothing to redo",
        "no_hint": "a hint is offered on your own move in a game against bots, in the live game",
        "no_step": "there is no step {step} in this game (it has {count})",
    },
    "fr": {
        "replay": "vous regardez le replay : revenez à la partie en direct pour jouer",
        "over": "la partie est finie : commencez-en une nouvelle",
        "not_your_turn": "ce n'est pas votre tour : attendez le robot",
        "no_roll": "il n'y a rien à lancer maintenant",
        "roll_first": "lancez d'abord : le hasard décide de cette étape",
        "no_undo": "rien à annuler : l'annulation s'arrête au dernier lancer ou au coup d'un autre joueur",
        "no_redo": "rien à rétablir",
        "no_hint": "un indice est proposé pour votre propre coup dans une partie contre des robots, en direct",
        "no_step": "il n'y a pas d'étape {step} dans cette partie (elle en a {count})",
    },
})


def refuse(key: str, lang: str, **values: Any) -> NoReturn:
    """Refuse a request in the page's language (see :data:`REFUSALS`), echoed values shortened: :class:`Refused`."""
    shown = {name: clip(value) for name, value in values.items()}
    raise Refused(key, REFUSALS(lang, key, **shown), **values)


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


class LiveGame:
    """One game as played: every position, every action, the log, and where the replay stands."""

    def __init__(self) -> None:
        self.game: Game[Any, Any] | None = None
        self.view: GameView = GenericView()
        self.record: GameRecord | None = None
        #: Every position from the first, and the actions between them:
        #: ``states[i + 1] = apply(states[i], actions[i])``.
        self.states: list[Any] = []
        self.actions: list[Any] = []
        self.dealer = Dealer(0)
        #: The seats a bot plays (every seat no person plays).
        self.bot_seats: frozenset[int] = frozenset()
        #: The seats a friend plays at their own screen: nothing plays them here, and their turn waits
        #: for the link that brings their move.
        self.friend_seats: frozenset[int] = frozenset()
        #: The view's own state between gestures (a piece picked up, a cannon aimed).
        self.ui: Any = None
        self.log: list[LogLine] = []
        self.log_lang = "en"  # the language the log's lines are written in
        #: The actions undone, as text, last undone last: "Redo" plays them again.
        self.redo: list[str] = []
        #: The step of the replay being viewed; None: the live position.
        self.viewing: int | None = None
        #: While the replay plays itself: milliseconds between its steps (None: it does not).
        self.autoplay_ms: int | None = None
        #: This game's own id: its autosave's key (never another game's).
        self.game_id = ""
        #: Whether a person has acted in this game: nothing is saved before.
        self.person_acted = False
        #: Whether the game has moved since it was started or reopened: a game reopened and only
        #: looked at is not written again (its save keeps the time it was last played).
        self.changed = False
        #: Sounds of the actions played since the last screen (the page plays them if asked to).
        self.sounds: list[str] = []
        self.stepped_at = 0.0  # when the last step was played (perf_counter)

    # -- a game in -----------------------------------------------------------------------
    def install(
        self,
        game: Game[Any, Any],
        view: GameView,
        record: GameRecord,
        states: list[Any],
        actions: list[Any],
        dealer: Dealer,
        *,
        lang: str,
        game_id: str = "",
        acted: bool = False,
    ) -> None:
        """Play this game from now on (a new one, or a record replayed), shown live."""
        self.game = game
        self.view = view
        self.record = record
        self.states = states
        self.actions = actions
        self.dealer = dealer
        self.bot_seats = frozenset(seat for seat, info in enumerate(record.seats) if not is_person(info.controller))
        self.friend_seats = frozenset(seat for seat, info in enumerate(record.seats) if info.controller == FRIEND)
        self.ui = view.initial_ui()
        self.redo = []
        self.viewing = None
        self.autoplay_ms = None
        self.sounds = []
        self.game_id = game_id or new_game_id()
        self.person_acted = acted
        self.changed = False
        self.rewrite_log(lang)

    def forget(self) -> None:
        """No game here any more (the page starts another set-up)."""
        self.game, self.record, self.game_id = None, None, ""

    def rewind(self, states: list[Any], actions: list[Any], lang: str) -> None:
        """Back to an earlier position of the same game, live (a lesson's step back)."""
        self.states = states
        self.actions = actions
        self.rewrite_log(lang)
        self.ui = self.view.initial_ui()
        self.redo = []
        self.viewing = None
        self.autoplay_ms = None

    def require_game(self) -> Game[Any, Any]:
        if self.game is None:
            raise RecordError("no game is running")
        return self.game

    @property
    def state(self) -> Any:
        """The live position."""
        return self.states[-1]

    @property
    def shown(self) -> int:
        """The step the page shows: the replay's, or the live one."""
        return self.viewing if self.viewing is not None else len(self.actions)

    # -- playing -------------------------------------------------------------------------
    def play(self, action: Any, lang: str) -> None:
        """Play ``action`` on the live position (refused in ``lang`` by the rules), log it, keep its sounds."""
        game = self.require_game()
        before = self.state
        try:
            after = game.apply(before, action)
        except IllegalAction as refused:
            if lang == "en":
                raise
            # the reason in the page's language (the engine's own message is English)
            raise IllegalAction(refused.action, game.why_illegal(before, action, lang), lang) from None
        self.states.append(after)
        self.actions.append(action)
        self.changed = True
        self.log.append(self._log_line(before, action, lang))
        self.ui = self.view.initial_ui()
        self.sounds.extend(self.view.sounds(game, before, action, after))
        self.stepped_at = time.perf_counter()

    def take_sounds(self) -> list[str]:
        """The sounds since the last screen; the next screen starts with none."""
        sounds, self.sounds = self.sounds, []
        return sounds

    def rewrite_log(self, lang: str) -> None:
        """Write every log line afresh in ``lang`` (a new game, or a language switch)."""
        self.log_lang = lang
        self.log = [self._log_line(before, action, lang) for before, action in zip(self.states, self.actions)]

    def _log_line(self, before: Any, action: Any, lang: str) -> LogLine:
        game = self.require_game()
        chance = game.is_outcome(before, action)
        return LogLine(game.describe(before, action, lang), game.turn_seat(before), chance, game.turn_count(before))

    def interactive_seat(self) -> int | None:
        """The seat a person may act for now, if any."""
        game = self.require_game()
        if self.viewing is not None or game.is_terminal(self.state):
            return None
        seat = game.current_player(self.state)
        if seat == CHANCE:
            seat = game.turn_seat(self.state)
        if seat is None or seat < 0 or seat in self.bot_seats or seat in self.friend_seats:
            return None
        return seat

    def friend_turn(self) -> int | None:
        """The friend's seat whose turn it is in the live game (their move comes by link), else None."""
        game = self.require_game()
        if self.viewing is not None or game.is_terminal(self.state):
            return None
        seat = game.turn_seat(self.state)
        return seat if seat in self.friend_seats else None

    def friend_to_send(self) -> int | None:
        """The friend who waits for this page's link: the one whose turn it is, or once the game is over
        after a move made here, the first friend (their page shows the end when the link arrives)."""
        game = self.require_game()
        if self.viewing is not None or not self.friend_seats:
            return None
        if not game.is_terminal(self.state):
            return self.friend_turn()
        movers = (game.actor(before, action) for before, action in zip(reversed(self.states[:-1]), reversed(self.actions)))
        last = next((seat for seat in movers if seat >= 0), None)  # the last seat that acted (not chance)
        return min(self.friend_seats) if last is not None and last not in self.friend_seats else None

    def bot_turn_owner(self, state: Any) -> int | None:
        """The bot whose turn a chance step of nobody's falls in (the live position only), else None."""
        game = self.require_game()
        if self.viewing is not None or state is not self.state or len(self.states) < 2 or game.is_terminal(state):
            return None
        before = self.states[-2]
        seat = game.turn_seat(before)
        if seat in self.bot_seats and game.turn_count(before) == game.turn_count(state):
            return seat
        return None

    # -- undo within your own turn (never across chance or another seat) -----------------
    def undo_stop(self) -> int:
        """How many actions must stay: undo never goes below this index."""
        game = self.require_game()
        seat = self.interactive_seat()
        index = len(self.actions)
        while index > 0:
            # a chance outcome or another seat's action stays; the seat's own
            # action while its dice wait (Trice's placement before the roll) may go
            if game.actor(self.states[index - 1], self.actions[index - 1]) != seat:
                break
            index -= 1
        return index

    def undo(self, lang: str) -> None:
        game = self.require_game()
        if self.interactive_seat() is None or len(self.actions) <= self.undo_stop():
            refuse("no_undo", lang)
        self.redo.append(game.format_action(self.actions.pop()))
        self.states.pop()
        self.log.pop()
        self.ui = self.view.initial_ui()
        self.person_acted = True
        self.changed = True

    # -- takeback against bots: the person's last turn and the bots' replies, in one press ----
    def takeback_to(self) -> int | None:
        """Where "Undo" takes a game against bots back to once the person's turn has nothing of its own to undo:
        the start of the person's last turn, the bots' replies with it (None: no takeback here).

        Only in a game of one person against bots (with a friend, a move made is the friend's to see) and
        live; the dice dealt stay the same (:meth:`takeback`).
        """
        game = self.require_game()
        if self.record is None or self.viewing is not None or game.is_terminal(self.state):
            return None
        people = [seat for seat, info in enumerate(self.record.seats) if info.controller == PERSON]
        if len(people) != 1 or not self.bot_seats or self.friend_seats:
            return None
        person = people[0]
        if self.interactive_seat() == person and len(self.actions) > self.undo_stop():
            return None  # the turn's own actions go first, one press each
        latest = len(self.actions) - 1 if self.interactive_seat() == person else len(self.actions)
        # the person's latest turn that started before now: its last position, then back to its first
        start = next((k for k in range(latest, -1, -1) if game.turn_seat(self.states[k]) == person
                      and k < len(self.actions)), None)
        if start is None:
            return None
        turn = game.turn_count(self.states[start])
        while start > 0 and game.turn_seat(self.states[start - 1]) in (person, None) \
                and game.turn_count(self.states[start - 1]) == turn:
            start -= 1
        return start

    def takeback(self, lang: str) -> None:
        """Back to :meth:`takeback_to`: the dealer is wound back with the game, so the same dice come again."""
        game = self.require_game()
        to = self.takeback_to()
        if to is None:
            refuse("no_undo", lang)
        self.states, self.actions = self.states[: to + 1], self.actions[:to]
        dealer = Dealer(self.record.seed if self.record is not None else None)
        for state, action in zip(self.states, self.actions):
            if game.is_outcome(state, action):
                dealer.pick(game, state)
        self.dealer = dealer
        self.rewrite_log(lang)
        self.ui = self.view.initial_ui()
        self.redo = []
        self.person_acted = True
        self.changed = True

    def redo_one(self, lang: str) -> None:
        game = self.require_game()
        if not self.redo:
            refuse("no_redo", lang)
        text = self.redo.pop()
        keep = self.redo
        self.play(game.parse_action(text), lang)
        self.redo = keep
        self.person_acted = True

    # -- the replay ----------------------------------------------------------------------
    def view_step(self, step: int | None, lang: str) -> None:
        """Show step ``step`` of the game (None, or the last step: the live position, which ends any autoplay)."""
        if step is not None and not 0 <= step <= len(self.actions):
            refuse("no_step", lang, step=step, count=len(self.actions))
        self.viewing = None if step is None or step == len(self.actions) else step
        if self.viewing is None:
            self.autoplay_ms = None

    def start_autoplay(self, step_ms: int, lang: str) -> None:
        """The replay plays itself, a step every ``step_ms``: from the start when the live position is shown."""
        if not self.actions:
            return  # nothing to replay
        if self.viewing is None:
            self.view_step(0, lang)
        self.autoplay_ms = step_ms

    def autoplay_step(self) -> None:
        """The autoplaying replay's next step (at the live position, it stops)."""
        if self.autoplay_ms is None or self.viewing is None:
            self.autoplay_ms = None
            return
        self.view_step(self.viewing + 1, "en")  # always a step of the game: never refused

    # -- what the page is told about the game ---------------------------------------------
    def current_record(self) -> GameRecord:
        game = self.require_game()
        record = self.record
        if record is None:  # set together with the game
            raise RecordError("no game is running")
        return record.model_copy(update={"actions": [game.format_action(a) for a in self.actions]})

    def you(self, interactive: int | None) -> int | None:
        """The seat of the person at this screen: the one person playing, or in hot-seat whoever may act."""
        if self.record is None:
            return None
        people = [i for i, seat in enumerate(self.record.seats) if seat.controller == PERSON]
        if len(people) == 1:
            return people[0]
        return interactive

    def recent(self, shown: int, seat: int | None) -> tuple[Recent, ...]:
        """The actions since ``seat``'s last own action (its own dice included), up to step ``shown``."""
        game = self.require_game()
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

    def autosave(self, *, now_ms: float) -> dict[str, Any] | None:
        """The storage entry of this game, once a person has acted in it and it has moved (else None).

        The page stores it as it is under :func:`ui.store.saves.storage_key`; only the
        live position is saved (a replay being watched changes nothing), and a
        reopened game is written again only once it moves on.
        """
        game = self.require_game()
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
            saved=now_ms,
            finished=finished,
            summary=summary,
            record=self.current_record().model_dump(mode="json"),
        )
        return entry_json(entry)

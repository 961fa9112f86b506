"""When the bots play: the pace a person follows the game at, a search bot's thinking in slices, "Skip to my turn".

The replay's autoplay is paced here too: while a replay is watched the bots
wait, and a replay that plays itself moves on one step a tick.

The page polls ``{"op": "tick"}`` after the screen's ``tick_ms``; each tick
plays at most one step of the live game (:class:`ui.app.live_game.LiveGame`) or
does one slice of a search bot's thinking, so the worker can take the next
message (a new game, leaving) between slices.
"""

from __future__ import annotations

import math
import time
from typing import Any

from engine.core import CHANCE, TERMINAL
from ui.app.live_game import LiveGame
from ui.app.players import PERSON

#: Milliseconds between a bot's steps, so a person can follow the game.
BOT_PACE_MS = 650
CHANCE_PACE_MS = 350
#: A bot's step it had decided before (the rest of a turn it planned whole, as
#: Trice's bots do, or its only choice) follows after this share of the pace:
#: the person saw the turn begin, and each move still plays its animation
#: (0.45 s) before the next. A hard Trice bot's turn of nine steps took 8.7 s.
DECIDED_PACE_SHARE = 0.75
#: A thinking bot works in slices this long, so the worker can take the
#: next message (a new game, leaving) between them.
THINK_SLICE_S = 0.05


class BotScheduler:
    """The bots of one live game and their timing."""

    def __init__(self) -> None:
        #: The bot of each seat a bot plays.
        self.bots: dict[int, Any] = {}
        self.pace_ms = BOT_PACE_MS
        self.thinking: Any = None  # a search bot's search in progress (a generator)
        #: A search bot thinks during the pace after the last step; a move found before the
        #: pace is up waits here as (action, when it may be played).
        self.thought: tuple[Any, float] | None = None
        #: "Skip to my turn": the bots play at once until a person can act.
        self.skipping = False
        #: Nothing plays on its own: a lesson's drill has played its last action (the game may go on).
        self.halted = False

    def seat(self, bots: dict[int, Any]) -> None:
        """A new game's bots: any bot still thinking over the last game stops."""
        self.bots = bots
        self.stop_thinking()
        self.skipping = False
        self.halted = False

    def stop_thinking(self) -> None:
        self.thinking = None
        self.thought = None

    def tick(self, live: LiveGame, lang: str) -> None:
        """One automatic step of the live game: a bot's action, a slice of its thinking, a chance step nobody
        owns, or the next step of a replay that plays itself."""
        game = live.require_game()
        if live.viewing is not None:  # the bots wait while the replay is watched; it may play itself
            live.autoplay_step()
            return
        if game.is_terminal(live.state) or self.halted:
            return
        player = game.current_player(live.state)
        if player == CHANCE:
            owner = game.turn_seat(live.state)
            if owner is None or owner in self.bots:
                live.play(live.dealer.pick(game, live.state), lang)
            return
        if player not in self.bots:
            return
        bot = self.bots[player]
        if not hasattr(bot, "think"):
            live.play(bot.choose(game, live.state), lang)
            return
        # A search bot thinks in slices; each tick does one slice of work, from the
        # moment the last step is shown: the pace a person follows the game at hides
        # the thought, and the move waits for the pace to be up.
        # Skipping to the person's turn, it plays its best move found so far.
        if self.thought is not None:
            action, due = self.thought
            if self.skipping or time.perf_counter() >= due:
                self.thought = None
                live.play(action, lang)
            return
        deadline = time.perf_counter() + THINK_SLICE_S
        try:
            if self.thinking is None:
                self.thinking = bot.think(game, live.state, slice_seconds=THINK_SLICE_S)
                next(self.thinking)
            if self.skipping:
                self.thinking.send("hurry")
            while time.perf_counter() < deadline:
                next(self.thinking)
        except StopIteration as done:
            self.thinking = None
            decided = bot.last is None  # no search ran: the next step of its plan, or its only choice
            due = live.stepped_at + self.pace_ms * (DECIDED_PACE_SHARE if decided else 1) / 1000
            if not self.skipping and time.perf_counter() < due:
                self.thought = (done.value, due)
            else:
                live.play(done.value, lang)

    def skip(self, live: LiveGame, lang: str) -> None:
        """Play the bots' steps at once up to a person's next decision (a thinking bot plays its best so far)."""
        if live.interactive_seat() is not None:
            return
        self.skipping = True
        if self.thought is not None:
            action, self.thought = self.thought[0], None
            live.play(action, lang)
        elif self.thinking is not None:
            try:
                self.thinking.send("hurry")
            except StopIteration as done:
                self.thinking = None
                live.play(done.value, lang)

    def settle(self, live: LiveGame) -> None:
        """Skipping ends once a person may act (before the screen is drawn)."""
        if self.skipping and live.game is not None and live.interactive_seat() is not None:
            self.skipping = False

    def next_tick_ms(self, live: LiveGame, *, analysing: bool = False) -> int | None:
        """How long the page waits before its next tick (None: nothing will move on its own).

        An analysis under way works at once; a replay being watched waits, unless it plays itself.
        """
        game = live.game
        if game is None:
            return None
        if analysing:
            return 0
        if live.viewing is not None:
            return live.autoplay_ms
        player = game.current_player(live.state)
        if player == TERMINAL or self.halted:
            return None
        if self.thinking is not None:
            return 0
        if self.thought is not None:
            return 0 if self.skipping else max(0, math.ceil((self.thought[1] - time.perf_counter()) * 1000))
        pace = 0 if self.skipping else self.pace_ms
        if player == CHANCE:
            owner = game.turn_seat(live.state)
            if owner is None and live.bot_turn_owner(live.state) is not None:
                return 0  # a bot's own ball leaves as it fires: its flight is drawn with the next step's pace
            return min(CHANCE_PACE_MS, pace) if owner is None or owner in self.bots else None
        if player in self.bots:
            return 0 if hasattr(self.bots[player], "think") else pace  # a search bot starts thinking at once
        return None

    def thinking_share(self, live: LiveGame) -> float | None:
        """The share of its turn's thinking budget spent by the search bot whose turn it is (None: no such bot)."""
        game = live.require_game()
        state = live.state
        if game.is_terminal(state):
            return None
        seat = game.turn_seat(state)
        if seat is None:
            seat = live.bot_turn_owner(state)
        bot = self.bots.get(seat) if seat is not None else None
        progress = getattr(bot, "turn_progress", None)
        return None if progress is None else progress(game, state)

    def skippable(self, live: LiveGame, interactive: int | None) -> bool:
        """Whether "Skip to my turn" has anything to skip: bots to play before a person may act.

        Not while a person's own step plays out (Siege's ball in flight after their shot: a chance
        step of nobody's, in their turn), nor in a game without a person.
        """
        game = live.require_game()
        if interactive is not None or game.is_terminal(live.state) or live.viewing is not None or self.halted:
            return False
        if live.record is None or not any(s.controller == PERSON for s in live.record.seats):
            return False
        # whose turn this is: the seat of the latest position that has one (none yet: the draw)
        for state in reversed(live.states):
            seat = game.turn_seat(state)
            if seat is not None:
                return seat in self.bots
        return True

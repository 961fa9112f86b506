"""The search bot: difficulty levels as budgets, and the bot-name grammar.

A seat's controller name picks the level:

* ``mcts:easy``, ``mcts:medium``, ``mcts:hard`` (``mcts`` alone is medium):
  a time budget and an iteration cap per decision, whichever ends first;
* ``mcts:LEVEL:N`` (e.g. ``mcts:hard:300``): the level's behaviour with an
  iteration cap of ``N`` and *no* time limit, so the choice depends only on
  the seed and the position.  Tests and fast tournaments use this form.
* ``mcts:LEVEL:N/turn`` (e.g. ``mcts:hard:7000/turn``): the level's
  behaviour with ``N`` iterations for a whole turn, spread over the turn's
  decisions as the level spreads its time (:mod:`engine.ai.budget`), and no
  clock: the deterministic stand-in of a level whose time is per turn.
* ``mcts:LEVEL:Ns`` (e.g. ``mcts:hard:4s``): the level's behaviour with a
  budget of ``N`` seconds per decision and no iteration cap worth the name, so a decision
  lasts that long on any machine (a test that watches the page while a bot
  thinks needs a thought that a fast machine does not cut short).

Each decision searches from scratch with a seed derived from the bot's seed
and the position, so the same bot (or a new one with the same seed) makes the
same choice in the same position, whatever was played before.

>>> from engine.examples.pig import Pig
>>> game = Pig()
>>> bot = make_search_bot(game, "mcts:hard:200", seed=5)
>>> bot.level
Level(name='hard', seconds=None, iterations=200, blunder=0.0, blunder_margin=0.0, tree_depth=None, lookahead=None, hand=None, turn_seconds=None, turn_iterations=None, turn_share=0.5)
>>> bot.choose(game, game.new(2)) == make_search_bot(game, "mcts:hard:200", seed=5).choose(game, game.new(2))
True
>>> make_search_bot(game, "mcts:genius", seed=5)
Traceback (most recent call last):
...
engine.core.UnknownBot: unknown search level 'genius' in 'mcts:genius'; use mcts:easy, mcts:medium or mcts:hard, optionally with :ITERATIONS (e.g. mcts:hard:300), :ITERATIONS/turn (e.g. mcts:hard:7000/turn) or :SECONDSs (e.g. mcts:hard:4s)
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Generator
from dataclasses import replace
from typing import Any

from engine.ai.budget import TurnBudget
from engine.ai.mcts import NO_SPEC, Plan, Search
from engine.ai.search_spec import LEVELS, Level, Profile, SearchSpec
from engine.bounded import shorten
from engine.core import Game, UnknownBot

__all__ = [
    "HELP", "LEVELS", "Level", "SearchBot", "level_profile", "make_search_bot", "parse_level", "position_seed", "turn_key",
]


HELP = (
    "use mcts:easy, mcts:medium or mcts:hard, optionally with :ITERATIONS (e.g. mcts:hard:300),"
    " :ITERATIONS/turn (e.g. mcts:hard:7000/turn) or :SECONDSs (e.g. mcts:hard:4s)"
)

#: The longest time budget a bot name may ask for, in seconds.
MAX_SECONDS = 60
#: The iteration cap of a bot budgeted by time only: more than any machine runs in MAX_SECONDS.
UNCAPPED = 1_000_000_000


def parse_level(name: str, spec: SearchSpec = NO_SPEC) -> Level:
    """The level a bot name asks for (as the game of ``spec`` plays it); raises :class:`~engine.core.UnknownBot`.

    >>> parse_level("mcts:easy").seconds
    0.2
    >>> parse_level("mcts:hard:50")
    Level(name='hard', seconds=None, iterations=50, blunder=0.0, blunder_margin=0.0, tree_depth=None, lookahead=None, hand=None, turn_seconds=None, turn_iterations=None, turn_share=0.5)
    >>> parse_level("mcts").name
    'medium'
    >>> parse_level("mcts:hard:4s").seconds, parse_level("mcts:hard:4s").iterations == UNCAPPED
    (4.0, True)
    >>> turn = parse_level("mcts:hard:7000/turn")
    >>> turn.seconds, turn.turn_seconds, turn.turn_iterations, turn.iterations
    (None, None, 7000, 4000)
    >>> parse_level("mcts:hard:0s")
    Traceback (most recent call last):
    ...
    engine.core.UnknownBot: '0s' in 'mcts:hard:0s' is not a time budget from 1s to 60s; use mcts:easy, mcts:medium or mcts:hard, optionally with :ITERATIONS (e.g. mcts:hard:300), :ITERATIONS/turn (e.g. mcts:hard:7000/turn) or :SECONDSs (e.g. mcts:hard:4s)
    """
    parts = name.split(":")
    if parts[0] != "mcts" or len(parts) > 3:
        raise UnknownBot(f"{shorten(name)} is not a search bot name; {HELP}")
    level_name = parts[1] if len(parts) > 1 else "medium"
    if level_name not in LEVELS:
        raise UnknownBot(f"unknown search level {shorten(level_name)} in {shorten(name)}; {HELP}")
    level = spec.level(level_name)
    if len(parts) == 3 and parts[2].endswith("s") and parts[2][:-1].isascii() and parts[2][:-1].isdigit():
        seconds = parts[2][:-1]
        if len(seconds) > 2 or not 1 <= int(seconds) <= MAX_SECONDS:
            raise UnknownBot(f"{shorten(parts[2])} in {shorten(name)} is not a time budget from 1s to {MAX_SECONDS}s; {HELP}")
        level = replace(level, seconds=float(seconds), iterations=UNCAPPED, turn_seconds=None)
    elif len(parts) == 3:
        count, per_turn = parts[2], False
        if count.endswith("/turn"):
            count, per_turn = count[: -len("/turn")], True
        if not (count.isascii() and count.isdigit() and len(count) <= 7) or not 1 <= int(count) <= 1_000_000:
            raise UnknownBot(f"{shorten(parts[2])} in {shorten(name)} is not an iteration count from 1 to 1000000; {HELP}")
        if per_turn:  # the level's cap for one decision stays; the turn's iterations replace its time
            level = replace(level, seconds=None, turn_seconds=None, turn_iterations=int(count))
        else:
            level = replace(level, seconds=None, iterations=int(count), turn_seconds=None)
    return level


def level_profile(profile: Profile, level: Level) -> Profile:
    """The game's search profile as ``level`` narrows it (tree depth, lookahead).

    >>> planner = Profile(exploration=0.25, playout_depth=300, playout_turns=3, prior_depth=0, tree_depth=1, plans=8)
    >>> level_profile(planner, LEVELS["medium"]).playout_turns
    2
    >>> level_profile(planner, LEVELS["easy"]).playout_depth
    0
    >>> level_profile(planner, LEVELS["hard"]) == planner
    True
    >>> level_profile(Profile(), LEVELS["medium"]).playout_turns  # a playout to the end, now cut after 2 turns
    2
    """
    if level.tree_depth is not None and level.tree_depth < profile.tree_depth:
        profile = replace(profile, tree_depth=level.tree_depth)
    if level.lookahead is not None and profile.playout_depth > 0:
        if level.lookahead == 0:
            profile = replace(profile, playout_depth=0, playout_turns=0)
        elif profile.playout_turns == 0 or level.lookahead < profile.playout_turns:
            profile = replace(profile, playout_turns=level.lookahead)
    return profile


def position_seed(seed: int, game: Game[Any, Any], state: Any) -> int:
    """A seed for one decision from the bot's seed and the position (stable across runs).

    >>> from engine.examples.pig import Pig
    >>> game = Pig()
    >>> position_seed(1, game, game.new(2)) == position_seed(1, game, game.new(2))
    True
    >>> position_seed(1, game, game.new(2)) == position_seed(2, game, game.new(2))
    False
    """
    text = json.dumps(game.state_to_json(state), sort_keys=True, separators=(",", ":"))
    digest = hashlib.blake2b(f"{seed}|{game.name}|{text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class SearchBot:
    """A seat played by Monte-Carlo tree search at a given :class:`Level`.

    After each :meth:`choose`, :attr:`last` holds the search (iterations,
    seconds, and :meth:`~engine.ai.mcts.Search.summary` of the root).
    """

    def __init__(
        self, game: Game[Any, Any], level: Level, seed: int = 0, profile: Profile | None = None, *, spec: SearchSpec = NO_SPEC
    ) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.spec = spec
        self.profile = level_profile(profile or spec.profile, level)
        self.last: Search | None = None
        # the rest of the whole-turn plan chosen at the turn's first decision:
        # (expected state, action) pairs, followed while the positions match
        self._plan: list[tuple[Any, Any]] = []
        # the budget of the turn in hand (None: each decision has the level's own budget), and its turn
        self._budget: TurnBudget | None = None
        self._turn: tuple[Any, ...] | None = None
        # the decision under way: when it started, and its search
        self._thinking: tuple[float, Search] | None = None

    def start(self, game: Game[Any, Any], state: Any) -> Search:
        """A fresh search for ``state`` (the worker runs it in slices)."""
        seed = position_seed(self.seed, game, state)
        heuristic = self.spec.bot("heuristic", seed % 2**31)
        return Search(game, state, seed=seed, spec=self.spec, profile=self.profile, heuristic=heuristic)

    def _turn_budget(self, game: Game[Any, Any], state: Any) -> TurnBudget | None:
        """The budget of the turn ``state`` belongs to: the same as the last decision's within a turn, a new one for a new turn."""
        level = self.level
        if level.turn_iterations is not None:
            total, cap = float(level.turn_iterations), float(level.iterations)
        elif level.turn_seconds is not None and level.seconds is not None:
            total, cap = level.turn_seconds, level.seconds
        else:
            return None
        turn = turn_key(game, state)
        if self._budget is None or turn is None or turn != self._turn:
            self._budget = TurnBudget(total=total, share=level.turn_share, cap=cap)
            self._turn = turn
        return self._budget

    def allowance(self, budget: TurnBudget | None, *, last: bool = False) -> tuple[float | None, int]:
        """(seconds, iterations) the next decision may spend: the turn's allowance (all that is left for
        the turn's ``last`` search), else the level's own budget."""
        level = self.level
        if budget is None:
            return level.seconds, level.iterations
        allowed = budget.rest() if last else budget.allow()
        if level.turn_iterations is not None:
            return None, max(1, int(allowed))
        return allowed, level.iterations

    def progress(self) -> float:
        """The share of the turn's budget spent so far (the decision under way included), 0..1, for the page to show.

        A level without a turn budget counts one decision's budget (time, else iterations).
        """
        budget, thinking = self._budget, self._thinking
        if thinking is None:
            return budget.fraction() if budget is not None else 0.0
        since, search = thinking
        level = self.level
        if budget is not None:
            if level.turn_iterations is not None:
                return budget.fraction(search.iterations)
            return budget.fraction(time.perf_counter() - since)
        if level.seconds is not None:
            return min(1.0, (time.perf_counter() - since) / level.seconds)
        return min(1.0, search.iterations / max(1, level.iterations))

    def turn_progress(self, game: Game[Any, Any], state: Any) -> float:
        """:meth:`progress` in the turn ``state`` belongs to: 0 until the bot's first thought of a new turn.

        >>> from engine.examples.pig import Pig
        >>> game = Pig()
        >>> bot = make_search_bot(game, "mcts:hard:100/turn", seed=1)
        >>> thinking = bot.think(game, game.new(2), 30)
        >>> next(thinking), bot.turn_progress(game, game.new(2))
        (30, 0.3)
        """
        if self._thinking is not None:
            return self.progress()
        turn, mine = turn_key(game, state), self._turn
        # a chance step of nobody's within the bot's turn (Siege's ball in flight) is still its turn
        if self._budget is None or turn is None or mine is None or turn[1:] != mine[1:] or turn[0] not in (None, mine[0]):
            return 0.0
        return self.progress()

    def finish(self, search: Search) -> Any:
        """The action to play once the search is over (the level's imperfection applies)."""
        ranked = search.ranked()
        choice = ranked[0]
        if self.level.blunder > 0 and len(ranked) > 1:
            seat = search.root.player
            runner_up = ranked[1]
            close = runner_up[1].mean(seat) >= choice[1].mean(seat) - self.level.blunder_margin
            # an action that ends the game (a won hold, a final capture) is never passed up
            ends = choice[1].terminal_value is not None
            if close and not ends and search.rng.random() < self.level.blunder:
                choice = runner_up
        action = choice[0]
        if self.level.hand is not None and not isinstance(action, Plan):
            hand = self.spec.bot(self.level.hand, search.rng.randrange(2**31))
            shake = getattr(hand, "shake", None)
            if shake is not None:
                action = shake(search.root.state, action)
        if isinstance(action, Plan):
            # Nothing is left to chance within a turn and no one else moves, so
            # a new search at the plan's next step would know no more than this
            # one: the plan's later steps are played without searching again.
            self._plan = []
            state = search.root.state
            for step in action:
                self._plan.append((state, step))
                state = search.game.next_state(state, step)
            return self._plan.pop(0)[1]
        return action

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        """Search within the level's budget and return an action for the seat to move."""
        thinking = self.think(game, state, slice_iterations=self.level.iterations)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value

    def think(
        self, game: Game[Any, Any], state: Any, slice_iterations: int = 64, *, slice_seconds: float | None = None
    ) -> Generator[int, None, Any]:
        """The search in slices: yields the iterations done so far, returns the action.

        The page's worker drives it and yields to its event loop between
        slices, so a "new game" or "leave" message can stop the bot at once;
        sending ``"hurry"`` instead of calling ``next`` ends the search with the
        best move found so far. A slice ends after ``slice_iterations``, or
        after ``slice_seconds`` when given (the page's worker gives 50 ms: an
        iteration of Trice's whole-turn search can take 10 ms, and 64 of them
        held the worker for over a second):

        >>> from engine.examples.pig import Pig
        >>> game = Pig()
        >>> thinking = make_search_bot(game, "mcts:hard:100", seed=1).think(game, game.new(2), 40)
        >>> [next(thinking), next(thinking)]
        [40, 80]
        >>> try:
        ...     next(thinking)
        ... except StopIteration as done:
        ...     print(done.value)
        roll
        """
        started = time.perf_counter()  # the set-up below counts against the budget
        budget = self._turn_budget(game, state)
        if self._plan and self._plan[0][0] == state:  # the next step of this turn's plan
            self.last = None
            return self._plan.pop(0)[1]
        self._plan = []
        actions = self.spec.candidate_actions
        options = list(actions(state)) if actions is not None else []
        if not options:
            options = game.legal_actions(state)
        if len(options) == 1:  # nothing to think about
            self.last = None
            return options[0]
        search = self.start(game, state)
        self.last = search
        seconds, cap = self.allowance(budget)
        self._thinking = (started, search)
        last_search = False
        try:
            while search.iterations < cap:
                left = None if seconds is None else seconds - (time.perf_counter() - started)
                if left is not None and left <= 0 and search.iterations > 0:
                    # Out of time, but never before one iteration: a slow start (a page on a
                    # phone, cold caches) must still leave a move to choose from.
                    break
                this_slice = left if slice_seconds is None else slice_seconds if left is None else min(left, slice_seconds)
                search.run(iterations=min(slice_iterations, cap - search.iterations), seconds=this_slice)
                if budget is not None and not last_search and search.root.actions and isinstance(search.root.actions[0], Plan):
                    # the root chooses among whole-turn plans: no search follows this one in the turn
                    last_search = True
                    seconds, cap = self.allowance(budget, last=True)
                still_time = search.iterations < cap and (left is None or time.perf_counter() - started < seconds)
                # The driver may send "hurry" (a person skips to their turn): play the best move found so far.
                if still_time and (yield search.iterations) == "hurry":
                    break
        finally:
            self._thinking = None
            if budget is not None:
                budget.spend(search.iterations if self.level.turn_iterations is not None else time.perf_counter() - started)
        return self.finish(search)


def turn_key(game: Game[Any, Any], state: Any) -> tuple[Any, ...] | None:
    """Which turn ``state`` is in (the seat and the turn's number), or ``None`` for a game that counts no turns.

    >>> import engine
    >>> siege = engine.get("siege")
    >>> s = siege.apply(siege.apply(siege.new(2), siege.parse_action("first blue")), siege.parse_action("dice 4 4"))
    >>> turn_key(siege, s) == turn_key(siege, siege.apply(s, siege.parse_action("end"))), turn_key(siege, s)
    (False, (0, 1))
    >>> from engine.examples.pig import Pig
    >>> turn_key(Pig(), Pig().new(2)) is None  # each decision is then a turn of its own
    True
    """
    if type(game).turn_count is Game.turn_count:
        return None
    return (game.turn_seat(state), game.turn_count(state))


def make_search_bot(game: Game[Any, Any], name: str, seed: int = 0, *, spec: SearchSpec = NO_SPEC) -> SearchBot:
    """The search bot called ``name`` (see the module docstring) for ``game``, which ``spec`` describes."""
    return SearchBot(game, parse_level(name, spec), seed, spec=spec)

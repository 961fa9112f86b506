"""The one protocol every game implements, in the manner of OpenSpiel.

A :class:`Game` holds fixed metadata and pure functions; a state is a plain,
game-specific value that is never mutated.  Every random event is a *chance
step*: while :meth:`Game.current_player` is :data:`CHANCE`, the legal actions
are the outcomes of :meth:`Game.chance_outcomes` and a :class:`Dealer` outside
the state picks one.  The chosen outcome is an action like any other, so a game
record (the seed plus every action) replays identically anywhere, and a bot
can sample future dice fairly instead of reading them.

The demonstration below uses the tiny dice game that ships with the tests;
the real games are used the same way:

>>> from tests.pig import Pig
>>> game = Pig()
>>> state = game.new(2)
>>> game.current_player(state)
0
>>> game.legal_actions(state)
['roll', 'hold']
>>> state = game.apply(state, "roll")
>>> game.current_player(state) == CHANCE
True
>>> game.chance_outcomes(state)[0]
('die 1', 0.16666666666666666)
>>> after = game.apply(state, "die 5")
>>> game.describe(state, "die 5")
'Seat 1 rolls a 5.'
>>> game.apply(state, "die 9")
Traceback (most recent call last):
...
engine.core.IllegalAction: illegal action 'die 9': 'die 9' is not a die face; expected one of die 1..die 6
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar, Generic, TypeVar

State = TypeVar("State")
Action = TypeVar("Action", bound=Hashable)


class Actor(IntEnum):
    """Who acts next when it is not a seat: chance, or nobody (game over)."""

    CHANCE = -1
    TERMINAL = -2


CHANCE = Actor.CHANCE
TERMINAL = Actor.TERMINAL


class IllegalAction(ValueError):
    """An action that the rules refuse in this position.

    The message names the action and the reason, so it can be shown to a
    player as it is (``lang`` "fr" for a French page).

    >>> str(IllegalAction("move a1 b1", "a1 is empty"))
    "illegal action 'move a1 b1': a1 is empty"
    >>> str(IllegalAction("move a1 b1", "a1 est vide", "fr"))
    'coup refusé « move a1 b1 » : a1 est vide'
    """

    def __init__(self, action: str, reason: str, lang: str = "en") -> None:
        self.action = action
        self.reason = reason
        if lang == "fr":
            super().__init__(f"coup refusé « {action} » : {reason}")
        else:
            super().__init__(f"illegal action {action!r}: {reason}")


class BadOptions(ValueError):
    """Game options (or a seat count) that a game does not accept."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won, and a score per seat (1 win, 0 loss).

    A shared win splits the point, so scores always add up to 1.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]

    @classmethod
    def win(cls, winner: int, seats: int) -> Outcome:
        """One winner among ``seats`` seats.

        >>> Outcome.win(1, 3)
        Outcome(winners=(1,), scores=(0.0, 1.0, 0.0))
        """
        return cls((winner,), tuple(1.0 if s == winner else 0.0 for s in range(seats)))


class Game(ABC, Generic[State, Action]):
    """Fixed metadata plus the pure functions of one game.

    Subclasses set the class attributes and implement the abstract methods.
    ``apply`` validates; ``next_state`` is the unchecked fast path for bots,
    to be called only with an action taken from ``legal_actions``.

    A game may also offer the search bot (:mod:`engine.ai`) optional methods
    (:data:`engine.ai.mcts.HOOKS`): ``evaluate(state)``, each seat's estimated
    share of the win for playouts cut off early; ``candidate_actions(state)``,
    the few actions worth searching when ``legal_actions`` is huge (Siege's
    aims); ``turn_plans(state, count)``, whole chance-free turns to choose
    among (Trice).  A game without them is searched over ``legal_actions``
    with playouts to the end.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    #: Version of the record and state formats; a newer record is refused.
    format_version: ClassVar[int] = 1
    #: What changed in the rules with each format (``{2: "..."}``), in words
    #: for a player whose older record cannot be replayed any more.
    format_changes: ClassVar[dict[int, str]] = {}

    # -- creation -------------------------------------------------------
    @abstractmethod
    def new(self, seats: int, options: Mapping[str, Any] | None = None) -> State:
        """The starting state for ``seats`` players (raises :class:`BadOptions`)."""

    def check_seats(self, seats: int) -> None:
        """Raise :class:`BadOptions` unless the seat count fits this game."""
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            span = (
                str(self.min_seats)
                if self.min_seats == self.max_seats
                else f"{self.min_seats} to {self.max_seats}"
            )
            raise BadOptions(f"{self.title} is played by {span} players, not {seats}")

    def options(self, state: State) -> dict[str, Any]:
        """The options the game was created with (for records)."""
        return {}

    # -- whose turn and what may happen -------------------------------------
    @abstractmethod
    def seats(self, state: State) -> int:
        """How many seats play in this state."""

    @abstractmethod
    def current_player(self, state: State) -> int:
        """The seat to act, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action; at a chance step, the possible outcomes."""

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance step, else ``[]``."""
        return []

    def chance_step_actions(self, state: State) -> list[Action]:
        """Actions the turn's seat may take while a chance step waits (none by default).

        A rule may let a player act before the dice are rolled (Trice's free
        placement, "à tout moment pendant votre tour").  The roll stays a
        chance step, so the dealer, the bots and the search see the same
        tree; such an action is accepted by :meth:`apply` at that step and
        leaves the chance step waiting.  It is never an outcome: the dealer
        and the bots never pick it, and ``legal_actions`` stays the outcomes.
        """
        return []

    def is_outcome(self, state: State, action: Action) -> bool:
        """Whether ``action`` played in ``state`` is a chance outcome (not a seat's choice).

        >>> from tests.pig import Pig
        >>> game = Pig()
        >>> game.is_outcome(game.new(2), "roll"), game.is_outcome(game.apply(game.new(2), "roll"), "die 3")
        (False, True)
        """
        return self.is_chance(state) and action not in self.chance_step_actions(state)

    def actor(self, state: State, action: Action) -> int:
        """Who played ``action`` in ``state``: a seat, or :data:`CHANCE` for an outcome."""
        if self.is_outcome(state, action):
            return CHANCE
        player = self.current_player(state)
        if player == CHANCE:  # a seat's action while its chance step waits
            seat = self.turn_seat(state)
            return CHANCE if seat is None else seat
        return player

    def is_chance(self, state: State) -> bool:
        return self.current_player(state) == CHANCE

    def is_terminal(self, state: State) -> bool:
        return self.current_player(state) == TERMINAL

    # -- moving -------------------------------------------------------------
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises :class:`IllegalAction` if refused.

        Never mutates ``state``.
        """
        if action not in self.legal_actions(state) and action not in self.chance_step_actions(state):
            raise IllegalAction(self._action_text(action), self.why_illegal(state, action))
        return self.next_state(state, action)

    @abstractmethod
    def next_state(self, state: State, action: Action) -> State:
        """The state after a legal ``action`` (unchecked fast path)."""

    def why_illegal(self, state: State, action: Action, lang: str = "en") -> str:
        """Why ``action`` is refused here, in words for a player (English, or French for "fr").

        A game without French reasons answers in English.
        """
        fr = lang == "fr"
        if self.is_terminal(state):
            return "la partie est finie" if fr else "the game is over"
        return "ce coup n'est pas permis dans cette position" if fr else "it is not a legal action in this position"

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    def returns(self, state: State) -> tuple[float, ...]:
        """Score per seat: the outcome's scores at the end, else zeros."""
        result = self.outcome(state)
        if result is None:
            return tuple(0.0 for _ in range(self.seats(state)))
        return result.scores

    # -- words ---------------------------------------------------------------
    @abstractmethod
    def describe(self, state: State, action: Action, lang: str = "en") -> str:
        """One sentence for the game log about ``action`` played in ``state``.

        ``lang`` is the page's language ("en" or "fr"); a game without words
        in that language answers in English.
        """

    def seat_name(self, state: State, seat: int) -> str:
        return f"Seat {seat + 1}"

    def turn_seat(self, state: State) -> int | None:
        """The seat whose turn it is, also during its own chance steps.

        ``None`` before the first turn (e.g. while chance picks who starts)
        and once the game is over.  The page uses it to let a person roll
        their own dice while a bot's dice are rolled for it.
        """
        player = self.current_player(state)
        return player if player >= 0 else None

    def turn_count(self, state: State) -> int:
        """How many turns have been played (for statistics)."""
        return 0

    def make_bot(self, name: str, seed: int) -> Any:
        """A game-specific bot (e.g. ``heuristic``), or ``None`` if unknown."""
        return None

    # -- older records -----------------------------------------------------------
    def upgrade_options(self, fmt: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a record written in the older format ``fmt``, in today's terms.

        A game whose defaults changed names the old ones here, so an older
        record replays with the rules it was played with.  Default: unchanged.
        """
        return dict(options)

    def implied_actions(self, fmt: int, state: State, next_action: Any | None) -> list[Action]:
        """Actions that a record of the older format ``fmt`` leaves out before ``next_action``.

        ``next_action`` is the record's next action (parsed), or ``None`` at its
        end.  A rule change may turn a step that was played by itself into a
        choice (Piratissimo's home port); the older record's meaning is then
        the choice it made by itself.  Default: none.
        """
        return []

    # -- JSON ------------------------------------------------------------------
    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The action as text (its JSON form); inverse of :meth:`parse_action`."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse an action's text; raises :class:`IllegalAction` on nonsense."""

    @abstractmethod
    def state_to_json(self, state: State) -> dict[str, Any]:
        """The state as JSON-ready data."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`state_to_json`; raises ``ValueError`` on bad data."""

    def _action_text(self, action: Any) -> str:
        try:
            return self.format_action(action)
        except Exception:  # a malformed action has no text form: show its repr
            return repr(action)


class Dealer:
    """Picks chance outcomes from a seed; lives outside every state.

    >>> from tests.pig import Pig
    >>> game = Pig()
    >>> state = game.apply(game.new(2), "roll")
    >>> Dealer(7).pick(game, state) == Dealer(7).pick(game, state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        self._rng = random.Random(self.seed)

    def pick(self, game: Game[Any, Any], state: Any) -> Any:
        outcomes = game.chance_outcomes(state)
        if not outcomes:
            raise ValueError("the dealer was asked to deal outside a chance step")
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return self._rng.choices(actions, weights)[0]


def sample_chance(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A fair draw of a chance outcome from its probabilities (for bots)."""
    outcomes = game.chance_outcomes(state)
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r < 0:
            return action
    return outcomes[-1][0]


def play_out(
    game: Game[Any, Any],
    state: Any,
    choose: Sequence[Any] | Any,
    dealer: Dealer,
    *,
    max_actions: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play to the end: ``choose(game, state, seat)`` picks a seat's action.

    ``choose`` is one callable or a sequence with one per seat.  Returns the
    final state and the list of actions taken (chance outcomes included).
    """
    actions: list[Any] = []
    for _ in range(max_actions):
        player = game.current_player(state)
        if player == TERMINAL:
            return state, actions
        if player == CHANCE:
            action = dealer.pick(game, state)
        else:
            pick = choose[player] if isinstance(choose, Sequence) else choose
            action = pick(game, state, player)
        state = game.apply(state, action)
        actions.append(action)
    raise RuntimeError(f"{game.name}: no end after {max_actions} actions")

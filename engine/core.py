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

>>> from engine.examples.pig import Pig
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
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from engine.bounded import clip, shorten

State = TypeVar("State")
Action = TypeVar("Action", bound=Hashable)


class Actor(IntEnum):
    """Who acts next when it is not a seat: chance, or nobody (game over)."""

    CHANCE = -1
    TERMINAL = -2


CHANCE = Actor.CHANCE
TERMINAL = Actor.TERMINAL


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse an action, as data: the words come later, in the player's language.

    ``rule`` is the rulebook clause that refuses it ("SG-03"), or ``None`` for
    a refusal the book does not spell out (the game is over, a chance step
    waits); ``key`` names the reason ("roll_first"), one entry of the game's
    table of words; ``values`` are what those words need (cells, levels,
    points), never words themselves.  A game's ``check`` returns one, or
    ``None`` for a legal action; its ``words`` module says it.

    >>> Refusal("SG-03", "roll_first")
    Refusal(rule='SG-03', key='roll_first', values={})
    >>> Refusal(None, "spot_taken", {"spot": "p3"}).values["spot"]
    'p3'
    """

    rule: str | None
    key: str
    values: Mapping[str, Any] = field(default_factory=dict, hash=False)


class IllegalAction(ValueError):
    """An action that the rules refuse in this position.

    The message names the action (shortened: it may come from outside) and
    the reason, so it can be shown to a player as it is (``lang`` "fr" for a
    French page).  ``refusal`` is the reason as data (a :class:`Refusal`) when
    the game's ``check`` gave one.

    >>> str(IllegalAction("move a1 b1", "a1 is empty"))
    "illegal action 'move a1 b1': a1 is empty"
    >>> str(IllegalAction("move a1 b1", "a1 est vide", "fr"))
    'coup refusé « move a1 b1 » : a1 est vide'
    >>> str(IllegalAction("move " * 1000, "no such cell"))
    "illegal action 'move move move mo...ve move move move ': no such cell"
    >>> IllegalAction("end", "the dice must be rolled first", refusal=Refusal("SG-03", "roll_first")).refusal.rule
    'SG-03'
    """

    def __init__(self, action: str, reason: str, lang: str = "en", *, refusal: Refusal | None = None) -> None:
        self.action = action
        self.reason = reason
        self.refusal = refusal
        if lang == "fr":
            super().__init__(f"coup refusé « {clip(action)} » : {reason}")
        else:
            super().__init__(f"illegal action {shorten(action)}: {reason}")


class InvalidAction(IllegalAction):
    """Text that is no action of the game at all (a slip of syntax), told apart from an action the rules refuse now.

    It is an :class:`IllegalAction` too, so whoever shows refusals to a player
    needs one ``except``; python-chess keeps ``InvalidMoveError`` and
    ``IllegalMoveError`` apart the same way.

    >>> str(InvalidAction("fly 3", "the actions are roll and hold"))
    "not an action 'fly 3': the actions are roll and hold"
    >>> str(InvalidAction("fly 3", "les coups sont roll et hold", "fr"))
    'pas un coup « fly 3 » : les coups sont roll et hold'
    """

    def __init__(self, action: str, reason: str, lang: str = "en", *, refusal: Refusal | None = None) -> None:
        super().__init__(action, reason, lang, refusal=refusal)
        if lang == "fr":
            self.args = (f"pas un coup « {clip(action)} » : {reason}",)
        else:
            self.args = (f"not an action {shorten(action)}: {reason}",)


class BadOptions(ValueError):
    """Game options (or a seat count) that a game does not accept; the message says why in words."""


class UnknownBot(ValueError):
    """A bot name that no game or search level answers to."""


def read_options(title: str, options: Any, known: Collection[str], hint: str) -> dict[str, Any]:
    """A game's ``options`` as a dict, or :class:`BadOptions` naming what is wrong.

    ``known`` are the option names the game reads; ``hint`` tells a player
    what it knows.  Values are the game's to check.

    >>> read_options("Pig", {"target": 20}, ("target",), "it knows target")
    {'target': 20}
    >>> read_options("Pig", {"x" * 500: 1}, ("target",), "it knows target")
    Traceback (most recent call last):
    ...
    engine.core.BadOptions: Pig has no option 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'; it knows target
    >>> read_options("Pig", ["target"], ("target",), "it knows target")
    Traceback (most recent call last):
    ...
    engine.core.BadOptions: Pig's options are names and values (a JSON object), not ['target']
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise BadOptions(f"{title}'s options are names and values (a JSON object), not {shorten(options)}")
    unknown = [name for name in options if name not in known]
    if unknown:
        unknown.sort(key=lambda name: (not isinstance(name, str), str(name)[:100]))
        raise BadOptions(f"{title} has no option {shorten(unknown[0])}; {hint}")
    return dict(options)


class BadState(ValueError):
    """A state's JSON that matches no position of the game; the message names the field and why.

    >>> str(BadState("Trice", "seat must be a whole number from -1 to 2, not 5"))
    'not a Trice state: seat must be a whole number from -1 to 2, not 5'
    """

    def __init__(self, title: str, reason: str) -> None:
        self.title = title
        self.reason = reason
        super().__init__(f"not a {title} state: {reason}")


_REQUIRED: Any = object()


class StateFields:
    """Reads a state's JSON field by field for ``state_from_json``.

    Types are checked strictly (a whole number is a JSON integer, not
    ``true`` or ``2.0``) and every value against its range, so a state that
    passes cannot fail later with an ``IndexError``.  Every refusal is a
    :class:`BadState` naming the field.

    >>> read = StateFields("Pig", {"seat": 5, "banks": [1, 2], "rolling": False})
    >>> read.numbers("banks", 0, 100, sizes=range(2, 5)), read.flag("rolling")
    ((1, 2), False)
    >>> read.number("seat", 0, 3)
    Traceback (most recent call last):
    ...
    engine.core.BadState: not a Pig state: seat must be a whole number from 0 to 3, not 5
    >>> read.number("turn", 0, 3)
    Traceback (most recent call last):
    ...
    engine.core.BadState: not a Pig state: turn is missing
    """

    def __init__(self, title: str, data: Any, where: str = "") -> None:
        self.title = title
        self.where = where
        if not isinstance(data, Mapping):
            self.fail(f"{where or 'the state'} must be a JSON object, not {shorten(data)}")
        self.data = data

    def fail(self, reason: str) -> NoReturn:
        raise BadState(self.title, reason)

    def name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def raw(self, key: str, default: Any = _REQUIRED) -> Any:
        """The value of ``key`` as it is (``default`` when it is missing, if given)."""
        if key in self.data:
            return self.data[key]
        if default is _REQUIRED:
            self.fail(f"{self.name(key)} is missing")
        return default

    def number(self, key: str, low: int, high: int, default: Any = _REQUIRED) -> int:
        """A whole number from ``low`` to ``high``."""
        return self.whole(self.raw(key, default), self.name(key), low, high)

    def whole(self, value: Any, name: str, low: int, high: int) -> int:
        """``value`` (called ``name`` in the message) if it is a whole number from ``low`` to ``high``."""
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(f"{name} must be a whole number from {low} to {high}, not {shorten(value)}")
        return value

    def flag(self, key: str, default: Any = _REQUIRED) -> bool:
        """``true`` or ``false``."""
        value = self.raw(key, default)
        if not isinstance(value, bool):
            self.fail(f"{self.name(key)} must be true or false, not {shorten(value)}")
        return value

    def choice(self, key: str, choices: Collection[Any], default: Any = _REQUIRED) -> Any:
        """One of ``choices`` (texts, whole numbers or ``None``)."""
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, (str, int, type(None))) or value not in choices:
            self.fail(f"{self.name(key)} must be one of {', '.join(map(repr, choices))}, not {shorten(value)}")
        return value

    def items(self, key: str, sizes: Collection[int], default: Any = _REQUIRED) -> list[Any]:
        """A list whose length is one of ``sizes``."""
        value = self.raw(key, default)
        if not isinstance(value, list) or len(value) not in sizes:
            span = f"{min(sizes)} to {max(sizes)}" if len(sizes) > 1 else f"{min(sizes)}"
            self.fail(f"{self.name(key)} must be a list of {span} items, not {shorten(value)}")
        return value

    def numbers(self, key: str, low: int, high: int, sizes: Collection[int], default: Any = _REQUIRED) -> tuple[int, ...]:
        """A list of whole numbers from ``low`` to ``high``, as a tuple."""
        name = self.name(key)
        return tuple(
            self.whole(v, f"{name}[{i}]", low, high) for i, v in enumerate(self.items(key, sizes, default))
        )

    def rows(self, key: str, spans: Sequence[tuple[int, int]], sizes: Collection[int],
             default: Any = _REQUIRED) -> tuple[tuple[int, ...], ...]:
        """A list of rows of whole numbers, the k-th of each row from ``spans[k][0]`` to ``spans[k][1]``."""
        rows = []
        for i, row in enumerate(self.items(key, sizes, default)):
            if not isinstance(row, list) or len(row) != len(spans):
                self.fail(f"{self.name(key)}[{i}] must be a list of {len(spans)} whole numbers, not {shorten(row)}")
            rows.append(tuple(self.whole(v, f"{self.name(key)}[{i}][{k}]", *spans[k]) for k, v in enumerate(row)))
        return tuple(rows)

    def flags(self, key: str, sizes: Collection[int]) -> tuple[bool, ...]:
        """A list of ``true``/``false``, as a tuple."""
        values = self.items(key, sizes)
        for i, v in enumerate(values):
            if not isinstance(v, bool):
                self.fail(f"{self.name(key)}[{i}] must be true or false, not {shorten(v)}")
        return tuple(values)

    def choices(self, key: str, choices: Collection[str], sizes: Collection[int]) -> tuple[str, ...]:
        """A list of distinct texts, each one of ``choices``, as a tuple."""
        values = self.items(key, sizes)
        for i, v in enumerate(values):
            if not isinstance(v, str) or v not in choices:
                self.fail(f"{self.name(key)}[{i}] must be one of {', '.join(map(repr, choices))}, not {shorten(v)}")
        if len(set(values)) != len(values):
            self.fail(f"{self.name(key)} names the same thing twice")
        return tuple(values)

    def objects(self, key: str, sizes: Collection[int]) -> list[StateFields]:
        """A list of JSON objects, each read by its own :class:`StateFields`."""
        name = self.name(key)
        return [StateFields(self.title, v, f"{name}[{i}]") for i, v in enumerate(self.items(key, sizes))]


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

    What a game knows beyond its rules (its bots, an evaluation, candidate
    actions, whole-turn plans) is not here: the game's ``ai`` module declares
    it as a :class:`~engine.ai.search_spec.SearchSpec`, and the game's package ties
    both together in its :class:`~engine.spec.GameSpec`.
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

        >>> from engine.examples.pig import Pig
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
        refusal = self.check(state, action)
        if refusal is not None:
            raise IllegalAction(self._action_text(action), self.why_illegal(state, action), refusal=refusal)
        return self.next_state(state, action)

    def check(self, state: State, action: Action) -> Refusal | None:
        """The one legality check: why the rules refuse ``action`` here, as data, or ``None`` if it is legal.

        :meth:`apply` refuses exactly what this refuses, and ``legal_actions``
        lists exactly the actions it accepts.  A game whose rules name their
        reasons overrides it; by default an action is legal when it is listed.
        """
        if action in self.legal_actions(state) or action in self.chance_step_actions(state):
            return None
        return Refusal(None, "game_over" if self.is_terminal(state) else "not_legal")

    @abstractmethod
    def next_state(self, state: State, action: Action) -> State:
        """The state after a legal ``action`` (unchecked fast path)."""

    def why_illegal(self, state: State, action: Action, lang: str = "en") -> str:
        """Why ``action`` is refused here, in words for a player (English, or French for "fr").

        A game without French reasons answers in English.
        """
        refusal = self.check(state, action)
        return self.refusal_words(refusal or Refusal(None, "not_legal"), lang)

    def refusal_words(self, refusal: Refusal, lang: str = "en") -> str:
        """A :class:`Refusal` in words (English, or French for "fr"); a game with its own reasons overrides it.

        >>> from engine.examples.pig import Pig
        >>> Pig().refusal_words(Refusal(None, "game_over"), "fr")
        'la partie est finie'
        """
        fr = lang == "fr"
        if refusal.key == "game_over":
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
        """Parse an action's text; raises :class:`InvalidAction` (an :class:`IllegalAction`) on nonsense."""

    @abstractmethod
    def state_to_json(self, state: State) -> dict[str, Any]:
        """The state as JSON-ready data."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`state_to_json`; raises :class:`BadState` (a ``ValueError``) on bad data.

        Every field is checked for its type and range (see :class:`StateFields`),
        so a state that passes works with every method of the game.
        """

    def _action_text(self, action: Any) -> str:
        try:
            return self.format_action(action)
        except Exception:  # a malformed action has no text form: show its repr
            return shorten(action)


class Dealer:
    """Picks chance outcomes from a seed; lives outside every state.

    >>> from engine.examples.pig import Pig
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

"""What the search is handed: its levels, and what each game tells it.

The search (:mod:`engine.ai.mcts`, :mod:`engine.ai.bot`) knows the engine
protocol and nothing else.  What a game knows about itself reaches the
search as a :class:`SearchSpec`, declared in the game's ``ai`` module: its
tuning (:class:`Profile`), its levels where they differ from the common
:data:`LEVELS`, its own bots, and the optional knowledge the search uses when
a game offers it (an ``evaluate`` for playouts cut off early, a short list of
``candidate_actions`` for very wide positions, whole-turn ``turn_plans``).
OpenSpiel's MCTS bot is handed its evaluator the same way.

>>> spec = SearchSpec()
>>> spec.level("medium") is LEVELS["medium"]
True
>>> from dataclasses import replace
>>> patient = SearchSpec(levels={"hard": replace(LEVELS["hard"], iterations=10_000)})
>>> patient.level("hard").iterations, patient.level("easy").iterations
(10000, 200)
>>> spec.level("genius")
Traceback (most recent call last):
...
KeyError: 'genius'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: A game's own bot, made from a seed: anything with ``choose(game, state)``.
BotFactory = Callable[[int], Any]


@dataclass(frozen=True, slots=True)
class Profile:
    """How the search treats one game (each game's :class:`SearchSpec` carries its own).

    ``exploration`` is the UCB constant for scores in 0..1; ``playout_depth``
    the actions a playout may take before it is cut off and valued;
    ``heuristic_share`` the probability that a playout step asks the
    heuristic bot rather than picking a random candidate (the heuristic plays
    better but costs more); nodes with more than ``widen_above`` candidates
    are widened progressively.  ``prior_bias`` is the progressive bias
    toward the heuristic bot's own choice at a node: a bonus of
    ``prior_bias / (1 + visits)`` in the selection, so a short search starts
    from the heuristic's move and leaves it only on evidence.  The bot is
    asked for that choice only down to ``prior_depth`` plies (0: the root
    only), as a costly heuristic would otherwise eat the budget.  Seat
    decisions deeper than ``tree_depth`` plies are not expanded: they are
    leaves valued by a playout (or at once by the cut-off when
    ``playout_depth`` is 0), for games whose candidate lists are costly.
    ``playout_turns`` (if not 0) also cuts a playout off once that many turns
    have passed (a turn passes when :meth:`~engine.core.Game.turn_seat`
    changes), e.g. 1: the heuristic finishes the turn in hand, then the
    evaluation judges the position.
    """

    exploration: float = 0.7
    playout_depth: int = 300
    heuristic_share: float = 1.0
    widen_above: int = 12
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    prior_bias: float = 0.5
    prior_depth: int = 1000
    tree_depth: int = 1000
    playout_turns: int = 0
    plans: int = 0


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty: budget per decision, and deliberate imperfection.

    ``seconds`` is the time budget (``None``: no limit), ``iterations`` the
    cap.  With probability ``blunder`` the bot plays the runner-up instead of
    the best action, but only when the runner-up's expected score is within
    ``blunder_margin`` of the best and the best does not end the game (so an
    easy bot still takes a win that is on the board).  ``tree_depth`` (if
    set) caps the game profile's tree depth: easy searches one decision deep,
    which also spares it the costly candidate lists of deeper positions
    (Siege solves its aims afresh for every new layout, about 0.1 s each).

    ``lookahead`` (if set) caps how far a playout looks before the game's
    evaluation judges the position, in turns as the profile's
    ``playout_turns`` counts them: 0 judges the position right after the
    choice (chance steps still drawn fairly), 2 lets the heuristic play the
    turns up to the end of the next seat's turn (Trice: the two opponents'
    replies to a whole-turn plan; Piratissimo: the rest of the turn in hand
    and the opponent's turn).  It never lengthens the profile's own playout.

    ``hand`` (if set) names one of the game's own bots (:attr:`SearchSpec.bots`)
    whose hand the level borrows: the search chooses the action, then plays it
    as that bot's ``shake(state, action)`` would (a gunner's aim error added to
    an exact aim).  A level without a hand, or whose bot has no ``shake``,
    plays the search's choice as it is.

    ``turn_seconds`` (if set) is the thinking time of a whole turn, spread
    over the turn's decisions (:mod:`engine.ai.budget`): each decision gets
    ``turn_share`` of what is left of the turn, at most ``seconds``; a turn
    of several decisions (Siege's shots) then takes no longer to think than
    a person is willing to wait.  ``turn_iterations`` is the same budget in
    iterations (``mcts:hard:7000/turn``), for tournaments whose result must
    not depend on the machine.
    """

    name: str
    seconds: float | None
    iterations: int
    blunder: float = 0.0
    blunder_margin: float = 0.0
    tree_depth: int | None = None
    lookahead: int | None = None
    hand: str | None = None
    turn_seconds: float | None = None
    turn_iterations: int | None = None
    turn_share: float = 0.5


#: The levels offered in the game set-up.  Budgets are per decision (one
#: atomic action), tuned so that each level keeps to its think-time bar in
#: the page (easy 0.3 s, medium 1 s, hard 3 s): the time budget sits a little
#: under the bar because the last iteration and the root's set-up (the
#: heuristic's choice, a game's candidate list) come on top.  Hard also
#: thinks at most 4.8 s a turn (2.4 s, then 1.2 s, 0.6 s...), so that a whole
#: turn with the page's pace stays under 8 s.  A game tunes them for itself
#: in its :attr:`SearchSpec.levels`.
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.2, 200, blunder=0.5, blunder_margin=0.15, tree_depth=1, lookahead=0),
    "medium": Level("medium", 0.75, 1000, lookahead=2),
    "hard": Level("hard", 2.4, 4000, turn_seconds=4.8),
}


@dataclass(frozen=True)
class SearchSpec:
    """What one game hands the search (every field is optional).

    ``bots`` are the game's own bots by name (``heuristic``, Siege's gunners):
    the search asks ``bots["heuristic"]`` for its priors and playouts, and a
    level's ``hand`` names one of them.  ``levels`` replace the common
    :data:`LEVELS` of the same name.  ``evaluate(state)`` is each seat's
    estimated share of the win, for playouts cut off before the end;
    ``candidate_actions(state)`` the few actions worth searching where there
    are many (best guesses first); ``turn_plans(state, count)`` the best few
    whole chance-free turns, searched as single root choices (with a profile
    whose ``plans`` is above 0).  ``page_rate`` is the hard level's
    iterations per second in the page (``make bench``), which
    :mod:`engine.ai.speed` compares a machine with; ``forget_caches`` empties
    whatever the game's hooks remember between decisions, so that a cold
    timing starts empty.
    """

    profile: Profile = field(default_factory=Profile)
    levels: Mapping[str, Level] = field(default_factory=lambda: MappingProxyType({}))
    bots: Mapping[str, BotFactory] = field(default_factory=lambda: MappingProxyType({}))
    evaluate: Callable[[Any], Sequence[float]] | None = None
    candidate_actions: Callable[[Any], Sequence[Any]] | None = None
    turn_plans: Callable[[Any, int], Sequence[Sequence[Any]]] | None = None
    page_rate: float | None = None
    forget_caches: Callable[[], None] | None = None

    def level(self, name: str) -> Level:
        """The level ``name`` as this game plays it (a ``KeyError`` for a level nobody offers)."""
        return self.levels.get(name) or LEVELS[name]

    def bot(self, name: str, seed: int) -> Any:
        """The game's own bot ``name`` made with ``seed``, or ``None`` if it has none by that name."""
        make = self.bots.get(name)
        return make(seed) if make is not None else None

"""The coach beside a live game: a hint on a person's turn, and the analysis of the game, worked in slices.

The session keeps one :class:`Coach`.  A hint asks the search, at the bot
level :data:`HINT_LEVEL`, for the move of the seat to play, with at most
:data:`HINT_SECONDS` of thinking (the worker answers nothing else meanwhile,
so the page waits no longer than that), and keeps it for the position it
was asked at: once the game moves on, it is gone.  An analysis
(:func:`engine.analysis.analysing`) runs a turn at a time between the
page's messages, like a thinking bot (the session's ``tick``), and can be
stopped between two of them; its turns open the replay where they began,
with the search's better move marked on the board.

>>> import engine
>>> from engine.examples.pig import Pig
>>> engine.register(Pig())
>>> from engine.records import replay
>>> played = replay({"game": "pig", "format": 1, "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 20},
...                  "seed": 1, "actions": ["roll", "die 6", "roll", "die 6", "hold", "roll", "die 1"]})
>>> coach = Coach()
>>> coach.start_analysis(played)
>>> coach.analysis.running, coach.analysis.total
(True, 2)
>>> while coach.analysis.running:
...     coach.work(0.05)
>>> [r.turn for r in coach.analysis.reports], coach.analysis.step_of(2)
([1, 2], 5)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.analysis import PAGE_LEVEL, NoHint, TurnReport, analysing, first_decision, hint, turns_of
from engine.core import Game
from engine.records import Replay
from ui.app.refused import Refused
from ui.app.words import Catalogue

#: The bot level whose search gives the hint (its profile and its iteration cap).
HINT_LEVEL = "medium"
#: The most a hint thinks in the page: under the one second a person waits for it.
HINT_SECONDS = 0.75

WORDS = Catalogue({
    "en": {"hint": "Hint", "hint_label": "Hint: what would the search play here?", "heading": "Hint:",
           "analyse": "Analyse this game"},
    "fr": {"hint": "Indice", "hint_label": "Indice : que jouerait la recherche ici ?", "heading": "Indice :",
           "analyse": "Analyser cette partie"},
})


@dataclass(frozen=True, slots=True)
class ShownHint:
    """A hint given at step ``step`` of the game, in ``lang``: the action to mark and the words."""

    step: int
    action: Any
    why: str
    lang: str


class Analysis:
    """One game's analysis, under way or done: its reports so far, and where each turn began."""

    def __init__(self, played: Replay, *, level: str = PAGE_LEVEL) -> None:
        self.played = played
        self.level = level
        game, states = played.game, played.states
        #: Each turn's first decision (where its replay opens until its report says otherwise), by turn number - 1.
        self.decisions: list[int] = []
        for _, first, end in turns_of(game, states):
            at = first_decision(game, states, first, end)
            self.decisions.append(first if at is None else at)
        self._steps: Iterator[tuple[int, int, TurnReport | None]] | None = analysing(played, level=level)
        self.reports: list[TurnReport] = []
        self.done = 0
        self.total = len(self.decisions)

    @property
    def running(self) -> bool:
        return self._steps is not None

    def work(self, seconds: float) -> None:
        """Analyse for about ``seconds`` (at least one turn's step: a turn is not cut in the middle)."""
        deadline = time.perf_counter() + seconds
        while self._steps is not None:
            try:
                done, total, report = next(self._steps)
            except StopIteration:
                self._steps = None
                break
            self.done, self.total = done, total
            if report is not None:
                self.reports.append(report)
            if time.perf_counter() >= deadline:
                break

    def report(self, turn: int) -> TurnReport | None:
        """The report of turn ``turn`` (1 for the first), if analysed (a turn of chance only has none)."""
        return next((r for r in self.reports if r.turn == turn), None)

    def step_of(self, turn: int) -> int:
        """The step of turn ``turn`` (1 for the first) the replay opens at: the decision the analysis judged
        (the one that cost most, where its better move is), else the turn's first decision."""
        report = self.report(turn)
        if report is not None and report.at is not None:
            return report.at
        return self.decisions[turn - 1]

    def better_words(self, turn: int, lang: str) -> str | None:
        """The better move as the game's own sentence in ``lang`` (None: the turn played it, or no report yet)."""
        from ui.draw.analysis_view import better_sentence  # drawn only once an analysis is asked for

        report = self.report(turn)
        if report is None or not report.better:
            return None
        game = self.played.game
        steps = report.better.split(", ")
        state = self.played.states[self.step_of(turn)]
        said = game.describe(state, game.parse_action(steps[0]), lang).rstrip(".")
        return better_sentence(said, len(steps), lang)

    def better_action(self, turn: int) -> Any:
        """The better move's first step as the game's action, to mark on the board (None: the turn played it)."""
        report = self.report(turn)
        if report is None or not report.better:
            return None
        return self.played.game.parse_action(report.better.split(", ")[0])


class Coach:
    """The hint and the analysis of one session's game."""

    def __init__(self) -> None:
        self.hint: ShownHint | None = None
        self.analysis: Analysis | None = None
        #: The analysed turn whose replay is open (its better move marked), if any.
        self.opened: int | None = None
        #: The step the person was viewing when the analysis's first turn was opened (None: the live
        #: position): closing the analysis goes back there.
        self.came_from: int | None = None

    def forget(self) -> None:
        """A new game: no hint, no analysis."""
        self.hint, self.analysis, self.opened, self.came_from = None, None, None, None

    def ask_hint(self, game: Game[Any, Any], state: Any, step: int, *, seed: int, lang: str) -> None:
        """The search's move for the seat to play at ``state`` (step ``step``), kept to be shown; :class:`Refused` if none."""
        try:
            found = hint(game, state, seed=seed, lang=lang, bot_level=HINT_LEVEL, seconds=HINT_SECONDS)
        except NoHint as exc:
            raise Refused("no_hint", str(exc)) from None
        action = game.parse_action(found.action) if found.action is not None else None  # None: roll first
        self.hint = ShownHint(step, action, found.why, lang)

    def hint_for(self, step: int, lang: str) -> ShownHint | None:
        """The hint for the live position at ``step``, if one was asked there (in the page's language)."""
        shown = self.hint
        if shown is None or shown.step != step or shown.lang != lang:
            return None
        return shown

    def forget_other_language(self, step: int, lang: str) -> None:
        """Drop the hint at ``step`` if its words are in another language than ``lang``: it is asked again."""
        if self.hint is not None and self.hint.step == step and self.hint.lang != lang:
            self.hint = None

    def start_analysis(self, played: Replay, *, level: str = PAGE_LEVEL) -> None:
        self.analysis = Analysis(played, level=level)
        self.opened, self.came_from = None, None

    def stop_analysis(self) -> int | None | bool:
        """Close the analysis: the step to show again (where the person was before opening its turns, None
        for the live position), or False if no turn of it was opened (the view stays as it is)."""
        back: int | None | bool = self.came_from if self.opened is not None else False
        self.analysis, self.opened, self.came_from = None, None, None
        return back

    @property
    def analysing(self) -> bool:
        return self.analysis is not None and self.analysis.running

    def work(self, seconds: float) -> None:
        if self.analysis is not None:
            self.analysis.work(seconds)

    def open_turn(self, turn: int, *, viewing: int | None = None) -> int:
        """Open analysed turn ``turn``: the step the replay shows (:class:`Refused` in words for a turn not analysed)."""
        if self.analysis is None or self.analysis.running or self.analysis.report(turn) is None:
            if turn:
                raise Refused("no_turn", "there is no such turn in the analysis", turn=turn)
            raise Refused("no_analysis", "no analysis is open")
        if self.opened is None:
            self.came_from = viewing  # the first turn opened: where the person was, to go back to
        self.opened = turn
        return self.analysis.step_of(turn)

    def suggested(self, shown: int, live: bool, lang: str) -> Any:
        """The move to mark on the board at step ``shown``: the hint's (live), or the opened turn's better move."""
        if live:
            found = self.hint_for(shown, lang)
            return found.action if found is not None else None
        if self.analysis is not None and self.opened is not None and self.analysis.step_of(self.opened) == shown:
            return self.analysis.better_action(self.opened)
        return None


def hint_html(offered: bool, shown: ShownHint | None, lang: str) -> str:
    """The region ``coach``: the Hint button on a person's turn, and the hint's words once asked.

    >>> hint_html(True, None, "fr")
    '<button type="button" class="btn hint-button" data-op="coach" data-coach="hint" aria-label="Indice : que jouerait la recherche ici ?">Indice</button>'
    >>> hint_html(False, None, "en")
    ''
    """
    w = WORDS.of(lang)
    out = ""
    if offered and shown is None:
        out += (f'<button type="button" class="btn hint-button" data-op="coach" data-coach="hint" '
                f'aria-label="{escape(w("hint_label"))}">{escape(w("hint"))}</button>')
    if shown is not None:
        out += (f'<p class="hint-words" role="status"><strong>{escape(w("heading"))}</strong> '
                f"{escape(shown.why)}</p>")
    return out


def mark_control(controls: str, gesture: str) -> str:
    """The controls with the button that plays ``gesture`` (``do load 3``) marked as the suggestion.

    A move played from the action bar (a load, the end of a turn) has no place on the board: its
    button carries the mark instead (``data-suggested``, drawn by the site's CSS).

    >>> mark_control('<button type="button" class="btn" data-act="do load 3">Load 3</button>', "do load 3")
    '<button type="button" class="btn" data-act="do load 3" data-suggested="true">Load 3</button>'
    >>> mark_control('<button data-act="do load 2">', "do load 3")
    '<button data-act="do load 2">'
    """
    found = f'data-act="{escape(gesture)}"'
    return controls.replace(found, found + ' data-suggested="true"', 1)


def analyse_button(lang: str) -> str:
    """The end-of-game banner's way into the analysis."""
    return (f'<button type="button" class="btn analyse-button" data-op="coach" data-coach="analyse">'
            f'{escape(WORDS(lang, "analyse"))}</button>')

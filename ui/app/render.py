"""The screen: what the page shows of a session, as a typed model built by one pure function.

:func:`render` reads the live game (:class:`ui.app.live_game.LiveGame`), the
bots' timing (:class:`ui.app.bot_scheduler.BotScheduler`) and the coach, and
changes none of them: whatever a screen consumes (the sounds since the last
one, whether the position is new to the page) is taken by the session before
it renders.  The page receives :meth:`Screen.as_json`; ``ui/js/regions.js``
(and the bridge's other modules) read its keys (``screen.X``) and ``tests/test_render.py`` pins them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from html import escape
from typing import Any

import engine
from engine.spec import GameWords
from ui.app.bot_scheduler import BotScheduler
from ui.app.coach import Coach, analyse_button, hint_html, mark_control
from ui.app.gamelog import page_lines
from ui.app.live_game import LiveGame
from ui.app.players import YOU_NAMES
from ui.app.view import SeatInfo, ViewContext, Viewport, button
from ui.app.words import Catalogue

#: The screen's own words: the banner, the status line (tools/soak_checks.py knows its fixed words), the bar.
WORDS = Catalogue({
    "en": {
        "you_win": "You win!", "wins": "{names} wins!", "draw": "A draw.",
        "replay": "Replay: step {step} of {count}", "over": "Game over",
        "drawing": "Drawing who starts…", "chance": "Chance decides…",
        "your_turn": "Your turn", "your_turn_named": "Your turn, {name}", "thinking": "{name} is thinking…",
        "friend_turn": "{name}’s turn, on their own screen: send them the link",
        "thinking_bar": "The bot's thinking time for this turn",
    },
    "fr": {
        "you_win": "Vous gagnez !", "wins": "{names} gagne !", "draw": "Match nul.",
        "replay": "Relecture : étape {step} sur {count}", "over": "Partie terminée",
        "drawing": "Tirage au sort du premier joueur…", "chance": "Le hasard décide…",
        "your_turn": "À vous de jouer", "your_turn_named": "À vous de jouer, {name}", "thinking": "{name} réfléchit…",
        "friend_turn": "Au tour de {name}, sur son écran : envoyez-lui le lien",
        "thinking_bar": "Temps de réflexion du robot pour ce tour",
    },
})


@dataclass(frozen=True)
class Frame:
    """What one screen takes from the session before it is rendered (taking it is the session's side effect)."""

    #: Whether the position shown is new since the page's last drawing (its move's animation plays once).
    fresh: bool = False
    #: The sounds of the actions played since the last screen.
    sounds: list[str] = field(default_factory=list)
    #: The clock, for the save entry's time (milliseconds since the epoch).
    now_ms: float = 0.0


@dataclass(frozen=True)
class NoGame:
    """The screen of a page with no game yet (or a message refused before any game started).

    The page receives no game, no regions, an empty log and status, and nothing to tick.
    """

    #: False when the message was refused (``error`` says why).
    ok: bool
    #: The refusal in words, in the page's language, or None.
    error: str | None

    def as_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "error": self.error, "game": None, "regions": {}, "log": [], "status": "",
                "tick_ms": None}


@dataclass(frozen=True)
class Screen:
    """Everything the page shows of a live game, after one message."""

    #: False when the message was refused (``error`` says why); the screen is the game as it stands.
    ok: bool
    #: The refusal in words, in the page's language, or None.
    error: str | None
    #: The game's name (``trice``): the page draws only a screen of its own game.
    game: str
    #: HTML or SVG by region name (``board``, ``controls``, ``players``, ``goal``, ``coach``, ``summary``…):
    #: the page replaces a ``data-region`` whose markup changed and empties those missing.
    regions: dict[str, str]
    #: Whose turn it is in words, and who is one step from winning.
    status: str
    #: The log, one dict per action: its text, seat, chance, step, turn and the turn's heading.
    log: list[dict[str, Any]]
    #: What the others did since the person's last action, one sentence each, beside the board.
    recap: list[str]
    #: The person at this screen's seat (the one person playing, or in hot-seat whoever may act), or None.
    you: int | None
    #: Whether "Skip to my turn" has bots to skip.
    skippable: bool
    #: The bots' pace in milliseconds (the pace menu shows it).
    pace_ms: int
    #: Sounds of the actions played since the last screen, for the page to play.
    sounds: list[str]
    #: The step undo stops at (the log marks it).
    undo_stop: int
    can_undo: bool
    can_redo: bool
    #: The step shown (the replay's, or the live one) and the number of steps played.
    step: int
    steps: int
    #: The result in plain text once the game is over ("You win!"), or None.
    banner: str | None
    #: Milliseconds before the page's next ``tick`` (None: nothing moves on its own).
    tick_ms: int | None
    #: The game record so far (JSON): export and share.
    record: dict[str, Any]
    #: This game's id: its save's key.
    game_id: str
    #: The save entry to store under the game's key, or None (nothing to write now).
    autosave: dict[str, Any] | None
    #: Each seat's name and controller (``human``, ``heuristic``, ``mcts:hard``…).
    seats: list[dict[str, str]]
    #: The seat whose turn it is in the live game, or None (chance, over).
    turn: int | None
    #: Whether the replay plays itself (the Replay button is pressed).
    autoplay: bool
    #: A lesson's progress, "K/N" or "done"; only a lesson's page has the key.
    lesson: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The page's JSON: every field by its name (``lesson`` only on a lesson's page)."""
        data = {name: getattr(self, name) for name in SCREEN_KEYS}
        if self.lesson is None:
            del data["lesson"]
        return data


#: The keys of a game's screen, as the page receives them.
SCREEN_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Screen))


def view_context(live: LiveGame, coach: Coach, *, shown: int, lang: str, training: bool, motion: bool,
                 fresh: bool, viewport: Viewport | None = None) -> ViewContext:
    """What the view is told besides the state: who sits where, who acts, the language, the marks."""
    assert live.record is not None
    seats = tuple(SeatInfo(s.name, s.controller) for s in live.record.seats)
    interactive = live.interactive_seat()
    you = live.you(interactive)
    return ViewContext(
        seats=seats,
        interactive_seat=interactive,
        previous=live.states[shown - 1] if shown > 0 else None,
        last_action=live.actions[shown - 1] if shown > 0 else None,
        fresh=fresh,
        lang=lang,
        training=training,
        motion=motion,
        viewport=viewport,
        you=you,
        recent=live.recent(shown, interactive if interactive is not None else you),
        options=dict(live.record.options),
        suggested=coach.suggested(shown, live.viewing is None, lang),
    )


def hint_offered(live: LiveGame) -> bool:
    """Whether "Hint" is offered: a person's decision in a game against bots, live (not while a bot thinks),
    their roll included where they may act before it (Trice's free placement)."""
    seat = live.interactive_seat()
    if not live.bot_seats or seat is None:
        return False
    game, state = live.require_game(), live.state
    if game.is_chance(state):
        return bool(game.chance_step_actions(state)) and game.turn_seat(state) == seat
    return game.current_player(state) == seat


def render(
    live: LiveGame,
    scheduler: BotScheduler,
    coach: Coach,
    frame: Frame,
    *,
    lang: str,
    training: bool,
    motion: bool,
    viewport: Viewport | None = None,
    saves: bool = True,
    error: str | None = None,
) -> Screen | NoGame:
    """The screen of the session's game as it stands (reads everything, changes nothing).

    ``frame``: what the session took for this screen (fresh or not, the sounds, the clock);
    ``saves``: whether the game is saved among the person's games (a lesson is not).
    """
    if live.game is None or live.record is None:
        return NoGame(ok=error is None, error=error)
    game = live.game
    shown = live.shown
    state = live.states[shown]
    ctx = view_context(live, coach, shown=shown, lang=lang, training=training, motion=motion, fresh=frame.fresh,
                       viewport=viewport)
    seats, interactive, you, recent = ctx.seats, ctx.interactive_seat, ctx.you, ctx.recent
    view = live.view
    regions = dict(view.regions(game, state, live.ui, ctx))
    if ctx.suggested is not None and "controls" in regions:
        regions["controls"] = mark_control(regions["controls"], "do " + game.format_action(ctx.suggested))
    words = engine.spec_for(game).words
    if words is not None:
        regions["goal"] = goal_html(words, lang)
    thinking = scheduler.thinking_share(live) if live.viewing is None else None
    if thinking is not None:
        regions["thinking"] = thinking_html(thinking, lang=lang)
    coached = hint_html(hint_offered(live), coach.hint_for(shown, lang) if live.viewing is None else None, lang)
    if coached:
        regions["coach"] = coached
    if coach.analysis is not None:
        regions["analysis"] = analysis_html(live, coach, seats, lang)
    if interactive is not None and game.is_chance(state):
        label = view.chance_label(game, state, lang)
        regions["controls"] = button(label, "chance", primary=True) + regions.get("controls", "")
    friend = live.friend_to_send()
    if friend is not None:  # the move is made here: the friend's turn (or the end) comes with the link sent them
        regions["controls"] = send_button(view.seat_title(friend, seats[friend].name, lang), lang) \
            + regions.get("controls", "")
    outcome = game.outcome(state)
    banner = None
    if outcome is not None:
        from ui.draw.summary import summary

        regions["summary"] = summary(
            game,
            live.states[: shown + 1],
            live.actions[:shown],
            [view.seat_title(i, s.name, lang) for i, s in enumerate(seats)],
            lang,
            colours=[view.seat_colour(i) for i in range(len(seats))],
        ) + (analyse_button(lang) if coach.analysis is None else "")
        banner = banner_words(outcome.winners, [view.seat_title(w, seats[w].name, lang) for w in outcome.winners],
                              you=you, lang=lang)
    stop = live.undo_stop() if interactive is not None else len(live.actions)
    log_seats = [s.name for s in live.record.seats]
    return Screen(
        ok=error is None,
        error=error,
        game=game.name,
        regions=regions,
        status=status_line(live, state, interactive, lang=lang,
                           close=words.close_call(state, lang) if words else None),
        log=page_lines(live.log, log_seats, you, view, lang),
        # What the others did since your last action, for the page's summary beside the board.
        recap=[view.log_text(live.log[shown - len(recent) + i].text, you, lang)
               for i in range(len(recent))] if you is not None else [],
        you=you,
        skippable=scheduler.skippable(live, interactive),
        pace_ms=scheduler.pace_ms,
        sounds=frame.sounds,
        undo_stop=stop,
        can_undo=(interactive is not None and len(live.actions) > stop) or live.takeback_to() is not None,
        can_redo=bool(live.redo) and interactive is not None,
        step=shown,
        steps=len(live.actions),
        banner=banner,
        tick_ms=scheduler.next_tick_ms(live, analysing=coach.analysing),
        record=live.current_record().model_dump(mode="json"),
        game_id=live.game_id,
        autosave=live.autosave(now_ms=frame.now_ms) if saves else None,
        seats=[{"name": s.name, "controller": s.controller} for s in live.record.seats],
        turn=game.turn_seat(live.state),
        autoplay=live.autoplay_ms is not None,
    )


def send_button(name: str, lang: str) -> str:
    """The button that sends the game's link to the friend whose turn it is (the page's share, ``data-op``).

    >>> send_button("Ben", "fr")
    '<button type="button" class="btn primary" data-op="share">Envoyer le lien à Ben</button>'
    """
    from ui.store.friends import WORDS as FRIEND_WORDS  # a friend's game only

    return f'<button type="button" class="btn primary" data-op="share">{escape(FRIEND_WORDS(lang, "send", name=name))}</button>'


def banner_words(winners: Any, names: list[str], *, you: int | None, lang: str) -> str:
    """The result in plain text (the bridge shows it with textContent, which escapes it once).

    >>> banner_words((1,), ["Bob"], you=1, lang="fr"), banner_words((), [], you=None, lang="en")
    ('Vous gagnez !', 'A draw.')
    """
    if winners and tuple(winners) == (you,):
        return WORDS(lang, "you_win")
    return WORDS(lang, "wins", names=" & ".join(names)) if winners else WORDS(lang, "draw")


def analysis_html(live: LiveGame, coach: Coach, seats: tuple[SeatInfo, ...], lang: str) -> str:
    """The region ``analysis``: the analysis under way (its progress) or done (the chances, the flagged turns)."""
    from ui.draw.analysis_view import analysis_html as drawn

    analysis = coach.analysis
    if analysis is None:
        return ""
    return drawn(
        analysis.reports,
        names=[live.view.seat_title(i, s.name, lang) for i, s in enumerate(seats)],
        colours=[live.view.seat_colour(i) for i in range(len(seats))],
        lang=lang, done=analysis.done, total=analysis.total, running=analysis.running,
        opened=coach.opened,
        # the better moves the panel shows, as the game's own sentences in the page's language
        better={r.turn: words for r in analysis.reports if (r.flag or r.turn == coach.opened)
                and (words := analysis.better_words(r.turn, lang)) is not None},
    )


def status_line(live: LiveGame, state: Any, interactive: int | None, *, lang: str, close: str | None = None) -> str:
    """Whose turn it is, in words; ``close`` (who is one step from winning) follows it."""
    line = whose_turn(live, state, interactive, lang=lang)
    if close and not live.require_game().is_terminal(state) and live.viewing is None:
        return f"{line} · {close}"
    return line


def whose_turn(live: LiveGame, state: Any, interactive: int | None, *, lang: str) -> str:
    game = live.require_game()
    if live.record is None:  # set together with the game
        return ""
    w = WORDS.of(lang)
    if live.viewing is not None:
        return w("replay", step=live.viewing, count=len(live.actions))
    if game.is_terminal(state):
        return w("over")
    seat = game.turn_seat(state)
    if seat is None and live.actions:
        # chance within a bot's turn (Siege's ball in flight) keeps the bot's line: it is still its turn
        seat = live.bot_turn_owner(state)
    if seat is None:
        if not live.actions:
            return w("drawing")
        return w("chance")
    name = live.view.seat_title(seat, live.record.seats[seat].name, lang)
    if seat == live.friend_turn():
        return w("friend_turn", name=name)
    if interactive is not None:
        # A player named "You" is not told "Your turn, You"
        if live.record.seats[interactive].name.strip().casefold() in YOU_NAMES:
            return w("your_turn")
        return w("your_turn_named", name=name)
    return w("thinking", name=name)


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
    label = WORDS(lang, "thinking_bar")
    value = round(100 * min(1.0, max(0.0, share)))
    return f'<progress class="thinking-bar" max="100" value="{value}" aria-label="{label}"></progress>'

"""The coach (issue 21 points 3 and 4): the hint on a person's turn, the analysis of a game.

View tests check the drawings as strings (the chances graph, each game's mark
of a suggested move); session tests drive ``ui.app.session.Session`` as the
bridge does: a hint asked on a person's decision, an analysis worked in
slices by ticks, stopped, and a turn of it opened in the replay.
"""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

import engine
import ui.app.coach
from engine.analysis import TurnReport
from engine.numbers import NARROW_NBSP
from engine.records import replay
from tools.soak import endgame_link
from ui.app.session import Session
from ui.draw.analysis_view import analysis_html, chances_graph, flag_word, flagged_list
from ui.store.links import decode_link

COLOURS = ["#c00", "#0a0", "#00c"]


def report(turn: int, seat: int, before: tuple[float, ...], after: tuple[float, ...], flag: str | None = None,
           better: str | None = None, cost: float = 0.0) -> TurnReport:
    return TurnReport(turn, seat, ("x",), before, after, flag, better, cost)


REPORTS = [
    report(1, 0, (0.4, 0.3, 0.3), (0.25, 0.4, 0.35), "inaccuracy", "move a1 b2"),
    report(2, 1, (0.25, 0.4, 0.35), (0.3, 0.15, 0.55), "mistake"),
    report(3, 2, (0.3, 0.15, 0.55), (0.6, 0.2, 0.2), "blunder", "place 1", 0.34),
    report(4, 0, (0.6, 0.2, 0.2), (1.0, 0.0, 0.0)),
]


# -- the graph ------------------------------------------------------------------------------------


@pytest.mark.view
def test_the_graph_draws_one_line_per_seat_in_its_colour_through_every_turn() -> None:
    svg = chances_graph(REPORTS, names=["Ann", "Bob", "Cy"], colours=COLOURS, lang="en")
    lines = re.findall(r'<polyline class="chance-line" data-seat="(\d)" points="([^"]+)" fill="none" stroke="([^"]+)"',
                       svg)
    assert [(seat, colour) for seat, _, colour in lines] == [("0", "#c00"), ("1", "#0a0"), ("2", "#00c")]
    # a point where each turn starts and one at the end; higher chances are higher up (a smaller y)
    for seat, points, _ in lines:
        ys = [float(p.split(",")[1]) for p in points.split()]
        assert len(ys) == len(REPORTS) + 1
        chances = [r.before[int(seat)] for r in REPORTS] + [REPORTS[-1].after[int(seat)]]
        order = sorted(range(len(ys)), key=lambda i: ys[i])
        assert [chances[i] for i in order] == sorted(chances, reverse=True)


@pytest.mark.view
def test_the_graph_marks_each_flagged_turn_by_its_flag_and_opens_every_turn() -> None:
    svg = chances_graph(REPORTS, names=["Ann", "Bob", "Cy"], colours=COLOURS, lang="en")
    assert re.findall(r'data-flag="(\w+)" data-turn="(\d)"', svg) == [
        ("inaccuracy", "1"), ("mistake", "2"), ("blunder", "3")]
    assert re.findall(r'data-coach="analysis_turn" data-reveal="board" data-turn="(\d)"', svg) == ["1", "2", "3", "4"]
    assert "<title>Turn 3, Cy: Ann 30%, Bob 15%, Cy 55%. Open the replay there</title>" in svg


@pytest.mark.view
def test_the_flags_and_the_panel_speak_french_with_french_numbers() -> None:
    assert [flag_word(f, "fr") for f in ("inaccuracy", "mistake", "blunder")] == ["imprécision", "erreur", "gaffe"]
    listed = flagged_list(REPORTS, names=["Ann", "Bob", "Cy"], lang="fr")
    assert (f"Tour 3, Cy : gaffe, le choix a coûté 34{NARROW_NBSP}% des chances de gagner (55{NARROW_NBSP}% → "
            f"20{NARROW_NBSP}% sur le tour, dés compris)") in listed
    assert "(mieux : place 1)" in listed
    panel = unescape(analysis_html(REPORTS, names=["Ann", "Bob", "Cy"], colours=COLOURS, lang="fr", done=4, total=4,
                                   running=False, opened=3))
    assert "Fermer l'analyse" in panel and "Tour 3, Cy : le plateau montre le choix le plus coûteux du tour et, marqué" in panel
    assert "%" not in re.sub(f"\\d{NARROW_NBSP}%", "", re.sub(r"<[^>]+>", " ", panel))


@pytest.mark.view
def test_a_running_analysis_shows_its_progress_and_a_stop_button() -> None:
    panel = analysis_html([], names=["A", "B"], colours=COLOURS, lang="en", done=3, total=40, running=True)
    assert '<progress class="analysis-progress" max="40" value="3"' in panel
    assert 'data-coach="stop_analysis">Stop the analysis</button>' in panel
    assert "chances-graph" not in panel


# -- a suggested move on each game's board -------------------------------------------------------


def position(game_name: str, actions: list[str], seats: int) -> Any:
    game = engine.get(game_name)
    state = game.new(seats)
    for text in actions:
        state = game.apply(state, game.parse_action(text))
    return game, state


@pytest.mark.view
def test_trice_marks_a_suggested_move_and_a_placement_and_nothing_without_one() -> None:
    from engine.trice.actions import Action
    from engine.trice.rules import setup
    from ui.games.trice.board import render_board

    state = setup({"b1": "G2"}, 1, dice=(1, 2, 3))
    moved = render_board(state, suggested=Action.move(state.board.index["b1"], state.board.index["b2"]))
    assert re.search(r'<g class="trice-hint" data-hint="move" data-cell="b2"', moved)
    placed = render_board(state, suggested=Action.place(1))  # level 1: the seat's eye cell
    eye = state.board.names[state.board.eyes[state.seat]]
    assert f'<g class="trice-hint" data-hint="place" data-cell="{eye}"' in placed
    assert "trice-hint" not in render_board(state)


@pytest.mark.view
def test_piratissimo_marks_a_suggested_route_and_siege_a_suggested_shot() -> None:
    from ui.games.piratissimo.board import board_svg
    from ui.games.siege.board import render

    game, state = position("piratissimo", ["start red", "die tornado"], 2)
    assert 'class="pir-hint" data-hint="do tornado 3"' in board_svg(game, state, suggested=game.parse_action("tornado 3"))
    assert "pir-hint" not in board_svg(game, state)
    game, state = position("siege", [], 2)
    while game.current_player(state) < 0 or not game.may_fire(state):
        state = game.apply(state, game.chance_outcomes(state)[0][0] if game.current_player(state) < 0
                           else game.legal_actions(state)[0])
    shot = "fire cannon 12 80"
    assert f'class="sg-hint" data-hint="{shot}"' in render(game, state, suggested=game.parse_action(shot))
    assert "sg-hint" not in render(game, state)


# -- the session: the hint ------------------------------------------------------------------------


def send(session: Session, **message: Any) -> dict[str, Any]:
    return session.handle_text(json.dumps(message))


def persons_decision(session: Session, lang: str = "en") -> dict[str, Any]:
    """A Trice game of a person against two bots, played up to the person's first decision (past their roll)."""
    screen = send(session, op="start", game="trice", seed=3, lang=lang, pace_ms=0,
                  seats=[{"name": "You", "controller": "human"}, {"name": "G", "controller": "heuristic"},
                         {"name": "B", "controller": "heuristic"}])
    for _ in range(500):
        if session.hint_offered() and not session.live.require_game().is_chance(session.live.state):
            return screen
        if screen["tick_ms"] is not None:
            screen = send(session, op="tick")
        else:
            screen = send(session, op="act", gesture="chance")
    raise AssertionError("the person never came to decide")


@pytest.fixture
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's search by its iterations only, so that a test reads the same on any machine."""
    monkeypatch.setattr(ui.app.coach, "HINT_SECONDS", None)


@pytest.mark.unit
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_on_a_persons_turn_is_explained_and_marked_on_the_board(no_clock: None, lang: str) -> None:
    session = Session()
    screen = persons_decision(session, lang)
    assert 'data-coach="hint"' in screen["regions"]["coach"] and "hint-words" not in screen["regions"]["coach"]
    assert "trice-hint" not in screen["regions"]["board"]
    screen = send(session, op="hint")
    assert screen["ok"], screen["error"]
    words = re.sub(r"<[^>]+>", "", screen["regions"]["coach"])
    if lang == "fr":
        assert words.startswith("Indice : Rouge") and "La recherche lui donne" in words
        assert re.search(f"\\d{NARROW_NBSP}% pour vous", words)
    else:
        assert words.startswith("Hint: Red") and "The search rates it" in words and re.search(r"\d% for you", words)
    assert 'data-coach="hint"' not in screen["regions"]["coach"]  # asked: the words replace the button
    # the suggestion is a placement on the eye cell (nothing of Red's is on the board yet), marked there
    assert session.coach.hint is not None and session.coach.hint.action[0] == 1
    assert '<g class="trice-hint" data-hint="place" data-cell="a1"' in screen["regions"]["board"]
    # and the button that plays it is marked too (a move of the action bar has no other place)
    gesture = "do " + engine.get("trice").format_action(session.coach.hint.action)
    assert screen["regions"]["controls"].count("data-suggested") == 1
    assert f'data-act="{gesture}" data-suggested="true"' in screen["regions"]["controls"]
    # the person plays: the hint belonged to the position it was asked at
    screen = send(session, op="act", gesture="do " + engine.get("trice").format_action(session.coach.hint.action))
    assert "trice-hint" not in screen["regions"]["board"] and "hint-words" not in screen["regions"].get("coach", "")


@pytest.mark.unit
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_before_a_persons_trice_roll_the_hint_says_whether_to_place_first(lang: str) -> None:
    """Placing a piece before the dice is a real choice in Trice (its free placement): Hint is offered at
    the person's roll, and says to place first (marked on the board) or to roll first."""
    session = Session()
    screen = send(session, op="start", game="trice", seed=3, lang=lang, pace_ms=0,
                  seats=[{"name": "You", "controller": "human"}, {"name": "G", "controller": "heuristic"},
                         {"name": "B", "controller": "heuristic"}])
    game = engine.get("trice")
    while not (game.is_chance(session.live.state) and session.interactive_seat() is not None):
        screen = send(session, op="tick")
    assert game.chance_step_actions(session.live.state)  # the person may place before rolling
    assert 'data-coach="hint"' in screen["regions"]["coach"]
    screen = send(session, op="hint")
    assert screen["ok"], screen["error"]
    words = unescape(re.sub(r"<[^>]+>", "", screen["regions"]["coach"]))
    shown = session.coach.hint
    assert shown is not None
    if shown.action is None:
        assert ("Lancez d'abord" if lang == "fr" else "Roll first") in words
    else:
        assert shown.action in game.chance_step_actions(session.live.state)
        assert ("en lançant d'abord" if lang == "fr" else "for rolling first") in words
        assert 'class="trice-hint"' in screen["regions"]["board"]


@pytest.mark.unit
def test_a_hint_in_another_language_is_dropped_and_asked_again(no_clock: None) -> None:
    """The hint's words are in the language it was asked in: a switch drops it, and switching back does not bring it back."""
    session = Session()
    persons_decision(session)
    assert "hint-words" in send(session, op="hint")["regions"]["coach"]
    screen = send(session, op="lang", lang="fr")
    assert "hint-words" not in screen["regions"]["coach"] and 'data-coach="hint"' in screen["regions"]["coach"]
    screen = send(session, op="lang", lang="en")
    assert "hint-words" not in screen["regions"]["coach"] and session.coach.hint is None


@pytest.mark.unit
def test_no_hint_in_a_replay_on_a_bots_turn_in_a_finished_game_or_without_bots() -> None:
    session = Session()
    persons_decision(session)
    send(session, op="view", step=1)
    screen = send(session, op="hint")
    assert "coach" not in screen["regions"] and "a hint is offered on your own move" in screen["error"]
    done = Session()
    done.handle_text(json.dumps({"op": "open_link", "fragment": endgame_link("trice", "human,heuristic,heuristic", 2, 0)}))
    screen = send(done, op="hint")
    assert screen["banner"] and "coach" not in screen["regions"] and screen["error"]
    hot_seat = Session()
    screen = send(hot_seat, op="start", game="pig", seed=1, seats=[{"name": "A"}, {"name": "B"}])
    assert "coach" not in screen["regions"]
    bots = Session()
    screen = send(bots, op="start", game="trice", seed=3, pace_ms=0,
                  seats=[{"name": s, "controller": "heuristic"} for s in "RGB"])
    assert "coach" not in screen["regions"] and send(bots, op="hint")["error"]


# -- the session: the analysis --------------------------------------------------------------------


def finished(game: str, lineup: str, seed: int) -> Session:
    session = Session()
    screen = session.handle_text(json.dumps({"op": "open_link", "fragment": endgame_link(game, lineup, seed, 0)}))
    assert screen["ok"] and screen["banner"] and screen["tick_ms"] is None
    assert 'data-coach="analyse"' in screen["regions"]["summary"]
    return session


@pytest.mark.unit
def test_the_analysis_runs_in_slices_by_ticks_then_draws_its_graph() -> None:
    session = finished("piratissimo", "human,heuristic", 5)
    screen = send(session, op="analyse")
    assert "<progress" in screen["regions"]["analysis"] and screen["tick_ms"] == 0
    slices, seen = 0, set()
    while "<progress" in screen["regions"]["analysis"]:
        seen.add(re.search(r'value="(\d+)"', screen["regions"]["analysis"]).group(1))
        screen = send(session, op="tick")
        slices += 1
        assert slices < 10_000
    assert slices > 1 and len(seen) > 1  # more than one slice, the progress moving between them
    analysis = session.coach.analysis
    assert analysis is not None and not analysis.running and analysis.done == analysis.total >= len(analysis.reports) > 1
    assert screen["regions"]["analysis"].count('class="chance-line"') == 2 and screen["tick_ms"] is None
    assert 'data-coach="analyse"' not in screen["regions"]["summary"]  # one analysis at a time


@pytest.mark.unit
def test_an_analysis_stopped_leaves_nothing_running() -> None:
    session = finished("piratissimo", "human,heuristic", 5)
    send(session, op="analyse")
    screen = send(session, op="tick")
    assert session.coach.analysing
    screen = send(session, op="stop_analysis")
    assert "analysis" not in screen["regions"] and screen["tick_ms"] is None and not session.coach.analysing
    assert 'data-coach="analyse"' in screen["regions"]["summary"]  # it can be asked again
    screen = send(session, op="tick")  # a tick already on its way does nothing more
    assert session.coach.analysis is None and "analysis" not in screen["regions"]


@pytest.mark.unit
def test_a_turn_opened_shows_the_replay_where_it_began_with_the_better_move_marked() -> None:
    session = finished("piratissimo", "human,heuristic", 5)
    send(session, op="analyse")
    while session.coach.analysing:
        send(session, op="tick")
    reports = session.coach.analysis.reports
    # a turn whose better move has a place on the sea (a route, the tornado's stop)
    marked = [r for r in reports if r.better and r.better.split()[0] in ("sail", "tornado")]
    assert marked, [r.better for r in reports]
    turn = marked[0]
    screen = send(session, op="analysis_turn", turn=turn.turn)
    step = session.coach.analysis.step_of(turn.turn)
    assert screen["step"] == step < screen["steps"] and screen["status"].startswith(f"Replay: step {step} of")
    played = replay(decode_link(endgame_link("piratissimo", "human,heuristic", 5, 0)))
    assert engine.get("piratissimo").current_player(played.states[step]) == turn.seat  # the turn's decision
    first = turn.better.split(", ")[0]
    assert f'class="pir-hint" data-hint="do {first}"' in screen["regions"]["board"]
    assert 'aria-pressed="true"' in screen["regions"]["analysis"] or turn.flag is None
    # another step of the replay is not that turn's position: no mark there
    screen = send(session, op="view", step=step + 1)
    assert "pir-hint" not in screen["regions"]["board"]
    assert send(session, op="analysis_turn", turn=session.coach.analysis.total + 1)["error"]


@pytest.mark.view
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_better_move_of_an_opened_turn_is_the_games_own_sentence_in_the_pages_language(lang: str) -> None:
    session = finished("piratissimo", "human,heuristic", 5)
    send(session, op="lang", lang=lang)
    send(session, op="analyse")
    while session.coach.analysing:
        send(session, op="tick")
    analysis = session.coach.analysis
    turn = next(r for r in analysis.reports if r.better)
    screen = send(session, op="analysis_turn", turn=turn.turn)
    panel = unescape(screen["regions"]["analysis"])
    game = engine.get("piratissimo")
    first = game.parse_action(turn.better.split(", ")[0])
    said = game.describe(analysis.played.states[analysis.step_of(turn.turn)], first, lang).rstrip(".")
    # the move as its log sentence, not its notation ("sail 17 via 14" stays for the command line)
    opened = re.search(r'<p class="analysis-opened" role="status">(.*?)</p>', panel).group(1)
    assert opened.endswith((f": {said}.", f" : {said}.")), opened
    for flagged in (r for r in analysis.reports if r.flag and r.better):
        assert analysis.better_words(flagged.turn, lang) in panel


@pytest.mark.unit
def test_closing_the_analysis_goes_back_to_where_the_person_was() -> None:
    """Opened turns are a replay; closing the analysis returns to the step the person was viewing before
    the first of them (the live position here), and closing one whose turns were never opened moves nothing."""
    session = finished("piratissimo", "human,heuristic", 5)
    live = len(session.live.actions)
    send(session, op="analyse")
    while session.coach.analysing:
        send(session, op="tick")
    first, second = session.coach.analysis.reports[2:4]
    assert send(session, op="analysis_turn", turn=first.turn)["step"] < live
    send(session, op="analysis_turn", turn=second.turn)
    screen = send(session, op="stop_analysis")
    assert screen["step"] == live and session.live.viewing is None and screen["banner"]
    send(session, op="view", step=3)  # a replay of the person's own, then an analysis never opened
    send(session, op="analyse")
    while session.coach.analysing:
        send(session, op="tick")
    assert send(session, op="stop_analysis")["step"] == 3

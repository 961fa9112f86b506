"""The analysis judges decisions, not dice (engine/analysis.py): one scenario of each kind per game.

Each scenario is a seeded game record (tests/data/decision_scenarios.json) that ends on the turn
it is about, found by playing the heuristic bots and then:

* ``blunder``: the mover takes the move that leaves it the least chance (its turn finished by the
  heuristic bot); the analysis flags it a blunder, what it cost at least 0.30, and names the
  better move;
* ``dice``: the roll that opens the mover's turn is the worst for it, and it then plays exactly
  the search's own move; its chance still falls by 0.10 or more over the turn (the old rule,
  which flagged the fall, called it an inaccuracy at least), and the analysis flags nothing;
* ``noisy`` (Siege): a turn won at its last shot, whose first shot's aim reads as a blunder at
  :data:`~engine.analysis.DECISION_PLAYOUTS` playouts and as a small loss when read deeper: the
  analysis confirms a flag before it shows it, and flags nothing;
* ``later`` (Siege): a turn that rows the longboat back, as the bots do, then ends with its points
  unspent: its first decision costs nothing, its second is a blunder. Every decision of a turn is
  judged, and the turn's flag and better move are its costliest decision's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine.analysis
from engine.analysis import DECISION_PLAYOUTS, FLAGS, analyse
from engine.records import replay

pytestmark = pytest.mark.unit

SCENARIOS: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "decision_scenarios.json").read_text(encoding="utf-8"))
LEVEL = "quick"  # the level the scenarios were found at
BLUNDER = FLAGS[0][0]
SMALLEST_FLAG = FLAGS[-1][0]


def judged(game: str, kind: str) -> Any:
    scenario = SCENARIOS[game][kind]
    reports = analyse(replay(scenario["record"]), level=LEVEL)
    return next(report for report in reports if report.turn == scenario["turn"])


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_decision_that_gives_away_a_third_of_the_chance_is_a_blunder_with_its_better_move(game: str) -> None:
    turn = judged(game, "blunder")
    assert turn.flag == "blunder" and turn.cost >= BLUNDER
    assert turn.better is not None  # the flag names the move that would have kept the chance


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_turn_lost_to_the_dice_and_played_as_the_search_would_is_not_flagged(game: str) -> None:
    turn = judged(game, "dice")
    assert turn.drop >= SMALLEST_FLAG  # the turn did lose the mover's chance ...
    assert turn.flag is None and turn.cost == 0.0 and turn.better is None  # ... but not by its decision
    assert turn.luck == pytest.approx(-turn.drop)  # all of it the dice's


def test_a_flag_read_from_a_few_playouts_is_confirmed_deeper_before_it_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Siege turn won at its last shot is no blunder because its first shot's aim read badly in 8 playouts."""
    monkeypatch.setattr(engine.analysis, "CONFIRM_PLAYOUTS", DECISION_PLAYOUTS)  # no deeper reading
    assert judged("siege", "noisy").flag is not None  # the noise alone passes the threshold
    monkeypatch.undo()
    turn = judged("siege", "noisy")
    assert turn.after[turn.seat] == 1.0  # the turn won the game
    assert turn.flag is None and turn.cost < SMALLEST_FLAG


def test_every_decision_of_a_turn_is_judged_and_the_costliest_flags_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35 point 2: each decision of a person or bot, not only a turn's first. The Siege turn ends at
    its second decision with its points unspent: flagged a blunder there, where the replay opens."""
    actions = SCENARIOS["siege"]["later"]["record"]["actions"]
    turn = judged("siege", "later")
    assert turn.flag == "blunder" and turn.cost >= BLUNDER and turn.better is not None
    assert turn.at == len(actions) - 1  # the step of the turn's "end", its second decision
    assert actions[turn.at] == "end" and actions[turn.at - 1] == "row back"
    # judged on its first decision alone (the rule before), the turn is not flagged at all
    original = engine.analysis.decisions_of
    monkeypatch.setattr(engine.analysis, "decisions_of", lambda *args: original(*args)[:1])
    assert judged("siege", "later").flag is None


def test_the_page_opens_a_flagged_turn_at_the_decision_judged_and_marks_its_better_move() -> None:
    """The replay of a flagged turn opens where its costliest decision was made (issue 35 point 5), not at
    the turn's first decision, and the better move marked there is the one the words name."""
    from ui.app.coach import Analysis

    record = SCENARIOS["siege"]["later"]["record"]
    analysis = Analysis(replay(record), level=LEVEL)
    analysis.work(3600)
    report = analysis.report(SCENARIOS["siege"]["later"]["turn"])
    assert report is not None and report.flag == "blunder"
    assert analysis.step_of(report.turn) == report.at == len(record["actions"]) - 1
    game = analysis.played.game
    assert analysis.better_action(report.turn) == game.parse_action(report.better.split(", ")[0])
    assert game.parse_action(report.better) in game.legal_actions(analysis.played.states[report.at])

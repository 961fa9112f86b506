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
  analysis confirms a flag before it shows it, and flags nothing.
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

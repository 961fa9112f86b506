"""Action text, JSON round trips, options, the log's words and the turn limit."""

from __future__ import annotations

import pytest

from engine.core import BadOptions, IllegalAction
from engine.trice.rules import DRAW, OVER, setup
from tests.trice.helpers import GAME, refused

pytestmark = pytest.mark.unit

TEXTS = ["first red", "first blue", "roll 1 3 4", "roll 4 4 4", "move b2 b1", "move c2 c3", "place 1",
         "place 3 free", "end", "nuke d4", "done"]


@pytest.mark.parametrize("text", TEXTS)
def test_format_and_parse_are_inverses(text: str) -> None:
    assert GAME.format_action(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "jump", "move b2", "move z9 b1", "place 4", "place 2 cheap",
                                  "roll 1 2", "roll 0 1 2", "first purple", "end now"])
def test_nonsense_text_is_refused_with_the_action_forms(text: str) -> None:
    with pytest.raises(IllegalAction, match="Trice actions are"):
        GAME.parse_action(text)


def test_state_json_round_trip_and_bad_data() -> None:
    state = setup({"c3": "R2", "b2": "G1"}, 0)
    assert GAME.state_from_json(GAME.state_to_json(state)) == state
    with pytest.raises(ValueError, match="not a Trice state"):
        GAME.state_from_json({"layout": "peace-b1"})
    data = GAME.state_to_json(state)
    data["cells"][0] = 42
    with pytest.raises(ValueError, match="impossible piece"):
        GAME.state_from_json(data)


def test_options_are_checked() -> None:
    assert GAME.options(GAME.new(3, {"layout": "peace-b2"})) == {"layout": "peace-b2", "turn_limit": 300}
    with pytest.raises(BadOptions, match="unknown Trice layout"):
        GAME.new(3, {"layout": "square"})
    with pytest.raises(BadOptions, match="turn_limit"):
        GAME.new(3, {"turn_limit": 0})
    with pytest.raises(BadOptions, match="3 players"):
        GAME.new(2)


def test_describe_names_pieces_cells_and_fights() -> None:
    s = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
              0, dice=(4, 4, 4))
    assert GAME.describe(s, GAME.parse_action("move b1 c2")) == (
        "Red moves a level-2 piece from the peace cell b1 to the sun-moon bi-cell c2 and eliminates "
        "Green's level-2 piece, dropping to level 1.")
    assert GAME.describe(s, GAME.parse_action("end")) == "Red ends the turn."
    assert GAME.seat_name(s, 1) == "Green"
    g = setup({"a1": "G1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(g, GAME.parse_action("place 1 free")) == (
        "Red places a level-1 piece on its eye cell for free and attacks Green's level-1 piece: both are eliminated.")


def test_describe_in_french() -> None:
    """French pages get French log lines: the same pieces, cells and fights (TR-11, TR-12)."""
    s = setup({"b1": "R2", "b2": "R2", "b3": "R1", "a1": "R1", "c2": "G2", "c1": "G1", "d2": "G1", "d1": "G1"},
              0, dice=(4, 4, 4))
    assert GAME.describe(s, GAME.parse_action("move b1 c2"), "fr") == (
        "Rouge déplace une pièce de niveau 2 de la case de paix b1 à la bi-case soleil-lune c2 et élimine "
        "la pièce de niveau 2 de Vert, en descendant au niveau 1.")
    assert GAME.describe(s, GAME.parse_action("end"), "fr") == "Rouge finit son tour."
    g = setup({"a1": "G1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(g, GAME.parse_action("place 1 free"), "fr") == (
        "Rouge pose une pièce de niveau 1 sur sa case œil gratuitement et attaque la pièce de niveau 1 de Vert : "
        "les deux sont éliminées.")
    sun = setup({"d2": "R1", "b3": "R1", "c2": "R1", "c4": "R1", "c3": "R2", "b2": "R1"}, 0, dice=(1, 1, 1))
    assert GAME.describe(sun, GAME.parse_action("end"), "fr") == (
        "Rouge finit son tour en tenant les cinq cases du soleil et gagne.")
    assert GAME.describe(GAME.new(3), GAME.parse_action("first green"), "fr") == "Les dés désignent Vert pour commencer."


def test_house_rule_turn_limit_ends_in_a_draw() -> None:
    state = GAME.new(3, {"turn_limit": 3})
    for text in ("first red", "roll 1 1 1", "end", "roll 1 1 1", "end", "roll 1 1 1"):
        state = GAME.apply(state, GAME.parse_action(text))
    assert "draw" in GAME.describe(state, GAME.parse_action("end"))
    state = GAME.apply(state, GAME.parse_action("end"))
    assert state.phase == OVER and state.winner == DRAW
    outcome = GAME.outcome(state)
    assert outcome.winners == () and abs(sum(outcome.scores) - 1) < 1e-12
    assert GAME.turn_count(state) == 3
    refused(state, "end", "game is over")

"""The analysis of a game and the hint: chances turn by turn, flags, the better move; the CLI's analyse and hint."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.__main__ import main
from engine.analysis import FLAGS, Hint, NoHint, analyse, chances, flag_for, hint, turns_of
from engine.bots import make_bot
from engine.core import Dealer
from engine.records import replay

pytestmark = pytest.mark.unit


def bots_game(name: str, seed: int, steps: int | None = None) -> dict[str, Any]:
    """A record of heuristic bots playing ``name`` (to its end, or ``steps`` actions and on to a seat's decision)."""
    game = engine.get(name)
    seats = game.min_seats
    bots = [make_bot(game, "heuristic", seed + s) for s in range(seats)]
    dealer, state, actions = Dealer(seed), game.new(seats), []
    # with ``steps``: on to the next decision after them, as a hint needs one
    while not game.is_terminal(state) and (steps is None or len(actions) < steps or game.is_chance(state)):
        action = dealer.pick(game, state) if game.is_chance(state) else bots[game.current_player(state)].choose(game, state)
        actions.append(game.format_action(action))
        state = game.apply(state, action)
    return {"game": name, "format": game.format_version, "options": {}, "seed": seed, "actions": actions,
            "seats": [{"name": f"Seat {s + 1}", "controller": "heuristic"} for s in range(seats)]}


@pytest.fixture(scope="module")
def siege_game() -> dict[str, Any]:
    return bots_game("siege", 3)


@pytest.fixture(scope="module")
def siege_turns(siege_game: dict[str, Any]) -> list[Any]:
    return analyse(replay(siege_game), level="quick")


@pytest.fixture(scope="module")
def short_game() -> dict[str, Any]:
    """Piratissimo's first turns: a game still going on."""
    return bots_game("piratissimo", 5, steps=40)


def test_flags_follow_the_thresholds_of_lichess() -> None:
    assert [threshold for threshold, _ in FLAGS] == [0.30, 0.20, 0.10]
    assert [flag_for(d) for d in (-0.5, 0.0, 0.099, 0.1, 0.19, 0.2, 0.29, 0.3, 0.9)] == [
        None, None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_turns_cover_the_game_once_each_a_seat_s_run(siege_game: dict[str, Any]) -> None:
    played = replay(siege_game)
    turns = turns_of(played.game, played.states)
    assert turns[0][1] == 0 and turns[-1][2] == len(played.actions)
    assert all(a[2] == b[1] for a, b in itertools.pairwise(turns))  # no gap, no overlap
    assert all(a[0] != b[0] for a, b in itertools.pairwise(turns))  # the turn passes
    for seat, first, end in turns:
        owners = {played.game.turn_seat(played.states[i]) for i in range(first, end)} - {None}
        assert owners == {seat}


def test_a_finished_game_is_read_turn_by_turn_and_ends_on_its_outcome(siege_game: dict[str, Any],
                                                                      siege_turns: list[Any]) -> None:
    played = replay(siege_game)
    turns = siege_turns
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))
    assert sum(len(t.actions) for t in turns) == len(played.actions)
    for turn in turns:
        assert sum(turn.before) == pytest.approx(1.0) and sum(turn.after) == pytest.approx(1.0)
        assert turn.flag == flag_for(turn.cost)  # the decision's cost, not the turn's fall
        assert turn.flag is None or turn.better is not None  # every flag names its better move
        assert turn.cost >= 0 and turn.luck == pytest.approx(turn.cost - turn.drop)
    for a, b in itertools.pairwise(turns):
        assert a.after == b.before  # one reading where one turn ends and the next starts
    winner = played.game.outcome(played.final).winners[0]
    assert turns[-1].after[winner] == 1.0
    data = json.loads(json.dumps([t.to_json() for t in turns]))
    assert set(data[0]) == {"turn", "seat", "actions", "chances", "after", "flag", "better", "cost", "at"}
    assert set(data[0]["chances"]) == {"0", "1"}


def test_the_same_game_reads_the_same(short_game: dict[str, Any]) -> None:
    first = analyse(replay(short_game), level="quick")
    assert len(first) >= 3 and analyse(replay(short_game), level="quick") == first


def test_the_leader_s_chance_is_read_the_same_whoever_moves() -> None:
    """Every reading is one round of playouts from where a turn starts: the mover is not favoured."""
    game = engine.get("piratissimo")
    spec = engine.spec("piratissimo").search
    from engine.piratissimo.state import _with

    state = game.apply(game.apply(game.new(2), game.parse_action("start red")), game.parse_action("die 1"))
    ahead = _with(state, bank=(7, 1))
    for seat in (0, 1):
        shares = chances(game, _with(ahead, seat=seat), spec, 16, seed=1)
        assert shares[0] > 0.8, (seat, shares)


def test_a_hint_is_a_legal_move_with_words_in_both_languages() -> None:
    record = bots_game("trice", 2, steps=2)  # "first ..." and the roll: the seat decides now
    played = replay(record)
    game = played.game
    found = hint(game, played.final, level="quick", seed=2)
    assert isinstance(found, Hint) and found.seat == game.current_player(played.final)
    game.apply(played.final, game.parse_action(found.action))  # legal, or this raises
    assert "The search rates it" in found.why
    french = hint(game, played.final, level="quick", seed=2, lang="fr")
    assert french.action == found.action and "La recherche lui donne" in french.why


def test_no_hint_when_nobody_decides() -> None:
    game = engine.get("trice")
    with pytest.raises(NoHint, match="chance is to play first"):
        hint(game, game.new(3))  # who starts is still to be drawn
    final = replay(bots_game("siege", 3)).final
    with pytest.raises(NoHint, match="the game is over"):
        hint(engine.get("siege"), final)


def write(tmp_path: Path, record: dict[str, Any]) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_analyse_prints_a_row_per_turn_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                short_game: dict[str, Any]) -> None:
    path = write(tmp_path, short_game)
    assert main(["analyse", path, "--level", "quick"]) == 0
    out = capsys.readouterr().out.splitlines()
    turns = analyse(replay(short_game), level="quick")
    assert out[0].startswith(f"Piratissimo: {len(turns)} turns, analysis level quick")
    assert len(out) == 2 + len(turns)
    assert main(["analyse", path, "--level", "quick", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [t.to_json() for t in turns]


def test_hint_prints_an_action_the_rules_accept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = bots_game("piratissimo", 4, steps=2)
    assert main(["hint", write(tmp_path, record), "--level", "quick", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) == {"action", "why"}
    played = replay(record)
    played.game.apply(played.final, played.game.parse_action(found["action"]))


@pytest.mark.parametrize("command, case, words", [
    ("analyse", "bad", "bad record"),
    ("hint", "bad", "bad record"),
    ("hint", "finished", "the game is over"),
    ("hint", "chance", "chance is to play first"),
])
def test_analyse_and_hint_exit_2_with_words(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str,
                                            case: str, words: str, siege_game: dict[str, Any]) -> None:
    records = {
        "bad": {**siege_game, "actions": ["first blue", "fly away"]},
        "finished": siege_game,
        "chance": {**siege_game, "actions": siege_game["actions"][:1]},  # the dice are to be rolled
    }
    code = main([command, write(tmp_path, records[case]), "--level", "quick"])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1

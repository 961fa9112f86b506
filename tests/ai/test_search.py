"""The search itself: winning moves, max^n score vectors, wide nodes, cut-offs, budgets."""

from __future__ import annotations

import pytest

from engine.ai import Profile, Search
from engine.core import CHANCE
from engine.examples.pig import Pig, PigState
from tests.ai.helpers import search_bot, spec_of, use_fake_clock
from tests.ai.toys import DART_TARGET, Dart, Kingmaker, Tug

pytestmark = pytest.mark.unit


def test_pig_holds_when_the_turn_total_wins() -> None:
    """Bank 25 + 6 in hand reaches the target 30: holding wins at once, rolling risks a 1."""
    game = Pig()
    state = PigState(banks=(25, 12), turn_total=6, seat=0, rolling=False, target=30)
    for seed in range(5):
        bot = search_bot(game, "mcts:hard:150", seed)
        assert bot.choose(game, state) == "hold"
        best_action, _, best_mean = bot.last.summary()[0]
        assert (best_action, best_mean) == ("hold", 1.0)


def test_pig_rolls_when_holding_cannot_save_the_game() -> None:
    """The opponent sits on 29 of 30 and I hold 3 in hand: only rolling on gives a real chance."""
    game = Pig()
    state = PigState(banks=(26, 29), turn_total=3, seat=0, rolling=False, target=30)
    assert search_bot(game, "mcts:hard:400", 3).choose(game, state) == "roll"


def test_seat_two_of_pig_plays_for_itself() -> None:
    """In 3-player Pig, seat 2 (not seat 0) is to move and holds its winning total."""
    game = Pig()
    state = PigState(banks=(10, 20, 24), turn_total=8, seat=2, rolling=False, target=30)
    bot = search_bot(game, "mcts:medium:150", 1)
    assert bot.choose(game, state) == "hold"
    assert bot.last.root.player == 2


@pytest.mark.parametrize("seats", [3, 4])
def test_maxn_each_seat_backs_up_its_own_score(seats: int) -> None:
    """Seat 1 picks the line best for itself ("a"), so seat 0's gamble pays 0.7 > 0.4.

    A search that made every other seat play against seat 0 (paranoid) would
    expect "b" and hold on to "safe"; only per-seat score vectors find "gamble".
    """
    game = Kingmaker()
    state = game.new(seats)
    bot = search_bot(game, "mcts:hard:300", 4)
    assert bot.choose(game, state) == "gamble"
    root = bot.last.root
    assert all(len(child.total) == seats for _, child in root.children)
    # scores of each line sum to 1, so every node's vector sums to its visit count
    assert sum(root.total) == pytest.approx(root.visits)
    gamble = dict(root.children)["gamble"]
    assert gamble.player == 1
    assert max(gamble.children, key=lambda pair: pair[1].visits)[0] == "a"
    assert gamble.mean(0) > 0.5
    assert gamble.mean(1) == pytest.approx(0.3, abs=0.05)
    assert game.next_state(state, "gamble").moves == ("gamble",)
    assert search_bot(game, "mcts:hard:300", 4).choose(game, game.next_state(state, "gamble")) == "a"


def test_candidate_hook_and_widening_find_the_one_winning_throw() -> None:
    """3000 legal throws: the hook offers 45 and widening opens them a few at a time."""
    game = Dart(hook=True)
    bot = search_bot(game, "mcts:hard:400", 2)
    assert bot.choose(game, game.new(2)) == DART_TARGET
    assert len(bot.last.root.children) <= 45


def test_without_the_hook_widening_bounds_the_root() -> None:
    """No hook: the root widens progressively through the legal list instead of opening all 3000."""
    game = Dart(hook=False)
    search = Search(game, game.new(2), seed=1, spec=spec_of(game), profile=Profile(widen_k=2.0, widen_alpha=0.5))
    search.run(iterations=400)
    assert len(search.root.children) <= int(2.0 * 400**0.5) + 1
    assert len(search.root.children) >= 30


def test_evaluate_hook_values_cut_off_playouts() -> None:
    """Tug never ends: the cut-off asks evaluate(), which favours pulling for seat 0."""
    game = Tug()
    search = Search(game, game.new(2), seed=3, spec=spec_of(game), profile=Profile(playout_depth=6))
    search.run(iterations=200)
    assert search.best() == "pull"
    assert game.evaluations >= 150


def test_cut_off_without_evaluate_splits_the_point() -> None:
    """A playout cut off in a game without evaluate() counts as an even share for every seat."""
    game = Pig()
    state = PigState(banks=(0, 0, 0), turn_total=0, seat=0, rolling=False, target=100)
    search = Search(game, state, seed=1, spec=spec_of(game), profile=Profile(playout_depth=1))
    search.run(iterations=20)
    for _, child in search.root.children:
        assert child.mean(0) == pytest.approx(1 / 3)


def test_chance_nodes_draw_every_face_over_the_iterations() -> None:
    """Under "roll" the chance node holds one child per face actually drawn: all six."""
    game = Pig()
    search = Search(game, game.new(2), seed=7, spec=spec_of(game))
    search.run(iterations=300)
    roll = dict(search.root.children)["roll"]
    assert roll.player == CHANCE
    faces = {outcome for outcome, _ in roll.children}
    assert faces == {f"die {f}" for f in range(1, 7)}
    counts = sorted(child.visits for _, child in roll.children)
    assert counts[0] > roll.visits / 12  # fair draws: no face starved


def test_time_budget_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Anytime: a 0.05 s budget with a huge iteration cap stops when the clock says so.

    The clock moves 1 ms at each reading (one per iteration), so the budget
    allows about 50 iterations on any machine; a search that ignored its
    deadline would run to the cap.
    """
    clock = use_fake_clock(monkeypatch, tick=0.001)
    game = Pig()
    search = Search(game, game.new(2), seed=1, spec=spec_of(game))
    done = search.run(iterations=10_000_000, seconds=0.05)
    assert 1 <= done <= 50
    assert search.iterations == done
    assert clock.now <= 0.05 + 2 * clock.tick  # it stopped at its deadline, not past it


def test_iteration_cap_stops_the_search_and_runs_resume() -> None:
    """Slices add up: the worker may run a search in short pieces."""
    game = Pig()
    search = Search(game, game.new(2), seed=1, spec=spec_of(game))
    assert search.run(iterations=30) == 30
    assert search.run(iterations=20) == 20
    assert search.root.visits == 50


def test_single_legal_action_is_played_without_searching() -> None:
    """A seat with one option left plays it at once: no search is run or kept."""

    class OneWay(Kingmaker):
        def legal_actions(self, state):  # type: ignore[no-untyped-def]
            return super().legal_actions(state)[:1]

    one = OneWay()
    bot = search_bot(one, "mcts:hard:50", 1)
    assert bot.choose(one, one.new(3)) == "safe"
    assert bot.last is None
    two = Kingmaker()
    bot = search_bot(two, "mcts:hard:50", 1)
    bot.choose(two, two.new(3))
    assert bot.last is not None and bot.last.iterations == 50


def test_search_refuses_a_chance_or_terminal_root() -> None:
    game = Pig()
    with pytest.raises(ValueError, match="seat is to move"):
        Search(game, game.next_state(game.new(2), "roll"))

"""A search bot's budget is for a whole turn: spread over the turn's decisions, bounded, deterministic in iterations."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.ai.bot import SearchBot, make_search_bot, parse_level, turn_key
from engine.ai.budget import FLOOR_SHARE, TurnBudget, spread
from engine.ai.search_spec import Level
from engine.ai.speed import search_spec
from engine.core import CHANCE, Dealer
from ui.app.bot_scheduler import BOT_PACE_MS, CHANCE_PACE_MS, DECIDED_PACE_SHARE

pytestmark = pytest.mark.unit

#: What a person waits for a hard bot's whole turn in the page, at the normal pace.
TURN_BAR_S = 8.0

#: A typical turn of each game in the page: (decisions the bot searches, its other paced steps,
#: paced chance steps, whether the last search is among whole-turn plans), from the means of seeded
#: heuristic self-play (Siege: 7.1 actions a turn, the dice paced and each shot's scatter, 6.4 a
#: turn, drawn at once after a bot's shot (ui.app.session); Trice: one whole-turn
#: plan searched, 4.9 more steps, 1 roll, here with the nuclear step's three removals before
#: them, its most; Piratissimo: 0.9 decisions and 1.1 chance steps, here at its most, 3 decisions
#: and 2 rolls).
TURNS = {
    "siege": (7, 0, 1, False),
    "trice": (4, 5, 1, True),
    "piratissimo": (3, 0, 2, False),
}


def allowances(level: Level, decisions: int, plan_last: bool) -> list[float]:
    """What each decision of a turn is allowed when each spends all of it (the worst case)."""
    assert level.turn_seconds is not None
    budget = TurnBudget(total=level.turn_seconds, share=level.turn_share, cap=level.seconds)
    out = []
    for index in range(decisions):
        allowed = budget.rest() if plan_last and index == decisions - 1 else budget.allow()
        out.append(allowed)
        budget.spend(allowed)
    return out


def page_turn_seconds(allowed: list[float], steps: int, chances: int) -> float:
    """A turn's length in the page: each search hides in the pace after the step before it (the
    move waits for the longer of the two), then the plan's steps (decided before: a shorter pace)
    and the chance steps at their pace."""
    pace, chance = BOT_PACE_MS / 1000, CHANCE_PACE_MS / 1000
    return sum(max(pace, a) for a in allowed) + steps * pace * DECIDED_PACE_SHARE + chances * chance


@pytest.mark.parametrize("game_name", sorted(TURNS))
def test_a_hard_turn_stays_under_the_bar_with_the_pages_pace(game_name: str) -> None:
    level = search_spec(game_name).level("hard")
    assert level.turn_seconds is not None and level.seconds is not None
    searched, steps, chances, plan_last = TURNS[game_name]
    # the worst case: every decision spends all it is allowed, and a few more decisions than usual
    for decisions in range(1, 3 * searched + 1):
        spread_out = spread(level.turn_seconds, level.turn_share, decisions, cap=level.seconds)
        assert sum(spread_out) <= level.turn_seconds + 1e-9
        assert spread_out == sorted(spread_out, reverse=True)  # the first decision gets the most
        assert max(spread_out) <= level.seconds
        assert sum(allowances(level, decisions, True)) <= level.turn_seconds + 1e-9
    assert page_turn_seconds(allowances(level, searched, plan_last), steps, chances) <= TURN_BAR_S


@pytest.mark.parametrize("game_name", sorted(TURNS))
def test_no_level_thinks_longer_a_turn_than_hard(game_name: str) -> None:
    spec = search_spec(game_name)
    hard = spec.level("hard")
    searched = TURNS[game_name][0]
    assert hard.turn_seconds is not None
    for name in ("easy", "medium"):
        level = spec.level(name)
        if level.turn_seconds is not None:
            thought = sum(spread(level.turn_seconds, level.turn_share, searched, cap=level.seconds))
        else:
            thought = searched * (level.seconds or 0.0)
        assert thought <= hard.turn_seconds, name


def test_a_decision_that_ends_early_leaves_the_rest_to_the_next_and_the_floor_holds_while_any_is_left() -> None:
    budget = TurnBudget(total=4.0, share=0.5, cap=2.4)
    assert budget.allow() == 2.0
    budget.spend(0.5)  # the search reached its iteration cap early
    assert budget.allow() == 1.75
    budget.spend(3.4)
    assert budget.allow() == pytest.approx(0.1)  # what is left, under the floor
    budget.spend(0.1)
    assert budget.allow() == 0.0 and budget.fraction() == 1.0
    assert TurnBudget(total=10.0, share=0.05).allow() == 10.0 * FLOOR_SHARE


def test_the_names_keep_their_meaning() -> None:
    hard = parse_level("mcts:hard")
    assert (hard.seconds, hard.turn_seconds, hard.turn_iterations) == (2.4, 4.8, None)
    fixed = parse_level("mcts:hard:300", search_spec("siege"))
    assert (fixed.seconds, fixed.iterations, fixed.turn_seconds, fixed.turn_iterations) == (None, 300, None, None)
    timed = parse_level("mcts:hard:4s", search_spec("siege"))
    assert (timed.seconds, timed.turn_seconds) == (4.0, None)
    turn = parse_level("mcts:hard:900/turn", search_spec("siege"))
    assert (turn.seconds, turn.turn_seconds, turn.turn_iterations, turn.turn_share) == (None, None, 900, 0.3)


def play_turn(name: str, seed: int) -> tuple[list[int], SearchBot]:
    """The iterations of each searched decision of the first Siege turn of a bot called ``name``."""
    game = engine.get("siege")
    spec = search_spec("siege")
    state = game.apply(game.apply(game.new(2), game.parse_action("first blue")), game.parse_action("dice 5 5"))
    bot = make_search_bot(game, name, seed, spec=spec)
    dealer = Dealer(seed)
    turn = turn_key(game, state)
    searched = []
    while not game.is_terminal(state):
        if game.current_player(state) == CHANCE:
            state = game.apply(state, dealer.pick(game, state))
            continue
        if turn_key(game, state) != turn:
            break
        action: Any = bot.choose(game, state)
        if bot.last is not None:
            searched.append(bot.last.iterations)
        state = game.apply(state, action)
    return searched, bot


def test_a_turns_iterations_are_spread_over_its_decisions_and_repeat_exactly() -> None:
    searched, bot = play_turn("mcts:hard:1000/turn", seed=3)
    assert len(searched) >= 3  # ten points: several shots in one turn
    assert searched[0] == 300  # 3 tenths of the turn first, then 3 tenths of what is left
    assert searched[1] == 210
    assert searched == sorted(searched, reverse=True)
    # the turn's 1000, and a decision after they ran out still searches once to have a move
    spent = [n for n in searched if n > 1]
    assert sum(spent) <= 1000 and all(n == 1 for n in searched[len(spent):])
    assert bot.turn_progress(engine.get("siege"), engine.get("siege").new(2)) == 0.0  # another turn: nothing spent yet
    assert play_turn("mcts:hard:1000/turn", seed=3)[0] == searched  # no clock: the same every time


def test_a_fixed_iteration_bot_searches_each_decision_in_full() -> None:
    searched, _ = play_turn("mcts:hard:40", seed=3)
    assert len(searched) >= 3 and set(searched) == {40}


def test_a_whole_turn_plan_takes_what_the_turns_removals_left() -> None:
    """Trice: the nuclear step's removals are searched one by one, then the plan has the rest (its cap at most)."""
    level = search_spec("trice").level("hard")
    assert allowances(level, 1, True) == [2.4]  # a turn without removals: the plan's 2.4 s, as before
    three = allowances(level, 4, True)
    assert three[:3] == pytest.approx([0.8, 0.64, 0.512]) and three[3] == pytest.approx(2.048)


def test_the_bot_gives_a_whole_turn_plan_the_rest_of_the_turn() -> None:
    game = engine.get("trice")
    spec = search_spec("trice")
    state = game.apply(game.apply(game.new(3), (6, 0, 0)), game.parse_action("roll 1 1 1"))
    bot = make_search_bot(game, "mcts:hard:50/turn", seed=1, spec=spec)
    bot.choose(game, state)
    assert bot.last is not None and bot.last.iterations == 50  # not a fifth of them: no search follows in the turn

"""Property tests over random legal play: invariants, JSON, text forms, replay determinism."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Dealer
from engine.records import replay
from engine.siege.actions import Fire, format_action, parse_action
from engine.siege.scene import CHESTS_PER_SIDE, PIRATES_PER_SIDE, REPLACEMENTS
from tests.siege.helpers import GAME, random_play, record

pytestmark = pytest.mark.property


def random_game(seed: int, limit: int = 4000) -> tuple[list, list]:
    """A random game's first ``limit`` positions and actions; the rarer non-shooting actions favoured so they get
    exercised."""
    start = GAME.new(2, {"captain": bool(seed % 2)})
    return random_play(random.Random(seed), Dealer(seed), start, calm=0.5, limit=limit)


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_invariants_hold_over_random_play(seed):
    states, actions = random_game(seed)
    assert GAME.is_terminal(states[-1])
    for before, action, after in zip(states, actions, states[1:]):
        for b, a in zip(before.sides, after.sides):
            assert len(a.spots) <= len(b.spots) <= PIRATES_PER_SIDE  # pirates never come back (SG-13)
            assert a.replaced <= REPLACEMENTS and a.replaced >= b.replaced
            # SG-07: each side's own three chests, never more; taken chests never come back
            assert b.taken <= a.taken <= CHESTS_PER_SIDE and a.replaced + a.chest <= a.taken
            assert sum(a.palisades) <= sum(b.palisades) and (b.fort or not a.fort) and (b.rig or not a.rig)
            assert a.captain == "" or a.captain in a.spots
            assert len(set(a.spots)) == len(a.spots)
        assert after.points >= 0
        assert after.turn >= before.turn


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_json_round_trip_and_text_forms(seed):
    states, actions = random_game(seed, limit=600)
    for state in states[::7]:
        assert GAME.state_from_json(GAME.state_to_json(state)) == state
    for action in set(actions):
        assert GAME.parse_action(GAME.format_action(action)) == action
    # every legal action of a sample of positions is accepted by the fast check
    for state in states[::25]:
        legal = GAME.legal_actions(state)
        sample = [a for a in legal if not isinstance(a, Fire)] + legal[-5:]
        for action in sample:
            assert GAME.refusal(state, action) is None


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_replaying_a_record_is_deterministic(seed):
    states, actions = random_game(seed, limit=300)
    rep = replay(record([GAME.format_action(a) for a in actions], {"captain": bool(seed % 2)}))
    assert rep.states == states


def test_refused_actions_match_legal_actions_on_random_positions():
    states, _ = random_game(11, limit=800)
    probes = ["end", "turn", "stay", "row out", "load", "row back", "replace a1", "replace b2", "move c1 p1",
              "move s1 step", "move f1 t1", "crew c2", "crew s1", "fire cannon 10 50", "fire mortar 60 90",
              "fire cannon 30 50", "dice 4 4", "dice 3", "first blue", "scatter +0 +0", "scatter +9 +0"]
    for state in states[::5]:
        legal = set(GAME.legal_actions(state))
        for probe in map(GAME.parse_action, probes):
            assert (GAME.refusal(state, probe) is None) == (probe in legal), (probe, state)


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_every_legal_action_and_its_text_are_exact_inverses(seed):
    """parse(format(a)) == a for every legal action of the positions of a seeded game, and format(parse(t)) == t."""
    states, _ = random_game(seed, limit=400)
    kinds = set()
    for state in states[::9]:
        for action in GAME.legal_actions(state):
            text = format_action(action)
            assert parse_action(text) == action and GAME.parse_action(text) == action
            assert format_action(parse_action(text)) == text == GAME.format_action(action)
            assert type(action).parse(text) == action
            kinds.add(type(action))
    assert len(kinds) > 4


def test_bad_json_is_refused_with_value_error():
    with pytest.raises(ValueError):
        GAME.state_from_json({"sides": []})
    data = GAME.state_to_json(GAME.new(2))
    data["phase"] = "dancing"
    with pytest.raises(ValueError):
        GAME.state_from_json(data)

"""Property tests over random legal play: invariants, JSON, text forms, replay determinism."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, TERMINAL, Dealer, IllegalAction, InvalidAction
from engine.records import replay
from engine.siege.actions import KINDS, Fire, format_action, parse_action
from engine.siege.scene import CHESTS_PER_SIDE, PIRATES_PER_SIDE, REPLACEMENTS
from tests.siege.helpers import GAME, record

pytestmark = pytest.mark.property


def random_game(seed: int, limit: int = 4000) -> tuple[list, list[str]]:
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = GAME.new(2, {"captain": bool(seed % 2)})
    states, actions = [state], []
    for _ in range(limit):
        player = GAME.current_player(state)
        if player == TERMINAL:
            break
        legal = GAME.legal_actions(state)
        if player == CHANCE:
            action = dealer.pick(GAME, state)
        elif rng.random() < 0.5:  # favour the rarer non-shooting actions so they get exercised
            action = rng.choice([a for a in legal if not isinstance(a, Fire)])
        else:
            action = rng.choice(legal)
        state = GAME.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


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


def test_the_record_texts_are_the_ones_records_have_always_kept():
    """Records, saves, share links and lessons keep these texts: every chance outcome and aim writes them as before."""
    from engine.siege.actions import DICE_OUTCOMES, FIRE_ACTIONS, SCATTER_OUTCOMES, START_OUTCOMES
    from engine.siege.scene import WEAPONS

    for name, weapon in WEAPONS.items():
        assert [format_action(a) for a, _ in SCATTER_OUTCOMES[name]] == [f"scatter {da:+g} {dp:+g}"
                                                                         for da, dp, _ in weapon.scatter]
    assert {format_action(a) for a in FIRE_ACTIONS} == {
        f"fire {name} {angle} {power}" for name, w in WEAPONS.items()
        for angle in range(w.angles[0], w.angles[1] + 1) for power in range(w.powers[0], w.powers[1] + 1)}
    assert [format_action(a) for a, _ in DICE_OUTCOMES[2]] == ["dice 3 3", "dice 3 4", "dice 3 5", "dice 4 4",
                                                               "dice 4 5", "dice 5 5"]
    assert [format_action(a) for a, _ in START_OUTCOMES] == ["first blue", "first red"]
    for text in ("end", "turn", "stay", "row out", "load", "row back", "replace a1", "move c1 p2", "crew s1",
                 "scatter -0.5 +0", "fire cannon 12 80"):
        assert format_action(parse_action(text)) == text


def test_each_kind_parses_only_its_own_text_and_a_syntax_error_names_the_input():
    for kind in KINDS:
        action = kind.parse(kind.EXAMPLE)
        assert isinstance(action, kind) and action.text() == kind.EXAMPLE
        for other in KINDS:
            if other is not kind:
                with pytest.raises(InvalidAction, match=re.escape(repr(other.EXAMPLE))):
                    kind.parse(other.EXAMPLE)
    with pytest.raises(InvalidAction) as info:
        parse_action("fire cannon ten 70")
    assert info.value.action == "fire cannon ten 70"
    with pytest.raises(TypeError):
        format_action("end")


def test_parse_refuses_nonsense_and_normalises_spacing():
    assert GAME.format_action(GAME.parse_action("fire  cannon 07 080")) == "fire cannon 7 80"
    assert GAME.format_action(GAME.parse_action("scatter -0.50 +1.0")) == "scatter -0.5 +1"
    assert GAME.format_action(GAME.parse_action("move c1 p2")) == "move c1 p2"
    assert GAME.format_action(GAME.parse_action("dice 5 3")) == "dice 3 5"
    assert GAME.format_action(GAME.parse_action("scatter 1 -2")) == "scatter +1 -2"
    for text in ("fly away", "fire laser 10 10", "dice 7", "", "move"):
        with pytest.raises(IllegalAction) as info:
            GAME.parse_action(text)
        assert "Siege actions are" in info.value.reason


def test_bad_json_is_refused_with_value_error():
    with pytest.raises(ValueError):
        GAME.state_from_json({"sides": []})
    data = GAME.state_to_json(GAME.new(2))
    data["phase"] = "dancing"
    with pytest.raises(ValueError):
        GAME.state_from_json(data)

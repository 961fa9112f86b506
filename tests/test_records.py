"""Game records at the boundary: every class of corruption gets its own message."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.records import RecordError, replay

pytestmark = pytest.mark.unit

GOOD: dict[str, Any] = {
    "game": "trice",
    "format": 1,
    "seats": [{"name": "Red"}, {"name": "Green", "controller": "heuristic"}, {"name": "Blue"}],
    "options": {},
    "seed": 4,
    "actions": ["first red", "roll 2 4 4", "place 1 free", "move a1 b2", "end"],
}


def test_the_good_record_replays() -> None:
    assert len(replay(GOOD).states) == len(GOOD["actions"]) + 1


@pytest.mark.parametrize("mutate, message", [
    (lambda r: json.dumps(r)[:-20], "the JSON is broken at line 1"),
    (lambda r: [r], "expected a JSON object"),
    (lambda r: {k: v for k, v in r.items() if k != "actions"} | {"actions": "end"}, "actions: Input should be a valid list"),
    (lambda r: {k: v for k, v in r.items() if k != "game"}, "game: Field required"),
    (lambda r: r | {"game": "chess"}, "unknown game 'chess'"),
    (lambda r: r | {"format": 7}, "format 7, newer than this site's"),
    (lambda r: r | {"seats": r["seats"][:2]}, "set-up is refused: Trice is played by 3 players"),
    (lambda r: r | {"actions": r["actions"][:3] + ["teleport a1"]}, "action 4 ('teleport a1') is refused"),
    (lambda r: r | {"actions": r["actions"][:3] + ["place 1 free"]}, "action 4 ('place 1 free') is refused"),
    (lambda r: r | {"cheat": True}, "cheat: Extra inputs are not permitted"),
    (lambda r: r | {"seats": [{"name": "Red", "controller": "<script>"}] * 3}, "String should match pattern"),
])
def test_each_corruption_is_named(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError, match=None) as refused:
        replay(mutate(dict(GOOD)))
    assert message in str(refused.value)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_mutations_never_escape_as_other_errors(data: st.DataObject) -> None:
    """Hypothesis mutates one field of a valid record: the result replays or is a RecordError."""
    record = json.loads(json.dumps(GOOD))
    key = data.draw(st.sampled_from(sorted(record)))
    junk = st.one_of(st.none(), st.integers(), st.text(max_size=12), st.lists(st.text(max_size=6), max_size=3))
    if key == "actions" and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(record["actions"]) - 1))
        record["actions"][index] = data.draw(st.text(max_size=15))
    else:
        record[key] = data.draw(junk)
    try:
        replay(record)
    except RecordError as exc:
        assert str(exc) and "Traceback" not in str(exc)

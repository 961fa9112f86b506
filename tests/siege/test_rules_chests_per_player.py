"""Each player's three chests (issue 14): SG-07, SG-10, SG-02, and the empty longboat.

The book: "chaque joueur peut prendre jusqu'à 3 coffres au trésor"; "Trois canons-cibles
peuvent être remplacés par 3 coffres au trésor pour chaque joueur"; a chest knocked out of
the longboat lets the player "répéter la séquence": start the run again, with one of its own
chests.  A chest lost in the longboat is gone and counts as taken.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import Outcome
from engine.siege.actions import LOAD, ROW_BACK, ROW_OUT, Fire, Move
from engine.siege.state import OVER
from tests.siege.helpers import AIM, GAME, STILL, act, final, refusal, run, texts

pytestmark = pytest.mark.unit

#: Red knocks down Blue's a2; Blue, to play with 8 points, starts the run
OPENING = ["first red", "dice 4 4", AIM[1, "a2"], STILL, "end", "dice 4 4"]
#: Red's mortar aim that knocks the chest out of Blue's longboat at Treasure Island
RED_HITS_CHEST = "fire mortar 60 77"
#: three runs, three chests shot out of Blue's longboat
THREE_LOST = OPENING + [
    "row out", "load", "end",
    "dice 4 4", RED_HITS_CHEST, STILL, "end",
    "dice 4 5", "load", "end",
    "dice 4 4", RED_HITS_CHEST, STILL, "end",
    "dice 4 4", "load", "end",
    "dice 4 4", RED_HITS_CHEST, STILL, "end",
    "dice 4 4",
]
GONE = "your 3 chests have all been taken; the other side's are never yours (SG-07)"


def test_SG07_SG10_a_chest_lost_in_the_longboat_counts_as_taken_and_the_fourth_is_refused() -> None:
    """Three chests shot out of Blue's longboat: Blue has taken its three; Red's three are not Blue's."""
    rep = run(THREE_LOST)
    taken = [(s.sides[0].taken, s.sides[0].chest, s.chests_left(0), s.chests_left(1)) for s in rep.states]
    loads = [i for i, a in enumerate(THREE_LOST, start=1) if a == "load"]
    hits = [i for i, a in enumerate(THREE_LOST, start=1) if a == STILL][1:]
    assert [taken[i] for i in loads] == [(1, True, 2, 3), (2, True, 1, 3), (3, True, 0, 3)]
    assert [taken[i] for i in hits] == [(1, False, 2, 3), (2, False, 1, 3), (3, False, 0, 3)]
    state = rep.final
    blue = state.sides[0]
    assert state.seat == 0 and state.points == 8 and blue.boat_at == "treasure" and blue.replaced == 0
    # the fourth chest would be Red's: refused, in both languages
    assert refusal(state, "load") == GONE
    assert GAME.why_illegal(state, act("load"), "fr") == (
        "vos 3 coffres ont tous été pris ; ceux de l'autre camp ne sont jamais à vous (SG-07)")
    assert texts(a for a in GAME.legal_actions(state) if not isinstance(a, (Fire, Move))) == ["end", "row back"]


def test_SG08_an_empty_longboat_rows_back_from_treasure_island() -> None:
    """No chest left to load: the empty longboat is not stranded; it rows back (1 point) and stays home."""
    state = final(THREE_LOST)
    back = GAME.apply(state, act("row back"))
    assert back.sides[0].boat_at == "base" and back.points == 7 and not back.sides[0].chest
    assert GAME.describe(state, act("row back")) == "Blue's longboat rows back to base empty."
    assert GAME.describe(state, act("row back"), "fr") == "L'embarcation de Bleu revient vide à la base."
    assert refusal(back, "row out") == GONE  # nothing left to fetch
    # with its own chests left, a player may also row back empty instead of loading
    early = final(OPENING + ["row out"])
    assert {LOAD, ROW_BACK} <= set(GAME.legal_actions(early))
    assert GAME.apply(early, act("row back")).sides[0].boat_at == "base"


def test_SG07_the_other_players_chests_stay_his() -> None:
    """After Blue's three are gone, Red still fetches its own: the run is open to Red."""
    state = final(THREE_LOST + ["row back", "end", "dice 4 4"])
    assert state.seat == 1 and state.sides[1].taken == 0 and state.chests_left(1) == 3
    assert ROW_OUT in GAME.legal_actions(state)
    state = final(THREE_LOST + ["row back", "end", "dice 4 4", "row out", "load"])
    assert state.sides[1].chest and state.chests_left(1) == 2 and state.chests_left(0) == 0


def _red_last_cannon(blue_taken: int, red_taken: int, red_chest: bool = False) -> object:
    state = final(["first blue", "dice 4 4"])
    blue = replace(state.sides[0], taken=blue_taken)
    red = replace(state.sides[1], slots=(False, False, False, True, False, False), taken=red_taken,
                  replaced=min(red_taken, 3), chest=red_chest)
    return replace(state, sides=(blue, red))


def test_SG02_the_last_cannon_down_loses_only_once_the_players_own_three_chests_are_used() -> None:
    """SG-02 follows SG-07: "Une fois que vous avez utilisé les 3 coffres ... et que vos canons-cibles sont
    détruits, vous avez perdu"; the other side's chests never count."""
    # Blue's three are gone (six on the island no more than three): Red, with none taken, plays on
    state = _red_last_cannon(blue_taken=3, red_taken=0)
    after = GAME.apply(GAME.apply(state, act(AIM[0, "a2"])), act(STILL))
    assert after.sides[1].cannons_standing() == 0 and GAME.outcome(after) is None and after.chests_left(1) == 3
    # Red's own three used: the same hit wins
    after = GAME.apply(GAME.apply(_red_last_cannon(blue_taken=0, red_taken=3), act(AIM[0, "a2"])), act(STILL))
    assert after.phase == OVER and GAME.outcome(after) == Outcome.win(0, 2)
    # a chest still aboard can replace a cannon: not lost yet
    after = GAME.apply(GAME.apply(_red_last_cannon(blue_taken=0, red_taken=3, red_chest=True), act(AIM[0, "a2"])), act(STILL))
    assert GAME.outcome(after) is None

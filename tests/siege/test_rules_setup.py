"""The book's set-up by default (SG-11, SG-15), the balancing set-up (who starts drawn in Fort Island's
favour) and the earlier set-up as named options, the longboat's pirate (SG-11, SG-12), and older records (issue 14)."""

from __future__ import annotations

import pytest

from engine.core import BadOptions
from engine.records import RecordError, replay
from engine.siege.actions import ROW_OUT, Crew, Move
from tests.siege.helpers import AIM, GAME, STILL, act, final, outcome_texts, refusal, run
from tests.siege.test_rules_chests_per_player import OPENING, THREE_LOST

pytestmark = pytest.mark.unit

BOOK_BLUE = ("boat", "s1", "s2", "s3", "c1", "c2", "p1", "p2", "p3", "p4")
BOOK_RED = ("boat", "s1", "s2", "s3", "f1", "f2", "f3", "t1", "t2", "t3")


def test_SG11_SG15_the_books_setup_mans_every_palisade_and_every_place_on_the_fort() -> None:
    """ "Chaque palissade protège 1 pirate"; pirates start on the spaces of the longboat, the brick and the fort."""
    state = GAME.new(2)
    blue, red = state.sides
    assert blue.spots == BOOK_BLUE and red.spots == BOOK_RED
    assert {f"p{k + 1}" for k, up in enumerate(blue.palisades) if up} <= set(blue.spots)
    assert {"t1", "t2", "t3"} <= set(red.spots) and red.fort
    assert len(blue.spots) == len(red.spots) == 10
    assert GAME.options(state) == {"captain": False, "balanced_start": False, "earlier_setup": False,
                                   "earlier_crew": False}
    assert outcome_texts(GAME.chance_outcomes(state)) == [("first blue", 0.5), ("first red", 0.5)]  # a draw (house rule)
    # the fort falls with all three of its pirates (SG-14, SG-16)
    rep = run(["first blue", "dice 4 4", AIM[0, "door"], STILL])
    assert rep.final.sides[1].spots == ("boat", "s1", "s2", "s3", "f1", "f2", "f3")
    # the book's palisade 1 is manned: its pirate is a mortar's target
    assert final(["first red", "dice 4 4", "fire mortar 48 88", STILL]).sides[0].spots == (
        "boat", "s1", "s2", "s3", "c1", "c2", "p2", "p3", "p4")


def test_SG11_the_balancing_setup_is_a_named_option_off_by_default() -> None:
    """``balanced_start``: the book lets the players decide who plays first ("Décider quel joueur jouera en
    premier"); the balancing set-up draws it with one pirate die, Crab Claw (Blue) first only on a compass."""
    state = GAME.new(2, {"balanced_start": True})
    assert state.sides == GAME.new(2).sides  # the book's pirates
    assert GAME.options(state) == {"captain": False, "balanced_start": True, "earlier_setup": False,
                                   "earlier_crew": False}
    assert outcome_texts(GAME.chance_outcomes(state)) == [("first blue", 1 / 6), ("first red", 5 / 6)] and GAME.is_chance(state)
    for first, seat in (("first blue", 0), ("first red", 1)):
        assert GAME.apply(state, act(first)).seat == seat
    assert GAME.describe(state, act("first red")) == "The pirate die says Red plays first (Blue only on a compass)."
    assert GAME.describe(state, act("first blue"), "fr") == (
        "Le dé pirate désigne Bleu pour jouer en premier (Bleu seulement sur une boussole).")
    with pytest.raises(BadOptions, match="balanced_start option is true or false"):
        GAME.new(2, {"balanced_start": 1})
    rep = run(["first red", "dice 4 4"], {"balanced_start": True})
    assert rep.final.seat == 1 and rep.record.options == {"balanced_start": True}


def test_SG11_the_earlier_setup_is_a_named_option_off_by_default() -> None:
    """``earlier_setup``: Crab Claw's palisade 1 empty and a pirate in the clearing; two on the fort, one by the palm."""
    from engine.siege.scene import SETUPS

    state = GAME.new(2, {"earlier_setup": True})
    assert state.sides[0].spots == SETUPS["earlier"][0] == ("boat", "s1", "s2", "s3", "c1", "c2", "c3", "p2", "p3", "p4")
    assert state.sides[1].spots == SETUPS["earlier"][1] == ("boat", "s1", "s2", "s3", "f4", "f1", "f2", "f3", "t1", "t2")
    assert GAME.options(state) == {"captain": False, "balanced_start": False, "earlier_setup": True,
                                   "earlier_crew": False}
    assert GAME.new(2, {"earlier_setup": False}) == GAME.new(2)
    with pytest.raises(BadOptions, match="earlier_setup option is true or false"):
        GAME.new(2, {"earlier_setup": "yes"})
    with pytest.raises(BadOptions, match="it knows 'captain' \\(SG-18\\), 'balanced_start', 'earlier_setup' and 'earlier_crew'"):
        GAME.new(2, {"setup": "book"})
    # a record names it; its first move uses the empty palisade
    rep = run(["first blue", "dice 4 4", "move s1 p1"], {"earlier_setup": True})
    assert "p1" in rep.final.sides[0].spots and rep.record.options == {"earlier_setup": True}
    with pytest.raises(RecordError, match="a pirate already stands behind palisade 1"):
        run(["first blue", "dice 4 4", "move s1 p1"])


def test_SG11_the_longboats_pirate_may_step_ashore_and_the_run_then_needs_a_crew() -> None:
    """ "Vous pouvez déplacer les pirates vers tout endroit libre": the longboat's pirate too (1 point);
    the longboat then needs a pirate again (SG-08), by 'crew': 1 point at its base (SG-12)."""
    state = final(OPENING)
    assert act("move boat c3") in GAME.legal_actions(state)
    ashore = GAME.apply(state, act("move boat c3"))
    blue = ashore.sides[0]
    assert "boat" not in blue.spots and "c3" in blue.spots and ashore.points == 7 and blue.boat_at == "base"
    assert GAME.describe(state, act("move boat c3")) == "Blue moves the pirate from the longboat to the clearing."
    assert refusal(ashore, "row out") == "the chest run needs a pirate in your longboat (SG-08)"
    crewed = GAME.apply(ashore, act("crew c3"))
    assert "boat" in crewed.sides[0].spots and "c3" not in crewed.sides[0].spots and crewed.points == 6
    assert ROW_OUT in GAME.legal_actions(crewed)


def test_SG11_SG12_the_longboats_pirate_steps_ashore_at_treasure_island_too() -> None:
    """ "Vers tout endroit libre" (issue 37): at Treasure Island as at its base. The longboat then waits
    for a new pirate, who brings it back to base: "1 point pour retourner à la base et 1 point pour placer
    un nouveau pirate", 2 points from there. A chest loaded this turn still comes back only next turn (SG-08)."""
    out = final(OPENING + ["row out"])
    assert act("move boat c3") in GAME.legal_actions(out)
    ashore = GAME.apply(out, act("move boat c3"))
    assert "boat" not in ashore.sides[0].spots and ashore.sides[0].boat_at == "treasure" and ashore.points == 6
    assert refusal(ashore, "load") == "the chest run needs a pirate in your longboat (SG-08)"
    assert GAME.describe(ashore, act("crew c3")) == "Blue sends the pirate from the clearing to crew the longboat (2 points)."
    crewed = GAME.apply(ashore, act("crew c3"))
    assert crewed.sides[0].boat_at == "base" and "boat" in crewed.sides[0].spots and crewed.points == 4
    # a chest loaded this turn: no crew can bring it back before the next turn
    loaded = GAME.apply(GAME.apply(out, act("load")), act("move boat c3"))
    assert not any(isinstance(a, Crew) for a in GAME.legal_actions(loaded))
    assert refusal(loaded, "crew c3") == "the chest run takes two turns: row back on your next turn (SG-08)"


def test_SG11_SG12_the_earlier_longboat_rule_is_a_named_option_off_by_default() -> None:
    """``earlier_crew``: this site's rule before issue 37: the longboat's pirate stays aboard at Treasure Island,
    and a new pirate aboard costs 2 points even at the base."""
    state = GAME.new(2, {"earlier_crew": True})
    assert GAME.options(state)["earlier_crew"] and not GAME.options(GAME.new(2))["earlier_crew"]
    out = final(OPENING + ["row out"], {"earlier_crew": True})
    assert not any(isinstance(a, Move) and a.src == "boat" for a in GAME.legal_actions(out))
    assert refusal(out, "move boat c3") == (
        "the longboat's pirate steps ashore only at its base: at Treasure Island the longboat is its only way back "
        "(SG-08, SG-11)")
    ashore = GAME.apply(final(OPENING, {"earlier_crew": True}), act("move boat c3"))
    assert GAME.apply(ashore, act("crew c3")).points == 5  # 2 points, at the base too
    assert GAME.apply(GAME.apply(final(OPENING), act("move boat c3")), act("crew c3")).points == 6


def test_SG11_format_1_records_replay_with_the_setup_they_were_played_with() -> None:
    """Format-1 records (before issue 14) were played with the earlier set-up: they replay with it,
    and come back in today's format with the option named (and the earlier longboat rule, as format 2's)."""
    assert GAME.format_version == 3
    old = {"game": "siege", "format": 1, "seats": [{"name": "A"}, {"name": "B"}], "options": {"captain": False},
           "seed": 1, "actions": ["first blue", "dice 4 4", "move s1 p1", AIM[0, "door"], STILL]}
    rep = replay(old)
    assert rep.record.format == 3
    assert rep.record.options == {"captain": False, "earlier_setup": True, "earlier_crew": True}
    assert rep.final.sides[1].spots == ("boat", "s1", "s2", "s3", "f4", "f1", "f2", "f3")
    assert replay(rep.record.model_dump()).final == rep.final


def test_SG07_a_format_1_record_that_took_a_fourth_chest_is_refused_in_words() -> None:
    """Format 1 let a side whose chests were shot take a fourth: such a record stops there, saying why."""
    actions = THREE_LOST + ["load"]  # the fourth chest
    old = {"game": "siege", "format": 1, "seats": [{"name": "A"}, {"name": "B"}], "options": {},
           "seed": 1, "actions": actions}
    with pytest.raises(RecordError) as refused:
        replay(old)
    message = str(refused.value)
    assert message.startswith(f"action {len(actions)} ('load') is refused")
    assert "your 3 chests have all been taken" in message
    assert ("this record was written in Siege format 1, and the rules changed since (each player takes only their "
            "own three chests") in message
    assert "cannot be replayed past this point" in message

"""Siege explains refusals in French on a French page, naming the same clauses."""

from __future__ import annotations

import pytest

from tests.siege.helpers import GAME, act

pytestmark = pytest.mark.unit


def test_refusals_in_french() -> None:
    rolled_first = GAME.apply(GAME.new(2), act("first blue"))
    assert GAME.why_illegal(rolled_first, act("end"), "fr") == "il faut d'abord lancer les dés (SG-03)"
    playing = GAME.apply(rolled_first, act("dice 4 4"))
    assert GAME.why_illegal(playing, act("turn"), "fr") == "le brick ne tourne que si les dés montrent une boussole (SG-17)"
    assert GAME.why_illegal(playing, act("move s1 s2"), "fr") == "un pirate est déjà sur le pont principal"
    assert GAME.why_illegal(playing, act("load"), "fr") == (
        "l'embarcation doit d'abord ramer jusqu'à l'île au Trésor (SG-08)")
    assert GAME.why_illegal(playing, act("fire cannon 99 50"), "fr").startswith("le canon tire de ")
    # English stays the default, with the same clause
    assert GAME.why_illegal(playing, act("turn")) == "the brig turns only when the dice show a compass (SG-17)"

"""Siege's rules page says every house rule and option of issue 14, with the measured figures."""

from __future__ import annotations

import pytest

from ui.games.siege.rules import BALANCE, rules_page

pytestmark = pytest.mark.view


def _text(lang: str) -> str:
    return " ".join(rules_page(lang).split())


def test_SG07_SG10_the_page_gives_each_player_three_chests_and_reads_repeter_la_sequence() -> None:
    en, fr = _text("en"), _text("fr")
    assert "three of the six are yours, the other three are your opponent's and never yours" in en
    assert "the lost chest counts as one of your three" in en
    assert "vous pouvez alors répéter la séquence" in en  # the source of the reading, quoted
    assert "does not count toward your three" not in en
    assert "le coffre perdu compte parmi vos trois" in fr and "ne compte pas dans vos trois" not in fr
    assert "may row back empty" in en and "revenir à vide" in fr


def test_SG11_the_page_gives_the_books_and_the_balancing_setups_figures_and_names_the_options() -> None:
    """The book's set-up by default, the balancing set-up as the ``balanced_start`` option, both measured
    with 95% intervals; the earlier set-up (``earlier_setup``) too."""
    for name in ("book", "balanced", "earlier"):
        figures = BALANCE[name]
        blue, red = figures["blue"], figures["red"]
        assert 0 < blue[1] < blue[0] < blue[2] < 1 and 0 < red[1] < red[0] < red[2] < 1  # type: ignore[index]
        assert abs(blue[0] + red[0] - 1) < 0.01  # type: ignore[index]
        assert "selfplay siege --bots aim,aim --games 400" in str(figures["cmd"])
    assert BALANCE["book"]["blue"][1] > 0.5  # type: ignore[index]  # the book's set-up is unbalanced...
    assert BALANCE["balanced"]["blue"][1] < 0.5 < BALANCE["balanced"]["blue"][2]  # type: ignore[index]  # ...this is not
    en, fr = _text("en"), _text("fr")
    assert "Blue (Crab Claw Island) wins 56.2% (51.4-61.0%), Red (Fort Island) 43.8% (39.0-48.6%) (95% intervals)" in en
    assert "give Blue 48.2% (43.4-53.1%) and Red 51.7% (46.9-56.6%)" in en
    assert "donnent à Bleu 48,2 % (43,4-53,1 %)" in fr
    for option in ("balanced_start", "earlier_setup"):
        assert f"<code>{option}</code>" in en and f"<code>{option}</code>" in fr
    assert "off by default" in en and "désactivée par défaut" in fr
    assert "Chaque palissade protège 1 pirate" in en and "Décider quel joueur jouera en premier" in en
    assert "(intervalles à 95 %)" in fr


def test_SG11_the_page_explains_the_longboats_pirate() -> None:
    en, fr = _text("en"), _text("fr")
    assert "The longboat's pirate may step ashore too, at its base or at Treasure Island" in en
    assert "1 point pour retourner à la base et 1 point pour placer un nouveau pirate" in en
    assert "2 points from Treasure Island, and 1 when the longboat is at its base already" in en
    assert "Le pirate de l'embarcation peut aussi débarquer, à sa base comme à l'île au Trésor" in fr
    assert "<code>earlier_crew</code>" in en and "<code>earlier_crew</code>" in fr

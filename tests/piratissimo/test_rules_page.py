"""The illustrated rules page in French and English."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from ui.games.piratissimo.rules import FIGURES, rules_page

pytestmark = pytest.mark.view


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_has_every_figure_well_formed(lang: str) -> None:
    html = rules_page(lang)
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.DOTALL)
    assert len(svgs) == len(FIGURES) == 6
    for svg in svgs:
        root = ET.fromstring(svg)
        assert root.get("viewBox")
        # figures are pictures: nothing in them can be pressed
        assert not [e for e in root.iter() if e.get("data-act")]
    assert "<html" not in html and "<body" not in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_names_every_clause(lang: str) -> None:
    html = rules_page(lang)
    for n in range(1, 12):
        assert f"PI-{n:02d}" in html


def test_rules_pages_ids_are_unique_across_both_languages() -> None:
    both = rules_page("en") + rules_page("fr")
    ids = re.findall(r' id="([^"]+)"', both)
    assert len(ids) == len(set(ids)) > 0


def test_rules_page_languages() -> None:
    assert "Goal" in rules_page("en") and "But du jeu" in rules_page("fr")
    assert "chavirer" in rules_page("fr").lower()


def test_figures_come_from_real_play() -> None:
    """The skip figure: Red's 2 ends beyond the full island (PI-03)."""
    html = rules_page("en")
    skip = re.search(r'<figure><svg.*?</svg>', html, flags=re.DOTALL).group(0)
    assert "Island 7" in skip  # the island titles are drawn
    root = ET.fromstring(skip[len("<figure>"):])
    ships = {e.get("data-seat"): e for e in root.iter() if "pir-ship" in (e.get("class") or "")}
    assert set(ships) == {"0", "1", "2", "3"}


def test_PI_02_every_side_has_three_plain_islands_and_the_page_says_so() -> None:
    """The rules page describes the board the engine plays: three plain islands a side, not four."""
    from engine.piratissimo import data as D

    for side in range(D.RING // D.SIDE):
        chests = [D.ISLANDS[side * D.SIDE + k].chest for k in range(D.SIDE)]
        assert chests.count(D.PLAIN) == 3
    en, fr = (" ".join(rules_page(lang).split()) for lang in ("en", "fr"))
    assert "three plain islands" in en and "four plain" not in en
    assert "trois îles sans coffre" in fr and "quatre îles" not in fr


def test_PI_09_PI_11_the_page_says_where_storm_treasures_go_and_every_way_home() -> None:
    en, fr = (" ".join(rules_page(lang).split()) for lang in ("en", "fr"))
    assert "overboard" not in en and "back to the hold" in en
    assert "à la mer" not in fr and "à la cale" in fr
    assert "A ship that stands on its own port's island goes home with its next move" in en
    assert "Un navire arrêté sur l’île de son propre port rentre au port" in fr
    assert "the push on from a full island" in en and "a blue arrow (its treasure is" in en


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_clause_has_its_anchor_for_the_refusals_links(lang: str) -> None:
    """A refusal's "(PI-07)" links to ``#<lang>-PI-07``: every clause of the rules has that anchor, on the
    element that states it; the player reads the rule without its ID, and the index for the curious links there."""
    html = rules_page(lang)
    rules, curious = html.split('<section class="for-the-curious"')
    for n in range(1, 12):
        rule = f"PI-{n:02d}"
        found = re.search(rf'<(p|li) id="{lang}-{rule}">(.*?)</\1>', rules, flags=re.DOTALL)
        assert found, f"no anchor {lang}-{rule}"
        assert rule not in found.group(2), found.group(2)[:120]
        assert f'<a href="#{lang}-{rule}">{rule}</a>' in curious
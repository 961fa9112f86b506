"""The illustrated rules page: both languages, well-formed figures drawn from engine positions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from ui.games.trice.rules import figures, rules_page

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_is_a_wellformed_illustrated_fragment(lang: str) -> None:
    html = rules_page(lang)
    assert "<html" not in html and "<body" not in html
    root = ET.fromstring(f"<div>{html}</div>")
    figs = root.findall(".//figure")
    assert len(figs) >= 14
    assert "data-act" not in html and 'tabindex' not in html  # pictures are not buttons
    for fig in figs:
        svg = fig.find(f"{SVG}svg")
        assert svg is not None and svg.get("viewBox")
        assert fig.find("figcaption").text
    text = "".join(root.itertext())
    for clause in range(1, 20):
        assert f"TR-{clause:02d}" in text
    assert ("Option nucléaire" if lang == "fr" else "Nuclear option") in text


def test_rules_figures_follow_the_engine() -> None:
    figs = figures("en")
    # TR-16: with three pieces the bi-cell is not offered, with four it is
    closed, opened = figs["bi"].split("</figure>")[:2]
    assert 'data-demo="do move b1 c2"' not in closed and 'data-demo="do move b1 c2"' in opened
    # TR-17: the tri-cell opens with the second bi-cell
    closed, opened = figs["tri"].split("</figure>")[:2]
    assert 'data-demo="do move c2 c3"' not in closed and 'data-demo="do move c2 c3"' in opened
    # TR-13: the smaller piece is offered no attack
    assert 'data-demo="do move b1 c2"' not in figs["smaller"] and "data-demo" in figs["smaller"]
    # TR-18: removable pieces carry the nuke action, the peace cell's piece does not
    assert 'data-demo="do nuke d4"' in figs["nuclear"] and "do nuke b1" not in figs["nuclear"]
    assert "3 removals" in figs["nuclear"]

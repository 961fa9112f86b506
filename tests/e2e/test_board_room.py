"""The board uses the room a desktop gives it (issue 37 point 3): it is the thing people look at.

At 1366x768 Trice's and Piratissimo's boards, about as tall as they are wide, were limited by the height the
decision below them left (Piratissimo's island numbers about 8.6 px, 5.7 px in a lesson whose words sat above
it too); in a 760x640 frame Trice's board was 231 px tall. The decision now stands beside the board there
(site.css), so the board takes the window's height. Measured on the page as drawn, at its first decision.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Server, embed, wait_ready

DESKTOP = {"width": 1366, "height": 768}
#: A person's game at its first decision, per game.
LIVE = {
    "trice": "seats=human,heuristic,heuristic&seed=1&pace=0",
    "piratissimo": "seats=human,heuristic,heuristic,heuristic&seed=9&pace=0",
}
#: The share of the window's height the board's drawing takes at least, at 1366x768: the header (56 px) and the
#: table's padding (42 px) excepted, the rest is the board's (Trice's drawing is a little less tall than wide).
DESKTOP_SHARE = 0.7
#: The same in a 760x640 frame (no header; the board's column beside the decision's is narrower than high).
EMBED_SHARE = 0.5
#: The smallest island number, in CSS px, as on a phone (tests/e2e/test_piratissimo.py): read without leaning in.
ISLE_PX = 11
BOARD = "[data-region=board] > svg"
ISLE_SIZES = """() => [...document.querySelectorAll('[data-region=board] .pir-isle-num text')].map((t) => {
  const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); })"""


def first_decision(page_or_frame: Any) -> None:
    wait_ready(page_or_frame)
    page_or_frame.wait_for_selector("[data-region=controls] button, [data-lesson-target]")


def board_height(page_or_frame: Any) -> float:
    box = page_or_frame.locator(BOARD).bounding_box()
    assert box is not None
    return box["height"]


@pytest.mark.parametrize("address", ["trice/?" + LIVE["trice"], "trice/learn/first-turn/"])
def test_at_1366_by_768_trices_board_takes_the_windows_height(page: Any, site: Server, address: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site.url + address)
    first_decision(page)
    height = board_height(page)
    assert height >= DESKTOP_SHARE * DESKTOP["height"], f"/{address}: the board is {height:.0f} px tall"
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize("address", ["piratissimo/?" + LIVE["piratissimo"], "piratissimo/learn/die-and-chests/"])
def test_at_1366_by_768_piratissimos_island_numbers_read_as_on_a_phone(page: Any, site: Server, address: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site.url + address)
    first_decision(page)
    sizes = page.evaluate(ISLE_SIZES)
    assert len(sizes) == 24
    assert min(sizes) >= ISLE_PX, f"/{address}: island numbers {min(sizes):.1f} px, board {board_height(page):.0f} px"


def test_in_a_760_by_640_frame_trices_board_takes_half_its_height(page: Any, site: Server, blog: Server) -> None:
    frame = embed(page, blog, f"{site.url}trice/?embed=1&{LIVE['trice']}", width=760, height=640)
    first_decision(frame)
    height = board_height(frame)
    assert height >= EMBED_SHARE * 640, f"the board is {height:.0f} px tall in the frame"
    assert frame.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")

"""Trice in the real page: a person's turn with mouse and keyboard, bots to the end, embedded.

Seeds fix the dealer (tools: ui.session.Session run in plain Python gives the
same dice): with seed 1 and seed 3 the draw chooses Red (seat 1, the person)
to start and Red rolls 2, 4, 4 (10 points) and 1, 4, 4 (9 points); with seed 2
three heuristic bots play to a win by Blue in about 120 steps.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, wait_ready

PERSON_FIRST = "seats=human,heuristic,heuristic&pace=0"
ROLL = '[data-region=controls] [data-act="chance"]'
BOARD = "[data-region=board]"
LOG = "[data-region=log] li"


def open_trice(page: Any, site: Server, query: str) -> None:
    page.goto(f"{site.url}trice/?{query}")
    wait_ready(page)


def wait_log(page_or_frame: Any, text: str) -> None:
    """Wait until a line of the game log reads exactly ``text``."""
    page_or_frame.wait_for_function(
        "text => [...document.querySelectorAll('[data-region=log] li')].some(li => li.textContent === text)",
        arg=text,
    )


def log_lines(page_or_frame: Any) -> list[str]:
    return page_or_frame.locator(LOG).all_inner_texts()


def wait_status(page_or_frame: Any, text: str) -> None:
    page_or_frame.wait_for_function(
        "text => document.querySelector('[data-region=status]').textContent === text", arg=text
    )


def points(page_or_frame: Any) -> str:
    return page_or_frame.inner_text("[data-region=controls] .trice-points")


def roll_and_place(page_or_frame: Any, dice: str, total: int) -> None:
    """The person's turn up to the free placement, checked in the page and the log."""
    wait_log(page_or_frame, "The dice choose Red to start.")
    wait_status(page_or_frame, "Your turn, You")
    # Before the roll nothing on the board can be played: the dice button, and beside it the free
    # placement, which may come at any moment of the turn (TR-08, TR-09); paid ones wait for the points.
    assert page_or_frame.locator(f"{BOARD} [data-act]").count() == 0
    offered = page_or_frame.locator("[data-region=controls] [data-act^='do ']")
    assert sorted(offered.evaluate_all("els => els.map(e => e.dataset.act)")) == [
        "do place 1 free", "do place 2 free", "do place 3 free"]
    page_or_frame.click(ROLL)
    wait_log(page_or_frame, f"Red rolls {dice}: {total} points.")
    assert page_or_frame.locator(ROLL).count() == 0
    assert points(page_or_frame) == str(total)
    # The free placements are offered (primary buttons), the board still has no piece to select.
    assert page_or_frame.locator('[data-region=controls] [data-act="do place 1 free"]').is_enabled()
    assert page_or_frame.locator(f"{BOARD} [data-act]").count() == 0
    page_or_frame.click('[data-region=controls] [data-act="do place 1 free"]')
    wait_log(page_or_frame, "Red places a level-1 piece on its eye cell for free.")
    # The placement was free: the points are untouched, and the new piece on a1 is selectable.
    assert points(page_or_frame) == str(total)
    page_or_frame.wait_for_selector(f'{BOARD} [data-act="select a1"]')
    assert "Red level-1 piece on a1" in page_or_frame.text_content(f"{BOARD} desc")


def test_person_rolls_places_moves_and_ends_turn(page: Any, site: Server) -> None:
    open_trice(page, site, f"{PERSON_FIRST}&seed=1")
    roll_and_place(page, "2, 4 and 4", 10)

    # Select the piece on the board: its destinations light up with their cost.
    page.click(f'{BOARD} [data-act="select a1"]')
    destination = page.locator(f'{BOARD} [data-act="do move a1 b2"]')
    destination.wait_for()
    assert page.locator(f"{BOARD} [data-act^='do move ']").count() == 1
    assert destination.get_attribute("aria-label") == "move to b2, star cell, costs 1"
    assert "Choose a destination for the piece on a1" in page.inner_text("[data-region=controls]")
    assert page.get_attribute(f'{BOARD} [data-act="select a1"]', "aria-label").startswith("deselect a1")

    destination.click()
    wait_log(page, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
    assert points(page) == "9"
    assert page.locator(f"{BOARD} [data-act^='do move ']").count() == 0
    assert "Red level-1 piece on b2" in page.text_content(f"{BOARD} desc")
    assert page.locator("#notice").is_hidden()

    page.click('[data-region=controls] [data-act="do end"]')
    wait_log(page, "Red ends the turn.")
    # The two bots play their turns, then the dice come back to the person.
    wait_log(page, "Blue ends the turn.")
    wait_status(page, "Your turn, You")
    page.wait_for_selector(ROLL)
    lines = log_lines(page)
    assert lines[:5] == [
        "The dice choose Red to start.",
        "Red rolls 2, 4 and 4: 10 points.",
        "Red places a level-1 piece on its eye cell for free.",
        "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.",
        "Red ends the turn.",
    ]
    assert lines[5].startswith("Green rolls ") and "Green ends the turn." in lines
    assert lines[-1] == "Blue ends the turn."
    assert page.locator("#notice").is_hidden()
    assert page.locator("#winner").is_hidden()


def test_keyboard_selects_and_moves_a_piece(page: Any, site: Server) -> None:
    open_trice(page, site, f"{PERSON_FIRST}&seed=3")
    roll_and_place(page, "1, 4 and 4", 9)

    # A board cell is a focusable button: Enter on it selects the piece...
    piece = page.locator(f'{BOARD} [data-act="select a1"]')
    assert piece.get_attribute("role") == "button" and piece.get_attribute("tabindex") == "0"
    piece.focus()
    page.keyboard.press("Enter")
    destination = page.locator(f'{BOARD} [data-act="do move a1 b2"]')
    destination.wait_for()
    assert page.get_attribute(f'{BOARD} [data-act="select a1"]', "aria-label").startswith("deselect a1")

    # ... and Enter on a highlighted destination moves it there.
    destination.focus()
    page.keyboard.press("Enter")
    wait_log(page, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
    assert points(page) == "8"
    assert page.locator("#notice").is_hidden()

    # Space works like Enter on a cell: it selects the piece again (now on b2).
    page.locator(f'{BOARD} [data-act="select b2"]').focus()
    page.keyboard.press(" ")
    page.wait_for_selector(f"{BOARD} [data-act^='do move b2 ']")
    assert len(log_lines(page)) == 4  # selecting is not an action: nothing new in the log


def test_bots_only_game_plays_to_the_winner_banner(page: Any, site: Server) -> None:
    open_trice(page, site, "seats=heuristic,heuristic,heuristic&pace=0&seed=2")
    page.wait_for_selector("#winner:not([hidden])")
    assert page.inner_text("#winner [data-winner-text]") == "Blue bot wins!"
    lines = log_lines(page)
    assert lines[0] == "The dice choose Blue to start."
    assert any(line.startswith("Red rolls ") for line in lines)
    assert any(line.startswith("Green rolls ") for line in lines)
    assert lines[-1] == "Blue ends the turn holding all five star cells and wins."
    assert len(lines) > 30
    wait_status(page, "Game over")
    assert "Game over." in page.inner_text("[data-region=controls]")
    # Nothing is left to click on the board, and the Blue panel carries the winner tag.
    assert page.locator(f"{BOARD} [data-act]").count() == 0
    assert page.locator("[data-region=players] .trice-tag", has_text="winner").count() == 1
    assert "Blue bot" in page.inner_text("[data-region=players] section:has(.trice-tag:text('winner'))")
    assert page.locator("#notice").is_hidden()


def test_embedded_game_plays_in_an_iframe_on_another_origin(page: Any, site: Server, blog: Server) -> None:
    page.goto(blog.url)
    page.evaluate(
        """url => { const f = document.createElement('iframe'); f.src = url; f.width = 900; f.height = 700;
                     f.id = 'game'; document.body.append(f); }""",
        f"{site.url}trice/?embed=1&{PERSON_FIRST}&seed=1",
    )
    frame = page.locator("#game").element_handle().content_frame()
    assert frame is not None
    wait_ready(frame)
    assert frame.locator(".site-header").is_hidden()
    roll_and_place(frame, "2, 4 and 4", 10)
    # The board is drawn inside the frame, not clipped by it.
    box = frame.locator(f"{BOARD} svg.trice-board").bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 150
    assert box["x"] >= 0 and box["x"] + box["width"] <= 900
    frame.click(f'{BOARD} [data-act="select a1"]')
    frame.click(f'{BOARD} [data-act="do move a1 b2"]')
    wait_log(frame, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
    assert frame.locator("#notice").is_hidden()

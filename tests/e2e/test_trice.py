"""Trice in the real page: a person's turn with mouse, keyboard and touch, bots to the end, embedded.

Seeds fix the dealer (tools: ui.app.session.Session run in plain Python gives the
same dice): with seed 1 and seed 3 the draw chooses Red (seat 1, the person)
to start and Red rolls 2, 4, 4 (10 points) and 1, 4, 4 (9 points); with seed 1,
after Red's turn, Green rolls 2, 3, 4 and Blue 1, 2, 3; with seed 2 three
heuristic bots play to a win by Blue in about 120 steps.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, press_play, roll, wait_ready, watched_page

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
    wait_status(page_or_frame, "Your turn")
    # Before the roll nothing on the board can be played: the dice button, and beside it the free
    # placement, which may come at any moment of the turn (TR-08, TR-09); paid ones wait for the points.
    # Every cell still answers a tap (in words, see test_a_refused_tap_says_why_and_links_the_rule).
    assert page_or_frame.locator(f"{BOARD} [data-act]:not([data-act^='tap '])").count() == 0
    assert page_or_frame.locator(f"{BOARD} [data-act^='tap ']").count() == 16
    assert "place your first piece on your eye cell a1" in page_or_frame.inner_text("[data-region=controls]")
    offered = page_or_frame.locator("[data-region=controls] [data-act^='do ']")
    assert sorted(offered.evaluate_all("els => els.map(e => e.dataset.act)")) == [
        "do place 1 free", "do place 2 free", "do place 3 free"]
    page_or_frame.click(ROLL)
    wait_log(page_or_frame, f"Red rolls {dice}: {total} points.")
    assert page_or_frame.locator(ROLL).count() == 0
    assert points(page_or_frame) == str(total)
    # The free placements are offered (primary buttons), the board still has no piece to select.
    assert page_or_frame.locator('[data-region=controls] [data-act="do place 1 free"]').is_enabled()
    assert page_or_frame.locator(f"{BOARD} [data-act]:not([data-act^='tap '])").count() == 0
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
    wait_status(page, "Your turn")
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
    assert page.inner_text("[data-region=controls]") == "Blue bot · Blue wins, holding all five star cells."
    # Nothing is left to click on the board; the five star cells are ringed; the Blue panel carries the winner tag.
    assert page.locator(f"{BOARD} [data-act]").count() == 0
    assert page.locator(f"{BOARD} .trice-won").count() == 5
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
    press_play(frame)
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


def seat_marks(page: Any) -> dict[str, Any]:
    """The board's marks of what the other seats did: chips, move arrows and placements, per seat."""
    return page.evaluate(
        """() => {
             const board = document.querySelector('[data-region=board] svg');
             const seatOf = (sel) => [...board.querySelectorAll(sel)].map((el) => el.dataset.seat);
             return {
               chips: [...board.querySelectorAll('.trice-chip')].map((el) => [el.dataset.seat, el.textContent]),
               moves: seatOf('.trice-trail > .trice-arrow'),
               placed: [...board.querySelectorAll('.trice-placed')].map((el) => [el.dataset.cell, el.textContent]),
               colours: [...board.querySelectorAll('.trice-trail > .trice-arrow')].map(
                 (el) => [el.dataset.seat, el.querySelectorAll('path')[1].getAttribute('stroke'),
                          el.querySelectorAll('path')[1].getAttribute('stroke-dasharray')]),
             };
           }"""
    )


def test_the_bots_turns_stay_marked_until_you_act(page: Any, site: Server) -> None:
    """Issue 13.1: after the bots' turns the board keeps what each did (dice, moves, placements) until
    the person acts; the person's own move animates once, not again when a piece is selected."""
    open_trice(page, site, f"{PERSON_FIRST}&seed=1")
    roll_and_place(page, "2, 4 and 4", 10)
    page.click(f'{BOARD} [data-act="select a1"]')
    page.click(f'{BOARD} [data-act="do move a1 b2"]')
    wait_log(page, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
    assert page.locator(f"{BOARD} animateTransform").count() == 1  # the move, once
    page.click(f'{BOARD} [data-act="select b2"]')
    page.wait_for_selector(f"{BOARD} [data-act^='do move b2 ']")
    assert page.locator(f"{BOARD} animateTransform").count() == 0  # a selection's redraw stays still
    page.click('[data-region=controls] [data-act="do end"]')
    wait_log(page, "Blue ends the turn.")
    page.wait_for_selector(ROLL)

    recap = page.locator("#recap [data-recap] li").all_inner_texts()
    marks = seat_marks(page)
    # each bot's dice in a chip of its colour, in the order they played
    assert marks["chips"] == [["1", "Green234= 9"], ["2", "Blue123= 6"]]
    # one arrow per move, in the mover's colour and line (Green dotted, Blue dashed)
    assert marks["moves"].count("1") == sum(line.startswith("Green moves") for line in recap) == 5
    assert marks["moves"].count("2") == sum(line.startswith("Blue moves") for line in recap) == 3
    assert {tuple(c) for c in marks["colours"]} == {("1", "#009e73", "0.1 9"), ("2", "#0072b2", "11 6")}
    # each eye where pieces came from the reserve: three placements each
    assert marks["placed"] == [["d1", "×3"], ["d7", "×3"]]
    assert page.locator(f"{BOARD} .trice-trail").get_attribute("aria-hidden") == "true"

    # The person acts (rolls): the marks of the others' turns are gone.
    page.click(ROLL)
    wait_log(page, "Red rolls 1, 3 and 4: 8 points.")
    assert seat_marks(page) == {"chips": [], "moves": [], "placed": [], "colours": []}


def test_a_refused_tap_says_why_and_links_the_rule(page: Any, site: Server) -> None:
    """Issue 13.3: a tap on a cell that cannot be used, or on a refused placement, answers in plain words
    with the rule's ID at the end, linked to that rule in the rules dialog."""
    open_trice(page, site, f"{PERSON_FIRST}&seed=1")
    wait_status(page, "Your turn")
    page.click(f'{BOARD} [data-act="tap b2"]')
    notice = page.locator("#notice")
    notice.wait_for()
    assert notice.inner_text() == (
        "Roll the dice first: moving a piece costs points, and the dice give them. Before the roll you may "
        "already place your free piece on your eye cell a1 (TR-05, TR-09).")
    assert notice.locator("a.rule-ref").all_inner_texts() == ["TR-05", "TR-09"]
    notice.locator("a.rule-ref", has_text="TR-09").click()
    # The rule's anchor is empty (the player reads the rule, not its ID): the paragraph stating it is marked.
    page.wait_for_selector("#rules-dialog[open] #en-TR-09.rule-target", state="attached")
    assert page.locator("#rules-dialog p:has(.rule-target)").count() == 1
    assert page.locator("#rules-dialog p:has(.rule-target)").is_visible()
    page.keyboard.press("Escape")

    roll(page)
    page.click('[data-region=controls] [data-act="do place 1 free"]')
    wait_log(page, "Red places a level-1 piece on its eye cell for free.")
    # The paid placements are refused (a1 holds Red's own piece) but stay reachable: aria-disabled, not disabled.
    refused = page.locator('[data-region=controls] [data-act="why place 2"]')
    assert refused.get_attribute("aria-disabled") == "true" and refused.get_attribute("disabled") is None
    refused.click(force=True)  # Playwright waits for "enabled" buttons; a person's click is not stopped
    page.wait_for_function(
        "text => document.querySelector('#notice').textContent === text",
        arg="Your eye cell a1 already holds your own piece: move it away first (TR-10, TR-15).")
    # A tap on an empty cell, on the person's own piece with nowhere to go, after selecting a piece.
    page.click(f'{BOARD} [data-act="tap c3"]')
    page.wait_for_function(
        "text => document.querySelector('#notice').textContent === text",
        arg="There is no piece on c3: select one of your pieces first, then the cell to move it to.")
    page.click(f'{BOARD} [data-act="select a1"]')
    page.click(f'{BOARD} [data-act="tap c2"]')
    page.wait_for_function(
        "() => document.querySelector('#notice').textContent.startsWith('The piece on a1 cannot go to c2: ')")
    assert "(TR-14)" in notice.inner_text() and "illegal" not in notice.inner_text()
    assert len(log_lines(page)) == 3  # nothing was played


@pytest.fixture
def phone(browser: Any, site: Server) -> Iterator[Any]:
    """A phone: 390×844, touch screen, mobile viewport."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    with watched_page(context, site) as page:
        yield page
    context.close()


def test_on_a_phone_targets_are_big_enough_and_taps_explain(phone: Any, site: Server) -> None:
    """Issue 11.3: on a 390 px phone every control is at least 44×44 CSS px, each board cell holds a 44 px
    circle, and what a hover tooltip says (why a placement is refused) comes with a tap too."""
    open_trice(phone, site, f"{PERSON_FIRST}&seed=1")
    roll(phone, tap=True)
    phone.tap('[data-region=controls] [data-act="do place 1 free"]')
    wait_log(phone, "Red places a level-1 piece on its eye cell for free.")
    phone.wait_for_selector(f'{BOARD} [data-act="select a1"]')
    sizes = phone.evaluate(
        """() => [...document.querySelectorAll('[data-region=controls] button')].map((b) => {
             const r = b.getBoundingClientRect(); return [b.dataset.act, r.width, r.height]; })"""
    )
    assert sizes and all(w >= 44 and h >= 44 for _, w, h in sizes), sizes
    # The cells are triangles: the largest circle inside one of side a is a / sqrt(3) across.
    sides = phone.evaluate(
        "() => [...document.querySelectorAll('[data-region=board] [data-act]')].map((c) => c.getBoundingClientRect().width)"
    )
    assert len(sides) == 16 and min(sides) / math.sqrt(3) >= 44, sides
    phone.tap('[data-region=controls] [data-act="why place 3"]', force=True)  # aria-disabled: the tap goes through
    phone.wait_for_function(
        "text => document.querySelector('#notice').textContent === text",
        arg="Your eye cell a1 already holds your own piece: move it away first (TR-10, TR-15).")


def test_a_keyboard_player_keeps_the_focus_from_the_roll_to_the_next_decision(page: Any, site: Server) -> None:
    """Roll, a move and End turn go with the redraw: the focus goes on to the next decision, not the page's body."""
    open_trice(page, site, f"{PERSON_FIRST}&seed=1")
    wait_log(page, "The dice choose Red to start.")
    page.locator(ROLL).focus()
    page.keyboard.press("Enter")
    wait_log(page, "Red rolls 2, 4 and 4: 10 points.")
    page.wait_for_function("document.activeElement.closest('[data-region=controls]') !== null")
    assert page.evaluate("document.activeElement.dataset.act").startswith("do place ")
    page.locator('[data-region=controls] [data-act="do place 1 free"]').focus()
    page.keyboard.press("Enter")
    wait_log(page, "Red places a level-1 piece on its eye cell for free.")
    page.wait_for_function("document.activeElement !== document.body")
    # End turn: the bots play, and the focus waits for the person's next decision, the dice
    page.locator('[data-region=controls] [data-act="do end"]').focus()
    page.keyboard.press("Enter")
    wait_log(page, "Blue ends the turn.")
    page.wait_for_function("document.activeElement.dataset.act === 'chance'")


def test_undo_against_bots_takes_back_your_turn_and_their_replies_in_one_press(page: Any, site: Server) -> None:
    """Issue 37: a takeback, as lichess offers against the computer; the same dice come again."""
    open_trice(page, site, f"{PERSON_FIRST}&seed=1")
    roll_and_place(page, "2, 4 and 4", 10)
    page.click('[data-region=controls] [data-act="do end"]')
    # the bots play their turns, then it is the person's again, with nothing of their own to undo yet
    page.wait_for_function("document.querySelector('[data-region=controls] [data-act=\"chance\"]') !== null")
    undo = page.locator('[data-op="undo"]')
    assert undo.is_enabled()
    before = log_lines(page)
    assert any(line.startswith("Green ") for line in before) and any(line.startswith("Blue ") for line in before)
    undo.click()
    # back to the start of the person's last turn: its roll and everything after it gone, the bots' replies too
    page.wait_for_function(
        "() => ![...document.querySelectorAll('[data-region=log] li')].some(li => /^(Green|Blue) /.test(li.textContent))")
    assert not any(line.startswith("Red rolls") for line in log_lines(page))
    wait_status(page, "Your turn")
    roll(page)
    wait_log(page, "Red rolls 2, 4 and 4: 10 points.")  # the same dice as the first time

"""Siege in the real page: aiming by drag and by keys, a hit in the HUD and the log, bots to the end.

The expectations are computed here with the same Python the worker runs (the
engine and the page session, natively): a seed fixes the dealer, so the draw
of who starts, the person's roll and the scatter after a shot are known in
advance, and the aims below were chosen because they hit with that scatter.
"""

from __future__ import annotations

import html
import json
import math
import re
from typing import Any

import pytest

from engine.siege.words import FIXTURE_WORDS
from tests.e2e.conftest import Server, wait_ready
from ui.session import Session
from ui.siege.board import aim_from_point, muzzle

#: seed 1: the draw says Blue (the person) starts, the roll is 4 + 5, the
#: first shot's scatter is +0.5° +0 %
SEED = 1
#: a cannon shot that hits Red's pirate on the main deck with that scatter (so
#: do its neighbours one degree or one percent away)
DRAG_AIM = ("cannon", 18, 86)
#: Space takes the mortar (set at 60°, 80 %); net one degree down and one
#: percent up, which hits the pirate on Red's forecastle
KEYS = ["Space", "ArrowUp", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowLeft"]
KEY_AIM = ("mortar", 59, 81)
#: a bots-only game that ends in 73 steps
BOTS_SEED = 7

CHANCE = '[data-region=controls] [data-act="chance"]'
LOG = "[data-region=log] li"
NAMES = ["Blue seat", "Red seat"]  # the page names its seats itself: compare seats, not names


def native(seed: int, controllers: list[str], gestures: list[str]) -> dict[str, Any]:
    """The screen the page should show: the same session, run here without a browser."""
    session = Session()
    screen = session.handle_text(
        json.dumps(
            {
                "op": "start",
                "game": "siege",
                "seed": seed,
                "pace_ms": 0,
                "seats": [{"name": n, "controller": c} for n, c in zip(NAMES, controllers)],
            }
        )
    )
    for gesture in [None, *gestures]:
        if gesture is not None:
            screen = session.handle_text(json.dumps({"op": "act", "gesture": gesture}))
            assert screen["ok"], screen["error"]
        while screen["tick_ms"] is not None:
            screen = session.handle_text('{"op": "tick"}')
    return screen


def log_texts(screen: dict[str, Any]) -> list[str]:
    return [line["text"] for line in screen["log"]]


def hud(page_or_frame: Any, key: str) -> str:
    return page_or_frame.locator(f'[data-region=players] [data-hud="{key}"]').inner_text().strip()


def native_hud(screen: dict[str, Any]) -> dict[str, str]:
    """The HUD's values in the session's own answer."""
    pairs = re.findall(r'data-hud="([^"]+)">([^<]*)', screen["regions"]["players"])
    return {key: html.unescape(value).strip() for key, value in pairs}


def page_hud(page_or_frame: Any) -> dict[str, str]:
    """The HUD's values as the page shows them (the text before any nested drawing)."""
    return page_or_frame.locator("[data-region=players] [data-hud]").evaluate_all(
        """els => Object.fromEntries(els.map(e => [e.dataset.hud,
             e.firstChild && e.firstChild.nodeType === 3 ? e.firstChild.textContent.trim() : '']))"""
    )


def winner_seat(screen: dict[str, Any]) -> int:
    (seat,) = [i for i, name in enumerate(NAMES) if screen["banner"] == f"{name} wins!"]
    return seat


def seat_name(page_or_frame: Any, seat: int) -> str:
    section = page_or_frame.locator(f"[data-region=players] section[data-seat='{seat}']")
    return section.get_attribute("aria-label")


def open_game(page: Any, site: Server, query: str) -> None:
    page.goto(site.url + "siege/?" + query)
    wait_ready(page)


def to_client(page: Any, x: float, y: float) -> tuple[float, float]:
    """Page coordinates of the board's SVG point (x, y)."""
    return tuple(
        page.evaluate(
            """([x, y]) => { const svg = document.querySelector('[data-region=board] svg');
                 const p = svg.createSVGPoint(); p.x = x; p.y = y;
                 const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""",
            [x, y],
        )
    )


def roll_to_aim(page: Any, expected: dict[str, Any]) -> None:
    """Wait for the draw, roll the person's dice with the chance button, reach the aiming controls."""
    page.locator(CHANCE).click()
    page.wait_for_selector('[data-region=controls] [data-hud="points"]')
    texts = page.locator(LOG).all_inner_texts()
    assert texts == log_texts(expected)[:2], texts
    assert page.inner_text("[data-region=status]").startswith("Your turn")


def check_hit(page: Any, expected: dict[str, Any], hit: str) -> None:
    """The shot's flight, the log and the HUD show the pirate that fell."""
    want = log_texts(expected)
    assert "hits Red's pirate" in want[-1] and "falls" in want[-1]  # the chosen aim does hit
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length >= {len(want)}")
    assert page.locator(LOG).all_inner_texts() == want
    page.wait_for_selector(f'[data-region=board] [data-shot="{hit}"]', state="attached")
    assert hud(page, "pirates-1") == "9 / 10"  # one of Red's ten pirates is down
    assert hud(page, "pirates-0") == "10 / 10"
    assert hud(page, "points-0") == "8"  # 4 + 5 rolled, one spent on the shot
    assert page_hud(page) == native_hud(expected)
    assert page.locator("#notice").is_hidden()


def expected_hit(expected: dict[str, Any]) -> str:
    shots = re.findall(r'data-shot="([^"]+)"', expected["regions"]["board"])
    assert len(shots) == 1 and shots[0] not in FIXTURE_WORDS, shots
    return shots[0]


def test_aim_by_dragging_from_the_cannon_hits(page: Any, site: Server) -> None:
    weapon, angle, power = DRAG_AIM
    expected = native(SEED, ["human", "aim"], ["chance", f"do fire {weapon} {angle} {power}"])
    open_game(page, site, f"seats=human,aim&seed={SEED}")
    roll_to_aim(page, expected)
    handle = page.locator(f'[data-region=board] [data-drag=aim][data-weapon="{weapon}"]')
    handle.wait_for()
    # The point of the drag: the muzzle plus the aim's direction and length.
    mx, my = muzzle(0, weapon)
    length = 1.6 * power
    tx, ty = mx + length * math.cos(math.radians(angle)), my - length * math.sin(math.radians(angle))
    assert aim_from_point(0, weapon, tx, ty) == (angle, power)
    start = to_client(page, mx, my)
    end = to_client(page, tx, ty)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()
    check_hit(page, expected, expected_hit(expected))


def test_aim_with_the_keyboard_hits(page: Any, site: Server) -> None:
    weapon, angle, power = KEY_AIM
    expected = native(SEED, ["human", "aim"], ["chance", f"do fire {weapon} {angle} {power}"])
    open_game(page, site, f"seats=human,aim&seed={SEED}")
    roll_to_aim(page, expected)
    board = page.locator("[data-region=board] svg[data-keys]")
    board.focus()
    for key in KEYS:
        page.keyboard.press(" " if key == "Space" else key)
    # The keys went one after the other to the board, which kept the focus through each redraw.
    # The readout passes through this aim after the fifth key too, so wait on both
    # regions rather than read the board once: the last answers may still be arriving.
    page.wait_for_selector(f'[data-region=controls] [data-aim="{weapon} {angle} {power}"]')
    page.wait_for_selector(f'[data-region=board] g[data-aim="{weapon} {angle} {power}"]', state="attached")
    assert page.locator("[data-region=board] g[data-aim]").count() == 1
    assert page.evaluate("!!document.activeElement.closest('[data-keys]')")
    page.keyboard.press("Enter")
    check_hit(page, expected, expected_hit(expected))


def test_bots_only_game_reaches_the_winner_banner(page: Any, site: Server) -> None:
    expected = native(BOTS_SEED, ["aim", "aim"], [])
    open_game(page, site, f"seats=aim,aim&pace=0&seed={BOTS_SEED}")
    page.wait_for_selector("#winner:not([hidden])")
    winner = seat_name(page, winner_seat(expected))
    assert page.inner_text("#winner [data-winner-text]") == f"{winner} wins!"
    assert page.locator(LOG).all_inner_texts() == log_texts(expected)
    assert page.inner_text("[data-region=status]") == "Game over"
    assert page_hud(page) == native_hud(expected)


def test_embedded_game_in_a_blog_plays_bots_to_the_end(page: Any, site: Server, blog: Server) -> None:
    expected = native(BOTS_SEED, ["aim", "aim"], [])
    page.goto(blog.url)
    page.evaluate(
        """url => { const f = document.createElement('iframe'); f.src = url; f.width = 800; f.height = 600;
                     f.id = 'game'; document.body.append(f); }""",
        site.url + f"siege/?embed=1&seats=aim,aim&pace=0&seed={BOTS_SEED}",
    )
    frame = page.frame_locator("#game")
    frame.locator("html[data-engine=ready]").wait_for(state="attached")
    assert frame.locator(".site-header").is_hidden()
    frame.locator("#winner:not([hidden])").wait_for()
    winner = seat_name(frame, winner_seat(expected))
    assert frame.locator("#winner [data-winner-text]").inner_text() == f"{winner} wins!"
    assert frame.locator(LOG).all_inner_texts() == log_texts(expected)
    assert page_hud(frame) == native_hud(expected)
    # Compact: the whole scene is inside the frame's width, no site chrome around it.
    board = frame.locator("[data-region=board] svg").bounding_box()
    box = page.locator("#game").bounding_box()
    assert box["x"] <= board["x"] and board["x"] + board["width"] <= box["x"] + box["width"]
    assert board["width"] > 500

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
from tests.e2e.conftest import Server, press_play, wait_ready, wait_until
from ui.app.session import Session
from ui.games.siege.board import aim_from_point, muzzle, pad_point

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
    head = page_or_frame.locator(f"[data-region=players] th[data-seat='{seat}']")  # the side's column in the HUD
    return head.get_attribute("data-name")


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
    # a mouse and keys: the hint says the keys, not the finger's; no aim pad on a wide screen
    assert page.locator("[data-region=controls] .sg-help-desk").is_visible()
    assert page.locator("[data-region=controls] .sg-help-touch").is_hidden()
    # the page told the engine its screen (prefs: width and pointer), so only the keys' sentence is written at all
    assert page.locator("[data-region=controls] .sg-help-touch").count() == 0
    assert page.locator("[data-region=siege-pad] [data-drag=pad]").is_hidden()
    board = page.locator("[data-region=board] svg[data-keys]")
    board.focus()
    for key in KEYS:
        page.keyboard.press(" " if key == "Space" else key)
    # The keys went one after the other to the board, which kept the focus through each redraw.
    # The readout passes through this aim after the fifth key too: a message sent after the keys'
    # is answered after theirs (the engine answers in order), so once it is, all of theirs are in.
    page.evaluate("window.boardgamesEngine.call({ op: 'ping' })")
    page.wait_for_selector(f'[data-region=siege-angle] [data-aim="{weapon} {angle} {power}"]')
    page.wait_for_selector(f'[data-region=board] g[data-aim="{weapon} {angle} {power}"]', state="attached")
    assert page.inner_text("[data-region=siege-angle]") == f"{angle}°"
    assert page.inner_text("[data-region=siege-power]") == f"{power}%"
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
    press_play(frame)
    frame.locator("html[data-engine=ready]").wait_for(state="attached")
    assert frame.locator(".site-header").is_hidden()
    frame.locator("#winner:not([hidden])").wait_for()
    winner = seat_name(frame, winner_seat(expected))
    assert frame.locator("#winner [data-winner-text]").inner_text() == f"{winner} wins!"
    assert frame.locator(LOG).all_inner_texts() == log_texts(expected)
    assert page_hud(frame) == native_hud(expected)
    # Compact: the whole scene is inside the frame's width, no site chrome around it.
    board = frame.locator("[data-region=board] svg.sg-board").bounding_box()
    box = page.locator("#game").bounding_box()
    assert box["x"] <= board["x"] and board["x"] + board["width"] <= box["x"] + box["width"]
    assert board["width"] > 500


# -- touch, sliders, the close-up, marks, refusals -------------------------------------------------

from collections.abc import Iterator

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, watched_page

#: seed 2: the draw says Red (the bot) starts, and plays a whole turn before the person's first
RED_FIRST_SEED = 2
FIRES = re.compile(r"^Blue fires the cannon at (\d+)° and (\d+)% power\.$")


@pytest.fixture(scope="module")
def phone_context(browser: Any) -> Iterator[Any]:
    """A phone: 390 x 844 CSS px, a touch screen, mobile viewport rules."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(phone_context: Any, site: Server) -> Iterator[Any]:
    with watched_page(phone_context, site) as page:
        yield page


def test_an_engine_started_again_is_told_the_screen_again(phone: Any, site: Server) -> None:
    """Found by the soak (seed 13, input 608): after a restart the fresh engine was never told the device
    (nor reduced motion), so it wrote the keys' hint to a phone and animated what should stand still."""
    phone.add_init_script("window.ENGINE_CALL_TIMEOUT_MS = 4000")
    open_game(phone, site, f"seats=human,aim&seed={SEED}")
    phone.locator(CHANCE).wait_for()  # the game is on the page
    phone.evaluate("window.boardgamesEngine.stop()")  # as a crash of the worker would
    phone.locator(CHANCE).tap()  # a message the dead engine never answers
    phone.wait_for_selector("html[data-engine=failed]", state="attached")
    phone.locator("#engine-failure [data-op=restart]").tap()
    wait_ready(phone)
    # The dead engine's drawing stays until the fresh one's game is in: ask the fresh engine (its answer
    # comes after the page's own start messages, which are queued before it) before tapping.
    wait_until(phone, "() => window.boardgamesEngine.call({op: 'refresh'}).then((s) => s.game === 'siege')")
    phone.locator(CHANCE).tap()
    phone.wait_for_selector('[data-region=controls] [data-hud="points"]')
    assert phone.locator("[data-region=controls] .sg-help-touch").is_visible()
    assert phone.locator("[data-region=controls] .sg-help-desk").count() == 0


def touch_drag(page: Any, points: list[tuple[float, float]]) -> None:
    """A finger on the screen: touchStart at the first point, touchMove through the others, touchEnd (CDP)."""
    cdp = page.context.new_cdp_session(page)
    send = lambda kind, at: cdp.send(
        "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": at[0], "y": at[1]}] if at else []})
    send("touchStart", points[0])
    for point in points[1:]:
        send("touchMove", point)
        page.wait_for_timeout(16)  # a finger moves about once a frame
    send("touchEnd", None)
    cdp.detach()


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def pad_to_client(page: Any, x: float, y: float) -> tuple[float, float]:
    """Page coordinates of the aim pad's point (x, y)."""
    return tuple(
        page.evaluate(
            """([x, y]) => { const svg = document.querySelector('[data-region=siege-pad] svg');
                 const p = svg.createSVGPoint(); p.x = x; p.y = y;
                 const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""",
            [x, y],
        )
    )


#: The pad's readout and arrow as the page shows them: sizes in CSS px.
PAD_MEASURE = """() => {
  const svg = document.querySelector('[data-region=siege-pad] svg');
  const scale = svg.getScreenCTM().a;
  const chip = svg.querySelector('[data-readout]');
  const text = chip && chip.querySelector('text');
  const arrow = svg.querySelector('[data-pad-arrow] path:nth-of-type(3)');
  const r = chip && chip.getBoundingClientRect();
  return { readout: chip && chip.dataset.readout, arrow: svg.querySelector('[data-pad-arrow]')?.dataset.padArrow,
           font: text ? parseFloat(getComputedStyle(text).fontSize) * scale : 0,
           chip: r && { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
           stroke: arrow ? parseFloat(arrow.getAttribute('stroke-width')) * scale : 0,
           length: arrow ? arrow.getTotalLength() * scale : 0 };
}"""


class Finger:
    """A finger on the screen that stays down between moves (CDP touch events)."""

    def __init__(self, page: Any, at: tuple[float, float]) -> None:
        self.page, self.cdp = page, page.context.new_cdp_session(page)
        self.send("touchStart", at)

    def send(self, kind: str, at: tuple[float, float] | None) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": at[0], "y": at[1]}] if at else []})

    def slide(self, start: tuple[float, float], end: tuple[float, float], steps: int = 10) -> None:
        for k in range(1, steps + 1):
            self.send("touchMove", (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps))
            self.page.wait_for_timeout(16)  # a finger moves about once a frame

    def lift(self) -> None:
        self.send("touchEnd", None)
        self.cdp.detach()


def test_a_first_visit_meets_the_gentlest_bot_and_sees_its_shots_flight_until_its_first_hit(
    page: Any, site: Server
) -> None:
    """No set-up chosen: the beginner, named the gentlest; the trajectory and why, gone after the first hit."""
    page.goto(site.url + f"siege/?seed={SEED}")  # who plays: the set-up's defaults
    wait_ready(page)
    opponent = page.locator("#setup-dialog [data-seat='1'] select")
    assert opponent.input_value() == "mcts:easy"
    assert opponent.locator("option:checked").inner_text() == "Bot: beginner (the gentlest)"
    assert "the flight of your shot is drawn until your first hit" in page.locator("#setup-dialog .hint").inner_text()
    page.locator(CHANCE).click()
    page.wait_for_selector('[data-region=controls] [data-hud="points"]')
    guided = page.locator("[data-region=controls] .sg-guided")
    assert "until your first hit" in guided.inner_text()
    assert page.locator("[data-region=board] [data-training]").count() == 1
    page.locator("[data-region=board] svg[data-keys]").focus()
    for key in KEYS:  # the mortar at 59°, 81 %: with seed 1's scatter, Red's pirate on the forecastle falls
        page.keyboard.press(" " if key == "Space" else key)
    weapon, angle, power = KEY_AIM
    page.wait_for_selector(f'[data-region=siege-angle] [data-aim="{weapon} {angle} {power}"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-hud=\"pirates-1\"]')?.textContent.trim() === '9 / 10'")
    # the same turn goes on (8 points left), and the line is gone: the person has found the range
    assert page.inner_text("[data-region=status]").startswith("Your turn")
    assert page.locator("[data-region=board] [data-training]").count() == 0
    assert guided.count() == 0


def test_on_a_phone_a_finger_aims_on_the_pad_with_room_big_numbers_above_it_and_a_long_drag(phone: Any, site: Server) -> None:
    _weapon, angle, power = DRAG_AIM
    open_game(phone, site, f"seats=human,aim&seed={SEED}")
    phone.locator(CHANCE).tap()
    handle_selector = '[data-region=siege-pad] [data-drag=pad][data-weapon="cannon"]'
    phone.wait_for_selector(handle_selector)
    # the scene's own handle, a few px from the scene's edge, gives its place to the pad's; the hint is a finger's
    assert phone.locator("[data-region=board] .sg-stage [data-drag=aim]").is_hidden()
    assert phone.locator("[data-region=controls] .sg-help-touch").is_visible()
    assert phone.locator("[data-region=controls] .sg-help-desk").count() == 0  # the viewport said: a finger
    handle = box(phone, handle_selector)
    near = box(phone, "[data-region=board] .sg-near")
    assert handle["width"] >= 44 and handle["height"] >= 44, handle
    assert near["x"] <= handle["x"] and handle["x"] + handle["width"] <= near["x"] + near["width"] + 0.5
    assert handle["y"] + handle["height"] <= near["y"] + near["height"] + 0.5 <= 844
    # The finger goes down on the handle and drags out: 10 % power, then all the way to 100 %.
    start = (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    weak, strong = pad_to_client(phone, *pad_point(0, 5, 10)), pad_to_client(phone, *pad_point(0, 5, 100))
    before = len(phone.locator(LOG).all_inner_texts())
    finger = Finger(phone, start)
    finger.slide(start, weak, 4)
    phone.wait_for_selector('[data-region=siege-pad] [data-readout="5° · 10%"]')
    finger.slide(weak, strong, 12)
    phone.wait_for_selector('[data-region=siege-pad] [data-readout="5° · 100%"]')
    seen = phone.evaluate(PAD_MEASURE)
    assert math.dist(weak, strong) >= 200, (weak, strong)  # the whole power range: a long, fine drag
    assert seen["arrow"] == "5 100" and seen["length"] >= 200 and seen["stroke"] >= 4, seen
    assert seen["font"] >= 14, seen  # the numbers, readable
    chip = seen["chip"]
    assert chip["bottom"] <= strong[1] - 20 and chip["top"] >= 0, (chip, strong)  # above the finger, on screen
    assert chip["left"] >= 0 and chip["right"] <= 390, chip
    # then to the aim that hits, and the finger lifts: that exact shot
    target = pad_to_client(phone, *pad_point(0, angle, power))
    finger.slide(strong, target, 8)
    phone.wait_for_selector(f'[data-region=siege-pad] [data-readout="{angle}° · {power}%"]')
    finger.lift()
    phone.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length >= {before + 2}")
    texts = phone.locator(LOG).all_inner_texts()
    assert texts[before] == f"Blue fires the cannon at {angle}° and {power}% power.", texts[before:]
    assert "Blue's cannon" in texts[before + 1]  # and it landed
    assert phone.evaluate("window.scrollY") == 0  # the drag aimed; it did not scroll the page
    assert phone.locator("#notice").is_hidden()


def test_on_a_small_phone_the_pad_is_on_screen_uncovered_and_still_roomy(phone: Any, site: Server) -> None:
    """320 x 640: the action bar scrolls with the page rather than cover the pad; the numbers are still 14 px."""
    phone.set_viewport_size({"width": 320, "height": 640})
    open_game(phone, site, f"seats=human,aim&seed={SEED}&lang=fr")
    phone.locator(CHANCE).tap()
    handle_selector = "[data-region=siege-pad] [data-drag=pad]"
    phone.wait_for_selector(handle_selector)
    handle = box(phone, handle_selector)
    start = (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    assert start[1] + handle["height"] / 2 <= 640
    # nothing lies over the handle: a finger there reaches it
    assert phone.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.matches('[data-drag=pad]')", list(start))
    assert phone.evaluate("document.documentElement.scrollWidth <= 320")
    weak, strong = pad_to_client(phone, *pad_point(0, 10, 10)), pad_to_client(phone, *pad_point(0, 10, 100))
    assert math.dist(weak, strong) >= 195, (weak, strong)
    finger = Finger(phone, start)
    finger.slide(start, strong, 12)
    phone.wait_for_selector('[data-region=siege-pad] [data-readout="10° · 100\u202f%"]')  # French: 100 %
    seen = phone.evaluate(PAD_MEASURE)
    finger.send("touchCancel", None)  # a call came in: nothing fires
    finger.cdp.detach()
    assert seen["font"] >= 14 and seen["chip"]["bottom"] <= strong[1] - 20 and seen["chip"]["top"] >= 0, seen
    assert seen["chip"]["left"] >= 0 and seen["chip"]["right"] <= 320, seen


def test_on_a_phone_the_close_up_shows_the_enemys_pirates_at_least_12_px_tall(phone: Any, site: Server) -> None:
    open_game(phone, site, f"seats=human,aim&seed={SEED}")
    phone.locator(CHANCE).click()
    phone.wait_for_selector("[data-region=siege-pad] [data-drag=pad]")  # aiming: the pad lies over the close-up
    sizes = phone.evaluate(
        """() => {
             const scene = document.querySelector('[data-region=board] svg.sg-board');
             const zoom = document.querySelector('[data-region=board] svg.sg-zoom');
             const pirates = [...scene.querySelectorAll('g[data-piece^="spot:"][data-side="1"]')];
             const frame = zoom.getBoundingClientRect();
             const project = (svg, b) => [[b.x, b.y], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
               const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(svg.getScreenCTM()); });
             return { shown: zoom.getClientRects().length > 0, frame: [frame.left, frame.top, frame.right, frame.bottom],
                      pirates: pirates.map(g => { const b = g.getBBox(); const [a, z] = project(zoom, b);
                        const [sa, sz] = project(scene, b);
                        return { zoom: [a.x, a.y, z.x, z.y], scene: sz.y - sa.y }; }) };
           }"""
    )
    assert sizes["shown"] and len(sizes["pirates"]) == 10
    left, top, right, bottom = sizes["frame"]
    for pirate in sizes["pirates"]:
        x1, y1, x2, y2 = pirate["zoom"]
        assert y2 - y1 >= 12, pirate  # a standing pirate, close up
        assert left <= x1 and x2 <= right and top <= y1 and y2 <= bottom, pirate  # whole, inside the close-up
        assert pirate["scene"] < 12  # the whole scene alone would show it smaller
    assert bottom <= 844  # the close-up is on screen with the scene


def test_a_slider_sets_the_power_in_one_move_and_keeps_its_place_while_it_moves(page: Any, site: Server) -> None:
    open_game(page, site, f"seats=human,aim&seed={SEED}")
    roll_to_aim(page, native(SEED, ["human", "aim"], ["chance"]))
    slider = page.locator("#sg-power")
    slider.evaluate("el => { el.dataset.kept = 'yes'; }")
    track = slider.bounding_box()
    at = lambda value: track["x"] + 8 + (track["width"] - 16) * (value - 10) / 90
    page.mouse.move(at(70), track["y"] + track["height"] / 2)
    page.mouse.down()
    page.mouse.move(at(93), track["y"] + track["height"] / 2, steps=12)
    page.mouse.up()
    page.wait_for_function("document.querySelector('[data-region=siege-power]').textContent === '93%'")
    assert slider.evaluate("el => el.dataset.kept") == "yes"  # the same slider all along: the drag went on
    page.wait_for_selector('[data-region=board] g[data-aim="cannon 10 93"]', state="attached")
    # the fine steps, and the keyboard on the slider (its focus stays)
    page.locator('[data-region=controls] [data-act="nudge power -1"]').click()
    page.wait_for_function("document.querySelector('[data-region=siege-power]').textContent === '92%'")
    page.locator("#sg-angle").focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('[data-region=siege-angle]').textContent === '13°'")
    assert page.evaluate("document.activeElement.id") == "sg-angle"
    # a redraw of the controls while the slider has the focus (a fine step clicked by script, which
    # moves no focus) gives it back to the slider: the keyboard player keeps their place
    page.evaluate("document.querySelector('[data-region=controls] [data-act=\"nudge angle 1\"]').click()")
    page.wait_for_function("document.querySelector('[data-region=siege-angle]').textContent === '14°'")
    assert page.evaluate("document.activeElement.id") == "sg-angle"
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('[data-region=siege-angle]').textContent === '13°'")
    assert page.inner_text("label[for=sg-angle]") == "Elevation" and page.inner_text("label[for=sg-power]") == "Power"
    page.locator('[data-region=controls] [data-act="fire"]').click()
    page.wait_for_function("[...document.querySelectorAll('[data-region=log] li')].some(li => "
                           "li.textContent === 'Blue fires the cannon at 13° and 92% power.')")


def red_fires(lines: list[str]) -> int:
    return sum(1 for line in lines if line.startswith("Red fires"))


def test_after_the_bots_turn_the_scene_keeps_its_shots_and_dice_until_you_act(page: Any, site: Server) -> None:
    expected = native(RED_FIRST_SEED, ["human", "aim"], [])
    shots = red_fires(log_texts(expected))
    assert shots >= 2
    open_game(page, site, f"seats=human,aim&seed={RED_FIRST_SEED}&pace=0")
    page.wait_for_selector(CHANCE)
    assert page.locator(LOG).all_inner_texts() == log_texts(expected)
    # every shot of Red's turn, numbered, what fell lying down, Red's dice
    assert page.locator('[data-region=board] svg.sg-board [data-shot][data-side="1"]').count() == shots
    assert page.locator("[data-region=board] svg.sg-board text.sg-badge").all_text_contents() == [
        str(k) for k in range(1, shots + 1)]
    assert page.locator('[data-region=board] [data-dice="1"]').count() == 1
    assert page.locator("#recap li").count() == len(expected["recap"]) > 0
    # Blue rolls: the marks go, Blue's dice show
    page.locator(CHANCE).click()
    page.wait_for_selector('[data-region=board] [data-dice="0"]', state="attached")
    assert page.locator('[data-region=board] [data-shot][data-side="1"]').count() == 0


# Records the delay of every bot step the bridge schedules (its timer that sends
# {op: "tick"}): the pace the session asked for, whatever the machine's speed.
TICK_DELAYS = """
window.__tickDelays = [];
const schedule = window.setTimeout;
window.setTimeout = function (callback, delay, ...rest) {
  if (typeof callback === "function" && /op: "tick"/.test(String(callback))) window.__tickDelays.push(delay);
  return schedule.call(this, callback, delay, ...rest);
};
"""


def test_skip_to_my_turn_is_quick_even_at_the_slowest_speed(page: Any, site: Server) -> None:
    """At the slowest pace a link may ask for (5 s between a bot's steps), skipping waits for none of them.

    Every step the bridge schedules after the click is due at once (0 ms):
    the bot's steps are played one after another without the pace, and the
    person's turn arrives with the same log as a game played at any pace.
    """
    expected = native(RED_FIRST_SEED, ["human", "aim"], [])
    bot_steps = sum(1 for line in expected["log"] if line["seat"] == 1 and not line["chance"])
    page.add_init_script(TICK_DELAYS)
    open_game(page, site, f"seats=human,aim&seed={RED_FIRST_SEED}&pace=5000")
    skip = page.locator("[data-op=skip]")
    skip.wait_for()
    page.wait_for_function("window.__tickDelays.includes(5000)")  # the bot's next step waits the slow pace
    page.evaluate("window.__tickDelays = []")
    skip.click()
    page.wait_for_selector(CHANCE)
    delays = page.evaluate("window.__tickDelays")
    assert len(delays) >= bot_steps - 1, delays  # the bot's steps went through the scheduler (the first may run on the click)
    assert set(delays) <= {0}, f"skipping still waited between steps: {delays}"
    assert page.locator(LOG).all_inner_texts() == log_texts(expected)
    assert page.locator('[data-region=board] svg.sg-board [data-shot][data-side="1"]').count() == red_fires(
        log_texts(expected))


def test_a_click_on_an_enemy_pirate_answers_in_words_and_links_the_rule(page: Any, site: Server) -> None:
    open_game(page, site, f"seats=human,aim&seed={SEED}")
    roll_to_aim(page, native(SEED, ["human", "aim"], ["chance"]))
    page.locator('[data-region=board] g[data-act="enemy f1"]').click()
    notice = page.locator("#notice")
    notice.wait_for()
    assert notice.inner_text() == "That is Red's pirate: to knock it down, aim a launcher at it and fire (SG-05)."
    notice.locator("a.rule-ref").click()
    # The rule's anchor is empty (the player reads the rule, not its ID): the heading stating it is marked.
    page.wait_for_selector("#rules-dialog[open] #en-SG-05.rule-target", state="attached")
    assert page.locator("#rules-dialog h2:has(.rule-target)").is_visible()

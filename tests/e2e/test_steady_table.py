"""Nothing jumps while a person plays, and "Since your last move" can be read whole (issue 20, points 4 and 6).

Each game is played through a whole turn of the person's on a desktop
(1366x768) and on a touch phone (390x844): a selection, a move, a roll, a
refused move's notice shown and gone. The board's box is recorded after each
step and never changes; when the notice appears, no region of the page moves.
"Since your last move" is a fold with its count: beside the board, folded, on
a phone; open in the side on a desktop; its list scrolls, takes the keyboard's
focus, and its last entry can be brought wholly into view.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, wait_ready, watched_page

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
CONTROLS = "[data-region=controls]"
ROLL = f'{CONTROLS} [data-act="chance"]'
BOARD = "[data-region=board]"
#: The regions of the page whose boxes are compared before and after a notice appears.
REGIONS = {
    "board": f"{BOARD} svg",
    "status": ".status-row",
    "action bar": ".action-bar",
    "controls": CONTROLS,
    "side": ".side",
    "players": "[data-region=players]",
    "log": "[data-region=log]",
}
BOXES = """regions => Object.fromEntries(Object.entries(regions).map(([name, selector]) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [name, [r.x, r.y + window.scrollY, r.width, r.height].map((v) => Math.round(v * 10) / 10)];
}))"""
NEXT_FRAME = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


@pytest.fixture(params=list(SIZES), scope="module")
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A browser context of that size: the phone is a touch screen with mobile viewport rules."""
    width, height = SIZES[request.param]
    phone = request.param == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    yield request.param, context
    context.close()


@pytest.fixture
def tour(screen: tuple[str, Any], site: Server) -> Iterator[Any]:
    with watched_page(screen[1], site) as page:
        yield page


class Turn:
    """The boxes of the page's regions after each step of a turn."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.steps: list[tuple[str, dict[str, list[float]]]] = []

    def boxes(self) -> dict[str, list[float]]:
        self.page.evaluate(NEXT_FRAME)  # the step's redraw and the bridge's layout are done
        return self.page.evaluate(BOXES, REGIONS)

    def record(self, step: str) -> None:
        self.steps.append((step, self.boxes()))

    def act(self, selector: str, step: str, *, then: str | None = None) -> None:
        """Press ``selector``; wait for the page's step to change, or for ``then`` to show."""
        before = self.page.get_attribute("html", "data-step")
        self.page.locator(selector).first.click(force=True)  # refused buttons are aria-disabled, pressable
        if then is None:
            self.page.wait_for_function("step => document.documentElement.dataset.step !== step", arg=before)
        else:
            self.page.wait_for_selector(then)
        self.record(step)

    def notice(self, selector: str, step: str, *, shown: str = "#notice:not([hidden])") -> None:
        """Press what the rules refuse: the notice shows, and no region of the page moved for it."""
        self.record(f"before {step}")
        self.act(selector, step, then=shown)
        before, after = self.steps[-2][1], self.steps[-1][1]
        moved = {name: (before[name], after[name]) for name in REGIONS if before[name] != after[name]}
        assert not moved, f"{step}: regions moved when the notice appeared: {moved}"

    def check_board(self, what: str) -> None:
        first = self.steps[0][1]["board"]
        changed = [(step, boxes["board"]) for step, boxes in self.steps if boxes["board"] != first]
        assert not changed, f"{what}: the board was {first} at {self.steps[0][0]}, then {changed}"


def trice_turn(turn: Turn) -> None:
    page = turn.page
    page.wait_for_selector(ROLL)
    turn.record("the person's turn")
    turn.notice(f'{BOARD} [data-act="tap b2"]', "a tap before the roll")
    turn.act(ROLL, "the roll")  # the notice goes with the next action
    assert page.locator("#notice").is_hidden()
    turn.act(f'{CONTROLS} [data-act="do place 1 free"]', "the free placement")
    turn.act(f'{BOARD} [data-act="select a1"]', "a1 selected", then=f'{BOARD} [data-act="tap c2"]')
    turn.notice(f'{BOARD} [data-act="tap c2"]', "a move too far")
    turn.act(f'{BOARD} [data-act^="do move a1 b2"]', "the move to b2")
    assert page.locator("#notice").is_hidden()
    turn.act(f'{CONTROLS} [data-act="do end"]', "the end of the turn", then=ROLL)


def piratissimo_turn(turn: Turn) -> None:
    page = turn.page
    page.wait_for_selector(ROLL)
    turn.record("the person's turn")
    # Piratissimo answers a tapped island in the controls' hint, where the person looks for the decision
    turn.notice('[data-region=board] .pir-island[data-island="19"]', "an island before the roll",
                shown=f"{CONTROLS} .pir-hint")
    turn.act(ROLL, "the roll")
    assert page.locator(f"{CONTROLS} .pir-hint").count() == 0
    turn.notice('[data-region=board] .pir-island[data-island="9"]', "an island before the load",
                shown=f"{CONTROLS} .pir-hint")
    while page.locator(ROLL).count() == 0:  # each of the turn's decisions: its first button
        choice = f'{CONTROLS} [data-act^="do "]'
        page.wait_for_selector(f"{choice}, {ROLL}")
        if page.locator(choice).count():
            turn.act(choice, page.locator(choice).first.get_attribute("data-act"))


def siege_turn(turn: Turn) -> None:
    page = turn.page
    page.wait_for_selector(ROLL)
    turn.record("the person's turn")
    turn.act(ROLL, "the roll", then=f'{CONTROLS} [data-act="fire"]')
    turn.notice('[data-region=board] g[data-act="enemy f1"]', "a click on an enemy pirate")
    turn.act(f'{CONTROLS} [data-act="weapon mortar"]', "the mortar chosen", then=f'{CONTROLS} [data-act="weapon mortar"][aria-pressed=true]')
    assert page.locator("#notice").is_hidden()
    turn.act(f'{CONTROLS} [data-act="pick"]', "which pirate moves", then=f'{CONTROLS} [data-act^="select "]')
    turn.act(f'{CONTROLS} [data-act^="select "]', "a pirate selected", then=f'{CONTROLS} [data-act^="do move "]')
    turn.act(f'{CONTROLS} [data-act^="do move "]', "the pirate's move")
    turn.act(f'{CONTROLS} [data-act="fire"]', "the shot", then=f'{CONTROLS} [data-act="do end"]')
    turn.act(f'{CONTROLS} [data-act="do end"]', "the end of the turn", then=ROLL)


TURNS: dict[str, tuple[str, Callable[[Turn], None]]] = {
    "trice": ("seats=human,heuristic,heuristic&seed=1&pace=0", trice_turn),
    "piratissimo": ("seats=human,heuristic&seed=9&pace=0", piratissimo_turn),
    "siege": ("seats=human,aim&seed=1&pace=0", siege_turn),
}


@pytest.mark.parametrize("game", list(TURNS))
def test_the_board_keeps_its_box_through_a_whole_turn(tour: Any, screen: tuple[str, Any], site: Server,
                                                      game: str) -> None:
    query, play = TURNS[game]
    tour.goto(f"{site.url}{game}/?{query}")
    wait_ready(tour)
    turn = Turn(tour)
    play(turn)
    assert len(turn.steps) >= 6
    turn.check_board(f"{game} on a {screen[0]}")
    assert tour.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# -- "Since your last move" ------------------------------------------------------------------------

#: Trice for three, the person first: after the person's first turn the two bots play theirs, and the
#: list holds every one of their steps (18 with this seed).
MANY = "seats=human,heuristic,heuristic&seed=1&pace=0"
RECAP = "#recap"
ENTRIES = "#recap [data-recap] li"
#: Where the last entry is, and where it must be: inside its list, the side (a desktop) and the window.
LAST_ENTRY = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
  const entries = document.querySelectorAll('#recap [data-recap] li');
  const last = entries[entries.length - 1];
  const side = document.querySelector('.side');
  return { entry: box(last), list: box(last.parentElement), side: side.contains(last) ? box(side) : null,
           window: { top: 0, bottom: window.innerHeight } };
}"""


def play_a_turn_for_news(page: Any, site: Server, lang: str) -> int:
    """The person's first turn in a game for three; the bots' turns follow: the number of entries then."""
    page.goto(f"{site.url}trice/?{MANY}&lang={lang}")
    wait_ready(page)
    page.locator(ROLL).click()
    page.wait_for_selector(f'{CONTROLS} [data-act="do end"]')
    page.locator(f'{CONTROLS} [data-act="do end"]').click()
    page.wait_for_function("document.querySelectorAll('#recap [data-recap] li').length > 0")
    page.wait_for_selector(ROLL)  # the person's turn again: the bots are done
    entries = page.locator(ENTRIES).count()
    assert entries >= 12
    return entries


def assert_wholly_visible(found: dict[str, Any], what: str) -> None:
    entry = found["entry"]
    for name in ("list", "side", "window"):
        outer = found[name]
        if outer is None:
            continue
        assert outer["top"] - 0.5 <= entry["top"] and entry["bottom"] <= outer["bottom"] + 0.5, (
            f"{what}: the last entry {entry} is not wholly inside the {name} {outer}")


def test_on_a_desktop_every_entry_since_your_last_move_can_be_reached_by_keyboard(page: Any, site: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    entries = play_a_turn_for_news(page, site, "en")
    recap = page.locator(RECAP)
    assert recap.evaluate("el => el.open && el.closest('.side') !== null")  # open, in the side
    assert page.inner_text(f"{RECAP} summary") == f"Since your last move ({entries})"
    # more entries than the list shows at once: it scrolls, and it is a tab stop to scroll it with the keys
    lst = page.locator(f"{RECAP} [data-recap]")
    assert lst.evaluate("el => el.scrollHeight > el.clientHeight")
    assert page.get_by_role("list", name=re.compile(r"^Since your last move")).count() == 1
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#recap [data-recap]')"):
            break
    else:
        raise AssertionError("Tab never reaches the list of what happened since your last move")
    page.keyboard.press("End")
    page.wait_for_function("() => { const l = document.querySelector('#recap [data-recap]');"
                           " return l.scrollTop + l.clientHeight >= l.scrollHeight - 1; }")
    page.evaluate("() => document.querySelector('.side').scrollTop = 0")  # the side at its top, as it opens
    page.locator(ENTRIES).last.scroll_into_view_if_needed()
    assert_wholly_visible(page.evaluate(LAST_ENTRY), "desktop")
    assert page.evaluate("window.scrollY") == 0  # the page itself did not scroll for it


@pytest.fixture
def phone(browser: Any, site: Server) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(ENGINE_TIMEOUT_MS)
    with watched_page(context, site) as page:
        yield page
    context.close()


@pytest.mark.parametrize("lang, title", [("en", "Since your last move"), ("fr", "Depuis votre dernier coup")])
def test_on_a_phone_since_your_last_move_is_folded_beside_the_board(phone: Any, site: Server, lang: str,
                                                                  title: str) -> None:
    entries = play_a_turn_for_news(phone, site, lang)
    recap = phone.locator(RECAP)
    # over the board, in the status line's row, folded, with its count
    assert recap.evaluate("el => !el.open && el.closest('.status-row') !== null")
    summary = phone.locator(f"{RECAP} summary")
    assert summary.inner_text().strip("▸ ") == f"{title} ({entries})"
    box = summary.bounding_box()
    board = phone.locator(f"{BOARD} svg").bounding_box()
    assert box["height"] >= 44 and box["y"] + box["height"] <= board["y"] + 0.5 and box["y"] >= 0
    assert phone.get_by_role("group").filter(has_text=title).count() == 1  # the fold itself
    # unfolded, it lies over the board: nothing moves, and every entry can be scrolled to
    summary.tap()
    phone.wait_for_function("document.querySelector('#recap').open")
    phone.evaluate(NEXT_FRAME)
    assert phone.get_by_role("list", name=re.compile(f"^{title}")).count() == 1
    assert phone.locator(f"{BOARD} svg").bounding_box() == board
    phone.locator(ENTRIES).last.scroll_into_view_if_needed()
    assert_wholly_visible(phone.evaluate(LAST_ENTRY), f"phone in {lang}")
    summary.tap()
    phone.wait_for_function("!document.querySelector('#recap').open")
    # the person acts: nothing is new any more, the fold goes, and the board's top stays where it was
    # (its height may follow the decision after the roll on a phone; its top does not move)
    phone.locator(ROLL).tap()
    phone.wait_for_selector(RECAP, state="hidden")
    phone.evaluate(NEXT_FRAME)
    assert phone.locator(f"{BOARD} svg").bounding_box()["y"] == board["y"]

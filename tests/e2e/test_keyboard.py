"""A whole move by keyboard alone, in Trice and Piratissimo (issue 37 point 7): Tab to the controls or the board,
the arrow keys between the board's targets, Enter; and the focus never falls to the page's body, after the roll,
a move, End turn or the bots' replies.

The seeds are those of test_trice.py (seed 3: Red, the person, starts and rolls 1, 4 and 4) and
test_piratissimo.py (seed 9: PRELUDE_9, the person rolls the tornado face on their second turn).
The arrow keys go where the board's own attributes say (``data-nav-*``, from ui/draw/arrow_keys.py):
the test reads them to choose which key to press, and checks the focus went there. Every frame the page
draws is watched: not one may show the focus on the page's body (while the bots play it waits in the
board's frame, ``data-focus-wait``). The test goes back (Shift+Tab) from the controls to the board: a Tab
on past the page's end would leave the page itself.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.test_piratissimo import PRELUDE_9, open_game, wait_my_roll
from tests.e2e.test_piratissimo import wait_log as wait_pir_log
from tests.e2e.test_trice import PERSON_FIRST, open_trice, wait_log, wait_status

BOARD = "[data-region=board]"
KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}

#: Counts the frames drawn while the focus is on the page's body (a keyboard player's place lost), and notes
#: each: the game's step and the log's last line.
WATCH_FOCUS = """() => {
  window.adrift = [];
  const look = () => {
    if (document.activeElement === document.body) {
      window.adrift.push([document.documentElement.dataset.step,
                          document.querySelector('[data-region=log]').lastElementChild?.textContent]);
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def focused(page: Any, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement?.matches(s)", selector)


def tab_to(page: Any, selector: str, *, back: bool = False) -> None:
    """Press Tab (Shift+Tab: ``back``) until the focus is on an element matching ``selector`` (the page's own
    tab order). The board comes before the controls: a player goes back to it, rather than on past the
    page's end, where the focus leaves the page for the browser's own bar."""
    for _ in range(150):
        if focused(page, selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrows_to(page: Any, act: str) -> list[str]:
    """From the focused board target, the arrow keys to the target that plays ``act``: the shortest way by
    the targets' ``data-nav-*``, each key pressed and the focus checked where the key said. The keys pressed."""
    graph = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-region=board] [tabindex="0"][id]')].map(
             (el) => [el.id, { act: el.dataset.act, up: el.dataset.navUp, down: el.dataset.navDown,
                               left: el.dataset.navLeft, right: el.dataset.navRight }]))""")
    start = page.evaluate("document.activeElement.id")
    goal = next(key for key, target in graph.items() if target["act"] == act)
    ways: dict[str, list[str]] = {start: []}
    todo = [start]
    while todo and goal not in ways:
        here = todo.pop(0)
        for way in KEYS:
            nxt = graph[here][way]
            if nxt and nxt not in ways:
                ways[nxt] = [*ways[here], way]
                todo.append(nxt)
    assert goal in ways, f"no arrow keys lead from {start} to {goal}: {graph}"
    here = start
    for way in ways[goal]:
        page.keyboard.press(KEYS[way])
        here = graph[here][way]
        assert page.evaluate("document.activeElement.id") == here
    return ways[goal]


def never_adrift(page: Any) -> None:
    """Not one frame was drawn with the focus on the page's body since :data:`WATCH_FOCUS` began."""
    assert page.evaluate("window.adrift") == []
    assert page.evaluate("document.activeElement !== document.body")


def test_a_trice_move_by_keyboard_alone(page: Any, site: Server) -> None:
    open_trice(page, site, f"{PERSON_FIRST}&seed=3")
    wait_log(page, "The dice choose Red to start.")
    wait_status(page, "Your turn")
    tab_to(page, '[data-region=controls] [data-act="chance"]')
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    wait_log(page, "Red rolls 1, 4 and 4: 9 points.")
    # the roll went with the redraw: the focus is on the next decision, a placement
    page.wait_for_function("document.activeElement.dataset.act?.startsWith('do place ')")
    tab_to(page, '[data-region=controls] [data-act="do place 1 free"]')
    page.keyboard.press("Enter")
    wait_log(page, "Red places a level-1 piece on its eye cell for free.")
    page.wait_for_function("document.activeElement.closest('[data-region] [data-act]') !== null")
    never_adrift(page)

    # Tab into the board: the piece on a1, the one cell to play; Enter chooses it and the focus stays on it
    tab_to(page, f"{BOARD} .trice-hit", back=True)
    assert page.evaluate("document.activeElement.dataset.act") == "select a1"
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{BOARD} [data-act="do move a1 b2"]')
    assert page.evaluate("document.activeElement.dataset.act") == "select a1"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("deselect a1")
    # the arrow keys walk the destinations; the focused one shows its ring
    assert arrows_to(page, "do move a1 b2") == ["down"]
    ring = page.evaluate("getComputedStyle(document.activeElement.querySelector('.trice-focus')).stroke")
    assert ring not in ("none", "transparent", "rgba(0, 0, 0, 0)"), ring
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    page.keyboard.press("Enter")
    wait_log(page, "Red moves a level-1 piece from Red's eye cell a1 to the star cell b2.")
    page.wait_for_function("document.activeElement.closest('[data-region] [data-act]') !== null")
    never_adrift(page)

    # End turn: the bots play while the focus waits in the game, then it is on the roll
    tab_to(page, '[data-region=controls] [data-act="do end"]')
    page.keyboard.press("Enter")
    wait_log(page, "Blue ends the turn.")
    page.wait_for_function("document.activeElement.dataset.act === 'chance'")
    never_adrift(page)


def test_a_piratissimo_move_by_keyboard_alone(page: Any, site: Server) -> None:
    open_game(page, site, "seats=human,heuristic&seed=9&pace=0")
    wait_my_roll(page, PRELUDE_9[:1])
    tab_to(page, f"{BOARD} .pir-roll")  # the die on the sea
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    wait_pir_log(page, PRELUDE_9[:2])
    # the die went with the roll: the focus is on the next decision, how many treasures to load
    page.wait_for_function("document.activeElement.dataset.act?.startsWith('do load ')")
    tab_to(page, '[data-region=controls] [data-act="do load 3"]')
    page.keyboard.press("Enter")
    # Blue plays while the focus waits in the game; then it is on the person's roll
    wait_my_roll(page, PRELUDE_9[:4])
    page.wait_for_function("document.activeElement.dataset.act === 'chance'")
    never_adrift(page)
    page.keyboard.press("Enter")
    wait_pir_log(page, PRELUDE_9[:5])
    page.wait_for_function("document.activeElement.dataset.act?.startsWith('do tornado ')")
    never_adrift(page)

    # the tornado's four stops on the sea, by the arrow keys
    tab_to(page, f"{BOARD} .pir-choice-tornado", back=True)
    assert arrows_to(page, "do tornado 2")
    ring = page.evaluate("getComputedStyle(document.activeElement.querySelector('.pir-ring')).stroke")
    assert ring == "rgb(29, 53, 87)", ring  # the focus ring: the ring drawn dark and thick
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("Move the tornado 2")
    page.keyboard.press("Enter")
    wait_pir_log(page, PRELUDE_9[:6])
    # Blue's turn, then the person's roll again: the die on the sea, where the person last was
    wait_my_roll(page, PRELUDE_9[:8])
    page.wait_for_function("document.activeElement.dataset.act === 'chance'")
    never_adrift(page)

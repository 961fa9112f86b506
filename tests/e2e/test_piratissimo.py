"""Piratissimo in the real page: a person against a bot, four bots, embedded.

The seeds fix the dealer and the bots, so every die and every bot move below
is known in advance (worked out with ui.app.session.Session in plain Python):

* seed 9, a person (Red, "You") against a heuristic bot (Blue): You start, roll a 3 and load
  a closed chest of 3; Blue rolls a 1; You roll the tornado face, sail to the
  open chest of island 4 and move the tornado 2 islands; Blue rolls a 1; You
  roll a 4.
* seed 18, four heuristic bots: a short game (92 steps); Red starts and wins
  by sailing home along the blue shortcut (PI-08 with the home port).
* seed 57, embedded: You roll twice without a choice, then a 2 offers the
  plain route to island 10 or the blue shortcut from island 8 to island 12.
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, press_play, wait_ready
from tools.soak import endgame_link

LOG = "[data-region=log] li"
CONTROLS = "[data-region=controls]"
ROLL_BUTTON = '[data-region=controls] [data-act="chance"]'
#: A step of the game is a round trip to the Python worker: generous, not fixed.
STEP_MS = 45_000

PRELUDE_9 = [  # the person's own seat is "Red (you)" in the log, as everywhere
    "Red (you) starts.",
    "Red (you) rolls a 3 and sails to island 3.",
    "Red (you) loads 3 treasures.",
    "Blue rolls a 1 and sails to island 13.",
    "Red (you) rolls the tornado, sails to island 4 and must load 2 treasures from the open chest.",
    "Red (you) moves the tornado 2: it stops on island 17.",
    "Blue rolls a 1.",  # Blue stands on its port's island: home or on, its choice
    "Blue sails to island 14.",
    "Red (you) rolls a 4 and sails to island 8.",
]


def open_game(page: Any, site: Server, query: str) -> None:
    page.goto(f"{site.url}piratissimo/?{query}")
    wait_ready(page)


def wait_log(target: Any, lines: list[str]) -> None:
    """Wait until the log starts with ``lines`` (a page or a frame).

    Bots at pace=0 may already have played on; where the person must act the
    log stands still and the callers check it exactly.
    """
    try:
        target.wait_for_function(
            """lines => {
                 const got = [...document.querySelectorAll('[data-region=log] li')].map(li => li.textContent);
                 return got.length >= lines.length && lines.every((t, i) => t === got[i]);
               }""",
            arg=lines,
            timeout=STEP_MS,
        )
    except Exception:
        got = target.locator(LOG).all_inner_texts()
        notice = target.locator("#notice").inner_text()
        raise AssertionError(f"the log is {got!r} (notice {notice!r}), expected {lines!r}") from None


def wait_my_roll(target: Any, log: list[str]) -> None:
    """The person's turn to roll after ``log``: the session's button and the board's die."""
    wait_log(target, log)
    target.wait_for_selector(ROLL_BUTTON, timeout=STEP_MS)
    assert target.locator(LOG).all_inner_texts() == log  # the game waits for the person
    assert target.inner_text(ROLL_BUTTON) == "Roll the die"
    assert seat_name(target, 0) == "You (Red)"
    assert target.inner_text("[data-region=status]") == "Your turn"  # never "Your turn, You (Red)"
    assert target.locator('[data-region=board] .pir-roll[data-act="chance"]').count() == 1


def buttons(target: Any, prefix: str) -> list[tuple[str, str]]:
    """(data-act, text) of the control buttons whose action starts with ``prefix``."""
    found = target.locator(f'{CONTROLS} button[data-act^="{prefix}"]')
    return [(found.nth(i).get_attribute("data-act"), found.nth(i).inner_text()) for i in range(found.count())]


def seat_name(target: Any, seat: int) -> str:
    """The seat's name as its player card shows it: the player (the set-up chooses it) and the colour."""
    return target.inner_text(f'[data-region=players] [data-seat="{seat}"] .pir-title').strip()


def aboard(target: Any, seat: int) -> str:
    return target.inner_text(f'[data-region=players] [data-seat="{seat}"]')


def test_person_loads_a_closed_chest_and_moves_the_tornado(page: Any, site: Server) -> None:
    open_game(page, site, "seats=human,heuristic&seed=9&pace=0")
    # Chance (owned by nobody) draws who starts: You, Red.
    wait_my_roll(page, PRELUDE_9[:1])
    assert "0 of 7 aboard" in aboard(page, 0) and "in port" in aboard(page, 0)
    assert seat_name(page, 0) == "You (Red)" and seat_name(page, 1) == "Captain Bot (Blue)"
    assert "Bot: quick" in aboard(page, 1) and "Person" in aboard(page, 0)

    # Turn 1: a 3 reaches island 3 and its closed chest of 3.
    page.click(ROLL_BUTTON)
    wait_log(page, PRELUDE_9[:2])
    assert page.inner_text(f"{CONTROLS} .pir-prompt") == "Closed chest of 3: 0 of 7 aboard. Load how many?"
    assert buttons(page, "do load") == [
        ("do load 0", "Load 0"),
        ("do load 1", "Load 1"),
        ("do load 2", "Load 2"),
        ("do load 3", "Load 3"),
    ]
    assert page.locator(ROLL_BUTTON).count() == 0  # nothing to roll while loading
    page.click(f'{CONTROLS} [data-act="do load 3"]')
    # The bot's whole turn follows at once (pace=0), then it is You again.
    wait_my_roll(page, PRELUDE_9[:4])
    assert "3 of 7 aboard" in aboard(page, 0) and "at island 3" in aboard(page, 0)

    # Turn 2: the die's tornado face moves the ship 1 (an open chest: 2 forced
    # aboard), then You choose how far the tornado goes.
    page.click(ROLL_BUTTON)
    wait_log(page, PRELUDE_9[:5])
    assert page.locator("[data-region=board] .pir-die > title").text_content() == "die: tornado"
    assert page.inner_text(f"{CONTROLS} .pir-prompt") == "Move the tornado along the white arrows:"
    choices = buttons(page, "do tornado")
    assert [act for act, _ in choices] == ["do tornado 1", "do tornado 2", "do tornado 3", "do tornado 4"]
    assert choices[1][1] == "2 → island 17"
    # The same four choices glow on the board.
    assert page.locator("[data-region=board] .pir-choice-tornado[data-act^='do tornado']").count() == 4
    assert "5 of 7 aboard" in aboard(page, 0)
    page.click(f'{CONTROLS} [data-act="do tornado 2"]')
    wait_my_roll(page, PRELUDE_9[:8])

    # Turn 3: a plain 4 from island 4.
    page.click(ROLL_BUTTON)
    wait_log(page, PRELUDE_9)
    assert "5 of 7 aboard" in aboard(page, 0) and "at island 8" in aboard(page, 0)
    assert page.locator("#winner").is_hidden()
    assert page.locator("#notice").is_hidden()


def test_four_bots_race_to_the_winner_banner(page: Any, site: Server) -> None:
    open_game(page, site, "seats=heuristic,heuristic,heuristic,heuristic&seed=18&pace=0")
    page.wait_for_selector("#winner:not([hidden])", timeout=120_000)
    assert seat_name(page, 0) == "Helmsman Bot (Red)"
    assert page.inner_text("#winner [data-winner-text]") == "Helmsman Bot (Red) wins!"
    assert page.inner_text("[data-region=status]") == "Game over"
    log = page.locator(LOG).all_inner_texts()
    assert len(log) == 92
    assert log[0] == "Red starts."
    assert log[-1] == ("Red sails into its home port by the shortcut from island 20 (paying 1 treasure), "
                       "banks 4 treasures and wins the race.")
    assert page.locator(CONTROLS).inner_text().strip() == ""  # nobody may act any more
    assert page.locator(ROLL_BUTTON).count() == 0
    full = [
        page.get_attribute(f'[data-region=players] [data-seat="{seat}"] [role=progressbar]', "aria-valuenow")
        for seat in range(4)
    ]
    assert full == ["9", "0", "0", "0"]
    assert "11 banked: goal of 9 reached" in aboard(page, 0)  # the last unloading overshot the goal
    assert "0 of 9 banked" in aboard(page, 2)
    assert page.locator("[data-region=board] .pir-choice").count() == 0
    assert page.locator("#notice").is_hidden()


def test_embedded_person_rolls_and_takes_a_shortcut_on_the_board(
    page: Any, site: Server, blog: Server
) -> None:
    page.goto(blog.url)
    page.evaluate(
        """url => { const f = document.createElement('iframe'); f.src = url; f.width = 900; f.height = 700;
                     f.id = 'game'; document.body.append(f); }""",
        f"{site.url}piratissimo/?embed=1&seats=human,heuristic&seed=57&pace=0",
    )
    frame = page.wait_for_selector("#game").content_frame()
    assert frame is not None
    press_play(frame)
    wait_ready(frame)
    assert frame.locator(".site-header").is_hidden()
    # Measure once the game has started: the first answer replaces the shell's empty board.
    frame.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 1")
    board = frame.locator("[data-region=board] svg").bounding_box()
    assert board is not None and board["width"] > 300 and board["x"] + board["width"] <= 900

    expected = ["Red (you) starts."]
    # Roll with the view's own die on the board this time.
    for line in (
        "Red (you) rolls a 4, sails to island 4 and must load 2 treasures from the open chest.",
        "Blue rolls a 1 and sails to island 13.",
        "Red (you) rolls a 4 and sails to island 8.",
        "Blue rolls the tornado.",  # on its port's island: home or on, its choice
        "Blue sails to island 14.",
        "Blue moves the tornado 1: it stops on island 18.",
        "Red (you) rolls a 2.",
    ):
        if line.startswith("Red"):
            wait_my_roll(frame, expected)
            frame.click('[data-region=board] .pir-roll[data-act="chance"]')
        expected.append(line)
    wait_log(frame, expected)
    assert frame.locator(LOG).all_inner_texts() == expected
    assert frame.locator(ROLL_BUTTON).count() == 0
    # A choice: the plain route or the blue shortcut (1 of the 2 aboard pays).
    assert buttons(frame, "do sail") == [
        ("do sail 10", "Sail to island 10"),
        ("do sail 12 via 8", "Island 12 by the shortcut (pay 1)"),
    ]
    shortcut = frame.locator('[data-region=board] .pir-choice-shortcut[data-act="do sail 12 via 8"]')
    assert shortcut.count() == 1
    # Click the glowing ring on island 12 as a person would.  The ring pulses
    # for ever, so Playwright would wait for it to stand still: force the
    # click at its centre; the log below proves it reached the shortcut (and
    # not the plain route's ring, drawn just before it).
    shortcut.locator(".pir-ring").click(force=True)
    expected.append("Red (you) sails to island 12 by the shortcut from island 8 (paying 1 treasure).")
    wait_log(frame, expected)
    assert "1 of 7 aboard" in aboard(frame, 0) and "at island 12" in aboard(frame, 0)
    assert frame.locator("#notice").is_hidden()


# -- the table around the sea (issues 11 and 13) ------------------------------------------------
#
# seed 5, a person (Red) against three quick bots: Green starts; Green and Yellow play, then the
# person rolls the tornado face and moves it; Blue, Green and Yellow play (a storm that passes,
# an open chest, a tornado); the person's next roll is a 4 with a choice (island 5 or home).
FOUR = "seats=human,heuristic,heuristic,heuristic&seed=5&pace=0"
MARKS = "[data-region=board] .pir-mark"


def log_count(target: Any) -> int:
    return target.locator(LOG).count()


def test_the_sea_keeps_the_bots_moves_until_you_act_and_plays_them_once(page: Any, site: Server) -> None:
    open_game(page, site, FOUR)
    page.wait_for_selector(ROLL_BUTTON, timeout=STEP_MS)
    # Green's and Yellow's opening turns: two tornado faces, Green's storm passing by
    assert set(page.locator(MARKS).evaluate_all("els => els.map(e => e.dataset.seat)")) == {"2", "3"}
    assert page.locator("[data-region=board] .pir-mark-tornado").count() == 2
    assert page.locator("[data-region=board] .pir-mark-storm_calm").count() == 1
    page.click(ROLL_BUTTON)
    page.wait_for_selector(f'{CONTROLS} [data-act="do tornado 1"]', timeout=STEP_MS)
    assert page.locator(MARKS).count() == 0  # your own action: the others' marks go
    page.click(f'{CONTROLS} [data-act="do tornado 1"]')
    page.wait_for_selector(ROLL_BUTTON, timeout=STEP_MS)
    # Blue, Green and Yellow have played: each left marks in its own colour, named as the recap says
    seats = set(page.locator(MARKS).evaluate_all("els => els.map(e => e.dataset.seat)"))
    assert seats == {"1", "2", "3"}
    recap = page.locator("[data-recap] li").all_inner_texts()
    titles = page.locator(MARKS).evaluate_all("els => els.map(e => e.querySelector('title').textContent)")
    assert set(titles) <= set(recap) and len(set(titles)) >= 5
    assert page.locator("[data-region=board] .pir-mark-trail").count() >= 3  # three routes sailed
    # Blue's own tornado hit Blue's empty ship: nothing to lose, and the sea says so
    assert page.locator("[data-region=board] .pir-mark-lose text").text_content() == "Nothing to lose"
    assert page.locator("[data-region=board] .pir-mark-die").count() == 3  # the die each rolled
    # the newest move was drawn moving; a redraw of the same position (a tap on an island) does not replay it
    assert page.locator("[data-region=board] svg animateMotion").count() >= 1
    page.locator('[data-region=board] .pir-island[data-island="19"]').click()
    page.wait_for_selector(f"{CONTROLS} .pir-hint")
    assert page.locator("[data-region=board] svg animateMotion").count() == 0
    assert page.locator("[data-region=board] .pir-mark animate").count() == 0
    assert page.locator(MARKS).count() > 0  # the marks stay until you act
    page.click(ROLL_BUTTON)
    page.wait_for_selector(f'{CONTROLS} [data-act="do home"]', timeout=STEP_MS)
    assert page.locator(MARKS).count() == 0
    assert page.locator("#recap").is_hidden()


def test_a_tapped_island_that_is_no_choice_says_why_and_links_the_rule(page: Any, site: Server) -> None:
    open_game(page, site, "seats=human,heuristic&seed=9&pace=0")
    wait_my_roll(page, PRELUDE_9[:1])
    page.locator('[data-region=board] .pir-island[data-island="19"]').click()
    hint = page.locator(f"{CONTROLS} .pir-hint")
    hint.wait_for()
    assert hint.inner_text() == "Roll the die first: it says how many islands you sail (PI-02)."
    # the rule's ID opens the rules over the game, at that clause
    hint.locator("a.rule-ref").click()
    page.wait_for_selector("#rules-dialog[open] #en-PI-02.rule-target")
    assert page.locator("#en-PI-02").is_visible()
    page.click("#rules-dialog [data-op=close-rules]")
    assert page.locator(LOG).all_inner_texts() == PRELUDE_9[:1]  # the game is as it was
    page.click(ROLL_BUTTON)
    wait_log(page, PRELUDE_9[:2])
    page.locator('[data-region=board] .pir-island[data-island="9"]').click()
    page.wait_for_function(
        "document.querySelector('[data-region=controls] .pir-hint')?.textContent.includes('PI-04')")
    assert hint.inner_text() == "First choose how many treasures to load from the chest (PI-04)."
    assert page.locator("#notice").is_hidden()


def test_a_whole_turn_with_the_keyboard(page: Any, site: Server) -> None:
    """Tab to the die, Enter; Tab to a load button, Enter; then the tornado's stops on the sea by keyboard."""

    def tab_to(selector: str) -> None:
        for _ in range(120):
            page.keyboard.press("Tab")
            if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    open_game(page, site, "seats=human,heuristic&seed=9&pace=0")
    wait_my_roll(page, PRELUDE_9[:1])
    tab_to('[data-region=board] .pir-roll[data-act="chance"]')  # the die on the sea
    page.keyboard.press("Enter")
    wait_log(page, PRELUDE_9[:2])
    tab_to(f'{CONTROLS} [data-act="do load 3"]')
    page.keyboard.press("Enter")
    wait_my_roll(page, PRELUDE_9[:4])
    tab_to(ROLL_BUTTON)  # the action bar's button this time, with Space
    page.keyboard.press("Space")
    wait_log(page, PRELUDE_9[:5])
    tab_to('[data-region=board] .pir-choice-tornado[data-act="do tornado 2"]')
    page.keyboard.press("Enter")
    wait_my_roll(page, PRELUDE_9[:8])


def test_on_a_phone_the_die_and_the_routes_are_finger_sized_and_answer_taps(browser: Any, site: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(STEP_MS)
    errors: list[str] = []
    phone = context.new_page()
    phone.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_game(phone, site, "seats=human,heuristic&seed=57&pace=0")
        sizes = {}

        def tap(selector: str, what: str) -> None:
            box = phone.locator(selector).bounding_box()
            assert box is not None
            sizes[what] = (round(box["width"]), round(box["height"]))
            assert box["width"] >= 44 and box["height"] >= 44, f"{what}: {box}"
            phone.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        die = "[data-region=board] .pir-roll .pir-hit"
        expected = ["Red (you) starts."]
        for line in (
            "Red (you) rolls a 4, sails to island 4 and must load 2 treasures from the open chest.",
            "Blue rolls a 1 and sails to island 13.",
            "Red (you) rolls a 4 and sails to island 8.",
            "Blue rolls the tornado.",
            "Blue sails to island 14.",
            "Blue moves the tornado 1: it stops on island 18.",
            "Red (you) rolls a 2.",
        ):
            if line.startswith("Red"):
                wait_log(phone, expected)
                phone.wait_for_selector(die)
                tap(die, "die")
            expected.append(line)
        wait_log(phone, expected)
        shortcut = phone.locator('[data-region=board] .pir-choice-shortcut .pir-hit').bounding_box()
        sizes["shortcut ring"] = (round(shortcut["width"]), round(shortcut["height"]))
        assert shortcut["width"] >= 44 and shortcut["height"] >= 44
        tap('[data-region=board] .pir-choice-sail .pir-hit', "island ring")
        expected.append("Red (you) sails to island 10 and must load 2 treasures from the open chest.")
        wait_log(phone, expected)
        print("target sizes on a 390 px phone (CSS px):", sizes)
        assert phone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        context.close()
    assert not errors, errors


def test_the_end_banner_fits_its_chart_and_its_buttons_on_a_desktop_and_a_phone(page: Any, site: Server) -> None:
    # Four bots' game played to its end here, opened from its share link (a bots' game to the
    # banner in the page is test_four_bots_race_to_the_winner_banner).
    link = endgame_link("piratissimo", "heuristic,heuristic,heuristic,heuristic", 18, 0)
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto("about:blank")  # the same address again is a new page, not a jump within it
        page.goto(f"{site.url}piratissimo/#{link}")
        wait_ready(page)
        page.wait_for_selector("#winner:not([hidden]) .summary-chart")
        page.locator("#winner").scroll_into_view_if_needed()
        inside = page.evaluate(
            """() => { const banner = document.querySelector('#winner').getBoundingClientRect();
                 const parts = ['[data-winner-text]', '.summary-chart', '[data-op=rematch]',
                                '#winner [data-op=show-setup]', '[data-op=close-banner]'];
                 return parts.map(s => { const r = document.querySelector('#winner ' + s.replace('#winner ', ''))
                   .getBoundingClientRect();
                   return [s, r.top >= banner.top - 0.5 && r.bottom <= banner.bottom + 0.5 && r.left >= banner.left - 0.5
                           && r.right <= banner.right + 0.5 && r.bottom <= innerHeight && r.height > 0]; }); }"""
        )
        assert all(ok for _, ok in inside), f"{width}x{height}: {inside}"
        scroll = page.evaluate("(() => { const b = document.querySelector('#winner'); return b.scrollHeight - b.clientHeight; })()")
        assert scroll <= 1, f"{width}x{height}: the banner scrolls by {scroll}px"
        page.click("[data-op=close-banner]")
        assert page.locator("#winner").is_hidden() and page.locator("#show-result").is_visible()
    page.set_viewport_size({"width": 1280, "height": 900})


#: The sea's words as the page draws them: island numbers, the labels placed on the sea, the ports' names,
#: the tornado's stops and the shortcut's fee.
SEA_WORDS = ("[data-region=board] .pir-isle-num text, [data-region=board] .pir-tag text, "
             "[data-region=board] .pir-port-name text, [data-region=board] .pir-choice-tornado text, "
             "[data-region=board] .pir-fee text")


def test_on_a_phone_the_sea_s_numbers_and_labels_are_at_least_11_px(browser: Any, site: Server) -> None:
    """Issue 20: on a 390 px and a 320 px phone the island numbers and the sea's labels read at 11 px or more,
    measured on the page as drawn: each text's font size times the drawing's scale on the screen."""
    link = endgame_link("piratissimo", "heuristic,heuristic,heuristic,heuristic", 18, 0)
    for (width, height), lang in (((390, 844), "en"), ((320, 700), "fr")):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        context.set_default_timeout(STEP_MS)
        errors: list[str] = []
        phone = context.new_page()
        phone.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        try:
            phone.goto(f"{site.url}piratissimo/?lang={lang}#{link}")
            wait_ready(phone)
            phone.wait_for_selector("[data-region=board] .pir-tag", state="attached")  # the last banking's label
            sizes = phone.evaluate(
                """selector => [...document.querySelectorAll(selector)].map(t => {
                     const m = t.getScreenCTM();
                     return [t.getAttribute('class') + ' ' + t.textContent,
                             parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b),
                             t.getBoundingClientRect().height]; })""",
                SEA_WORDS,
            )
            kinds = {what.split()[0] for what, _size, _height in sizes}
            assert {"pir-num", "pir-badge", "pir-portname"} <= kinds, kinds  # numbers, a label, the ports' names
            assert len([s for s in sizes if s[0].startswith("pir-num ")]) == 24
            small = [(what, round(size, 1)) for what, size, _height in sizes if size < 11]
            assert not small, f"{width} px: {small[:6]}"
            low = [(what, round(h, 1)) for what, _size, h in sizes if h < 11]
            assert not low, f"{width} px: {low[:6]}"
            print(f"{width} px: the sea's smallest word is {min(s for _w, s, _h in sizes):.1f} px")
            assert phone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        finally:
            context.close()
        assert not errors, errors


def test_before_the_engine_draws_the_sea_shows_no_ships_nor_harbours_of_its_own(browser: Any, site: Server) -> None:
    """Issue 37 point 5: the build's drawing of the sea (four seats, English) stands until the engine's, a second
    or more on a phone: a saved game for two first showed four ships, a French page English harbour names.
    The engine kept from starting, the build's drawing shows the islands and neither ships nor harbours."""
    context = browser.new_context(service_workers="block")
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort())  # the engine never comes
    try:
        page = context.new_page()
        page.goto(site.url + "piratissimo/?lang=fr")
        page.wait_for_selector("#pire .pir-island")
        assert page.get_attribute("html", "data-engine") != "ready"
        shown = page.evaluate("""() => [...document.querySelectorAll('#pire :is(.pir-ship, .pir-port, .pir-island)')]
            .map((el) => [el.getAttribute('class'), el.getBoundingClientRect().width > 0])""")
        assert {cls for cls, seen in shown if seen} == {"pir-island"}, shown  # the harbours hold their names
    finally:
        context.close()

"""A game with a friend by link (issue 37 point 4), played across two browser contexts to its end.

Anna plays at a desktop in English, Ben on a phone in French; each context has its own storage, as two
people's browsers do. Anna sets up the game with the set-up dialog (Ben's seat: "A friend, by link"); after
each turn the page offers "Send the link to …", and the link opens the other's page at their turn, in
their seat, with the moves since theirs marked. Each person plays as the quick bot would (decided here,
in CPython, from the game's record) by clicking the page's own controls.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.bots import make_bot
from engine.records import replay
from tests.e2e.conftest import ENGINE_TIMEOUT_MS, Server, wait_ready, watched_page
from ui.store.links import decode_link

GAME = "piratissimo"
CONTROLS = "[data-region=controls]"
ROLL = f'{CONTROLS} [data-act="chance"]'
SEND = f'{CONTROLS} [data-op="share"]'
#: Anna's game's dealer: who starts and every die (the set-up's ?seed=); its game, played so, ends
#: after 21 links (found with tests/test_friends.py's pages: most seeds take 30 to 50).
SEED = 29


def step(page: Any) -> int:
    return int(page.get_attribute("html", "data-step") or 0)


def record_of(page: Any) -> Any:
    """The game as the page's engine has it (the record a link would carry)."""
    link = page.evaluate("window.boardgamesEngine.call({op: 'link'})")["link"]
    return decode_link(link)


def play_turn(page: Any) -> None:
    """The person's whole turn: the roll with the roll button, each move with its own control."""
    game = engine.get(GAME)
    bot = make_bot(game, "heuristic", 1)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'")
    while True:
        page.wait_for_selector(f"{ROLL}, [data-act^='do '], {SEND}")
        if page.locator(SEND).count():
            return
        before = step(page)
        if page.locator(ROLL).count():
            page.locator(ROLL).click()
        else:
            state = replay(record_of(page)).final
            act = "do " + game.format_action(bot.choose(game, state))
            # by keyboard, as the choices' tab order offers them (a finger's tap lands on the island drawn there)
            page.locator(f'[data-act="{act}"]').first.press("Enter")
        page.wait_for_function("n => Number(document.documentElement.dataset.step) > n", arg=before)


def send(page: Any) -> str:
    """Press "Send the link to …": the link the page shows to copy (headless, the clipboard may be refused)."""
    page.locator(SEND).click()
    field = page.locator("#share-link")
    page.wait_for_function("() => document.querySelector('#share-link').value.includes('#g1.')")
    page.wait_for_selector("#notice:not([hidden])")
    return field.input_value()


def test_a_friend_game_by_link_is_played_to_its_end_in_two_browsers(browser: Any, site: Server) -> None:
    desk = browser.new_context(viewport={"width": 1366, "height": 768})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    for context in (desk, phone):
        context.set_default_timeout(ENGINE_TIMEOUT_MS)
    try:
        with watched_page(desk, site) as anna, watched_page(phone, site) as ben:
            # Ben's browser reads French (chosen once, kept in his storage)
            ben.goto(site.url + f"{GAME}/?lang=fr")
            wait_ready(ben)
            # Anna sets up: her name, Ben's seat played by a friend, by link
            anna.goto(site.url + f"{GAME}/?seed={SEED}")
            wait_ready(anna)
            anna.locator("[data-op=show-setup]:visible").first.click()
            rows = anna.locator("#setup [data-seat]")
            rows.nth(0).locator("[name=name]").fill("Anna")
            rows.nth(1).locator("[name=controller]").select_option("friend")
            rows.nth(1).locator("[name=name]").fill("Ben")
            for extra in range(2, rows.count()):
                rows.nth(extra).locator("[name=controller]").select_option("none")
            anna.locator("#setup [data-op=new]").click()
            anna.wait_for_function("() => document.querySelector('[data-region=status]').textContent.includes('Ben')"
                                   " || document.querySelector('[data-region=status]').textContent.includes('Anna')")
            holder, other = anna, ben
            names = {id(anna): "Anna", id(ben): "Ben"}
            first_link = ""
            links = 0
            while True:
                play_turn(holder)
                over = game_over(holder)
                if not over:
                    status = holder.inner_text("[data-region=status]")
                    assert names[id(other)] in status, status
                link = send(holder)
                notice = holder.inner_text("#notice")
                assert names[id(other)] in notice, notice  # "Link copied: send it to Ben …", in view
                assert holder.locator("#notice").is_visible()
                other.goto(link)
                other.wait_for_function("n => Number(document.documentElement.dataset.step) >= n",
                                        arg=len(decode_link(link.split("#", 1)[1]).actions))
                links += 1
                first_link = first_link or link
                if over:
                    break
                status = other.inner_text("[data-region=status]")
                if other is ben:
                    assert status.startswith("À vous de jouer, Ben"), status
                    assert ben.get_attribute("html", "lang") == "fr"
                else:
                    assert status.startswith("Your turn, Anna"), status
                assert other.inner_text("#notice"), "the page says whose link it is"
                holder, other = other, holder
            # both pages end on the same result, each in its language
            for page in (anna, ben):
                page.wait_for_selector("[data-region=summary] *")
            assert record_of(anna).actions == record_of(ben).actions
            assert links >= 4
            # a link from an earlier move never overwrites the longer game: Ben opens Anna's first link again
            steps = step(ben)
            ben.goto(first_link)
            ben.wait_for_function("() => document.querySelector('#notice').textContent.includes('coup précédent')")
            assert step(ben) == steps
            # and each page keeps one save of the game
            for page in (anna, ben):
                saves = page.evaluate(
                    "Object.keys(localStorage).filter(k => k.startsWith('boardgames:save:piratissimo:')).length")
                assert saves == 1
    finally:
        desk.close()
        phone.close()


def game_over(page: Any) -> bool:
    return engine.get(GAME).is_terminal(replay(record_of(page)).final)

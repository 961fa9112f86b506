"""Around the board: the set-up, the bots' speed and skipping, the end of a game, sound.

Board Game Arena and lichess set the bar: you choose your colour and your
opponents by level, you can hurry the bots or skip to your turn, the final
position stays yours to look at, and a rematch is one click.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, wait_ready
from tools.soak import endgame_link

LOG = "[data-region=log] li"
STATUS = "[data-region=status]"


def status(page: Any) -> str:
    return page.inner_text(STATUS)


def test_the_set_up_speaks_the_page_language_names_levels_and_lets_you_pick_your_colour(
    page: Any, site: Server, tmp_path: Path
) -> None:
    page.goto(site.url + "trice/?lang=fr")
    wait_ready(page)
    page.click(".toolbar [data-op=show-setup]")
    dialog = page.locator("#setup-dialog")
    dialog.wait_for()
    # One language, one name per level, each seat's colour.
    choices = dialog.locator("[data-seat='0'] select option").all_inner_texts()
    assert "Humain" in choices and "Personne" not in choices and "Robot : débutant (le plus facile)" in choices and "Robot : expert" in choices
    assert not [c for c in choices if "/" in c or "Bot:" in c or "Person" == c]
    legends = dialog.locator("fieldset.seat-row legend").all_inner_texts()
    assert [legend.strip() for legend in legends] == ["Rouge", "Vert", "Bleu"]
    # Play Green: a quick bot takes Red.
    dialog.locator("[data-seat='0'] select").select_option("heuristic")
    dialog.locator("[data-seat='1'] select").select_option("human")
    dialog.locator("[data-seat='1'] input[name=name]").fill("Alice")
    dialog.locator("input[name=pace][value='0']").check()  # instant bots
    dialog.locator("[data-op=new]").click()
    page.wait_for_function("/^À vous de jouer, Alice/.test(document.querySelector('[data-region=status]').textContent)")
    with page.expect_download() as download:
        page.click("[data-op=export]")
    record = json.loads(Path(download.value.path()).read_text())
    assert [seat["controller"] for seat in record["seats"]] == ["heuristic", "human", "heuristic"]
    assert record["seats"][1]["name"] == "Alice"
    assert page.input_value("#bot-pace") == "0"  # the chosen speed, shown during play
    page.click("[data-set-lang=en]")


def test_skip_to_my_turn_and_the_bots_speed_during_play(page: Any, site: Server) -> None:
    page.goto(site.url + "piratissimo/?seats=heuristic,heuristic,human&seed=5&pace=1300")
    wait_ready(page)
    skip = page.locator("[data-op=skip]")
    skip.wait_for()  # the bots play first, slowly
    assert page.input_value("#bot-pace") == "1300"
    skip.click()
    page.wait_for_function("/^Your turn/.test(document.querySelector('[data-region=status]').textContent)")
    assert skip.is_hidden()  # nothing to skip on your turn
    # The bots' speed can change in play: "instant" goes to Python and comes back on every screen.
    page.select_option("#bot-pace", "0")
    page.locator('[data-region=controls] [data-act="chance"]').click()
    page.wait_for_function("/^Your turn/.test(document.querySelector('[data-region=status]').textContent)"
                           " || document.querySelectorAll('[data-region=log] li').length > 6")
    assert page.input_value("#bot-pace") == "0"


def test_the_end_of_a_game_leaves_the_board_visible_and_offers_a_rematch(page: Any, site: Server) -> None:
    # A link to a game two bots played to its end (here, natively); its rematch is theirs again, live.
    page.goto(f"{site.url}siege/?pace=0#{endgame_link('siege', 'aim,aim', 7, 0)}")
    wait_ready(page)
    banner = page.locator("#winner")
    banner.wait_for()
    assert "wins" in banner.inner_text()
    # Close it: the final position is there to look at; "Result" brings the summary back.
    banner.locator("[data-op=close-banner]").click()
    assert banner.is_hidden()
    page.locator("[data-region=board] svg").first.click(position={"x": 5, "y": 5})  # the board takes the click
    page.locator("#show-result").click()
    assert banner.is_visible()
    final_log = page.locator(LOG).count()
    names = page.locator("[data-region=players] th[data-seat]").evaluate_all(  # the HUD's columns
        "els => els.map(e => e.dataset.name)"
    )
    assert len(names) == 2 and all(names)
    banner.locator("[data-op=rematch]").click()
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length < {final_log}")
    assert banner.is_hidden() or "wins" not in banner.inner_text()
    assert (
        page.locator("[data-region=players] th[data-seat]").evaluate_all("els => els.map(e => e.dataset.name)")
        == names
    )


def test_sound_is_off_until_switched_on_and_the_switch_is_remembered(page: Any, site: Server) -> None:
    page.goto(site.url + "trice/?seats=human,human,human&seed=1")
    wait_ready(page)
    button = page.locator("[data-op=sound]")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    # A roll plays the dice, made by the page itself (the watch fails on any request elsewhere).
    page.locator('[data-region=controls] [data-act="chance"]').click()
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.reload()
    wait_ready(page)
    assert page.locator("[data-op=sound]").get_attribute("aria-pressed") == "true"
    page.locator("[data-op=sound]").click()
    assert page.evaluate("localStorage.getItem('boardgames:sound')") == "off"

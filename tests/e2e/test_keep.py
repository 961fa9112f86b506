"""Nothing a player did is lost: autosave and resume, export/import, share links, replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, wait_ready

# Seed 1 lets the person (Red) start Trice: who starts, the roll, a free placement.
GAME = "trice/?seats=human,human,human&seed=1"


#: Every saved game of the page's storage, key and text, sorted.
SAVES = "JSON.stringify(Object.entries(localStorage).filter(([k]) => k.startsWith('boardgames:save:')).sort())"


def log_lines(page: Any) -> list[str]:
    return page.locator("[data-region=log] li").all_inner_texts()


def play_opening(page: Any) -> list[str]:
    """Draw who starts (automatic), roll, place a free level-1 piece."""
    page.locator('[data-region=controls] [data-act="chance"]').click()
    page.locator('[data-act="do place 1 free"]').click()
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 3")
    return log_lines(page)


def test_a_reload_brings_the_game_back_at_the_same_position(page: Any, site: Server) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    saved = page.evaluate(SAVES)
    page.reload()
    wait_ready(page)
    # No click: the game in progress is back, the same one (its save untouched, no copy made).
    page.wait_for_function(f"document.documentElement.dataset.step === '{len(played)}'")
    assert log_lines(page) == played
    assert page.locator("#resume").is_hidden()
    assert page.evaluate(SAVES) == saved
    # The saved-games list names the game, its seats and whose turn it is.
    page.locator(".saved-games summary").click()
    page.locator(".saves li").first.wait_for()
    assert "Trice" in page.inner_text(".saves") and "turn: You" in page.inner_text(".saves")


def test_export_clear_import_gives_the_same_position(page: Any, site: Server, tmp_path: Path) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    with page.expect_download() as download:
        page.click("[data-op=export]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["game"] == "trice" and len(record["actions"]) == len(played)
    page.evaluate("localStorage.clear()")
    page.goto(site.url + "trice/?seats=human,human,human&seed=2")
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 1")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length === {len(played)}")
    assert log_lines(page) == played
    # A record of another game, or a tampered one, is refused in words; the game stays.
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "actions": record["actions"][:-1] + ["place 3 free", "move a1 d7"]}))
    page.set_input_files("#import-file", str(bad))
    page.locator("#notice").wait_for()
    assert "refused" in page.inner_text("#notice")
    assert log_lines(page) == played


def test_share_link_opens_in_another_browser_and_play_continues(page: Any, site: Server, browser: Any) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    page.click("[data-op=share]")
    page.locator("#share-link").wait_for()
    link = page.locator("#share-link").input_value()
    assert "#g1." in link
    other = browser.new_context()
    try:
        friend = other.new_page()
        friend.goto(link)
        wait_ready(friend)
        friend.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length === {len(played)}")
        assert log_lines(friend) == played
        friend.locator('[data-act="do end"]').click()
        friend.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {len(played)}")
        assert "ends the turn" in log_lines(friend)[len(played)]
    finally:
        other.close()


def test_a_corrupted_link_is_refused_and_saves_are_kept(page: Any, site: Server) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    saved = page.evaluate(SAVES)
    page.goto(site.url + "trice/#g1.eJzLSM3JyVcozy_KSQEAGgQEXQ-broken")
    wait_ready(page)
    page.wait_for_function("/damaged|not a valid/.test(document.querySelector('#notice').textContent)")
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 1")  # a fresh game instead
    assert "damaged" in page.inner_text("#notice") or "not a valid" in page.inner_text("#notice")
    assert page.evaluate(SAVES) == saved
    # The game in progress is offered, and comes back whole.
    page.locator("#resume [data-op=resume]").click()
    page.wait_for_function(f"document.documentElement.dataset.step === '{len(played)}'")
    assert log_lines(page) == played


def test_replay_steps_back_and_forward_through_the_game(page: Any, site: Server) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    board_now = page.inner_html("[data-region=board]")
    page.click("[data-op=replay-back]")
    page.wait_for_function(f"document.documentElement.dataset.step === '{len(played) - 1}'")
    assert "Replay: step" in page.inner_text("[data-region=status]")
    assert page.inner_html("[data-region=board]") != board_now  # the piece is not placed yet
    page.locator("[data-region=log] li").first.click()
    page.wait_for_function("document.documentElement.dataset.step === '1'")
    page.click("[data-op=replay-live]")
    page.wait_for_function(f"document.documentElement.dataset.step === '{len(played)}'")
    assert page.inner_text("[data-region=status]").startswith("Your turn")


#: Notes each step the page shows (its <html data-step>) in ``window.__steps``.
STEPS_SHOWN = """() => { window.__steps = [];
  new MutationObserver(() => window.__steps.push(document.documentElement.dataset.step))
    .observe(document.documentElement, { attributes: true, attributeFilter: ["data-step"] }); }"""


def test_autoplay_replays_to_the_live_position(page: Any, site: Server) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    page.select_option("#autoplay-speed", "100")
    # Every step the page shows is noted as it is shown: step 0 stays 100 ms, which polling on a busy
    # machine can miss (a full run under load did).
    page.evaluate(STEPS_SHOWN)
    page.click("[data-op=autoplay]")
    page.wait_for_function(f"window.__steps.includes('0') && document.documentElement.dataset.step === '{len(played)}'")
    page.wait_for_selector('[data-op=autoplay][aria-pressed="false"]', state="attached")
    assert page.inner_text("[data-region=status]").startswith("Your turn")  # back to the live game


def test_drag_and_drop_a_record_file_imports_it(page: Any, site: Server, tmp_path: Path) -> None:
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    with page.expect_download() as download:
        page.click("[data-op=export]")
    text = Path(download.value.path()).read_text()
    page.goto(site.url + "trice/?seats=human,human,human&seed=2")
    wait_ready(page)
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 1")
    page.evaluate(
        """text => {
             const data = new DataTransfer();
             data.items.add(new File([text], "game.json", { type: "application/json" }));
             document.querySelector("[data-region=board]").dispatchEvent(
               new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
           }""",
        text,
    )
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length === {len(played)}")
    assert log_lines(page) == played


def test_a_full_storage_is_reported_and_play_goes_on(page: Any, site: Server) -> None:
    # Storage works, but the saved games no longer fit.
    page.add_init_script(
        """const setItem = Storage.prototype.setItem;
           Storage.prototype.setItem = function (key, value) {
             if (key.startsWith('boardgames:save:')) throw new DOMException('full', 'QuotaExceededError');
             return setItem.call(this, key, value);
           };"""
    )
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    page.locator("#notice").wait_for()
    assert "Could not save" in page.inner_text("#notice")
    page.locator('[data-act="do end"]').click()
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {len(played)}")


def test_a_page_without_storage_says_once_that_the_game_is_not_kept(page: Any, site: Server) -> None:
    # Every storage call refused, as a browser in a strict private mode does.
    page.add_init_script(
        """Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });"""
    )
    page.goto(site.url + GAME)
    wait_ready(page)
    played = play_opening(page)
    note = page.locator("#storage-note")
    note.wait_for()
    assert "will not be kept" in note.inner_text()
    assert page.locator("#notice").is_hidden()
    page.locator('[data-act="do end"]').click()
    page.wait_for_function(f"document.querySelectorAll('[data-region=log] li').length > {len(played)}")
    assert page.locator("#storage-note").count() == 1

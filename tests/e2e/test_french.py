"""French, all of it: with ?lang=fr no English word is left on any page or in any region.

Every page is walked in French: the landing page, each game mid-play (its
board, controls, panels, log and the "since your last move" summary), its
new-game dialog, its rules (as a dialog and as a page) and its end-of-game
summary. The text a person sees, the page's title and the accessible names
(aria-label, alt, title attributes and SVG titles of what is shown) are
searched for the English words the site uses, and for numbers written the
English way ("70.5", "70%" where French writes "70,5" and "70 %" with a
narrow no-break space); any one of them fails the test with the place it was
found.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import Server, first_lesson, wait_ready
from tools.soak import endgame_link

#: English words and phrases of the site's own interface and logs (case matters:
#: "Start" is English where "Démarrer" is French; "Import" is not "Importer").
ENGLISH = [
    "Your turn", "Roll", "rolls", "End turn", "Place level", "points left", "Select", "piece", "pieces",
    "pyramid", "pyramids", "Reserve", "On board", "to play", "winner", "person", "Bot:", "sun", "moon", "star",
    "Rules", "Play", "New game", "Undo", "Redo", "Live", "Replay", "Share link", "Export", "Import",
    "Saved games", "Game log", "Since your last move", "Sound", "Skip to my turn", "Bots", "Bot speed", "Bot", "bot", "bots", "Speed",
    "Loading",
    "Retry", "Start again", "Resume", "Delete", "Start", "Cancel", "Seat", "Name", "Played by", "Beginner",
    "expert player", "club player", "Person", "Close", "Rematch", "Result", "Turn", "Step back", "Step forward",
    "Board", "Players", "wins", "island", "islands", "treasure", "treasures", "aboard", "banked", "in port",
    "ship", "tornado", "compass", "chest", "chests", "Fire", "Cannon", "Mortar", "Elevation", "Power",
    "standing", "longboat", "Points left", "Dice", "dice", "Captain", "Back to the game",
    "Open as a page", "the", "and", "of", "your", "you", "with", "is", "are", "to", "from", "for",
    "Red", "Green", "Blue", "Yellow", "Language", "heuristic", "random", "quick", "sensible", "search",
]
PATTERN = re.compile(r"(?<![\w'’-])(" + "|".join(re.escape(w) for w in ENGLISH) + r")(?![\w'’-])")
#: Numbers written the English way: a decimal point, or "%" without French's narrow no-break space before it.
ENGLISH_NUMBER = re.compile(r"(?<![\w.])\d+\.\d|\d[ \u00a0]?%")

#: Everything a person reads or hears on the page now.
READ = """() => {
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const parts = [["title", document.title], ["text", document.body.innerText]];
  for (const el of document.querySelectorAll('[aria-label], [title], img[alt]')) {
    if (el.tagName === 'TITLE' || !shown(el)) continue;
    for (const attr of ['aria-label', 'title', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) parts.push([`${attr} of <${el.tagName.toLowerCase()}>`, value]);
    }
  }
  for (const title of document.querySelectorAll('svg title')) {
    if (shown(title.parentElement)) parts.push(["svg title", title.textContent]);
  }
  return parts;
}"""

#: The seats' names in a shared game: names, not words of a language.
SEAT_NAMES = ("Ada", "Bruno", "Chloé", "Dario")
GAMES = {
    "trice": ("seats=human,heuristic,heuristic&seed=1&pace=0", ("heuristic,heuristic,heuristic", 2)),
    "piratissimo": ("seats=human,heuristic&seed=9&pace=0", ("heuristic,heuristic,heuristic,heuristic", 18)),
    "siege": ("seats=human,aim&seed=1&pace=0", ("aim,aim", 7)),
}
ROLL = '[data-region=controls] [data-act="chance"]'


def english_words(page: Any, where: str) -> list[str]:
    """Each English word found, with where and a little of what surrounds it."""
    found = []
    for kind, text in page.evaluate(READ):
        for match in PATTERN.finditer(text or ""):
            start, end = max(0, match.start() - 30), min(len(text), match.end() + 30)
            found.append(f"{where}, {kind}: …{text[start:end]}…".replace("\n", " "))
        for code in page.evaluate("[...document.querySelectorAll('pre, code')].map(el => el.innerText)"):
            text = (text or "").replace(code, " ") if code else text  # code (the embed snippet) is no prose
        for match in ENGLISH_NUMBER.finditer(text or ""):
            start, end = max(0, match.start() - 30), min(len(text), match.end() + 30)
            said = f"{where}, {kind}, a number written in English: …{text[start:end]}…"
            found.append(said.replace("\n", " "))
    return found


def test_the_landing_page_is_all_french(page: Any, site: Server) -> None:
    page.goto(site.url + "?lang=fr")
    wait_ready(page)
    found = english_words(page, "landing page")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_is_all_french_in_play_in_its_dialogs_and_at_its_end(page: Any, site: Server, game: str) -> None:
    live, finished = GAMES[game]
    page.goto(f"{site.url}{game}/?{live}&lang=fr")
    wait_ready(page)
    page.locator(ROLL).click()
    page.wait_for_function("document.querySelectorAll('[data-region=log] li').length >= 2")
    page.wait_for_selector("[data-region=controls] button")
    found = english_words(page, f"{game} in play")
    page.click(".toolbar [data-op=show-setup]")
    page.wait_for_selector("#setup-dialog[open]")
    found += english_words(page, f"{game} new-game dialog")
    page.keyboard.press("Escape")
    page.click("a[data-op=rules]")
    page.wait_for_selector("#rules-dialog[open] .rules-body > article[lang=fr]")
    found += english_words(page, f"{game} rules dialog")
    page.keyboard.press("Escape")
    page.goto(f"{site.url}{game}/rules/?lang=fr")
    page.wait_for_selector("main.rules article", state="attached")
    found += english_words(page, f"{game} rules page")
    # A link to a game bots played to its end (played here, natively): the page opens on its result.
    # Its seats carry names of no language (a link keeps the names its sharer gave).
    page.goto(f"{site.url}{game}/?lang=fr#{endgame_link(game, *finished, 0, names=SEAT_NAMES)}")
    wait_ready(page)
    page.wait_for_selector("#winner:not([hidden]) .summary-chart")
    found += english_words(page, f"{game} end of game")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", ["trice", "piratissimo", "siege"])
def test_a_lesson_is_all_french(page: Any, site: Server, game: str) -> None:
    page.goto(f"{site.url}{first_lesson(game)}?lang=fr")
    wait_ready(page)
    page.wait_for_selector("[data-lesson-target]", state="attached")  # the first step, where to act marked
    found = english_words(page, f"{game} lesson")
    assert found == [], "\n".join(found)

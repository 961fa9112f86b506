"""Drawings that share a document: the rules dialog over a game, the figures of a rules page.

The rules open in a dialog over the game: the rules page's figures, drawn by
the game's own renderer, then live in the game's document beside its board.
Each drawing must still paint as it does alone (issue 20: after the dialog,
Trice's pieces were gone until a reload; on the rules page the figures showed
empty boards, a style of the last figure pointing every piece at a shadow
filter inside the hidden French copy).

What "painted" means here is what the screen shows: the board's pixels before
the dialog and after it are the same, and hiding a piece changes the pixels
where it stands (a piece that paints nothing does not). Animations are stopped
at one moment first, so that two pictures of one drawing are comparable.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server, roll, wait_ready

BOARD = "[data-region=board]"
CONTROLS = "[data-region=controls]"
ROLL = f'{CONTROLS} [data-act="chance"]'
LOG = "[data-region=log] li"

#: The pieces of each game's drawings: Trice's stacks, Piratissimo's ships, Siege's pirates.
PIECES = {"trice": "g.trice-piece", "piratissimo": "g.pir-ship", "siege": 'g[data-piece^="spot:"]'}

#: Stops every SVG animation under ``root`` at 60 s: moves and fades are over, loops at a fixed phase.
FREEZE = """root => { for (const svg of [root, ...root.querySelectorAll('svg')]) {
  if (svg instanceof SVGSVGElement && !svg.parentElement.closest('svg')) { svg.pauseAnimations(); svg.setCurrentTime(60); }
} }"""

#: The pieces of a drawing that should show (some of each inside the drawing, not faded out, not
#: hidden), each as [its index among ``pieces``, its box on the screen (the part inside the drawing,
#: in whole pixels), words for a failure's message].
SHOWN = """(svg, pieces) => {
  const frame = svg.getBoundingClientRect(), found = [];
  svg.querySelectorAll(pieces).forEach((el, index) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (box.width < 1 || box.height < 1 || x < frame.left || x > frame.right || y < frame.top || y > frame.bottom) return;
    for (let e = el; e && e !== svg.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return;
    }
    const left = Math.floor(Math.max(box.left, frame.left, 0)), top = Math.floor(Math.max(box.top, frame.top, 0));
    const right = Math.ceil(Math.min(box.right, frame.right, innerWidth));
    const bottom = Math.ceil(Math.min(box.bottom, frame.bottom, innerHeight));
    if (right - left < 1 || bottom - top < 1) return;  // off the screen (the drawing is scrolled into view)
    const caption = svg.closest('figure')?.querySelector('figcaption')?.textContent.slice(0, 50);
    found.push([index, { x: left, y: top, width: right - left, height: bottom - top },
                `${caption || svg.getAttribute('aria-label')}: piece ${index + 1}`]);
  });
  return found;
}"""
#: The part of the drawing on the screen, in whole pixels (where its pieces' boxes are measured from).
ON_SCREEN = """svg => { const frame = svg.getBoundingClientRect();
  const left = Math.floor(Math.max(frame.left, 0)), top = Math.floor(Math.max(frame.top, 0));
  return { x: left, y: top, width: Math.ceil(Math.min(frame.right, innerWidth)) - left,
           height: Math.ceil(Math.min(frame.bottom, innerHeight)) - top }; }"""
#: Shows or hides (opacity 0: they keep their place) the pieces at some indices.
SHOW = """(svg, [pieces, indices, opacity]) => {
  const all = svg.querySelectorAll(pieces); for (const index of indices) all[index].style.opacity = opacity; }"""


#: Decodes a PNG (base64) into pixels, in the scratch page.
PIXELS = """async png => { const image = new Image(); image.src = 'data:image/png;base64,' + png; await image.decode();
  const canvas = new OffscreenCanvas(image.width, image.height), context = canvas.getContext('2d');
  context.drawImage(image, 0, 0); return context.getImageData(0, 0, image.width, image.height); }"""
#: How many pixels of ``two`` differ from those of ``one`` (two pictures of one size) by more than the
#: raster's noise (a filter's blur may repaint a shade or two apart from one paint to the next), in each
#: box ({x, y, width, height}, from the pictures' corner): [[those, all of the box's], ...].
DIFFERENT = """async ([one, two, boxes, noise]) => {
  const pixels = """ + PIXELS + """;
  const [a, b] = [await pixels(one), await pixels(two)];
  if (a.width !== b.width || a.height !== b.height) return boxes.map((box) => [box.width * box.height, box.width * box.height]);
  return boxes.map(({ x, y, width, height }) => {
    let different = 0;
    for (let row = y; row < y + height; row++) for (let col = x; col < x + width; col++) {
      const i = (row * a.width + col) * 4;
      if (Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]),
                   Math.abs(a.data[i + 2] - b.data[i + 2])) > noise) different++;
    }
    return [different, width * height];
  });
}"""
#: A channel off by more than this is a different pixel, not the raster's noise.
NOISE = 40


def different_pixels(scratch: Any, one: bytes, two: bytes, boxes: list[dict[str, int]] | None = None) -> list[tuple[int, int]]:
    """(pixels that differ, pixels in all) in each box of two PNG pictures of one size (the whole
    picture when no box is given); pictures of two sizes differ whole.

    Counted in ``scratch``, a blank page.
    """
    encoded = [base64.b64encode(png).decode() for png in (one, two)]
    if boxes is None:
        boxes = [{"x": 0, "y": 0, **png_size(two)}]
    return [(changed, pixels) for changed, pixels in scratch.evaluate(DIFFERENT, [*encoded, boxes, NOISE])]


def png_size(png: bytes) -> dict[str, int]:
    """A PNG's width and height, from its header."""
    return {"width": int.from_bytes(png[16:20], "big"), "height": int.from_bytes(png[20:24], "big")}


def apart(shown: list[Any]) -> list[list[Any]]:
    """The pieces in groups whose boxes, each grown by half its size on every side, do not meet.

    Hidden together, a group's pieces each change only their own box: what one piece paints beyond
    its box (a shadow, a halo) stays within the margin, clear of the others' boxes.
    """
    def grown(box: dict[str, int]) -> tuple[float, float, float, float]:
        dx, dy = box["width"] / 2, box["height"] / 2
        return box["x"] - dx, box["y"] - dy, box["x"] + box["width"] + dx, box["y"] + box["height"] + dy

    def meet(one: tuple[float, ...], two: tuple[float, ...]) -> bool:
        return one[0] < two[2] and two[0] < one[2] and one[1] < two[3] and two[1] < one[3]

    groups: list[list[Any]] = []
    for piece in shown:
        area = grown(piece[1])
        for group in groups:
            if not any(meet(area, grown(other[1])) for other in group):
                group.append(piece)
                break
        else:
            groups.append([piece])
    return groups


@pytest.fixture(scope="module")
def scratch(browser: Any) -> Iterator[Any]:
    """A blank page where pictures are compared (the site's pages stay untouched).

    In a context of its own: a second page of the tested page's context would send that one to the
    background, where Chromium paints it five times slower.
    """
    context = browser.new_context()
    yield context.new_page()
    context.close()


def still(page: Any, drawing: Any) -> None:
    """No pointer over the page, no focus on it, the drawing's animations stopped at one moment."""
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    drawing.evaluate(FREEZE)


def board_picture(page: Any) -> bytes:
    """The game's board as the screen shows it (the scene, for Siege), still."""
    board = page.locator(f"{BOARD} svg").first
    still(page, board)
    return board.screenshot(animations="disabled")


def unpainted(page: Any, scratch: Any, drawing: Any, pieces: str) -> tuple[int, list[str]]:
    """(pieces checked, pieces that paint nothing): hiding a piece that shows must change its pixels.

    The drawing is taken once, then again with a group of pieces hidden (:func:`apart`: no two
    near each other), for each group; at least a twentieth of each hidden piece's box must change
    (a stack, a ship, a pirate fills far more of it).
    """
    drawing.scroll_into_view_if_needed()
    still(page, drawing)
    svg = drawing.element_handle()
    frame = svg.evaluate(ON_SCREEN)
    seen = page.screenshot(clip=frame, animations="disabled")
    shown = svg.evaluate(SHOWN, pieces)
    missing = []
    for group in apart(shown):
        indices = [index for index, _, _ in group]
        svg.evaluate(SHOW, [pieces, indices, "0"])
        gone = page.screenshot(clip=frame, animations="disabled")
        svg.evaluate(SHOW, [pieces, indices, ""])
        boxes = [{**box, "x": box["x"] - frame["x"], "y": box["y"] - frame["y"]} for _, box, _ in group]
        for (_, _, where), (changed, pixels) in zip(group, different_pixels(scratch, seen, gone, boxes)):
            if changed < max(4, pixels / 20):
                missing.append(f"{where} ({changed} of {pixels} pixels)")
    return len(shown), missing


def open_and_close_rules(page: Any, lang: str) -> None:
    page.click("a[data-op=rules]")
    page.wait_for_selector(f"#rules-dialog[open] .rules-body article[lang={lang}] figure svg")
    page.click("#rules-dialog [data-op=close-rules]")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")


def wait_log_length(page: Any, n: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('{LOG}').length >= {n}")


# -- a few steps of each game, as a person plays them (the seeds fix the dice) -----------------------


def play_trice(page: Any) -> None:
    """Seed 1: Red (the person) starts and rolls 10; a free level 3 on a1, moved to b2 for 3 points."""
    roll(page)
    page.click(f'{CONTROLS} [data-act="do place 3 free"]')
    page.click(f'{BOARD} [data-act="select a1"]')
    page.click(f'{BOARD} [data-act="do move a1 b2"]')
    page.wait_for_selector(f'{BOARD} [data-act="select b2"]')


def play_on_trice(page: Any) -> None:
    """Red ends its turn; the two bots play theirs (they place pieces) and the dice come back to Red."""
    before = page.locator(LOG).count()
    page.click(f'{CONTROLS} [data-act="do end"]')
    wait_log_length(page, before + 4)
    page.wait_for_selector(ROLL)


def play_piratissimo(page: Any) -> None:
    """Seed 9: You (Red) roll a 3 and load the closed chest of 3; Blue rolls a 1; You roll again."""
    roll(page)
    page.click(f'{CONTROLS} [data-act="do load 3"]')
    wait_log_length(page, 4)
    page.wait_for_selector(ROLL)


def play_on_piratissimo(page: Any) -> None:
    """The tornado face: Red sails 1 and moves the tornado 2; Blue plays; Red's roll again."""
    roll(page)
    page.click(f'{CONTROLS} [data-act="do tornado 2"]')
    wait_log_length(page, 8)
    page.wait_for_selector(ROLL)


def play_siege(page: Any) -> None:
    """Seed 1: Blue (the person) starts, rolls 4 + 5 and fires the cannon as the controls stand."""
    roll(page)
    page.click(f'{CONTROLS} [data-act="fire"]')
    wait_log_length(page, 4)
    page.wait_for_selector(f'{CONTROLS} [data-act="fire"]')


def play_on_siege(page: Any) -> None:
    before = page.locator(LOG).count()
    page.click(f'{CONTROLS} [data-act="fire"]')
    wait_log_length(page, before + 2)
    page.wait_for_selector(f'{CONTROLS} [data-act="fire"]')


GAMES = {
    "trice": ("seats=human,heuristic,heuristic&seed=1&pace=0", play_trice, play_on_trice),
    "piratissimo": ("seats=human,heuristic&seed=9&pace=0", play_piratissimo, play_on_piratissimo),
    "siege": ("seats=human,aim&seed=1&pace=0", play_siege, play_on_siege),
}


@pytest.mark.parametrize(
    ("game", "lang", "size"),
    [
        ("trice", "en", (1366, 768)),
        ("trice", "fr", (390, 844)),
        ("piratissimo", "fr", (1366, 768)),
        ("siege", "en", (1366, 768)),
    ],
)
def test_the_board_is_drawn_the_same_after_the_rules_dialog(
    page: Any, scratch: Any, site: Server, tmp_path: Path, game: str, lang: str, size: tuple[int, int]
) -> None:
    query, play, play_on = GAMES[game]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site.url}{game}/?{query}&lang={lang}")
    wait_ready(page)
    play(page)
    before = board_picture(page)

    open_and_close_rules(page, lang)
    after = board_picture(page)
    [(changed, pixels)] = different_pixels(scratch, before, after)
    if changed:
        (tmp_path / "before.png").write_bytes(before)
        (tmp_path / "after.png").write_bytes(after)
    # a tenth of a per mille for the raster's noise; a lost piece is a hundred times more
    assert changed <= pixels / 10_000, (
        f"{game} ({lang}, {size}): {changed} of {pixels} pixels of the board changed with the rules dialog "
        f"(pictures in {tmp_path})")

    # The game goes on, redrawn with the rules' figures still in the document: every piece paints.
    play_on(page)
    checked, missing = unpainted(page, scratch, page.locator(f"{BOARD} svg").first, PIECES[game])
    assert checked >= 2 and missing == [], f"{game}: {len(missing)} of {checked} pieces paint nothing: {missing[:5]}"


@pytest.mark.parametrize(
    ("game", "lang", "least"),
    [("trice", "en", 40), ("trice", "fr", 40), ("piratissimo", "fr", 8), ("siege", "en", 20)],
)
def test_every_rules_figure_paints_its_pieces(
    page: Any, scratch: Any, site: Server, game: str, lang: str, least: int
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{site.url}{game}/rules/?lang={lang}")
    page.wait_for_selector(f"main.rules article[lang={lang}] figure svg")
    # the bridge has run: the page's language is set, and a page without a game starts no engine
    page.wait_for_function(f"document.documentElement.lang === '{lang}' && !document.documentElement.dataset.engine")
    article = page.locator(f"main.rules article[lang={lang}]")
    checked, missing = 0, []
    for i in range(article.locator("figure svg").count()):
        shown, lost = unpainted(page, scratch, article.locator("figure svg").nth(i), PIECES[game])
        checked += shown
        missing += lost
    assert checked >= least and missing == [], (
        f"{game} ({lang}): {len(missing)} of {checked} pieces paint nothing: {missing[:6]}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_read_for_players_and_their_index_of_clauses_stays_over_the_game(
    page: Any, site: Server, lang: str
) -> None:
    """The rules over a game: the rules first, the clause IDs in the closing section for the curious,
    whose links scroll the rules to each clause without touching the game's address (its fragment is
    a share link's)."""
    page.goto(f"{site.url}trice/?seats=human,human,human&seed=1&lang={lang}")
    wait_ready(page)
    roll(page)
    address = page.url
    page.click("a[data-op=rules]")
    article = f"#rules-dialog[open] .rules-body article[lang={lang}]"
    page.wait_for_selector(f"{article} figure svg")
    # No clause ID stands in the rules a player reads; the last section lists them all.
    prose = page.locator(f"{article} :is(p, li, h2, h3, figcaption):not(.for-the-curious *)").all_inner_texts()
    assert prose and not [text for text in prose if "TR-" in text]
    curious = page.locator(f"{article} .for-the-curious").first
    assert curious.locator("h2").inner_text() == ("For the curious" if lang == "en" else "Pour les curieux")
    assert curious.locator(".rule-index a").count() == 19
    curious.locator(".rule-index a", has_text="TR-17").click()
    page.wait_for_selector(f"{article} #{lang}-TR-17.rule-target", state="attached")
    stated = page.locator(f"{article} p:has(.rule-target)")
    assert stated.count() == 1 and stated.is_visible() and stated.evaluate(
        "p => { const box = p.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; }")
    assert page.url == address  # the game's address is left as it was
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog:not([open])", state="attached")
    assert page.locator("#notice").is_hidden()  # nothing took the rule's ID for a link to a game
    assert page.locator(f"{LOG}").count() >= 2  # the game is the one played

"""Drawings that share a document keep to themselves: ids unique, references inside, styles scoped.

For each game, the document a person has before them with the rules dialog
open: the game page's own markup, the empty board drawn at build time, the
regions of a game under way (the board, the controls, the panels) and the
rules page's figures in both languages, which the dialog imports whole. In
it every id is unique; every ``url(#x)`` and ``href="#x"`` of a drawing (an
outermost ``<svg>``) names an id of the same drawing, or of the one drawing a
close-up says it shows (``data-view-of``); every id inside a drawing starts
with the drawing's own id, and every rule of a drawing's ``<style>`` is
scoped to it (a style in an SVG is the whole page's: issue 20, Trice's pieces
vanishing after the rules dialog, was one such style pointing the pieces at a
filter in a hidden figure).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from tools import build, page_parts
from ui.app.session import Session

pytestmark = pytest.mark.view

REFERENCE = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)")
RULE = re.compile(r"([^{}]+)\{[^{}]*\}")


@dataclass
class Drawing:
    """One outermost ``<svg>``: its own id, the ids inside it, what it refers to, its style."""

    root: str | None
    view_of: str | None
    ids: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    style: str = ""


class Document(HTMLParser):
    """Every id of an HTML document, and its drawings."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.drawings: list[Drawing] = []
        self._depth = 0  # of <svg> elements
        self._in_style = False
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._element(tag, attrs, empty=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._element(tag, attrs, empty=True)

    def _element(self, tag: str, attrs: list[tuple[str, str | None]], *, empty: bool) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.append(values["id"])
        if tag == "svg" and not empty:
            self._depth += 1
            if self._depth == 1:
                self.drawings.append(Drawing(values.get("id"), values.get("data-view-of")))
                return
        if not self._depth:
            return
        drawing = self.drawings[-1]
        if "id" in values:
            drawing.ids.append(values["id"])
        for name, value in values.items():
            drawing.references += REFERENCE.findall(value)
            if name in ("href", "xlink:href") and value.startswith("#"):
                drawing.references.append(value[1:])
        self._in_style = tag == "style" and not empty

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg" and self._depth:
            self._depth -= 1
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._depth and self._in_style:
            self.drawings[-1].style += data
            self.drawings[-1].references += REFERENCE.findall(data)


def problems(html: str) -> list[str]:
    """What makes a drawing of ``html`` depend on another, or reach into another (nothing, when all is well)."""
    document = Document(html)
    found = [f"id {name!r} {n} times" for name, n in Counter(document.ids).items() if n > 1]
    by_root = {d.root: d for d in document.drawings if d.root}
    for number, drawing in enumerate(document.drawings, start=1):
        name = drawing.root or f"drawing {number} (no id)"
        own = set(drawing.ids)
        if drawing.view_of is not None:
            own |= set(by_root[drawing.view_of].ids) if drawing.view_of in by_root else set()
        found += [f"{name} refers to #{ref}, not its own" for ref in sorted(set(drawing.references) - own)]
        # a drawing without an id of its own can hold no id nor style that is surely its own
        prefix, scope = (f"{drawing.root}-", f":where(#{drawing.root}) ") if drawing.root else (None, None)
        found += [f"{name} holds id {i!r}" for i in drawing.ids if prefix is None or not i.startswith(prefix)]
        selectors = [s.strip() for rule in RULE.findall(drawing.style) for s in rule.split(",")]
        # scoped to the drawing, or to one of its own parts (one a <use> draws again elsewhere)
        found += [f"{name}'s style reaches out: {s!r}" for s in selectors
                  if scope is None or not (s.startswith(scope) or (s.startswith(f":where(#{prefix}")
                                                                   and s.split(")")[0][len(":where(#"):] in own))]
    return found


def test_the_checks_see_a_shared_id_a_stray_reference_and_an_unscoped_style() -> None:
    """The checks themselves, on the fault of issue 20 and its kin."""
    good = ('<svg id="a"><style>:where(#a) .p{filter:url(#a-s)}</style><filter id="a-s"/><g class="p"/></svg>'
            '<svg id="b"><filter id="b-s"/><use href="#b-s"/></svg>')
    assert problems(good) == []
    assert problems('<svg id="a"><filter id="s"/></svg><svg id="b"><filter id="s"/></svg>') == [
        "id 's' 2 times", "a holds id 's'", "b holds id 's'"]
    assert problems('<svg id="a"><style>.p{filter:url(#b-s)}</style></svg><svg id="b"><filter id="b-s"/></svg>') == [
        "a refers to #b-s, not its own", "a's style reaches out: '.p'"]
    assert problems('<svg id="a"><g id="a-scene"/></svg><svg id="z" data-view-of="a"><use href="#a-scene"/></svg>') == []
    assert problems('<svg id="a"><g id="a-scene"/></svg><svg id="z"><use href="#a-scene"/></svg>') == [
        "z refers to #a-scene, not its own"]


#: A game under way per game, from the person's own gestures (the seeds fix the dice).
PLAYS = {
    "trice": (1, ["human", "heuristic", "heuristic"], ["chance", "do place 3 free", "select a1"]),
    "piratissimo": (9, ["human", "heuristic"], ["chance", "do load 3", "chance"]),
    "siege": (1, ["human", "aim"], ["chance", "fire"]),
}


def regions_of(game: str, seed: int, controllers: list[str], gestures: list[str]) -> dict[str, str]:
    """The page's regions after ``gestures``, as the worker's session sends them."""
    session = Session()
    seats = [{"name": f"Seat {i + 1}", "controller": c} for i, c in enumerate(controllers)]
    start = {"op": "start", "game": game, "seed": seed, "pace_ms": 0, "seats": seats}
    screen = session.handle_text(json.dumps(start))
    for gesture in [None, *gestures]:
        if gesture is not None:
            screen = session.handle_text(json.dumps({"op": "act", "gesture": gesture}))
            assert screen["ok"], screen["error"]
        while screen["tick_ms"] is not None:
            screen = session.handle_text('{"op": "tick"}')
    return screen["regions"]


@pytest.mark.parametrize("game", list(PLAYS))
def test_a_game_page_with_the_rules_dialog_open_has_drawings_that_keep_to_themselves(game: str) -> None:
    page = (build.ROOT / "ui/site/templates/game.html").read_text()
    regions = regions_of(game, *PLAYS[game])
    rules = [page_parts.rules(game, "en"), page_parts.rules(game, "fr")]  # the dialog imports both languages
    document = "".join([page, page_parts.empty_board(game), *regions.values(), *rules])
    assert regions["board"].count("<svg") >= 1 and document.count("<figure") >= 12
    assert problems(document) == []


@pytest.mark.parametrize("game", list(PLAYS))
def test_a_rules_page_has_drawings_that_keep_to_themselves(game: str) -> None:
    assert problems(page_parts.rules(game, "en") + page_parts.rules(game, "fr")) == []

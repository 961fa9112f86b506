"""The sea's layout over many positions of seeded random play: labels never cover each other or a
piece nor leave the drawing, and every ship is drawn at its island (issue 20, point 5).

Every box is read from the SVG the renderer drew (its translations, rects and circles), grown as
a phone grows it (:mod:`ui.games.piratissimo.labels`), the largest each one is ever drawn.
"""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

from engine.core import CHANCE, TERMINAL, Dealer
from engine.piratissimo import HOME
from engine.piratissimo import data as D
from tests.piratissimo.helpers import GAME
from ui.draw.placement import Box, Disc
from ui.games.piratissimo import labels as L
from ui.games.piratissimo.board import HUB, board_svg, port_shape, port_xy

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
FRAME = Box(0, 0, 1000, 1000)
#: How far a ship may be drawn from its island's centre (an island is 72 units across).
NEAR = 75.0
NAMES = ("Ann", "Amiral Robot", "Timonier Robot", "Bosco Robot")  # as long as the default names


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in classes(e)]


def translation(e: ET.Element) -> tuple[float, float]:
    found = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", e.get("transform") or "")
    assert found, e.get("transform")
    return float(found.group(1)), float(found.group(2))


def label_boxes(root: ET.Element) -> list[tuple[str, Box]]:
    """Each placed label's words and its box on a phone: its rect, grown about its centre."""
    out = []
    for tag in by_class(root, "pir-tag"):
        x, y = translation(tag)
        rect = tag.find(f"{SVG}g/{SVG}rect")
        left, top = float(rect.get("x")), float(rect.get("y"))
        box = L.grown(Box(left, top, left + float(rect.get("width")), top + float(rect.get("height"))), x, y,
                      L.LABEL_GROW)
        out.append(("".join(tag.itertext()), box))
    return out


def island_centres(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Each island's drawn centre: the middle of its shore's points."""
    out = {}
    for island in by_class(root, "pir-island"):
        shore = next(p for p in island.iter(f"{SVG}path") if "sand" in (p.get("fill") or ""))
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", shore.get("d"))]
        xs, ys = numbers[0::2], numbers[1::2]
        out[int(island.get("data-island"))] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return out


def piece_boxes(root: ET.Element) -> list[tuple[str, Box | Disc]]:
    """Every piece as drawn, at its size on a phone."""
    out: list[tuple[str, Box | Disc]] = []
    # the compass's face is open water for labels (see board.piece_shapes), its hub is not
    out.append(("compass's hub", Disc(500, 500, HUB)))
    needle = by_class(root, "pir-needle")[0]
    angle = math.radians(float(re.match(r"rotate\(([-\d.]+) ", needle.get("transform")).group(1)))
    ys = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", needle.find(f"{SVG}path").get("d"))][1::2]
    tip, tail = 500 - min(ys), max(ys) - 500  # the drawn needle's point and tail, from the hub
    for along in range(0, 200, 5):  # points along the drawn needle, turned as it is turned
        d = -tail + along * (tip + tail) / 195
        out.append(("needle", Disc(500 + math.sin(angle) * d, 500 - math.cos(angle) * d, 12)))
    for index, (x, y) in island_centres(root).items():
        out.append((f"island {index + 1}", Disc(x, y, 40)))
    for number in by_class(root, "pir-isle-num"):
        x, y = translation(number)
        out.append(("island number", Disc(x, y, float(number.find(f"{SVG}g/{SVG}circle").get("r")) * L.NUMBER_GROW)))
    for port in by_class(root, "pir-port"):
        out.append((f"port {port.get('data-corner')}", port_shape(int(port.get("data-corner")))))
    for name in by_class(root, "pir-port-name"):
        x, y = translation(name)
        text = name.find(f"{SVG}g/{SVG}text")
        out.append(("port name", L.port_name_box(x, y, text.text, text.get("text-anchor"))))
    for ship in by_class(root, "pir-ship"):
        out.append((f"ship {ship.get('data-seat')}", L.ship_box(*translation(ship))))
    for tornado in by_class(root, "pir-tornado"):
        x, y = translation(tornado)
        out.append(("tornado", Box(x - 30, y - 74, x + 30, y + 12)))
    for die in by_class(root, "pir-die"):
        rect = die.find(f"{SVG}g/{SVG}rect")
        x, y = float(rect.get("x")), float(rect.get("y"))
        out.append(("die", Box(x, y, x + float(rect.get("width")), y + float(rect.get("height")))))
    for chip in by_class(root, "pir-die-chip"):
        x, y = translation(chip)
        out.append(("die chip", Box(x - 30, y - 37, x + 37, y + 30)))
    for ring in by_class(root, "pir-ring"):
        if ring.tag == f"{SVG}circle" and "pir-spin" not in classes(ring) and ring.get("cx"):
            out.append(("choice", Disc(float(ring.get("cx")), float(ring.get("cy")), float(ring.get("r")) + 5)))
    for fee in by_class(root, "pir-fee"):
        out.append(("fee", L.grown(Box(-15, -15, 15, 34), *translation(fee), L.FEE_GROW)))
    for hull in by_class(root, "pir-capsize"):
        x, y = translation(hull)
        out.append(("capsized hull", Disc(x, y + 20, 45)))
    return out


def decisions(seats: int, seed: int) -> list[dict]:
    """The board's arguments at each of seat 0's decisions (and its rolls) in a seeded random game,
    with the others' actions since seat 0's last one marked, as the page draws them."""
    rng = random.Random(seed)
    dealer = Dealer(seed)
    state = GAME.new(seats)
    recent: list[tuple] = []
    out = []
    for _ in range(3000):
        player = GAME.current_player(state)
        if player == TERMINAL:
            out.append({"state": state, "previous": None, "last_action": None})
            break
        if player == 0 and state.seat == 0:
            out.append({"state": state, "recent": tuple(recent), "you": 0, "interactive": True})
        action = dealer.pick(GAME, state) if player == CHANCE else rng.choice(GAME.legal_actions(state))
        before = state
        state = GAME.apply(state, action)
        if before.seat == 0 and player != CHANCE:
            recent = []
        elif before.seat != 0:
            recent.append((before, action))
        if player != CHANCE and rng.random() < 0.15:  # a position just after a move: its news, animated
            out.append({"state": state, "previous": before, "last_action": action})
    return out


@lru_cache(maxsize=1)
def positions() -> list[dict]:
    found: list[dict] = []
    for seed in range(6):
        for seats in (2, 3, 4):
            found.extend(decisions(seats, 100 * seats + seed))
    rng = random.Random(20)
    picked = rng.sample(found, 240)
    # every kind of decision the person meets, whatever the sample drew
    for phase in {p["state"].phase for p in found}:
        picked += [p for p in found if p["state"].phase == phase][:3]
    return picked


def draw(position: dict, lang: str) -> ET.Element:
    state = position["state"]
    names = NAMES[: len(state.pos)]
    return ET.fromstring(board_svg(GAME, state, names=names, lang=lang, **{k: v for k, v in position.items()
                                                                           if k != "state"}))


def test_the_sample_is_wide() -> None:
    picked = positions()
    assert len(picked) >= 240
    labelled = sum(bool(label_boxes(draw(p, "en"))) for p in picked[:120])
    assert labelled >= 30, labelled  # labels to place in many of them
    assert sum(p.get("interactive", False) for p in picked) >= 100  # with the person's choices shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_labels_never_cover_each_other_a_piece_or_the_edge(lang: str) -> None:
    problems = []
    for number, position in enumerate(positions()):
        root = draw(position, lang)
        labels = label_boxes(root)
        pieces = piece_boxes(root)
        for k, (text, box) in enumerate(labels):
            if not box.inside(FRAME):
                problems.append(f"#{number}: {text!r} is cut off at {box}")
            for other_text, other in labels[k + 1:]:
                if box.hits(other):
                    problems.append(f"#{number}: {text!r} covers {other_text!r}")
            for name, piece in pieces:
                if box.hits(piece):
                    problems.append(f"#{number}: {text!r} covers the {name}")
    assert not problems, f"{len(problems)} overlaps, first: {problems[:8]}"


def test_every_ship_is_drawn_at_its_island_and_never_by_another_port() -> None:
    problems = []
    for number, position in enumerate(positions()):
        state = position["state"]
        root = draw(position, "en")
        islands = island_centres(root)
        corners = D.CORNERS[len(state.pos)]
        for ship in by_class(root, "pir-ship"):
            seat = int(ship.get("data-seat"))
            x, y = translation(ship)
            own_port = port_xy(corners[seat])
            others = [port_xy(c) for s, c in enumerate(corners) if s != seat]
            island = state.pos[seat]
            home = own_port if island == HOME else islands[island]
            gap = math.dist((x, y), home)
            if island != HOME and gap > NEAR:
                problems.append(f"#{number}: seat {seat}'s ship is {gap:.0f} from island {island + 1}")
            # plainly by its own place: another player's port is at least twice as far
            if any(math.dist((x, y), port) < 2 * gap for port in others):
                problems.append(f"#{number}: seat {seat}'s ship is drawn by another player's port")
    assert not problems, problems[:8]

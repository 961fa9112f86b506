"""The battle scene as SVG (ui/games/siege/board.py): well-formed, named for assistive tech, each pirate on its spot."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from engine.siege.scene import SPOT_INDEX
from tests.siege.helpers import AIM, GAME, STILL, final
from ui.app.view import SeatInfo, ViewContext
from ui.games.siege.board import render
from ui.games.siege.page import View
from ui.games.siege.rules import rules_page

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
NS = {"s": "http://www.w3.org/2000/svg"}
VIEW = View()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def groups(root: ET.Element, attr: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get(attr) is not None]


def scene(board: str) -> ET.Element:
    """The battle scene's own SVG in the board region (the first one; the close-up follows it)."""
    return ET.fromstring(f"<div>{board}</div>").find(f".//{SVG}svg")


def regions(state) -> dict[str, str]:
    ctx = ViewContext(seats=(SeatInfo("Ann", "human"), SeatInfo("Bot", "aim")), interactive_seat=0, you=0)
    return VIEW.regions(GAME, state, None, ctx)


def test_the_scene_is_well_formed_scalable_and_labelled():
    root = parse(render(GAME, GAME.new(2)))
    assert root.get("viewBox") == "0 0 1000 290"
    assert root.get("width") is None and root.get("height") is None
    assert root.find("s:title", NS).text == "Siege: the battle scene"
    assert root.find(".//s:linearGradient", NS) is not None  # styled, not flat
    board = VIEW.empty_board("fr")
    assert scene(board).get("aria-label") == "Siège : la scène de bataille"


def test_every_labelled_group_has_a_role_so_its_name_is_allowed():
    """aria-label on a plain SVG <g> is prohibited (axe aria-prohibited-attr): each named piece is an image or a button."""
    state = final(["first blue", "dice 4 5", AIM[0, "door"], STILL])
    for markup in (render(GAME, state), regions(state)["board"], rules_page("en"), rules_page("fr")):
        named = re.findall(r"<g\b[^>]*aria-label=[^>]*>", markup)
        assert named
        assert all(re.search(r' role="(img|button)"', tag) for tag in named), [t for t in named if "role=" not in t][:3]


def test_every_pirate_is_drawn_on_its_spot_with_words_and_the_captain_marked():
    state = GAME.new(2)
    root = parse(render(GAME, state))
    pieces = {(g.get("data-side"), g.get("data-piece")): g for g in groups(root, "data-piece")
              if g.get("data-piece", "").startswith("spot:")}
    assert len(pieces) == 20
    assert pieces["0", "spot:s3"].get("aria-label") == "Blue captain on the brig's forecastle"
    assert pieces["1", "spot:t2"].get("aria-label") == "Red pirate on the fort's keep"
    # Red's side is Blue's drawing mirrored: its group carries the mirror
    red_group = pieces["1", "spot:f1"].find("s:g", NS)
    assert red_group.get("transform") == "translate(1000 0) scale(-1 1)"
    # the head of Blue's pirate on c1 sits inside the spot's box
    head = pieces["0", "spot:c1"].findall(".//s:circle", NS)[0]
    box = SPOT_INDEX[0]["c1"].box
    assert box.d1 <= float(head.get("cx")) <= box.d2
    # the facing broadside is written on each hull, and said
    facing = groups(root, "data-facing")
    assert [g.find("s:text", NS).text for g in facing] == ["port", "port"]
    assert facing[1].get("aria-label") == "Red's port broadside faces the enemy"
    slots = {g.get("data-piece") for g in groups(root, "data-piece") if g.get("data-side") == "0"}
    assert {"slot:i1", "slot:i2", "slot:a1", "slot:a2"} <= slots  # the target-cannons in view are named


def test_the_scenes_style_reaches_its_close_up() -> None:
    """A phone's close-up draws the scene again with <use href="#sg-scene">; Chromium and Firefox style that
    copy by itself, where the drawing's #sg is no ancestor, so every rule of the scene's style is scoped to
    #sg-scene too (the ship's 'port' label was drawn in black at the default size over the launcher)."""
    from ui.games.siege.region import close_up

    svg = render(GAME, final(["first blue", "dice 4 4"]))
    style = re.search(r"<style>(.*?)</style>", svg).group(1)
    rules = re.findall(r"([^{}]+)\{", style)
    assert rules and all(":where(#sg-scene) " in selectors for selectors in rules)
    assert 'id="sg-scene"' in svg and '<use href="#sg-scene"/>' in close_up(0, lang="en", you=0)

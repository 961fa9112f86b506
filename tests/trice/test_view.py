"""The board SVG and the page regions, parsed as XML and checked for content."""

from __future__ import annotations

import re

import xml.etree.ElementTree as ET

import pytest

from engine.trice.actions import END_ACTION
from engine.trice.rules import Trice, setup
from ui.trice.board import render_board
from ui.trice.page import View
from ui.view import SeatInfo, ViewContext

#: What a view is told with a gesture; these gestures need nothing of it.
CTX = ViewContext(seats=(), interactive_seat=None)

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
GAME = Trice()
VIEW = View()
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bob", "heuristic"), SeatInfo("Cy", "random"))


def ctx(seat: int | None = 0, lang: str = "en", **extra) -> ViewContext:
    return ViewContext(seats=SEATS, interactive_seat=seat, lang=lang, **extra)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox") and root.get("width") is None
    return root


def acts(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("data-act"): el for el in root.iter() if el.get("data-act")}


def fragment(html: str) -> ET.Element:
    return ET.fromstring(f"<div>{html.replace('&nbsp;', '&#160;')}</div>")


ARENA = {"b1": "R2", "b2": "R3", "a1": "R1", "b3": "R1", "c2": "G2", "c4": "G1", "c1": "G2", "d2": "G1",
         "c3": "B3", "d4": "B2"}


def test_empty_board_has_16_cells_icons_and_a_title() -> None:
    root = parse(VIEW.empty_board("fr"))
    assert root.find(f"{SVG}title").text == "Plateau de Trice"
    cells = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "trice-cell"]
    assert len(cells) == 16
    names = {t.text for t in root.iter(f"{SVG}text") if t.get("class") == "trice-name"}
    assert names == {"a1", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5", "d6", "d7"}
    # each eye drawn in its owner's colour
    svg = VIEW.empty_board()
    for colour in ("#b91c1c", "#009e73", "#0072b2"):
        assert f'fill="{colour}"' in svg


def test_pieces_are_stacks_of_pyramids_with_the_colour_pattern() -> None:
    state = setup({"b2": "R3", "c1": "G2", "d5": "B1"}, 0, dice=(1, 1, 1))
    root = parse(render_board(state))
    stacks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "trice-piece"]
    assert len(stacks) == 3
    tiers = sorted(sum(1 for p in g.iter(f"{SVG}polygon") if "url(#trice-pat-" in (p.get("fill") or ""))
                   for g in stacks)
    assert tiers == [1, 2, 3]
    fills = {p.get("fill") for g in stacks for p in g.iter(f"{SVG}polygon")}
    assert {"url(#trice-pat-plain)", "url(#trice-pat-dots)", "url(#trice-pat-stripes)"} <= fills


def test_selected_piece_shows_destinations_with_cost_and_attack() -> None:
    state = setup(ARENA, 0, dice=(1, 2, 3), free_used=True)
    regions = VIEW.regions(GAME, state, "b3", ctx())
    root = parse(regions["board"])
    found = acts(root)
    attack = found["do move b3 c4"]
    assert attack.get("role") == "button" and attack.get("tabindex") == "0"
    assert "attack the Green level-1 piece, costs 1" in attack.get("aria-label")
    # the other pieces that can move stay selectable; the selected one toggles off
    assert "select b1" in found and "select b3" in found
    assert "deselect" in regions["controls"]
    costs = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "trice-cost"]
    assert costs == ["1"]


def test_plain_move_destination_is_green_with_its_cost() -> None:
    state = setup({"b1": "R2"}, 0, dice=(1, 2, 3))
    root = parse(VIEW.regions(GAME, state, "b1", ctx())["board"])
    target = acts(root)["do move b1 b2"]
    assert target.get("aria-label") == "move to b2, star cell, costs 2"


def name(button: ET.Element) -> str:
    """A button's accessible name: its aria-label, else its text."""
    return button.get("aria-label") or "".join(button.itertext())


def shown(button: ET.Element) -> str:
    """A button's visible text, its lines joined by " / "."""
    return " / ".join(part for part in ([button.text] + [child.text for child in button]) if part)


def test_placement_buttons_show_cost_or_free() -> None:
    state = setup({}, 0, dice=(1, 1, 1))
    html = VIEW.regions(GAME, state, None, ctx())["controls"]
    root = fragment(html)
    buttons = {b.get("data-act"): b for b in root.iter("button")}
    # a table of placements: a column per level, the free row above the paid one
    assert shown(buttons["do place 3 free"]) == "Level 3" and name(buttons["do place 3 free"]) == "Place level 3 · free"
    assert shown(buttons["do place 1"]) == "1 pt" and name(buttons["do place 1"]) == "Place level 1 · 1 pt"
    assert shown(buttons["do place 3"]) == "3 pts"
    assert [shown(b) for b in root.find(".//*[@role='group']").iter("button")] == [
        "Level 1", "Level 2", "Level 3", "1 pt", "2 pts", "3 pts"]
    assert root.find(".//*[@role='group']").get("aria-label") == "Place a new piece on your eye cell a1"
    assert shown(buttons["do end"]) == "End turn"
    used = setup({}, 0, dice=(1, 1, 1), free_used=True)
    root = fragment(VIEW.regions(GAME, used, None, ctx())["controls"])
    buttons = {b.get("data-act"): b for b in root.iter("button")}
    assert name(buttons["do place 2"]) == "Place level 2 · 2 pts" and buttons["do place 2"].get("disabled") is None
    assert shown(buttons["do place 2"]) == "Level 2 / 2 pts"
    assert "do place 2 free" not in buttons
    assert "".join(root.itertext()).count("3 points left") == 0  # the points show as a number
    assert root.find(".//strong").text == "3"


def test_only_end_turn_left_is_said_in_words() -> None:
    state = setup({"a1": "R1"}, 0, dice=(1, 1, 1), free_used=True)
    spent = GAME.apply(GAME.apply(state, GAME.parse_action("move a1 b2")), GAME.parse_action("move b2 b1"))
    spent = GAME.apply(spent, GAME.parse_action("move b1 b2"))
    assert GAME.legal_actions(spent) == [END_ACTION]
    html = VIEW.regions(GAME, spent, None, ctx())["controls"]
    assert ("No move and no placement is possible: End turn is your one choice. You have no points left. "
            "Placing a level-1 piece costs 1 point and no point is left (TR-08).") in html
    assert 'class="btn primary" data-act="do end"' in html
    # End turn is the one choice offered: no placement buttons (not even refused ones) beside it
    assert re.findall(r'data-act="([^"]*)"', html) == ["do end"]
    french = VIEW.regions(GAME, spent, None, ctx(lang="fr"))["controls"]
    assert "</strong>&nbsp;point restant</div>" in french  # French counts 0 in the singular
    assert "</strong>&nbsp;points left</div>" in html
    assert "il ne reste qu&#x27;à finir le tour. Il ne vous reste aucun point." in french
    assert re.findall(r'data-act="([^"]*)"', french) == ["do end"]
    # with points left, the words say what stops the pieces and the placement
    stuck = setup({"a1": "R1", "b2": "G3"}, 0, dice=(1, 1, 1), free_used=True)
    assert GAME.legal_actions(stuck) == [END_ACTION]
    assert "None of your pieces can move with 3 points left." in VIEW.regions(GAME, stuck, None, ctx())["controls"]


def test_nuclear_step_marks_removable_and_immune_pieces() -> None:
    state = setup({"c3": "R2", "c2": "R1", "c4": "R1", "d4": "G3", "b1": "G2"}, 0)
    regions = VIEW.regions(GAME, state, None, ctx(lang="fr"))
    root = parse(regions["board"])
    found = acts(root)
    assert {"do nuke c3", "do nuke c2", "do nuke c4", "do nuke d4"} <= set(found)
    assert "do nuke b1" not in found
    shields = [el.get("aria-label") for el in root.iter() if "protégée par la paix" in (el.get("aria-label") or "")]
    assert shields == ["pièce verte de niveau 2, protégée par la paix"]
    assert "Retirez jusqu'à 3 pièces" in regions["controls"] and 'data-act="do done"' in regions["controls"]
    en = VIEW.regions(GAME, state, None, ctx())["board"]
    assert en.count("#2e7d4f") == 1  # one shield: the piece on the peace cell b1


def test_bot_turn_has_no_clickable_cells_and_says_who_plays() -> None:
    state = setup({"d1": "G1"}, 1, dice=(1, 1, 1))
    regions = VIEW.regions(GAME, state, None, ctx(seat=None))
    assert "data-act" not in regions["board"]
    text = "".join(fragment(regions["controls"]).itertext())
    assert "Bob · Green is playing…" in text


def test_player_panels_show_kind_reserve_progress_and_turn() -> None:
    state = setup({"d2": "R1", "b3": "R2", "c3": "R1", "d6": "G3"}, 0, dice=(1, 1, 1))
    root = fragment(VIEW.regions(GAME, state, None, ctx())["players"])
    panels = root.findall(".//section")
    assert len(panels) == 3
    red = "".join(panels[0].itertext())
    assert "Ann · Red" in red and "Person" in red and "Reserve: 16 pyramids" in red
    assert "On board: 3 pieces (4 pyramids)" in red and "sun 3/5" in red and "moon 1/5" in red
    assert panels[0].get("aria-current") == "true" and panels[1].get("aria-current") is None
    # who plays a seat has one name on the whole site (ui.site.controller_label)
    assert "Bot: quick" in "".join(panels[1].itertext()) and "Bot: random moves" in "".join(panels[2].itertext())


def test_last_move_is_animated_with_smil() -> None:
    before = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
    after = GAME.apply(before, GAME.parse_action("move b1 b2"))
    svg = render_board(after, previous=before, last_action=GAME.parse_action("move b1 b2"))
    root = parse(svg)
    moves = [el for el in root.iter(f"{SVG}animateTransform") if el.get("type") == "translate"]
    assert len(moves) == 1 and moves[0].get("to") == "0 0"


def test_handle_select_toggle_and_refusals() -> None:
    state = setup({"b1": "R1", "c1": "G1"}, 0, dice=(1, 1, 1))
    assert VIEW.handle(GAME, state, None, "select b1", CTX) == ("b1", None)
    assert VIEW.handle(GAME, state, "b1", "select b1", CTX) == (None, None)
    assert VIEW.handle(GAME, state, "b1", "deselect", CTX) == (None, None)
    with pytest.raises(ValueError, match="There is no piece on b3: select one of your pieces first"):
        VIEW.handle(GAME, state, None, "select b3", CTX)
    with pytest.raises(ValueError, match="no cell"):
        VIEW.handle(GAME, state, None, "select z9", CTX)
    assert VIEW.chance_label(GAME, GAME.new(3), "en") == "Draw who starts"


def test_dice_and_points_stay_visible_before_the_roll() -> None:
    state = setup({}, 1)  # Green's turn, dice not rolled yet
    html = VIEW.regions(GAME, state, None, ctx(seat=1))["controls"]
    assert 'aria-label="Dice not rolled yet"' in html and '<strong class="trice-points">0</strong>' in html
    assert "Roll the dice" in html
    rolled = GAME.apply(state, GAME.parse_action("roll 1 2 4"))
    html = VIEW.regions(GAME, rolled, None, ctx(seat=1))["controls"]
    assert 'aria-label="Dice 1, 2, 4"' in html and '<strong class="trice-points">7</strong>' in html


def test_TR08_TR09_free_placement_buttons_before_the_roll_and_in_the_nuclear_step() -> None:
    """TR-08, TR-09: before the roll (beside the session's Roll button) and in the nuclear step the
    person sees the free placements only; the paid ones wait for the points."""
    state = setup({"d1": "R2"}, 1)  # Green to roll, Red's level 2 on Green's eye
    root = fragment(VIEW.regions(GAME, state, None, ctx(seat=1))["controls"])
    buttons = {b.get("data-act"): name(b) for b in root.iter("button")}
    assert buttons == {"do place 2 free": "Place level 2 · free", "do place 3 free": "Place level 3 · free"}
    assert not fragment(VIEW.regions(GAME, state, None, ctx(seat=0))["controls"]).findall(".//button")
    spent = GAME.apply(state, GAME.parse_action("place 3 free"))
    assert not fragment(VIEW.regions(GAME, spent, None, ctx(seat=1))["controls"]).findall(".//button")
    nuclear = setup({"c3": "R2", "c2": "R1", "d4": "G3"}, 0)
    root = fragment(VIEW.regions(GAME, nuclear, None, ctx(lang="fr"))["controls"])
    buttons = {b.get("data-act"): name(b) for b in root.iter("button")}
    assert buttons == {"do done": "Terminer l'option nucléaire", "do place 1 free": "Poser un niveau 1 · gratuit",
                       "do place 2 free": "Poser un niveau 2 · gratuit", "do place 3 free": "Poser un niveau 3 · gratuit"}


def test_panel_counts_agree_in_number() -> None:
    state = setup({"b2": "R1"}, 0, dice=(1, 1, 1))
    text = "".join(fragment(VIEW.regions(GAME, state, None, ctx())["players"]).itertext())
    assert "On board: 1 piece (1 pyramid)" in text and "On board: 0 pieces (0 pyramids)" in text
    fr = "".join(fragment(VIEW.regions(GAME, state, None, ctx(lang="fr"))["players"]).itertext())
    assert "Sur le plateau : 1 pièce (1 pyramide)" in fr and "Réserve : 19 pyramides" in fr


def test_board_describes_the_position_for_screen_readers() -> None:
    state = setup({"c3": "B3", "a1": "R1"}, 0, dice=(1, 1, 1))
    root = parse(render_board(state, lang="fr"))
    assert root.find(f"{SVG}desc").text == "Pièce rouge de niveau 1 en a1, case œil Rouge; pièce bleue de niveau 3 en c3, tri-case."
    assert parse(VIEW.empty_board()).find(f"{SVG}desc").text == "The board is empty."

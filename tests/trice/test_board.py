"""Trice's board drawing (ui/games/trice/board.py): cells, pieces, destinations and marks, what the others did, the
last action's animation, and colours told apart by pattern and line."""

from __future__ import annotations

import colorsys
import xml.etree.ElementTree as ET

import pytest

from engine.trice.rules import setup
from tests.trice.helpers import (
    BEFORE_GREEN,
    GAME,
    GREEN_AND_BLUE,
    SVG,
    VIEW,
    acts,
    by_class,
    ctx,
    named_ctx,
    parse_svg,
    play,
)
from ui.games.trice.board import SEAT_COLOURS, SEAT_DASHES, render_board, trail_of

pytestmark = pytest.mark.view


# -- the board and its pieces --------------------------------------------------------------------------------


ARENA = {"b1": "R2", "b2": "R3", "a1": "R1", "b3": "R1", "c2": "G2", "c4": "G1", "c1": "G2", "d2": "G1",
         "c3": "B3", "d4": "B2"}


def test_empty_board_has_16_cells_icons_and_a_title() -> None:
    root = parse_svg(VIEW.empty_board("fr"))
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
    root = parse_svg(render_board(state))
    stacks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "trice-piece"]
    assert len(stacks) == 3
    tiers = sorted(sum(1 for p in g.iter(f"{SVG}polygon") if "url(#trice-pat-" in (p.get("fill") or ""))
                   for g in stacks)
    assert tiers == [1, 2, 3]
    fills = {p.get("fill") for g in stacks for p in g.iter(f"{SVG}polygon")}
    assert {"url(#trice-pat-plain)", "url(#trice-pat-dots)", "url(#trice-pat-stripes)"} <= fills


def test_selected_piece_shows_destinations_with_cost_and_attack() -> None:
    state = setup(ARENA, 0, dice=(1, 2, 3), free_used=True)
    regions = VIEW.regions(GAME, state, "b3", named_ctx())
    root = parse_svg(regions["board"])
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
    root = parse_svg(VIEW.regions(GAME, state, "b1", named_ctx())["board"])
    target = acts(root)["do move b1 b2"]
    assert target.get("aria-label") == "move to b2, star cell, costs 2"


def test_nuclear_step_marks_removable_and_immune_pieces() -> None:
    state = setup({"c3": "R2", "c2": "R1", "c4": "R1", "d4": "G3", "b1": "G2"}, 0)
    regions = VIEW.regions(GAME, state, None, named_ctx(lang="fr"))
    root = parse_svg(regions["board"])
    found = acts(root)
    assert {"do nuke c3", "do nuke c2", "do nuke c4", "do nuke d4"} <= set(found)
    assert "do nuke b1" not in found
    shields = [el.get("aria-label") for el in root.iter() if "protégée par la paix" in (el.get("aria-label") or "")]
    assert shields == ["pièce verte de niveau 2, protégée par la paix"]
    assert "Retirez jusqu'à 3 pièces" in regions["controls"] and 'data-act="do done"' in regions["controls"]
    en = VIEW.regions(GAME, state, None, named_ctx())["board"]
    assert en.count("#2e7d4f") == 1  # one shield: the piece on the peace cell b1


def test_last_move_is_animated_with_smil() -> None:
    before = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
    after = GAME.apply(before, GAME.parse_action("move b1 b2"))
    svg = render_board(after, previous=before, last_action=GAME.parse_action("move b1 b2"))
    root = parse_svg(svg)
    moves = [el for el in root.iter(f"{SVG}animateTransform") if el.get("type") == "translate"]
    assert len(moves) == 1 and moves[0].get("to") == "0 0"


def test_board_describes_the_position_for_screen_readers() -> None:
    state = setup({"c3": "B3", "a1": "R1"}, 0, dice=(1, 1, 1))
    root = parse_svg(render_board(state, lang="fr"))
    assert root.find(f"{SVG}desc").text == "Pièce rouge de niveau 1 en a1, case œil Rouge; pièce bleue de niveau 3 en c3, tri-case."
    assert parse_svg(VIEW.empty_board()).find(f"{SVG}desc").text == "The board is empty."


# -- what the others did stays marked, and the last action moves once ----------------------------------------


def test_the_others_turns_stay_marked_on_the_board() -> None:
    after, recent = play(BEFORE_GREEN, *GREEN_AND_BLUE)
    regions = VIEW.regions(GAME, after, None, ctx(recent=recent))
    root = ET.fromstring(regions["board"])
    trail = by_class(root, "trice-trail")[0]
    assert trail.get("aria-hidden") == "true" and trail.get("pointer-events") == "none"
    # one arrow per move, in the mover's colour and line
    arrows = [el for el in trail if "trice-arrow" in (el.get("class") or "")]
    assert [a.get("data-seat") for a in arrows] == ["1", "1", "2"]
    for arrow in arrows:
        seat = int(arrow.get("data-seat"))
        line = arrow.findall(f"{SVG}path")[1]
        assert line.get("stroke") == SEAT_COLOURS[seat][0]
        assert (line.get("stroke-dasharray") or "") == SEAT_DASHES[seat]
    # Green's level 2 attacked Red's level 2 on d3: Red's piece fell, Green's dropped a level (TR-12)
    assert [(el.get("data-cell")) for el in by_class(trail, "trice-fallen")] == ["d3"]
    assert [(el.get("data-cell"), "".join(el.itertext())) for el in by_class(trail, "trice-reduced")] == [("d3", "−1")]
    # placements come in from the reserve, at each eye
    assert [el.get("data-cell") for el in by_class(trail, "trice-placed")] == ["d1", "d7"]
    # each one's dice, in a chip of its colour
    chips = by_class(root, "trice-chip")
    assert [(c.get("data-seat"), "".join(c.itertext())) for c in chips] == [("1", "Green123= 6"), ("2", "Blue224= 8")]
    assert by_class(root, "trice-dice-chips")[0].get("aria-hidden") == "true"
    # French names in a French page
    fr = ET.fromstring(VIEW.regions(GAME, after, None, ctx(lang="fr", recent=recent))["board"])
    assert ["".join(c.itertext()) for c in by_class(fr, "trice-chip")] == ["Vert123= 6", "Bleu224= 8"]


def test_a_removal_by_the_nuclear_option_is_marked_with_the_trefoil() -> None:
    holder = setup({"c3": "G2", "c2": "G1", "b3": "R3", "b1": "R1"}, 1)
    after, recent = play(holder, "nuke b3", "done", "roll 1 1 1", "end")
    trail = trail_of(recent)
    assert trail.fallen == ((holder.board.index["b3"], holder.cells[holder.board.index["b3"]], "nuclear"),)
    root = ET.fromstring(render_board(after, trail=trail))
    fallen = by_class(root, "trice-fallen")
    assert len(fallen) == 1 and fallen[0].get("data-cell") == "b3"
    assert 'fill="#ffd600"' in ET.tostring(fallen[0], encoding="unicode")  # the trefoil, still


def test_nothing_is_marked_when_nothing_happened_since_your_last_action() -> None:
    root = ET.fromstring(VIEW.regions(GAME, BEFORE_GREEN, None, ctx(recent=()))["board"])
    assert not by_class(root, "trice-trail") and not by_class(root, "trice-chip")
    assert not trail_of(())


def test_the_last_action_animates_once_and_never_under_reduced_motion() -> None:
    before = setup({"b1": "R1"}, 0, dice=(1, 1, 1))
    after = GAME.apply(before, GAME.parse_action("move b1 b2"))
    last = {"previous": before, "last_action": GAME.parse_action("move b1 b2")}
    fresh = VIEW.regions(GAME, after, None, ctx(fresh=True, **last))["board"]
    assert fresh.count("<animateTransform") == 1
    # a select/deselect redraw of the same position: the piece stays where it is
    redraw = VIEW.regions(GAME, after, "b2", ctx(fresh=False, **last))["board"]
    assert "<animateTransform" not in redraw and "<animate " in redraw  # only the selection's pulse
    still = VIEW.regions(GAME, after, "b2", ctx(fresh=True, motion=False, **last))["board"]
    assert "<animate" not in still
    placed = GAME.apply(before, GAME.parse_action("place 1 free"))
    again = {"previous": before, "last_action": GAME.parse_action("place 1 free")}
    assert "<animate " in VIEW.regions(GAME, placed, None, ctx(fresh=True, **again))["board"]
    assert "<animate" not in VIEW.regions(GAME, placed, "b1", ctx(fresh=False, **again))["board"].replace(
        '<animate attributeName="stroke-opacity"', "")


# -- colours a colour-blind player tells apart ---------------------------------------------------------------


def test_red_reads_red_and_the_three_colours_differ_by_pattern_and_line_too() -> None:
    hues = []
    for base, _light, _dark, _pattern in SEAT_COLOURS:
        r, g, b = (int(base[i:i + 2], 16) / 255 for i in (1, 3, 5))
        hues.append(colorsys.rgb_to_hls(r, g, b)[0] * 360)
    assert hues[0] < 10 or hues[0] > 350  # red, not orange (Okabe-Ito's vermilion is at 26°)
    assert len({c[3] for c in SEAT_COLOURS}) == 3 and len(set(SEAT_DASHES)) == 3
    # the page, the charts and the set-up use the same colour (ui.app.view.seat_colour)
    assert [VIEW.seat_colour(s) for s in range(3)] == [c[0] for c in SEAT_COLOURS]
    assert [VIEW.seat_colour_name(s, "fr") for s in range(3)] == ["Rouge", "Vert", "Bleu"]

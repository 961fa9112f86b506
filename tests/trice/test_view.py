"""Trice's page (ui/games/trice/page.py): the controls, the players' panels, the gestures and their refusals in the
page's language, sounds, and names for assistive technology."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from engine.trice.actions import DONE_ACTION, END_ACTION
from engine.trice.rules import TriceState, setup
from tests.trice.helpers import (
    BEFORE_GREEN,
    CTX,
    FRENCH,
    GAME,
    GREEN_AND_BLUE,
    VIEW,
    YOU_AND_BOTS,
    ctx,
    fragment,
    named_ctx,
    play,
)
from ui.app.players import controller_label
from ui.app.view import SeatInfo, ViewContext
from ui.games.trice.board import SEAT_COLOURS

pytestmark = pytest.mark.view


# -- controls: placements, the one choice left, the dice -----------------------------------------------------


def name(button: ET.Element) -> str:
    """A button's accessible name: its aria-label, else its text."""
    return button.get("aria-label") or "".join(button.itertext())


def shown(button: ET.Element) -> str:
    """A button's visible text, its lines joined by " / "."""
    return " / ".join(part for part in ([button.text] + [child.text for child in button]) if part)


def test_placement_buttons_show_cost_or_free() -> None:
    state = setup({}, 0, dice=(1, 1, 1))
    html = VIEW.regions(GAME, state, None, named_ctx())["controls"]
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
    root = fragment(VIEW.regions(GAME, used, None, named_ctx())["controls"])
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
    html = VIEW.regions(GAME, spent, None, named_ctx())["controls"]
    assert ("No move and no placement is possible: End turn is your one choice. You have no points left. "
            "Placing a level-1 piece costs 1 point and no point is left (TR-08).") in html
    assert 'class="btn primary" data-act="do end"' in html
    # End turn is the one choice offered: no placement buttons (not even refused ones) beside it
    assert re.findall(r'data-act="([^"]*)"', html) == ["do end"]
    french = VIEW.regions(GAME, spent, None, named_ctx(lang="fr"))["controls"]
    assert "</strong>&nbsp;point restant</div>" in french  # French counts 0 in the singular
    assert "</strong>&nbsp;points left</div>" in html
    assert "il ne reste qu&#x27;à finir le tour. Il ne vous reste aucun point." in french
    assert re.findall(r'data-act="([^"]*)"', french) == ["do end"]
    # with points left, the words say what stops the pieces and the placement
    stuck = setup({"a1": "R1", "b2": "G3"}, 0, dice=(1, 1, 1), free_used=True)
    assert GAME.legal_actions(stuck) == [END_ACTION]
    assert "None of your pieces can move with 3 points left." in VIEW.regions(GAME, stuck, None, named_ctx())["controls"]


def test_dice_and_points_stay_visible_before_the_roll() -> None:
    state = setup({}, 1)  # Green's turn, dice not rolled yet
    html = VIEW.regions(GAME, state, None, named_ctx(seat=1))["controls"]
    assert 'aria-label="Dice not rolled yet"' in html and '<strong class="trice-points">0</strong>' in html
    assert "Roll the dice" in html
    rolled = GAME.apply(state, GAME.parse_action("roll 1 2 4"))
    html = VIEW.regions(GAME, rolled, None, named_ctx(seat=1))["controls"]
    assert 'aria-label="Dice 1, 2, 4"' in html and '<strong class="trice-points">7</strong>' in html


def test_TR08_TR09_free_placement_buttons_before_the_roll_and_in_the_nuclear_step() -> None:
    """TR-08, TR-09: before the roll (beside the session's Roll button) and in the nuclear step the
    person sees the free placements only; the paid ones wait for the points."""
    state = setup({"d1": "R2"}, 1)  # Green to roll, Red's level 2 on Green's eye
    root = fragment(VIEW.regions(GAME, state, None, named_ctx(seat=1))["controls"])
    buttons = {b.get("data-act"): name(b) for b in root.iter("button")}
    assert buttons == {"do place 2 free": "Place level 2 · free", "do place 3 free": "Place level 3 · free"}
    assert not fragment(VIEW.regions(GAME, state, None, named_ctx(seat=0))["controls"]).findall(".//button")
    spent = GAME.apply(state, GAME.parse_action("place 3 free"))
    assert not fragment(VIEW.regions(GAME, spent, None, named_ctx(seat=1))["controls"]).findall(".//button")
    nuclear = setup({"c3": "R2", "c2": "R1", "d4": "G3"}, 0)
    root = fragment(VIEW.regions(GAME, nuclear, None, named_ctx(lang="fr"))["controls"])
    buttons = {b.get("data-act"): name(b) for b in root.iter("button")}
    assert buttons == {"do done": "Terminer l'option nucléaire", "do place 1 free": "Poser un niveau 1 · gratuit",
                       "do place 2 free": "Poser un niveau 2 · gratuit", "do place 3 free": "Poser un niveau 3 · gratuit"}


def test_bot_turn_has_no_clickable_cells_and_says_who_plays() -> None:
    state = setup({"d1": "G1"}, 1, dice=(1, 1, 1))
    regions = VIEW.regions(GAME, state, None, named_ctx(seat=None))
    assert "data-act" not in regions["board"]
    text = "".join(fragment(regions["controls"]).itertext())
    assert "Bob · Green is playing…" in text


def test_the_first_turn_names_what_you_can_do() -> None:
    first = GAME.apply(GAME.new(3), GAME.parse_action("first red"))
    controls = "".join(fragment(VIEW.regions(GAME, first, None, ctx())["controls"]).itertext())
    assert ("You have no piece on the board yet. Roll the dice for this turn's movement points, or place your "
            "first piece on your eye cell a1 now: one placement each turn is free.") in controls
    rolled = GAME.apply(first, GAME.parse_action("roll 1 1 2"))
    controls = "".join(fragment(VIEW.regions(GAME, rolled, None, ctx())["controls"]).itertext())
    assert "No piece on the board yet: place one on your eye cell a1 (one placement a turn is free)" in controls
    assert "Select one of your pieces" not in controls
    fr = "".join(fragment(VIEW.regions(GAME, first, None, ctx(lang="fr"))["controls"]).itertext())
    assert "posez dès maintenant votre première pièce sur votre case œil a1" in fr


# -- the players' panels: one identity per seat --------------------------------------------------------------


def test_player_panels_show_kind_reserve_progress_and_turn() -> None:
    state = setup({"d2": "R1", "b3": "R2", "c3": "R1", "d6": "G3"}, 0, dice=(1, 1, 1))
    root = fragment(VIEW.regions(GAME, state, None, named_ctx())["players"])
    panels = root.findall(".//section")
    assert len(panels) == 3
    red = "".join(panels[0].itertext())
    assert "Ann · Red" in red and "Person" in red and "Reserve: 16 pyramids" in red
    assert "On board: 3 pieces (4 pyramids)" in red and "sun 3/5" in red and "moon 1/5" in red
    assert panels[0].get("aria-current") == "true" and panels[1].get("aria-current") is None
    # who plays a seat has one name on the whole site (ui.app.players.controller_label)
    assert "Bot: quick" in "".join(panels[1].itertext()) and "Bot: random moves" in "".join(panels[2].itertext())


def test_panel_counts_agree_in_number() -> None:
    state = setup({"b2": "R1"}, 0, dice=(1, 1, 1))
    text = "".join(fragment(VIEW.regions(GAME, state, None, named_ctx())["players"]).itertext())
    assert "On board: 1 piece (1 pyramid)" in text and "On board: 0 pieces (0 pyramids)" in text
    fr = "".join(fragment(VIEW.regions(GAME, state, None, named_ctx(lang="fr"))["players"]).itertext())
    assert "Sur le plateau : 1 pièce (1 pyramide)" in fr and "Réserve : 19 pyramides" in fr


def test_panels_name_you_the_colour_and_who_plays_each_seat() -> None:
    state = setup({"b2": "R1"}, 0, dice=(1, 1, 1))
    for lang, you in (("en", "You · Red"), ("fr", "Vous · Rouge")):
        root = fragment(VIEW.regions(GAME, state, None, ctx(lang=lang))["players"])
        panels = root.findall(".//section")
        assert [p.get("data-seat") for p in panels] == ["0", "1", "2"]
        assert panels[0].get("aria-label") == you and "".join(panels[0].find("h3").itertext()).startswith(you)
        for seat, panel in enumerate(panels):
            assert controller_label(YOU_AND_BOTS[seat].controller, lang) in "".join(panel.itertext())
    # the same colour and line in the panels' border and in the log's lines (which carry their seat)
    style = VIEW.regions(GAME, state, None, ctx())["players"]
    for seat, (base, *_rest) in enumerate(SEAT_COLOURS):
        line = ("solid", "dotted", "dashed")[seat]
        assert f".trice-panel[data-seat='{seat}']{{border-color:{base};border-left-style:{line}}}" in style
        assert f".game-trice .log li[data-seat='{seat}']{{border-left:4px {line} {base}" in style


def test_a_named_person_is_still_you() -> None:
    seats = (SeatInfo("Ann", "human"), SeatInfo("Bob", "human"), SeatInfo("Cy", "heuristic"))
    state = setup({}, 1, dice=(1, 1, 1))
    hot_seat = ViewContext(seats=seats, interactive_seat=1, you=1, lang="fr")
    panels = fragment(VIEW.regions(GAME, state, None, hot_seat)["players"]).findall(".//section")
    assert [p.get("aria-label") for p in panels] == ["Ann · Rouge", "Bob (vous) · Vert", "Cy · Bleu"]


# -- gestures: a selection, and a reason for every refused tap -----------------------------------------------


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


def test_every_cell_answers_a_tap_in_the_pages_language() -> None:
    state = setup({"a1": "R1", "b1": "G1", "c1": "G2"}, 0, dice=(1, 1, 1), free_used=True)
    board = ET.fromstring(VIEW.regions(GAME, state, None, ctx(lang="fr"))["board"])
    acts = {el.get("data-act") for el in board.iter() if el.get("data-act")}
    assert len(acts) == 16 and "select a1" in acts and "tap c3" in acts
    assert not [act for act in acts if set(act.split()) & {"en", "fr"}]  # the language is the page's, not the gesture's
    taps = [el for el in board.iter() if (el.get("data-act") or "").startswith("tap ")]
    assert all(el.get("tabindex") is None and el.get("role") is None for el in taps)  # not tab stops

    def answer(gesture: str, ui: str | None = None, position: TriceState = state, context: ViewContext = CTX) -> str:
        with pytest.raises(ValueError) as refused:
            VIEW.handle(GAME, position, ui, gesture, context)
        return str(refused.value)

    assert answer("tap c3") == "There is no piece on c3: select one of your pieces first, then the cell to move it to."
    assert answer("tap c1") == ("The piece on c1 is Green's. To attack it, select one of your pieces next to it, "
                                   "then this cell (TR-11).")
    # with a piece selected: why it cannot go there, the rule at the end
    assert answer("tap c2", "a1") == ("The piece on a1 cannot go to c2: c2 does not share a side with a1: a piece "
                                         "moves one cell at a time to a neighbour (TR-14).")
    assert answer("tap c3", context=FRENCH) == ("Il n'y a pas de pièce en c3 : choisissez d'abord une de vos pièces, puis la case "
                                   "où l'envoyer.")
    # a level-3 piece costs 3 points, only 2 are left
    spent = GAME.apply(setup({"b3": "R3", "b2": "R1"}, 0, dice=(1, 1, 1), free_used=True), GAME.parse_action("move b2 b1"))
    assert answer("tap b3", position=spent) == ("The piece on b3 cannot move now. Moving a level-3 piece costs 3 "
                                                   "points and only 2 points are left (TR-06).")
    # your own empty eye while a placement is open: the buttons place there
    assert answer("tap a1", position=setup({"b2": "R1"}, 0, dice=(1, 1, 1))) == (
        "To place a new piece on your eye cell a1, use the “Place level …” buttons below (TR-08).")
    before_roll = setup({"b2": "R1"}, 0)
    with pytest.raises(ValueError, match=r"^Roll the dice first: .*\(TR-05, TR-09\)\.$"):
        VIEW.handle(GAME, before_roll, None, "tap c3", CTX)
    # with the eye taken by your own piece there is no free placement to offer before the roll
    assert answer("tap c3", position=setup({"a1": "R1"}, 0)) == (
        "Roll the dice first: moving a piece costs points, and the dice give them (TR-05).")


def test_a_stuck_piece_gets_each_neighbours_reason() -> None:
    state = setup({"a1": "R1", "b2": "R2", "b1": "G2", "b3": "G3"}, 0, dice=(2, 2, 2), free_used=True)
    with pytest.raises(ValueError) as refused:
        VIEW.handle(GAME, state, None, "tap a1", CTX)
    assert str(refused.value) == ("The piece on a1 cannot move now. b2: b2 already holds a Red piece: no piece may "
                                  "enter a cell of its own colour (TR-15).")


def test_nuclear_step_taps_say_what_to_do() -> None:
    state = setup({"c3": "R2", "c2": "R1", "c4": "R1", "b1": "G2"}, 0)
    with pytest.raises(ValueError, match=r"peace cell: the nuclear option cannot remove it \(TR-18\)\.$"):
        VIEW.handle(GAME, state, None, "tap b1", CTX)
    with pytest.raises(ValueError, match=r"^b3 est vide\. Touchez une pièce marquée du trèfle"):
        VIEW.handle(GAME, state, None, "tap b3", FRENCH)
    assert VIEW.handle(GAME, state, None, "why done", CTX) == (None, DONE_ACTION)  # allowed after all: played


def test_refused_placements_are_aria_disabled_and_a_tap_says_why() -> None:
    state = setup({"a1": "R1"}, 0, dice=(1, 1, 1), free_used=True)
    root = fragment(VIEW.regions(GAME, state, None, ctx())["controls"])
    buttons = {b.get("data-act"): b for b in root.iter("button")}
    refused = buttons["why place 2"]
    assert refused.get("aria-disabled") == "true" and refused.get("disabled") is None
    assert refused.get("title") == "Your eye cell a1 already holds your own piece: move it away first (TR-10, TR-15)."
    with pytest.raises(ValueError) as said:
        VIEW.handle(GAME, state, None, "why place 2", CTX)
    assert str(said.value) == refused.get("title") and "illegal" not in str(said.value)
    with pytest.raises(ValueError, match="^Votre case œil a1 porte déjà une de vos pièces"):
        VIEW.handle(GAME, state, None, "why place 2", FRENCH)
    assert not [b for b in root.iter("button") if b.get("disabled") is not None]


# -- sounds --------------------------------------------------------------------------------------------------


def test_an_attack_or_a_removal_booms_and_the_dice_rattle() -> None:
    state = setup({"b1": "R2", "b2": "G1", "a1": "R1"}, 0, dice=(4, 4, 4))
    attack = GAME.parse_action("move b1 b2")
    assert VIEW.sounds(GAME, state, attack, GAME.apply(state, attack)) == ["cannon"]
    plain = setup({"b2": "R1"}, 0, dice=(4, 4, 4))
    step = GAME.parse_action("move b2 b3")
    assert VIEW.sounds(GAME, plain, step, GAME.apply(plain, step)) == []
    waiting = setup({"b1": "R2"}, 0)
    roll = GAME.parse_action("roll 1 2 3")
    assert VIEW.sounds(GAME, waiting, roll, GAME.apply(waiting, roll)) == ["dice"]
    holder = setup({"c3": "R2", "b2": "G1"}, 0)
    nuke = GAME.parse_action("nuke b2")
    assert VIEW.sounds(GAME, holder, nuke, GAME.apply(holder, nuke)) == ["cannon"]


# -- assistive technology ------------------------------------------------------------------------------------


def test_no_accessible_name_on_an_element_without_a_role() -> None:
    """axe's aria-prohibited-attr: an aria-label belongs on a button, an image, a landmark, a group."""
    after, recent = play(BEFORE_GREEN, *GREEN_AND_BLUE)
    regions = VIEW.regions(GAME, after, None, ctx(recent=recent))
    named = {"button", "section", "svg", "img"}
    for name in ("board", "controls", "players"):
        for el in fragment(regions[name]).iter():
            if el.get("aria-label") is not None:
                tag = el.tag.split("}")[-1]
                assert el.get("role") in ("button", "img", "group") or tag in named, (name, tag, el.attrib)

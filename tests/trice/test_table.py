"""Trice at the table (issues 11 and 13): what the others did stays on the board, one identity per
seat, the first turn's words, a reason for every refused tap, touch and assistive technology."""

from __future__ import annotations

import colorsys
import re
import xml.etree.ElementTree as ET

import pytest

from engine.trice.rules import DONE_ACTION, END_ACTION, Trice, TriceState, setup
from ui.site import controller_label
from ui.trice.board import SEAT_COLOURS, SEAT_DASHES, render_board, trail_of
from ui.trice.page import View
from ui.view import Recent, SeatInfo, ViewContext

#: What a view is told with a gesture: these gestures need only its language.
CTX = ViewContext(seats=(), interactive_seat=None)
FRENCH = ViewContext(seats=(), interactive_seat=None, lang="fr")

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
GAME = Trice()
VIEW = View()
SEATS = (SeatInfo("You", "human"), SeatInfo("Green bot", "heuristic"), SeatInfo("Blue bot", "mcts:medium"))


def ctx(seat: int | None = 0, lang: str = "en", **extra) -> ViewContext:
    return ViewContext(seats=SEATS, interactive_seat=seat, lang=lang, you=0, **extra)


def fragment(html: str) -> ET.Element:
    return ET.fromstring(f"<div>{html.replace('&nbsp;', '&#160;')}</div>")


def play(state: TriceState, *texts: str) -> tuple[TriceState, tuple[Recent, ...]]:
    """Play ``texts`` from ``state``; the position after them and each step as the session's ``Recent``."""
    steps = []
    for text in texts:
        action = GAME.parse_action(text)
        after = GAME.apply(state, action)
        steps.append(Recent(state, action, after, GAME.turn_seat(state), GAME.is_outcome(state, action)))
        state = after
    return state, tuple(steps)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


# -- 1. what just happened ---------------------------------------------------------------------------

#: Red (the person) ended a turn; Green then Blue play theirs: rolls, placements, moves, an attack.
BEFORE_GREEN = setup({"a1": "R1", "d3": "R2", "d2": "G2", "d5": "B1"}, 1)
GREEN_AND_BLUE = ("roll 1 2 3", "place 1", "move d2 d3", "move d1 d2", "end",
                  "roll 2 2 4", "place 2 free", "move d5 d6", "end")


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


# -- 2. one identity per seat ----------------------------------------------------------------------


def test_red_reads_red_and_the_three_colours_differ_by_pattern_and_line_too() -> None:
    hues = []
    for base, _light, _dark, _pattern in SEAT_COLOURS:
        r, g, b = (int(base[i:i + 2], 16) / 255 for i in (1, 3, 5))
        hues.append(colorsys.rgb_to_hls(r, g, b)[0] * 360)
    assert hues[0] < 10 or hues[0] > 350  # red, not orange (Okabe-Ito's vermilion is at 26°)
    assert len({c[3] for c in SEAT_COLOURS}) == 3 and len(set(SEAT_DASHES)) == 3
    # the page, the charts and the set-up use the same colour (ui.view.seat_colour)
    assert [VIEW.seat_colour(s) for s in range(3)] == [c[0] for c in SEAT_COLOURS]
    assert [VIEW.seat_colour_name(s, "fr") for s in range(3)] == ["Rouge", "Vert", "Bleu"]


def test_panels_name_you_the_colour_and_who_plays_each_seat() -> None:
    state = setup({"b2": "R1"}, 0, dice=(1, 1, 1))
    for lang, you in (("en", "You · Red"), ("fr", "Vous · Rouge")):
        root = fragment(VIEW.regions(GAME, state, None, ctx(lang=lang))["players"])
        panels = root.findall(".//section")
        assert [p.get("data-seat") for p in panels] == ["0", "1", "2"]
        assert panels[0].get("aria-label") == you and "".join(panels[0].find("h3").itertext()).startswith(you)
        for seat, panel in enumerate(panels):
            assert controller_label(SEATS[seat].controller, lang) in "".join(panel.itertext())
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


# -- 3. the first turn and refusals in words --------------------------------------------------------------


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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_refusals_end_with_their_rule_ids(lang: str) -> None:
    """A reason is words; a rule's ID, if any, comes last in parentheses (the bridge links it)."""
    states = [setup({"b2": "R2", "b1": "R1", "a1": "G1", "c2": "G3"}, 0, dice=(1, 1, 1)),
              GAME.apply(GAME.new(3), GAME.parse_action("first red"))]
    for state in states:
        for text in ("move b2 b1", "move b2 b3", "move b1 c2", "move b1 a1", "move b2 c1", "place 1", "place 3",
                     "nuke b2", "end", "done"):
            action = GAME.parse_action(text)
            if action in GAME.legal_actions(state):
                continue
            reason = GAME.why_illegal(state, action, lang)
            ids = re.findall(r"TR-\d\d", reason)
            if ids:
                assert re.search(r"\((TR-\d\d)(, TR-\d\d)*\)$", reason), reason
    assert END_ACTION


# -- sounds --------------------------------------------------------------------------------------------


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


# -- assistive technology ------------------------------------------------------------------------------


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

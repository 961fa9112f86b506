"""The page view: well-formed SVG, pieces where the state says, choices as
buttons with data-act, animations of the last action, panels and controls."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from engine.piratissimo import HOME
from engine.piratissimo.actions import Compass, Die, Home, Sail
from engine.piratissimo.rules import START
from tests.piratissimo.helpers import GAME, position, run
from ui.app.view import SeatInfo, ViewContext
from ui.games.piratissimo.board import board_svg, sector_angle, ship_xy
from ui.games.piratissimo.page import View

#: What a view is told with a gesture; these gestures need nothing of it.
CTX = ViewContext(seats=(), interactive_seat=None)

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bob", "heuristic"), SeatInfo("Cy", "random"), SeatInfo("Di", "human"))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def acts(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("data-act"): e for e in root.iter() if e.get("data-act")}


def ctx(seats: int = 2, interactive: int | None = 0, previous=None, last=None, lang: str = "en") -> ViewContext:
    return ViewContext(seats=SEATS[:seats], interactive_seat=interactive, previous=previous, last_action=last, lang=lang)


def test_svg_scales_and_has_a_title() -> None:
    root = parse(board_svg(GAME, GAME.new(4)))
    assert root.get("viewBox") == "0 0 1000 1000"
    assert root.get("width") is None and root.get("height") is None
    assert root.find(f"{SVG}title") is not None and root.get("aria-label")


def test_every_island_palm_and_chest_is_drawn() -> None:
    root = parse(board_svg(GAME, GAME.new(4)))
    islands = by_class(root, "pir-island")
    assert len(islands) == 24
    assert len(by_class(root, "pir-chest-open")) == 4
    closed = by_class(root, "pir-chest-closed")
    assert len(closed) == 8
    numbers = sorted(int(t.text) for c in closed for t in c.iter(f"{SVG}text"))
    assert numbers == [2, 2, 2, 2, 3, 3, 3, 3]
    title = islands[2].find(f"{SVG}title").text
    assert title == "Island 3, closed chest of 3"


def test_ships_are_drawn_where_they_are_with_their_gold() -> None:
    state = position(4, pos=(5, 5, HOME, 12), cargo=(3, 0, 0, 7))
    root = parse(board_svg(GAME, state))
    ships = {int(e.get("data-seat")): e for e in by_class(root, "pir-ship")}
    assert set(ships) == {0, 1, 2, 3}
    for seat, ship in ships.items():
        x, y = ship_xy(state, seat)
        assert ship.get("transform") == f"translate({x:.1f} {y:.1f})".replace(".0 ", " ").replace(".0)", ")")
    # two ships on one island do not sit on top of each other
    assert ship_xy(state, 0) != ship_xy(state, 1)
    gold = [c for c in ships[0].iter(f"{SVG}circle") if "gold" in (c.get("fill") or "")]
    assert len(gold) == 3
    assert "3 of 7 aboard" in ships[0].find(f"{SVG}title").text
    # the title reads well whatever the player's name ("You: ship", never "You's ship")
    assert ships[0].find(f"{SVG}title").text.endswith(": ship, 3 of 7 aboard")


def test_destinations_and_shortcut_are_buttons_before_committing() -> None:
    rolled = GAME.apply(position(2, pos=(1, HOME), cargo=(1, 0)), Die(2))
    root = parse(board_svg(GAME, rolled, interactive=True))
    found = acts(root)
    assert set(found) == {"do sail 4", "do sail 6 via 2"}
    for element in found.values():
        assert element.get("tabindex") == "0" and element.get("role") == "button"
        assert element.get("aria-label")
    assert "shortcut" in found["do sail 6 via 2"].get("class")
    assert "pay 1 treasure" in found["do sail 6 via 2"].get("aria-label")


def test_home_port_is_a_destination_when_reached() -> None:
    rolled = GAME.apply(position(2, pos=(22, HOME), cargo=(4, 0)), Die(3))
    found = acts(parse(board_svg(GAME, rolled, interactive=True)))
    assert "do home" in found and found["do home"].get("aria-label") == "Stop in your home port and unload"


def test_PI_08_home_by_the_shortcut_is_a_destination_and_a_button() -> None:
    """PI-08 with PI-11: the shortcut home is offered on the sea and among the buttons, fee said."""
    rolled = GAME.apply(position(2, seat=1, pos=(HOME, 7), cargo=(0, 3)), Die(3))
    found = acts(parse(board_svg(GAME, rolled, interactive=True)))
    assert found["do home via 8"].get("aria-label") == "Go home by the shortcut (pay 1 treasure) and unload"
    controls = View().regions(GAME, rolled, None, ctx(interactive=1))["controls"]
    assert 'data-act="do home via 8"' in controls and "Home by the shortcut (pay 1), unload 2" in controls
    fr = View().regions(GAME, rolled, None, ctx(interactive=1, lang="fr"))["controls"]
    assert "Au port par le raccourci (payer 1), décharger 2" in fr


def test_PI_09_the_storm_label_says_where_the_treasures_go() -> None:
    """PI-09's "lose 2" sends treasures back to the hold: the sea says so, not "overboard"."""
    twister = run(position(2, pos=(5, 8), cargo=(0, 3), tornado=10), ["die tornado", "tornado 2"])[-1]
    after = GAME.apply(twister, Compass(0))
    svg = board_svg(GAME, after, previous=twister, last_action=Compass(0))
    assert "-2 to the hold" in svg and "overboard" not in svg
    assert "-2 à la cale" in board_svg(GAME, after, previous=twister, last_action=Compass(0), lang="fr")


def test_no_buttons_when_not_interactive() -> None:
    rolled = GAME.apply(position(2, pos=(22, HOME), cargo=(4, 0)), Die(3))
    assert acts(parse(board_svg(GAME, rolled, interactive=False))) == {}


def test_tornado_distances_are_buttons() -> None:
    twister = run(position(2, pos=(5, 8), tornado=10), ["die tornado"])[-1]
    found = acts(parse(board_svg(GAME, twister, interactive=True)))
    assert set(found) == {f"do tornado {k}" for k in range(1, 5)}
    assert found["do tornado 2"].get("aria-label") == "Move the tornado 2 to island 9"


def test_move_animates_along_the_route() -> None:
    before = position(2, pos=(3, HOME))
    after = GAME.apply(before, Die(3))
    root = parse(board_svg(GAME, after, previous=before, last_action=Die(3)))
    ship = next(e for e in by_class(root, "pir-ship") if e.get("data-seat") == "0")
    motion = ship.find(f"{SVG}animateMotion")
    assert motion is not None
    path = motion.get("path")
    assert path.startswith("M") and path.endswith(" 0 0")  # ends where the ship is drawn
    assert path.count("A") == 3  # three red steps along the ring


def test_shortcut_move_curves_like_the_blue_arrow() -> None:
    rolled = GAME.apply(position(2, pos=(1, HOME), cargo=(1, 0)), Die(2))
    after = GAME.apply(rolled, Sail(5, 1))
    root = parse(board_svg(GAME, after, previous=rolled, last_action=Sail(5, 1)))
    ship = next(e for e in by_class(root, "pir-ship") if e.get("data-seat") == "0")
    path = ship.find(f"{SVG}animateMotion").get("path")
    assert path.count("Q") == 1 and path.count("A") == 1


def test_compass_needle_spins_and_stops_on_the_chosen_sector() -> None:
    raid = run(position(2, pos=(2, 4), cargo=(2, 3)), ["die 2", "pirate"])[-1]
    after = GAME.apply(raid, Compass(2))
    root = parse(board_svg(GAME, after, previous=raid, last_action=Compass(2)))
    needle = by_class(root, "pir-needle")[0]
    spin = needle.find(f"{SVG}animateTransform")
    assert spin.get("to").split()[0] == f"{sector_angle(2):.0f}"
    assert float(spin.get("from").split()[0]) <= sector_angle(2) - 720
    assert needle.get("transform").startswith(f"rotate({sector_angle(2):.0f} ")


def test_piracy_success_and_failure_are_shown() -> None:
    raid = run(position(2, pos=(2, 4), cargo=(2, 3)), ["die 2", "pirate"])[-1]
    won = parse(board_svg(GAME, GAME.apply(raid, Compass(0)), previous=raid, last_action=Compass(0)))
    assert by_class(won, "pir-success") and not by_class(won, "pir-failure")
    assert any(t.text == "Piracy! +2" for t in won.iter(f"{SVG}text"))
    lost = parse(board_svg(GAME, GAME.apply(raid, Compass(1)), previous=raid, last_action=Compass(1)))
    assert by_class(lost, "pir-failure") and not by_class(lost, "pir-success")


def test_capsize_is_shown_where_it_happened() -> None:
    before = position(2, pos=(2, HOME), cargo=(6, 0))
    after = GAME.apply(before, Die(1))
    root = parse(board_svg(GAME, after, previous=before, last_action=Die(1), lang="fr"))
    capsize = by_class(root, "pir-capsize")
    assert len(capsize) == 1
    assert capsize[0].get("transform").startswith("translate(")  # the flipped hull at island 4
    label = by_class(root, "pir-capsize-label")
    assert [t.text for t in label[0].iter(f"{SVG}text")] == ["Chavire !"]
    # the ship itself is back in port, empty
    assert after.pos == (HOME, HOME) and after.cargo == (0, 0)
    # still shown (not animated) while the next player starts...
    still = parse(board_svg(GAME, after))
    assert by_class(still, "pir-capsize") and not list(by_class(still, "pir-capsize")[0].iter(f"{SVG}animate"))
    # ...and gone once that player's turn is over
    later = GAME.apply(after, Die(1))
    assert later.seat == 0 and not by_class(parse(board_svg(GAME, later)), "pir-capsize")


def test_load_controls_show_capacity_left() -> None:
    rolled = GAME.apply(position(2, pos=(3, HOME), cargo=(4, 0)), Die(1))
    regions = View().regions(GAME, rolled, None, ctx())
    controls = regions["controls"]
    assert "4 of 7 aboard" in controls
    found = re.findall(r'<button tabindex="0"[^>]*data-act="(do load \d)"', controls)
    assert found == ["do load 0", "do load 1", "do load 2"]
    capsizing = GAME.apply(position(2, pos=(3, HOME), cargo=(6, 0)), Die(1))
    assert "Load 2 (capsizes!)" in View().regions(GAME, capsizing, None, ctx())["controls"]


def test_controls_only_for_the_person_whose_turn_it_is() -> None:
    rolled = GAME.apply(position(2, pos=(3, HOME), cargo=(4, 0)), Die(1))
    regions = View().regions(GAME, rolled, None, ctx(interactive=None))
    assert regions["controls"] == "" and "data-act" not in regions["board"]


def test_player_panels_show_cargo_bank_progress_and_controller() -> None:
    state = position(3, pos=(4, HOME, 9), cargo=(4, 0, 1), bank=(5, 2, 0))
    html = View().regions(GAME, state, None, ctx(3))["players"]
    root = ET.fromstring(f"<div>{html.split('</style>', 1)[1]}</div>")
    cards = [e for e in root.iter() if "pir-card" in (e.get("class") or "")]
    assert len(cards) == 3
    bars = [e for e in root.iter() if e.get("role") == "progressbar"]
    assert [b.get("aria-valuenow") for b in bars] == ["5", "2", "0"]
    assert all(b.get("aria-valuemax") == "9" for b in bars)
    text = "".join(root.itertext())
    assert "4 of 7 aboard" in text and "5 of 9 banked" in text
    # who plays each seat, with the site's one name for each controller
    assert "Person" in text and "Bot: quick" in text and "Bot: random moves" in text


def test_french_panels_and_labels() -> None:
    state = position(2, cargo=(2, 0))
    regions = View().regions(GAME, state, None, ctx(lang="fr"))
    assert "2 sur 7 à bord" in regions["players"]
    assert "Piratissimo : la mer" in regions["board"]
    assert View().chance_label(GAME, state, "fr") == "Lancer le dé"


def test_chance_labels() -> None:
    view = View()
    raid = run(position(2, pos=(2, 4), cargo=(2, 3)), ["die 2", "pirate"])[-1]
    assert view.chance_label(GAME, raid, "en") == "Spin the compass"
    assert view.chance_label(GAME, position(2), "en") == "Roll the die"
    assert view.chance_label(GAME, GAME.new(2), "en") == "Draw who starts" and GAME.new(2).phase == START


def test_empty_board_and_unique_ids() -> None:
    svg = View().empty_board("en")
    root = parse(svg)
    # the drawing is "pire" (its style is scoped to it), every id inside it starts with "pire-"
    ids = [e.get("id") for e in root.iter() if e.get("id") and e is not root]
    assert root.get("id") == "pire" and ids and all(i.startswith("pire-") for i in ids)
    assert len(ids) == len(set(ids))
    other = parse(board_svg(GAME, GAME.new(2), uid="fig1"))
    assert all(e.get("id").startswith("fig1-") for e in other.iter() if e.get("id") and e is not other)


def test_handle_refuses_unknown_gestures() -> None:
    with pytest.raises(ValueError, match="no gesture"):
        View().handle(GAME, position(2), None, "select 3", CTX)


def test_sailing_home_animates_into_the_harbour() -> None:
    rolled = GAME.apply(position(2, pos=(22, HOME), cargo=(4, 0)), Die(3))
    after = GAME.apply(rolled, Home())
    root = parse(board_svg(GAME, after, previous=rolled, last_action=Home()))
    ship = next(e for e in by_class(root, "pir-ship") if e.get("data-seat") == "0")
    path = ship.find(f"{SVG}animateMotion").get("path")
    assert path.count("A") == 2 and path.endswith("L0 0")
    assert by_class(root, "pir-banked")


def test_needle_rests_on_the_last_sector_spun() -> None:
    raid = run(position(2, pos=(2, 4), cargo=(2, 3)), ["die 2", "pirate"])[-1]
    after = GAME.apply(raid, Compass(5))
    assert after.needle == 5
    later = GAME.apply(after, Die(1))
    needle = by_class(parse(board_svg(GAME, later, previous=after, last_action=Die(1))), "pir-needle")[0]
    assert needle.get("transform").startswith(f"rotate({sector_angle(5):.0f} ")


def test_person_can_roll_and_spin_on_the_board() -> None:
    state = position(2)
    found = acts(parse(board_svg(GAME, state, interactive=True)))
    assert set(found) == {"chance"} and found["chance"].get("aria-label") == "Roll the die"
    assert found["chance"].get("tabindex") == "0"
    raid = run(position(2, pos=(2, 4), cargo=(2, 3)), ["die 2", "pirate"])[-1]
    spin = acts(parse(board_svg(GAME, raid, interactive=True, lang="fr")))
    assert spin["chance"].get("aria-label") == "Faire tourner le compas"
    assert acts(parse(board_svg(GAME, raid, interactive=False))) == {}


def test_winner_is_crowned_on_the_board() -> None:
    final = run(position(2, pos=(23, 5), cargo=(3, 0), bank=(6, 0)), ["die 1", "home"])[-1]
    root = parse(board_svg(GAME, final))
    crowns = by_class(root, "pir-winner")
    assert [c.get("data-seat") for c in crowns] == ["0"]
    assert not by_class(parse(board_svg(GAME, position(2))), "pir-winner")

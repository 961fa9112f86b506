"""The page view: the SVG scene, aiming by drag and keys, animations, the HUD, the rules page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from engine.siege.scene import SPOT_INDEX
from tests.siege.helpers import AIM, GAME, STILL, final, run
from ui.siege.board import POWER_SPAN, aim_from_point, muzzle, render
from ui.siege.page import Aim, View
from ui.siege.rules import rules_page
from ui.view import SeatInfo, ViewContext

pytestmark = pytest.mark.view

NS = {"s": "http://www.w3.org/2000/svg"}
VIEW = View()
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bot", "aim"))


def ctx(seat: int | None = 0, **kw) -> ViewContext:
    return ViewContext(seats=SEATS, interactive_seat=seat, **kw)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_the_scene_is_well_formed_scalable_and_labelled():
    root = parse(render(GAME, GAME.new(2)))
    assert root.get("viewBox") == "0 0 1000 290"
    assert root.get("width") is None and root.get("height") is None
    assert root.find("s:title", NS).text == "Siege: the battle scene"
    assert root.find(".//s:linearGradient", NS) is not None  # styled, not flat
    parse(VIEW.empty_board("fr"))


def test_every_pirate_is_drawn_on_its_spot_with_words_and_the_captain_marked():
    state = GAME.new(2)
    root = parse(render(GAME, state))
    pieces = {(g.get("data-side"), g.get("data-piece")): g for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("data-piece", "").startswith("spot:")}
    assert len(pieces) == 20
    assert pieces["0", "spot:s3"].get("aria-label") == "Blue captain on the brick's forecastle"
    assert pieces["1", "spot:t2"].get("aria-label") == "Red pirate on the fort's keep"
    # Red's side is Blue's drawing mirrored: its group carries the mirror
    red_group = pieces["1", "spot:f1"].find("s:g", NS)
    assert red_group.get("transform") == "translate(1000 0) scale(-1 1)"
    # the head of Blue's pirate on c1 sits inside the spot's box
    head = pieces["0", "spot:c1"].findall(".//s:circle", NS)[0]
    box = SPOT_INDEX[0]["c1"].box
    assert box.d1 <= float(head.get("cx")) <= box.d2
    # the facing broadside is written on each hull
    assert [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "sg-hull"] == ["port", "port"]


def test_aiming_handles_arrow_and_keys_only_for_the_person_to_play():
    state = final(["first blue", "dice 4 4"])
    regions = VIEW.regions(GAME, state, None, ctx(0))
    root = parse(regions["board"])
    assert root.get("data-keys") == "aim"
    drags = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-drag") == "aim"]
    assert {g.get("data-weapon") for g in drags} == {"cannon", "mortar"}
    assert all(g.get("role") == "button" and g.get("tabindex") == "0" and g.get("aria-label") for g in drags)
    arrow = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-aim"))
    assert arrow.get("data-aim") == "cannon 10 70"
    assert arrow.find("s:text", NS).text == "10° · 70%"
    assert 'data-act="fire"' in regions["controls"] and 'data-act="do end"' in regions["controls"]
    # a bot's turn: no handles, no keys
    watching = parse(VIEW.regions(GAME, state, None, ctx(None))["board"])
    assert watching.get("data-keys") is None
    assert not [g for g in watching.iter("{http://www.w3.org/2000/svg}g") if g.get("data-drag")]


def test_drag_sets_angle_and_power_and_release_fires():
    state = final(["first blue", "dice 4 4"])
    mx, my = muzzle(0, "mortar")
    ui, action = VIEW.handle(GAME, state, None, f"drag aim {mx + 1} {my}")
    assert ui.weapon == "mortar" and ui.dragging and action is None
    # 60 degrees up, 80 % of the span
    length = 0.8 * POWER_SPAN
    x, y = mx + length * 0.5, my - length * 0.8660254
    ui, action = VIEW.handle(GAME, state, ui, f"drag aim {x:.3f} {y:.3f}")
    assert (ui.weapon, ui.angle, ui.power) == ("mortar", 60, 80) and action is None
    arrow = next(g for g in parse(VIEW.regions(GAME, state, ui, ctx(0))["board"]).iter("{http://www.w3.org/2000/svg}g")
                 if g.get("data-aim"))
    assert arrow.find("s:text", NS).text == "60° · 80%"
    ui, action = VIEW.handle(GAME, state, ui, f"release aim {x:.3f} {y:.3f}")
    assert action == "fire mortar 60 80" and not ui.dragging
    # a click on a launcher (press and release without a drag) fires nothing
    assert VIEW.handle(GAME, state, None, f"release aim {mx} {my}")[1] is None
    ui, _ = VIEW.handle(GAME, state, None, f"drag aim {mx} {my}")
    assert VIEW.handle(GAME, state, ui, f"release aim {mx + 3} {my - 3}")[1] is None
    # Red aims leftwards from the right-hand side; the cannon clamps to its 0..20 degrees
    red = final(["first red", "dice 4 4"])
    cx, cy = muzzle(1, "cannon")
    assert aim_from_point(1, "cannon", cx - 100, cy - 100) == (20, 88)
    ui, action = VIEW.handle(GAME, red, None, f"drag aim {cx} {cy}")
    ui, action = VIEW.handle(GAME, red, ui, f"release aim {cx - 100} {cy}")
    assert action == "fire cannon 0 62"


def test_keyboard_adjusts_and_enter_fires():
    state = final(["first blue", "dice 4 4"])
    ui = None
    for key in ("ArrowUp", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowLeft"):
        ui, action = VIEW.handle(GAME, state, ui, f"key {key}")
        assert action is None
    assert (ui.angle, ui.power) == (12, 69)
    ui, _ = VIEW.handle(GAME, state, ui, "key Space")
    assert ui.weapon == "mortar" and (ui.angle, ui.power) == (60, 80)
    for _ in range(30):
        ui, _ = VIEW.handle(GAME, state, ui, "key ArrowUp")
    assert ui.angle == 85  # clamped to the mortar's range
    assert VIEW.handle(GAME, state, ui, "key Enter")[1] == "fire mortar 85 80"
    with pytest.raises(ValueError):
        VIEW.handle(GAME, state, ui, "key Escape")
    with pytest.raises(ValueError):
        VIEW.handle(GAME, state, ui, "wave")
    # the launcher remembers its setting once fired
    fired = GAME.apply(state, "fire mortar 70 90")
    after = GAME.apply(GAME.apply(fired, STILL), "fire cannon 5 50")
    assert after.sides[0].setting == ((5, 50), (70, 90))


def test_firing_is_refused_with_the_rule_when_no_target_cannon_stands():
    from dataclasses import replace

    state = final(["first blue", "dice 4 4"])
    blue = replace(state.sides[0], slots=(False,) * 6)
    broke = replace(state, sides=(blue, state.sides[1]))
    with pytest.raises(ValueError, match="SG-06"):
        VIEW.handle(GAME, broke, None, "key Enter")
    assert "SG-06" in VIEW.regions(GAME, broke, None, ctx(0))["controls"]


def test_no_trajectory_preview_unless_training_and_then_labelled():
    state = final(["first blue", "dice 4 4"])
    plain = VIEW.regions(GAME, state, None, ctx(0))["board"]
    assert "data-training" not in plain
    trained = parse(VIEW.regions(GAME, state, None, ctx(0, training=True))["board"])
    group = next(g for g in trained.iter("{http://www.w3.org/2000/svg}g") if g.get("data-training"))
    assert group.find("s:text", NS).text == "training"


def test_the_ball_flies_along_the_engine_trajectory_and_hits_topple():
    rep = run(["first blue", "dice 4 4", AIM[0, "door"], STILL])
    before, after = rep.states[-2], rep.final
    root = parse(VIEW.regions(GAME, after, None, ctx(None, previous=before, last_action=STILL))["board"])
    shot = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-shot"))
    assert shot.get("data-shot") == "door"
    motion = shot.find(".//s:animateMotion", NS)
    points = re.findall(r"(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)", motion.get("path"))
    from engine.siege.game import shot_flight

    f = shot_flight(before, 0.0, 0.0)
    assert float(points[-1][0]) == pytest.approx(f.x, abs=0.1)
    assert float(points[-1][1]) == pytest.approx(232 - f.y, abs=0.1)
    toppling = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-topple")]
    assert len(toppling) == 4  # the fort and its three pirates (the book's set-up mans t1, t2 and t3)
    assert all(g.find(".//s:animateTransform", NS).get("type") == "rotate" for g in toppling)


def test_a_turned_brick_swings_round():
    rep = run(["first blue", "dice 3 5"])
    root = parse(VIEW.regions(GAME, rep.final, None, ctx(0, previous=rep.states[-2], last_action="dice 3 5"))["board"])
    scales = [a for a in root.iter("{http://www.w3.org/2000/svg}animateTransform") if a.get("type") == "scale"]
    assert len(scales) == 1
    assert [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "sg-hull"] == [
        "starboard", "port"]


def test_pirate_moves_by_clicks_on_the_scene():
    state = final(["first blue", "dice 4 4", AIM[0, "f1"], STILL, "end", "dice 4 4"])
    board = VIEW.regions(GAME, state, None, ctx(1))["board"]
    assert 'data-act="select s1"' in board
    ui, action = VIEW.handle(GAME, state, None, "select s1")
    assert isinstance(ui, Aim) and ui.selected == "s1" and action is None
    board = VIEW.regions(GAME, state, ui, ctx(1))["board"]
    root = parse(board)
    picked = next(g for g in root.iter("{http://www.w3.org/2000/svg}g")
                  if g.get("data-piece") == "spot:s1" and g.get("data-side") == "1")
    assert picked.get("aria-pressed") == "true"
    target = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-act") == "do move s1 f1")
    assert target.get("role") == "button" and target.get("aria-label") == "move the pirate to the beach"
    assert target.get("data-piece") == "free:f1"
    # occupied spots are not offered; the fort's step is not offered while the fort stands
    assert 'data-act="do move s1 f2"' not in board and 'data-act="do move s1 step"' not in board
    assert VIEW.handle(GAME, state, ui, "select s1")[0].selected == ""  # a second click drops it
    with pytest.raises(ValueError):
        VIEW.handle(GAME, state, ui, "select t9")


def test_hud_shows_points_dice_pirates_cannons_spares_and_chest_run():
    rep = run(["first blue", "dice 4 5", AIM[0, "door"], STILL, "row out", "load"])
    players = VIEW.regions(GAME, rep.final, None, ctx(0))["players"]
    assert 'data-hud="pirates-1">7 / 10<' in players
    assert 'data-hud="pirates-0">10 / 10<' in players
    assert 'data-hud="cannons-1">6 / 6<' in players
    assert 'data-hud="spares-0">3<' in players
    assert 'data-hud="dice">4 + 5<' in players
    assert 'data-hud="points-0">6<' in players
    assert "chest aboard, waiting a turn" in players
    assert 'sg-panel sg-turn" data-seat="0"' in players
    fr = VIEW.regions(GAME, rep.final, None, ctx(0, lang="fr"))["players"]
    assert "Pirates debout" in fr and "coffre à bord" in fr


def test_SG07_the_hud_and_the_scene_count_each_players_own_chests():
    """SG-07: three chests each; the HUD says each side's own chests left, Treasure Island shows them by side."""
    rep = run(["first blue", "dice 4 5", AIM[0, "door"], STILL, "row out", "load"])
    players = VIEW.regions(GAME, rep.final, None, ctx(0))["players"]
    assert 'data-hud="chests-0">2 / 3<' in players and 'data-hud="chests-1">3 / 3<' in players
    assert 'data-hud="spares-0">3<' in players  # two on the island and the one aboard
    assert 'data-hud="chests"' not in players  # no shared pool any more
    assert "Own chests on Treasure Island" in players
    assert "Ses coffres sur l&#x27;île au Trésor" in VIEW.regions(GAME, rep.final, None, ctx(0, lang="fr"))["players"]
    root = parse(VIEW.regions(GAME, rep.final, None, ctx(0))["board"])
    chests = [g.get("data-chest") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-chest")]
    assert chests == ["0", "0", "1", "1", "1"]
    island = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece") == "treasure")
    assert island.get("aria-label") == "Treasure Island: 2 of Blue's 3 chests left, 3 of Red's"


def test_two_compasses_offer_the_choice_in_the_controls():
    state = final(["first blue", "dice 3 3"])
    controls = VIEW.regions(GAME, state, None, ctx(0))["controls"]
    assert 'data-act="do turn"' in controls and 'data-act="do stay"' in controls


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_is_illustrated_by_the_renderer_in_both_languages(lang):
    html = rules_page(lang)
    assert "<html" not in html and "<body" not in html
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(svgs) >= 6
    for svg in svgs:
        parse(svg)
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))  # each scene's gradients have their own ids
    for clause in range(1, 20):
        assert f"SG-{clause:02d}" in html
    assert ("Ce qui tombe" if lang == "fr" else "What falls") in html


def test_hud_says_when_the_captain_rule_leaves_one_die():
    rep = run(["first blue", "dice 4 4", AIM[0, "s3"], STILL], {"captain": True})
    players = VIEW.regions(GAME, rep.final, None, ctx(0))["players"]
    assert 'data-hud="captain-1">down (one die, SG-18)<' in players
    assert 'data-hud="captain-0">standing<' in players

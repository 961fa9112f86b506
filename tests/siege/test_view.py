"""The page view: aiming by drag, sliders and keys, animations, the HUD, the rules page (the scene alone: test_board.py)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from engine.siege.scene import FORT_RUBBLE, SPOT_INDEX, WEAPONS
from engine.siege.state import ACT, knock_down, shot_flight, struck
from tests.siege.helpers import AIM, GAME, STILL, act, final, run
from ui.app.players import GENTLEST_BOT
from ui.app.view import Recent, SeatInfo, ViewContext, Viewport
from ui.games.siege.board import (
    FORT_FALL_SHIFT,
    GRAB_PX,
    PAD_H,
    PAD_LIFT,
    PAD_MUZZLE,
    PAD_TEXT,
    PAD_W,
    POWER_SPAN,
    SIDE_COLOURS,
    aim_from_pad_point,
    aim_from_point,
    muzzle,
    pad_point,
)
from ui.games.siege.page import MIN_DRAG, Aim, View
from ui.games.siege.rules import rules_page

#: What a view is told with a gesture; these gestures need nothing of it.
CTX = ViewContext(seats=(), interactive_seat=None)

pytestmark = pytest.mark.view

SVG = "{http://www.w3.org/2000/svg}"
NS = {"s": "http://www.w3.org/2000/svg"}
VIEW = View()
SEATS = (SeatInfo("Ann", "human"), SeatInfo("Bot", "aim"))
BLUE_TO_AIM = ["first blue", "dice 4 4"]


def ctx(seat: int | None = 0, **kw) -> ViewContext:
    kw.setdefault("you", 0)
    kw.setdefault("seats", SEATS)
    return ViewContext(interactive_seat=seat, **kw)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def html(markup: str) -> ET.Element:
    """A region's HTML (the view writes it as well-formed XML), parsed."""
    return ET.fromstring(f"<div>{markup}</div>")


def scene(board: str) -> ET.Element:
    """The battle scene's own SVG in the board region (the first one; the close-up follows it)."""
    return html(board).find(f".//{SVG}svg")


def groups(root: ET.Element, attr: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get(attr) is not None]


def regions(state, ui=None, **kw) -> dict[str, str]:
    return VIEW.regions(GAME, state, ui, ctx(**kw))


def test_aiming_handle_arrow_sliders_and_keys_only_for_the_person_to_play():
    state = final(BLUE_TO_AIM)
    out = regions(state)
    root = scene(out["board"])
    assert root.get("data-keys") == "aim" and root.get("role") == "group"
    # One HTML grab handle, over the selected launcher, big enough for a finger and kept inside the scene.
    handles = [e for e in html(out["board"]).iter() if e.get("data-drag") == "aim"]
    assert len(handles) == 1 and handles[0].tag == "div" and handles[0].get("data-weapon") == "cannon"
    mx, my = muzzle(0, "cannon")
    assert handles[0].get("style") == (f"left:clamp(24px,{mx / 10:g}%,calc(100% - 24px));"
                                       f"top:clamp(24px,{100 * my / 290:.1f}%,calc(100% - 24px))")
    assert GRAB_PX >= 44
    assert handles[0].get("title") == "Drag from here to aim the cannon; let go to fire"
    arrow = next(g for g in groups(root, "data-aim"))
    assert arrow.get("data-aim") == "cannon 10 70"
    assert arrow.find("s:text", NS).text == "10° · 70%"
    controls = html(out["controls"])
    sliders = {e.get("data-input"): e for e in controls.iter("input")}
    assert set(sliders) == {"set angle", "set power"}
    assert (sliders["set angle"].get("min"), sliders["set angle"].get("max"), sliders["set angle"].get("value")) == ("0", "20", "10")
    assert (sliders["set power"].get("min"), sliders["set power"].get("max"), sliders["set power"].get("value")) == ("10", "100", "70")
    labels = {e.get("for"): e.text for e in controls.iter("label")}
    assert labels == {"sg-angle": "Elevation", "sg-power": "Power"}  # visible words beside the values
    assert {e.get("data-act") for e in controls.iter("button")} >= {
        "fire", "do end", "weapon cannon", "weapon mortar", "nudge angle -1", "nudge angle 1", "nudge power -1", "nudge power 1"}
    assert out["siege-angle"].endswith(">10°</span>") and out["siege-power"].endswith(">70%</span>")
    french = html(regions(state, lang="fr")["controls"])
    assert {e.get("for"): e.text for e in french.iter("label")} == {"sg-angle": "Élévation", "sg-power": "Puissance"}
    # a bot's turn: no handle, no keys, no aiming controls
    watching = VIEW.regions(GAME, state, None, ctx(None))
    assert scene(watching["board"]).get("data-keys") is None
    assert "data-drag" not in watching["board"] and watching["controls"] == "" and "siege-angle" not in watching


def test_a_drag_aims_from_the_muzzle_once_it_moves_and_the_release_fires():
    state = final(BLUE_TO_AIM)
    mx, my = muzzle(0, "cannon")
    # The press starts the drag and aims nothing yet (the handle is bigger than the launcher).
    ui, action = VIEW.handle(GAME, state, None, f"drag aim {mx + 20} {my + 15}", CTX)
    assert ui.dragging and (ui.angle, ui.power) == (10, 70) and action is None
    length = 0.8 * POWER_SPAN
    x, y = mx + length * 0.9781476, my - length * 0.2079117  # 12 degrees up, 80 %
    ui, action = VIEW.handle(GAME, state, ui, f"drag aim {x:.3f} {y:.3f}", CTX)
    assert (ui.weapon, ui.angle, ui.power) == ("cannon", 12, 80) and action is None
    arrow = next(g for g in groups(scene(regions(state, ui)["board"]), "data-aim"))
    assert arrow.find("s:text", NS).text == "12° · 80%"
    ui, action = VIEW.handle(GAME, state, ui, f"release aim {x:.3f} {y:.3f}", CTX)
    assert action == act("fire cannon 12 80") and not ui.dragging
    # The mortar's handle aims the mortar.
    ui, _ = VIEW.handle(GAME, state, None, "weapon mortar", CTX)
    mx, my = muzzle(0, "mortar")
    ui, _ = VIEW.handle(GAME, state, ui, f"drag aim {mx} {my}", CTX)
    ui, _ = VIEW.handle(GAME, state, ui, f"drag aim {mx + 64:.3f} {my - 110.851:.3f}", CTX)
    assert (ui.weapon, ui.angle, ui.power) == ("mortar", 60, 80)
    # Red aims leftwards from the right-hand side; the cannon clamps to its 0..20 degrees
    red = final(["first red", "dice 4 4"])
    cx, cy = muzzle(1, "cannon")
    assert aim_from_point(1, "cannon", cx - 100, cy - 100) == (20, 88)
    ui, _ = VIEW.handle(GAME, red, None, f"drag aim {cx} {cy}", CTX)
    ui, action = VIEW.handle(GAME, red, ui, f"release aim {cx - 100} {cy}", CTX)
    assert action == act("fire cannon 0 62")


def test_a_tap_a_shaky_tap_a_release_on_the_launcher_or_a_cancelled_drag_fire_nothing():
    state = final(BLUE_TO_AIM)
    mx, my = muzzle(0, "cannon")
    # a tap (press and release, no move): a hint in words, nothing fires
    with pytest.raises(ValueError, match="drag away from it"):
        VIEW.handle(GAME, state, None, f"release aim {mx} {my}", CTX)
    # a finger that shook by less than MIN_DRAG: the aim is untouched
    ui, _ = VIEW.handle(GAME, state, None, f"drag aim {mx + 30} {my}", CTX)
    ui, action = VIEW.handle(GAME, state, ui, f"drag aim {mx + 30 + MIN_DRAG / 2} {my - 2}", CTX)
    assert (ui.angle, ui.power, action) == (10, 70, None)
    ui, action = VIEW.handle(GAME, state, ui, f"release aim {mx + 31} {my}", CTX)
    assert action is None and not ui.dragging and (ui.angle, ui.power) == (10, 70)
    # dragged out, then let go back on the launcher: no shot
    ui, _ = VIEW.handle(GAME, state, None, f"drag aim {mx} {my}", CTX)
    ui, _ = VIEW.handle(GAME, state, ui, f"drag aim {mx + 100} {my - 20}", CTX)
    ui, action = VIEW.handle(GAME, state, ui, f"release aim {mx + 3} {my - 3}", CTX)
    assert action is None and not ui.dragging
    # the browser cancelled the drag (a call came in): nothing fires, the aim so far stays
    ui, _ = VIEW.handle(GAME, state, None, f"drag aim {mx} {my}", CTX)
    ui, _ = VIEW.handle(GAME, state, ui, f"drag aim {mx + 100} {my - 20}", CTX)
    aimed = (ui.angle, ui.power)
    ui, action = VIEW.handle(GAME, state, ui, "cancel aim", CTX)
    assert action is None and not ui.dragging and (ui.angle, ui.power) == aimed


def test_sliders_set_the_aim_in_one_move_and_leave_the_action_bar_as_it_is_while_they_move():
    """A slider the page replaced under the finger would stop: while ``set`` gestures come, the controls'
    markup stays the same and only the numbers beside the sliders (regions of their own) change."""
    state = final(BLUE_TO_AIM)
    before = regions(state)
    ui, action = VIEW.handle(GAME, state, None, "set power 93", CTX)  # 70 % to 93 % in one move
    assert (ui.angle, ui.power, action) == (10, 93, None)
    ui, _ = VIEW.handle(GAME, state, ui, "set angle 17", CTX)
    ui, _ = VIEW.handle(GAME, state, ui, "set angle 99", CTX)  # clamped to the cannon's range
    assert (ui.angle, ui.power) == (20, 93)
    sliding = regions(state, ui)
    assert sliding["controls"] == before["controls"]
    assert sliding["siege-angle"].endswith(">20°</span>") and sliding["siege-power"].endswith(">93%</span>")
    assert next(g for g in groups(scene(sliding["board"]), "data-aim")).get("data-aim") == "cannon 20 93"
    # the fine step after the slide: the action bar is drawn at the aim again, and its numbers follow it
    ui, _ = VIEW.handle(GAME, state, ui, "nudge power -1", CTX)
    stepped = regions(state, ui)
    assert (ui.power, ui.shown) == (92, None) and stepped["controls"] != before["controls"]
    assert 'data-input="set power" min="10" max="100" step="1" value="92"' in stepped["controls"]
    assert re.search(r'data-bar="(\w+)"', stepped["siege-angle"])[1] != re.search(r'data-bar="(\w+)"', sliding["siege-angle"])[1]
    assert VIEW.handle(GAME, state, ui, "fire", CTX)[1] == act("fire cannon 20 92")
    for bad in ("set angle lots", "set power nan", "nudge power x"):
        with pytest.raises(ValueError, match="That does nothing here"):
            VIEW.handle(GAME, state, ui, bad, CTX)


def test_keyboard_adjusts_and_enter_fires():
    state = final(BLUE_TO_AIM)
    ui = None
    for key in ("ArrowUp", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowLeft"):
        ui, action = VIEW.handle(GAME, state, ui, f"key {key}", CTX)
        assert action is None
    assert (ui.angle, ui.power) == (12, 69)
    ui, _ = VIEW.handle(GAME, state, ui, "key Space", CTX)
    assert ui.weapon == "mortar" and (ui.angle, ui.power) == (60, 80)
    for _ in range(30):
        ui, _ = VIEW.handle(GAME, state, ui, "key ArrowUp", CTX)
    assert ui.angle == 85  # clamped to the mortar's range
    assert VIEW.handle(GAME, state, ui, "key Enter", CTX)[1] == act("fire mortar 85 80")
    with pytest.raises(ValueError, match="That key does nothing here"):
        VIEW.handle(GAME, state, ui, "key Escape", CTX)
    with pytest.raises(ValueError, match="That does nothing here"):
        VIEW.handle(GAME, state, ui, "wave", CTX)
    # the launcher remembers its setting once fired
    fired = GAME.apply(state, act("fire mortar 70 90"))
    after = GAME.apply(GAME.apply(fired, act(STILL)), act("fire cannon 5 50"))
    assert after.sides[0].setting == ((5, 50), (70, 90))


RULE_AT_END = re.compile(r"\((SG-\d\d)(, SG-\d\d)*\)\.?$")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_refusals_are_sentences_in_the_pages_language_with_the_rule_at_the_end(lang):
    other = "en" if lang == "fr" else "fr"
    VIEW.regions(GAME, final(BLUE_TO_AIM), None, ctx(0, lang=other))  # the last drawing speaks the other language:
    told = ViewContext(seats=(), interactive_seat=None, lang=lang)  # the gesture's own context decides
    blue = final(BLUE_TO_AIM)
    broke = replace(blue, sides=(replace(blue.sides[0], slots=(False,) * 6), blue.sides[1]))
    said = {}
    for name, state, gesture in [
        ("no target-cannon", broke, "key Enter"),
        ("enemy pirate", blue, "enemy f1"),
        ("not rolled", final(["first blue"]), "fire"),
        # (under the earlier longboat rule: the book lets the pirate step ashore there)
        ("stuck in the longboat", final(BLUE_TO_AIM + ["row out"], {"earlier_crew": True}), "select boat"),
    ]:
        with pytest.raises(ValueError) as refused:
            VIEW.handle(GAME, state, None, gesture, told)
        said[name] = str(refused.value)
    for name, text in said.items():
        assert text[0].isupper() and RULE_AT_END.search(text), (name, text)
    if lang == "fr":
        assert said["no target-cannon"] == "Vous ne pouvez tirer que tant qu'un de vos canons-cibles est debout (SG-06)"
        assert said["enemy pirate"].startswith("C'est un pirate de Rouge")
        assert said["stuck in the longboat"].startswith("Le pirate de l'embarcation ne débarque qu'à sa base")
    else:
        assert said["no target-cannon"] == "You may fire only while one of your target-cannons stands (SG-06)"
        assert said["enemy pirate"] == "That is Red's pirate: to knock it down, aim a launcher at it and fire (SG-05)."
        assert said["not rolled"] == "Roll the dice first: your points pay for aiming and firing (SG-03)."
    assert "SG-06" in VIEW.regions(GAME, broke, None, ctx(0, lang=lang))["controls"]


def test_a_pirate_that_cannot_move_says_why_and_a_full_island_says_so():
    state = final(BLUE_TO_AIM)
    crowded = replace(state, sides=(replace(state.sides[0], spots=("boat", "s1", "s2", "s3", "c1", "c2", "c3", "p1",
                                                                      "p2", "p3", "p4")), state.sides[1]))
    VIEW.regions(GAME, crowded, None, ctx(0))
    with pytest.raises(ValueError, match=r"nowhere to go.*\(SG-11\)\.$"):
        VIEW.handle(GAME, crowded, None, "select c1", CTX)
    with pytest.raises(ValueError, match=r"None of your pirates can move now \(SG-11\)\.$"):
        VIEW.handle(GAME, crowded, None, "pick", CTX)
    with pytest.raises(ValueError, match="no pirate of yours there"):
        VIEW.handle(GAME, state, None, "select t9", CTX)


def test_no_trajectory_preview_unless_training_and_then_labelled():
    state = final(BLUE_TO_AIM)
    plain = regions(state)["board"]
    assert "data-training" not in plain
    trained = scene(regions(state, training=True)["board"])
    group = next(g for g in groups(trained, "data-training"))
    assert group.find("s:text", NS).text == "training"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_against_the_gentlest_bot_the_flight_is_drawn_until_the_first_hit_and_the_page_says_why(lang):
    """A newcomer learns range against the beginner: the trajectory until they knock something down."""
    beginner = (SeatInfo("Ann", "human"), SeatInfo("Bot", GENTLEST_BOT))
    why = {"en": "until your first hit", "fr": "votre premier coup au but"}[lang]
    before_any_hit = final(BLUE_TO_AIM)
    guided = regions(before_any_hit, seats=beginner, lang=lang)
    assert len(list(groups(scene(guided["board"]), "data-training"))) == 1 and why in guided["controls"]
    # another opponent, or the bot's own turn: no line
    assert "data-training" not in regions(before_any_hit, lang=lang)["board"]
    watching = regions(before_any_hit, seats=beginner, lang=lang, seat=None)
    assert "data-training" not in watching["board"] and why not in watching["controls"]
    # the fort's door falls: a first hit, and the line is gone while the same turn goes on
    after_hit = run(["first blue", "dice 4 4", AIM[0, "door"], STILL]).final
    assert (after_hit.seat, after_hit.phase) == (0, ACT) and struck(after_hit, 1)
    unguided = regions(after_hit, seats=beginner, lang=lang)
    assert "data-training" not in unguided["board"] and why not in unguided["controls"]
    # the training option keeps it on, without the beginner's sentence
    trained = regions(after_hit, seats=beginner, lang=lang, training=True)
    assert "data-training" in trained["board"] and why not in trained["controls"]


def test_what_counts_as_a_first_hit_is_anything_of_the_enemy_knocked_down():
    start = final(BLUE_TO_AIM)
    red = start.sides[1]
    assert not struck(start, 1) and not struck(start, 0)
    fallen = [
        knock_down(red, "spot:s1")[0],
        knock_down(red, "slot:i1")[0],
        replace(knock_down(red, "slot:i1")[0], slots=red.slots, replaced=1),  # brought back: it was still hit
        knock_down(red, "door")[0],
        knock_down(red, "bowsprit")[0],
    ]
    for side in fallen:
        assert struck(replace(start, sides=(start.sides[0], side)), 1), side
    moved = replace(red, spots=tuple("c1" if s == "s1" else s for s in red.spots))  # moving is not falling
    assert not struck(replace(start, sides=(start.sides[0], moved)), 1)


def test_the_ball_flies_once_along_the_engine_trajectory_and_what_it_hits_topples_and_stays_down():
    rep = run(["first blue", "dice 4 4", AIM[0, "door"], STILL])
    before, after = rep.states[-2], rep.final
    fresh = scene(VIEW.regions(GAME, after, None, ctx(None, previous=before, last_action=act(STILL)))["board"])
    (shot,) = groups(fresh, "data-shot")
    assert shot.get("data-shot") == "door" and shot.get("data-flight")
    motion = shot.find(".//s:animateMotion", NS)
    points = re.findall(r"(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)", motion.get("path"))
    f = shot_flight(before, 0.0, 0.0)
    assert float(points[-1][0]) == pytest.approx(f.x, abs=0.1)
    assert float(points[-1][1]) == pytest.approx(232 - f.y, abs=0.1)
    # the trace appears when the ball lands (and stays)
    landed = shot.find("s:g/s:set", NS)
    assert landed.get("attributeName") == "opacity" and landed.get("begin") == shot.get("data-flight") + "s"
    toppling = groups(fresh, "data-topple")
    assert len(toppling) == 4  # the fort and its three pirates (the book's set-up mans t1, t2 and t3)
    assert all(g.find(".//s:animateTransform", NS).get("type") == "rotate" for g in toppling)
    assert {g.get("data-fallen") for g in toppling} == {"fort", "spot:t1", "spot:t2", "spot:t3"}
    # drawn again (a redraw while aiming, or reduced motion): no animation, the same marks, still
    for again in ({"fresh": False}, {"motion": False}):
        still = scene(VIEW.regions(GAME, after, None, ctx(None, previous=before, last_action=act(STILL), **again))["board"])
        assert not list(still.iter(SVG + "animateMotion")) and not list(still.iter(SVG + "animateTransform"))
        assert [g.get("data-shot") for g in groups(still, "data-shot")] == ["door"]
        # the pirates lie where they fell, faded; the fort's rubble says the rest
        assert {g.get("data-fallen") for g in groups(still, "data-fallen")} == {"spot:t1", "spot:t2", "spot:t3"}


def test_a_turned_brick_swings_round_once():
    rep = run(["first blue", "dice 3 5"])
    root = scene(regions(rep.final, previous=rep.states[-2], last_action=act("dice 3 5"))["board"])
    scales = [a for a in root.iter(SVG + "animateTransform") if a.get("type") == "scale"]
    assert len(scales) == 1
    assert [t.text for t in root.iter(SVG + "text") if t.get("class") == "sg-hull"] == ["starboard", "port"]
    assert [g.get("data-side") for g in groups(root, "data-mark")] == ["0"]  # the turn stays marked
    again = scene(regions(rep.final, previous=rep.states[-2], last_action=act("dice 3 5"), fresh=False)["board"])
    assert not [a for a in again.iter(SVG + "animateTransform") if a.get("type") == "scale"]


#: Red's whole turn before Blue's first: a compass turns its brick, two shots (one knocks a pirate
#: down, one a palisade), the longboat rows out and loads a chest, a pirate moves
RED_TURN = ["first red", "dice 3 5", AIM[1, "p2"], STILL, "row out", "load", "move f1 f4", AIM[1, "palisade 2"], STILL,
            "end"]


def red_turn_recent() -> tuple[object, tuple[Recent, ...]]:
    rep = run(RED_TURN)
    recent = tuple(
        Recent(b, a, c, GAME.turn_seat(b), GAME.is_outcome(b, a))
        for b, a, c in zip(rep.states[:-1], rep.actions, rep.states[1:])
    )
    return rep, recent


def test_after_the_other_sides_turn_the_scene_keeps_what_it_did_until_you_act():
    rep, recent = red_turn_recent()
    out = VIEW.regions(GAME, rep.final, None, ctx(0, recent=recent, previous=rep.states[-2], last_action=act("end")))
    root = scene(out["board"])
    shots = groups(root, "data-shot")
    assert [g.get("data-shot") for g in shots] == ["spot:p2", "palisade:1"]
    assert all(g.get("data-side") == "1" for g in shots)
    # numbered in order, in Red's shape and colour
    badges = [t.text for t in root.iter(SVG + "text") if t.get("class") == "sg-badge"]
    assert badges == ["1", "2"]
    assert all(SIDE_COLOURS[1] in ET.tostring(g, encoding="unicode") for g in shots)
    assert {g.get("data-fallen") for g in groups(root, "data-fallen")} == {"spot:p2", "palisade:1"}
    marks = [g.get("data-mark") for g in groups(root, "data-mark")]
    assert marks == ["turn", "row", "load", "move"]
    # Red's dice stay shown, in Red's frame, with words
    (dice,) = groups(root, "data-dice")
    assert dice.get("data-dice") == "1" and dice.get("aria-label") == "Red's dice: compass (3) + 5"
    # Blue has not rolled yet: the close-up (small screens) shows Blue's own island, where Red's shots landed
    assert 'data-close-up="0"' in out["board"] and "Close-up: your island, Crab Claw Island" in out["board"]
    # Blue rolls: the marks are gone, Blue's dice shown, the close-up turns to the enemy
    rolled = GAME.apply(rep.final, act("dice 4 4"))
    mine = VIEW.regions(GAME, rolled, None, ctx(0, previous=rep.final, last_action=act("dice 4 4")))
    assert not groups(scene(mine["board"]), "data-shot") and 'data-close-up="1"' in mine["board"]
    assert groups(scene(mine["board"]), "data-dice")[0].get("aria-label") == "Blue's dice: 4 + 4"


def test_the_close_up_shows_the_enemy_side_big_while_aiming():
    out = regions(final(BLUE_TO_AIM))
    zoom = next(e for e in html(out["board"]).iter(SVG + "svg") if e.get("class") == "sg-zoom")
    assert zoom.get("aria-hidden") == "true" and zoom.get("data-close-up") == "1"
    x, _y, w, _h = (float(v) for v in zoom.get("viewBox").split())
    assert x + w == 1000 and w <= 420  # Red's half: a 20 mm pirate is about 20 / 410 of the close-up's width
    (use,) = zoom.iter(SVG + "use")
    assert use.get("href") == "#sg-scene" and 'id="sg-scene"' in out["board"]
    assert "Close-up: Fort Island (Red)" in out["board"]
    assert "Gros plan : l&#x27;île du Fort (Rouge)" in regions(final(BLUE_TO_AIM), lang="fr")["board"]


def test_sounds_of_a_roll_a_shot_a_splash_a_collapse_and_a_win():
    start = final(["first blue"])
    assert VIEW.sounds(GAME, start, act("dice 4 4"), GAME.apply(start, act("dice 4 4"))) == ["dice"]
    aiming = final(BLUE_TO_AIM)
    assert VIEW.sounds(GAME, aiming, act("fire cannon 0 10"), GAME.apply(aiming, act("fire cannon 0 10"))) == ["cannon"]
    short = GAME.apply(aiming, act("fire cannon 0 10"))
    assert shot_flight(short, 0, 0).hit == "sea"
    assert VIEW.sounds(GAME, short, act(STILL), GAME.apply(short, act(STILL))) == ["splash"]
    door = GAME.apply(aiming, act(AIM[0, "door"]))
    assert VIEW.sounds(GAME, door, act(STILL), GAME.apply(door, act(STILL))) == ["capsize"]
    pirate = GAME.apply(aiming, act(AIM[0, "s3"]))
    assert VIEW.sounds(GAME, pirate, act(STILL), GAME.apply(pirate, act(STILL))) == []
    # the last pirate: the win
    last = replace(aiming, sides=(aiming.sides[0], replace(aiming.sides[1], spots=("s3",), captain="s3")))
    aimed = GAME.apply(last, act(AIM[0, "s3"]))
    assert VIEW.sounds(GAME, aimed, act(STILL), GAME.apply(aimed, act(STILL))) == ["win"]
    assert set(VIEW.sounds(GAME, aimed, act(STILL), GAME.apply(aimed, act(STILL)))) <= {"dice", "cannon", "splash", "capsize", "win"}


def test_pirate_moves_by_clicks_on_the_scene_and_by_buttons():
    state = final(["first blue", "dice 4 4", AIM[0, "f1"], STILL, "end", "dice 4 4"])
    out = VIEW.regions(GAME, state, None, ctx(1, you=1))
    assert 'data-act="select s1"' in out["board"] and 'data-act="pick"' in out["controls"]
    ui, action = VIEW.handle(GAME, state, None, "select s1", CTX)
    assert isinstance(ui, Aim) and ui.selected == "s1" and action is None
    out = VIEW.regions(GAME, state, ui, ctx(1, you=1))
    root = scene(out["board"])
    picked = next(g for g in groups(root, "data-piece") if g.get("data-piece") == "spot:s1" and g.get("data-side") == "1")
    assert picked.get("aria-pressed") == "true"
    target = next(g for g in groups(root, "data-act") if g.get("data-act") == "do move s1 f1")
    assert target.get("role") == "button" and target.get("aria-label") == "move the pirate to the beach"
    assert target.get("data-piece") == "free:f1"
    # the same choice in the action bar, for a finger or the keyboard
    assert 'data-act="do move s1 f1"' in out["controls"] and "To the beach" in out["controls"]
    # occupied spots are not offered; the fort's step is not offered while the fort stands
    assert 'data-act="do move s1 f2"' not in out["board"] and 'data-act="do move s1 step"' not in out["board"]
    assert VIEW.handle(GAME, state, ui, "select s1", CTX)[0].selected == ""  # a second click drops it
    # "Move a pirate" lists the pirates that may move, the captain said
    ui, _ = VIEW.handle(GAME, state, None, "pick", CTX)
    bar = VIEW.regions(GAME, state, ui, ctx(1, you=1))["controls"]
    assert "Which pirate moves?" in bar and "The brig&#x27;s forecastle (captain)" in bar
    # the enemy's pirates answer a click (no tab stops)
    enemy = next(g for g in groups(root, "data-act") if g.get("data-act") == "enemy c1")
    assert enemy.get("tabindex") is None and enemy.get("role") == "img"


def test_the_hud_names_each_side_its_colour_shape_island_and_who_plays_it_a_column_each():
    rep = run(["first blue", "dice 4 5", AIM[0, "door"], STILL, "row out", "load"])
    players = VIEW.regions(GAME, rep.final, None, ctx(0))["players"]
    table = html(players).find(".//table")
    heads = table.findall("./thead/tr/th")
    assert [h.get("scope") for h in heads] == ["col", "col"] and [h.get("data-seat") for h in heads] == ["0", "1"]
    assert [h.get("data-name") for h in heads] == ["Ann", "Bot"]
    assert ["".join(h.itertext()).startswith(name) for h, name in zip(heads, ["Ann", "Bot"])] == [True, True]
    # a row for each count, named by its header, a cell for each side (the dice and points: the side to play)
    rows = table.findall("./tbody/tr")
    assert all(r[0].tag == "th" and r[0].get("scope") == "row" and len(r) == 3 for r in rows)
    assert [r[0].text for r in rows][:2] == ["Pirates", "Target-cannons"]
    assert [c.get("data-hud") for c in rows[0][1:]] == ["pirates-0", "pirates-1"]
    assert "Blue · Crab Claw Island · Person" in players and "Red · Fort Island · Bot: quick gunner" in players
    assert '<span class="sg-you">(you)</span>' in players and players.count("sg-you") == 2  # one style, one tag
    # each side's mark: its colour (the one the charts use) and its shape
    assert f'sg-mark sg-circle" style="background:{VIEW.seat_colour(0)}"' in players
    assert f'sg-mark sg-diamond" style="background:{VIEW.seat_colour(1)}"' in players
    assert VIEW.seat_colour(0) == SIDE_COLOURS[0] and VIEW.seat_colour_name(1, "fr") == "Rouge"
    fr = VIEW.regions(GAME, rep.final, None, ctx(0, lang="fr"))["players"]
    assert "Bleu · L&#x27;île Pince de crabe · Humain" in fr and "(vous)" in fr and "Robot : canonnier rapide" in fr
    # a seat named "You" is not told it is "you" twice
    named_you = VIEW.regions(GAME, rep.final, None, ViewContext(seats=(SeatInfo("You", "human"), SEATS[1]),
                                                                interactive_seat=0, you=0))["players"]
    assert "(you)" not in named_you


def test_hud_shows_points_dice_pirates_cannons_chests_and_chest_run():
    rep = run(["first blue", "dice 4 5", AIM[0, "door"], STILL, "row out", "load"])
    players = regions(rep.final)["players"]
    assert 'data-hud="pirates-1">7 / 10<' in players
    assert 'data-hud="pirates-0">10 / 10<' in players
    assert 'data-hud="cannons-1">6 / 6<' in players
    assert 'data-hud="dice">4 + 5<' in players
    assert 'data-hud="points-0">6<' in players
    assert 'data-hud="facing-0">port broadside<' in players
    assert "chest aboard, waiting a turn" in players
    assert 'sg-turn" data-seat="0"' in players
    assert 'class="sg-tag">to play<' in players
    fr = regions(rep.final, lang="fr")["players"]
    assert "Canons-cibles" in fr and "coffre à bord" in fr and 'class="sg-tag">joue<' in fr
    compass = regions(final(["first blue", "dice 3 5"]), lang="fr")["players"]
    assert 'data-hud="dice">boussole (3) + 5<' in compass


def test_SG07_the_hud_and_the_scene_count_each_players_own_chests():
    """SG-07: three chests each; the HUD says each side's own chests left (and one aboard), Treasure Island shows them."""
    rep = run(["first blue", "dice 4 5", AIM[0, "door"], STILL, "row out", "load"])
    players = regions(rep.final)["players"]
    assert 'data-hud="chests-0">2 / 3 · 1 aboard<' in players and 'data-hud="chests-1">3 / 3<' in players
    assert "Chests left" in players
    assert "Coffres restants" in regions(rep.final, lang="fr")["players"]
    root = scene(regions(rep.final)["board"])
    chests = [g.get("data-chest") for g in groups(root, "data-chest")]
    assert chests == ["0", "0", "1", "1", "1"]
    island = next(g for g in groups(root, "data-piece") if g.get("data-piece") == "treasure")
    assert island.get("aria-label") == "Treasure Island: 2 of Blue's 3 chests left, 3 of Red's"


def test_two_compasses_offer_the_choice_in_the_controls():
    state = final(["first blue", "dice 3 3"])
    controls = regions(state)["controls"]
    assert 'data-act="do turn"' in controls and 'data-act="do stay"' in controls
    assert "Deux boussoles" in regions(state, lang="fr")["controls"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_dice_say_their_words_in_the_pages_language(lang):
    root = scene(regions(final(["first blue", "dice 3 5"]), lang=lang)["board"])
    (dice,) = groups(root, "data-dice")
    words = "Blue's dice: compass (3) + 5" if lang == "en" else "dés de Bleu : boussole (3) + 5"
    assert dice.get("aria-label") == words and dice.find("s:title", NS).text == words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_page_is_illustrated_by_the_renderer_in_both_languages(lang):
    html_text = rules_page(lang)
    assert "<html" not in html_text and "<body" not in html_text
    svgs = re.findall(r"<svg.*?</svg>", html_text, flags=re.DOTALL)
    assert len(svgs) >= 6
    for svg in svgs:
        parse(svg)
    ids = re.findall(r' id="([^"]+)"', html_text)
    assert len(ids) == len(set(ids))  # each scene's gradients have their own ids
    assert ("Ce qui tombe" if lang == "fr" else "What falls") in html_text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_clause_of_the_rules_page_has_its_anchor_for_the_refusals_links(lang):
    """The bridge links "SG-18" in a refusal to the element with id "<lang>-SG-18" of the rules."""
    html_text = rules_page(lang)
    for clause in range(1, 20):
        assert html_text.count(f'id="{lang}-SG-{clause:02d}"') == 1, clause


def test_hud_says_when_the_captain_rule_leaves_one_die():
    rep = run(["first blue", "dice 4 4", AIM[0, "s3"], STILL], {"captain": True})
    players = regions(rep.final)["players"]
    assert 'data-hud="captain-1">down (one die, SG-18)<' in players
    assert 'data-hud="captain-0">standing<' in players


def _lying_foot(group: ET.Element) -> float:
    """SVG y of the foot a fallen piece lies on: its toppling centre, moved down by its fall."""
    rotate = next(t for t in group.iter() if "rotate(" in (t.get("transform") or "") or t.get("type") == "rotate")
    centre = rotate.get("transform") or "rotate(" + rotate.get("to") + ")"
    foot = float(re.search(r"rotate\(-80 (-?[\d.]+) (-?[\d.]+)\)", centre)[2])
    moves = [t for t in group.iter() if "translate(" in (t.get("transform") or "") or t.get("type") == "translate"]
    for move in moves:
        offset = move.get("transform") or "translate(" + move.get("to") + ")"
        foot += float(re.search(r"translate\((-?[\d.]+) (-?[\d.]+)\)", offset)[2])
    return foot


@pytest.mark.parametrize("fresh", [True, False])
@pytest.mark.parametrize(
    "target, floors",
    [
        # the fort falls: its three pirates land on the rubble, not in the air where its top was (SG-14)
        ("door", {"spot:t1": FORT_RUBBLE.y2, "spot:t2": FORT_RUBBLE.y2, "spot:t3": FORT_RUBBLE.y2}),
        ("f1", {"spot:f1": SPOT_INDEX[1]["f1"].box.y1}),  # a pirate on the beach lies on the beach
        ("bowsprit", {"spot:s2": SPOT_INDEX[1]["s2"].box.y1}),  # the mainsail's pirate lies on the deck (SG-16)
    ],
)
def test_what_falls_lies_on_the_ground_under_it(target, floors, fresh):
    rep = run(["first blue", "dice 4 4", AIM[0, target], STILL])
    before, after = rep.states[-2], rep.final
    board = VIEW.regions(GAME, after, None, ctx(None, previous=before, last_action=act(STILL), fresh=fresh))["board"]
    fallen = {g.get("data-fallen"): g for g in groups(scene(board), "data-fallen") if g.get("data-fallen").startswith("spot:")}
    assert set(fallen) == set(floors)
    for ident, floor in floors.items():
        assert _lying_foot(fallen[ident]) == pytest.approx(232 - floor), ident
    if target == "door":  # the rubble is drawn where they lie, and nothing of the fort stands
        assert not after.sides[1].fort
        for ident in floors:  # lying backwards 20 mm from the foot, each lies on the rubble (the fort's length)
            foot = SPOT_INDEX[1][ident.split(":")[1]].box.d1 + FORT_FALL_SHIFT
            assert FORT_RUBBLE.d1 <= foot - 20 and foot + 8 <= FORT_RUBBLE.d2 + 4, ident


# -- a phone's aim pad and the hints of each device (issue 20, point 3) ----------------------------

#: CSS px per pad unit on the narrowest phone (320 px: the close-up is the page less its margins, 291 px)
NARROW_PAD_SCALE = 291 / PAD_W


def pad_of(regions_: dict[str, str]) -> ET.Element:
    return html(regions_["siege-pad"]).find(f"{SVG}svg")


def test_the_aim_pad_has_room_its_own_handle_and_the_full_power_range_is_a_long_drag():
    state = final(BLUE_TO_AIM)
    shown = regions(state)
    # its place in the board region (over the close-up), and the pad with its handle as a region of its own
    assert '<div data-region="siege-pad"></div>' in shown["board"]
    pad = html(shown["siege-pad"])
    (handle,) = [e for e in pad.iter() if e.get("data-drag")]
    assert handle.get("data-drag") == "pad" and handle.get("data-weapon") == "cannon"
    root = pad_of(shown)
    assert root.get("viewBox") == f"0 0 {PAD_W} {PAD_H}" and root.get("data-aim") == "cannon 10 70"
    # at rest the close-up stays clear: no arrow, no numbers over it (the sliders say them)
    assert not groups(root, "data-pad-arrow") and not groups(root, "data-readout")
    # the whole power range is a drag of 270 pad units: 200 CSS px and more from a 320 px phone up
    for weapon, w in WEAPONS.items():
        for seat in (0, 1):
            low, high = (pad_point(seat, w.angles[0], p) for p in w.powers)
            assert math.dist(low, high) * NARROW_PAD_SCALE >= 195
            for angle in range(w.angles[0], w.angles[1] + 1):
                for power in range(w.powers[0], w.powers[1] + 1, 3):
                    assert aim_from_pad_point(seat, weapon, *pad_point(seat, angle, power)) == (angle, power)
    # nobody else's turn, or a bot's, has a pad
    assert "siege-pad" not in regions(state, seat=None)
    assert "data-region=\"siege-pad\"" not in regions(state, seat=None)["board"]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_drag_on_the_pad_aims_shows_big_numbers_above_the_finger_and_its_release_fires(seat):
    state = final(BLUE_TO_AIM if seat == 0 else ["first red", "dice 4 4"])
    mx, my = PAD_MUZZLE[seat]
    ui, action = VIEW.handle(GAME, state, None, f"drag pad {mx + 3} {my - 2}", CTX)  # the press
    assert ui.dragging and ui.via == "pad" and action is None
    x, y = pad_point(seat, 15, 100)
    ui, action = VIEW.handle(GAME, state, ui, f"drag pad {x:.1f} {y:.1f}", CTX)
    assert (ui.angle, ui.power, action) == (15, 100, None)
    root = pad_of(regions(state, ui, seat=seat, you=seat))
    (arrow,) = groups(root, "data-pad-arrow")
    assert arrow.get("data-pad-arrow") == "15 100"
    (readout,) = groups(root, "data-readout")
    assert readout.get("data-readout") == "15° · 100%"
    text = readout.find("s:text", NS)
    assert float(text.get("y")) == pytest.approx(y - PAD_LIFT, abs=0.1)  # above the finger, clear of it
    assert PAD_LIFT - PAD_TEXT - 3 >= 30  # the chip's lowest edge is 30 units (22 px at 320) above the finger's centre
    assert PAD_TEXT * NARROW_PAD_SCALE >= 14  # 14 CSS px and more on every phone
    assert f"font:800 {PAD_TEXT}px" in html(regions(state, ui, seat=seat, you=seat)["siege-pad"]).find(
        f"{SVG}svg/{SVG}style").text
    # the elevation's range and the power's rings while it drags
    assert len(root.findall("s:path", NS)) >= 4 and {t.text for t in root.findall("s:text", NS)} >= {"50%", "100%"}
    # a steep mortar takes the finger high over the pad: the numbers go beside it rather than off the screen
    steep, _ = VIEW.handle(GAME, state, ui, "weapon mortar", CTX)
    steep, _ = VIEW.handle(GAME, state, steep, f"drag pad {mx} {my}", CTX)
    hx, hy = pad_point(seat, 80, 90)
    steep, _ = VIEW.handle(GAME, state, steep, f"drag pad {hx:.1f} {hy:.1f}", CTX)
    (high,) = groups(pad_of(regions(state, steep, seat=seat, you=seat)), "data-readout")
    assert high.get("data-readout") == "80° · 90%"
    text = high.find("s:text", NS)
    assert float(text.get("y")) == pytest.approx(hy - 10, abs=0.1) and abs(float(text.get("x")) - hx) >= 60
    # a finger at the screen's top edge: the numbers stay where the screen is, beside it
    steep, _ = VIEW.handle(GAME, state, steep, f"drag pad {hx:.1f} -240", CTX)
    (top,) = groups(pad_of(regions(state, steep, seat=seat, you=seat)), "data-readout")
    assert float(top.find("s:text", NS).get("y")) == PAD_TEXT - 150
    ui, action = VIEW.handle(GAME, state, ui, f"release pad {x:.1f} {y:.1f}", CTX)
    assert action == act("fire cannon 15 100") and not ui.dragging
    # a cancelled drag or a release back on the launcher fires nothing
    ui, _ = VIEW.handle(GAME, state, None, f"drag pad {mx} {my}", CTX)
    ui, _ = VIEW.handle(GAME, state, ui, f"drag pad {x:.1f} {y:.1f}", CTX)
    assert VIEW.handle(GAME, state, ui, "cancel pad", CTX)[1] is None
    assert VIEW.handle(GAME, state, ui, f"release pad {mx + 2} {my}", CTX)[1] is None


def test_the_pad_is_drawn_again_with_every_new_board():
    """Its place is inside the board region: a new board (empty place) comes with a pad whose markup changed."""
    state = final(BLUE_TO_AIM)
    one, two = regions(state), regions(state, VIEW.handle(GAME, state, None, "nudge angle 1", CTX)[0])
    assert one["board"] != two["board"] and one["siege-pad"] != two["siege-pad"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_aiming_hint_fits_the_device_keys_for_a_keyboard_a_finger_for_a_touch_screen(lang):
    controls = regions(final(BLUE_TO_AIM), lang=lang)["controls"]
    hint = html(controls).find(".//p[@class='sg-note sg-help']")
    desk, touch = hint.findall("span")
    assert desk.get("class") == "sg-help-desk" and touch.get("class") == "sg-help-touch"
    keys = {"en": ("arrow keys", "Enter"), "fr": ("flèches", "Entrée")}[lang]
    assert all(k in desk.text for k in keys)
    assert not any(k in touch.text for k in keys)
    assert ("finger" if lang == "en" else "doigt") in touch.text
    # the page's style shows the one of the device (a coarse pointer: a touch screen)
    assert "@media (pointer:coarse){.sg-help-desk{display:none}.sg-help-touch{display:inline}}" in controls


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_once_the_page_has_told_its_device_the_aiming_hint_is_that_device_s_alone(lang):
    """The viewport in the view's context: a touch screen reads the finger's sentence, a desk the keys', not both."""
    def hint_spans(viewport):
        controls = regions(final(BLUE_TO_AIM), lang=lang, viewport=viewport)["controls"]
        return [span.get("class") for span in html(controls).find(".//p[@class='sg-note sg-help']").findall("span")]

    assert hint_spans(Viewport(width_px=390, touch=True)) == ["sg-help-touch"]
    assert hint_spans(Viewport(width_px=1366, touch=False)) == ["sg-help-desk"]
    assert hint_spans(None) == ["sg-help-desk", "sg-help-touch"]


def test_the_points_left_are_written_as_each_language_writes_a_colon():
    rep = run(["first blue", "dice 4 5"])
    english = VIEW.regions(GAME, rep.final, None, ctx(0))["controls"]
    french = VIEW.regions(GAME, rep.final, None, ctx(0, lang="fr"))["controls"]
    assert '<span class="sg-points" data-hud="points">Points left: <b>9</b></span>' in english
    # French: a no-break space before the colon, as everywhere on the site
    assert '<span class="sg-points" data-hud="points">Points restants\u00a0: <b>9</b></span>' in french

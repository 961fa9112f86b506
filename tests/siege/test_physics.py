"""The ballistic model: closed form, a regression table of aims, SG-15's palisade, SG-05, determinism."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.siege.actions import FIRE_ACTIONS
from engine.siege.physics import Hitbox, Layout, flight, hitboxes, landing_distance, trajectory
from engine.siege.scene import GRAVITY, WEAPONS, WIDTH
from engine.siege.state import layout
from tests.siege.helpers import GAME, act, final, run

pytestmark = pytest.mark.unit

START = final(["first blue", "dice 4 4"])
#: the house set-up of the ``earlier_setup`` option: pirates on f4 (by the palm) and c3 (the clearing)
EARLIER = final(["first blue", "dice 4 4"], {"earlier_setup": True})

#: (shooter, weapon, angle, power, what the unscattered ball hits first, x of impact) at the start
REGRESSION = [
    (0, "mortar", 64, 92, "boat", 762.0),
    (0, "mortar", 64, 83, "bowsprit", 607.7),
    (0, "mortar", 67, 99, "door", 793.0),
    (0, "cannon", 17, 92, "door", 793.0),
    (0, "cannon", 19, 95, "fort", 793.0),
    (0, "mortar", 62, 83, "hull", 643.9),
    (0, "mortar", 62, 91, "island", 780.0),
    (0, "mortar", 52, 100, "off", 1110.6),
    (0, "mortar", 59, 100, "palm", 990.0),
    (0, "mortar", 45, 89, "spot:t3", 804.0),
    (0, "mortar", 66, 17, "sea", 44.9),
    (0, "mortar", 45, 81, "slot:a1", 721.9),
    (0, "mortar", 52, 93, "slot:i1", 938.9),
    (0, "mortar", 64, 93, "spot:boat", 769.6),
    (0, "mortar", 58, 95, "spot:f2", 908.0),
    (0, "mortar", 59, 81, "spot:s3", 646.0),
    (0, "mortar", 61, 97, "spot:t1", 849.7),
    (0, "mortar", 65, 95, "steps", 780.0),
    (0, "cannon", 9, 74, "treasure", 420.0),
    (0, "cannon", 16, 83, "treasure palm", 498.0),
    (1, "mortar", 49, 75, "bowsprit", 382.1),
    (1, "cannon", 17, 98, "palisade:0", 155.3),
    (1, "mortar", 61, 92, "palisade:2", 196.0),
    (1, "cannon", 16, 95, "palisade:3", 216.0),
    (1, "mortar", 56, 80, "slot:a2", 338.0),
    (1, "mortar", 58, 94, "slot:i2", 110.2),
    (1, "mortar", 52, 94, "spot:c1", 42.0),
    (1, "mortar", 66, 100, "spot:p2", 168.4),
    (1, "mortar", 48, 88, "spot:p1", 144.0),
    (1, "mortar", 55, 88, "spot:p3", 188.7),
    (1, "cannon", 19, 82, "spot:s3", 354.0),
    (1, "mortar", 45, 97, "off", -83.8),
]


def closed_form_range(weapon: str, angle: float, power: float) -> tuple[float, float]:
    """Textbook projectile from height h: (horizontal distance to the sea, time of flight)."""
    w = WEAPONS[weapon]
    v = w.speed * power / 100
    vx, vy = v * math.cos(math.radians(angle)), v * math.sin(math.radians(angle))
    t = (vy + math.sqrt(vy * vy + 2 * GRAVITY * w.y)) / GRAVITY
    return vx * t, t


@pytest.mark.parametrize("weapon,angle,power", [("cannon", 0, 50), ("cannon", 12, 80), ("cannon", 20, 100),
                                                ("mortar", 45, 60), ("mortar", 70, 90), ("mortar", 85, 30)])
def test_an_unscattered_shot_lands_where_the_closed_form_says(weapon, angle, power):
    distance, t = closed_form_range(weapon, angle, power)
    for shooter in (0, 1):
        f = flight(shooter, weapon, angle, power, ())
        muzzle = WEAPONS[weapon].d
        expected_x = muzzle + distance if shooter == 0 else WIDTH - muzzle - distance
        assert f.x == pytest.approx(expected_x, abs=1e-6)
        assert f.y == pytest.approx(0.0, abs=1e-6)
        assert f.time == pytest.approx(t, rel=1e-9)
    assert landing_distance(weapon, angle, power) == pytest.approx(distance, abs=1e-6)


def test_the_trajectory_follows_the_parabola_and_ends_at_the_impact():
    boxes = hitboxes(0, layout(START, 1))
    f = flight(0, "mortar", 64, 83, boxes)
    points = trajectory(0, "mortar", 64, 83, f.s, n=30)
    assert points[0] == (12.0, 28.0)
    assert points[-1][0] == pytest.approx(f.x) and points[-1][1] == pytest.approx(f.y)
    w = WEAPONS["mortar"]
    v = w.speed * 0.83
    a = math.radians(64)
    for x, y in points:
        s = x - w.d
        t = s / (v * math.cos(a))
        assert y == pytest.approx(w.y + v * math.sin(a) * t - GRAVITY * t * t / 2, abs=1e-6)


@pytest.mark.parametrize("shooter,weapon,angle,power,hit,x", REGRESSION)
def test_regression_table_of_known_aims(shooter, weapon, angle, power, hit, x):
    f = flight(shooter, weapon, angle, power, hitboxes(shooter, layout(START, 1 - shooter)))
    assert f.hit == hit
    assert f.x == pytest.approx(x, abs=0.06)


@pytest.mark.parametrize("shooter,weapon,angle,power,hit,x", [
    (0, "mortar", 60, 100, "spot:f4", 974.0),
    (1, "mortar", 64, 99, "spot:c3", 132.0),
    (0, "mortar", 45, 89, "spot:t2", 824.0),  # no pirate on t3: the same ball goes on to the keep
])
def test_regression_aims_on_the_earlier_setup(shooter, weapon, angle, power, hit, x):
    f = flight(shooter, weapon, angle, power, hitboxes(shooter, layout(EARLIER, 1 - shooter)))
    assert f.hit == hit
    assert f.x == pytest.approx(x, abs=0.06)


def test_SG05_both_weapons_fire_from_the_back_line_of_the_island():
    """SG-05: the cannon and the mortar fire from in line with the back of the island."""
    assert WEAPONS["cannon"].d == WEAPONS["mortar"].d
    assert flight(0, "cannon", 0, 10, ()).x > WEAPONS["cannon"].d
    assert flight(1, "cannon", 0, 10, ()).x < WIDTH - WEAPONS["cannon"].d
    assert len(FIRE_ACTIONS) == 21 * 91 + 41 * 91


def _every_cannon_shot(seat: int, boxes) -> set[str]:
    w = WEAPONS["cannon"]
    hits = set()
    for angle in range(w.angles[0], w.angles[1] + 1):
        for power in range(w.powers[0], w.powers[1] + 1):
            for da, dp, _ in w.scatter:
                hits.add(flight(seat, "cannon", angle + da, power + dp, boxes).hit)
    return hits


def test_SG15_the_cannon_cannot_hit_a_pirate_behind_an_intact_palisade_but_the_mortar_can():
    """SG-15: every cannon aim with every scatter misses the pirates behind palisades; a mortar hits them."""
    palisaded = {"spot:p1", "spot:p2", "spot:p3", "spot:p4"}
    # the real scene, and the scene stripped to the palisades and their pirates
    bare = Layout(0, (), ("p1", "p2", "p3", "p4"), (0, 1, 2, 3), False, False, "base", False)
    for lay in (layout(START, 0), bare):
        boxes = hitboxes(1, lay)
        manned = {f"spot:{s}" for s in lay.spots} & palisaded
        assert manned and not _every_cannon_shot(1, boxes) & palisaded
        mortar = {flight(1, "mortar", a, p, boxes).hit for a in range(45, 86) for p in range(10, 101)}
        assert manned <= mortar
    # with the palisades down, the cannon reaches the same pirates
    open_field = Layout(0, (), ("p1", "p2", "p3", "p4"), (), False, False, "base", False)
    assert palisaded & _every_cannon_shot(1, hitboxes(1, open_field))


def test_the_cannon_flies_low_and_flat_the_mortar_high():
    cannon_top = max(max(y for _, y in trajectory(0, "cannon", 20, 100, landing_distance("cannon", 20, 100))), 0)
    mortar_top = max(y for _, y in trajectory(0, "mortar", 60, 90, landing_distance("mortar", 60, 90)))
    assert cannon_top < 150 < mortar_top


def test_the_same_record_replays_to_the_same_scene():
    actions = ["first blue", "dice 4 5", "fire mortar 52 93", "scatter -0.5 +1", "fire cannon 17 92",
               "scatter +1 -2", "fire mortar 45 74", "scatter +0 +0.5", "end", "dice 3 4"]
    one, two = run(actions), run(actions)
    assert one.states == two.states
    assert [GAME.state_to_json(s) for s in one.states] == [GAME.state_to_json(s) for s in two.states]
    before = one.states[2]
    assert [GAME.describe(before, act("scatter -0.5 +1"))] * 2 == [GAME.describe(before, act("scatter -0.5 +1")),
                                                              GAME.describe(two.states[2], act("scatter -0.5 +1"))]


def _entry(y0: float, b: float, a: float, box: Hitbox) -> float:
    """Distance at which the parabola first enters ``box``, or ``inf``: the plain reference that
    ``engine.siege.physics._meet`` does inline, with boxes passed clear over or under skipped early."""
    _, s1, s2, y1, y2 = box
    best = math.inf
    if s1 >= 0.0:
        y = y0 + b * s1 - a * s1 * s1
        if y1 <= y <= y2:
            return s1
    # falling through the top: the far root of y(s) = y2
    disc = b * b + 4.0 * a * (y0 - y2)
    if disc >= 0.0:
        root = math.sqrt(disc)
        far = (b + root) / (2.0 * a)
        if s1 <= far <= s2 and far >= 0.0:
            best = far
    # rising through the bottom: the near root of y(s) = y1
    disc = b * b + 4.0 * a * (y0 - y1)
    if disc >= 0.0:
        near = (b - math.sqrt(disc)) / (2.0 * a)
        if s1 <= near <= s2 and 0.0 <= near < best:
            best = near
    return best


def _reference_flight(shooter: int, weapon: str, angle: float, power: float, boxes) -> tuple[str, float]:
    """The flight's first hit and distance, box by box through ``_entry`` (what :func:`flight` inlines)."""
    from engine.siege.physics import _launch

    y0, b, a, _ = _launch(weapon, angle, power)
    hit, best = "sea", (b + math.sqrt(b * b + 4.0 * a * y0)) / (2.0 * a)
    for box in boxes:
        if box[1] > best:
            break
        s = _entry(y0, b, a, box)
        if s < best:
            hit, best = box[0], s
    return hit, best


@settings(max_examples=300, deadline=None)
@given(
    shooter=st.sampled_from([0, 1]),
    weapon=st.sampled_from(sorted(WEAPONS)),
    angle=st.floats(min_value=-5, max_value=85),
    power=st.floats(min_value=5, max_value=110),
    fallen=st.sets(st.sampled_from(["p1", "p2", "p3", "p4"])),
    broken=st.sets(st.sampled_from([0, 1, 2, 3])),
    fort=st.booleans(),
)
def test_property_the_inlined_flight_meets_what_the_reference_meets(shooter, weapon, angle, power, fallen, broken,
                                                                    fort) -> None:
    lay = layout(START, 1 - shooter)
    lay = Layout(lay.seat, lay.slots, tuple(s for s in lay.spots if s not in fallen),
                 tuple(k for k in lay.palisades if k not in broken), fort and lay.fort, lay.bowsprit, lay.boat_at, lay.chest)
    boxes = hitboxes(shooter, lay)
    flown = flight(shooter, weapon, angle, power, boxes)
    assert (flown.hit if flown.hit != "off" else "sea", flown.s) == _reference_flight(shooter, weapon, angle, power, boxes)

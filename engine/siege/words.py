"""Siege's game log: one English sentence per action, and names for what a ball hits.

>>> from engine.siege.game import Siege
>>> g = Siege()
>>> describe(g, g.apply(g.new(2), "first blue"), "dice 3 5")
'Blue rolls a compass and a 5: 8 points, and the brick must turn (SG-17).'
>>> hit_label(1, "spot:t2")
"the pirate on the fort's keep"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.siege.scene import SEAT_NAMES, SLOTS, SPOT_INDEX

if TYPE_CHECKING:
    from engine.siege.game import Siege, SiegeState

_SLOT_WORDS = {"island": "on the island", "port": "on the port broadside", "starboard": "on the starboard broadside"}

FIXTURE_WORDS = {
    "sea": "splashes into the sea",
    "off": "flies off the table",
    "island": "lands on {isle}",
    "hull": "hits the brick's hull",
    "palm": "hits a palm tree",
    "fort": "hits the fort's wall",
    "rubble": "lands in the fort's rubble",
    "steps": "hits the fort's stone steps",
    "treasure": "lands on Treasure Island",
    "treasure palm": "hits a palm on Treasure Island",
}


def hit_label(seat: int, hit: str) -> str:
    """Words for a target piece on ``seat``'s side."""
    kind, _, name = hit.partition(":")
    if kind == "slot":
        where = next(s.where for s in SLOTS if s.name == name)
        return f"the target-cannon {_SLOT_WORDS[where]}"
    if kind == "spot":
        return f"the pirate on {SPOT_INDEX[seat][name].label}"
    if kind == "palisade":
        return f"palisade {int(name) + 1}"
    return {"door": "the fort's door", "bowsprit": "bowsprit", "chest": "the chest in the longboat",
            "boat": "the longboat"}.get(kind, kind)


def _faces(dice: tuple[int, ...]) -> str:
    words = ["a compass" if f == 3 else f"a {f}" for f in dice]
    return " and ".join(words)


def describe(game: Siege, state: SiegeState, action: str) -> str:
    """One sentence for the log about ``action`` played in ``state``."""
    from engine.siege.game import ACT, COMPASS, SCATTER, SCATTER_VALUES, knock_down, shot_flight

    who = SEAT_NAMES[state.seat]
    enemy = SEAT_NAMES[1 - state.seat]
    if action.startswith("first "):
        return f"The draw says {SEAT_NAMES[0 if action == 'first blue' else 1]} plays first."
    if action.startswith("dice"):
        faces = tuple(int(f) for f in action.split()[1:])
        text = f"{who} rolls {_faces(faces)}: {sum(faces)} points"
        n = faces.count(COMPASS)
        if n == 1:
            text += ", and the brick must turn (SG-17)"
        elif n == 2:
            text += ", and may choose to turn the brick (SG-17)"
        return text + "."
    if action == "turn":
        return f"{who} turns the brick around, showing the other broadside."
    if action == "stay":
        return f"{who} keeps the brick as it is."
    if action == "end":
        return f"{who} ends the turn."
    if state.phase == SCATTER and action in SCATTER_VALUES.get(state.aim[0] if state.aim else "", {}):
        weapon, angle, power = state.aim  # type: ignore[misc]
        da, dp = SCATTER_VALUES[weapon][action]
        f = shot_flight(state, da, dp)
        shot = f"{who}'s {weapon} ({angle + da:g}°, {power + dp:g}%)"
        if f.hit in FIXTURE_WORDS:
            isle = "Fort Island" if state.seat == 0 else "Crab Claw Island"
            return f"{shot} {FIXTURE_WORDS[f.hit].format(isle=isle)}."
        target = state.sides[1 - state.seat]
        after, fallen = knock_down(target, f.hit)
        label = hit_label(1 - state.seat, f.hit)
        captain = target.captain in fallen and target.captain != ""
        if f.hit.startswith("spot:"):
            who_falls = "the captain" if captain else "the pirate"
            return f"{shot} hits {enemy}'s {label[4:]}; {who_falls} falls."
        if f.hit == "door":
            extra = f", and {len(fallen)} pirate{'s' if len(fallen) != 1 else ''} with it" if fallen else ""
            return f"{shot} hits {enemy}'s fort door: the fort falls{extra}."
        if f.hit == "bowsprit":
            extra = (
                f" and knocks down {len(fallen)} pirate{'s' if len(fallen) != 1 else ''}" if fallen else ""
            )
            return f"{shot} hits {enemy}'s bowsprit: the mainsail is ejected{extra}."
        if f.hit in ("chest", "boat"):
            if target.chest and not after.chest:
                return f"{shot} hits {enemy}'s longboat: the chest is knocked out and lost (SG-10)."
            return f"{shot} hits {enemy}'s longboat; nothing falls."
        if captain:
            label += " (the captain falls)"
        return f"{shot} hits {enemy}'s {label[4:] if label.startswith('the ') else label}; it falls."
    if state.phase != ACT:
        return f"{who}: {action}."
    if action.startswith("fire "):
        _, weapon, angle, power = action.split()
        return f"{who} fires the {weapon} at {angle}° and {power}% power."
    if action == "row out":
        return f"{who}'s longboat rows to Treasure Island."
    if action == "load":
        return f"{who} loads a treasure chest into the longboat."
    if action == "row back":
        return f"{who}'s longboat rows the chest back to base."
    if action.startswith("replace "):
        name = action.split()[1]
        where = next(s.where for s in SLOTS if s.name == name)
        return f"{who} replaces the target-cannon {_SLOT_WORDS[where]} with the chest."
    if action.startswith("move "):
        _, src, dst = action.split()
        side = state.sides[state.seat]
        pirate = "captain" if side.captain == src else "pirate"
        spots = SPOT_INDEX[state.seat]
        return f"{who} moves the {pirate} from {spots[src].label} to {spots[dst].label}."
    if action.startswith("crew "):
        src = action.split()[1]
        return f"{who} sends the pirate from {SPOT_INDEX[state.seat][src].label} to crew the longboat (2 points)."
    return f"{who}: {action}."

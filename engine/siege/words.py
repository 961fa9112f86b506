"""Siege's game log: one sentence per action (English or French), and names for what a ball hits.

>>> from engine.siege.rules import Siege
>>> from engine.siege.actions import Dice, First
>>> g = Siege()
>>> describe(g, g.apply(g.new(2), First(0)), Dice((3, 5)))
'Blue rolls a compass and a 5: 8 points, and the brig must turn (SG-17).'
>>> describe(g, g.apply(g.new(2), First(0)), Dice((3, 5)), "fr")
'Bleu lance une boussole et un 5 : 8 points, et le brick doit tourner (SG-17).'
>>> hit_label(1, "spot:t2")
"the pirate on the fort's keep"
>>> hit_label(1, "spot:t2", "fr")
'le pirate sur le donjon du fort'
>>> hit_label(0, "spot:p4"), hit_label(0, "spot:p4", "fr")
('the pirate behind palisade 4', 'le pirate derrière la palissade 4')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.bounded import clip, shorten
from engine.core import Refusal
from engine.numbers import number, percent
from engine.siege.actions import (
    Action,
    Crew,
    Dice,
    End,
    Fire,
    First,
    Load,
    Move,
    Replace,
    RowBack,
    RowOut,
    Stay,
    Turn,
)
from engine.siege.scene import (
    CHESTS_PER_SIDE,
    COMPASS,
    DICE_FACES,
    SEAT_NAMES,
    SEAT_NAMES_FR,
    SLOTS,
    SPOT_INDEX,
    SPOT_LABELS_FR,
    WEAPON_NAMES_FR,
)
from engine.siege.state import crew_cost

if TYPE_CHECKING:
    from engine.siege.rules import Siege, SiegeState

_SLOT_WORDS = {"island": "on the island", "port": "on the port broadside", "starboard": "on the starboard broadside"}

FIXTURE_WORDS = {
    "sea": "splashes into the sea",
    "off": "flies off the table",
    "island": "lands on {isle}",
    "hull": "hits the hull of {enemy}'s brig",
    "palm": "hits a palm tree",
    "fort": "hits the fort's wall",
    "rubble": "lands in the fort's rubble",
    "steps": "hits the fort's stone steps",
    "treasure": "lands on Treasure Island",
    "treasure palm": "hits a palm on Treasure Island",
}


_SLOT_WORDS_FR = {"island": "sur l'île", "port": "de la bordée bâbord", "starboard": "de la bordée tribord"}

FIXTURE_WORDS_FR = {
    "sea": "tombe à l'eau",
    "off": "sort de la table",
    "island": "atterrit sur {isle}",
    "hull": "touche la coque du brick de {enemy}",
    "palm": "touche un palmier",
    "fort": "touche le mur du fort",
    "rubble": "atterrit dans les ruines du fort",
    "steps": "touche les marches de pierre du fort",
    "treasure": "atterrit sur l'île au Trésor",
    "treasure palm": "touche un palmier de l'île au Trésor",
}

#: the island a ball lands on when it hits the enemy's ground, by the shooter's seat
_ISLE_PAIRS = (("Fort Island", "l'île du Fort"), ("Crab Claw Island", "l'île Pince de crabe"))


def on_spot(seat: int, name: str, lang: str = "en") -> str:
    """Where a pirate stands, with its preposition: "on the beach", "behind palisade 4".

    >>> on_spot(0, "c1"), on_spot(0, "p2"), on_spot(1, "t1", "fr"), on_spot(0, "p2", "fr")
    ('on the beach', 'behind palisade 2', 'sur la tour ouest du fort', 'derrière la palissade 2')
    """
    if lang == "fr":
        where = SPOT_LABELS_FR.get(name, name)
        return where if where.startswith("derrière") else f"sur {where}"
    where = SPOT_INDEX[seat][name].label
    return where if where.startswith("behind") else f"on {where}"


def to_spot(seat: int, name: str, lang: str = "en") -> str:
    """Where a pirate goes, with its preposition: "to the beach", "behind palisade 4".

    >>> to_spot(0, "c1"), to_spot(0, "p2"), to_spot(0, "c1", "fr"), to_spot(0, "p2", "fr")
    ('to the beach', 'behind palisade 2', 'vers la plage', 'derrière la palissade 2')
    """
    if lang == "fr":
        where = SPOT_LABELS_FR.get(name, name)
        return where if where.startswith("derrière") else f"vers {where}"
    where = SPOT_INDEX[seat][name].label
    return where if where.startswith("behind") else f"to {where}"


def hit_label(seat: int, hit: str, lang: str = "en") -> str:
    """Words for a target piece on ``seat``'s side."""
    if lang == "fr":
        return _hit_label_fr(seat, hit)
    kind, _, name = hit.partition(":")
    if kind == "slot":
        where = next(s.where for s in SLOTS if s.name == name)
        return f"the target-cannon {_SLOT_WORDS[where]}"
    if kind == "spot":
        return f"the pirate {on_spot(seat, name)}"
    if kind == "palisade":
        return f"palisade {int(name) + 1}"
    return {"door": "the fort's door", "bowsprit": "bowsprit", "chest": "the chest in the longboat",
            "boat": "the longboat"}.get(kind, kind)


def _hit_label_fr(seat: int, hit: str) -> str:
    kind, _, name = hit.partition(":")
    if kind == "slot":
        where = next(s.where for s in SLOTS if s.name == name)
        return f"le canon-cible {_SLOT_WORDS_FR[where]}"
    if kind == "spot":
        return f"le pirate {on_spot(seat, name, 'fr')}"
    if kind == "palisade":
        return f"la palissade {int(name) + 1}"
    return {"door": "la porte du fort", "bowsprit": "le beaupré", "chest": "le coffre de l'embarcation",
            "boat": "l'embarcation"}.get(kind, kind)


def _faces(dice: tuple[int, ...]) -> str:
    words = ["a compass" if f == 3 else f"a {f}" for f in dice]
    return " and ".join(words)


def describe(game: Siege, state: SiegeState, action: Action, lang: str = "en") -> str:
    """One sentence for the log about ``action`` played in ``state`` (English, or French for "fr").

    The words never work out the rules: what a shot does comes from ``game.shot``.
    """
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    names = SEAT_NAMES_FR if fr else SEAT_NAMES
    who = names[state.seat]
    enemy = names[1 - state.seat]
    kind = action.__class__
    if kind is First:
        first = names[action.seat]
        if state.balanced_start:
            return say(f"The pirate die says {first} plays first (Blue only on a compass).",
                       f"Le dé pirate désigne {first} pour jouer en premier (Bleu seulement sur une boussole).")
        return say(f"The draw says {first} plays first.", f"Le tirage désigne {first} pour jouer en premier.")
    if kind is Dice:
        faces = action.faces
        text = say(f"{who} rolls {_faces(faces)}: {sum(faces)} points", f"{who} lance {_faces_fr(faces)} : {sum(faces)} points")
        n = faces.count(COMPASS)
        if n == 1:
            text += say(", and the brig must turn (SG-17)", ", et le brick doit tourner (SG-17)")
        elif n == 2:
            text += say(", and may choose to turn the brig (SG-17)", ", et peut choisir de tourner le brick (SG-17)")
        return text + "."
    if kind is Turn:
        return say(f"{who} turns the brig around, showing the other broadside.",
                   f"{who} fait tourner le brick, qui montre son autre bordée.")
    if kind is Stay:
        return say(f"{who} keeps the brig as it is.", f"{who} laisse le brick tel quel.")
    if kind is End:
        return say(f"{who} ends the turn.", f"{who} finit son tour.")
    fired = game.shot(state, action)
    if fired is not None:
        weapon, hit, target, after, fallen = fired.weapon, fired.hit, fired.target, fired.after, fired.fallen
        aimed = f"{number(fired.angle, lang)}°, {percent(fired.power, lang)}"
        shot = say(f"{who}'s {weapon} ({aimed})", f"Le {WEAPON_NAMES_FR.get(weapon, weapon)} de {who} ({aimed})")
        if hit in FIXTURE_WORDS:
            fixture = say(FIXTURE_WORDS[hit], FIXTURE_WORDS_FR[hit])
            fixture = fixture.format(isle=say(*_ISLE_PAIRS[state.seat]), enemy=enemy)
            return f"{shot} {fixture}."
        captain = target.captain in fallen and target.captain != ""
        pirates = f"{len(fallen)} pirate{'s' if len(fallen) > 1 else ''}"
        if hit.startswith("spot:"):
            where = on_spot(1 - state.seat, hit[5:], lang)
            return say(f"{shot} hits {enemy}'s pirate {where}; {'the captain' if captain else 'the pirate'} falls.",
                       f"{shot} touche {enemy} {where} ; {'le capitaine' if captain else 'le pirate'} tombe.")
        if hit == "door":
            english = f"{len(fallen)} pirate{'s' if len(fallen) != 1 else ''}"
            return say(f"{shot} hits {enemy}'s fort door: the fort falls{f', and {english} with it' if fallen else ''}.",
                       f"{shot} touche la porte du fort de {enemy} : le fort s'écroule"
                       f"{f', et {pirates} avec lui' if fallen else ''}.")
        if hit == "bowsprit":
            english = f"{len(fallen)} pirate{'s' if len(fallen) != 1 else ''}"
            return say(f"{shot} hits {enemy}'s bowsprit: the mainsail is ejected"
                       f"{f' and knocks down {english}' if fallen else ''}.",
                       f"{shot} touche le beaupré de {enemy} : la grand-voile est éjectée"
                       f"{f' et renverse {pirates}' if fallen else ''}.")
        if hit in ("chest", "boat"):
            if target.chest and not after.chest:
                return say(f"{shot} hits {enemy}'s longboat: the chest is knocked out and lost (SG-10).",
                           f"{shot} touche l'embarcation de {enemy} : le coffre tombe et il est perdu (SG-10).")
            return say(f"{shot} hits {enemy}'s longboat; nothing falls.",
                       f"{shot} touche l'embarcation de {enemy} ; rien ne tombe.")
        label = hit_label(1 - state.seat, hit, lang)
        if fr:
            return f"{shot} renverse {label}{' (le capitaine tombe)' if captain else ''} de {enemy}."
        if captain:
            label += " (the captain falls)"
        return f"{shot} hits {enemy}'s {label.removeprefix('the ')}; it falls."
    if not game.acting(state):
        return say(f"{who}: {action.text()}.", f"{who} : {action.text()}.")
    if kind is Fire:
        weapon = action.weapon
        aimed = (number(float(action.angle), lang), percent(float(action.power), lang))
        return say(f"{who} fires the {weapon} at {aimed[0]}° and {aimed[1]} power.",
                   f"{who} tire au {WEAPON_NAMES_FR.get(weapon, weapon)} à {aimed[0]}° et {aimed[1]} de puissance.")
    if kind is RowOut:
        return say(f"{who}'s longboat rows to Treasure Island.", f"L'embarcation de {who} rame jusqu'à l'île au Trésor.")
    if kind is Load:
        return say(f"{who} loads a treasure chest into the longboat.",
                   f"{who} charge un coffre au trésor dans l'embarcation.")
    if kind is RowBack:
        if not state.sides[state.seat].chest:
            return say(f"{who}'s longboat rows back to base empty.", f"L'embarcation de {who} revient vide à la base.")
        return say(f"{who}'s longboat rows the chest back to base.", f"L'embarcation de {who} rapporte le coffre à la base.")
    if kind is Replace:
        name = action.slot
        where = next(s.where for s in SLOTS if s.name == name)
        return say(f"{who} replaces the target-cannon {_SLOT_WORDS[where]} with the chest.",
                   f"{who} remplace le canon-cible {_SLOT_WORDS_FR[where]} par le coffre.")
    if kind is Move:
        src, dst = action.src, action.dst
        captain = state.sides[state.seat].captain == src
        there = to_spot(state.seat, dst, lang)
        if fr:
            pirate = "le capitaine" if captain else "le pirate"
            return f"{who} déplace {pirate} {_de(SPOT_LABELS_FR.get(src, src))} {there}."
        pirate = "captain" if captain else "pirate"
        return f"{who} moves the {pirate} from {SPOT_INDEX[state.seat][src].label} {there}."
    if kind is Crew:
        src = action.src
        cost = crew_cost(state)  # SG-12: 1 at the base, 2 from Treasure Island
        points = f"{cost} point{'s' if cost > 1 else ''}"  # the same words in both languages
        return say(f"{who} sends the pirate from {SPOT_INDEX[state.seat][src].label} to crew the longboat ({points}).",
                   f"{who} envoie le pirate {_de(SPOT_LABELS_FR.get(src, src))} dans l'embarcation ({points}).")
    return say(f"{who}: {action.text()}.", f"{who} : {action.text()}.")


def _de(words: str) -> str:
    """French "de" before a place: "du pont arrière", "des rochers", "de la plage".

    >>> _de("le pont arrière"), _de("les rochers près du palmier"), _de("la plage")
    ('du pont arrière', 'des rochers près du palmier', 'de la plage')
    """
    if words.startswith("le "):
        return "du " + words[3:]
    if words.startswith("les "):
        return "des " + words[4:]
    return "de " + words


def _faces_fr(dice: tuple[int, ...]) -> str:
    return " et ".join("une boussole" if f == 3 else f"un {f}" for f in dice)


# -- the goal, and how far each side is from it (SG-02) --------------------------------------------
def goal(lang: str = "en") -> str:
    """The win condition in one sentence (SG-02).

    >>> goal()
    "Goal: knock down all the enemy's pirates, or all its target-cannons once its 3 chests can replace none."
    """
    if lang == "fr":
        return ("But : faire tomber tous les pirates ennemis, ou tous ses canons-cibles une fois que ses 3 coffres "
                "ne peuvent plus en remplacer.")
    return "Goal: knock down all the enemy's pirates, or all its target-cannons once its 3 chests can replace none."


def turn(lang: str = "en") -> str:
    """How a turn goes, in a few sentences (SG-03, SG-04, SG-05): what a page shows where its decision
    will be while the game loads, so a first visit on a slow network has something to read.

    >>> turn().startswith("Each turn: roll")
    True
    """
    if lang == "fr":
        return ("À chaque tour\u00a0: lancez les deux dés pirates\u00a0; leur somme donne vos points (une boussole "
                "compte 3). Chaque point achète une action\u00a0: un tir, un pirate déplacé, ou une étape de la "
                "course au coffre qui remplace un canon-cible. Visez au canon ou au mortier en glissant "
                "depuis le lanceur cerclé, ou réglez Élévation et Puissance.")
    return ("Each turn: roll the two pirate dice; their sum is your points (a compass counts 3). Each "
            "point buys one action: a shot, a pirate moved, or a step of the chest run that replaces a "
            "target-cannon. Aim the cannon or the mortar by dragging from the ringed launcher, or set "
            "Elevation and Power.")


def close_call(state: SiegeState, lang: str = "en") -> str | None:
    """Which side is one hit from losing, in words (``None`` if neither is).

    A side is one hit from losing with one pirate left, or with one target-cannon
    standing and no chest left to replace it (SG-02).

    >>> from dataclasses import replace
    >>> from engine.siege.rules import Siege
    >>> s = Siege().new(2)
    >>> close_call(replace(s, sides=(s.sides[0], replace(s.sides[1], spots=s.sides[1].spots[:1], captain=""))))
    'Red has one pirate left'
    >>> close_call(s) is None
    True
    """
    fr = lang == "fr"
    found = []
    for seat, side in enumerate(state.sides):
        who = (SEAT_NAMES_FR if fr else SEAT_NAMES)[seat]
        chests = CHESTS_PER_SIDE - side.taken + side.chest
        if len(side.spots) == 1:
            found.append(f"{who} n'a plus qu'un pirate" if fr else f"{who} has one pirate left")
        elif side.cannons_standing() == 1 and chests == 0:
            found.append(f"{who} n'a plus qu'un canon-cible" if fr else f"{who} has one target-cannon left")
    return "; ".join(found) if found else None


# -- refusals (the rules' :meth:`~engine.siege.rules.Siege.check` says why as data; this words it) ------------
def _echo(value: Any) -> str:
    """An input as an English refusal echoes it: quoted and shortened (it may come from outside)."""
    return shorten(value)


def _echo_fr(value: Any) -> str:
    """An input as a French refusal echoes it: in guillemets, clipped (anything but text: as in English)."""
    return f"« {clip(value)} »" if isinstance(value, str) else shorten(value)


_FACES = ", ".join(map(str, DICE_FACES))
_SLOT_NAMES = ", ".join(s.name for s in SLOTS)

_Words = Callable[[Mapping[str, Any]], str]

#: Each refusal's key -> its words in English and in French, made from the refusal's values alone.
REFUSAL_WORDS: dict[str, tuple[_Words, _Words]] = {
    "not_an_action": (lambda v: f"{_echo(v['action'])} is not a Siege action",
                      lambda v: f"{_echo_fr(v['action'])} n'est pas un coup de Siège"),
    "game_over": (lambda v: "the game is over", lambda v: "la partie est finie"),
    "draw_first": (lambda v: "first the draw decides who plays first ('first blue' or 'first red')",
                   lambda v: "le tirage décide d'abord qui joue en premier ('first blue' ou 'first red')"),
    "not_a_roll": (lambda v: f"{_echo(v['action'])} is not a roll of {v['dice']} pirate "
                             f"{'dice' if v['dice'] > 1 else 'die'} (faces {_FACES})",
                   lambda v: f"{_echo_fr(v['action'])} n'est pas un lancer de {v['dice']} "
                             f"{'dés pirates' if v['dice'] > 1 else 'dé pirate'} (faces {_FACES})"),
    "roll_first": (lambda v: "the dice must be rolled first (SG-03)", lambda v: "il faut d'abord lancer les dés (SG-03)"),
    "ball_in_the_air": (lambda v: "the ball is in the air: only its scatter can come next",
                        lambda v: "le boulet est en l'air : seule sa dispersion peut venir"),
    "choose_the_turn": (lambda v: "two compasses: first choose whether to turn the brig ('turn' or 'stay', SG-17)",
                        lambda v: "deux boussoles : choisissez d'abord de tourner le brick ou non ('turn' ou 'stay', "
                                  "SG-17)"),
    "no_compass": (lambda v: "the brig turns only when the dice show a compass (SG-17)",
                   lambda v: "le brick ne tourne que si les dés montrent une boussole (SG-17)"),
    "no_chance_step": (lambda v: "that is a chance outcome, and no chance step is pending",
                       lambda v: "c'est un résultat du hasard, et aucun coup du hasard n'est attendu"),
    "no_such_weapon": (lambda v: "the weapons are the cannon and the mortar",
                       lambda v: "les armes sont le canon et le mortier"),
    "aim_out_of_range": (
        lambda v: f"the {v['weapon']} fires at {v['angles'][0]}..{v['angles'][1]} degrees "
                  f"and {v['powers'][0]}..{v['powers'][1]} % power, in whole numbers",
        lambda v: f"le {WEAPON_NAMES_FR.get(v['weapon'], v['weapon'])} tire de {v['angles'][0]} à {v['angles'][1]} "
                  f"degrés et de {v['powers'][0]} à {v['powers'][1]} % de puissance, en nombres entiers"),
    "no_points": (lambda v: "no points left this turn (SG-04)", lambda v: "plus de points ce tour-ci (SG-04)"),
    "no_cannon_standing": (lambda v: "you may fire only while one of your target-cannons stands (SG-06)",
                           lambda v: "vous ne pouvez tirer que tant qu'un de vos canons-cibles est debout (SG-06)"),
    "move_syntax": (lambda v: "a move names a spot and a free spot: 'move c1 p2'",
                    lambda v: "un déplacement nomme une place et une place libre : 'move c1 p2'"),
    "no_pirate_there": (lambda v: f"no pirate of yours stands on {_echo(v['spot'])}",
                        lambda v: f"aucun de vos pirates n'est en {_echo_fr(v['spot'])}"),
    "ashore_only_at_base": (
        lambda v: "the longboat's pirate steps ashore only at its base: at Treasure Island the longboat is its only "
                  "way back (SG-08, SG-11)",
        lambda v: "le pirate de l'embarcation ne débarque qu'à sa base : à l'île au Trésor, l'embarcation est son seul "
                  "moyen de revenir (SG-08, SG-11)"),
    "boat_has_its_pirate": (lambda v: "the longboat already has its pirate", lambda v: "l'embarcation a déjà son pirate"),
    "crew_costs_two": (lambda v: "replacing the longboat's pirate costs 2 points here: back to base, and a new pirate "
                                 "aboard (SG-12)",
                       lambda v: "remplacer le pirate de l'embarcation coûte ici 2 points : le retour à la base, et un "
                                 "nouveau pirate à bord (SG-12)"),
    "not_a_spot": (lambda v: f"{_echo(v['spot'])} is not a pirate spot on {SEAT_NAMES[v['seat']]}'s side",
                   lambda v: f"{_echo_fr(v['spot'])} n'est pas une place de pirate du côté de "
                             f"{SEAT_NAMES_FR[v['seat']]}"),
    "spot_taken": (lambda v: f"a pirate already stands {on_spot(v['seat'], v['spot'])}",
                   lambda v: f"un pirate est déjà {on_spot(v['seat'], v['spot'], 'fr')}"),
    "crew_the_boat": (lambda v: "the longboat is crewed with 'crew' (1 point at its base, 2 from Treasure Island, SG-12)",
                      lambda v: "l'embarcation reçoit son pirate par 'crew' (1 point à sa base, 2 depuis l'île au "
                                "Trésor, SG-12)"),
    "fort_fallen": (lambda v: "the fort has fallen: no pirate stands on it any more (SG-14)",
                    lambda v: "le fort est tombé : plus aucun pirate ne s'y tient (SG-14)"),
    "step_needs_fallen_fort": (lambda v: "the fort's top step is used only once the fort has fallen (SG-14)",
                               lambda v: "la marche du fort ne sert qu'une fois le fort tombé (SG-14)"),
    "palisade_down": (lambda v: f"palisade {v['palisade']} is down and is not put back (SG-15)",
                      lambda v: f"la palissade {v['palisade']} est tombée et n'est pas relevée (SG-15)"),
    "run_needs_crew": (lambda v: "the chest run needs a pirate in your longboat (SG-08)",
                       lambda v: "la course au trésor demande un pirate dans votre embarcation (SG-08)"),
    "not_a_slot": (lambda v: f"{_echo(v['slot'])} is not a target-cannon place ({_SLOT_NAMES})",
                   lambda v: f"{_echo_fr(v['slot'])} n'est pas une place de canon-cible ({_SLOT_NAMES})"),
    "replace_needs_chest": (
        lambda v: "a target-cannon is replaced only with a chest brought back in the longboat (SG-08)",
        lambda v: "un canon-cible ne se remplace que par un coffre rapporté dans l'embarcation (SG-08)"),
    "replace_at_base": (lambda v: "row the longboat back to base before replacing a target-cannon (SG-08)",
                        lambda v: "ramenez l'embarcation à la base avant de remplacer un canon-cible (SG-08)"),
    "cannon_stands": (lambda v: f"the target-cannon at {v['slot']} still stands",
                      lambda v: f"le canon-cible en {v['slot']} est encore debout"),
    "chests_gone": (lambda v: f"your {v['chests']} chests have all been taken; the other side's are never yours "
                              "(SG-07)",
                    lambda v: f"vos {v['chests']} coffres ont tous été pris ; ceux de l'autre camp ne sont jamais à "
                              "vous (SG-07)"),
    "boat_at_treasure": (lambda v: "the longboat is already at Treasure Island",
                         lambda v: "l'embarcation est déjà à l'île au Trésor"),
    "boat_carries_a_chest": (lambda v: "the longboat already carries a chest: never more than one (SG-10)",
                             lambda v: "l'embarcation porte déjà un coffre : jamais plus d'un (SG-10)"),
    "row_out_first": (lambda v: "the longboat must first row to Treasure Island (SG-08)",
                      lambda v: "l'embarcation doit d'abord ramer jusqu'à l'île au Trésor (SG-08)"),
    "one_chest_only": (lambda v: "never more than one chest in the longboat (SG-10)",
                       lambda v: "jamais plus d'un coffre dans l'embarcation (SG-10)"),
    "boat_at_base": (lambda v: "the longboat is already at base", lambda v: "l'embarcation est déjà à la base"),
    "run_takes_two_turns": (lambda v: "the chest run takes two turns: row back on your next turn (SG-08)",
                            lambda v: "la course au trésor prend deux tours : revenez à votre prochain tour (SG-08)"),
}


def refusal_words(refusal: Refusal, lang: str = "en") -> str:
    """A refusal of :meth:`~engine.siege.rules.Siege.check` in words (English, or French for "fr").

    >>> refusal_words(Refusal("SG-15", "palisade_down", {"palisade": 3}), "fr")
    "la palissade 3 est tombée et n'est pas relevée (SG-15)"
    """
    english, french = REFUSAL_WORDS[refusal.key]
    return (french if lang == "fr" else english)(refusal.values)

"""Piratissimo in words: the log's sentences, told from the events the rules report, and why an action is refused.

English and French.  The words read the state (:mod:`engine.piratissimo.state`)
and the data, and reach the rules only through the ``game`` they are handed
(``game.step`` reports what an action did as events): the rules call the
words, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.bounded import clip, shorten
from engine.core import Game
from engine.piratissimo import data as D
from engine.piratissimo.state import (
    _FACE_OF,
    Event,
    HOME,
    LOAD,
    OVER,
    PirState,
    RAID,
    RAID_SPIN,
    ROLL,
    SAIL,
    START,
    STORM_SPIN,
    TWISTER,
    routes,
    steps_of,
)

if TYPE_CHECKING:
    from engine.piratissimo.game import Piratissimo


def why_illegal(game: Piratissimo, state: PirState, action: str, lang: str = "en") -> str:
    """Why ``action`` is refused here, in words a player understands (English, or French for "fr").

    The clause of the rules comes last, in parentheses (the page links it).

    >>> from engine.piratissimo.game import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.new(2), "start blue")
    >>> g.why_illegal(s, "sail 3", "fr")
    'Bleu doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)'
    """
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    who = _namer(game, lang)(state.seat) if state.seat >= 0 else ""
    phase = state.phase
    text = action if isinstance(action, str) else shorten(action)
    word = text.split()[0] if text.split() else ""
    if phase == OVER:
        return say("the game is over", "la partie est finie")
    if phase == START:
        return say("chance first draws who starts", "le hasard désigne d’abord qui commence")
    if phase == ROLL:
        if word == "die":
            return say(f"the die has no face {shorten(text[4:])}: it shows 1, 2, 3, 4 or the tornado",
                       f"le dé n’a pas de face « {clip(text[4:])} » : il montre 1, 2, 3, 4 ou la tornade")
        return say(f"{who} must roll the die first: it says how many islands to sail (PI-02)",
                   f"{who} doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)")
    if phase in (RAID_SPIN, STORM_SPIN):
        rule = "PI-07" if phase == RAID_SPIN else "PI-09"
        if word == "compass":
            return say(f"the compass has no sector {shorten(text[8:])}: its sectors are 1 to {len(D.COMPASS)}",
                       f"le compas n’a pas de secteur « {clip(text[8:])} » : ses secteurs vont de 1 à "
                       f"{len(D.COMPASS)}")
        return say(f"the compass must be spun first ({rule})", f"il faut d’abord faire tourner le compas ({rule})")
    if phase == LOAD:
        if word == "load":
            island = state.pos[state.seat]
            chest = D.ISLANDS[island].chest
            asked = text.split()[-1]
            if asked.isdigit() and int(asked) <= chest:
                return say(f"the hold has only {state.hold} treasures left (PI-04)",
                           f"la cale n’a plus que {state.hold} trésors (PI-04)")
            return say(f"the closed chest on island {island + 1} allows at most {chest} treasures (PI-04)",
                       f"le coffre fermé de l’île {island + 1} permet au plus {chest} trésors (PI-04)")
        return say(f"{who} must first choose how many treasures to load from the chest (PI-04)",
                   f"{who} doit d’abord choisir combien de trésors charger du coffre (PI-04)")
    if phase == RAID:
        victim = _namer(game, lang)(state.target)
        return say(f"{who} must first choose: attempt piracy on {victim}'s ship or leave it alone (PI-07)",
                   f"{who} doit d’abord choisir : tenter la piraterie contre le navire de {victim} ou le laisser "
                   "(PI-07)")
    if phase == TWISTER:
        if word == "tornado":
            return say(f"the tornado moves 1 to {D.TORNADO_MAX} islands along the white arrows (PI-09)",
                       f"la tornade avance de 1 à {D.TORNADO_MAX} îles le long des flèches blanches (PI-09)")
        return say(f"{who} must move the tornado first, 1 to {D.TORNADO_MAX} islands (PI-09)",
                   f"{who} doit d’abord déplacer la tornade de 1 à {D.TORNADO_MAX} îles (PI-09)")
    # SAIL
    options = _routes_in_words(game, state, lang)
    if word == "home":
        return say(f"{who}'s move does not reach its home port: {options} (PI-11)",
                   f"le coup de {who} n’atteint pas son port : {options} (PI-11)")
    if word == "sail":
        if " via " in text and state.cargo[state.seat] < D.SHORTCUT_FEE:
            return say(f"a shortcut costs {D.SHORTCUT_FEE} treasure and {who}'s ship carries none (PI-08)",
                       f"un raccourci coûte {D.SHORTCUT_FEE} trésor et le navire de {who} n’en porte aucun (PI-08)")
        if " via " in text:
            return say("no blue arrow starts on that island along this move (PI-08)",
                       "aucune flèche bleue ne part de cette île sur ce trajet (PI-08)")
        return say(f"this move does not end there: {options} (PI-02, PI-03)",
                   f"ce coup ne finit pas là : {options} (PI-02, PI-03)")
    return say(f"{who} must first choose where to sail: {options} (PI-02)",
               f"{who} doit d’abord choisir où naviguer : {options} (PI-02)")


def _routes_in_words(game: Piratissimo, state: PirState, lang: str) -> str:
    """Where the ship may go now, in words ("it may go to island 7 or home")."""
    fr = lang == "fr"
    places = []
    for route in routes(state, state.seat, steps_of(state.die)):
        if route.dest == HOME:
            place = "son port" if fr else "home"
        else:
            place = f"l’île {route.dest + 1}" if fr else f"island {route.dest + 1}"
        if route.via >= 0:
            place += " par le raccourci" if fr else " by the shortcut"
        places.append(place)
    either = ", ".join(places[:-1]) + (" ou " if fr else " or ") + places[-1] if len(places) > 1 else places[0]
    return ("il peut aller à " if fr else "it may go to ") + either


def describe(game: Piratissimo, state: PirState, action: str, lang: str = "en") -> str:
    """One sentence for the log, in English or French.

    Events of the ship whose turn it is have no subject of their own, so
    the colour is said once per sentence.

    >>> from engine.piratissimo.game import Piratissimo
    >>> g = Piratissimo(); s = g.apply(g.new(2), "start blue")
    >>> g.describe(s, "die 2")
    'Blue rolls a 2 and sails to island 14.'
    >>> g.describe(s, "die 2", "fr")
    'Bleu obtient un 2 et navigue jusqu’à l’île 14.'
    >>> g.describe(g.apply(s, "die 3"), "load 2")
    'Blue loads 2 treasures.'
    """
    fr = lang == "fr"
    log: list[Event] = []
    game.step(state, action, log)
    name = _namer(game, lang)
    who = name(state.seat) if state.seat >= 0 else ""
    phase = state.phase
    # a sentence that starts with the acting ship says its colour once
    named = phase not in (RAID_SPIN, STORM_SPIN, TWISTER)
    parts = [p for p in (_tell(game, state, e, lang, named) for e in log) if p]
    join = _join_fr if fr else _join

    def say(english: str, french: str) -> str:
        return french if fr else english

    if phase == START:
        first = name(D.COLOURS.index(action.split()[1]))
        return say(f"{first} starts.", f"{first} commence.")
    if phase == ROLL:
        face = _FACE_OF[action]
        if face == D.TORNADO_FACE:
            head = say(f"{who} rolls the tornado", f"{who} obtient la tornade")
        else:
            head = say(f"{who} rolls a {face}", f"{who} obtient un {face}")
        if not parts:
            return head + "."
        return head + (say(" and ", " et ") if len(parts) == 1 else ", ") + join(parts) + "."
    if phase in (RAID_SPIN, STORM_SPIN):
        sector = action.split()[1]
        what = join(parts) or say("nothing happens", "il ne se passe rien")
        return say(f"The compass stops on sector {sector}: {what}.",
                   f"La boussole s’arrête sur le secteur {sector} : {what}.")
    if phase == TWISTER:
        steps = action.split()[1]
        return say(f"{who} moves the tornado {steps}: {join(parts)}.",
                   f"{who} déplace la tornade de {steps} : {join(parts)}.")
    return f"{who} " + (join(parts) if parts else say(f"plays {action}", f"joue {action}")) + "."


def _namer(game: Piratissimo, lang: str) -> Callable[[int], str]:
    colours = D.COLOURS_FR if lang == "fr" else D.COLOURS
    return lambda seat: colours[seat].capitalize()


def _tell(game: Piratissimo, state: PirState, event: Event, lang: str = "en", named: bool = True) -> str:
    """Words for one event; verbs of the acting ship have no subject when ``named``."""
    fr = lang == "fr"

    def say(english: str, french: str) -> str:
        return french if fr else english

    kind = event[0]
    name = _namer(game, lang)

    def subject(seat: int) -> str:  # the acting ship's own events need no subject
        return "" if named and seat == state.seat else name(seat) + " "

    def treasures(n: int) -> str:
        return say(f"{n} treasure{'s' if n != 1 else ''}", f"{n} trésor{'s' if n > 1 else ''}")

    if kind == "sail":
        route = event[3]
        if route.dest == HOME:
            where = say("sails into its home port", "rentre à son port")
        else:
            where = say(f"sails to island {route.dest + 1}", f"navigue jusqu’à l’île {route.dest + 1}")
        if route.via < 0:
            return where
        return where + say(f" by the shortcut from island {route.via + 1} (paying 1 treasure)",
                           f" par le raccourci de l’île {route.via + 1} (en payant 1 trésor)")
    if kind == "bank":
        n = event[2]
        if n == 0:
            return subject(event[1]) + say("has nothing aboard to bank", "n’a rien à bord à décharger")
        return subject(event[1]) + say(f"banks {treasures(n)}", f"décharge {treasures(n)} au port")
    if kind == "load":
        what = treasures(event[2])
        if event[3]:
            return say(f"must load {what} from the open chest", f"doit charger {what} du coffre ouvert")
        return say(f"loads {what}", f"charge {what}")
    if kind == "capsize":
        whose = "" if named and event[1] == state.seat else say(f"{name(event[1])}'s ship ", f"le navire de {name(event[1])} ")
        return whose + say(f"capsizes with {event[3]} aboard and goes back to port",
                           f"chavire avec {event[3]} à bord et retourne au port")
    if kind == "raid":
        return say(f"attempts piracy on {name(event[2])}", f"tente la piraterie contre {name(event[2])}")
    if kind == "pass":
        return say(f"leaves {name(event[2])}'s ship alone", f"laisse le navire de {name(event[2])} tranquille")
    if kind == "miss":
        return say(f"no ruby, {name(event[2])} keeps the cargo", f"pas de rubis, {name(event[2])} garde sa cargaison")
    if kind == "steal":
        return say(f"a ruby, {name(event[1])} takes {event[3]} from {name(event[2])}",
                   f"un rubis, {name(event[1])} prend {event[3]} à {name(event[2])}")
    if kind == "calm":
        return say("meets the tornado, which does no harm", "rencontre la tornade, sans dommage")
    if kind == "tornado":
        island = event[2][-1] + 1
        return say(f"it stops on island {island}", f"elle s’arrête sur l’île {island}")
    if kind == "storm":
        return say(_STORM_WORDS[event[1]], _STORM_WORDS_FR[event[1]])
    if kind == "lose":
        if event[2] == 0:  # an empty ship: "gives back 0" read like a mistake
            return say(f"{name(event[1])} has nothing aboard to give", f"{name(event[1])} n’a rien à bord à rendre")
        return say(f"{name(event[1])} gives back {event[2]}", f"{name(event[1])} en rend {event[2]}")
    if kind == "blown":
        island = event[3] + 1
        return say(f"{name(event[1])} is blown to island {island}", f"{name(event[1])} est poussé jusqu’à l’île {island}")
    if kind == "win":
        return subject(event[1]) + say("wins the race", "gagne la course")
    return ""


def _join_fr(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " et " + parts[-1]


def _join(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_STORM_WORDS_FR: dict[str, str] = {
    "lose": "la tempête renvoie à la cale 2 trésors de chaque navire présent",
    "blow": "la tempête pousse les navires présents d’une île plus loin",
    "home": "la tempête renvoie les navires présents à leur port, cargaison sauve",
    "calm": "la tempête passe",
}
_STORM_WORDS: dict[str, str] = {
    "lose": "the storm sends 2 treasures of each ship there back to the hold",
    "blow": "the storm blows the ships there 1 island onward",
    "home": "the storm blows the ships there back to their home ports, cargo safe",
    "calm": "the storm passes",
}


# -- the goal, and how far each ship is from it (PI-01) --------------------------------------------
def goal(lang: str = "en") -> str:
    """The win condition in one sentence (PI-01).

    >>> goal("fr")
    'But : être le premier à avoir 9 trésors à son port.'
    """
    if lang == "fr":
        return f"But : être le premier à avoir {D.TARGET} trésors à son port."
    return f"Goal: be the first to bank {D.TARGET} treasures in your home port."


def close_call(state: PirState, lang: str = "en") -> str | None:
    """Who is one treasure from winning, or can win by sailing home, in words; ``None`` if nobody is.

    >>> from engine.piratissimo.game import Piratissimo
    >>> from engine.piratissimo.state import _with
    >>> close_call(_with(Piratissimo().new(2), bank=(8, 0)))
    'Red has 8 of 9 banked'
    >>> close_call(_with(Piratissimo().new(2), bank=(5, 2), cargo=(0, 7)), "fr")
    'Bleu gagne s’il rentre au port avec ses 7 trésors à bord'
    """
    fr = lang == "fr"
    found = []
    for seat in range(len(state.bank)):
        who = (D.COLOURS_FR if fr else D.COLOURS)[seat].capitalize()
        if state.bank[seat] >= D.TARGET - 1:
            found.append(f"{who} a {state.bank[seat]} trésors sur {D.TARGET} au port" if fr
                         else f"{who} has {state.bank[seat]} of {D.TARGET} banked")
        elif state.cargo[seat] and state.bank[seat] + state.cargo[seat] >= D.TARGET:
            found.append(f"{who} gagne s’il rentre au port avec ses {state.cargo[seat]} trésors à bord" if fr
                         else f"{who} wins by bringing its {state.cargo[seat]} treasures home")
    return "; ".join(found) if found else None

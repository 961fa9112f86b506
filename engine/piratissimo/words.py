"""Piratissimo in words: the log's sentences, told from the events the rules report, and why an action is refused.

English and French.  The words read the state (:mod:`engine.piratissimo.state`)
and the data, and reach the rules only through the ``game`` they are handed
(``game.step`` reports what an action did as events): the rules call the
words, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.bounded import clip, shorten
from engine.core import Refusal
from engine.piratissimo import data as D
from engine.piratissimo.actions import Action
from engine.piratissimo.state import (
    _FACE_OF,
    HOME,
    RAID_SPIN,
    ROLL,
    START,
    STORM_SPIN,
    TWISTER,
    Event,
    PirState,
)

if TYPE_CHECKING:
    from engine.piratissimo.rules import Piratissimo


def why_illegal(game: Piratissimo, state: PirState, action: Action, lang: str = "en") -> str:
    """Why ``action`` is refused here, in words a player understands (English, or French for "fr"): the rules'
    check, worded.  The clause of the rules comes last, in parentheses (the page links it).

    >>> from engine.piratissimo.rules import Piratissimo
    >>> from engine.piratissimo.actions import Sail, Start
    >>> g = Piratissimo(); s = g.apply(g.new(2), Start(1))
    >>> g.why_illegal(s, Sail(2), "fr")
    'Bleu doit d’abord lancer le dé : il dit de combien d’îles avancer (PI-02)'
    """
    return refusal_words(game.check(state, action) or Refusal(None, "not_legal"), lang)


def _ways_in_words(ways: tuple[tuple[int, int], ...], lang: str) -> str:
    """Where the ship may go now, in words ("it may go to island 7 or home"), from its (destination, via) pairs."""
    fr = lang == "fr"
    places = []
    for dest, via in ways:
        if dest == HOME:
            place = "son port" if fr else "home"
        else:
            place = f"l’île {dest + 1}" if fr else f"island {dest + 1}"
        if via >= 0:
            place += " par le raccourci" if fr else " by the shortcut"
        places.append(place)
    either = ", ".join(places[:-1]) + (" ou " if fr else " or ") + places[-1] if len(places) > 1 else places[0]
    return ("il peut aller à " if fr else "it may go to ") + either


def _who(seat: int, fr: bool = False) -> str:
    return (D.COLOURS_FR if fr else D.COLOURS)[seat].capitalize()


_Words = Callable[[Mapping[str, Any]], str]

#: Each refusal's key -> its words in English and in French, made from the refusal's values (and its rule ID).
REFUSAL_WORDS: dict[str, tuple[_Words, _Words]] = {
    "not_legal": (lambda v: "it is not a legal action in this position",
                  lambda v: "ce coup n'est pas permis dans cette position"),
    "game_over": (lambda v: "the game is over", lambda v: "la partie est finie"),
    "draw_first": (lambda v: "chance first draws who starts", lambda v: "le hasard désigne d’abord qui commence"),
    "no_such_face": (lambda v: f"the die has no face {shorten(v['face'])}: it shows 1, 2, 3, 4 or the tornado",
                     lambda v: f"le dé n’a pas de face « {clip(v['face'])} » : il montre 1, 2, 3, 4 ou la tornade"),
    "roll_first": (lambda v: f"{_who(v['seat'])} must roll the die first: it says how many islands to sail (PI-02)",
                   lambda v: f"{_who(v['seat'], True)} doit d’abord lancer le dé : il dit de combien d’îles avancer "
                             "(PI-02)"),
    "no_such_sector": (
        lambda v: f"the compass has no sector {shorten(v['sector'])}: its sectors are 1 to {v['sectors']}",
        lambda v: f"le compas n’a pas de secteur « {clip(v['sector'])} » : ses secteurs vont de 1 à {v['sectors']}"),
    "spin_first": (lambda v: f"the compass must be spun first ({v['rule']})",
                   lambda v: f"il faut d’abord faire tourner le compas ({v['rule']})"),
    "choose_load": (lambda v: f"{_who(v['seat'])} must first choose how many treasures to load from the chest (PI-04)",
                    lambda v: f"{_who(v['seat'], True)} doit d’abord choisir combien de trésors charger du coffre "
                              "(PI-04)"),
    "hold_short": (lambda v: f"the hold has only {v['hold']} treasures left (PI-04)",
                   lambda v: f"la cale n’a plus que {v['hold']} trésors (PI-04)"),
    "chest_limit": (lambda v: f"the closed chest on island {v['island']} allows at most {v['chest']} treasures (PI-04)",
                    lambda v: f"le coffre fermé de l’île {v['island']} permet au plus {v['chest']} trésors (PI-04)"),
    "choose_piracy": (
        lambda v: f"{_who(v['seat'])} must first choose: attempt piracy on {_who(v['victim'])}'s ship or leave it "
                  "alone (PI-07)",
        lambda v: f"{_who(v['seat'], True)} doit d’abord choisir : tenter la piraterie contre le navire de "
                  f"{_who(v['victim'], True)} ou le laisser (PI-07)"),
    "tornado_range": (lambda v: f"the tornado moves 1 to {v['most']} islands along the white arrows (PI-09)",
                      lambda v: f"la tornade avance de 1 à {v['most']} îles le long des flèches blanches (PI-09)"),
    "move_tornado_first": (lambda v: f"{_who(v['seat'])} must move the tornado first, 1 to {v['most']} islands (PI-09)",
                           lambda v: f"{_who(v['seat'], True)} doit d’abord déplacer la tornade de 1 à {v['most']} "
                                     "îles (PI-09)"),
    "home_out_of_reach": (
        lambda v: f"{_who(v['seat'])}'s move does not reach its home port: {_ways_in_words(v['ways'], 'en')} (PI-11)",
        lambda v: f"le coup de {_who(v['seat'], True)} n’atteint pas son port : {_ways_in_words(v['ways'], 'fr')} "
                  "(PI-11)"),
    "shortcut_fee": (lambda v: f"a shortcut costs {v['fee']} treasure and {_who(v['seat'])}'s ship carries none (PI-08)",
                     lambda v: f"un raccourci coûte {v['fee']} trésor et le navire de {_who(v['seat'], True)} n’en "
                               "porte aucun (PI-08)"),
    "no_shortcut_there": (lambda v: "no blue arrow starts on that island along this move (PI-08)",
                          lambda v: "aucune flèche bleue ne part de cette île sur ce trajet (PI-08)"),
    "not_there": (lambda v: f"this move does not end there: {_ways_in_words(v['ways'], 'en')} (PI-02, PI-03)",
                  lambda v: f"ce coup ne finit pas là : {_ways_in_words(v['ways'], 'fr')} (PI-02, PI-03)"),
    "choose_route": (lambda v: f"{_who(v['seat'])} must first choose where to sail: {_ways_in_words(v['ways'], 'en')} "
                               "(PI-02)",
                     lambda v: f"{_who(v['seat'], True)} doit d’abord choisir où naviguer : "
                               f"{_ways_in_words(v['ways'], 'fr')} (PI-02)"),
}


def refusal_words(refusal: Refusal, lang: str = "en") -> str:
    """A refusal of :meth:`~engine.piratissimo.rules.Piratissimo.check` in words (English, or French for "fr").

    >>> refusal_words(Refusal("PI-04", "hold_short", {"hold": 2}), "fr")
    'la cale n’a plus que 2 trésors (PI-04)'
    """
    english, french = REFUSAL_WORDS[refusal.key]
    return (french if lang == "fr" else english)({**refusal.values, "rule": refusal.rule})


def describe(game: Piratissimo, state: PirState, action: Action, lang: str = "en") -> str:
    """One sentence for the log, in English or French.

    Events of the ship whose turn it is have no subject of their own, so
    the colour is said once per sentence.

    >>> from engine.piratissimo.rules import Piratissimo
    >>> from engine.piratissimo.actions import Die, Load, Start
    >>> g = Piratissimo(); s = g.apply(g.new(2), Start(1))
    >>> g.describe(s, Die(2))
    'Blue rolls a 2 and sails to island 14.'
    >>> g.describe(s, Die(2), "fr")
    'Bleu obtient un 2 et navigue jusqu’à l’île 14.'
    >>> g.describe(g.apply(s, Die(3)), Load(2))
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
        first = name(action.seat)
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
        sector = action.sector + 1
        what = join(parts) or say("nothing happens", "il ne se passe rien")
        return say(f"The compass stops on sector {sector}: {what}.",
                   f"La boussole s’arrête sur le secteur {sector} : {what}.")
    if phase == TWISTER:
        steps = action.distance
        return say(f"{who} moves the tornado {steps}: {join(parts)}.",
                   f"{who} déplace la tornade de {steps} : {join(parts)}.")
    return f"{who} " + (join(parts) if parts else say(f"plays {action.text()}", f"joue {action.text()}")) + "."


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


def turn(lang: str = "en") -> str:
    """How a turn goes, in a few sentences (PI-02, PI-04, PI-05, PI-11): what a page shows where its decision
    will be while the game loads, so a first visit on a slow network has something to read.

    >>> turn().startswith("Each turn: roll")
    True
    """
    if lang == "fr":
        return ("À chaque tour\u00a0: lancez le dé et avancez d'autant d'îles sur les flèches rouges. Là où "
                "vous vous arrêtez, chargez depuis un coffre fermé (jusqu'à son nombre), ou 2 d'un coffre "
                "ouvert. Les trésors comptent une fois au port.")
    return ("Each turn: roll the die and sail that many islands along the red arrows. Where you stop, load "
            "from a closed chest (up to its number), or 2 from an open one. Treasures count once home.")


def close_call(state: PirState, lang: str = "en") -> str | None:
    """Who is one treasure from winning, or can win by sailing home, in words; ``None`` if nobody is.

    >>> from engine.piratissimo.rules import Piratissimo
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

"""Who plays a seat, in words: one name per controller on the whole site, and the bots' paces.

The set-up, the player panels, the log, the saved games and the landing's
cards all name a seat's controller here, in English and French.
"""

from __future__ import annotations

import engine
from ui.app.words import LANGS, Catalogue, pick

#: A person at this screen.
PERSON = "human"
#: A person at another screen, who plays their seat from their own page: each move reaches the other
#: side by a link sent back and forth (there is no server).
FRIEND = "friend"
#: Names that already say "you" on the screen they were typed on: the status line does not name the
#: person by them ("Your turn, You"), and a link names that seat by its number for the friend.
YOU_NAMES = frozenset({"you", "vous", "me", "moi"})

#: One name per controller, the same in the set-up, the player panels, the log
#: and the saved games (English, French). The three search levels are the
#: opponents a player chooses between; the quick bot plays by rules of thumb
#: at once; the random bot is for trying things out. A game's own bots (Siege's gunners) are named
#: by its :class:`~engine.spec.GameInfo` (``bot_labels``), read here without loading its rules.
BOT_LABELS: dict[str, tuple[str, str]] = {
    PERSON: ("Person", "Humain"),  # not "Personne", which a French reader reads as "Nobody"
    FRIEND: ("A friend, by link", "Un ami, par lien"),
    "random": ("Bot: random moves", "Robot : coups au hasard"),
    "heuristic": ("Bot: quick", "Robot : rapide"),
    "mcts:easy": ("Bot: beginner", "Robot : débutant"),
    "mcts:medium": ("Bot: club player", "Robot : joueur de club"),
    "mcts:hard": ("Bot: expert", "Robot : expert"),
    "none": ("(empty seat)", "(place vide)"),
} | {controller: (en, fr) for name in engine.BUILTIN for controller, en, fr in engine.info(name).bot_labels}

#: The gentlest opponent (easy loses to each game's quick bot: docs/bots.md's ladder), named so in the
#: set-up; Siege's default, whose aiming a newcomer learns against it with the trajectory shown.
GENTLEST_BOT = "mcts:easy"

#: Bot speeds a player chooses: milliseconds between a bot's steps.
BOT_PACES: tuple[tuple[str, int, str, str], ...] = (
    ("instant", 0, "instant", "instantané"),
    ("fast", 250, "fast", "rapide"),
    ("normal", 650, "normal", "normal"),
    ("slow", 1300, "slow", "lent"),
)


#: A bot's name with its cap on thinking, one the site does not name, and the prefix a bare level drops.
WORDS = Catalogue({
    "en": {"iterations": "{bot} ({n} iterations)", "seconds": "{bot} ({n} s a move)", "unknown": "Bot: {controller}",
           "prefix": "Bot: "},
    "fr": {"iterations": "{bot} ({n} itérations)", "seconds": "{bot} ({n} s par coup)",
           "unknown": "Robot : {controller}", "prefix": "Robot : "},
})


def is_person(controller: str) -> bool:
    """Whether a person plays the seat, here or at another screen (a friend by link), not a bot.

    >>> is_person("human"), is_person("friend"), is_person("mcts:easy")
    (True, True, False)
    """
    return controller in (PERSON, FRIEND)


def controller_label(controller: str, lang: str = "en") -> str:
    """The one name of who plays a seat, in the page's language.

    >>> controller_label("mcts:medium"), controller_label("mcts:medium", "fr")
    ('Bot: club player', 'Robot : joueur de club')
    >>> controller_label("mcts:hard:300")
    'Bot: expert (300 iterations)'
    >>> controller_label("mcts:hard:4s"), controller_label("mcts:hard:4s", "fr")
    ('Bot: expert (4 s a move)', 'Robot : expert (4 s par coup)')
    """
    if controller in BOT_LABELS:
        return pick(lang, *BOT_LABELS[controller])
    base, _, cap = controller.rpartition(":")
    if base in BOT_LABELS and cap.isdigit():
        return WORDS(lang, "iterations", bot=pick(lang, *BOT_LABELS[base]), n=cap)
    if base in BOT_LABELS and cap.endswith("s") and cap[:-1].isdigit():
        return WORDS(lang, "seconds", bot=pick(lang, *BOT_LABELS[base]), n=cap[:-1])
    return WORDS(lang, "unknown", controller=controller)


def level_name(controller: str, lang: str = "en") -> str:
    """A bot's level alone, for a list that names the seat beside it ("quick", not "Bot: quick").

    >>> level_name("heuristic"), level_name("mcts:hard:300"), level_name("aim:easy", "fr")
    ('quick', 'expert (300 iterations)', 'canonnier maladroit')
    """
    label = controller_label(controller, lang)
    for prefix in (WORDS(each, "prefix") for each in LANGS):
        label = label.removeprefix(prefix)
    return label

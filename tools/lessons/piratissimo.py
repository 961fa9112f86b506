"""Piratissimo's drills (``ui/games/piratissimo/lessons/*.json``), built move by move and checked by the rules.

Each drill is a game record written here turn by turn: the dice and compass
outcomes are chosen (any face the die or the compass can show), the person's
moves are the ones its steps ask for, and every other seat's choice is the
quick bot's (:class:`engine.piratissimo.ai.HeuristicBot`), so the others play
as a real opponent would.  A drill that starts from a position (``start`` > 0)
reaches it the same way, from the game's start.

``python tools/lessons/piratissimo.py`` writes the files; ``--check`` only
says whether they are up to date (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core import CHANCE
from engine.piratissimo import data as D
from engine.piratissimo.ai import HeuristicBot
from engine.piratissimo.rules import Piratissimo, PirState
from engine.piratissimo.state import HOME

LESSONS = ROOT / "ui" / "games" / "piratissimo" / "lessons"
#: The record's format (the rules' own).
FORMAT = Piratissimo.format_version
#: The seats' names, by language: the person first, then the set-up's bots (ui/games/piratissimo/__init__.py).
NAMES = {"en": ["You", "Captain Bot", "Bosun Bot", "Lookout Bot"],
         "fr": ["Vous", "Amiral Robot", "Bosco Robot", "Vigie Robot"]}
#: Who played the other seats: the quick bot.
OTHERS = "heuristic"
#: The last lesson's opponent: the bot the set-up calls the beginner (ui/app/players.py).
BEGINNER = "mcts:easy"


#: French typography, from the plain text written below: a no-break space before the high signs and inside
#: the guillemets, and the typographic apostrophe, as the rest of the site writes French.
FRENCH = (("'", "\u2019"), (" :", "\u00a0:"), (" ;", "\u00a0;"), (" !", "\u00a0!"), (" ?", "\u00a0?"),
          ("« ", "«\u00a0"), (" »", "\u00a0»"))


def french(text: str) -> str:
    """``text`` set in French typography.

    >>> french("Un 3 : l'île 3 ; « perdre 2 » !") == "Un 3\u00a0: l\u2019île 3\u00a0; «\u00a0perdre 2\u00a0»\u00a0!"
    True
    """
    for plain, typeset in FRENCH:
        text = text.replace(plain, typeset)
    return text


def words(en: str, fr: str) -> dict[str, str]:
    """One text in English and in French (typeset)."""
    return {"en": en, "fr": french(fr)}


@dataclass
class Drill:
    """A drill's record, written action by action, with its steps."""

    seats: int
    person: int = 0
    game: Piratissimo = field(default_factory=Piratissimo)
    actions: list[str] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    start: int = 0

    def __post_init__(self) -> None:
        self.state: PirState = self.game.new(self.seats)
        self.bot = HeuristicBot(0)
        self.states = [self.state]

    # -- playing --------------------------------------------------------------
    def apply(self, text: str) -> None:
        action = self.game.parse_action(text)
        refusal = self.game.check(self.state, action)
        if refusal is not None:
            raise ValueError(f"action {len(self.actions)} {text!r}: {self.game.refusal_words(refusal)}\n{self.show()}")
        self.state = self.game.apply(self.state, action)
        self.actions.append(text)
        self.states.append(self.state)

    def mover(self) -> int:
        """The seat whose turn it is (chance included), or -1."""
        seat = self.game.turn_seat(self.state)
        return -1 if seat is None else seat

    def play(self, *texts: str) -> None:
        """Actions of the set-up, whoever makes them (before the drill's start)."""
        for text in texts:
            self.apply(text)

    def setup(self, *turns: tuple[str, ...] | str) -> None:
        """Whole turns before the drill, whoever's: one tuple (or a single text) of chance outcomes each, every
        choice the quick bot's (the person's seat included: the position is one a real game reaches)."""
        for chances in turns:
            self.quick(*((chances,) if isinstance(chances, str) else chances))

    def bot_decides(self) -> str:
        return self.game.format_action(self.bot.choose(self.game, self.state))

    def quick(self, *chances: str) -> None:
        """The current seat's turn: ``chances`` are its dice and compass outcomes, its choices the quick bot's."""
        seat = self.mover()
        outcomes = list(chances)
        while self.mover() == seat and not self.game.is_terminal(self.state):
            if self.game.current_player(self.state) == CHANCE:
                if not outcomes:
                    raise ValueError(f"seat {seat}'s turn needs another chance outcome\n{self.show()}")
                self.apply(outcomes.pop(0))
            else:
                self.apply(self.bot_decides())
            if self.state.seat != seat:
                break
        if outcomes:
            raise ValueError(f"unused chance outcomes {outcomes}\n{self.show()}")

    def others(self, *turns: tuple[str, ...] | str) -> None:
        """The other seats' turns until the person's: one tuple (or a single text) of chance outcomes each."""
        for chances in turns:
            if self.mover() == self.person:
                raise ValueError(f"it is the person's turn\n{self.show()}")
            self.quick(*((chances,) if isinstance(chances, str) else chances))
        if self.mover() != self.person:
            raise ValueError(f"still not the person's turn\n{self.show()}")

    def begin(self) -> None:
        """The drill starts here: the actions so far are played at once."""
        self.start = len(self.actions)

    def step(self, text: str, say: dict[str, str], ask: dict[str, str], teaches: tuple[str, ...] = (),
             recalls: tuple[str, ...] = (), targets: list[str] | None = None) -> None:
        """The person's next action, a step of the drill."""
        if self.mover() != self.person:
            raise ValueError(f"step {text!r}: not the person's turn\n{self.show()}")
        chance = self.game.current_player(self.state) == CHANCE
        self.steps.append({
            "at": len(self.actions),
            "targets": targets or (["chance"] if chance else [f"do {text}"]),
            "say": say,
            "ask": ask,
            "teaches": list(teaches),
            "recalls": list(recalls),
        })
        self.apply(text)

    # -- looking --------------------------------------------------------------
    def show(self) -> str:
        s = self.state
        ships = ", ".join(
            f"{D.COLOURS[k]}@{'port' if p == HOME else p + 1} c{c} b{b}" for k, (p, c, b) in enumerate(zip(s.pos, s.cargo, s.bank))
        )
        return f"[{len(self.actions)}] {ships}; tornado@{s.tornado + 1}; phase {s.phase} seat {s.seat} die {s.die}"

    def legal(self) -> list[str]:
        return [self.game.format_action(a) for a in self.game.legal_actions(self.state)]

    def lesson(self, title: dict[str, str], summary: dict[str, str], done: dict[str, str]) -> dict[str, Any]:
        bots = iter(range(1, self.seats))
        order = [0 if k == self.person else next(bots) for k in range(self.seats)]
        names = {lang: [NAMES[lang][k] for k in order] for lang in ("en", "fr")}
        return {
            "title": title,
            "summary": summary,
            "record": {
                "game": "piratissimo",
                "format": FORMAT,
                "seats": [{"name": names["en"][k], "controller": "human" if k == self.person else OTHERS}
                          for k in range(self.seats)],
                "options": {},
                "actions": self.actions,
            },
            "person": self.person,
            "names": names,
            "start": self.start,
            "steps": self.steps,
            "done": done,
        }


# -- the drills ---------------------------------------------------------------------------------------------
ROLL = words("roll the die", "lancer le dé")
SPIN = words("spin the compass", "faire tourner le compas")


def first_turns() -> dict[str, Any]:
    """From the game's start: the die and the red arrows (PI-02), loading from closed chests (PI-04)."""
    d = Drill(2)
    d.play("start red")
    d.begin()
    d.step("die 3", words(
        "Your ship is the red one, in its home port at the top left; Blue's waits in the opposite corner. A turn "
        "starts with the die: a number moves your ship that many islands along the red arrows, one island a step, "
        "and leaving port the first step is island 1. Roll the die.",
        "Votre navire est le rouge, dans son port d'attache en haut à gauche ; celui de Bleu attend dans le coin "
        "opposé. Un tour commence par le dé : un nombre fait avancer votre navire d'autant d'îles en suivant les "
        "flèches rouges, une île par pas, et en quittant le port le premier pas mène à l'île 1. Lancez le dé."),
        ROLL, teaches=("PI-02",))
    d.step("load 3", words(
        "A 3: your ship sailed to islands 1 and 2, then stopped on island 3. Its chest is closed and shows 3: you "
        "may load up to 3 treasures from the hold, or fewer, or none. Your ship is empty: load 3.",
        "Un 3 : votre navire est passé par les îles 1 et 2, puis s'est arrêté sur l'île 3. Son coffre est fermé "
        "et porte un 3 : vous pouvez charger jusqu'à 3 trésors pris dans la cale, moins, ou aucun. Votre navire "
        "est vide : chargez-en 3."),
        words("load 3 treasures", "charger 3 trésors"), teaches=("PI-04",))
    d.others("die 3")
    d.step("die 2", words(
        "Blue rolled a 3 and loaded 3 treasures from the closed chest of island 15. Your turn: roll the die. Only "
        "the island where your move ends counts: the islands you sail past give nothing.",
        "Bleu a fait un 3 et chargé 3 trésors du coffre fermé de l'île 15. À vous : lancez le dé. Seule compte "
        "l'île où votre déplacement se termine : les îles que vous dépassez ne donnent rien."),
        ROLL, recalls=("PI-02", "PI-04"))
    d.step("load 2", words(
        "A 2: your ship sailed past island 4 and its chest without stopping, to island 5, a closed chest of 2. "
        "Load 2: you will carry 5 treasures.",
        "Un 2 : votre navire a dépassé l'île 4 et son coffre sans s'y arrêter, jusqu'à l'île 5, un coffre fermé "
        "de 2. Chargez-en 2 : vous porterez 5 trésors."),
        words("load 2 treasures", "charger 2 trésors"), recalls=("PI-04",))
    return d.lesson(
        words("The die and closed chests", "Le dé et les coffres fermés"),
        words("Roll, sail along the red arrows and load from a closed chest.",
         "Lancer le dé, suivre les flèches rouges et charger un coffre fermé."),
        words("5 treasures aboard: you rolled, sailed along the red arrows and loaded from two closed chests. The next "
         "lesson shows the open chests, and how much a ship can carry.",
         "5 trésors à bord : vous avez lancé le dé, suivi les flèches rouges et chargé deux coffres fermés. La "
         "leçon suivante montre les coffres ouverts, et ce qu'un navire peut porter."))


def open_chests() -> dict[str, Any]:
    """An open chest forces 2 aboard (PI-05), and the 8th treasure capsizes the ship (PI-10)."""
    d = Drill(2)
    d.play("start red")
    # twelve turns of the quick bot for both seats: your ship reaches island 15 with 6 treasures
    d.setup("die 4", "die 1", "die 1", "die 3", ("die tornado", "compass 5"), "die 1", "die 4", "die 1", "die 1",
            "die tornado", "die 4", "die 2")
    d.begin()
    d.step("die 1", words(
        "A position set up for this drill, a few turns into a game: your ship is on island 15 with 6 treasures "
        "aboard. Island 16, next, has an open chest: a ship that stops there must load 2 treasures, even if that "
        "capsizes it. A ship carries 7 at most: the 8th capsizes it. Roll the die.",
        "Une position préparée pour cet exercice, quelques tours après le début d'une partie : votre navire est "
        "sur l'île 15 avec 6 trésors à bord. L'île suivante, la 16, a un coffre ouvert : un navire qui s'y arrête "
        "doit charger 2 trésors, même s'il chavire. Un navire porte 7 trésors au plus : le 8e le fait chavirer. "
        "Lancez le dé."),
        ROLL, teaches=("PI-05", "PI-10"))
    d.others("die 2")
    d.step("die 3", words(
        "A 1: your ship stopped on the open chest and had to load 2: with 8 aboard, it capsized. The 8 treasures "
        "went back to the hold, and the ship, empty, back to your home port. Start again from there: roll the die.",
        "Un 1 : votre navire s'est arrêté sur le coffre ouvert et a dû charger 2 trésors : avec 8 à bord, il a "
        "chaviré. Les 8 trésors sont retournés à la cale, et le navire, vide, à votre port d'attache. Repartez de "
        "là : lancez le dé."),
        ROLL, recalls=("PI-02", "PI-05", "PI-10"))
    d.step("load 3", words(
        "A 3 takes you to island 3 and its closed chest of 3. With 3 aboard, the open chest of island 4 next door "
        "would bring you to 5, far from the 8th: load 3.",
        "Un 3 vous mène à l'île 3 et à son coffre fermé de 3. Avec 3 à bord, le coffre ouvert voisin de l'île 4 "
        "vous mènerait à 5, loin du 8e : chargez-en 3."),
        words("load 3 treasures", "charger 3 trésors"), recalls=("PI-04", "PI-05", "PI-10"))
    d.others("die 1")
    d.step("die 1", words(
        "Blue sailed to island 1. Roll the die: if your move ends on island 4, its open chest puts 2 more "
        "treasures aboard, like it or not.",
        "Bleu est allé à l'île 1. Lancez le dé : si votre déplacement se termine sur l'île 4, son coffre ouvert "
        "vous impose 2 trésors de plus, que vous le vouliez ou non."),
        ROLL, recalls=("PI-05",))
    return d.lesson(
        words("Open chests and capsizing", "Coffres ouverts et chavirage"),
        words("An open chest forces 2 treasures aboard; the 8th capsizes a ship.",
         "Un coffre ouvert impose 2 trésors ; le 8e fait chavirer un navire."),
        words("A 1: the open chest put 2 treasures aboard, 5 in all, and your ship stays afloat. Keep room for open "
         "chests: with 6 or more aboard, one of them capsizes you.",
         "Un 1 : le coffre ouvert vous a imposé 2 trésors, 5 en tout, et votre navire reste à flot. Gardez de la "
         "place pour les coffres ouverts : avec 6 trésors ou plus à bord, l'un d'eux vous fait chavirer."))


def crowded_islands() -> dict[str, Any]:
    """A full island sends a ship on (PI-03), piracy with the compass (PI-07), the tornado's island (PI-06)."""
    d = Drill(3)
    d.play("start red")
    # nine turns of the quick bot for the three seats: Blue and Green share island 14, 4 islands ahead of you
    d.setup("die 4", "die 1", "die 4", "die 4", "die 4", ("die tornado", "compass 3"), "die 2", "die 3",
            ("die 2", "compass 3"))
    d.begin()
    d.step("die 4", words(
        "A position set up for this drill, in a game of three: your ship is on island 10 with 4 treasures; Blue's "
        "and Green's both stand on island 14, 4 islands ahead. An island holds 2 ships at most: a ship whose move "
        "ends on an island that already has 2 goes on to the next island. Roll the die.",
        "Une position préparée pour cet exercice, dans une partie à trois : votre navire est sur l'île 10 avec 4 "
        "trésors ; ceux de Bleu et de Vert sont tous deux sur l'île 14, 4 îles plus loin. Une île porte 2 navires "
        "au plus : un navire dont le déplacement se termine sur une île qui en a déjà 2 avance jusqu'à l'île "
        "suivante. Lancez le dé."),
        ROLL, teaches=("PI-03",), recalls=("PI-02",))
    d.step("load 1", words(
        "A 4 ended on island 14, which already had 2 ships: your ship went on to island 15, whose closed chest of 3 "
        "lets you load. With 4 aboard and the open chest of island 16 next door, load 1: 5, and 7 if that chest "
        "forces 2 on you.",
        "Un 4 finissait sur l'île 14, qui avait déjà 2 navires : votre navire a continué jusqu'à l'île 15, dont le "
        "coffre fermé de 3 vous laisse charger. Avec 4 à bord et le coffre ouvert de l'île 16 à côté, chargez-en "
        "1 : 5, et 7 si ce coffre vous en impose 2."),
        words("load 1 treasure", "charger 1 trésor"), recalls=("PI-03", "PI-04", "PI-05", "PI-10"))
    d.others("die 2", "die 3")
    d.step("die 1", words(
        "Blue stopped on the open chest of island 16 and loaded 2; Green ended on island 17, where the tornado "
        "stands. A ship that ends its move on an island that already holds a ship loads nothing there, not even "
        "from an open chest: it may attempt piracy instead. Roll the die.",
        "Bleu s'est arrêté sur le coffre ouvert de l'île 16 et a chargé 2 trésors ; Vert a fini sur l'île 17, où "
        "se trouve la tornade. Un navire qui termine son déplacement sur une île où se trouve déjà un navire n'y "
        "charge rien, même d'un coffre ouvert : il peut à la place tenter un acte de piraterie. Lancez le dé."),
        ROLL, recalls=("PI-05",))
    d.step("pirate", words(
        "A 1: you stopped beside Blue on island 16, so no loading from its open chest. Choose: leave Blue alone, or "
        "attempt piracy on a ship that carries 2 treasures. Attempt it.",
        "Un 1 : vous vous êtes arrêté à côté de Bleu sur l'île 16, donc pas de chargement de son coffre ouvert. "
        "Choisissez : laisser Bleu tranquille, ou tenter un acte de piraterie contre un navire qui porte 2 "
        "trésors. Tentez-le."),
        words("attempt piracy", "tenter la piraterie"), teaches=("PI-07",))
    d.step("compass 1", words(
        "Spin the compass. For piracy only the rubies count, not the tornado actions: a sector with a red ruby "
        "moves 2 treasures from Blue's ship onto yours; a sector without one, and the attempt fails. Either way, "
        "your turn ends.",
        "Faites tourner le compas. Pour la piraterie, seuls les rubis comptent, pas les actions tornade : un "
        "secteur avec un rubis rouge fait passer 2 trésors du navire de Bleu au vôtre ; un secteur sans rubis, et "
        "c'est raté. Dans les deux cas, votre tour se termine."),
        SPIN, teaches=("PI-07",))
    d.others("die 3", "die 2")
    d.step("die 1", words(
        "A ruby: Blue's 2 treasures are yours, 7 aboard. Blue and Green then met on island 19, and Green left Blue "
        "alone. The tornado stands on island 17, next to you: a ship that ends its move on the tornado's island "
        "finds nothing there, no loading, no piracy, and no harm. Roll the die.",
        "Un rubis : les 2 trésors de Bleu sont à vous, 7 à bord. Bleu et Vert se sont ensuite retrouvés sur "
        "l'île 19, et Vert a laissé Bleu tranquille. La tornade est sur l'île 17, juste devant vous : un navire qui "
        "termine son déplacement sur l'île de la tornade n'y trouve rien, ni chargement, ni piraterie, ni dégât. "
        "Lancez le dé."),
        ROLL, teaches=("PI-06",), recalls=("PI-07",))
    return d.lesson(
        words("Crowded islands and piracy", "Îles encombrées et piraterie"),
        words("A full island sends you on; another ship invites piracy; the tornado's island gives nothing.",
         "Une île pleine vous fait avancer ; un autre navire invite à la piraterie ; l'île de la tornade ne donne "
         "rien."),
        words("A 1: your ship ended on the tornado's island, and its closed chest gave nothing. Where a move ends "
         "decides: a full island sends you on, another ship offers piracy, the tornado leaves you in peace.",
         "Un 1 : votre navire a fini sur l'île de la tornade, et son coffre fermé n'a rien donné. L'île où finit "
         "un déplacement décide : une île pleine vous fait avancer, un autre navire permet la piraterie, la "
         "tornade vous laisse en paix."))


def shortcuts() -> dict[str, Any]:
    """A blue arrow for 1 treasure (PI-08): taken to avoid an open chest, left when the red arrows pay better."""
    d = Drill(2)
    d.play("start red")
    # four turns each: you load 6 treasures on the way to island 7; the quick bot plays Blue
    d.setup("die 3", "die 3", "die 1", "die 2")
    d.play("die 1", "load 1")
    d.setup("die 4", "die 2", "die 1")
    d.begin()
    d.step("die 3", words(
        "A position set up for this drill: your ship is on island 7 with 6 treasures aboard. Three islands ahead, "
        "the open chest of island 10 would force 2 more aboard: 8, and your ship would capsize. Roll the die.",
        "Une position préparée pour cet exercice : votre navire est sur l'île 7 avec 6 trésors à bord. Trois îles "
        "plus loin, le coffre ouvert de l'île 10 vous imposerait 2 trésors de plus : 8, et votre navire "
        "chavirerait. Lancez le dé."),
        ROLL, recalls=("PI-05", "PI-10"))
    d.step("sail 12 via 8", words(
        "A 3 along the red arrows ends on that open chest. But a blue arrow starts from island 8: one step of your "
        "move may follow it instead of a red arrow, for 1 treasure paid back to the hold. Take the shortcut: "
        "island 8, the blue arrow to island 11, then island 12, with 5 aboard.",
        "Un 3 en suivant les flèches rouges finit sur ce coffre ouvert. Mais une flèche bleue part de l'île 8 : un "
        "pas de votre déplacement peut la suivre au lieu d'une flèche rouge, contre 1 trésor remis dans la cale. "
        "Prenez le raccourci : l'île 8, la flèche bleue jusqu'à l'île 11, puis l'île 12, avec 5 à bord."),
        words("sail to island 12 by the shortcut", "aller à l'île 12 par le raccourci"), teaches=("PI-08",),
        recalls=("PI-02",))
    d.others("die 2")
    d.step("die 4", words(
        "Blue sailed to island 24. A shortcut is a choice, never a duty: the page shows every destination, with "
        "and without it. Roll the die.",
        "Bleu est allé à l'île 24. Un raccourci est un choix, jamais une obligation : la page montre chaque "
        "destination, avec et sans lui. Lancez le dé."),
        ROLL, recalls=("PI-08",))
    d.step("sail 16", words(
        "A 4: by the blue arrow of island 14 you would reach island 18 for 1 treasure; along the red arrows you end "
        "on the open chest of island 16. With 5 aboard its 2 treasures make 7: no capsizing. Stay on the red "
        "arrows.",
        "Un 4 : par la flèche bleue de l'île 14, vous iriez à l'île 18 pour 1 trésor ; en suivant les flèches "
        "rouges, vous finissez sur le coffre ouvert de l'île 16. Avec 5 à bord, ses 2 trésors font 7 : pas de "
        "chavirage. Restez sur les flèches rouges."),
        words("sail to island 16", "aller à l'île 16"), recalls=("PI-05", "PI-08", "PI-10"))
    return d.lesson(
        words("Shortcuts", "Les raccourcis"),
        words("A blue arrow: one step of a move across the ring, for 1 treasure.",
         "Une flèche bleue : un pas de raccourci à travers le cercle, pour 1 trésor."),
        words("7 aboard: the shortcut kept you clear of one open chest, and the red arrows took you to the next one for "
         "2 more treasures.",
         "7 à bord : le raccourci vous a évité un coffre ouvert, et les flèches rouges vous ont mené au suivant "
         "pour 2 trésors de plus."))


def tornado() -> dict[str, Any]:
    """The die's tornado face (PI-09): the ship's step, the tornado's move, the compass's tornado actions."""
    d = Drill(2)
    d.play("start red")
    d.setup("die 4", "die 3")  # a turn each, the quick bot's
    d.begin()
    d.step("die tornado", words(
        "A position set up for this drill, after a turn each: your ship is on island 4 with 2 treasures, Blue's "
        "on island 15 with 3, and the tornado on island 19. Besides 1 to 4, the die has two tornado faces. Roll "
        "the die.",
        "Une position préparée pour cet exercice, après un tour chacun : votre navire est sur l'île 4 avec 2 "
        "trésors, celui de Bleu sur l'île 15 avec 3, et la tornade sur l'île 19. En plus des faces 1 à 4, le dé a "
        "deux faces tornade. Lancez le dé."),
        ROLL, teaches=("PI-09",))
    d.step("load 2", words(
        "The tornado face! First your ship advances 1 island, and loads or attempts piracy there if it can: "
        "island 5 has a closed chest of 2. Load 2: 4 aboard.",
        "La face tornade ! D'abord votre navire avance d'une île, et y charge ou tente la piraterie s'il le peut : "
        "l'île 5 a un coffre fermé de 2. Chargez-en 2 : 4 à bord."),
        words("load 2 treasures", "charger 2 trésors"), teaches=("PI-09",), recalls=("PI-04", "PI-07"))
    d.step("tornado 4", words(
        "Then you move the tornado 1 to 4 islands along the white arrows, the other way round the ring. If it "
        "stops on an island with 1 or 2 ships, the compass strikes each of them. Blue's ship is 4 islands away: "
        "move the tornado 4, onto it.",
        "Ensuite vous déplacez la tornade de 1 à 4 îles le long des flèches blanches, dans l'autre sens du cercle. "
        "Si elle s'arrête sur une île avec 1 ou 2 navires, le compas frappe chacun d'eux. Le navire de Bleu est à 4 "
        "îles : déplacez la tornade de 4, sur lui."),
        words("move the tornado 4 islands", "déplacer la tornade de 4 îles"), teaches=("PI-09",))
    d.step("compass 6", words(
        "Spin the compass. This time only its tornado actions count, not the rubies: lose 2 treasures to the hold, "
        "blown 1 island onward, blown back to the home port with the cargo safe, or the storm passes. A ship the "
        "tornado moves neither loads nor attempts piracy.",
        "Faites tourner le compas. Cette fois seules comptent ses actions tornade, pas les rubis : perdre 2 "
        "trésors (retour à la cale), poussé d'une île, renvoyé au port d'attache avec la cargaison à l'abri, ou la "
        "tempête passe. Un navire déplacé par la tornade ne charge pas et ne tente pas de piraterie."),
        SPIN, teaches=("PI-09",), recalls=("PI-07",))
    d.others("die 4")
    d.step("die tornado", words(
        "The needle stopped on \"lose 2\": Blue's ship gave 2 of its 3 treasures back to the hold, and your turn "
        "ended. Blue then sailed on to island 19. Roll the die.",
        "L'aiguille s'est arrêtée sur « perdre 2 » : le navire de Bleu a rendu 2 de ses 3 trésors à la cale, et "
        "votre tour s'est terminé. Bleu a ensuite avancé jusqu'à l'île 19. Lancez le dé."),
        ROLL, recalls=("PI-09",))
    d.step("tornado 1", words(
        "The tornado face again: your ship advanced 1, to island 6, where there is nothing to load. The tornado, on "
        "island 15, can stop on islands 14 to 11: no ship there, so no compass this time. It travels towards your "
        "ship: move it just 1, to keep it far.",
        "Encore la face tornade : votre navire a avancé d'une île, jusqu'à l'île 6, où il n'y a rien à charger. La "
        "tornade, sur l'île 15, peut s'arrêter sur les îles 14 à 11 : aucun navire là, donc pas de compas cette "
        "fois. Elle vient vers votre navire : déplacez-la de 1 seulement, pour la garder loin."),
        words("move the tornado 1 island", "déplacer la tornade d'une île"), teaches=("PI-09",))
    return d.lesson(
        words("The tornado", "La tornade"),
        words("The die's tornado face: a step for your ship, then the tornado moves and the compass strikes.",
         "La face tornade du dé : un pas pour votre navire, puis la tornade se déplace et le compas frappe."),
        words("The tornado stopped on island 14, with no ship to strike, and your turn ended. A tornado face: your "
         "ship's step first, then the tornado's move, and the compass only where it stops on ships.",
         "La tornade s'est arrêtée sur l'île 14, sans navire à frapper, et votre tour s'est terminé. Une face "
         "tornade : d'abord le pas de votre navire, puis le déplacement de la tornade, et le compas seulement là "
         "où elle s'arrête sur des navires."))


def home() -> dict[str, Any]:
    """Late in a game: treasures count once unloaded at home (PI-11), and 9 there win at once (PI-01)."""
    d = Drill(2)
    d.play("start red")
    # 27 turns of the quick bot for both seats: you have 5 banked, Blue 3, and the race is close
    d.setup("die 1", "die 3", ("die tornado", "compass 3"), ("die tornado", "compass 5"), "die 3", "die 4", "die 2",
            "die tornado", "die 3", "die 1", ("die tornado", "compass 8"), "die tornado", "die tornado", "die 3",
            "die 1", "die tornado", "die 4", "die 4", "die 2", "die tornado", "die 4", "die 1", "die tornado",
            "die 2", "die 2", "die 2", "die 4", "die tornado")
    d.begin()
    d.step("die 2", words(
        "A position set up for this drill, late in a game: your ship is on island 19 with 3 treasures aboard, and "
        "5 more wait in your home port; Blue's ship, with 5 aboard, is one island from its own port. Roll the die.",
        "Une position préparée pour cet exercice, en fin de partie : votre navire est sur l'île 19 avec 3 trésors "
        "à bord, et 5 autres attendent dans votre port d'attache ; le navire de Bleu, avec 5 à bord, est à une île "
        "de son propre port. Lancez le dé."),
        ROLL, recalls=("PI-02",))
    d.step("sail 21", words(
        "A 2: island 21 along the red arrows, or island 23 by the shortcut of island 20 for 1 treasure. Island 21 "
        "has a closed chest of 3, and you want treasures: sail there.",
        "Un 2 : l'île 21 en suivant les flèches rouges, ou l'île 23 par le raccourci de l'île 20 pour 1 trésor. "
        "L'île 21 a un coffre fermé de 3, et il vous faut des trésors : allez-y."),
        words("sail to island 21", "aller à l'île 21"), recalls=("PI-04", "PI-08"))
    d.step("load 2", words(
        "Load 2, not 3: with 5 aboard, the open chest of island 22 next door would make 7, while with 6 you would "
        "capsize there. 5 aboard and 5 in port: 10.",
        "Chargez-en 2, pas 3 : avec 5 à bord, le coffre ouvert voisin de l'île 22 ferait 7, alors qu'avec 6 vous y "
        "chavireriez. 5 à bord et 5 au port : 10."),
        words("load 2 treasures", "charger 2 trésors"), recalls=("PI-04", "PI-05", "PI-10"))
    d.others("die 3")
    d.step("die 4", words(
        "Blue went home: a ship whose move reaches its port's island may stop in its home port and unload, and the "
        "treasures there are banked for good. Blue has 8 banked, one short of the 9 that win. Your port joins the "
        "ring at island 1, 4 islands away: roll the die.",
        "Bleu est rentré : un navire dont le déplacement atteint l'île de son port peut s'arrêter au port d'attache "
        "et décharger, et les trésors y sont à l'abri pour de bon. Bleu en a 8 au port, un de moins que les 9 qui "
        "font gagner. Votre port rejoint le cercle à l'île 1, à 4 îles d'ici : lancez le dé."),
        ROLL, recalls=("PI-02",))
    d.step("home", words(
        "A 4 reaches island 1, your port's island: sail on to it, or stop in your home port and unload. Stop at "
        "home: your 5 treasures join the 5 banked there, and the first to bank 9 wins at once.",
        "Un 4 atteint l'île 1, celle de votre port : continuez jusqu'à elle, ou arrêtez-vous au port d'attache et "
        "déchargez. Rentrez au port : vos 5 trésors rejoignent les 5 qui y sont, et le premier à en avoir 9 au "
        "port gagne aussitôt."),
        words("stop in your home port", "rentrer au port"), teaches=("PI-11", "PI-01"))
    return d.lesson(
        words("Home and the win", "Le port et la victoire"),
        words("Treasures count once unloaded at your home port; 9 there win.",
         "Les trésors comptent une fois déchargés au port ; 9 au port font gagner."),
        words("10 treasures banked: you win the race, and Blue stays at 8. Treasures aboard were not enough: only those "
         "unloaded at home counted.",
         "10 trésors au port : vous gagnez la course, et Bleu reste à 8. Les trésors à bord ne suffisaient pas : "
         "seuls comptaient ceux déchargés au port."))


def first_game() -> dict[str, Any]:
    """The last lesson: a game of two against the beginner bot, the Hint at hand."""
    return {
        "kind": "game",
        "title": words("A game against the beginner", "Une partie contre le débutant"),
        "summary": words("A game of two against the beginner bot, with the Hint at hand.",
                         "Une partie à deux contre le robot débutant, avec l'Indice sous la main."),
        "seats": ["human", BEGINNER],
        "names": {lang: NAMES[lang][:2] for lang in ("en", "fr")},
        "options": {},
        "say": words(
            "A real game against the beginner bot, Blue: you roll, choose and spin as in the drills. Unsure? Press "
            "Hint: the search shows the move it would play, in gold on the sea or in words.",
            "Une vraie partie contre le robot débutant, Bleu : vous lancez le dé, choisissez et faites tourner le "
            "compas comme dans les exercices. Un doute ? Appuyez sur Indice : la recherche montre le coup qu'elle "
            "jouerait, en or sur la mer ou en mots."),
        "done": words(
            "The game is over. Play another, or set up a real game: its seats, its bots and their level are yours to "
            "choose.",
            "La partie est finie. Jouez-en une autre, ou préparez une vraie partie : ses places, ses robots et leur "
            "niveau sont à votre choix."),
    }


#: The lessons, in their order at /piratissimo/learn/: (file name, how it is built).
LESSON_FILES = (
    ("01-die-and-chests.json", first_turns),
    ("02-open-chests.json", open_chests),
    ("03-crowded-islands.json", crowded_islands),
    ("04-shortcuts.json", shortcuts),
    ("05-tornado.json", tornado),
    ("06-home.json", home),
    ("07-first-game.json", first_game),
)


def check_order(lessons: list[dict[str, Any]]) -> None:
    """Each step recalls only clauses taught before it, by this lesson or an earlier one."""
    taught: set[str] = set()
    for lesson in lessons:
        for step in lesson.get("steps", []):
            missing = set(step["recalls"]) - taught
            if missing:
                raise ValueError(f"{lesson['title']['en']!r}, step at {step['at']}: recalls {sorted(missing)} before "
                                 "any step teaches them")
            taught |= set(step["teaches"])


def text_of(lesson: dict[str, Any]) -> str:
    return json.dumps(lesson, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the files are up to date")
    args = parser.parse_args(argv)
    lessons = [build() for _, build in LESSON_FILES]
    check_order(lessons)
    from ui.app.lesson import read_lesson  # the site's own reading: the record replayed, the steps checked

    stale = []
    for (name, _), lesson in zip(LESSON_FILES, lessons):
        text = text_of(lesson)
        read_lesson("piratissimo", text)
        path = LESSONS / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    old = sorted(p.name for p in LESSONS.glob("*.json") if p.name not in dict(LESSON_FILES))
    if args.check:
        print("up to date" if not stale and not old else f"stale: {', '.join(stale + old)}")
        return 1 if stale or old else 0
    for name in old:
        (LESSONS / name).unlink()
    print(f"wrote {', '.join(stale) or 'nothing'}; removed {', '.join(old) or 'nothing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

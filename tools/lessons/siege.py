"""Siege's drills (issue 36): each record built shot by shot against the rules, its JSON written.

    .venv/bin/python tools/lessons/siege.py            # writes ui/games/siege/lessons/NN-<slug>.json
    .venv/bin/python tools/lessons/siege.py --check    # says whether the files are what it would write

Nothing here is a number picked by hand but the chance outcomes (the dice, and a
scatter chosen to hit or to miss): every aim is found against the game's own
physics (:mod:`engine.siege.ai`'s search for an aim at a target), every shot's
outcome is asserted, and every step's index in the record is where the
person's action falls. Red's shots are the quick gunner's aims at the target
named, with a scatter drawn (seeded) among those that hit it, or among those
that knock nothing down; the person's shots at a step the judge reads
(``accept``, :mod:`ui.games.siege.lesson_judge`) fly with ``scatter +0 +0``, the
table's most likely outcome, so that the trajectory the page draws is the
flight and the judge reads the landing the person sees.

The words are here too, English and French (the French typography is made by
:func:`french`: a no-break space before ``: ; ! ?`` and inside « », a narrow one
before ``%``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.siege.physics import first_hit, hitboxes
from engine.siege.scene import SLOT_INDEX, WEAPONS
from engine.siege.state import SiegeState, layout
from tools.lessons.siege_drill import GAME, RED, YOU, Drill, words

OUT = ROOT / "ui/games/siege/lessons"
#: The pirates on a brig's deck.
DECK = ["spot:s1", "spot:s2", "spot:s3"]
#: What a ball may knock down on a brig whose port side faces the enemy (as at the start).
BRIG = [*DECK, "slot:a1", "slot:a2", "bowsprit"]


def first_shots() -> Drill:
    """Dice and points, the cannon and the mortar, with the flight drawn (SG-01, SG-03, SG-04, SG-05)."""
    d = Drill("first-shots", words("Dice, points and first shots", "Dés, points et premiers tirs"),
              words("Roll the pirate dice, spend points on shots, aim the cannon and the mortar with the flight drawn.",
                    "Lancer les dés pirates, dépenser ses points en tirs, viser au canon et au mortier avec la "
                    "trajectoire tracée."),
              training=True)
    d.play("first blue")
    d.you_roll("4 4", words(
        "Siege: two pirate sides shell each other. You are Blue, on Crab Claw Island at the left, behind its four "
        "palisades, your brig in front of it. Red holds Fort Island and its brig, on the right. Treasure Island, in the "
        "middle, keeps the six chests. Each side has 10 pirates, a longboat, a cannon, a mortar and 6 target-cannons: "
        "2 on its island and 4 on its brig, 2 on each side. A turn starts with the two pirate dice: roll them.",
        "Siège : deux camps de pirates se bombardent. Vous êtes Bleu, sur l'île Pince de crabe à gauche, derrière ses "
        "quatre palissades, votre brick devant elle. Rouge tient l'île du Fort et son brick, à droite. L'île au Trésor, "
        "au milieu, garde les six coffres. Chaque camp a 10 pirates, une embarcation, un canon, un mortier et "
        "6 canons-cibles : 2 sur son île et 4 sur son brick, 2 de chaque bord. Un tour commence par les deux dés "
        "pirates : lancez-les."), teaches=("SG-01", "SG-03"))
    shot = d.you_fire(d.aim("spot:s2", "cannon"), words(
        "Two 4s: 8 points (each die has one compass, worth 3, three 4s and two 5s). Each point buys one action, and a shot "
        "costs 1. Your launchers fire from the back of your island. Aim the cannon: drag from the ringed cannon, or "
        "set Elevation and Power, until the dotted line marked \u201ctraining\u201d ends on a pirate on Red's brig. Then fire.",
        "Deux 4 : 8 points (chaque dé a une boussole, qui vaut 3, trois 4 et deux 5). Chaque point achète une action, "
        "et un tir coûte 1 point. Vos lanceurs tirent depuis l'arrière de votre île. Visez au canon : glissez depuis "
        "le canon cerclé, ou réglez Élévation et Puissance, jusqu'à ce que la ligne pointillée « entraînement » finisse "
        "sur un pirate du brick rouge. Puis tirez."),
        words("knock down a pirate on Red's brig with the cannon", "faire tomber au canon un pirate du brick rouge"),
        teaches=("SG-04", "SG-05"), recalls=("SG-03",), accept={"any_fire": "cannon", "hits": DECK})
    assert shot.hit == "spot:s2"
    shot = d.you_fire(d.aim("slot:a1", "mortar"), words(
        "A hit: the pirate fell, and the shot cost 1 of your points. The cannon fires low and flat and hits the first thing "
        "in the ball's way. The mortar lobs its ball high, and it drops from above. Take the mortar and knock down one "
        "of Red's target-cannons: on its brig's deck, or on Fort Island.",
        "Touché : le pirate est tombé, et le tir vous a coûté 1 point. Le canon tire bas et tendu et touche la première chose "
        "sur le chemin du boulet. Le mortier lance son boulet haut, qui retombe d'en haut. Prenez le mortier et faites "
        "tomber un canon-cible rouge : sur le pont de son brick, ou sur l'île du Fort."),
        words("knock down one of Red's target-cannons with the mortar",
              "faire tomber un canon-cible rouge au mortier"),
        teaches=("SG-05",), recalls=("SG-04",), accept={"any_fire": "mortar", "hits": "slot"})
    assert shot.hit == "slot:a1"
    shot = d.you_fire(d.aim("spot:t2", "mortar"), words(
        "Well aimed. The launcher keeps its setting from one shot to the next. Red's fort stands on Fort Island with "
        "three pirates on top: drop a mortar ball on one of them.",
        "Bien visé. Le lanceur garde son réglage d'un tir à l'autre. Le fort rouge se dresse sur l'île du Fort, "
        "trois pirates à son sommet : faites tomber un boulet de mortier sur l'un d'eux."),
        words("knock down a pirate on top of Red's fort with the mortar",
              "faire tomber au mortier un pirate du sommet du fort rouge"),
        teaches=("SG-05",), recalls=("SG-04",), accept={"any_fire": "mortar", "hits": ["spot:t1", "spot:t2", "spot:t3"]})
    assert shot.hit == "spot:t2"
    d.done = words(
        "Three shots, three points: 5 of your 8 are left for this turn. In a real game every ball strays a little from "
        "its aim, up to 1° and 2% either way: the lessons' balls fly true. A turn ends once its points are spent; End turn "
        "ends it sooner, and the points left are lost. Next: finding an aim without the dotted line.",
        "Trois tirs, trois points : il vous en reste 5 sur 8 pour ce tour. Dans une vraie partie, chaque boulet dévie un "
        "peu de sa visée, jusqu'à 1° et 2 % de part et d'autre : ceux des leçons volent droit. Ensuite : trouver une "
        "visée sans la ligne pointillée. Un tour finit quand ses points sont dépensés ; Fin du tour le finit plus tôt, "
        "et les points restants sont perdus.")
    return d


def powers_at(drill: Drill, weapon: str, angle: int, wanted: list[str]) -> list[int]:
    """The powers at ``angle`` whose unscattered flight knocks down one of ``wanted`` now."""
    seat = drill.state.seat
    boxes = hitboxes(seat, layout(drill.state, 1 - seat))
    low, high = WEAPONS[weapon].powers
    return [p for p in range(low, high + 1) if first_hit(weapon, angle, p, boxes) in wanted]


def aim_by_feel() -> Drill:
    """A shot short, a shot long, then between: the cannon, then the mortar, without the flight drawn (issue 36)."""
    d = Drill("aim-by-feel", words("Aim by feel: short, long, then between", "Viser à l'œil : court, long, puis entre les deux"),
              words("Find an aim without the dotted line: a shot short of the target, a shot beyond it, then between.",
                    "Trouver une visée sans la ligne pointillée : un tir trop court, un tir trop long, puis entre les deux."),
              training=False)
    d.play("first blue")
    d.you_roll("4 5", words(
        "This time no dotted line shows where the ball will fly: you find the aim yourself, as a gunner does. "
        "Roll the dice.",
        "Cette fois, aucune ligne pointillée ne montre où ira le boulet : vous trouvez la visée vous-même, comme un "
        "canonnier. Lancez les dés."), recalls=("SG-03", "SG-05"))
    angle = 18  # the cannon's elevation for the whole bracket: high enough to reach the brig (SG-05)
    hits = powers_at(d, "cannon", angle, BRIG)
    low, high = min(hits) - 6, max(hits) + 4
    short = {"any_fire": "cannon", "lands": "short", "of": "brig"}
    d.you_fire(("cannon", angle, low), words(
        "9 points. Your target is Red's brig. Fire the cannon once so that the ball falls short of the brig, in front "
        "of it: a low power will do. Watch where it lands.",
        "9 points. Votre cible est le brick rouge. Tirez une fois au canon pour que le boulet tombe avant le brick, "
        "devant lui : une faible puissance suffit. Regardez où il tombe."),
        words("fire a cannon shot that falls short of Red's brig", "tirer au canon un boulet qui tombe avant le brick rouge"),
        recalls=("SG-05",), accept=short)
    d.you_fire(("cannon", angle, high), words(
        "Short. Now a shot that flies beyond the brig: keep the elevation and add a good deal of power.",
        "Trop court. Maintenant un tir qui passe au-delà du brick : gardez l'élévation et ajoutez beaucoup de "
        "puissance."),
        words("fire a cannon shot that flies beyond Red's brig", "tirer au canon un boulet qui passe au-delà du brick rouge"),
        accept={**short, "lands": "long"})
    middle = hits[len(hits) // 2]
    shot = d.you_fire(("cannon", angle, middle), words(
        "Long. The brig lies between your two shots: keep the elevation and set a power between their two. Knock down "
        "a pirate or a target-cannon on the brig. A shot that misses is not played: the lesson says so, and you adjust.",
        "Trop long. Le brick est entre vos deux tirs : gardez l'élévation et réglez une puissance entre les deux. "
        "Faites tomber un pirate ou un canon-cible du brick. Un tir qui manque n'est pas joué : la leçon vous le dit, et "
        "vous corrigez."),
        words("knock down a pirate or a target-cannon on Red's brig with the cannon",
              "faire tomber au canon un pirate ou un canon-cible du brick rouge"),
        accept={"any_fire": "cannon", "hits": BRIG[:-1]})
    assert shot.hit in BRIG
    mortar = 55  # the mortar's elevation for its bracket
    hits = powers_at(d, "mortar", mortar, BRIG)
    d.you_fire(("mortar", mortar, max(hits) + 6), words(
        "Found. The mortar works the same way, but it throws high: above 45°, the higher you aim it, the shorter it "
        "throws. Take the mortar and fire a ball beyond the brig.",
        "Trouvé. Le mortier se règle de la même façon, mais il tire en cloche : au-dessus de 45°, plus vous le levez, "
        "moins il porte loin. Prenez le mortier et envoyez un boulet au-delà du brick."),
        words("fire a mortar shot that flies beyond Red's brig", "tirer au mortier un boulet qui passe au-delà du brick rouge"),
        accept={"any_fire": "mortar", "lands": "long", "of": "brig"})
    # the record's ball falls on the bowsprit, at the brig's front: nothing the cannon knocked down was in its way
    bowsprit = powers_at(d, "mortar", mortar, ["bowsprit"])
    shot = d.you_fire(("mortar", mortar, bowsprit[len(bowsprit) // 2]), words(
        "Long. Now bring it back onto the brig with less power, and knock down a pirate, a target-cannon or the "
        "bowsprit there.",
        "Trop long. Ramenez-le sur le brick avec moins de puissance, et faites-y tomber un pirate, un canon-cible ou "
        "le beaupré."),
        words("knock down a pirate, a target-cannon or the bowsprit on Red's brig with the mortar",
              "faire tomber au mortier un pirate, un canon-cible ou le beaupré du brick rouge"),
        accept={"any_fire": "mortar", "hits": BRIG})
    assert shot.hit in BRIG
    d.done = words(
        "A shot short, a shot long, then between: that is how a gunner finds the range, with the cannon or the mortar. "
        "In a real game the ball strays a little from its aim, so keep adjusting from where it lands.",
        "Un tir court, un tir long, puis entre les deux : c'est ainsi qu'un canonnier trouve la portée, au canon comme "
        "au mortier. Dans une vraie partie, le boulet dévie un peu de sa visée : continuez de corriger d'après l'endroit "
        "où il tombe.")
    return d


def what_falls() -> Drill:
    """The fort's door and the bowsprit bring others down (SG-14, SG-16, SG-19)."""
    d = Drill("what-falls", words("What falls with what", "Ce qui tombe avec quoi"),
              words("The fort's door brings the fort down with its pirates; the bowsprit brings the mainsail down.",
                    "La porte du fort fait tomber le fort et ses pirates ; le beaupré fait tomber la grand-voile."),
              training=True)
    d.play("first blue")
    d.you_roll("4 4", words(
        "Some of Red's pieces bring others down when they fall. Roll the dice.",
        "Certaines pièces rouges en font tomber d'autres dans leur chute. Lancez les dés."), recalls=("SG-03",))
    shot = d.you_fire(d.aim("door", "cannon"), words(
        "Red's fort, on Fort Island, has three pirates on top. One direct hit on its door, low at its front, brings the "
        "fort down for good, and the pirates on it fall with it: a pirate knocked down by a falling piece is out like "
        "any other. Aim at the door (the dotted line shows the flight) and fire.",
        "Le fort rouge, sur l'île du Fort, porte trois pirates à son sommet. Un coup direct sur sa porte, en bas à "
        "l'avant, fait tomber le fort pour de bon, et ses pirates tombent avec lui : un pirate renversé par une pièce "
        "qui tombe est hors jeu comme un autre. Visez la porte (la ligne pointillée montre la trajectoire) et tirez."),
        words("hit the door of Red's fort", "toucher la porte du fort rouge"),
        teaches=("SG-14", "SG-16"), recalls=("SG-05",), accept={"hits": "door"})
    assert shot.hit == "door" and len(shot.fallen) == 3
    shot = d.you_fire(d.aim("bowsprit", "mortar"), words(
        "The fort fell, and its three pirates with it; no pirate may stand on it again. Now the bowsprit, the spar "
        "sticking out at the front of Red's brig: a ball that hits it ejects the mainsail, which falls on the main deck "
        "and knocks its pirate down. Take the mortar and hit the bowsprit.",
        "Le fort est tombé, et ses trois pirates avec lui ; aucun pirate ne pourra plus s'y tenir. Maintenant le "
        "beaupré, le mât qui dépasse à l'avant du brick rouge : un boulet qui le touche éjecte la grand-voile, qui "
        "tombe sur le pont principal et renverse son pirate. Prenez le mortier et touchez le beaupré."),
        words("hit the bowsprit of Red's brig", "toucher le beaupré du brick rouge"),
        teaches=("SG-19", "SG-16"), accept={"hits": "bowsprit"})
    assert shot.hit == "bowsprit" and shot.fallen == ("s2",)
    d.done = words(
        "Two shots, four pirates out: the fort's three and the one on the main deck. The fort and the mainsail are not "
        "put back. A pirate of Red's may still stand on the fort's top step, in front of the rubble (1 point).",
        "Deux tirs, quatre pirates hors jeu : les trois du fort et celui du pont principal. Le fort et la grand-voile "
        "ne sont pas remis. Un pirate rouge peut encore se tenir sur la marche du fort, devant les ruines (1 point).")
    return d


def chest_run() -> Drill:
    """The chest run over two turns, a chest knocked out of Red's longboat, a target-cannon put back
    (SG-07, SG-08, SG-09, SG-10, SG-13)."""
    d = Drill("chest-run", words("The chest run", "La course au trésor"),
              words("Fetch a chest from Treasure Island over two turns and put a fallen target-cannon back; knock "
                    "Red's chest out of its longboat.",
                    "Aller chercher un coffre à l'île au Trésor en deux tours et remettre un canon-cible tombé ; faire "
                    "tomber le coffre de l'embarcation rouge."),
              training=True)
    d.play("first blue")
    # Blue's first turn: one of Red's brig's target-cannons falls, so Red starts a chest run
    d.play("dice 4 4")
    for target, hit in (("slot:a2", True), ("spot:s3", False), ("door", False), ("spot:s2", True),
                        ("spot:t2", False), ("slot:a1", False), ("spot:f1", False), ("spot:s1", False)):
        d.shoot(target, hit)
    # Red's turn: the first half of its run, then its shots: one of your brig's target-cannons falls
    d.play("dice 4 5")
    d.play("row out")
    d.play("load")
    for target, hit in (("slot:a1", True), ("spot:s3", False), ("palisade:3", True), ("slot:a2", False),
                        ("spot:s2", True), ("spot:c2", False), ("slot:i2", False)):
        d.shoot(target, hit)
    # your turn: six shots already fired, two of them at Red's chest
    d.play("dice 4 5")
    for target, hit in (("chest", False), ("spot:s1", True), ("chest", False), ("spot:f2", False),
                        ("spot:t1", True), ("slot:i1", False)):
        d.shoot(target, hit)
    d.begin()
    assert d.state.points == 3 and not d.state.sides[YOU].slots[SLOT_INDEX["a1"]]
    d.you_do("row out", ["do row out"], words(
        "A position set up for this drill: last turn Red knocked down one of your brig's target-cannons, and you have "
        "3 points left in this turn. A chest from Treasure Island puts a fallen target-cannon back. The chest run "
        "needs a pirate in your longboat and takes 4 points over two turns. First, row your longboat to Treasure "
        "Island (1 point).",
        "Une position préparée pour cet exercice : au dernier tour, Rouge a fait tomber un canon-cible de votre brick, "
        "et il vous reste 3 points dans ce tour. Un coffre de l'île au Trésor remet un canon-cible tombé. La course au "
        "trésor demande un pirate dans votre embarcation et prend 4 points en deux tours. D'abord, ramez jusqu'à l'île "
        "au Trésor (1 point)."),
        words("row your longboat to Treasure Island", "ramer jusqu'à l'île au Trésor"),
        teaches=("SG-08",), recalls=("SG-04",))
    d.you_do("load", ["do load"], words(
        "Load a chest (1 point). Each side takes at most 3 of the 6 chests in a game, its own three, and a longboat "
        "never carries more than one.",
        "Chargez un coffre (1 point). Chaque camp prend au plus 3 des 6 coffres d'une partie, les trois siens, et une "
        "embarcation n'en porte jamais plus d'un."),
        words("load a chest", "charger un coffre"), teaches=("SG-07", "SG-08"))
    shot = d.you_fire(d.aim("chest", "mortar"), words(
        "Half the run is done: your chest waits aboard at Treasure Island until your next turn. The points left may "
        "be spent firing. Red's longboat is beached on the other side of the island, with a chest of Red's aboard: a "
        "direct hit knocks the chest out of the longboat, and it is lost. Take the mortar and hit Red's chest.",
        "La moitié de la course est faite : votre coffre attend à bord, à l'île au Trésor, jusqu'à votre prochain tour. "
        "Les points qui restent peuvent servir à tirer. L'embarcation rouge est échouée de l'autre côté de l'île, un "
        "coffre rouge à bord : un coup direct fait tomber le coffre de l'embarcation, et il est perdu. Prenez le "
        "mortier et touchez le coffre rouge."),
        words("knock the chest out of Red's longboat", "faire tomber le coffre de l'embarcation rouge"),
        teaches=("SG-09", "SG-10"), recalls=("SG-05",), accept={"hits": "chest"})
    assert shot.hit == "chest" and not shot.after.chest
    # Red's turn: its run starts again with its second chest; it fires at your chest and misses
    d.play("dice 4 4")
    d.play("load")
    for target, hit in (("chest", False), ("spot:s3", False), ("chest", False), ("slot:a2", False),
                        ("spot:p1", False), ("spot:c1", True), ("spot:c2", False)):
        d.shoot(target, hit)
    assert d.state.sides[YOU].chest
    d.you_roll("4 5", words(
        "Red loaded another chest: the lost one counts among its three, and its run starts again. Red fired at your "
        "chest and missed. Roll the dice.",
        "Rouge a chargé un autre coffre : le coffre perdu compte parmi ses trois, et sa course recommence. Rouge a tiré "
        "sur votre coffre et l'a manqué. Lancez les dés."), recalls=("SG-03", "SG-07", "SG-10"))
    d.you_do("row back", ["do row back"], words(
        "The second half of the run: row the chest back to base (1 point).",
        "La seconde moitié de la course : rapportez le coffre à la base (1 point)."),
        words("row the longboat back to base", "ramener l'embarcation à la base"), teaches=("SG-08",))
    d.you_do("replace a1", ["do replace a1"], words(
        "Now the chest puts the fallen target-cannon back on your brig (1 point), and the chest is out of the game. "
        "A target-cannon is the one piece that comes back: your palisade and your pirates that fell stay down.",
        "Le coffre remet maintenant le canon-cible tombé sur votre brick (1 point), et le coffre sort du jeu. Le "
        "canon-cible est la seule pièce qui revient : votre palissade et vos pirates tombés restent à terre."),
        words("put the target-cannon back on your brig", "remettre le canon-cible sur votre brick"),
        teaches=("SG-08", "SG-13", "SG-07"))
    d.done = words(
        "Your target-cannon stands again, and you have 7 points left in this turn. Two of your three chests are still "
        "on Treasure Island; Red lost one of its three, and its second waits aboard its longboat.",
        "Votre canon-cible est de nouveau debout, et il vous reste 7 points dans ce tour. Deux de vos trois coffres "
        "sont encore sur l'île au Trésor ; Rouge a perdu l'un des siens, et son deuxième attend à bord de son embarcation.")
    return d


def pirates() -> Drill:
    """A new pirate for the longboat, a pirate behind an intact palisade, a pirate moved to a free spot
    (SG-11, SG-12, SG-15)."""
    d = Drill("pirates", words("Moving pirates", "Déplacer les pirates"),
              words("Send a new pirate to the longboat, take cover behind a palisade, move a pirate to a free spot.",
                    "Envoyer un nouveau pirate dans l'embarcation, s'abriter derrière une palissade, déplacer un pirate "
                    "vers une place libre."),
              training=True)
    d.play("first red")
    d.play("dice 4 5")
    for target, hit in (("spot:s3", False), ("spot:boat", True), ("slot:a1", False), ("spot:p2", True),
                        ("palisade:2", True), ("spot:s2", False), ("slot:i2", False), ("spot:c1", False),
                        ("slot:a2", False)):
        d.shoot(target, hit)
    d.begin()
    you = d.state.sides[YOU]
    assert "boat" not in you.spots and "p2" not in you.spots and "p3" in you.spots and not you.palisades[2]
    d.you_roll("4 5", words(
        "A position set up for this drill: Red played first. Its shots knocked down the pirate in your longboat and "
        "the pirate behind palisade 2, and knocked palisade 3 flat: its pirate still stands, in the open. Roll the "
        "dice.",
        "Une position préparée pour cet exercice : Rouge a joué en premier. Ses tirs ont fait tomber le pirate de votre "
        "embarcation et celui de derrière la palissade 2, et ont abattu la palissade 3 : son pirate est toujours "
        "debout, à découvert. Lancez les dés."), recalls=("SG-03",))
    d.you_do("crew s1", ["crew", "do crew s1"], words(
        "Without its pirate your longboat cannot make the chest run. A new one costs 1 point to bring the longboat back "
        "to base and 1 to put a pirate aboard: yours is at its base already, so 1 point. Press Crew the longboat (1), "
        "then the pirate on the brig's after deck.",
        "Sans son pirate, votre embarcation ne peut pas faire la course au trésor. En remettre un coûte 1 point pour "
        "ramener l'embarcation à la base et 1 pour placer un pirate à bord : la vôtre est déjà à sa base, donc 1 point. "
        "Appuyez sur « Envoyer un pirate dans l'embarcation (1) », puis sur le pirate du pont arrière du brick."),
        words("send the pirate from the brig's after deck to the longboat",
              "faire monter le pirate du pont arrière dans l'embarcation"),
        teaches=("SG-12",), recalls=("SG-08",))
    captain = d.state.sides[YOU].captain
    d.you_do(f"move {captain} p2", [f"select {captain}", f"do move {captain} p2"], words(
        "Palisade 2 still stands, but its pirate fell: another may take the place, for 1 point. Your captain (the "
        "tricorn hat) stands on the brig's forecastle, the nearest pirate to Red's guns. Tap the captain, then the "
        "free place behind palisade 2.",
        "La palissade 2 est debout, mais son pirate est tombé : un autre peut prendre sa place, pour 1 point. Votre "
        "capitaine (au tricorne) se tient sur le gaillard d'avant du brick, le pirate le plus proche des canons "
        "rouges. Touchez le capitaine, puis la place libre derrière la palissade 2."),
        words("move your captain from the brig's forecastle to behind palisade 2",
              "déplacer votre capitaine du gaillard d'avant jusque derrière la palissade 2"),
        teaches=("SG-15", "SG-11"))
    d.you_do("move p3 c3", ["select p3", "do move p3 c3"], words(
        "Palisade 3 is down and is not put back: no pirate may take cover behind it again, and its pirate stands "
        "exposed. A pirate may move to any free spot for 1 point: move this one to the clearing, further back.",
        "La palissade 3 est tombée et n'est pas remise : aucun pirate ne peut plus s'abriter derrière, et son pirate "
        "est à découvert. Un pirate peut aller sur toute place libre pour 1 point : envoyez celui-ci dans la "
        "clairière, plus en arrière."),
        words("move the pirate behind palisade 3 to the clearing", "déplacer le pirate de la palissade 3 vers la clairière"),
        teaches=("SG-11", "SG-15"))
    d.done = words(
        "3 points on pirates: 1 for the longboat's new pirate (2 had the longboat been at Treasure Island), 1 for each "
        "move. 6 are left for shots, or for the chest run your longboat can make again.",
        "3 points pour les pirates : 1 pour le nouveau pirate de l'embarcation (2 si elle avait été à l'île au Trésor), "
        "1 par déplacement. Il en reste 6 pour tirer, ou pour la course au trésor que votre embarcation peut refaire.")
    return d


def compass() -> Drill:
    """A compass on a die turns the brig; target-cannons count whichever way they face (SG-17, SG-06)."""
    d = Drill("compass", words("The compass turns the brig", "La boussole fait tourner le brick"),
              words("A compass on a die turns your brig around; your target-cannons count whichever way they face.",
                    "Une boussole sur un dé fait tourner votre brick ; vos canons-cibles comptent où qu'ils soient "
                    "tournés."),
              training=True)
    d.play("first red")
    d.play("dice 4 5")
    for target, hit in (("slot:a1", True), ("spot:s3", False), ("slot:a2", True), ("spot:boat", True),
                        ("spot:p1", False), ("slot:i1", False), ("spot:c1", False), ("spot:s2", False),
                        ("slot:i2", False)):
        d.shoot(target, hit)
    d.play("dice 3 5")  # a compass: your brig turned, its starboard side facing Red
    for target, hit in (("door", True), ("spot:s2", False), ("slot:a1", True), ("spot:s3", True),
                        ("spot:f1", False), ("slot:a2", False), ("slot:i1", False), ("spot:boat", False)):
        d.shoot(target, hit)
    d.play("dice 4 4")  # Red: a target-cannon of its is down, the first half of its run
    d.play("row out")
    d.play("load")
    for target, hit in (("slot:i1", True), ("slot:b1", False), ("slot:i2", True), ("slot:b2", False),
                        ("spot:c1", True), ("spot:p4", False)):
        d.shoot(target, hit)
    d.begin()
    you = d.state.sides[YOU]
    assert you.turned and you.slots_on_show() == ("b1", "b2") and you.cannons_standing() == 2
    d.you_roll("3 4", words(
        "A position set up for this drill: Red has knocked down the two target-cannons on your island, the two on "
        "your brig's port side and the pirate in your longboat. Last turn a compass turned your brig: its starboard "
        "side, whose two target-cannons stand, faces Red. A compass on a die makes you turn your brig around, and "
        "you still get its 3 points. Roll the dice.",
        "Une position préparée pour cet exercice : Rouge a fait tomber les deux canons-cibles de votre île, les deux "
        "de la bordée bâbord de votre brick et le pirate de votre embarcation. Au dernier tour, une boussole a fait "
        "tourner votre brick : sa bordée tribord, dont les deux canons-cibles sont debout, fait face à Rouge. Une "
        "boussole sur un dé vous oblige à faire tourner votre brick, et vous gardez ses 3 points. Lancez les dés."),
        teaches=("SG-17",), recalls=("SG-03",))
    assert not d.state.sides[YOU].turned and d.state.sides[YOU].slots_on_show() == ()
    d.you_fire(d.aim("spot:s2"), words(
        "A compass and a 4: 7 points, and your brig turned around. Its port side, where the target-cannons are down, "
        "faces Red again: your two standing ones are hidden, out of Red's reach. They still count: you may fire while "
        "at least one of your target-cannons stands, whichever way it faces. Knock down one of Red's pirates.",
        "Une boussole et un 4 : 7 points, et votre brick a tourné. Sa bordée bâbord, où les canons-cibles sont tombés, "
        "fait de nouveau face à Rouge : vos deux canons-cibles debout sont cachés, hors de portée de Rouge. Ils "
        "comptent toujours : vous pouvez tirer tant qu'un de vos canons-cibles est debout, quel que soit le côté où il "
        "est tourné. Faites tomber un pirate rouge."),
        words("knock down one of Red's pirates", "faire tomber un pirate rouge"),
        teaches=("SG-06",), recalls=("SG-05",), accept={"hits": "spot"})
    d.you_do("crew c2", ["crew", "do crew c2"], words(
        "Red cannot see a single target-cannon of yours now. Your longboat still has no pirate: send the one on the "
        "dune (1 point, the longboat being at its base), so that a later turn can fetch a chest and put a "
        "target-cannon back.",
        "Rouge ne voit plus un seul de vos canons-cibles. Votre embarcation n'a toujours pas de pirate : envoyez celui "
        "de la dune (1 point, l'embarcation étant à sa base), pour qu'un prochain tour aille chercher un coffre et "
        "remette un canon-cible."),
        words("send the pirate on the dune to the longboat", "faire monter le pirate de la dune dans l'embarcation"),
        recalls=("SG-12", "SG-08"))
    d.done = words(
        "With one compass the brig must turn, for better or worse; with two, turning is your choice. The brig moves "
        "no other way. You have 5 points left in this turn.",
        "Avec une boussole, le brick doit tourner, pour le meilleur ou pour le pire ; avec deux, tourner est votre "
        "choix. Le brick ne bouge pas autrement. Il vous reste 5 points dans ce tour.")
    return d


def bot_game(drill: Drill, seed: int, until: Any) -> None:
    """Two quick gunners play from the drill's position, chance drawn from ``seed``, until ``until(state)``."""
    from engine.core import sample_chance
    from engine.siege.ai import BOTS

    rng = random.Random(seed)
    bots = [BOTS["aim"](2 * seed + 1), BOTS["aim"](2 * seed + 2)]
    while not until(drill.state):
        assert not GAME.is_terminal(drill.state), f"{drill.slug}: the game ended first"
        player = GAME.current_player(drill.state)
        action = sample_chance(GAME, drill.state, rng) if player < 0 else bots[player].choose(GAME, drill.state)
        drill.play(GAME.format_action(action))


#: The game of two quick gunners the winning drill starts from (its chance drawn from this seed).
WINNING_SEED = 13


def winning() -> Drill:
    """Two compasses, a choice; then the last two pirates of Red's, and the game (SG-17, SG-02)."""
    d = Drill("winning", words("Winning", "Gagner"),
              words("Two compasses let you choose; knock down the enemy's last pirates and win.",
                    "Deux boussoles vous laissent le choix ; faites tomber les derniers pirates ennemis et gagnez."),
              training=True)

    def red_has_two_pirates_left(state: SiegeState) -> bool:
        return state.phase == "roll" and state.seat == YOU and len(state.sides[RED].spots) == 2

    bot_game(d, WINNING_SEED, red_has_two_pirates_left)
    d.begin()
    red, you = d.state.sides[RED], d.state.sides[YOU]
    assert set(red.spots) == {"boat", "f1"} and red.boat_at == "treasure" and not red.fort and not red.rig
    # the port side (facing) shows fewer standing target-cannons than the starboard side
    port = sum(you.slots[SLOT_INDEX[s]] for s in ("a1", "a2"))
    starboard = sum(you.slots[SLOT_INDEX[s]] for s in ("b1", "b2"))
    assert not you.turned and (port, starboard) == (1, 2)
    d.you_roll("3 3", words(
        f"A position set up for this drill, from a game of two gunner bots, in turn {d.state.turn}: Red has two pirates "
        "left, one in its longboat, beached at Treasure Island, and one on Fort Island's beach. Roll the dice.",
        f"Une position préparée pour cet exercice, tirée d'une partie entre deux robots canonniers, au tour "
        f"{d.state.turn} : Rouge n'a plus que deux pirates, l'un dans son embarcation, échouée à l'île au Trésor, "
        "l'autre sur la plage de l'île du Fort. Lancez les dés."), recalls=("SG-03",))
    d.you_do("stay", ["do stay"], words(
        "Two compasses: 6 points, and turning your brig is your choice. Its port side, facing Red, has one target-"
        "cannon standing; its starboard side has two. Keep the brig as it is: fewer target-cannons in Red's sight.",
        "Deux boussoles : 6 points, et faire tourner votre brick est votre choix. Sa bordée bâbord, face à Rouge, a un "
        "canon-cible debout ; sa bordée tribord en a deux. Gardez le brick tel quel : moins de canons-cibles sous le "
        "feu rouge."),
        words("keep the brig as it is", "garder le brick tel quel"), teaches=("SG-17",), recalls=("SG-06",))
    d.you_fire(d.aim("spot:f1"), words(
        "You win once the enemy has no pirate standing, or no target-cannon standing once it can bring none back (its "
        "3 chests used, none aboard). Red has two pirates left: first knock down the one on Fort Island's beach.",
        "Vous gagnez quand l'ennemi n'a plus un pirate debout, ou plus un canon-cible debout une fois qu'il ne peut plus "
        "en remettre (ses 3 coffres utilisés, aucun à bord). Rouge a encore deux pirates : faites d'abord tomber "
        "celui de la plage de l'île du Fort."),
        words("knock down Red's pirate on Fort Island's beach", "faire tomber le pirate rouge de la plage de l'île du Fort"),
        recalls=("SG-05", "SG-07"), accept={"hits": "spot:f1"})
    d.you_fire(d.aim("spot:boat"), words(
        "One pirate of Red's is left, in its longboat: knock it down to win the game.",
        "Il reste un pirate rouge, dans son embarcation : faites-le tomber pour gagner la partie."),
        words("knock down Red's last pirate", "faire tomber le dernier pirate rouge"),
        teaches=("SG-02",), accept={"hits": "spot"})
    assert GAME.outcome(d.state) is not None and d.state.winner == YOU
    d.done = words(
        "Red has no pirate standing: you win. The other way to win: knock down the enemy's last target-cannon once "
        "its three chests are used and none is aboard.",
        "Rouge n'a plus un pirate debout : vous gagnez. L'autre façon de gagner : faire tomber le dernier canon-cible "
        "ennemi une fois ses trois coffres utilisés et aucun à bord.")
    return d


def first_game() -> dict[str, Any]:
    """The last lesson: a real game against the beginner (the set-up's gentlest bot), the Hint at hand."""
    from ui.app.players import GENTLEST_BOT

    return {
        "kind": "game",
        "title": words("A first game", "Une première partie"),
        "summary": words("A real game against the beginner bot, with the Hint at hand.",
                         "Une vraie partie contre le robot débutant, avec l'Indice à portée de main."),
        "seats": ["human", GENTLEST_BOT],
        "names": {"en": ["You", "Beginner Bot"], "fr": ["Vous", "Robot débutant"]},
        "options": {},
        "say": words(
            "A real game against the beginner bot. Until your first hit, the dotted line shows where your shot will "
            "fly. Stuck on your turn? Press Hint: the search's move is marked (a shot is drawn in gold, ringed where "
            "it lands) with a word on why.",
            "Une vraie partie contre le robot débutant. Jusqu'à votre premier coup au but, la ligne pointillée montre "
            "où ira votre tir. Bloqué à votre tour ? Appuyez sur Indice : le coup de la recherche est marqué (un tir "
            "est tracé en or, entouré là où il tombe), avec un mot sur la raison."),
        "done": words(
            "The game is over. Play another from here, or from the Siege page against any bot or a friend.",
            "La partie est finie. Jouez-en une autre d'ici, ou depuis la page de Siège contre n'importe quel robot ou "
            "un ami."),
    }


#: The lessons in their order: (file name, what makes it).
LESSONS = (
    ("01-first-shots", first_shots),
    ("02-aim-by-feel", aim_by_feel),
    ("03-what-falls", what_falls),
    ("04-chest-run", chest_run),
    ("05-pirates", pirates),
    ("06-compass", compass),
    ("07-winning", winning),
    ("08-first-game", first_game),
)


def texts() -> dict[str, str]:
    """Each lesson file's name and its JSON text."""
    out = {}
    for name, make in LESSONS:
        made = make()
        data = made.data() if isinstance(made, Drill) else made
        out[f"{name}.json"] = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="say whether the files are what this would write")
    args = parser.parse_args()
    files = texts()
    if args.check:
        stale = [name for name, text in files.items()
                 if not (OUT / name).exists() or (OUT / name).read_text(encoding="utf-8") != text]
        extra = sorted(p.name for p in OUT.glob("*.json") if p.name not in files)
        for name in stale + extra:
            print(f"{name}: {'not what tools/lessons/siege.py writes' if name in stale else 'not written by it'}")
        return 1 if stale or extra else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for path in OUT.glob("*.json"):
        if path.name not in files:
            path.unlink()
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT) / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The words of Siege's page (its controls, its panels and its refusals), in English and French."""

from __future__ import annotations

from ui.app.view import ViewContext

TEXT = {
    "en": {
        "blue": "Blue",
        "red": "Red",
        "cannon": "Cannon",
        "mortar": "Mortar",
        "launcher": "Launcher",
        "fire": "Fire!",
        "end": "End turn",
        "only_end": "No shot, move or chest-run step is possible with your {n} point{s} left: End turn is your one "
                    "choice.",
        "turn": "Turn the brig",
        "stay": "Keep the brig",
        "two_compass": "Two compasses: turn your brig around, or keep it? (SG-17)",
        "aim_help": "Drag from the ringed launcher to aim and let go to fire, or set the sliders and press Fire! "
                    "On the scene, the arrow keys aim and Enter fires.",
        "aim_help_touch": "Put your finger on the ringed launcher and drag to aim; let go to fire. "
                          "Or set the sliders and press Fire!",
        "guided": "Against the beginner, the line marked “training” shows where your shot will fly, "
                  "until your first hit.",
        "angle": "Elevation",
        "power": "Power",
        "angle_less": "one degree lower",
        "angle_more": "one degree higher",
        "power_less": "one percent less power",
        "power_more": "one percent more power",
        "points": "Points left",
        "points_left": "Points left:",
        "pirates": "Pirates standing",
        "cannons": "Target-cannons standing",
        "run": "Chest run",
        "captain": "Captain",
        "captain_up": "standing",
        "captain_down": "down",
        "one_die": " (one die, SG-18)",
        "turn_now": "to play",
        "you": "you",
        "row out": "Row to Treasure Island (1)",
        "load": "Load a chest (1)",
        "row back": "Row back to base (1)",
        "replace": "Replace target-cannon {slot} (1)",
        "crew": "Crew the longboat from {where} (2)",
        "crew_pick": "Crew the longboat (2)",
        "crew_which": "Which pirate goes to the longboat?",
        "no_crew": "No pirate may crew the longboat now.",
        "run_base": "longboat at base",
        "run_out": "at Treasure Island",
        "run_loaded": "chest aboard, waiting a turn",
        "run_ready": "chest aboard, ready to row back",
        "run_home": "chest at base: replace a target-cannon",
        "run_nocrew": "longboat has no pirate",
        "no_fire": "No target-cannon of yours stands: you may not fire (SG-06).",
        "move": "Move a pirate (1)",
        "which": "Which pirate moves?",
        "moving": "Where to, for the pirate {where}?",
        "captain_mark": "{where} (captain)",
        "cancel": "Cancel",
        "facing": "Facing the enemy",
        "broadside": "{side} broadside",
        "port": "port",
        "starboard": "starboard",
        "chests": "Chests on Treasure Island",
        "aboard": " · 1 aboard",
        "dice": "Dice",
        "compass": "compass (3)",
        "roll_first": "Roll the dice",
        "draw": "Draw who starts",
        # refusals: a sentence a player understands, any rule ID at the end
        "no_pirate": "There is no pirate of yours there.",
        "stuck": "This pirate has nowhere to go: every spot it could move to is taken (SG-11).",
        "no_move": "None of your pirates can move now (SG-11).",
        "enemy": "That is {side}'s {what}: to knock it down, aim a launcher at it and fire (SG-05).",
        "pirate": "pirate",
        "not_yet": "Roll the dice first: your points pay for aiming and firing (SG-03).",
        "tap": "To aim, hold the ringed launcher and drag away from it; let go to fire. "
               "Or set Elevation and Power, then press Fire!",
        "key": "That key does nothing here: the arrow keys aim, Space changes the launcher and Enter fires.",
        "gesture": "That does nothing here.",
    },
    "fr": {
        "blue": "Bleu",
        "red": "Rouge",
        "cannon": "Canon",
        "mortar": "Mortier",
        "launcher": "Lanceur",
        "fire": "Feu !",
        "end": "Fin du tour",
        "only_end": "Aucun tir, déplacement ni étape de la course au trésor n'est possible avec vos {n} point{s} : "
                    "il ne reste qu'à finir le tour.",
        "turn": "Tourner le brick",
        "stay": "Garder le brick",
        "two_compass": "Deux boussoles : tourner votre brick, ou le garder ? (SG-17)",
        "aim_help": "Glissez depuis le lanceur cerclé pour viser et relâchez pour tirer, ou réglez les curseurs et "
                    "appuyez sur Feu ! Sur la scène, les flèches visent et Entrée tire.",
        "aim_help_touch": "Posez le doigt sur le lanceur cerclé et glissez pour viser\u00a0; relâchez pour tirer. "
                          "Ou réglez les curseurs et appuyez sur Feu\u00a0!",
        "guided": "Contre le débutant, la ligne «\u00a0entraînement\u00a0» montre où ira votre tir, "
                  "jusqu'à votre premier coup au but.",
        "angle": "Élévation",
        "power": "Puissance",
        "angle_less": "un degré plus bas",
        "angle_more": "un degré plus haut",
        "power_less": "un pour cent de puissance en moins",
        "power_more": "un pour cent de puissance en plus",
        "points": "Points restants",
        "points_left": "Points restants\u00a0:",  # French: a no-break space before the colon
        "pirates": "Pirates debout",
        "cannons": "Canons-cibles debout",
        "run": "Course au trésor",
        "captain": "Capitaine",
        "captain_up": "debout",
        "captain_down": "tombé",
        "one_die": " (un seul dé, SG-18)",
        "turn_now": "joue",
        "you": "vous",
        "row out": "Ramer vers l'île au Trésor (1)",
        "load": "Charger un coffre (1)",
        "row back": "Revenir à la base (1)",
        "replace": "Remplacer le canon-cible {slot} (1)",
        "crew": "Envoyer le pirate de {where} dans l'embarcation (2)",
        "crew_pick": "Envoyer un pirate dans l'embarcation (2)",
        "crew_which": "Quel pirate va dans l'embarcation\u00a0?",
        "no_crew": "Aucun pirate ne peut aller dans l'embarcation maintenant.",
        "run_base": "embarcation à la base",
        "run_out": "à l'île au Trésor",
        "run_loaded": "coffre à bord, attente d'un tour",
        "run_ready": "coffre à bord, prêt à revenir",
        "run_home": "coffre à la base : remplacer un canon-cible",
        "run_nocrew": "embarcation sans pirate",
        "no_fire": "Aucun de vos canons-cibles n'est debout : vous ne pouvez pas tirer (SG-06).",
        "move": "Déplacer un pirate (1)",
        "which": "Quel pirate se déplace ?",
        "moving": "Où va le pirate {where} ?",
        "captain_mark": "{where} (capitaine)",
        "cancel": "Annuler",
        "facing": "Face à l'ennemi",
        "broadside": "bordée {side}",
        "port": "bâbord",
        "starboard": "tribord",
        "chests": "Coffres sur l'île au Trésor",
        "aboard": " · 1 à bord",
        "dice": "Dés",
        "compass": "boussole (3)",
        "roll_first": "Lancer les dés",
        "draw": "Tirer au sort qui commence",
        "no_pirate": "Aucun de vos pirates n'est là.",
        "stuck": "Ce pirate n'a nulle part où aller : toutes les places qu'il pourrait prendre sont occupées (SG-11).",
        "no_move": "Aucun de vos pirates ne peut se déplacer maintenant (SG-11).",
        "enemy": "C'est un {what} de {side} : pour le faire tomber, visez-le avec un lanceur et tirez (SG-05).",
        "pirate": "pirate",
        "not_yet": "Lancez d'abord les dés : vos points paient la visée et le tir (SG-03).",
        "tap": "Pour viser, tenez le lanceur cerclé et glissez en vous en éloignant ; relâchez pour tirer. "
               "Ou réglez Élévation et Puissance, puis appuyez sur Feu !",
        "key": "Cette touche ne fait rien ici : les flèches visent, Espace change de lanceur et Entrée tire.",
        "gesture": "Cela ne fait rien ici.",
    },
}


def page_text(lang: str, key: str) -> str:
    """The page's words for ``key`` in ``lang`` (English for anything else)."""
    return TEXT.get(lang, TEXT["en"])[key]


def sentence(text: str) -> str:
    """A refusal as a sentence: capital first letter (the engine's reasons start in lower case)."""
    return text[:1].upper() + text[1:]


def view_lang(ctx: ViewContext) -> str:
    """The page's language, as the view knows words for it."""
    return ctx.lang if ctx.lang in TEXT else "en"

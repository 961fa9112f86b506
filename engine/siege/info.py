"""Siege's name, seats, rule IDs and what its set-up offers: data only, read without loading the rules."""

from engine.spec import GameInfo, GameOption

INFO = GameInfo(
    name="siege",
    title="Siege",
    min_seats=2,
    max_seats=2,
    rule_prefix="SG",
    bots=("random", "aim:easy", "aim", "aim:hard", "mcts:easy", "mcts:medium", "mcts:hard"),
    bot_labels=(
        ("aim", "Bot: quick gunner", "Robot : canonnier rapide"),
        ("aim:easy", "Bot: shaky gunner", "Robot : canonnier maladroit"),
        ("aim:hard", "Bot: sharp gunner", "Robot : fin canonnier"),
    ),
    options=(
        GameOption("captain", "Captain rule: a side whose captain falls rolls one die (SG-18)",
                   "Règle du capitaine : un camp dont le capitaine tombe ne lance qu'un dé (SG-18)"),
        GameOption("balanced_start", "Balancing set-up: Crab Claw (Blue) plays first only on a compass of one pirate "
                   "die, else Fort Island (see the rules)",
                   "Mise en place équilibrante : Pince de crabe (Bleu) ne commence que sur une boussole d'un dé "
                   "pirate, sinon l'île du Fort (voir les règles)"),
        GameOption("earlier_setup", "Earlier set-up of this site: palisade 1 and one place on the fort start empty",
                   "Mise en place des versions précédentes : la palissade 1 et une place du fort commencent vides"),
        GameOption("earlier_crew", "Earlier longboat rule of this site: a new pirate aboard always costs 2 points, "
                   "and the longboat's pirate stays aboard at Treasure Island",
                   "Règle de l'embarcation des versions précédentes : un nouveau pirate à bord coûte toujours 2 points, "
                   "et le pirate de l'embarcation reste à bord à l'île au Trésor"),
        GameOption("training", "Training: show the trajectory while aiming",
                   "Entraînement : montrer la trajectoire en visant"),
    ),
)

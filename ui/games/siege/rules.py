"""Siege's illustrated rules page in French and English.

Every scene is drawn by the game's own renderer from a real position reached
through the engine (real dice, real shots with their scatter), so the
pictures cannot drift from the rules the engine plays.

>>> html = rules_page("en")
>>> html.count("<figure") >= 6 and "SG-19" in html and "<html" not in html
True
>>> "Le compas" in rules_page("fr")
True
"""

from __future__ import annotations

from html import escape

from engine.numbers import number, percent
from engine.siege import Siege
from engine.siege.actions import Dice
from engine.siege.info import INFO
from engine.siege.scene import GRAVITY, MAX_TURNS, WEAPONS, WIDTH
from engine.siege.state import SiegeState
from ui.app.words import Catalogue, lang_of, pick, typography
from ui.games.siege.board import render
from ui.site.rulebook import for_players

GAME = Siege()

STYLE = """<style>
.sg-rules{line-height:1.5;max-width:64rem}
.sg-rules h2{margin-top:1.6rem}
.sg-figs{display:flex;flex-wrap:wrap;gap:1rem;margin:.6rem 0}
.sg-fig{flex:1 1 18rem;max-width:30rem;margin:0}
.sg-fig.sg-wide{flex-basis:100%;max-width:none}
.sg-fig svg{width:100%;height:auto;border-radius:.5rem;box-shadow:0 1px 4px #0003}
.sg-fig figcaption{font-size:.9rem;color:#30424f}
.sg-rules table{border-collapse:collapse;font-size:.92rem}
.sg-rules td,.sg-rules th{border:1px solid #cfd9e2;padding:.2rem .5rem;text-align:left}
</style>"""

#: the actions behind each figure (all chance outcomes fixed)
BLUE = ("first blue", "dice 4 4")
RED = ("first red", "dice 4 4")


def play(*actions: str) -> SiegeState:
    state = GAME.new(2)
    for action in actions:
        state = GAME.apply(state, GAME.parse_action(action))
    return state


def figure(state: SiegeState, caption: str, lang: str, name: str, wide: bool = False, **options: object) -> str:
    """One scene; ``name`` sets its drawing apart from the page's others, both languages' and the game's."""
    svg = render(GAME, state, lang=lang, caption=caption, animate=False, uid=f"sg-{lang}-{name}",
                 **options)  # type: ignore[arg-type]
    cls = "sg-fig sg-wide" if wide else "sg-fig"
    return f'<figure class="{cls}">{svg}<figcaption>{escape(caption)}</figcaption></figure>'


#: The figures' captions, by figure, and the page's title.
CAPTIONS = Catalogue({
    "en": {
        "layout": "The layout: Blue (Crab Claw Island) on the left, Red (Fort Island) on the right, Treasure Island between.",
        "mortar": "Red's cannon (16°, 99%) hits palisade 2; its mortar (48°, 87%) drops over it onto the sheltered pirate.",
        "run": "The chest run, turn 1: Blue's longboat is at Treasure Island with a chest aboard (2 points).",
        "compass_before": "Before: Blue shows its port broadside, where one target-cannon still stands.",
        "compass_after": "A compass and a 5: the brig turns, its starboard broadside (two target-cannons) now faces Red; Blue has 8 points.",
        "fort": "A direct hit on the door (cannon 17°, 92%): the fort falls with the three pirates on top (SG-14, SG-16).",
        "bowsprit": "The bowsprit hit (mortar 45°, 74%): the mainsail is ejected and knocks down the pirate on the main deck (SG-19).",
        "title": "Siege — rules",
    },
    "fr": {
        "layout": "La mise en place : Bleu (île Pince de crabe) à gauche, Rouge (île du Fort) à droite, l'île au Trésor au milieu.",
        "mortar": "Le canon de Rouge (16°, 99\u202f%) touche la palissade 2 ; son mortier (48°, 87\u202f%) passe par-dessus et touche le pirate abrité.",
        "run": "La course au trésor, 1er tour : l'embarcation de Bleu est à l'île au Trésor avec un coffre (2 points).",
        "compass_before": "Avant : Bleu montre sa bordée bâbord, où un seul canon-cible tient encore.",
        "compass_after": "Un compas et un 5 : le brick tourne, sa bordée tribord (deux canons-cibles) fait face à Rouge ; Bleu a 8 points.",
        "fort": "Un coup direct sur la porte (canon 17°, 92\u202f%) : le fort tombe avec les trois pirates du sommet (SG-14, SG-16).",
        "bowsprit": "Le beaupré touché (mortier 45°, 74\u202f%) : la grand-voile est éjectée et fait tomber le pirate du pont (SG-19).",
        "title": "Siège — règles",
    },
})


def figures(lang: str) -> dict[str, str]:
    """The scenes, each built from a real position."""
    w = CAPTIONS.of(lang)
    out: dict[str, str] = {}
    start = play(*BLUE)
    out["layout"] = figure(
        start,
        w("layout"),
        lang, "layout", wide=True,
    )
    red = play(*RED)
    out["mortar"] = figure(
        red,
        w("mortar"),
        lang, "mortar", shots=(("cannon", 16, 99, 0.0, 0.0), ("mortar", 48, 87, 0.0, 0.0)),
        crop=(100, 110, 240, 120),
    )
    run = play(*BLUE, "row out", "load")
    out["run"] = figure(
        run,
        w("run"),
        lang, "run", crop=(200, 110, 440, 140),
    )
    # Red first knocks down one of Blue's port target-cannons, then Blue rolls a compass
    before = play(*RED, "fire cannon 17 88", "scatter +0 +0", "end")
    after = GAME.apply(before, Dice((3, 5)))
    out["compass_before"] = figure(
        before,
        w("compass_before"),
        lang, "cmpA", crop=(220, 0, 340, 240),
    )
    out["compass_after"] = figure(
        after,
        w("compass_after"),
        lang, "cmpB", crop=(220, 0, 340, 240),
    )
    door = play(*BLUE, "fire cannon 17 92", "scatter +0 +0")
    out["fort"] = figure(
        door,
        w("fort"),
        lang, "fort", crop=(560, 40, 440, 210),
    )
    sail = play(*BLUE, "fire mortar 45 74", "scatter +0 +0")
    out["bowsprit"] = figure(
        sail,
        w("bowsprit"),
        lang, "sail", crop=(560, 40, 240, 210),
    )
    return out


EN = """
<h2>Goal <span class="clause">SG-02</span></h2>
<p>Knock down all the enemy's pirates, <em>or</em> destroy all the enemy's target-cannons once the enemy can
replace none: its own three chests are used (a chest lost in its longboat counts) and none is aboard.</p>
<h2>The battlefield <span class="clause">SG-01</span></h2>
<p>Two sides, each with a brig (four target-cannons, two on each broadside), a home island, a longboat, a cannon
and a mortar. Crab Claw Island (Blue) has two target-cannons, four palisades and two palms; Fort Island (Red) has two
target-cannons, the fort and one palm. Treasure Island, in the middle, has three palms and the six chests: three for
each side. Each side has ten pirates, one of them the captain (the tricorn hat).</p>
{layout}
<p>The scene is a side view in one coordinate system: lengths in millimetres of the tabletop (the scene is {width} mm
wide), heights measured up from the sea, gravity {g:g} mm/s². Every piece is drawn over its real hitbox.</p>
<h2>A turn <span class="clause">SG-03 SG-04 SG-17</span></h2>
<p>Roll the two pirate dice: each has a compass (worth 3), three 4s and two 5s; the sum is your points. Each point
buys one of: a shot, a step of the chest run, or moving a pirate to a free spot. Mix them as you like; when the
points are spent the turn passes (or end it early).</p>
<p><b>The compass.</b> With one compass you must turn your brig around: your other broadside, with its own two
target-cannons, now faces the enemy. You still get the 3 points. With two compasses, turning is your choice. The brig
moves no other way.</p>
<div class="sg-figs">{compass_before}{compass_after}</div>
<h2>Shooting <span class="clause">SG-05 SG-06 SG-15</span></h2>
<p>You fire from the back of your island: drag from the cannon or the mortar to aim (the arrow shows the elevation
and the power), or use the arrow keys and Enter. A shot costs 1 point. You may fire only while at least one of your
target-cannons stands, whichever way it faces.</p>
<p>The cannon fires low and flat ({c0}° to {c1}°); the mortar lobs high ({m0}° to {m1}°). Elevation is set in whole
degrees and power in whole percent. Like a spring launcher, every shot then gets a small scatter: up to 1° and 2 %
either way, drawn from a table the bots know too. The flight is exact (no air drag): the first thing the ball meets
is hit.</p>
<p><b>Palisades.</b> A palisade shields the pirate behind it from the cannon: no flat shot can drop behind it. The
mortar can. A palisade is not put back once down.</p>
{mortar}
<h2>The chest run <span class="clause">SG-07 SG-08 SG-09 SG-10 SG-12</span></h2>
<p>A chest replaces a fallen target-cannon. Each player takes up to three chests: three of the six are yours, the
other three are your opponent's and never yours (the book: "chaque joueur peut prendre jusqu'à 3 coffres", "Trois
canons-cibles peuvent être remplacés par 3 coffres au trésor pour chaque joueur"). The run needs a pirate in your
longboat and takes 4 points over two turns: <b>turn 1</b>, row to Treasure Island (1) and load a chest (1);
<b>turn 2</b>, row back (1) and put a target-cannon back on the brig or the island (1). Points left after the first
half may be spent firing. Never more than one chest in the longboat; a direct hit on a longboat carrying a chest
knocks it out and it is lost, and the run may start again with your next chest: the lost chest counts as one of your
three. The book says "vous pouvez alors répéter la séquence": we read it as "you may run again", not as "the chest
is given back", because the same book counts the chests a player takes, three in all, and loses the player whose
three are used. A longboat at Treasure Island without a chest may row back empty (1 point). If the longboat's pirate
is hit, the book counts "1 point pour retourner à la base et 1 point pour placer un nouveau pirate": 2 points from
Treasure Island, and 1 when the longboat is at its base already. A chest loaded this turn still waits for the next
turn to come back, even with a new pirate.</p>
{run}
<h2>Pirates <span class="clause">SG-11 SG-14 SG-15 SG-18</span></h2>
<p>Pirates start on the longboat, the brig, the fort and the island's marked spots. As the book says, every
palisade shields one pirate ("Chaque palissade protège 1 pirate") and the fort's three places are manned; Crab Claw's
two other islanders stand on the beach and the dune, Fort Island's three on the beach, the dune and the yard behind
the fort (the marked spots are on the box's Figure 1, which we do not have: these are our choice). For 1 point a
pirate moves to any free spot ("vers tout endroit libre"): behind an intact palisade, or onto the fort's top step
once the fort is down. The longboat's pirate may step ashore too, at its base or at Treasure Island ("tout
endroit libre"); the longboat then needs a new pirate before it rows again, at the cost above (from Treasure
Island, the new pirate brings it back to base). Optional captain rule: once a side's captain is down, that side
rolls only one die. The option <code>earlier_crew</code> (off by default) is this site's earlier longboat rule, with
which the games played here before it followed the book are replayed: a new pirate aboard always costs 2 points, and
at Treasure Island the longboat's pirate stays aboard.</p>
<h2>What falls <span class="clause">SG-10 SG-13 SG-14 SG-16 SG-19</span></h2>
<ul>
<li>A target that is hit falls. Everything except the target-cannons stays down for good.</li>
<li>A hit on the fort's door brings the fort down, with every pirate on top of it. The fort is not put back.</li>
<li>A hit on the bowsprit ejects the mainsail, which falls on the main deck and knocks down the pirate there.</li>
<li>A pirate that falls is out, even when a falling piece rather than a ball knocked it down.</li>
<li>A direct hit on a longboat carrying a chest knocks the chest out: it is lost.</li>
<li>A palisade falls flat; the pirate behind it stays up, exposed. A target-cannon drops off its base.</li>
<li>Walls, hulls, palm trunks, the islands and the fort's stone steps stop a ball; nothing falls.</li>
</ul>
<div class="sg-figs">{fort}{bowsprit}</div>
<!-- for the curious -->
<h2>House rules of this edition</h2>
<ul>
<li>A draw decides who plays first.</li>
<li>The launchers stand beside your own island, so your own pieces are never in your line of fire.</li>
<li>A game that reaches {turns} turns in all ends in a draw.</li>
</ul>
<h2>The set-up and the balance</h2>
<p>The book's set-up is the default. Two aiming bots playing each other 400 times with it ({book_cmd}): Blue (Crab
Claw Island) wins {book_blue}, Red (Fort Island) {book_red} (95% intervals), in {book_turns} turns on average. Crab
Claw is ahead. Going first is a large advantage, larger for Crab Claw: with Fort Island always first (a test, not
an option) Blue wins only 44.8% (40.0-49.6%) of the same 400 games, so Crab Claw wins about two thirds of the games it
starts and Fort Island a little over half of its own.</p>
<p>The <b>balancing set-up</b> is the option <code>balanced_start</code> (named so in the game record; off by
default). It keeps a draw for who plays first but weights it: the book says "Décider quel joueur jouera en premier" and leaves the
choice to the players, so here one pirate die decides, and Crab Claw plays first only on a compass (1 chance in 6),
Fort Island otherwise. The same 400 games ({balanced_cmd}) give Blue {balanced_blue} and Red {balanced_red}, in
{balanced_turns} turns.</p>
<p>The option <code>earlier_setup</code> (off by default) is the set-up of this site's earlier versions: Crab Claw
leaves palisade 1 unmanned and puts that pirate in the clearing, and Fort Island keeps two pirates on the fort and
puts the third on the rocks by its palm. It was meant to even the sides out, but 400 games ({earlier_cmd}) give Blue
{earlier_blue} and Red {earlier_red}, no fairer than the book's; games saved before this edition were played with it
and replay with it.</p>
"""

FR = """
<h2>But du jeu <span class="clause">SG-02</span></h2>
<p>Faire tomber tous les pirates de l'adversaire, <em>ou</em> détruire tous ses canons-cibles une fois qu'il ne peut
plus en remplacer aucun : ses trois coffres sont utilisés (un coffre perdu dans son embarcation compte) et aucun n'est
à bord.</p>
<h2>Le champ de bataille <span class="clause">SG-01</span></h2>
<p>Deux camps, chacun avec un brick (quatre canons-cibles, deux par bordée), une île, une embarcation, un canon et un
mortier. L'île Pince de crabe (Bleu) a deux canons-cibles, quatre palissades et deux palmiers ; l'île du Fort (Rouge)
a deux canons-cibles, le fort et un palmier. L'île au Trésor, au milieu, a trois palmiers et les six coffres : trois
pour chaque camp. Chaque camp a dix pirates, dont le capitaine (au tricorne).</p>
{layout}
<p>La scène est une vue de côté dans un seul repère : longueurs en millimètres de la table (la scène fait {width} mm
de large), hauteurs mesurées depuis la mer, gravité {g:g} mm/s². Chaque pièce est dessinée sur sa vraie zone de
touche.</p>
<h2>Un tour <span class="clause">SG-03 SG-04 SG-17</span></h2>
<p>Lancez les deux dés de pirate : chacun a un compas (qui vaut 3), trois 4 et deux 5 ; la somme donne vos points.
Chaque point achète : un tir, une étape de la course au trésor, ou le déplacement d'un pirate vers une place libre.
Combinez à votre guise ; quand les points sont dépensés, le tour passe (ou terminez-le plus tôt).</p>
<p><b>Le compas.</b> Avec un compas, vous devez tourner votre brick : l'autre bordée, avec ses deux canons-cibles,
fait alors face à l'ennemi. Vous gardez les 3 points. Avec deux compas, tourner est votre choix. Le brick ne bouge
pas autrement.</p>
<div class="sg-figs">{compass_before}{compass_after}</div>
<h2>Le tir <span class="clause">SG-05 SG-06 SG-15</span></h2>
<p>On tire depuis l'arrière de son île : glissez depuis le canon ou le mortier pour viser (la flèche indique
l'élévation et la puissance), ou utilisez les flèches du clavier et Entrée. Un tir coûte 1 point. On ne peut tirer
que tant qu'au moins un de ses canons-cibles est debout, quelle que soit sa direction.</p>
<p>Le canon tire bas et tendu ({c0}° à {c1}°) ; le mortier tire en cloche ({m0}° à {m1}°). L'élévation se règle au
degré près et la puissance au pour cent près. Comme un lanceur à ressort, chaque tir reçoit ensuite une petite
dispersion : jusqu'à 1° et 2 % de part et d'autre, tirée d'une table que les robots connaissent aussi. Le vol est
exact (sans frottement de l'air) : la première chose que le boulet rencontre est touchée.</p>
<p><b>Palissades.</b> Une palissade protège du canon le pirate qui est derrière : aucun tir tendu ne peut plonger
derrière elle. Le mortier, si. Une palissade détruite n'est pas remise.</p>
{mortar}
<h2>La course au trésor <span class="clause">SG-07 SG-08 SG-09 SG-10 SG-12</span></h2>
<p>Un coffre remplace un canon-cible tombé. Chaque joueur prend au plus trois coffres : trois des six sont à vous,
les trois autres à votre adversaire et jamais à vous (la règle : « chaque joueur peut prendre jusqu'à 3 coffres »,
« Trois canons-cibles peuvent être remplacés par 3 coffres au trésor pour chaque joueur »). Il faut un pirate dans
l'embarcation, et la course coûte 4 points sur deux tours : <b>1er tour</b>, ramer jusqu'à l'île au Trésor (1) et
charger un coffre (1) ; <b>2e tour</b>, revenir (1) et remettre un canon-cible sur le brick ou sur l'île (1). Les
points restants après la première moitié peuvent servir à tirer. Jamais plus d'un coffre dans l'embarcation ; un
coup direct sur l'embarcation qui porte un coffre le fait tomber : il est perdu, et la course peut recommencer avec
votre coffre suivant : le coffre perdu compte parmi vos trois. La règle dit « vous pouvez alors répéter la
séquence » : nous le lisons comme « vous pouvez refaire la course », non comme « le coffre vous est rendu », car la
même règle compte les coffres que prend chaque joueur, trois en tout, et fait perdre celui dont les trois sont
utilisés. Une embarcation à l'île au Trésor sans coffre peut revenir à vide (1 point). Si le pirate de l'embarcation
est touché, la règle compte « 1 point pour retourner à la base et 1 point pour placer un nouveau pirate » : 2 points
depuis l'île au Trésor, et 1 quand l'embarcation est déjà à sa base. Un coffre chargé dans ce tour attend le tour
suivant pour revenir, même avec un nouveau pirate.</p>
{run}
<h2>Les pirates <span class="clause">SG-11 SG-14 SG-15 SG-18</span></h2>
<p>Les pirates commencent sur l'embarcation, le brick, le fort et les places marquées de l'île. Comme le dit la
règle, chaque palissade protège un pirate (« Chaque palissade protège 1 pirate ») et les trois places du fort sont
occupées ; les deux autres pirates de Pince de crabe sont sur la plage et la dune, les trois de l'île du Fort sur la
plage, la dune et la cour derrière le fort (les places marquées sont sur la figure 1 de la boîte, que nous n'avons
pas : c'est notre choix). Pour 1 point, un pirate va sur n'importe quelle place libre (« vers tout endroit libre ») :
derrière une palissade intacte, ou sur la marche du fort une fois le fort tombé. Le pirate de l'embarcation peut
aussi débarquer, à sa base comme à l'île au Trésor (« tout endroit libre ») ; l'embarcation doit alors recevoir un
nouveau pirate avant de ramer de nouveau, au prix ci-dessus (depuis l'île au Trésor, le nouveau pirate la ramène à
la base). Règle facultative du capitaine : quand le capitaine d'un camp est tombé, ce camp ne lance plus qu'un dé.
L'option <code>earlier_crew</code> (désactivée par défaut) est l'ancienne règle de l'embarcation de ce site, avec
laquelle sont rejouées les parties jouées ici avant qu'il suive la règle sur ce point : un nouveau pirate à bord
coûte toujours 2 points, et à l'île au Trésor le pirate de l'embarcation reste à bord.</p>
<h2>Ce qui tombe <span class="clause">SG-10 SG-13 SG-14 SG-16 SG-19</span></h2>
<ul>
<li>Une cible touchée tombe. Tout, sauf les canons-cibles, reste à terre pour de bon.</li>
<li>Un coup sur la porte du fort fait tomber le fort, avec tous les pirates qui sont dessus. Il n'est pas remis.</li>
<li>Un coup sur le beaupré éjecte la grand-voile, qui tombe sur le pont principal et fait tomber le pirate qui s'y
trouve.</li>
<li>Un pirate tombé est éliminé, même si c'est une pièce qui tombe, et non un boulet, qui l'a renversé.</li>
<li>Un coup direct sur l'embarcation qui porte un coffre fait tomber le coffre : il est perdu.</li>
<li>Une palissade tombe à plat ; le pirate derrière reste debout, à découvert. Un canon-cible tombe de son socle.</li>
<li>Murs, coques, troncs de palmier, îles et marches du fort arrêtent le boulet ; rien ne tombe.</li>
</ul>
<div class="sg-figs">{fort}{bowsprit}</div>
<!-- for the curious -->
<h2>Règles maison de cette édition</h2>
<ul>
<li>Un tirage au sort décide qui commence.</li>
<li>Les lanceurs sont à côté de votre île : vos propres pièces ne sont jamais sur la trajectoire.</li>
<li>Une partie qui atteint {turns} tours au total est nulle.</li>
</ul>
<h2>La mise en place et l'équilibre</h2>
<p>La mise en place de la règle est celle par défaut. Deux robots viseurs qui s'affrontent 400 fois avec elle
({book_cmd}) : Bleu (île Pince de crabe) gagne {book_blue}, Rouge (île du Fort) {book_red} (intervalles à 95 %), en
{book_turns} tours en moyenne. Pince de crabe a l'avantage. Jouer en premier est un gros avantage, plus gros pour
Pince de crabe : avec l'île du Fort toujours en premier (un essai, pas une option), Bleu ne gagne que 44,8 % (40,0-49,6
%) des mêmes 400 parties ; Pince de crabe gagne donc environ deux tiers des parties qu'elle commence, et l'île du Fort
un peu plus de la moitié des siennes.</p>
<p>La <b>mise en place équilibrante</b> est l'option <code>balanced_start</code> (ainsi nommée dans
l'enregistrement de la partie ; désactivée par défaut). Elle garde un tirage pour qui joue en premier, mais le
pondère : la règle dit « Décider quel joueur jouera en premier » et laisse le choix aux joueurs ; ici
un dé pirate décide, et Pince de crabe ne commence que sur une boussole (1 chance sur 6), l'île du Fort sinon. Les
mêmes 400 parties ({balanced_cmd}) donnent à Bleu {balanced_blue} et à Rouge {balanced_red}, en {balanced_turns}
tours.</p>
<p>L'option <code>earlier_setup</code> (désactivée par défaut) est la mise en place des versions précédentes de ce
site : Pince de crabe laisse la palissade 1 vide et place ce pirate dans la clairière, l'île du Fort garde deux
pirates sur le fort et place le troisième sur les rochers près du palmier. Elle devait équilibrer les camps, mais
400 parties ({earlier_cmd}) donnent à Bleu {earlier_blue} et à Rouge {earlier_red}, pas plus équitable que la règle ;
les parties enregistrées avant cette édition ont été jouées avec elle et se rejouent avec elle.</p>
"""


#: The balance of the set-ups, measured (docs/bots.md, "Balance"; docs/decisions/siege-set-up.md): two aiming bots, 400 games each, seed 1;
#: (share, 95% interval low, high) for Blue and Red, and the average length in turns.
BALANCE: dict[str, dict[str, object]] = {
    "book": {
        "cmd": "python -m engine selfplay siege --bots aim,aim --games 400",
        "blue": (0.5625, 0.514, 0.610), "red": (0.4375, 0.390, 0.486), "turns": 9.3,
    },
    "balanced": {
        "cmd": "python -m engine selfplay siege --bots aim,aim --games 400 --options '{\"balanced_start\": true}'",
        "blue": (0.4825, 0.434, 0.531), "red": (0.5175, 0.469, 0.566), "turns": 9.4,
    },
    "earlier": {
        "cmd": "python -m engine selfplay siege --bots aim,aim --games 400 --options '{\"earlier_setup\": true}'",
        "blue": (0.555, 0.506, 0.603), "red": (0.445, 0.397, 0.494), "turns": 9.8,
    },
}


def _share(figures: tuple[float, float, float], lang: str) -> str:
    """``(0.54, 0.44, 0.63)`` as "54.0% (44.0-63.0%)" (French: "54,0 % (44,0-63,0 %)").

    >>> _share((0.54, 0.44, 0.63), "fr") == "54,0\u202f% (44,0-63,0\u202f%)", _share((0.54, 0.44, 0.63), "en")
    (True, '54.0% (44.0-63.0%)')
    """
    share, low, high = figures
    return f"{percent(share, lang, 1, share=True)} ({number(100 * low, lang, 1)}-{percent(high, lang, 1, share=True)})"


def _balance(lang: str) -> dict[str, str]:
    """The figures of :data:`BALANCE` as the page's words: ``book_blue``, ``fort_cmd``..."""
    out = {}
    for key, figures in BALANCE.items():
        turns = number(figures["turns"], lang, 1)  # type: ignore[arg-type]
        out[f"{key}_cmd"] = f"<code>{escape(str(figures['cmd']))}</code>"
        out[f"{key}_blue"] = _share(figures["blue"], lang)  # type: ignore[arg-type]
        out[f"{key}_red"] = _share(figures["red"], lang)  # type: ignore[arg-type]
        out[f"{key}_turns"] = turns
    return out


def rules_page(lang: str) -> str:
    """The rules as an HTML fragment in ``lang`` ("fr" or "en")."""
    lang = lang_of(lang)
    figs = figures(lang)
    text = typography(lang, pick(lang, EN, FR)).format(
        **_balance(lang),
        width=WIDTH,
        g=GRAVITY,
        c0=WEAPONS["cannon"].angles[0],
        c1=WEAPONS["cannon"].angles[1],
        m0=WEAPONS["mortar"].angles[0],
        m1=WEAPONS["mortar"].angles[1],
        turns=MAX_TURNS,
        **figs,
    )
    text = for_players(text, lang, prefix=INFO.rule_prefix)
    title = CAPTIONS(lang, "title")
    return f'{STYLE}<article class="sg-rules" lang="{lang}"><h1>{escape(title)}</h1>{text}</article>'

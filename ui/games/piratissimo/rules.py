"""Piratissimo's illustrated rules, in French and English.

Every figure is drawn by the game's own renderer from a real position: a
state built with the engine and real actions applied to it.

>>> html = rules_page("fr")
>>> "<h2>" in html and html.count("<svg") == len(FIGURES)
True
"""

from __future__ import annotations

from dataclasses import replace
from html import escape

from engine.piratissimo import HOME, Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.info import INFO
from engine.piratissimo.rules import ROLL
from ui.app.words import lang_of, pick
from ui.games.piratissimo.board import board_svg
from ui.site.rulebook import for_players

GAME = Piratissimo()


def _position(seats: int, **fields: object) -> PirState:
    """A fresh game's state with ``fields`` changed; the hold gives what is aboard or banked."""
    state = replace(GAME.new(seats), seat=0, phase=ROLL)
    state = replace(state, **fields)  # type: ignore[arg-type]
    return replace(state, hold=D.TREASURES - sum(state.cargo) - sum(state.bank))


def _figure(key: str, lang: str) -> str:
    """One figure: (previous, action, after) from real play, drawn still."""
    fig = FIGURES[key]
    state = _position(fig["seats"], **fig["fields"])
    previous = None
    last = None
    for text in fig["actions"]:  # the figures' actions are written as records write them
        action = GAME.parse_action(text)
        previous, last = state, action
        state = GAME.apply(state, action)
    svg = board_svg(
        GAME,
        state,
        previous=previous,
        last_action=last,
        lang=lang,
        uid=f"pir-{key}-{lang}",
        animate=False,
        trace=True,
        show_options=bool(fig.get("options")),
        crop=fig["crop"],
        title=fig[lang],
    )
    return f'<figure>{svg}<figcaption>{escape(fig[lang])}</figcaption></figure>'


#: The figures: a position, the real actions played from it, the crop, captions.
FIGURES: dict[str, dict] = {
    "skip": {
        "seats": 4,
        "fields": {"pos": (3, 5, 5, HOME)},
        "actions": ["die 2"],
        "crop": (420, 20, 520, 420),
        "en": "PI-03: Red rolls a 2 from island 4; island 6 already holds Blue and Green, so Red goes on to island 7.",
        "fr": "PI-03 : Rouge fait 2 depuis l’île 4 ; l’île 6 porte déjà Bleu et Vert, Rouge avance donc à l’île 7.",
    },
    "shortcut": {
        "seats": 2,
        "fields": {"pos": (1, HOME), "cargo": (2, 0)},
        "actions": ["die 2", "sail 6 via 2"],
        "crop": (230, 10, 560, 420),
        "en": "PI-08: with a 2 from island 2, Red pays 1 treasure to follow the blue arrow to island 5, then sails on to 6.",
        "fr": "PI-08 : avec un 2 depuis l’île 2, Rouge paie 1 trésor pour suivre la flèche bleue jusqu’à l’île 5, puis va à l’île 6.",
    },
    "tornado": {
        "seats": 2,
        "fields": {"pos": (4, 8), "cargo": (1, 3), "tornado": 10},
        "actions": ["die tornado"],
        "options": True,
        "crop": (420, 20, 560, 600),
        "en": "PI-09: a tornado face. Red advances 1 island, then moves the tornado 1 to 4 islands along the white arrows; "
        "2 would stop it on Blue's island 9 and the compass would decide Blue's fate.",
        "fr": "PI-09 : face tornade. Rouge avance d’une île, puis déplace la tornade de 1 à 4 îles le long des flèches "
        "blanches ; 2 l’arrêterait sur l’île 9 de Bleu et le compas déciderait du sort de Bleu.",
    },
    "storm": {
        "seats": 2,
        "fields": {"pos": (4, 8), "cargo": (1, 3), "tornado": 10},
        "actions": ["die tornado", "tornado 2", "compass 1"],
        "crop": (300, 20, 680, 680),
        "en": "PI-09: the needle stops on sector 1: its tornado action sends 2 of Blue's treasures back to the hold (the ruby is not read).",
        "fr": "PI-09 : l’aiguille s’arrête sur le secteur 1 : son action tornade renvoie 2 trésors de Bleu à la cale (le rubis ne compte pas).",
    },
    "piracy": {
        "seats": 2,
        "fields": {"pos": (2, 4), "cargo": (2, 3)},
        "actions": ["die 2", "pirate", "compass 1"],
        "crop": (150, 0, 640, 560),
        "en": "PI-07: Red ends beside Blue, attempts piracy and the needle stops on a ruby: 2 treasures change ships.",
        "fr": "PI-07 : Rouge s’arrête à côté de Bleu, tente un acte de piraterie et l’aiguille tombe sur un rubis : 2 trésors changent de navire.",
    },
    "capsize": {
        "seats": 2,
        "fields": {"pos": (2, HOME), "cargo": (6, 0)},
        "actions": ["die 1"],
        "crop": (0, 0, 620, 500),
        "en": "PI-05 and PI-10: with 6 aboard, Red ends on the open chest of island 4 and must load 2: "
        "8 treasures capsize the ship; the cargo goes back to the hold and the ship to its port.",
        "fr": "PI-05 et PI-10 : avec 6 à bord, Rouge s’arrête sur le coffre ouvert de l’île 4 et doit charger 2 : "
        "8 trésors font chavirer le navire ; la cargaison retourne à la cale et le navire à son port.",
    },
}


TEXT: dict[str, str] = {
    "en": """
<h2>Goal</h2>
<p id="en-PI-01">Be the first pirate to bring <strong>9 treasures</strong> back to your home port (PI-01). Treasures count only once
they are unloaded at home (PI-11): gold aboard can still be lost.</p>
<h2>The sea</h2>
<p>24 islands form a ring around the compass. Ships sail clockwise along the <strong>red arrows</strong>; the tornado
moves the other way along the <strong>white arrows</strong>. Each corner holds a home port joined to one island of the
ring. Every side of the ring is alike: three plain islands (the corner island, where a home port joins the
ring, the island where the blue arrow starts, and the last one before the next corner), a closed chest of 3, an open chest and a closed chest of 2, with one
<strong>blue arrow</strong> (a shortcut over two islands). All ships start in their ports; chance picks who
starts, then play goes round the table.</p>
<h2>Your turn</h2>
<p>Roll the die: 1, 2, 3, 4 or one of its two tornado faces.</p>
<h3>A number</h3>
<p id="en-PI-02">Sail that many islands along the red arrows; leaving port, the first step is your port's island
(PI-02).</p>
<p id="en-PI-03">Never more than 2 ships on an island: if your move ends on an island that already has 2 ships, go on to
the next (PI-03).</p>
{skip}
<p>Where your ship stops:</p>
<ul>
<li id="en-PI-04"><strong>Closed chest</strong> (with its number): load from the hold up to that number, fewer or none (PI-04).</li>
<li id="en-PI-05"><strong>Open chest</strong>: you must load 2, even if it capsizes you (PI-05).</li>
<li id="en-PI-06"><strong>The tornado's island</strong>: nothing happens, no loading, no piracy, no harm (PI-06).</li>
<li id="en-PI-07"><strong>Another ship</strong>: no loading. Do nothing, or attempt piracy: spin the compass and read only the
rubies. A red ruby takes 2 treasures from that ship; no ruby, the attempt fails. Either way your turn ends (PI-07).</li>
</ul>
{piracy}
<h3>Shortcuts</h3>
<p id="en-PI-08">One step of your move may follow a blue arrow instead of a red one, for 1 treasure paid back to the hold
(PI-08). The page shows every destination, with and without the shortcut, before you choose.</p>
{shortcut}
<h3>Home</h3>
<p id="en-PI-11">When your move reaches or passes your port's island you may stop in your home port: the whole cargo is unloaded
and banked for good (PI-11). 9 banked wins at once (PI-01). Any path counts: red steps, a blue arrow (its treasure is
paid, then the rest is unloaded) or the push on from a full island (PI-03). A ship that stands on its own port's
island goes home with its next move, whatever number the die shows.</p>
<h3>The tornado face</h3>
<p id="en-PI-09">(1) Advance your ship 1 island and load or pirate if you can. (2) Move the tornado 1 to 4 islands along the white
arrows. If it stops on an island with 1 or 2 ships, spin the compass and apply its tornado action to every ship there:
<em>lose 2 treasures</em> to the hold, <em>blown 1 island onward</em>, <em>blown back to the home port</em> (where the
cargo is unloaded, safe) or <em>the storm passes</em>. Ships moved by the tornado do not load or pirate. Your turn
ends (PI-09).</p>
{tornado}
{storm}
<h3>Capsizing</h3>
<p id="en-PI-10">A ship carries at most 7 treasures: the 8th capsizes it. Its whole cargo goes back to the hold and the ship
restarts from its home port (PI-10).</p>
{capsize}
<!-- for the curious -->
<h2>Defaults of this edition</h2>
<ul>
<li>The die has 1, 2, 3, 4 and two tornado faces; the compass has 8 sectors, every other one with a ruby, and each
tornado action appears on two sectors (once with a ruby, once without).</li>
<li>The hold starts with {treasures} treasures; a load never takes more than the hold has.</li>
<li>The tornado starts on island {t2} with 2 players, {t3} with 3 and {t4} with 4: where self-play found the seats
fairest.</li>
<li>A piracy during a tornado face ends the ship's part of the turn; the tornado still moves.</li>
<li>The rulebook names the home port as the goal but the way into it is on the printed board, which the text does not
describe. Here a ship may stop at home whenever its path reaches or passes its port's island, by any route; a ship
already on that island needs no lap of the ring to get home: its next move, of any length, may end in port.</li>
<li>Chest numbers and shortcuts were tuned by self-play: four heuristic players finish in about 80 turns
(about 20 each, some 30 minutes at the table) and every seat wins about as often.</li>
<li>House rule: a safety limit of {limit} turns ends the game for the most treasures banked (never reached in practice).</li>
</ul>
""",
    "fr": """
<h2>But du jeu</h2>
<p id="fr-PI-01">Être le premier pirate à ramener <strong>9 trésors</strong> à son port d’attache (PI-01). Les trésors ne comptent
qu’une fois déchargés au port (PI-11) : l’or à bord peut encore être perdu.</p>
<h2>La mer</h2>
<p>24 îles forment un cercle autour du compas. Les navires tournent dans le sens des aiguilles d’une montre en suivant
les <strong>flèches rouges</strong> ; la tornade va dans l’autre sens le long des <strong>flèches blanches</strong>.
Chaque coin abrite un port d’attache relié à une île du cercle. Chaque côté est identique : un coffre fermé de 3, un
coffre ouvert, un coffre fermé de 2, trois îles sans coffre (l’île du coin, où un port rejoint le cercle, l’île d’où
part la flèche bleue et la dernière avant le coin suivant) et une <strong>flèche bleue</strong> (un raccourci au-dessus de deux îles). Tous les navires partent de leur port ; le hasard désigne le premier joueur, puis on joue
à tour de rôle.</p>
<h2>Votre tour</h2>
<p>Lancez le dé : 1, 2, 3, 4 ou l’une de ses deux faces tornade.</p>
<h3>Un nombre</h3>
<p id="fr-PI-02">Avancez d’autant d’îles en suivant les flèches rouges ; en quittant le port, le premier pas mène à
l’île de votre port (PI-02).</p>
<p id="fr-PI-03">Jamais plus de 2 navires sur une île : si votre déplacement se termine sur une île qui en porte déjà 2,
avancez jusqu’à l’île suivante (PI-03).</p>
{skip}
<p>Là où votre navire s’arrête :</p>
<ul>
<li id="fr-PI-04"><strong>Coffre fermé</strong> (avec son nombre) : chargez depuis la cale jusqu’à ce nombre, moins ou rien (PI-04).</li>
<li id="fr-PI-05"><strong>Coffre ouvert</strong> : vous devez charger 2 trésors, même si le navire chavire (PI-05).</li>
<li id="fr-PI-06"><strong>L’île de la tornade</strong> : il ne se passe rien, ni chargement, ni piraterie, ni dégât (PI-06).</li>
<li id="fr-PI-07"><strong>Un autre navire</strong> : pas de chargement. Ne rien faire ou tenter un acte de piraterie : faites tourner
le compas et ne regardez que les rubis. Un rubis rouge : prenez 2 trésors à ce navire ; pas de rubis : c’est raté.
Dans les deux cas votre tour se termine (PI-07).</li>
</ul>
{piracy}
<h3>Raccourcis</h3>
<p id="fr-PI-08">Un pas de votre déplacement peut suivre une flèche bleue au lieu d’une rouge, contre 1 trésor remis dans la cale
(PI-08). La page montre toutes les destinations, avec et sans raccourci, avant que vous choisissiez.</p>
{shortcut}
<h3>Le port</h3>
<p id="fr-PI-11">Quand votre déplacement atteint ou dépasse l’île de votre port, vous pouvez vous arrêter au port d’attache : toute
la cargaison est déchargée et mise à l’abri (PI-11). 9 trésors au port gagnent aussitôt (PI-01). Tout chemin compte :
les flèches rouges, une flèche bleue (son trésor est payé, puis le reste est déchargé) ou la poussée d’une île pleine
(PI-03). Un navire arrêté sur l’île de son propre port rentre au port à son déplacement suivant, quel que soit le
nombre du dé.</p>
<h3>La face tornade</h3>
<p id="fr-PI-09">(1) Avancez votre navire d’une île et chargez ou tentez la piraterie si possible. (2) Déplacez la tornade de 1 à 4
îles le long des flèches blanches. Si elle s’arrête sur une île avec 1 ou 2 navires, faites tourner le compas et
appliquez son action tornade à chacun d’eux : <em>perdre 2 trésors</em> (retour à la cale), <em>poussé d’une île</em>,
<em>renvoyé au port d’attache</em> (où la cargaison est déchargée, à l’abri) ou <em>la tempête passe</em>. Les navires
déplacés par la tornade ne chargent pas et ne piratent pas. Votre tour se termine (PI-09).</p>
{tornado}
{storm}
<h3>Chavirer</h3>
<p id="fr-PI-10">Un navire porte au plus 7 trésors : le 8e le fait chavirer. Toute sa cargaison retourne à la cale et le navire
repart de son port d’attache (PI-10).</p>
{capsize}
<!-- for the curious -->
<h2>Choix de cette édition</h2>
<ul>
<li>Le dé porte 1, 2, 3, 4 et deux faces tornade ; le compas a 8 secteurs, un sur deux avec un rubis, et chaque action
tornade figure sur deux secteurs (une fois avec rubis, une fois sans).</li>
<li>La cale contient {treasures} trésors au départ ; on ne charge jamais plus que ce qu’elle contient.</li>
<li>La tornade part de l’île {t2} à 2 joueurs, {t3} à 3 et {t4} à 4 : là où les parties simulées donnent les places
les plus équitables.</li>
<li>Une piraterie pendant une face tornade termine la part du navire ; la tornade se déplace quand même.</li>
<li>La règle désigne le port d’attache comme but, mais le chemin qui y mène est sur le plateau imprimé, que le texte
ne décrit pas. Ici un navire peut s’arrêter au port dès que son chemin atteint ou dépasse l’île de son port, quelle que
soit la route ; un navire déjà sur cette île n’a pas à refaire le tour du cercle : son déplacement suivant, de
n’importe quelle longueur, peut finir au port.</li>
<li>Les nombres des coffres et les raccourcis ont été réglés par des parties simulées : quatre joueurs heuristiques
finissent en 80 tours environ (une vingtaine chacun, une demi-heure autour de la table) et chaque place gagne aussi
souvent.</li>
<li>Règle maison : une limite de sécurité de {limit} tours termine la partie au profit du plus grand trésor au port
(jamais atteinte en pratique).</li>
</ul>
""",
}


def rules_page(lang: str) -> str:
    """The rules as an HTML fragment in ``lang`` ("fr" or "en")."""
    lang = lang_of(lang)
    figures = {key: _figure(key, lang) for key in FIGURES}
    title = pick(lang, "Piratissimo — rules", "Piratissimo — règles")
    starts = {f"t{n}": D.TORNADO_START[n] + 1 for n in (2, 3, 4)}
    body = TEXT[lang].format(treasures=D.TREASURES, limit=D.TURN_LIMIT, **starts, **figures)
    return f"<h1>{title}</h1>{for_players(body, lang, prefix=INFO.rule_prefix)}"

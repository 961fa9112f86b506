"""Trice's illustrated rules page in French and English.

Every figure is drawn by the game's own renderer from a real position built
through the engine (:func:`engine.trice.rules.setup` and real actions), so
the pictures cannot drift from the rules the engine plays.

>>> html = rules_page("en")
>>> html.count("<figure") >= 10 and "TR-18" in html and "<html" not in html
True
>>> "Option nucléaire" in rules_page("fr")
True
"""

from __future__ import annotations

from functools import partial
from html import escape

from engine.trice.actions import MOVE, NUKE
from engine.trice.info import INFO
from engine.trice.rules import DEFAULT_TURN_LIMIT, LEVEL, Trice, TriceState, setup
from ui.app.words import lang_of, pick, typography
from ui.games.trice.board import piece_label, render_board
from ui.site.rulebook import for_players

GAME = Trice()

#: viewBoxes that zoom a figure onto the cells its rule is about
TOP = (-130.0, -34.0, 260.0, 224.0)  # a1, b1..b3: Red's corner
UPPER = (-170.0, -34.0, 340.0, 310.0)  # down to the c row: the bi-cells and the tri-cell

STYLE = """<style>
.trice-rules{line-height:1.5;max-width:60rem}
.trice-rules h2{margin-top:1.6rem}
.trice-figs{display:flex;flex-wrap:wrap;gap:1rem;margin:.6rem 0}
.trice-fig{flex:1 1 15rem;max-width:20rem;margin:0}
.trice-fig svg{width:100%;height:auto}
.trice-fig figcaption{font-size:.9rem;color:#4a3b24}
</style>"""


def move_targets(state: TriceState, cell: str, lang: str) -> dict[str, tuple[int, str]]:
    """The legal destinations of the piece on ``cell``: {cell: (cost, attacked piece or "")}."""
    board = state.board
    src = board.index[cell]
    level = LEVEL[state.cells[src]]
    out = {}
    for action in GAME.legal_actions(state):
        if action.kind == MOVE and action.src == src:
            code = state.cells[action.dst]
            out[board.names[action.dst]] = (level, piece_label(code, lang) if code else "")
    return out


def act(state: TriceState, *texts: str) -> TriceState:
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def figure(state: TriceState, caption: str, lang: str, name: str, **options: object) -> str:
    """One figure; ``name`` sets its drawing apart from the page's others, both languages' and the game's."""
    svg = render_board(state, title=caption, lang=lang, interactive=False, uid=f"trice-{lang}-{name}",
                       **options)  # type: ignore[arg-type]
    return f'<figure class="trice-fig">{svg}<figcaption>{escape(caption)}</figcaption></figure>'


def figures(lang: str) -> dict[str, str]:
    """Each key rule's figures, built from real positions."""
    t = partial(pick, lang)  # each caption in English and French, beside the position it shows
    out: dict[str, str] = {}

    start = GAME.new(3)
    out["board"] = figure(start, t("The board: eye cells in the corners, the tri-cell in the centre, bi-cells around "
                                   "it, single-symbol and peace cells between them.",
                                   "Le plateau : les cases œil aux coins, la tri-case au centre, les bi-cases autour, "
                                   "les cases à un symbole et les cases de paix entre elles."), lang, "board")

    move = setup({"b2": "R2", "b3": "G1"}, 0, dice=(1, 2, 3))
    out["move"] = figure(move, t("Red's level-2 piece on b2: each step costs 2 points; b3 would be an attack.",
                                 "La pièce rouge de niveau 2 en b2 : chaque pas coûte 2 points ; b3 serait une attaque."),
                         lang, "move", selected="b2", targets=move_targets(move, "b2", lang), crop=TOP)

    arena = {"b2": "R2", "b3": "R1", "a1": "R1"}
    bigger = setup({**arena, "b1": "R3", "c2": "G2"}, 0, dice=(4, 4, 4))
    out["bigger"] = (
        figure(bigger, t("Bigger attacker: Red's level 3 may attack Green's level 2 on c2…",
                         "Attaquant plus grand : le niveau 3 rouge peut attaquer le niveau 2 vert en c2…"),
               lang, "bigger", selected="b1", targets=move_targets(bigger, "b1", lang), crop=UPPER)
        + figure(act(bigger, "move b1 c2"), t("…and Green's piece is eliminated: its pyramids go home.",
                                             "…et la pièce verte est éliminée : ses pyramides retournent à son joueur."),
                 lang, "bigger-after", previous=bigger, last_action=GAME.parse_action("move b1 c2"), crop=UPPER))
    equal = setup({**arena, "b1": "R2", "c2": "G2"}, 0, dice=(4, 4, 4))
    out["equal"] = (
        figure(equal, t("Same level: level 2 against level 2…", "Même niveau : niveau 2 contre niveau 2…"),
               lang, "equal", selected="b1", targets=move_targets(equal, "b1", lang), crop=UPPER)
        + figure(act(equal, "move b1 c2"), t("…the defender is eliminated and the attacker drops to level 1.",
                                            "…le défenseur est éliminé et l'attaquant descend au niveau 1."),
                 lang, "equal-after", crop=UPPER))
    ones = setup({**arena, "b1": "R1", "c2": "G1"}, 0, dice=(4, 4, 4))
    out["ones"] = (
        figure(ones, t("Level 1 against level 1…", "Niveau 1 contre niveau 1…"),
               lang, "ones", selected="b1", targets=move_targets(ones, "b1", lang), crop=UPPER)
        + figure(act(ones, "move b1 c2"), t("…both pieces are eliminated.", "…les deux pièces sont éliminées."),
                 lang, "ones-after", crop=UPPER))
    smaller = setup({**arena, "b1": "R1", "c2": "G3"}, 0, dice=(4, 4, 4))
    out["smaller"] = figure(smaller, t("A smaller piece may not attack: Red's level 1 on b1 has no way into c2.",
                                       "Une pièce plus petite ne peut pas attaquer : le niveau 1 rouge en b1 "
                                       "ne peut pas entrer en c2."),
                            lang, "smaller", selected="b1", targets=move_targets(smaller, "b1", lang), crop=UPPER)

    three = setup({"b1": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    four = setup({"b1": "R1", "b2": "R1", "a1": "R1", "b3": "R1"}, 0, dice=(2, 2, 2))
    out["bi"] = (
        figure(three, t("Three Red pieces on the board: the bi-cell c2 stays closed.",
                        "Trois pièces rouges sur le plateau : la bi-case c2 reste fermée."),
               lang, "bi-three", selected="b1", targets=move_targets(three, "b1", lang), crop=UPPER)
        + figure(four, t("With four pieces the bi-cell c2 opens.", "Avec quatre pièces, la bi-case c2 s'ouvre."),
                 lang, "bi-four", selected="b1", targets=move_targets(four, "b1", lang), crop=UPPER))
    one_bi = setup({"c2": "R1", "b1": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    two_bi = setup({"c2": "R1", "c4": "R1", "b2": "R1", "a1": "R1"}, 0, dice=(2, 2, 2))
    out["tri"] = (
        figure(one_bi, t("One bi-cell held: the tri-cell c3 is closed.",
                         "Une seule bi-case tenue : la tri-case c3 est fermée."),
                lang, "tri-one", selected="c2", targets=move_targets(one_bi, "c2", lang), crop=UPPER)
        + figure(two_bi, t("Two bi-cells held: the tri-cell c3 opens.", "Deux bi-cases tenues : la tri-case c3 s'ouvre."),
                 lang, "tri-two", selected="c2", targets=move_targets(two_bi, "c2", lang), crop=UPPER))

    nuclear = setup({"c3": "R2", "c2": "R1", "c4": "R1", "d4": "G3", "b1": "G2", "d5": "B1"}, 0)
    names = nuclear.board.names
    removable = tuple(names[a.cell] for a in GAME.legal_actions(nuclear) if a.kind == NUKE)
    immune = tuple(names[c] for c, code in enumerate(nuclear.cells) if code and nuclear.board.peace[c])
    out["nuclear"] = figure(nuclear, t(f"Red holds the tri-cell and two bi-cells: {nuclear.nukes} removals before "
                                       "the roll. Green's piece on the peace cell b1 is immune.",
                                       f"Rouge tient la tri-case et deux bi-cases : {nuclear.nukes} retraits avant "
                                       "le lancer. La pièce verte sur la case de paix b1 est protégée."),
                            lang, "nuclear", nuke_targets=removable, immune=immune)

    eye = setup({"a1": "G2", "b2": "G1"}, 0, dice=(1, 2, 3))
    out["eye"] = (
        figure(eye, t("Green's level 2 stands on Red's eye a1 when Red's turn starts: Red may place only a level 2 "
                      "or 3 there, and the placement is an attack.",
                      "Le niveau 2 vert occupe l'œil rouge a1 au début du tour de Rouge : Rouge ne peut y poser "
                      "qu'un niveau 2 ou 3, et cette pose est une attaque."), lang, "eye", crop=TOP)
        + figure(act(eye, "place 2 free"), t("Red placed a level 2: both were level 2, so Green's piece is out and "
                                             "Red's new piece drops to level 1.",
                                             "Rouge a posé un niveau 2 : à niveau égal, la pièce verte est éliminée et "
                                             "la nouvelle pièce rouge descend au niveau 1."), lang, "eye-after", crop=TOP))
    goal = setup({"d2": "R1", "b3": "R1", "c2": "R1", "c4": "R2", "c3": "R1", "b2": "R3"}, 0, dice=(1, 1, 1))
    out["goal"] = figure(goal, t("Red holds all five sun cells (b3, d2, the bi-cells c2 and c4, the tri-cell c3): "
                                 "at the end of Red's turn, Red wins.",
                                 "Rouge occupe les cinq cases soleil (b3, d2, les bi-cases c2 et c4, la tri-case c3) : "
                                 "à la fin de son tour, Rouge gagne."), lang, "goal")
    return out


TEXT = {
    "en": """
<h2>Trice</h2>
<p>A game for three players by Andrew Looney, played with stacked pyramids on a small triangular board.</p>
<h2>Material and goal</h2>
<p><span class="clause">TR-01</span> Each colour (Red, Green, Blue) owns 20 pyramids. A piece is a stack of 1, 2
or 3 pyramids of one colour: its level. Pyramids of eliminated or reduced pieces go back to their owner.</p>
<p><span class="clause">TR-02, TR-03</span> The sun, the moon and the star are each on 5 cells: 2 single
cells, 2 bi-cells (two symbols) and the tri-cell (all three). <strong>Occupy the 5 cells of one symbol at the end of
your own turn and you win at once.</strong></p>
{goal}
{board}
<h2>A turn</h2>
<p><span class="clause">TR-04</span> The board starts empty; the dice choose who starts, then play goes
Red, Green, Blue.</p>
<p><span class="clause">TR-05, TR-06, TR-07</span> Roll three four-sided dice: their sum is your movement
points. Moving a piece one cell costs its level (1, 2 or 3 points). Move as many pieces as you like, as far as your
points allow; points you do not use are lost.</p>
<div class="trice-figs">{move}</div>
<p><span class="clause">TR-08, TR-09</span> At any moment of your turn you may place a new piece on your own eye
cell (the corner with the eye in your colour) for its level in points. Once per turn one placement is
<strong>free</strong>, whatever its level. "At any moment" includes the start of the turn: the free placement may come
before the roll, and during the nuclear option; a paid placement needs points, so it waits for the roll.</p>
<h2>Moving and fighting</h2>
<p><span class="clause">TR-10, TR-14, TR-15</span> One piece per cell. A piece moves to a cell sharing a side
(at most 3 neighbours), never onto a piece of its own colour.</p>
<p><span class="clause">TR-11, TR-12, TR-13</span> Entering an opponent's cell is an attack. A bigger attacker
eliminates the defender. At the same level the defender is eliminated and the attacker loses one level; level 1
against level 1, both are eliminated. A smaller piece may not attack a bigger one.</p>
<div class="trice-figs">{bigger}</div>
<div class="trice-figs">{equal}</div>
<div class="trice-figs">{ones}{smaller}</div>
<h2>Bi-cells and the tri-cell</h2>
<p><span class="clause">TR-16</span> A piece may enter a bi-cell only while its colour has at least 4 pieces on
the board.</p>
<div class="trice-figs">{bi}</div>
<p><span class="clause">TR-17</span> A piece may enter the tri-cell only while its colour holds at least 2
bi-cells (counted before the move, so the piece stepping in from a bi-cell counts).</p>
<div class="trice-figs">{tri}</div>
<h2>Nuclear option</h2>
<p><span class="clause">TR-18</span> At the start of your turn, before the roll, if you hold the tri-cell you may
remove pieces of any level, yours included: 1 piece (tri-cell only), 2 (tri-cell and one bi-cell), 3 (tri-cell and
two bi-cells or more). The number is fixed when the turn starts. A piece on a peace cell cannot be removed. Choose
the pieces one by one, or stop with <em>Done</em>.</p>
<div class="trice-figs">{nuclear}</div>
<h2>An opponent on your eye</h2>
<p><span class="clause">TR-19</span> If an opponent stands on your eye cell at the start of your turn, placing a
piece there is an attack: you cannot place a piece smaller than it, and a piece of the same level is reduced by the
fight.</p>
<div class="trice-figs">{eye}</div>
<!-- for the curious -->
<h2>Choices of this edition</h2>
<ul>
<li>The board is a triangle of 16 triangular cells, symmetric under a third of a turn: the eyes in the corners, the
tri-cell in the centre, the three bi-cells around it, and three rings of three cells between them: the gates (the
only way out of each eye: b2, d2, d6) and the edge cells on each side of the gates (b1, d3, c5 and b3, c1, d5). The
rulebook does not say which ring carries peace. We let our heuristic bots play each choice hundreds of times: the
player who moves first won 43% of the games with peace on b1, d3, c5 (the board used here), 44% with peace on the
gates and 45% on b3, c1, d5, and 56% when both single cells of each colour's symbol stand beside its own gate (a
race too quick for the later players). A fair board would give 33%: moving first is an advantage in Trice.</li>
<li>House rule: a game that reaches {limit} turns without a winner is a draw (it stops endless games).</li>
</ul>
""",
    "fr": """
<h2>Trice</h2>
<p>Un jeu pour trois joueurs d'Andrew Looney, avec des pyramides empilées sur un petit plateau triangulaire.</p>
<h2>Matériel et but</h2>
<p><span class="clause">TR-01</span> Chaque couleur (Rouge, Vert, Bleu) possède 20 pyramides. Une pièce est une
pile de 1, 2 ou 3 pyramides d'une couleur : son niveau. Les pyramides des pièces éliminées ou réduites retournent à
leur propriétaire.</p>
<p><span class="clause">TR-02, TR-03</span> Le soleil, la lune et l'étoile figurent chacun sur 5 cases : 2 cases
simples, 2 bi-cases (deux symboles) et la tri-case (les trois). <strong>Occupez à la fin de votre tour les 5 cases
d'un même symbole et vous gagnez aussitôt.</strong></p>
{goal}
{board}
<h2>Le tour de jeu</h2>
<p><span class="clause">TR-04</span> Le plateau est vide au départ ; les dés désignent le premier joueur, puis on
joue Rouge, Vert, Bleu.</p>
<p><span class="clause">TR-05, TR-06, TR-07</span> Lancez les trois dés à 4 faces : leur somme donne vos points
de mouvement. Déplacer une pièce d'une case coûte son niveau (1, 2 ou 3 points). Déplacez autant de pièces que vous
voulez, aussi loin que vos points le permettent ; les points non utilisés sont perdus.</p>
<div class="trice-figs">{move}</div>
<p><span class="clause">TR-08, TR-09</span> À tout moment de votre tour vous pouvez poser une nouvelle pièce sur
votre case œil (le coin marqué de l'œil de votre couleur) pour son niveau en points. Une fois par tour, une pose est
<strong>gratuite</strong>, quel que soit son niveau. « À tout moment » comprend le début du tour : la pose gratuite peut
venir avant le lancer, et pendant l'option nucléaire ; une pose payante demande des points, elle attend donc le
lancer.</p>
<h2>Déplacements et combats</h2>
<p><span class="clause">TR-10, TR-14, TR-15</span> Une seule pièce par case. Une pièce va vers une case voisine
par un côté (3 au plus), jamais sur une pièce de sa couleur.</p>
<p><span class="clause">TR-11, TR-12, TR-13</span> Entrer sur une case adverse est une attaque. Un attaquant plus
grand élimine le défenseur. À niveau égal, le défenseur est éliminé et l'attaquant perd un niveau ; niveau 1 contre
niveau 1, les deux sont éliminés. Une pièce plus petite ne peut pas attaquer une plus grande.</p>
<div class="trice-figs">{bigger}</div>
<div class="trice-figs">{equal}</div>
<div class="trice-figs">{ones}{smaller}</div>
<h2>Bi-cases et tri-case</h2>
<p><span class="clause">TR-16</span> Une pièce n'entre dans une bi-case que si sa couleur a au moins 4 pièces
sur le plateau.</p>
<div class="trice-figs">{bi}</div>
<p><span class="clause">TR-17</span> Une pièce n'entre dans la tri-case que si sa couleur occupe au moins 2
bi-cases (comptées avant le déplacement : la pièce qui arrive d'une bi-case compte).</p>
<div class="trice-figs">{tri}</div>
<h2>Option nucléaire</h2>
<p><span class="clause">TR-18</span> Au début de votre tour, avant le lancer, si vous occupez la tri-case vous
pouvez retirer des pièces de tout niveau, les vôtres comprises : 1 pièce (tri-case seule), 2 (tri-case et une
bi-case), 3 (tri-case et deux bi-cases ou plus). Le nombre est fixé au début du tour. Une pièce sur une case de paix ne
peut pas être retirée. Choisissez les pièces une à une, ou arrêtez avec <em>Terminer</em>.</p>
<div class="trice-figs">{nuclear}</div>
<h2>Un adversaire sur votre œil</h2>
<p><span class="clause">TR-19</span> Si un adversaire occupe votre case œil au début de votre tour, y poser une
pièce est une attaque : impossible d'y poser une pièce plus petite que lui, et une pièce de même niveau est réduite
par le combat.</p>
<div class="trice-figs">{eye}</div>
<!-- for the curious -->
<h2>Choix de cette édition</h2>
<ul>
<li>Le plateau est un triangle de 16 cases triangulaires, symétrique par un tiers de tour : les yeux aux coins, la
tri-case au centre, les trois bi-cases autour, et trois anneaux de trois cases entre eux : les portes (la seule sortie
de chaque œil : b2, d2, d6) et les cases de bord de chaque côté des portes (b1, d3, c5 et b3, c1, d5). La règle ne dit
pas quel anneau porte la paix. Nos robots ont joué chaque choix des centaines de fois : le premier joueur a gagné 43 %
des parties avec la paix en b1, d3, c5 (le plateau utilisé ici), 44 % avec la paix sur les portes, 45 % en b3, c1, d5,
et 56 % quand les deux cases simples du symbole de chaque couleur sont à côté de sa porte (une course trop rapide pour
les suivants). Un plateau équitable donnerait 33 % : jouer en premier est un avantage à Trice.</li>
<li>Règle maison : une partie qui atteint {limit} tours sans vainqueur est nulle (cela évite les parties sans fin).</li>
</ul>
""",
}


def rules_page(lang: str) -> str:
    """The rules as an HTML fragment in ``lang`` ("fr" or "en"), illustrated."""
    lang = lang_of(lang)
    figs = figures(lang)
    wrapped = dict(figs)
    wrapped["goal"] = f'<div class="trice-figs">{figs["goal"]}'
    wrapped["board"] = f'{figs["board"]}</div>'
    prose = typography(lang, TEXT[lang])
    body = for_players(prose.format(limit=DEFAULT_TURN_LIMIT, **wrapped), lang, prefix=INFO.rule_prefix)
    return f'{STYLE}<article class="trice-rules" lang="{lang}">{body}</article>'

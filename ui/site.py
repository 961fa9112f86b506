"""What the site shows about each game before any engine runs: data only.

The build (tools/build.py) renders the landing page cards, each game page's
set-up form and its empty board from this table, so the page shell paints
before Python starts in the browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import engine
from engine.spec import GameInfo


@dataclass(frozen=True)
class SeatDefault:
    """A seat of the set-up: who plays it at first, and its default names for a bot and for a person.

    The name field shows the name for the seat's controller; while nobody has
    typed over it, it follows the controller chosen (and the page's language).
    """

    bot_en: str
    bot_fr: str
    controller: str  # "human", a bot name, or "none" for an empty optional seat
    person_en: str = ""
    person_fr: str = ""

    def names(self, index: int) -> tuple[str, str, str, str]:
        """(bot English, bot French, person English, person French) for the seat at ``index``.

        >>> SeatDefault("Bosun Bot", "Bosco Bot", "none").names(2)
        ('Bosun Bot', 'Bosco Bot', 'Player 3', 'Joueur 3')
        """
        return (self.bot_en, self.bot_fr, self.person_en or f"Player {index + 1}", self.person_fr or f"Joueur {index + 1}")

    def name(self, index: int, lang: str = "en") -> str:
        """The name the set-up shows first: the person's for a person's seat, else the bot's."""
        bot_en, bot_fr, person_en, person_fr = self.names(index)
        if self.controller == "human":
            return person_fr if lang == "fr" else person_en
        return bot_fr if lang == "fr" else bot_en


@dataclass(frozen=True)
class GamePage:
    """How the site presents a game: its tagline and the set-up's default seats.

    What the game is called, how many play, which bots and options it offers
    and its rules' IDs are the game's own (:class:`~engine.spec.GameInfo`,
    read here without loading its rules).
    """

    name: str
    tagline_en: str
    tagline_fr: str
    seats: tuple[SeatDefault, ...]
    #: What the set-up adds for this game (English, French).
    setup_note: tuple[str, str] = ("", "")

    @property
    def info(self) -> GameInfo:
        return engine.info(self.name)

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_seats(self) -> int:
        return self.info.min_seats

    @property
    def bots(self) -> tuple[str, ...]:
        return self.info.bots

    @property
    def players_en(self) -> str:
        return self.info.players("en")

    @property
    def players_fr(self) -> str:
        return self.info.players("fr")


#: One name per controller, the same in the set-up, the player panels, the log
#: and the saved games (English, French). The three search levels are the
#: opponents a player chooses between; the quick bot plays by rules of thumb
#: at once; the random bot is for trying things out.
BOT_LABELS: dict[str, tuple[str, str]] = {
    "human": ("Person", "Humain"),  # not "Personne", which a French reader reads as "Nobody"
    "random": ("Bot: random moves", "Robot : coups au hasard"),
    "heuristic": ("Bot: quick", "Robot : rapide"),
    "aim": ("Bot: quick gunner", "Robot : canonnier rapide"),
    "aim:easy": ("Bot: shaky gunner", "Robot : canonnier maladroit"),
    "aim:hard": ("Bot: sharp gunner", "Robot : fin canonnier"),
    "mcts:easy": ("Bot: beginner", "Robot : débutant"),
    "mcts:medium": ("Bot: club player", "Robot : joueur de club"),
    "mcts:hard": ("Bot: expert", "Robot : expert"),
    "none": ("(empty seat)", "(place vide)"),
}

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


def controller_label(controller: str, lang: str = "en") -> str:
    """The one name of who plays a seat, in the page's language.

    >>> controller_label("mcts:medium"), controller_label("mcts:medium", "fr")
    ('Bot: club player', 'Robot : joueur de club')
    >>> controller_label("mcts:hard:300")
    'Bot: expert (300 iterations)'
    >>> controller_label("mcts:hard:4s"), controller_label("mcts:hard:4s", "fr")
    ('Bot: expert (4 s a move)', 'Robot : expert (4 s par coup)')
    """
    fr = lang == "fr"
    if controller in BOT_LABELS:
        return BOT_LABELS[controller][1 if fr else 0]
    base, _, cap = controller.rpartition(":")
    if base in BOT_LABELS and cap.isdigit():
        return f"{BOT_LABELS[base][1 if fr else 0]} ({cap} {'itérations' if fr else 'iterations'})"
    if base in BOT_LABELS and cap.endswith("s") and cap[:-1].isdigit():
        return f"{BOT_LABELS[base][1 if fr else 0]} ({cap[:-1]} s {'par coup' if fr else 'a move'})"
    return f"{'Robot' if fr else 'Bot'} : {controller}" if fr else f"Bot: {controller}"


def level_name(controller: str, lang: str = "en") -> str:
    """A bot's level alone, for a list that names the seat beside it ("quick", not "Bot: quick").

    >>> level_name("heuristic"), level_name("mcts:hard:300"), level_name("aim:easy", "fr")
    ('quick', 'expert (300 iterations)', 'canonnier maladroit')
    """
    label = controller_label(controller, lang)
    for prefix in ("Bot: ", "Robot : "):
        label = label.removeprefix(prefix)
    return label


GAMES: tuple[GamePage, ...] = (
    GamePage(
        name="trice",
        tagline_en="Stacked pyramids race for the sun, the moon and the stars on a triangular board.",
        tagline_fr="Des pyramides empilées se disputent le soleil, la lune et les étoiles sur un plateau triangulaire.",
        seats=(
            SeatDefault("Red bot", "Bot rouge", "human", "You", "Vous"),
            SeatDefault("Green bot", "Bot vert", "heuristic"),
            SeatDefault("Blue bot", "Bot bleu", "heuristic"),
        ),
    ),
    GamePage(
        name="piratissimo",
        tagline_en="Sail the ring of islands, load treasure, dodge the tornado and bring 9 chests home.",
        tagline_fr="Naviguez autour des îles, chargez les trésors, évitez la tornade et ramenez 9 trésors au port.",
        seats=(
            SeatDefault("Helmsman Bot", "Timonier Bot", "human", "You", "Vous"),
            SeatDefault("Captain Bot", "Capitaine Bot", "heuristic"),
            SeatDefault("Bosun Bot", "Bosco Bot", "none"),
            SeatDefault("Lookout Bot", "Vigie Bot", "none"),
        ),
    ),
    GamePage(
        name="siege",
        tagline_en="Aim your cannon and mortar across the bay and knock down the enemy pirates.",
        tagline_fr="Pointez canon et mortier par-dessus la baie et faites tomber les pirates ennemis.",
        seats=(
            SeatDefault("Lookout Bot", "Bot vigie", "human", "You", "Vous"),
            SeatDefault("Gunner Bot", "Bot canonnier", GENTLEST_BOT),
        ),
        setup_note=(
            ("Against the beginner, the flight of your shot is drawn until your first hit. The gunners only "
            "aim: shaky, quick or sharp."),
            ("Contre le débutant, la trajectoire de votre tir est tracée jusqu'à votre premier coup au but. "
            "Les canonniers ne font que viser\u00a0: maladroit, rapide ou fin."),
        ),
    ),
)


def page(name: str) -> GamePage:
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(name)


def bilingual(en: str, fr: str) -> str:
    """Both languages; the page's CSS shows the one matching ``<html lang>``.

    >>> bilingual("Hello", "Bonjour")
    '<span lang="en">Hello</span><span lang="fr">Bonjour</span>'
    """
    return f'<span lang="en">{escape(en)}</span><span lang="fr">{escape(fr)}</span>'


def option_tag(value: str, en: str, fr: str, *, selected: bool = False) -> str:
    """A ``<select>`` choice in the page's language: the page swaps the text on a language switch.

    >>> option_tag("x", "Yes", "Oui")
    '<option value="x" data-label-en="Yes" data-label-fr="Oui">Yes</option>'
    """
    chosen = " selected" if selected else ""
    return (
        f'<option value="{escape(value)}" data-label-en="{escape(en)}" data-label-fr="{escape(fr)}"{chosen}>'
        f"{escape(en)}</option>"
    )


def setup_label(controller: str) -> tuple[str, str]:
    """A choice's name in the set-up (English, French): the gentlest bot says it is.

    >>> setup_label("mcts:easy")[1], setup_label("aim")[0]
    ('Robot : débutant (le plus facile)', 'Bot: quick gunner')
    """
    en, fr = BOT_LABELS.get(controller, (controller, controller))
    if controller == GENTLEST_BOT:
        return f"{en} (the gentlest)", f"{fr} (le plus facile)"
    return en, fr


def setup_form(game: GamePage, colours: list[tuple[str, str, str]] | None = None) -> str:
    """The new-game dialog's form: per seat (its colour) a name and who plays it; options; bot speed.

    ``colours`` are each seat's (English name, French name, CSS colour), from
    the game's own view, so a player sees which colour they choose.
    """
    rows = []
    for index, seat in enumerate(game.seats):
        choices = ["human", *game.bots]
        if index >= game.min_seats:
            choices = ["none", *choices]
        options = "".join(
            option_tag(c, *setup_label(c), selected=c == seat.controller) for c in choices
        )
        bot_en, bot_fr, person_en, person_fr = seat.names(index)
        if colours and index < len(colours):
            en, fr, css = colours[index]
            legend = (
                f'<span class="seat-swatch" style="background:{escape(css)}" aria-hidden="true"></span>'
                + bilingual(en, fr)
            )
        else:
            legend = bilingual(f"Seat {index + 1}", f"Place {index + 1}")
        rows.append(
            f'<fieldset class="seat-row" data-seat="{index}"><legend>{legend}</legend>'
            f'<label>{bilingual("Name", "Nom")}'
            f'<input name="name" value="{escape(seat.name(index))}" data-name-en="{escape(seat.name(index))}" '
            f'data-name-fr="{escape(seat.name(index, "fr"))}" data-bot-en="{escape(bot_en)}" data-bot-fr="{escape(bot_fr)}" '
            f'data-person-en="{escape(person_en)}" data-person-fr="{escape(person_fr)}" maxlength="40" required></label>'
            f'<label>{bilingual("Played by", "Joué par")}<select name="controller">{options}</select></label>'
            "</fieldset>"
        )
    note_en, note_fr = game.setup_note
    rows.append(
        '<p class="hint">'
        + bilingual(
            "Beginner, the gentlest, thinks a moment and sometimes misses the best move; club player thinks up to "
            "a second; expert up to three seconds. The quick bot plays at once by rules of thumb. " + note_en,
            "Le débutant, le plus facile, réfléchit un instant et rate parfois le meilleur coup ; le joueur de club "
            "réfléchit jusqu'à une seconde ; l'expert jusqu'à trois secondes. Le robot rapide joue aussitôt, "
            "au jugé. " + note_fr,
        ).replace(" </span>", "</span>")
        + "</p>"
    )
    for option in game.info.options:
        option, en, fr = option.name, option.en, option.fr
        rows.append(
            f'<label class="option"><input type="checkbox" data-option="{option}"> {bilingual(en, fr)}</label>'
        )
    paces = "".join(
        f'<label class="pace"><input type="radio" name="pace" value="{ms}"{" checked" if name == "normal" else ""}> '
        f"{bilingual(en, fr)}</label>"
        for name, ms, en, fr in BOT_PACES
    )
    rows.append(f'<fieldset class="paces"><legend>{bilingual("Bot speed", "Vitesse des robots")}</legend>{paces}</fieldset>')
    return "".join(rows)


#: The landing page's card pictures: a pyramid stack, a ship, a cannon (their ids the cards' own,
#: apart from the boards' a navigation brings into the same document).
CARD_ART: dict[str, str] = {
    "trice": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
<defs><linearGradient id="card-trice-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#243b6b"/><stop offset="1" stop-color="#3d5a99"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#card-trice-sky)"/>
<path d="M40 160 160 20 280 160Z" fill="#f4e3c1" stroke="#c9a86a" stroke-width="3"/>
<path d="M100 90 220 90 160 160Z M70 125 130 125 100 90Z M190 125 250 125 220 90Z" fill="none" stroke="#c9a86a" stroke-width="2"/>
<circle cx="160" cy="112" r="9" fill="#f2a541"/><path d="M153 60a9 9 0 1 0 12 0a7 7 0 1 1-12 0Z" fill="#8fa3c7"/>
<g transform="translate(118 118)"><path d="M0 36 14 0 28 36Z" fill="#d1495b"/><path d="M14 0 28 36H14Z" fill="#a3303f"/></g>
<g transform="translate(176 100)"><path d="M0 54 14 18 28 54Z" fill="#2a9d8f"/><path d="M14 18 28 54H14Z" fill="#1d6f66"/><path d="M4 36 14 10 24 36Z" fill="#2a9d8f"/><path d="M14 10 24 36H14Z" fill="#1d6f66"/><path d="M7 20 14 2 21 20Z" fill="#2a9d8f"/><path d="M14 2 21 20H14Z" fill="#1d6f66"/></g>
</svg>""",
    "piratissimo": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
<defs><linearGradient id="card-pir-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fd3f4"/><stop offset=".55" stop-color="#5bb2e0"/><stop offset="1" stop-color="#1f6fa8"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#card-pir-sea)"/>
<path d="M0 128q20-8 40 0t40 0 40 0 40 0 40 0 40 0 40 0 40 0V180H0Z" fill="#2a7fb8"/>
<ellipse cx="262" cy="120" rx="40" ry="9" fill="#f3d9a4"/><path d="M262 118q-3-26 6-40" stroke="#6b4b2a" stroke-width="4" fill="none"/><path d="M268 78q-18-4-26 8M268 78q16-6 26 6M268 78q-6-14-20-12" stroke="#2f8f46" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M70 118h120l-18 26H88Z" fill="#7a4a26"/><path d="M128 118V40" stroke="#5a341a" stroke-width="5"/>
<path d="M132 46q34 22 0 60Z" fill="#fdf6e3"/><path d="M124 50q-38 20 0 52Z" fill="#fdf6e3"/><path d="M128 40l22 6-22 6Z" fill="#d1495b"/>
<circle cx="112" cy="114" r="6" fill="#e9c46a"/><circle cx="124" cy="112" r="6" fill="#f2c14e"/><circle cx="118" cy="106" r="6" fill="#e9b949"/>
<path d="M40 60q6-14 4-26M44 34q-10 8-16 2" stroke="#fff" stroke-width="3" fill="none" opacity=".7"/>
</svg>""",
    "siege": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
<defs><linearGradient id="card-sg-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd59e"/><stop offset="1" stop-color="#f08a5d"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#card-sg-sky)"/>
<rect y="130" width="320" height="50" fill="#2d6a8f"/>
<path d="M0 132q40-26 90-2v10H0Z" fill="#c9a86a"/><path d="M236 134q30-30 84-10v16h-84Z" fill="#c9a86a"/>
<rect x="262" y="96" width="34" height="30" fill="#8b5e3c"/><path d="M258 96h42l-21-16Z" fill="#6b4226"/><rect x="274" y="108" width="10" height="18" fill="#3b2414"/>
<g transform="translate(38 118) rotate(-24)"><rect x="0" y="-7" width="50" height="14" rx="6" fill="#30343b"/><circle cx="50" cy="0" r="5" fill="#1b1e22"/></g>
<circle cx="40" cy="124" r="10" fill="#6b4226"/>
<path d="M92 92q80-70 160 0" stroke="#1b1e22" stroke-width="2" stroke-dasharray="4 6" fill="none"/><circle cx="236" cy="80" r="5" fill="#1b1e22"/>
</svg>""",
}


#: The opponents a landing card offers, gentlest first (docs/bots.md's ladder: "Levels a person can
#: feel"): the search's levels, where the game's set-up offers them. The first is the card's
#: one-click default; the names are :data:`BOT_LABELS`'.
NBSP = "\u00a0"  # French puts one before a colon, and a line never breaks there

CARD_LEVELS: tuple[str, ...] = (GENTLEST_BOT, "mcts:medium", "mcts:hard")


def card_levels(game: GamePage) -> tuple[str, ...]:
    """The levels a card offers: :data:`CARD_LEVELS` that the game's own bots include, gentlest first.

    >>> card_levels(page("siege"))
    ('mcts:easy', 'mcts:medium', 'mcts:hard')
    """
    return tuple(level for level in CARD_LEVELS if level in game.bots)


def seats_against(game: GamePage, level: str) -> str:
    """``?seats=`` for the set-up's table with every bot playing ``level``: the person keeps their seat,
    empty seats stay empty.

    >>> seats_against(page("trice"), "mcts:hard"), seats_against(page("piratissimo"), "mcts:easy")
    ('human,mcts:hard,mcts:hard', 'human,mcts:easy')
    """
    table = [seat.controller for seat in game.seats if seat.controller != "none"]
    return ",".join(c if c == "human" else level for c in table)


def seats_of_friends(count: int) -> str:
    """``?seats=`` for ``count`` people sharing one screen.

    >>> seats_of_friends(3)
    'human,human,human'
    """
    return ",".join(["human"] * count)


def game_address(game: GamePage, seats: str) -> str:
    """The game page's address (relative to the landing page) that opens with these seats."""
    return f"{game.name}/?seats={seats}"


def players_count(count: int, lang: str = "en") -> str:
    """``count`` players, in words.

    >>> players_count(2), players_count(4, "fr")
    ('2 players', '4 joueurs')
    """
    return f"{count} {'joueurs' if lang == 'fr' else 'players'}"


def _choice(game: GamePage, seats: str, label: str) -> str:
    return f'<a class="card-choice" href="{escape(game_address(game, seats))}" data-seats="{escape(seats)}">{label}</a>'


def card(game: GamePage) -> str:
    """One landing-page card: the game, and how to play it.

    Its main link (a click anywhere on the card) plays against the gentlest level at once; the
    other levels and a game with friends on this screen are links of their own, each a game page
    address with ``?seats=``, so they work before the engine runs and with client-side navigation.
    They sit in a disclosure that a wide screen shows open and a phone folds, so a phone shows
    the three games at once.
    """
    levels = card_levels(game)
    default, others = levels[0], levels[1:]
    bots = sum(seat.controller not in ("human", "none") for seat in game.seats)
    against_en, against_fr = ("the bots", "les robots") if bots > 1 else ("the bot", "le robot")
    play_seats = seats_against(game, default)
    who = bilingual(f"against {against_en}: {level_name(default)}", f"contre {against_fr}{NBSP}: {level_name(default, 'fr')}")
    play = (
        f'<a class="card-play" href="{escape(game_address(game, play_seats))}" data-play="{escape(play_seats)}">'
        f'<span class="card-play-go">{bilingual("Play", "Jouer")}</span> '
        f'<span class="card-play-who">{who}</span></a>'
    )
    rows = []
    if others:
        links = " ".join(
            _choice(game, seats_against(game, level), bilingual(level_name(level), level_name(level, "fr")))
            for level in others
        )
        rows.append(
            f'<p class="card-choices" data-choices="levels"><span class="card-choices-label">'
            f'{bilingual("Other levels:", f"Autres niveaux{NBSP}:")}</span> {links}</p>'
        )
    friends = " ".join(
        _choice(game, seats_of_friends(count), bilingual(players_count(count), players_count(count, "fr")))
        for count in range(game.min_seats, game.info.max_seats + 1)
    )
    rows.append(
        f'<p class="card-choices" data-choices="friends"><span class="card-choices-label">'
        f'{bilingual("With friends on this screen:", f"Entre amis sur cet écran{NBSP}:")}</span> {friends}</p>'
    )
    return (
        f'<article class="card" data-card="{game.name}" aria-labelledby="card-{game.name}-title">'
        f"{CARD_ART[game.name]}"
        f'<div class="card-body"><h2 id="card-{game.name}-title">{escape(game.title)}</h2>'
        f'<p class="players">{bilingual(game.players_en, game.players_fr)}</p>'
        f'<p class="tagline">{bilingual(game.tagline_en, game.tagline_fr)}</p>'
        f'{play}<a class="card-learn" href="{game.name}/learn/">{bilingual("Learn to play", "Apprendre à jouer")}</a>'
        f'<details class="card-more"><summary>{bilingual("Level, friends", "Niveau, amis")}</summary>'
        f'{"".join(rows)}</details></div></article>'
    )


#: Each page's ``<meta name="description">`` (what a search engine shows under its title), in
#: both languages: the build writes both, and the bridge shows the page's own (``setLang``).
#: ``{title}`` is the game's name and ``{tagline}`` its card's line, in the same language.
DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "landing": (
        (
            "Play Trice, Piratissimo and Siege in your browser, alone against bots or with friends. "
            "Free, no account, works offline."
        ),
        (
            "Jouez à Trice, Piratissimo et Siege dans votre navigateur, seul contre des robots ou entre amis. "
            "Gratuit, sans compte, même hors ligne."
        ),
    ),
    "game": (
        "{title} online. {tagline} Play against bots or with friends, free, in your browser.",
        "{title} en ligne. {tagline} Jouez contre des robots ou entre amis, gratuitement, dans votre navigateur.",
    ),
    "lesson": (
        "Learn {title} step by step, making the moves yourself. {tagline}",
        "Apprenez {title} pas à pas, en jouant vous-même les coups. {tagline}",
    ),
    "rules": (
        "The rules of {title}, illustrated. {tagline}",
        "Les règles de {title}, illustrées. {tagline}",
    ),
}


def description(kind: str, game: GamePage | None = None) -> dict[str, str]:
    """The page's description in each language, escaped for an attribute, by its kind (see DESCRIPTIONS).

    >>> description("rules", page("siege"))["DESCRIPTION_FR"][:27]
    'Les règles de Siege, illust'
    """
    en, fr = DESCRIPTIONS[kind]
    values = {"DESCRIPTION_EN": en, "DESCRIPTION_FR": fr}
    if game is not None:
        values = {
            "DESCRIPTION_EN": en.format(title=game.title, tagline=game.tagline_en),
            "DESCRIPTION_FR": fr.format(title=game.title, tagline=game.tagline_fr),
        }
    return {key: escape(text, quote=True) for key, text in values.items()}

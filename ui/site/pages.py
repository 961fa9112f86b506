"""What the static pages show about each game before any engine runs: cards, set-up forms, descriptions.

The build (tools/build.py) renders the landing page's cards and each game
page's set-up form from the registry of games (:mod:`ui.games`), so the page
shell paints before Python starts in the browser.
"""

from __future__ import annotations

import importlib
from html import escape
from pathlib import Path

from ui.app.bilingual import bilingual
from ui.app.players import BOT_LABELS, BOT_PACES, FRIEND, GENTLEST_BOT, PERSON, is_person, level_name
from ui.games import GAMES, page
from ui.games.entry import GamePage

__all__ = ["GAMES", "page"]  # the registry, for the build and the tests


#: An empty seat's choice in the set-up (``ui.app.set_up.EMPTY``, as ``?seats=`` writes it).
EMPTY_SEAT = "none"


def option_tag(value: str, en: str, fr: str, *, selected: bool = False, kind: str = "") -> str:
    """A ``<select>`` choice in the page's language: the page swaps the text on a language switch.

    ``kind`` ("person" or "bot"): which default name a seat's field takes with this choice.

    >>> option_tag("x", "Yes", "Oui")
    '<option value="x" data-label-en="Yes" data-label-fr="Oui">Yes</option>'
    """
    chosen = " selected" if selected else ""
    kind_attr = f' data-kind="{kind}"' if kind else ""
    return (
        f'<option value="{escape(value)}" data-label-en="{escape(en)}" data-label-fr="{escape(fr)}"{kind_attr}'
        f"{chosen}>{escape(en)}</option>"
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
        choices = [PERSON, FRIEND, *game.bots]
        if index >= game.min_seats:
            choices = [EMPTY_SEAT, *choices]
        options = "".join(
            option_tag(c, *setup_label(c), selected=c == seat.controller,
                       kind="" if c == EMPTY_SEAT else "person" if is_person(c) else "bot")
            for c in choices
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
    # one hint paragraph for the whole form (the tests and a screen reader take it as one)
    rows[-1] = rows[-1].removesuffix("</p>") + (
        " " + bilingual(
            "A friend, by link, plays from their own screen, with no account: after your move, send them the "
            "game's link; theirs comes back the same way.",
            "Un ami, par lien, joue depuis son propre écran, sans compte : après votre coup, envoyez-lui le lien "
            "de la partie ; le sien revient de la même façon.",
        )
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


def card_art(game: GamePage) -> str:
    """The card's picture (``ui/games/<game>/card.svg``), drawn into the landing page's HTML.

    Its ids are the card's own (``card-trice-sky``), apart from the boards' a navigation
    brings into the same document.

    >>> card_art(page("trice")).startswith("<svg")
    True
    """
    return (Path(importlib.import_module(game.package).__file__ or "").parent / "card.svg").read_text(encoding="utf-8").strip()


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
        f"{card_art(game)}"
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

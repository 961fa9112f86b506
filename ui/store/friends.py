"""A game with a friend by link: each person plays at their own screen, and a link carries each move across.

There is no server. A friend's seat has the controller ``friend`` on this page
(:data:`ui.app.players.FRIEND`); nothing plays it here, and its turn waits for
the link that brings its move. Every link is written for the person who
receives it (:func:`for_receiver`): the seat it goes to is theirs (``human``),
the other people's seats are their friends'. The same game on both sides is
known by its dealer's seed and seats (:func:`same_game`), so a page keeps one
save per friend game and takes only the moves a link adds (:func:`compare`):
a link from an earlier move never overwrites a longer game.

>>> from engine.records import Seat
>>> anna = GameRecord(game="siege", format=3, seed=5, actions=["a", "b"],
...                   seats=[Seat(name="Anna"), Seat(name="Ben", controller="friend")])
>>> link = for_receiver(anna, 1)
>>> [(s.name, s.controller) for s in link.seats]
[('Anna', 'friend'), ('Ben', 'human')]
>>> same_game(anna, link), compare(["a"], anna.actions), compare(["a", "b", "c"], anna.actions)
(True, 'earlier', 'later')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from engine.records import GameRecord, RecordError, Seat, parse_record, replay
from ui.app.messages import DecodeLink
from ui.app.players import FRIEND, PERSON, YOU_NAMES, is_person
from ui.app.words import LANGS, Catalogue
from ui.store.saves import plan, storage_key

if TYPE_CHECKING:  # the session calls this; this module never calls the session's module
    from ui.app.session import Session

#: How a link's moves stand against the same game's moves on this page.
Standing = Literal["later", "same", "earlier", "other"]

#: A person's seat named by its number, in each language: how a link names a seat called "You" on the
#: sender's screen, read back in the receiver's language.
NUMBERED = Catalogue({"en": {"seat": "Player {n}"}, "fr": {"seat": "Joueur {n}"}})
_NUMBERED = re.compile(r"^(?:Player|Joueur) ([1-9])$")


def is_friend_game(record: GameRecord) -> bool:
    """Whether a friend plays a seat from their own screen (the game travels by link)."""
    return any(seat.controller == FRIEND for seat in record.seats)


def receiver(record: GameRecord, turn: int | None) -> int | None:
    """The friend's seat a link from this page goes to: the one whose turn it is, else the first friend's.

    >>> from engine.records import Seat
    >>> seats = [Seat(name="A"), Seat(name="B", controller="friend"), Seat(name="C", controller="friend")]
    >>> record = GameRecord(game="trice", format=1, seats=seats)
    >>> receiver(record, 2), receiver(record, 0), receiver(record, None)
    (2, 1, 1)
    """
    friends = [index for index, seat in enumerate(record.seats) if seat.controller == FRIEND]
    if not friends:
        return None
    return turn if turn in friends else friends[0]


def for_receiver(record: GameRecord, to: int) -> GameRecord:
    """The record as the person at seat ``to`` will play it: their seat is theirs, the other people's are friends'.

    A seat named "You" on this screen is named by its number instead ("Player 1"), which the receiver
    reads in their language (:func:`localized`). Bots stay bots.
    """
    seats = []
    for index, seat in enumerate(record.seats):
        if not is_person(seat.controller):
            seats.append(seat)
            continue
        name = seat.name
        if name.strip().casefold() in YOU_NAMES:
            name = NUMBERED("en", "seat", n=index + 1)
        seats.append(Seat(name=name, controller=PERSON if index == to else FRIEND))
    return record.model_copy(update={"seats": seats})


def localized(record: GameRecord, lang: str, defaults: list[dict[str, str]]) -> GameRecord:
    """The seats' names nobody typed (a bot's default name, "Player 2") in the reader's language.

    ``defaults[i]`` maps each language to seat ``i``'s default name for its controller (the set-up's).

    >>> from engine.records import Seat
    >>> record = GameRecord(game="siege", format=3,
    ...                     seats=[Seat(name="Joueur 1", controller="friend"), Seat(name="Robot vigie", controller="aim")])
    >>> [s.name for s in localized(record, "en", [{}, {"en": "Lookout Bot", "fr": "Robot vigie"}]).seats]
    ['Player 1', 'Lookout Bot']
    """
    seats = []
    for index, seat in enumerate(record.seats):
        names = defaults[index] if index < len(defaults) else {}
        name = seat.name
        if name in names.values() and lang in names:
            name = names[lang]
        elif (numbered := _NUMBERED.match(name)) is not None and is_person(seat.controller):
            name = NUMBERED(lang, "seat", n=int(numbered[1]))
        seats.append(seat.model_copy(update={"name": name}))
    return record.model_copy(update={"seats": seats})


def in_reader_language(record: GameRecord, lang: str) -> GameRecord:
    """A link's record with the names nobody typed (the set-up's defaults) in the reader's language."""
    from ui.app.set_up import default_name  # the set-up's names, loaded with the page

    defaults = [{each: default_name(record.game, index, seat.controller, each) or "" for each in LANGS}
                for index, seat in enumerate(record.seats)]
    return localized(record, lang, defaults)


def same_game(one: GameRecord, other: GameRecord) -> bool:
    """Whether two records are one friend game seen from two screens: the same game, dealer and seats.

    The seats' names and which person sits here differ between the screens; who is a bot does not.
    """
    return (
        one.game == other.game
        and one.seed is not None
        and one.seed == other.seed
        and one.options == other.options
        and [is_person(s.controller) or s.controller for s in one.seats]
        == [is_person(s.controller) or s.controller for s in other.seats]
    )


def compare(link: list[str], known: list[str]) -> Standing:
    """How a link's actions stand against the ones this page has of the same game.

    >>> compare(["a", "b"], ["a", "b"]), compare(["a", "x"], ["a", "b"])
    ('same', 'other')
    """
    shared = min(len(link), len(known))
    if link[:shared] != known[:shared]:
        return "other"
    if len(link) == len(known):
        return "same"
    return "later" if len(link) > len(known) else "earlier"


#: What the page says as a friend's link opens, and what "Send" did with the link for the friend.
WORDS = Catalogue({
    "en": {
        "joined": "You play {you}, against {others} by link: the moves since yours are marked on the board.",
        "arrived": "{others} played by link: the moves since yours are marked on the board.",
        "earlier": "This link is from an earlier move: your game has gone further, so it stays as it is.",
        "other": "This link's game went another way than yours from move {step}: yours stays as it is.",
        "copy": "A copy of a shared game: you go on from here as {you}, on this page only. To play each other, "
                "choose “A friend, by link” in New game.",
        "send": "Send the link to {name}",
        "turn": "{name}, your turn in our game of {game}",
        "copied": "Link copied: send it to {name} (a message, an e-mail); it opens their turn.",
        "shown": "Here is the link for {name}: copy it and send it to them; it opens their turn.",
        "shared": "Link sent to {name}: their move will come back by link.",
    },
    "fr": {
        "joined": "Vous jouez {you}, contre {others} par lien : les coups joués depuis le vôtre sont marqués sur "
                  "le plateau.",
        "arrived": "Le lien de {others} est arrivé : les coups joués depuis le vôtre sont marqués sur le plateau.",
        "earlier": "Ce lien date d’un coup précédent : votre partie est allée plus loin, elle reste telle quelle.",
        "other": "La partie de ce lien a pris un autre chemin que la vôtre au coup {step} : la vôtre reste telle "
                 "quelle.",
        "copy": "Copie d’une partie partagée : vous continuez d’ici en tant que {you}, sur cette page seulement. "
                "Pour jouer l’un contre l’autre, choisissez «\u202fUn ami, par lien\u202f» dans Nouvelle partie.",
        "send": "Envoyer le lien à {name}",
        "turn": "{name}, à vous de jouer dans notre partie de {game}",
        "copied": "Lien copié : envoyez-le à {name} (par message, par e-mail) ; il ouvre son tour.",
        "shown": "Voici le lien pour {name} : copiez-le et envoyez-le-lui ; il ouvre son tour.",
        "shared": "Lien envoyé à {name} : son coup reviendra par lien.",
    },
})


def link_words(name: str, game: str, lang: str) -> dict[str, str]:
    """What the page says it did with a friend's link (copied, shown, shared), naming the friend, and the
    message the phone's share sheet sends with it (``turn``: who is to move)."""
    return {done: WORDS(lang, done, name=name, game=game) for done in ("copied", "shown", "shared", "turn")}


def known_versions(session: Session, record: GameRecord, entries: list[tuple[str, str]]) -> list[tuple[str, GameRecord]]:
    """This page's copies of the link's game (its id, its record): the one on the page, the saved ones."""
    found = []
    live = session.live
    if live.record is not None and live.game is not None:
        current = live.current_record()
        if same_game(current, record):
            found.append((live.game_id, current))
    for _key, entry in plan(entries, session.lang).entries:
        try:
            saved = parse_record(entry.record)
        except RecordError:  # a save edited by hand: the game page lists it as damaged
            continue
        if same_game(saved, record):
            found.append((entry.id, saved))
    return found


def open_friend_link(session: Session, record: GameRecord, message: DecodeLink) -> dict[str, Any]:
    """Open a friend's link: the page's copy of the game takes the moves the link adds, else the link's game.

    The answer's ``notice`` says what happened in words; ``reopened`` is the storage key of the saved
    game the link went on with (the page offers no other "Resume" for it).
    """
    lang = session.lang
    known = known_versions(session, record, message.entries)
    if not known:
        session.load(replay(in_reader_language(record, lang), expect_game=message.expect_game), acted=True)
        session.live.changed = True  # a friend's game is kept from its first link
        return {**session.screen(), "notice": _arrival_words(session, "joined"), "reopened": None}
    game_id, mine = max(known, key=lambda pair: len(pair[1].actions))
    standing = compare(record.actions, mine.actions)
    if standing == "later":
        # this page's names and seats, the link's moves
        session.load(replay(mine.model_copy(update={"actions": record.actions}), expect_game=message.expect_game),
                     game_id=game_id, acted=True)
        session.live.changed = True
        notice = _arrival_words(session, "arrived")
    else:
        if session.live.game_id != game_id:
            session.load(replay(mine, expect_game=message.expect_game), game_id=game_id, acted=True)
        shared = next((k for k, (a, b) in enumerate(zip(record.actions, mine.actions)) if a != b), 0)
        notice = {"same": "", "earlier": WORDS(lang, "earlier"), "other": WORDS(lang, "other", step=shared + 1)}[standing]
    return {**session.screen(), "notice": notice, "reopened": storage_key(record.game, game_id)}


def copy_words(session: Session) -> str:
    """What a shared game's link (not a friend's) is, once opened: a copy to go on with here ("" with no person)."""
    return "" if _person_here(session) is None else _arrival_words(session, "copy")


def _person_here(session: Session) -> int | None:
    """The seat of the person at this page: the one whose turn it is, else its one person, or its first."""
    live = session.live
    you = live.you(live.interactive_seat())
    if you is None:
        you = next((index for index, seat in enumerate(live.current_record().seats) if seat.controller == PERSON), None)
    return you


def _arrival_words(session: Session, key: str) -> str:
    live = session.live
    lang = session.lang
    titles = [live.view.seat_title(index, seat.name, lang) for index, seat in enumerate(live.current_record().seats)]
    you = _person_here(session)
    friends = " & ".join(titles[index] for index in sorted(live.friend_seats))
    return WORDS(lang, key, you=titles[you] if you is not None else "", others=friends)


__all__ = ["Standing", "compare", "copy_words", "for_receiver", "in_reader_language", "is_friend_game", "localized", "receiver", "same_game"]

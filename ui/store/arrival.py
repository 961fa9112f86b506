"""A game page opens: keep the visit's game there, or reopen the person's unfinished game at its step.

What to open is :func:`ui.store.resume.choose`'s choice, from the stored games
and the page's address; :func:`arrive` carries it out on the page's session
(the message ``arrive``), replaying a stored record and, where it no longer
replays, saying so in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.bounded import MAX_SEATS, clip
from engine.records import replay
from ui.app.messages import Arrive
from ui.app.worded import WORDED
from ui.games import GAMES
from ui.store.resume import choose, notice_words, read_address
from ui.store.saves import SetUp, plan

if TYPE_CHECKING:  # the session calls this; this module never calls the session's module
    from ui.app.session import Session


def arrive(session: Session, message: Arrive) -> dict[str, Any]:
    """A game page opens: keep this visit's game here, or reopen a saved game at its step.

    Otherwise the answer (``arrival`` "link" or "new") leaves the page to
    open its link or its set-up's game, and names the unfinished game to
    offer beside it (``offer``). A saved game that no longer replays is
    skipped with words; nothing stored is changed here. A replay that was
    playing itself when the page was left has stopped.
    """
    session.lang = message.lang
    session.live.autoplay_ms = None
    clock = {"now_ms": message.now_ms, "tz_offset_min": message.tz_offset_min}
    listing = plan(message.entries, message.lang, **clock)
    # the set-up form's seats (a game without a page of its own reads every seat asked)
    rows = next((len(game.seats) for game in GAMES if game.name == message.expect_game), MAX_SEATS)
    asked = read_address(message.query, rows)
    live = session.live
    current = live.game_id if live.game is not None else ""
    playing = SetUp(seats=list(live.record.seats), seed=live.record.seed) if live.record is not None else None
    choice = choose(
        asked, listing.entries, current_game_id=current, current=playing, link=message.link, lang=message.lang
    )
    notices = [choice.notice, listing.notice]
    arrival, offer = choice.kind, choice.offer
    if arrival == "new" and live.game is not None:
        # The address asks for another set-up than this visit's game here (a landing card's other
        # level): the page starts that game; the one left is saved already if a person played it.
        live.forget()
        session.scheduler.thinking = None
    if arrival == "resume":
        stored = dict(listing.entries)
        for key in choice.reopen:
            entry = stored[key]
            try:
                result = replay(entry.record, expect_game=message.expect_game)
                session.load(result, game_id=entry.id, acted=True)
            except WORDED as exc:  # a record edited by hand, a bot this build no longer has
                notices.append(notice_words("unreadable", message.lang, reason=clip(str(exc), 120)))
                continue
            if asked.pace_ms is not None:
                session.scheduler.pace_ms = asked.pace_ms
            break
        else:
            arrival, offer = "new", None
    return {
        **session.screen(),
        "arrival": arrival,
        "offer": offer if arrival in ("link", "new") else None,
        "notice": " ".join(text for text in notices if text),
        "saves": listing.html,
        "prune": listing.prune,
    }

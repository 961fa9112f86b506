"""The page's refusals are typed (:class:`ui.app.refused.Refused`): worded to the person; anything else is a bug.

The session words a :class:`Refused` and the engine's own error types in the
page's language; any other exception raised while it answers a message (a
failed unpack, a plain ValueError) is no refusal: it leaves the session, and
the worker reports it as the engine failing, so a test or the soak sees it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.siege import Siege
from engine.trice.rules import Trice, setup
from ui import worker
from ui.app.refused import Refused
from ui.app.session import Session, Visit
from ui.app.view import ViewContext
from ui.games.siege.page import View as SiegeView
from ui.games.trice.page import View as TriceView

pytestmark = pytest.mark.unit

PEOPLE = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def send(session: Session, **message: Any) -> dict[str, Any]:
    return session.handle_text(json.dumps(message))


def trice_for_people() -> Session:
    """A Trice game of three people, who starts drawn: a person is to roll."""
    session = Session()
    assert send(session, op="start", game="trice", seed=3, seats=PEOPLE)["ok"]
    screen = send(session, op="tick")  # the draw for who starts: nobody's chance step
    assert screen["error"] is None and session.interactive_seat() is not None
    return session


@pytest.mark.parametrize("lang, words", [
    ("en", "There is no cell zz on the board."),
    ("fr", "Il n'y a pas de case zz sur le plateau."),
])
def test_a_views_refusal_is_a_refused_worded_to_the_person(lang: str, words: str) -> None:
    view, game = TriceView(), Trice()
    with pytest.raises(Refused) as refused:
        view.handle(game, setup({"b1": "R1"}, 0, dice=(1, 1, 1)), None, "tap zz",
                    ViewContext(seats=(), interactive_seat=0, lang=lang))
    assert (str(refused.value), refused.value.key, refused.value.values) == (words, "no_cell", {"cell": "zz"})
    session = trice_for_people()
    send(session, op="lang", lang=lang)
    before = len(session.actions)
    screen = send(session, op="act", gesture="tap zz")
    assert screen["error"] == words and screen["game"] == "trice"
    assert len(session.actions) == before  # refused: nothing played


@pytest.mark.parametrize("lang, words", [("en", "nothing to redo"), ("fr", "rien à rétablir")])
def test_the_sessions_own_refusal_is_a_refused_worded_to_the_person(lang: str, words: str) -> None:
    session = trice_for_people()
    with pytest.raises(Refused) as refused:
        session.live.redo_one(lang)
    assert (str(refused.value), refused.value.key) == (words, "no_redo")
    send(session, op="lang", lang=lang)
    assert send(session, op="redo")["error"] == words


@pytest.mark.parametrize("lang, words", [
    ("en", "Roll the dice first: your points pay for aiming and firing (SG-03)."),
    ("fr", "Lancez d'abord les dés : vos points paient la visée et le tir (SG-03)."),
])
def test_sieges_refusals_are_worded_to_the_person(lang: str, words: str) -> None:
    """Siege's view refuses with :class:`Refused` too: a pick before the roll, keyed and worded."""
    with pytest.raises(Refused) as refused:
        SiegeView().handle(Siege(), Siege().apply(Siege().new(2), Siege().parse_action("first blue")), None, "pick",
                           ViewContext(seats=(), interactive_seat=0, lang=lang))
    assert (str(refused.value), refused.value.key) == (words, "not_yet")
    session = Session()
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    assert send(session, op="start", game="siege", seed=3, seats=seats, lang=lang)["ok"]
    send(session, op="tick")  # the draw for who starts
    assert session.interactive_seat() is not None
    screen = send(session, op="act", gesture="pick")  # before the roll
    assert screen["error"] == words and screen["game"] == "siege"


def broken(*args: Any) -> Any:
    """A bug in a handler: a failed unpack, a plain ValueError."""
    first, second = args[:1]
    return first, second


def test_a_plain_value_error_in_a_handler_is_a_bug_not_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    session = trice_for_people()
    monkeypatch.setattr(TriceView, "movable", staticmethod(broken))
    with pytest.raises(ValueError, match="not enough values to unpack") as raised:
        send(session, op="act", gesture="select a1")
    assert not isinstance(raised.value, Refused)


def test_the_worker_reports_a_bug_in_a_handler_as_the_engine_failing(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(worker, "_visit", Visit())
    screen = json.loads(worker.handle(json.dumps({"op": "start", "game": "trice", "seed": 3, "seats": PEOPLE})))
    assert screen["ok"] and screen["game"] == "trice"
    screen = json.loads(worker.handle('{"op": "tick"}'))
    refused = json.loads(worker.handle('{"op": "act", "gesture": "tap zz"}'))  # a refusal: the screen, in words
    assert refused["error"] == "There is no cell zz on the board." and refused["game"] == "trice"
    monkeypatch.setattr(TriceView, "movable", staticmethod(broken))
    failed = json.loads(worker.handle('{"op": "act", "gesture": "select a1"}'))
    assert failed == {"ok": False,
                      "error": "the engine failed: ValueError: not enough values to unpack (expected 2, got 1)"}
    assert "Traceback" in capsys.readouterr().err  # the detail, for the console

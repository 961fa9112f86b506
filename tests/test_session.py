"""The page session behind the bridge: messages, bots, undo, links, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import engine
from engine.records import GameRecord, RecordError, Seat, explain
from ui.app.messages import BadMessage, parse_message
from ui.app.session import Session, decode_link, encode_link

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[1]


def start(session: Session, game: str, controllers: list[str], seed: int = 5) -> dict[str, Any]:
    seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
    return session.handle_text(json.dumps({"op": "start", "game": game, "seats": seats, "seed": seed}))


def send(session: Session, **message: Any) -> dict[str, Any]:
    return session.handle_text(json.dumps(message))


@pytest.mark.parametrize("text, reason", [
    ("not json", "not JSON"),
    ('{"op": "launch"}', "does not match any of the expected tags"),
    ('{"op": "act"}', "act.gesture: Field required"),
    ('{"op": "start", "game": "trice", "seats": [{"name": "A", "controller": "rm -rf"}]}', "String should match pattern"),
    ('{"op": "act", "gesture": "do end", "extra": 1}', "Extra inputs are not permitted"),
])
def test_bad_messages_are_refused_in_words(text: str, reason: str) -> None:
    with pytest.raises(BadMessage, match=reason):
        parse_message(text)
    screen = Session().handle_text(text)
    assert screen["ok"] is False and reason in screen["error"]


def test_bots_only_game_plays_to_the_end_by_ticks() -> None:
    session = Session()
    screen = start(session, "pig", ["random", "random"])
    for _ in range(5000):
        if screen["tick_ms"] is None:
            break
        screen = send(session, op="tick")
    assert screen["banner"] and "wins" in screen["banner"]
    assert screen["log"] and screen["steps"] == len(screen["record"]["actions"])


def test_a_person_rolls_their_own_dice_and_bots_wait() -> None:
    session = Session()
    screen = start(session, "pig", ["human", "random"])
    assert screen["tick_ms"] is None  # nothing moves until the person acts
    screen = send(session, op="act", gesture="do roll")
    assert 'data-act="chance"' in screen["regions"]["controls"]
    screen = send(session, op="act", gesture="do hold")
    assert "roll first" in screen["error"]
    screen = send(session, op="act", gesture="chance")
    assert screen["ok"] and screen["record"]["actions"][-1].startswith("die ")


def test_undo_stops_at_the_last_chance_step() -> None:
    session = Session()
    start(session, "pig", ["human", "human"], seed=11)
    send(session, op="act", gesture="do roll")
    send(session, op="act", gesture="chance")
    face = session.actions[-1]
    screen = send(session, op="undo")
    assert "nothing to undo" in screen["error"]
    assert session.actions[-1] == face


def test_undo_and_redo_inside_a_turn_of_trice() -> None:
    session = Session()
    start(session, "trice", ["human", "human", "human"], seed=3)
    game = session.game
    assert game is not None
    # Deal who starts and the dice, then place a free piece: undoable.
    while game.is_chance(session.state):
        send(session, op="tick") if game.turn_seat(session.state) is None else send(session, op="act", gesture="chance")
    before = len(session.actions)
    place = next(a for a in game.legal_actions(session.state) if game.format_action(a).startswith("place"))
    screen = send(session, op="act", gesture="do " + game.format_action(place))
    assert screen["can_undo"] is True
    screen = send(session, op="undo")
    assert screen["ok"] and len(session.actions) == before and screen["can_redo"]
    screen = send(session, op="redo")
    assert screen["ok"] and session.actions[-1] == place
    screen = send(session, op="undo")
    screen = send(session, op="undo")
    assert "nothing to undo" in screen["error"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["act", "undo", "redo"]), min_size=1, max_size=40), st.integers(0, 10_000))
def test_undo_never_crosses_a_chance_step_or_another_seat(moves: list[str], seed: int) -> None:
    """Property: whatever the player does, undo never removes a chance outcome
    or an action of another seat."""
    session = Session()
    start(session, "pig", ["human", "human"], seed=seed)
    game = session.game
    assert game is not None
    for move in moves:
        frozen = [
            (i, a) for i, a in enumerate(session.actions)
            if game.is_chance(session.states[i]) or game.current_player(session.states[i]) != session.interactive_seat()
        ]
        if move == "act":
            if game.is_terminal(session.state):
                break
            gesture = "chance" if game.is_chance(session.state) else "do " + game.format_action(game.legal_actions(session.state)[seed % 2])
            send(session, op="act", gesture=gesture)
            continue
        send(session, op=move)
        for index, action in frozen:
            assert index < len(session.actions) and session.actions[index] == action


def test_share_link_round_trip_and_resume_continues_the_dealer() -> None:
    session = Session()
    start(session, "pig", ["human", "human"], seed=21)
    for gesture in ("do roll", "chance", "do roll", "chance"):
        send(session, op="act", gesture=gesture)
    link = send(session, op="link")["link"]
    other = Session()
    screen = send(other, op="open_link", fragment=link, expect_game="pig")
    assert screen["ok"] and screen["record"] == session.current_record().model_dump(mode="json")
    # Both continue with the same dealt future.
    for s in (session, other):
        send(s, op="act", gesture="do roll")
        send(s, op="act", gesture="chance")
    assert session.actions == other.actions


@pytest.mark.parametrize("fragment, reason", [
    ("nothing", "does not carry a game"),
    ("g1.@@@@", "damaged"),
    ("g1." + encode_link(GameRecord(game="pig", format=1, seats=[Seat(name="A"), Seat(name="B")], actions=["roll", "hold"]))[3:], "action 2"),
])
def test_bad_links_are_refused_and_the_game_is_kept(fragment: str, reason: str) -> None:
    session = Session()
    start(session, "pig", ["human", "human"])
    send(session, op="act", gesture="do roll")
    kept = list(session.actions)
    screen = send(session, op="open_link", fragment=fragment)
    assert screen["ok"] is False and reason in screen["error"]
    assert session.actions == kept


def test_loading_the_wrong_game_or_a_newer_format_is_refused() -> None:
    record = {"game": "pig", "format": 1, "seats": [{"name": "A"}, {"name": "B"}], "actions": []}
    with pytest.raises(RecordError, match="this is a Pig record, not a Trice one"):
        from engine.records import replay

        replay(record, expect_game="trice")
    screen = send(Session(), op="load", record={**record, "format": 99})
    assert "newer than this site's" in screen["error"]
    screen = send(Session(), op="load", record='{"game": "pig", "format": 1, "seats": [{"na')
    assert "truncated" in screen["error"]


def test_replay_view_shows_past_positions_and_blocks_play() -> None:
    session = Session()
    start(session, "pig", ["human", "human"], seed=2)
    for gesture in ("do roll", "chance", "do hold"):
        send(session, op="act", gesture=gesture)
    screen = send(session, op="view", step=1)
    assert screen["step"] == 1 and "Replay: step 1 of 3" == screen["status"]
    assert "watching the replay" in send(session, op="act", gesture="do roll")["error"]
    screen = send(session, op="view", step=None)
    assert screen["step"] == 3


def test_link_encoding_is_url_safe() -> None:
    record = GameRecord(game="pig", format=1, seats=[Seat(name="Zoé & co")], actions=["roll"] * 50)
    link = encode_link(record)
    assert all(c.isalnum() or c in "-_." for c in link)
    assert decode_link("#" + link) == record
    assert engine.get("pig").title == "Pig"


def test_a_refused_start_leaves_the_current_game_untouched() -> None:
    session = Session()
    start(session, "pig", ["human", "human"], seed=3)
    send(session, op="act", gesture="do roll")
    kept = (session.game, list(session.actions), session.record)
    screen = start(session, "trice", ["human", "wizard", "heuristic"])
    assert screen["ok"] is False and "no bot called 'wizard'" in screen["error"]
    assert (session.game, session.actions, session.record) == kept
    fresh = Session()
    screen = start(fresh, "trice", ["human", "wizard", "heuristic"])
    assert fresh.game is None and screen["tick_ms"] is None and "wizard" in screen["error"]


def test_a_new_game_stops_a_thinking_bot() -> None:
    """A search bot thinks one slice per tick; a start message drops its search at once."""
    session = Session()
    # An iteration cap and no clock: a loaded machine cannot make it finish within two slices.
    screen = start(session, "trice", ["mcts:hard:4000", "mcts:hard:4000", "mcts:hard:4000"], seed=3)
    for _ in range(50):  # the opening roll and nuclear steps are quick: tick until a bot thinks
        if session.scheduler.thinking is not None:
            break
        screen = send(session, op="tick")
    assert session.scheduler.thinking is not None and screen["tick_ms"] == 0 and "thinking" in screen["status"]
    steps = screen["steps"]
    screen = send(session, op="tick")  # one more slice: still thinking, nothing played
    assert session.scheduler.thinking is not None and screen["steps"] == steps
    screen = start(session, "pig", ["human", "random"], seed=4)
    assert session.scheduler.thinking is None
    assert screen["steps"] == 0 and screen["tick_ms"] is None  # the person's turn: nobody moves
    assert screen["record"]["game"] == "pig"


def test_the_log_follows_the_page_language() -> None:
    """Switching to French rewrites the whole log in French, and back."""
    session = Session()
    screen = start(session, "siege", ["random", "random"], seed=2)
    for _ in range(6):
        screen = send(session, op="tick")
    english = [line["text"] for line in screen["log"]]
    assert english[0].startswith("The draw says")
    screen = send(session, op="lang", lang="fr")
    french = [line["text"] for line in screen["log"]]
    assert len(french) == len(english) and french[0].startswith("Le tirage désigne")
    screen = send(session, op="tick")  # new lines come in French too
    assert len(screen["log"]) == len(english) + 1 and "The " not in screen["log"][-1]["text"]
    screen = send(session, op="lang", lang="en")
    assert [line["text"] for line in screen["log"]][: len(english)] == english


def test_refusals_come_in_the_page_language() -> None:
    session = Session()
    start(session, "pig", ["random", "human"], seed=1)  # Pig's seat 0, the bot, starts
    screen = send(session, op="act", gesture="do roll")
    assert screen["error"] == "it is not your turn: wait for the bot"
    send(session, op="lang", lang="fr")
    assert send(session, op="act", gesture="do roll")["error"] == "ce n'est pas votre tour : attendez le robot"
    assert send(session, op="redo")["error"] == "rien à rétablir"


def test_a_refused_move_is_explained_in_the_page_language() -> None:
    """Trice names the rule that refuses a move, in French on a French page (TR-14)."""
    session = Session()
    screen = start(session, "trice", ["human", "human", "human"], seed=1)
    send(session, op="lang", lang="fr")
    screen = send(session, op="tick")  # the draw for who starts: nobody's chance step
    assert screen["error"] is None and screen["tick_ms"] is None
    screen = send(session, op="act", gesture="chance")  # the person rolls
    screen = send(session, op="act", gesture="do place 1 free")
    assert screen["error"] is None
    board = session.state.board
    eye = board.eyes[session.state.seat]
    here = board.names[eye]
    far = next(name for i, name in enumerate(board.names) if i not in board.neighbours[eye] and i != eye)
    screen = send(session, op="act", gesture=f"do move {here} {far}")
    assert screen["error"] == (f"coup refusé « move {here} {far} » : {far} n'a pas de côté commun avec {here} : "
                               "une pièce avance d'une case à la fois, vers une voisine (TR-14)")
    send(session, op="lang", lang="en")
    screen = send(session, op="act", gesture=f"do move {here} {far}")
    assert screen["error"].startswith(f"illegal action 'move {here} {far}': {far} does not share a side")


@pytest.mark.parametrize("lang, words", [("en", "Tom & Jerry wins!"), ("fr", "Tom & Jerry gagne !")])
def test_the_winner_banner_is_plain_text_escaped_once_by_the_page(lang: str, words: str) -> None:
    """The bridge shows the banner with textContent: escaping it here too showed "Tom &amp; Jerry wins!"."""
    session = Session()
    seats = [{"name": "Tom & Jerry", "controller": "random"}, {"name": "Tom & Jerry", "controller": "random"}]
    screen = send(session, op="start", game="pig", seats=seats, seed=3, lang=lang)
    for _ in range(5000):
        if screen["tick_ms"] is None:
            break
        screen = send(session, op="tick")
    assert screen["banner"] == words


def test_skip_to_my_turn_plays_the_bots_at_once_and_stops_at_the_person() -> None:
    """A thinking search bot plays its best move so far; pace goes to 0 until a person may act."""
    session = Session()
    screen = start(session, "piratissimo", ["mcts:hard:100000", "mcts:hard:100000", "human"], seed=4)
    for _ in range(60):
        if session.scheduler.thinking is not None:
            break
        screen = send(session, op="tick")
    assert session.scheduler.thinking is not None and screen["skippable"]
    screen = send(session, op="skip")
    for _ in range(400):
        if screen["tick_ms"] is None:
            break
        assert screen["tick_ms"] == 0  # no pause while skipping
        screen = send(session, op="tick")
    assert screen["tick_ms"] is None and screen["status"].startswith("Your turn")
    assert not screen["skippable"] and session.scheduler.skipping is False
    # The next bot turn goes at the chosen pace again.
    assert session.scheduler.pace_ms == 650


def test_rematch_keeps_the_line_up_with_a_new_seed() -> None:
    session = Session()
    first = start(session, "siege", ["human", "aim"], seed=11)
    screen = send(session, op="rematch")
    assert screen["ok"] and screen["record"]["seats"] == first["record"]["seats"]
    assert screen["record"]["options"] == first["record"]["options"]
    assert screen["record"]["seed"] != 11 and screen["game_id"] != first["game_id"]


def test_the_board_keeps_what_the_others_did_since_your_last_action() -> None:
    """ViewContext.recent: the bots' actions (their dice included) since the person last acted."""
    session = Session()
    screen = start(session, "trice", ["human", "heuristic", "heuristic"], seed=1)
    while screen["tick_ms"] is not None:  # the draw: Red, the person, starts
        screen = send(session, op="tick")
    screen = send(session, op="act", gesture="chance")  # the person rolls: their own action
    assert screen["ok"] and screen["recap"] == []
    screen = send(session, op="act", gesture="do end")
    while screen["tick_ms"] is not None:
        screen = send(session, op="tick")
    recap = screen["recap"]
    assert recap and all(not line.startswith("Red") for line in recap)
    assert any(line.startswith("Green") for line in recap) and any(line.startswith("Blue") for line in recap)
    assert recap == [line["text"] for line in screen["log"][-len(recap):]]
    screen = send(session, op="act", gesture="chance")  # acting clears the marks
    assert screen["recap"] == []


def test_the_worker_builds_no_validator_before_the_first_screen_needs_it() -> None:
    """A fresh interpreter that imports the session and answers the boot's ping builds no message's validator
    but the ping's: each is built when its message first comes (the page is ready sooner)."""
    program = """
import json
from ui.app.session import Visit
from ui.app import messages
from ui.store import saves
from engine import records
Visit().handle_text('{"op": "ping"}')
models = [*messages._MODELS, records.Seat, records.GameRecord, saves.Summary, saves.SaveEntry, saves.SetUp]
print(json.dumps(sorted(m.__name__ for m in models if m.__pydantic_complete__)))
"""
    built = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(built.stdout) == ["Ping"]


@pytest.mark.parametrize("text", [
    '{"op": "start", "game": "trice", "seats": [{"name": "Ann"}], "seed": 3}',
    '{"op": "undo"}', '{"op": "redo"}', '{"op": "view", "step": 4}', '{"op": "act", "gesture": "do end"}',
    '{"op": "start", "game": "trice", "seats": []}', '{"op": "act"}', '{"op": "undo", "x": 1}',
    '{"op": "nope"}', '{"op": 3}', '{"gesture": "x"}', '[1, 2]', '"ping"',
])
def test_a_message_is_read_as_the_union_of_all_messages_reads_it(text: str) -> None:
    """Each message is validated by its own model (built on first use); answers and refusals are the union's."""
    from ui.app.messages import _union

    try:
        expected: Any = _union().validate_python(json.loads(text))
    except ValidationError as exc:
        with pytest.raises(BadMessage) as refused:
            parse_message(text)
        assert str(refused.value) == f"bad message ({explain(exc)})"
    else:
        assert parse_message(text) == expected


def test_every_kind_of_message_has_one_handler() -> None:
    """The visit (the site's own messages) and the session (a page's game) answer each message through one table
    entry: none is forgotten, none is handled twice."""
    from ui.app import messages
    from ui.app.session import ANSWERS, CHANGES, SITE_ANSWERS

    kinds = {cls for cls in vars(messages).values()
             if isinstance(cls, type) and issubclass(cls, messages._Message) and cls is not messages._Message}
    assert kinds == set(ANSWERS) | set(CHANGES) | set(SITE_ANSWERS)
    assert not set(ANSWERS) & set(CHANGES) and not set(SITE_ANSWERS) & (set(ANSWERS) | set(CHANGES))


def test_since_your_last_move_never_lists_your_own_shot() -> None:
    """Siege's scatter is nobody's chance step, but it settles your own shot: it is not news to you (issue 20.6)."""
    session = Session()
    seats = [{"name": "You", "controller": "human"}, {"name": "Gunner", "controller": "aim"}]
    session.handle_text(json.dumps({"op": "start", "game": "siege", "seed": 1, "seats": seats, "pace_ms": 0}))
    game = session.game
    while session.interactive_seat() is None or game.is_chance(session.state):
        session.handle_text('{"op": "tick"}') if session.interactive_seat() is None else session.act("chance")
    assert game.may_fire(session.state)
    session.act("do fire cannon 10 70")
    while game.is_chance(session.state) and session.interactive_seat() is None and game.turn_seat(session.state) is None:
        session.handle_text('{"op": "tick"}')  # the ball lands: nobody's chance step
    screen = session.screen()
    mine = [line["text"] for line in screen["log"] if line["seat"] == 0 or "Blue's cannon" in line["text"]]
    assert any("Blue's cannon" in text for text in mine)  # the log has the shot's landing ...
    assert not any("Blue's cannon" in text or text.startswith("Blue fires") for text in screen["recap"])  # ... the recap does not


def test_the_replay_plays_itself_a_step_each_tick_back_to_the_live_game() -> None:
    """The Replay button's autoplay is the session's: it starts from the first step, each tick shows the next at the
    chosen pace, the bots wait, and reaching the live position ends it; stopping keeps the step shown."""
    session = Session()
    start(session, "pig", ["human", "random"], seed=2)
    for gesture in ("do roll", "chance", "do roll", "chance"):
        screen = send(session, op="act", gesture=gesture)
        if screen["tick_ms"] is not None:
            break  # the person's turn ended (a one): the bot is to play
    steps = screen["steps"]
    assert steps >= 2 and screen["autoplay"] is False
    screen = send(session, op="autoplay", step_ms=300)
    assert (screen["step"], screen["autoplay"], screen["tick_ms"]) == (0, True, 300)
    shown = [screen["step"]]
    while screen["autoplay"]:
        screen = send(session, op="tick")
        shown.append(screen["step"])
        assert screen["steps"] == steps  # the bots wait while the replay is watched
    assert shown == list(range(steps + 1)) and screen["step"] == screen["steps"]
    assert screen["tick_ms"] == send(session, op="refresh")["tick_ms"]  # the live game's own pace again
    # stopped half-way: the step stays, nothing ticks; going live ends it too
    send(session, op="view", step=1)
    screen = send(session, op="autoplay", step_ms=100)
    assert (screen["step"], screen["tick_ms"]) == (1, 100)  # from where the replay stands
    screen = send(session, op="autoplay", step_ms=None)
    assert (screen["step"], screen["autoplay"], screen["tick_ms"]) == (1, False, None)
    send(session, op="autoplay", step_ms=100)
    screen = send(session, op="view", step=None)
    assert screen["autoplay"] is False and screen["step"] == steps


def test_the_page_tells_its_screen_once_and_every_game_of_the_visit_draws_for_it():
    """``prefs`` carries the viewport into each view's context, for the pages opened after it too."""
    from ui.app.session import Visit
    from ui.app.view import Viewport

    visit = Visit()
    start = {"op": "start", "game": "siege", "seed": 3, "seats": [{"name": "A"}, {"name": "B"}]}
    assert visit.handle_text(json.dumps(start), "siege")["ok"]
    assert visit.sessions["siege"].view_context(0).viewport is None  # not said yet: the views write for every device
    visit.handle_text(json.dumps({"op": "prefs", "motion": True, "width": 390, "touch": True}), "siege")
    assert visit.sessions["siege"].view_context(0).viewport == Viewport(width_px=390, touch=True)
    assert visit.handle_text(json.dumps({**start, "game": "trice", "seats": [{"name": n} for n in "ABC"]}), "trice")["ok"]
    assert visit.sessions["trice"].view_context(0).viewport == Viewport(width_px=390, touch=True)
    refused = visit.handle_text(json.dumps({"op": "prefs", "width": -5, "touch": True}), "siege")
    assert not refused["ok"] and "width" in refused["error"]
    assert visit.sessions["siege"].view_context(0).viewport == Viewport(width_px=390, touch=True)

"""The soak's checks, after every input and at the end of a run: the page raised no error and asked no
other origin for anything, its engine is ready, bots with a move to make make it, the screen agrees with
the engine's record of the session (the step, the log, the status line in the page's language, whose
turn, undo and redo, with reduced motion every region's markup), and every saved game replays here, in
CPython, to the position the page last showed for it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from tools.soak_page import (
    BOT_WAIT_S,
    PAGE_SETTLE_TIMEOUT_S,
    SETTLE_TIMEOUT_S,
    SNAPSHOT_TRIES,
    STALL_TIMEOUT_S,
    Fault,
    OutOfTime,
    PageDriver,
)

#: The status line's fixed words (ui/app/render.py, whose_turn), per language,
#: to tell which language the game speaks.
STATUS_WORDS = {
    "en": ("Your turn", " is thinking", "Replay: step", "Game over", "Drawing who starts", "Chance decides"),
    "fr": ("À vous de jouer", " réfléchit", "Relecture", "Partie terminée", "Tirage au sort", "Le hasard décide"),
}

#: The page's own state, read in one go (``dom`` below), and the engine's answer for the same page.
SNAPSHOT_JS = """
async (ms) => {
  const h = document.documentElement;
  const q = (s) => document.querySelector(s);
  const dom = () => ({
    url: location.href, engine: h.dataset.engine ?? null, game: h.dataset.game ?? null,
    step: h.dataset.step ?? null, turn: h.dataset.turn ?? null, lang: h.lang,
    log: [...document.querySelectorAll('[data-region=log] li')].map((li) => li.dataset.text),
    status: q('[data-region=status]')?.textContent ?? null,
    undoDisabled: q('[data-op=undo]')?.disabled ?? null,
    redoDisabled: q('[data-op=redo]')?.disabled ?? null,
    autoplay: q('[data-op=autoplay]')?.getAttribute('aria-pressed') === 'true',
  });
  const before = dom();
  if (!before.game || before.engine !== 'ready' || !window.boardgamesEngine) return { before, after: before, screen: null };
  let answer;
  try {
    // An engine that does not answer within ``ms`` is stuck: say so instead of waiting for ever.
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), ms));
    answer = await Promise.race([window.boardgamesEngine.call({ op: 'refresh' }), late]);
  } catch (err) {
    return { before, after: dom(), screen: null, error: String(err) };
  }
  if (answer === 'late') return { before, after: dom(), screen: null, late: true };
  const after = dom();
  if (!answer || !answer.game) return { before, after, screen: null, error: answer && answer.error };
  // Each region as the engine draws it now, against the page's (same parser, so the same serialization).
  // A region inside another (Siege's numbers beside its sliders) is compared as part of the outer one,
  // with its own markup in place, as the bridge puts it.
  const regions = {};
  const drawn = answer.regions || {};
  for (const [name, markup] of Object.entries(drawn)) {
    const el = q(`[data-region="${name}"]`);
    if (!el || el.parentElement.closest('[data-region]')) continue;
    const t = document.createElement('template');
    t.innerHTML = markup;
    for (const inner of t.content.querySelectorAll('[data-region]')) {
      if (inner.dataset.region in drawn) inner.innerHTML = drawn[inner.dataset.region];
    }
    // A <details> a person opened or closed is theirs, not the engine's drawing.
    const mine = el.cloneNode(true);
    for (const root of [mine, t.content]) root.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
    // A bot's thinking bar (the region "thinking") grows while the engine answers: the share of the
    // turn's thinking time is live, the bar being there is not.
    const live = (markup) => markup.replace(/(<progress\\b[^>]*\\bvalue=")\\d+/g, '$1');
    const want = live(t.innerHTML), got = live(mine.innerHTML);
    if (want === got) continue;
    let at = 0;
    while (at < want.length && want[at] === got[at]) at++;
    regions[name] = { page: got.slice(Math.max(0, at - 60), at + 60), engine: want.slice(Math.max(0, at - 60), at + 60) };
  }
  for (const el of document.querySelectorAll('[data-region]')) {
    const name = el.dataset.region;
    if (!['log', 'status', 'saves'].includes(name) && !(name in drawn) && el.innerHTML.trim()
        && !el.parentElement.closest('[data-region]')) {
      regions[name] = { page: el.innerHTML.slice(0, 120), engine: '(no such region now)' };
    }
  }
  const screen = {
    regions,
    game: answer.game, step: answer.step, steps: answer.steps, status: answer.status,
    log: answer.log.map((line) => line.text), turn: answer.turn ?? null,
    can_undo: answer.can_undo, can_redo: answer.can_redo, tick_ms: answer.tick_ms,
    game_id: answer.game_id, actions: answer.record.actions,
    humans: answer.seats.filter((seat) => seat.controller === 'human').length,
    saved: !!answer.autosave,
    autoplay: !!answer.autoplay,
  };
  return { before, after, screen };
}
"""


@dataclass
class Seen:
    """A game as the page last showed it live, with a person's move in it (so it is saved)."""

    game: str
    actions: list[str]
    log: list[str]
    status: str
    lang: str
    #: Bots were still to play when it was seen: the saved game may have gone further.
    unfinished: bool
    #: The input after which it was seen (a fault names it, to find what moved the game on unseen).
    after_input: int = 0
    url: str = ""


class Checks(PageDriver):
    """The checks of the page against the engine; the replay of the saved games."""

    seen: dict[str, Seen]
    last_screen: dict[str, Any] | None
    bots_waiting: tuple[tuple[str, int], float] | None
    still: bool

    def check_watch(self) -> None:
        if self.watch.foreign:
            raise Fault(f"requests to another origin: {self.watch.foreign[:5]}")
        if self.watch.errors:
            raise Fault(f"page errors: {self.watch.errors[:5]}")
        if self.write_faults:
            raise Fault(self.write_faults[0])
        if self.watch.whole_stdlib:
            raise Fault(f"modules the light standard library lacks: {self.watch.whole_stdlib[:5]}")

    def settle(self) -> None:
        """Wait for what the last input started, then check the page against the engine.

        An input may start a navigation that shows only later (nav.js fetches
        the next page first): whenever the page turns out to have changed, it
        is looked at again from the top.
        """
        deadline = time.monotonic() + PAGE_SETTLE_TIMEOUT_S
        while True:
            self.wait_network_quiet()
            self.check_watch()
            if not self.on_site():
                self.last_screen = None
                return
            kind = self.page_kind()
            if kind["engineUI"]:
                self.wait_engine()
            if not kind["game"]:
                self.last_screen = None
                self.check_watch()
                return
            if self.settle_game(kind["game"]):
                self.check_watch()
                return
            if time.monotonic() > deadline:
                raise Fault(f"the page never settled in {PAGE_SETTLE_TIMEOUT_S:.0f} s (now {self.page.url})")

    def settle_game(self, game: str) -> bool:
        """Check the game page against the engine until its bots are done; False if the page stopped being that game's."""
        started = time.monotonic()
        while True:
            self.budget(SETTLE_TIMEOUT_S)
            snapshot = self.snapshot()
            if snapshot is not None and (snapshot["after"]["game"] != game or snapshot["after"]["engine"] != "ready"):
                return False  # another page, or an engine starting: from the top
            screen = snapshot["screen"] if snapshot else None
            if screen is None:
                if time.monotonic() - started > SETTLE_TIMEOUT_S:
                    error = snapshot.get("error") if snapshot else "the page kept changing"
                    raise Fault(f"the game page shows no game that agrees with the engine ({error})")
                self.pause_for_page()
                continue
            self.compare(snapshot["after"], screen)
            self.last_screen = screen
            # ticks also step a replay that plays itself (the bots wait while it is watched): not bots to play
            bots_to_play = screen["tick_ms"] is not None and screen["humans"] > 0 and not screen.get("autoplay")
            if screen["saved"]:
                self.seen[screen["game_id"]] = Seen(
                    screen["game"], list(screen["actions"]), list(screen["log"]), screen["status"],
                    snapshot["after"]["lang"], unfinished=bots_to_play,
                    after_input=len(self.steps), url=snapshot["after"]["url"],
                )
            self.check_bots_move(screen, bots_to_play)
            if not bots_to_play or time.monotonic() - started > BOT_WAIT_S:
                return True
            self.pause_for_page()

    def check_bots_move(self, screen: dict[str, Any], bots_to_play: bool) -> None:
        """Bots with a step to play take it: the same position waiting for them too long, over any inputs, is a fault."""
        if not bots_to_play:
            self.bots_waiting = None
            return
        position = (screen["game_id"], screen["steps"])
        if self.bots_waiting is None or self.bots_waiting[0] != position:
            self.bots_waiting = (position, time.monotonic())
        elif time.monotonic() - self.bots_waiting[1] > STALL_TIMEOUT_S:
            raise Fault(f"bots to play but no step for {STALL_TIMEOUT_S:.0f} s (step {screen['steps']})")

    def snapshot(self) -> dict[str, Any] | None:
        """The page and the engine's answer at one moment (nothing on the page changed while the engine answered)."""
        for _ in range(SNAPSHOT_TRIES):
            allowed = self.budget(SETTLE_TIMEOUT_S)
            look = self.js(SNAPSHOT_JS, allowed * 1000)
            if look.get("late"):
                if allowed < SETTLE_TIMEOUT_S:
                    raise OutOfTime("the engine's answer")
                raise Fault(f"the engine did not answer a refresh in {SETTLE_TIMEOUT_S:.0f} s")
            if look["before"] == look["after"]:
                return look
        return None

    def compare(self, dom: dict[str, Any], screen: dict[str, Any]) -> None:
        """The screen shows what the engine's session holds."""
        problems = []
        if screen["game"] != dom["game"]:
            problems.append(f"the engine plays {screen['game']} on the {dom['game']} page")
        if dom["step"] != str(screen["step"]):
            problems.append(f"data-step={dom['step']} but the engine shows step {screen['step']}")
        if screen["steps"] != len(screen["actions"]):
            problems.append(f"{screen['steps']} steps but the record has {len(screen['actions'])} actions")
        if not 0 <= screen["step"] <= screen["steps"]:
            problems.append(f"step {screen['step']} outside 0..{screen['steps']}")
        if len(screen["log"]) != screen["steps"]:
            problems.append(f"the engine's log has {len(screen['log'])} lines for {screen['steps']} steps")
        if dom["log"] != screen["log"]:
            problems.append(f"the page's log ({len(dom['log'])} lines) is not the engine's ({len(screen['log'])}): "
                            f"{first_difference(dom['log'], screen['log'])}")
        if dom["status"] != screen["status"]:
            problems.append(f"status {dom['status']!r} but the engine says {screen['status']!r}")
        spoken = status_language(screen["status"])
        if spoken is not None and spoken != dom["lang"]:
            problems.append(f"the page is in {dom['lang']!r} but the game speaks {spoken!r}: {screen['status']!r}")
        if dom["undoDisabled"] is not None and dom["undoDisabled"] == screen["can_undo"]:
            problems.append(f"undo {'disabled' if dom['undoDisabled'] else 'enabled'} but can_undo={screen['can_undo']}")
        if dom["redoDisabled"] is not None and dom["redoDisabled"] == screen["can_redo"]:
            problems.append(f"redo {'disabled' if dom['redoDisabled'] else 'enabled'} but can_redo={screen['can_redo']}")
        if self.still:
            # (With motion, the page's drawing may still carry the animation of the move it first showed.)
            for name, where in screen["regions"].items():
                problems.append(f"region {name} is not the engine's drawing: page …{where['page']}… / "
                                f"engine …{where['engine']}…")
        turn = "" if screen["turn"] is None else str(screen["turn"])
        if dom["turn"] != turn:
            problems.append(f"data-turn={dom['turn']!r} but the engine's turn is {turn!r}")
        if problems:
            raise Fault(f"on {dom['url']}: " + "; ".join(problems))

    def stored_games(self) -> list[tuple[str, str]]:
        """Every saved game of the site's localStorage, (key, text), read from the context (any page may be shown)."""
        state = self.context.storage_state()
        for origin in state["origins"]:
            if origin["origin"] == self.origin:
                return [(item["name"], item["value"]) for item in origin["localStorage"]
                        if item["name"].startswith("boardgames:save:")]
        return []

    def check_saves(self, *, cut_short: bool) -> int:
        """Every saved game replays (CPython, engine.records.replay) to the position the page last showed for it."""
        from engine.records import RecordError, replay
        from ui.app.session import Session
        from ui.store.saves import DamagedSave, read_entry

        stored = self.stored_games()
        for key, text in stored:
            _, _, game_name, game_id = key.split(":", 3)
            try:
                entry = read_entry(text)
                result = replay(entry.record, expect_game=game_name)
            except (DamagedSave, RecordError) as exc:
                raise Fault(f"saved game {key} does not replay: {exc}") from None
            game = result.game
            final = result.states[-1]
            problems = []
            if entry.id != game_id or entry.game != game_name:
                problems.append(f"stored as {key} but its entry says {entry.game}:{entry.id}")
            if entry.summary.steps != len(result.actions):
                problems.append(f"the summary says {entry.summary.steps} steps, the record replays {len(result.actions)}")
            finished = game.outcome(final) is not None
            if entry.finished != finished:
                problems.append(f"finished={entry.finished} but the replayed game {'is' if finished else 'is not'} over")
            seat = game.turn_seat(final)
            turn = "" if finished or seat is None else entry.record["seats"][seat]["name"]
            if entry.summary.turn != turn:
                problems.append(f"the summary's turn is {entry.summary.turn!r}, the replay's {turn!r}")
            seen = self.seen.get(game_id)
            if seen is not None:
                actions = list(entry.record["actions"])
                may_be_further = seen.unfinished or cut_short
                if not may_be_further and len(actions) > len(seen.actions):
                    # An input that acted, then left the page at once: the page showed the steps it saved
                    # (each write is checked as it happens), the monkey did not look again.
                    written = self.writes.get(key)
                    may_be_further = written is not None and written[0] == len(actions) and written[2] >= seen.after_input
                if actions != seen.actions and not (may_be_further and actions[: len(seen.actions)] == seen.actions):
                    problems.append(f"the page last showed {len(seen.actions)} actions (after input {seen.after_input}, "
                                    f"on {seen.url}), the save holds {len(actions)}: "
                                    f"{first_difference(actions, seen.actions)}; the save goes on with "
                                    f"{actions[len(seen.actions):][:6]}")
                elif actions == seen.actions:
                    # The same game resumed here, natively: the log and the status the page showed.
                    screen = Session().handle_text(json.dumps(
                        {"op": "resume", "text": text, "expect_game": game_name, "lang": seen.lang}))
                    texts = [line["text"] for line in screen["log"]]
                    if texts != seen.log:
                        problems.append(f"its log replayed here differs from the page's: {first_difference(texts, seen.log)}")
                    if screen["status"] != seen.status:
                        problems.append(f"its status replayed here is {screen['status']!r}, the page showed {seen.status!r}")
            if problems:
                raise Fault(f"saved game {key}: " + "; ".join(problems))
        return len(stored)


def status_language(status: str) -> str | None:
    """The language of a status line, from its fixed words (None when it has none of them).

    >>> status_language("Your turn, You"), status_language("À vous de jouer, Vous"), status_language("")
    ('en', 'fr', None)
    """
    for lang, words in STATUS_WORDS.items():
        if any(word in status for word in words):
            return lang
    return None


def first_difference(left: list[str], right: list[str]) -> str:
    """Where two lists part, in words.

    >>> first_difference(["a", "b"], ["a", "c"])
    "at 2: 'b' / 'c'"
    """
    for index, (a, b) in enumerate(zip(left, right)):
        if a != b:
            return f"at {index + 1}: {a!r} / {b!r}"
    return f"one is {abs(len(left) - len(right))} longer"

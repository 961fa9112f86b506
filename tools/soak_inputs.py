"""The soak's input generator: what the monkey plays, the input each step draws from the seeded generator
(whatever the page shows, so that a seed always gives the same sequence), and how each kind of input is
made on the page: clicks, taps, mouse and finger drags, keys, sliders, navigation, links to games near
their end, share links, a resized window, bursts, hasty clicks and a crashed engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tools.soak_page import (
    DEATH_NOTICE_TIMEOUT_S,
    ENGINE_STATE_JS,
    NAVIGATION_TIMEOUT_S,
    SELECTORS,
    SHARE_LINK_TIMEOUT_S,
    Fault,
    PageDriver,
)

#: Who sits at each game's table when the monkey opens it: always a person
#: (a game of bots only would play to its end between two inputs), and only
#: bots that answer at once and the same way for the same seed (no search bot
#: on a clock).
LINEUPS: dict[str, tuple[str, ...]] = {
    "trice": ("human,heuristic,heuristic", "human,human,human", "human,random,heuristic"),
    "piratissimo": ("human,heuristic", "human,human,random,heuristic", "human,human", "human,random,random"),
    "siege": ("human,aim", "human,human", "human,random", "human,aim:easy"),
}
GAMES = tuple(LINEUPS)
#: Game seeds the monkey's URLs use (``?seed=``): any below this.
GAME_SEEDS = 10_000
#: The bot that plays a whole game here, natively, for an "endgame" link: quick and deterministic.
NATIVE_BOTS = {"trice": "heuristic", "piratissimo": "heuristic", "siege": "aim"}
#: An "endgame" link stops at most this many actions before the end (0: the game is over).
ENDGAME_MAX_CUT = 8
#: Window sizes a "resize" picks from: a desktop, a small laptop, a phone upright and on its side.
VIEWPORTS: tuple[tuple[int, int], ...] = ((1280, 900), (1024, 700), (390, 844), (844, 390))
FIRST_VIEWPORT = VIEWPORTS[0]
#: The share of runs with reduced motion (see Monkey.still).
REDUCED_MOTION_SHARE = 0.5

#: How often each kind of input comes, per profile.  "full" is ``make soak``'s;
#: "quick" is the one-minute test's: no engine kill (it waits for the call
#: timeout), fewer page loads (each starts an engine: seconds).
PROFILES: dict[str, dict[str, float]] = {
    "full": {
        "act": 26, "op": 12, "undo": 4, "replay": 4, "point": 8, "tap": 7, "drag": 5, "touch-drag": 3,
        "key": 10, "slider": 4, "dialog": 3, "lang": 2, "link": 2, "back": 1.5, "forward": 1,
        "reload": 1, "visit": 1.5, "endgame": 2.5, "share": 1, "resize": 1, "burst": 3, "hasty": 1, "crash": 0.3,
    },
    "quick": {
        "act": 26, "op": 12, "undo": 4, "replay": 4, "point": 8, "tap": 7, "drag": 5, "touch-drag": 3,
        "key": 10, "slider": 4, "dialog": 3, "lang": 2, "link": 1, "back": 1, "forward": 0.5,
        "reload": 0.4, "visit": 0.5, "endgame": 0.6, "share": 0.4, "resize": 1, "burst": 2, "hasty": 0.4, "crash": 0,
    },
}
#: Values drawn for each step, whatever it turns out to need: the same seed
#: then gives the same sequence of inputs whatever the page shows.
DRAWS_PER_STEP = 6
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "Tab", "Shift+Tab")
#: A drag goes this far at most from where it starts (CSS px), in this many moves.
DRAG_SPAN_PX = 360
DRAG_MOVES = 6
#: The share of finger drags the system cancels (a call comes in) instead of ending.
TOUCH_CANCEL_SHARE = 0.15
#: A burst is this many clicks at most, one right after the other (no wait for the page between them).
BURST_MAX_CLICKS = 5
#: Clicks made at once after a hasty reload, at most.
HASTY_MAX_CLICKS = 3
#: Slider changes by keys take at most this many presses.
SLIDER_MAX_PRESSES = 12


@dataclass
class Step:
    """One input of the run: its number, its kind and the values drawn for it."""

    index: int
    kind: str
    draws: tuple[float, ...]
    #: What the input turned out to be on the page (the element, the point, the key).
    detail: str = ""
    #: How long the input and the wait after it took.
    seconds: float = 0.0

    def line(self) -> str:
        draws = ",".join(f"{u:.3f}" for u in self.draws)
        return f"{self.index:5d} {self.kind:<10} [{draws}] {self.seconds:5.1f}s {self.detail}"


def draw_step(rng: random.Random, weights: dict[str, float], index: int) -> Step:
    """Input number ``index``, drawn whatever the page shows: a kind by ``weights`` and DRAWS_PER_STEP values in [0, 1)."""
    kinds = [kind for kind, weight in weights.items() if weight > 0]
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    draws = tuple(rng.random() for _ in range(DRAWS_PER_STEP))
    return Step(index, kind, draws)


class Inputs(PageDriver):
    """Each kind of input, made on the page from the step's draws (``do_<kind>``); it says what it did."""

    last_screen: dict[str, Any] | None
    cdp: dict[Any, Any]

    def do_act(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["act"], u)

    def do_op(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["op"], u)

    def do_undo(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["undo"], u)

    def do_replay(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["replay"], u)

    def do_burst(self, u: tuple[float, ...]) -> str:
        """Clicks in quick succession (some of them double): each lands before the page has answered the last."""
        local = random.Random(int(u[1] * 2**32))  # the clicks' own draws, from the step's: the same seed, the same burst
        clicks = []
        for _ in range(2 + int(u[0] * (BURST_MAX_CLICKS - 1))):
            found = self.pick(SELECTORS["burst"], (local.random(), local.random(), local.random()))
            if found is None:
                break
            double = local.random() < 0.3
            (self.page.mouse.dblclick if double else self.page.mouse.click)(found["x"], found["y"])
            clicks.append(("double-click " if double else "") + found["what"])
        if not clicks:
            return self.anything(u, "nothing to click in a burst")
        return "burst: " + "; ".join(clicks)

    def do_hasty(self, u: tuple[float, ...]) -> str:
        """Reload, and click the moment the engine is up, while the page is still starting its game."""
        self.wait("reload", NAVIGATION_TIMEOUT_S, lambda ms: self.page.reload(wait_until="commit", timeout=ms))
        if not self.page_kind()["engineUI"]:
            return f"reload {self.page.url}"
        self.wait_engine()
        local = random.Random(int(u[1] * 2**32))  # the clicks' own draws, from the step's
        clicks = []
        for _ in range(1 + int(u[0] * HASTY_MAX_CLICKS)):
            found = self.pick(SELECTORS["hasty"], (local.random(), local.random(), local.random()))
            if found is None:
                break
            self.page.mouse.click(found["x"], found["y"])
            clicks.append(found["what"])
        return f"reload {self.page.url}, then at once: " + ("; ".join(clicks) or "nothing to click yet")

    def do_point(self, u: tuple[float, ...]) -> str:
        board = self.pick(SELECTORS["board"], (0.0, 0.5, 0.5))
        if board is None:
            return self.anything(u, "no board")
        x, y = self.board_point(u[1], u[2])
        self.page.mouse.click(x, y)
        return f"click the board at {x:.0f},{y:.0f}"

    def do_tap(self, u: tuple[float, ...]) -> str:
        if u[3] < 0.25 and self.pick(SELECTORS["board"], (0.0, 0.5, 0.5)) is not None:
            x, y = self.board_point(u[1], u[2])
            self.page.touchscreen.tap(x, y)
            return f"tap the board at {x:.0f},{y:.0f}"
        found = self.pick(SELECTORS["tap"], u) or self.pick(SELECTORS["anything"], u)
        if found is None:
            return "nothing to tap"
        self.page.touchscreen.tap(found["x"], found["y"])
        return f"tap {found['what']} at {found['x']:.0f},{found['y']:.0f}"

    def drag_path(self, u: tuple[float, ...]) -> tuple[str, tuple[float, float], tuple[float, float]] | None:
        """Where a drag starts (the aim handle if there is one, else a point of the board) and ends."""
        handle = self.pick(SELECTORS["drag"], (u[0], 0.5, 0.5))
        if handle is not None:
            what, start = handle["what"], (handle["x"], handle["y"])
        elif self.pick(SELECTORS["board"], (0.0, 0.5, 0.5)) is not None:
            start = self.board_point(u[0], u[3])
            what = "the board"
        else:
            return None
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        end = (
            max(1.0, min(width - 1.0, start[0] + (u[1] - 0.5) * 2 * DRAG_SPAN_PX)),
            max(1.0, min(height - 1.0, start[1] + (u[2] - 0.5) * 2 * DRAG_SPAN_PX)),
        )
        return what, start, end

    def do_drag(self, u: tuple[float, ...]) -> str:
        path = self.drag_path(u)
        if path is None:
            return self.anything(u, "nothing to drag")
        what, start, end = path
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(*end, steps=DRAG_MOVES)
        mouse.up()
        return f"drag {what} from {start[0]:.0f},{start[1]:.0f} to {end[0]:.0f},{end[1]:.0f}"

    def do_touch_drag(self, u: tuple[float, ...]) -> str:
        path = self.drag_path(u)
        if path is None:
            return self.anything(u, "nothing to drag")
        what, start, end = path
        cdp = self.cdp.get(self.page)
        if cdp is None:
            cdp = self.cdp[self.page] = self.context.new_cdp_session(self.page)
        touch = lambda kind, points: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        touch("touchStart", [{"x": start[0], "y": start[1]}])
        for i in range(1, DRAG_MOVES + 1):
            t = i / DRAG_MOVES
            touch("touchMove", [{"x": start[0] + (end[0] - start[0]) * t, "y": start[1] + (end[1] - start[1]) * t}])
        cancelled = u[4] < TOUCH_CANCEL_SHARE
        touch("touchCancel" if cancelled else "touchEnd", [])
        ending = "cancelled" if cancelled else "lifted"
        return f"finger drag {what} from {start[0]:.0f},{start[1]:.0f} to {end[0]:.0f},{end[1]:.0f}, {ending}"

    def do_key(self, u: tuple[float, ...]) -> str:
        key = KEYS[min(len(KEYS) - 1, int(u[0] * len(KEYS)))]
        focused = ""
        if u[1] < 0.5:
            # Half the time the keys go to the board's keyboard area (Siege's aim), when it has one.
            target = self.pick(SELECTORS["keys"], (u[2], 0.5, 0.5))
            if target is not None:
                self.js("() => document.querySelector('[data-keys]')?.focus()")
                focused = f" in {target['what']}"
        self.page.keyboard.press(key)
        return f"key {key!r}{focused}"

    def do_slider(self, u: tuple[float, ...]) -> str:
        found = self.pick(SELECTORS["range"], (u[0], 0.5, 0.5))
        if found is None:
            return self.anything(u, "no slider")
        if u[1] < 0.5:
            # As Playwright's fill does: the value set, then the input and change events.
            value = self.js(
                """([index, share]) => {
                     const dialogs = [...document.querySelectorAll('dialog[open]')];
                     const root = dialogs.length ? dialogs[dialogs.length - 1] : document;
                     const all = [...root.querySelectorAll('input[type=range]')].filter((el) => el.checkVisibility());
                     const el = all[index];
                     if (!el) return null;
                     const low = Number(el.min || 0), high = Number(el.max || 100);
                     el.value = String(Math.round(low + share * (high - low)));
                     el.dispatchEvent(new Event('input', { bubbles: true }));
                     el.dispatchEvent(new Event('change', { bubbles: true }));
                     return el.value; }""",
                [found["index"], u[2]],
            )
            return f"set {found['what']} to {value}"
        presses = 1 + int(u[2] * SLIDER_MAX_PRESSES)
        key = "ArrowRight" if u[3] < 0.5 else "ArrowLeft"
        self.page.mouse.click(found["x"], found["y"])  # a click on the track moves the thumb there, and focuses it
        for _ in range(presses):
            self.page.keyboard.press(key)
        return f"click {found['what']} at {found['x']:.0f},{found['y']:.0f}, then {presses} x {key}"

    def do_dialog(self, u: tuple[float, ...]) -> str:
        kind = self.page_kind()
        if kind["dialog"]:
            if u[0] < 0.3:
                self.page.keyboard.press("Escape")
                return f"Escape in #{kind['dialog']}"
            return self.click(SELECTORS["close"], u[1:])
        return self.click(SELECTORS["rules"] if u[0] < 0.5 else SELECTORS["setup"], u[1:])

    def do_lang(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["lang"], u)

    def do_link(self, u: tuple[float, ...]) -> str:
        return self.click(SELECTORS["link"], u)

    def do_back(self, u: tuple[float, ...]) -> str:
        self.wait("back", NAVIGATION_TIMEOUT_S, lambda ms: self.page.go_back(wait_until="commit", timeout=ms))
        return f"back to {self.page.url}"

    def do_forward(self, u: tuple[float, ...]) -> str:
        self.wait("forward", NAVIGATION_TIMEOUT_S, lambda ms: self.page.go_forward(wait_until="commit", timeout=ms))
        return f"forward to {self.page.url}"

    def do_reload(self, u: tuple[float, ...]) -> str:
        self.wait("reload", NAVIGATION_TIMEOUT_S, lambda ms: self.page.reload(wait_until="commit", timeout=ms))
        return f"reload {self.page.url}"

    def do_visit(self, u: tuple[float, ...]) -> str:
        game = GAMES[min(len(GAMES) - 1, int(u[0] * len(GAMES)))]
        lineups = LINEUPS[game]
        lineup = lineups[min(len(lineups) - 1, int(u[1] * len(lineups)))]
        if u[3] < 0.1:
            url = self.site_url  # the landing page
        elif u[3] < 0.2:
            url = f"{self.site_url}{game}/rules/"
        else:
            url = f"{self.site_url}{game}/?seats={lineup}&seed={int(u[2] * GAME_SEEDS)}&pace=0"
        self.wait(f"open {url}", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(url, wait_until="commit", timeout=ms))
        return f"open {url}"

    def do_endgame(self, u: tuple[float, ...]) -> str:
        """Open a link to a game near its end (or over), played here by bots: the banner, the summary, a rematch."""
        game = GAMES[min(len(GAMES) - 1, int(u[0] * len(GAMES)))]
        lineups = LINEUPS[game]
        lineup = lineups[min(len(lineups) - 1, int(u[1] * len(lineups)))]
        seed = int(u[2] * GAME_SEEDS)
        cut = int(u[3] ** 2 * (ENDGAME_MAX_CUT + 1))  # a game already over a third of the time
        fragment = endgame_link(game, lineup, seed, cut)
        url = f"{self.site_url}{game}/#{fragment}"
        self.wait("open an endgame link", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(url, wait_until="commit", timeout=ms))
        return f"open a link to {game} ({lineup}, seed {seed}) {cut} actions before its end"

    def do_resize(self, u: tuple[float, ...]) -> str:
        width, height = VIEWPORTS[min(len(VIEWPORTS) - 1, int(u[0] * len(VIEWPORTS)))]
        self.page.set_viewport_size({"width": width, "height": height})
        return f"window {width}x{height}"

    def do_share(self, u: tuple[float, ...]) -> str:
        """Share the game, open the link in a new tab, check it is the same game; go on in one of the two tabs."""
        source = self.last_screen
        kind = self.page_kind()
        if source is None or not kind["game"] or source["game"] != kind["game"]:
            return self.anything(u, "no game to share")
        self.js("() => { const out = document.querySelector('#share-link'); if (out) out.value = ''; }")
        clicked = self.click(SELECTORS["share"], (0.0, 0.5, 0.5), fallback=False)
        if clicked.startswith("nothing"):
            return "(no share button) " + self.click(SELECTORS["anything"], u, fallback=False)
        link = self.wait(
            "the share link", SHARE_LINK_TIMEOUT_S,
            lambda ms: self.page.wait_for_function(
                "() => { const v = document.querySelector('#share-link')?.value || ''; return v.includes('#g1.') && v; }",
                timeout=ms,
            ),
        ).json_value()
        old = self.page
        self.page = self.context.new_page()
        self.wait("open the share link", NAVIGATION_TIMEOUT_S, lambda ms: self.page.goto(link, wait_until="commit", timeout=ms))
        self.settle()
        opened = self.last_screen
        if opened is None or opened["game"] != source["game"] or opened["actions"][: len(source["actions"])] != source["actions"]:
            got = None if opened is None else (opened["game"], len(opened["actions"]))
            raise Fault(f"the share link of {source['game']} after {len(source['actions'])} actions opened {got}")
        keep_new = u[1] < 0.5
        (old if keep_new else self.page).close()
        if not keep_new:
            self.page = old
        return f"share {len(link)} characters, opened in a new tab; going on in the {'new' if keep_new else 'old'} one"

    def do_crash(self, u: tuple[float, ...]) -> str:
        """Stop the engine as a crash would; the page must say so and start a fresh one."""
        if self.js(ENGINE_STATE_JS) != "ready" or not self.js("() => !!window.boardgamesEngine"):
            return self.anything(u, "no engine to stop")
        self.js("() => { window.boardgamesEngine.stop(); window.boardgamesEngine.call({ op: 'refresh' }).catch(() => null); }")
        self.wait(
            "the page noticing the engine stopped", DEATH_NOTICE_TIMEOUT_S,
            lambda ms: self.page.wait_for_function(f"() => ({ENGINE_STATE_JS})() === 'dead'", timeout=ms),
        )
        closed = ""
        if self.page_kind()["dialog"]:
            # The failure shows on the page, under the open dialog: a person closes the dialog first.
            self.page.keyboard.press("Escape")
            closed = "Escape, "
        restart = self.click(SELECTORS["restart"], (0.0, 0.5, 0.5), fallback=False)
        if restart.startswith("nothing"):
            raise Fault("the engine stopped and the page offers no restart")
        return "stop the engine, then " + closed + restart


_NATIVE_GAMES: dict[tuple[str, int, int], list[str]] = {}


def endgame_link(game_name: str, lineup: str, seed: int, cut: int, names: Sequence[str] = ()) -> str:
    """A share link (``g1.…``) to a game of ``lineup``'s seats played to its end here by bots, less its last ``cut`` actions.

    The seats are called ``names`` (by default "Seat 1", "Seat 2"...).

    >>> from ui.store.links import decode_link
    >>> record = decode_link(endgame_link("piratissimo", "human,heuristic", 5, 0))
    >>> import engine; game = engine.get("piratissimo")
    >>> from engine.records import replay
    >>> game.is_terminal(replay(record).states[-1]), [s.controller for s in record.seats]
    (True, ['human', 'heuristic'])
    """
    import engine
    from engine.bots import make_bot
    from engine.core import Dealer
    from engine.records import GameRecord, Seat
    from ui.store.links import encode_link

    game = engine.get(game_name)
    controllers = lineup.split(",")
    first = game.new(len(controllers))
    key = (game_name, len(controllers), seed)
    if key not in _NATIVE_GAMES:
        dealer = Dealer(seed)
        bots = [make_bot(game, NATIVE_BOTS[game_name], seed + seat) for seat in range(len(controllers))]
        state, actions = first, []
        while not game.is_terminal(state):
            if game.is_chance(state):
                action = dealer.pick(game, state)
            else:
                action = bots[game.current_player(state)].choose(game, state)
            actions.append(game.format_action(action))
            state = game.apply(state, action)
        _NATIVE_GAMES[key] = actions
    actions = _NATIVE_GAMES[key]
    record = GameRecord(
        game=game.name,
        format=game.format_version,
        seats=[Seat(name=names[index] if index < len(names) else f"Seat {index + 1}", controller=controller)
               for index, controller in enumerate(controllers)],
        options=game.options(first),
        seed=seed,
        actions=actions[: max(0, len(actions) - cut)],
    )
    return encode_link(record)

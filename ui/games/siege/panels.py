"""Siege's HUD, the region ``players``: each side's panel with its name, colour and shape, who plays
it, its pieces, chests and chest run, and whose turn it is."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import Game
from engine.siege.scene import CHESTS_PER_SIDE, COMPASS, ISLAND_NAMES, ISLAND_NAMES_FR, SLOTS
from engine.siege.state import SCATTER, SiegeState
from ui.app.players import controller_label
from ui.app.view import ViewContext
from ui.app.words import pick
from ui.games.siege.page_words import TEXT, sentence
from ui.games.siege.style import SIDE_COLOURS, SIDE_SHAPES

PANEL_STYLE = """<style>
.sg-panels{display:flex;flex-wrap:wrap;gap:.6rem}
.sg-panel{flex:1 1 15rem;border:2px solid #cfd9e2;border-left-width:.5rem;border-radius:.8rem;padding:.45rem .7rem;background:#f8fbff}
.sg-panel.sg-side-0{border-left-color:#2f6fd6}
.sg-panel.sg-side-1{border-left-color:#d23c3c;border-left-style:double}
.sg-panel.sg-turn{border-color:#e0a800;box-shadow:0 0 0 3px #ffe7a0}
.sg-panel.sg-turn.sg-side-0{border-left-color:#2f6fd6}.sg-panel.sg-turn.sg-side-1{border-left-color:#d23c3c}
.sg-panel h3{display:flex;flex-wrap:wrap;align-items:center;gap:.35rem;margin:0;font-size:1.05rem}
.sg-who{margin:.05rem 0 .3rem;font-size:.85rem;color:#3f4c57}
.sg-panel dl{display:grid;grid-template-columns:auto auto;gap:.1rem .8rem;margin:0;font-size:.9rem}
.sg-panel dt{color:#3f4c57}.sg-panel dd{margin:0;font-weight:600}
.sg-tag{font-size:.75rem;font-weight:700;background:#ffe08a;color:#3d2c00;border:1px solid #b58900;border-radius:.5rem;padding:0 .4rem}
.sg-you{font-size:.8rem;font-weight:600;color:#3f4c57}
.sg-mark{display:inline-block;width:.85rem;height:.85rem;flex:none}
.sg-mark.sg-circle{border-radius:50%}
.sg-mark.sg-diamond{transform:rotate(45deg) scale(.82)}
.sg-run{display:inline-flex;gap:.2rem;vertical-align:middle}
.sg-run i{display:inline-block;width:.9rem;height:.45rem;border-radius:.2rem;background:#d7dee5}
.sg-run i.on{background:#b58900}
body.game-siege [data-region=log] li[data-seat="0"]{border-left:4px solid #2f6fd6;padding-left:.4rem}
body.game-siege [data-region=log] li[data-seat="1"]{border-left:4px dotted #d23c3c;padding-left:.4rem}
</style>"""


def run_progress(side: Any, turn: int) -> tuple[int, str]:
    """(steps done 0..4, words key) of a side's chest run (SG-08)."""
    if "boat" not in side.spots:
        return (0, "run_nocrew")
    if side.boat_at == "base":
        return (3, "run_home") if side.chest else (0, "run_base")
    if not side.chest:
        return (1, "run_out")
    return (2, "run_ready") if turn > side.loaded_turn else (2, "run_loaded")


def players_panels(game: Game[Any, Any], state: SiegeState, ctx: ViewContext, lang: str) -> str:
    """The HUD: each side's name, colour and shape, who plays it, its pieces, chests and chest run; whose turn."""
    panels = []
    for seat in (0, 1):
        side = state.sides[seat]
        info = ctx.seats[seat] if seat < len(ctx.seats) else None
        name = info.name if info is not None else TEXT(lang, "blue" if seat == 0 else "red")
        colour = TEXT(lang, "blue" if seat == 0 else "red")
        island = sentence(pick(lang, ISLAND_NAMES, ISLAND_NAMES_FR)[seat])
        who = " · ".join(
            [colour, island] + ([controller_label(info.controller, lang)] if info is not None else [])
        )
        you = ""
        if seat == ctx.you and name.strip().casefold() not in ("you", "vous", "moi", "me"):
            you = f' <span class="sg-you">({escape(TEXT(lang, "you"))})</span>'
        turn = game.turn_seat(state) == seat or (state.phase == SCATTER and state.seat == seat)
        tag = f'<span class="sg-tag">{escape(TEXT(lang, "turn_now"))}</span>' if turn and state.phase != "over" else ""
        done, key = run_progress(side, state.turn)
        bar = "".join(f'<i class="{"on" if i < done else ""}"></i>' for i in range(4))
        captain = TEXT(lang, "captain_up" if side.captain else "captain_down")
        if state.captain_rule and not side.captain:
            captain += TEXT(lang, "one_die")
        chests = f"{state.chests_left(seat)} / {CHESTS_PER_SIDE}" + (TEXT(lang, "aboard") if side.chest else "")
        rows = [
            ("pirates", f"{len(side.spots)} / 10"),
            ("cannons", f"{side.cannons_standing()} / {len(SLOTS)}"),
            ("facing", TEXT(lang, "broadside", side=TEXT(lang, side.facing()))),
            ("chests", chests),
            ("captain", captain),
        ]
        dl = "".join(
            f'<dt>{escape(TEXT(lang, k))}</dt><dd data-hud="{k}-{seat}">{escape(v)}</dd>' for k, v in rows
        )
        dl += (
            f'<dt>{escape(TEXT(lang, "run"))}</dt><dd data-hud="run-{seat}"><span class="sg-run">{bar}</span> '
            f"{escape(TEXT(lang, key))}</dd>"
        )
        if turn and state.dice:
            dice = " + ".join(TEXT(lang, "compass") if f == COMPASS else str(f) for f in state.dice)
            dl += f'<dt>{escape(TEXT(lang, "dice"))}</dt><dd data-hud="dice">{escape(dice)}</dd>'
            dl += f'<dt>{escape(TEXT(lang, "points"))}</dt><dd data-hud="points-{seat}">{state.points}</dd>'
        mark = (f'<span class="sg-mark sg-{SIDE_SHAPES[seat]}" style="background:{SIDE_COLOURS[seat]}" '
                f'aria-hidden="true"></span>')
        panels.append(
            f'<section class="sg-panel sg-side-{seat}{" sg-turn" if turn else ""}" data-seat="{seat}" '
            f'aria-label="{escape(name)}"><h3>{mark}{escape(name)}{you} {tag}</h3>'
            f'<p class="sg-who">{escape(who)}</p><dl>{dl}</dl></section>'
        )
    return PANEL_STYLE + '<div class="sg-panels">' + "".join(panels) + "</div>"

"""Siege's HUD, the region ``players``: the two sides side by side, each with its name, colour and shape,
who plays it, its pieces, chests and chest run, and whose turn it is."""

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
.sg-hud{width:100%;table-layout:fixed;border-collapse:separate;border-spacing:0;font-size:.85rem;line-height:1.3;background:#f8fbff;
border:2px solid #cfd9e2;border-radius:.8rem;overflow:hidden}
.sg-hud th,.sg-hud td{padding:.2rem .35rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
.sg-hud tbody th{font-weight:400;color:#3f4c57}
.sg-hud thead td{width:28%}
.sg-hud td{font-weight:600}
.sg-hud tbody tr+tr>*{border-top:1px solid #e3eaf0}
.sg-hud thead th{border-bottom:2px solid #cfd9e2;border-top:.4rem solid #2f6fd6;font-size:1rem}
.sg-hud thead th.sg-side-1{border-top:.4rem double #d23c3c}
.sg-hud thead td{border-bottom:2px solid #cfd9e2}
.sg-hud .sg-turn{background:#fff3cc}
.sg-name{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem}
.sg-who{display:block;margin-top:.1rem;font-size:.8rem;font-weight:400;color:#3f4c57}
.sg-tag{font-size:.75rem;font-weight:700;background:#ffe08a;color:#3d2c00;border:1px solid #b58900;border-radius:.5rem;padding:0 .4rem}
.sg-you{font-size:.8rem;font-weight:600;color:#3f4c57}
.sg-mark{display:inline-block;width:.85rem;height:.85rem;flex:none}
.sg-mark.sg-circle{border-radius:50%}
.sg-mark.sg-diamond{transform:rotate(45deg) scale(.82)}
.sg-run{display:flex;gap:.2rem;margin:.2rem 0 .1rem}
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
    """The HUD: one table, a column for each side (its name, colour and shape, who plays it), a row for
    each count (its pieces, chests and chest run, the dice and the points of the side to play); whose turn.

    One table rather than a panel for each side: the two sides read row by row, side by side, and it is
    half as tall (on a desktop it stands in the side column beside the scene, in view while you aim).
    """
    heads: list[str] = []
    cells: dict[str, list[str]] = {}
    labels: dict[str, str] = {}

    def cell(key: str, seat: int, text: str, turn: bool, hud: str | None = None, extra: str = "") -> None:
        labels.setdefault(key, TEXT(lang, key))
        row = cells.setdefault(key, ["", ""])
        mark = ' class="sg-turn"' if turn else ""
        row[seat] = f'<td{mark} data-hud="{hud or f"{key}-{seat}"}">{extra}{escape(text)}</td>'

    on_turn = [game.turn_seat(state) == seat or (state.phase == SCATTER and state.seat == seat) for seat in (0, 1)]
    empty = ['<td class="sg-turn"></td>' if turn else "<td></td>" for turn in on_turn]
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
        turn = on_turn[seat]
        tag = f' <span class="sg-tag">{escape(TEXT(lang, "turn_now"))}</span>' if turn and state.phase != "over" else ""
        done, key = run_progress(side, state.turn)
        bar = "".join(f'<i class="{"on" if i < done else ""}"></i>' for i in range(4))
        captain = TEXT(lang, "captain_up" if side.captain else "captain_down")
        if state.captain_rule and not side.captain:
            captain += TEXT(lang, "one_die")
        chests = f"{state.chests_left(seat)} / {CHESTS_PER_SIDE}" + (TEXT(lang, "aboard") if side.chest else "")
        cell("pirates", seat, f"{len(side.spots)} / 10", turn)
        cell("cannons", seat, f"{side.cannons_standing()} / {len(SLOTS)}", turn)
        cell("facing", seat, TEXT(lang, "broadside", side=TEXT(lang, side.facing())), turn)
        cell("chests", seat, chests, turn)
        cell("captain", seat, captain, turn)
        cell("run", seat, TEXT(lang, key), turn, extra=f'<span class="sg-run" aria-hidden="true">{bar}</span>')
        if turn and state.dice:
            dice = " + ".join(TEXT(lang, "compass") if f == COMPASS else str(f) for f in state.dice)
            cell("dice", seat, dice, turn, hud="dice")
            cell("points", seat, str(state.points), turn)
        mark = (f'<span class="sg-mark sg-{SIDE_SHAPES[seat]}" style="background:{SIDE_COLOURS[seat]}" '
                f'aria-hidden="true"></span>')
        heads.append(
            f'<th scope="col" class="sg-side-{seat}{" sg-turn" if turn else ""}" data-seat="{seat}" data-name="{escape(name)}">'
            f'<span class="sg-name">{mark}{escape(name)}{you}{tag}</span><span class="sg-who">{escape(who)}</span></th>'
        )
    rows = "".join(
        f'<tr><th scope="row">{escape(labels[key])}</th>'
        + "".join(row[seat] or empty[seat] for seat in (0, 1))
        + "</tr>"
        for key, row in cells.items()
    )
    return f'{PANEL_STYLE}<table class="sg-hud"><thead><tr><td></td>{"".join(heads)}</tr></thead><tbody>{rows}</tbody></table>'

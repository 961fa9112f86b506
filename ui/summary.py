"""End-of-game summaries: a small SVG chart per game, from the replayed states.

Pure functions of the states and actions of a finished (or running) game:
Trice plots the pyramids each colour has on the board, turn by turn;
Piratissimo each ship's cargo and bank; Siege each side's shots, hits and
accuracy.

>>> print(line_chart({"A": ("#c00", [0, 2, 1])}, title="t", y_label="n")[:4])
<svg
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from engine.core import Game
from engine.numbers import percent

PALETTE = ("#d1495b", "#2a9d8f", "#3d5a99", "#e9a03b")
W, H, PAD_L, PAD_B, PAD_T, PAD_R = 420, 200, 38, 28, 24, 10


def line_chart(series: dict[str, tuple[str, Sequence[float]]], *, title: str, y_label: str, x_label: str = "turn") -> str:
    """Lines over the x axis (one point per turn), with a legend."""
    longest = max((len(v) for _, v in series.values()), default=1)
    top = max((max(v, default=0) for _, v in series.values()), default=1) or 1
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def x(i: int) -> float:
        return PAD_L + plot_w * (i / max(1, longest - 1))

    def y(value: float) -> float:
        return PAD_T + plot_h * (1 - value / top)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="summary-chart" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{W}" height="{H}" rx="10" fill="#fffdf8"/>',
        f'<text x="{PAD_L}" y="16" font-size="12" font-weight="600" fill="#1b2430">{escape(title)}</text>',
        f'<line x1="{PAD_L}" y1="{PAD_T + plot_h}" x2="{W - PAD_R}" y2="{PAD_T + plot_h}" stroke="#c9bfa9"/>',
        f'<line x1="{PAD_L}" y1="{PAD_T}" x2="{PAD_L}" y2="{PAD_T + plot_h}" stroke="#c9bfa9"/>',
        f'<text x="{PAD_L - 4}" y="{PAD_T + 4}" font-size="10" text-anchor="end" fill="#5b6675">{top:g}</text>',
        f'<text x="{PAD_L - 4}" y="{PAD_T + plot_h}" font-size="10" text-anchor="end" fill="#5b6675">0</text>',
        f'<text x="{W - PAD_R}" y="{H - 8}" font-size="10" text-anchor="end" fill="#5b6675">{escape(x_label)} {longest - 1}</text>',
        f'<text x="{PAD_L}" y="{H - 8}" font-size="10" fill="#5b6675">{escape(y_label)}</text>',
    ]
    lx, ly = PAD_L + 8.0, PAD_T + 2.0
    for index, (label, (colour, values)) in enumerate(series.items()):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        dash = ' stroke-dasharray="5 3"' if index % 2 else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.2"{dash}/>')
        width = 24 + 6.2 * len(label)  # legend entries flow left to right and wrap (6.2: a wide sans's mean advance)
        if lx + width > W - PAD_R:
            lx, ly = PAD_L + 8.0, ly + 13
        parts.append(f'<rect x="{lx:.0f}" y="{ly:.0f}" width="10" height="3" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 14:.0f}" y="{ly + 5:.0f}" font-size="9.5" fill="#1b2430">{escape(label)}</text>')
        lx += width
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(bars: list[tuple[str, str, float, str]], *, title: str) -> str:
    """Horizontal bars: (label, colour, value, text shown after the bar)."""
    top = max((b[2] for b in bars), default=1) or 1
    height = PAD_T + 26 * len(bars) + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" class="summary-chart" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{W}" height="{height}" rx="10" fill="#fffdf8"/>',
        f'<text x="12" y="16" font-size="12" font-weight="600" fill="#1b2430">{escape(title)}</text>',
    ]
    for index, (label, colour, value, text) in enumerate(bars):
        y = PAD_T + 26 * index
        width = (W - 200) * value / top
        parts.append(f'<text x="12" y="{y + 14}" font-size="11" fill="#1b2430">{escape(label)}</text>')
        parts.append(f'<rect x="120" y="{y + 3}" width="{width:.1f}" height="14" rx="4" fill="{colour}"/>')
        parts.append(f'<text x="{126 + width:.1f}" y="{y + 14}" font-size="11" fill="#5b6675">{escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def per_turn(game: Game[Any, Any], states: Sequence[Any]) -> list[dict[str, Any]]:
    """The JSON of the last state of every turn (plus the start)."""
    picked: list[dict[str, Any]] = []
    last_turn = None
    for state in states:
        turn = game.turn_count(state)
        data = game.state_to_json(state)
        if turn != last_turn or not picked:
            picked.append(data)
            last_turn = turn
        else:
            picked[-1] = data
    return picked


def trice_summary(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], fr: bool
) -> str:
    rows = per_turn(game, states)
    series = {
        names[c]: (colours[c], [20 - row["reserve"][c] for row in rows]) for c in range(len(names))
    }
    title = "Pyramides sur le plateau, tour par tour" if fr else "Pyramids on the board, turn by turn"
    return line_chart(series, title=title, y_label="pyramides" if fr else "pyramids", x_label="tour" if fr else "turn")


def piratissimo_summary(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], fr: bool
) -> str:
    # One chart, the race itself (what each ship banked), so the summary fits the banner on a phone;
    # what was aboard at the end is in the player panels.
    rows = per_turn(game, states)
    banks = {names[s]: (colours[s], [row["bank"][s] for row in rows]) for s in range(len(names))}
    return line_chart(
        banks, title="Trésors au port, tour par tour" if fr else "Treasure banked, turn by turn", y_label="", x_label="tour" if fr else "turn"
    )


def siege_summary(
    game: Game[Any, Any], states: Sequence[Any], actions: Sequence[Any], names: Sequence[str], colours: Sequence[str], fr: bool
) -> str:
    shots = [0] * len(names)
    hits = [0] * len(names)
    shooter = None
    for index, action in enumerate(actions):
        text = game.format_action(action)
        if text.startswith("fire"):
            shooter = game.current_player(states[index])
            continue
        if shooter is not None and game.is_chance(states[index]):
            enemy = 1 - shooter
            before = json.dumps(game.state_to_json(states[index])["sides"][enemy], sort_keys=True)
            after = json.dumps(game.state_to_json(states[index + 1])["sides"][enemy], sort_keys=True)
            shots[shooter] += 1
            hits[shooter] += before != after
            shooter = None
    bars = []
    for seat, name in enumerate(names):
        accuracy = hits[seat] / shots[seat] if shots[seat] else 0.0
        words = f"{hits[seat]} / {shots[seat]} ({percent(accuracy, 'fr' if fr else 'en', 0, share=True)})"
        bars.append((name, colours[seat], hits[seat], words))
    return bar_chart(bars, title="Tirs au but / tirs (précision)" if fr else "Hits / shots (accuracy)")


SUMMARIES = {"trice": trice_summary, "piratissimo": piratissimo_summary, "siege": siege_summary}


def summary(
    game: Game[Any, Any],
    states: Sequence[Any],
    actions: Sequence[Any],
    names: Sequence[str],
    lang: str = "en",
    *,
    colours: Sequence[str] | None = None,
) -> str:
    """The game's end-of-game chart(s), or "" for a game without one.

    ``colours`` are the seats' own colours (the page's view gives them), so a
    seat's line or bar has the colour of its pieces everywhere else.
    """
    make = SUMMARIES.get(game.name)
    if make is None:
        return ""
    seat_colours = list(colours) if colours else [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    return f'<div class="summary">{make(game, states, actions, names, seat_colours, lang == "fr")}</div>'

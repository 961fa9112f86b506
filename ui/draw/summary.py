"""End-of-game summaries: small SVG line charts, one per thing a game's win condition counts.

Pure functions of the states and actions of a finished (or running) game.
Each game charts what its own win condition counts, turn by turn, in its
folder (``ui/games/<game>/summary.py``, its ``chart``), with the pieces here.

Every line differs from the others by its colour, its dashes and its marker,
and is named at its end (the seat's name), the names moved apart so that
none overlaps another: lines that run together stay told apart.

>>> svg = line_chart([Series("A", "#c00", (0, 2, 1)), Series("B", "#00c", (0, 2, 1))], title="t", y_label="n")
>>> svg.startswith("<svg"), svg.count('class="end-label"')
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.core import Game
from ui.app.words import Catalogue
from ui.games import page

PALETTE = ("#d1495b", "#2a9d8f", "#3d5a99", "#e9a03b")
#: The chart's box (SVG units), and the margins of its plot: the right one holds the lines' names.
W, H, PAD_L, PAD_B, PAD_T, PAD_R = 360, 180, 28, 24, 30, 116
#: Each line's own dashes and marker, by its place in the chart, so that no two look alike even in grey.
DASHES = ("", "7 4", "2 3", "10 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")
LABEL_GAP = 12.5  # the least distance between two names' baselines (their font is 10.5 units)
CHAR_W = 6.0  # a wide sans's mean advance at the names' size, to cut a long name before it leaves the box


@dataclass(frozen=True)
class Series:
    """One line: whose it is, their colour, and a value per turn (the start first)."""

    label: str
    colour: str
    values: tuple[float, ...]


def marker(shape: str, x: float, y: float, colour: str, size: float = 3.6) -> str:
    """A small filled shape centred on (x, y), outlined in white so it reads over another line."""
    common = f'fill="{colour}" stroke="#fff" stroke-width="1"'
    if shape == "square":
        return f'<rect x="{x - size:.1f}" y="{y - size:.1f}" width="{2 * size:.1f}" height="{2 * size:.1f}" {common}/>'
    if shape == "triangle":
        return (f'<path d="M{x:.1f} {y - size * 1.2:.1f} L{x + size * 1.1:.1f} {y + size * 0.8:.1f} '
                f'L{x - size * 1.1:.1f} {y + size * 0.8:.1f}Z" {common}/>')
    if shape == "diamond":
        s = size * 1.25
        return f'<path d="M{x:.1f} {y - s:.1f} L{x + s:.1f} {y:.1f} L{x:.1f} {y + s:.1f} L{x - s:.1f} {y:.1f}Z" {common}/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:.1f}" {common}/>'


def spread_labels(wanted: Sequence[float], *, top: float, bottom: float, gap: float = LABEL_GAP) -> list[float]:
    """Where each name goes: as near its line's end as it can, no two closer than ``gap``, all inside [top, bottom].

    >>> spread_labels([50, 50, 50], top=0, bottom=100, gap=12)
    [38.0, 50.0, 62.0]
    >>> spread_labels([99, 100], top=0, bottom=100, gap=12)
    [88.0, 100.0]
    >>> spread_labels([10, 90], top=0, bottom=100, gap=12)
    [10.0, 90.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [min(max(float(wanted[i]), top), bottom) for i in order]
    # Clusters of names too close together are spread evenly about their mean, merging as they grow.
    clusters: list[list[float]] = []  # [first position, count, sum of wanted positions]
    for y in placed:
        clusters.append([y, 1, y])
        while len(clusters) > 1:
            prev, last = clusters[-2], clusters[-1]
            if prev[0] + prev[1] * gap <= last[0]:
                break
            count, total = prev[1] + last[1], prev[2] + last[2]
            first = total / count - gap * (count - 1) / 2
            clusters[-2:] = [[first, count, total]]
    out: list[float] = []
    for first, count, _ in clusters:
        out.extend(first + k * gap for k in range(int(count)))
    # Kept inside the box: a run pushed past the bottom moves up, one past the top moves down.
    for k in range(len(out) - 1, -1, -1):
        out[k] = min(out[k], bottom - (len(out) - 1 - k) * gap)
    for k in range(len(out)):
        out[k] = max(out[k], top + k * gap)
    result = [0.0] * len(wanted)
    for rank, index in enumerate(order):
        result[index] = round(float(out[rank]), 1)
    return result


def fit(text: str, width: float) -> str:
    """``text`` cut with an ellipsis to about ``width`` units at the names' size."""
    most = max(2, int(width / CHAR_W))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    y_label: str,
    x_label: str = "turn",
    top: float | None = None,
    height: float = H,
    finals: str = "",
) -> str:
    """Lines over the turns, each with its dashes and markers, named at its end.

    ``top`` is the y axis's highest value (the win's number, when the game has
    one; by default the highest value drawn); ``finals`` is said to a screen
    reader with the title (the values at the end, in words).
    """
    longest = max((len(s.values) for s in series), default=1)
    top = top or max((max(s.values, default=0) for s in series), default=1) or 1
    plot_w, plot_h = W - PAD_L - PAD_R, height - PAD_T - PAD_B
    bottom = PAD_T + plot_h

    def x(i: int) -> float:
        return PAD_L + plot_w * (i / max(1, longest - 1))

    def y(value: float) -> float:
        return PAD_T + plot_h * (1 - value / top)

    said = f"{title}. {finals}" if finals else title
    muted = 'fill="#56606e"'
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height:g}" class="summary-chart" role="img" '
        f'aria-label="{escape(said)}">'),
        f"<title>{escape(said)}</title>",
        f'<rect width="{W}" height="{height:g}" rx="10" fill="#fffdf8"/>',
        f'<text x="10" y="17" font-size="13" font-weight="600" fill="#1b2430">{escape(title)}</text>',
        f'<line x1="{PAD_L}" y1="{PAD_T}" x2="{PAD_L + plot_w}" y2="{PAD_T}" stroke="#ece4d2" stroke-dasharray="3 3"/>',
        f'<line x1="{PAD_L}" y1="{bottom}" x2="{PAD_L + plot_w}" y2="{bottom}" stroke="#c9bfa9"/>',
        f'<line x1="{PAD_L}" y1="{PAD_T}" x2="{PAD_L}" y2="{bottom}" stroke="#c9bfa9"/>',
        f'<text x="{PAD_L - 5}" y="{PAD_T + 4}" font-size="10" text-anchor="end" {muted}>{top:g}</text>',
        f'<text x="{PAD_L - 5}" y="{bottom + 3}" font-size="10" text-anchor="end" {muted}>0</text>',
        (f'<text x="{PAD_L + plot_w}" y="{height - 7:g}" font-size="10" text-anchor="end" {muted}>'
        f"{escape(x_label)} {longest - 1}</text>"),
        f'<text x="{PAD_L}" y="{height - 7:g}" font-size="10" {muted}>{escape(y_label)}</text>',
    ]
    ends: list[float] = []
    for index, line in enumerate(series):
        dash = DASHES[index % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="series" data-series="{index}" points="{points}" fill="none" '
                     f'stroke="{line.colour}" stroke-width="2.2" stroke-linejoin="round"{dashed}/>')
        # markers every few turns, each line's shifted so that lines running together show all theirs
        count = len(line.values)
        step = max(1, (count - 1) // 6)
        shift = (index * step) // max(1, len(series))
        shape = MARKERS[index % len(MARKERS)]
        picked = sorted({i for i in range(shift, count, step)} | {count - 1}) if count else []
        parts.extend(marker(shape, x(i), y(line.values[i]), line.colour) for i in picked)
        ends.append(y(line.values[-1]) if line.values else bottom)
    label_x = PAD_L + plot_w + 8
    placed = spread_labels(ends, top=PAD_T + 2, bottom=bottom)
    for index, (line, end, at) in enumerate(zip(series, ends, placed)):
        shape = MARKERS[index % len(MARKERS)]
        lead = (f'<line x1="{PAD_L + plot_w + 2}" y1="{end:.1f}" x2="{label_x + 2}" y2="{at:.1f}" stroke="{line.colour}" '
                f'stroke-width="1"/>')
        parts.append(
            f'<g class="end-label" data-series="{index}">{lead}{marker(shape, label_x + 6, at, line.colour, 3.2)}'
            f'<text x="{label_x + 13}" y="{at + 3.7:.1f}" font-size="10.5" fill="#1b2430">'
            f"{escape(fit(line.label, W - label_x - 16))}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def per_turn(game: Game[Any, Any], states: Sequence[Any]) -> list[Any]:
    """The last state of every turn (the start first)."""
    picked: list[Any] = []
    last_turn = None
    for state in states:
        turn = game.turn_count(state)
        if turn != last_turn or not picked:
            picked.append(state)
            last_turn = turn
        else:
            picked[-1] = state
    return picked


#: A line's value at the end, for a screen reader.
WORDS = Catalogue({
    "en": {"final": "{label}: {value:g}"},
    "fr": {"final": "{label} : {value:g}"},
})


def finals(series: Sequence[Series], lang: str) -> str:
    """The values at the end, in words for a screen reader ("Seat 1: 5; Seat 2: 9").

    >>> finals([Series("A", "#c00", (1, 5)), Series("B", "#00c", (2.5,))], "fr")
    'A : 5; B : 2.5'
    """
    return "; ".join(WORDS(lang, "final", label=s.label, value=s.values[-1]) for s in series if s.values)


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
    seat's line has the colour of its pieces everywhere else.
    """
    try:
        shown = page(game.name)
    except KeyError:  # a game without a page (the demonstration games): no chart
        return ""
    seat_colours = list(colours) if colours else [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    return f'<div class="summary">{shown.chart(game, states, actions, names, seat_colours, lang)}</div>'

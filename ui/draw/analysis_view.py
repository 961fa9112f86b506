"""The analysis of a game, drawn: each seat's chance to win turn by turn, the turns that cost most.

Pure functions of the analysis's reports (:class:`engine.analysis.TurnReport`):
one line per seat in its colour (and its own dashes, so that lines told
apart by colour alone are told apart in grey too), a mark on every turn
whose decision cost its mover 0.10, 0.20 or 0.30 of its chance (inaccuracy,
mistake, blunder, as lichess marks them), and under each turn a target that opens the
replay there (``data-op="coach"``, ``data-coach="analysis_turn"``), and the page brings the board
it changes into view (``data-reveal="board"``).  The
panel around it says how far an analysis under way has come, with a
``<progress>`` and a button to stop it.

>>> from engine.analysis import TurnReport
>>> reports = [TurnReport(1, 0, ("a",), (0.5, 0.5), (0.2, 0.8), "blunder", "b", 0.3),
...            TurnReport(2, 1, ("c",), (0.2, 0.8), (0.0, 1.0), None, None)]
>>> svg = chances_graph(reports, names=["Ann", "Bob"], colours=["#c00", "#00c"], lang="en")
>>> svg.count('class="chance-line"'), svg.count('data-flag="blunder"'), svg.count('data-coach="analysis_turn"')
(2, 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from engine.numbers import percent
from ui.app.words import Catalogue
from ui.draw.summary import DASHES, MARKERS, marker

#: Each flag in words, and the sign chess players know it by.
FLAG_WORDS = Catalogue({
    "en": {"inaccuracy": "inaccuracy", "mistake": "mistake", "blunder": "blunder"},
    "fr": {"inaccuracy": "imprécision", "mistake": "erreur", "blunder": "gaffe"},
})
FLAG_SIGNS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: How big a flag's mark is drawn: the costlier the choice, the bigger.
FLAG_SIZES: dict[str, float] = {"inaccuracy": 4.5, "mistake": 5.5, "blunder": 6.5}

WORDS = Catalogue({
    "en": {
        "title": "Analysis",
        "graph": "Each player's chance to win, turn by turn",
        "running": "Analysing the game: turn {done} of {total}",
        "progress": "Analysis progress",
        "stop": "Stop the analysis",
        "close": "Close the analysis",
        "turn": "turn",
        "open_turn": "Turn {turn}, {name}: {chances}. Open the replay there",
        "flagged": "Choices that cost most",
        "none": "No choice cost its player 10% or more of their chance to win against the search's.",
        "row": "Turn {turn}, {name}: {flag}, the choice cost {cost} of the chance to win ({before} → {after} "
               "over the turn, dice included)",
        "better": "better: {move}",
        "plan": "{move} (the first of {n} moves)",
        "help": "Click or tap a turn to see it on the board, with the better move the search found.",
        "opened": "Turn {turn}, {name}: the board shows where the turn began.",
        "opened_better": "Turn {turn}, {name}: the board shows the turn's costliest choice and, marked, the better "
                         "move the search found there: {move}.",
        "empty": "No turn has been played yet: there is nothing to analyse.",
        "steps": "Every turn, one by one",
        "first": "Open turn {turn}",
        "previous": "Previous turn ({turn})",
        "next": "Next turn ({turn})",
    },
    "fr": {
        "title": "Analyse",
        "graph": "Chances de gagner de chaque joueur, tour par tour",
        "running": "Analyse de la partie : tour {done} sur {total}",
        "progress": "Avancement de l'analyse",
        "stop": "Arrêter l'analyse",
        "close": "Fermer l'analyse",
        "turn": "tour",
        "open_turn": "Tour {turn}, {name} : {chances}. Ouvrir le replay à ce tour",
        "flagged": "Les choix qui ont coûté le plus",
        "none": "Aucun choix n'a coûté à son joueur 10\u202f% ou plus de ses chances de gagner face à celui de la "
                "recherche.",
        "row": "Tour {turn}, {name} : {flag}, le choix a coûté {cost} des chances de gagner ({before} → {after} "
               "sur le tour, dés compris)",
        "better": "mieux : {move}",
        "plan": "{move} (le premier de {n} coups)",
        "help": "Cliquez ou touchez un tour pour le voir sur le plateau, avec le meilleur coup trouvé par la recherche.",
        "opened": "Tour {turn}, {name} : le plateau montre le début du tour.",
        "opened_better": "Tour {turn}, {name} : le plateau montre le choix le plus coûteux du tour et, marqué, le "
                          "meilleur coup que la recherche y a trouvé : {move}.",
        "empty": "Aucun tour n'a encore été joué : il n'y a rien à analyser.",
        "steps": "Chaque tour, un par un",
        "first": "Ouvrir le tour {turn}",
        "previous": "Tour précédent ({turn})",
        "next": "Tour suivant ({turn})",
    },
})

#: The graph's box (SVG units) and its plot's margins; the right margin holds the seats' names.
W, H, PAD_L, PAD_R, PAD_T, PAD_B = 360, 170, 34, 12, 14, 22


def flag_word(flag: str, lang: str) -> str:
    """A flag in the page's language.

    >>> flag_word("blunder", "fr"), flag_word("inaccuracy", "en")
    ('gaffe', 'inaccuracy')
    """
    return FLAG_WORDS(lang, flag)


def chances_graph(reports: Sequence[Any], *, names: Sequence[str], colours: Sequence[str], lang: str = "en",
                  opened: int | None = None) -> str:
    """Each seat's chance turn by turn as one line in its colour, the flagged turns marked, each turn a target.

    Point ``k`` is the chances where turn ``k + 1`` starts; the last point is
    the end (the outcome, or the chances after the last turn analysed).
    ``opened`` is the turn whose replay is open: its column is shaded.
    """
    w = WORDS.of(lang)
    count = len(reports)
    points = [r.before for r in reports] + ([reports[-1].after] if reports else [])
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    PAD_T + plot_h

    def x(i: float) -> float:
        return PAD_L + plot_w * (i / max(1, len(points) - 1))

    def y(p: float) -> float:
        return PAD_T + plot_h * (1 - p)

    muted = 'fill="#56606e"'
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="chances-graph" role="group" '
        f'aria-label="{escape(w("graph"))}">'),
        f'<rect width="{W}" height="{H}" rx="8" fill="#fffdf8"/>',
    ]
    for p in (0.0, 0.5, 1.0):
        dashed = ' stroke-dasharray="3 3"' if p == 0.5 else ""
        parts.append(f'<line x1="{PAD_L}" y1="{y(p):.1f}" x2="{PAD_L + plot_w}" y2="{y(p):.1f}" stroke="#e4dccb"{dashed}/>')
        parts.append(f'<text x="{PAD_L - 4}" y="{y(p) + 3.5:.1f}" font-size="10" text-anchor="end" {muted}>'
                     f'{escape(percent(round(100 * p), lang))}</text>')
    parts.append(f'<text x="{PAD_L + plot_w}" y="{H - 6}" font-size="10" text-anchor="end" {muted}>'
                 f'{escape(w("turn"))} {reports[-1].turn if reports else count}</text>')
    parts.append(f'<text x="{PAD_L}" y="{H - 6}" font-size="10" {muted}>{escape(w("turn"))} '
                 f'{reports[0].turn if reports else 1}</text>')
    at = next((index for index, r in enumerate(reports) if r.turn == opened), None)
    if at is not None:
        half = plot_w / max(1, len(points) - 1) / 2
        parts.append(f'<rect class="opened-turn" x="{x(at) - half:.1f}" y="{PAD_T}" width="{2 * half:.1f}" '
                     f'height="{plot_h}" fill="#ffe7a3" opacity=".7"/>')
    seats = len(points[0]) if points else 0
    for seat in range(seats):
        colour = colours[seat % len(colours)]
        dash = DASHES[seat % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        line = " ".join(f"{x(i):.1f},{y(p[seat]):.1f}" for i, p in enumerate(points))
        parts.append(f'<polyline class="chance-line" data-seat="{seat}" points="{line}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.2" stroke-linejoin="round"{dashed}/>')
        parts.append(marker(MARKERS[seat % len(MARKERS)], x(len(points) - 1), y(points[-1][seat]), colour, 3.2))
    for index, report in enumerate(reports):
        if report.flag is None:
            continue
        # the mark sits where the mover's line lands after the turn: the fall is the segment before it
        cx, cy = x(index + 1), y(report.after[report.seat])
        size = FLAG_SIZES[report.flag]
        colour = colours[report.seat % len(colours)]
        parts.append(f'<g class="flag-mark" data-flag="{report.flag}" data-turn="{report.turn}">'
                     f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size}" fill="#fff" stroke="{colour}" stroke-width="2"/>'
                     f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="{size + 2:.1f}" font-weight="700" '
                     f'text-anchor="middle" fill="#1b2430">{FLAG_SIGNS[report.flag]}</text></g>')
    # every turn a target the width of its column (a finger's width on a phone for a short game)
    half = plot_w / max(1, len(points) - 1) / 2
    for index, report in enumerate(reports):
        name = names[report.seat] if report.seat < len(names) else str(report.seat + 1)
        said = w("open_turn", turn=report.turn, name=name,
                                     chances=", ".join(f"{names[s] if s < len(names) else s + 1} "
                                                       f"{percent(round(100 * p), lang)}"
                                                       for s, p in enumerate(report.before)))
        parts.append(f'<rect class="turn-target" data-op="coach" data-coach="analysis_turn" data-reveal="board" data-turn="{report.turn}" '
                     f'x="{x(index) - half:.1f}" y="0" width="{2 * half:.1f}" height="{H}" fill="#fff" '
                     f'fill-opacity="0"><title>{escape(said)}</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


def legend(names: Sequence[str], colours: Sequence[str]) -> str:
    """The seats' names beside their lines' colours and markers."""
    items = []
    for seat, name in enumerate(names):
        colour = colours[seat % len(colours)]
        dash = DASHES[seat % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        swatch = (f'<svg viewBox="0 0 28 10" width="28" height="10" aria-hidden="true"><line x1="1" y1="5" x2="27" y2="5" '
                  f'stroke="{colour}" stroke-width="2.5"{dashed}/>{marker(MARKERS[seat % len(MARKERS)], 14, 5, colour, 3)}'
                  f"</svg>")
        items.append(f"<li>{swatch} {escape(name)}</li>")
    return f'<ul class="analysis-legend">{"".join(items)}</ul>'


def progress_html(done: int, total: int, lang: str) -> str:
    """An analysis under way: how far, and a button to stop it.

    >>> "<progress" in progress_html(3, 10, "fr") and "Arrêter" in progress_html(3, 10, "fr")
    True
    """
    w = WORDS.of(lang)
    return (f'<p class="analysis-status" role="status">{escape(w("running", done=done, total=total))}</p>'
            f'<progress class="analysis-progress" max="{max(1, total)}" value="{done}" '
            f'aria-label="{escape(w("progress"))}"></progress> '
            f'<button type="button" class="btn" data-op="coach" data-coach="stop_analysis">{escape(w("stop"))}</button>')


def better_sentence(first: str, moves: int, lang: str) -> str:
    """A better move as the game's own sentence; a planned turn says how many moves its plan has.

    >>> better_sentence("Red sails to island 17", 1, "en")
    'Red sails to island 17'
    >>> better_sentence("Rouge pose une pièce", 3, "fr")
    'Rouge pose une pièce (le premier de 3 coups)'
    """
    return WORDS(lang, "plan", move=first, n=moves) if moves > 1 else first


def flagged_list(reports: Sequence[Any], *, names: Sequence[str], lang: str, opened: int | None = None,
                 better: Mapping[int, str] | None = None) -> str:
    """The flagged turns as buttons (the keyboard's way into the replay), worst flags first by turn order.

    ``better`` gives each turn's better move in words (the game's own sentence, in ``lang``);
    a turn it leaves out shows the move in the game's notation."""
    w = WORDS.of(lang)
    better = better or {}
    rows = []
    for report in reports:
        if report.flag is None:
            continue
        name = names[report.seat] if report.seat < len(names) else str(report.seat + 1)
        text = w("row", turn=report.turn, name=name, flag=flag_word(report.flag, lang),
                               cost=percent(round(100 * report.cost), lang),
                               before=percent(round(100 * report.before[report.seat]), lang),
                               after=percent(round(100 * report.after[report.seat]), lang))
        move = better.get(report.turn, report.better)
        shown = f' <span class="better">({escape(w("better", move=move))})</span>' if report.better else ""
        pressed = "true" if opened == report.turn else "false"
        rows.append(f'<li><button type="button" class="btn flagged" data-flag="{report.flag}" data-op="coach" '
                    f'data-coach="analysis_turn" data-reveal="board" data-turn="{report.turn}" aria-pressed="{pressed}">'
                    f'<span class="flag-sign" aria-hidden="true">{FLAG_SIGNS[report.flag]}</span> '
                    f"{escape(text)}{shown}</button></li>")
    if not rows:
        return f'<p class="analysis-none">{escape(w("none"))}</p>'
    return (f'<h4 class="analysis-flagged-title">{escape(w("flagged"))}</h4>'
            f'<ol class="analysis-flagged">{"".join(rows)}</ol>')


def turn_steps(reports: Sequence[Any], *, lang: str, opened: int | None = None) -> str:
    """Buttons that walk through every analysed turn, flagged or not: the keyboard's way to any turn of the graph.

    >>> from types import SimpleNamespace as T
    >>> reports = [T(turn=t) for t in (1, 2, 3)]
    >>> turn_steps(reports, lang="en").count("<button"), "Open turn 1" in turn_steps(reports, lang="en")
    (1, True)
    >>> steps = turn_steps(reports, lang="fr", opened=2)
    >>> "Tour précédent (1)" in steps and "Tour suivant (3)" in steps
    True
    """
    w = WORDS.of(lang)
    turns = [r.turn for r in reports]
    if not turns:
        return ""

    def step(turn: int, key: str) -> str:
        return (f'<button type="button" class="btn" data-op="coach" data-coach="analysis_turn" data-reveal="board" data-turn="{turn}" '
                f'data-step="{key}">{escape(w(key, turn=turn))}</button>')

    if opened not in turns:
        buttons = [step(turns[0], "first")]
    else:
        at = turns.index(opened)
        buttons = ([step(turns[at - 1], "previous")] if at > 0 else []) + (
            [step(turns[at + 1], "next")] if at + 1 < len(turns) else [])
    return f'<nav class="analysis-steps" aria-label="{escape(w("steps"))}">{" ".join(buttons)}</nav>'


def analysis_html(reports: Sequence[Any], *, names: Sequence[str], colours: Sequence[str], lang: str,
                  done: int, total: int, running: bool, opened: int | None = None,
                  better: Mapping[int, str] | None = None) -> str:
    """The region ``analysis``: progress while it runs, then the graph, the legend and the flagged turns."""
    w = WORDS.of(lang)
    head = (f'<div class="analysis-head"><h3 class="analysis-title">{escape(w("title"))}</h3>'
            f'<button type="button" class="btn" data-op="coach" data-coach="stop_analysis">{escape(w("close"))}</button>'
            f"</div>")
    if running:
        return f'<section class="analysis" aria-busy="true">{progress_html(done, total, lang)}</section>'
    if not reports:
        return f'<section class="analysis">{head}<p class="analysis-none">{escape(w("empty"))}</p></section>'
    opened_words = ""
    report = next((r for r in reports if r.turn == opened), None)
    if report is not None:
        name = names[report.seat] if report.seat < len(names) else str(report.seat + 1)
        key = "opened_better" if report.better else "opened"
        opened_words = (f'<p class="analysis-opened" role="status">'
                        f'{escape(w(key, turn=report.turn, name=name, move=(better or {}).get(report.turn, report.better or "")))}</p>')
    return (f'<section class="analysis">{head}'
            f"{chances_graph(reports, names=names, colours=colours, lang=lang, opened=opened)}"
            f"{legend(names, colours)}"
            f'<p class="analysis-help">{escape(w("help"))}</p>{opened_words}'
            f"{turn_steps(reports, lang=lang, opened=opened)}"
            f"{flagged_list(reports, names=names, lang=lang, opened=opened, better=better)}</section>")

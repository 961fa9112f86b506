"""The news of the turn, drawn where it happened (capsizes, piracy, storms, banking), and the end of
the game: the winner's crown over the compass and gold rings about each winner's harbour and ship."""

from __future__ import annotations

from html import escape

from engine.piratissimo import Piratissimo, PirState
from engine.piratissimo import data as D
from engine.piratissimo.rules import BANKED, BLOWN, CAPSIZED, LOST, MISSED, OVER, STOLEN
from ui.games.piratissimo.badges import Label
from ui.games.piratissimo.board_words import WORDS
from ui.games.piratissimo.geometry import CX, CY, LABEL_IN, R, island_xy, port_xy, ship_xy, svg_num, water_xy
from ui.games.piratissimo.names import colour_word
from ui.games.piratissimo.pieces import PALETTE, ship_shape


def shown_news(state: PirState, you: int | None = None) -> tuple[tuple[int, int, int, int, int], ...]:
    """The news still on show: from this turn or the one just before.

    With ``you`` (a person at the screen), only the news of that person's own
    turn: what the others did is drawn from the marks instead, until the
    person acts.
    """
    if not state.news or not (state.turns - state.news_turn <= 1 or state.phase == OVER):
        return ()
    if you is not None:
        owner = (state.seat - (state.turns - state.news_turn)) % len(state.pos)
        if owner != you:
            return ()
    return state.news


def news_effects(
    state: PirState, previous: PirState | None, u: str, lang: str, animate: bool, you: int | None = None
) -> tuple[str, list[Label]]:
    """Capsizes, piracy, storms and banking drawn where they happened: (pictures, labels placed later).

    They come from the state's news, so they stay on show while the next
    player starts; they are animated only right after they happened. With
    ``you``, only that person's own turn's news (the others' are marks).
    """
    news = shown_news(state, you)
    if not news:
        return "", []
    fresh = animate and previous is not None and (previous.news, previous.news_turn) != (state.news, state.news_turn)
    w = WORDS.of(lang)
    out = []
    labels: list[Label] = []
    fade = (
        '<animate attributeName="opacity" values="0;1" dur=".4s" fill="freeze"/>'
        if fresh
        else ""
    )
    for kind, seat, island, amount, other in news:
        if kind == CAPSIZED:
            x, y = water_xy(island)
            sink = (
                '<animateTransform attributeName="transform" type="translate" values="0 0;0 26" dur="2s" fill="freeze"/>'
                if fresh
                else '<animateTransform attributeName="transform" type="translate" values="0 26" dur=".01s" fill="freeze"/>'
            )
            out.append(
                f'<g class="pir-capsize" transform="translate({svg_num(x)} {svg_num(y)})">{fade}'
                f'<g transform="rotate(160)">{sink}{ship_shape(seat, 0, u)}</g>'
                '<path d="M-40 14 q10 -12 20 0 t20 0 t20 0 t20 0" stroke="#e6fbff" stroke-width="4" fill="none"/>'
                + "".join(
                    f'<circle cx="{dx}" cy="{20 + k * 4}" r="5" fill="url(#{u}-gold)" opacity=".8"/>'
                    for k, dx in enumerate((-18, -6, 8, 20))
                )
                + "</g>"
            )
            labels.append(Label(f'<g class="pir-capsize-label">{fade}', w("capsized"), seat,
                                island_xy(island, R - LABEL_IN)))
        elif kind in (STOLEN, MISSED):
            # inside the ring, on the island's ray, where it is never cut off
            wish = island_xy(island, R - 112)
            if kind == STOLEN:
                vx, vy = ship_xy(state, other)
                px, py = water_xy(island)
                coins = "".join(
                    f'<circle r="7" fill="url(#{u}-gold)" stroke="#8d5e06">'
                    + (
                        f'<animateMotion dur="1.1s" begin="{k * 0.25}s" fill="freeze" '
                        f'path="M{svg_num(vx)} {svg_num(vy - 10)} Q{svg_num((vx + px) / 2)} {svg_num(min(vy, py) - 70)} {svg_num(px)} {svg_num(py - 10)}"/>'
                        if fresh
                        else f'<animateMotion dur="0.01s" fill="freeze" path="M{svg_num(px)} {svg_num(py - 10)}"/>'
                    )
                    + "</circle>"
                    for k in range(amount)
                )
                out.append(f'<g class="pir-piracy-coins">{coins}</g>')
                labels.append(Label(f'<g class="pir-piracy pir-success">{fade}', w("stolen", k=amount), seat,
                                    wish, "swords"))
            else:
                labels.append(Label(f'<g class="pir-piracy pir-failure">{fade}', w("missed"), seat, wish, "crossed"))
        elif kind == LOST and amount > 0:
            x, y = water_xy(island)
            out.append(
                f'<g class="pir-lost">{fade}'
                + "".join(
                    f'<circle cx="{svg_num(x + dx)}" cy="{svg_num(y + 40)}" r="6" fill="url(#{u}-gold)" opacity=".8">'
                    + (f'<animate attributeName="cy" from="{svg_num(y)}" to="{svg_num(y + 40)}" dur="1.2s" fill="freeze"/>' if fresh else "")
                    + "</circle>"
                    for dx in (-10, 10)[:amount]
                )
                + "</g>"
            )
            labels.append(Label(f'<g class="pir-lost-label">{fade}', w("lost", k=amount), seat,
                                island_xy(island, R - LABEL_IN)))
        elif kind == BLOWN:
            labels.append(Label(f'<g class="pir-blown">{fade}', w("blown_on"), seat, island_xy(amount, R - LABEL_IN)))
        elif kind == BANKED:
            x, y = port_xy(D.CORNERS[len(state.pos)][seat])
            labels.append(Label(f'<g class="pir-banked">{fade}', w("banked", k=amount), seat,
                                (x + (CX - x) * 0.3, y + (CY - y) * 0.3)))
    return "".join(out), labels


def winner_crowns(game: Piratissimo, state: PirState, u: str, lang: str, names: tuple[str, ...] = ()) -> str:
    """A crown in the winner's colour over the compass (one per winner), named as the panels name it."""
    outcome = game.outcome(state)
    winners = outcome.winners if outcome else ()
    out = []
    for rank, seat in enumerate(winners):
        x = CX + (rank - (len(winners) - 1) / 2) * 130
        y = CY - 70
        name = names[seat] if seat < len(names) else colour_word(seat, lang)
        out.append(
            f'<g class="pir-winner" data-seat="{seat}" transform="translate({svg_num(x)} {svg_num(y)})">'
            f'<title>{escape(name)}: {escape(WORDS(lang, "winner"))}</title>'
            '<animateTransform attributeName="transform" type="scale" additive="sum" values="0.5;1.1;1" dur=".9s" '
            'fill="freeze"/>'
            f'<circle r="62" fill="{PALETTE[seat][0]}" fill-opacity=".85" stroke="#fff6c2" stroke-width="5" '
            f'filter="url(#{u}-shadow)"/>'
            f'<path d="M-34 16 L-40 -20 L-18 -2 L0 -28 L18 -2 L40 -20 L34 16z" fill="url(#{u}-gold)" stroke="#8d5e06" '
            'stroke-width="3"/>'
            f'<circle cx="0" cy="0" r="6" fill="url(#{u}-ruby)"/>'
            f'<text y="98" class="pir-label" font-size="34">{escape(WORDS(lang, "winner"))}</text></g>'
        )
    return "".join(out)


def won_rings(state: PirState, won: tuple[int, ...], u: str) -> str:
    """Gold rings about each winner's harbour, where its bank reached the goal, and about its ship."""
    out = []
    for seat in won:
        px, py = port_xy(D.CORNERS[len(state.pos)][seat])
        sx, sy = ship_xy(state, seat)
        ring = f'fill="none" stroke="#ffd54a" stroke-width="9" stroke-dasharray="22 9" filter="url(#{u}-shadow)"'
        out.append(
            f'<g class="pir-won" data-seat="{seat}" pointer-events="none">'
            f'<ellipse cx="{svg_num(px)}" cy="{svg_num(py - 12)}" rx="98" ry="78" {ring}/>'
            f'<circle cx="{svg_num(sx)}" cy="{svg_num(sy)}" r="46" {ring}/></g>'
        )
    return "".join(out)

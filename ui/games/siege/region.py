"""The game page's board region for Siege: the scene with an HTML grab handle over the launcher (a
finger's target whatever the scene's size) and, for small screens, a close-up of the side under fire
(a ``<use>`` of the scene), the layout in the view's own CSS."""

from __future__ import annotations

from html import escape

from engine.siege.scene import ISLAND_NAMES, ISLAND_NAMES_FR, WIDTH
from ui.app.words import pick
from ui.draw.svg import scoped_style
from ui.games.siege.aiming import muzzle
from ui.games.siege.board_words import WORDS, side_name
from ui.games.siege.geometry import CLOSE_UPS, VIEW_H, svg_num

#: The grab handle laid over the launcher, in CSS px: a finger's target whatever the scene's size.
GRAB_PX = 48

#: The close-up's caption, in the close-up's own style.
CAPTION_STYLE = ".sg-caption{font:700 11px system-ui,sans-serif;fill:#17313f;paint-order:stroke;stroke:#fff;stroke-width:3px}"

#: The board region's layout, in the view's own CSS. Siege's scene is a wide strip
#: (1000 x 290). From 1250 px wide it stands beside the side column as the other games'
#: boards do: at 1366x768 its height (what the decision below it leaves) limits it to
#: about 1000 px anyway, and the HUD is in view while you aim (issue 37: it was below the
#: fold), at the side's top (the goal, "Since your last move" and the log follow it).
#: From 821 to 1249 px the column would cost the scene a third of its width: it
#: takes the table's whole width, the players, the log and the tools below it. Under
#: 600 px the side under fire is shown again, close up, below the scene.
BOARD_STYLE = """<style>
body.game-siege .board{flex-direction:column;align-items:center;justify-content:flex-start;gap:.35rem}
.sg-stage{position:relative;width:min(100%,calc(min(var(--board-max-h,72vh),100cqh)*1000/290));aspect-ratio:1000/290}
.sg-stage>svg{display:block;width:100%;height:100%}
.sg-grab{position:absolute;width:GRABpx;height:GRABpx;margin:-HALFpx 0 0 -HALFpx;border-radius:50%;border:3px dashed #ffd54a;
background:radial-gradient(circle,rgba(255,213,74,.45) 0 30%,rgba(255,255,255,.18) 31%);box-shadow:0 0 0 2px rgba(23,49,63,.55);
touch-action:none;cursor:grab;z-index:1}
.sg-grab:active{cursor:grabbing}
.sg-poke{cursor:help}
.sg-near{display:none;position:relative;width:100%}
svg.sg-zoom{display:none}
[data-region=siege-pad]{display:none}
@media (max-width:599px){
 .sg-near{display:block}
 svg.sg-zoom{display:block;width:100%;height:auto;border-radius:.4rem;box-shadow:0 0 0 1px #cfd9e2}
 .sg-stage>.sg-grab{display:none}
 [data-region=siege-pad]{display:block;position:absolute;inset:0;z-index:2;pointer-events:none}
 svg.sg-pad{display:block;width:100%;height:100%;overflow:visible}
 .sg-pad-grab{pointer-events:auto}
 .sg-stage g[data-aim] text{display:none}
}
@media (max-width:599px) and (max-height:760px){
 body.game-siege .action-bar{position:static}
}
@media (min-width:821px) and (max-width:1249px){
 body.game-siege main.table{grid-template-columns:minmax(0,1fr);grid-template-areas:"messages" "board" "side"}
 body.game-siege .side{position:static;max-height:none;overflow:visible;display:grid;
  grid-template-columns:minmax(0,3fr) minmax(15rem,2fr);grid-template-areas:"players goal" "players recap" "players logtitle" "players log" "tools tools" "saves saves";
  gap:.5rem 1rem;align-items:start}
 body.game-siege .side>.players{grid-area:players}
 body.game-siege .side>.goal{grid-area:goal}
 body.game-siege .side>.recap{grid-area:recap}
 body.game-siege .side>.log-title{grid-area:logtitle}
 body.game-siege .side>.log{grid-area:log;max-height:17rem}
 body.game-siege .side>.toolbar{grid-area:tools;position:static}
 body.game-siege .side>.saved-games{grid-area:saves}
}
@media (min-width:1250px){
 body.game-siege .side>.players{order:-1}
}
</style>""".replace("GRAB", str(GRAB_PX)).replace("HALF", str(GRAB_PX // 2))


def grab_handle(seat: int, weapon: str, lang: str) -> str:
    """The handle a finger or a mouse drags from to aim (``data-drag="aim"``), laid over the launcher.

    It is HTML, positioned in percent of the scene and kept inside it (never
    clipped at the scene's edge), and :data:`GRAB_PX` CSS px across whatever
    the scene's size. Keyboard players aim with the scene's keys or the
    sliders, so it is no tab stop.

    >>> 'left:clamp(24px,1.2%,calc(100% - 24px))' in grab_handle(0, "cannon", "en")
    True
    """
    mx, my = muzzle(seat, weapon)
    half = GRAB_PX // 2
    left, top = 100 * mx / WIDTH, 100 * my / VIEW_H
    title = WORDS(lang, "grab", w=WORDS(lang, weapon))
    return (
        f'<div class="sg-grab" data-drag="aim" data-weapon="{weapon}" aria-hidden="true" title="{escape(title)}" '
        f'style="left:clamp({half}px,{svg_num(left)}%,calc(100% - {half}px));'
        f'top:clamp({half}px,{svg_num(top)}%,calc(100% - {half}px))"></div>'
    )


def close_up(seat: int, *, lang: str, you: int | None, uid: str = "sg") -> str:
    """``seat``'s side drawn again, big: the scene ``uid``'s ``#{uid}-scene`` in a viewBox of that side (small screens).

    A view of another drawing, and the one drawing that refers outside itself: it says which
    (``data-view-of``), and is always drawn beside that scene, in the same region.
    """
    x, y, w, h = CLOSE_UPS[seat]
    island = pick(lang, ISLAND_NAMES, ISLAND_NAMES_FR)[seat]
    if seat == you:
        caption = WORDS(lang, "your_close_up", island=island)
    else:
        caption = WORDS(lang, "close_up", island=island, side=side_name(seat, lang))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}-close-up" class="sg-zoom" data-close-up="{seat}" '
        f'data-view-of="{uid}" viewBox="{x} {y} {w} {h}" aria-hidden="true" focusable="false" '
        f'preserveAspectRatio="xMidYMid meet">{scoped_style(CAPTION_STYLE, f"{uid}-close-up")}<use href="#{uid}-scene"/>'
        f'<text class="sg-caption" x="{svg_num(x + 6)}" y="{svg_num(y + 15)}">{escape(caption)}</text></svg>'
    )


def board_region(scene: str, *, handle: str = "", close: str = "", pad: bool = False) -> str:
    """The board region of the game page: the layout, the scene with its grab handle, the close-up.

    With ``pad``, the close-up holds the aim pad's place, the region ``siege-pad`` (see :func:`ui.games.siege.aim_pad.aim_pad`).
    """
    layer = '<div data-region="siege-pad"></div>' if pad else ""
    return f'{BOARD_STYLE}<div class="sg-stage">{scene}{handle}</div><div class="sg-near">{close}{layer}</div>'

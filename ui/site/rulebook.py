"""The rules pages for players: the goal, the turn and the pictures first; rule IDs and figures for the curious.

Each game's rules page (``ui/<game>/rules.py``) writes its prose with the
rulebook's clause IDs where each clause is stated, and marks where its part
for the curious begins (its edition's choices, house rules, statistics and
commands) with :data:`CURIOUS`. :func:`for_players` then

- turns each visible clause label into an empty anchor ``<lang>-TR-05``
  where the clause is stated, so that a refusal naming the rule still opens
  the rules there (the bridge marks it, and the block holding it lights up),
- drops the IDs that the prose and captions quote in parentheses,
- gathers what follows the marker into a closing "For the curious" section,
  with an index of every clause: its ID, a link to where it is stated, and
  the heading it sits under.

>>> page = for_players(
...     '<h2>Goal</h2><p><span class="clause">TR-02, TR-03</span> Hold five cells (TR-02).</p>'
...     '<!-- for the curious --><h2>House rules</h2><p>A draw after 200 turns.</p>', "en", prefix="TR")
>>> print(page.replace("><", ">\\n<"))
<h2>Goal</h2>
<p>
<span class="rule-anchor" id="en-TR-02">
</span>
<span class="rule-anchor" id="en-TR-03">
</span> Hold five cells.</p>
<section class="for-the-curious" aria-labelledby="en-curious">
<h2 id="en-curious">For the curious</h2>
<h3>House rules</h3>
<p>A draw after 200 turns.</p>
<h3>The rulebook's clauses</h3>
<p>The clause IDs that the game's messages quote, and where each is stated above.</p>
<ul class="rule-index">
<li>
<a href="#en-TR-02">TR-02</a>: Goal</li>
<li>
<a href="#en-TR-03">TR-03</a>: Goal</li>
</ul>
</section>
"""

from __future__ import annotations

import re
from html import unescape

from ui.app.words import Catalogue

#: Where a rules text's part for the curious begins.
CURIOUS = "<!-- for the curious -->"

#: A clause label as the rules texts write it: the IDs stated by the block it opens.
LABEL = re.compile(r'<span class="clause">([^<]*)</span>')

WORDS = Catalogue({
    "en": {
        "title": "For the curious",
        "index": "The rulebook's clauses",
        "about": "The clause IDs that the game's messages quote, and where each is stated above.",
        "colon": ": ",
    },
    "fr": {
        "title": "Pour les curieux",
        "index": "Les articles de la règle",
        "about": "Les numéros d'article que citent les messages du jeu, et où chacun est énoncé plus haut.",
        "colon": " : ",
    },
})


def clause_ids(text: str, prefix: str) -> list[str]:
    """The clause IDs of ``prefix`` in ``text``, in order.

    >>> clause_ids("SG-03 SG-04, and SG-17", "SG")
    ['SG-03', 'SG-04', 'SG-17']
    """
    return re.findall(rf"\b{prefix}-\d\d\b", text)


def drop_quoted_ids(html: str, prefix: str) -> str:
    """Remove the clause IDs quoted in parentheses, and a caption's leading "PI-05 and PI-10: ".

    >>> drop_quoted_ids("nine banked (PI-01). It falls (SG-14, SG-16).", "PI")
    'nine banked. It falls (SG-14, SG-16).'
    >>> drop_quoted_ids("PI-05 et PI-10 : avec 6 à bord", "PI")
    'avec 6 à bord'
    """
    one = rf"{prefix}-\d\d"
    listed = rf"{one}(?:(?:,\s*|\s+(?:and|et)\s+){one})*"
    html = re.sub(rf"\s*\({listed}\)", "", html)
    return re.sub(rf"(^|>)\s*{listed}\s*:\s*", r"\1", html)


def anchors(html: str, lang: str, prefix: str) -> str:
    """Each clause label becomes empty anchors, one per ID, the first place stating it keeping the id."""
    seen: set[str] = set()

    def replace(found: re.Match[str]) -> str:
        out = []
        for clause in clause_ids(found.group(1), prefix):
            anchor = f' id="{lang}-{clause}"' if clause not in seen else ""
            seen.add(clause)
            out.append(f'<span class="rule-anchor"{anchor}></span>')
        return "".join(out)

    return LABEL.sub(replace, html)


def clause_index(html: str, lang: str, prefix: str) -> list[tuple[str, str]]:
    """(clause ID, the heading it is stated under) for every anchor of ``html``, by clause number."""
    found: dict[str, str] = {}
    heading = ""
    anchor = rf'id="{lang}-({prefix}-\d\d)"'
    for match in re.finditer(rf"<h[1-3][^>]*>(.*?)</h[1-3]>|{anchor}", html, flags=re.DOTALL):
        if match.group(1) is not None:  # a heading, and the clauses it states itself
            heading = " ".join(unescape(re.sub(r"<[^>]+>", "", match.group(1))).split())
            for clause in re.findall(anchor, match.group(1)):
                found.setdefault(clause, heading)
        else:
            found.setdefault(match.group(2), heading)
    return sorted(found.items())


def for_players(html: str, lang: str, *, prefix: str) -> str:
    """The rules ``html`` in ``lang`` with its rule IDs and its part for the curious at the end (see the module)."""
    words = WORDS.of(lang)
    rules, _, curious = html.partition(CURIOUS)
    rules = drop_quoted_ids(anchors(rules, lang, prefix), prefix)
    # The curious part's own headings sit under its title.
    curious = re.sub(r"<(/?)h2([ >])", r"<\1h3\2", curious.strip())
    index = "".join(
        f'<li><a href="#{lang}-{clause}">{clause}</a>{words("colon")}{heading}</li>'
        for clause, heading in clause_index(rules, lang, prefix)
    )
    title = f"{lang}-curious"
    return (
        f'{rules.rstrip()}<section class="for-the-curious" aria-labelledby="{title}">'
        f'<h2 id="{title}">{words("title")}</h2>{curious}'
        f'<h3>{words("index")}</h3><p>{words("about")}</p><ul class="rule-index">{index}</ul></section>'
    )

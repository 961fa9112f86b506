"""The rules pages read for players: the goal, the turn and the pictures first, the rulebook's IDs,
statistics and commands in a closing "For the curious" section (ui/site/rulebook.py)."""

from __future__ import annotations

import importlib
import re
from html import unescape

import pytest

import engine

pytestmark = pytest.mark.view

GAMES = [name for name in engine.BUILTIN if importlib.util.find_spec(f"ui.games.{name}.rules")]


def visible_text(html: str) -> str:
    """The words a reader sees: no tags, no styles, no drawings."""
    html = re.sub(r"<(style|svg)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(params=[(game, lang) for game in GAMES for lang in ("en", "fr")], ids=lambda p: f"{p[0]}-{p[1]}")
def page(request: pytest.FixtureRequest) -> tuple[str, str, str, str]:
    game, lang = request.param
    html = importlib.import_module(f"ui.games.{game}.rules").rules_page(lang)
    return game, lang, engine.info(game).rule_prefix, html


def test_the_player_reads_the_rules_without_ids_statistics_or_commands(page: tuple[str, str, str, str]) -> None:
    _, _, prefix, html = page
    rules, marker, curious = html.partition('<section class="for-the-curious"')
    assert marker and re.search(r"</section>(</article>)?$", curious.rstrip())
    words = visible_text(rules)
    assert not re.findall(rf"\b{prefix}-\d\d\b", words)
    assert "python -m" not in words and "interval" not in words and "intervalle" not in words
    # The pictures come with the rules, before the curious part.
    assert rules.count("<svg") >= 5 and "<svg" not in curious


def test_the_curious_index_links_every_clause_to_where_it_is_stated(page: tuple[str, str, str, str]) -> None:
    game, lang, prefix, html = page
    rules, _, curious = html.partition('<section class="for-the-curious"')
    stated = re.findall(rf'id="{lang}-({prefix}-\d\d)"', rules)
    listed = re.findall(rf'<a href="#{lang}-({prefix}-\d\d)">\1</a>', curious)
    assert listed == sorted(set(stated)) and len(listed) >= 11, game
    title = "For the curious" if lang == "en" else "Pour les curieux"
    assert f">{title}</h2>" in curious


def test_no_clause_is_left_out(page: tuple[str, str, str, str]) -> None:
    """The rulebooks number their clauses from 01 without gaps: the page states each of them."""
    _, lang, prefix, html = page
    numbers = sorted({int(n) for n in re.findall(rf'id="{lang}-{prefix}-(\d\d)"', html)})
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 11

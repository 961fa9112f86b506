"""Each game's name, seats, bots, options and rule IDs are written once, in its GameInfo, and read everywhere."""

from __future__ import annotations

import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

import engine
from engine.examples.pig import Pig
from engine.spec import GameInfo, GameSpec
from ui.site import pages as site

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(engine.BUILTIN))
def test_the_rules_the_registry_and_the_site_read_one_info(name: str) -> None:
    info = engine.info(name)
    spec = engine.spec(name)
    rules = engine.get(name)
    assert spec.info is info
    assert (rules.name, rules.title, rules.min_seats, rules.max_seats) == (
        info.name, info.title, info.min_seats, info.max_seats)
    page = site.page(name)
    assert (page.title, page.min_seats, page.bots) == (info.title, info.min_seats, info.bots)
    assert len(page.seats) == info.max_seats  # a default for every seat the game has
    form = site.setup_form(page)
    for bot in info.bots:
        assert f'value="{bot}"' in form
    for option in info.options:
        assert f'data-option="{option.name}"' in form and escape(option.en) in form and escape(option.fr) in form


@pytest.mark.parametrize("name", sorted(engine.BUILTIN))
def test_the_rule_prefix_is_the_one_the_rules_page_anchors(name: str) -> None:
    from importlib import import_module

    prefix = engine.info(name).rule_prefix
    page = import_module(f"ui.games.{name}.rules").rules_page("en")
    assert f'id="en-{prefix}-01"' in page
    others = {engine.info(other).rule_prefix for other in engine.BUILTIN} - {prefix}
    assert len(others) == len(engine.BUILTIN) - 1  # each game its own prefix
    assert not any(f'id="en-{other}-' in page for other in others)


def test_a_spec_whose_info_and_rules_disagree_is_refused() -> None:
    with pytest.raises(ValueError, match="differ from the game's info"):
        GameSpec(Pig(), info=GameInfo("pig", "Pig", 2, 3))
    assert GameSpec(Pig()).info == GameInfo("pig", "Pig", 2, 4)  # a spec without info takes the rules' own


def test_the_site_reads_what_a_game_offers_without_loading_its_rules() -> None:
    # A landing page lists every game: its worker must not import three games' rules to do so.
    probe = (
        "import sys, engine; from ui.site import pages as site; "
        "[(page.title, page.bots, engine.info(page.name).options) for page in site.GAMES]; "
        "print(sorted(m for m in sys.modules if m.endswith(('.game', '.ai')) and m.startswith('engine.')))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"

"""Words in one way (issue 34, point 6): every module of ui/ keeps its words in a catalogue read through one
call, ``WORDS(lang, key, **values)`` (:mod:`ui.app.words`), and branches on the language are few, each kept
for a reason."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import ui
from ui.app.words import LANGS, Catalogue, both, lang_of, pick, typography

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parent.parent
#: A branch on the language, as the issue counts them.
BRANCH = re.compile(r'== "fr"|!= "fr"|== .fr.|"fr" if|if fr\b')
#: The issue's ceiling on branches left in all of ui/.
MOST_BRANCHES = 10

WORDS = Catalogue({
    "en": {"turn": "Turn {n}", "over": "Game over", "score": "{who}: {points:g}"},
    "fr": {"turn": "Tour {n}", "over": "Partie terminée", "score": "{who} : {points:g}"},
})


def page_modules() -> list[str]:
    """Every module of ui/ that Python imports (the worker's entry point aside: it needs the browser)."""
    names = [info.name for info in pkgutil.walk_packages(ui.__path__, "ui.")]
    return [name for name in names if name != "ui.worker"]


def catalogues() -> list[tuple[str, str, Catalogue]]:
    """(module, name, catalogue) for every catalogue a module of ui/ keeps."""
    found = []
    for name in page_modules():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if isinstance(value, Catalogue) and getattr(module, "__name__", "") == name:
                found.append((name, attribute, value))
    return found


def test_a_sentence_is_read_in_the_page_language_with_its_values() -> None:
    assert WORDS("en", "turn", n=3) == "Turn 3"
    assert WORDS("fr", "turn", n=3) == "Tour 3"
    assert WORDS("fr", "score", who="Ann", points=2.5) == "Ann : 2.5"
    # a tag the site does not speak reads in English
    assert WORDS("de", "over") == WORDS("", "over") == "Game over"
    assert WORDS.of("fr")("over") == "Partie terminée"


def test_a_missing_key_fails_loudly() -> None:
    with pytest.raises(KeyError, match="no words 'won'"):
        WORDS("fr", "won")


def test_a_missing_value_fails_loudly() -> None:
    with pytest.raises(KeyError):
        WORDS("en", "turn")


def test_two_languages_with_different_keys_fail_as_the_catalogue_is_made() -> None:
    with pytest.raises(ValueError, match="'fr' lacks over"):
        Catalogue({"en": {"turn": "Turn", "over": "Game over"}, "fr": {"turn": "Tour"}})
    with pytest.raises(ValueError, match="'fr' alone has nul"):
        Catalogue({"en": {"turn": "Turn"}, "fr": {"turn": "Tour", "nul": "Match nul"}})


def test_two_languages_with_different_places_fail_as_the_catalogue_is_made() -> None:
    with pytest.raises(ValueError, match="'turn' takes"):
        Catalogue({"en": {"turn": "Turn {n}"}, "fr": {"turn": "Tour {k}"}})


def test_a_catalogue_has_a_table_for_every_language_and_no_other() -> None:
    with pytest.raises(ValueError, match="one table per language"):
        Catalogue({"en": {"turn": "Turn"}})
    with pytest.raises(ValueError, match="one table per language"):
        Catalogue({"en": {}, "fr": {}, "de": {}})


def test_the_languages_and_their_one_normalisation() -> None:
    assert LANGS == ("en", "fr")
    assert [lang_of(tag) for tag in ("en", "fr", "FR", "fr-FR", "", None)] == ["en", "fr", "en", "en", "en", "en"]
    assert pick("fr", "Red", "Rouge") == "Rouge" and pick("xx", "Red", "Rouge") == "Red"
    with pytest.raises(ValueError):
        pick("fr", "Red")


def test_both_languages_at_once_for_what_is_drawn_before_the_page_knows_its_own() -> None:
    assert WORDS.both("turn", n=2) == '<span lang="en">Turn 2</span><span lang="fr">Tour 2</span>'
    assert both(lambda lang: lang.upper()) == '<span lang="en">EN</span><span lang="fr">FR</span>'


def test_french_typography_spaces_percent_signs_with_a_narrow_no_break_space() -> None:
    assert typography("fr", "43 % et 56%") == "43\u202f% et 56\u202f%"
    assert typography("en", "43 % et 56%") == "43 % et 56%"


def test_every_catalogue_of_the_page_loads_with_its_languages_alike() -> None:
    found = catalogues()
    # the shared page's words and each game's own, in its own folder
    modules = {module for module, _, _ in found}
    assert {"ui.app.render", "ui.app.coach", "ui.store.saves", "ui.draw.analysis_view"} <= modules
    for game in ("trice", "piratissimo", "siege"):
        assert any(module.startswith(f"ui.games.{game}.") for module in modules), game
    for module, name, catalogue in found:
        keys = [set(catalogue.table(lang)) for lang in LANGS]
        assert all(k == keys[0] for k in keys), f"{module}.{name}"


def test_no_module_keeps_an_accessor_of_its_own() -> None:
    """Words are read through the catalogue, not through a ``words(lang)`` of each module."""
    own = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found = re.findall(r"^def (words|words_of|page_text)\(", text, re.MULTILINE)
        own += [f"{path.relative_to(ROOT)}: {name}" for name in found]
    assert own == []


def test_few_branches_on_the_language_are_left_in_the_page() -> None:
    hits = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCH.search(line) and not line.lstrip().startswith((">>>", "#")):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert len(hits) <= MOST_BRANCHES, "\n".join(hits)

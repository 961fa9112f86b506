"""The bridge's words are Python's (ui/site/page_words.py), in both languages, and reach the page through the build.

The JavaScript keeps no sentence of its own: it says ``say("key", values)``
and reads the sentence from the page's config, which the build writes
(tools/build.py's ``site_config``). Every key the JavaScript says must exist
in both languages with the same places for values, and every key Python
keeps must be said somewhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from tools import build
from ui.site.page_words import PAGE_WORDS, places, say

pytestmark = pytest.mark.unit

JS = sorted((build.ROOT / "ui/js").glob("*.*js"))
#: ``say("key"`` in the bridge's code.
SAID = re.compile(r"""\bsay\(\s*["']([^"']+)["']""")
#: A string literal of the JavaScript (double, single or back quotes).
LITERAL = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def code_of(path: Path) -> str:
    """The file's code without its comments (the words of a comment are no one's to read but ours)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    lines = []
    for line in text.splitlines():
        # A "//" starts a comment where it is outside every string literal of the line.
        at, kept = 0, []
        for found in LITERAL.finditer(line):
            before = line[at:found.start()]
            if "//" in before:
                kept.append(before[: before.index("//")])
                break
            kept += [before, found.group()]
            at = found.end()
        else:
            rest = line[at:]
            kept.append(rest[: rest.index("//")] if "//" in rest else rest)
        lines.append("".join(kept))
    return "\n".join(lines)


def said_keys() -> dict[str, set[str]]:
    """Each key the JavaScript says, with the files that say it."""
    keys: dict[str, set[str]] = {}
    for path in JS:
        for key in SAID.findall(code_of(path)):
            keys.setdefault(key, set()).add(path.name)
    return keys


def test_every_sentence_exists_in_english_and_french_with_the_same_places() -> None:
    assert set(PAGE_WORDS) == {"en", "fr"}
    assert set(PAGE_WORDS["en"]) == set(PAGE_WORDS["fr"])
    for key, english in PAGE_WORDS["en"].items():
        french = PAGE_WORDS["fr"][key]
        assert english.strip() and french.strip(), key
        assert english != french, key  # a sentence left untranslated
        assert places(english) == places(french), key


def test_the_javascript_says_only_keys_python_has_and_python_keeps_no_unsaid_one() -> None:
    said = said_keys()
    assert said, "the parser found no say() in the bridge"
    assert set(said) - set(PAGE_WORDS["en"]) == set(), "keys the JavaScript says that Python lacks"
    assert set(PAGE_WORDS["en"]) - set(said) == set(), "keys Python keeps that nothing says"


def test_the_javascript_keeps_no_sentence_of_its_own() -> None:
    """No string literal outside a comment reads as words (four or more), bar what only a developer sees.

    Selectors and media queries have brackets, colons or equals signs; ``console`` lines and
    developer errors inside PyScript's storage shim are for the browser's console.
    """
    found = []
    for path in JS:
        for line in code_of(path).splitlines():
            if "console." in line or "DOMException" in line:
                continue
            for literal in LITERAL.findall(line):
                text = re.sub(r"\$\{[^}]*\}", " ", literal[1:-1])
                if re.search(r"[\[\]=:#]|^\s*$", text):
                    continue
                if len(re.findall(r"[^\W\d_]{2,}", text)) >= 4:
                    found.append(f"{path.name}: {literal}")
    assert found == []


def test_the_scanner_finds_a_sentence_and_a_say(tmp_path: Path) -> None:
    """The checks above can fail: a sentence and an unknown key in a bridge are found."""
    bridge = tmp_path / "bridge.js"
    bridge.write_text(
        '// say("inAComment") is no say\n'
        'notify(say("noSuchKey", { n: 2 })); const url = "http://x"; // a comment with "many quoted words in it"\n'
        'box.textContent = "The engine has stopped for good";\n',
        encoding="utf-8",
    )
    code = code_of(bridge)
    assert SAID.findall(code) == ["noSuchKey"]
    assert "The engine has stopped for good" in code and "many quoted words" not in code


def test_the_build_writes_the_words_and_the_games_patterns_into_the_page_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runtime = {
        "pyodide": "p/", "pyodide_bare": "b", "pyodide_wasm": "w", "pyscript": "s", "wheels": [],
        "pyodide_files": [], "wheels_source": [], "stdlib_full": "l",
        "decoder": {"module": "d.mjs", "wasm": "d.wasm.gz", "classic": "d.js"},
    }
    # What a first visit downloads is counted in the page against the built files' sizes.
    monkeypatch.setattr(build, "DIST", tmp_path)
    (tmp_path / "w").write_bytes(b"\0" * 7)
    (tmp_path / "b/abc/app").mkdir(parents=True)
    (tmp_path / "b/abc/app/app.zip").write_bytes(b"\0" * 5)
    config = json.loads(build.site_config(runtime, "/", "abc", "b/abc/"))
    assert config["downloads"] == {"/w": 7, "/b/abc/app/app.zip": 5}
    assert config["words"] == PAGE_WORDS
    # The brotli decoder for browsers without their own: its module and WebAssembly (the classic script is the service worker's).
    assert config["decoder"] == {"module": "/d.mjs", "wasm": "/d.wasm.gz"}
    # The rule IDs a message links are each game's own prefix, from its GameInfo (never a list in the bridge).
    assert config["rulePrefixes"] == sorted(engine.info(name).rule_prefix for name in engine.BUILTIN)
    assert set(config["limits"]) == {"fragment", "file", "entry", "query"}


def test_say_fills_in_the_values_as_the_bridge_does() -> None:
    assert say("linkTooLong", "en", n=9, max=8) == (
        "This link is too long to be a game (9 characters; a game takes at most 8)."
    )
    assert say("couldNotStart", "fr", reason="x").endswith("démarrer : x")

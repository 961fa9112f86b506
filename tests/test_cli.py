"""The command line: replay, selfplay, tournament, bench; and the engine's purity."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parent.parent

RECORD = {
    "game": "trice",
    "format": 1,
    "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "options": {},
    "seed": 4,
    "actions": ["first red", "roll 2 4 4", "place 1 free", "move a1 b2", "end"],
}


def test_replay_prints_the_final_position_and_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Trice: 5 actions replayed" in out and "result: the game goes on" in out
    assert json.loads(out.split("\n", 1)[1].rsplit("result:", 1)[0])["reserve"] == [19, 20, 20]


@pytest.mark.parametrize("content, reason", [
    ("{not json", "the JSON is broken"),
    (json.dumps({**RECORD, "actions": ["first red", "roll 9 9 9"]}), "action 2 ('roll 9 9 9') is refused"),
    (json.dumps({**RECORD, "game": "piratissimo"}), "action 1 ('first red') is refused"),
])
def test_replay_exits_2_with_the_reason(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == 2
    assert reason in run.stderr and "Traceback" not in run.stderr


MALFORMED: dict[str, bytes] = {
    "layout as a list": json.dumps({**RECORD, "options": {"layout": ["peace-b1"]}}).encode(),
    "layout as an object": json.dumps({**RECORD, "options": {"layout": {"name": "peace-b1"}}}).encode(),
    "nested 100,000 deep": json.dumps(RECORD).replace('"options": {}', '"options": {"layout": '
                                                      + "[" * 100_000 + "]" * 100_000 + "}").encode(),
    "a 5,000-digit seed": json.dumps(RECORD).replace('"seed": 4', '"seed": ' + "7" * 5_000).encode(),
    "not UTF-8": json.dumps(RECORD).replace("Ann", "Renée").encode("latin-1"),
    "NaN": json.dumps(RECORD).replace('"seed": 4', '"seed": NaN').encode(),
    "1e400": json.dumps(RECORD).replace('"seed": 4', '"seed": 1e400').encode(),
    "a seed of 2**53": json.dumps({**RECORD, "seed": 2**53}).encode(),
    "too large": json.dumps({**RECORD, "options": {"layout": "x" * 1_000_000}}).encode(),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_replay_of_a_malformed_record_exits_2_with_one_line_of_words(tmp_path: Path, case: str) -> None:
    """Every malformed record: exit 2 and one short line naming the file and the reason, never a traceback."""
    path = tmp_path / "bad.json"
    path.write_bytes(MALFORMED[case])
    run = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, cwd=ROOT, check=False)
    err = run.stderr.decode("utf-8")
    assert run.returncode == 2, err[-300:]
    assert err.startswith(f"bad record {path}: ") and err.count("\n") == 1 and len(err) < 400, err[-300:]
    assert "Traceback" not in err and "Error" not in err and run.stdout == b""


def test_replay_of_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/game.json"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_selfplay_and_tournament_print_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "piratissimo", "--games", "4", "--bots", "heuristic,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Piratissimo: 4 games" in out and "heuristic" in out and "average length" in out
    assert main(["tournament", "pig", "--games", "6", "--bots", "random,random", "--seed", "1"]) == 0
    assert "seats rotated" in capsys.readouterr().out
    assert main(["selfplay", "trice", "--bots", "random,random"]) == 2
    assert "Trice is played by 3 players" in capsys.readouterr().err
    assert main(["selfplay", "siege", "--bots", "wizard,random"]) == 2


def test_selfplay_without_bots_puts_a_random_bot_in_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14: ``selfplay trice --games 3`` used to stop at "Trice is played by 3 players, not 1"."""
    assert main(["selfplay", "trice", "--games", "1", "--options", '{"turn_limit": 3}']) == 0
    out = capsys.readouterr().out
    assert "Trice: 1 games" in out and out.count("random") == 3
    assert main(["selfplay", "piratissimo", "--games", "2"]) == 0
    assert capsys.readouterr().out.count("random") == 2
    assert main(["tournament", "pig", "--games", "2"]) == 0


def test_bench_prints_playouts_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pig", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "playouts/s" in out and "pig" in out


FORBIDDEN_MODULES = {"js", "pyodide", "pyscript", "pyodide_js", "polyscript", "socket", "urllib", "requests", "pickle"}
FORBIDDEN_CALLS = {"open", "input", "print"}


def test_the_engine_imports_nothing_from_the_browser_and_does_no_io() -> None:
    """engine/ runs unchanged on CPython and in the page: no browser modules, no I/O
    (the CLI in engine/__main__.py and engine/ai's command are the only printers)."""
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {(node.module or "").split(".")[0]}
            else:
                names = set()
            assert not names & FORBIDDEN_MODULES, f"{path}: imports {names & FORBIDDEN_MODULES}"
            if path.name == "__main__.py" or path.name == "speed.py":
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in FORBIDDEN_CALLS, f"{path}:{node.lineno}: calls {node.func.id}()"


def test_tournament_figures_do_not_depend_on_the_number_of_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    """Game i has the same seed in every worker process: the table is the same."""
    tables = []
    for jobs in ("1", "2"):
        args = ["tournament", "piratissimo", "--games", "6", "--bots", "heuristic,random", "--seed", "3"]
        assert main(args + ["--jobs", jobs, "--progress"]) == 0
        captured = capsys.readouterr()
        assert captured.err.count("game ") == 6  # one progress line per game
        tables.append([line for line in captured.out.splitlines() if line.startswith(("heuristic", "random"))])
    assert tables[0] == tables[1] and len(tables[0]) == 2


def test_a_bot_named_twice_is_one_row_of_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "piratissimo", "--games", "3", "--bots", "heuristic,random,random", "--seed", "2"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("random")]
    assert len(rows) == 1 and rows[0][1] == "2"  # two seats, one row with the pair's wins

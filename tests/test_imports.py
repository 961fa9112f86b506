"""The modules import one way: no circles in ``engine/`` or ``ui/``, and a search that names no game.

A circle makes a newcomer read two files to understand one, and an import
placed inside a function to dodge it hides the circle without breaking it, so
imports inside functions count here too.  Only an import under ``if
TYPE_CHECKING:`` is left out: it never runs, it names a type for the checker.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ui")


def module_files() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements inside ``if TYPE_CHECKING:`` blocks."""
    skipped: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for inner in node.body:
                skipped.update(ast.walk(inner))
    return skipped


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ours that ``name`` imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    wanted: list[str] = []
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            wanted += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            # "from pkg import mod" imports the module pkg.mod, "from mod import name" the module mod
            wanted += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    found = set()
    for target in wanted:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_circle_finder_finds_a_circle_through_a_function_level_import() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    imports = imports_of("ui.x", ROOT / "tests" / "test_imports.py", {"ui.x": ROOT, "engine": ROOT, "engine.spec": ROOT})
    assert imports == {"engine"}  # this file's own "import engine"; TYPE_CHECKING imports it has none


def test_no_module_of_engine_or_ui_imports_itself_in_a_circle() -> None:
    graph = import_graph()
    assert {"engine.core", "engine.ai.mcts", "ui.app.session", "engine.trice.ai"} <= set(graph)
    assert "engine.trice.rules" in graph["engine.trice.ai"]  # the bots read the rules ...
    assert "engine.trice.ai" not in graph["engine.trice.rules"]  # ... and the rules never read the bots
    assert "engine.siege.rules" not in graph["engine.siege.words"]  # the log words what the rules worked out
    assert circles(graph) == []


def test_the_search_names_no_game() -> None:
    """OpenSpiel's MCTS bot is handed its evaluator: engine/ai knows the protocol and the SearchSpec only."""
    games = set(engine.BUILTIN) | {"pig"}
    for path in sorted((ROOT / "engine" / "ai").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            words: list[str] = []
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                words = node.value.replace(".", " ").replace(":", " ").split()
            elif isinstance(node, ast.Name):
                words = [node.id]
            elif isinstance(node, ast.Attribute):
                words = [node.attr]
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                words = [part for alias in node.names for part in alias.name.split(".")]
                words += (getattr(node, "module", None) or "").split(".")
            named = games & {word.lower() for word in words}
            assert not named, f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')} names {sorted(named)}"


def test_the_page_never_imports_the_command_line() -> None:
    """Benchmarks live in engine/bench.py: the page's code (ui/) never loads the CLI, engine/__main__.py."""
    graph = import_graph()
    assert "engine.bench" in graph["ui.app.benchmarks"] and "ui.app.benchmarks" in graph["ui.app.session"]
    assert not [name for name, imported in graph.items() if name.startswith("ui") and "engine.__main__" in imported]


def reachable(graph: dict[str, set[str]], roots: set[str]) -> set[str]:
    """Every module ``roots`` import, directly or not (the roots included)."""
    seen, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += graph.get(name, ())
    return seen


def test_the_page_loads_nothing_from_the_builds_side() -> None:
    """The worker, and each game's view and chart (loaded by name through the registry, ui/games/), reach
    no module of ui/site/ (the build's) and no game's rules page: the build does not even ship them."""
    from ui.games import GAMES

    graph = import_graph()
    roots = {"ui.worker"} | {f"{game.package}.{part}" for game in GAMES for part in ("page", "summary")}
    assert roots <= set(graph)
    loaded = reachable(graph, roots)
    assert {"ui.app.session", "ui.games.trice.board", "ui.store.saves", "ui.draw.svg"} <= loaded
    assert not [name for name in loaded if name.startswith("ui.site") or name.endswith(".rules") and
                name.startswith("ui.games")]


def test_the_shared_page_code_reads_the_games_only_through_the_registry() -> None:
    """ui/app, ui/store and ui/draw import no game's page module; only ui/games/__init__.py names them."""
    graph = import_graph()
    shared = [name for name in graph if name.split(".")[:2] in (["ui", "app"], ["ui", "store"], ["ui", "draw"])]
    assert shared
    for name in shared:
        games = sorted(target for target in graph[name] if target.startswith("ui.games.") and target != "ui.games.entry")
        assert not games, f"{name} imports {games}"

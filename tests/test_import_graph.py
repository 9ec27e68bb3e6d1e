"""The modules of ``scorer`` import one another without a cycle (issue #22, item 1).

Each game is a package (``scorer/games/<game>/``) whose modules point one way: ``game.py``
drives the phase modules, the phases use the state class in ``hand.py``, and ``hand.py`` uses
``rules.py``. A cycle, even one only a type checker follows, ties modules together so that none
can be read or changed alone. The graph is built from the source with :mod:`ast`, so it counts
every import: at the top of a module, inside a function, and under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorer"


def game_packages() -> tuple[str, ...]:
    """The packages of the registered engines (``scorer/games/<package>/``), from the registry
    (:data:`scorer.GAMES`), so that a new game is checked as soon as it is registered."""
    from scorer import GAMES

    return tuple(sorted({type(game).__module__.split(".")[2] for game in GAMES.values()}))


GAME_PACKAGES = game_packages()


def module_name(path: Path, top: Path) -> str:
    """``scorer/games/nice/hand.py`` -> ``scorer.games.nice.hand`` (relative to the folder
    ``top`` that holds ``scorer``); a package's ``__init__.py`` is named by its package."""
    parts = list(path.relative_to(top).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(root: Path) -> dict[str, Path]:
    return {module_name(path, root.parent): path for path in sorted(root.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` (the module ``name``) imports anywhere in its
    source, relative imports resolved."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # ``from package import sub`` loads the submodule; any other name is the package's
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            # the longest known prefix: ``scorer.games.nice.R`` names nothing, its package does
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    modules = modules_of(root)
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the list of its modules (the first repeated at the end), or
    None. A depth-first search that keeps the path it is on."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                done.add(path.pop())
                on_path = set(path)
                continue
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_scorer_has_no_import_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_counts_hidden_imports(tmp_path: Path) -> None:
    """Imports under ``if TYPE_CHECKING:`` and inside functions are edges (a self-test), and a
    cycle through them is found."""
    package = tmp_path / "scorer" / "games" / "demo"
    package.mkdir(parents=True)
    for folder in (tmp_path / "scorer", tmp_path / "scorer" / "games", package):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    (package / "hand.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Demo\n",
        encoding="utf-8",
    )
    (package / "game.py").write_text("def replay():\n    from . import hand\n", encoding="utf-8")
    graph = import_graph(tmp_path / "scorer")
    assert graph["scorer.games.demo.hand"] == {"scorer.games.demo.game"}
    assert graph["scorer.games.demo.game"] == {"scorer.games.demo.hand"}
    assert find_cycle(graph) == [
        "scorer.games.demo.game",
        "scorer.games.demo.hand",
        "scorer.games.demo.game",
    ]


def test_every_package_under_games_is_a_registered_game() -> None:
    """The list the tests below run over misses no game: each package under
    ``scorer/games/`` holds a registered engine (and each engine is in such a package)."""
    folders = {p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")}
    assert folders == set(GAME_PACKAGES)
    assert {"nice", "minchiate"} <= folders


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_package_says_what_is_public(game: str) -> None:
    says_what_is_public(PACKAGE / "games" / game, f"scorer.games.{game}")


def says_what_is_public(folder: Path, package: str) -> None:
    """A game package's ``__init__`` (in ``folder``, imported as ``package``) lists its
    public names in ``__all__``, and each of them is there."""
    init = folder / "__init__.py"
    tree = ast.parse(init.read_text(encoding="utf-8"))
    names = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    ]
    assert "__all__" in names, f"{init.relative_to(ROOT)} defines no __all__"
    module = __import__(package, fromlist=["__all__"])
    assert module.__all__, f"{package}.__all__ is empty"
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, missing


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_package_points_one_way(game: str) -> None:
    points_one_way(import_graph(), f"scorer.games.{game}")


def points_one_way(graph: dict[str, set[str]], package: str) -> None:
    """Inside a game package (``package`` in ``graph``): ``rules`` imports none of its
    siblings, ``hand`` only ``rules`` and leaves (modules that import no sibling but
    ``rules``: the game's ``messages``, the rules its hooks apply), and no module but the
    package's ``__init__`` imports ``game`` (the driver)."""
    inside = {
        name: {target for target in targets if target.startswith(package + ".")}
        for name, targets in graph.items()
        if name.startswith(package + ".")
    }
    assert inside[f"{package}.rules"] == set()
    leaves = {name for name, targets in inside.items() if targets <= {f"{package}.rules"}}
    assert inside[f"{package}.hand"] <= leaves
    drivers = sorted(name for name, targets in inside.items() if f"{package}.game" in targets)
    assert drivers == [], drivers


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_each_game_keeps_its_rulings_and_options_as_data_in_rules(game: str) -> None:
    """The rulings an engine implements and its options are data of its ``rules`` module,
    which the engine only points to."""
    from scorer.games import ENGINES

    rules = __import__(f"scorer.games.{game}.rules", fromlist=["RULINGS"])
    engines = [
        engine for engine in ENGINES if type(engine).__module__.startswith(f"scorer.games.{game}.")
    ]
    assert engines, game
    for engine in engines:
        assert engine.rulings is rules.RULINGS
        assert any(engine.options is value for value in vars(rules).values()), engine.key


def imports_in_methods(source: str) -> list[int]:
    """The lines of the imports inside a class's methods of ``source`` that no comment
    explains (a comment on the import's line or the line before it)."""
    lines = source.splitlines()
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        for method in node.body:
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(method):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    line = inner.lineno
                    said = "#" in lines[line - 1] or lines[line - 2].strip().startswith("#")
                    if not said:
                        out.append(line)
    return out


def test_imports_in_methods_are_found() -> None:
    source = (
        "class G:\n"
        "    def a(self):\n        from .x import y\n        return y\n"
        "    def b(self):\n        # (a cycle: x imports this module)\n        from .x import z\n"
    )
    assert imports_in_methods(source) == [3]


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_game_methods_import_nothing_unexplained(game: str) -> None:
    """#32.2: a ``Game``'s modules are imported at the top of ``game.py``, where a reader
    looks; an import inside a method stays only where a comment says why (a cycle)."""
    path = PACKAGE / "games" / game / "game.py"
    assert imports_in_methods(path.read_text()) == [], path

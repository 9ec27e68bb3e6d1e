"""The package layers: ``scorer`` (pure rules) <- ``records`` (notation, schemas, storage) <-
``web`` / ``tarocco`` (service, command line).

The rules engine must stay importable without the web stack or the notation, so it can be
embedded and tested alone; the records layer must not pull in the service. Checked twice: at
run time in a fresh interpreter (what ``import`` really loads) and statically over the source
(an import hidden in a function that the run-time check would miss).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Imports point one way: tarocco (the CLI) -> web -> records -> scorer. ``records`` may load
# click only because sqlite-utils does.
FORBIDDEN = {
    "scorer": {"flask", "marshmallow", "sqlite_utils", "records", "web", "click", "tarocco"},
    "records": {"flask", "flask_smorest", "web", "tarocco"},
    "web": {"tarocco"},
}


def loaded_after_import(package: str) -> set[str]:
    """Top-level module names loaded by importing ``package`` and all its submodules, in a
    fresh interpreter."""
    code = f"""
import importlib, json, pkgutil, sys
before = set(sys.modules)
package = importlib.import_module({package!r})
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(info.name)
print(json.dumps(sorted({{m.split(".")[0] for m in set(sys.modules) - before}})))
"""
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    return set(json.loads(out.stdout))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_runtime_imports(package: str) -> None:
    loaded = loaded_after_import(package)
    assert package in loaded
    assert not loaded & FORBIDDEN[package], sorted(loaded & FORBIDDEN[package])


def test_plain_scorer_import_is_light() -> None:
    """``import scorer`` (and its engines) loads nothing outside the standard library."""
    code = (
        "import sys; before = set(sys.modules); import scorer, scorer.games; "
        "print(sorted({m.split('.')[0] for m in set(sys.modules) - before}"
        " - set(sys.stdlib_module_names)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "['scorer']"


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Absolute module names imported anywhere in ``path`` (relative imports stay inside the
    package and are skipped), with their line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.append((node.lineno, node.args[0].value))
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_static_imports(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no sources under {package}/"
    bad = []
    for path in files:
        for line, module in imported_modules(path):
            if module.split(".")[0] in FORBIDDEN[package]:
                bad.append(f"{path.relative_to(ROOT)}:{line}: imports {module}")
    assert not bad, "\n".join(bad)


def test_static_check_sees_hidden_imports(tmp_path: Path) -> None:
    """The walker finds imports inside functions and importlib calls (a self-test)."""
    source = tmp_path / "m.py"
    source.write_text(
        "import os\ndef f():\n    from records.notation import read\n"
        "    import importlib; importlib.import_module('flask')\n"
        "from . import sibling\n",
        encoding="utf-8",
    )
    assert [m for _, m in imported_modules(source)] == [
        "os",
        "records.notation",
        "importlib",
        "flask",
    ]


# -- no import cycle inside a package -------------------------------------------------------
# A cycle between two modules (web.api and web.disputes once) makes the import order matter
# and hides which module is the lower one. Every import counts: at the top, inside a
# function, or under ``if TYPE_CHECKING``.
ACYCLIC = ("web", "tarocco")


def module_name(path: Path, root: Path) -> str:
    """``web/api/hands.py`` -> ``web.api.hands``; ``web/api/__init__.py`` -> ``web.api``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_edges(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules among ``known`` that module ``name`` (at ``path``) imports anywhere,
    relative imports resolved; ``from package import name`` counts as importing the
    submodule ``package.name`` when there is one, else the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found |= {
                f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target
                for alias in node.names
            }
    return {module for module in found if module in known and module != name}


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    paths = {module_name(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")}
    return {name: import_edges(path, name, set(paths)) for name, path in paths.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each cycle found by a depth-first walk, as the modules around it."""
    cycles: list[list[str]] = []
    state: dict[str, str] = {}  # "open" while on the walk's path, "done" after
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = "open"
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == "open":
                cycles.append([*path[path.index(other) :], other])
            elif other not in state:
                visit(other)
        path.pop()
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return cycles


def test_no_import_cycle_in_web_or_tarocco() -> None:
    graph = import_graph(ROOT, ACYCLIC)
    assert "web.api.hands" in graph and "tarocco.commands.text" in graph
    assert "web.api.common" in graph["web.api.hands"]  # relative imports are resolved
    cycles = import_cycles(graph)
    assert not cycles, "\n".join(" -> ".join(cycle) for cycle in cycles)


def test_cycle_check_sees_function_level_and_type_checking_imports(tmp_path: Path) -> None:
    """A self-test: a cycle closed by an import inside a function, and one closed under
    ``if TYPE_CHECKING``, are both found."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (pkg / "b.py").write_text("def f():\n    from pkg import a\n", encoding="utf-8")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import d\n",
        encoding="utf-8",
    )
    (pkg / "d.py").write_text("import pkg.c\n", encoding="utf-8")
    cycles = import_cycles(import_graph(tmp_path, ("pkg",)))
    assert cycles == [["pkg.a", "pkg.b", "pkg.a"], ["pkg.c", "pkg.d", "pkg.c"]]

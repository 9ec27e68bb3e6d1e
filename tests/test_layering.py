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

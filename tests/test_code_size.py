"""Functions small enough to read at once (#22.6): none over 80 lines, in any package or test.

Ruff's complexity rule (C901, at 20 in pyproject.toml) bounds the branches; this bounds the
length, which ruff does not check.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scorer", "records", "web", "tarocco", "tests")
LIMIT = 80


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[int, str, int]]:
    """The functions of ``source`` longer than ``limit`` lines: (line, name, length)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                out.append((node.lineno, node.name, length))
    return out


def test_the_check_finds_a_long_function() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(LIMIT))
    source = f"def short():\n    return 1\n\n\ndef long():\n{body}\n"
    assert long_functions(source) == [(5, "long", LIMIT + 1)]


def test_no_function_is_over_80_lines() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line} {name} ({length} lines)"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for line, name, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert not found, "functions over 80 lines:\n" + "\n".join(found)


def test_ruff_bounds_complexity_at_20() -> None:
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"C901"' in config and "max-complexity = 20" in config

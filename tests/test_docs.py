"""Documentation that runs: module doctests, and the README's commands exist."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import records
import scorer
import web
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _modules(package) -> list[str]:
    return [info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]


@pytest.mark.parametrize("name", _modules(scorer) + _modules(records) + _modules(web))
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_command_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    for command in main.commands:
        assert f"tarocco {command}" in readme, command


def test_notation_doc_names_every_nice_section() -> None:
    from scorer.games import GAMES

    doc = (ROOT / "docs" / "notation.md").read_text()
    for game in GAMES.values():
        assert f"`{game.key}`" in doc
        for keyword in game.keywords:
            assert f"`{keyword}" in doc, (game.key, keyword)


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    """The set-up promise: the README's test command is what CI runs, to the letter."""
    command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert "pytest" in command and "install-browser" in command
    assert f"\n{command}\n" in (ROOT / "README.md").read_text()

"""Documentation that runs: module doctests, and the README's commands exist."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
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
    """Every command, and every command of a group (`tarocco session list`), is named in
    the README as it is typed."""
    readme = " ".join((ROOT / "README.md").read_text().split())  # lines wrap anywhere
    for name, command in main.commands.items():
        assert f"tarocco {name}" in readme, name
        for sub in getattr(command, "commands", {}):
            assert f"tarocco {name} {sub}" in readme, (name, sub)


def test_readme_commands_write_scratch_files_in_a_temporary_folder() -> None:
    """Following the README leaves nothing in the repository (issue 19): every file its
    shell commands write goes into a folder made by mktemp in the same block."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^```sh\n(.*?)^```", readme, re.DOTALL | re.MULTILINE)
    written = 0
    for block in blocks:
        for target in re.findall(r"(?<![0-9&])>{1,2}\s*([^\s;&|)]+)", block):
            written += 1
            assert target.startswith("$T/"), target
            assert "T=$(mktemp -d)" in block.split(target)[0], target
    assert written >= 2  # the tour's session and the import's night


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


def test_the_game_tags_row_names_every_game() -> None:
    """#34.10: the tags table said `nice4`, `nice3` "(more with each game's engine)"."""
    from scorer.games import GAMES

    doc = (ROOT / "docs" / "notation.md").read_text()
    [row] = [line for line in doc.splitlines() if line.startswith("| `Game` |")]
    assert [key for key in GAMES if f"`{key}`" in row] == list(GAMES)

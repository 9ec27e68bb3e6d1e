"""``docs/adding-a-game.md`` stays true (#32.6): its code is the reference game's, and it
names what the registry and the tests ask of a new game.

The guide builds the reference game of ``tests/reference_game/`` (which
``tests/test_reference_game.py`` holds to every engine's contracts). Each fenced block after a
``<!-- excerpt: FILE -->`` line is a verbatim part of FILE; every module of the reference
game is quoted; every attribute a :class:`~scorer.games.base.Game` has is named; every test
module that runs over the registered games is named; and the lines it has a new game add to
``tests/finding_rulings.py`` are those the reference game's tests add.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import test_reference_game

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "adding-a-game.md"
TESTS = ROOT / "tests"
FOLDER = TESTS / "reference_game"

#: An excerpt: the marker line, then a fenced block (indented alike inside a list item).
EXCERPT = re.compile(
    r"^(?P<indent> *)<!-- excerpt: (?P<file>\S+) -->\n"
    r"(?P=indent)```\w*\n(?P<body>.*?)\n(?P=indent)```$",
    re.MULTILINE | re.DOTALL,
)
#: A test module that runs over the registry: it imports ``GAMES`` or ``ENGINES`` from
#: ``scorer`` (anywhere in it) and parametrises over them, loops over them or compares them.
IMPORTS_REGISTRY = re.compile(r"^\s*from scorer(\.games)? import [^\n]*\b(GAMES|ENGINES)\b", re.M)
USES_REGISTRY = re.compile(
    r"parametrize\(.*\b(GAMES|ENGINES)\b"
    r"|for [a-z_, ]+ in (sorted\(|list\()?(GAMES|ENGINES)\b"
    r"|sampled_from\((sorted\()?GAMES"
    r"|(GAMES|ENGINES)\.(values|items)\(\)"
    r"|(set|list|sorted)\(GAMES\)"
)


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def excerpts() -> list[tuple[str, str]]:
    """``(file, text)`` of each excerpt of the guide, its text unindented."""
    out = []
    for match in EXCERPT.finditer(guide()):
        lines = [line.removeprefix(match["indent"]) for line in match["body"].split("\n")]
        out.append((match["file"], "\n".join(lines)))
    return out


def test_every_excerpt_is_in_its_file() -> None:
    found = excerpts()
    assert len(found) >= 15, len(found)
    for name, text in found:
        source = (ROOT / name).read_text(encoding="utf-8")
        assert text in source, f"not in {name}:\n{text}"


def test_every_module_of_the_reference_game_is_quoted() -> None:
    quoted = {name for name, _text in excerpts()}
    files = {str(path.relative_to(ROOT)) for path in FOLDER.glob("*.py")}
    assert files | {"tests/reference_game/notation.md"} <= quoted, files - quoted


def test_the_notation_heading_is_the_form_the_tests_find() -> None:
    [heading] = [text for name, text in excerpts() if name.endswith("notation.md")]
    assert re.fullmatch(r"## [^\n]+ \(`reference`\)", heading), heading


def _game_attributes() -> set[str]:
    """The names of the class attributes :class:`scorer.games.base.Game` declares."""
    tree = ast.parse((ROOT / "scorer" / "games" / "base.py").read_text(encoding="utf-8"))
    [game] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game"]
    names = set()
    for node in game.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {name for name in names if not name.startswith("_")}


def test_every_attribute_of_a_game_is_named() -> None:
    attributes = _game_attributes()
    assert {"default_suits", "redeal_thrown_in", "penalty_rulings", "entry"} <= attributes
    text = guide()
    missing = sorted(name for name in attributes if f"`{name}`" not in text)
    assert not missing, f"docs/adding-a-game.md does not say what these are: {missing}"


def _registry_tests() -> set[str]:
    out = set()
    for path in TESTS.glob("test_*.py"):
        source = path.read_text(encoding="utf-8")
        if IMPORTS_REGISTRY.search(source) and USES_REGISTRY.search(source):
            out.add(f"tests/{path.name}")
    return out


def test_every_test_over_the_registered_games_is_named() -> None:
    found = _registry_tests()
    assert {"tests/test_engine_contract.py", "tests/test_docs.py", "tests/test_pages.py"} <= found
    missing = sorted(name for name in found if f"`{name}`" not in guide())
    assert not missing, f"docs/adding-a-game.md does not name: {missing}"


def test_the_rulings_table_lines_are_the_reference_games() -> None:
    """The guide's lines for ``tests/finding_rulings.py`` are those the reference game's
    tests add (each code named, each ruling written as ``"reference": "RULING"``)."""
    text = " ".join(guide().split())
    for code, ruling in test_reference_game.CITES_OF_THE_GAME.items():
        assert f"`{code}`" in text, code
        assert f'`"reference": "{ruling}"`' in text, ruling
    assert "`_MUST`" in text and "tests/golden/reference_findings.json" in text

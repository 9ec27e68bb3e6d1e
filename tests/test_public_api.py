"""Each package's ``__init__`` names its public API in ``__all__`` (issue 22.9): every name
listed exists, the list has no duplicate, and the package docstring's example runs."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["scorer", "records", "web", "tarocco", "web.api", "tarocco.commands"]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_name_in_all_exists(name: str) -> None:
    package = importlib.import_module(name)
    names = package.__all__
    assert names, f"{name}.__all__ is empty"
    assert len(set(names)) == len(names), f"{name}.__all__ repeats a name"
    missing = [n for n in names if not hasattr(package, n)]
    assert not missing, f"{name}.__all__ names what it does not have: {missing}"


@pytest.mark.parametrize("name", PACKAGES)
def test_star_import_gives_the_public_names(name: str) -> None:
    """``from package import *`` works (a name in ``__all__`` that is missing would raise)."""
    space: dict[str, object] = {}
    exec(f"from {name} import *", space)
    assert set(importlib.import_module(name).__all__) <= set(space)


@pytest.mark.parametrize("name", ["scorer", "records", "web"])
def test_package_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_records_loads_storage_and_schemas_only_when_named() -> None:
    """``import records`` (as ``tarocco verify`` does) loads neither sqlite-utils nor
    marshmallow; naming ``records.Store`` loads the store."""
    code = (
        "import sys, records; print('sqlite_utils' in sys.modules, 'marshmallow' in sys.modules)"
        "; records.Store; print('sqlite_utils' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    assert out.stdout.split() == ["False", "False", "True"]

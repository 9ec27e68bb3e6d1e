"""What `pip install .` (the README's first command) ships: every file the packages need at
run time. An editable install, which the tests use, reads the source tree and would hide a
template left out of the wheel; the pages then failed with a 500 (TemplateNotFound) after a
plain install. So every data file under the packages must match the package-data globs in
pyproject.toml."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scorer", "records", "web", "tarocco")


def test_every_data_file_of_the_packages_is_shipped() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"].get("package-data", {})
    data_files = [
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert any(path.name == "home.html" for path in data_files)  # the walk found the pages
    missing = []
    for path in data_files:
        package = path.relative_to(ROOT).parts[0]
        inside = path.relative_to(ROOT / package).as_posix()
        if not any(fnmatch.fnmatch(inside, pattern) for pattern in globs.get(package, ())):
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []

"""What `pip install .` (the README's first command) ships: every file the packages need at
run time. An editable install, which the tests use, reads the source tree and would hide a
template left out of the wheel; the pages then failed with a 500 (TemplateNotFound) after a
plain install. So every data file under the packages must match the package-data globs in
pyproject.toml."""

from __future__ import annotations

import fnmatch
import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest

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


def _locked(name: str) -> dict[str, str]:
    """The pins of one lock file under requirements/: normalised name -> version."""
    pins = {}
    for line in (ROOT / "requirements" / name).read_text(encoding="utf-8").splitlines():
        requirement = line.split(";")[0].strip()
        if "==" in requirement and not requirement.startswith("#"):
            package, version = requirement.split("==")
            pins[_normalise(package)] = version.strip()
    return pins


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared(extra: str | None) -> list[str]:
    """The names of pyproject.toml's dependencies (or of one extra's), without versions."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return [_normalise(re.split(r"[<>=!~;\[ ]", requirement)[0]) for requirement in requirements]


@pytest.mark.parametrize(
    ("lock", "extras"), [("service.txt", [None]), ("test.txt", [None, "test"])]
)
def test_the_locks_pin_every_declared_dependency(lock: str, extras: list[str | None]) -> None:
    """A dependency added to pyproject.toml without regenerating the locks
    (requirements/compile) would install unpinned: the README's commands install only
    through the locks."""
    pins = _locked(lock)
    missing = [name for extra in extras for name in _declared(extra) if name not in pins]
    assert missing == []


def test_the_suite_runs_on_the_locked_versions() -> None:
    """What this test run imports is what requirements/test.txt pins (so a green run says the
    locked set passes, and a newer release cannot turn CI red unseen)."""
    pins = _locked("test.txt")
    installed = {
        _normalise(dist.metadata["Name"]): dist.version
        for dist in importlib.metadata.distributions()
    }
    wrong = {
        name: (installed[name], pinned)
        for name, pinned in pins.items()
        if name in installed and installed[name] != pinned
    }
    assert wrong == {}
    assert {"pytest", "schemathesis", "hypothesis", "ruff"} <= installed.keys()


def test_the_two_locks_agree() -> None:
    """A package the service and the tests share has one version: the service the tests pass
    on is the service the README's first command installs."""
    service, test = _locked("service.txt"), _locked("test.txt")
    assert {
        name: (version, test.get(name))
        for name, version in service.items()
        if test.get(name) != version
    } == {}


def test_a_plain_install_ships_the_notation_page(tmp_path: Path) -> None:
    """/notation renders docs/notation.md, which lies outside the packages: the wheel that
    `pip install .` builds carries it as a data file, where the page looks for it
    (web.docpages.INSTALLED_NOTATION)."""
    import subprocess
    import sys
    import zipfile

    from web.docpages import INSTALLED_NOTATION

    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("tarocco-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = [name for name in names if name.endswith(".data/data/share/tarocco/notation.md")]
    assert len(shipped) == 1, names
    assert INSTALLED_NOTATION.parts[-3:] == ("share", "tarocco", "notation.md")

"""A short coverage-guided run of ``tests/fuzz_reader.py`` (atheris) on the example records:
it must end without a crash. Long runs are for a person with time (see that file)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_coverage_guided_fuzzing_finds_no_crash(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for number, path in enumerate(sorted((ROOT / "examples").glob("*/*.txt"))):
        (corpus / f"seed{number}").write_bytes(path.read_bytes())
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests" / "fuzz_reader.py"),
            "-runs=4000",
            "-seed=1",
            "-max_len=4096",
            str(corpus),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Done 4000 runs" in result.stderr or "DONE" in result.stderr, result.stderr[-2000:]

"""Prints every example the last observed hypothesis run tried, one line each (the test and its
arguments), from hypothesis' observability files under ``.hypothesis/observed``.

Used to show that the CI profile is derandomised: three runs print the same lines (README,
"Contributing")."""

from __future__ import annotations

import json
from pathlib import Path


def main() -> None:
    for path in sorted(Path(".hypothesis/observed").glob("*testcases.jsonl")):
        with path.open(encoding="utf-8") as lines:
            for case in map(json.loads, lines):
                if case["type"] == "test_case":
                    print(case["property"], json.dumps(case["arguments"], sort_keys=True))


if __name__ == "__main__":
    main()

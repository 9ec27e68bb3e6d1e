"""Old code against new on the same texts: the CPU time of reading and verifying them.

``tarocco bench`` times each tree on the records its own generator draws, and a change of a
generator changes the records; to compare two versions of the engines, time both on the
same texts instead (BENCHMARKS.md, *Latest figures*):

    python tests/speedcheck.py write nice4 1500 /tmp/nice4.txt     # the texts, once
    PYTHONPATH=/tmp/old python tests/speedcheck.py time /tmp/nice4.txt   # the old code
    python tests/speedcheck.py time /tmp/nice4.txt                       # this code

(``/tmp/old`` from ``git worktree add /tmp/old COMMIT``.) ``time`` prints hands per second
of ``records.notation.read_one`` then ``Game.verify``, best of three, CPU time; alternate the
two trees a few times in one sitting, as the machine's load moves.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # this tree, unless PYTHONPATH or an install names another first
    sys.path.append(str(Path(__file__).resolve().parent.parent))

SEPARATOR = "\n\n;;; next record\n\n"


def write_texts(game_key: str, count: int, path: Path) -> None:
    """``count`` random records of ``game_key`` (seeds 0 ..) as text, to ``path``."""
    from records.writer import write
    from scorer import get_game

    game = get_game(game_key)
    texts = [write(game.random_record(random.Random(seed))) for seed in range(count)]
    path.write_text(SEPARATOR.join(texts), encoding="utf-8")


def time_texts(path: Path) -> tuple[str, float]:
    """The code on the path's import path, over the texts at ``path``: hands per second."""
    import scorer
    from records.notation import read_one

    texts = path.read_text(encoding="utf-8").split(SEPARATOR)
    records = [read_one(text).record for text in texts[:1]]
    game = scorer.get_game(records[0].game)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for text in texts:
            game.verify(read_one(text).record)
        best = min(best, time.process_time() - start)
    return scorer.__file__, len(texts) / best


def main(argv: list[str]) -> int:
    if argv[:1] == ["write"] and len(argv) == 4:
        write_texts(argv[1], int(argv[2]), Path(argv[3]))
        return 0
    if argv[:1] == ["time"] and len(argv) == 2:
        where, rate = time_texts(Path(argv[1]))
        print(f"{rate:,.0f} hands/s  ({where})")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

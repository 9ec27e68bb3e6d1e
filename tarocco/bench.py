"""``tarocco bench``: how many hands per second the whole pipeline checks on one core.

Method: generate ``hands`` legal records with the game's seeded generator and write them as
text (not timed); then take the texts one at a time, as the service and the command line do:
read it (parse), verify it (replay and score), drop the result. The clock runs around each
phase of each record and the sums are reported, per phase and in total, in this one process.
"""

from __future__ import annotations

import platform
import random
import time

from records.notation import read
from records.writer import write
from scorer.games import Game

__all__ = ["run_bench"]


def run_bench(game: Game, hands: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    texts = [write(game.random_record(rng)) for _ in range(hands)]
    clock = time.perf_counter
    parse_seconds = verify_seconds = 0.0
    cards_played = bad = 0
    for text in texts:
        started = clock()
        parsed = read(text)[0]
        middle = clock()
        report = game.verify(parsed.record)
        parse_seconds += middle - started
        verify_seconds += clock() - middle
        cards_played += sum(len(t.cards) for t in report.tricks)
        bad += bool(report.errors or report.violations)
    if bad:
        raise RuntimeError(f"{bad} generated records did not verify clean")
    total = parse_seconds + verify_seconds
    return {
        "game": game.key,
        "hands": hands,
        "seed": seed,
        "cards_played": cards_played,
        "python": platform.python_version(),
        "parse_seconds": parse_seconds,
        "verify_seconds": verify_seconds,
        "total_seconds": total,
        "parse_hands_per_second": hands / parse_seconds,
        "verify_hands_per_second": hands / verify_seconds,
        "total_hands_per_second": hands / total,
    }

"""``tarocco bench``: how many hands per second the whole pipeline checks on one core.

Method: generate ``hands`` legal records with the game's seeded generator and write them as
text (not timed); then time reading all texts (parse), and verifying all records (replay and
score) in this one process. Reported per phase and in total.
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
    started = time.perf_counter()
    parsed = [read(text)[0] for text in texts]
    parse_seconds = time.perf_counter() - started
    started = time.perf_counter()
    reports = [game.verify(p.record) for p in parsed]
    verify_seconds = time.perf_counter() - started
    bad = [r for r in reports if r.errors or r.violations]
    if bad:
        raise RuntimeError(f"{len(bad)} generated records did not verify clean")
    total = parse_seconds + verify_seconds
    return {
        "game": game.key,
        "hands": hands,
        "seed": seed,
        "cards_played": sum(len(t.plays) for r in reports for t in r.tricks),
        "python": platform.python_version(),
        "parse_seconds": parse_seconds,
        "verify_seconds": verify_seconds,
        "total_seconds": total,
        "parse_hands_per_second": hands / parse_seconds,
        "verify_hands_per_second": hands / verify_seconds,
        "total_hands_per_second": hands / total,
    }

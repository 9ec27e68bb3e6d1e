"""``tarocco bench``: how many hands per second the whole pipeline checks on one core.

Method: generate ``hands`` legal records with the game's seeded generator and write them as
text (not timed); then take the texts one at a time, as the service and the command line do:
read it (parse), verify it (replay and score: the engines score as they replay), drop the
result. The clock runs around each phase of each record and the sums are reported, per phase
and in total, in this one process.

Replay and score are one timed phase (the engines score as they replay); how it splits is
estimated from a profile of the first records (:func:`score_share`): the share of the
engine's own time spent in its scoring module (``scorer/games/*/scoring.py``), applied to the
timed verify phase.

With ``jobs`` above 1 the same runs in that many processes at once, each on its own share of
the records (seeds ``seed``, ``seed + 1``, ...), started together; the rate reported is all
the hands over the wall time of the slowest process, which is what all the cores together
achieve.
"""

from __future__ import annotations

import cProfile
import os
import platform
import pstats
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from records.notation import read
from records.writer import write
from scorer.games import Game

__all__ = [
    "SLOWEST_SHARE",
    "TARGETS",
    "load_note",
    "python_build",
    "run_bench",
    "run_bench_all",
    "run_bench_jobs",
    "target_met",
    "verdict",
]


PROFILE_SAMPLE = 300

#: The speed floors: hands per second, parse + replay + score, on one core, on a quiet
#: machine. Issue #32 made them each game's figure when each trick rule came to be written
#: once (BENCHMARKS.md): no change may make a game slower than this.
TARGETS = {
    "nice4": 5_100,
    "nice3": 4_900,
    "minchiate": 2_750,
    "pinch": 3_350,
    "piemonte3": 4_850,
    "piedicavallo": 4_700,
}
#: Issue 9: the slowest game at least this share of the ``nice4`` rate.
SLOWEST_SHARE = 0.5


def python_build() -> str:
    """The interpreter measured: its version and executable. Builds of one version differ
    (a distribution's, compiled with profile-guided optimisation, ran pinch about 8% faster
    here than an unoptimised one; BENCHMARKS.md), so a figure names its interpreter."""
    return f"{platform.python_version()} ({sys.executable})"


def target_met(game: str, rate: float) -> bool | None:
    """Whether ``rate`` (hands per second) meets ``game``'s target; ``None``: it has none."""
    target = TARGETS.get(game)
    return None if target is None else rate >= target


def verdict(game: str, rate: float) -> str:
    """Whether ``rate`` (hands per second) meets ``game``'s target, in words."""
    met = target_met(game, rate)
    if met is None:
        return "no target"
    target = TARGETS[game]
    return f"{'met' if met else 'NOT met'} ({rate / target:.0%} of {target:,})"


def load_note() -> str:
    """A line saying that other work on the machine lowers the figures, with the load now
    (the figures are only comparable on an idle machine; BENCHMARKS.md)."""
    try:
        load = f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
    except (AttributeError, OSError):  # no load average on this system
        load = ""
    return f"  note    {load}a loaded machine lowers these figures (see BENCHMARKS.md)"


# a game package's scoring module, ``scorer/games/<game>/scoring.py``, in any path style
SCORING_MODULE = re.compile(r"[/\\]scorer[/\\]games[/\\]\w+[/\\]scoring\.py$")


def score_share(game: Game, records: list, sample: int = PROFILE_SAMPLE) -> float:
    """The fraction of ``game.verify``'s own time spent in the game's scoring module, from a
    cProfile run over the first ``sample`` records (not timed; the profiler's overhead falls
    on both parts alike)."""
    profile = cProfile.Profile()
    profile.enable()
    for record in records[:sample]:
        game.verify(record)
    profile.disable()
    # Stats.stats, the table print_stats reads, is missing from typeshed's stubs of pstats
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = scoring = 0.0
    for (filename, _line, _name), (_cc, _nc, own, _cum, _callers) in stats.items():
        total += own
        if SCORING_MODULE.search(filename):
            scoring += own
    return scoring / total if total else 0.0


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
        if parsed.record is None:  # not even its tags could be read
            raise RuntimeError(f"a generated record could not be read: {parsed.errors[0]}")
        report = game.verify(parsed.record)
        parse_seconds += middle - started
        verify_seconds += clock() - middle
        cards_played += sum(len(t.cards) for t in report.tricks)
        bad += bool(report.errors or report.violations)
    if bad:
        raise RuntimeError(f"{bad} generated records did not verify clean")
    total = parse_seconds + verify_seconds
    # Read again for the profile, after the clock: every timed record is dropped once
    # verified, as the service drops it (records kept alive slow the garbage collector).
    share = score_share(game, [read(text)[0].record for text in texts[:PROFILE_SAMPLE]])
    return {
        "game": game.key,
        "hands": hands,
        "seed": seed,
        "cards_played": cards_played,
        "python": python_build(),
        "parse_seconds": parse_seconds,
        "verify_seconds": verify_seconds,
        "score_share_of_verify": share,
        "replay_seconds": verify_seconds * (1 - share),
        "score_seconds": verify_seconds * share,
        "total_seconds": total,
        "parse_hands_per_second": hands / parse_seconds,
        "verify_hands_per_second": hands / verify_seconds,
        "replay_hands_per_second": hands / (verify_seconds * (1 - share)),
        "score_hands_per_second": hands / (verify_seconds * share) if share else float("inf"),
        "total_hands_per_second": hands / total,
    }


def _share(args: tuple[str, int, int]) -> dict:
    from scorer.games import get_game

    key, hands, seed = args
    started = time.perf_counter()
    result = run_bench(get_game(key), hands, seed)
    result["wall_seconds"] = time.perf_counter() - started
    return result


def run_bench_jobs(game: Game, hands: int, seed: int = 1, jobs: int = 2) -> dict:
    """:func:`run_bench` in ``jobs`` processes at once, ``hands`` split between them."""
    shares = [hands // jobs + (1 if i < hands % jobs else 0) for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(
            pool.map(_share, [(game.key, n, seed + i) for i, n in enumerate(shares) if n])
        )
    slowest = max(r["total_seconds"] for r in results)
    return {
        "game": game.key,
        "hands": hands,
        "seed": seed,
        "jobs": jobs,
        "python": python_build(),
        "cards_played": sum(r["cards_played"] for r in results),
        "per_job_hands_per_second": [r["total_hands_per_second"] for r in results],
        "total_seconds": slowest,
        "total_hands_per_second": hands / slowest,
    }


def run_bench_all(hands: int, seed: int = 1) -> dict:
    """:func:`run_bench` for every game in turn, with each game's verdict against its target
    and the slowest game's share of the ``nice4`` rate (issue 9)."""
    from scorer.games import ENGINES

    results = [run_bench(game, hands, seed) for game in ENGINES]
    for result in results:
        result["target"] = TARGETS.get(result["game"])
        result["verdict"] = verdict(result["game"], result["total_hands_per_second"])
        result["target_met"] = target_met(result["game"], result["total_hands_per_second"])
    rates = {r["game"]: r["total_hands_per_second"] for r in results}
    slowest = min(rates, key=rates.__getitem__)
    share = rates[slowest] / rates["nice4"]
    return {
        "hands": hands,
        "seed": seed,
        "python": python_build(),
        "games": results,
        "slowest": slowest,
        "slowest_share_of_nice4": share,
        "slowest_verdict": ("met" if share >= SLOWEST_SHARE else "NOT met")
        + f" ({share:.0%} of nice4, at least {SLOWEST_SHARE:.0%} asked)",
        "all_met": share >= SLOWEST_SHARE and all(r["target_met"] is not False for r in results),
    }

"""``tarocco verify`` in bounded memory and in several processes (#31.4): the text read in
pieces gives the records the whole text gives; the slim facts kept of each record give the
ledger the whole reports give; ``--jobs`` prints the same as one process; and memory does
not grow with the reports."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from records.mutate import MUTATIONS
from records.notation import iter_read, read
from records.pipeline import check_text, exit_status, session_ledger
from records.schemas import LedgerSchema
from records.streaming import SessionTally, check_chunk, record_chunks, slim
from records.writer import write
from scorer.games import get_game
from tarocco.cli import main
from tarocco.render import render_ledger

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GAMES = ("nice4", "nice3", "minchiate", "pinch", "piemonte3", "piedicavallo")


@cache
def session_text(game: str, count: int, damaged: bool) -> str:
    """``count`` records of one table of ``game``; ``damaged``: every third one slipped or
    damaged (a mutation of the reliability campaigns), for findings, errors and partials."""
    rng = random.Random(7)
    kinds = sorted(MUTATIONS)
    texts = []
    for number, record in enumerate(get_game(game).random_session(rng, count)):
        text = write(record)
        if damaged and number % 3 == 1:
            text = MUTATIONS[kinds[number % len(kinds)]](text, rng) or text
        texts.append(text)
    return "\n".join(texts)


def awkward_text() -> str:
    """Every example of every game, and records written untidily: a byte-order mark first,
    comments and blank lines between records, a record without a body, tags after a
    comment, carriage returns, a name not in Unicode's NFC form."""
    examples = "\n".join(p.read_text() for p in sorted(EXAMPLES.glob("*/*.txt")))
    nice = session_text("nice4", 6, True).split("\n\n[Game")
    untidy = "\n; a comment line\n\n  {braces}\n[Game".join(nice)
    bodiless = '[Game "nice4"]\n[Players "A, B, C, D"]\n[Dealer "A"]\n'
    accented = '[Game "nice4"]\n[Players "Rene\u0301, B, C, D"]\n[Dealer "René"]\n\n1. KS\n'
    return "\ufeff" + examples + "\n" + bodiless + untidy + "\r\n" + bodiless + accented + bodiless


def _facts(text: str, pieces: int) -> list[tuple[object, ...]]:
    """What reading ``text`` gives, record by record, read whole (``pieces`` 0) or in pieces
    of ``pieces`` records."""
    parsed = (
        [
            p
            for chunk in record_chunks(text, "x.txt", pieces)
            for p in iter_read(chunk.text, source="x.txt", first_line=chunk.first_line)
        ]
        if pieces
        else read(text, source="x.txt")
    )
    return [
        (
            p.record and p.record.tags,
            p.record and p.record.body,
            p.record and p.record.source,
            p.record and p.record.start,
            p.record and p.record.unreadable,
            [str(e) for e in p.errors],
        )
        for p in parsed
    ]


@pytest.mark.parametrize("pieces", [1, 2, 5])
def test_a_text_read_in_pieces_gives_the_records_read_whole(pieces: int) -> None:
    texts = [awkward_text(), *(session_text(game, 12, True) for game in GAMES)]
    for text in texts:
        assert _facts(text, pieces) == _facts(text, 0)


def test_a_text_without_a_record_is_one_piece_that_says_so() -> None:
    (chunk,) = record_chunks("; nothing here\n\n", "x.txt")
    assert chunk.whole
    (checked,) = check_chunk(chunk)
    assert [f.code for f in checked.report.findings] == ["EMPTY"]


@pytest.mark.parametrize("game", GAMES)
def test_the_slim_facts_give_the_ledger_the_whole_reports_give(game: str) -> None:
    for damaged in (False, True):
        checked = check_text(session_text(game, 40, damaged))
        tally = SessionTally()
        for c in checked:
            tally.add(slim(c.parsed.record, c.report))
        whole, kept = session_ledger(checked), tally.ledger()
        assert whole is not None and kept is not None
        assert render_ledger(kept) == render_ledger(whole)
        assert LedgerSchema().dump(kept) == LedgerSchema().dump(whole)
        assert tally.exit_status(kept) == exit_status(checked, whole)


def _verify(args: list[str], text: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["verify", *args, "-"], input=text)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(session_text("nice4", 260, True), id="nice4-flagged-session"),
        pytest.param(session_text("pinch", 230, False), id="pinch-session"),
        pytest.param("\n".join(session_text(game, 45, True) for game in GAMES), id="mixed-games"),
    ],
)
@pytest.mark.parametrize("args", [[], ["--json"], ["-q"]], ids=["text", "json", "quiet"])
def test_jobs_print_the_same_in_the_same_order(text: str, args: list[str]) -> None:
    one = _verify(args, text)
    assert _verify(["--jobs", "2", *args], text) == one
    assert one[1].count("\n") > 200


def test_a_short_session_with_jobs_still_says_its_seating(tmp_path: Path) -> None:
    """A session short enough for its seat order to be checked is verified in the one
    process: the ``session seating`` line comes first, as without ``--jobs``."""
    rotated = "\n".join(
        text.replace('"Anna, Bruno, Carla, Dario"', '"Bruno, Anna, Carla, Dario"')
        for text in session_text("nice4", 6, False).split("\n\n[Game")
    )
    one = _verify([], rotated)
    assert _verify(["--jobs", "0"], rotated) == one


def test_json_is_printed_as_one_document_with_two_space_indents() -> None:
    code, out = _verify(["--json"], session_text("piemonte3", 30, True))
    assert code == 2
    data = json.loads(out)
    assert len(data["records"]) == 30 and "ledger" in data
    assert json.dumps(data, indent=2, ensure_ascii=False) + "\n" == out


_PEAK = (
    "import resource, subprocess, sys;"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False);"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def _peak_kib(path: Path, args: list[str]) -> int:
    """The peak resident memory (KiB) of ``tarocco verify ARGS PATH``, in a process of its
    own (a fresh parent, so that no other child's peak is counted)."""
    command = [sys.executable, "-c", _PEAK, sys.executable, "-m", "tarocco", "verify"]
    run = subprocess.run([*command, *args, str(path)], capture_output=True, text=True, check=True)
    return int(run.stdout)


@pytest.mark.parametrize("args", [[], ["--json"]], ids=["text", "json"])
def test_verify_memory_does_not_grow_with_the_reports(tmp_path: Path, args: list[str]) -> None:
    """Verifying 2,500 records takes little more memory than 500: the whole reports took
    some 20 KB a record (#31.4: 40 MB more here), the ledger's facts and rows take under 1 KB
    (the bound leaves room for the allocator's noise)."""
    text = session_text("nice4", 250, False) + "\n"
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small.write_text(text * 2)
    large.write_text(text * 10)
    growth = _peak_kib(large, args) - _peak_kib(small, args)
    assert growth < 2_000 * 3  # KiB for 2,000 records more: under 3 KB a record


def _stop_before_output(args: list[str], text: str, tmp_path: Path) -> tuple[int, str, str]:
    first = tmp_path / "first.txt"
    first.write_text(session_text("nice4", 30, False))
    result = CliRunner().invoke(main, ["verify", *args, str(first), "-"], input=text)
    return result.exit_code, result.stdout, result.stderr


def test_what_stops_verify_stops_it_before_any_output(tmp_path: Path) -> None:
    """An input that cannot be read, an option a later record's game does not have, and
    (with ``--strict``) a notation error in a later record stop the command before the
    records before them are printed, as when every report was made before printing."""
    unreadable = CliRunner().invoke(main, ["verify", str(EXAMPLES / "nice4" / "tour.txt"), "x"])
    assert (unreadable.exit_code, unreadable.stdout) == (2, "")
    pinch = session_text("pinch", 3, False)
    code, out, err = _stop_before_output(["-o", "honours=world"], pinch, tmp_path)
    assert (code, out) == (2, "") and "pinch has no rule option 'honours'" in err
    broken = session_text("nice4", 3, False).replace("hand Anna:", "hand Zed:", 1)
    code, out, err = _stop_before_output(["--strict"], broken, tmp_path)
    assert (code, out) == (2, "") and "5:6: 'Zed' is not one of the players" in err
    code, out, _err = _stop_before_output([], broken, tmp_path)
    assert code == 2 and out.count("INVALID") == 1

"""The command line: exit statuses, standard input, JSON, sessions, and every subcommand."""

from __future__ import annotations

import json
import random
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from scorer.games import get_game
from tarocco.cli import main

ROOT = Path(__file__).resolve().parent.parent
TOUR = ROOT / "examples" / "nice4" / "tour.txt"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_verify_clean_record_exits_0(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", str(TOUR)])
    assert result.exit_code == 0, result.output
    assert "CLEAN" in result.output
    assert "Partida [NICE-15]" in result.output


def test_verify_violation_exits_1_and_names_place_and_rule(runner: CliRunner) -> None:
    text = (
        TOUR.read_text()
        .replace("1. 10 17 4 9", "1. 10 17 5C 9")
        .replace("15. 13 18 5C 4C", "15. 13 18 4 4C")
    )
    result = runner.invoke(main, ["verify", "-"], input=text)
    assert result.exit_code == 1, result.output
    assert "MUST_FOLLOW_TRUMPS [NICE-11]" in result.output
    assert "trick 1" in result.output
    assert "legal: 4 11 19" in result.output


def test_engine_penalty_rows_are_not_called_rulings(runner: CliRunner) -> None:
    """#20.15: the unfinished giro's payment (MIN-16) is the engine's penalty in the ledger,
    not a director's ruling."""
    path = ROOT / "examples" / "minchiate" / "unfinished-giro.txt"
    result = runner.invoke(main, ["verify", str(path)])
    ledger = result.output[result.output.index("session ledger") :]
    rows = [
        words[:2]
        for words in map(str.split, ledger.splitlines())
        if len(words) > 1 and words[1] in ("clean", "penalty", "ruling")
    ]
    assert rows == [["1", "clean"], ["2", "clean"], ["3", "clean"], ["3", "penalty"]]
    assert "game 4 not played, Carla's folla is paid 2 rests (MIN-16)" in ledger
    assert "ruling" not in ledger


def test_verify_impossible_record_exits_2(runner: CliRunner) -> None:
    text = TOUR.read_text().replace("2. 2D 9D QD 3D", "2. 2D 9D 9D 3D")
    result = runner.invoke(main, ["verify", "-"], input=text)
    assert result.exit_code == 2, result.output
    assert "DUPLICATE_CARD" in result.output


def _without_last_trick(path: Path) -> str:
    """The record of ``path`` with its last trick line left out: a partial record."""
    lines = path.read_text().splitlines()
    last = max(i for i, line in enumerate(lines) if line[:1].isdigit())
    return "\n".join(lines[:last] + lines[last + 1 :]) + "\n"


def test_verify_partial_record_exits_3_G7(runner: CliRunner) -> None:
    """G-7: a record with its last trick line missing is partial, scores nothing and exits 3,
    so a batch check on exit codes never passes it as complete (it exited 0)."""
    result = runner.invoke(main, ["verify", "-"], input=_without_last_trick(TOUR))
    assert result.exit_code == 3, result.output
    assert "PARTIAL" in result.output and "Partida" not in result.output


def test_verify_file_status_is_the_worst_in_order_2_3_1_G7(runner: CliRunner) -> None:
    """G-7: for several records, 2 if any is impossible, else 3 if any is partial, else 1."""
    partial = _without_last_trick(TOUR)
    flagged = (ROOT / "examples" / "nice4" / "revoke.txt").read_text()
    impossible = TOUR.read_text().replace("2. 2D 9D QD 3D", "2. 2D 9D 9D 3D")
    assert runner.invoke(main, ["verify", "-"], input=flagged).exit_code == 1
    assert runner.invoke(main, ["verify", "-"], input=flagged + partial).exit_code == 3
    assert runner.invoke(main, ["verify", "-"], input=partial + flagged).exit_code == 3
    assert runner.invoke(main, ["verify", "-"], input=partial + impossible).exit_code == 2
    thrown_in = (ROOT / "examples" / "nice4" / "thrown-in.txt").read_text()
    assert runner.invoke(main, ["verify", "-"], input=thrown_in).exit_code == 0


def test_verify_malformed_record_exits_2_with_location(runner: CliRunner) -> None:
    text = TOUR.read_text().replace("2. 2D 9D QD 3D", "2. 2D 9X QD 3D")
    result = runner.invoke(main, ["verify", "-"], input=text)
    assert result.exit_code == 2
    assert "not a card: '9X'" in result.output
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("2. "))
    assert f"{line}:7" in result.output


def test_verify_json_matches_text_verdict(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", "--json", str(TOUR)])
    assert result.exit_code == 0
    data = json.loads(result.output)
    report = data["records"][0]["report"]
    assert report["status"] == "clean"
    assert report["settlement"] == {"Anna": -8, "Bruno": 0, "Carla": 8, "Dario": 0}
    assert [line["rule"] for line in report["lines"]] == ["NICE-15", "NICE-16", "NICE-16"]
    assert sum(side["total"] for side in report["sides"]) == 72


def test_several_records_give_a_ledger(runner: CliRunner, tmp_path: Path) -> None:
    session = runner.invoke(main, ["random", "nice3", "--seed", "5", "--count", "5"])
    assert session.exit_code == 0
    path = tmp_path / "session.txt"
    path.write_text(session.output)
    result = runner.invoke(main, ["verify", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ledger = data["ledger"]
    assert len(ledger["rows"]) == 5
    assert sum(ledger["balances"].values()) + ledger["pot"] == 30  # NICE-18: 10 each
    running = {name: 10 for name in ledger["players"]}
    pot = 0
    for row, record in zip(ledger["rows"], data["records"], strict=True):
        for name, amount in record["report"]["settlement"].items():
            running[name] += amount
        if "collects" in row["note"]:  # NICE-17: the sole top scorer takes the pot
            running[row["note"].split()[0]] += pot
        pot = row["pot"]
        assert row["balances"] == running


def test_two_files_are_one_session(runner: CliRunner, tmp_path: Path) -> None:
    text = runner.invoke(main, ["random", "nice4", "--seed", "2", "--count", "2"]).output
    first, second = text.split("\n[Game", 1)
    (tmp_path / "a.txt").write_text(first)
    (tmp_path / "b.txt").write_text("[Game" + second)
    result = runner.invoke(main, ["verify", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    assert "session ledger" in result.output


def test_option_flag_overrides_and_bad_option_is_usage_error(runner: CliRunner) -> None:
    ok = runner.invoke(main, ["verify", "-o", "honours=world", str(TOUR)])
    assert ok.exit_code in (0, 1)
    bad = runner.invoke(main, ["verify", "-o", "honours=moon", str(TOUR)])
    assert bad.exit_code == 2
    assert "honours" in bad.output


def test_unreadable_input_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    missing = runner.invoke(main, ["verify", str(tmp_path / "nope.txt")])
    assert missing.exit_code == 2
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    result = runner.invoke(main, ["verify", str(binary)])
    assert result.exit_code == 2
    assert "UTF-8" in result.output


def test_empty_input_is_an_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["verify", "-"], input="\n\n")
    assert result.exit_code == 2
    assert "no record found" in result.output


def test_random_records_verify_clean(runner: CliRunner) -> None:
    for game in ("nice4", "nice3"):
        text = runner.invoke(main, ["random", game, "--seed", "11", "--count", "6"]).output
        result = runner.invoke(main, ["verify", "-q", "-"], input=text)
        assert result.exit_code == 0, result.output
        assert result.output.count(game) == 6


def test_random_json_round_trips_through_format(runner: CliRunner, tmp_path: Path) -> None:
    text = runner.invoke(main, ["random", "nice4", "--seed", "3"]).output
    path = tmp_path / "r.txt"
    path.write_text(text)
    assert runner.invoke(main, ["format", str(path)]).output == text
    as_json = runner.invoke(main, ["format", "--json", str(path)])
    assert json.loads(as_json.output)[0]["tags"][0] == ["Game", "nice4"]


def test_rules_lists_games_options_and_rulings(runner: CliRunner) -> None:
    listing = runner.invoke(main, ["rules"])
    assert "nice4" in listing.output and "nice3" in listing.output
    detail = runner.invoke(main, ["rules", "nice4"])
    for text in ("first-lead=eldest|declarer", "NICE-10", "NICE-18", "G-2", "exchange"):
        assert text in detail.output
    assert runner.invoke(main, ["rules", "chess"]).exit_code == 2


def test_bench_reports_each_phase(runner: CliRunner) -> None:
    result = runner.invoke(main, ["bench", "nice4", "--hands", "20", "--json", "--no-fail"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 20
    assert data["total_hands_per_second"] > 0
    assert data["parse_seconds"] + data["verify_seconds"] == pytest.approx(data["total_seconds"])


@pytest.mark.parametrize("key", ["nice4", "minchiate", "pinch", "piemonte3", "piedicavallo"])
def test_bench_finds_each_games_scoring_module(key: str) -> None:
    """The score column is the profiled share of ``scorer/games/<game>/scoring.py``: every
    engine scores in its package's scoring module, so the share is neither nothing nor all."""
    from tarocco.bench import score_share

    game = get_game(key)
    rng = random.Random(3)
    share = score_share(game, [game.random_record(rng) for _ in range(20)])
    assert 0 < share < 1


def test_bench_says_whether_the_game_meets_its_target(runner: CliRunner) -> None:
    from tarocco.bench import TARGETS, verdict

    result = runner.invoke(main, ["bench", "pinch", "--hands", "5", "--no-fail"])
    assert result.exit_code == 0, result.output
    assert "target  " in result.output and "of 3,350" in result.output
    # #32: each game's floor is its figure once each trick rule was written once
    assert TARGETS == {
        "nice4": 5_100,
        "nice3": 4_900,
        "minchiate": 2_750,
        "pinch": 3_350,
        "piemonte3": 4_850,
        "piedicavallo": 4_700,
    }
    assert verdict("pinch", 3_350) == "met (100% of 3,350)"
    assert verdict("pinch", 1_675) == "NOT met (50% of 3,350)"
    assert verdict("nice5", 1.0) == "no target"


def test_bench_all_runs_every_game_and_judges_the_slowest(runner: CliRunner) -> None:
    from scorer.games import ENGINES

    result = runner.invoke(main, ["bench", "all", "--hands", "3", "--json", "--no-fail"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    games = [r["game"] for r in data["games"]]
    assert games == [game.key for game in ENGINES]
    rates = {r["game"]: r["total_hands_per_second"] for r in data["games"]}
    assert data["slowest"] == min(rates, key=rates.__getitem__)
    assert data["slowest_share_of_nice4"] == pytest.approx(rates[data["slowest"]] / rates["nice4"])
    assert all(r["verdict"] for r in data["games"])
    table = runner.invoke(main, ["bench", "all", "--hands", "2", "--no-fail"])
    assert table.exit_code == 0 and "slowest game:" in table.output
    assert runner.invoke(main, ["bench", "all", "--jobs", "2"]).exit_code == 2


def test_bench_exits_1_when_a_target_is_not_met(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A target out of reach fails the command (issue 19), --no-fail keeps exit 0 for
    exploring, and the output says that a loaded machine lowers the figures."""
    from tarocco import bench

    monkeypatch.setitem(bench.TARGETS, "pinch", 10**12)  # no machine checks that many
    failed = runner.invoke(main, ["bench", "pinch", "--hands", "3"])
    assert failed.exit_code == 1, failed.output
    assert "target  NOT met" in failed.stdout
    assert "a loaded machine lowers these figures" in failed.stdout
    assert "--no-fail" in failed.stderr
    as_json = runner.invoke(main, ["bench", "pinch", "--hands", "3", "--json"])
    assert as_json.exit_code == 1 and json.loads(as_json.stdout)["target_met"] is False
    exploring = runner.invoke(main, ["bench", "pinch", "--hands", "3", "--no-fail"])
    assert exploring.exit_code == 0, exploring.output
    assert "target  NOT met" in exploring.stdout
    monkeypatch.setitem(bench.TARGETS, "pinch", 1)  # any machine checks one hand a second
    met = runner.invoke(main, ["bench", "pinch", "--hands", "3"])
    assert met.exit_code == 0, met.output
    assert "target  met" in met.stdout


def test_bench_all_exits_1_when_a_game_misses_its_target(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tarocco import bench

    monkeypatch.setitem(bench.TARGETS, "nice4", 10**12)
    result = runner.invoke(main, ["bench", "all", "--hands", "2"])
    assert result.exit_code == 1, result.output
    assert "a loaded machine lowers these figures" in result.stdout
    assert runner.invoke(main, ["bench", "all", "--hands", "2", "--no-fail"]).exit_code == 0


def _commands(command: click.Command, path: tuple[str, ...] = ("tarocco",)) -> list:
    """Every command under ``command`` (itself included) with its path of names."""
    found = [(path, command)]
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            found += _commands(sub, (*path, name))
    return found


@pytest.mark.parametrize(
    ("path", "command"),
    [pytest.param(path, command, id=" ".join(path)) for path, command in _commands(main)],
)
def test_every_command_and_option_has_help_without_markup(
    path: tuple[str, ...], command: click.Command
) -> None:
    """`--help` is read in a terminal: every option says what it does, and no reST markup
    (``all``) shows through (issue 19)."""
    options = [p for p in command.params if isinstance(p, click.Option)]
    assert command.help, path
    for option in options:
        assert option.help, (path, option.opts)
    with click.Context(command, info_name=" ".join(path)) as context:
        text = command.get_help(context)
    assert "``" not in text, path
    for option in options:
        assert option.opts[-1] in text


@pytest.mark.parametrize(
    ("path", "group"),
    [
        pytest.param(path, command, id=" ".join(path) or "tarocco")
        for path, command in _commands(main)
        if isinstance(command, click.Group)
    ],
)
def test_help_lists_every_command_with_its_whole_summary(
    path: tuple[str, ...], group: click.Group
) -> None:
    """#34.10: `tarocco --help` cut the summaries mid-sentence ("Audit the records of FILE
    (or - for standard input) for a..."). Each is whole, on one line of an 80-column
    terminal."""
    result = CliRunner().invoke(main, [*path[1:], "--help"], terminal_width=80)
    listing = result.output.split("Commands:\n", 1)[1].splitlines()
    assert len(listing) == len(group.commands)
    for line, (name, command) in zip(listing, sorted(group.commands.items()), strict=True):
        whole = command.get_short_help_str(limit=10_000)  # (no limit: never cut)
        assert line.split(None, 1) == [name, whole] and not whole.endswith("..."), line
        assert len(line) <= 78


# The tour with comments everywhere the notation allows them: before the first record, on
# and between tags, inside a tag value (no comment there), before the body,
# inside a trick line, nested and unclosed braces, at the end; then a second record.
COMMENTED_TOUR = (
    "; Club night, table 3\n{copied by the director}\n\n"
    + TOUR.read_text()
    .replace('[Event "README tour', '[Event "README; {tour}')
    .replace('[Dealer "Bruno"]', '[Dealer "Bruno"]   {dealt twice}\n; the hands:')
    .replace("1. 10 17 4 9", "1. 10 {Anna leads} 17 4 9 ; {nested {braces}}")
    .replace("2. 2D 9D QD 3D", "2. 2D 9D QD 3D {left open ; still a comment")
    + "; scores agreed at the table\n\n"
    + (ROOT / "examples" / "nice4" / "called-king.txt").read_text()
)
FORMATTED_COMMENTS = [
    "; Club night, table 3",
    "{copied by the director}",
    '[Event "README; {tour}: a Solo with a call, 10 Tarocche and Mitigatti"]',
    '[Dealer "Bruno"] {dealt twice}',
    "; the hands:",
    "exchange: 2S ; Anna called KS (Bruno held it) and gives him 2S",
    "1. 10 17 4 9 {Anna leads} ; {nested {braces}}",
    "2. 2D 9D QD 3D {left open ; still a comment",
    "; scores agreed at the table",
]


def _without_places(value: object) -> object:
    """A dumped report without line and column numbers (formatting moves lines)."""
    if isinstance(value, dict):
        return {k: _without_places(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [_without_places(v) for v in value]
    return value


def test_format_keeps_comments_and_is_stable(runner: CliRunner, tmp_path: Path) -> None:
    """`tarocco format` keeps ; and {} comments (issue 19), as a PGN export does: formatting
    its output again changes nothing, and the text verifies to the same reports."""
    source = tmp_path / "commented.txt"
    source.write_text(COMMENTED_TOUR)
    once = runner.invoke(main, ["format", str(source)])
    assert once.exit_code == 0, once.output
    lines = once.stdout.splitlines()
    for line in FORMATTED_COMMENTS:
        assert line in lines, line
    assert lines[lines.index("; the hands:") + 1].startswith("hand Anna: ")
    assert lines[lines.index("; scores agreed at the table") + 1] == ""  # the first record's end
    formatted = tmp_path / "formatted.txt"
    formatted.write_text(once.stdout)
    twice = runner.invoke(main, ["format", str(formatted)])
    assert twice.stdout == once.stdout
    reports = [
        json.loads(runner.invoke(main, ["verify", "--json", str(path)]).stdout)
        for path in (source, formatted)
    ]
    assert [r["report"]["status"] for r in reports[0]["records"]] == ["clean", "clean"]
    original, again = ([r["report"] for r in data["records"]] for data in reports)
    assert _without_places(original) == _without_places(again)
    assert _without_places(reports[0]["ledger"]) == _without_places(reports[1]["ledger"])


def test_format_no_comments_drops_them(runner: CliRunner, tmp_path: Path) -> None:
    from records.notation import read
    from records.writer import write_many

    source = tmp_path / "commented.txt"
    source.write_text(COMMENTED_TOUR)
    bare = runner.invoke(main, ["format", "--no-comments", str(source)])
    assert bare.exit_code == 0, bare.output
    assert bare.stdout == write_many(p.record for p in read(COMMENTED_TOUR))
    for comment in ("Club night", "director", "dealt twice", "Anna leads", "braces", "open"):
        assert comment not in bare.stdout
    assert "README; {tour}" in bare.stdout


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "examples").glob("*/*.txt")),
    ids=lambda path: f"{path.parent.name}/{path.name}",
)
def test_format_of_every_example_is_stable_and_keeps_its_comments(path: Path) -> None:
    """format(format(x)) == format(x), with every comment of x kept."""
    from records.notation import comment_lines, read
    from records.writer import write_many

    text = path.read_text()
    records = [p.record for p in read(text)]
    once = write_many(records, comments=True)
    again = write_many([p.record for p in read(once)], comments=True)
    assert again == once
    assert [p.record for p in read(once)] == records
    kept = comment_lines(once, len(once.splitlines()) + 1)
    for comment in comment_lines(text, len(text.splitlines()) + 1):
        for part in comment.split(" {") if comment.startswith("{") else [comment]:
            assert any(part.strip() in line for line in kept), comment


@pytest.mark.parametrize("count", [1, 4], ids=["one-record", "a-session"])
def test_verify_json_is_the_apis_document(
    runner: CliRunner, client: FlaskClient, tmp_path: Path, count: int
) -> None:
    """#32.2: ``verify --json`` and ``POST /api/verify`` give one document, built by
    ``records.schemas.dump_verify``: the same keys and values, but for the file a record was
    read from, which only the command line knows."""
    session = runner.invoke(main, ["random", "piemonte3", "--seed", "3", "--count", str(count)])
    path = tmp_path / "session.txt"
    path.write_text(session.output)
    result = runner.invoke(main, ["verify", "--json", str(path)])
    cli = json.loads(result.output)
    api = client.post("/api/verify", json={"text": session.output}).get_json()
    assert [entry.pop("source") for entry in cli["records"]] == [str(path)] * count
    assert [entry.pop("source") for entry in api["records"]] == [None] * count
    assert list(cli) == list(api) == ["records", "ledger", "seating"]
    assert cli == api

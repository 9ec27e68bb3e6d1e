"""From text to reports: read every record, verify each with its game's engine.

This is the one path the command line (and later the service) uses, so a record is judged the
same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property

from scorer.cards import Card
from scorer.disputes.seating import Seating, check_seating, check_session_seating
from scorer.findings import Finding, Severity
from scorer.games import GAMES, Game
from scorer.ledger import Ledger, build_ledger
from scorer.record import Record
from scorer.report import Report, Status

from .letters import suit_letters_hint
from .notation import NotationError, Parsed, read
from .slips import did_you_mean, meant_cards, mend, read_past_short_trick, slip_style

__all__ = [
    "Checked",
    "check_parsed",
    "check_text",
    "empty_checked",
    "exit_status",
    "replayed_past_notation",
    "session_ledger",
    "session_seating",
    "status_of",
]


@dataclass
class Checked:
    """A record as read, and its report (a notation error makes an ``invalid`` report)."""

    parsed: Parsed
    report: Report
    source: str | None = None
    options: Mapping[str, str] | None = None  # the overrides it was verified with

    @cached_property
    def seating(self) -> Seating | None:
        """Another order of the players that fits the record better than the one written
        (:func:`scorer.disputes.seating.check_seating`), worked out when first asked: a
        record with errors or violations is verified again under each other seating."""
        record = self.parsed.record
        game = GAMES.get(record.game) if record is not None else None
        if record is None or game is None or self.parsed.errors:
            return None
        return check_seating(game, record, self.options, self.report)


def check_text(
    text: str,
    *,
    source: str | None = None,
    options: Mapping[str, str] | None = None,
    strict: bool = False,
) -> list[Checked]:
    """Read and verify every record in ``text``. ``options`` override each record's own
    (raises :class:`~scorer.games.OptionError` for an option its game does not have);
    ``strict`` raises the first :class:`~records.notation.NotationError` instead of
    collecting them."""
    out = [
        check_parsed(parsed, options, source) for parsed in read(text, source=source, strict=strict)
    ]
    if not out:
        out.append(empty_checked(source))
    return out


def empty_checked(source: str | None = None) -> Checked:
    """What a text without a record gives: one ``invalid`` report that says so (G-2)."""
    report = Report("", (), None)
    message = 'no record found: a record starts with [Game "..."]'
    report.add(Finding("EMPTY", Severity.ERROR, message, "G-2"))
    return Checked(Parsed(None, []), report, source)


def check_parsed(
    parsed: Parsed, options: Mapping[str, str] | None = None, source: str | None = None
) -> Checked:
    """Verify one record already read (a notation error makes an ``invalid`` report). One
    that cannot be replayed as read but reads cleanly in the other suit letters gets a note
    naming the ``Suits`` tag to add (:func:`~records.letters.suit_letters_hint`)."""
    report = _report(parsed, options)
    if report.status is Status.INVALID:
        hint = suit_letters_hint(parsed, options)
        if hint is not None:
            report.add(hint)
            report.sort_findings()
    return Checked(parsed, report, source, options)


def _report(parsed: Parsed, options: Mapping[str, str] | None) -> Report:
    record = parsed.record
    game = GAMES.get(record.game) if record is not None else None
    if parsed.errors or game is None or record is None:
        report = Report(
            record.game if record else "",
            tuple(record.players) if record else (),
            record.dealer if record else None,
            unit=game.unit if game is not None else Report.unit,
        )
        meant = meant_cards(record, game, parsed.errors) if game and record else {}
        for error in parsed.errors:
            report.add(_notation_finding(error, meant.get(error.loc), record, game))
        if not parsed.errors:
            report.add(
                Finding(
                    "NOTATION",
                    Severity.ERROR,
                    "no known game",
                    None,
                    loc=record.start if record else None,
                )
            )
        elif game is not None and record is not None and _replayable(parsed):
            report.findings += replayed_past_notation(mend(record, meant), game.verify, options)
            report.sort_findings()
        return report
    report = game.verify(record, options)
    past = read_past_short_trick(record, report, game.verify, options)
    if past:
        report.findings += past
        report.sort_findings()
    return report


def _notation_finding(
    error: NotationError, meant: Card | None, record: Record | None, game: Game | None
) -> Finding:
    """A notation error as a finding; a card the text could not read that the rest of the
    deal fixes (:func:`records.slips.meant_cards`) is named in it ("did you mean 10B?") and
    given as its card and its facts (``written``, ``meant``)."""
    if meant is None or record is None or game is None:
        return Finding("NOTATION", Severity.ERROR, error.message, None, loc=error.loc)
    message = did_you_mean(error.message, meant, record, game)
    facts = {"written": error.written, "meant": meant.text(slip_style(record, game))}
    return Finding(
        "NOTATION", Severity.ERROR, message, None, loc=error.loc, cards=(meant,), facts=facts
    )


def _replayable(parsed: Parsed) -> bool:
    """Whether a record with notation errors can still be replayed: each error is a card
    read as unknown (``?``), so that every line is there. A line that cannot be read at
    all is left out, and a replay without it would blame what follows."""
    return all(error.read_as_unknown for error in parsed.errors)


def replayed_past_notation(
    record: Record,
    verify: Callable[[Record, Mapping[str, str] | None], Report],
    options: Mapping[str, str] | None = None,
) -> list[Finding]:
    """The problems (errors and violations) the replay of a record finds past its
    unreadable cards (#24.8), each marked ``after_first_error``: the notation errors
    decide the report (``invalid``, nothing scored), these are shown so that every slip
    is seen at once. The replay takes an unreadable card as unknown (``?``): in a trick
    line, the play goes on past it as after the first error (the record knows the places,
    :attr:`Record.unreadable <scorer.record.Record.unreadable>`); a
    ``hand`` line stops the replay at the deal (a hand derived from the play instead would
    blame the wrong players after an impossible play). What it says at an unreadable card
    only repeats its notation error, and is left out."""
    report = verify(record, options)
    found = report.findings + read_past_short_trick(record, report, verify, options)
    return [
        replace(finding, after_first_error=True)
        for finding in found
        if finding.severity is not Severity.NOTE and finding.loc not in record.unreadable
    ]


def session_ledger(checked: list[Checked]) -> Ledger | None:
    """The ledger of consecutive records of one game (``None`` if they mix games)."""
    usable = [(c.parsed.record, c.report) for c in checked if c.parsed.record and c.report.game]
    if not usable or len({report.game for _record, report in usable}) != 1:
        return None
    return build_ledger([record for record, _ in usable], [report for _, report in usable])


#: A session is checked for its seat order up to this many records (each other seating
#: verifies every record again: five times more work for four players).
SESSION_SEATING_RECORDS = 200


def session_seating(checked: list[Checked]) -> Seating | None:
    """For several records of one game and one table, all read without a notation error
    (at most :data:`SESSION_SEATING_RECORDS`): another order of the players that fits the
    whole session better, its dealers' turns (G-6) included
    (:func:`scorer.disputes.seating.check_session_seating`); else ``None``."""
    records = [c.parsed.record for c in checked if not c.parsed.errors and c.parsed.record]
    if not 1 < len(records) == len(checked) <= SESSION_SEATING_RECORDS:
        return None
    game = GAMES.get(checked[0].report.game)
    if game is None or any(c.report.game != game.key for c in checked):
        return None
    return check_session_seating(
        game,
        records,
        checked[0].options,
        [c.report for c in checked],
    )


def exit_status(checked: list[Checked], ledger: Ledger | None = None) -> int:
    """The command line's verdict on records (G-7): 2 if any is malformed or impossible, else
    3 if any is partial (it stops before the end and scores nothing: never taken for a
    complete record), else 1 if any has violations (or the session has), else 0."""
    violations = any(c.report.violations for c in checked) or (
        ledger is not None and any(f.severity is Severity.VIOLATION for _, f in ledger.findings)
    )
    return status_of({c.report.status for c in checked}, violations)


def status_of(statuses: set[Status], violations: bool) -> int:
    """The verdict (G-7) of records with these ``statuses``, ``violations`` flagged in them
    or in their session: 2, 3, 1 or 0 (:func:`exit_status`)."""
    if Status.INVALID in statuses:
        return 2
    if Status.PARTIAL in statuses:
        return 3
    return 1 if violations else 0

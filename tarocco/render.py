"""Plain-text reports for the terminal: findings with their places, the score breakdown line
by line with its rulings, and the session ledger."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from babel.numbers import format_decimal

from records.language import DEFAULT
from records.pipeline import Checked
from records.words import (
    context_of,
    local_wording,
    word_finding,
    word_line,
    word_note,
    word_side,
    word_summary,
)
from scorer.findings import Finding
from scorer.games import GAMES
from scorer.ledger import Ledger, LedgerRow
from scorer.report import Report, SideTally
from scorer.wording import ITALIAN, Wording

from .saying import saying

__all__ = ["ledger_lines", "render_checked", "render_ledger"]


def _table(header: list[str], rows: list[list[str]], right_from: int = 1) -> list[str]:
    table = [[str(c) for c in row] for row in [header, *rows]]  # each cell made text once
    widths = [max(map(len, column)) for column in zip(*table, strict=True)]
    return [_table_line(row, widths, right_from) for row in table]


def _table_line(row: list[str], widths: list[int], right_from: int) -> str:
    """A row of a table, its cells padded to the columns' ``widths``: left-aligned before
    column ``right_from``, right-aligned from it."""
    cells = [
        c.rjust(w) if i >= right_from else c.ljust(w)
        for i, (c, w) in enumerate(zip(row, widths, strict=True))
    ]
    return "  ".join(cells).rstrip()


def _signed(n: int, language: str = DEFAULT) -> str:
    if not n:
        return "0"
    if language == DEFAULT:
        return f"{n:+d}"
    return ("+" if n > 0 else "-") + format_decimal(abs(n), locale=language)


def _sheet_entry(n: int, language: str = DEFAULT) -> str:
    """A score-sheet entry: points as written on paper, nothing for nothing."""
    if not n:
        return ""
    return str(n) if language == DEFAULT else format_decimal(n, locale=language)


def render_checked(checked: Checked, language: str = DEFAULT) -> str:
    """One record's verdict, findings and score, as lines of text; the findings, the score
    lines and the amounts in ``language`` (:mod:`records.words`, Babel's numbers)."""
    _ = saying(language)
    report = checked.report
    record = checked.parsed.record
    where = checked.source or "<stdin>"
    if record is not None and record.start is not None:
        where += f":{record.start.line}"
    out = [f"{where}  {report.game or '?'}  {_(report.status.value).upper()}"]
    if report.players:
        dealer = report.players[report.dealer] if report.dealer is not None else "?"
        names = ", ".join(report.players)
        out.append(
            "  " + _("players: %(names)s (dealer %(dealer)s)") % {"names": names, "dealer": dealer}
        )
    if checked.seating is not None:  # before the details it explains
        out.append("  " + _("seating:") + " " + checked.seating.message)
    if report.contract:
        terms = "; ".join(f"{k} {v}" for k, v in report.contract.items())
        out.append("  " + _("contract:") + " " + terms)
    engine = GAMES.get(report.game)
    words = engine.wording(record) if engine is not None and record is not None else ITALIAN
    suits = record.tag("Suits") if record is not None else None
    if language != DEFAULT:
        words = local_wording(language, suits or words.style, context_of(engine))

    def side(tally: SideTally) -> str:
        return word_side(tally, report.game, report.players, language, suits)

    out += _findings(
        report,
        words,
        lambda f: word_finding(f, report.game, report.players, language, suits),
        language,
    )
    if report.sides and engine is not None and not engine.zero_sum:
        # deck points on a score sheet (pinch, PINCH-2): each player's cards and tricks
        out.append("  " + _("deck points:"))
        rows = [[side(s), str(s.card_points), str(s.tricks), str(s.total)] for s in report.sides]
        heads = [_("player"), _("cards"), _("tricks"), _("total")]
        out += ["    " + line for line in _table(heads, rows)]
    elif report.sides:
        out.append("  " + _("points:"))
        rows = [
            [side(s), str(s.card_points), str(s.tricks), str(s.discard_points), str(s.total)]
            for s in report.sides
        ]
        heads = [_("side"), _("cards"), _("tricks"), _("discard"), _("total")]
        out += ["    " + line for line in _table(heads, rows)]
    if report.lines:
        # A game scored on a sheet (pinch: not zero-sum) shows the entries as written there.
        engine = GAMES.get(report.game)
        sheet = engine is not None and not engine.zero_sum
        entry = _sheet_entry if sheet else _signed
        heading = _("score sheet (%(unit)s):") if sheet else _("payments (%(unit)s):")
        out.append("  " + heading % {"unit": report.unit})
        header = ["", *report.players]
        rows = []
        details = {}
        for line in report.lines:
            label = word_line(line, report.game, report.players, language, suits)
            head, _colon, detail = label.partition(": ")
            head = head.rstrip()  # French puts a space before the colon
            rows.append([f"{head} [{line.rule}]", *(entry(a, language) for a in line.amounts)])
            details[len(rows)] = detail
        rows.append([_("total"), *(entry(a, language) for a in report.settlement)])
        for index, text in enumerate(_table(header, rows)):
            out.append("    " + text)
            if details.get(index):
                out.append("        " + details[index])
    elif report.status.value == "thrown-in":
        out.append("  " + _("the deal was thrown in: nothing is paid (G-4)"))
    return "\n".join(out)


def _findings(
    report: Report,
    words: Wording = ITALIAN,
    said: Callable[[Finding], str] | None = None,
    language: str = DEFAULT,
) -> list[str]:
    """The findings, each with its place, severity, code and ruling, and its sentence
    (``said``: in another language; the English message by default); the headings in
    ``language``."""
    _ = saying(language)
    if not report.findings:
        return ["  " + _("findings: none")]
    out = ["  " + _("findings:")]
    for f in report.findings:
        where = f.where() or "-"
        rule = f" [{f.rule}]" if f.rule else ""
        message = f.message if said is None else said(f)
        line = f"    {where:<18} {_(f.severity.value):<9} {f.code}{rule}: {message}"
        if f.legal:
            line += " " + _("(legal: %(cards)s)") % {"cards": words.cards(f.legal)}
        if f.after_first_error:  # listed as a compiler lists further errors (#24.8)
            line += " " + _("(after the first error)")
        out.append(line)
    return out


def render_ledger(ledger: Ledger, language: str = DEFAULT) -> str:
    """The session ledger: a row per entry with the balances after it, then the session's
    findings (in ``language``) and conclusion."""
    return "\n".join(ledger_lines(ledger, language))


def ledger_lines(ledger: Ledger, language: str = DEFAULT) -> Iterator[str]:
    """:func:`render_ledger` a line at a time: the table's columns are measured in a first
    pass over the rows and each line is made as it is given, so that a long session's table
    is never held whole (#31.4)."""
    _ = saying(language)
    if ledger.start:
        heading = _("session ledger (%(unit)s, starting at %(start)s each (NICE-18)):")
    else:
        heading = _("session ledger (%(unit)s):")
    yield heading % {"unit": ledger.unit, "start": ledger.start}
    header = [_("hand"), _("status"), *ledger.players, _("pot"), _("note")]
    widths = [len(cell) for cell in header]
    for row in ledger.rows:
        cells = _ledger_cells(row, language, ledger.game)
        widths = [max(w, len(c)) for w, c in zip(widths, cells, strict=True)]
    yield "  " + _table_line(header, widths, 2)
    for row in ledger.rows:
        yield "  " + _table_line(_ledger_cells(row, language, ledger.game), widths, 2)
    for hand, f in ledger.findings:
        message = word_finding(f, ledger.game, ledger.players, language)
        said = _("hand %(hand)s: %(severity)s") % {"hand": hand, "severity": _(f.severity.value)}
        yield f"  {said} {f.code} [{f.rule}]: {message}"
    if ledger.pot:
        left = _("%(pot)s marca still in abeyance at the end of the session (NICE-17)")
        yield "  " + left % {"pot": ledger.pot}
    yield from (f"  {line}" for line in word_summary(ledger.summary, ledger.game, language))


def _number(n: int, language: str = DEFAULT) -> str:
    """A whole number for people, as ``language`` writes it (Babel: ``1.234``, ``1 234``)."""
    return str(n) if language == DEFAULT else format_decimal(n, locale=language)


def _ledger_cells(row: LedgerRow, language: str = DEFAULT, game: str = "") -> list[str]:
    """A ledger entry's cells: hand, status, each player's balance (and change), pot, note;
    the amounts as ``language`` writes numbers, the note in it (``game``'s sentences)."""
    cells = [
        f"{_number(b, language)} ({_signed(a, language)})"
        for a, b in zip(row.amounts, row.balances, strict=True)
    ]
    status = row.status.value if row.status is not None else row.kind  # ruling, penalty
    note = word_note(row, game, language)
    return [str(row.hand), saying(language)(status), *cells, str(row.pot), note]

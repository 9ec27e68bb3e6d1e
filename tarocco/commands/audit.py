"""``tarocco audit``: the dispute tools from the command line (claims against the rules,
what-if under other rule options, repair suggestions); see :mod:`records.disputes`."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from records.disputes import TOOLS, audit_record, session_alternatives
from records.notation import read
from records.words import word_json

from ..inputs import lang_option, parse_option_flags, read_records

__all__ = ["audit"]


@click.command(short_help="Audit a disputed hand: claims, options, smallest repairs.")
@click.argument("file")
@click.option(
    "--tool",
    "tools",
    multiple=True,
    type=click.Choice(TOOLS),
    help="Run only these tools (repeatable); all three by default.",
)
@click.option(
    "-o",
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rule option overriding the records' own.",
)
@click.option(
    "--limit",
    type=click.IntRange(1, 20),
    default=3,
    show_default=True,
    help="Repairs offered per record at most.",
)
@click.option(
    "--session",
    "as_session",
    is_flag=True,
    help="Also re-score the records as one session under every other option value "
    "and show the final balances side by side.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@lang_option
def audit(
    file: str,
    tools: tuple[str, ...],
    options: tuple[str, ...],
    limit: int,
    as_session: bool,
    as_json: bool,
    lang: str,
) -> None:
    """Audit the records of FILE (or - for standard input) for a disputed hand.

    For each record: the claimed result (`claim` lines) against what the rules give, field by
    field, with the likely reason for each difference; every other rule option's effect on
    the payments; and, for an impossible or flagged record, the few smallest edits (swapped
    cards, a misread Roman numeral, a trick one seat off, rotated seats, the players written
    clockwise) that make it consistent and legal, each as a diff; clean ones first, then by
    cost, fewest cards moved, earliest place. Exit status: 0 nothing disputed, 1 a difference
    or a record that is not clean (flagged, impossible or partial), 2 a record that cannot be
    read.
    """
    overrides = parse_option_flags(options)
    chosen = tools or TOOLS
    results: list[dict[str, Any]] = []
    worst = 0
    parsed_all = read(read_records(file), source=None if file == "-" else file)
    for parsed in parsed_all:
        record = parsed.record
        line = record.start.line if record is not None and record.start else None
        if parsed.errors or record is None:
            results.append(
                {
                    "line": line,
                    "errors": [
                        {"line": e.loc.line, "column": e.loc.column, "message": e.message}
                        for e in parsed.errors
                    ],
                }
            )
            worst = 2
            continue
        data = word_json(audit_record(record, overrides, chosen, limit), lang)
        data["line"] = line
        results.append(data)
        disputed = data["status"] not in ("clean", "thrown-in") or any(
            c["kind"] != "agrees" for c in data.get("claims", [])
        )
        worst = max(worst, 1 if disputed else 0)
    session = None
    if as_session:
        readable = [p.record for p in parsed_all if not p.errors and p.record is not None]
        games = {record.game for record in readable}
        if len(games) != 1:
            raise click.UsageError("--session needs readable records of one game")
        session = session_alternatives(games.pop(), readable, overrides, (), ())
    if as_json:
        click.echo(
            json.dumps({"records": results, "session": session}, indent=2, ensure_ascii=False)
        )
    else:
        for data in results:
            click.echo(_render(file, data) + "\n")
        if session is not None:
            click.echo(_render_session(session))
    sys.exit(worst)


def _render_session(data: dict[str, Any]) -> str:
    players = data["players"]
    out = [
        f"session: {data['game']}, final balances in {data['unit']} as applied: "
        + ", ".join(f"{p} {data['balances'][p]}" for p in players),
        "  what if the whole session were played with (change of the final balances):",
    ]
    for alt in data["what_if"]:
        change = (
            ", ".join(f"{p} {alt['delta'][p]:+d}" for p in players)
            if any(alt["delta"].values())
            else "no change"
        )
        if alt["impossible"]:
            numbers = alt["impossible_hands"]
            hands = ("hand " if len(numbers) == 1 else "hands ") + ", ".join(map(str, numbers))
            change += f" ({hands} impossible under this option: left out)"
        out.append(f"    {alt['option']}={alt['value']} [{alt['ruling']}]: {change}")
    return "\n".join(out)


def _render(file: str, data: dict[str, Any]) -> str:
    head = f"{file}:{data['line']}"
    if "errors" in data:
        return "\n".join(
            [f"{head}  cannot be read (fix the notation first)"]
            + [f"  {e['line']}:{e['column']}  {e['message']}" for e in data["errors"]]
        )
    out = [f"{head}  {data['game']}  {data['status'].upper()}"]
    players = data["players"]
    if "claims" in data:
        out.append(
            "  claimed against computed:"
            if data["claims"]
            else "  claimed against computed: no claim lines in the record"
        )
        for claim in data["claims"]:
            out.append(
                f"    {claim['field']} (line {claim['line']}): {claim['kind']}: "
                f"{claim['explanation']}"
            )
            out += [
                f"      {p['player']:<12} written {p['claimed']:+d}, rules {p['computed']:+d}"
                for p in claim["players"]
                if p["differs"]
            ]
    if "what_if" in data:
        changing = [alt for alt in data["what_if"] if alt["changes_anything"]]
        out.append(f"  what if ({data['unit']}, change against the options applied):")
        width = max([len(f"{a['option']}={a['value']} [{a['ruling']}]") for a in changing] + [6])
        if changing:
            out.append("    " + " " * width + "".join(f"{p[:8]:>9}" for p in players))
        out += [
            "    "
            + f"{a['option']}={a['value']} [{a['ruling']}]".ljust(width)
            + (
                "   impossible under this option: left out"
                if a["impossible"]
                else "".join(f"{a['delta'][p]:>+9d}" for p in players)
                + ("" if a["status"] == data["status"] else f"   (the hand is {a['status']})")
            )
            for a in changing
        ]
        unchanged = [
            f"{a['option']}={a['value']}" for a in data["what_if"] if not a["changes_anything"]
        ]
        if unchanged:
            out.append(f"    no change with: {', '.join(unchanged)}")
    if "repairs" in data:
        if not data["repairs_needed"]:
            out.append("  repairs: none needed")
        elif not data["repairs"]:
            out.append("  repairs: no small edit makes the record consistent and legal")
        for number, repair in enumerate(data["repairs"], start=1):
            verdict = "clean" if repair["clean"] else f"{repair['remaining']} problem(s) left"
            out.append(f"  repair {number} ({verdict}, cost {repair['cost']}): {repair['reason']}")
            out += [
                "    " + line
                for line in repair["diff"].splitlines()
                if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))
            ]
            out += _repair_effect(repair)
    return "\n".join(out)


def _repair_effect(repair: dict[str, Any]) -> list[str]:
    """What a repair settles and pays against the record (#23.5), two lines."""
    out = []
    disputed = repair.get("disputed")
    if disputed:
        place = f" (line {disputed['line']})" if disputed.get("line") else ""
        out.append(f"    settles: {disputed['message']}{place}")

    def shown(amount: int | None) -> str:
        return "none" if amount is None else f"{amount:+d}" if amount else "0"

    payments = ", ".join(
        f"{p['player']} {shown(p['recorded'])} -> {shown(p['repaired'])}"
        for p in repair.get("payments", [])
    )
    if payments:
        out.append(f"    payments (recorded -> repaired): {payments}")
    return out

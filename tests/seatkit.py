"""A record with its players written clockwise (issue 24 item 9), made from a golden one."""

from __future__ import annotations

import re


def clockwise(text: str) -> str:
    """``text`` as a scorer who writes the players clockwise would: the first player first,
    then the others in reverse; no ``hand`` lines, no leader names on the tricks (the notation
    allows both left out when the play is complete)."""
    out = []
    for line in text.splitlines():
        if line.startswith("hand "):
            continue
        line = re.sub(r"^(\d+\.)\s+[^\s:]+:\s*", r"\1 ", line)
        players = re.match(r'^\[Players "(.*)"\]', line)
        if players:
            names = [name.strip() for name in players.group(1).split(",")]
            line = f'[Players "{", ".join([names[0], *reversed(names[1:])])}"]'
        out.append(line)
    return "\n".join(out) + "\n"

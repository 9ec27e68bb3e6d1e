"""The rulings the engines apply, by ID: the general ones (``G-*``, every game) here, each
game's own in its ``rules.py`` (``OWN_RULINGS``), gathered in one catalogue.

A ruling decides what a rule text leaves open, silent or contradictory; the engine's
behaviour follows it, and every finding, score line and option names the ruling it applies.
Each has a title, a one-line summary (``tarocco rules``, the entry page) and its full text
(the rules pages), in English; :mod:`records.rulebook` gives them in Italian and French.

>>> RULINGS["NICE-15"].title
'Partida (four players)'
>>> RULINGS["G-2"].text.startswith("A card that the player does not hold")
True
"""

from __future__ import annotations

from .games.base import Ruling
from .games.minchiate.rules import OWN_RULINGS as MINCHIATE
from .games.nice.rules import OWN_RULINGS as NICE
from .games.piedicavallo.rules import OWN_RULINGS as PIEDICAVALLO
from .games.piemonte3.rules import OWN_RULINGS as PIEMONTE3
from .games.pinch.rules import OWN_RULINGS as PINCH

__all__ = ["GENERAL", "RULINGS", "Ruling", "rulings_for"]

#: The rulings of every game (G-1 .. G-7).
GENERAL: tuple[Ruling, ...] = (
    Ruling(
        "G-1",
        "Illegal plays are flagged, not fatal",
        (
            "A play against the rules of play is a violation with its reason and the legal "
            "cards; the hand is scored as played and marked for the director."
        ),
        (
            "A play that breaks a rule of play (suit, trump, Fool, King rule, ...) is "
            "recorded as a violation (code, trick, seat, card, rule/ruling ID, the legal "
            "cards at that moment, a one-line reason) and replay continues with the card as "
            'played: on paper the card did fall. Scoring is computed "as played". Where a '
            "game defines a penalty for the violation (MIN-13) it is applied automatically; "
            "elsewhere the hand is marked for the tournament director, who can add a ruling "
            "(an adjustment with a reason) to the ledger."
        ),
    ),
    Ruling(
        "G-2",
        "Impossible records stop the replay",
        (
            "A card not held, played twice or missing, a wrong card count or a play out of "
            "turn stops the replay with its location at the first one; what came before "
            "(contract, declarations, tricks) is still reported, nothing after it."
        ),
        (
            "A card that the player does not hold, a card that appears twice, a card missing "
            "from the pack, a wrong number of cards, or a play out of turn cannot have "
            "happened as written. Replay stops there with an error that gives the location "
            "(line and column in the text, and trick/seat) and what was expected. Everything "
            "before that point is still reported."
        ),
    ),
    Ruling(
        "G-3",
        "Fool led",
        "If the Fool is led, the second card sets the suit to follow.",
        (
            "Where a text does not say otherwise, if the Fool is led, the second card played "
            "sets the suit the others must follow (as Piedicavallo states). Pinch has its own"
            " rule (PINCH-6)."
        ),
    ),
    Ruling(
        "G-4",
        "Thrown-in deals",
        "A deal abandoned by the rules is a valid record that scores nothing (or the bargain).",
        (
            'A deal abandoned by the rules (all players "go to the mountain", a bargain '
            "settled) is a valid record. It is verified for consistency and scores only what "
            "the rules say (nothing, or the bargain)."
        ),
    ),
    Ruling(
        "G-4a",
        'What "verified for consistency" means',
        (
            "A thrown-in deal is checked as far as it goes: every card dealt once, every hand"
            " of the size dealt by then, the discard and announcements legal; one that could "
            "not have happened is an error (G-2)."
        ),
        (
            "A thrown-in deal is checked like any other record as far as it goes: every card "
            "of the pack dealt once, every hand of the right size, the discard and "
            "announcements legal. A thrown-in record that could not have happened is an error"
            " (G-2), not a clean throw-in."
        ),
    ),
    Ruling(
        "G-5",
        "Declarations must be made to count",
        (
            "A combination held but not declared, or declared at the wrong moment, is not "
            "paid; the report notes it."
        ),
        (
            "A combination that was held but not declared, or declared at the wrong moment, "
            "is not paid. The report notes a combination that was held and could have been "
            "declared."
        ),
    ),
    Ruling(
        "G-6",
        "Deal rotation",
        (
            "The deal passes to the right (the previous eldest deals next); a thrown-in Nice "
            "deal is redealt by the same dealer."
        ),
        (
            "Within a session, the deal passes to the right (the previous eldest deals next),"
            " except that a thrown-in deal is redealt by the same dealer where the text says "
            "so (Nice). Pinch alternates."
        ),
    ),
    Ruling(
        "G-7",
        "Partial records",
        (
            "A record that stops before the last trick is verified as far as it goes, scores "
            "nothing and is partial: exit status 3 (0 clean, 1 violations, 2 impossible); for"
            " a file, 2 if any record is impossible, else 3 if any is partial, else 1 if any "
            "has violations."
        ),
        (
            "A record that stops before the last trick (a trick line missing, `?` cards) is "
            "verified as far as it goes and scores nothing. It is never reported as if "
            "complete: its status is `partial`, and the command line's exit status for it is "
            "3 (0 clean, 1 violations, 2 impossible, 3 partial). For a file of several "
            "records the exit status is 2 if any record is impossible, else 3 if any is "
            "partial, else 1 if any has violations. A record that stops before the play "
            "(inside the mountain, the bargaining or the declarations) is partial too; a "
            "trick line with too few cards that is not the record's last line is an error of "
            "the notation, not a partial record."
        ),
    ),
)

#: Every ruling by its ID: the general ones, then each game's in the order of the rules pages.
RULINGS: dict[str, Ruling] = {
    ruling.id: ruling for ruling in (*GENERAL, *NICE, *MINCHIATE, *PIEDICAVALLO, *PIEMONTE3, *PINCH)
}


def rulings_for(ids: tuple[str, ...]) -> list[Ruling]:
    """The rulings with these IDs, in the catalogue's order."""
    wanted = set(ids)
    return [ruling for key, ruling in RULINGS.items() if key in wanted]

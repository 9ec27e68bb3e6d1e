"""The ruling each finding code cites (#32.8): the oracle ``tests/test_finding_rulings.py``
checks the engines against, kept apart from the rulings' own data
(:data:`scorer.rulings.RULINGS`).

A finding names the ruling that decides it (:mod:`scorer.rulings`): an impossible record is
G-2, a partial one G-7, a word a Nice line does not take NICE-9a, and a game's own rule its
own ID. :data:`CITES` gives that ruling per finding code, or per ``CODE.variant`` where one
variant of a code is decided by another ruling (``PARTIAL_RECORD.mountain``: NICE-5a). A
value is the ruling of every game that emits the code; a table by game package (``nice``
for ``nice4`` and ``nice3``) where the games differ; within a package, a table by the
finding's ``name`` fact where the ruling is the declaration's (Nice's 10 Tarocche is
NICE-12, Mitigatti and Quatre Rei NICE-13); ``None`` for a note that applies no ruling.

Each ruling named here must be one the game carries as data (its ``rules.RULINGS``, shown on
its rules page) and one of :data:`scorer.rulings.RULINGS`. A change of citation is a change
of this table, made after reading the ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CITES", "Citation", "cited"]

#: A ruling, or ``None`` (a note citing none), or a table of them (see the module's text).
Citation = str | None | Mapping[str, Any]

#: Nice's declarations: each is decided by its own ruling (NICE-12, NICE-13).
_NICE_DECLARATION = {"10-tarocche": "NICE-12", "mitigatti": "NICE-13", "quatre-rei": "NICE-13"}

#: The rulings of the plays against the rules of play, per game (G-1 where no ruling of the
#: game's own decides them).
_MUST = {
    "nice": "NICE-11",
    "minchiate": "MIN-13",
    "pinch": "PINCH-4",
    "piemonte3": "G-1",
    "piedicavallo": "PIE-4",
}

CITES: dict[str, Citation] = {
    # -- G-2: records that cannot have happened, lines the reader cannot place -------------
    "CARD_NOT_HELD": "G-2",
    "CARD_NOT_IN_PACK": "G-2",
    "DUPLICATE_CARD": "G-2",
    "DUPLICATE_CARD.drawn": "PINCH-3",  # a draw: the stock's next card, drawn once
    "DUPLICATE_LINE": "G-2",
    "LINE_OUT_OF_PLACE": "G-2",
    "LINE_OUT_OF_PLACE.replace_first": "MIN-11",  # the Fool's replacement after the Fool
    "LINE_OUT_OF_PLACE.no_fool": "MIN-11",
    "PLAY_OUT_OF_TURN": "G-2",
    "SHORT_TRICK": "G-2",
    "TOO_MANY_CARDS": "G-2",
    "TOO_MANY_TRICKS": "G-2",
    "TRICK_NUMBER": "G-2",
    "UNKNOWN_CARD": "G-2",
    "UNKNOWN_PLAYER": "G-2",
    "UNKNOWN_SECTION": "G-2",
    "WRONG_PLAYERS": "G-2",  # no ruling counts the players: the record cannot be seated
    "BAD_PLAYERS": "G-2",
    "DEAL_UNKNOWN": "G-2",  # what cannot be proved impossible is not flagged
    "BAD_CLAIM": "G-2",
    "BAD_CLAIM.unchecked": None,  # a claim of something the engine does not compute
    "BAD_DISCARD_ITEM": "G-2",
    "BAD_REMARK": "G-2",
    "BAD_MELD": "G-2",
    "BAD_COVER": "G-2",
    "BAD_COVER.owner": "PINCH-6",
    "BAD_COVER.again": "PINCH-6",
    "BAD_DRAW": {"pinch": "G-2", "minchiate": "MIN-16"},  # pinch: a draw line; Minchiate: seats
    "BAD_ANNOUNCEMENT": {"nice": "G-2", "piedicavallo": "G-2", "minchiate": "MIN-5"},
    # -- G-4, G-5, G-6, G-7: throw-ins, declarations not made, rotation, partial records ---
    "PLAY_AFTER_END": "G-4",
    "UNDECLARED_COMBINATION": "G-5",
    "UNDECLARED_MELD": "G-5",
    "VERSICOLA_NOT_DECLARED": "G-5",
    "DEALER_OUT_OF_TURN": {
        "nice": "G-6",
        "pinch": "G-6",
        "piemonte3": "G-6",
        "piedicavallo": "G-6",
        "minchiate": "MIN-16",
    },
    "PARTIAL_RECORD": "G-7",
    "PARTIAL_RECORD.mountain": "NICE-5a",  # a round's words missing before a later round's
    "CLAIM_MISMATCH": {"nice": "NICE-18", "pinch": "PINCH-8", "piemonte3": "PIE3-8"},
    # -- the rules of play -----------------------------------------------------------------
    "MUST_FOLLOW_SUIT": {**_MUST, "nice": "G-1"},
    "MUST_FOLLOW_TRUMPS": _MUST,
    "MUST_TRUMP": _MUST,
    "MUST_OVERTRUMP": "PINCH-4",
    # -- deals and discards ----------------------------------------------------------------
    "WRONG_HAND_SIZE": {
        "nice": "NICE-5",
        "minchiate": "MIN-4",
        "pinch": "PINCH-3",
        "piemonte3": "PIE3-3",
        "piedicavallo": "PIE-3",
    },
    "WRONG_HAND_SIZE.after_discards": "MIN-6",
    "WRONG_DISCARD_SIZE": {
        "nice": "NICE-6",
        "minchiate": "MIN-6",
        "piemonte3": "PIE3-5",
        "piedicavallo": "PIE-3",
    },
    "BAD_DISCARD": {"nice": "NICE-6", "piemonte3": "PIE3-5", "piedicavallo": "PIE-3"},
    "DISCARD_DERIVED": {"nice": "NICE-6", "piemonte3": "PIE3-5", "piedicavallo": "PIE-3"},
    "WRONG_ANNOUNCEMENT": {"nice": "NICE-6", "piedicavallo": "PIE-3"},
    # -- Nice ------------------------------------------------------------------------------
    "BAD_MOUNTAIN": "NICE-5",
    "BAD_WORD": "NICE-5",
    "SPOKE_AFTER_KEEP": "NICE-5",
    "PLAY_AFTER_THROW_IN": "NICE-5",
    "TAROTS_NOT_ANNOUNCED": "NICE-6",
    "MISSING_CALL": "NICE-7",
    "MISSING_EXCHANGE": "NICE-7",
    "BAD_EXCHANGE": "NICE-7",
    "BAD_CALL": "NICE-8",
    "BAD_CALL.empty": "G-2",
    "BAD_CALL.not_a_card": "G-2",
    "BAD_CALL.fool": "NICE-7",
    "BAD_CALL.choice": "NICE-9",
    "MUST_PLAY_SOLO": "NICE-8",
    "HOLDER_UNKNOWN": "NICE-8",
    "HOLDER_UNKNOWN.caller": "NICE-9",
    "MISSING_CHOICE": "NICE-9",
    "BAD_CHOICE": "NICE-9a",
    "BAD_DECLARATION": {"nice": "NICE-9a", "piemonte3": "PIE3-6"},  # Nice: a word not taken
    "BAD_DECLARATION.two_words": "NICE-9a",
    "BAD_DECLARATION.empty": "G-2",
    "BAD_DECLARATION.cards": "G-2",
    "BAD_DECLARATION.not_a_card": "G-2",
    "BAD_DECLARATION.kind": "PIE3-6",
    "BAD_DECLARATION.card": "PIE3-6",
    "BAD_DECLARATION.twice": "PIE3-6",
    "DECLARATION_MALFORMED": {"nice": "NICE-12", "piemonte3": "PIE3-6"},
    "DECLARATION_NOT_HELD": {"nice": _NICE_DECLARATION, "piemonte3": "PIE3-6"},
    "DECLARATION_NOT_HELD.ten": "NICE-12",
    "DECLARATION_TIMING": {"nice": _NICE_DECLARATION, "piemonte3": "G-5"},
    "DECLARATION_TIMING.ten_in_play": "NICE-12",
    "DECLARATION_TIMING.ten_on_card": "NICE-12",
    "DUPLICATE_DECLARATION": {"nice": _NICE_DECLARATION, "piemonte3": "PIE3-6"},
    "BAGATTE_LEAD_RULE": "NICE-14",
    # -- Minchiate -------------------------------------------------------------------------
    "NOT_THE_CUTTER": "MIN-3",
    "BAD_ROB": "MIN-3",
    "CARDS_MISSING": "MIN-4",
    "MISSING_FACEUP": "MIN-4",
    "WRONG_FACEUP": "MIN-4",
    "WRONG_FOLLA_SIZE": "MIN-4",
    "BAD_SCOPERTO": "MIN-5",
    "BAD_PIGLIATO": "MIN-5",
    "COUNTING_LEFT_IN_FOLLA": "MIN-5",
    "WRONG_FOLLA_COUNT": "MIN-5",
    "DECLARED_LATE": "MIN-7",
    "DECLARED_NOT_HELD": "MIN-7",
    "BAD_VERSICOLA": "MIN-7",
    "FOOL_NOT_SHOWN": "MIN-7a",
    "VERSICOLA_SHORTER_THAN_HELD": "MIN-7a",
    "FOOL_IN_LAST_TRICK": "MIN-11",
    "BAD_REPLACEMENT": "MIN-11",
    "CARD_NOT_WON": "MIN-11",
    "FOOL_REPLACEMENT_DERIVED": "MIN-11a",
    "FOOL_REPLACEMENT_DERIVED.end": "MIN-11",  # at the end: the lowest counting card
    "LATE_REPLACEMENT": "MIN-11a",
    "KING_NOT_PLAYED": "MIN-12",
    "CASCARE": "MIN-14",
    "BAD_CASCARE": "MIN-14",
    "DRAW_IN_SET": "MIN-16",
    "DRAW_MISSING": {"minchiate": "MIN-16", "pinch": "PINCH-3"},
    "SEATS_CHANGED": "MIN-16",
    "WRONG_PARTNERS": "MIN-16",
    # -- pinch -----------------------------------------------------------------------------
    "WRONG_STOCK_SIZE": "PINCH-3",
    "HANDS_DERIVED": "PINCH-3",
    "DRAW_MISMATCH": "PINCH-3",
    "DRAW_OUT_OF_ORDER": "PINCH-3",
    "DRAW_OUT_OF_PLACE": "PINCH-3",
    "MELD_MALFORMED": "PINCH-5",
    "MELD_NOT_HELD": "PINCH-5",
    "MELD_RAISE_NOT_HELD": "PINCH-5",
    "MELD_REPEATED": "PINCH-5",
    "MELD_TIMING": "PINCH-5",
    "COVER_NOT_IN_PILE": "PINCH-6",
    "COVER_WRONG_TRICK": "PINCH-6",
    "FOOL_NOT_COVERED": "PINCH-6",
    "FOOL_TO_OPPONENT": "PINCH-6",
    # -- piemonte3 -------------------------------------------------------------------------
    "UNIT_MIXED": "PIE3-2",
    "BAD_BARGAIN": "PIE3-4",
    "BAD_BARGAIN.round": "PIE3-3",  # bargaining follows rounds 2, 3 and 4 only
    "BARGAIN_NOT_RECORDED": "PIE3-4",
    "BARGAIN_UNFINISHED": "PIE3-4",
    "SPOKE_AFTER_END": "PIE3-4",
    "DEMAND_NOT_LOWER": "PIE3-4",
    "OFFER_NOT_HIGHER": "PIE3-4",
    "OFFERED_THEN_DEMANDED": "PIE3-4",
    "DISCARD_UNKNOWN": "PIE3-5",
    "DECLARATION_CARD_REUSED": "PIE3-6",
    "BETTER_GROUPING": "PIE3-6",
    "FOOL_TO_WINNER": "PIE3-7",
    "BAD_FOOL_EXCHANGE": "PIE3-7",
    "FOOL_EXCHANGE_DERIVED": "PIE3-7",
    "FOOL_EXCHANGE_LATE": "PIE3-7",
    "FOOL_EXCHANGE_NOT_ONE_POINT": "PIE3-7",
    "FOOL_EXCHANGE_UNEXPECTED": "PIE3-7",
    "FOOL_CARD_NOT_IN_PILE": "PIE3-7",
    "FOOL_CARD_NOT_IN_PILE.discard": "PIE3-7a",  # the discard is not the dealer's pile
    # -- Piedicavallo ----------------------------------------------------------------------
    "TRUMP_DISCARD": "PIE-3",
    "TRUMPS_NOT_ANNOUNCED": "PIE-3",
    "FALSE_REMARK": "PIE-5",
    "REMARK_OUT_OF_BOUNDS": "PIE-5",
    "REMARK_OUT_OF_BOUNDS.trump_lead_with_fool": "PIE-5a",
    "DEAL_AFTER_GAME_END": "PIE-7",
    "PARTNERS_CHANGED": "PIE-7",
}


class NoCitation(KeyError):
    """The table has no ruling for this finding (a new code, variant or game)."""


def cited(
    package: str, code: str, variant: str = "", facts: Mapping[str, Any] | None = None
) -> str | None:
    """The ruling :data:`CITES` gives a finding of ``code`` (and ``variant``) made by the game
    package ``package`` (``nice``, ``pinch``, ...; ``facts``: the finding's, for a ruling by
    declaration); :class:`NoCitation` when it gives none."""
    key = f"{code}.{variant}" if variant and f"{code}.{variant}" in CITES else code
    if key not in CITES:
        raise NoCitation(key)
    value = CITES[key]
    if isinstance(value, Mapping):
        if package not in value:
            raise NoCitation(f"{key} in {package}")
        value = value[package]
    if isinstance(value, Mapping):
        name = (facts or {}).get("name")
        if name not in value:
            raise NoCitation(f"{key} in {package} for {name!r}")
        value = value[name]
    return value

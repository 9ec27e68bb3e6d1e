"""Pinch's findings in words: one template per code (and variant), over the shared ones.

The replay records each finding with its facts (:meth:`~scorer.games.replay.Replay.say`);
its sentence is made here (:mod:`scorer.messages` says how a field's format reads). Pinch
names a card as the record writes it (``{card:notation}``: ``1``, not ``I (the Bagatto)``)
where its sentences always have.
"""

from __future__ import annotations

from ...messages import AS_WRITTEN, GENERAL
from . import rules as R

__all__ = ["LINES", "TEMPLATES", "TERMS"]

#: The melds' names (PINCH-5), by the key of a meld fact (kind ``term``,
#: :mod:`scorer.messages`): a meld is a key, or a key and its value: ``("trumps", 11)``,
#: ``("family", 2)`` (a suit), ``("three", "C")`` (a rank, by its letter).
TERMS: dict[str, str] = {
    "trumps": "{0} trumps",
    "gatti": "gatti",
    "family": "the family of {0:suit}",
    "three": "three {0:term}",
    "four": "four {0:term}",
    **{R.RANK_LETTER[rank]: name for rank, name in R.RANK_NAME.items()},
    # a player's deck points (score lines): name, total, in cards, for cards, cards
    "deck": "{0} {1} ({2} in cards, {3} for {4} cards)",
    # a meld on the score sheet (PINCH-5): what it is, and when it was shown
    "family_of": "family of {0:suit}",
    "raised": "trumps raised from {0} to {1}",
    "kind_raised": "{0:term} raised from three to four",
    "before_first_card": "before the first card",
    "after_drawing": "after drawing, following trick {0}",
}

#: A card outside the pack, played, drawn or dealt: pinch always plays with the 78 cards.
_NOT_IN_PACK = "{card:notation} is not in the 78-card pack"

_PLAY = {
    "PLAY_OUT_OF_TURN": (
        "the record has {seat:player} leading trick {trick}, but {leader:player} has the lead"
    ),
    "TOO_MANY_CARDS": "{count} cards in a trick of two players",
    "SHORT_TRICK": "trick {trick} has {count} card and is not the last line",
    "CARD_NOT_IN_PACK": _NOT_IN_PACK,
    "TOO_MANY_TRICKS": "a hand of pinch has {tricks} tricks",
    **AS_WRITTEN,  # a card not held or played twice said with where it is (#32.10)
    "CARD_NOT_HELD.stock": (
        "{seat:player} does not hold {card:notation}; it is still in the stock, and a card "
        "cannot be played before it is drawn"
    ),
    # PINCH-4: illegal plays (G-1), the three of AS_WRITTEN and:
    "MUST_OVERTRUMP": (
        "{seat:player} played {card:notation} but could beat the trump led and had to "
        "(overtrump=required)"
    ),
}

_LINES = {
    "WRONG_PLAYERS": "pinch tarot is played by two players",
    "LINE_OUT_OF_PLACE": "the {keyword} line comes after play began",
    "DUPLICATE_LINE.stock": "a second stock line",
    "DUPLICATE_LINE.hand": "a second hand line for {subject}",
    "UNKNOWN_SECTION": "pinch has no {keyword!r} section",
    "PARTIAL_RECORD": "the record stops after {done} of {tricks} tricks; nothing is scored",
}

# PINCH-3: the deal, the stock, the draws
_DEAL = {
    "UNKNOWN_CARD.hand": "the hand must be written in full",
    "UNKNOWN_CARD.stock": "the stock must be written in full",
    "DUPLICATE_CARD.dealt": "{card:notation} is dealt twice",
    "CARD_NOT_IN_PACK.dealt": _NOT_IN_PACK,
    "WRONG_HAND_SIZE": "{seat:player} was dealt {count} cards; the deal gives {size}",
    "WRONG_HAND_SIZE.derived": (
        "{seat:player} played {count} cards that were not drawn; the deal gives {size}"
    ),
    "WRONG_STOCK_SIZE": "the stock holds {size} cards, not {count}",
    "HANDS_DERIVED": "the deal of {seats:players_and} is derived from the play and the draws",
    "DEAL_UNKNOWN": (
        "the deal is not written in full and the play is incomplete: what that player held "
        "is not checked"
    ),
    "DRAW_MISSING": (
        "{seat:player} draws from the stock after trick {after}, before trick {trick} is played"
    ),
    "BAD_DRAW": "a draw line names the one card drawn",
    "DRAW_OUT_OF_PLACE.first": "{seat:player} draws, but nobody draws before the first trick",
    "DRAW_OUT_OF_PLACE.exhausted": (
        "{seat:player} draws, but the stock is exhausted after trick {stock_tricks}"
    ),
    "DRAW_OUT_OF_PLACE.drawn": (
        "{seat:player} draws, but both players have drawn after trick {after} and no trick "
        "was played since: the line of trick {missing} seems to be missing"
    ),
    "DRAW_OUT_OF_ORDER": (
        "after trick {trick} {winner:player}, who won it, draws first, then {loser:player}"
    ),
    "DRAW_MISMATCH": (
        "{seat:player} draws {card:notation}, but the next card of the stock is {expected:notation}"
    ),
    "DUPLICATE_CARD.drawn": "{card:notation} is drawn, but it was dealt, drawn or played already",
}

# PINCH-6: the Fool and its cover
_FOOL = {
    "BAD_COVER": "a cover line names the one card given",
    "BAD_COVER.owner": "{seat:player} has not played the Fool and owes no card",
    "BAD_COVER.again": "the Fool is covered already (with {covered:notation})",
    "COVER_NOT_IN_PILE": (
        "{seat:player} gives {card:notation}, which is not among the cards he has won"
    ),
    "COVER_WRONG_TRICK.early": (
        "{seat:player} covers the Fool with {card:notation}, before he has won a trick after "
        "the Fool; the card must come from a trick he won after playing the Fool"
    ),
    "COVER_WRONG_TRICK.before": (
        "{seat:player} covers the Fool with {card:notation}, from a trick won before the "
        "Fool; the card must come from a trick he won after playing the Fool"
    ),
    "FOOL_NOT_COVERED": (
        "{seat:player} won trick {trick} after playing the Fool in trick {fool_trick} but "
        "never covered it; the Fool goes to {other:player}"
    ),
    "FOOL_TO_OPPONENT": (
        "{seat:player} won no trick after playing the Fool (trick {fool_trick}); it goes to "
        "{other:player}"
    ),
}

# PINCH-5 and G-5: melds
_MELDS = {
    "BAD_MELD.order": "a meld line is an optional kind word and then its cards",
    "BAD_MELD.word": "{word!r} is not a meld of pinch ({kinds:words})",
    "BAD_MELD.empty": "a meld is shown: the line names its cards",
    "MELD_MALFORMED": (
        "{cards:cards} is not a meld (PINCH-5: trumps 10 or more trumps, gatti Fool 1 21, "
        "family J C Q K of a suit, three or four J, C, Q or K); not paid"
    ),
    "MELD_MALFORMED.kind": (
        "{cards:cards} is not a {kind} meld (PINCH-5: trumps 10 or more trumps, gatti Fool 1 "
        "21, family J C Q K of a suit, three or four J, C, Q or K); not paid"
    ),
    "MELD_TIMING": (
        "{seat:player} melds after trick {trick} without having drawn since: melds are shown "
        "before one's first card or after one's draw; not paid"
    ),
    "MELD_NOT_HELD": (
        "{seat:player} shows {cards:cards}, which he does not hold at that moment; not paid"
    ),
    "MELD_RAISE_NOT_HELD": (
        "{seat:player} raises trumps without showing {cards:cards}, declared before: a raise "
        "shows every trump already declared, still in hand; not paid"
    ),
    "MELD_REPEATED": (
        "{seat:player} declares {meld:term} again; each meld is declared once a hand: not paid"
    ),
    "UNDECLARED_MELD": (
        "{seat:player} held {missed:terms} at a moment to meld and never declared it: not paid"
    ),
}

#: Every sentence of pinch's findings, by code (and ``code.variant``).
TEMPLATES: dict[str, str] = {**GENERAL, **_PLAY, **_LINES, **_DEAL, **_FOOL, **_MELDS}

#: The templates of pinch's score lines (:meth:`~scorer.games.replay.Replay.score_line`).
LINES: dict[str, str] = {
    "meld": "{code} {meld:term}: {seat:player}, {when:term}: {cards:mask}",
    "bagatto": (
        "{points}B Bagatto ultimo: {player:player} played the Bagatto to the last trick and won it"
    ),
    "bagatto.other": (
        "{points}B Bagatto ultimo: {player:player} played the Bagatto to the last trick and "
        "{winner:player} won it"
    ),
    "deck": "deck points: {first:term}; {second:term}; {total} in all",
}

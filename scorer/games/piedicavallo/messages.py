"""Piedicavallo's findings in words: one template per finding code (:mod:`scorer.messages`).

Cards in the play's and the remarks' findings are named as the record writes them
(``{card:notation}``: trump I is ``1``), cards of the deal and the discard as people name them
(``{card:card}``: ``I (the Bagatto)``); seats by the players' names.
"""

from __future__ import annotations

from ...messages import GENERAL

__all__ = ["TEMPLATES"]

_PLAYED = "{seat:player} played {card:notation} but "

#: The game's own templates, over the shared ones.
TEMPLATES: dict[str, str] = {
    **GENERAL,
    # the lines of the record
    "WRONG_PLAYERS": "Piedicavallo has four players, the record names {count}",
    "DUPLICATE_LINE.hand": "a second hand line for {name}",
    "DUPLICATE_LINE.discard": "a second discard line",
    "UNKNOWN_SECTION": ("{keyword!r} is not a section of piedicavallo (hand, discard, claim)"),
    "LINE_OUT_OF_PLACE": "the {keyword} line comes after play began",
    # PIE-3: the deal and the discard
    "WRONG_HAND_SIZE": "{seat:player} was dealt {count} cards; the deal gives {size}",
    "DEAL_UNKNOWN": (
        "the hands are not all known (deal or discard not written, play incomplete): plays "
        "and remarks of {seats:players} are checked only against what the record shows"
    ),
    "DISCARD_DERIVED": "the discard is not written; it is the cards nobody played: {discard:mask}",
    "BAD_DISCARD": (
        "the 5-point cards (Kings, 21, 1, the Fool) may not be discarded: {cards:cards}"
    ),
    "TRUMP_DISCARD": (
        "a trump may be discarded only when the hand kept holds nothing but trumps and "
        "5-point cards, or no trump at all: {cards:cards}"
    ),
    "TRUMPS_NOT_ANNOUNCED": "the discard holds {count} trump(s) and the dealer announced none",
    "BAD_ANNOUNCEMENT": "announce={announced!r} is not a number",
    "WRONG_ANNOUNCEMENT": (
        "the dealer announced {announced} trump(s) discarded; the discard holds {count}"
    ),
    "BAD_DISCARD_ITEM": "{text!r} in the discard line; write two cards and announce=N",
    "DUPLICATE_CARD.discard": "{card:card} twice in the discard",
    "DUPLICATE_CARD.discarded_played": "{card:card} is discarded and also played",
    "CARD_NOT_HELD.discard": "the dealer did not hold {card:card}",
    "WRONG_DISCARD_SIZE": "the dealer discards {size} cards, not {count}",
    # the play (PIE-4, G-1, G-2)
    "CARD_NOT_HELD": "{seat:player} does not hold {card:notation}",
    "MUST_FOLLOW_SUIT": _PLAYED + "held {led:suit} and had to follow suit",
    "MUST_TRUMP": _PLAYED + "had no {led:suit} but held trumps, so had to play a trump",
    "MUST_FOLLOW_TRUMPS": _PLAYED + "held trumps and a trump was led",
    "PARTIAL_RECORD": "the record stops after {count} trick line(s); nothing is scored",
    # PIE-5: the table talk (the reason names cards and suits in the record's style)
    "REMARK_OUT_OF_BOUNDS": "{seat:player} played {card:notation} saying '{said}': {reason}",
    "FALSE_REMARK": "{seat:player} played {card:notation} saying '{said}': {reason}",
    "BAD_REMARK": "{seat:player} played {card:notation} saying '{said}': {reason}",
    # PIE-7: the game of four deals
    "PARTNERS_CHANGED": (
        "deal {deal} is played by {names[0]} and {names[2]} against {names[1]} and "
        "{names[3]}; the game keeps its partnerships ({side0} against {side1})"
    ),
    "DEAL_AFTER_GAME_END": (
        "deal {deal} comes after the game ended ({reason}); it is not part of the game and "
        "counts in no balance"
    ),
}

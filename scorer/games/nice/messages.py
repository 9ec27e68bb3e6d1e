"""Nice's findings in words: one template per finding code (and variant), rendered from the
finding's facts (:mod:`scorer.messages`). The shared templates (:data:`~scorer.messages.GENERAL`)
come first; Nice's own words replace or add to them. Nice calls the trumps Tarots."""

from __future__ import annotations

from ...messages import GENERAL

__all__ = ["TEMPLATES", "TRUMPS_NAME"]

TRUMPS_NAME = "Tarots"  # Nice's name for the trumps; the four suits are the record's words

_NICE: dict[str, str] = {
    # the lines of the record
    "WRONG_PLAYERS": "{game} is played by {players} players; the record names {count}",
    "DUPLICATE_LINE": "a second {keyword} line",
    "DUPLICATE_LINE.hand": "a second hand line for {subject}",
    "LINE_OUT_OF_PLACE": "the {keyword} line comes after play began",
    "PARTIAL_RECORD": "the record stops after {count} trick line(s); nothing is scored",
    "PARTIAL_RECORD.call": "the record stops before the call; nothing is scored",
    "PLAY_AFTER_END.mountain": (
        "the record goes on although all went to the mountain in round {round} (NICE-5, G-4)"
    ),
    "PLAY_AFTER_END.surrender": "the record goes on although the surrender ends the deal (NICE-9)",
    # NICE-5: the mountain
    "BAD_MOUNTAIN": "mountain round {written} is repeated or out of range 1..{rounds}",
    "BAD_MOUNTAIN.words": "{count} words for {players} players",
    "BAD_MOUNTAIN.nobody_kept": "the speaking stops before anyone kept",
    "PLAY_AFTER_THROW_IN": "round {round} after the deal was thrown in",
    "BAD_WORD": "{word!r} is neither keep nor mountain",
    "SPOKE_AFTER_KEEP": "the first keep ends the speaking",
    # NICE-5, NICE-6: the deal and the discard
    "DEAL_UNKNOWN": (
        "the deal is not written in full and the play is incomplete: only plays proved wrong "
        "by the record itself are flagged"
    ),
    "WRONG_HAND_SIZE": "{seat:player} was dealt {count} cards; the deal gives {size}",
    "WRONG_HAND_SIZE.rounds": (
        "{seat:player} was dealt {count} cards; the deal gives {size} in {rounds} round(s)"
    ),
    "DISCARD_DERIVED": "the discard is not written; it is the cards nobody played: {discard:mask}",
    "DUPLICATE_CARD.discard": "{card:card} twice in the discard",
    "DUPLICATE_CARD.discarded_played": "{card:card} is discarded and also played",
    "CARD_NOT_HELD.discard": "the dealer did not hold {card:card}",
    "WRONG_DISCARD_SIZE": "the dealer discards {size} cards, not {count}",
    "BAD_DISCARD": "Kings and Honours may not be discarded: {forbidden:mask}",
    "TAROTS_NOT_ANNOUNCED": "the discard holds {tarots} Tarot(s) and the dealer announced none",
    "BAD_ANNOUNCEMENT": "announce={value!r} is not a number",
    "WRONG_ANNOUNCEMENT": (
        "the dealer announced {announced} Tarot(s) discarded; the discard holds {tarots}"
    ),
    # NICE-11: illegal plays, in Nice's words
    "MUST_TRUMP": (
        "{seat:player} played {card:card} but had no {led:suit} but held {trumps}, "
        "so had to play a Tarot"
    ),
    "MUST_FOLLOW_TRUMPS": "{seat:player} played {card:card} but held {trumps} and a Tarot was led",
    # NICE-14: Bagatte Ultimu
    "BAGATTE_LEAD_RULE": (
        "{seat:player} led {card:card} while still holding {bound:suit} after leading that "
        "suit: no Bagatte Ultimu payment either way"
    ),
}

#: Every template a Nice replay renders.
TEMPLATES: dict[str, str] = {**GENERAL, **_NICE}

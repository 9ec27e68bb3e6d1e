"""Piedicavallo's findings in words: one template per finding code (:mod:`scorer.messages`).

Cards in the play's and the remarks' findings are named as the record writes them
(``{card:notation}``: trump I is ``1``), cards of the deal and the discard as people name them
(``{card:card}``: ``I (the Bagatto)``); seats by the players' names.
"""

from __future__ import annotations

from ...messages import AS_WRITTEN, GENERAL, LEDGER
from .rules import AVERAGE

__all__ = ["ENDINGS", "LINES", "REQUESTS", "TEMPLATES", "TERMS"]

#: PIE-7: how a game ended, by the key a finding's ``ended`` fact holds (the game's terms,
#: :func:`scorer.messages.render`); the session's summary says it so too.
ENDINGS: dict[str, str] = {
    "three_deals": (
        f"after three deals (more than {AVERAGE} ahead: a vola in the fourth could not catch it up)"
    ),
    "four_deals": "after four deals",
    "extra_deals": "after the two extra deals of a tie",
    "level": "the sides are still level after the two extra deals",
}

#: PIE-5: a request about the trick being played, by its word in the remark (a ``request``
#: fact); ``play CARD`` is said as ``play``.
REQUESTS: dict[str, str] = {
    "win-this": "win this trick",
    "farlo": "win this trick",
    "play-low": "play low",
    "put-points": "put points in",
    "few-points": "put few points in",
    "cover": "cover the second card",
    "play": "play",
}

#: The game's terms (kind ``term``, :mod:`scorer.messages`), by the key a fact holds.
TERMS: dict[str, str] = {
    **ENDINGS,
    **REQUESTS,
    # what a side that won no trick gives up (PIE-6, score lines)
    "fool": "the Fool",
    "discard": "the discard",
}

_PLAYED = "{seat:player} played {card:notation} but "
_NOT_IN_PACK = "{card:card} is not in the {pack_size}-card pack (PIE-1)"

#: The game's own templates, over the shared ones.
TEMPLATES: dict[str, str] = {
    **GENERAL,
    "CARD_NOT_IN_PACK": _NOT_IN_PACK,
    "CARD_NOT_IN_PACK.dealt": _NOT_IN_PACK,
    "CARD_NOT_IN_PACK.discard": _NOT_IN_PACK,
    "TOO_MANY_TRICKS": "a deal of Piedicavallo has {tricks} tricks",
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
    "CARD_NOT_HELD.discard": "the dealer did not hold {card:card}",
    "WRONG_DISCARD_SIZE": "the dealer discards {size} cards, not {count}",
    # the play (PIE-4, G-1, G-2)
    **AS_WRITTEN,
    "MUST_TRUMP": _PLAYED + "had no {led:suit} but held trumps, so had to play a trump",
    "PARTIAL_RECORD": "the record stops after {count} trick line(s); nothing is scored",
    # PIE-5: the table talk, one variant per reason (below)
    # PIE-7: the game of four deals
    "PARTNERS_CHANGED": (
        "deal {deal} is played by {names[0]} and {names[2]} against {names[1]} and "
        "{names[3]}; the game keeps its partnerships ({side0[0]} and {side0[1]} against "
        "{side1[0]} and {side1[1]})"
    ),
    "DEAL_AFTER_GAME_END": (
        "deal {deal} comes after the game ended ({ended:term}); it is not part of the game and "
        "counts in no balance"
    ),
}

_TRUMP_PLAYER = "playing a trump or the Fool one may speak only of trumps and the Fool"
_UNNAMED = "playing {played:suit} one may speak of the other colour only without naming the suit"
#: PIE-5: why a remark is out of bounds, false or unreadable (``named``: a card the remark
#: names; ``topic``: the suit group it speaks of, 4 the trumps; ``played``: the group of the
#: card played; ``word``, ``head``: words of the remark).
_REASONS: dict[str, dict[str, str]] = {
    "REMARK_OUT_OF_BOUNDS": {
        "trump_player": _TRUMP_PLAYER + ", not of {topic:suit}",
        "trump_player_card": _TRUMP_PLAYER + ", not of {named:notation}",
        "trump_player_lead": _TRUMP_PLAYER + ", not of a lead of {topic:suit}",
        "suit_player_trumps": "playing a suit card one may not speak of trumps",
        "suit_player_trumps_card": "playing a suit card one may not speak of {named:notation}",
        "suit_player_trumps_lead": (
            "playing a suit card one may not speak of a lead of {topic:suit}"
        ),
        "same_colour": (
            "playing {played:suit} one may not speak of {topic:suit}, the other suit of the "
            "same colour"
        ),
        "other_colour_named": _UNNAMED + " ({topic:suit}); say other-colour ...",
        "other_colour_named_card": _UNNAMED + " ({named:notation}); say other-colour ...",
        "other_colour_named_lead": _UNNAMED + " (a lead of {topic:suit}); say other-colour ...",
        "court_with_trump": "{word!r} names a court card: " + _TRUMP_PLAYER,
        "sleeping_number": (
            "of the sleeping cards only Queens, Cavaliers and Jacks are named; number cards "
            "are counted ({named:notation})"
        ),
        "other_colour_with_trump": "the other colour is spoken of only when playing a suit card",
        "sleeping_not_dealer": "only the dealer has sleeping cards (his discard) to speak of",
        "request_too_late": (
            "a request about this trick ({request:term}) needs a partner who has not yet "
            "played to it"
        ),
        "cover_not_leader": (
            "cover (beat the second card as low as possible) is asked by the leader"
        ),
        "lead_other_colour_with_trump": (
            "playing a trump or the Fool one may ask for a trump lead only"
        ),
        "trump_lead_with_fool": (
            "a trump lead can be asked for only while playing a trump, not the Fool (PIE-5a)"
        ),
        "lead_names_the_suit": "naming {named:notation} would name the suit of the other colour",
    },
    "BAD_REMARK": {
        "unknown_word": "{word!r} is neither a card nor a word of a remark",
        "not_in_pack": "{named:notation} is not in the 62-card pack",
        "bad_count": "{word!r} is not a count (+N)",
        "empty_holding": "name cards, or give a count +N, or say none",
        "other_colour_word": "{word!r}: other-colour takes courts (K Q C J) and a count",
        "other_colour_empty": "other-colour needs courts (K Q C J) or a count",
        "play_one": "play names one card: play CARD",
        "takes_nothing": "{head} takes nothing after it",
        "unknown_head": (
            "{word!r} does not start a remark (have, other-colour, sleeping, win-this, "
            "play-low, put-points, few-points, cover, play, lead)"
        ),
        "lead_form": "lead TARGET [high|low|points|CARD]",
        "lead_target": "lead {word!r}: the target is trumps, this, a suit or other-colour",
        "lead_card_elsewhere": "{named:notation} is not of the lead asked for",
    },
    "FALSE_REMARK": {
        **{
            f"missing_{where}": f"{{missing:mask}} not {words}"
            for where, words in (("held", "held"), ("discard", "in the discard"))
        },
        **{
            f"count{least}{other}_{where}": (
                f"{'at least ' if least else ''}{{count}} {'other ' if other else ''}"
                f"{{topic:suit}} claimed, {{others}} {words}"
            )
            for least in ("", "_least")
            for other in ("", "_other")
            for where, words in (("held", "held"), ("discard", "in the discard"))
        },
        "other_colour_held": "no suit of the other colour held matches {courts}",
        "other_colour_discard": "no suit of the other colour in the discard matches {courts}",
    },
}
for _code, _variants in _REASONS.items():
    for _variant, _reason in _variants.items():
        TEMPLATES[f"{_code}.{_variant}"] = (
            "{seat:player} played {card:notation} saying '{said}': " + _reason
        )

#: The templates of Piedicavallo's score lines (:meth:`~scorer.games.replay.Replay.score_line`);
#: a side is named by its players (``Anna and Carla``: its two seats).
LINES: dict[str, str] = {
    "vola": "Vola: {winners:players_and} win every trick and take all {total}",
    "vola.gives": (
        "Vola: {winners:players_and} win every trick and take all {total}; "
        "{losers:players_and} give up {given:terms_and}"
    ),
    "lead": (
        "Lead over the average: {first:players_and} {totals[0]}, {second:players_and} "
        "{totals[1]} of {total}; {ahead:players_and} {lead} above the average of {average}"
    ),
    "lead.level": (
        "Lead over the average: {first:players_and} {totals[0]}, {second:players_and} "
        "{totals[1]} of {total}; both sides at the average of {average}"
    ),
}


#: The sentences of the session's rules (PIE-7), over the ledger's own: a deal after the
#: game ended.
SESSION: dict[str, str] = {
    **LEDGER,
    "piedicavallo.not_counted": "after the game ended (deal {deal}): not counted (PIE-7)",
}

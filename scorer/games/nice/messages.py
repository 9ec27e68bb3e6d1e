"""Nice's findings in words: one template per finding code (and variant), rendered from the
finding's facts (:mod:`scorer.messages`). The shared templates (:data:`~scorer.messages.GENERAL`)
come first; Nice's own words replace or add to them. Nice calls the trumps Tarots."""

from __future__ import annotations

from ...messages import GENERAL

__all__ = ["LINES", "TEMPLATES", "TERMS", "TRUMPS_NAME"]

TRUMPS_NAME = "Tarots"  # Nice's name for the trumps; the four suits are the record's words

_NICE: dict[str, str] = {
    # the lines of the record
    "WRONG_PLAYERS": "{game} is played by {players} players; the record names {count}",
    "DUPLICATE_LINE": "a second {keyword} line",
    "DUPLICATE_LINE.hand": "a second hand line for {subject}",
    "LINE_OUT_OF_PLACE": "the {keyword} line comes after play began",
    "PARTIAL_RECORD": "the record stops after {count} trick line(s); nothing is scored",
    "PARTIAL_RECORD.call": "the record stops before the call; nothing is scored",
    "PARTIAL_RECORD.mountain": (
        "the words of mountain round {round} are missing before round {later}'s: the record "
        "is partial (G-7) and nothing is scored; write mountain {round}: as it was spoken"
    ),
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
    "CARD_NOT_HELD.discard": "the dealer did not hold {card:card}",
    "WRONG_DISCARD_SIZE": "the dealer discards {size} cards, not {count}",
    "BAD_DISCARD": "Kings and Honours may not be discarded: {cards:cards}",
    "TAROTS_NOT_ANNOUNCED": "the discard holds {tarots} Tarot(s) and the dealer announced none",
    "BAD_ANNOUNCEMENT": "announce={value!r} is not a number",
    "WRONG_ANNOUNCEMENT": (
        "the dealer announced {announced} Tarot(s) discarded; the discard holds {tarots}"
    ),
    # NICE-7 .. NICE-9: Solo, call, exchange, surrender
    "MISSING_CALL": (
        "a Solo writes call: CARD or call: none; without a Solo the dealer must call a King "
        "(NICE-8)"
    ),
    "BAD_CALL.no_card": "without a Solo the dealer must call a card",
    "BAD_CALL.empty": "call: needs a card or none",
    "BAD_CALL.choice": (
        "after the called card only surrender or sans-prendre may follow, not {word!r}"
    ),
    "BAD_CALL.not_a_card": "{word!r} is not a card",
    "BAD_CALL.fool": "the Fool may not be called",
    "BAD_CALL.kings": "holding all four Kings the dealer calls XX, not {card:card}",
    "BAD_CALL.king": "the dealer calls a King, not {card:card}",
    "MUST_PLAY_SOLO": "holding all four Kings and XX the dealer must play Solo",
    "BAD_CHOICE": "{choice} is only for a player who calls his own card",
    "BAD_CHOICE.discard": (
        "{choice} is only for a player who calls his own card; {called:card} lies in the "
        "dealer's discard (NICE-7)"
    ),
    "HOLDER_UNKNOWN": "who held {called:card} cannot be told from this partial record",
    "HOLDER_UNKNOWN.caller": (
        "the record says the caller held {called:card}; without the deal this cannot be checked"
    ),
    "MISSING_CHOICE": (
        "{seat:player} called {called:card}, which he holds: the record must say surrender or "
        "sans-prendre"
    ),
    "MISSING_EXCHANGE": (
        "the Solo player receives {called:card} and gives a card back: write exchange: CARD"
    ),
    "BAD_EXCHANGE.count": "exchange: names exactly one card",
    "BAD_EXCHANGE.called": "the Solo player cannot give back the card he called",
    "BAD_EXCHANGE.never_played": (
        "{given:card} was given to {holder:player} but never played by that player"
    ),
    "BAD_EXCHANGE.sans_prendre": "no exchange here: a Solo sans prendre takes no card",
    "BAD_EXCHANGE.in_discard": (
        "no exchange here: {called:card} lies in the discard, so no exchange happens (NICE-7)"
    ),
    "BAD_EXCHANGE.not_solo": (
        "no exchange here: only a Solo player exchanges the called card (NICE-7)"
    ),
    "BAD_EXCHANGE.own_card": (
        "no exchange here: a player who called his own card takes no card (NICE-9)"
    ),
    "CARD_NOT_HELD.give": "{seat:player} does not hold {card:card} to give",
    # NICE-12, NICE-13, G-5: declarations
    "BAD_DECLARATION": "{word!r} is not a declaration of {game} ({names:words})",
    "BAD_DECLARATION.empty": "declare NAME: needs a combination",
    "BAD_DECLARATION.cards": "{name} names no cards",
    "BAD_DECLARATION.not_a_card": "{word!r} is not a card",
    "BAD_DECLARATION.two_words": (
        "{word!r} after {name!r}: an annotation names one declaration, or several parted by "
        "';' as in (mitigatti; quatre-rei)"
    ),
    "DECLARATION_TIMING.ten_in_play": (
        "10 Tarocche is shown before the holder's first play, not during the play; it is not paid"
    ),
    "DECLARATION_TIMING.line": (
        "{name} is declared with the play of the last card of the set (write it on that card, "
        "e.g. XX(mitigatti)); it is not paid"
    ),
    "DECLARATION_TIMING.ten_on_card": (
        "10 Tarocche is a declare line before the first trick, with the ten cards shown"
    ),
    "DECLARATION_TIMING.not_last": (
        "{name} is declared with the last card of the set, not with {card:card}; it is not paid"
    ),
    "DECLARATION_MALFORMED.count": (
        "10 Tarocche shows exactly ten different cards, not {count}; it is not paid"
    ),
    "DECLARATION_MALFORMED": "only Tarots and the Fool make 10 Tarocche: {cards:cards}",
    "DECLARATION_NOT_HELD.ten": "{seat:player} did not hold {cards:cards} when play began",
    "DECLARATION_NOT_HELD": (
        "{name} needs {needed:mask} when play began; {seat:player} lacked {cards:cards}"
    ),
    "DUPLICATE_DECLARATION": "{name} is declared twice by {seat:player}; it is paid once",
    "UNDECLARED_COMBINATION": (
        "{seat:player} held {name} but did not declare it as the rules require, so it is not paid"
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
TEMPLATES: dict[str, str] = {
    **GENERAL,
    "TOO_MANY_TRICKS": "a hand of nice{players} has {tricks} tricks",
    **_NICE,
}

#: The templates of Nice's score lines (:meth:`~scorer.games.replay.Replay.score_line`); a
#: declaration's name (``mitigatti``) is the game's own word and stays as the record has it.
LINES: dict[str, str] = {
    # the sides' names in the report's points (NICE-8), not a payment
    "side.declarer": "declarer's side ({side:players})",
    "side.opponents": "opponents ({side:players})",
    "declared": "{name} declared by {seat:player}: 1 from each other player",
    "bagatte_won": "Bagatte Ultimu by {seat:player}: {amount} from each",
    "bagatte_won.doubled": (
        "Bagatte Ultimu by {seat:player}: {amount} from each (doubled: sans prendre)"
    ),
    "bagatte_lost": "Petar Bagatte: {seat:player} pays {amount} to each",
    "bagatte_lost.doubled": (
        "Petar Bagatte: {seat:player} pays {amount} to each (doubled: sans prendre)"
    ),
    "partida4": (
        "Partida: the declarer's side {verdict:term} with {points} of 72 (37 needed); "
        "{unit} marca per opponent"
    ),
    "partida4.doubled": (
        "Partida: the declarer's side {verdict:term} with {points} of 72 (37 needed); "
        "{unit} marca per opponent (doubled: {why:terms_and})"
    ),
    "partida3": "Partida: {winner:player} most with {top} of 78; {payers:terms}",
    "partida3.nobody": "Partida: {winner:player} most with {top} of 78; nobody under 26 pays",
    "partida3.tie": (
        "Partida: {first:player} and {second:player} tie for most with {top}; "
        "{third:player}'s {payment} marca goes into abeyance"
    ),
    "partida3.three_way": "Partida: a three-way tie at 26 pays nothing",
    "surrender": "Surrender: {seat:player} called his own card and pays 1 to each other player",
    "surrender.held": "{name} held by {seat:player} at the surrender: 1 from each other player",
}

#: Nice's terms in its score lines (kind ``term``): a side's verdict, why a payment doubles,
#: a player's payment in the three-player Partida (over the seat, his total and what he pays).
TERMS: dict[str, str] = {
    "wins": "wins",
    "loses": "loses",
    "under_18": "a side under 18",
    "sans_prendre": "sans prendre",
    "pays": "{0:player} ({1}) pays {2}",
}

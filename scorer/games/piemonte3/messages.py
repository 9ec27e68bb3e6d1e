"""The sentences of piemonte3's findings: one template per code (and variant), filled from
the finding's facts (:mod:`scorer.messages`), over the ones every engine shares.

The play's sentences name a card as the record writes it (``{card:notation}``: trump I is
``1``); the deal's and the declarations' name it for people (``{card:card}``).
"""

from __future__ import annotations

from ...messages import AS_WRITTEN, GENERAL, LEDGER

__all__ = ["LINES", "MALFORMED", "TEMPLATES", "TERMS", "TITLES"]

#: The declarations' names (PIE3-6), by the key a finding's ``declaration`` fact holds (the
#: game's terms, :func:`scorer.messages.render`).
TITLES: dict[str, str] = {
    "abundance": "Abundance",
    "kings": "Kings",
    "mitigati": "Mitigati",
    "mixed": "Mixed Honours",
}

#: The game's terms (kind ``term``, :mod:`scorer.messages`): the declarations, and how a
#: bargaining session ended (PIE3-4: a ``how`` fact).
TERMS: dict[str, str] = {
    **TITLES,
    "continue": "continue",
    "settled": "settled",
    # a player's bargain (score lines): the seat and the amount
    "receives": "{0:player} receives {1}",
    "pays": "{0:player} pays {1}",
}

_DEAL: dict[str, str] = {
    "BAD_PLAYERS": "a piemonte3 record names three players and the dealer among them",
    "LINE_OUT_OF_PLACE": (
        "the {keyword} line comes after a later phase of the hand "
        "(deal and bargaining, discard, declarations, play)"
    ),
    "DUPLICATE_LINE.hand": "a second hand line for {name}",
    "DUPLICATE_LINE.discard": "a second discard line",
    "WRONG_HAND_SIZE": (
        "{seat:player} was dealt {count} cards; the deal gives {size} "
        "(25 each, the dealer 28 before his discard)"
    ),
    "WRONG_HAND_SIZE.partial": (
        "{seat:player} was dealt {count} cards; the deal gives {size} by then"
    ),
    "DEAL_UNKNOWN": (
        "the deal is not written in full and the play is incomplete: only what the record "
        "itself proves is checked"
    ),
    # PIE3-5: the discard
    "DISCARD_UNKNOWN": (
        "the record has no discard line and the play is not complete: the dealer's plays are "
        "checked against all 28 cards he was dealt"
    ),
    "DISCARD_DERIVED": (
        "the discard is not written; it is the dealer's cards never played: {discard:mask}"
    ),
    "WRONG_DISCARD_SIZE": "the dealer discards {size} cards, not {count}",
    "WRONG_DISCARD_SIZE.derived": (
        "{count} of the dealer's cards were never played; he discards {size}"
    ),
    "BAD_DISCARD": "the dealer may discard neither Honours nor Kings: {cards:cards}",
    "BAD_DISCARD.card": "{word!r} is not a card",
    "CARD_NOT_HELD.discard": "the dealer did not hold {card:card}",
}

_BARGAIN: dict[str, str] = {
    "BAD_BARGAIN.round": (
        "bargain {round}: the sessions follow deal rounds 2, 3 and 4, each once and in order"
    ),
    "BAD_BARGAIN": (
        "{word!r} is not a bargaining word: pass, demand=N, offer=N or continue "
        "(N a whole number from 1)"
    ),
    "BARGAIN_NOT_RECORDED": "the bargaining after round {round} is not in the record",
    "SPOKE_AFTER_END": "{word!r} comes after the session ended ({how:term})",
    # a move against the player's previous word in the session (bargain.move_fault)
    "DEMAND_NOT_LOWER": (
        "{seat:player} said {move}: after demanding {before} a player may only demand less"
    ),
    "OFFER_NOT_HIGHER": (
        "{seat:player} said {move}: after offering {before} a player may only offer more"
    ),
    "OFFERED_THEN_DEMANDED": (
        "{seat:player} said {move}: after offering {before} a player may only pass, offer more "
        "or say continue, never demand"
    ),
    "PLAY_AFTER_END.bargain": (
        "the hand was thrown in after round {round}, yet the record goes on bargaining "
        "(PIE3-4, G-4)"
    ),
    "PLAY_AFTER_END": (
        "the record goes on although the hand was thrown in after round {round} (PIE3-4, G-4)"
    ),
    "BARGAIN_UNFINISHED": (
        "the bargaining after round {round} neither settles nor ends with continue, "
        "yet the record goes on"
    ),
    "PARTIAL_RECORD.bargain": (
        "the record stops during the bargaining after round {round}; nothing is scored"
    ),
}

_DECLARE: dict[str, str] = {
    "BAD_DECLARATION": "declare NAME: starts with abundance, kings, mitigati or mixed",
    "BAD_DECLARATION.kind": (
        "{word!r} is not a declaration of piemonte3 (abundance, kings, mitigati, mixed)"
    ),
    "BAD_DECLARATION.card": "{word!r} is not a card",
    "BAD_DECLARATION.twice": "{given:card} is listed twice",
    "DECLARATION_TIMING": (
        "{declaration:term} is declared after the discard and before the first trick, not "
        "during the play; it is not paid"
    ),
    "DECLARATION_NOT_HELD": (
        "{seat:player} declared {declaration:term} with {cards:cards} but did not hold it "
        "when play began; it is not paid"
    ),
    "DUPLICATE_DECLARATION": "Abundance is declared twice by {seat:player}; it is paid once",
    "DECLARATION_CARD_REUSED": (
        "{cards:cards} already served another of Kings, Mitigati and Mixed Honours; a card "
        "serves only one of them (besides Abundance), so this {declaration:term} is not paid"
    ),
    "UNDECLARED_COMBINATION": (
        "{seat:player} held {held:groupings} but made no declaration that is paid, "
        "so nothing is paid"
    ),
    "BETTER_GROUPING": (
        "{seat:player}'s declarations are worth {paid} from each opponent; the cards held "
        "allowed {held:groupings}: {best}"
    ),
}

#: PIE3-6: why cards cannot make a declaration, by variant (:func:`.declare.malformation`).
MALFORMED: dict[str, str] = {
    "not_trumps": "only trumps make Abundance, not {other:mask}",
    "not_trumps_fool": (
        "only trumps make Abundance, not {other:mask} "
        "(the Fool is not a trump here: option abundance-fool=trump)"
    ),
    "few_trumps": "Abundance shows 10 or more trumps, not {count}",
    "not_court": "{declaration:term} is made of Kings and Honours only, not {other:mask}",
    "kings_missing": "Kings needs all four Kings; missing {missing:mask}",
    "honours_missing": "Mitigati needs all three Honours; missing {missing:mask}",
    "mixed_one_each": "Mixed Honours needs at least one King and one Honour",
    "mixed_few": "Mixed Honours needs 4 or more cards, not {count}",
}

_PLAY: dict[str, str] = {
    "CARD_NOT_IN_PACK": "{card:notation} is not in the {pack_size}-card pack",
    "TOO_MANY_TRICKS": "a hand of piemonte3 has {tricks} tricks",
    **AS_WRITTEN,  # a card not held or played twice said with where it is (#32.10)
    "PARTIAL_RECORD": "the record stops after {count} trick(s); nothing is scored",
    # PIE3-7: the Fool's exchange
    "FOOL_EXCHANGE_UNEXPECTED.first": "a Fool exchange before the first trick",
    "FOOL_EXCHANGE_UNEXPECTED": "{seat:player} owes no card for the Fool here",
    "BAD_FOOL_EXCHANGE": "fool NAME: names the one card given",
    "FOOL_CARD_NOT_IN_PILE": (
        "{seat:player} gives {card:notation}, which is not among the cards he has won"
    ),
    "FOOL_CARD_NOT_IN_PILE.discard": (
        "{seat:player} gives {card:notation}, which is in his discard, not his pile: the "
        "discard is not the dealer's pile during play (discard-in-pile=no)"
    ),
    "FOOL_EXCHANGE_NOT_ONE_POINT": (
        "{seat:player} gives {card:notation} for the Fool; the exchange is a 1-point card "
        "(taken as given)"
    ),
    "FOOL_EXCHANGE_LATE": (
        "{seat:player} had a 1-point card to give after trick {due} but gives it only after "
        "trick {trick}"
    ),
    "FOOL_EXCHANGE_DERIVED": (
        "the record does not show the Fool exchange due after trick {due}; {seat:player} is "
        "taken to give a 1-point card ({given:notation}) to {creditor:player}"
    ),
    "FOOL_TO_WINNER": (
        "{seat:player} never had a 1-point card to give for the Fool of trick {fool_trick}, "
        "so the Fool goes to {creditor:player}"
    ),
}

_SESSION: dict[str, str] = {
    "UNIT_MIXED": (
        "hand {hand} is paid in {unit}, the session in {session_unit}: set option fool alike "
        "for every hand"
    ),
}

#: Every template of piemonte3's findings, the shared ones first.
TEMPLATES: dict[str, str] = {
    **GENERAL,
    **_DEAL,
    **_BARGAIN,
    **_DECLARE,
    **{
        f"DECLARATION_MALFORMED.{variant}": "{seat:player}'s {declaration:term}: "
        + reason
        + "; it is not paid"
        for variant, reason in MALFORMED.items()
    },
    **_PLAY,
    **_SESSION,
}

#: The templates of piemonte3's score lines (:meth:`~scorer.games.replay.Replay.score_line`).
LINES: dict[str, str] = {
    "declared": "{kind:term} declared by {seat:player}: {worth} from each opponent",
    "card_points": (
        "Card points: {seats[0]:player} {totals[0]}, {seats[1]:player} {totals[1]}, "
        "{seats[2]:player} {totals[2]} of {pack} ({even} to break even)"
    ),
    "card_points.thirds": (
        "Card points: {seats[0]:player} {totals[0]}, {seats[1]:player} {totals[1]}, "
        "{seats[2]:player} {totals[2]} of {pack} ({pack}/3 to break even, in thirds of a game "
        "point)"
    ),
    "bargain": (
        "Bargain after round {round}: demands equal offers ({demanded}), the hand is thrown "
        "in; {parts:terms}"
    ),
    "bargain.passed": (
        "Bargain after round {round}: all three passed, the hand is thrown in with no payment"
    ),
}


#: The sentences of the session's summary (PIE3-4, PIE3-8), over the ledger's own.
SESSION: dict[str, str] = {
    **LEDGER,
    "piemonte3.hands": (
        "{count} hand(s): {played} played out, {bargained} settled by a bargain, {passed} "
        "thrown in with all passing (PIE3-4, PIE3-8)"
    ),
    "piemonte3.ahead": (
        "{leaders:names_and} ahead with {top:+d} {unit}; the ledger is zero-sum (PIE3-8)"
    ),
}

"""Nice findings, score lines and contract summaries name cards and suits in the record's style.

A record with ``[Suits "french"]`` is written in French letters (S spades, C clubs, H hearts,
D diamonds; C is also the Cavalier), so its messages must be too: the Queen of batons is
``QC`` there, and ``QC`` in Italian letters is the Queen of cups. Each test builds one record
with :mod:`nicekit`, writes it in Italian, French and symbol letters with every card at the
same line and column (:func:`styled`), and checks that

* the reports are the same but for the wording: codes, severities, rules, places, seats,
  cards, tricks, scores (:func:`skeleton`);
* every message of the French (symbols) report is the Italian one with its cards and suits
  reworded (:func:`reworded`), on the fast and the general path alike;
* the message the test is about reads exactly as expected in both styles, so a message that
  fell back to the Italian text (``str(card)``) fails.

The situations themselves are the ones of ``test_nice_rules.py``.
"""

from __future__ import annotations

import re

from nicekit import PLAYERS, hand, verify

from scorer.cards import Card, Suit
from scorer.report import Report
from scorer.wording import wording

A, B, C, D = PLAYERS["nice4"]
STYLES = ("italian", "french", "symbols")
# a suit card in Italian letters, as a whole token (10 or a rank, then a suit letter)
_ITALIAN_CARD = re.compile(r"(?<!\S)(?:10|[2-9AJCQK])[SBCD](?=[\s(]|$)")
_CARD_IN_TEXT = re.compile(r"\b(?:10|[2-9AJCQK])[SBCD]\b")
_SUIT_WORD = re.compile(r"\b(?:swords|batons|cups|coins)\b")


# -- helpers ---------------------------------------------------------------------------------
def styled(text: str, style: str) -> str:
    """The record ``text`` (Italian letters, no Suits tag) with its suit cards in ``style``'s
    letters and a ``Suits`` tag after the other tags; the Italian record gets a comment there
    instead (the game's default applies), so every line and column stays the same."""
    lines = text.splitlines()
    tags = max(i for i, line in enumerate(lines) if line.startswith("["))
    out = []
    for i, line in enumerate(lines):
        if not line.startswith(("[", ";")):
            line = _ITALIAN_CARD.sub(lambda m: Card.parse(m.group(0)).text(style), line)
        out.append(line)
        if i == tags:
            out.append(f'[Suits "{style}"]' if style != "italian" else "; Italian letters")
    return "\n".join(out) + "\n"


def test_styled_moves_nothing_and_rewrites_only_suit_cards() -> None:
    text = '[Game "nice4"]\nhand Anna: QB QC 10D KS 21 Fool\n1. CB(quatre-rei) 2C 7 AD\n'
    assert styled(text, "french").splitlines() == [
        '[Game "nice4"]',
        '[Suits "french"]',
        "hand Anna: QC QH 10D KS 21 Fool",
        "1. CC(quatre-rei) 2H 7 AD",
    ]
    assert styled(text, "italian").splitlines()[1:] == ["; Italian letters", *text.splitlines()[1:]]
    assert styled(text, "symbols").splitlines()[2] == "hand Anna: Q♣ Q♥ 10♦ K♠ 21 Fool"


def reworded(message: str, style: str) -> str:
    """An Italian message with its suit cards and suit names in ``style``."""
    words = wording(style)
    message = _CARD_IN_TEXT.sub(lambda m: words.card(Card.parse(m.group(0))), message)
    names = wording("italian").suits
    return _SUIT_WORD.sub(lambda m: words.suits[names.index(m.group(0))], message)


def skeleton(report: Report) -> tuple:
    """Everything in a report but the wording of its messages, labels and summaries."""
    return (
        report.status,
        [
            (f.code, f.severity, f.rule, f.loc, f.trick, f.seat, f.cards, f.legal)
            for f in report.findings
        ],
        [(t.number, t.leader, t.cards, t.winner, t.points, t.flags) for t in report.tricks],
        [(line.amounts, line.rule) for line in report.lines],
        report.settlement,
        sorted(report.contract),
    )


def texts(report: Report) -> list[str]:
    """Every worded text of a report: messages, score-line labels, contract summary values."""
    return (
        [f.message for f in report.findings]
        + [line.label for line in report.lines]
        + [f"{k}={v}" for k, v in sorted(report.contract.items())]
    )


def in_styles(text: str, options: dict[str, str] | None = None) -> dict[str, Report]:
    """Verify ``text`` in each style and check what every style must share (see the module
    docstring); the reports by style."""
    reports = {style: verify(styled(text, style), options) for style in STYLES}
    italian = reports["italian"]
    for style, report in reports.items():
        assert skeleton(report) == skeleton(italian), style
        assert texts(report) == [reworded(t, style) for t in texts(italian)], style
    return reports


def message(report: Report, code: str) -> str:
    """The one message of ``code`` that counts (not one found after the first error, #24.8)."""
    found = [f.message for f in report.findings if f.code == code and not f.after_first_error]
    assert len(found) == 1, (code, [f.code for f in report.findings])
    return found[0]


def messages(reports: dict[str, Report], code: str) -> tuple[str, str, str]:
    """The one message of ``code`` in the Italian, French and symbols reports."""
    return tuple(message(reports[style], code) for style in STYLES)  # type: ignore[return-value]


# -- the play --------------------------------------------------------------------------------
def test_revoke_names_the_card_and_the_suit_led_in_the_records_letters() -> None:
    """G-1: Bruno holds cups and plays the Queen of batons on a cups lead."""
    scenario = hand(
        fixed={A: "2C", B: "5C QB", C: "6C", D: "7C"}, force={(1, A): "2C", (1, B): "QB"}
    )
    assert "\n1. 2C QB " in scenario.text  # the single pass replays it (all hands written)
    assert messages(in_styles(scenario.text), "MUST_FOLLOW_SUIT") == (
        "Bruno played QB but held cups and had to follow suit",
        "Bruno played QC but held hearts and had to follow suit",
        "Bruno played Q♣ but held hearts and had to follow suit",
    )


def test_revoke_in_three_player_nice_is_worded_alike() -> None:
    """nice3 shares the play: the same revoke, three players."""
    scenario = hand(
        "nice3", dealer=C, fixed={A: "2C", B: "5C CB", C: "6C"}, force={(1, A): "2C", (1, B): "CB"}
    )
    assert messages(in_styles(scenario.text), "MUST_FOLLOW_SUIT") == (
        "Bruno played CB but held cups and had to follow suit",
        "Bruno played CC but held hearts and had to follow suit",
        "Bruno played C♣ but held hearts and had to follow suit",
    )


def test_failure_to_trump_names_the_suit_led() -> None:
    """NICE-11: void in cups, Bruno discards a baton instead of playing a Tarot."""
    void_b = "AB 2B 3B 4B 5B 6B 7B 8B 9B 10B JB CB QB KB 2 3 4 20 21"  # no swords/cups/coins
    scenario = hand(fixed={B: void_b, A: "2C"}, force={(1, A): "2C", (1, B): "AB"}, tricks=1)
    assert messages(in_styles(scenario.text), "MUST_TRUMP") == (
        "Bruno played AB but had no cups but held Tarots, so had to play a Tarot",
        "Bruno played AC but had no hearts but held Tarots, so had to play a Tarot",
        "Bruno played A♣ but had no hearts but held Tarots, so had to play a Tarot",
    )


def test_card_not_held_in_a_trick() -> None:
    """G-2: a trick's leader plays a cups card that Carla holds (and plays later)."""
    scenario = hand(fixed={C: "2C 3C 4C 5C 6C"}, call="KS")
    first = next(n for n in range(1, 20) if scenario.seat_of(n, 0) != C)
    number, position, card = next(
        (n, i, c)
        for n, t in enumerate(scenario.tricks, 1)
        if n > first
        for i, c in enumerate(t)
        if scenario.seat_of(n, i) == C and c.suit == Suit.CUPS
    )
    leader = scenario.seat_of(first, 0)
    tricks = [list(t) for t in scenario.tricks]
    tricks[first - 1][0], tricks[number - 1][position] = card, tricks[first - 1][0]
    scenario.build.tricks = tricks
    italian, french, symbols = messages(in_styles(scenario.text), "CARD_NOT_HELD")
    held = f"; {C} holds it"  # the card is Carla's, and the sentence says so (#32.10)
    assert italian == f"{leader} does not hold {card}{held}"
    assert french == f"{leader} does not hold {card.text('french')}{held}"
    assert symbols == f"{leader} does not hold {card.text('symbols')}{held}"
    assert str(card) != card.text("french")  # a cups card: H in French letters


def test_bagatte_lead_rule_names_the_card_led_and_the_suit_kept() -> None:
    """NICE-14: Bruno leads batons, then a coins card while still holding batons."""
    deal = {  # DEAL_ULTIMU of test_nice_rules: Bruno keeps I and wins the last trick
        A: "3S 5S 8S JS CS 4B 7B 8B KB 5C CC 5D 6D 9D KD 2 3 12 16",
        B: "2S 9S AB 2B 10B JB 2C 6C 8C 3D 7D QD 1 6 8 13 15 20 21",
        C: "6S QS 9B QB AC 4C 7C 9C 10C JC QC AD 2D 8D JD CD 9 17 19",
        D: "AS 4S 7S 10S KS 3B 5B 6B CB 3C KC 4D 10D 4 5 7 10 11 14 18 Fool",
    }
    scenario = hand(fixed=deal, keep={B: "1"}, force={(13, B): "3D"})
    assert scenario.seat_of(13, 0) == B and scenario.tricks[12][0] == Card.parse("3D")
    assert messages(in_styles(scenario.text), "BAGATTE_LEAD_RULE") == tuple(
        f"Bruno led {card} while still holding {suit} after leading that suit: no Bagatte "
        "Ultimu payment either way"
        for card, suit in (("3D", "batons"), ("3D", "clubs"), ("3♦", "clubs"))
    )


# -- the discard -----------------------------------------------------------------------------
def test_bad_discard_names_the_king() -> None:
    """NICE-6: the dealer discards the King of batons."""
    scenario = hand(fixed={D: "KB 2S"}, discard="KB 2S")
    assert messages(in_styles(scenario.text), "BAD_DISCARD") == (
        "Kings and Honours may not be discarded: KB",
        "Kings and Honours may not be discarded: KC",
        "Kings and Honours may not be discarded: K♣",
    )


def test_derived_discard_names_its_cards() -> None:
    """NICE-6: no discard line and the play complete: the discard is the cards not played."""
    scenario = hand(fixed={D: "2B 3C"}, discard="2B 3C")
    scenario.build.discard = None
    assert messages(in_styles(scenario.text), "DISCARD_DERIVED") == (
        "the discard is not written; it is the cards nobody played: 2B 3C",
        "the discard is not written; it is the cards nobody played: 2C 3H",
        "the discard is not written; it is the cards nobody played: 2♣ 3♥",
    )


def test_discarding_a_card_not_held() -> None:
    """G-2: the dealer discards the Queen of cups, which Carla holds (no play written)."""
    scenario = hand(fixed={D: "2S 3S", C: "QC"}, discard="2S 3S")
    scenario.build.tricks = []
    text = scenario.text.replace("discard: 2S 3S", "discard: 2S QC")
    assert "discard: 2S QC" in text
    assert messages(in_styles(text), "CARD_NOT_HELD") == (
        "the dealer did not hold QC",
        "the dealer did not hold QH",
        "the dealer did not hold Q♥",
    )


def test_discarded_card_also_played() -> None:
    """G-2: a card in the discard is also played (Carla plays 9C)."""
    scenario = hand(fixed={D: "2S 3S", C: "9C"}, discard="2S 3S", write_hands=False)
    text = scenario.text.replace("discard: 2S 3S", "discard: 2S 9C")
    assert messages(in_styles(text), "DUPLICATE_CARD") == (
        "9C is discarded and also played in trick 9",
        "9H is discarded and also played in trick 9",
        "9♥ is discarded and also played in trick 9",
    )


def test_card_twice_in_the_discard() -> None:
    """G-2: the discard names the 3 of batons twice."""
    scenario = hand(fixed={D: "2S 3B"}, discard="2S 3B")
    text = scenario.text.replace("discard: 2S 3B", "discard: 3B 3B")
    assert messages(in_styles(text), "DUPLICATE_CARD") == (
        "3B twice in the discard",
        "3C twice in the discard",
        "3♣ twice in the discard",
    )


# -- the contract ----------------------------------------------------------------------------
def test_bad_call_and_the_contract_summary_name_the_called_card() -> None:
    """NICE-8: the dealer calls the Queen of batons instead of a King."""
    scenario = hand(fixed={C: "QB"}, call="QB")
    reports = in_styles(scenario.text)
    assert messages(reports, "BAD_CALL") == (
        "the dealer calls a King, not QB",
        "the dealer calls a King, not QC",
        "the dealer calls a King, not Q♣",
    )
    assert [reports[s].contract["called"] for s in STYLES] == ["QB", "QC", "Q♣"]


def test_four_kings_call_names_the_card() -> None:
    """NICE-8: holding all four Kings the dealer calls XX, not the Queen of cups."""
    scenario = hand(fixed={D: "KS KB KC KD", B: "QC"}, call="QC")
    assert messages(in_styles(scenario.text), "BAD_CALL") == (
        "holding all four Kings the dealer calls XX, not QC",
        "holding all four Kings the dealer calls XX, not QH",
        "holding all four Kings the dealer calls XX, not Q♥",
    )


def test_solo_summary_names_the_called_and_the_given_card() -> None:
    """NICE-7: Carla's Solo calls the King of batons from Anna and gives back the 2 of cups."""
    scenario = hand(fixed={C: "21 19 18 17 16 KS KC 2C", A: "KB"}, solo=C, call="KB", exchange="2C")
    reports = in_styles(scenario.text)
    assert [f.code for f in reports["french"].findings if f.severity.value != "note"] == []
    assert [(reports[s].contract["called"], reports[s].contract["given"]) for s in STYLES] == [
        ("KB", "2C"),
        ("KC", "2H"),
        ("K♣", "2♥"),
    ]


def test_missing_exchange_and_exchange_not_held_name_the_cards() -> None:
    """NICE-7: the exchange line is missing, or names a card the Solo player lacks."""
    scenario = hand(fixed={C: "21 19 18 17 16 KS KC 2S", A: "KB", B: "QC"}, solo=C, call="KB")
    assert messages(in_styles(scenario.text), "MISSING_EXCHANGE") == tuple(
        f"the Solo player receives {king} and gives a card back: write exchange: CARD"
        for king in ("KB", "KC", "K♣")
    )
    text = scenario.text.replace("call: KB\n", "call: KB\nexchange: QC\n")
    assert messages(in_styles(text), "CARD_NOT_HELD") == tuple(
        f"Carla does not hold {queen} to give" for queen in ("QC", "QH", "Q♥")
    )


def test_own_card_without_a_choice_names_it() -> None:
    """NICE-9: the dealer calls the King of cups he holds and says neither surrender nor
    sans-prendre."""
    scenario = hand(fixed={D: "KC"}, call="KC sans-prendre")
    text = scenario.text.replace("call: KC sans-prendre", "call: KC")
    assert messages(in_styles(text), "MISSING_CHOICE") == tuple(
        f"Dario called {king}, which he holds: the record must say surrender or sans-prendre"
        for king in ("KC", "KH", "K♥")
    )


def test_unknown_holder_names_the_called_card() -> None:
    """NICE-8: no hands and no play: who held the called King cannot be told."""
    text = (
        '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
        "mountain 1: keep\nmountain 2: keep\nsolo: none\ncall: KB\n"
    )
    assert messages(in_styles(text), "HOLDER_UNKNOWN") == tuple(
        f"who held {king} cannot be told from this partial record" for king in ("KB", "KC", "K♣")
    )


def test_no_exchange_when_the_called_card_lies_in_the_discard() -> None:
    """NICE-7: Bruno's Solo calls the 2 of cups, which the dealer discarded: no exchange."""
    scenario = hand(fixed={D: "2C 3S", B: "21 18 17 16 15 KS"}, discard="2C 3S", solo=B, call="2C")
    text = scenario.text.replace("call: 2C\n", "call: 2C\nexchange: KS\n")
    assert messages(in_styles(text), "BAD_EXCHANGE") == tuple(
        f"no exchange here: {two} lies in the discard, so no exchange happens (NICE-7)"
        for two in ("2C", "2H", "2♥")
    )


def test_own_card_taken_on_the_records_word_names_it() -> None:
    """NICE-9: no hands and no play: the caller's own King is taken on the record's word."""
    text = (
        '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
        "mountain 1: keep\nmountain 2: keep\nsolo: none\ncall: KB surrender\n"
    )
    assert messages(in_styles(text), "HOLDER_UNKNOWN") == tuple(
        f"the record says the caller held {king}; without the deal this cannot be checked"
        for king in ("KB", "KC", "K♣")
    )


# -- declarations ----------------------------------------------------------------------------
TEN = "21 19 18 17 16 15 14 13 12 11"
NINE = "21 19 18 17 16 15 14 13 12"


def test_ten_tarocche_with_a_suit_card_names_it() -> None:
    """NICE-12: a baton is shown among the ten Tarots."""
    scenario = hand(fixed={A: f"{TEN} QB"}, declares=[f"{A}: 10-tarocche {NINE} QB"])
    assert messages(in_styles(scenario.text), "DECLARATION_MALFORMED") == (
        "only Tarots and the Fool make 10 Tarocche: QB",
        "only Tarots and the Fool make 10 Tarocche: QC",
        "only Tarots and the Fool make 10 Tarocche: Q♣",
    )


def test_quatre_rei_not_held_names_the_kings() -> None:
    """NICE-13: Carla declares Quatre Rei (lenient timing) lacking the King of batons."""
    scenario = hand(fixed={C: "KS KC KD", A: "KB"}, call="KS", declares=[f"{C}: quatre-rei"])
    reports = in_styles(scenario.text, {"declaration-timing": "lenient"})
    assert messages(reports, "DECLARATION_NOT_HELD") == (
        "quatre-rei needs KS KB KC KD when play began; Carla lacked KB",
        "quatre-rei needs KS KC KH KD when play began; Carla lacked KC",
        "quatre-rei needs K♠ K♣ K♥ K♦ when play began; Carla lacked K♣",
    )


def test_quatre_rei_on_an_earlier_king_names_that_king() -> None:
    """NICE-13: Quatre Rei written on a King Bruno plays before the fourth."""
    scenario = hand(fixed={B: "KS KB KC KD"}, call="KS")
    last = scenario.annotate(B, "KS KB KC KD", "quatre-rei")  # the fourth: paid
    # a King whose letter differs in French (batons or cups), played before the fourth
    king = next(Card.parse(k) for k in ("KB", "KC") if scenario.played_by(k)[0] < last)
    number, _ = scenario.played_by(str(king))
    scenario.build.notes = {(number, scenario.tricks[number - 1].index(king)): "quatre-rei"}
    italian, french, symbols = messages(in_styles(scenario.text), "DECLARATION_TIMING")
    expected = "quatre-rei is declared with the last card of the set, not with {}; it is not paid"
    assert (italian, french, symbols) == tuple(expected.format(king.text(s)) for s in STYLES)

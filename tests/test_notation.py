"""The notation reader and the canonical writer (``docs/notation.md``).

The reader collects every error of a record with its 1-based line:column (strict mode raises
the first); the writer's canonical text is a fixed point: ``write(read(write(r))) == write(r)``
and ``read(write(r)).record == r``.
"""

from __future__ import annotations

import doctest
import random
import unicodedata
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import records.notation
from records.notation import MAX_RECORD_LINES, TAG_ORDER, NotationError, read, read_one
from records.writer import write, write_many
from scorer.cards import Card
from scorer.findings import Loc
from scorer.games import GAMES, get_game
from scorer.record import Item, Line, Record, Trick

TAGS = '[Game "nice4"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'

FULL = """; a file comment
[dealer "dario"]  ; tags in any order, any case
[Suits "French"]
[Players "Anna, Bruno, Carla, Dario"]
[Round "3"]
[Game "NICE4"]
[Options "first-lead=declarer,honours=world"]
[Zeta "z"]
[Event "Club {night}; \\"x\\""]

hand Anna : KH QS 21 Fool ?  ; the hand
mountain 1: keep
discard: 3C XVI announce=1
call: KH
declare Anna: 10-tarocche 21 20 19 18 17 16 15 14 13 Fool
1. 7S 8S AS KS
2) Carla: 3H 4H {inline comment} 5H 6H
3. 7H *8H 9H 10H
4. XX(mitigatti) 5C 6C 7C
5. - *KD - -
claim marca: Anna +3 Bruno -1 Carla -1 Dario -1
"""

FULL_CANONICAL = """[Game "nice4"]
[Event "Club {night}; \\"x\\""]
[Round "3"]
[Players "Anna, Bruno, Carla, Dario"]
[Dealer "Dario"]
[Options "first-lead=declarer honours=world"]
[Suits "french"]
[Zeta "z"]

hand Anna: KH QS 21 Fool ?
mountain 1: keep
discard: 3C 16 announce=1
call: KH
declare Anna: 10-tarocche 21 20 19 18 17 16 15 14 13 Fool
1. 7S 8S AS KS
2. Carla: 3H 4H 5H 6H
3. Bruno: 8H 9H 10H 7H
4. 20(mitigatti) 5C 6C 7C
5. Bruno: KD
claim marca: Anna +3 Bruno -1 Carla -1 Dario -1
"""


def cards(text: str, style: str = "italian") -> tuple[Card, ...]:
    return tuple(Card.parse(t, style) for t in text.split())


def only(text: str, **kwargs) -> records.notation.Parsed:
    parsed = read(text, **kwargs)
    assert len(parsed) == 1
    return parsed[0]


def errors(text: str) -> list[tuple[int, int, str]]:
    """Every error of a one-record text as (line, column, message)."""
    return [(e.loc.line, e.loc.column, e.message) for e in only(text).errors]


def column(line: str, token: str) -> int:
    """1-based column of ``token`` in ``line``."""
    return line.index(token) + 1


# -- a full record -------------------------------------------------------------------------
def test_full_record_reads_without_errors() -> None:
    parsed = only(FULL)
    assert parsed.ok and parsed.errors == []
    record = parsed.record
    assert record.game == "nice4"
    assert record.players == ["Anna", "Bruno", "Carla", "Dario"]
    assert record.dealer == 3
    assert record.options == {"first-lead": "declarer", "honours": "world"}
    assert record.tag("Event") == 'Club {night}; "x"'
    assert record.start == Loc(2, 1)
    assert record.source.startswith('[dealer "dario"]')


def test_tags_are_canonicalised() -> None:
    """Names and values normalised, roster order first, unknown tags after, as read."""
    record = only(FULL).record
    names = [name for name, _ in record.tags]
    assert names == ["Game", "Event", "Round", "Players", "Dealer", "Options", "Suits", "Zeta"]
    assert names[:7] == [t for t in TAG_ORDER if t in names]
    assert record.tag("Game") == "nice4" and record.tag("Dealer") == "Dario"
    assert record.tag("Suits") == "french"
    assert record.tag("Options") == "first-lead=declarer honours=world"


def test_body_of_the_full_record() -> None:
    record = only(FULL).record
    hand = record.lines("hand")[0]
    assert hand.subject == "Anna"
    assert [i.text for i in hand.items] == ["KC", "QS", "21", "Fool", "?"]  # KH: king of hearts
    assert hand.items[-1].is_unknown and hand.items[-1].card is None
    assert hand.cards() == list(cards("KH QS 21 Fool", "french"))
    discard = record.lines("discard")[0]
    assert discard.cards() == list(cards("3C 16", "french"))
    assert discard.options()["announce"].value == "1"
    assert record.lines("mountain")[0].subject == "1"
    call = record.lines("call")[0]
    assert call.cards() == list(cards("KH", "french"))
    declare = record.lines("declare")[0]
    assert declare.items[0].text == "10-tarocche" and declare.items[0].card is None
    assert len(declare.cards()) == 10
    claim = record.lines("claim")[0]
    assert claim.subject == "marca" and claim.items[0].text == "Anna"

    tricks = record.tricks
    assert [t.number for t in tricks] == [1, 2, 3, 4, 5]
    assert [t.leader for t in tricks] == [None, 2, 1, None, 1]
    assert tricks[1].card_tuple == cards("3H 4H 5H 6H", "french")
    assert tricks[2].card_tuple == cards("8H 9H 10H 7H", "french"), "seat order rotated"
    assert tricks[3].plays[0].card == Card.parse("20")
    assert tricks[3].plays[0].note == "mitigatti"
    assert tricks[4].card_tuple == cards("KD"), "'-' entries are not plays"


def test_writer_canonical_form() -> None:
    record = only(FULL).record
    assert write(record) == FULL_CANONICAL
    again = only(FULL_CANONICAL)
    assert again.ok and again.record == record
    assert write(again.record) == FULL_CANONICAL


def test_item_locations() -> None:
    """Items carry their line and column, on the fast path and the slow path alike."""
    record = only(FULL).record
    lines = FULL.split("\n")
    trick1 = record.tricks[0]
    row = lines[15]
    assert row.startswith("1. ")
    assert [i.loc for i in trick1.plays] == [
        Loc(16, column(row, t)) for t in ("7S", "8S", "AS", "KS")
    ]
    row = lines[18]
    assert record.tricks[3].plays[1].loc == Loc(19, column(row, "5C"))
    hand_row = lines[10]
    assert record.lines("hand")[0].items[4].loc == Loc(11, column(hand_row, "?"))


# -- comments --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line",
    [
        "1. 7S 8S AS KS ; comment KX",
        "1. 7S {KX} 8S AS KS",
        "1. {a}7S 8S{b} AS KS{c}",
        "{lead} 1. 7S 8S AS KS",
        "1. 7S 8S AS KS;no space",
        "1. 7S 8S AS KS {unclosed",
    ],
)
def test_comments(line: str) -> None:
    parsed = only(TAGS + line + "\n")
    assert parsed.ok, parsed.errors
    assert parsed.record.tricks[0].card_tuple == cards("7S 8S AS KS")


def test_comment_only_lines_and_blank_lines_are_skipped() -> None:
    text = "; header\n\n{ braces }\n" + TAGS + "\n; between\n1. 7S 8S AS KS\n\n"
    parsed = only(text)
    assert parsed.ok and len(parsed.record.tricks) == 1
    assert parsed.record.start == Loc(4, 1)


def test_comment_characters_inside_a_tag_value_and_an_annotation() -> None:
    text = '[Event "a; b {c} \\"d; e\\" \\\\"]\n' + TAGS + "1. 1(a;b {c}) 2S 3S 4S\n"
    parsed = only(text)
    assert parsed.ok, parsed.errors
    assert parsed.record.tag("Event") == 'a; b {c} "d; e" \\'
    assert parsed.record.tricks[0].plays[0].note == "a;b {c}"


# -- tags -------------------------------------------------------------------------------------
@pytest.mark.parametrize("missing", ["Game", "Players", "Dealer"])
def test_required_tags(missing: str) -> None:
    lines = [ln for ln in TAGS.splitlines() if not ln.startswith(f"[{missing}")]
    text = '[Event "e"]\n' + "\n".join(lines) + "\n1. 7S 8S AS KS\n"
    assert errors(text)[0] == (1, 1, f"the {missing} tag is missing")
    with pytest.raises(NotationError, match=f"the {missing} tag is missing"):
        read(text, strict=True)


def test_unknown_game() -> None:
    text = '[Game "nice5"]\n[Players "A, B"]\n[Dealer "A"]\n'
    from scorer.games import GAMES  # every registered engine is listed, in key order

    known = ", ".join(sorted(GAMES))
    assert "nice3, nice4" in known
    assert errors(text) == [(1, 8, f"unknown game 'nice5'; known: {known}")]


@pytest.mark.parametrize(
    ("game", "players"), [("nice4", "A, B, C"), ("nice3", "A, B, C, D"), ("nice4", "A B C D E")]
)
def test_wrong_player_count(game: str, players: str) -> None:
    text = f'[Game "{game}"]\n[Players "{players}"]\n[Dealer "A"]\n'
    [(line, col, message)] = errors(text)
    assert (line, col) == (2, 11) and "players, the tag names" in message


def test_duplicate_player_names() -> None:
    text = '[Game "nice3"]\n[Players "Anna, anna, Bruno"]\n[Dealer "Bruno"]\n'
    assert errors(text) == [(2, 11, "two players have the same name")]


def test_space_separated_players() -> None:
    parsed = only('[Game "nice3"]\n[Players "Anna Bruno Carla"]\n[Dealer "carla"]\n')
    assert parsed.ok
    assert parsed.record.players == ["Anna", "Bruno", "Carla"]
    assert parsed.record.tag("Players") == "Anna, Bruno, Carla"
    assert parsed.record.dealer == 2


def test_records_with_the_same_tags_share_the_work_not_the_values() -> None:
    """``Record.players``, ``dealer`` and ``options`` are worked out once per set of tags
    (the hands of one table): each record still gets its own list and dict, and tags given
    as lists (not hashable) are read too."""
    from scorer.record import Record

    tags = (
        ("Game", "nice3"),
        ("Players", "Anna, Bruno, Carla"),
        ("Dealer", "bruno"),
        ("Options", "first-lead=declarer"),
    )
    first, second = Record(tags), Record(tags)
    first.players.append("Zed")
    first.options["first-lead"] = "eldest"
    assert second.players == ["Anna", "Bruno", "Carla"] and second.dealer == 1
    assert second.options == {"first-lead": "declarer"}
    listed = Record([list(tag) for tag in tags])  # type: ignore[arg-type]
    assert (listed.players, listed.dealer, listed.options) == (
        ["Anna", "Bruno", "Carla"],
        1,
        {"first-lead": "declarer"},
    )


def test_dealer_not_a_player() -> None:
    text = '[Game "nice3"]\n[Players "A, B, C"]\n[Dealer "Zed"]\n'
    assert errors(text) == [(3, 10, "the dealer 'Zed' is not one of the players")]


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ("honours=moon", "option honours='moon' is not one of angel, world"),
        ("no-such=on", "no rule option 'no-such'"),
        ("first-lead=eldest honours=x", "option honours='x'"),
    ],
)
def test_bad_options(options: str, fragment: str) -> None:
    text = TAGS + f'[Options "{options}"]\n'
    [(line, col, message)] = errors(text)
    assert (line, col) == (4, 11) and fragment in message


def test_options_canonicalised() -> None:
    parsed = only(TAGS + '[Options "First-Lead=Declarer,  declaration-timing=lenient"]\n')
    assert parsed.ok
    assert parsed.record.tag("Options") == "first-lead=declarer declaration-timing=lenient"


@pytest.mark.parametrize(
    ("value", "style"), [("italian", "italian"), ("French", "french"), ("SYMBOLS", "symbols")]
)
def test_suit_styles(value: str, style: str) -> None:
    parsed = only(TAGS + f'[Suits "{value}"]\n1. KC KD K♣ K♥\n')
    assert parsed.ok, parsed.errors
    assert parsed.record.tag("Suits") == style
    cups, batons, coins = Card.parse("KC"), Card.parse("KB"), Card.parse("KD")
    first = batons if style == "french" else cups  # symbols records read Italian letters
    assert parsed.record.tricks[0].card_tuple == (first, coins, batons, cups)


def test_bad_suit_style() -> None:
    assert errors(TAGS + '[Suits "german"]\n') == [
        (4, 9, "Suits is one of italian, french, symbols")
    ]


def test_french_style_writes_french_letters() -> None:
    parsed = only(TAGS + '[Suits "french"]\nhand Anna: KH QC CD JS\n1. KC 2H 3D 4S\n')
    text = write(parsed.record)
    assert "hand Anna: KH QC CD JS\n" in text
    assert "1. KC 2H 3D 4S\n" in text
    # the same cards in an Italian record are written with Italian letters
    italian = Record(tuple(t for t in parsed.record.tags if t[0] != "Suits"), parsed.record.body)
    assert "hand Anna: KC QB CD JS\n" in write(italian)
    symbols = Record((*italian.tags, ("Suits", "symbols")), parsed.record.body)
    assert "1. K♣ 2♥ 3♦ 4♠\n" in write(symbols)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[Game nice4]", 'a tag reads [Name "value"]'),
        ('[Game "nice4"', 'a tag reads [Name "value"]'),
        ('[1Game "nice4"]', 'a tag reads [Name "value"]'),
        ('[Game "nice4"] trailing', 'a tag reads [Name "value"]'),
    ],
)
def test_malformed_tags(line: str, message: str) -> None:
    text = TAGS + line + "\n"
    assert (4, 1, message) in errors(text)


def test_repeated_tag() -> None:
    assert errors(TAGS + '[dealer "Anna"]\n') == [(4, 1, "the Dealer tag is repeated")]


def test_body_before_any_tag() -> None:
    [parsed] = read("1. 7S 8S AS KS\n")
    assert (parsed.errors[0].loc, parsed.errors[0].message) == (
        Loc(1, 1),
        'a record starts with its tags, e.g. [Game "nice4"]',
    )


# -- body errors -----------------------------------------------------------------------------
BAD_BODY = """hand: KS
hand Zed: KS
mountain x: keep
discard Anna: 3B
1. *KS *QS 2S 3S
2. KS QS
3. Anna: *KS QS 2S 3S
4. KS - QS 3S
5. - KS *QS 3S
6.
7. KS (x)
8. Zed: KS
9. KS QX 2S 3S
bogus: x
!!!
10. KS *QS 2S
11. Bruno: *KS QS 2S 3S
"""


def test_every_error_of_a_record_is_reported_with_its_place() -> None:
    text = TAGS + BAD_BODY
    body = BAD_BODY.splitlines()

    def at(row: int, token: str | None = None) -> tuple[int, int]:
        return 3 + row, column(body[row - 1], token) if token else 1

    expected = [
        (*at(1, ":"), "hand needs a player before the colon"),
        (*at(2, "Zed"), "'Zed' is not one of the players (Anna, Bruno, Carla, Dario)"),
        (*at(3, "x"), "mountain needs a number before the colon, not 'x'"),
        (*at(4, "Anna"), "discard takes nothing before the colon"),
        (*at(5), "only one card of a trick is marked * as the lead"),
        (*at(8), "'-' (not played) is only used in seat order, with the leader marked *"),
        (*at(9), "a card not played (-) comes before one played, in play order"),
        (*at(10), "trick 6 has no cards"),
        (
            *at(11, "("),
            "unexpected '(' (an annotation is CARD(text) with no space before the parenthesis)",
        ),
        (*at(12, "Zed"), "'Zed' is not one of the players (Anna, Bruno, Carla, Dario)"),
        (*at(13, "QX"), "not a card: 'QX'"),
        (
            *at(14),
            "unknown section 'bogus'; this game knows: call, claim, declare, discard, "
            "exchange, hand, mountain, solo",
        ),
        (*at(15), "expected a section line (keyword: items) or a trick (N. cards)"),
        (
            *at(16),
            "a trick in seat order has one entry per player (4); use - for a card not played",
        ),
        (*at(17), "the leader's name and the card marked * disagree"),
    ]
    assert errors(text) == expected


def test_strict_raises_the_first_error() -> None:
    with pytest.raises(NotationError) as info:
        read(TAGS + BAD_BODY, strict=True)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.loc == Loc(4, 5) and error.message == "hand needs a player before the colon"
    assert str(error) == "4:5: hand needs a player before the colon"


def test_source_name_in_messages() -> None:
    [parsed] = read(TAGS + "1. KX\n", source="club.txt")
    assert str(parsed.errors[0]) == "club.txt:4:4: not a card: 'KX'"


def test_valid_lines_survive_errors_elsewhere() -> None:
    parsed = only(TAGS + "1. 7S 8S AS KS\n2. 7X\n3. 2S 3S 4S 5S\n4. KS(mitigatti\n")
    assert [t.number for t in parsed.record.tricks] == [1, 2, 3]  # line 7 cannot be read
    assert [e.loc for e in parsed.errors] == [Loc(5, 4), Loc(7, 6)]
    assert [e.read_as_unknown for e in parsed.errors] == [True, False]


def test_every_unreadable_card_is_read_as_unknown_and_listed_in_place() -> None:
    """#24.8: a card that cannot be read keeps its line, as an unknown card (``?``), so
    the replay can run past it; every one is listed with its line and column."""
    parsed = only(TAGS + "hand Anna: 1OH KS QS\n1. 7S JDD AS KS\n2. 2S 3S 4X 5S\n")
    assert [(e.loc, e.message, e.read_as_unknown) for e in parsed.errors] == [
        (Loc(4, 12), "not a card: '1OH'", True),
        (Loc(5, 7), "not a card: 'JDD'", True),
        (Loc(6, 10), "not a card: '4X'", True),
    ]
    hand, first, second = parsed.record.body
    assert [item.text for item in hand.items] == ["?", "KS", "QS"]
    assert first.card_tuple[1] is None and second.card_tuple[2] is None
    assert [item.loc for item in first.plays if item.card is None] == [Loc(5, 7)]


# -- several records ---------------------------------------------------------------------------
def test_several_records_per_file() -> None:
    rng = random.Random(7)
    recs = [get_game(k).random_record(rng) for k in ("nice4", "nice3", "nice4")]
    text = write_many(recs)
    parsed = read(text)
    assert [p.record for p in parsed] == recs
    assert all(p.ok for p in parsed)
    starts = [p.record.start.line for p in parsed]
    lines = text.split("\n")
    assert all(lines[s - 1].startswith('[Game "') for s in starts)
    assert starts == sorted(starts)


def test_errors_belong_to_their_record() -> None:
    text = TAGS + "1. KX\n" + TAGS + "1. 7S 8S AS KS\n" + TAGS + "1. 7S 8S AS QX\n"
    parsed = read(text)
    assert [[e.loc for e in p.errors] for p in parsed] == [[Loc(4, 4)], [], [Loc(12, 13)]]
    assert [p.record.start for p in parsed] == [Loc(1, 1), Loc(5, 1), Loc(9, 1)]


def test_read_one() -> None:
    assert read_one(TAGS).ok
    parsed = read_one(TAGS + "1. KS\n" + TAGS)
    assert [e.message for e in parsed.errors] == ["expected one record, found 2"]
    with pytest.raises(NotationError):
        read_one("", strict=True)
    assert read_one("").record is None


# -- items -----------------------------------------------------------------------------------
def test_unknown_cards_and_annotations_in_tricks() -> None:
    parsed = only(TAGS + "1. ? 8S(led by mistake) ? KS\n2. - *? - -\n")
    assert parsed.ok, parsed.errors
    first, second = parsed.record.tricks
    assert first.card_tuple == (None, Card.parse("8S"), None, Card.parse("KS"))
    assert first.plays[1].note == "led by mistake" and first.plays[0].is_unknown
    assert second.leader == 1 and second.card_tuple == (None,)
    text = write(parsed.record)
    assert "1. ? 8S(led by mistake) ? KS\n" in text and "2. Bruno: ?\n" in text


def test_seat_order_with_leader_name_agreeing() -> None:
    parsed = only(TAGS + "1. Carla: 7S 8S *AS KS\n")
    assert parsed.ok
    trick = parsed.record.tricks[0]
    assert trick.leader == 2 and trick.card_tuple == cards("AS KS 7S 8S")


def test_leader_names_are_case_insensitive_and_canonical() -> None:
    parsed = only(TAGS + "1. carla : 7S 8S AS KS\n")
    assert parsed.ok and parsed.record.tricks[0].leader == 2
    assert "1. Carla: 7S 8S AS KS\n" in write(parsed.record)


def test_words_and_mixed_items() -> None:
    parsed = only(TAGS + "mountain 1: Mountain KS keep\ncall: RS surrender\nsolo: none\n")
    assert parsed.ok, parsed.errors
    mountain = parsed.record.lines("mountain")[0]
    assert [(i.text, i.card) for i in mountain.items] == [
        ("Mountain", None),
        ("KS", None),
        ("keep", None),
    ]
    call = parsed.record.lines("call")[0]
    assert [(i.text, i.card) for i in call.items] == [("KS", Card.parse("KS")), ("surrender", None)]
    assert "call: KS surrender\n" in write(parsed.record)


def test_trick_numbers_with_parenthesis_and_spaces() -> None:
    parsed = only(TAGS + "1 ) 7S 8S AS KS\n2.KS 2S 3S 4S\n")
    assert parsed.ok and [t.number for t in parsed.record.tricks] == [1, 2]


def test_separators_commas_and_tabs() -> None:
    parsed = only(TAGS + "1. 7S,8S,\tAS , KS\nhand Anna: KS,QS\n")
    assert parsed.ok, parsed.errors
    assert parsed.record.tricks[0].card_tuple == cards("7S 8S AS KS")
    assert parsed.record.lines("hand")[0].cards() == list(cards("KS QS"))


def test_alternative_spellings_are_written_canonically() -> None:
    parsed = only(TAGS + "hand Anna: xxi fuole rc 1s VS nd ｋｓ\n1. Matto T20 III 0\n")
    assert parsed.ok, parsed.errors
    text = write(parsed.record)
    assert "hand Anna: 21 Fool KC AS JS CD KS\n" in text
    assert "1. Fool 20 3 Fool\n" in text


def test_max_record_lines() -> None:
    """A record longer than MAX_RECORD_LINES body lines gets one error; the rest is skipped."""
    body = "".join(f"{n}. 7S 8S AS KS\n" for n in range(1, MAX_RECORD_LINES + 11))
    parsed = only(TAGS + body)
    assert [(e.loc, e.message) for e in parsed.errors] == [
        (Loc(4 + MAX_RECORD_LINES, 1), f"more than {MAX_RECORD_LINES} lines in one record")
    ]
    assert len(parsed.record.tricks) == MAX_RECORD_LINES
    # the next record starts afresh
    parsed = read(TAGS + body + TAGS + "1. 7S 8S AS KS\n")
    assert len(parsed) == 2 and parsed[1].ok


def test_crlf_and_cr_line_ends() -> None:
    text = (TAGS + "1. 7S 8S AS KS\n").replace("\n", "\r\n")
    parsed = only(text)
    assert parsed.ok and parsed.record.tricks[0].plays[3].loc == Loc(4, 13)
    assert only(text.replace("\r\n", "\r")).ok


# -- the writer ------------------------------------------------------------------------------
def test_writer_on_a_built_record() -> None:
    record = Record(
        (
            ("Game", "nice3"),
            ("Players", "Anna, Bruno, Carla"),
            ("Dealer", "Anna"),
            ("Event", 'He said "no"; then left \\'),
        ),
        (
            Line("discard", None, (Item("3B", Card.parse("3B")), Item("announce=0"))),
            Trick(1, 2, (Item("KS", Card.parse("KS"), "x"), Item("?"), Item("-"))),
        ),
    )
    text = write(record)
    assert text == (
        '[Game "nice3"]\n[Players "Anna, Bruno, Carla"]\n[Dealer "Anna"]\n'
        '[Event "He said \\"no\\"; then left \\\\"]\n\n'
        "discard: 3B announce=0\n3. Carla: KS(x) ? -\n".replace("3. ", "1. ")
    )
    parsed = only(text)
    assert parsed.record.tag("Event") == 'He said "no"; then left \\'


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("game", ["nice4", "nice3"])
def test_writer_fixed_point_on_random_records(game: str, seed: int) -> None:
    record = get_game(game).random_record(random.Random(seed))
    text = write(record)
    parsed = only(text)
    assert parsed.ok, parsed.errors
    assert parsed.record == record
    assert write(parsed.record) == text
    assert write(only(write(parsed.record)).record) == text


@given(st.text(alphabet=st.sampled_from('ab\\"{};() ,=*?-:[]\t\u200fé'), max_size=16))
def test_tag_values_round_trip(value: str) -> None:
    """Any one-line tag value survives write then read (quotes, backslashes, comment marks)."""
    record = Record(
        (
            ("Game", "nice4"),
            ("Event", value),
            ("Players", "Anna, Bruno, Carla, Dario"),
            ("Dealer", "Dario"),
        )
    )
    parsed = only(write(record))
    assert parsed.ok, parsed.errors
    assert parsed.record.tag("Event") == value


@given(st.sampled_from(["italian", "french", "symbols"]), st.integers(0, 10_000))
def test_styles_round_trip(style: str, seed: int) -> None:
    record = get_game("nice4").random_record(random.Random(seed))
    styled = Record((*record.tags, ("Suits", style)), record.body)
    text = write(styled)
    parsed = only(text)
    assert parsed.ok, parsed.errors
    assert parsed.record == styled and write(parsed.record) == text


def test_docstring_examples() -> None:
    assert doctest.testmod(records.notation).failed == 0


def test_every_bad_card_of_a_line_is_reported() -> None:
    assert errors(TAGS + "1. KX QS QX 2S\n") == [
        (4, 4, "not a card: 'KX'"),
        (4, 10, "not a card: 'QX'"),
    ]


def test_spaces_before_colons() -> None:
    parsed = only(TAGS + "hand Anna   : KS\nmountain 1 : keep\n1.   Anna  :  KS 2S 3S 4S\n")
    assert parsed.ok, parsed.errors
    assert parsed.record.lines("hand")[0].subject == "Anna"
    assert parsed.record.lines("mountain")[0].subject == "1"
    assert parsed.record.tricks[0].leader == 0
    assert errors(TAGS + "hand Zed   : KS\n") == [
        (4, 6, "'Zed' is not one of the players (Anna, Bruno, Carla, Dario)")
    ]


def test_a_second_game_tag_starts_a_new_record_even_without_a_body() -> None:
    text = TAGS + TAGS + "mountain 1: mountain mountain mountain mountain\n"
    parsed = read(text)
    assert len(parsed) == 2
    assert all(p.ok for p in parsed)
    assert parsed[1].record.start == Loc(TAGS.count("\n") + 1, 1)


def test_a_bad_starred_token_is_quoted_whole() -> None:
    assert errors(TAGS + "1. *****\n")[0] == (4, 4, "not a card: '*****'")


def test_symbols_style_accepts_h_for_cups() -> None:
    parsed = only(TAGS + '[Suits "symbols"]\n')
    assert parsed.ok
    assert Card.parse("KH", "symbols") == Card.parse("K♥")


def test_tags_read_again_give_the_same_record_and_the_same_errors() -> None:
    """Reader.begin_body keeps the set-up of tags that raised no error (the records of one
    table share it): a second record with those tags reads exactly as the first, canonical
    values included, and tags with a problem are checked (and reported) every time."""
    good = (
        '[game "PINCH"]\n[Players "anna,  Bruno"]\n[Dealer "ANNA"]\n'
        '[Options "overtrump=required"]\n\nhand anna: 7S 8S\n1. 7S 9S\n'
    )
    bad = '[Game "pinch"]\n[Players "Anna, Bruno"]\n[Dealer "Carla"]\n\n1. 7S 9S\n'
    first = read(good)[0]
    kept = dict(records.notation._BODY_STARTS)
    again = read("; shifted\n" + good)[0]
    # the second read took the kept set-up, and kept nothing new
    assert kept == records.notation._BODY_STARTS
    assert any(("Dealer", "ANNA") in key for key in kept)
    assert first.record == again.record and first.errors == again.errors == []
    assert dict(again.record.tags) == {
        "Game": "pinch",
        "Players": "anna, Bruno",
        "Dealer": "anna",
        "Options": "overtrump=required",
    }
    assert again.record.lines("hand")[0].subject == "anna"
    for _ in range(2):
        [parsed] = read(bad)
        assert [str(e) for e in parsed.errors] == [
            "3:10: the dealer 'Carla' is not one of the players"
        ]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab \r\n", max_size=5), max_size=8), st.data())
def test_a_run_of_lines_is_a_slice_of_the_text(parts: list[str], data: st.DataObject) -> None:
    """``Reader.joined`` (a record's source, the body block's lines) slices the text instead of
    joining its lines when the run goes to the end: the same string either way."""
    reader = records.notation.Reader("\n".join(parts), records.notation.RecordBuilder())
    count = len(reader.lines)
    start = data.draw(st.integers(0, count))
    end = data.draw(st.integers(start, count + 2))
    assert reader.joined(start, end) == "\n".join(reader.lines[start:end])


# -- comments kept by the writer (tarocco format, issue 19) ------------------------------
COMMENT_TEXTS = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), max_size=12
).map(lambda text: text.replace("{", "(").replace("}", ")"))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["nice4", "minchiate", "pinch", "piemonte3", "piedicavallo"]),
    st.integers(0, 10_000),
    st.lists(
        st.tuples(st.integers(0, 200), st.sampled_from(["line", "end", "brace"]), COMMENT_TEXTS),
        max_size=8,
    ),
)
@example("nice4", 0, [(3, "line", "\uf900 compatibility ideograph")])  # NFC: U+8C48
def test_comments_survive_writing_and_writing_again(
    game: str, seed: int, comments: list[tuple[int, str, str]]
) -> None:
    """Comments put anywhere in a record's text (a line of their own, the end of a line, a
    brace comment on it) are all kept by ``write(..., comments=True)``, the record is the same,
    and writing the result again gives it back unchanged."""
    text = write(get_game(game).random_record(random.Random(seed)))
    lines = text.split("\n")
    written = []
    for place, kind, words in comments:
        at = place % len(lines)
        if kind == "line":  # after the first tag: before it, a file's (tarocco format's) own
            comment = f"; {words}".rstrip()
            lines.insert(max(at, 1), comment)
        elif kind == "brace" or lines[at].strip():
            comment = "{" + words + "}" if kind == "brace" else f"; {words}".rstrip()
            if ";" in lines[at] and kind == "brace":  # a brace after a ; is part of that comment
                continue
            lines[at] = f"{lines[at]} {comment}"
        else:
            continue
        written.append(comment)
    commented = "\n".join(lines)
    parsed = read(commented)
    assert [p.errors for p in parsed] == [[]]
    assert parsed[0].record == read(text)[0].record
    once = write(parsed[0].record, comments=True)
    for comment in written:  # the reader reads text as NFC (#30.3), comments included
        assert unicodedata.normalize("NFC", comment) in once, comment
    again = read(once)
    assert again[0].record == parsed[0].record
    assert write(again[0].record, comments=True) == once
    assert write(again[0].record) == text  # without comments: the canonical text as before


# -- NICE-9a: a word a line does not take is an error, never ignored ------------------------
MINCHIATE = (
    Path(__file__).resolve().parent.parent / "examples" / "minchiate" / "revoke.txt"
).read_text()
PINCH = (Path(__file__).resolve().parent.parent / "examples" / "pinch" / "revoke.txt").read_text()


@pytest.mark.parametrize(
    ("text", "old", "new", "fragment"),
    [
        # an annotation on a section line: no game reads one there
        (MINCHIATE, "discard Dario: 4S 10S", "discard Dario: 4S(whatever) 10S", "no annotation"),
        (TAGS, "", "mountain 1: keep(whatever)\n", "no annotation"),
        # an annotation on a played card, in a game that writes nothing on its cards
        (MINCHIATE, "1. 2S 7S AS 1", "1. 2S(whatever) 7S AS 1", "no annotation"),
        (PINCH, "1. 5H 2S", "1. 5H(whatever) 2S", "no annotation"),
        # a key=value a line of cards does not take (Nice's discard takes announce=N only)
        (TAGS, "", "discard: 2S 3S annonce=1\n", "this line takes announce=N"),
        (MINCHIATE, "replace: AS", "replace: AS foo=1", "this line takes no key=value item"),
        # and none on a trick line
        (MINCHIATE, "1. 2S 7S AS 1", "1. 2S 7S AS foo=1", "a trick line takes no key=value"),
    ],
    ids=[
        "note-on-discard",
        "note-on-word-line",
        "note-on-minchiate-trick",
        "note-on-pinch-trick",
        "unknown-key",
        "key-on-replace",
        "key-on-trick",
    ],
)
def test_nice9a_a_word_the_line_does_not_take_is_an_error(
    text: str, old: str, new: str, fragment: str
) -> None:
    """NICE-9a: an annotation or a key=value no line of the game reads is an error with its
    location (before, it was read and silently dropped)."""
    changed = text + new if not old else text.replace(old, new, 1)
    assert changed != text
    found = errors(changed)
    assert len(found) == 1 and fragment in found[0][2], found
    line_no, col, _ = found[0]
    line = changed.splitlines()[line_no - 1]
    assert line.startswith(new.strip()[:6]) and col > 1
    assert only(text).ok  # the record as it was reads cleanly


# -- reading long texts (issue #21.8) ------------------------------------------------------
class CountedLines(list):
    """The reader's lines, counting every line it fetches (by index, slice or iteration): the
    work of reading, in lines, without a clock."""

    fetched = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        found = super().__getitem__(index)
        CountedLines.fetched += len(found) if isinstance(index, slice) else 1
        return found

    def __iter__(self):  # type: ignore[no-untyped-def]
        for line in super().__iter__():
            CountedLines.fetched += 1
            yield line


def _lines_fetched(text: str) -> int:
    builder = records.notation.RecordBuilder()
    reader = records.notation.Reader(text, builder)
    reader.lines = CountedLines(reader.lines)
    CountedLines.fetched = 0
    reader.run()
    assert builder.results and all(p.ok for p in builder.results)
    return CountedLines.fetched


def test_reading_is_linear_in_the_number_of_records() -> None:
    """Twice the records, twice the lines fetched: a block of plain lines is fetched from its
    own line on, not by walking the text up to it (which made 20,000 records take 24 s)."""
    rng = random.Random(21)
    texts = [write(get_game("nice4").random_record(rng)) for _ in range(400)]
    small, large = "\n".join(texts[:200]), "\n".join(texts)
    lines_small, lines_large = small.count("\n") + 1, large.count("\n") + 1
    fetched_small, fetched_large = _lines_fetched(small), _lines_fetched(large)
    # each line by the main loop and by its block; the last record's source once more
    assert fetched_small <= 4 * lines_small
    assert fetched_large <= 4 * lines_large
    assert fetched_large <= 2.2 * fetched_small


def test_iter_read_gives_each_record_before_reading_the_next() -> None:
    """``iter_read`` gives the records ``read`` gives, one at a time: when the first record
    comes out, the reader has not yet looked at the second one's lines."""
    rng = random.Random(8)
    texts = [write(get_game("nice4").random_record(rng)) for _ in range(3)]
    text = "\n".join(texts) + '\n[Game "nice4"]\nnot a line\n'
    whole = read(text, source="x.txt")
    streamed = records.notation.iter_read(text, source="x.txt")
    first = next(streamed)
    assert first.record == whole[0].record and first.ok
    rest = list(streamed)
    assert [p.record for p in rest] == [p.record for p in whole[1:]]
    assert [[str(e) for e in p.errors] for p in rest] == [
        [str(e) for e in p.errors] for p in whole[1:]
    ]
    assert rest[-1].errors and str(rest[-1].errors[0]).startswith("x.txt:")


# -- one reader (issue #22.4) ----------------------------------------------------------------
class CallLog(records.notation.Visitor):
    """A visitor that writes down each callback, with what it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, ...]] = []

    def begin_record(self, loc: Loc) -> None:
        self.calls.append(("begin_record", tuple(loc)))

    def visit_tag(self, name: str, value: str, loc: Loc) -> None:
        self.calls.append(("visit_tag", name, value))

    def begin_body(self) -> None:
        self.calls.append(("begin_body",))

    def visit_line(self, line: Line) -> None:
        self.calls.append(("visit_line", line.keyword, tuple(line.loc or ())))

    def visit_trick(self, trick: Trick) -> None:
        self.calls.append(("visit_trick", trick.number, tuple(trick.loc or ())))

    def handle_error(self, error: NotationError) -> None:
        self.calls.append(("handle_error", str(error)))

    def end_record(self, source: str) -> None:
        self.calls.append(("end_record",))


def test_the_visitor_hears_one_callback_per_line_in_order() -> None:
    """Plain lines and lines scanned precisely (an annotation, a mistake) alike: one
    callback each, in the text's order; no batch of lines."""
    log = CallLog()
    text = TAGS + "hand Anna: KS QS\n1. 7S 8S 9S KS\n2. XX(mitigatti) 5C\n3. 7S 8X\n4. AS 2S\n"
    records.notation.Reader(text, log).run()
    assert log.calls == [
        ("begin_record", (1, 1)),
        ("visit_tag", "Game", "nice4"),
        ("visit_tag", "Players", "Anna, Bruno, Carla, Dario"),
        ("visit_tag", "Dealer", "Dario"),
        ("begin_body",),
        ("visit_line", "hand", (4, 1)),
        ("visit_trick", 1, (5, 1)),
        ("visit_trick", 2, (6, 1)),
        ("handle_error", "7:7: not a card: '8X'"),
        ("visit_trick", 3, (7, 1)),  # with an unknown card, ? (#24.8)
        ("visit_trick", 4, (8, 1)),
        ("end_record",),
    ]
    assert not any(name.startswith("visit_") and name.endswith("s") for name in dir(log))


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("14. * JB KC 14", "4:5: not a card: '*'"),
        ("14. **KX JB KC 14", "4:5: not a card: '**KX'"),
        ("14. KS *- JB 14", "4:8: not a card: '*-'"),
        (
            "14. KS, QS - JS",
            "4:1: '-' (not played) is only used in seat order, with the leader marked *",
        ),
        ("hand Anna: KS KX", "4:15: not a card: 'KX'"),
        ("hand Zed: KS", "4:6: 'Zed' is not one of the players (Anna, Bruno, Carla, Dario)"),
        ("mountain x: keep", "4:10: mountain needs a number before the colon, not 'x'"),
    ],
)
def test_a_line_the_normal_case_leaves_is_worded_by_the_precise_scan(line: str, error: str) -> None:
    """A line whose tokens are not all plain goes to the precise scan, which words the
    error at its column."""
    [parsed] = read(TAGS + line + "\n")
    assert [str(e) for e in parsed.errors] == [error]


def test_a_plain_line_keeps_its_text_and_builds_its_items_when_asked() -> None:
    """The normal case: a line of card spellings (and ``?``) is kept as its cards and text;
    the items, built when asked, are those an item-by-item reading gives, with their
    columns."""
    [parsed] = read(TAGS + "hand Anna:  ks ?\tFool\n3. Bruno: 7s 8S\n")
    hand, trick = parsed.record.body
    assert hand._items is None and trick._items is None
    assert hand.card_tuple == (Card.parse("KS"), None, Card.parse("Fool"))
    assert hand.word_texts() == ["?"]
    assert [(i.text, tuple(i.loc)) for i in hand.items] == [
        ("KS", (4, 13)),
        ("?", (4, 16)),
        ("Fool", (4, 18)),
    ]
    assert (trick.leader, [(i.text, tuple(i.loc)) for i in trick.plays]) == (
        1,
        [("7S", (5, 11)), ("8S", (5, 14))],
    )
    assert hand == Line(
        "hand", "Anna", (Item("KS", Card.parse("KS")), Item("?"), Item("Fool", Card.parse("Fool")))
    )


def test_the_memo_tables_stay_within_their_caps() -> None:
    """Every memo table is a BoundedMemo, and no text makes one grow past its cap: here
    thousands of distinct section heads, which the table of heads would otherwise keep."""
    from scorer.memo import MEMOS, BoundedMemo

    heads = "".join(
        f"draw{n} Anna: KS\nhand Anna{n}: 7S\n{n % 90 + 1}. {n % 9 + 1}S {n}\n" for n in range(3000)
    )
    read(TAGS + heads)
    tables = list(MEMOS.values())
    assert {
        "reader: section heads",
        "reader: italian runs",
        "record: players, dealer and options by tags",
    } <= {memo.name for memo in tables}
    assert all(isinstance(memo, BoundedMemo) and len(memo) <= memo.limit for memo in tables)
    memo: BoundedMemo[int, int] = BoundedMemo("a test's", 3)
    for key in range(10):
        memo.put(key, key)
        assert len(memo) <= 3 and memo[key] == key


@pytest.mark.parametrize("first", [True, False])
def test_a_comment_in_a_usual_line_is_taken_out_before_the_line_is_read(first: bool) -> None:
    """A line that starts with a letter or digit goes to the normal case as written; a
    comment in it (``;`` or ``{``, even inside a player's name or after a ``key=value``)
    sends it to the precise scan, which takes the comment out first: the line reads as if
    written without it, whether or not it is the record's first body line."""
    head = '[Game "nice4"]\n[Players "Anna;x, Bruno, Carla, Dario"]\n[Dealer "Dario"]\n'
    before = "" if first else "hand Bruno: KS\n"
    at = 4 if first else 5
    for line, errors, expected in [
        ("1. Anna;x: KS QS CS JS", [f"{at}:4: not a card: 'Anna'"], None),
        ("discard: 3B 16 announce=1;x", [], "discard: 3B 16 announce=1"),
        ("mountain 1: keep ; x", [], "mountain 1: keep"),
        ("1. KS QS{x} CS JS", [], "1. KS QS CS JS"),
    ]:
        [parsed] = read(head + before + line + "\n")
        assert [str(e) for e in parsed.errors] == errors
        if expected is not None:
            [written] = read(head + before + expected + "\n")
            assert parsed.record.body[-1] == written.record.body[-1]
            assert parsed.record.body[-1].loc == Loc(at, 1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_writer_writes_a_line_kept_as_tokens_as_its_items_say(game: str) -> None:
    """The writer's quick way for a line the reader kept as plain tokens (its cards in the
    style's text, its words as written, #31.4) gives what the line's items give."""
    from records.writer import _item, _tokens
    from scorer.record import Trick

    text = write_many(GAMES[game].random_session(random.Random(8), 6))
    for parsed in read(text):
        record = parsed.record
        style = (record.tag("Suits") or GAMES[game].default_suits).lower()
        for entry in record.body:
            quick = _tokens(entry, style)
            items = entry.plays if isinstance(entry, Trick) else entry.items
            assert quick == " ".join(_item(item, style) for item in items)

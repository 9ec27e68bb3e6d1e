"""Piedicavallo's remark lines as read, and the engine's fast paths against its general ones.

* The reader: a trick line whose cards carry remarks, ``4C(have none, other-colour 1)``,
  about six lines of every Piedicavallo record, is scanned precisely (the one tokenizer's
  normal case takes no annotation); the reader's tests check what every reading must show
  (``tests/readerkit.py``) and the readings of hand-written lines, errors included.
* The engine's single pass (``scorer.games.piedicavallo.play.fast_play``): seats, checks and
  scores each trick at once, remarks included, and asks whether each card was held only at
  the end (every hand empty); ``PiedicavalloReplay.run`` is the general replay (seat every
  trick, then play it).
* Shortcuts both replays share, each compared with the long way: a discard of cards only
  judged by masks (against the same discard with ``announce=N``, judged item by item), the
  rule options' defaults taken without resolving, a remark cut into statements by string
  methods (against the pattern ``[;,]``).

Each engine test verifies the same record both ways and compares whole reports (the views of
``tests/test_fastpath.py``); each reader test reads a text and checks every item at its
place: generated records, the golden examples, generated texts with their remark lines
edited (commas, spaces, odd parentheses, marks, unknown cards, leader names, comments), and
hand-written lines with the reading they must give. A test checks that the engine's fast
path really runs, so the comparisons are never vacuous.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from piedikit import hand_after
from readerkit import check_reading
from test_fastpath import report_view
from test_piedicavallo_properties import mutated
from test_piedicavallo_talk import deal, find, trump_play

from records.notation import read
from records.writer import write
from scorer.cards import Card
from scorer.games import get_game
from scorer.games.piedicavallo import PiedicavalloReplay
from scorer.games.piedicavallo import play as play_module
from scorer.games.piedicavallo import rules as R
from scorer.games.piedicavallo.talk import _compile
from scorer.record import Item, Record, Trick

GAME = get_game("piedicavallo")
EXAMPLES = sorted(
    (Path(__file__).resolve().parent.parent / "examples" / "piedicavallo").glob("*.txt")
)
HEAD = '[Game "piedicavallo"]\n[Players "Anna, Bruno, Carla, Dario"]\n[Dealer "Bruno"]\n'
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def noted(line: str) -> bool:
    """A trick line with a remark on one of its cards."""
    return line[:1].isdigit() and "(" in line


#: Edits of one remark line: what the noted path must read as the token pattern does, or
#: leave to it (spacing, marks, commas, odd parentheses, unknown cards, names, comments).
NOTE_EDITS = [
    lambda line: "  " + line,
    lambda line: "\t" + line + "  \t",
    lambda line: line.lower(),
    lambda line: line.upper(),
    lambda line: line.replace(". ", ".    ", 1),
    lambda line: line.replace(". ", ") ", 1),
    lambda line: line.replace(". ", ".", 1),
    lambda line: line.replace(" ", "  "),
    lambda line: line.replace(" ", "\t"),
    lambda line: line.replace(" ", "\u00a0", 2),
    lambda line: line.replace(" ", "\x1c", 2),
    lambda line: line.replace(". ", ". Anna: ", 1),
    lambda line: line.replace(". ", ". bruno : ", 1),
    lambda line: line.replace(". ", ". Zed: ", 1),
    lambda line: line.replace(". ", ". Anna Maria: ", 1),
    lambda line: line.replace(". ", ". : ", 1),
    lambda line: line.replace(")", ": x)", 1),
    lambda line: line.replace("(", " (", 1),
    lambda line: line.replace("(", "((", 1),
    lambda line: line.replace(")", "))", 1),
    lambda line: line.replace(")", ")(", 1),
    lambda line: line.replace(")", ")(win-this)", 1),
    lambda line: line.replace(")", "", 1),
    lambda line: line.replace("(", "", 1),
    lambda line: line.replace("(", "(a(b ", 1),
    lambda line: line.replace("(", "()", 1),
    lambda line: line[: line.index("(") + 1] + ")" if "(" in line else line,
    lambda line: line.replace(",", ";", 1),
    lambda line: line.replace(", ", ",", 1),
    lambda line: line.replace("(", "(have 5Z, ", 1),
    lambda line: line.replace("(", "(play XXI, ", 1),
    lambda line: line.replace("(", "(\t", 1),
    lambda line: line.replace(") ", ")", 1),
    lambda line: line + ", 3S",
    lambda line: line + " ,",
    lambda line: line + " *",
    lambda line: line + " ?",
    lambda line: line + " -",
    lambda line: line + " KX",
    lambda line: line + " 5♥",
    lambda line: line + " fool",
    lambda line: line + " announce=1",
    lambda line: line + "(more)",
    lambda line: line + " (more)",
    lambda line: line + " ; a comment",
    lambda line: line + " {brace (x)}",
    lambda line: line + ":",
    lambda line: "*" + line,
    lambda line: line.replace(" ", " *", 1),
    lambda line: line.replace("(", "*(", 1),
    lambda line: line.replace(" ", " ?", 1),
    lambda line: line.replace(" ", " - ", 1),
    lambda line: line.split("(")[0],
    lambda line: line.split(" ", 1)[0],
    lambda line: "99999. " + line,
    lambda line: "",
    lambda line: line + "\n" + line,
]


def edited(text: str, rng: random.Random, edits: int) -> str:
    """``text`` with ``edits`` random edits of its remark lines (any line if it has none)."""
    lines = text.split("\n")
    for _ in range(edits):
        targets = [i for i, line in enumerate(lines) if noted(line)] or list(range(len(lines)))
        index = rng.choice(targets)
        lines[index] = rng.choice(NOTE_EDITS)(lines[index])
    return "\n".join(lines)


def generated(seed: int) -> str:
    return write(GAME.random_record(random.Random(seed)))


# -- the reader --------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seeds)
def test_reader_reads_generated_records(seed: int) -> None:
    rng = random.Random(seed)
    check_reading("\n".join(write(GAME.random_record(rng)) for _ in range(2)))


@settings(max_examples=100, deadline=None)
@given(seeds, st.integers(1, 4), st.randoms(use_true_random=False))
def test_reader_reads_edited_remark_lines(seed: int, edits: int, rng: random.Random) -> None:
    check_reading(edited(generated(seed), rng, edits))


@pytest.mark.parametrize("edit", range(len(NOTE_EDITS)))
def test_reader_reads_each_edit(edit: int) -> None:
    """Every edit at least once, on every remark line of some records."""
    for seed in range(3):
        lines = generated(seed).split("\n")
        assert any(noted(line) for line in lines)
        check_reading("\n".join(NOTE_EDITS[edit](line) if noted(line) else line for line in lines))


@pytest.mark.parametrize("style", ["italian", "french", "symbols"])
def test_reader_reads_every_suit_style(style: str) -> None:
    """Remark lines' cards are read in the record's own spellings (``[Suits ...]``)."""
    for seed in range(3):
        record = GAME.random_record(random.Random(seed))
        text = write(Record((*record.tags, ("Suits", style)), record.body))
        body = text.split("\n\n", 1)[1]
        assert (style == "italian") == (body == write(record).split("\n\n", 1)[1])
        check_reading(text)
        [parsed] = read(text)
        assert parsed.ok and parsed.record.body == record.body


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_reader_reads_examples(path: Path) -> None:
    check_reading(path.read_text())


#: Hand-written remark lines, odd ones included, each item checked at its place.
CRAFTED = [
    "1. KS QS(have CS +1) CS JS",
    "1. KS(a) QS(b) CS(c) JS(d)",
    "1. KS(a)QS(b) CS JS",
    "1. KS() QS CS JS",
    "1. KS( ) QS CS JS",
    "1. KS(have 9S CS +1, sleeping none) QS CS JS",
    "1. KS(have 9S CS +1; sleeping none) QS CS JS",
    "1. KS(a, b,, c ,) QS CS JS",
    "1. KS(  spaced   out  ) QS CS JS",
    "1. KS(a(b) QS CS JS",
    "1. KS(a(b)c) QS CS JS",
    "1. KS(a)) QS CS JS",
    "1. KS((a) QS CS JS",
    "1. KS(a)(b) QS CS JS",
    "1. KS (a) QS CS JS",
    "1. KS(a QS CS JS",
    "1. KS QS CS JS(a",
    "1. KS QS CS JS)",
    "1. (a) KS QS CS JS",
    "1. KS QS CS JS (a)",
    "1. KS(have 5Z) QS CS JS",
    "1. KZ(have KS) QS CS JS",
    "1. KS(have KS) ? CS JS",
    "1. KS(have KS) QS - JS",
    "1. KS(have KS) QS CS *JS",
    "1. *KS(have KS) QS CS JS",
    "1. KS(have KS), QS, CS, JS",
    "1. KS(have KS) QS CS JS,",
    "1. KS(have KS) QS CS JS x=1",
    "1. ks(have ks) qs cs js",
    "1. 21(have 18 Fool +4) 20 19 Fool",
    "1. xxi(have 18) XX 19 fool",
    "1. KS(a)\tQS  CS\u00a0JS(b)",
    "1. KS(a)\x1cQS CS JS",
    "1. Anna: KS(have CS) QS CS JS",
    "1. anna : KS(have CS) QS CS JS",
    "1. Zed: KS(have CS) QS CS JS",
    "1. Anna Maria: KS(have CS) QS CS JS",
    "1. : KS(have CS) QS CS JS",
    "1. KS(note: with a colon) QS CS JS",
    "1. Anna: KS(note: with a colon) QS CS JS",
    "1. KS(x) QS CS JS ; a comment (y)",
    "1. KS(x; y) QS CS JS",
    "1. KS(x) QS {brace} CS JS",
    "1) KS(x) QS CS JS",
    "1.KS(x) QS CS JS",
    "   1.  KS(x)   QS   CS   JS   ",
    "99999. KS(x) QS CS JS",
    "1. KS(x)",
    "1. ( )",
]


@pytest.mark.parametrize("line", CRAFTED)
def test_reader_reads_crafted_lines(line: str) -> None:
    check_reading(HEAD + "hand Anna: KS\n" + line + "\n2. 7S 8S(y) 9S 10S\n")


def test_reader_leaders_whose_names_clash() -> None:
    """Two players whose names fold to the same: a remark line's leader is the seat of the
    later of the two names, by its place in the Players tag, and the record reports the
    clash."""
    clash = '[Game "piedicavallo"]\n[Players "Anna, anna, Carla, Dario"]\n[Dealer "Dario"]\n'
    for line in [
        "1. ANNA: KS(have CS) QS CS JS",
        "1. anna: KS(x) QS(y) CS JS",
        "1. Carla: KS(x) QS CS JS",
        "1. Dario : KS(x) QS CS JS",
    ]:
        check_reading(clash + line + "\n")
    [parsed] = read(clash + "1. anna: KS(x) QS CS JS\n")
    assert [error.message for error in parsed.errors] == ["two players have the same name"]
    for name in ("anna", "Anna", "ANNA"):
        [parsed] = read(clash + f"1. {name}: KS(x) QS CS JS\n")
        assert parsed.record.tricks[0].leader == 1


def test_noted_line_reads_notes_and_columns() -> None:
    """Each card with its note, at its column."""
    [parsed] = read(HEAD + "3. Anna: KS(have 9S, +1)  QS\tCS(win-this)JS\n")
    assert parsed.ok
    [trick] = parsed.record.tricks
    assert (trick.number, trick.leader, tuple(trick.loc)) == (3, 0, (4, 1))
    assert [(i.text, i.note, tuple(i.loc)) for i in trick.plays] == [
        ("KS", "have 9S, +1", (4, 10)),
        ("QS", None, (4, 27)),
        ("CS", "win-this", (4, 30)),
        ("JS", None, (4, 42)),
    ]
    assert trick.has_notes and trick.card_tuple == tuple(i.card for i in trick.plays)


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("1. KS (a) QS CS JS", "unexpected '('", 7),
        ("1. KS(a)(b) QS CS JS", "unexpected '('", 9),
        ("1. KS(a)) QS CS JS", "unexpected ')'", 9),
        ("1. KZ(a) QS CS JS", "not a card", 4),
        ("1. Zed: KS(a) QS CS JS", "'Zed' is not one of the players", 4),
        ("1. KS(note: x) QS CS JS", "is not one of the players", 4),
    ],
)
def test_noted_line_errors_and_their_places(line: str, message: str, column: int) -> None:
    """A remark line's error, at its line:column."""
    [parsed] = read(HEAD + line + "\n")
    assert len(parsed.errors) == 1 and message in parsed.errors[0].message, parsed.errors
    assert tuple(parsed.errors[0].loc) == (4, column)


# -- the engine --------------------------------------------------------------------------------
def assert_same_report(record: Record, options: dict[str, str] | None = None) -> None:
    """The single pass (``verify``) and the general replay (``PiedicavalloReplay.run``) agree on
    every field of the report."""
    general = PiedicavalloReplay(GAME, record, options).run()
    assert report_view(GAME.verify(record, options)) == report_view(general)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_engine_paths_agree_on_generated_records(seed: int) -> None:
    record = GAME.random_record(random.Random(seed))
    assert_same_report(record)
    assert_same_report(record, {"remark-counts": "at-least"})


#: Remarks put on plays: true, false, out of bounds and unreadable ones, every kind.
REMARKS = [
    "have 21",
    "have +3",
    "have none",
    "have K +2",
    "have Q C",
    "other-colour K",
    "other-colour 3",
    "other-colour Q +1",
    "alto 0",
    "win-this",
    "cover",
    "farlo",
    "play-low",
    "put-points",
    "few-points",
    "sleeping QS",
    "sleeping +1",
    "sleeping other-colour 1",
    "sleeping none",
    "lead trumps",
    "lead this",
    "lead other-colour",
    "lead other-colour 5S",
    "lead swords high",
    "lead coins 6D",
    "play 21",
    "play K",
    "have",
    "zz",
    "have +99",
    "have 5Z",
    "have 18 Fool +4",
    "have none, win-this",
    "win-this; lead trumps",
    "have 9S CS +1, sleeping none",
    "other-colour",
    "lead",
    "play",
    "cover now",
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seeds,
    st.lists(
        st.tuples(st.integers(0, 14), st.integers(0, 3), st.sampled_from(REMARKS)),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["exact", "at-least"]),
)
def test_engine_paths_agree_on_remarks(seed: int, remarks, counts: str) -> None:
    """Remarks of every kind on any play, both ways, under both counting options (PIE-5)."""
    record = GAME.random_record(random.Random(seed))
    body = list(record.body)
    tricks = [i for i, entry in enumerate(body) if isinstance(entry, Trick)]
    for number, position, remark in remarks:
        trick = body[tricks[number]]
        plays = list(trick.plays)
        plays[position] = Item(plays[position].text, plays[position].card, remark)
        body[tricks[number]] = Trick(trick.number, trick.leader, tuple(plays))
    [parsed] = read(write(Record(record.tags, tuple(body))))
    assert parsed.ok
    assert_same_report(parsed.record, {"remark-counts": counts})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_engine_paths_agree_on_mutated_texts(text: str) -> None:
    """Tokens, remarks and lines disturbed (cards not held, played twice, unknown, lines
    dropped or repeated): every field of the report, both ways."""
    for parsed in read(text):
        if parsed.record is not None and parsed.record.game == GAME.key:
            assert_same_report(parsed.record)


def test_engine_paths_agree_on_cards_not_held() -> None:
    """G-2: a card played by a player who does not hold it, at every position of some tricks,
    and a card played twice. The single pass learns it only when the hands are not empty at
    the end, and hands the record to the general replay, which names the card and where."""
    compared = exchanged_not_held = 0
    for seed in range(4):
        record = GAME.random_record(random.Random(seed))
        body = list(record.body)
        tricks = [i for i, entry in enumerate(body) if isinstance(entry, Trick)]
        for first, second in ((0, 1), (3, 9), (13, 14)):
            for position in range(4):
                a, b = body[tricks[first]], body[tricks[second]]
                plays_a, plays_b = list(a.plays), list(b.plays)
                plays_a[position], plays_b[3 - position] = plays_b[3 - position], plays_a[position]
                for twice, changed in (
                    (
                        False,
                        [
                            Trick(a.number, a.leader, tuple(plays_a)),
                            Trick(b.number, b.leader, tuple(plays_b)),
                        ],
                    ),  # exchanged
                    (True, [Trick(a.number, a.leader, tuple(plays_a)), b]),
                ):
                    edited = list(body)
                    edited[tricks[first]], edited[tricks[second]] = changed
                    changed_record = Record(record.tags, tuple(edited))
                    assert_same_report(changed_record)
                    codes = {f.code for f in GAME.verify(changed_record).errors}
                    if twice:  # someone plays a card he does not hold, or plays it again
                        assert codes & {"CARD_NOT_HELD", "DUPLICATE_CARD"}, codes
                    else:  # not held unless both cards stay with the same player
                        exchanged_not_held += "CARD_NOT_HELD" in codes
                    compared += 1
    assert compared == 96 and exchanged_not_held >= 10


def with_discard(record: Record, text: str) -> Record:
    """``record`` with its discard line written as ``text``."""
    [parsed] = read(
        write(record).replace(
            "discard: " + write(record).split("discard: ", 1)[1].split("\n", 1)[0],
            "discard: " + text,
            1,
        )
    )
    return parsed.record


@settings(max_examples=60, deadline=None)
@given(
    seeds,
    st.lists(
        st.sampled_from(["own", "own", "other", "played", "outside", "twice"]),
        min_size=0,
        max_size=3,
    ),
)
def test_discard_by_masks_agrees_with_the_discard_item_by_item(seed: int, picks) -> None:
    """PIE-3: a discard of cards only is judged by masks (``PiedicavalloHand.read_discard``); the
    same discard with ``announce=N`` (N its true number of trumps) is judged item by item. Both
    give the same report, but for the missing announcement of trumps (the plain form
    announces none). Discards of the dealer's own cards, others' cards, cards played,
    cards outside the 62-card pack, a card twice, too few or too many."""
    record = GAME.random_record(random.Random(seed))
    rng = random.Random(seed)
    dealer = record.dealer
    hands = {line.subject: line.cards() for line in record.lines("hand")}
    own = hands[record.players[dealer]]
    other = hands[record.players[(dealer + 1) % 4]]
    chosen: list = []
    for pick in picks:
        if pick == "own":
            chosen.append(rng.choice(own))
        elif pick in ("other", "played"):
            chosen.append(rng.choice(other))
        elif pick == "outside":
            chosen.append(Card.parse("2S"))  # not in the 62-card pack (PIE-1)
        elif chosen:
            chosen.append(chosen[-1])
    plain = with_discard(record, " ".join(map(str, chosen)))
    trumps = sum(1 for card in chosen if card.is_trump)
    announced = with_discard(record, " ".join([*map(str, chosen), f"announce={trumps}"]))
    extra = "TRUMPS_NOT_ANNOUNCED"
    for options in (None, {"remark-counts": "at-least"}):
        assert_same_report(plain, options)
        one, two = (
            report_view(GAME.verify(plain, options)),
            report_view(GAME.verify(announced, options)),
        )
        findings = [f for f in one[3] if f.code != extra]
        assert findings == [f for f in two[3] if f.code != extra]
        assert one[4:15] + one[16:] == two[4:15] + two[16:]  # all but findings and status
        assert one[15] == two[15] or len(findings) < len(one[3])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\u00a0\x1c,;;ab+0K()")), max_size=24))
def test_remark_statements_split_as_the_pattern_did_PIE5(note: str) -> None:
    """A remark's statements, cut at ``,`` and ``;`` by string methods, are those of the
    pattern ``[;,]`` (empty ones dropped), and the remark's plan quotes each as its words
    joined by one space."""
    from scorer.games.piedicavallo.talk import _plan, statements

    words = tuple(tuple(w) for w in (part.split() for part in re.split("[;,]", note)) if w)
    assert statements.__wrapped__(note) == words
    for played in (0, 4):
        assert [said for said, _rule in _plan.__wrapped__(note, played)] == [
            " ".join(w) for w in words if _compile(" ".join(w), played)[0] != "ok"
        ]


def test_options_without_a_layer_are_the_defaults_PIE5() -> None:
    """The replay takes the rule options' defaults without resolving when neither the record
    (no Options tag) nor the caller gives any; with either, they are resolved as ever."""
    from scorer.games.piedicavallo.hand import DEFAULT_OPTIONS

    assert DEFAULT_OPTIONS == GAME.resolve_options() == {"remark-counts": "exact"}
    record = GAME.random_record(random.Random(2))
    assert PiedicavalloReplay(GAME, record, None).options == DEFAULT_OPTIONS
    assert PiedicavalloReplay(GAME, record, {}).options == DEFAULT_OPTIONS
    assert PiedicavalloReplay(GAME, record, {"remark-counts": "at-least"}).options == {
        "remark-counts": "at-least"
    }
    tagged = Record((*record.tags, ("Options", "remark-counts=at-least")), record.body)
    assert PiedicavalloReplay(GAME, tagged, None).options == {"remark-counts": "at-least"}
    assert PiedicavalloReplay(GAME, tagged, {"remark-counts": "exact"}).options == DEFAULT_OPTIONS
    # a count true only "at least": false by default, clean when the record's tag says so
    d = deal()
    t, p, _c = find(
        d,
        lambda d, t, p, c: (
            trump_play(d, t, p, c) and (hand_after(d, t, p) & R.TRUMPS).bit_count() >= 2
        ),
    )
    d.notes = {(t, p): "have +1"}
    text = d.text()
    tagged_text = text.replace("]\n", ']\n[Options "remark-counts=at-least"]\n', 1)
    assert [f.code for f in GAME.verify(read(text)[0].record).findings] == ["FALSE_REMARK"]
    assert GAME.verify(read(tagged_text)[0].record).findings == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_engine_paths_agree_on_examples(path: Path) -> None:
    for parsed in read(path.read_text()):
        assert_same_report(parsed.record)
        assert_same_report(parsed.record, {"remark-counts": "at-least"})


def test_engine_takes_the_single_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not vacuous: a generated record is replayed by the single pass, never by the general
    play loop."""
    calls = []
    real = play_module.fast_play

    def counted(h: PiedicavalloReplay) -> None:
        calls.append(h)
        real(h)

    def refused(*args: object) -> None:
        raise AssertionError("the general play ran")

    monkeypatch.setattr("scorer.games.piedicavallo.game.fast_play", counted)
    monkeypatch.setattr("scorer.games.piedicavallo.game.play", refused)
    for seed in range(5):
        report = GAME.verify(GAME.random_record(random.Random(seed)))
        assert report.complete and not report.errors
    assert len(calls) == 5

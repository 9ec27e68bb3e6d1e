"""``POST /api/next`` (#24.6): what comes next in a record being entered, for each of the six
games, from golden records in ``examples/`` cut at different points: the deal (the cards not
yet dealt, what each hand needs, the last hand filled from what is left), the lines before
the play, the play (whose turn, the legal cards, the trick on the table, each seat's cards),
and the end; the verdict so far is the verify report's. Bad input is a 422 with its place,
never a 500; the endpoint is in the OpenAPI document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from records.notation import read_one
from records.pipeline import check_text
from records.rulebook import rulebook
from records.schemas import dump_report
from scorer.cards import Card
from scorer.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class Golden:
    """A golden record of a game, and the size of its pack (MIN-1, PIE-1: 97 and 62)."""

    game: str
    path: str
    pack: int


GOLDEN = [
    Golden("nice4", "nice4/tour.txt", 78),
    Golden("nice3", "nice3/plain.txt", 78),
    Golden("minchiate", "minchiate/robbing.txt", 97),
    Golden("pinch", "pinch/revoke.txt", 78),
    Golden("piemonte3", "piemonte3/mixed-fool-delayed.txt", 78),
    Golden("piedicavallo", "piedicavallo/vola.txt", 62),
]
IDS = [g.game for g in GOLDEN]
TRICK = re.compile(r"^\s*\d+[.)]")
DEAL_KEYWORDS = ("hand", "faceup", "stock")


def lines_of(golden: Golden) -> list[str]:
    """The golden record's lines without its comment lines."""
    text = (EXAMPLES / golden.path).read_text()
    return [line for line in text.splitlines() if line.strip() and not line.startswith(";")]


def tags(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[")]


def body(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith("[")]


def keyword(line: str) -> str:
    return re.split(r"[\s:]", line.strip(), maxsplit=1)[0]


def first_trick(lines: list[str]) -> int:
    return next(i for i, line in enumerate(lines) if TRICK.match(line))


def ask(client: FlaskClient, lines: list[str], **extra: Any) -> Any:
    response = client.post("/api/next", json={"text": "\n".join(lines) + "\n", **extra})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def same(finding: dict[str, Any]) -> tuple[Any, ...]:
    """A finding without its place in the text (the comment lines are left out here)."""
    return finding["code"], finding["message"], finding["trick"], finding["seat"]


def golden_report(golden: Golden) -> Any:
    return check_text((EXAMPLES / golden.path).read_text())[0].report


# -- the deal -----------------------------------------------------------------------------
@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_tags_alone_are_the_deal_with_the_whole_pack(client: FlaskClient, golden: Golden) -> None:
    lines = lines_of(golden)
    record = read_one("\n".join(lines)).record
    assert record is not None and record.dealer is not None
    got = ask(client, tags(lines))
    assert got["phase"] == "deal"
    assert len(got["deal"]["undealt"]) == len(got["deal"]["pack"]) == golden.pack
    eldest = (record.dealer + 1) % len(record.players)
    assert got["dealer"] == {"seat": record.dealer, "name": record.players[record.dealer]}
    assert got["eldest"]["seat"] == eldest
    # the deal starts with eldest's hand, and every part is as large as the golden's line
    assert got["to_act"] == {"seat": eldest, "name": record.players[eldest]}
    for part in got["deal"]["parts"]:
        head = part["line"].rstrip(":").casefold()
        written = [ln for ln in lines if ln.split(":")[0].strip().casefold() == head]
        assert len(written) == 1, part["line"]
        assert part["size"] == len(written[0].split(":", 1)[1].split()), part["line"]
        assert part["needs"] == part["size"] and part["cards"] == []
    verdict = check_text("\n".join(tags(lines)))[0].report  # the verify report, as /api/verify
    assert got["verdict"]["status"] == verdict.status.value
    assert got["play"] is None


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_each_deal_line_takes_its_cards_from_the_undealt(
    client: FlaskClient, golden: Golden
) -> None:
    lines = lines_of(golden)
    extra = [ln for ln in body(lines) if keyword(ln) == "rob"]  # Minchiate robs at the cut
    before = ask(client, tags(lines) + extra)
    eldest = before["deal"]["parts"][0]["line"].casefold()  # dealt first
    line = next(ln for ln in lines if ln.casefold().startswith(eldest))
    first = ask(client, [*tags(lines), *extra, line])
    taken = line.split(":", 1)[1].split()
    assert first["phase"] == "deal"
    assert sorted(first["deal"]["parts"][0]["cards"]) == sorted(taken)
    assert first["deal"]["parts"][0]["needs"] == 0
    assert set(before["deal"]["undealt"]) - set(first["deal"]["undealt"]) == set(taken)
    assert first["deal"]["next"] == 1  # the next part is highlighted: the next hand round
    assert first["to_act"]["seat"] == first["deal"]["parts"][1]["seat"]


@pytest.mark.parametrize(
    "golden", [g for g in GOLDEN if g.game not in ("pinch", "minchiate")], ids=lambda g: g.game
)
def test_the_last_hand_fills_itself_from_what_is_left(client: FlaskClient, golden: Golden) -> None:
    """With every hand but one written, what is left is that hand: the answer gives its line
    (a stock has an order, and Minchiate leaves the folla over: no fill there)."""
    lines = lines_of(golden)
    got = ask(client, tags(lines))
    last = got["deal"]["parts"][-1]["line"].rstrip(":").casefold()
    hands = [ln for ln in body(lines) if keyword(ln) == "hand"]
    others = [ln for ln in hands if ln.split(":")[0].strip().casefold() != last]
    missing = next(ln for ln in hands if ln.split(":")[0].strip().casefold() == last)
    got = ask(client, tags(lines) + others)
    assert got["phase"] == "deal"
    fill = got["deal"]["fill"]
    assert fill is not None and fill.split(":")[0].casefold() == last
    assert set(fill.split(":", 1)[1].split()) == set(missing.split(":", 1)[1].split())
    assert ask(client, [*tags(lines), *others, fill])["deal"]["complete"]


def test_minchiate_and_pinch_leave_no_fill(client: FlaskClient) -> None:
    for golden in (GOLDEN[2], GOLDEN[3]):
        lines = lines_of(golden)
        hands = [ln for ln in body(lines) if keyword(ln) == "hand"]
        got = ask(client, tags(lines) + hands)
        assert got["phase"] == "deal" and got["deal"]["fill"] is None
        assert got["deal"]["parts"][got["deal"]["next"]]["keyword"] in ("faceup", "stock")


# -- before the play, the play and the end --------------------------------------------------
@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_the_keywords_before_play_carry_their_help(client: FlaskClient, golden: Golden) -> None:
    lines = lines_of(golden)
    deal = [ln for ln in body(lines) if keyword(ln) in (*DEAL_KEYWORDS, "rob")]
    got = ask(client, tags(lines) + deal)
    game = GAMES[golden.game]
    words = {k["keyword"]: k for k in got["keywords"]}
    assert set(words) == set(game.keywords)
    for word, spec in game.keywords.items():
        assert words[word]["help"] == spec.help
    written = {keyword(ln) for ln in body(lines)[len(deal) : first_trick(body(lines))]}
    assert all(words[k]["when"] != "deal" for k in written), written
    assert got["deal"]["complete"]


def test_nice4_with_the_deal_and_no_contract_is_before_play(client: FlaskClient) -> None:
    """tour.txt cut after the deal: the mountain, discard, Solo and call are still to
    write (NICE-5 .. NICE-8), so the play cannot begin."""
    lines = lines_of(GOLDEN[0])
    deal = [ln for ln in body(lines) if ln.startswith("hand")]
    got = ask(client, tags(lines) + deal + ["mountain 1: keep"])
    assert got["phase"] == "before-play"
    assert got["play"] is None
    befores = [k["keyword"] for k in got["keywords"] if k["when"] == "before-play"]
    assert set(befores) == {"mountain", "discard", "declare", "solo", "call", "exchange"}


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_before_the_first_trick_the_leader_plays(client: FlaskClient, golden: Golden) -> None:
    lines = lines_of(golden)
    cut = len(tags(lines)) + first_trick(body(lines))
    report = golden_report(golden)
    first = report.tricks[0]
    got = ask(client, lines[:cut])
    assert got["phase"] == "play"
    assert got["to_act"]["seat"] == first.leader
    play = got["play"]
    assert play["trick"] == 1 and play["current"] == [] and play["tricks"] == []
    card = Card(first.cards[0]).text(got["suits"])
    assert card in play["legal"]
    held = [len(h["cards"]) for h in play["hands"]]
    dealt = 15 if golden.game == "pinch" else len(report.tricks)  # PINCH-3: and the stock
    assert held == [dealt] * len(held)  # every hand as the play begins


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_in_the_middle_of_a_trick(client: FlaskClient, golden: Golden) -> None:
    """Cut inside trick 3: its first card on the table, the next seat to play, the two
    tricks before it with their winners as the golden report has them."""
    lines = lines_of(golden)
    report = golden_report(golden)
    start = len(tags(lines)) + first_trick(body(lines))
    third = next(i for i, ln in enumerate(lines) if ln.startswith("3."))
    led = lines[third].split()[1]
    got = ask(client, [*lines[:third], f"3. {led}"])
    n = len(report.players)
    assert got["phase"] == "play"
    play = got["play"]
    assert play["trick"] == 3
    assert play["leader"]["seat"] == report.tricks[2].leader
    assert [p["seat"] for p in play["current"]] == [report.tricks[2].leader]
    assert got["to_act"]["seat"] == (report.tricks[2].leader + 1) % n
    done = [t for t in play["tricks"] if t["winner"] is not None]
    assert [t["winner"] for t in done] == [t.winner for t in report.tricks[:2]]
    assert start < third
    second_card = Card(report.tricks[2].cards[1]).text(got["suits"])
    flagged = 1 in report.tricks[2].flags
    assert (second_card in play["legal"]) is not flagged


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_the_whole_record_is_done_with_its_verdict(client: FlaskClient, golden: Golden) -> None:
    lines = lines_of(golden)
    got = ask(client, lines)
    report = golden_report(golden)
    assert got["phase"] == "done"
    assert got["to_act"] is None
    assert got["verdict"]["status"] == report.status.value
    assert [same(f) for f in got["verdict"]["findings"]] == [
        same(f) for f in dump_report(report)["findings"]
    ]
    assert [t["winner"] for t in got["play"]["tricks"]] == [t.winner for t in report.tricks]


def test_a_revoke_is_flagged_in_the_trick_with_its_rule(client: FlaskClient) -> None:
    """pinch/revoke.txt cut after trick 1, where Bruno does not follow suit (PINCH-4): the
    trick carries the code, the verdict the finding with its rule."""
    lines = lines_of(GOLDEN[3])
    first = next(i for i, ln in enumerate(lines) if ln.startswith("1."))
    got = ask(client, lines[: first + 1])
    trick = got["play"]["tricks"][0]
    assert trick["flags"] == {"1": ["MUST_FOLLOW_SUIT"]}
    finding = next(f for f in got["verdict"]["findings"] if f["code"] == "MUST_FOLLOW_SUIT")
    assert finding["rule"] == "PINCH-4" and finding["trick"] == 1


def test_a_thrown_in_deal_is_done(client: FlaskClient) -> None:
    text = (EXAMPLES / "nice4" / "thrown-in.txt").read_text()
    got = client.post("/api/next", json={"text": text}).get_json()
    assert got["phase"] == "done" and got["verdict"]["status"] == "thrown-in"


def test_the_canonical_text_reads_back_to_the_same_record(client: FlaskClient) -> None:
    lines = lines_of(GOLDEN[0])
    cut = lines[: len(tags(lines)) + 6]
    got = ask(client, cut)
    again = ask(client, got["canonical"].splitlines())
    assert again["canonical"] == got["canonical"]
    assert read_one(got["canonical"]).record == read_one("\n".join(cut)).record


def test_options_in_the_body_are_applied(client: FlaskClient) -> None:
    """first-lead=declarer (NICE-10): in tour.txt Anna plays Solo, so she leads trick 1."""
    lines = lines_of(GOLDEN[0])
    cut = len(tags(lines)) + first_trick(body(lines))
    got = ask(client, lines[:cut], options={"first-lead": "declarer"})
    assert got["to_act"]["name"] == "Anna"


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "code", "line"),
    [
        ("hand Anna: KS\n", "NOTATION", 1),
        ('[Game "chess"]\n[Players "A, B"]\n[Dealer "A"]\n', "NOTATION", 1),
        ('[Game "nice4"]\n[Players "A, B, C"]\n[Dealer "A"]\n', "NOTATION", 2),
        ('[Game "nice4"]\n[Players "A, B, C, D"]\n[Dealer "Zed"]\n', "NOTATION", 3),
        ('[Game "nice4"]\n[Players "A, B, C, D"]\n[Dealer "A"]\nhand A: KS 3X\n', "NOTATION", 4),
        ('[Game "nice4"]\n[Players "A, B, C, D"]\n[Dealer "A"]\n\n[Game "nice4"]\n', "NOTATION", 1),
    ],
)
def test_bad_records_are_422_with_their_place(
    client: FlaskClient, text: str, code: str, line: int
) -> None:
    response = client.post("/api/next", json={"text": text})
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == code and body["status"] == 422
    assert body["findings"][0]["line"] == line
    assert f"line {line}:" in body["message"]


@pytest.mark.parametrize(
    "payload",
    [{}, {"text": ""}, {"text": 3}, {"text": "x" * (256 * 1024 + 1)}, {"text": "x", "options": 1}],
)
def test_bad_bodies_are_4xx(client: FlaskClient, payload: Any) -> None:
    response = client.post("/api/next", json=payload)
    assert 400 <= response.status_code < 500


def test_an_unknown_option_is_422(client: FlaskClient) -> None:
    text = '[Game "nice4"]\n[Players "A, B, C, D"]\n[Dealer "A"]\n'
    response = client.post("/api/next", json={"text": text, "options": {"colour": "red"}})
    assert response.status_code == 422 and response.get_json()["code"] == "BAD_OPTION"


def test_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    operation = spec["paths"]["/api/next"]["post"]
    assert "422" in operation["responses"] and "200" in operation["responses"]
    assert "NextStep" in spec["components"]["schemas"]


def test_pinch_draws_come_between_tricks(client: FlaskClient) -> None:
    """pinch/revoke.txt after trick 1: the winner draws the stock's top card, then the other
    player the next (PINCH-3); no card is playable until both have drawn."""
    lines = lines_of(GOLDEN[3])
    stock = next(ln for ln in lines if ln.startswith("stock:")).split(":", 1)[1].split()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("1."))
    report = golden_report(GOLDEN[3])
    winner = report.tricks[0].winner
    got = ask(client, lines[: first + 1])
    assert got["phase"] == "play" and got["to_act"]["seat"] == winner
    assert got["play"]["draw"] == {**got["to_act"], "card": stock[0]}
    assert got["play"]["legal"] == []
    assert lines[first + 1] == f"draw {got['to_act']['name']}: {stock[0]}"
    got = ask(client, lines[: first + 2])
    assert got["to_act"]["seat"] == 1 - winner and got["play"]["draw"]["card"] == stock[1]
    got = ask(client, lines[: first + 3])
    assert got["play"]["draw"] is None and got["to_act"]["seat"] == winner
    assert got["play"]["trick"] == 2


def test_a_record_without_the_deal_offers_the_unseen_cards(client: FlaskClient) -> None:
    """nice4/no-deal.txt leaves the hands out (allowed when the play is complete): cut
    before trick 3, the player to play may play any card nobody has played."""
    lines = (EXAMPLES / "nice4" / "no-deal.txt").read_text().splitlines()
    third = next(i for i, ln in enumerate(lines) if ln.startswith("3."))
    got = ask(client, lines[:third])
    report = check_text((EXAMPLES / "nice4" / "no-deal.txt").read_text())[0].report
    assert got["phase"] == "play"
    assert got["to_act"]["seat"] == report.tricks[2].leader
    played = {c for t in got["play"]["tricks"] for c in t["cards"]}
    assert len(played) == 8 and not played & set(got["play"]["unseen"])
    assert Card(report.tricks[2].cards[0]).text() in got["play"]["unseen"]
    assert len(got["play"]["unseen"]) == 78 - 8


# -- the next hand's dealer (G-6) -------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "dealer"),
    [
        ("nice4/tour.txt", "Carla"),  # Bruno dealt; the deal passes to the right: Carla
        ("nice4/thrown-in.txt", "Bruno"),  # thrown in: Nice redeals by the same dealer
        ("piemonte3/all-pass.txt", "Bruno"),  # thrown in, but piemonte3 passes the deal on
    ],
)
def test_a_done_hand_names_the_next_dealer(client: FlaskClient, path: str, dealer: str) -> None:
    got = client.post("/api/next", json={"text": (EXAMPLES / path).read_text()}).get_json()
    assert got["phase"] == "done"
    assert got["next_dealer"]["name"] == dealer


def test_a_hand_in_play_has_no_next_dealer(client: FlaskClient) -> None:
    lines = lines_of(GOLDEN[0])
    got = ask(client, lines[: len(tags(lines)) + first_trick(body(lines)) + 1])
    assert got["phase"] == "play" and got["next_dealer"] is None


# -- one typed card (#34.7) -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "card"),
    [
        ("game=nice4&card=III", "3"),
        ("game=nice4&card=xvii", "17"),
        ("game=nice4&card=matto", "Fool"),
        ("game=nice4&card=T21", "21"),
        ("game=nice4&card=ks", "KS"),
        ("game=nice4&card=%20rb%20", "KB"),
        ("game=pinch&card=kh", "KH"),  # pinch writes French suits by default
        ("game=minchiate&card=XXXV", "35"),
    ],
)
def test_a_typed_card_is_read_as_the_notation_reads_it(
    client: FlaskClient, query: str, card: str
) -> None:
    response = client.get("/api/card?" + query)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["card"] == card
    game = GAMES[query.split("&")[0].split("=")[1]]
    # the same card the notation reader finds in a hand line of that game
    text = f'[Game "{game.key}"]\n[Players "{", ".join("ABCD"[: game.num_players])}"]\n'
    text += f'[Dealer "A"]\nhand B: {card}\n'
    record = read_one(text).record
    assert record is not None
    assert record.lines("hand")[0].cards()[0] == Card.parse(card, game.default_suits)


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("game=nice4&card=zz", "NOT_A_CARD"),
        ("game=nice4&card=22", "NOT_IN_PACK"),  # the Nice pack has 21 trumps
        ("game=chess&card=3", "UNKNOWN_GAME"),
        ("game=nice4&suits=klingon&card=3", "BAD_SUITS"),
        ("game=nice4", "UNPROCESSABLE_ENTITY"),
        ("game=nice4&card=" + "x" * 41, "UNPROCESSABLE_ENTITY"),
    ],
)
def test_a_refused_card_says_why(client: FlaskClient, query: str, code: str) -> None:
    response = client.get("/api/card?" + query)
    assert response.status_code == 422
    body = response.get_json()
    assert body["code"] == code and body["message"]


def test_the_card_reader_is_in_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    assert "422" in spec["paths"]["/api/card"]["get"]["responses"]


# -- the choices (#32.5) ------------------------------------------------------------------
def test_the_mountain_words_are_the_eldests_choices(client: FlaskClient) -> None:
    """tour.txt after the deal: Carla, eldest, says keep or mountain (NICE-5); each choice
    is worded for people and writes its line; both are legal."""
    lines = lines_of(GOLDEN[0])
    deal = [ln for ln in body(lines) if ln.startswith("hand")]
    got = ask(client, tags(lines) + deal)
    assert got["phase"] == "before-play" and got["to_act"]["name"] == "Carla"
    assert [(c["line"], c["label"], c["legal"], c["rule"]) for c in got["choices"]] == [
        ("mountain 1: keep", "Carla keeps: the deal goes on", True, "NICE-5"),
        ("mountain 1: mountain", "Carla says mountain", True, "NICE-5"),
    ]
    assert not any(c["replaces"] for c in got["choices"])
    got = ask(client, [*tags(lines), *deal, "mountain 1: mountain"])  # Bruno speaks next
    assert [c["line"] for c in got["choices"]] == [
        "mountain 1: mountain keep",
        "mountain 1: mountain mountain",
    ]
    assert all(c["replaces"] for c in got["choices"])  # a word added to the round's line
    assert {c["name"] for c in got["choices"]} == {got["to_act"]["name"]}


def test_a_discard_with_a_king_is_refused_with_the_rulings_words(client: FlaskClient) -> None:
    """tour.txt after the mountain: the dealer's discard is chosen a card at a time; a King
    is never legal (NICE-6), and the choice says why in the replay's words, which are the
    verdict's once the record holds that discard."""
    lines = lines_of(GOLDEN[0])
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("discard"))
    got = ask(client, lines[:cut])
    assert {c["kind"] for c in got["choices"]} == {"discard"}
    king = next(c for c in got["choices"] if c["card"] == "KS")
    assert not king["legal"] and king["rule"] == "NICE-6"
    other = next(c for c in got["choices"] if c["legal"])
    finished = ask(client, [*lines[:cut], f"discard: KS {other['card']}"])
    messages = [f["message"] for f in finished["verdict"]["findings"]]
    assert king["why"] in messages


@pytest.mark.parametrize(
    ("language", "keep", "mountain"),
    [
        ("it", "Carla tiene: la distribuzione continua", "Carla dice monte"),
        ("fr", "Carla tient : la donne continue", "Carla dit montagne"),
    ],
)
def test_the_choices_are_worded_in_the_language_asked(
    client: FlaskClient, language: str, keep: str, mountain: str
) -> None:
    """tour.txt (nice4) after the deal, asked in Italian or French (``Accept-Language``):
    each choice's label is in that language, its template and facts and its line as in
    English, so that a client relies on them in any language (#33)."""
    lines = lines_of(GOLDEN[0])
    deal = [ln for ln in body(lines) if ln.startswith("hand")]
    text = "\n".join(tags(lines) + deal) + "\n"
    english = ask(client, tags(lines) + deal)["choices"]
    response = client.post("/api/next", json={"text": text}, headers={"Accept-Language": language})
    assert response.headers["Content-Language"] == language
    worded = response.get_json()["choices"]
    assert [c["label"] for c in worded] == [keep, mountain]
    assert [c["label"] for c in english] == ["Carla keeps: the deal goes on", "Carla says mountain"]
    assert [(c["template"], c["facts"], c["line"]) for c in worded] == [
        (c["template"], c["facts"], c["line"]) for c in english
    ]
    assert worded[0]["template"] == "{seat:player} keeps: the deal goes on"
    assert worded[0]["facts"] == {"seat": "Carla"}
    rules = response.get_json()["rules"]
    book = rulebook("nice4", language)
    assert response.get_json()["title"] == book.title
    assert [r["summary"] for r in rules] == [
        next(t.summary for t in (*book.own, *book.general) if t.id == r["id"]) for r in rules
    ]


def test_a_refused_choice_says_why_in_the_language_asked(client: FlaskClient) -> None:
    """tour.txt before the discard, asked in French by ``?lang=fr``: the card choices are
    worded in French (the dealer discards a card: *écarte*), and a King's refusal too, as the
    verdict words that finding once the record holds that discard (NICE-6)."""
    lines = lines_of(GOLDEN[0])
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("discard"))
    response = client.post("/api/next?lang=fr", json={"text": "\n".join(lines[:cut]) + "\n"})
    got = response.get_json()
    king = next(c for c in got["choices"] if c["card"] == "KS")
    assert "écarte" in king["label"] and "Roi d" in king["label"], king["label"]
    assert king["template"] == "{seat:player} discards {card:card}"
    assert not king["legal"] and king["why"]
    other = next(c for c in got["choices"] if c["legal"])
    finished = client.post(
        "/api/next?lang=fr",
        json={"text": "\n".join([*lines[:cut], f"discard: KS {other['card']}"]) + "\n"},
    ).get_json()
    assert king["why"] in [f["message"] for f in finished["verdict"]["findings"]]
    english = ask(client, lines[:cut])
    assert king["why"] not in [c["why"] for c in english["choices"]]


def test_each_step_of_a_discard_names_the_card_it_adds(client: FlaskClient) -> None:
    """The step that finishes the tour's discard adds one card to the line, and says which
    (the page takes it as a tap on that card in the dealer's hand); its label says all."""
    lines = lines_of(GOLDEN[0])
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("discard"))
    got = ask(client, [*lines[:cut], "discard: JD"])
    last = next(c for c in got["choices"] if c["line"] == "discard: JD CD")
    assert (last["card"], last["label"], last["replaces"]) == ("CD", "Bruno discards JD CD", True)
    assert all(c["card"] != "JD" and c["card"] in c["line"].split()[1:] for c in got["choices"])


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_in_the_play_the_choices_are_the_cards_and_their_legality(
    client: FlaskClient, golden: Golden
) -> None:
    """Inside trick 3: the choices of the player to play are his cards, legal as the play's
    legal cards say; a choice writes the trick line as it then stands."""
    lines = lines_of(golden)
    third = next(i for i, ln in enumerate(lines) if ln.startswith("3."))
    led = lines[third].split()[1]
    got = ask(client, [*lines[:third], f"3. {led}"])
    cards = [c for c in got["choices"] if c["kind"] == "play" and c["line"].count("(") == 0]
    assert {c["seat"] for c in cards} == {got["to_act"]["seat"]}
    assert sorted(c["card"] for c in cards if c["legal"]) == sorted(got["play"]["legal"])
    assert all(c["line"] == f"3. {led} {c['card']}" for c in cards)
    assert all(c["replaces"] for c in cards)  # the trick line on the table, one card more
    for choice in cards:
        if not choice["legal"]:  # the replay's sentence, as the verdict gives it
            after = ask(client, [*lines[:third], choice["line"]])
            assert choice["why"] in [f["message"] for f in after["verdict"]["findings"]]
            break


def test_pinch_draws_are_the_choice_between_tricks(client: FlaskClient) -> None:
    """pinch/revoke.txt after trick 1: the one choice is the winner's draw of the stock's
    top card, the line the golden record writes next (PINCH-3)."""
    lines = lines_of(GOLDEN[3])
    first = next(i for i, ln in enumerate(lines) if ln.startswith("1."))
    got = ask(client, lines[: first + 1])
    assert [(c["line"], c["legal"], c["rule"]) for c in got["choices"]] == [
        (lines[first + 1], True, "PINCH-3")
    ]


def test_the_bargaining_words_are_the_speakers_choices(client: FlaskClient) -> None:
    """piemonte3 after the deal: eldest's words of the first session (PIE3-4): pass,
    continue, a demand or an offer, each legal, each its line."""
    lines = lines_of(GOLDEN[4])
    deal = [ln for ln in body(lines) if ln.startswith("hand")]
    got = ask(client, tags(lines) + deal)
    words = [c["line"] for c in got["choices"]]
    assert words[:3] == ["bargain 2: pass", "bargain 2: continue", "bargain 2: demand=1"]
    assert all(c["legal"] and c["name"] == "Anna" for c in got["choices"])
    assert {c["label"] for c in got["choices"]} >= {"Anna passes", "Anna offers 2"}


def test_a_declaration_said_with_a_card_is_a_choice_with_its_note(client: FlaskClient) -> None:
    """tour.txt before trick 19: Carla may play XX saying mitigatti (NICE-13), a choice of
    its own (a button on the page) with the note, besides the plain card."""
    lines = lines_of(GOLDEN[0])
    last = next(i for i, ln in enumerate(lines) if ln.startswith("19."))
    got = ask(client, lines[:last])
    noted = [c for c in got["choices"] if c["note"]]
    assert ("19. 20(mitigatti)", "mitigatti", "20") in {
        (c["line"], c["note"], c["card"]) for c in noted
    }
    assert all(c["kind"] == "play" and c["optional"] for c in noted)
    assert not any(c["note"] for c in got["choices"] if c not in noted)

"""Request and response schemas of the API (marshmallow), from which flask-smorest writes
the OpenAPI document. Report and ledger shapes come from :mod:`records.schemas`."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from records.schemas import FindingSchema, ReportSchema, SeatingSchema
from records.service import MAX_RULING_AMOUNT

MAX_TEXT = 4 * 1024 * 1024
VERSION_DOC = "its version, as its ETag gives it: send it in If-Match to change it"
MAX_AUTHOR = 200  # characters of an author's name (a ruling, a correction)
MAX_REASON = 2000  # characters of the reason given for a ruling or a correction
MAX_ROW_ID = 2**63 - 1  # the largest SQLite INTEGER, so the largest id a row can have


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` and nothing else: marshmallow's Boolean also takes ``"yes"``,
    ``"on"``, ``1`` and the like, so ``{"private": "yes"}`` made a tournament private
    (#21.17)."""

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def rule_options(description: str) -> fields.Dict:
    """A request's rule options (names to values as text; none when left out)."""
    return fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        load_default=dict,
        metadata={"description": description},
    )


class VerifyRequest(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "one or more records in the notation"},
    )
    options = rule_options("rule options overriding the records'")


class ApiIndex(Schema):
    service = fields.String(metadata={"description": "always tarocco"})
    version = fields.String(metadata={"description": "the tarocco package's version"})
    api_version = fields.String(metadata={"description": "the API's version"})
    openapi = fields.String(metadata={"description": "the address of the OpenAPI document"})
    docs = fields.String(
        metadata={
            "description": "the API's documentation for people: a file of the tarocco source "
            "(docs/api.md), not served"
        }
    )
    rules = fields.String(metadata={"description": "the address of every game's rules"})
    pages = fields.String(metadata={"description": "the address of the web pages"})


class CheckedRecord(Schema):
    source = fields.String(
        allow_none=True,
        metadata={
            "description": "the file the record was read from: null here (the command "
            "line's verify --json names it)"
        },
    )
    line = fields.Integer(allow_none=True, metadata={"description": "first line of the record"})
    report = fields.Nested(ReportSchema)
    seating = fields.Nested(
        SeatingSchema,
        allow_none=True,
        metadata={
            "description": "null, or the order of the players that fits the record better than "
            "the one written (its errors and violations are gone or fewer under it)"
        },
    )


class VerifyResponse(Schema):
    records = fields.List(fields.Nested(CheckedRecord))
    ledger = fields.Dict(allow_none=True)
    seating = fields.Nested(
        SeatingSchema,
        allow_none=True,
        metadata={
            "description": "several records of one table: null, or the order of the players "
            "that fits the whole session better (its dealers' turns, G-6, included)"
        },
    )


class OptionOut(Schema):
    name = fields.String()
    values = fields.List(fields.String())
    default = fields.String()
    ruling = fields.String()
    help = fields.String()


class RulingOut(Schema):
    id = fields.String()
    title = fields.String()
    summary = fields.String()
    text = fields.String()


class SourceOut(Schema):
    title = fields.String()
    author = fields.String()
    site = fields.String()
    url = fields.String()
    based_on = fields.String()


class GameRules(Schema):
    key = fields.String()
    title = fields.String()
    source = fields.Nested(SourceOut)
    players = fields.Integer()
    unit = fields.String()
    options = fields.List(fields.Nested(OptionOut))
    rulings = fields.List(fields.Nested(RulingOut))
    sections = fields.Dict(keys=fields.String(), values=fields.String())


class TournamentOut(Schema):
    id = fields.Integer()
    name = fields.String()
    private = fields.Boolean()
    created_at = fields.String()
    version = fields.Function(
        lambda row: f"tournament-{row['id']}-r{row.get('revision', 1)}",
        metadata={"description": VERSION_DOC},
    )


class TournamentPatch(Schema):
    private = StrictBoolean(required=True)


class SessionPatch(Schema):
    """A session renamed or moved to another table (send the session's ETag in If-Match)."""

    name = fields.String(validate=validate.Length(max=200))
    table = fields.String(
        allow_none=True,
        metadata={"description": "the table label, as when it was opened; null or empty: none"},
    )


class SessionIn(Schema):
    game = fields.String(required=True, validate=validate.Length(min=1, max=40))
    players = fields.List(
        fields.String(validate=validate.Length(min=1, max=80)),
        required=True,
        validate=validate.Length(min=2, max=6),
        metadata={
            "description": "in seat order; each name stored in NFC and stripped, and refused "
            "(422 BAD_NAME, naming the character) with a control, bidi or zero-width character"
        },
    )
    options = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    name = fields.String(
        load_default="",
        validate=validate.Length(max=200),
        metadata={"description": "a name for the session, checked as a player's (BAD_NAME)"},
    )
    table = fields.String(
        load_default=None,
        allow_none=True,
        metadata={
            "description": 'the table the session sits at, a label such as "Table 2" '
            "(stripped; empty or null: none given). At most 40 characters, no control, bidi "
            "or zero-width characters, else 422 BAD_TABLE. The tournament page groups "
            "sessions by it."
        },
    )


class SessionOut(Schema):
    id = fields.Integer()
    tournament_id = fields.Integer()
    name = fields.String()
    version = fields.Function(
        lambda row: f"session-{row['id']}-v{row.get('version', 0)}",
        metadata={
            "description": VERSION_DOC + "; any write to the session (a hand, a ruling) moves it on"
        },
    )
    table = fields.String(
        attribute="table_name",
        allow_none=True,
        metadata={"description": "the table label, null when none given"},
    )
    game = fields.String()
    players = fields.List(fields.String())
    options = fields.Dict(keys=fields.String(), values=fields.String())
    created_at = fields.String()


class UploadIn(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "one record, or several in order (bulk)"},
    )
    allow_duplicates = StrictBoolean(
        load_default=False,
        metadata={
            "description": "store a record the session already holds (the same canonical "
            "text) again, as a new hand; by default it is reported as a duplicate and not "
            "stored, so a retried upload stores each record once"
        },
    )


class UploadOut(Schema):
    hand_id = fields.Integer()
    position = fields.Integer()
    status = fields.String()
    duplicate = fields.Boolean(
        metadata={
            "description": "the session already held this record (or the upload held it "
            "before): ``hand_id`` is that hand unless ``stored``"
        }
    )
    stored = fields.Boolean(
        metadata={
            "description": "a new hand (for a correction, a revision) was stored for this "
            "record: false for a duplicate, "
            "unless ``allow_duplicates`` was asked for"
        }
    )
    findings = fields.List(fields.Nested(FindingSchema))


class UploadResponse(Schema):
    hands = fields.List(fields.Nested(UploadOut))
    game = fields.String(metadata={"description": "the session's game"})
    players = fields.List(
        fields.String(), metadata={"description": "the session's players, in seat order"}
    )


class HandSummary(Schema):
    id = fields.Integer()
    session_id = fields.Integer()
    position = fields.Integer()
    revision = fields.Integer()
    version = fields.Function(
        lambda row: f"hand-{row['id']}-r{row['revision']}",
        metadata={"description": VERSION_DOC + " (a correction or restore)"},
    )
    status = fields.String()
    content_hash = fields.String()
    created_at = fields.String()


class HandOut(HandSummary):
    original_text = fields.String()
    canonical_text = fields.String()
    report = fields.Nested(ReportSchema)


class RevisionIn(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_TEXT))
    author = fields.String(required=True, validate=validate.Length(min=1, max=MAX_AUTHOR))
    reason = fields.String(required=True, validate=validate.Length(min=1, max=MAX_REASON))


class RevisionOut(Schema):
    number = fields.Integer()
    status = fields.String()
    content_hash = fields.String()
    author = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    created_at = fields.String()
    original_text = fields.String()


class RevisionResponse(Schema):
    revision = fields.Integer()
    hand = fields.Nested(UploadOut)


class RulingIn(Schema):
    # strict: a non-integer amount (1.5) is refused, not truncated to 1
    amounts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(
            strict=True, validate=validate.Range(-MAX_RULING_AMOUNT, MAX_RULING_AMOUNT)
        ),
        required=True,
        metadata={
            "description": "per player, in the game's unit; they add up to zero, and are not "
            "all zero (422 EMPTY_RULING)"
        },
    )
    reason = fields.String(required=True, validate=validate.Length(min=1, max=MAX_REASON))
    author = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_AUTHOR),
        metadata={"description": "a name: NFC, no control, bidi or zero-width character"},
    )
    hand_id = fields.Integer(
        load_default=None, allow_none=True, strict=True, validate=validate.Range(1, MAX_ROW_ID)
    )


class RulingWithdrawIn(Schema):
    """Who and why: a ruling's withdrawal, or a revision's restoration."""

    reason = fields.String(required=True, validate=validate.Length(min=1, max=MAX_REASON))
    author = fields.String(required=True, validate=validate.Length(min=1, max=MAX_AUTHOR))


class RulingAmendIn(RulingWithdrawIn):
    amounts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(
            strict=True, validate=validate.Range(-MAX_RULING_AMOUNT, MAX_RULING_AMOUNT)
        ),
        required=True,
        metadata={"description": "the amounts that replace the amended ruling's"},
    )


class RulingOutRow(Schema):
    id = fields.Integer()
    session_id = fields.Integer()
    hand_id = fields.Integer(allow_none=True)
    amounts = fields.Dict(keys=fields.String(), values=fields.Integer())
    reason = fields.String()
    author = fields.String(allow_none=True)
    created_at = fields.String()
    kind = fields.String(
        validate=validate.OneOf(["ruling", "withdrawal", "amendment", "void"]),
        metadata={
            "description": "ruling; withdrawal (withdraws the ruling it replaces, no amounts);"
            " amendment (its amounts replace those of the ruling it replaces); void (a"
            " withdrawal or amendment an earlier release stored after the ruling was already"
            " replaced: kept, counted nowhere)"
        },
    )
    replaces = fields.Integer(
        allow_none=True,
        metadata={"description": "the ruling this withdrawal or amendment is about"},
    )
    replaced_by = fields.Integer(
        allow_none=True,
        metadata={"description": "the later withdrawal or amendment of this ruling, if any"},
    )
    standing = fields.Boolean(
        metadata={"description": "whether its amounts count in the ledger now"}
    )
    version = fields.String(
        metadata={
            "description": VERSION_DOC + " (a withdrawal or amendment); it changes once, when the "
            "ruling is replaced"
        }
    )


class StandingOut(Schema):
    rank = fields.String(metadata={"description": 'the place; equal totals share it, "3="'})
    player = fields.String()
    total = fields.Integer(metadata={"description": "in the table's unit"})
    sessions = fields.Integer()
    hands = fields.Integer()
    games = fields.Integer(
        allow_none=True,
        metadata={"description": "games finished (tables ranked by games won), else null"},
    )
    drawn = fields.Integer(
        allow_none=True,
        metadata={"description": "of those, games drawn (tables ranked by games won), else null"},
    )


class StandingsTableOut(Schema):
    game = fields.String()
    title = fields.String()
    unit = fields.String(
        metadata={"description": 'what total counts: "marca", "rest", "game points", "games won"'}
    )
    basis = fields.String(metadata={"description": "how the total is made, naming its ruling"})
    rows = fields.List(fields.Nested(StandingOut))


class StandingsOut(Schema):
    games = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(StandingsTableOut),
        metadata={
            "description": "one table per game (key: the game, or the game and its unit when "
            "sessions of it are kept in another unit); units are never added together"
        },
    )


class GameResultOut(Schema):
    number = fields.Integer(
        metadata={"description": "the game in the session (1, 2, ...); 0: the session as a whole"}
    )
    text = fields.String(metadata={"description": 'in words: "game 1 (hands 1-2): ... Anna wins"'})
    rule = fields.String(allow_none=True)
    finished = fields.Boolean()
    draw = fields.Boolean()
    winners = fields.List(
        fields.String(), metadata={"description": "who won the game, or who is ahead"}
    )
    players = fields.List(fields.String())


class SessionResultOut(Schema):
    unit = fields.String()
    hands = fields.Integer()
    balances = fields.Dict(keys=fields.String(), values=fields.Integer())
    games = fields.List(fields.Nested(GameResultOut))


class SessionDetailOut(SessionOut):
    result = fields.Nested(
        SessionResultOut,
        metadata={"description": "who won each game of the session, or who is ahead"},
    )


class AttentionFindingOut(Schema):
    """Why a hand needs a director: the worst finding of the revision that put it on the
    list (its sentence, code, rule and place)."""

    code = fields.String()
    severity = fields.String()
    message = fields.String()
    rule = fields.String(allow_none=True)
    line = fields.Integer(allow_none=True)
    column = fields.Integer(allow_none=True)
    trick = fields.Integer(allow_none=True)


class DealtWithOut(Schema):
    """What took a hand off the attention list: a ruling naming it (``by: "ruling"``) or a
    later clean revision (``by: "revision"``), with who, why and when."""

    by = fields.String(metadata={"enum": ["ruling", "revision"]})
    ruling = fields.Integer(allow_none=True)
    revision = fields.Integer(allow_none=True)
    author = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    at = fields.String()


class AttentionOut(Schema):
    """A hand that needs (or needed) a director: flagged, partial or invalid, or named by a
    violation of its session (a deal out of turn)."""

    hand_id = fields.Integer()
    session_id = fields.Integer()
    position = fields.Integer()
    status = fields.String(metadata={"description": "the current revision's verdict"})
    flagged_status = fields.String(
        metadata={"description": "the verdict that put it on the list (flagged, partial, invalid)"}
    )
    finding = fields.Nested(AttentionFindingOut, allow_none=True)
    dealt_with = fields.Nested(
        DealtWithOut,
        allow_none=True,
        metadata={"description": "null while the hand waits for a director"},
    )
    scope = fields.String(
        metadata={
            "enum": ["hand", "session"],
            "description": "hand: the hand's own verdict put it here; session: a finding of "
            "the session's ledger about this hand (a deal out of turn, G-6)",
        }
    )


class VersionOut(Schema):
    version = fields.String(
        metadata={"description": "changes whenever the standings or attention list may have"}
    )


class AuditOut(Schema):
    id = fields.Integer()
    at = fields.String()
    actor = fields.String()
    action = fields.String()
    entity = fields.String()
    entity_id = fields.Integer(allow_none=True)
    detail = fields.Dict()


class PageArgs(Schema):
    """A page of a long list: ``offset`` entries skipped, at most ``limit`` given."""

    offset = fields.Integer(load_default=0, validate=validate.Range(0, MAX_ROW_ID))
    limit = fields.Integer(
        load_default=1000,
        validate=validate.Range(1, 10_000),
        metadata={"description": "at most this many (1 to 10,000; 1,000 by default)"},
    )


class FormatArgs(Schema):
    format = fields.String(
        load_default="json", validate=validate.OneOf(["json", "csv", "notation"])
    )


CONFLICT_409 = (
    "no If-Match was sent and the thing changed while the request was handled (another "
    "change came first): nothing was stored; the body says what changed"
)
STALE_412 = (
    "the If-Match version is not the current one: nothing was stored; the body says what "
    "changed, by whom and when, and `current` (and the ETag) gives the version now"
)
REQUIRED_428 = "the service requires If-Match on changes (TAROCCO_REQUIRE_IF_MATCH) and none came"


class ErrorOut(Schema):
    code = fields.String()
    status = fields.Integer()
    message = fields.String()
    errors = fields.Dict()
    findings = fields.List(fields.Nested(FindingSchema))
    current = fields.String(
        metadata={
            "description": "409 and 412: the version of the thing now (also its ETag); the "
            "message says what changed, by whom and when"
        }
    )


# -- what comes next in a record being entered (#24.6) ------------------------------------
MAX_ENTRY_TEXT = 256 * 1024  # one record: far more than any hand needs


class NextRequest(Schema):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_ENTRY_TEXT),
        metadata={"description": "one record so far, in the notation: tags, then what is written"},
    )
    options = rule_options("rule options overriding the record's")


class DraftIn(Schema):
    """A hand in progress to park in a session (``POST /api/sessions/{id}/drafts``) or its
    new text (``PUT /api/drafts/{id}``)."""

    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_ENTRY_TEXT),
        metadata={"description": "one record so far, of the session's game and players"},
    )


class DraftOut(Schema):
    id = fields.Integer()
    session_id = fields.Integer()
    text = fields.String()
    author = fields.String(metadata={"description": "the director's token label"})
    created_at = fields.String()
    updated_at = fields.String()
    revision = fields.Integer()
    version = fields.String(metadata={"description": "its ETag, for If-Match"})


class CardArgs(Schema):
    """One card typed, to read as the notation reads it (``GET /api/card``)."""

    game = fields.String(
        required=True, validate=validate.Length(1, 40), metadata={"description": "nice4, ..."}
    )
    suits = fields.String(
        load_default=None,
        validate=validate.Length(1, 20),
        metadata={"description": "italian, french or symbols; the game's default if left out"},
    )
    card = fields.String(
        required=True,
        validate=validate.Length(1, 40),
        metadata={"description": "the card as typed: KS, III, xvii, matto, T21, 10♠ ..."},
    )


class CardOut(Schema):
    card = fields.String(metadata={"description": "the card as a record of the game writes it"})
    name = fields.String(metadata={"description": "the card for people"})
    face = fields.String(metadata={"description": "its canonical Italian text (a face's id)"})


class SeatOut(Schema):
    seat = fields.Integer(metadata={"description": "0-based, in the Players tag's order"})
    name = fields.String()


class RulingText(Schema):
    id = fields.String()
    title = fields.String()
    summary = fields.String()


class KeywordOut(Schema):
    keyword = fields.String()
    when = fields.String(
        validate=validate.OneOf(["deal", "before-play", "play"]),
        metadata={
            "description": "deal (a deal line, or one written with the deal), before-play "
            "(before the first trick) or play (between or after tricks)"
        },
    )
    subject = fields.String(metadata={"description": "none, player, number, word, ..."})
    items = fields.String(metadata={"description": "cards, words or mixed"})
    help = fields.String()


class PackCard(Schema):
    text = fields.String(metadata={"description": "the card as this record writes it"})
    face = fields.String(metadata={"description": "its canonical Italian text (a face's id)"})
    name = fields.String(metadata={"description": "the card for people"})


class DealPartOut(Schema):
    keyword = fields.String(metadata={"description": "hand, faceup or stock"})
    seat = fields.Integer(allow_none=True)
    name = fields.String(allow_none=True)
    size = fields.Integer()
    cards = fields.List(fields.String())
    needs = fields.Integer(metadata={"description": "cards it still needs"})
    line = fields.String(metadata={"description": "the start of its line: hand Anna:"})


class DealOut(Schema):
    complete = fields.Boolean()
    undealt = fields.List(fields.String(), metadata={"description": "the cards not yet dealt"})
    parts = fields.List(fields.Nested(DealPartOut))
    next = fields.Integer(allow_none=True, metadata={"description": "the part to fill next"})
    fill = fields.String(
        allow_none=True,
        metadata={"description": "the line that completes the deal with what is left, if any"},
    )
    pack = fields.List(fields.Nested(PackCard))


class TablePlay(Schema):
    seat = fields.Integer()
    card = fields.String()


class SeatCards(Schema):
    seat = fields.Integer()
    name = fields.String()
    known = fields.Boolean(metadata={"description": "false for a hand the record leaves out"})
    cards = fields.List(fields.String())


class TrickOut(Schema):
    number = fields.Integer()
    leader = fields.Integer()
    winner = fields.Integer(allow_none=True)
    cards = fields.List(fields.String(), metadata={"description": "in the order played"})
    flags = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "a card's place in the trick: the codes of its illegal play"},
    )


class DrawOut(Schema):
    seat = fields.Integer()
    name = fields.String()
    card = fields.String(
        allow_none=True, metadata={"description": "the stock's next card, when the stock is known"}
    )


class PlayOut(Schema):
    draw = fields.Nested(
        DrawOut,
        allow_none=True,
        metadata={"description": "a draw from the stock due before the next trick (pinch)"},
    )
    trick = fields.Integer(allow_none=True, metadata={"description": "the trick being played"})
    leader = fields.Nested(SeatOut)
    current = fields.List(fields.Nested(TablePlay), metadata={"description": "on the table"})
    legal = fields.List(fields.String(), metadata={"description": "the legal cards"})
    unseen = fields.List(
        fields.String(),
        metadata={"description": "cards nobody is known to hold and nobody has played"},
    )
    hands = fields.List(fields.Nested(SeatCards))
    tricks = fields.List(fields.Nested(TrickOut))


class ChoiceOut(Schema):
    kind = fields.String(
        metadata={
            "description": "the phase: mountain, discard, solo, call, bargain, draw, play ..."
        }
    )
    seat = fields.Integer(allow_none=True, metadata={"description": "who acts (null: the table)"})
    name = fields.String(allow_none=True)
    label = fields.String(
        metadata={"description": "the choice in the rules' words, in the request's language"}
    )
    template = fields.String(
        metadata={
            "description": "the label's English template (stable across languages): the "
            "choice's kind of action, worded from facts"
        }
    )
    facts = fields.Dict(
        keys=fields.String(),
        metadata={"description": "the values the template names (players, cards as notations)"},
    )
    line = fields.String(metadata={"description": "the notation line it writes, as it then stands"})
    replaces = fields.Boolean(
        metadata={
            "description": "the line is written over the record's last line (a word "
            "or a card added to it), not after it"
        }
    )
    card = fields.String(allow_none=True, metadata={"description": "the card played, if any"})
    note = fields.String(
        allow_none=True,
        metadata={"description": "what is said with the card played (a declaration), if any"},
    )
    legal = fields.Boolean()
    why = fields.String(
        allow_none=True,
        metadata={
            "description": "when not legal: the finding's sentence, in the request's language"
        },
    )
    rule = fields.String(allow_none=True, metadata={"description": "the ruling it follows"})
    optional = fields.Boolean(
        metadata={"description": "may be taken besides what the hand waits for (a declaration)"}
    )


class VerdictOut(Schema):
    status = fields.String()
    findings = fields.List(fields.Nested(FindingSchema))


class NextStep(Schema):
    game = fields.String()
    title = fields.String()
    suits = fields.String(metadata={"description": "the record's suit letters"})
    phase = fields.String(validate=validate.OneOf(["deal", "before-play", "play", "done"]))
    players = fields.List(fields.Nested(SeatOut))
    dealer = fields.Nested(SeatOut)
    eldest = fields.Nested(SeatOut)
    to_act = fields.Nested(SeatOut, allow_none=True)
    choices = fields.List(
        fields.Nested(ChoiceOut),
        metadata={
            "description": "after the deal, what may be done now, each with its label, its "
            "line and whether it is legal (the game's action API)"
        },
    )
    rules = fields.List(
        fields.Nested(RulingText),
        metadata={"description": "the rulings on the deal and the first lead, in their words"},
    )
    keywords = fields.List(fields.Nested(KeywordOut))
    trick_notes = fields.Boolean(metadata={"description": "a played card may carry a note"})
    deal = fields.Nested(DealOut)
    play = fields.Nested(PlayOut, allow_none=True)
    verdict = fields.Nested(VerdictOut)
    canonical = fields.String(metadata={"description": "the record in canonical notation"})
    next_dealer = fields.Nested(
        SeatOut,
        allow_none=True,
        metadata={
            "description": "once the hand is done, who deals the next one (G-6: the deal "
            "passes to the right; a thrown-in deal is redealt by the same dealer where the "
            "game says so)"
        },
    )

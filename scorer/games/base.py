"""What every game module provides: its rule options, its notation keywords, verify and random.

A :class:`Game` is the immutable rule set (OpenSpiel's "game"); each call to :meth:`verify`
replays one record into a fresh :class:`~scorer.report.Report` (the "state" lives inside the
replay and is thrown away).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..findings import Finding
from ..messages import GENERAL, LEDGER
from ..proof import name_proofs
from ..record import KeywordSpec, Record
from ..report import Report
from ..results import GameResult, leaders
from ..wording import Wording, wording
from .actions import ActionRules, HandState
from .engine import TrickPlay

__all__ = ["DealLine", "EntryShape", "Game", "Option", "OptionError", "Ruling", "Source"]


class OptionError(ValueError):
    """An unknown rule option or value."""


@dataclass(frozen=True, slots=True)
class Option:
    """A rule option named by a ruling: ``name=value`` with ``values[0]`` the default."""

    name: str
    values: tuple[str, ...]
    ruling: str
    help: str

    @property
    def default(self) -> str:
        return self.values[0]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision on a point the rule text leaves open, as the project applies it: its ``id``
    (``NICE-15``, cited by findings, score lines, options and tests), a short ``title``, a
    one-line ``summary`` and its full ``text``, in English (the other languages are catalogs
    of :mod:`records.language`). Each game's own are data in its ``rules.py``, the general
    ones (``G-*``) in :mod:`scorer.rulings`."""

    id: str
    title: str
    summary: str
    text: str


@dataclass(frozen=True, slots=True)
class Source:
    """The rule text a game follows, cited as the text names itself: its ``title``, who wrote
    it (``author``), where it is published (``site``, and ``url`` when the text gives one)
    and what it draws on (``based_on``), so that a reader can find it."""

    title: str
    author: str = ""
    site: str = ""
    url: str = ""
    based_on: str = ""


@dataclass(frozen=True, slots=True)
class DealLine:
    """One kind of line of the deal, as a record is entered (#24.6): its ``keyword``, the
    cards it takes for each player (``size``; ``dealer_size`` for the dealer when he is dealt
    more), or with ``each=False`` one line for the table (pinch's ``stock``)."""

    keyword: str
    size: int
    dealer_size: int | None = None
    each: bool = True


@dataclass(frozen=True, slots=True)
class EntryShape:
    """How a record of the game is entered line by line (``POST /api/next`` and the
    ``/enter`` page, :mod:`records.entry`), beyond what the rules check: the ``pack`` (a
    mask), the ``deal``'s lines in the order they are entered (each player's from eldest
    round to the dealer, line kind by line kind), the keywords that may come with the deal
    (``before_deal``: Minchiate's ``draw`` and ``rob``), those written between the deal and
    the first trick (``before_play``), and the rulings that say who deals and leads first
    (``lead_rulings``, quoted to the person entering)."""

    pack: int
    deal: tuple[DealLine, ...]
    before_deal: tuple[str, ...] = ()
    before_play: tuple[str, ...] = ()
    lead_rulings: tuple[str, ...] = ()

    @property
    def deal_keywords(self) -> tuple[str, ...]:
        """The keywords of the deal's lines, each once, in order."""
        return tuple(dict.fromkeys(line.keyword for line in self.deal))


class Game:
    """Base class of the game modules. Subclasses set the class attributes and implement
    :meth:`verify` and :meth:`random_record`."""

    key: str = ""
    title: str = ""
    source: Source = Source("")  # the rule text the game follows, as it names itself
    #: The game in brief, for players: ``(aspect, text)`` pairs, the aspects among
    #: ``players``, ``pack``, ``deal``, ``aim``, ``play``, ``scoring`` (its ``rules.py``).
    brief: tuple[tuple[str, str], ...] = ()
    num_players: int = 0
    default_suits: str = "italian"
    unit: str = "marca"
    start_balance: int = 0  # each player's balance before a session's first hand
    zero_sum: bool = True  # every hand's payments add up to nothing
    redeal_thrown_in: bool = True  # G-6: a thrown-in deal is redealt by the same dealer
    highest_trump: int = 21  # the pack's top numbered trump (Minchiate: 40)
    point_total: int | None = None  # the sides' totals of a played-out hand (default options)
    claim_field: str = ""  # the claim line's field for the payments (scorer.claims); unit
    keywords: Mapping[str, KeywordSpec] = {}
    trick_notes: bool = False  # whether a played card may carry an annotation, CARD(text)
    options: tuple[Option, ...] = ()
    rulings: tuple[str, ...] = ()  # ruling IDs this engine implements
    #: Rulings of the game's own that the catalogue (:mod:`scorer.rulings`) does not hold, as
    #: data (:class:`Ruling`): a game kept outside ``scorer`` brings them (the test suite's
    #: reference game), and :func:`scorer.games.register` adds them to the catalogue. (The
    #: engines' own are in their ``rules.py``, which the catalogue reads.)
    own_rulings: tuple[Ruling, ...] = ()
    #: The sentences of the game's findings, by code (:mod:`scorer.messages`; its package's
    #: ``messages.py``): what the API's ``facts`` are read by.
    templates: Mapping[str, str] = GENERAL
    #: The sentences of a session's ledger and of the game's session rules, by key (its
    #: entries' notes, its summary's lines: :class:`~scorer.messages.Said`).
    session_templates: Mapping[str, str] = LEDGER
    #: The game's names for its own terms (a ``{fact:term}`` field's key) and its word for
    #: the trumps, as its findings use them: what another language words again.
    terms: Mapping[str, str] = {}
    trumps_name: str = "trumps"
    #: The templates of the game's score lines, by key (:meth:`Replay.score_line
    #: <scorer.games.replay.Replay.score_line>`).
    lines: Mapping[str, str] = {}
    #: How a record of the game is entered (``POST /api/next``, ``/enter``); ``None``: the
    #: game cannot be entered there.
    entry: EntryShape | None = None
    #: The ruling of the deck points' line on the paper score sheet the players keep, a
    #: column per player of the melds' codes, the deck points and the hand's total (pinch's
    #: "How to Mark the Score", PINCH-2); ``None``: the plain sheet of payments.
    paper_sheet_rule: str | None = None
    #: Which actions exist at each point of a hand (:mod:`scorer.games.actions`: the phases
    #: before the play, the cards, the lines between tricks); ``None``: no action API.
    actions: ActionRules | None = None

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise OptionError(f"{self.key} has no rule option {name!r}")

    def resolve_options(self, *layers: Mapping[str, str] | None) -> dict[str, str]:
        """Defaults, overridden by each layer in turn (record, session, command line).

        Raises :class:`OptionError` naming the option and the values allowed.
        """
        options = self.options
        cached = self.__dict__.get("_defaults")  # (options, their defaults), made once
        if cached is None or cached[0] is not options:
            cached = self.__dict__["_defaults"] = (options, {o.name: o.default for o in options})
        chosen = dict(cached[1])
        for layer in layers:
            for name, value in (layer or {}).items():
                option = self.option(name)
                if value not in option.values:
                    raise OptionError(
                        f"option {name}={value!r} is not one of {', '.join(option.values)}"
                        f" ({option.ruling})"
                    )
                chosen[name] = value
        return chosen

    def wording(self, record: Record) -> Wording:
        """How this record's findings and score lines name cards and suits: in its
        ``Suits`` style, else the game's default (:mod:`scorer.wording`)."""
        return wording(record.tag("Suits") or self.default_suits)

    def verify(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """Replay ``record`` and return its report; ``options`` override the record's.

        The game's :meth:`replay` judges the record; what every game adds to its findings
        (a revoke in a record without the deal names the trick that proves it) is added
        here, once for all games."""
        report = self.replay(record, options)
        if record.tag("Suits"):
            report.suits = self.wording(record).style
        name_proofs(record, report, self.wording)
        return report

    def replay(self, record: Record, options: Mapping[str, str] | None = None) -> Report:
        """The game's own replay of ``record`` (see :meth:`verify`): one path through the
        record, its play through the one trick loop (:mod:`scorer.games.engine`)."""
        raise NotImplementedError

    def session_findings(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[int, Finding]]:
        """Findings about a session as a whole, each with the 1-based hand it concerns (a game
        played past its end, a giro left unfinished, ...). The ledger already checks the
        deal's rotation (G-6) for every game; this adds the game's own session rules."""
        return []

    def hands_not_counted(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> dict[int, str]:
        """The hands (1-based) of a session that count in no balance although they were
        played, each with why (a Piedicavallo deal after the game ended, PIE-7). The ledger
        shows them with that note and zero amounts, so every balance, standing and export
        built on it leaves them out. None by default."""
        return {}

    def session_summary(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[str]:
        """What the session comes to in words, each line naming its rule: the winner, a game
        ended early, extra deals after a tie, ... (``balances`` per player after the last
        entry). Nothing by default: the balances say it all."""
        return []

    def session_payments(
        self, records: Sequence[Record], reports: Sequence[Report]
    ) -> list[tuple[dict[str, int], str]]:
        """Payments a session's own rules make at its end (Minchiate's unfinished giro,
        MIN-16): amounts per player name (zero-sum) with the reason. None by default."""
        return []

    #: The ruling a session's result follows: who is ahead in :attr:`unit` (NICE-18), or
    #: who wins its games in a game ranked by games won (PINCH-8, PIE-7).
    ledger_rule: str | None = None
    #: Whether a tournament ranks this game's players by games won (PINCH-8, PIE-7) rather
    #: than by their net result in :attr:`unit`.
    ranked_by_games: bool = False
    #: Rulings whose payments the engine applies by itself as a penalty (G-1: MIN-13's
    #: revoke): the ledger names them as the engine's, never as a director's ruling.
    penalty_rulings: tuple[str, ...] = ()
    #: The keywords of the body lines a session rule reads (Minchiate's ``draw`` for its
    #: partnerships, MIN-16): all a session keeps of a record's body (``records.streaming``).
    session_lines: tuple[str, ...] = ()
    #: The ruling under which every discard is shown to the table once the first card is
    #: played (MIN-6), or ``None``: a discard stays its maker's (the view from one seat,
    #: #32.12).
    discards_shown_at_first_card: str | None = None

    def session_results(
        self, records: Sequence[Record], reports: Sequence[Report], balances: Mapping[str, int]
    ) -> list[GameResult]:
        """How the session's games came out (a game that ranks by games overrides this);
        by default one entry, number 0: who is ahead after the last entry (``balances``)."""
        if not records:
            return []
        return [leaders(balances, self.start_balance, self.unit, self.ledger_rule)]

    def start_play(self, record: Record, options: Mapping[str, str] | None = None) -> TrickPlay:
        """The Hand API: the state of ``record``'s deal as its play begins (its lines before
        the first trick replayed: the deal, the contract, the declarations), to be stepped
        with :meth:`~scorer.games.engine.TrickPlay.to_play`,
        :meth:`~scorer.games.engine.TrickPlay.legal_cards` and
        :meth:`~scorer.games.engine.TrickPlay.play` or ``push``. Raises
        :class:`~scorer.games.engine.NoPlay` when those lines do not reach the play."""
        raise NotImplementedError

    def start_hand(
        self,
        players: Sequence[str],
        dealer: int,
        deck: Sequence[Card],
        options: Mapping[str, str] | None = None,
    ) -> HandState:
        """The action API (:mod:`scorer.games.actions`): a hand of ``players`` dealt by seat
        ``dealer`` from ``deck`` (the pack in the order dealt), to be played to its end
        with ``legal_actions`` and ``apply``. ``options`` are written in its ``Options``
        tag."""
        if self.actions is None:
            raise NotImplementedError(f"{self.key} has no action API")
        tags: tuple[tuple[str, str], ...] = (
            ("Game", self.key),
            ("Players", ", ".join(players)),
            ("Dealer", players[dealer]),
        )
        if options:
            tags += (("Options", " ".join(f"{k}={v}" for k, v in options.items())),)
        state = HandState(self, self.actions, Record(tags), None, deck)
        state.deal(self.actions.deal(state, deck))
        return state

    def hand_state(self, record: Record, options: Mapping[str, str] | None = None) -> HandState:
        """The action API's state of ``record`` as written (a record being entered, its
        deal given by its lines); ``options`` override the record's."""
        if self.actions is None:
            raise NotImplementedError(f"{self.key} has no action API")
        return HandState(self, self.actions, record, options)

    def random_record(
        self, rng: random.Random, players: list[str] | None = None, dealer: int | None = None
    ) -> Record:
        """A legal record of one hand, drawn with the caller's seeded ``rng``; the dealer is
        drawn too unless given."""
        raise NotImplementedError

    def random_session(self, rng: random.Random, count: int) -> list[Record]:
        """``count`` legal records of one table in order, the deal passing as G-6 says."""
        records: list[Record] = []
        dealer = rng.randrange(self.num_players)
        for _ in range(count):
            record = self.random_record(rng, dealer=dealer)
            records.append(record)
            if not self.redeal_thrown_in or not self.verify(record).thrown_in:
                dealer = (dealer + 1) % self.num_players
        return records

"""The games' own words (#33): one table of terms, each in English, Italian and French.

A term is a word of a game as its rule text gives it (``versicola``, ``folla``, ``marca``,
``Partida``) or the one word the project uses for a thing in each language (the discard is
*scarto* in Italian, *écart* in French). The table says, per term, the word in each language,
the games it belongs to, a one-line explanation (English, translated in the ``rulings``
catalog) and the forms to look for, so that:

- the glossary page (``/glossary``) lists every term in the page's language, with its
  explanation and its games, each at its own anchor (:func:`glossary`);
- the pages link a term where they use it (:func:`find_terms`);
- ``tests/test_terms.py`` checks every catalog against the table: a message whose English
  uses a term is translated with that language's word for it (:func:`missing_terms`).

>>> TERMS["discard"].word("it"), TERMS["discard"].word("fr")
('scarto', 'écart')
>>> missing_terms("The dealer discards 2 cards.", "Il mazziere scarta 2 carte.", "it")
[]
>>> [t.key for t in missing_terms("The Fool never wins.", "Le Fou ne gagne pas.", "fr", ["nice4"])]
['fool']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from .language import DEFAULT, translations

__all__ = ["TERMS", "Entry", "Term", "find_terms", "glossary", "missing_terms"]


@dataclass(frozen=True, slots=True)
class Term:
    """One term: its ``key`` (the glossary's anchor), its word per language (``en``, ``it``,
    ``fr``), the ``games`` it belongs to (engine keys; none: every game), its one-line
    ``explanation`` (English), and how it is found in text: ``forms`` per language, whole
    words in English (what asks for the term) and stems in Italian and French (any of which
    a translation must contain), the word itself when not given. ``own`` holds the games whose
    text says the thing its own way in a language, as (language, games, forms): the Fool is
    the *Excuse* of Nice in French, but pinch's and Piedicavallo's *Fou*."""

    key: str
    en: str
    it: str
    fr: str
    games: tuple[str, ...]
    explanation: str
    en_forms: tuple[str, ...] = ()
    it_forms: tuple[str, ...] = ()
    fr_forms: tuple[str, ...] = ()
    own: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()

    def word(self, language: str) -> str:
        """The term's word in ``language`` (English for an unknown one)."""
        return str(getattr(self, language, self.en)) if language in ("it", "fr") else self.en

    def forms_in(self, language: str, games: Iterable[str] | None = None) -> tuple[str, ...]:
        """What stands for the term in text of ``language``: for ``games`` (engine keys),
        each game's own forms or else the common ones; for no game known, every form listed.

        >>> TERMS["fool"].forms_in("fr", ["pinch"]), TERMS["fool"].forms_in("fr", ["nice4"])
        (('Fou',), ('Excuse',))
        >>> TERMS["fool"].forms_in("fr")
        ('Excuse', 'Fou')
        """
        forms: tuple[str, ...] = getattr(self, f"{language}_forms", ())
        common = forms or (self.word(language),)
        own = {
            game: game_forms
            for lang, owners, game_forms in self.own
            if lang == language
            for game in owners
        }
        chosen = list(common) if games is None else []
        for game in own if games is None else games:
            chosen += own.get(game, common)
        return tuple(dict.fromkeys(chosen))


_NICE = ("nice4", "nice3")
#: Every term, in the glossary's order: the words of every game, then each game's.
_TABLE: tuple[Term, ...] = (
    Term(
        "discard",
        "discard",
        "scarto",
        "écart",
        (),
        "The cards the dealer lays aside after the deal; they count for his side as the game says.",
        en_forms=("discard", "discards", "discarded", "discarding"),
        it_forms=("scart",),
        fr_forms=("écart",),
    ),
    Term(
        "fool",
        "Fool",
        "Matto",
        "Excuse",
        (),
        (
            "The card outside suits and trumps: it may be played instead of following, never wins a"
            " trick, and each game says what becomes of it."
        ),
        en_forms=("Fool",),
        it_forms=("Matto",),
        fr_forms=("Excuse",),
        own=(("fr", ("pinch", "piedicavallo"), ("Fou",)),),
    ),
    Term(
        "honours",
        "Honours",
        "Onori",
        "Honneurs",
        ("nice4", "nice3", "piemonte3"),
        (
            "The three top cards of Nice and Piedmont: the Angel (XX), the Bagatte or Bagatto (I) "
            "and the Fool."
        ),
        en_forms=("Honour", "Honours"),
        it_forms=("Onor", "onor"),
        fr_forms=("Honneur", "honneur"),
    ),
    Term(
        "angel",
        "Angel",
        "Angelo",
        "Ange",
        ("nice4", "nice3", "piemonte3"),
        "Trump XX, the highest trump in Nice and in Piedmontese three-hand Tarocchi.",
        en_forms=("Angel",),
        it_forms=("Angelo",),
        fr_forms=("Ange",),
    ),
    Term(
        "marca",
        "marca",
        "marca",
        "marca",
        _NICE,
        (
            "The counters a session of Nice is played for: each player starts with 10 and every "
            "payment is in marca."
        ),
    ),
    Term(
        "mountain",
        "mountain",
        "monte",
        "montagne",
        _NICE,
        (
            "After each round of the deal each player says keep or mountain; if all say mountain, "
            "the deal is thrown in and dealt again."
        ),
        en_forms=("mountain",),
        it_forms=("monte",),
        fr_forms=("montagne",),
    ),
    Term(
        "partida",
        "Partida",
        "Partida",
        "Partida",
        ("nice4",),
        (
            "The payment for the contract in four-player Nice: 1 marca per opponent, doubled under "
            "18 points, doubled again sans prendre."
        ),
    ),
    Term(
        "solo",
        "Solo",
        "Solo",
        "Solo",
        ("nice4",),
        (
            "Playing alone against the other three in four-player Nice, after the question “Cü va "
            "solete?”."
        ),
    ),
    Term(
        "sans-prendre",
        "sans prendre",
        "sans prendre",
        "sans prendre",
        ("nice4",),
        "A Solo played without calling a card: it doubles the partida and the Bagatte payments.",
    ),
    Term(
        "papote",
        "Papote",
        "Papote",
        "Papote",
        _NICE,
        (
            "The trumps V, IV, III and II of Nice, which are equal: of several in a trick the last "
            "played wins."
        ),
        en_forms=("Papote", "Papotes"),
        it_forms=("Papot",),
        fr_forms=("Papot",),
    ),
    Term(
        "tarocche",
        "10 Tarocche",
        "10 Tarocche",
        "10 Tarocche",
        _NICE,
        (
            "The declaration of ten or more Tarots (the Fool counting as one), shown before the "
            "holder's first play."
        ),
    ),
    Term(
        "mitigatti",
        "Mitigatti",
        "Mitigatti",
        "Mitigatti",
        _NICE,
        (
            "The declaration of all three Honours held when play began, made with the play of the "
            "last of them; also the name of the game of Nice."
        ),
    ),
    Term(
        "quatre-rei",
        "Quatre Rei",
        "Quatre Rei",
        "Quatre Rei",
        _NICE,
        (
            "The declaration of all four Kings held when play began, made with the play of the last"
            " of them."
        ),
    ),
    Term(
        "bagatte-ultimu",
        "Bagatte Ultimu",
        "Bagatte Ultimu",
        "Bagatte Ultimu",
        _NICE,
        (
            "The I (the Bagatte) played to the last trick by a holder who kept the lead rule: 2 "
            "marca from each player if it wins (Petar Bagatte if it is beaten: he pays 2 to each)."
        ),
    ),
    Term(
        "counting-cards",
        "counting cards",
        "carte di conto",
        "cartes de compte",
        ("minchiate",),
        (
            "The cards with a value in Minchiate: the Kings, the Fool, trumps 1 to 5, 10, 13, 20, "
            "28 and 30 to 40."
        ),
        en_forms=("counting card", "counting cards"),
        it_forms=("di conto",),
        fr_forms=("de compte",),
    ),
    Term(
        "robbing",
        "robbing",
        "rubare",
        "voler",
        ("minchiate",),
        (
            "The cutter keeping the run of counting cards and sopraventi at the cut; he discards as"
            " many later."
        ),
        en_forms=("robbing", "robbed", "robs"),
        it_forms=("rub",),
        fr_forms=("vole", "volé"),  # voler, vole, volent, volé
    ),
    Term(
        "folla",
        "folla",
        "folla",
        "folla",
        ("minchiate",),
        (
            "What is left of the pack after the deal: the dealer takes from it, the discards go "
            "into it, and it counts for the dealer's side at the end."
        ),
    ),
    Term(
        "scoprire",
        "scoprire",
        "scoprire",
        "scoprire",
        ("minchiate",),
        (
            "The dealer turning up the folla's top cards while they are counting cards or "
            "sopraventi; they are marked."
        ),
        en_forms=("scoprire", "scoperti"),
        it_forms=("scopr", "scopert"),  # the verb and its participle (le carte scoperte)
        fr_forms=("scoprire", "scoperti"),
    ),
    Term(
        "pigliare",
        "pigliare",
        "pigliare",
        "pigliare",
        ("minchiate",),
        "The dealer then taking the folla's other counting cards, shown but not marked.",
        en_forms=("pigliare", "pigliati"),
        it_forms=("pigli",),
        fr_forms=("pigli",),
    ),
    Term(
        "sopraventi",
        "sopraventi",
        "sopraventi",
        "sopraventi",
        ("minchiate",),
        "The trumps 20 to 29 of Minchiate.",
    ),
    Term(
        "arie",
        "Arie",
        "Arie",
        "Arie",
        ("minchiate",),
        "The five highest trumps of Minchiate, 36 to 40, worth 10 each.",
    ),
    Term(
        "tromba",
        "Tromba",
        "Tromba",
        "Tromba",
        ("minchiate",),
        "Trump 40, the highest card of Minchiate.",
    ),
    Term(
        "versicola",
        "versicola",
        "versicola",
        "versicola",
        ("minchiate",),
        (
            "A scoring combination of Minchiate (a run of trumps, 1 with the Fool and 40, the "
            "Diecine, three or four Kings), declared in the first trick or formed in the pile; "
            "plural versicole."
        ),
        en_forms=("versicola", "versicole"),
        it_forms=("versicol",),
        fr_forms=("versicol",),
    ),
    Term(
        "diecine",
        "Diecine",
        "Diecine",
        "Diecine",
        ("minchiate",),
        "The versicola of 20 and 30 with 10, 40 or both.",
    ),
    Term(
        "muore",
        "muore",
        "muore",
        "muore",
        ("minchiate",),
        (
            "A counting card “dies” when the side that did not play it wins it: the winners mark "
            "its value."
        ),
    ),
    Term(
        "accrescimento",
        "accrescimento",
        "accrescimento",
        "accrescimento",
        ("minchiate",),
        "A won card that extends a versicola the side declared is marked too.",
    ),
    Term(
        "mazzetti",
        "mazzetti",
        "mazzetti",
        "mazzetti",
        ("minchiate",),
        "At the end of a Minchiate hand, 1 point per card a side's pile holds beyond 42.",
    ),
    Term(
        "ultima",
        "ultima",
        "ultima",
        "ultima",
        ("minchiate",),
        "The last trick of Minchiate, worth 10 to the side that wins it.",
        it_forms=("(ultima)",),  # not the adjective: "l'ultima presa" is any last trick
        fr_forms=("(ultima)",),
    ),
    Term(
        "rests",
        "rests",
        "resti",
        "restes",
        ("minchiate",),
        (
            "What Minchiate is paid in: a rest for each 60 of difference during play, and one per "
            "60 begun at the end."
        ),
        en_forms=("rests", "one rest", "a rest"),
        it_forms=("resto", "resti"),
        fr_forms=("restes", "un reste"),
    ),
    Term(
        "king-rule",
        "King rule",
        "regola del Re",
        "règle du Roi",
        ("minchiate",),
        (
            "On the first lead of a suit, once it is trumped, a later player holding its King must "
            "play it."
        ),
        en_forms=("King rule",),
        it_forms=("regola del Re",),
        fr_forms=("règle du Roi",),
    ),
    Term(
        "cascare",
        "cascare",
        "cascare",
        "cascare",
        ("minchiate",),
        "A player out of trumps lays his hand open; it changes nothing of what is legal.",
    ),
    Term(
        "giro",
        "giro",
        "giro",
        "giro",
        ("minchiate",),
        "Four games of Minchiate, one deal by each player; three giri make a set.",
        en_forms=("giro", "giri"),
        it_forms=("giro", "giri"),
        fr_forms=("giro", "giri"),
    ),
    Term(
        "stock",
        "stock",
        "tallone",
        "talon",
        ("pinch",),
        (
            "In pinch, the 48 cards left after the deal, from which both players draw after each "
            "trick."
        ),
        en_forms=("stock",),
        it_forms=("tallon",),
        fr_forms=("talon",),
    ),
    Term(
        "melds",
        "melds",
        "accuse",
        "annonces",
        ("pinch",),
        (
            "Combinations a pinch player shows for points: trumps, gatti, family, four and three of"
            " a kind."
        ),
        en_forms=("meld", "melds"),
        it_forms=("accus",),
        fr_forms=("annonce",),
    ),
    Term(
        "gatti",
        "Gatti",
        "Gatti",
        "Gatti",
        ("pinch",),
        "The meld of the Fool with trumps 1 and 21, worth 10.",
    ),
    Term(
        "family",
        "family",
        "famiglia",
        "famille",
        ("pinch",),
        "The meld of Jack, Cavalier, Queen and King of one suit, worth 10.",
        en_forms=("family",),
        it_forms=("famiglia",),
        fr_forms=("famille",),
    ),
    Term(
        "bagatto-ultimo",
        "Bagatto ultimo",
        "Bagatto ultimo",
        "Bagatto ultimo",
        ("pinch",),
        "In pinch, trump 1 played to the last trick: 20 points to whoever wins that trick.",
    ),
    Term(
        "deck-points",
        "deck points",
        "punti di mazzo",
        "points du paquet",
        ("pinch",),
        "In pinch, the counting cards taken plus 1 point per two cards: 91 in all.",
        en_forms=("deck points",),
        it_forms=("punti di mazzo",),
        fr_forms=("points du paquet",),
    ),
    Term(
        "bargaining",
        "bargaining",
        "contrattazione",
        "marchandage",
        ("piemonte3",),
        (
            "After the second, third and fourth rounds of the deal the players demand and offer; a "
            "settled bargain ends the hand with a payment."
        ),
        en_forms=("bargaining", "bargain", "bargains"),
        it_forms=("contratt",),
        fr_forms=("marchand",),
    ),
    Term(
        "abundance",
        "Abundance",
        "Abbondanza",
        "Abondance",
        ("piemonte3",),
        "The declaration of ten or more trumps, the Fool not counted.",
        en_forms=("Abundance",),
        it_forms=("Abbondanza",),
        fr_forms=("Abondance",),
    ),
    Term(
        "mitigati",
        "Mitigati",
        "Mitigati",
        "Mitigati",
        ("piemonte3",),
        "The declaration of the three Honours in Piedmontese three-hand Tarocchi.",
    ),
    Term(
        "mixed-honours",
        "Mixed Honours",
        "Onori misti",
        "Honneurs mêlés",
        ("piemonte3",),
        "The declaration of four or more Kings and Honours together, at least one of each.",
        en_forms=("Mixed Honours",),
        it_forms=("Onori misti",),
        fr_forms=("Honneurs mêlés",),
    ),
    Term(
        "table-talk",
        "table talk",
        "dialogo al tavolo",
        "dialogue à table",
        ("piedicavallo",),
        "What Piedicavallo partners may say about their cards as they play one, within set limits.",
        en_forms=("table talk",),
        it_forms=("dialogo al tavolo",),
        fr_forms=("dialogue à table",),
    ),
    Term(
        "sleeping",
        "sleeping cards",
        "carte dormienti",
        "cartes dormantes",
        ("piedicavallo",),
        (
            "The dealer's discarded cards in Piedicavallo, of which he may speak under the same "
            "limits."
        ),
        en_forms=("sleeping",),
        it_forms=("dormient",),
        fr_forms=("dormant",),
    ),
    Term(
        "vola",
        "vola",
        "vola",
        "vola",
        ("piedicavallo",),
        "A side that wins every trick of a deal takes all 114 points.",
    ),
)
TERMS: dict[str, Term] = {term.key: term for term in _TABLE}


@dataclass(frozen=True, slots=True)
class Entry:
    """One glossary line in a language: the term's ``key`` (its anchor), its ``word``, its
    ``explanation`` and the ``games`` it belongs to (engine keys; none: every game)."""

    key: str
    word: str
    explanation: str
    games: tuple[str, ...]


def glossary(language: str) -> list[Entry]:
    """Every term of the table in ``language``, in the table's order."""
    catalog = translations(language, "rulings")
    return [
        Entry(term.key, term.word(language), catalog.gettext(term.explanation), term.games)
        for term in _TABLE
    ]


def _pattern(form: str) -> str:
    """A form as a pattern: a capitalised word as written (``Solo``, not Italian *solo*,
    "only"), any other in any case."""
    return re.escape(form) if form[:1].isupper() else f"(?i:{re.escape(form)})"


@cache
def _forms(language: str) -> tuple[tuple[str, Term], ...]:
    """Every term's forms in ``language`` with their term, longest first, so that ``Mixed
    Honours`` is found before ``Honours``."""
    pairs = {(form, term) for term in _TABLE for form in term.forms_in(language)}
    return tuple(sorted(pairs, key=lambda pair: (-len(pair[0]), pair[0])))


@cache
def _finder(language: str) -> re.Pattern[str]:
    """One pattern for every term's forms in ``language``: whole words in English, words
    beginning with a stem in Italian and French (``scarta``, ``scarti``)."""
    tail = r"\b" if language == DEFAULT else r"\w*"
    forms = "|".join(_pattern(form) for form, _term in _forms(language))
    return re.compile(rf"(?<!\w)(?:{forms}){tail}")


def find_terms(text: str, language: str) -> Iterator[tuple[int, int, Term]]:
    """Where ``text`` (in ``language``) uses a term: each place's start and end, and the
    term, in order."""
    for match in _finder(language).finditer(text):
        found = match.group(0).lower()
        term = next(term for form, term in _forms(language) if found.startswith(form.lower()))
        yield match.start(), match.end(), term


#: A value the engine puts in a message (``{seat:player}``, ``{meld:term}``): not words.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _english_uses(text: str, term: Term) -> list[str]:
    """The forms of ``term`` English ``text`` uses, each as written there (whole words)."""
    found = []
    for form in term.forms_in(DEFAULT):
        found += re.findall(rf"(?<!\w){_pattern(form)}\b", text)
    return found


def _as_written(form: str, translated: str) -> bool:
    """Whether ``translated`` repeats the English ``form`` word for word: the record's
    notation (a keyword, a section, a kind or a remark word: ``keep``, ``mountain``, ``meld``,
    ``discard``, ``family``, ``sleeping``), which is one language-neutral format and stays as
    written in every language, so the term's own word is not asked for there."""
    return (
        form.islower()
        and re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", translated) is not None
    )


def missing_terms(
    english: str, translated: str, language: str, games: Iterable[str] | None = None
) -> list[Term]:
    """The terms ``english`` uses whose word ``translated`` lacks: where a catalog of
    ``language`` words a thing otherwise than the table. ``games``: the games the message
    belongs to (engine keys), whose own forms it must use; none known, any of the term's
    forms will do. The placeholders are not words; a term's English word the translation
    keeps as written is the notation's keyword, not the term (``a meld line``: *una riga
    meld*).

    >>> [t.key for t in missing_terms("the Fool", "le Fou", "fr", ["nice4"])]
    ['fool']
    >>> missing_terms("the Fool", "le Fou", "fr", ["pinch"])
    []
    >>> missing_terms("neither keep nor mountain", "ni keep ni mountain", "fr")
    []
    """
    english = _PLACEHOLDER.sub(" ", english)
    translated = _PLACEHOLDER.sub(" ", translated)
    lowered = translated.lower()
    wanted = None if games is None else tuple(games)
    missing = []
    for term in _TABLE:
        used = [form for form in _english_uses(english, term) if not _as_written(form, translated)]
        forms = term.forms_in(language, wanted)
        if used and not any(form.lower() in lowered for form in forms):
            missing.append(term)
    return missing

"""Cards drawn as small SVG faces, for the hand and verify pages.

A face is a ``<symbol>``: the rank in the corner and the suit symbol in the middle for a
suit card, the Roman numeral for a trump, a star for the Fool. Every face is drawn once, in
a sprite the browser fetches once and keeps (``web/static/cards.svg``, :func:`sprite`), and
every card on a page is a small ``<svg>`` that names the card and refers to its face with
``<use>``, so a hand of three hundred cards stays small (#23.11).

Two sets of suit symbols: Italian (swords, batons, cups, coins: the Nice and Minchiate packs)
and French (spades, clubs, hearts, diamonds). Which one a game uses is its engine's
``default_suits``, a record's ``Suits`` tag, or an entry of :data:`web.present.GAME_FACES`.

Only fixed card texts go into the markup (never user text), so it is safe to mark it safe.

>>> print(card_svg("21", faces="/c.svg"))
<svg class="card trump" role="img" aria-label="Trump XXI (21)"><use href="/c.svg#ci21"/></svg>
>>> "XXI" in card_face("21")
True
>>> 'href="#pips-cups"' in card_face("KC", "italian")
True
>>> 'href="#pips-hearts"' in card_face("KC", "french")
True
"""

from __future__ import annotations

import sys
from functools import cache

from markupsafe import Markup, escape

from scorer.cards import CARDS, Card, CardParseError, Suit

__all__ = ["FACE_STYLES", "card_face", "card_name", "card_svg", "sprite"]

FACE_STYLES = ("italian", "french")

_SUIT_IDS = {
    "italian": ("swords", "batons", "cups", "coins"),
    "french": ("spades", "clubs", "hearts", "diamonds"),
}
_RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Cavalier", 13: "Queen", 14: "King"}
_RANK_INDEX = {1: "A", 11: "J", 12: "C", 13: "Q", 14: "K"}

# Symbols drawn on a 20x20 grid. Italian suits are drawn as the objects they are.
_SYMBOLS = {
    "swords": (
        '<path d="M10 1 L11.6 4 L11.6 13.5 L8.4 13.5 L8.4 4 Z"/>'
        '<rect x="4.5" y="13.5" width="11" height="1.8" rx=".9"/>'
        '<rect x="9.1" y="15.3" width="1.8" height="2.6"/><circle cx="10" cy="18.6" r="1.2"/>'
    ),
    "batons": (
        '<path d="M7.2 18.6 L10.2 2.6 Q11.4 .9 12.8 2.2 L10.6 18.8 Q8.9 19.9 7.2 18.6 Z"/>'
        '<circle cx="10.6" cy="7" r="1.5"/><circle cx="9.8" cy="12.2" r="1.5"/>'
    ),
    "cups": (
        '<path d="M4 2.5 H16 C16 8 14 10.7 11.2 11.5 V14.6 H14 V17.5 H6 V14.6 H8.8 V11.5'
        ' C6 10.7 4 8 4 2.5 Z"/>'
    ),
    "coins": (
        '<circle cx="10" cy="10" r="8.4"/>'
        '<circle cx="10" cy="10" r="5.6" fill="none" stroke="#fff" stroke-width="1.1"/>'
        '<path d="M10 6.6 L13.4 10 L10 13.4 L6.6 10 Z" fill="#fff"/>'
    ),
    "spades": (
        '<path d="M10 1.5 C18.5 8.5 18.5 14 14 14.4 C12.4 14.6 11.2 13.8 10.6 12.9 L11.8 18.5'
        ' H8.2 L9.4 12.9 C8.8 13.8 7.6 14.6 6 14.4 C1.5 14 1.5 8.5 10 1.5 Z"/>'
    ),
    "clubs": (
        '<circle cx="10" cy="5.6" r="3.9"/><circle cx="5.4" cy="11.6" r="3.9"/>'
        '<circle cx="14.6" cy="11.6" r="3.9"/><path d="M9 10 H11 L12 18.5 H8 Z"/>'
    ),
    "hearts": (
        '<path d="M10 18 C1.5 11.5 1.6 3.8 6 3.4 C8 3.2 9.4 4.4 10 6 C10.6 4.4 12 3.2 14 3.4'
        ' C18.4 3.8 18.5 11.5 10 18 Z"/>'
    ),
    "diamonds": '<path d="M10 1 L17 10 L10 19 L3 10 Z"/>',
}


def _parse(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except CardParseError:
        return None


def card_name(text: str, style: str = "italian") -> str:
    """A card in words, for titles and screen readers: ``King of cups``, ``Trump XXI (21)``."""
    card = _parse(text)
    if card is None:
        return text
    if card.is_fool:
        return "the Fool"
    if card.is_trump:
        return f"Trump {card.roman()} ({'the Bagatto' if card.rank == 1 else card.rank})"
    assert card.suit is not None, "trumps and the Fool are named above"
    suit = _SUIT_IDS[_face_style(style)][card.suit]
    return f"{_RANK_NAMES.get(card.rank, str(card.rank))} of {suit}"


def _face_style(style: str) -> str:
    return "french" if style in ("french", "symbols") else "italian"


def _face_id(card: Card | None, face: str) -> str:
    """The id of a face's ``<symbol>``, short as it is written hundreds of times a page:
    ``ci5C`` (Italian), ``cf21`` (French), ``c-unknown``."""
    if card is None:
        return "c-unknown"
    return f"c{face[0]}{card.text()}"


@cache
def card_svg(text: str, style: str = "italian", faces: str = "") -> Markup:
    """One card on the page: a small ``<svg>`` naming the card for screen readers that draws
    its face with ``<use>`` from ``faces``, the sprite's address (:func:`sprite`)."""
    face = _face_style(style)
    card = _parse(text)
    name = escape(card_name(text, face))
    kind = " trump" if card is not None and card.is_trump else ""
    kind = " fool" if card is not None and card.is_fool else kind
    return Markup(
        f'<svg class="card{kind}" role="img" aria-label="{name}">'
        f'<use href="{faces}#{_face_id(card, face)}"/></svg>'
    )


@cache
def card_face(text: str, style: str = "italian") -> Markup:
    """The ``<symbol>`` drawing the face of the card written ``text`` (canonical Italian
    text, as reports give it): the rank in the corner and the suit in the corner and the
    middle (``pips-SUIT``), the Roman numeral for a trump, a star for the Fool, a question
    mark for an unknown card. The card's paper is the ``svg.card`` element's own CSS
    background and border, so that a flagged or drawn card can show it."""
    card = _parse(text)
    face = _face_style(style)
    head = f'<symbol id="{_face_id(card, face)}" viewBox="0 0 50 75"><g class="{{cls}}">'
    tail = "</g></symbol>"
    if card is None:
        return Markup(
            head.format(cls="card-unknown") + '<text class="card-big" x="25" y="45">?</text>' + tail
        )
    if card.is_fool:
        body = (
            '<path class="fool-star" d="M25 18 L29 31 L42 31 L31.5 39 L35.5 52 L25 44'
            ' L14.5 52 L18.5 39 L8 31 L21 31 Z"/>'
            '<text class="card-label" x="25" y="66">FOOL</text>'
        )
        return Markup(head.format(cls="card-fool") + body + tail)
    if card.is_trump:
        roman = card.roman()
        size = 20 if len(roman) <= 3 else 15 if len(roman) <= 5 else 11
        body = (
            f'<text class="card-corner" x="4" y="17">{card.rank}</text>'
            f'<text class="card-roman" x="25" y="47" font-size="{size}">{roman}</text>'
            '<use href="#trump-band"/>'
        )
        return Markup(head.format(cls="card-trump") + body + tail)
    assert card.suit is not None, "trumps and the Fool are drawn above"
    suit = _SUIT_IDS[face][card.suit]
    colour = {Suit.SWORDS: "s0", Suit.BATONS: "s1", Suit.CUPS: "s2", Suit.COINS: "s3"}[card.suit]
    index = _RANK_INDEX.get(card.rank, str(card.rank))
    body = f'<text class="card-corner" x="4" y="17">{index}</text><use href="#pips-{suit}"/>'
    if card.is_court:
        body += f'<text class="card-label" x="25" y="70">{_RANK_NAMES[card.rank].upper()}</text>'
    return Markup(head.format(cls=f"card-suit suit-{face}-{colour}") + body + tail)


#: How the faces look: the sprite's own stylesheet (the page's does not reach into it).
_FACE_CSS = """
.card-corner { font: bold 16px system-ui, sans-serif; fill: #333; }
.card-roman { font-family: Georgia, serif; font-weight: bold; fill: #5a1f14; text-anchor: middle; }
.card-label { font: 600 6.5px system-ui, sans-serif; letter-spacing: .06em; text-anchor: middle;
  fill: #555; }
.card-big { font: bold 24px system-ui, sans-serif; text-anchor: middle; fill: #999; }
.trump-band { fill: #c9a24a; }
.fool-star { fill: #7a4bb0; }
.suit-italian-s0 { fill: #2c5aa0; } .suit-italian-s1 { fill: #2f7d32; }
.suit-italian-s2 { fill: #b3261e; } .suit-italian-s3 { fill: #b8860b; }
.suit-french-s0, .suit-french-s1 { fill: #1f1b16; }
.suit-french-s2, .suit-french-s3 { fill: #c62828; }
.suit-italian-s0 .card-corner { fill: #2c5aa0; } .suit-italian-s1 .card-corner { fill: #2f7d32; }
.suit-italian-s2 .card-corner, .suit-french-s2 .card-corner,
.suit-french-s3 .card-corner { fill: #b3261e; }
.suit-italian-s3 .card-corner { fill: #8d6608; }
"""


def sprite() -> str:
    """The SVG document of every face (both suit styles, all 97 cards, the unknown card) and
    the suit symbols they use: ``web/static/cards.svg``, which ``python -m web.cardface``
    writes and a test keeps equal to this."""
    symbols = "".join(
        f'<symbol id="suit-{name}" viewBox="0 0 20 20">{body}</symbol>'
        f'<symbol id="pips-{name}" viewBox="0 0 50 75">'
        f'<use href="#suit-{name}" x="4" y="20" width="9" height="9"/>'
        f'<use href="#suit-{name}" x="15" y="27" width="24" height="24"/></symbol>'
        for name, body in _SYMBOLS.items()
    )
    band = (
        '<symbol id="trump-band" viewBox="0 0 50 75">'
        '<rect class="trump-band" x="8" y="58" width="34" height="3" rx="1.5"/></symbol>'
    )
    faces = [card_face("?")]
    for face in FACE_STYLES:
        faces += [card_face(card.text(), face) for card in CARDS]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n<style>'
        + _FACE_CSS
        + "</style>\n"
        + symbols
        + band
        + "\n"
        + "\n".join(faces)
        + "\n</svg>\n"
    )


if __name__ == "__main__":
    sys.stdout.write(sprite())

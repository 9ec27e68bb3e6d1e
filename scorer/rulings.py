"""The rulings the engines apply, by ID, in one line each (full text: ``shared/rulings.md``).

Shown by ``tarocco rules`` and cited by every finding and score line.

>>> RULINGS["NICE-15"].title
'Partida (four players)'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RULINGS", "Ruling", "rulings_for"]


@dataclass(frozen=True, slots=True)
class Ruling:
    id: str
    title: str
    summary: str


_TEXT = """
G-1 | Illegal plays are flagged, not fatal | A play against the rules of play is a violation with its reason and the legal cards; the hand is scored as played and marked for the director.
G-2 | Impossible records stop the replay | A card not held, played twice or missing, a wrong card count or a play out of turn stops the replay with its location at the first one; what came before (contract, declarations, tricks) is still reported, nothing after it.
G-3 | Fool led | If the Fool is led, the second card sets the suit to follow.
G-4 | Thrown-in deals | A deal abandoned by the rules is a valid record that scores nothing (or the bargain).
G-4a | What "verified for consistency" means | A thrown-in deal is checked as far as it goes: every card dealt once, every hand of the size dealt by then, the discard and announcements legal; one that could not have happened is an error (G-2).
G-5 | Declarations must be made to count | A combination held but not declared, or declared at the wrong moment, is not paid; the report notes it.
G-6 | Deal rotation | The deal passes to the right (the previous eldest deals next); a thrown-in Nice deal is redealt by the same dealer.
G-7 | Partial records | A record that stops before the last trick is verified as far as it goes, scores nothing and is partial: exit status 3 (0 clean, 1 violations, 2 impossible); for a file, 2 if any record is impossible, else 3 if any is partial, else 1 if any has violations.
NICE-1 | Card points | Honours (XX, I, Fool) and Kings 4, Queens 3, Cavaliers 2, Jacks 1: 52 card points. Option honours=world makes XXI the Honour instead of XX.
NICE-2 | Side totals | Card points plus 1 per trick, plus 1 for the discard to the dealer's side: 72 with four players, 78 with three.
NICE-3 | The Fool | Never wins, never captured; its 4 points stay with the side that played it; the trick's point goes to its winner.
NICE-4 | Trick winner | Trumps rank XX, XXI, XIX .. VI, the equal Papotes V-II (the last played wins), then I.
NICE-5 | Dealing and the mountain | 9 then 10 (+2 to the dealer) with four; 9, 6, 10 (+3) with three. After each round players say keep or mountain from eldest; the first keep ends it; all mountain throws the deal in, same dealer.
NICE-5a | Every round's words | A record lists the words of every round up to its last (a deal thrown in after round 2 has mountain 1: and mountain 2:); a later round written without an earlier one is partial (G-7), with a note naming the round, never thrown in.
NICE-6 | Discard | The dealer discards 2 (four players) or 3 (three); no Kings or Honours; Tarots discarded must be announced by number; the discard counts for the dealer's side.
NICE-7 | Solo | Asked from eldest to the dealer; the Solo may call any card but the Fool and gives a card back; sans prendre doubles partida and Bagatte. A called card in the discard means no exchange (option called-in-discard=sans-prendre).
NICE-8 | Calling a partner | Without a Solo the dealer calls a King he lacks; with all four he calls XX; with all four and XX he must play Solo. The holder is a secret partner.
NICE-9 | Calling one's own card | The caller must play Solo sans prendre or surrender: pay 1 to each, every combination held is paid, the deal ends.
NICE-9a | A word that does not apply | A word on a line (or in an annotation) that does not apply, such as surrender when the called card lies in the discard, is an error with its location, never ignored.
NICE-10 | First lead | Eldest leads to the first trick; option first-lead=declarer lets the Solo player lead.
NICE-11 | No overtrumping | A player who must play a Tarot may play any Tarot.
NICE-12 | 10 Tarocche | Ten or more Tarots (the Fool counts), exactly ten shown before the holder's first play, held at that moment.
NICE-13 | Mitigatti and Quatre Rei | All three Honours / all four Kings held when play began, declared with the play of the last of them (option declaration-timing=lenient: any time during play).
NICE-14 | Bagatte Ultimu | The holder of I who obeys the lead rule and plays I to the last trick receives 2 from each if it wins, pays 2 to each if beaten (Petar Bagatte); otherwise nothing.
NICE-15 | Partida (four players) | 37 of 72 wins; 1 marca per opponent (Solo collects 3; partners 1 each); doubled if a side has under 18, doubled again sans prendre.
NICE-16 | Declarations and Bagatte are personal | Paid by each other player, partner included; sans prendre doubles Bagatte payments, not declarations.
NICE-17 | Three players | 13 to 25 points pay 1 to the top scorer, under 13 pay 2; a tie for most puts the third's payment in abeyance for the next sole top scorer; a three-way tie pays nothing.
NICE-18 | Marca ledger | Each player starts the session with 10 marca; balances may go below zero; every hand is zero-sum.
MIN-1 | Pack | 97 cards: swords and batons K Q C J 10..1, cups and coins K Q C J 1..10, trumps 1..40 (40 the Tromba highest), the Fool in no suit.
MIN-2 | Counting cards | Trumps 2-5: 3; Kings, the Fool, trumps 1, 10, 13, 20, 28, 30-35: 5; the Arie 36-40: 10; 142 in all. Trump 29 counts 0 alone, 5 inside a versicola.
MIN-3 | Robbing | The cutter (dealer's left) keeps the run of counting cards and sopraventi (20-29) at the cut; their values are marked for his side; he discards as many.
MIN-4 | Deal | 20 cards each and a 21st face up (the dealer's after counting the talon); face-up counting cards are marked; the folla is 13 less the robbed cards.
MIN-5 | Scoprire and pigliare | The dealer turns up the folla's counting cards and sopraventi from the top (marked), then takes its other counting cards (not marked), and discards as many; his partner announces the folla's suit counts.
MIN-6 | Discards and the folla | Discards are any cards, shown after the first card is played, into the folla; the folla counts for the dealer's side at the end, nothing in it dies.
MIN-7 | Declared versicole | During the first trick each player shows his versicole (runs of 3+ within 1-5 or 28-40, 1+Fool+40, 1+13+28, Diecine, 3 or 4 Kings), marked at the sum of their cards; the Fool adds 5 to each.
MIN-7a | How a declaration is written and paid | The Fool's 5 are its holder's whether or not his declare line writes it (a note says so when the deal is known); a declared run shorter than the run held is paid as declared, with a note naming the longer run; a replace line where nothing is owed is an error.
MIN-8 | Marks during play | Muore: a counting card won by the side that did not play it is marked for the winners; accrescimento: a won card extending a declared versicola is marked (option accrescimento=off).
MIN-8a | Joined versicole | A won card joining two versicole one side declared of the same kind makes them one: the new card and the won cards the join brings in are marked once each; declared cards are not marked again.
MIN-8b | The Fool's replacement | The card given for the Fool counts as won by the receiving side when handed over: it can extend that side's declared versicola (accrescimento).
MIN-9 | Rests during play | One running difference; each time it reaches 60 the leading side is paid a rest. Order: robbed, face-up, scoperti, declared versicole, then trick by trick.
MIN-10 | End of the hand | Mazzetti (1 per card beyond 42), versicole in the pile (+5 each with the Fool), ultima 10, the counting cards again: added to the difference; the side ahead is paid one rest per 60 begun.
MIN-11 | The Fool | Played to any trick but the last, never wins, stays with its side, replaced by a non-counting card of the side's pile (at the end the lowest counting card); a side winning no trick loses it: end rests doubled and 14 rests more.
MIN-11a | Which card replaces the Fool | Unless the record says, the card MIN-11 forces as soon as the side has a non-counting card in its pile: the lowest it then has, not a card chosen at the end; a replacement written later than that is a violation.
MIN-12 | The King rule | On the first lead of a suit, once trumped, a later player holding its King must play it; after a Fool lead the second card is the lead.
MIN-13 | Revoke penalty | Not following suit or not trumping when able costs two rests to each opponent; the tricks stand.
MIN-14 | Cascare | A player out of trumps lays the hand open: noted, legality unchanged.
MIN-15 | Rests per side | Each player of the side paid receives the rests, each of the other side pays them: zero-sum.
MIN-16 | Giro and set | Four games a giro, three giri a set; the first dealer partners the 2nd, 3rd, then lowest cutter; the deal passes to the right; each game of an unfinished giro pays 2 rests to the would-be dealer's side.
PIE-1 | Pack | 62 cards: swords and batons K Q C J 10..5, cups and coins K Q C J 1..6, trumps 21 (highest) .. 1, the Fool.
PIE-2 | Points, counted singly | Kings, 21, 1 and the Fool 5; Queens 4; Cavaliers 3; Jacks 2; every other card 1: 114.
PIE-3 | Deal and discard | 15 each to right, partner, left, 17 to the dealer, who discards 2: no 5-point card; other trumps only if the hand kept holds only trumps and 5-point cards, or no trump; the trumps discarded announced; the discard counts for the dealer's side if it wins a trick.
PIE-4 | Play and the Fool | Follow suit, else trump, else any card. The Fool may be played to any trick, never wins, goes to its side's pile and counts if that side wins a trick; led, the second card sets the suit.
PIE-5 | Table talk | Remarks attached to plays are checked: with a trump or the Fool only trumps and the Fool; with a suit card that suit, or the other colour unnamed; requests within the same limits; the dealer's sleeping cards likewise; every statement true of the hand just after the card. Option remark-counts=at-least.
PIE-5a | Requests with the Fool | A trump lead is asked for only while playing a trump, not the Fool; with a trump or the Fool one may ask for the Fool or a named trump in the current trick.
PIE-6 | Deal score | A side's points are the cards it won; a side winning every trick (vola) has all 114; a side winning no trick gives up its Fool and, if it dealt, its discard.
PIE-7 | The game | Four deals; each side's lead is kept over the average of 57 a deal; more than 57 ahead after three deals ends the game; a tie after four: two more deals, then a draw. A deal recorded after the game ended is shown, not counted.
PIE3-1 | Cards | Honours XX (the Angel), I (the Bagatto) and the Fool; trumps XX, XXI, XIX .. I (the Angel highest); swords and batons K Q C V 10 .. 1, cups and coins K Q C V 1 .. 10.
PIE3-2 | Points, counted singly | Angel and Bagatto 5, Fool 4, Kings 5, Queens 4, Cavaliers 3, Valets 2, all else 1: 129 = 3 x 43. Option fool=5: the Fool counts 5, 130 in all, game points kept in thirds.
PIE3-3 | Deal | Five rounds of packets of 5, the dealer's last packet 8 (25, 25, 28); bargaining sessions after rounds 2, 3 and 4.
PIE3-4 | Bargaining | From eldest: pass, demand N, offer N or continue (ends the session). After a demand d: pass, demand less, or offer; after an offer o: pass or offer more. Once all three have spoken, demands equal to offers (a pass is 0) throw the hand in: offerers pay, demanders receive; all passing pays nothing.
PIE3-5 | Discard | The dealer discards 3, neither Honours nor Kings; they count for him.
PIE3-6 | Declarations | After the discard, paid by each opponent: Abundance (10+ trumps, the Fool not one; option abundance-fool=trump) 10 + 1 per trump over 10; Kings 20 + 5 per Honour added; Mitigati 15 + 5 per King added; Mixed Honours (4+ Kings and Honours, one of each at least) 10 + 5 per card over 4. Abundance cards may serve one other; a card serves at most one of the others. A better grouping held is noted.
PIE3-7 | The Fool | Excuses any play, never wins; its player takes it back and gives the trick's winner a 1-point card from his pile as soon as he has one; with none by the end, the Fool goes to that winner.
PIE3-7a | The discard is not the dealer's pile during play | The dealer cannot give the Fool's 1-point card from his discard (default discard-in-pile=no); option discard-in-pile=yes lets him.
PIE3-8 | Settlement | Each player's card points (the discard to the dealer) minus 43 in game points, plus declarations and bargains; zero-sum.
PINCH-1 | Ranking | Suits 1 .. 10, J, C, Q, K ascending in every suit (option pip-order=historic reverses the pips of hearts and diamonds); trumps by number, except that 20 beats 21.
PINCH-2 | Points | Bagatto (1), World (21), Fool and Kings 4; Queens 3; Cavaliers 2; Jacks 1; plus 1 per two cards in a player's pile at the end: 91 in all (52 + 39).
PINCH-3 | Deal and stock | 15 cards each, 48 in the stock; the dealer's opponent leads first; after each trick while the stock lasts the winner draws, then the loser; the record lists the draws (a draw not the stock's next card, or out of turn, is impossible).
PINCH-4 | Play | Follow suit, else trump, else any card; a trump lead is answered with a trump if able. Option overtrump=required: that trump must beat the one led if the player can.
PINCH-5 | Melds | Before one's first card and after each of one's draws, with cards then in hand: trumps (10+, the Fool not one) 1 each, gatti (Fool, 1, 21) 10, family (J C Q K of a suit) 10, four of a kind 10, three of a kind 5. Trumps raised for the difference (still holding those declared); three raised to four for 5 more; each meld once a hand.
PINCH-6 | The Fool | Always playable, never wins, never captured: led, the other card wins; second, the leader wins. Its owner covers it with a card of a trick he wins later, given to the opponent; not covered by the end, the Fool goes to the opponent (a violation if he had won a later trick).
PINCH-7 | Bagatto ultimo | Option bagatto-ultimo=on (default): the Bagatto played to the last trick scores 20 for whoever wins that trick.
PINCH-8 | The game | A number of hands (default 2, option hands=N), the deal alternating; the higher total wins, equal totals draw; the sheet shows melds, Bagatto and deck points per hand.
"""

RULINGS: dict[str, Ruling] = {}
for _line in _TEXT.strip().splitlines():
    _id, _title, _summary = (part.strip() for part in _line.split("|", 2))
    RULINGS[_id] = Ruling(_id, _title, _summary)


def rulings_for(ids: tuple[str, ...]) -> list[Ruling]:
    """The rulings with these IDs, in the catalogue's order."""
    wanted = set(ids)
    return [ruling for key, ruling in RULINGS.items() if key in wanted]

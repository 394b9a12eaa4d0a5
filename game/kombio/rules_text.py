"""KOMBIO rules as the players read them (help screen): plain text, sections split by blank lines.

The numbers here must agree with game/kombio/rules.py TABLE.
"""
from __future__ import annotations

RULES = """\
Goal
Have the fewest points. Each round ends with everyone's hand counted; the game ends after the round in which someone reaches 100 points (or after the number of rounds chosen). The lowest total wins; ties share the win.

The cards
The KOMBIO deck has 70 cards: −1 and 0 three times each, 1 to 12 five times each, 13 and 14 twice each. With the standard-deck option: 54 cards, Ace 1, 2 to 10, Jack 11, Queen 12, black Kings 13 (clubs) and 14 (spades), red Kings −1, Jokers 0.

Setup
Everyone gets four face-down cards in a 2 by 2 grid: their hand. At the start of each round you look once at the two cards of your near row; after that you must remember them. The first player moves one seat to the left every round. There is no discard at the start: the first player must draw.

Your turn
Do one of three things.
Draw: take the top card of the draw pile and look at it. Either swap it for any card of your hand (that card goes face up on the discard pile), or discard it directly. A 7 to 14 discarded directly lets you use its ability if you want.
Take: take the top discard (not a matched card) and swap it for a card of your hand; that card is discarded.
Call "KOMBIO": once every player has had a turn this round. Everyone else has one final turn, then the round ends.

Abilities (a drawn card discarded directly)
7 and 8: look at one of your own cards.
9 and 10: look at one card of an opponent.
11 and 12: swap any two cards on the table without looking.
13: look at one card on the table, then swap it with any other card if you want.
14: look at two cards on the table, then swap them if you want.

Slapping (matching)
Whenever a card lands face up on the discard pile through play, anyone may slap: flip a card from the table onto it, from any hand, at any moment, even in someone else's turn. Only the first right card counts, and each player has one attempt per discard. A matched card cannot be taken or matched again.
Right card from your hand: it goes to the pile and your hand is one card smaller.
Right card from an opponent's hand: it goes to the pile, and you give one of your cards, unseen, into the gap.
Wrong card: everyone sees it, and it goes back face down. If it was yours, you draw a penalty card without looking. If it was an opponent's, that opponent chooses: hand you the wrong card, or keep it and make you draw a penalty card.
A choice after a slap is made within 10 seconds, or the game makes it: the first card of your hand is given; the wrong card is kept and the slapper draws.

The call and scoring
After a call the caller's hand is locked (with three or more players): nobody may swap, look at or slap it, and the caller slaps nothing. A hand down to zero cards calls at once.
At the end of the round every hand is shown and added up. If the caller alone has the lowest sum, everyone else adds 10 to theirs. Otherwise (someone ties or beats the caller) the caller adds 15.
When the draw pile runs out, the discard pile, all but its top card, is shuffled into a new one.
"""

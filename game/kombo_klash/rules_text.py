"""Kombo Klash! rules as the players read them (help screen): plain text, sections split by blank lines.
A line "[figure NAME]" is a picture drawn by game/kombo_klash/rules_figures.py (the tile, the creatures,
each Kombo example).

The numbers here must agree with game/kombo_klash/rules.py TABLE; tests/kombo_klash check it.
"""
from __future__ import annotations

RULES = """\
Goal
Score the most points. The game ends at the end of the round in which someone reaches the target: 50 (Quick), 75 (Standard) or 100 (Long). Everyone has had the same number of turns; the highest score wins. Tied leaders alone play one more round, and again, until one leads.

The tiles
48 tiles, six of each creature. The number on a tile is its Kombo Score: Wolf 1, Alligator 2, Gorilla 3, Kangaroo 4, Snake 5, Vulture 6, Raven 7. The Chameleon has no score of its own: it copies a neighbour in a Kombo.
[figure anatomy]
[figure legend]
The #1 rule: nobody ever looks at a face-down tile, on the board, in the draw pile or in the discard pile. On this screen face-down tiles are tile backs, and your hand shows only while it is your turn to look.

Setup
The board is 5 by 5; its centre holds the draw pile, so 24 spaces take tiles. One tile goes face up on each corner, and everyone draws five tiles. Before the first turn each player, Red first, may throw their starting hand face down onto the discard pile and draw five new tiles, once. Red starts every round.

Your turn
Play at least one tile from your hand, then as many more as you like. Place it face up on an empty space beside a tile (face up or face down) or beside the draw pile in the centre; corners do not count, sides must touch.
[figure placing]
As you place a tile, choose whether to trigger its ability. It is resolved at once, before anything else; if you do not trigger it now, you never can.
Once in your turn, at any moment, you may score one Kombo. When you end your turn you draw back up to five tiles.
A player with no tile in hand draws up to five first; with still nothing to draw they pass (they may still score a Kombo).

Abilities
Wolf, Howl: +1 point for each tile left in your hand.
Alligator, Swamp: flip one or two other face-up tiles face down, anywhere: +1 point for each.
Gorilla, Scatter: throw your whole hand face down onto the discard pile and draw as many tiles. Your turn goes on.
Kangaroo, Kick: move any other tile, face up or face down, one space up, down, left or right into an empty space (never onto the draw pile).
Snake, Hypnotise: play the Snake on top of a face-up tile that is not a Snake; that tile goes into your hand. A Snake played on an empty space does nothing.
Vulture, Revive: flip one face-down tile anywhere face up. Its ability does not trigger.
Raven, Call: draw one tile.
Chameleon, Mimic: nothing when played.
An ability with nothing to choose (a Kick with no empty space beside another tile, a Swamp with no other face-up tile, a Revive with no face-down tile) cannot be triggered.

Kombos
A Kombo is 3 or more face-up tiles of one creature, each sharing a side with another tile of the Kombo. It scores its number of tiles times that creature's Kombo Score, and its tiles flip face down.
Chameleons join a Kombo by copying a neighbour, even a neighbouring Chameleon that copies. A Kombo never holds more Chameleons than real tiles, nor Chameleons alone. A Chameleon between two groups may join either, not both.
The game offers each group at its largest legal size. Where Chameleons must be left out, you choose which, and the Kombo stays connected.
Example 1: three Ravens in an L: 3 × 7 = 21. Three Gorillas in a row: 3 × 3 = 9.
[figure example1]
Example 2: three Gorillas and a Chameleon beside one of them: 4 × 3 = 12.
[figure example2]
Example 3: four Gorillas where only three touch each other: the three score 3 × 3 = 9.
[figure example3]
Example 4: three Gorillas that touch only at corners are no Kombo.
[figure example4]
One Gorilla with two Chameleons is no Kombo: more Chameleons than Gorillas.
[figure chameleons]

When the board is full
After a tile and its ability, if no space is empty, every face-down tile on the board goes to the discard pile, and your turn goes on. If every tile is face up, all but the four corner tiles go.
When a draw needs a tile and the draw pile is empty, the discard pile is shuffled into a new draw pile. If both are empty, nothing is drawn.

On the screen
Each player has a colour and a symbol: Red a circle, Blue a triangle, Green a square, Yellow a diamond; the symbol marks their counter on the score track, their hand and their moves in the log. Every Kombo on the board is outlined with its points; scoring it is one action.
"""

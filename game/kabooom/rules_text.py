"""Kabooom! rules as the players read them (help screen): plain text, sections split by blank lines.

The numbers here must agree with game/kabooom/rules.py TABLE; tests/kabooom/test_rules.py checks it.
"""
from __future__ import annotations

RULES = """\
Goal
Build the tallest towers. A tower belongs to the player whose counter is on top, and the player with the most points when the game ends wins. Ties share the win.

Setup by difficulty
The board is 5 by 5 without its centre: 24 squares, filled exactly. Each player has 3 Rock, 3 Paper, 3 Scissors and 3 Dynamite, and brings 12 counters with 2 players, 8 with 3 players, 6 with 4 players.
Easy: the game deals every counter at random, and capturing starts at once.
Medium and Hard: take turns placing one counter of your choice on any empty square, Red first. When the board is full, capturing starts with Red.

Moving
On your turn move one of your towers (or single counters) to one of the 8 squares around it, diagonals included. The square must hold a counter or tower of any colour, your own too. The whole tower moves and lands on top, as one taller tower. You may never move onto an empty square.

Captures table
Rock takes Scissors and Rock.
Paper takes Rock and Paper.
Scissors take Paper and Scissors.
Dynamite takes everything.
Nothing but Dynamite may move onto Dynamite.

Dynamite
Dynamite moving onto a square explodes: the Dynamite and the whole stack it hits leave the game, and both squares are empty. Dynamite never scores.

Passing and the end
Instead of moving you may pass. A player who cannot move must pass. The game ends when every player has passed one after another, or when nobody can move any more.

Scoring
Every tower scores its height: 1 point less on Medium, 2 points less on Hard, never below 0. A 5-counter tower scores 5 on Easy, 4 on Medium, 3 on Hard; a single counter scores 1 on Easy and 0 on Medium and Hard. Dynamite scores 0.

On the board
Every seat has a colour and a symbol: Red a circle, Blue a triangle, Green a square, Yellow a diamond. The symbol is on the badge of each of its counters, on its card, on its cursor and before its moves in the log, so nobody has to tell the colours apart. When you pick a tower it gets a thick gold frame, and every square it may move to is circled (with a blast for Dynamite). The last move has dashed outlines and an arrow from where it started to where it landed.
A player's card lists their towers by height, tallest first, with a count where several are the same height: "Towers: 3, 2 (×3)" means one tower of 3 and three towers of 2.
"""

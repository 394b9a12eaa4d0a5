"""Combi-Nations rules as the players read them (help screen): plain text, sections split by blank
lines. The numbers here must agree with tables.py (area points, ring sizes, the facilities' rules)."""
from __future__ import annotations

RULES = """\
Goal
Build the best country. You fill your SAND with LAND tiles drafted around the market ring; areas of one land type and the facilities printed on the tiles score points. The highest score wins; ties share the win.

Your country
Everyone has seven SAND tiles of six hexes; four of them have one printed LAND space (a forest, a grassland, a city and a lake). Build them freely, joined side to side (a compact shape is best), or take one of the ten preset shapes, or the shape numbered by the last digit of today's date.

The market
LAND tiles lie around the market ring, one on every space but those where the players' arrows stand. The tiles come from five face-down stacks, one per shape: single hexes, pairs, lines of three, bent threes and triangles. The market marker starts on the pair stack. The starting player plays first; turns go clockwise.

Your turn
1. Move your arrow, in the direction it points, to the 1st, 2nd or 3rd tile that you can place in your country. Tiles that cannot fit are skipped, and you may pass other arrows.
2. The market marker moves that many stacks (1, 2 or 3) clockwise, skipping empty stacks.
3. A tile from the stack in front of the marker fills the space your arrow came from (the next stack's if that one is empty).
4. Place the tile you reached on SAND in your country, turned any way, with at least one of its hexes touching a LAND or FACILITY space. You must place it.

U-turn once
Once a game you may flip your arrow and move 1, 2 or 3 placeable tiles counterclockwise. From then on you always go counterclockwise (the marker still goes clockwise).

The end
When a player fills all their SAND, or has no tile on the ring that fits, the end is triggered. Play goes on until it is the starting player's turn again; then everyone who placed a tile in their last turn takes one extra turn.

Areas
An area is a cluster of LAND spaces of one type. By size: 1 space 0 points, 2: 1, 3: 2, 4: 4, 5: 6, 6: 8, 7: 10, 8: 13, 9: 16, 10: 19, 11: 22, 12: 25, 13: 28, 14: 31, 15 or more: 34. The land type that scores you the fewest points counts double.

Facilities that compare (3 points to the best, joint best too)
Wildlife Park, Golf Course, Fun Park, Tour Boat: beside an area of the largest forest, grassland, city or lake in any country. Restaurant: beside an area of the largest size of any type. Tour Operator: you have the most facilities. Camp Site: you have the fewest empty SAND spaces.

Other facilities
Hikers' Cabins, Farm, Mall, Harbor: 1 point per adjacent forest, grass, city or lake space on other tiles. Hiking Trails, Market, Metro, Diving School: 4 points minus 1 per other forest, grassland, city or lake area (never below 0). Watchtower: 4 minus 1 per other facility (never below 0). Viewpoint: 2. Bank: 2 per adjacent facility. Zoo: 1 per land type beside it. Hotel: 1 per other facility. Airport: 1 on the border of your country, 2 one space in, 3 further in. Customs: 1 per side on the border. Race Track: 1 per space between it and the nearest other facility. Bird Conservation: each empty SAND space gives +1 instead of -1.

Empty SAND
Each SAND space left empty costs 1 point.

Solo
Play as two players, with an opponent arrow that moves after each of your turns: first as many steps as you did, then as many as the spaces of the tile it took last. It takes any tile and discards it. After it has taken 15 tiles you have one final turn. The seven comparing facilities score 2 each, always.

Simpler facilities (option)
Every facility scores a flat 2 points.
"""

"""A game being played on this client: the match (session, seats, bots), the game-screen base every
game's scene builds on, and the hot-seat curtain that keeps private views private."""

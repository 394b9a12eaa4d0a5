"""LAN play's screens: host setup, the join list, the waiting room, and the in-game LAN overlay."""

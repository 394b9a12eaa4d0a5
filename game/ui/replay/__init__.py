"""Watching a recorded game again: the viewer, its controls, and the list of replays."""

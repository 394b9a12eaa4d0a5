"""LAN play: framing, discovery, a host-sequenced lockstep and clock sync. Never imports pygame."""

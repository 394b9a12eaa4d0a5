"""The client's toolkit: the app loop, scene stack, widgets, tweens, input devices, display, theme,
audio and settings. It knows nothing of games, menus or the LAN."""

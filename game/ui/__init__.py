"""The pygame-ce client: app loop, scene stack, tweens, widgets, input seats, theme, audio."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

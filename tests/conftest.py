"""Test-wide environment: no real audio device is needed or touched (the
dummy driver accepts sounds and plays them nowhere)."""

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

"""Writes the game's sound effects (run from anywhere: `python make_sounds.py`).

The sounds are synthesised here rather than taken from a sound library, so
their licence is this repository's and they can be regenerated or tuned by
editing numbers: wooden knocks for tiles and figures, a small bell for
points, a short arpeggio for the end of the game. Mono, 22050 Hz, 16 bits:
a few kilobytes each. Deterministic (seeded noise), so regenerating gives
the same files.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
HERE = Path(__file__).resolve().parent


def samples(seconds: float, voice: Callable[[float], float]) -> list[float]:
    return [voice(i / RATE) for i in range(int(seconds * RATE))]


def knock(pitch: float, seconds: float, noise: float, seed: int) -> list[float]:
    """A struck piece of wood: a fast-decaying low tone with a click of
    filtered noise at the start."""
    rng = random.Random(seed)
    out: list[float] = []
    smooth = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        body = math.sin(2 * math.pi * pitch * t) * math.exp(-t * 38)
        body += 0.4 * math.sin(2 * math.pi * pitch * 2.7 * t) * math.exp(-t * 60)
        smooth += 0.35 * (rng.uniform(-1, 1) - smooth)  # low-passed noise
        click = smooth * math.exp(-t * 160) * noise
        out.append(body + click)
    return out


def bell(notes: list[tuple[float, float]], seconds: float) -> list[float]:
    """Soft bell notes (frequency, start time): a few inharmonic partials."""
    def voice(t: float) -> float:
        total = 0.0
        for frequency, start in notes:
            u = t - start
            if u < 0:
                continue
            attack = min(u / 0.004, 1.0)
            total += attack * math.exp(-u * 6) * (
                math.sin(2 * math.pi * frequency * u)
                + 0.35 * math.sin(2 * math.pi * frequency * 2.76 * u) * math.exp(-u * 10)
                + 0.15 * math.sin(2 * math.pi * frequency * 5.4 * u) * math.exp(-u * 18)
            )
        return total
    return samples(seconds, voice)


def buzz(seconds: float) -> list[float]:
    """A muted low "no": two close low tones beating."""
    def voice(t: float) -> float:
        envelope = min(t / 0.01, 1.0) * math.exp(-t * 18)
        return envelope * (math.sin(2 * math.pi * 110 * t) + 0.6 * math.sin(2 * math.pi * 117 * t))
    return samples(seconds, voice)


def write(name: str, data: list[float], volume: float) -> None:
    peak = max(abs(v) for v in data) or 1.0
    fade = int(0.01 * RATE)  # no click at the end
    frames = bytearray()
    for i, v in enumerate(data):
        if i >= len(data) - fade:
            v *= (len(data) - i) / fade
        frames += struct.pack("<h", int(32767 * volume * v / peak))
    with wave.open(str(HERE / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> None:
    write("tile", knock(150, 0.22, 1.2, seed=1), 0.8)
    write("figure", knock(420, 0.12, 0.6, seed=2), 0.6)
    write("score", bell([(1046.5, 0.0), (1318.5, 0.09)], 0.7), 0.45)
    write("illegal", buzz(0.16), 0.35)
    c5, e5, g5, c6 = 523.25, 659.25, 783.99, 1046.5
    write("game_over", bell([(c5, 0.0), (e5, 0.14), (g5, 0.28), (c6, 0.42)], 1.4), 0.5)
    write("turn", bell([(783.99, 0.0)], 0.45), 0.3)


if __name__ == "__main__":
    main()

"""Make the game's sounds: short WAV files synthesised here, in plain Python, from sines,
decays and seeded noise, so that every sound the game plays is our own work.

    python tools/make_sounds.py [OUT_DIR]      # default: assets/sounds

The output is the same on every run (the noise comes from a fixed linear congruential
generator, not from `random`); tests check that the committed files are what this makes.
"""
from __future__ import annotations

import math
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
# Every sound peaks at this share of full scale: loud enough, with room for two at once.
PEAK = 0.55
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"

Signal = Callable[[float], float]


class Noise:
    """White noise from a 32-bit linear congruential generator (Numerical Recipes' constants)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF

    def __call__(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 0x7FFFFFFF - 1.0


def tone(freq: float, t: float, partials: tuple[float, ...] = (1.0,)) -> float:
    """A note: the fundamental and its harmonics at the given strengths."""
    return sum(a * math.sin(2 * math.pi * freq * (n + 1) * t) for n, a in enumerate(partials))


def decay(t: float, rate: float, attack: float = 0.004) -> float:
    """A quick rise, then an exponential fall."""
    rise = min(1.0, t / attack) if attack else 1.0
    return rise * math.exp(-rate * t)


def render(seconds: float, signal: Signal) -> list[float]:
    return [signal(n / RATE) for n in range(int(seconds * RATE))]


def normalise(samples: list[float]) -> list[float]:
    loudest = max(abs(s) for s in samples) or 1.0
    return [PEAK * s / loudest for s in samples]


def lowpass(samples: list[float], cutoff: float) -> list[float]:
    """A one-pole low-pass filter: takes the hiss off noise."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for s in samples:
        y += k * (s - y)
        out.append(y)
    return out


def dice() -> list[float]:
    """Two dice rattling on a table: clicks at uneven times, each a short knock of filtered noise."""
    noise = Noise(7)
    hits = (0.0, 0.045, 0.11, 0.16, 0.24, 0.29, 0.37)
    samples = [0.0] * int(0.5 * RATE)
    for n, at in enumerate(hits):
        strength = 1.0 - 0.1 * n
        pitch = 900 + 230 * (n % 3)
        for i in range(int(0.05 * RATE)):
            t = i / RATE
            k = int(at * RATE) + i
            if k < len(samples):
                body = 0.6 * noise() + 0.5 * math.sin(2 * math.pi * pitch * t)
                samples[k] += strength * decay(t, 90, 0.0005) * body
    return normalise(lowpass(samples, 3500))


def money_in() -> list[float]:
    """A coin: a short high note, then a higher one that rings."""
    def signal(t: float) -> float:
        if t < 0.07:
            return decay(t, 20) * tone(988, t, (1.0, 0.0, 0.25))
        u = t - 0.07
        return decay(u, 9) * tone(1319, u, (1.0, 0.0, 0.25))
    return normalise(render(0.42, signal))


def money_out() -> list[float]:
    """Money leaving: a soft note gliding down from 660 Hz to 400 Hz."""
    samples, phase = [], 0.0
    for n in range(int(0.35 * RATE)):
        t = n / RATE
        freq = 660 - 260 * min(1.0, t / 0.22)
        phase += 2 * math.pi * freq / RATE
        samples.append(decay(t, 8) * (math.sin(phase) + 0.2 * math.sin(2 * phase)))
    return normalise(samples)


def buy() -> list[float]:
    """A deed bought: a quick rising major arpeggio, like a small bell."""
    notes = (523.25, 659.25, 783.99, 1046.5)

    def signal(t: float) -> float:
        out = 0.0
        for n, freq in enumerate(notes):
            start = n * 0.07
            if t >= start:
                out += decay(t - start, 7) * tone(freq, t - start, (1.0, 0.3, 0.1))
        return out
    return normalise(render(0.6, signal))


def build() -> list[float]:
    """A building going up: two wooden knocks."""
    noise = Noise(11)

    def knock(t: float) -> float:
        return decay(t, 45, 0.001) * (math.sin(2 * math.pi * 190 * t) + 0.35 * noise())

    def signal(t: float) -> float:
        return knock(t) + (0.8 * knock(t - 0.14) if t >= 0.14 else 0.0)
    return normalise(lowpass(render(0.38, signal), 2500))


def jail() -> list[float]:
    """A cell door: a low thud and a metal clang of inharmonic partials."""
    partials = ((220, 1.0, 4.0), (563, 0.6, 5.5), (931, 0.45, 7.0), (1356, 0.3, 9.0))

    def signal(t: float) -> float:
        clang = sum(a * decay(t, r, 0.002) * math.sin(2 * math.pi * f * t) for f, a, r in partials)
        thud = 1.2 * decay(t, 25, 0.002) * math.sin(2 * math.pi * 70 * t)
        return clang + thud
    return normalise(render(0.9, signal))


def card() -> list[float]:
    """A card drawn: a swish of noise that brightens and fades."""
    noise = Noise(23)
    raw = [noise() for _ in range(int(0.35 * RATE))]
    out, y = [], 0.0
    for n, s in enumerate(raw):
        t = n / RATE
        cutoff = 600 + 5000 * math.sin(math.pi * t / 0.35)
        k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
        y += k * (s - y)
        out.append(y * math.sin(math.pi * t / 0.35) ** 2)
    return normalise(out)


def your_turn() -> list[float]:
    """The person's turn: a soft two-note chime."""
    def signal(t: float) -> float:
        first = decay(t, 5) * tone(783.99, t, (1.0, 0.25))
        second = decay(t - 0.16, 4) * tone(1046.5, t - 0.16, (1.0, 0.25)) if t >= 0.16 else 0.0
        return first + second
    return normalise(render(0.8, signal))


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "dice": dice, "money_in": money_in, "money_out": money_out, "buy": buy, "build": build,
    "jail": jail, "card": card, "your_turn": your_turn,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono PCM frames."""
    return b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)


def write(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(wav_bytes(make()))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    for path in write(out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Randomness owned by the game state.

A tiny SplitMix64 generator: its whole state is one integer, so it saves to JSON, clones for free and gives the
same numbers on every Python version and platform (including Pyodide). Engine code never touches the global
``random`` module.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_TWO64 = 1 << 64
#: Below this every draw is taken for any ``n`` up to 2**32 (the rejection limit 2**64 - 2**64 % n is above it):
#: comparing with a constant spares working out a 65-bit difference per draw.
_SAFE, _SAFE_N = _TWO64 - (1 << 32), 1 << 32


class Rng:
    """A seeded SplitMix64 stream. ``Rng(0)`` is a valid seed like any other."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a seed must be an integer, not {type(seed).__name__}")
        self.state = seed & _MASK

    def next_u64(self) -> int:
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        while True:
            # next_u64() written out: every random pick and every shuffle of every game comes through here
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            # The rejection limit 2**64 - 2**64 % n is above 2**64 - n: a draw below that is taken without working the
            # limit out (operations on 65-bit numbers less for nearly every draw), the rare one above it as before.
            if (z < _SAFE and n <= _SAFE_N) or z < _TWO64 - _TWO64 % n:
                return z % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place: ``j = below(i + 1)`` for each ``i`` from the end, with :meth:`below` written out
        (the same draws without a call per item: every game's setup and every reshuffle comes through here)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                z = state = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if (z < _SAFE and n <= _SAFE_N) or z < _TWO64 - _TWO64 % n:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> "Rng":
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

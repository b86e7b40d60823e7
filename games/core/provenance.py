"""Where a component number comes from.

Every number in a data module is tagged: ``rulebook`` when the rule text prints it, ``approx`` when we designed
it because the rule text shows it only in a picture. Views and notebooks use the tag to say so; an ``approx``
number is never presented as printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

RULEBOOK_SOURCE = "rulebook"
APPROX = "approx"
EXACT_SOURCES = (RULEBOOK_SOURCE,)


@dataclass(frozen=True, slots=True)
class Sourced(Generic[T]):
    """A component value with its source tag: ``Sourced(40, "rulebook")``, ``Sourced(2, "approx")``."""

    value: T
    source: str
    note: str = ""

    def __post_init__(self) -> None:
        if self.source not in (RULEBOOK_SOURCE, APPROX):
            raise ValueError(f"source must be 'rulebook' or 'approx', not {self.source!r}")

    @property
    def is_printed(self) -> bool:
        return self.source == RULEBOOK_SOURCE

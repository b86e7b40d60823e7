"""Where a component number comes from.

Every number in a data module is tagged: ``rulebook`` when the rule text prints it, ``published`` when the
published rules of the game print it but our rule text does not (the ``note`` names the public source: Catan's base
game facts that the Cities & Knights rule text takes for granted), ``approx`` when we designed it because the rule
text shows it only in a picture. Views and notebooks use the tag to say so; an ``approx`` number is never presented
as printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

RULEBOOK_SOURCE = "rulebook"
PUBLISHED = "published"
APPROX = "approx"
INFERRED = "inferred"
SOURCES = (RULEBOOK_SOURCE, PUBLISHED, INFERRED, APPROX)
EXACT_SOURCES = (RULEBOOK_SOURCE, PUBLISHED)


@dataclass(frozen=True, slots=True)
class Sourced(Generic[T]):
    """A component value with its source tag: ``Sourced(40, "rulebook")``, ``Sourced(19, "published", "catan.com
    base rules")``, ``Sourced(3, "inferred", "6 spaces in 2 columns")``, ``Sourced(2, "approx")``."""

    value: T
    source: str
    note: str = ""

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"source must be 'rulebook', 'published', 'inferred' or 'approx', not {self.source!r}")
        if self.source == PUBLISHED and not self.note:
            raise ValueError("a 'published' value names its public source in its note")
        if self.source == INFERRED and not self.note:
            raise ValueError("an 'inferred' value names the words it follows from in its note")

    @property
    def is_printed(self) -> bool:
        """Printed by the game's publisher: in our rule text or in the published rules."""
        return self.source in EXACT_SOURCES

"""Citizens: torch ranking, influence from citizens, attracting citizens, and the path majorities.

* Torch rank (Phase A order and Phase F): most torches in the action row first, ties to the earlier initiative.
* Influence from citizens (Phase F): IP per own citizen on the main board's paths by torch rank (rule-text table).
* Attract citizens (Phase F): one per 2 horses and 1 cart in the action row.
* Paths (final scoring): most citizens on a path 2 reputation, then 1 for the places the player count allows;
  ties go to the player whose citizen is closest to the building (space 0).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .data import rulebook


def torch_order(torches: Sequence[int], initiative: Sequence[int]) -> list[int]:
    """Seats by torches (most first), ties by initiative (earlier first)."""
    # Python's sort is stable also in reverse: seats with as many torches keep their initiative order.
    return sorted(initiative, key=torches.__getitem__, reverse=True)


def influence_from_citizens(players: int, rank: int, citizens: int,
                            table: Sequence[tuple[int, int, int]] | None = None) -> tuple[int, int]:
    """(IP, barrel steps) for the player at torch ``rank`` (0 = first) with ``citizens`` on the paths; ``table``
    is (IP per citizen, barrel steps, extra IP) by rank for this player count (default: the rule text's)."""
    per, barrel, extra = (rulebook.CITIZEN_INFLUENCE.value[players] if table is None else table)[rank]
    return per * citizens + extra, barrel


def attracted(horses: int, carts: int, sets: Mapping[str, int] = rulebook.ATTRACT_SET.value) -> int:
    """Citizens attracted by ``horses`` and ``carts``: one per set of 2 horses and 1 cart (``sets``)."""
    return min(horses // sets["horse"], carts // sets["cart"])


def path_ranking(spaces: Sequence[int], players: int) -> list[int]:
    """Seats with a citizen on the path, best first: most citizens, ties by the citizen closest to the building."""
    counts = [0] * players
    nearest = [len(spaces)] * players
    for index, owner in enumerate(spaces):
        if owner >= 0:
            counts[owner] += 1
            nearest[owner] = min(nearest[owner], index)
    present = [p for p in range(players) if counts[p]]
    return sorted(present, key=lambda p: (-counts[p], nearest[p]))


def path_reputation(spaces: Sequence[int], players: int, awards: Sequence[int] | None = None) -> list[int]:
    """Reputation tokens per seat for one path (``decision.empty-path``: no citizen there, nothing); ``awards`` by
    place for this player count (default: the rule text's)."""
    if awards is None:
        awards = rulebook.PATH_REPUTATION.value[players]
    out = [0] * players
    for place, seat in enumerate(path_ranking(spaces, players)[: len(awards)]):
        out[seat] = awards[place]
    return out

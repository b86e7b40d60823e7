"""Playing the lab's games: one seeded game of a variant with a line-up of bots, followed turn by turn, and returned
as a compact record (its metrics, the per-turn series and the action log, compressed), not the game itself.

A game is a pure function of its :class:`GameKey` (the variant, the line-up, the seed, the seating rotation and the
bots' seed salt): the game's seed is the key's seed, seat ``s`` takes the line-up's bot ``(s + rotation) % n`` and
that bot's seed comes from the seed, its place in the line-up and the salt. So the baseline and every variant play
the same seeds with the same bots (paired games), and any process, on any machine, plays the same game.

:func:`play_chunk` is what a worker runs: plain data in, plain data out, so a process pool or a Dask cluster can
ship it.
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass
from typing import Any, Sequence

from games.core import Game

from .lineup import BotSpec
from .metrics import game_metrics
from .variants import Variant

#: A game that takes more decisions than this is broken (an engine bug or a variant the ranges should refuse).
MAX_DECISIONS = 200_000
#: Significant digits the series keep (they feed charts of thousands of games, not exact replays).
SERIES_DIGITS = 4


@dataclass(frozen=True, order=True)
class GameKey:
    """What makes one lab game: ``arm`` (the variant's hash, with ``~salt`` when the bots' seeds are salted),
    ``lineup`` (the bot texts joined by `` | ``), ``seed`` and ``rotation``."""

    arm: str
    lineup: str
    seed: int
    rotation: int


def arm_key(variant_hash: str, salt: int = 0) -> str:
    return variant_hash if not salt else f"{variant_hash}~{salt}"


def bot_seed(seed: int, position: int, salt: int) -> int:
    """The seed of the line-up's bot at ``position`` in the game with ``seed`` (salted per arm when asked)."""
    return (seed * 1_000_003 + position * 7_919 + salt * 104_729) & 0x7FFF_FFFF


def seated(lineup: Sequence[Any], rotation: int) -> list[int]:
    """For each seat, the position in the line-up of the bot sitting there."""
    n = len(lineup)
    return [(s + rotation) % n for s in range(n)]


#: Whole numbers below this keep every digit at SERIES_DIGITS significant digits: they are kept as they are.
_WHOLE = 10 ** SERIES_DIGITS


def _rounded(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_rounded(v) for v in value]
    value = float(value)
    if value.is_integer() and -_WHOLE < value < _WHOLE:  # most values of every series (points, cards, counts)
        return value  # what the text round trip gives for them, without the text
    return float(f"{value:.{SERIES_DIGITS}g}")


def play(variant: Variant, lineup: Sequence[BotSpec], seed: int, rotation: int = 0, salt: int = 0,
         keep: bool = True) -> dict[str, Any]:
    """Play one game (module docstring) and return its record: ``seed``, ``rotation``, ``seats`` (the bot text per
    seat), ``scores``, ``winners``, the metrics of :func:`games.lab.metrics.game_metrics`, ``first_seat``,
    ``order`` (each seat's place in the turn order), ``rounds``, ``turns``, ``decisions``, ``restricted`` (per
    seat: decisions at which a restriction refused an action), ``ends`` (each series' value at the end, as the
    series keep it: ``{"barbarian_attacks": 3.0, "points": [10.0, 7.0, 8.0]}``), ``cpu`` (seconds, the one column
    that differs from run to run) and, with ``keep``, ``series`` (``{"rounds": [the round of each note],
    "starts": [the step it was made at], "values": {name: [its value at each note]}}``) and ``history`` (the action
    texts)."""
    started = time.process_time()
    n = len(lineup)
    game: Game = variant.new_game(players=n, seed=seed)
    who = seated(lineup, rotation)
    bots = [lineup[who[s]].make(bot_seed(seed, who[s], salt)) for s in range(n)]
    restricted_seats = [s for s in range(n) if lineup[who[s]].never]
    refused = [0] * n
    notes: list[tuple[float, ...]] = []
    rounds_seen: list[int] = []
    starts: list[int] = []  # the step (actions taken) at which each note was made
    series: dict[str, list[Any]] = {}
    order: list[int] = []
    turn_player: int | None = None
    cycles = 0
    for _ in range(MAX_DECISIONS):
        decision = game.pending()
        if decision is None:
            break
        now = game.current_player
        if now is not None and now != turn_player:
            turn_player = now
            if now not in order:
                order.append(now)
            elif now == order[0]:
                cycles += 1
            notes.append(tuple(float(v) for v in game.standings()))
            starts.append(len(game.history))
            counted = game.round_number()
            rounds_seen.append(cycles + 1 if counted is None else int(counted))
            if keep:
                for name, value in game.series().items():
                    series.setdefault(name, []).append(_rounded(value))
        p = decision.player
        if p in restricted_seats:
            legal = game.legal_actions()
            spec = lineup[who[p]]
            allowed = sum(1 for a in legal if spec.allows(a))
            refused[p] += 0 < allowed < len(legal)
        game.apply(bots[p].choose(game))
    else:
        raise RuntimeError(f"{variant.game_id} ({variant.label}) seed {seed} did not end within {MAX_DECISIONS} "
                           "decisions")
    outcome = game.outcome()
    assert outcome is not None
    scores = [float(s) for s in outcome.scores]
    winners = list(outcome.winners)
    notes.append(tuple(scores))
    first, last = lineup[0], lineup[-1]
    pair = None
    if str(first) != str(last):
        pair = ([s for s in range(n) if str(lineup[who[s]]) == str(first)],
                [s for s in range(n) if str(lineup[who[s]]) == str(last)])
    first_seat = order[0] if order else 0
    record: dict[str, Any] = {
        "seed": seed, "rotation": rotation, "seats": [str(lineup[who[s]]) for s in range(n)],
        "scores": scores, "winners": winners,
        **game_metrics(notes, scores, winners, first_seat, pair),
        "first_seat": first_seat,
        "order": [order.index(s) if s in order else n - 1 for s in range(n)],
        "rounds": max(rounds_seen, default=0), "turns": len(notes) - 1, "decisions": len(game.history),
        "restricted": refused,
    }
    ends = {name: _rounded(value) for name, value in game.series().items()}
    record["ends"] = ends  # each series' value at the end: what a per-game goal on a series reads (tuning)
    if keep:
        for name, value in ends.items():
            series.setdefault(name, []).append(value)
        record["series"] = {"rounds": [*rounds_seen, max(rounds_seen, default=0)],
                            "starts": [*starts, len(game.history)], "values": series}
        record["history"] = [str(a) for a in game.history]
    record["cpu"] = time.process_time() - started
    return record


def pack(value: Any) -> bytes:
    """JSON, compressed (how the store keeps series and logs)."""
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode(), 6)


def unpack(blob: bytes | None) -> Any:
    return None if blob is None else json.loads(zlib.decompress(blob))


_VARIANTS: dict[str, Variant] = {}


def _variant(data: dict[str, Any]) -> Variant:
    key = json.dumps(data, sort_keys=True)
    found = _VARIANTS.get(key)
    if found is None:
        found = _VARIANTS[key] = Variant.from_dict(data)
    return found


def play_chunk(task: dict[str, Any]) -> list[dict[str, Any]]:
    """A worker's job: ``task`` = ``{"arms": {arm: {"variant": variant JSON, "salt": n}}, "lineup": [bot texts],
    "games": [[arm, seed, rotation], ...]}``. Returns one packed row per game: ``arm``, ``seed``, ``rotation``,
    ``record`` (the metrics), ``series`` and ``history`` (compressed)."""
    arms = {arm: (_variant(a["variant"]), int(a.get("salt", 0))) for arm, a in task["arms"].items()}
    first = next(iter(arms.values()))[0]
    lineup = tuple(BotSpec.parse(t, first.game_class) for t in task["lineup"])
    out = []
    for arm, seed, rotation in task["games"]:
        variant, salt = arms[arm]
        record = play(variant, lineup, seed, rotation, salt)
        series, history = record.pop("series"), record.pop("history")
        out.append({"arm": arm, "seed": seed, "rotation": rotation, "record": record, "series": pack(series),
                    "history": pack(history)})
    return out

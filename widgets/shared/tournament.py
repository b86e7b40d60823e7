"""Bot tournaments: play N seeded games between bots and get a pandas table (``games/`` stays standard library).

    from widgets.shared.tournament import tournament, win_rates
    df = tournament("kardinal_koenig.cards", ["greedy", "random", "random"], games=30)
    win_rates(df)            # per bot: games, wins (shared wins count as fractions), mean score

Seats rotate from game to game, so every bot plays every seat equally often and the start seat's advantage
averages out. Every game is seeded (game seed and each bot's seed), so the same call gives the same table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games import game_class
from games.core.bots import make_bot, play_out

if TYPE_CHECKING:
    import pandas as pd


def tournament(game_id: str, bots: Sequence[str], games: int = 20, seed: int = 0, rotate: bool = True,
               **config: Any) -> pd.DataFrame:
    """One row per game and seat: ``game``, ``seed``, ``seat``, ``bot``, ``score``, ``win`` (1 / number of winners
    for a winning seat, else 0), ``decisions``. ``config`` goes to the game (``players`` is ``len(bots)``)."""
    import pandas as pd

    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    cls = game_class(game_id)
    if not cls.min_players <= len(bots) <= cls.max_players:
        raise ValueError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players, not {len(bots)} bots")
    rows = []
    for g in range(games):
        shift = g % len(bots) if rotate else 0
        seated = list(bots[shift:]) + list(bots[:shift])
        game = cls(None, seed + g, **{**config, "players": len(bots)})
        players = [make_bot(kind, seed=(seed + g) * 31 + seat) for seat, kind in enumerate(seated)]
        play_out(game, players)
        outcome = game.outcome()
        assert outcome is not None
        for seat, kind in enumerate(seated):
            share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
            rows.append({"game": g, "seed": seed + g, "seat": seat, "bot": kind, "score": outcome.scores[seat],
                         "win": share, "decisions": len(game.history)})
    return pd.DataFrame(rows)


def win_rates(df: pd.DataFrame) -> pd.DataFrame:
    """Per bot kind: seats played, wins (shared wins split), win rate per seat, mean and spread of the score."""
    out = df.groupby("bot").agg(seats=("game", "size"), wins=("win", "sum"), mean_score=("score", "mean"),
                                score_sd=("score", "std"))
    out["win_rate"] = out["wins"] / out["seats"]
    return out[["seats", "wins", "win_rate", "mean_score", "score_sd"]].sort_values("win_rate", ascending=False)

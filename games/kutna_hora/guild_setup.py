"""Guild setup (ギルドの準備): a guild setup card lists guild sets for the player count; from the last player
counterclockwise each player chooses a set (the start player gets the one left), then, clockwise from the start
player, each puts their three guild tiles in the rows of their board. A first game uses card 1 as printed."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from games.core import Action, seat_label

from .choice import Choice, act
from .data import approx
from .state import Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def deal(game: KutnaHoraGame) -> None:
    """Setup: the guild setup card, then either the printed sets and rows (first game) or the players' choices."""
    s, n = game.state, game.config.players
    first_game = game.config.first_game
    card = 0 if first_game else game.rng.below(len(approx.GUILD_SETUP.value))
    s.guild_card = card
    s.guild_sets = list(range(n))  # sets 1-n of the card's row for this player count
    if first_game:
        for p in range(n):
            take(game, p, p)
        game.emit("setup.first-game", "First game: guild setup card 1, each player the set and rows printed.")
    else:
        game.emit("setup.guild-card", f"Guild setup card {card + 1}: players choose guild sets from the last "
                  "player counterclockwise; the start player takes the set left.", card=card + 1)
        s.stack = [Pending("rows", p) for p in reversed(range(n))]
        s.stack += [Pending("guilds", p) for p in range(1, n)]


def take(game: KutnaHoraGame, p: int, set_no: int) -> None:
    game.state.guild_sets.remove(set_no)
    game.state.seats[p].guilds = list(approx.GUILD_SETUP.value[game.state.guild_card][set_no])


class GuildSet(Choice):
    """Choose one of the guild sets still on the card."""

    kind = "guilds"
    forms = {"guilds": "guilds SET"}
    written = "guilds"
    presorted = True  # the sets left, by number
    refusal_repeats_prompt = False

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return f"{seat_label(at.player)}: choose a guild set on setup card {game.state.guild_card + 1}"

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [act("guilds", i + 1) for i in game.state.guild_sets]

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        take(game, p, int(action.args[0]) - 1)
        game.emit("setup.guild-sets", f"{seat_label(p)} takes guild set {action.args[0]}: "
                                      f"{', '.join(s.seats[p].guilds)}.",
                  player=p)
        if len(s.guild_sets) == 1 and p == 1:
            take(game, 0, s.guild_sets[0])
            game.emit("setup.guild-sets", f"{seat_label(0)} (start player) takes the set left: "
                      f"{', '.join(s.seats[0].guilds)}.", player=0)


class GuildRows(Choice):
    """Put the three guild tiles in the rows of the board, in any order."""

    kind = "rows"
    forms = {"rows": "rows GUILD GUILD GUILD"}
    written = "rows"
    presorted = True  # permutations of the sorted guilds come in sort order
    refusal_repeats_prompt = False

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return (f"{seat_label(at.player)}: put your guild tiles in the rows of your board "
                f"({', '.join(game.state.seats[at.player].guilds)})")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [act("rows", *perm) for perm in itertools.permutations(sorted(game.state.seats[at.player].guilds))]

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        seat = game.state.seats[at.player]
        seat.guilds = [str(g) for g in action.args]
        game.emit("setup.guild-rows", f"{seat_label(at.player)} puts guild tiles in rows: {', '.join(seat.guilds)}.",
                  player=at.player)

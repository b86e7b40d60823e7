"""City improvements (``improve.*``): a track per commodity, its levels (``level_costs``) built in order with the
track's commodity.

* ``improve TRACK``: level *n* costs ``level_costs[n - 1]`` coins (politics), paper (science) or cloth (trade), fewer
  with a Crane played this turn (``improve.build``, ``progress.crane``). Building needs a city; levels stay when the
  cities are gone (``improve.needs-city``, ``improve.kept``).
* Level *n* draws a progress card of its track when the event die shows the track's gate and the red die shows at
  most ``draw_red_die[n - 1]`` (``improve.draw``, in :mod:`.progress`).
* The abilities at ``improvement_levels.ability`` (``improve.ability``): Aqueduct (science, :mod:`.dice`), Merchant
  Guild (trade: commodities at ``guild_rate``:1, ``improve.guild``), Fortress (politics: mighty knights,
  ``knights.fortress``).
* The metropolis levels (:mod:`.metropolis`) need a city without a metropolis unless the track's metropolis is the
  player's own (``metropolis.one-city``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.catan.choice import TurnVerb
from games.catan.data import ck_rulebook, rulebook
from games.catan.pieces import name
from games.core import Action

from . import metropolis
from .commodities import refresh_rates
from .state import CARD_KINDS, CARDS, POLITICS, SCIENCE, TRACK_CARD, TRACKS, TRADE

if TYPE_CHECKING:
    from .game import CKGame

TOP = ck_rulebook.LEVELS.value
IMPROVE = tuple(Action("improve", (t,)) for t in TRACKS)


def ability_words(robber_roll: int, guild_rate: int) -> dict[int, str]:
    """Each track's level-3 ability in words, with the game's numbers."""
    return {POLITICS: "the Fortress: strong knights may be promoted to mighty",
            SCIENCE: f"the Aqueduct: a roll other than {robber_roll} that gives them nothing gives a resource of their "
                     "choice",
            TRADE: f"the Merchant Guild: {guild_rate} identical commodities trade for 1 resource or commodity"}


#: The abilities with the printed numbers (views of the printed game).
ABILITIES = ability_words(rulebook.ROBBER_ROLL.value, ck_rulebook.GUILD_RATE.value)


def cost(game: CKGame, p: int, track: int) -> int:
    """Commodities the next level of ``track`` costs ``p`` now."""
    s = game.state
    level = s.levels[p * 3 + track]
    return max(0, game.design.level_costs[level] - (game.design.card_numbers["crane"] if s.crane else 0))


class Improve(TurnVerb):
    """``improve TRACK`` in the main part of the turn: the next level of a track, for its commodities, with a city
    (``improve.build``, ``improve.needs-city``, ``metropolis.one-city``)."""

    verb = "improve"
    form = "improve TRACK"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        s, p = game.state, at.player
        if not s.cities[p]:
            return []
        out = []
        design = game.design
        discount = design.card_numbers["crane"] if s.crane else 0
        costs = design.level_costs
        for t in range(3):
            level = s.levels[p * 3 + t]
            if level < TOP and hand[TRACK_CARD[t]] >= costs[level] - discount \
                    and not metropolis.waits_for_city(game, p, t, level + 1):
                out.append(IMPROVE[t])
        return out

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        return improve_refusal(game, at.player, action)

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        improve(game, at.player, TRACKS.index(str(action.args[0])))


def improve_refusal(game: CKGame, p: int, action: Action) -> str:
    s = game.state
    track = action.args[0]
    if track not in TRACKS:
        return f"the tracks are {', '.join(TRACKS)}."
    t = TRACKS.index(str(track))
    level = s.levels[p * 3 + t]
    if level == TOP:
        return f"your {track} track is complete (improve.build)."
    if not s.cities[p]:
        return "building an improvement needs a city (improve.needs-city)."
    if metropolis.waits_for_city(game, p, t, level + 1):
        return _waits_words(game, p, t, level + 1)
    return f"level {level + 1} costs {cost(game, p, t)} {CARDS[TRACK_CARD[t]]} (improve.build)."


def _waits_words(game: CKGame, p: int, t: int, level: int) -> str:
    """Why ``p`` may not build ``level`` of track ``t`` until they have a city without a metropolis."""
    s = game.state
    track = TRACKS[t]
    if metropolis.needs_city(game, p, t, level):
        return (f"level {level} would bring the {track} metropolis, and every city of yours carries one already "
                "(metropolis.one-city).")
    held = [TRACKS[u] for u in range(3) if s.metro_owner[u] == p]
    cities = s.cities[p].bit_count()
    which = f"your only city carries the {held[0]} metropolis" if cities == 1 and held else \
        "every city of yours carries a metropolis"
    return (f"{which}: your other tracks stop at level {game.design.metropolis_level - 1} until you have a city "
            f"without one (metropolis.one-city, decision.ck-level-four).")


def improve(game: CKGame, p: int, t: int) -> None:
    s = game.state
    level = s.levels[p * 3 + t] + 1
    price = cost(game, p, t)
    c = TRACK_CARD[t]
    s.hands[p * CARD_KINDS + c] -= price
    s.bank[c] += price
    crane = ""
    if s.crane:
        s.crane = False
        saved = game.design.level_costs[level - 1] - price
        crane = f" ({saved} less with the Crane)"
        game.emit("progress.crane", f"The Crane saves {name(p)} {saved} {CARDS[c]}.", player=p)
    s.levels[p * 3 + t] = level
    building = ck_rulebook.BUILDINGS[TRACKS[t]][level - 1]
    game.emit("improve.build", f"{name(p)} builds the {TRACKS[t]} improvement level {level} ({building}) for "
              f"{price} {CARDS[c]}{crane}.", player=p, track=TRACKS[t], level=level)
    if level == game.design.ability:
        words = ability_words(game.robber_roll, game.design.guild_rate)[t]
        game.emit("improve.ability", f"{name(p)} gains {words}.", player=p, track=TRACKS[t])
        if t == TRADE:
            refresh_rates(game, p)
    metropolis.after_improvement(game, p, t, level)

"""The exact numbers behind the Catan lessons: dice, production, the barbarian ship, attacks and improvements.

Every rule number is read from the engine (``games.catan.data.rulebook``, ``games.catan.data.ck_rulebook``) or worked
out by the engine's own functions on a position (``game.yield_of``, ``barbarians``, ``progress.gate_queue``,
``improvements.cost``); this module only counts. Chances are :class:`~fractions.Fraction` s, so a lesson can show
``5/36`` and a test can compare exactly::

    roll_chance(8)                          # Fraction(5, 36): 5 pips of 36 rolls
    node_yield(game, 17, "city")            # {"ore": Fraction(...), "coin": ...}: cards per roll, on average
    ship_chance()                           # Fraction(1, 2): 3 ship faces of 6
    arrival_within(7, position=0)           # the barbarians land within 7 rolls
    expected_rolls_to_attack(position=3)    # Fraction(8): 4 more ship faces, one per 2 rolls
    attack_outcome(position(...))           # strength, defence, Defender or the pillaged, from the engine
    draw_chance("science", 3)               # Fraction(1, 9): the science gate and a red 1-4

A position for a lesson is built with :func:`position` through the engine's own placement functions (the same way
the engine's scenario tests do), on the beginner map.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from games.catan import CatanGame, pieces
from games.catan.board import NODE_BIT, NODE_HEXES
from games.catan.cities_knights import CKGame, barbarians, improvements, knights, metropolis, progress
from games.catan.cities_knights.commodities import refresh_rates
from games.catan.cities_knights.state import CARDS, KIND_TRACK, KINDS, TRACKS
from games.catan.data import ck_rulebook, rulebook
from games.catan.state import Pending

#: The faces of one production die (``production.roll_dice``: ``rng.below(6) + 1``); tests check the sums against
#: the pips printed on the number tokens (``rulebook.PIPS``).
DIE_FACES = tuple(range(1, 7))
PIPS = rulebook.PIPS.value
ROBBER_ROLL = rulebook.ROBBER_ROLL.value
EVENT_FACES = ck_rulebook.EVENT_FACES.value
STEPS = ck_rulebook.BARBARIAN_STEPS.value
LEVELS = ck_rulebook.LEVELS.value
LEVEL_COST = ck_rulebook.LEVEL_COST.value
LEVEL_RED_DIE = ck_rulebook.LEVEL_RED_DIE.value
KNIGHT_STRENGTH = ck_rulebook.KNIGHT_STRENGTH.value


# ---------------------------------------------------------------- two dice
@cache
def dice_ways() -> dict[int, int]:
    """Ways to roll each total with two production dice (36 in all)."""
    ways: dict[int, int] = {}
    for a in DIE_FACES:
        for b in DIE_FACES:
            ways[a + b] = ways.get(a + b, 0) + 1
    return dict(sorted(ways.items()))


def rolls() -> int:
    """How many equally likely rolls two dice have (36)."""
    return len(DIE_FACES) ** 2


def roll_chance(total: int) -> Fraction:
    """The chance of rolling ``total`` with two dice (0 for a total they cannot make)."""
    return Fraction(dice_ways().get(total, 0), rolls())


def pips(number: int) -> int:
    """The dots printed under a number token (``rulebook.PIPS``): its ways to be rolled; 0 for no token."""
    return PIPS.get(number, 0)


def dice_table() -> list[dict[str, Any]]:
    """One row per total 2-12: ways, chance, pips on the token, and whether its token is red."""
    red = set(rulebook.RED_NUMBERS.value)
    return [{"total": t, "ways": w, "chance": Fraction(w, rolls()), "pips": pips(t),
             "red token": t in red, "robber": t == ROBBER_ROLL} for t, w in dice_ways().items()]


# ---------------------------------------------------------------- what an intersection earns
def node_hexes(game: CatanGame, node: int) -> list[dict[str, Any]]:
    """The land hexes around ``node``: hex, terrain, number token, pips and whether the robber stands there."""
    s = game.state
    out = []
    for h in NODE_HEXES[node]:
        number = s.numbers[h]
        out.append({"hex": h, "terrain": rulebook.TERRAINS[s.terrain[h]], "number": number, "pips": pips(number),
                    "robber": h == s.robber})
    return out


def node_yield(game: CatanGame, node: int, building: str = "settlement",
               robber: bool = True) -> dict[str, Fraction]:
    """Cards a ``building`` (``settlement`` or ``city``) at ``node`` takes per roll on average, by card. What one
    building takes from a producing hex is the engine's ``game.yield_of`` (a C&K city: 1 ore and 1 coin on
    mountains...). With ``robber`` the hex under the robber produces nothing. Bank shortages are ignored."""
    if building not in ("settlement", "city"):
        raise ValueError(f"a building is a settlement or a city, not {building!r}")
    towns, bigs = (1, 0) if building == "settlement" else (0, 1)
    s = game.state
    out: dict[str, Fraction] = {}
    for h in NODE_HEXES[node]:
        terrain, number = s.terrain[h], s.numbers[h]
        if not number or (robber and h == s.robber) or terrain >= len(rulebook.RESOURCES):
            continue
        for card, count in game.yield_of(terrain, towns, bigs):
            out[game.cards[card]] = out.get(game.cards[card], 0) + count * roll_chance(number)
    return dict(sorted(out.items()))


def cards_per_roll(yields: Mapping[str, Fraction]) -> Fraction:
    """All the cards of :func:`node_yield` together, per roll."""
    return sum(yields.values(), Fraction(0))


def cards_per_36(game: CatanGame, node: int, building: str = "settlement", robber: bool = True) -> int:
    """Cards ``building`` at ``node`` takes in 36 rolls on average: a whole number (pips times cards per hex)."""
    total = cards_per_roll(node_yield(game, node, building, robber)) * rolls()
    assert total.denominator == 1
    return int(total)


def commodity_share(game: CatanGame, node: int, robber: bool = True) -> Fraction:
    """The part of a city's cards at ``node`` that are commodities (C&K; 0 in the base game)."""
    yields = node_yield(game, node, "city", robber)
    total = cards_per_roll(yields)
    if not total:
        return Fraction(0)
    return sum((v for k, v in yields.items() if k in ck_rulebook.COMMODITIES), Fraction(0)) / total


def best_nodes(game: CatanGame, building: str = "settlement", top: int = 5) -> list[tuple[int, Fraction]]:
    """The ``top`` intersections where ``building`` takes the most cards per roll (free of the distance rule or
    not), best first, ties by intersection number."""
    from games.catan.board import N_NODES

    rated = [(v, cards_per_roll(node_yield(game, v, building))) for v in range(N_NODES)]
    return sorted(rated, key=lambda pair: (-pair[1], pair[0]))[:top]


# ---------------------------------------------------------------- the barbarian ship
def ship_chance() -> Fraction:
    """The chance that the event die shows a ship (``ck_rulebook.EVENT_FACES``: 3 of 6)."""
    return Fraction(EVENT_FACES.count("ship"), len(EVENT_FACES))


def ships_needed(position: int = 0) -> int:
    """Ship faces still needed to land the barbarians from ``position`` (spaces moved, 0 to 6)."""
    if not 0 <= position < STEPS:
        raise ValueError(f"the ship stands on a space from 0 to {STEPS - 1}, not {position}")
    return STEPS - position


def arrival_within(rolls_: int, position: int = 0) -> Fraction:
    """The chance that the barbarians land within ``rolls_`` rolls (turns) from ``position``: at least
    :func:`ships_needed` ships among ``rolls_`` event-die rolls."""
    need, p = ships_needed(position), ship_chance()
    if rolls_ < need:
        return Fraction(0)
    return sum((comb(rolls_, k) * p ** k * (1 - p) ** (rolls_ - k) for k in range(need, rolls_ + 1)), Fraction(0))


def arrival_on(roll: int, position: int = 0) -> Fraction:
    """The chance that the barbarians land on exactly the ``roll``-th roll from ``position``."""
    return arrival_within(roll, position) - arrival_within(roll - 1, position) if roll > 0 else Fraction(0)


def expected_rolls_to_attack(position: int = 0) -> Fraction:
    """Rolls (turns) until the attack from ``position``, on average: each ship needs 1 / (ship chance) rolls."""
    return ships_needed(position) / ship_chance()


def median_rolls_to_attack(position: int = 0) -> int:
    """The fewest rolls within which the barbarians land at least half the time."""
    n = ships_needed(position)
    while arrival_within(n, position) < Fraction(1, 2):
        n += 1
    return n


def observed_attacks(games: int = 3, players: int = 3, seed: int = 0) -> dict[str, Any]:
    """What the engine's own random play shows (random bots, C&K): event-die faces rolled, the share of ships and
    the rolls from one attack to the next (from the game's log: ``dice.three``, ``barbarians.attack``)."""
    from games.catan import cities_knights
    from games.core.bots import RandomBot, play_out

    faces: dict[str, int] = {face: 0 for face in dict.fromkeys(EVENT_FACES)}
    gaps: list[int] = []
    for g in range(games):
        game = cities_knights.new_game(players=players, seed=seed + g)
        play_out(game, [RandomBot(seed + 100 * g + q) for q in range(players)])
        since = 0  # rolls since the game's start or the last attack (the ship stands at 0 after both)
        for event in game.log:
            if event.rule == "dice.three":
                faces[event.data["event"]] += 1
                since += 1
            elif event.rule == "barbarians.attack":
                gaps.append(since)
                since = 0
    rolled = sum(faces.values())
    return {"rolls": rolled, "faces": faces, "ship share": Fraction(faces["ship"], rolled) if rolled else None,
            "gaps": gaps, "mean gap": Fraction(sum(gaps), len(gaps)) if gaps else None}


# ---------------------------------------------------------------- positions for lessons
def position(players: int = 4, settlements: Mapping[int, Iterable[int]] | None = None,
             cities: Mapping[int, Iterable[int]] | None = None,
             knights_: Mapping[int, Mapping[int, str]] | None = None,
             levels: Mapping[int, Mapping[str, int]] | None = None,
             metropolises: Mapping[str, tuple[int, int]] | None = None,
             walls: Mapping[int, Iterable[int]] | None = None, progress_: Mapping[int, str] | None = None,
             barbarian: int = 0, seed: int = 0, **options: Any) -> CKGame:
    """A Cities & Knights position on the beginner map, built through the engine's placement functions, seat 0 to
    move after the roll. ``knights_={0: {22: "strong active"}}``; ``levels={0: {"science": 3}}``;
    ``metropolises={"politics": (player, node)}`` (the holder gets level 4 of the track if below it);
    ``progress_={1: "spy warlord"}`` deals progress cards out of their decks."""
    game = CKGame(None, seed, players=players, layout="beginner", start_player=0, **options)
    s = game.state
    pieces.place_position(game, settlements, cities)
    for p, spec in (knights_ or {}).items():
        for v, words in spec.items():
            said = words.split()
            level = next((i for i, word in enumerate(knights.LEVELS) if word in said), 0)
            knights.place(game, p, v, level, "active" in said)
    for p, tracks in (levels or {}).items():
        for track, level in tracks.items():
            s.levels[p * 3 + TRACKS.index(track)] = level
        refresh_rates(game, p)
    for track, (p, v) in (metropolises or {}).items():
        t = TRACKS.index(track)
        s.levels[p * 3 + t] = max(s.levels[p * 3 + t], game.design.metropolis_level)
        metropolis.place(game, p, t, v)
        refresh_rates(game, p)
    for p, nodes in (walls or {}).items():
        for v in nodes:
            s.walls[p] |= NODE_BIT[v]
    for p, text in (progress_ or {}).items():
        for card in text.split():
            kind = KINDS.index(card)
            s.decks[KIND_TRACK[kind]].remove(kind)
            s.progress[p] = sorted([*s.progress[p], kind])
    s.barbarian = barbarian
    s.setup_step = 2 * players
    s.turn = 1
    s.player = 0
    s.stack, s.rolled = [Pending("main", 0)], True
    game.touched()
    broken = game.invariant_breaks()
    if broken:
        raise ValueError("this position breaks the rules: " + "; ".join(broken))
    return game


# ---------------------------------------------------------------- the attack
@dataclass(frozen=True)
class Attack:
    """What the barbarians' attack on a position does, as the engine resolves it."""

    strength: int
    defence: int
    knights: tuple[int, ...]  # strength of each seat's active knights
    holds: bool
    defender: int | None = None  # the seat that takes the Defender of Catan card
    tied: tuple[int, ...] = ()  # tied best defenders: each draws a progress card
    pillaged: tuple[int, ...] = ()  # seats that lose a city
    immune: tuple[int, ...] = ()  # seats with no city without a metropolis
    lines: tuple[str, ...] = field(default=())  # the engine's log of the attack, each "rule: text"

    @property
    def verdict(self) -> str:
        def names(seats: Iterable[int]) -> str:
            return ", ".join(pieces.name(q) for q in seats)
        if self.holds:
            if self.defender is not None:
                return f"Catan holds ({self.defence} against {self.strength}); {names([self.defender])} is the " \
                       "Defender of Catan."
            if self.tied:
                return f"Catan holds ({self.defence} against {self.strength}); {names(self.tied)} tie and each " \
                       "draws a progress card."
            return f"Catan holds ({self.defence} against {self.strength}), but no knight fought: nobody is rewarded."
        if self.pillaged:
            verb = "loses" if len(self.pillaged) == 1 else "each lose"
            return f"The barbarians win ({self.strength} against {self.defence}): {names(self.pillaged)} {verb} a city."
        return f"The barbarians win ({self.strength} against {self.defence}), but no city can be pillaged."


def strength(game: CKGame) -> int:
    """The barbarians' strength on ``game``: the engine's ``barbarians.strength`` (cities, a metropolis once)."""
    return barbarians.strength(game)


def defence(game: CKGame) -> tuple[int, ...]:
    """Each seat's active knights' strength (the engine's ``barbarians.knight_strength``)."""
    s = game.state
    return tuple(barbarians.knight_strength(game, q, s.active[q]) for q in range(game.players))


def attack_outcome(game: CKGame) -> Attack:
    """Land the barbarians on a copy of ``game`` now and let the engine resolve the attack (all active knights
    fight; in the meanies variant too). ``game`` is unchanged."""
    twin = game.clone()
    s = twin.state
    start = len(twin.log)
    s.barbarian = STEPS - 1
    barbarians.advance(twin)
    if twin.config.meanies:  # every active knight fights: the lesson's question, without the choice
        s.queue = 0
        for q in range(twin.players):
            s.committed |= s.active[q]
    barbarians.continue_attack(twin)
    events = twin.log[start:]
    data: dict[str, Any] = {}
    for e in events:
        data.setdefault(e.rule, []).append(e.data)
    fought = tuple(data["barbarians.defence"][0]["knights"])
    attack, defended = data["barbarians.strength"][0]["strength"], data["barbarians.defence"][0]["defence"]
    defender = data["barbarians.defender"][0]["player"] if "barbarians.defender" in data else None
    tied = tuple(next((d["players"] for d in data.get("barbarians.tie", []) if "players" in d), ()))
    pillaged = tuple(data["barbarians.pillage"][0]["players"]) if "barbarians.pillage" in data else ()
    immune = tuple(next((d["players"] for d in data.get("barbarians.immune", []) if "players" in d), ()))
    if not immune and "barbarians.immune" in data:  # nobody at all has a city without a metropolis
        immune = tuple(range(twin.players))
    return Attack(attack, defended, fought, defended >= attack, defender, tied, pillaged, immune,
                  tuple(f"{e.rule}: {e.text}" for e in events))


# ---------------------------------------------------------------- improvements and progress cards
def track_index(track: str) -> int:
    if track not in TRACKS:
        raise ValueError(f"the tracks are {', '.join(TRACKS)}, not {track!r}")
    return TRACKS.index(track)


def level_cost(level: int, crane: bool = False) -> int:
    """Commodities level ``level`` costs (the engine's ``improvements.cost`` on a position one level below)."""
    if not 1 <= level <= LEVELS:
        raise ValueError(f"the levels are 1 to {LEVELS}, not {level}")
    game = position(players=3, cities={0: [17]}, levels={0: {"science": level - 1}})
    game.state.crane = crane
    return improvements.cost(game, 0, TRACKS.index("science"))


def cost_to_reach(level: int) -> int:
    """Commodities of one track for levels 1 to ``level`` together."""
    return sum(level_cost(n) for n in range(1, level + 1))


def red_faces(level: int) -> tuple[int, ...]:
    """The red-die faces that draw a card at ``level`` (``ck_rulebook.LEVEL_RED_DIE``: 1 to level + 1)."""
    if not 0 <= level <= LEVELS:
        raise ValueError(f"the levels are 0 to {LEVELS}, not {level}")
    return tuple(r for r in DIE_FACES if level and r <= LEVEL_RED_DIE[level - 1])


@cache
def draw_chance(track: str, level: int) -> Fraction:
    """The chance per roll that a seat at ``level`` of ``track`` draws a progress card: over every event face and
    red die, whether the engine's ``progress.gate_queue`` puts the seat in the queue."""
    t = track_index(track)
    game = position(players=3, cities={0: [17]}, levels={0: {track: level}})
    hits = 0
    for face in EVENT_FACES:
        if face != track:
            continue
        for red in DIE_FACES:
            hits += bool(progress.gate_queue(game, t, red) & 1)
    return Fraction(hits, len(EVENT_FACES) * len(DIE_FACES))


def expected_draws(track: str, level: int, rolls_: int) -> Fraction:
    """Progress cards a seat at ``level`` of ``track`` draws in ``rolls_`` rolls, on average (its own gate only)."""
    return draw_chance(track, level) * rolls_


def improvement_table(track: str = "science") -> list[dict[str, Any]]:
    """One row per level: building, cost, total cost, red faces, chance per roll of a card, and what it brings."""
    rows = []
    for level in range(1, LEVELS + 1):
        bring = ""
        if level == ck_rulebook.ABILITY_LEVEL.value:
            bring = improvements.ABILITIES[TRACKS.index(track)]
        elif level == ck_rulebook.METROPOLIS_LEVEL.value:
            bring = "the first to reach it takes the metropolis"
        elif level == ck_rulebook.TAKEOVER_LEVEL.value:
            bring = "takes the metropolis from a holder below level 5; a holder here keeps it for good"
        rows.append({"level": level, "building": ck_rulebook.BUILDINGS[track][level - 1],
                     "cost": level_cost(level), "commodity": ck_rulebook.TRACK_COMMODITY.value[track],
                     "total cost": cost_to_reach(level), "red faces": red_faces(level),
                     "chance per roll": draw_chance(track, level), "brings": bring})
    return rows


def improve_events(game: CKGame, moves: Iterable[tuple[int, str]]) -> list[str]:
    """Build improvements ``(seat, track)`` on ``game`` in this order through the engine (no cost paid: a lesson's
    "what if"), and return the engine's log lines ("rule: text"). A metropolis with a choice of city goes on the
    seat's first free city."""
    lines: list[str] = []
    s = game.state
    for p, track in moves:
        t = track_index(track)
        c = CARDS.index(ck_rulebook.TRACK_COMMODITY.value[track])
        need = improvements.cost(game, p, t)
        s.hands[p * game.width + c] += need
        s.bank[c] -= need
        start = len(game.log)
        improvements.improve(game, p, t)
        if s.stack[-1].kind == "metropolis":  # a choice of city: made here, for the sandbox
            free = metropolis.free_cities(game, p)
            metropolis.place(game, p, t, (free & -free).bit_length() - 1)
            s.stack.pop()  # the metropolis is placed here, not asked: the main part of the turn is pending again
            s.track = -1
        lines += [f"{e.rule}: {e.text}" for e in game.log[start:]]
    game.touched()
    return lines


def draw_events(game: CKGame, seat: int, track: str) -> list[str]:
    """``seat`` draws the top progress card of ``track`` through the engine (as a gate would let them), and the
    engine's log lines ("rule: text"): a 5th card out of turn goes straight under its deck."""
    start = len(game.log)
    progress.draw(game, seat, track_index(track))
    game.touched()
    return [f"{e.rule}: {e.text}" for e in game.log[start:]]


def hand_limit() -> int:
    """Progress cards a seat may hold (``ck_rulebook.HAND_LIMIT``)."""
    return ck_rulebook.HAND_LIMIT.value


__all__ = ["Attack", "DIE_FACES", "arrival_on", "arrival_within", "attack_outcome", "best_nodes", "cards_per_36",
           "cards_per_roll", "commodity_share", "cost_to_reach", "defence", "dice_table", "dice_ways", "draw_chance",
           "draw_events",
           "expected_draws", "expected_rolls_to_attack", "hand_limit", "improve_events", "improvement_table",
           "level_cost", "median_rolls_to_attack", "node_hexes", "node_yield", "observed_attacks", "pips",
           "position", "red_faces", "roll_chance", "rolls", "ship_chance", "ships_needed", "strength"]

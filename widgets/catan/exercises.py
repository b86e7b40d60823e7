"""Self-checking exercises of the Catan lessons, on the shared :class:`~widgets.shared.exercises.Exercise`: a question
about a position, the position shown read-only, a hint before the answer. The answer is worked out when asked, by
:mod:`widgets.catan.odds` (and so by the engine); the explanation says how::

    PipsExercise("Sixes", 6).show()
    YieldExercise("A city on the coast", game, node=31, building="city").show()
    ShipExercise("Halfway", position=3).show()
    AttackExercise("Who is pillaged?", position, ask="pillaged").show()
    CostExercise("Up to the Aqueduct", "science", start=1, goal=3).show()
    DrawExercise("Fortress cards", "politics", level=3).show()
    MetropolisExercise("Level 5 first", position, moves, track="politics").show()
    PointsExercise("The winner's points", game, seat=0).show()

A broken exercise (an unknown intersection, level or track) raises ``ValueError`` when it is made, so it fails when
its notebook runs, not when a learner answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.catan.board import N_NODES
from games.catan.data import ck_rulebook
from widgets.shared.exercises import Exercise
from widgets.shared.text import plural, seat_label

from . import lessons, odds


def _frame_html(frame: Any) -> str:
    return f"<div class='bg-ex-figure'>{frame.to_html(escape=True)}</div>"


def _node(title: str, node: int) -> int:
    if not isinstance(node, int) or not 0 <= node < N_NODES:
        raise ValueError(f"exercise {title!r}: intersections are numbered 0 to {N_NODES - 1}, not {node!r}")
    return node


class CatanExercise(Exercise):
    """Shared parts: ``title``, ``hint``; a figure from :meth:`picture` (the island, read-only) and :meth:`frame`
    (a table: :func:`widgets.shared.frames.table`)."""

    def __init__(self, title: str, hint: str = "") -> None:
        self.title, self.hint = title, hint

    def frame(self) -> Any:
        return None

    def picture(self) -> Any:
        """The position asked about as a read-only :class:`~widgets.catan.BoardView`, or ``None``."""
        return None

    def figure(self) -> Any:
        frame, picture = self.frame(), self.picture()
        table = None if frame is None else _frame_html(frame)
        if picture is None:
            return table
        import ipywidgets

        return ipywidgets.HBox([picture, ipywidgets.HTML(table)]) if table else picture


# ---------------------------------------------------------------- dice and production
class PipsExercise(CatanExercise):
    """"In how many of the 36 rolls of two dice does ``number`` come up?\""""

    unit = "rolls"

    def __init__(self, title: str, number: int, hint: str = "") -> None:
        super().__init__(title, hint)
        if number not in odds.dice_ways():
            raise ValueError(f"exercise {title!r}: two dice make 2 to 12, not {number!r}")
        self.number = number

    @property
    def question(self) -> str:
        return f"Of the 36 equally likely rolls of two dice, how many make {self.number}?"

    def answer(self) -> int:
        return odds.dice_ways()[self.number]

    def explain(self) -> str:
        pairs = [f"{a}+{self.number - a}" for a in odds.DIE_FACES if self.number - a in odds.DIE_FACES]
        dots = odds.pips(self.number)
        token = f" The token shows {plural(dots, 'dot')}." if dots else " There is no token 7: it moves the robber."
        return f"The rolls {', '.join(pairs)}: {self.answer()} of 36, a chance of " \
               f"{lessons.fraction_text(odds.roll_chance(self.number))}.{token}"


class YieldExercise(CatanExercise):
    """"How many cards does a ``building`` at ``node`` take in 36 rolls, on average?" (``commodities=True``: only
    the commodities a C&K city takes.)"""

    unit = "cards"

    def __init__(self, title: str, game: Any, node: int, building: str = "settlement", commodities: bool = False,
                 hint: str = "") -> None:
        super().__init__(title, hint)
        # A copy: the question, its picture and its answer stay those of the position shown, however the table the
        # game came from plays on or is reset afterwards.
        self.game, self.node, self.building = game.clone(), _node(title, node), building
        self.commodities = commodities
        if building not in ("settlement", "city"):
            raise ValueError(f"exercise {title!r}: a building is a settlement or a city, not {building!r}")
        if commodities and building != "city":
            raise ValueError(f"exercise {title!r}: only cities take commodities")

    @property
    def question(self) -> str:
        what = "commodity cards" if self.commodities else "cards"
        return (f"A {self.building} stands on the intersection marked on the island below (number {self.node}). How "
                f"many {what} does it take in 36 rolls, on average? (The hexes around it are in the table.)")

    def frame(self) -> Any:
        return lessons.node_frame(self.game, self.node)[["terrain", "number", "robber"]]

    def picture(self) -> Any:
        from .board_view import BoardView

        return BoardView.picture(self.game, caption=f"Intersection {self.node}", marks={"node": [self.node]})

    def _yields(self) -> dict[str, Any]:
        yields = odds.node_yield(self.game, self.node, self.building)
        if self.commodities:
            yields = {k: v for k, v in yields.items() if k in ck_rulebook.COMMODITIES}
        return yields

    def answer(self) -> int:
        return int(odds.cards_per_roll(self._yields()) * odds.rolls())

    def explain(self) -> str:
        parts = [f"{int(v * odds.rolls())} {card}" for card, v in self._yields().items()]
        rows = odds.node_hexes(self.game, self.node)
        pips = ", ".join(f"{r['terrain']} {r['number']}: {plural(r['pips'], 'pip')}" for r in rows
                         if r["number"] and not r["robber"])
        return (f"Each producing hex pays on as many of 36 rolls as its token has pips ({pips or 'none'}), times the "
                f"cards a {self.building} takes there: {' + '.join(parts) or 'nothing'} = {self.answer()} in 36 "
                "rolls.")


# ---------------------------------------------------------------- the barbarians
class ShipExercise(CatanExercise):
    """"The ship stands on space ``position``: how many rolls until the attack, on average?\""""

    unit = "rolls"

    def __init__(self, title: str, position: int, hint: str = "") -> None:
        super().__init__(title, hint)
        try:
            odds.ships_needed(position)
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.position = position

    @property
    def question(self) -> str:
        return (f"The barbarian ship has moved {self.position} of its {odds.STEPS} spaces. How many rolls does it "
                "take, on average, until the barbarians attack?")

    def answer(self) -> int:
        return int(odds.expected_rolls_to_attack(self.position))

    def explain(self) -> str:
        p = odds.ship_chance()
        return (f"{odds.ships_needed(self.position)} more ships are needed; the event die shows a ship with chance "
                f"{p} ({odds.EVENT_FACES.count('ship')} faces of {len(odds.EVENT_FACES)}), so one ship takes "
                f"{1 / p} rolls on average: {odds.ships_needed(self.position)} × {1 / p} = {self.answer()}.")


class AttackExercise(CatanExercise):
    """A question on the attack on ``position`` (an :func:`odds.position`): ``ask`` is ``"strength"``,
    ``"defence"``, ``"pillaged"`` (how many cities are lost) or ``"defender"`` (the player number of the Defender
    of Catan, 0 if nobody)."""

    ASKS = {"strength": "What is the barbarians' strength?",
            "defence": "What is Catan's defence?",
            "pillaged": "How many cities do the barbarians pillage?",
            "defender": "Which player becomes Defender of Catan? Type the player's number (0 if nobody does)."}

    def __init__(self, title: str, position: Any, ask: str, hint: str = "") -> None:
        super().__init__(title, hint)
        if ask not in self.ASKS:
            raise ValueError(f"exercise {title!r}: ask one of {', '.join(self.ASKS)}, not {ask!r}")
        self.position, self.ask = position, ask
        self.unit = {"strength": "strength", "defence": "strength", "pillaged": "cities", "defender": ""}[ask]
        self.noun = "player" if ask == "defender" else "answer"

    @property
    def question(self) -> str:
        return (f"The barbarians land on the position on the board and in the table (all active knights fight). "
                f"{self.ASKS[self.ask]}")

    def read(self, answer: Any) -> Any:
        from widgets.shared.exercises import read_whole

        return read_whole(answer, self.unit or "players", 0, self.noun)

    def frame(self) -> Any:
        from widgets.shared.frames import table

        s = self.position.state

        rows = []
        for q in range(self.position.players):
            knights = []
            for level, word in enumerate(ck_rulebook.KNIGHT_LEVELS):
                for v in range(N_NODES):
                    if s.knights_at[q * 3 + level] >> v & 1:
                        knights.append(f"{word} ({'active' if s.active[q] >> v & 1 else 'inactive'})")
            rows.append({"player": seat_label(q), "settlements": s.settlements[q].bit_count(),
                         "cities": s.cities[q].bit_count(),
                         "metropolises": s.metro_owner.count(q), "knights": ", ".join(knights) or "none"})
        return table(rows, index="player")

    def picture(self) -> Any:
        from .board_view import BoardView

        return BoardView.picture(self.position,
                                 caption="Cities and knights (a filled shield is active, a hollow one inactive)")

    def answer(self) -> int:
        attack = odds.attack_outcome(self.position)
        if self.ask == "strength":
            return attack.strength
        if self.ask == "defence":
            return attack.defence
        if self.ask == "pillaged":
            return len(attack.pillaged)
        return 0 if attack.defender is None else attack.defender + 1

    def statement(self, truth: Any) -> str:
        if self.ask == "defender":
            return "nobody" if truth == 0 else seat_label(truth - 1)
        return self.say(truth)

    def correction(self, truth: Any) -> str:
        return f"it is {self.statement(truth)}"

    def explain(self) -> str:
        attack = odds.attack_outcome(self.position)
        strengths = ", ".join(f"{w} {s}" for w, s in zip(ck_rulebook.KNIGHT_LEVELS, ck_rulebook.KNIGHT_STRENGTH.value,
                                                          strict=True))
        return (f"Strength: one per city on the island ({attack.strength}). Defence: the active knights only "
                f"({strengths}): {attack.defence}. {attack.verdict}")


# ---------------------------------------------------------------- improvements and progress cards
class CostExercise(CatanExercise):
    """"How many commodities take ``track`` from level ``start`` to level ``goal``?\""""

    def __init__(self, title: str, track: str, start: int, goal: int, hint: str = "") -> None:
        super().__init__(title, hint)
        odds.track_index(track)
        if not 0 <= start < goal <= odds.LEVELS:
            raise ValueError(f"exercise {title!r}: levels go up from 0 to {odds.LEVELS}, not {start} to {goal}")
        self.track, self.start, self.goal = track, start, goal
        self.unit = ck_rulebook.TRACK_COMMODITY.value[track]

    @property
    def question(self) -> str:
        return (f"A player's {self.track} improvements stand at level {self.start}. How many {self.unit} cards do "
                f"levels {self.start + 1} to {self.goal} cost together (no Crane)?")

    def answer(self) -> int:
        return odds.cost_to_reach(self.goal) - odds.cost_to_reach(self.start)

    def explain(self) -> str:
        costs = [odds.level_cost(n) for n in range(self.start + 1, self.goal + 1)]
        return f"Level n costs n {self.unit}: {' + '.join(map(str, costs))} = {self.answer()}."


class DrawExercise(CatanExercise):
    """"At ``level`` of ``track``, how many progress cards of that track in 36 rolls, on average (from your own
    improvements only)?\""""

    unit = "cards"

    def __init__(self, title: str, track: str, level: int, rolls: int = 36, hint: str = "") -> None:
        super().__init__(title, hint)
        odds.track_index(track)
        if not 1 <= level <= odds.LEVELS:
            raise ValueError(f"exercise {title!r}: the levels are 1 to {odds.LEVELS}, not {level!r}")
        if (odds.draw_chance(track, level) * rolls).denominator != 1:
            raise ValueError(f"exercise {title!r}: choose a number of rolls that makes a whole number of cards")
        self.track, self.level, self.rolls = track, level, rolls

    @property
    def question(self) -> str:
        return (f"Your {self.track} improvements stand at level {self.level}. In {self.rolls} rolls, how many "
                f"{self.track} progress cards do they draw for you on average?")

    def answer(self) -> int:
        return int(odds.expected_draws(self.track, self.level, self.rolls))

    def explain(self) -> str:
        faces = odds.red_faces(self.level)
        chance = odds.draw_chance(self.track, self.level)
        return (f"You draw when the event die shows the {self.track} gate (1 face of {len(odds.EVENT_FACES)}) and "
                f"the red die shows {', '.join(map(str, faces))} ({len(faces)} of 6): {chance} per roll, "
                f"{self.answer()} in {self.rolls} rolls.")


class MetropolisExercise(CatanExercise):
    """"After these improvements, who holds the ``track`` metropolis?" ``moves`` are ``(seat, track)`` in order,
    built on a copy of ``position`` through the engine. The answer is a player number (0: nobody)."""

    unit = ""
    noun = "player"

    def __init__(self, title: str, position: Any, moves: Iterable[tuple[int, str]], track: str,
                 hint: str = "") -> None:
        super().__init__(title, hint)
        self.track, self.moves = track, list(moves)
        odds.track_index(track)
        self.position = position
        self._lines = odds.improve_events(position.clone(), self.moves)

    def read(self, answer: Any) -> Any:
        from widgets.shared.exercises import read_whole

        return read_whole(answer, "players", 0, self.noun)

    @property
    def question(self) -> str:
        said = "; ".join(f"{seat_label(p)} builds {t} level {k}" for p, t, k in self._numbered())
        return f"In this order: {said}. Who holds the {self.track} metropolis now? Type the player's number (0 if " \
               "nobody does)."

    def _numbered(self) -> list[tuple[int, str, int]]:
        s = self.position.state
        levels = {(p, t): s.levels[p * 3 + odds.track_index(t)] for p in range(self.position.players)
                  for t in ck_rulebook.TRACKS}
        out = []
        for p, t in self.moves:
            levels[(p, t)] += 1
            out.append((p, t, levels[(p, t)]))
        return out

    def answer(self) -> int:
        twin = self.position.clone()
        odds.improve_events(twin, self.moves)
        return twin.state.metro_owner[odds.track_index(self.track)] + 1

    def statement(self, truth: Any) -> str:
        return "nobody" if truth == 0 else seat_label(truth - 1)

    def correction(self, truth: Any) -> str:
        return f"it is {self.statement(truth)}"

    def explain(self) -> str:
        said = [line.split(": ", 1)[1] for line in self._lines if line.startswith("metropolis.")]
        return " ".join(said) or "Nobody reached level 4 of the track."


# ---------------------------------------------------------------- a game
class PointsExercise(CatanExercise):
    """"How many victory points does ``seat`` have?" (the sources are shown, the total is not)."""

    unit = "points"

    def __init__(self, title: str, game: Any, seat: int, hint: str = "") -> None:
        super().__init__(title, hint)
        if not 0 <= seat < game.players:
            raise ValueError(f"exercise {title!r}: seats are 0 to {game.players - 1}, not {seat!r}")
        self.game, self.seat = game.clone(), seat  # a copy, as YieldExercise's

    @property
    def question(self) -> str:
        return f"How many victory points does {seat_label(self.seat)} have? The table shows what they have built " \
               "and hold."

    def frame(self) -> Any:
        """What the seat holds, counted, never the points (``point_sources`` keys; a held title is yes / no)."""
        from widgets.shared.frames import table

        s, p = self.game.state, self.seat
        held: dict[str, Any] = {"settlements": s.settlements[p].bit_count(), "cities": s.cities[p].bit_count()}
        titles = {"longest road": s.longest == p, "largest army": getattr(s, "army", -1) == p}
        if hasattr(s, "metro_owner"):
            held["metropolises"] = s.metro_owner.count(p)
            held["Defender of Catan cards"] = s.defenders[p]
            titles.update({"merchant": s.merchant_owner == p, "Printer": s.printer == p,
                           "Constitution": s.constitution == p})
        for key, value in titles.items():
            if key in self.game.point_sources(p):
                held[key] = "yes" if value else "no"
        return table({seat_label(p): held})

    def answer(self) -> int:
        return sum(self.game.point_sources(self.seat).values())

    def explain(self) -> str:
        parts = [f"{key} {value}" for key, value in self.game.point_sources(self.seat).items() if value]
        return f"By source: {', '.join(parts)}; {self.answer()} in all."


__all__ = ["AttackExercise", "CatanExercise", "CostExercise", "DrawExercise", "MetropolisExercise",
           "PipsExercise", "PointsExercise", "ShipExercise", "YieldExercise"]

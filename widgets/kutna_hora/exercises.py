"""Kutná Hora's self-checking exercises: predict a number, then check the prediction against the rules.

    from widgets.kutna_hora import PricePrediction
    ex = PricePrediction("A tavern opens", setup={"population": 0}, actions=["build beer"], good="beer",
                         hint="A guild building moves its good's slider one notch right.")
    ex.question        # the position, the actions and what to predict
    ex.show()          # the question, an answer box, a Check button and the feedback
    ex.check(2)        # Feedback(correct=True, text='Right: 2. Beer cost 3 before. What happened: ...')

No exercise holds its answer (:class:`widgets.shared.exercises.Exercise`). :class:`PricePrediction` builds its
position in a fresh price sandbox (:func:`~widgets.kutna_hora.price_stand.economy_at`), applies the actions and
reads the good's price; its explanation is the game's own log of what moved the price, each line with the id of
the rule behind it, so a learner can follow it to ``games.kutna_hora.ECONOMY_RULES`` (the price sandbox's rules).
A setup or question that cannot be asked raises ``ValueError`` when the exercise is made, so a broken exercise
fails when its notebook runs.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping, Sequence

from games.core import Event, GameError
from games.kutna_hora import mines, town
from games.kutna_hora.data.rulebook import CHEAP_PLOT
from games.kutna_hora.economy import EconomyGame
from games.kutna_hora.game import KutnaHoraGame
from games.kutna_hora.income import income_lines
from widgets.shared.exercises import Exercise, ExerciseBox, read_whole
from widgets.shared.palette import seat_colours, seat_name
from widgets.shared.text import is_whole, plural, seat_label, short

from .boards import checked_game, checked_seat
from .mine_board import MineBoardView
from .mine_layout import MAX_PLAYERS, ROWS, build_board, player_count, player_names, where
from .mine_words import explain_cost, explain_row, explain_stars
from .price_stand import economy_at
from .town_board import TownView
from .town_position import TownPosition
from .town_words import HOUSE_ROWS, MINE_ROWS, NobleInputs, cost_reason, council_counts, matching_rows, noble_rows

#: What a price setup may hold (the arguments of :func:`economy_at`).
SETUP_KEYS = ("population", "ore", "sliders")
#: Log events that explain a price: the stands (``prices.*``), caps, our readings, and buildings drawing people.
PRICE_RULES = ("prices.", "caps.", "decision.", "build.population")


def capitalised(text: str) -> str:
    """``text`` with its first letter capitalised (str.capitalize would lower "Player 2")."""
    return text[:1].upper() + text[1:]


class KHExercise(Exercise):
    """The feedback of every Kutná Hora exercise names the answer with its unit: "Right: 6 points.", "Not quite:
    you said 5, but it is 6 points."; the answer box is labelled with the unit."""

    #: How the feedback says the right answer after "Right: " and after "you said 5, but " (``{truth}``, ``{unit}``
    #: and the exercise as ``{ex}``).
    right = "{truth} {unit}"
    wrong = "it is {truth} {unit}"

    def say(self, value: Any) -> str:
        return str(value)

    def statement(self, truth: Any) -> str:
        return self.right.format(truth=truth, unit=self.unit, ex=self)

    def correction(self, truth: Any) -> str:
        return self.wrong.format(truth=truth, unit=self.unit, ex=self)

    def asked_html(self) -> str:
        """The question without its title, as HTML."""
        return html.escape(self.question.removeprefix(f"{self.title}. "))

    def question_html(self) -> str:
        hint = f"<details><summary>Hint</summary>{html.escape(self.hint)}</details>" if self.hint else ""
        return f"<div class='bg-ex-question'><b>{html.escape(self.title)}</b><br>{self.asked_html()}{hint}</div>"

    def show(self) -> ExerciseBox:
        box = super().show()
        box.answer.description = self.unit
        return box


class PricePrediction(KHExercise):
    """"What does ``good`` cost after ``actions``, starting from the position ``setup``?" (module docstring).

    ``setup`` may hold ``population`` and ``ore`` (deck positions, default 0) and ``sliders`` (``{"beer": 1}``;
    the other sliders at the far left). ``actions`` are price-sandbox action texts (``"advance ore 2"``,
    ``"build beer"``, ``"rights food"``, ``"income"``).
    """

    unit, noun, minimum = "groschen", "prediction", 1
    right, wrong = "{truth}", "{ex.good} costs {truth}"

    def __init__(self, title: str, setup: Mapping[str, Any] | None = None, actions: Sequence[str] = (),
                 good: str = "", hint: str = "") -> None:
        self.title = title
        self.setup = dict(setup or {})
        self.actions = [actions] if isinstance(actions, str) else list(actions)
        self.good = good
        self.hint = hint
        self._start, self._end, self._events = self._play()

    def _play(self) -> tuple[EconomyGame, EconomyGame, list[Event]]:
        """Build the position in a fresh sandbox and apply the actions; the rules give the answer."""
        unknown = sorted(set(self.setup) - set(SETUP_KEYS))
        if unknown:
            raise ValueError(f"exercise {self.title!r}: a setup holds {', '.join(SETUP_KEYS)}, "
                             f"not {', '.join(map(str, unknown))}")
        try:
            start = economy_at(**self.setup)
        except ValueError as err:
            raise ValueError(f"exercise {self.title!r}: {err}") from None
        if self.good not in start.table.goods:
            raise ValueError(f"exercise {self.title!r}: {self.good!r} is not a good; the goods are "
                             f"{', '.join(start.table.goods)}")
        end = start.clone()
        events: list[Event] = []
        for text in self.actions:
            try:
                events += end.apply(text)
            except GameError as err:
                reason = getattr(err, "reason", err)
                raise ValueError(f"exercise {self.title!r}: {text!r} cannot be played here: {reason}") from None
        return start, end, events

    # ------------------------------------------------------------------ the question and the answer
    @property
    def question(self) -> str:
        """The exercise in plain text: position, price now, actions, what to predict."""
        return (f"{self.title}. {self._position()}. Now {self.good} costs {self._start.price(self.good)} "
                f"groschen. Then: {self._steps()}. What does {self.good} cost after that?")

    def _position(self) -> str:
        stands = self._start.stands
        moved = [f"the {s} slider is at notch {n}" for s, n in stands.sliders.items() if n]
        sliders = " and every other slider at the far left" if moved else "; every slider is at the far left"
        return (f"The population deck shows card {stands.population} and the ore deck card {stands.ore}"
                + (f"; {', '.join(moved)}" if moved else "") + sliders)

    def _steps(self) -> str:
        return ", then ".join(self.actions) if self.actions else "nothing happens"

    def answer(self) -> int:
        """The price the rules give after the actions."""
        return self._end.price(self.good)

    def explain(self) -> str:
        """Why the price is what it is: the price before, the logged events that moved it, and where it is read."""
        before = self._start.price(self.good)
        moved = [e for e in self._events if e.rule.startswith(PRICE_RULES)]
        what = ("What happened: " + " ".join(f"{e.text.rstrip('.')} [{e.rule}]." for e in moved) + " "
                if moved else "Nothing that moves prices happened. ")
        table, stands = self._end.table, self._end.stands
        deck, slider = table.deck_of[self.good], table.slider_of[self.good]
        cell = self._end.cell(self.good)
        no_demand = f", with a red ✗: nobody may build a {self.good} building now" if cell.no_demand else ""
        return (f"{self.good.capitalize()} cost {before} before. {what}Now {self.good} is read on {deck} card "
                f"{stands.position(deck)} at notch {stands.sliders[slider]} of the {slider} slider: {cell.value} "
                f"groschen{no_demand} ({table.source} table).")

    def below_minimum(self, value: int) -> str:
        return f"Every price on the cards is at least 1 groschen, so {value} cannot be right. Try again."

    def asked_html(self) -> str:
        actions = ", then ".join(f"<code>{html.escape(a)}</code>" for a in self.actions) or "nothing happens"
        return (f"{html.escape(self._position())}. Now {self.good} costs <b>{self._start.price(self.good)}</b> "
                f"groschen.<br>Then: {actions}.<br>What does <b>{html.escape(self.good)}</b> cost after that?")


class MineExercise(KHExercise):
    """A question about a mine board whose answer the rules package works out.

    ``ask`` is one of ``"cost"`` (wood for a mine on ``space``, from
    :func:`~games.kutna_hora.mines.open_spaces`), ``"stars"`` (all stars in ``row``), ``"points"`` (what
    ``player`` scores in ``row``) or ``"total"`` (``player``'s mine points over all rows), the last three from
    :func:`~games.kutna_hora.mines.score_rows`. The board is ``placements`` (``(space, tile, player)``) built on
    setup card ``setup`` by :func:`~widgets.kutna_hora.mine_layout.build_board`; the question shows it as a
    read-only :class:`~widgets.kutna_hora.MineBoardView` that does not give the answer away (players named
    ``names`` and drawn in ``colours``: the shared palette's unless given).
    """

    ASKS = ("cost", "stars", "points", "total")
    wrong = "the answer is {truth} {unit}"

    def __init__(self, title: str, *, placements: Sequence[Sequence[Any]] = (), setup: int | None = 1,
                 ask: str = "points", space: int | None = None, row: int | None = None, player: int | None = None,
                 players: int = MAX_PLAYERS, names: Sequence[str] | None = None,
                 colours: Sequence[str] | None = None, hint: str = "") -> None:
        self.title, self.hint, self.ask, self.colours = title, hint, ask, colours
        try:
            self.players = player_count(players)
            self.names = player_names(names, self.players)
            self.cells, self.owners = build_board(setup, placements, players=self.players)
            self.setup = setup
            if ask not in self.ASKS:
                raise ValueError(f"ask is one of {', '.join(self.ASKS)}, not {short(ask)}")
            if ask == "cost":
                costs = mines.open_spaces(self.cells)
                if not is_whole(space) or space not in costs:
                    raise ValueError(f"space {short(space)} is not open on this board; open: {sorted(costs)}")
            if ask in ("stars", "points") and (not is_whole(row) or not 0 <= row < ROWS):
                raise ValueError(f"row is 0 to {ROWS - 1} (0 is the top row), not {short(row)}")
            if ask in ("points", "total") and (not is_whole(player) or not 0 <= player < self.players):
                raise ValueError(f"player is 0 to {self.players - 1}, not {short(player)}")
        except ValueError as err:
            raise ValueError(f"exercise {title!r}: {err}") from None
        self.space, self.row, self.player = space, row, player
        self.unit = {"cost": "wood", "stars": "stars"}.get(ask, "points")

    def answer(self) -> int:
        """The rules' answer."""
        if self.ask == "cost":
            return mines.open_spaces(self.cells)[self.space]  # type: ignore[index]  # checked in __init__
        scores = mines.score_rows(self.cells, self.owners, self.players)
        if self.ask == "stars":
            return scores[self.row].stars  # type: ignore[index]
        if self.ask == "points":
            return scores[self.row].points[self.player]  # type: ignore[index]
        return sum(s.points[self.player] for s in scores)  # type: ignore[index]

    def explain(self) -> str:
        """Why the answer is what it is, in the rule's words."""
        scores = mines.score_rows(self.cells, self.owners, self.players)
        if self.ask == "cost":
            return explain_cost(self.cells, self.space)  # type: ignore[arg-type]
        if self.ask == "stars":
            return explain_stars(self.cells, self.row) + " " + explain_row(scores[self.row], self.names)
        if self.ask == "points":
            return explain_row(scores[self.row], self.names)  # type: ignore[index]
        return " ".join(explain_row(s, self.names) for s in scores)

    @property
    def question(self) -> str:
        if self.ask == "cost":
            return f"{self.title}. How much wood does a mine on {where(self.space)} cost?"  # type: ignore[arg-type]
        if self.ask == "stars":
            return f"{self.title}. How many stars does row {self.row + 1} have in all?"  # type: ignore[operator]
        if self.ask == "points":
            return (f"{self.title}. How many mine points does {self.names[self.player]} "  # type: ignore[index]
                    f"score in row {self.row + 1}?")  # type: ignore[operator]
        return f"{self.title}. How many mine points does {self.names[self.player]} score in all?"  # type: ignore

    def figure(self) -> MineBoardView:
        """The board, read-only: a cost question hides the open spaces' costs and marks its space with a "?";
        a stars or points question hides each row's stars and value; the scoring table is never shown."""
        return MineBoardView(mines.snapshot(self.cells, self.owners), players=self.names, colours=self.colours,
                             interactive=False,
                             show_scores=False, show_open=self.ask != "cost", show_rows=self.ask == "cost",
                             mark=self.space if self.ask == "cost" else -1,  # type: ignore[arg-type]
                             caption=f"Setup card {self.setup}" if self.setup else "No rocks")


class TownExercise(KHExercise):
    """A self-checking question about one town position; the rules package works the answer out.

    Make one with :meth:`plot_cost`, :meth:`matching_points` or :meth:`noble_points`. A position or question
    that does not exist raises ``ValueError`` when the exercise is made, so a broken exercise fails when its
    notebook runs. ``show()`` gives the question, the town as a read-only
    :class:`~widgets.kutna_hora.TownView` (no prices or points on it), an answer box, a Check button and the
    feedback."""

    def __init__(self, title: str, position: TownPosition, text: str, unit: str,
                 solve: Callable[[], tuple[int, str]], hint: str = "") -> None:
        self.title, self.position, self.text, self.unit, self.hint = title, position, text, unit, hint
        self._solve = solve
        try:
            solve()
        except (ValueError, KeyError) as err:
            raise ValueError(f"exercise {title!r}: {err}") from None

    @classmethod
    def plot_cost(cls, title: str, position: TownPosition, plot: int, reputation: bool = False,
                  hint: str = "") -> TownExercise:
        """"What does plot ``plot`` cost?" (``town.plot_costs``, then the reputation discount)."""
        if plot not in position.costs():
            raise ValueError(f"exercise {title!r}: plot {plot} cannot be taken in this town")
        rep = f" The player's reputation is {CHEAP_PLOT.value[0]}." if reputation else ""

        def solve() -> tuple[int, str]:
            return position.costs(reputation)[plot], capitalised(cost_reason(position, plot, reputation)) + "."

        return cls(title, position, f"What does plot {plot} cost?{rep}", "groschen", solve, hint)

    @classmethod
    def matching_points(cls, title: str, position: TownPosition, plot: int, hint: str = "") -> TownExercise:
        """"How many points does the building on plot ``plot`` score at the end?" (``town.matching``)."""
        if not (is_whole(plot) and 0 <= plot < len(position.buildings) and position.buildings[plot]):
            raise ValueError(f"exercise {title!r}: there is no building on plot {plot}")

        def solve() -> tuple[int, str]:
            row = next(r for r in matching_rows(position) if r["plot"] == plot)
            return row["points"], f"{row['building']} (icons {row['icons']}): {row['from']}."

        b = position.buildings[plot]
        return cls(title, position, f"How many points does {b} on plot {plot} score in the final town scoring?",
                   "points", solve, hint)

    @classmethod
    def noble_points(cls, title: str, position: TownPosition, seat: int, council: Mapping[str, int],
                     inputs: NobleInputs | Mapping[str, Any] | None = None, hint: str = "") -> TownExercise:
        """"How many points does ``seat`` score from the nobles in the council?" (``nobles.per_noble`` and
        ``nobles.total``)."""
        given = NobleInputs.of(inputs)
        council_ = council_counts(council)

        def solve() -> tuple[int, str]:
            row = noble_rows(position, council_, {seat: given})[0]
            return row["total"], f"Per noble × nobles in the council: {row['working']}."

        nobles_text = ", ".join(f"{n} {c}" for c, n in council_.items() if n) or "no nobles"
        text = (f"The council holds {nobles_text}. {seat_label(seat)} has used {given.used_pelicans} pelicans, has "
                f"{'/'.join(map(str, given.mines_per_row))} mines in the {MINE_ROWS} mine rows and has taken "
                f"{'/'.join(map(str, given.houses_taken_per_row))} houses from the {HOUSE_ROWS} house rows. How "
                f"many points does {seat_label(seat)} score from the nobles this round?")
        return cls(title, position, text, "points", solve, hint)

    def answer(self) -> int:
        return self._solve()[0]

    def explain(self) -> str:
        return self._solve()[1]

    @property
    def question(self) -> str:
        return f"{self.title}. {self.text}"

    def figure(self) -> TownView:
        """The town, read-only: no prices and no matching points on it (they would give the answer away)."""
        return TownView(self.position, interactive=False)


#: What a :class:`PositionExercise` may ask, with the unit of its answer.
POSITION_ASKS = {"income": "groschen", "plot": "groschen", "mines": "points", "tax": "groschen"}


class PositionExercise(KHExercise):
    """"Predict a number at this position", answered by the engine, never stored.

    ``ask`` is ``"income"`` (what an Income action gives ``player`` now: production × price, :meth:`income_of`),
    ``"plot"`` (what buying plot ``plot`` costs ``player`` now, :meth:`plot_options`), ``"mines"`` (the points
    ``player``'s mines would score in the final mine scoring now, :meth:`final_breakdown`) or ``"tax"`` (what
    ``player`` owes at the end of this round: tax plus plot tax, :meth:`tax_due`). ``question``, ``answer()``,
    ``explain()``, ``check(answer) -> Feedback`` (never raises) and ``show()`` (question, answer box, Check,
    feedback). A question that cannot be asked at the position raises ``ValueError`` at once, so a broken
    exercise fails when its notebook runs."""

    def __init__(self, title: str, game: KutnaHoraGame, ask: str, player: int = 0, plot: int | None = None,
                 hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.game = checked_game(game).clone()  # a snapshot: the exercise never moves with a live game
        self.player = checked_seat(self.game, player)
        if ask not in POSITION_ASKS:
            raise ValueError(f"exercise {title!r}: ask one of {', '.join(POSITION_ASKS)}, not {short(ask)}")
        self.ask, self.unit = ask, POSITION_ASKS[ask]
        self.plot = plot
        if ask == "plot" and (plot is None or plot not in self._plot_costs()):
            buyable = sorted(self._plot_costs())
            raise ValueError(f"exercise {title!r}: plot {short(plot)} is not for sale to "
                             f"{seat_label(player)} now; these are: {buyable}")

    def _plot_costs(self) -> dict[int, int]:
        # A position's prices before money is checked: every plot the player could buy with enough groschen.
        twin = self.game.clone()
        twin.state.seats[self.player].groschen = 10_000
        return twin.plot_options(self.player, False, False)

    @property
    def question(self) -> str:
        who = seat_label(self.player)
        return {
            "income": f"{who} takes an Income action now. How many groschen does it give?",
            "plot": f"{who} buys plot {self.plot} now. How many groschen does it cost?",
            "mines": f"If the game ended now, how many points would {who} score in the final mine scoring?",
            "tax": f"How many groschen does {who} owe at the end of this round (tax plus plot tax)?",
        }[self.ask]

    def answer(self) -> int:
        g, p = self.game, self.player
        if self.ask == "income":
            return g.income_of(p)
        if self.ask == "plot":
            return self._plot_costs()[int(self.plot)]  # type: ignore[arg-type]
        if self.ask == "mines":
            return g.final_breakdown(p)["mines"]
        return g.tax_due(p)

    def explain(self) -> str:
        g, p = self.game, self.player
        seat = g.state.seats[p]
        if self.ask == "income":
            lines = income_lines(seat.production, g.prices(), seat.mine_ore)
            said = " + ".join(f"{good} {n} × {price}" for good, n, price, _ in lines) or "no production yet"
            return f"Income is production × the current price, good by good: {said} = {g.income_of(p)} [income.sum]."
        if self.ask == "plot":
            near = [g.tiles[g.state.town[j]].plot_value for j in town.neighbours(int(self.plot), g.size)  # type: ignore
                    if g.state.town[j]]
            (cheap_at, cheap), base = g.design.cheap_plot, g.design.plot_cost  # the game's numbers (a variant's)
            if seat.reputation >= cheap_at:
                why = (f"with reputation {seat.reputation} ({cheap_at} or more) every plot costs {cheap} "
                       "[plot.reputation]")
            elif near:
                why = (f"the plot is next to buildings with plot values {near}: it costs the highest, not the sum "
                       "[plot.cost]")
            else:
                why = (f"no building is next to it and none is in town (or every plot next to one is taken): {base} "
                       "[plot.first]")
            return f"Plot {self.plot}: {why}."
        if self.ask == "mines":
            rows = mines.score_rows(g.state.mine, g.state.mine_owner, g.players)
            said = "; ".join(f"row {r.row + 1}: {r.stars} stars (worth {'/'.join(map(str, r.values))}), yours "
                             f"{r.player_stars[p]} → {r.points[p]}" for r in rows)
            return f"Each row is worth points by its stars; the players rank by their own stars [end.mines]. {said}."
        plots = g.state.markers.count(p)
        extra = g.design.plot_tax.get(plots, 0)
        return (f"The tax marker shows {g.state.tax}; with {plural(plots, 'plot marker')} in town the plot tax is "
                f"{extra} [tax.pay]: {g.state.tax} + {extra} = {g.tax_due(p)}.")

    def figure(self) -> Any:
        """The position asked about, next to the question and read-only, without the answer: for ``plot`` the town
        (the plot marked), for ``mines`` the mine board (no scoring), for ``income`` the player's production and
        today's prices, for ``tax`` the tax marker and the player's plot markers in town."""
        g, p = self.game, self.player
        s = g.state
        who = seat_label(p)
        if self.ask == "plot":
            return TownView(town.snapshot(s.town, s.town_owner, s.markers, g.size), interactive=False,
                            selected=int(self.plot), caption=f"The town now: plot {self.plot} is marked")  # type: ignore
        if self.ask == "mines":
            names = [seat_label(k) for k in range(g.players)]
            return MineBoardView(mines.snapshot(s.mine, s.mine_owner), players=names, colours=seat_colours(g.players),
                                 interactive=False, show_scores=False,
                                 caption=f"The mine now: {who}'s mines in {seat_name(p)}")
        if self.ask == "income":
            seat = s.seats[p]
            produced = dict(seat.production)
            produced["ore"] = produced.get("ore", 0) + seat.mine_ore
            rows = "".join(f"<tr><td>{html.escape(good)}</td><td>{n}</td><td>{price}</td></tr>"
                           for good, price in g.prices().items() for n in [produced.get(good, 0)])
            return (f"<table class='bg-ex-figure'><caption>{who} now (ore: buildings and mines)</caption>"
                    f"<tr><th>good</th><th>production</th><th>price now</th></tr>{rows}</table>")
        plots = s.markers.count(p)
        return (f"<div class='bg-ex-figure'>The tax marker shows {s.tax}. {who} has "
                f"{plural(plots, 'plot marker')} in town.</div>")

    def read(self, answer: Any) -> Any:
        """A whole number (points may be 0 or negative), the unit may follow it: ``"33 groschen"``."""
        if isinstance(answer, str):
            answer = answer.strip().lower().removesuffix(self.unit).strip()
        return read_whole(answer, self.unit, -10**9, self.noun)


__all__ = ["KHExercise", "MineExercise", "PositionExercise", "PricePrediction", "TownExercise"]

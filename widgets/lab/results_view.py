"""The results half of the design lab's view: the verdicts in words, the summary, the charts in tabs (the fan chart
clickable: a point opens the game of that arm nearest it), the game picker that opens any game in its own table at
a round, and the report to hand in (:mod:`.report`), written to the lab folder with a link to it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets

from games.lab import Results
from games.lab.folder import LabFolder
from widgets.shared.tables import open_game
from widgets.shared.text import seat_label

from .charts import fan_figure, forest_figure, length_figure, win_rate_figure
from .figures import figure_widget, static_chart
from .words import decisions_html, escaped, summary_html


def row_box(children: Any, css: str = "", **layout: Any) -> ipywidgets.HBox:
    """A wrapping row of ``children`` (``css``: a class for the lab's styles)."""
    box = ipywidgets.HBox(list(children), layout={"flex_flow": "row wrap", "align_items": "center", **layout})
    if css:
        box.add_class(css)
    return box


def with_class(widget: Any, css: str) -> Any:
    """``widget`` with the class ``css`` added."""
    widget.add_class(css)
    return widget

def _tokens(text: str) -> set[str]:
    """The words of a parameter path or series name, singular (``prices.ore.12`` -> {price, ore})."""
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.split(r"[._\s]+", text.lower())
            if w and not w.isdigit()}


def series_for(names: list[str], changed: list[str]) -> str | None:
    """The series a fan chart opens on: the one sharing the most words with the changed parameters (a price table's
    ore cells: ``price.ore``), else the first."""
    if not names:
        return None
    wanted = set().union(*(_tokens(path) for path in changed)) if changed else set()
    best = max(names, key=lambda n: (len(_tokens(n) & wanted), -names.index(n)))
    return best if _tokens(best) & wanted else names[0]


class ResultsView:
    """What :class:`~widgets.lab.lab.DesignLab` shows once a run has results (module docstring)."""

    results: Results | None
    fan_series: str | None
    lab_folder: Path

    def _make_results(self) -> None:
        self.decisions = with_class(ipywidgets.HTML(), "lab-decisions")
        self.summary = with_class(ipywidgets.HTML(), "lab-summary")
        self.tabs = with_class(ipywidgets.Tab(), "lab-charts")
        self.series = ipywidgets.Dropdown(description="series", layout={"width": "280px"})
        self.fan_by = ipywidgets.ToggleButtons(options=["round", "turn"], value="round", description="by",
                                               style={"button_width": "70px"})
        self.fan_seat = ipywidgets.Dropdown(description="seat", layout={"width": "200px"})
        self.fan_box = ipywidgets.VBox()
        for w in (self.series, self.fan_by, self.fan_seat):
            w.observe(self._safely(lambda _c: self._draw_fan()), names="value")
        self.pick_arm = ipywidgets.Dropdown(description="arm", layout={"width": "300px"})
        self.pick_seed = ipywidgets.BoundedIntText(description="seed", min=0, max=0, layout={"width": "160px"})
        self.pick_rotation = ipywidgets.Dropdown(description="rotation", layout={"width": "160px"})
        self.pick_round = ipywidgets.Dropdown(description="at", layout={"width": "260px"})
        self.open_button = with_class(ipywidgets.Button(description="open in table", icon="external-link",
                                                      tooltip="the game in its own table, at that round"),
                                    "lab-open-table")
        for w, name in ((self.pick_arm, "arm"), (self.pick_seed, "seed"), (self.pick_rotation, "rotation"),
                        (self.pick_round, "round")):
            w.add_class(f"lab-pick-{name}")
        for w in (self.pick_arm, self.pick_seed, self.pick_rotation):
            w.observe(self._safely(lambda _c: self._draw_rounds()), names="value")
        self.open_button.on_click(self._safely(lambda _b: self._open_picked()))
        self.picker = row_box([ipywidgets.HTML("<b>a game</b>"), self.pick_arm, self.pick_seed, self.pick_rotation,
                            self.pick_round, self.open_button], "lab-picker")
        self.table_box = with_class(ipywidgets.VBox(), "lab-table-box")
        self.result_box = ipywidgets.VBox([ipywidgets.HTML("<i>No results yet: press Run.</i>")])

        self.report_button = with_class(ipywidgets.Button(description="report", icon="file-text",
                                                        tooltip="one HTML page with every result, to hand in"),
                                      "lab-report")
        self.report_link = with_class(ipywidgets.HTML(), "lab-report-link")
        self.report_button.on_click(self._safely(lambda _b: self.make_report()))

    def _first_series(self, names: list[str], results: Results) -> str | None:
        if self.fan_series in names:
            return self.fan_series
        changed = [path for arm in results.experiment.variants for path in arm.variant.changes]
        return series_for(names, changed)

    def make_report(self, path: str | Path | None = None) -> Path | None:
        """Write the results as one self-contained HTML page (:mod:`.report`) into the lab folder's ``reports``
        (or to ``path``) and show a link to it; returns the file (``None``, with the message line saying why, when
        there are no results)."""
        from .report import write_report

        if self.results is None or not self.results.games:
            self._refuse("No results yet: press Run first, then make the report.")
            return None
        target = Path(path) if path is not None else LabFolder(self.lab_folder).reports / \
            f"{self.results.experiment.id}.html"
        written = write_report(self.results, target)
        try:
            shown = written.resolve().relative_to(Path.cwd().resolve())
        except ValueError:
            shown = written
        self.report_link.value = (f"<a href='{escaped(shown.as_posix())}' target='_blank' rel='noopener'>open the "
                                  f"report</a> <span style='color:#6b6357'>({escaped(shown.as_posix())})</span>")
        self._say(f"Report written: {shown.as_posix()}: one page with the changes, the bots, the verdicts, win "
                  "rates and charts; it opens in any browser, offline.")
        return written

    def _show_results(self, results: Results) -> None:
        if not results.games:
            self.result_box.children = [ipywidgets.HTML(
                "<i>No whole block of seats finished before the stop: nothing to summarise yet (the finished games "
                "are kept: Run again goes on from them).</i>")]
            return
        self.decisions.value = decisions_html(results)
        self.summary.value = summary_html(results)
        charts = [("win rates", static_chart(win_rate_figure(results), "lab-chart-wins")),
                  ("differences", static_chart(forest_figure(results), "lab-chart-differences")),
                  ("over the game", ipywidgets.VBox([row_box([self.series, self.fan_by, self.fan_seat]),
                                                     self.fan_box])),
                  ("lengths", static_chart(length_figure(results), "lab-chart-lengths"))]
        self._picking = True
        try:
            names = results.series_names()
            self.series.options = names
            self.series.value = self._first_series(names, results)
            seats = [("every seat pooled", "all")] + [(seat_label(p), p) for p in range(results.experiment.players)]
            self.fan_seat.options = seats
            self.fan_seat.value = "all"
            self.pick_arm.options = [a.name for a in results.arms]
            self.pick_arm.value = results.arms[0].name
            first = results.experiment.seed
            self.pick_seed.min, self.pick_seed.max = first, first + results.games // results.experiment.rotations - 1
            self.pick_seed.value = first
            self.pick_rotation.options = list(range(results.experiment.rotations))
            self.pick_rotation.value = 0
        finally:
            self._picking = False
        self._draw_fan()
        if not self.series.options:
            self.fan_box.children = [ipywidgets.HTML("<i>This game records no series over time (Game.series).</i>")]
        self._draw_rounds()
        self.tabs.children = [box for _, box in charts]
        for i, (title, _) in enumerate(charts):
            self.tabs.set_title(i, title)
        self.result_box.children = [self.decisions, row_box([self.report_button, self.report_link]),
                                    self.summary, self.tabs, self.picker]

    def _draw_fan(self) -> None:
        results = self.results
        if self._picking or results is None or self.series.value is None:
            return
        state = {"series": self.series.value, "by": self.fan_by.value, "seat": self.fan_seat.value}
        figure = fan_figure(results, state["series"], state["by"], state["seat"])
        if self.fan is None:  # one FigureWidget (5 MB of plotly.js) for the lab's life, redrawn in place
            self.fan = with_class(figure_widget(figure), "lab-chart-fan")
        else:
            self.fan.data = ()
            self.fan.add_traces(list(figure.data))
            self.fan.update_layout(figure.layout.to_plotly_json())
        for trace in self.fan.data:
            trace.on_click(self._safely_click)
        self._fan_state = state
        self.fan_box.children = [self.fan]

    def _safely_click(self, trace: Any, points: Any, _state: Any = None) -> None:
        try:
            self.fan_clicked(trace, points)
        except Exception as err:
            self._refuse(f"Something went wrong in the lab: {type(err).__name__}: {err}")

    def fan_clicked(self, trace: Any, points: Any) -> Any:
        """A click on the fan chart: the game of the trace's arm whose series at that step is nearest the value
        clicked opens at that round (or turn). Returns the view opened (``None`` when no point was clicked)."""
        if self.results is None or not getattr(points, "point_inds", None):
            return None
        arm = trace.meta
        step, value = int(round(points.xs[0])), float(points.ys[0])
        state = self._fan_state
        try:
            key = self.results.nearest_game(arm, state["series"], step, value, by=state["by"], seat=state["seat"])
        except KeyError as err:
            self._refuse(f"No game to open there: {str(err).strip(chr(39))}.")
            return None
        self._picking = True
        try:
            self.pick_arm.value = self.results.arm(arm).name
            self.pick_seed.value = key.seed
            self.pick_rotation.value = key.rotation
        finally:
            self._picking = False
        self._draw_rounds()
        where = {"round": step} if state["by"] == "round" else {"turn": step}
        view = self.open_game(arm, key.seed, key.rotation, **where)
        if view is not None:
            self._say(f"{self.message} Its {state['series']} at {state['by']} {step} was the nearest to "
                      f"{value:.4g} of the games of {arm}.")
        return view

    def _draw_rounds(self) -> None:
        results = self.results
        if self._picking or results is None or self.pick_arm.value is None:
            return
        key = results.key(self.pick_arm.value, int(self.pick_seed.value), int(self.pick_rotation.value or 0))
        starts = results.round_starts(key)
        options: list[tuple[str, Any]] = [] if 0 in starts.values() else [("the start (step 0)", 0)]
        options += [(f"round {r} (step {s})", s) for r, s in sorted(starts.items())]
        options.append(("the end", None))
        self.pick_round.options = options
        self.pick_round.value = options[0][1]

    def _open_picked(self) -> Any:
        if self.results is None:
            self._refuse("No results yet: press Run first.")
            return None
        return self.open_game(self.pick_arm.value, int(self.pick_seed.value), int(self.pick_rotation.value or 0),
                              step=self.pick_round.value)

    def open_game(self, arm: str, seed: int, rotation: int = 0, round: int | None = None, turn: int | None = None,
                  step: int | None = None) -> Any:
        """Open one game of the results in its own table (watch mode) at the start of ``round`` (or ``turn``, or
        at ``step``; none: its end), below the charts; returns the view (``None``, with the message line saying
        why, when there is no such game)."""
        results = self.results
        if results is None:
            self._refuse("No results yet: press Run first.")
            return None
        try:
            key = results.key(arm, seed, rotation)
            game = results.game(key)
            if round is not None:
                starts = results.round_starts(key)
                if round not in starts:
                    raise KeyError(f"that game has rounds {min(starts)} to {max(starts)}, not {round}")
                step = starts[round]
            elif turn is not None:
                turns = results.turn_starts(key)
                step = turns[turn] if 0 <= turn < len(turns) else None
            kinds = {spec.kind for spec in results.experiment.lineup}
            plain = all(not spec.never and spec.budget is None for spec in results.experiment.lineup)
            view = open_game(game, step, bots=kinds.pop() if len(kinds) == 1 and plain else None)
        except (KeyError, ValueError, TypeError) as err:
            self._refuse(f"No such game: {str(err).strip(chr(39))}.")
            return None
        shown = len(game.history) if step is None else step
        caption = (f"<b>{escaped(results.arm(arm).name)}</b>, seed {seed}, rotation {rotation} (seats: "
                   f"{escaped(', '.join(game_seats(results, key)))}): step {shown} of {len(game.history)}"
                   + (f", the start of round {round}" if round is not None else "")
                   + (f", the start of turn {turn}" if turn is not None else "")
                   + ". Move its time-travel slider to see the rest of the game.")
        self.table_box.children = [ipywidgets.HTML(caption), view]
        self.last_view = view
        self._say(f"Opened {results.arm(arm).name}, seed {seed}, rotation {rotation} at step {shown} of "
                  f"{len(game.history)}.")
        return view

    def summary_frame(self) -> Any:
        """The summary as a pandas DataFrame (``Results.frames()["summary"]``), or as the fallback table of
        :mod:`widgets.shared.frames` where pandas is missing (the offline site)."""
        from widgets.shared.frames import table

        if self.results is None:
            raise RuntimeError("no results yet: run the lab first")
        return table(self.results.summary_rows())


def game_seats(results: Results, key: Any) -> list[str]:
    """The bot of each seat in one game of the results."""
    for record in results.records[key.arm]:
        if record["seed"] == key.seed and record["rotation"] == key.rotation:
            return [f"{seat_label(p)} {bot}" for p, bot in enumerate(record["seats"])]
    return []

"""The class gallery: every experiment of a lab folder in one table (one row per variant), sortable by verdict and by
metric, each opening its report or its games.

    from widgets.lab.gallery import Gallery
    Gallery()                          # lab-results/ beside the notebook (or Gallery("/srv/class/lab-results"))

**Rows.** Per experiment of the folder's index (:class:`games.lab.folder.LabFolder`) and per variant: the game, the
variant, the bots, the games per arm, who ran it and when, its status, and the verdict on the chosen metric (the
stop rule's metric unless one is chosen): its call, the difference with its interval and the sentence.

**Intents** (the table, :class:`GalleryTable`): ``sort`` (``column``: ``verdict``, ``difference``, ``when``,
``game``, ``who``, ``games``, ``variant``; again: the other way), ``metric`` (``name``: whose verdict the rows
show; ``""``: each experiment's stop metric), ``report`` (``id``: write the experiment's report in the folder's
``reports/`` and link it), ``games`` (``id``: its results in the lab view below: summary, charts, any game in its
table), ``refresh`` (read the index again: a classmate's run just finished).
"""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import Any

import ipywidgets
import traitlets

from games.lab.folder import LabFolder
from games.lab.metrics import METRICS
from games.lab.results import SUMMARY
from games.lab.verdicts import plain
from widgets.shared.frontend import css, esm
from widgets.shared.text import short
from widgets.shared.view import View

#: How verdicts sort: clear differences first, then no difference, then not decided.
CALL_ORDER = {"different": 0, "no difference": 1, "undecided": 2, "": 3}
COLUMNS = ("verdict", "difference", "when", "game", "who", "games", "variant")


def _when(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M") if stamp else "-"


def gallery_rows(index: list[dict[str, Any]], metric: str = "") -> list[dict[str, Any]]:
    """One row per experiment and variant of an index (:meth:`games.lab.Store.experiments`), with the verdict on
    ``metric`` (``""``: the experiment's stop metric) as the index keeps it."""
    rows = []
    for found in index:
        definition = found["definition"]
        arms = definition["arms"]
        stop = definition.get("stop") or ""
        chosen = metric or stop
        base = arms[0].get("name") or arms[0]["variant"].get("name") or "printed game"
        for arm in arms[1:] or arms[:1]:
            name = arm.get("name") or arm["variant"].get("name") or arm["key"]
            verdict = next((v for v in found["verdicts"] if v.get("arm") == name and v.get("metric") == chosen), {})
            rows.append({
                "id": found["id"], "game": found["game"], "variant": name, "baseline": base,
                "changes": len(arm["variant"].get("changes", {})), "bots": " | ".join(definition["lineup"]),
                "games": found["games"], "who": ", ".join(found["authors"]) or "-", "when": _when(found["updated"]),
                "stamp": found["updated"], "status": found["status"], "metric": chosen,
                "stop": stop, "call": verdict.get("call", ""), "words": verdict.get("words", ""),
                "difference": _number(verdict.get("estimate")), "low": _number(verdict.get("low")),
                "high": _number(verdict.get("high")),
                "text": _difference_text(verdict)})
    return rows


def _number(x: Any) -> float | None:
    return float(x) if isinstance(x, (int, float)) and math.isfinite(x) else None


def _difference_text(verdict: dict[str, Any]) -> str:
    if not verdict or _number(verdict.get("estimate")) is None:
        return "–"
    share = verdict.get("metric") in METRICS and METRICS[verdict["metric"]].share
    scale = 100 if share else 1

    def fmt(x: Any) -> str:
        value = _number(x)
        return "–" if value is None else plain(scale * value, signed=True)

    return f"{fmt(verdict['estimate'])} ({fmt(verdict.get('low'))} to {fmt(verdict.get('high'))})" + \
        (" pp" if share else "")


def sort_rows(rows: list[dict[str, Any]], column: str, descending: bool = False) -> list[dict[str, Any]]:
    """The rows sorted by ``column`` (verdicts: different, no difference, not decided; missing numbers last)."""
    def key(row: dict[str, Any]) -> Any:
        if column == "verdict":
            return (CALL_ORDER.get(row["call"], 3), -abs(row["difference"] or 0))
        if column == "difference":
            value = row["difference"]
            return (value is None, 0.0 if value is None else value)
        if column == "when":
            return row["stamp"]
        return str(row[column]).lower()

    ordered = sorted(rows, key=key, reverse=descending)
    if column == "difference":  # a missing number stays last either way
        ordered = [r for r in ordered if r["difference"] is not None] + [r for r in ordered if r["difference"] is None]
    return ordered


class GalleryTable(View):
    """The gallery's table in the browser (module docstring): it draws the rows Python sends and sends intents."""

    _esm = esm("lab/static/gallery.js")
    _css = css("lab/static/lab.css")

    INTENTS = {"sort": {"column": "verdict"}, "metric": {"name": "turns"}, "report": {"id": "3f0a9c21be"},
               "games": {"id": "3f0a9c21be"}, "refresh": {}}

    rows = traitlets.List().tag(sync=True)
    #: The folder, the metrics to choose from, the metric chosen, the sort and the report link.
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, owner: Gallery, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.owner = owner

    def intent_sort(self, column: Any) -> bool:
        return self.owner.sort(column)

    def intent_metric(self, name: Any) -> bool:
        return self.owner.choose_metric(name)

    def intent_report(self, id: Any) -> bool:  # noqa: A002 - the intent's argument name
        return self.owner.report(id) is not None

    def intent_games(self, id: Any) -> bool:  # noqa: A002
        return self.owner.open_games(id) is not None

    def intent_refresh(self) -> bool:
        return self.owner.refresh()


class Gallery(ipywidgets.VBox):
    """Every experiment of a class in one table (module docstring). ``Gallery(folder=None)``: a lab folder or a
    store file (``lab-results`` beside the notebook when none)."""

    def __init__(self, folder: str | Path | None = None, **kwargs: Any) -> None:
        self.folder = LabFolder(folder)
        self.metric = ""
        self.column, self.descending = "when", True
        self.index: list[dict[str, Any]] = []
        self.lab: Any = None
        self.table = GalleryTable(self)
        self.opened = ipywidgets.VBox()
        self.opened.add_class("lab-gallery-opened")
        super().__init__(children=[self.table, self.opened], **kwargs)
        self.refresh()

    # ------------------------------------------------------------------ the table
    def _draw(self, message: str = "", kind: str = "info", report: str = "") -> None:
        rows = sort_rows(gallery_rows(self.index, self.metric), self.column, self.descending)
        with self.table.hold_sync():
            self.table.rows = rows
            self.table.state = {"folder": str(self.folder.path), "metric": self.metric,
                                "metrics": ["", *(m for m in SUMMARY if m != "first_player_advantage")],
                                "column": self.column, "descending": self.descending,
                                "report": report or self.table.state.get("report", "")}
            if message:
                self.table.say(message, kind)

    def refresh(self) -> bool:
        """Read the folder's index again."""
        self.index = self.folder.index()
        n = len(self.index)
        self._draw(f"{n} experiment{'s' if n != 1 else ''} in {self.folder.store_path}." if n else
                   f"No experiment in {self.folder.store_path} yet: runs with this lab folder appear here.")
        return True

    def sort(self, column: Any) -> bool:
        if column not in COLUMNS:
            return self.table.refuse(f"Not understood: the table sorts by {', '.join(COLUMNS)}, not {short(column)}.")
        if column == self.column:
            self.descending = not self.descending
        else:
            self.column, self.descending = column, column in ("when", "games")
        self._draw(f"Sorted by {column}{', descending' if self.descending else ''}.")
        return True

    def choose_metric(self, name: Any) -> bool:
        if name != "" and name not in METRICS:
            return self.table.refuse(f"Not understood: a metric is one of {', '.join(METRICS)}, not {short(name)}.")
        self.metric = name
        self._draw(f"Verdicts on {name}." if name else "Verdicts on each experiment's stop metric.")
        return True

    # ------------------------------------------------------------------ opening an experiment
    def _found(self, experiment_id: Any) -> dict[str, Any] | None:
        if not isinstance(experiment_id, str) or not experiment_id:
            self.table.refuse(f"Not understood: an experiment is named by its id, not {short(experiment_id)}.")
            return None
        found = next((e for e in self.index if e["id"] == experiment_id), None)
        if found is None:
            self.table.refuse(f"Not allowed: {self.folder.store_path} holds no experiment {short(experiment_id)} "
                              "(refresh the gallery).")
        return found

    def report(self, experiment_id: Any) -> Path | None:
        """Write the experiment's report into the folder's ``reports/`` and link it; returns the file."""
        from .report import write_report

        found = self._found(experiment_id)
        if found is None:
            return None
        results = self.folder.results(found["id"])
        path = write_report(results, self.folder.reports / f"{found['id']}.html", about=found)
        try:
            shown = path.resolve().relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            shown = str(path)
        self._draw(f"Report of {found['id']} written: {shown}.", report=shown)
        return path

    def open_games(self, experiment_id: Any) -> Any:
        """The experiment's results in the lab view below the table (summary, charts, any game in its table);
        returns that view."""
        from .lab import DesignLab

        found = self._found(experiment_id)
        if found is None:
            return None
        results = self.folder.results(found["id"])
        exp = results.experiment
        lab = DesignLab(exp.game_id, baseline=exp.baseline.variant, variants=[a.variant for a in exp.variants],
                        bots=[str(b) for b in exp.lineup], games=exp.games, store=results.store,
                        folder=self.folder.path)
        lab.results, lab.experiment = results, exp
        lab._show_results(results)
        lab._say(f"Experiment {found['id']}, run by {', '.join(found['authors']) or '-'}: its games are read from "
                 f"{self.folder.store_path} (nothing is played).")
        self.lab = lab
        self.opened.children = [lab]
        self._draw(f"Opened {found['id']} below: its verdicts, charts and games.")
        return lab


__all__ = ["Gallery", "GalleryTable", "gallery_rows", "sort_rows"]

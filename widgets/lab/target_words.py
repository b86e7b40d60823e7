"""What the Target tab sends its front end, in words and plain numbers: the goals, the candidates with each goal's
estimate and interval, the chart's points (every candidate tried, the best so far per goal, each goal's band) and the
confirmation. The front end draws these; it computes nothing."""

from __future__ import annotations

import math
from typing import Any, Sequence

from games.lab.lineup import parse_lineup
from games.lab.targets import Target, measures, parse_goal
from games.lab.tune import TuneResults
from games.lab.tuned import span
from games.lab.verdicts import plain

#: Most candidates the table lists (the CSV has them all).
ROWS = 12
#: Most points of candidates tried the chart gets (the latest ones).
TRIED = 600


def _number(x: float | None) -> float | None:
    return float(x) if isinstance(x, (int, float)) and math.isfinite(x) else None


def goal_rows(goals: Sequence[Any], panel: Any) -> list[dict[str, Any]]:
    """Each goal as the tab lists it: ``text`` (as a teacher writes it), ``words`` (what its metric is) and
    ``weight``; a goal the bots now refuse (``skill_gap`` with one bot) says why in ``problem``."""
    out = []
    lineup = parse_lineup(panel.bots, panel.game, None)
    known = measures(panel.game_id, len(lineup))
    for goal in goals:
        try:
            parsed = parse_goal(goal, known, lineup)
        except ValueError as err:
            out.append({"text": str(goal.get("metric", goal) if isinstance(goal, dict) else goal), "words": "",
                        "weight": 1.0, "problem": str(err)})
            continue
        out.append({"text": parsed.text(), "metric": parsed.metric, "words": parsed.measure.words,
                    "weight": parsed.weight, "problem": ""})
    return out


def candidate_rows(results: TuneResults, most: int = ROWS) -> list[dict[str, Any]]:
    """The best candidates as the table shows them: rank, candidate, games, the loss and per goal the estimate with
    its interval in words and whether it meets the goal."""
    target = results.target
    out = []
    for row in results.rows(most):
        goals = []
        for goal in target.goals:
            m = goal.measure
            goals.append({"metric": goal.metric, "estimate": m.number(row[goal.metric], signed=m.low < 0),
                          "interval": span(m, row[f"{goal.metric}_low"], row[f"{goal.metric}_high"]),
                          "call": row[f"{goal.metric}_call"]})
        out.append({"rank": row["rank"], "candidate": row["candidate"], "games": row["games"],
                    "loss": plain(row["loss"]), "goals": goals})
    return out


def chart_of(target: Target, trajectory: Sequence[dict[str, Any]], tried: Sequence[dict[str, Any]]) \
        -> dict[str, Any]:
    """The live chart's data: per goal its band (``low`` / ``high``, ``None`` where open) and scale (a share in
    per cent); the best so far after every step; every candidate tried, as its estimate when it was played."""
    goals = []
    for goal in target.goals:
        scale = 100.0 if goal.measure.share else 1.0
        goals.append({"metric": goal.metric, "text": goal.text(), "kind": goal.kind, "scale": scale,
                      "unit": "%" if goal.measure.share else goal.measure.unit,
                      "low": None if goal.low is None else goal.low * scale,
                      "high": None if goal.high is None else goal.high * scale})
    scales = {g["metric"]: g["scale"] for g in goals}

    def values(row: dict[str, Any]) -> dict[str, float | None]:
        return {m: None if _number(row.get(m)) is None else row[m] * s for m, s in scales.items()}

    steps = [{"games": r["games"], "best": r["best"], "values": values(r)} for r in trajectory]
    points = [{"games": r["games"], "candidate": r["candidate"], "values": values(r)} for r in tried[-TRIED:]]
    return {"goals": goals, "steps": steps, "tried": points, "candidates": len({r["candidate"] for r in tried})}


def confirmation_of(results: TuneResults) -> dict[str, Any] | None:
    """The confirmation as the tab shows it: its ``call``, ``words`` and one line per goal."""
    found = results.confirmation
    if found is None:
        return None
    return {"call": found.call, "words": found.words, "games": found.games,
            "checks": [{"goal": c.goal.text(), "call": c.call, "words": c.words, "agrees": c.agrees}
                       for c in found.checks]}


__all__ = ["candidate_rows", "chart_of", "confirmation_of", "goal_rows"]

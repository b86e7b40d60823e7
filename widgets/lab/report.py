"""A report to hand in: one experiment as one self-contained HTML page (plotly's script inlined, no request to any
other host, so it opens offline from a USB stick or an e-mail).

    from widgets.lab.report import report_html, write_report
    write_report(results, "report.html")        # or: python -m games.lab report lab-results -o report.html

What it holds: the experiment (game, seeds, who ran it and when), each variant's changes against the printed game
(folded per parameter, with the words of the rules each change touches and the rule text's own sentence), the bots
in words, the verdicts in words, every metric with its interval, the win rates by seat, turn position and bot, the
forest plot of the differences and the fan chart of every series the game records. Plotly lives here, in the views,
not in :mod:`games.lab` (standard library only); the command imports this module by name when asked for a report.
"""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import Any

from games.lab import Results
from games.lab.verdicts import percent, plain

from .charts import LABELS, fan_figure, forest_figure, win_rate_figure
from .words import escaped

#: The most fan charts a report draws (one per series; a game records a handful).
MAX_FANS = 12

STYLE = """
body { font: 14px/1.45 system-ui, sans-serif; color: #2b2620; max-width: 1100px; margin: 24px auto; padding: 0 16px; }
h1 { font-size: 22px; margin-bottom: 2px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #e4d9c2; }
h3 { font-size: 14px; margin: 14px 0 4px; }
table { border-collapse: collapse; font-size: 12.5px; margin: 6px 0; }
th, td { padding: 3px 8px; border-bottom: 1px solid #eee5d2; text-align: left; vertical-align: top;
  font-variant-numeric: tabular-nums; }
th { color: #6b6357; font-weight: 600; }
.muted { color: #6b6357; font-size: 12px; } .verdict { margin: 2px 0; }
.different { font-weight: 700; } .rule { color: #6b6357; font-size: 12px; } .quote { font-style: italic; }
.badge { font-size: 11px; border-radius: 8px; padding: 0 6px; background: #f3ecd9; }
.chart { margin: 8px 0 18px; } td ul { margin: 2px 0; padding-left: 16px; } td li { white-space: nowrap; }
"""

def _when(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M") if stamp else "-"


def _plotly_js() -> str:
    from plotly.offline import get_plotlyjs

    return get_plotlyjs()


def _figure(figure: Any, name: str) -> str:
    """A figure as a div and the script that draws it with the page's one copy of plotly.js."""
    import plotly.io as pio

    config = {"displaylogo": False, "responsive": True}
    div = pio.to_html(figure, full_html=False, include_plotlyjs=False, config=config, div_id=f"chart-{name}")
    return f"<div class='chart' data-chart='{escaped(name)}'>{div}</div>"


def _diff(results: Results) -> str:
    parts = []
    for arm in results.experiment.arms:
        groups = arm.variant.diff_groups()
        title = f"<h3>{escaped(arm.name)} <span class='badge'># {escaped(arm.variant.hash)}</span>" + \
            (f" <span class='muted'>bots reseeded ({arm.salt})</span>" if arm.salt else "") + "</h3>"
        if not groups:
            parts.append(title + "<p class='muted'>The printed game: no change.</p>")
            continue
        rows = []
        for group in groups:
            cells = "".join(f"<li><code>{escaped(c['change'])}</code>: {escaped(_value(c['printed']))} → "
                            f"<b>{escaped(_value(c['value']))}</b></li>" for c in group["changes"])
            more = group["count"] - len(group["changes"])
            if more > 0:
                cells += f"<li class='muted'>… and {plain(more)} more cells</li>"
            rules = "".join(
                f"<div class='rule'><b>{escaped(rule)}</b>: {escaped(words)}"
                + (f" <span class='quote'>({escaped(quote)})</span>" if quote else "") + "</div>"
                for rule, words, quote in zip(group["rules"], group["rule_words"],
                                              group["rule_quotes"] + [""] * len(group["rules"]), strict=False))
            rows.append(f"<tr><td><code>{escaped(group['parameter'])}</code><br><span class='badge'>"
                        f"{escaped(group['source'])}</span></td><td>{plain(group['count'])} "
                        f"{'cell' if group['count'] == 1 else 'cells'}<ul>{cells}</ul></td><td>{rules}</td></tr>")
        parts.append(title + "<table><tr><th>parameter</th><th>changes against the printed game</th>"
                     "<th>the rules it touches</th></tr>" + "".join(rows) + "</table>")
    return "".join(parts)


def _value(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return "a table"
    return str(value)


def _bots(results: Results) -> str:
    exp = results.experiment
    game = exp.baseline.variant.game_class
    items = "".join(f"<li>bot {i + 1}: {escaped(spec.words(game))}</li>" for i, spec in enumerate(exp.lineup))
    seats = ("every seed played with the bots in every seat order (seats rotated)" if exp.rotations > 1
             else "each bot kept in its seat")
    return f"<ul>{items}</ul><p class='muted'>{escaped(seats)}; the same seeds and the same bots in every arm.</p>"


def _verdicts(results: Results) -> str:
    exp = results.experiment
    if not exp.variants:
        return "<p class='muted'>Only the baseline was played: there is nothing to compare.</p>"
    out = []
    for arm in exp.variants:
        lines = "".join(f"<li class='verdict {'different' if v.call == 'different' else ''}'>"
                        f"<b>{escaped(LABELS.get(v.metric, v.metric))}</b>: {escaped(v.words)}</li>"
                        for v in results.verdicts() if v.arm == arm.name)
        out.append(f"<h3>{escaped(arm.name)} against {escaped(exp.baseline.name)}</h3><ul>{lines}</ul>")
    return "".join(out)


def _stop(results: Results) -> str:
    exp = results.experiment
    method = ("Each difference's interval is a confidence sequence: it holds at every number of games at once, so "
              "the experiment could look after every seed and stop early without being fooled. Bounded metrics "
              "(shares, places) get a betting sequence, unbounded ones (lengths, spreads) the t-sequence; with "
              f"{len(exp.variants)} variants each interval is at {percent(1 - exp.alpha / max(1, len(exp.variants)))}"
              f" (alpha {plain(exp.alpha)} split among them).")
    lines = [f"<p>{plain(results.games)} games per arm (of at most {plain(exp.games)}), {exp.players} players, "
             f"seeds {exp.seed} to {exp.seed + results.games // exp.rotations - 1}.</p>"]
    if exp.stop:
        lines.append(f"<p>The stop rule tested <b>{escaped(exp.stop)}</b> (margin of no difference "
                     f"{plain(exp.margin)}, {escaped(exp.correction)} over the variants).")
        if results.decided:
            lines.append(f" It ended the run: every variant was decided; {plain(results.saved)} games were not "
                         "needed.")
        lines.append("</p>")
    for warning in results.warnings:
        lines.append(f"<p><b>Warning</b>: {escaped(warning)}.</p>")
    lines.append(f"<p class='muted'>{escaped(method)}</p>")
    return "".join(lines)


def _summary(results: Results) -> str:
    exp = results.experiment
    rows = {(r["arm"], r["metric"]): r for r in results.summary_rows()}
    head = "".join(f"<th>{escaped(a.name)}</th>" for a in exp.arms)
    head += "".join(f"<th>{escaped(a.name)} − {escaped(exp.baseline.name)}</th>" for a in exp.variants)
    body = []
    for metric in results.metrics():
        cells = [f"<td>{escaped(LABELS.get(metric, metric))}</td>"]
        for arm in exp.arms:
            r = rows[(arm.name, metric)]
            cells.append(f"<td>{_number(r['estimate'], r['low'], r['high'])}</td>")
        for arm in exp.variants:
            r = rows[(arm.name, metric)]
            cls = " class='different'" if r["call"] == "different" else ""
            cells.append(f"<td{cls}>{_number(r['difference'], r['diff_low'], r['diff_high'], signed=True)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f"<table><tr><th>metric</th>{head}</tr>{''.join(body)}</table><p class='muted'>Each arm: the estimate "
            "and its 95 % interval. Differences: variant minus baseline, paired by seed, with the interval of its "
            "verdict (bold: clearly different).</p>")


def _number(value: float, low: float, high: float, signed: bool = False) -> str:
    if not isinstance(low, (int, float)) or not math.isfinite(low):
        return escaped(plain(value, signed=signed))
    return (f"{escaped(plain(value, signed=signed))} <span class='muted'>({escaped(plain(low, signed=signed))} to "
            f"{escaped(plain(high, signed=signed))})</span>")


def _wins(results: Results) -> str:
    rows = results.all_win_rows()
    body = "".join(f"<tr><td>{escaped(r['arm'])}</td>"
                   f"<td>{escaped('turn position' if r['by'] == 'position' else r['by'])}</td>"
                   f"<td>{escaped(r['group'])}</td><td>{plain(100 * r['win_rate'])} %</td><td>"
                   f"{plain(100 * r['low'])} to {plain(100 * r['high'])} %</td><td>{plain(r['games'])}</td></tr>"
                   for r in rows)
    return ("<table><tr><th>arm</th><th>by</th><th>who</th><th>win rate</th><th>95 % interval (Wilson)</th>"
            f"<th>games</th></tr>{body}</table>")


def report_html(results: Results, about: dict[str, Any] | None = None, title: str | None = None) -> str:
    """The report of ``results`` as one self-contained HTML page (module docstring). ``about``: the experiment's
    row of the store's index (who ran it, when), if known."""
    exp = results.experiment
    game = exp.baseline.variant.game_class
    about = about or {}
    title = title or f"Design lab: {game.title}: {' / '.join(a.name for a in exp.variants) or exp.baseline.name}"
    who = ", ".join(about.get("authors") or [])
    ran = (f"run by {escaped(who)} · {escaped(_when(about.get('created', 0.0)))} to "
           f"{escaped(_when(about.get('updated', 0.0)))}") if who else "kept games (no index of who ran them)"
    head = (f"<h1>{escaped(title)}</h1><p class='muted'>experiment {escaped(about.get('id') or exp.id)} · {ran} · "
            f"report made {escaped(_when(datetime.datetime.now().timestamp()))}</p>")
    charts = [_figure(win_rate_figure(results), "wins")]
    if exp.variants:
        charts.append(_figure(forest_figure(results), "differences"))
    fans = [_figure(fan_figure(results, name), f"fan-{name}") for name in results.series_names()[:MAX_FANS]]
    banner = getattr(__import__(game.__module__.rsplit(".", 1)[0], fromlist=["BANNER"]), "BANNER", "")
    sections = [
        head,
        f"<p class='muted'>{escaped(banner)}</p>" if banner else "",
        "<h2>What was compared</h2>", _diff(results),
        "<h2>The bots</h2>", _bots(results),
        "<h2>How many games, and how sure</h2>", _stop(results),
        "<h2>The verdicts</h2>", _verdicts(results),
        "<h2>Every metric</h2>", _summary(results),
        "<h2>Who wins</h2>", _wins(results), charts[0],
        *(["<h2>The differences at a glance</h2>", charts[1]] if len(charts) > 1 else []),
        "<h2>Over the game</h2>" if fans else "", *fans,
    ]
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{escaped(title)}</title>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'><style>{STYLE}</style>"
            f"<script>{_plotly_js()}</script></head><body>{''.join(sections)}</body></html>")


def write_report(results: Results, path: str | Path, about: dict[str, Any] | None = None) -> Path:
    """Write :func:`report_html` to ``path`` (its folder made if missing); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(report_html(results, about), encoding="utf-8")
    return path


__all__ = ["report_html", "write_report"]

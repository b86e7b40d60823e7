"""The design lab's command.

    python -m games.lab parameters GAME_ID [--json]
    python -m games.lab run [VARIANT.json ...] [--game ID] [--aa] [--sweep PARAM=A..B|PARAM=a,b,c] --bots BOT ...
        [--games N] [--jobs J] [--dask local|ADDRESS] [--lab FOLDER | --store FILE.sqlite] [--out RESULTS.csv]
        [--baseline FILE.json] [--stop METRIC] [--alpha 0.05] [--margin M] [--correction holm|split] [--seed S]
        [--no-rotate]
    python -m games.lab list [--lab FOLDER | STORE]
    python -m games.lab show [ID] [--lab FOLDER | --store STORE]
    python -m games.lab report STORE [--experiment ID] -o REPORT.html
    python -m games.lab merge TARGET SOURCE [SOURCE ...]
    python -m games.lab tune TARGET.json [--budget-games N | --minutes M] [--jobs J] [--dask local|ADDRESS]
        [--lab FOLDER | --store FILE.sqlite] [--out RESULTS.csv] [--best BEST.json] [--confirm-games N]
        [--no-confirm] [--method ntbea|halving|random]

A variant file is ``{"game": ID, "name": ..., "changes": {PARAMETER: VALUE}}``; an empty ``changes`` is the printed
game. The baseline is the printed game unless ``--baseline`` names a file; every arm is compared with it. ``--aa``
adds the baseline again with its bots reseeded (an A/A test of the stop rule); ``--sweep`` adds one arm per value
of one parameter. Games are kept in the lab folder's store (``--lab``, by default ``lab-results/`` here) as they
finish: Ctrl-C loses no finished game, a second run of the same experiment goes on from them, and runs of it at
the same time share its seeds. ``list`` prints the folder's index of experiments, ``show`` one experiment's results,
``report`` writes one as a self-contained HTML page (it needs plotly: the notebook extra), ``merge`` copies stores
into one. ``tune`` searches for the variant that meets a target file's goals (:mod:`games.lab.tune`), confirms the
best on fresh seeds, and writes it as a variant file (``--best``); the same command again goes on from the games
kept. Bad input exits with status 2 and one line saying what is wrong.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from games import GAMES
from games.core import GameError
from games.core.parameters import cells_of

from .experiment import Arm, Experiment, terminal_progress
from .folder import LabFolder, parse_sweep, sweep
from .metrics import METRICS
from .store import Store, StoreError
from .variants import Variant, VariantError
from .verdicts import CORRECTIONS, plain


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2 (argparse prints its usage otherwise)
        sys.stderr.write(f"error: {message} (python -m games.lab --help)\n")
        raise SystemExit(2)


def _where_games_play(command: argparse.ArgumentParser, store_words: str) -> None:
    """The options of a command that plays games (run, tune): the processes that play them and where they are kept."""
    command.add_argument("--jobs", type=int, default=1, help="worker processes (1: this process)")
    command.add_argument("--dask", help="'local' (a LocalCluster of --jobs workers) or a scheduler address")
    command.add_argument("--lab", type=Path, help=f"the lab folder whose store {store_words} (default lab-results)")
    command.add_argument("--store", type=Path, help="a store file instead of the lab folder's")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games.lab", description="The design lab: variants, experiments, results.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    params = commands.add_parser("parameters", help="a game's designable parameters as a table")
    params.add_argument("game", help=f"a game id: {', '.join(sorted(GAMES))}")
    params.add_argument("--json", action="store_true", help="JSON rows instead of a table")
    run = commands.add_parser("run", help="play a baseline and variants on the same seeds")
    run.add_argument("variants", nargs="*", type=Path, help="variant files (JSON)")
    run.add_argument("--game", help="the game id, when no variant file names it (with --aa or --sweep)")
    run.add_argument("--aa", action="store_true", help="add the baseline again with its bots reseeded (an A/A test)")
    run.add_argument("--sweep", action="append", default=[], metavar="PARAM=A..B",
                     help="one arm per value of a parameter: A..B, A..B:STEP or a,b,c (repeatable)")
    run.add_argument("--games", type=int, default=120, help="the most games per arm (default 120)")
    run.add_argument("--bots", nargs="+", required=True, help="one bot per seat: random, greedy, mcts, mcts:N, "
                     "'greedy never KIND'")
    _where_games_play(run, "every run writes to")
    run.add_argument("--out", type=Path, help="also write the games as CSV (seats, summary and wins beside it)")
    run.add_argument("--resume", action="store_true", help="accepted for old scripts: a run always goes on from "
                     "the games its store holds")
    run.add_argument("--baseline", type=Path, help="the baseline's variant file (default: the printed game)")
    run.add_argument("--stop", choices=sorted(METRICS), help="stop as soon as this metric's difference is clear")
    run.add_argument("--alpha", type=float, default=0.05, help="the stop rule's error rate (default 0.05)")
    run.add_argument("--margin", type=float, help="the stop rule's margin of no difference (default: the metric's)")
    run.add_argument("--correction", choices=CORRECTIONS, default="holm",
                     help="how several variants share alpha (default holm)")
    run.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    run.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    listing = commands.add_parser("list", help="the index of experiments of a lab folder or store")
    listing.add_argument("store", nargs="?", type=Path, help="a lab folder or store file (default lab-results)")
    listing.add_argument("--lab", type=Path, help="the lab folder (same as the positional argument)")
    show = commands.add_parser("show", help="one experiment's results, as the run printed them")
    show.add_argument("experiment", nargs="?", help="its id, or the first letters of it (default: the latest)")
    show.add_argument("--lab", type=Path, help="the lab folder (default lab-results)")
    show.add_argument("--store", type=Path, help="a store file instead of the lab folder's")
    show.add_argument("--stop", choices=sorted(METRICS), help="read it with the stop rule on this metric (a kept "
                      "file of the lessons has none)")
    report = commands.add_parser("report", help="one experiment as a self-contained HTML page to hand in")
    report.add_argument("store", type=Path, help="a lab folder or store file")
    report.add_argument("--experiment", help="its id (default: the latest)")
    report.add_argument("-o", "--output", type=Path, required=True, help="the HTML file to write")
    report.add_argument("--stop", choices=sorted(METRICS), help="read it with the stop rule on this metric")
    merge = commands.add_parser("merge", help="copy the games and index of stores into one")
    merge.add_argument("target", type=Path, help="the lab folder or store to merge into (made if missing)")
    merge.add_argument("sources", nargs="+", type=Path, help="stores (or lab folders) to copy from")
    tune = commands.add_parser("tune", help="search for a variant that meets a target's goals, then confirm the "
                               "best on fresh seeds")
    tune.add_argument("target", type=Path, help="the target file (JSON: game, bots, goals, space)")
    budget = tune.add_mutually_exclusive_group()
    budget.add_argument("--budget-games", type=int, help="the games the search may play (default: the target's)")
    budget.add_argument("--minutes", type=float, help="the minutes the search may take (it says the games it used)")
    _where_games_play(tune, "the games go to")
    tune.add_argument("--out", type=Path, help="the candidates as CSV (the search's progress and the confirmation "
                      "beside it)")
    tune.add_argument("--best", type=Path, help="write the best candidate as a variant file")
    tune.add_argument("--confirm-games", type=int, help="games of the confirmation on fresh seeds (default: a "
                      "quarter of the budget, at least ten seeds)")
    tune.add_argument("--no-confirm", action="store_true", help="leave out the confirmation on fresh seeds")
    tune.add_argument("--method", choices=("ntbea", "halving", "random"), help="the search (default: the target's, "
                      "ntbea)")
    return parser


def _short(value: Any, width: int = 28) -> str:
    if isinstance(value, (dict, list)):
        cells = sum(1 for _ in cells_of(value))
        return f"table of {cells} cells"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def parameters_command(game: str, as_json: bool) -> int:
    rows = [p.describe() for p in Variant(game).parameters()]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print(f"{game} has no designable parameters")
        return 0
    table = [("parameter", "printed value", "source", "allowed", "rules")]
    table += [(r["parameter"] + (" (option)" if r["config"] else ""), _short(r["value"]), r["source"],
               r["allowed"], ", ".join(r["rules"])) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for row in table:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4])
    return 0


def _arms(args: argparse.Namespace) -> tuple[Variant, list[Arm], list[str]]:
    """The baseline and the arms the command names (files, --sweep, --aa), with notes to print."""
    variants = [Variant.load(path) for path in args.variants]
    game = args.game or (variants[0].game_id if variants else None)
    baseline = Variant.load(args.baseline) if args.baseline else None
    if game is None and baseline is not None:
        game = baseline.game_id
    if game is None:
        raise VariantError("name the game: a variant file, --baseline FILE or --game ID")
    baseline = baseline or Variant(game)
    notes: list[str] = []
    for text in args.sweep:
        parameter, values = parse_sweep(text)
        made, said = sweep(baseline, parameter, values)
        variants += made
        notes += said
    for v in variants:
        if v.game_id != baseline.game_id:
            raise VariantError(f"every variant plays {baseline.game_id}, not {v.game_id} ({v.label})")
    arms: list[Arm] = []
    for v in variants:
        if v == baseline:
            notes.append(f"{v.label} is the baseline itself ({v.hash}); it is played once")
        elif all(a.variant != v for a in arms):
            arms.append(Arm(v))
    if args.aa:
        arms.append(Arm(baseline, salt=1, label=f"{baseline.label} (A/A: bots reseeded)"))
    if not arms and not args.variants:
        raise VariantError("nothing to compare: give a variant file, --sweep PARAM=A..B or --aa")
    return baseline, arms, notes


def _store_of(args: argparse.Namespace) -> tuple[Store, Path]:
    if getattr(args, "store", None) is not None:
        return Store(args.store), args.store
    folder = LabFolder(args.lab)
    return folder.store(), folder.store_path


def run_command(args: argparse.Namespace) -> int:
    baseline, arms, notes = _arms(args)
    experiment = Experiment(baseline, arms, bots=args.bots, games=args.games, seed=args.seed,
                            rotate=not args.no_rotate, stop=args.stop, alpha=args.alpha, margin=args.margin,
                            correction=args.correction)
    store, store_path = _store_of(args)
    try:
        run = experiment.start(jobs=args.jobs, dask=args.dask, store=store)  # a Dask scheduler must answer first
    except BaseException:
        store.close()
        raise
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(f"{experiment!r} on {run.runner.name}; experiment {experiment.id} in {store_path}", file=sys.stderr)
    warned: set[str] = set()

    def report(step: Any) -> None:
        terminal_progress(step)
        for warning in step.warnings:
            if warning not in warned:
                warned.add(warning)
                print(f"\nwarning: {warning}", file=sys.stderr)

    results = _play_on_the_terminal(run, report, store, store_path)
    if results is None:
        return 130
    if results.decided:
        print(f"the stop rule ended the run: every variant is decided after {plain(results.games)} games per arm "
              f"(of at most {plain(experiment.games)}); {plain(results.saved)} games were not needed"
              + (f" ({plain(results.past_decision)} were played past the decision)" if results.past_decision
                 else ""), file=sys.stderr)
    written = results.to_csv(args.out) if args.out else []
    print(results.report())
    print("written: " + ", ".join(str(p) for p in written + [store_path]), file=sys.stderr)
    store.close()
    return 0


def _play_on_the_terminal(run: Any, report: Callable[[Any], None], store: Store, store_path: Path) -> Any:
    """Take ``run``'s steps (an experiment's or a search's), each reported; its results, or ``None`` after Ctrl-C,
    which closes the run and the store and says where the finished games are kept (the same command goes on)."""
    try:
        for step in run.steps():
            report(step)
    except KeyboardInterrupt:
        run.close()
        kept = store.count()
        store.close()
        print(f"\nstopped: {kept:,} finished games are kept in {store_path}; the same command goes on from them",
              file=sys.stderr)
        return None
    run.close()
    return run.results()


def _when(stamp: float) -> str:
    if not stamp:
        return "-"
    return datetime.datetime.fromtimestamp(stamp).strftime("%Y-%m-%d %H:%M")


def list_command(args: argparse.Namespace) -> int:
    folder = LabFolder(args.store or args.lab)
    rows = folder.index()
    if not rows:
        print(f"{folder.store_path}: no experiments yet")
        return 0
    table = [("id", "game", "arms", "bots", "games", "who", "when", "status", "stop rule's verdict")]
    for row in rows:
        definition = row["definition"]
        arms = [a.get("name") or a["variant"].get("name") or a["key"] for a in definition["arms"]]
        stop = definition.get("stop")
        said = [v for v in row["verdicts"] if v.get("metric") == stop] if stop else []
        verdict = "; ".join(f"{v['arm']}: {v['call']}" for v in said) or ("no stop rule" if not stop else "-")
        table.append((row["id"] or "(kept)", row["game"], " / ".join(arms), " | ".join(definition["lineup"]),
                      plain(row["games"]), ", ".join(row["authors"]) or "-", _when(row["updated"]), row["status"],
                      verdict))
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]) - 1)]
    for r in table:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r[:-1])) + "  " + r[-1])
    return 0


def _results(folder: LabFolder, experiment: str | None, stop: str | None) -> Any:
    found = folder.find(experiment)
    definition = dict(found["definition"])
    if stop:
        definition["stop"] = stop
    with Store(folder.store_path, read_only=True) as store:
        results = Experiment.from_definition(definition).load(store)
        results.store = Store(folder.store_path, read_only=True)  # the report reads series and logs after
    return found, results


def show_command(args: argparse.Namespace) -> int:
    folder = LabFolder(args.store or args.lab)
    found, results = _results(folder, args.experiment, args.stop)
    print(f"experiment {found['id'] or '(kept file)'}: run by {', '.join(found['authors']) or '-'}, "
          f"{_when(found['created'])} to {_when(found['updated'])}, {found['status']}")
    print(results.report())
    return 0


def report_command(args: argparse.Namespace) -> int:
    try:
        report = importlib.import_module("widgets.lab.report")  # plotly and the views: not the rules' package
    except ImportError as err:
        raise VariantError(f"the HTML report needs plotly and the lab's views ({err}): "
                           "pip install -e \".[notebook]\"") from None
    folder = LabFolder(args.store)
    found, results = _results(folder, args.experiment, args.stop)
    page = report.report_html(results, about=found)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(page, encoding="utf-8")
    print(f"written: {args.output} ({plain(len(page.encode()) / 2**20)} MiB; experiment {found['id'] or 'kept'})",
          file=sys.stderr)
    return 0


def merge_command(args: argparse.Namespace) -> int:
    target = LabFolder(args.target)
    with target.store() as store:
        for source in args.sources:
            path = LabFolder(source).store_path
            with Store(path, read_only=True) as other:
                new = store.merge(other)
            print(f"{path}: {plain(new['games'])} new games, {plain(new['experiments'])} new experiments, "
                  f"{plain(new['arms'])} new arms")
    print(f"merged into {target.store_path}", file=sys.stderr)
    return 0


def tune_command(args: argparse.Namespace) -> int:
    from .tune import Target, Tuning
    from .tune import terminal_progress as tune_progress

    target = Target.load(args.target)
    store, store_path = _store_of(args)
    try:
        run = Tuning(target, args.budget_games, args.minutes, args.jobs, args.dask, None, store,
                     confirm_games=args.confirm_games, confirm=not args.no_confirm, method=args.method)
    except BaseException:
        store.close()
        raise
    for note in target.space.notes:
        print(f"note: {note}", file=sys.stderr)
    budget = f"{plain(args.minutes)} minutes" if args.minutes else f"{plain(run.budget_games)} games"
    print(f"{target!r}: {run.search.name} with {budget} on {run.runner.name}; games in {store_path}", file=sys.stderr)
    shown = 0.0

    def report(step: Any) -> None:
        nonlocal shown
        now = time.perf_counter()
        if step.finished or now - shown >= 0.25:  # a game in this process takes milliseconds: not every line
            shown = now
            tune_progress(step)

    found = _play_on_the_terminal(run, report, store, store_path)
    if found is None:
        return 130
    written = found.to_csv(args.out) if args.out else []
    if args.best:
        best = found.write_best(args.best)
        written += [best] if best else []
    print(found.report())
    print("written: " + ", ".join(str(p) for p in written + [store_path]), file=sys.stderr)
    store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "parameters":
            return parameters_command(args.game, args.json)
        commands = {"run": run_command, "list": list_command, "show": show_command, "report": report_command,
                    "merge": merge_command, "tune": tune_command}
        return commands[args.command](args)
    except (GameError, StoreError, OSError) as err:
        sys.stderr.write(f"error: {err}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())

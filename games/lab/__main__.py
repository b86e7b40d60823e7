"""The design lab's command.

    python -m games.lab parameters GAME_ID [--json]
    python -m games.lab run VARIANT.json [VARIANT.json ...] --games N --bots BOT [BOT ...] [--jobs J]
        [--dask local|ADDRESS] --out RESULTS.csv [--store FILE.sqlite] [--resume] [--baseline FILE.json]
        [--stop METRIC] [--alpha 0.05] [--margin M] [--seed S] [--no-rotate]

A variant file is ``{"game": ID, "name": ..., "changes": {PARAMETER: VALUE}}``; an empty ``changes`` is the printed
game. The baseline is the printed game unless ``--baseline`` names a file; every file is compared with it. Games are
kept in ``--store`` (by default the output's name with ``.sqlite``) as they finish: Ctrl-C loses no finished game,
and ``--resume`` goes on from them. Bad input exits with status 2 and one line saying what is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from games import GAMES
from games.core import GameError
from games.core.parameters import cells_of

from .experiment import Experiment, terminal_progress
from .metrics import METRICS
from .store import Store, StoreError
from .variants import Variant, VariantError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2 (argparse prints its usage otherwise)
        sys.stderr.write(f"error: {message} (python -m games.lab --help)\n")
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games.lab", description="The design lab: variants, experiments, results.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    params = commands.add_parser("parameters", help="a game's designable parameters as a table")
    params.add_argument("game", help=f"a game id: {', '.join(sorted(GAMES))}")
    params.add_argument("--json", action="store_true", help="JSON rows instead of a table")
    run = commands.add_parser("run", help="play a baseline and variants on the same seeds")
    run.add_argument("variants", nargs="+", type=Path, help="variant files (JSON)")
    run.add_argument("--games", type=int, default=120, help="the most games per arm (default 120)")
    run.add_argument("--bots", nargs="+", required=True, help="one bot per seat: random, greedy, mcts, mcts:N, "
                     "'greedy never KIND'")
    run.add_argument("--jobs", type=int, default=1, help="worker processes (1: this process)")
    run.add_argument("--dask", help="'local' (a LocalCluster of --jobs workers) or a scheduler address")
    run.add_argument("--out", type=Path, required=True, help="the games as CSV (seats and summary beside it)")
    run.add_argument("--store", type=Path, help="the SQLite file of finished games (default: OUT.sqlite)")
    run.add_argument("--resume", action="store_true", help="go on from the games the store already holds")
    run.add_argument("--baseline", type=Path, help="the baseline's variant file (default: the printed game)")
    run.add_argument("--stop", choices=sorted(METRICS), help="stop as soon as this metric's difference is clear")
    run.add_argument("--alpha", type=float, default=0.05, help="the stop rule's error rate (default 0.05)")
    run.add_argument("--margin", type=float, help="the stop rule's margin of no difference (default: the metric's)")
    run.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    run.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
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


def run_command(args: argparse.Namespace) -> int:
    variants = [Variant.load(path) for path in args.variants]
    baseline = Variant.load(args.baseline) if args.baseline else Variant(variants[0].game_id)
    for v in variants:
        if v.game_id != baseline.game_id:
            raise VariantError(f"every variant plays {baseline.game_id}, not {v.game_id} ({v.label})")
    arms, notes = [], []
    for v in variants:
        if v == baseline:
            notes.append(f"note: {v.label} is the baseline itself ({v.hash}); it is played once")
        elif v not in arms:
            arms.append(v)
    experiment = Experiment(baseline, arms, bots=args.bots, games=args.games, seed=args.seed,
                            rotate=not args.no_rotate, stop=args.stop, alpha=args.alpha, margin=args.margin)
    store_path = args.store or args.out.with_suffix(".sqlite")
    store = Store(store_path)
    held = store.count()
    if held and not args.resume:
        store.close()
        raise VariantError(f"{store_path} already holds {held:,} games: --resume goes on from them, or give "
                           "another --store")
    try:
        run = experiment.start(jobs=args.jobs, dask=args.dask, store=store)  # a Dask scheduler must answer first
    except BaseException:
        store.close()
        raise
    for note in notes:
        print(note, file=sys.stderr)
    print(f"{experiment!r} on {run.runner.name}; store {store_path}", file=sys.stderr)
    try:
        for step in run.steps():
            terminal_progress(step)
    except KeyboardInterrupt:
        run.close()
        kept = store.count()
        store.close()
        print(f"\nstopped: {kept:,} finished games are kept in {store_path}; run again with --resume",
              file=sys.stderr)
        return 130
    run.close()
    results = run.results()
    written = results.to_csv(args.out)
    print(results.report())
    print("written: " + ", ".join(str(p) for p in written + [store_path]), file=sys.stderr)
    store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "parameters":
            return parameters_command(args.game, args.json)
        return run_command(args)
    except (GameError, StoreError, OSError) as err:
        sys.stderr.write(f"error: {err}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())

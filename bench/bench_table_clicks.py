"""How long one click on each game table takes in Python (intent in, the one sync message out, the bots' replies
included) and how much it sends, for every table: Kutná Hora, Kardinal & König, Chartres, Catan, Cities & Knights.

Each table plays seeded random legal clicks of the human seat without a kernel (ipywidgets' stand-in comm, as
``bench_catan_table.py``). ``--against DIR`` runs the same clicks in another checkout (a ``git worktree`` of an
earlier commit) in turns with this one, interleaved round by round, and prints the medians side by side. The
browser adds drawing and the comm round trip on top: ``tests/browser/test_table_screens.py`` times click to redraw.

Run: ``python bench/bench_table_clicks.py [--clicks 40] [--rounds 3] [--against ../before]`` (``../before``: a
``git worktree`` of the commit to compare with).

Figures (5 interleaved rounds of 40 clicks, seed 1, against a worktree of the commit before the boards said what a
click does, 2 shared cores at load 8-15): ms per click now / before: Kutná Hora 1.3 / 1.3, Kardinal & König 2.1 /
1.6, Chartres 1.2 / 1.0, Catan 3.6 / 1.2, Cities & Knights 6.6 / 1.7; KB per step 3.0 / 2.9, 4.1 / 3.9, 3.0 / 3.0,
2.9 / 1.0, 3.2 / 2.5 (Catan's places, their words and looks now come from Python).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

TABLES = {"KHTable": ("widgets.kutna_hora", {"players": 2}), "KKTable": ("widgets.kardinal_koenig", {"players": 4}),
          "ChartresTable": ("widgets.chartres", {"players": 3}), "CatanTable": ("widgets.catan", {"players": 3}),
          "CKTable": ("widgets.catan", {"players": 3})}


def measure(clicks: int, seed: int) -> dict[str, dict[str, float]]:
    """Per table: the median milliseconds per click and the median kilobytes of its sync message."""
    import importlib

    import comm

    from games.core import Rng

    comm.create_comm = comm.DummyComm  # no kernel
    out = {}
    for name, (module, kwargs) in TABLES.items():
        table = getattr(importlib.import_module(module), name)(seed=seed, bots="random", **kwargs)
        sent: list[dict] = []
        table._send = lambda msg, buffers=None, sent=sent: sent.append(msg)
        rng = Rng(seed)
        times, sizes = [], []
        for _ in range(clicks):
            legal = table.status["legal"]
            if table.game.is_terminal() or not legal:
                break
            sent.clear()
            action = legal[rng.below(len(legal))]
            start = time.perf_counter()
            table._handle_msg({"content": {"data": {"method": "custom",
                                                    "content": {"intent": "act", "action": action}}}, "buffers": []})
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(sum(len(json.dumps(m)) for m in sent if m.get("method") == "update"))
        out[name] = {"ms": statistics.median(times), "kb": statistics.median(sizes) / 1024, "clicks": len(times)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", type=Path, default=None, help="another checkout, run in turns with this one")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child run: print JSON
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.clicks, args.seed)))
        return
    here = Path(__file__).resolve().parents[1]
    trees = {"now": here, **({"before": args.against.resolve()} if args.against else {})}
    runs: dict[str, list[dict]] = {k: [] for k in trees}
    for _ in range(args.rounds):  # interleaved: each round runs every tree once, in turn
        for label, tree in trees.items():
            child = subprocess.run([sys.executable, str(here / "bench" / "bench_table_clicks.py"), "--one",
                                    "--clicks", str(args.clicks), "--seed", str(args.seed)],
                                   cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                                   capture_output=True, text=True, check=True)
            runs[label].append(json.loads(child.stdout.strip().splitlines()[-1]))
    head = f"{'table':<15}" + "".join(f"{label + ' ms':>12}{label + ' KB':>11}" for label in trees)
    print(f"median per click over {args.rounds} interleaved rounds of {args.clicks} clicks (seed {args.seed})")
    print(head)
    for name in TABLES:
        line = f"{name:<15}"
        for label in trees:
            ms = statistics.median(r[name]["ms"] for r in runs[label])
            kb = statistics.median(r[name]["kb"] for r in runs[label])
            line += f"{ms:>12.1f}{kb:>11.1f}"
        print(line)


if __name__ == "__main__":
    main()

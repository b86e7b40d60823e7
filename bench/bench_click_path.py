"""The Python side of one click on a Catan table: from the browser's message to the redraw, which files it passes.

One ``act`` intent (the human's first settlement of the set-up, followed by the human's own road decision, so no
bot moves in between) is handed to the table as the comm hands it (``View._on_browser_msg``), with
``sys.setprofile`` watching every Python call. Printed: the project's files the click touches (``games/`` and
``widgets/``), the calls into project functions, how many of them change file (a call whose caller sits in another
file), and the calls the table makes to the game's ``pending``, ``legal_actions`` and ``observe`` (from outside the
game's own files). Library files (ipywidgets, traitlets) are counted apart. Run it on another checkout to compare::

    PYTHONPATH=$PWD .venv/bin/python bench/bench_click_path.py
    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/bench_click_path.py
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any


def measure(seed: int = 1, game_id: str = "catan.base") -> dict[str, Any]:
    import comm

    comm.create_comm = comm.DummyComm  # no kernel: the widget's messages go nowhere
    import games
    from widgets.catan import CatanTable

    root = Path(games.__file__).resolve().parent.parent
    table = CatanTable(game_id=game_id, players=4, seed=seed)
    action = table.status["legal"][0]
    files: collections.Counter[str] = collections.Counter()
    libraries: set[str] = set()
    counts = {"calls": 0, "file_changes": 0}
    asked: collections.Counter[str] = collections.Counter()

    def project(path: str) -> str | None:
        try:
            rel = Path(path).resolve().relative_to(root)
        except ValueError:
            return None
        return str(rel) if rel.parts[0] in ("games", "widgets") else None

    def watch(frame: Any, event: str, _arg: Any) -> None:
        if event != "call":
            return
        here = frame.f_code.co_filename
        mine = project(here)
        if mine is None:
            if "site-packages" in here:
                libraries.add(here.split("site-packages/")[1].split("/")[0])
            return
        counts["calls"] += 1
        files[mine] += 1
        caller = frame.f_back
        if caller is not None and caller.f_code.co_filename != here:
            counts["file_changes"] += 1
        name = frame.f_code.co_name
        if name in ("pending", "legal_actions", "observe") and mine.startswith("games/") and caller is not None \
                and project(caller.f_code.co_filename) and not project(caller.f_code.co_filename).startswith("games/"):
            asked[name] += 1

    sys.setprofile(watch)
    try:
        table._on_browser_msg(table, {"intent": "act", "action": action}, [])
    finally:
        sys.setprofile(None)
    assert table.message_kind == "info" and str(table.game.history[-1]) == action, table.message
    return {"action": action, "files": files, "libraries": sorted(libraries), "asked": dict(asked), **counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="catan.base", choices=("catan.base", "catan.cities_knights"))
    parser.add_argument("--files", action="store_true", help="list the project files with their calls")
    args = parser.parse_args()
    found = measure(args.seed, args.game)
    files = found["files"]
    print(f"one '{found['action']}' click on a {args.game} table (seed {args.seed}), Python side:")
    print(f"  project files touched: {len(files)} ({sum(f.startswith('games/') for f in files)} in games/, "
          f"{sum(f.startswith('widgets/') for f in files)} in widgets/)")
    print(f"  project calls: {found['calls']}, of which change file: {found['file_changes']}")
    print(f"  the table asks the game: {found['asked']}")
    print(f"  library packages passed through: {', '.join(found['libraries'])}")
    if args.files:
        for name, n in sorted(files.items()):
            print(f"    {n:6d}  {name}")


if __name__ == "__main__":
    main()

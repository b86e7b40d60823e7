"""How long one click on the Catan table takes in Python, and how much each step sends to the browser.

Plays a whole seeded Cities & Knights game on :class:`widgets.catan.CKTable` against bots without a kernel
(docs/jupyter.md §3): each click is ``{"intent": "act", "action": ...}`` (a seeded random legal action of the
human seat, as a learner might click) delivered through ``_handle_msg``; a spy on ``_send`` records the outgoing
update. The round trip runs from the intent in to the state out, the bots' replies included. Prints the median and
p95 milliseconds per click and the median and largest sync message per step in KB, against the targets (50 ms,
16 KB). Run: ``python bench/bench_catan_table.py [seed] [bots] [players]`` (bots: greedy, random).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import comm

from games.core import Rng
from widgets.catan import CKTable

MS_TARGET = 50.0
KB_TARGET = 16.0
MAX_CLICKS = 5_000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(seed: int = 1, bots: str = "greedy", players: int = 3) -> dict[str, float]:
    comm.create_comm = comm.DummyComm  # no kernel: ipywidgets' stand-in comm
    table = CKTable(players=players, seed=seed, bots=bots)
    outbox: list[dict] = []
    table._send = lambda msg, buffers=None: outbox.append(msg)  # the spy on the way out
    rng = Rng(seed)
    times: list[float] = []
    sizes: list[int] = []
    for _ in range(MAX_CLICKS):
        if table.game.is_terminal():
            break
        legal = table.status["legal"]
        action = legal[rng.below(len(legal))]
        outbox.clear()
        start = time.perf_counter()
        table._handle_msg({"content": {"data": {"method": "custom", "content": {"intent": "act", "action": action}}},
                           "buffers": []})
        times.append((time.perf_counter() - start) * 1000)
        updates = [m for m in outbox if m["method"] == "update"]
        if len(updates) != 1 or table.message_kind != "info":
            raise SystemExit(f"{action}: {len(updates)} update messages, {table.message}")
        sizes.append(len(json.dumps(updates[0])))
    return {"clicks": len(times), "steps": len(table.game.history), "over": table.game.is_terminal(),
            "ms_median": statistics.median(times), "ms_p95": percentile(times, 0.95), "ms_max": max(times),
            "kb_median": statistics.median(sizes) / 1024, "kb_max": max(sizes) / 1024}


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    bots = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    r = run(seed, bots, players)
    print(f"CKTable, {players} players, seed {seed}, {bots} bots: {r['clicks']} clicks, {r['steps']} decisions, "
          f"game {'over' if r['over'] else 'not over'}")
    print(f"  ms per click (intent in -> state out, the bots' replies included): median {r['ms_median']:.1f}, "
          f"p95 {r['ms_p95']:.1f}, max {r['ms_max']:.1f} (target < {MS_TARGET:.0f})")
    print(f"  KB per sync message: median {r['kb_median']:.1f}, max {r['kb_max']:.1f} (target < {KB_TARGET:.0f})")
    if r["ms_p95"] >= MS_TARGET or r["kb_max"] >= KB_TARGET:
        raise SystemExit("over a target")


if __name__ == "__main__":
    main()

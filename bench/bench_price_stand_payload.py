"""How much each PriceStand step sends to the browser, and how long an intent takes to answer.

Plays the browser without a kernel (docs/jupyter.md §3): each intent (``{"intent": "build", "good": "beer"}``) goes
in through ``_handle_msg`` as a custom message, and a spy on ``_send`` records the outgoing state update. Prints
bytes per sync message (``len(json.dumps(msg))``) and milliseconds from the intent to its update.
Run: ``python bench/bench_price_stand_payload.py [steps] [seed]``.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import comm

from games.core import Rng
from widgets import PriceStand

LIMIT = 4096  # the target: at most 4 KB per step


def intents(goods: tuple[str, ...]) -> list[dict]:
    """What a learner clicks: mostly advances and builds, sometimes income, undo or a refused build."""
    out: list[dict] = [{"intent": "advance", "deck": deck, "cards": n} for deck in ("population", "ore")
                       for n in (1, 2, 3)]
    out += [{"intent": "build", "good": good} for good in goods]
    out += [{"intent": "income"}] * 3 + [{"intent": "undo"}, {"intent": "build", "good": "gold"}]
    return out


def run(steps: int = 50, seed: int = 1) -> dict[str, float]:
    comm.create_comm = comm.DummyComm  # no kernel: ipywidgets' stand-in comm
    stand = PriceStand()
    outbox: list[dict] = []
    stand._send = lambda msg, buffers=None: outbox.append(msg)  # the spy on the way out
    rng = Rng(seed)
    choices = intents(stand.game.table.goods)
    sizes: list[int] = []
    times: list[float] = []
    errors = 0
    for _ in range(steps):
        intent = {"intent": "reset"} if rng.below(100) < 2 else rng.choice(choices)  # a rare reset
        outbox.clear()
        start = time.perf_counter()
        stand._handle_msg({"content": {"data": {"method": "custom", "content": intent}}, "buffers": []})
        times.append((time.perf_counter() - start) * 1000)
        updates = [m for m in outbox if m["method"] == "update"]
        if len(updates) != 1:
            raise SystemExit(f"{intent}: expected one update message, got {len(updates)}")
        sizes.append(len(json.dumps(updates[0])))
        errors += stand.message_kind == "error"
    full = len(json.dumps({"method": "update", "state": stand.get_state(), "buffer_paths": []}))
    return {"steps": steps, "refused": errors, "bytes_mean": statistics.mean(sizes), "bytes_median":
            statistics.median(sizes), "bytes_max": max(sizes), "full_state": full,
            "ms_mean": statistics.mean(times), "ms_median": statistics.median(times), "ms_max": max(times),
            "history": len(stand.game.history)}


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    r = run(steps, seed)
    print(f"PriceStand: {r['steps']} random intents (seed {seed}), {r['refused']} refused, "
          f"game at {r['history']} actions")
    print(f"  bytes per sync message: mean {r['bytes_mean']:.0f}, median {r['bytes_median']:.0f}, "
          f"max {r['bytes_max']} (target <= {LIMIT})")
    print(f"  whole widget state on first render (incl. the JS and CSS text): {r['full_state']} bytes")
    print(f"  ms per intent round trip (_handle_msg -> update): mean {r['ms_mean']:.2f}, "
          f"median {r['ms_median']:.2f}, max {r['ms_max']:.2f}")
    if r["bytes_max"] > LIMIT:
        raise SystemExit(f"over the {LIMIT}-byte target")


if __name__ == "__main__":
    main()

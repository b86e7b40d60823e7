"""The experiments the design-lab lessons read, and their kept results.

A lesson must run in seconds, but its figures need hundreds of games with greedy bots (seconds each). So
``bench/bench_lab.py --part lessons`` plays these experiments once and keeps each in
``bench/results/<name>.sqlite``; a lesson reads it read-only (:meth:`games.lab.Experiment.load`: nothing is played,
nothing is written) and says where its figures come from. The experiments are defined here, once, for both.
"""

from __future__ import annotations

from pathlib import Path

from games.lab import Experiment, Results, Variant

#: Where the benchmark keeps the lessons' results (beside the package, in the repository).
RESULTS = Path(__file__).resolve().parents[2] / "bench" / "results"


def ore_falls_faster() -> Variant:
    """Kutná Hora with the ore price falling one step more every ten cards of the ore deck (every notch)."""
    from games.kutna_hora.prices import price_changes

    changes = price_changes("ore", lambda card, notch, cell: max(1, cell.value - card // 10))
    return Variant("kutna_hora.game", changes, name="ore falls faster")


def experiments() -> dict[str, Experiment]:
    """The lessons' experiments by the name of their kept file."""
    return {
        "lab_13_price_economy": Experiment(
            Variant("kutna_hora.game"), [ore_falls_faster()],
            bots=["greedy", "greedy never mine", "greedy never build"], games=150),
        "lab_14_catan_first_player": Experiment(
            Variant("catan.base"), [Variant("catan.base", {"points_to_win": 8}, name="8 points win")],
            bots=["greedy", "greedy", "greedy"], games=150),
        "lab_14_barbarians": Experiment(
            Variant("catan.cities_knights"),
            [Variant("catan.cities_knights", {"barbarian_steps": 4}, name="barbarians 4 steps away")],
            bots=["greedy", "greedy", "greedy never wall"], games=150),
    }


def kept(name: str) -> Results:
    """The kept results of the lessons' experiment ``name`` (a ``FileNotFoundError`` says how to make them)."""
    found = experiments()
    if name not in found:
        raise KeyError(f"no lesson experiment {name!r}; they are: {', '.join(found)}")
    path = RESULTS / f"{name}.sqlite"
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: python bench/bench_lab.py --part lessons makes it")
    return found[name].load(path)

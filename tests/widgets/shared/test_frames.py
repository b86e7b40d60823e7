"""The lessons' tables without pandas (widgets/shared/frames.py): the fallback table holds the same cells as the
pandas frame the same call makes, every widget module imports and every table maker works with pandas blocked, and
every lesson tagged ``full`` for the offline site runs top to bottom with pandas blocked (the site has no pandas)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import widgets.shared.frames as frames
from widgets.shared.frames import Column, Table, table

REPO = Path(__file__).resolve().parents[3]
#: Put first on the path of a Python process (``PYTHONPATH``), it makes ``import pandas`` fail there.
BLOCK_PANDAS = "import sys\nsys.modules['pandas'] = None  # the offline site has no pandas\n"


def same(a: Any, b: Any) -> bool:
    """One cell of the fallback (``a``) against pandas' (``b``): missing is missing, floats to 1e-9."""
    if a is None:
        return b is None or b is pd.NA or (isinstance(b, float) and math.isnan(b))
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def assert_same_table(fallback: Table, frame: pd.DataFrame) -> None:
    assert isinstance(fallback, Table) and isinstance(frame, pd.DataFrame)
    assert fallback.columns == list(frame.columns)
    assert fallback.index == list(frame.index)
    assert fallback.index_name == frame.index.name
    for row, values in zip(fallback.data, frame.itertuples(index=False), strict=True):
        assert all(same(a, b) for a, b in zip(row, values, strict=True)), (row, values)


def both(monkeypatch: pytest.MonkeyPatch, make: Any) -> tuple[Any, Any]:
    """``make()`` without pandas (the fallback) and with it."""
    with monkeypatch.context() as m:
        m.setattr(frames, "pandas_module", lambda: None)
        fallback = make()
    return fallback, make()


# ---------------------------------------------------------------------------------------------- the table itself
cells = st.one_of(st.integers(-10**6, 10**6), st.text(max_size=6), st.none(),
                  st.floats(allow_nan=False, allow_infinity=False, width=32))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(lambda w: st.lists(st.lists(cells, min_size=w, max_size=w), max_size=8)),
       st.data())
def test_a_fallback_table_reads_as_pandas_reads_the_same_rows(rows: list[list[Any]], data: Any) -> None:
    width = len(rows[0]) if rows else 1
    columns = [f"c{i}" for i in range(width)]
    rows = rows or []
    fallback, frame = Table.of(rows, columns), pd.DataFrame(rows, columns=columns)
    assert len(fallback) == len(frame) and fallback.shape == frame.shape
    if rows:
        i = data.draw(st.integers(-len(rows), len(rows) - 1))
        assert all(same(a, b) for a, b in zip(fallback.iloc[i], frame.iloc[i], strict=True))
        c = data.draw(st.sampled_from(columns))
        assert all(same(a, b) for a, b in zip(fallback[c], frame[c], strict=True))
        assert same(fallback.loc[i % len(rows), c], frame.loc[i % len(rows), c])
        assert fallback.T.columns == list(frame.T.columns) and fallback.T.index == columns
        assert fallback.head(3).index == list(frame.head(3).index)
    html, text = fallback._repr_html_(), repr(fallback)
    assert html.startswith("<table") and html.count("<tr>") == len(rows) + 1
    assert len(text.splitlines()) == len(rows) + 1


def test_the_lessons_operations_agree_with_pandas() -> None:
    rows = [{"bot": "greedy", "arm": "a", "win_rate": 0.4567, "seat": 1},
            {"bot": "random", "arm": "a", "win_rate": 0.1234, "seat": 0},
            {"bot": "greedy", "arm": "b", "win_rate": 0.6, "seat": 2}]
    fallback, frame = Table.of(rows), pd.DataFrame(rows)
    assert_same_table(fallback.pivot(index="bot", columns="arm", values="win_rate").round(2),
                      frame.pivot(index="bot", columns="arm", values="win_rate").round(2).rename_axis(None, axis=1)
                      .rename_axis("bot"))
    assert_same_table(fallback[fallback["seat"] == 2], frame[frame["seat"] == 2])
    assert_same_table(fallback[["arm", "seat"]].set_index("arm"), frame[["arm", "seat"]].set_index("arm"))
    assert list(fallback["seat"] + fallback["seat"]) == list(frame["seat"] + frame["seat"])
    assert fallback["seat"].max() == frame["seat"].max() and fallback["seat"].iloc[-1] == frame["seat"].iloc[-1]
    assert list(fallback.drop(columns="arm")[["seat"]].sum(axis=1)) == list(frame[["seat"]].sum(axis=1))
    for ascending in (True, False):
        assert (fallback.sort_values("bot", ascending=ascending).index
                == list(frame.sort_values("bot", ascending=ascending, kind="stable").index))
    assert [(k, list(r)) for k, r in fallback.iterrows()] == [(k, list(r)) for k, r in frame.iterrows()]
    assert list(fallback["seat"].items()) == list(frame["seat"].items())
    fallback["next"], frame["next"] = fallback["seat"] + 1, frame["seat"] + 1
    assert_same_table(fallback, frame)
    counts = {"ship": 3, "blue": 1}
    assert_same_table(Table.of({"faces": counts}), pd.DataFrame({"faces": counts}))


def test_a_row_a_column_and_a_cell_by_label() -> None:
    t = Table.of([("a", 1, None), ("b", 2, 5)], ["k", "n", "x"]).set_index("k")
    assert t.loc["b", "x"] == 5 and t.loc["a"].dropna().tolist() == [1]
    assert isinstance(t["n"], Column) and t["n"]["b"] == 2
    with pytest.raises(KeyError):
        t.loc["c"]
    with pytest.raises(KeyError):
        t["nothing"]
    with pytest.raises(ValueError, match="needs 3 cells"):
        Table([[1, 2]], ["a", "b", "c"])


def test_two_level_columns_select_by_their_first_level_and_show_both() -> None:
    t = Table([[1, 2, 30, 40]], [("score", "P1"), ("score", "P2"), ("money", "P1"), ("money", "P2")])
    assert t["score"].columns == ["P1", "P2"] and list(t["money"].iloc[-1]) == [30, 40]
    assert "<th colspan=2>score</th>" in t._repr_html_()
    assert repr(t).splitlines()[0].split() == ["score", "score", "money", "money"]


def test_table_is_pandas_where_pandas_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [("France", 3, 1), ("Spain", 2, 0)]
    fallback, frame = both(monkeypatch, lambda: table(rows, ["country", "cards", "crests"], index="country"))
    assert_same_table(fallback, frame)
    fallback, frame = both(monkeypatch, lambda: table([[1, 2]], ["a", "b"], index=["r"], index_name="row"))
    assert_same_table(fallback, frame)


# ---------------------------------------------------------------------------------------------- the views' tables
@pytest.mark.slow
def test_every_table_maker_of_the_views_shows_what_pandas_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    from games import chartres
    from games.catan import new_game
    from games.core.bots import GreedyBot, play_out
    from games.kutna_hora.game import KutnaHoraGame
    from widgets.catan import lessons
    from widgets.chartres import charts
    from widgets.kardinal_koenig import chart_frame
    from widgets.kardinal_koenig.sandbox import ScoringSandbox
    from widgets.kutna_hora import (
        TownPosition,
        economy_at,
        matching_frame,
        noble_frame,
        price_table_frame,
        score_frame,
        score_history,
    )
    from widgets.kutna_hora.mine_sandbox import MineSandbox

    catan = new_game(players=3, seed=1, layout="beginner")
    kh = KutnaHoraGame(None, 6, players=2)
    play_out(kh, [GreedyBot(0), GreedyBot(1)])
    ch = chartres.new_game(players=2, seed=3)
    play_out(ch, [GreedyBot(0), GreedyBot(1)])
    town = TownPosition.build(5, {11: ("builders-1", 0), 13: ("scribes-4", 1)})
    makers = {
        "rules": lambda: lessons.rules_frame(["production.yield", "build.distance"]),
        "dice": lessons.dice_frame, "node": lambda: lessons.node_frame(catan, 17),
        "yield": lambda: lessons.yield_frame(catan, [17, 28]), "arrival": lessons.arrival_frame,
        "improvements": lessons.improvement_frame, "draw chances": lessons.draw_chance_frame,
        "points": lambda: lessons.points_frame(catan), "history": lambda: lessons.game_history(catan),
        "kh scores": lambda: score_frame(kh), "kh history": lambda: score_history(kh),
        "mine rows": lambda: MineSandbox(players=4, setup=1).frame(),
        "prices": lambda: price_table_frame(economy_at(0).table, "ore", "silver"),
        "matching": lambda: matching_frame(town), "nobles": lambda: noble_frame(town, {"green": 2}, {0: None}),
        "chartres scores": lambda: charts.score_frame(ch), "chartres history": lambda: charts.score_history(ch),
        "kk chart": lambda: chart_frame(ScoringSandbox(players=3).chart),
    }
    for name, make in makers.items():
        fallback, frame = both(monkeypatch, make)
        if isinstance(frame.columns, pd.MultiIndex):
            frame = frame.set_axis(list(frame.columns), axis=1)
        if frame.columns.name is not None:
            assert fallback.columns_name == frame.columns.name, name
            frame = frame.rename_axis(None, axis=1)
        try:
            assert_same_table(fallback, frame)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from error


@pytest.mark.slow
def test_tournament_summaries_agree_with_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets.shared.tournament import head_to_head, speed, tournament, win_rates

    def run() -> Any:
        return tournament("kardinal_koenig.cards", ["greedy", "random", "random"], games=3, seed=3, progress=False)

    fallback, frame = both(monkeypatch, run)
    timing = ["seconds", "max_seconds", "wall"]
    assert_same_table(fallback.drop(columns=timing), frame.drop(columns=timing))
    with monkeypatch.context() as m:
        m.setattr(frames, "pandas_module", lambda: None)
        plain = win_rates(fallback), head_to_head(fallback, "greedy", "random"), speed(fallback)
    assert_same_table(plain[0], win_rates(frame).rename_axis("bot"))
    assert_same_table(plain[1], head_to_head(frame, "greedy", "random"))
    assert plain[2].columns == list(speed(frame).columns) and plain[2].index == ["greedy", "random"]


# ---------------------------------------------------------------------------------------------- pandas blocked
def without_pandas(code: str, tmp_path: Path, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    """``code`` run by this Python in a process where ``import pandas`` fails, from the repository's root."""
    (tmp_path / "sitecustomize.py").write_text(BLOCK_PANDAS)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_pandas_is_really_blocked_there(tmp_path: Path) -> None:
    """A guard: the blocked process cannot import pandas (else the checks below could not fail)."""
    done = without_pandas("import pandas", tmp_path)
    assert done.returncode != 0 and "pandas" in done.stderr


@pytest.mark.slow
def test_every_widget_module_imports_and_the_tables_work_without_pandas(tmp_path: Path) -> None:
    code = textwrap.dedent("""
        import importlib, pkgutil
        import widgets
        for info in pkgutil.walk_packages(widgets.__path__, "widgets."):
            importlib.import_module(info.name)
        from games.catan import new_game
        from widgets.catan import lessons
        from widgets.kutna_hora import score_frame
        from games.kutna_hora.game import KutnaHoraGame
        from widgets.shared.frames import Table
        from widgets.shared.tournament import head_to_head, speed, tournament, win_rates
        game = new_game(players=3, seed=1, layout="beginner")
        df = tournament("kardinal_koenig.cards", ["greedy", "random", "random"], games=2, seed=3, progress=False)
        made = [lessons.dice_frame(), lessons.points_frame(game), lessons.game_history(game),
                score_frame(KutnaHoraGame(None, 6, players=2)), df, win_rates(df),
                head_to_head(df, "greedy", "random"), speed(df)]
        lessons.history_chart(game)
        assert all(isinstance(t, Table) and t._repr_html_().startswith("<table") for t in made), made
        print("tables:", len(made))
    """)
    done = without_pandas(code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "tables: 8" in done.stdout


def full_lessons() -> list[Path]:
    return [p for p in sorted((REPO / "notebooks").glob("*.ipynb"))
            if json.loads(p.read_text(encoding="utf-8"))["metadata"].get("site", {}).get("tag") == "full"]


def nbval_without_pandas(path: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """The notebook ``path`` under nbval, its kernel (which inherits ``PYTHONPATH``) unable to import pandas."""
    code = ("import sys, pytest; sys.exit(pytest.main([sys.argv[1], '--nbval', '--nbval-current-env', "
            "'-p', 'no:cacheprovider', '-q', '-o', 'addopts=']))")
    (tmp_path / "sitecustomize.py").write_text(BLOCK_PANDAS)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    return subprocess.run([sys.executable, "-c", code, str(path)], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=900)


@pytest.mark.slow
def test_the_lessons_kernel_cannot_import_pandas_either(tmp_path: Path) -> None:
    """A guard for the test below: a notebook that imports pandas fails there."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import pandas")])
    path = tmp_path / "needs_pandas.ipynb"
    nbformat.write(notebook, path)
    done = nbval_without_pandas(path, tmp_path)
    assert done.returncode != 0 and "1 failed" in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("path", full_lessons(), ids=lambda p: p.stem)
def test_a_full_lesson_runs_top_to_bottom_without_pandas(path: Path, tmp_path: Path) -> None:
    """Each lesson tagged ``full`` runs under nbval with pandas blocked, so a ``full`` lesson cannot need pandas
    without this failing."""
    done = nbval_without_pandas(path, tmp_path)
    assert done.returncode == 0, f"{path.name} fails without pandas:\n{done.stdout[-4000:]}"

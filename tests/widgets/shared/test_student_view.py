"""The classroom site's pages without an editor (widgets/shared/student_view.py), on their Python side: a notebook
shown as a page runs every code cell in order in a namespace of its own, shows each cell's last value as a notebook
would, turns a failing cell into one sentence and goes on, and shows markdown headings as HTML. The pages in the
browser are tested in tests/browser/test_site.py."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.shared import student_view
from widgets.shared.play import PAGES


@pytest.fixture
def shown(monkeypatch) -> list[object]:
    """What the page displays, in order."""
    out: list[object] = []
    monkeypatch.setattr(student_view, "display", out.append)
    return out


def notebook(tmp_path, monkeypatch, *cells: tuple[str, str]) -> str:
    monkeypatch.setattr(student_view, "NOTEBOOKS", tmp_path)
    (tmp_path / "99_test.ipynb").write_text(json.dumps({"cells": [
        {"cell_type": kind, "source": source, "metadata": {}} for kind, source in cells]}), encoding="utf-8")
    return "99_test"


def test_a_cell_shows_its_last_value_as_a_notebook_does(shown) -> None:
    namespace: dict = {}
    student_view.run_code("x = 20\nx + 1", namespace, "cell 0")
    student_view.run_code("x + 2;", namespace, "cell 1")       # a trailing semicolon shows nothing
    student_view.run_code("print\nNone", namespace, "cell 2")  # None shows nothing
    student_view.run_code("import math", namespace, "cell 3")  # a statement shows nothing
    assert shown == [21]


def test_a_page_runs_every_cell_in_its_own_namespace_and_reports_a_failure_as_a_sentence(
        tmp_path, monkeypatch, shown) -> None:
    stem = notebook(tmp_path, monkeypatch, ("markdown", "# Title\nText [lesson 2](02_x.ipynb)."),
                    ("code", "a = 5"), ("code", "1 / (a - 5)"), ("code", "a * 2"), ("code", "  "))
    report = student_view.show_notebook(stem, show_code=True)
    assert sorted(report.seconds) == [1, 2, 3] and list(report.failed) == [2]
    assert report.failed[2] == "Part 2 of this page stopped (line 1): ZeroDivisionError: division by zero"
    assert 10 in shown  # the cell after the failure ran
    texts = [getattr(item, "data", "") for item in shown]
    assert any("<h1" in text and "Title" in text for text in texts)
    assert any("**lesson 2**" in text for text in texts)  # a link to another lesson keeps its words
    assert sum("Show the code" in text for text in texts) == 3
    assert not any("Traceback" in text for text in texts)
    assert student_view.last_report() is report
    second = student_view.show_notebook(stem, show_code=False)  # a fresh namespace: `a` is defined again
    assert list(second.failed) == [2] and not any("Show the code" in getattr(i, "data", "") for i in shown[-6:])


def test_a_play_page_has_no_code_to_open(shown) -> None:
    student_view.play_page_in_site(PAGES[1].name)
    report = student_view.last_report()
    assert report.notebook == f"play/{PAGES[1].name}" and not report.failed and report.seconds
    assert not any("Show the code" in getattr(item, "data", "") for item in shown)
    assert any(getattr(item, "table", None) is not None for item in shown)  # the play page's box and its table


def test_an_unknown_page_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(ValueError, match="there is no lesson '99_nothing'; the lessons are 00_start_here"):
        student_view.lesson_page("99_nothing")
    with pytest.raises(ValueError, match="there is no notebook '../pyproject.toml'"):
        student_view.read_notebook("../pyproject.toml")
    with pytest.raises(ValueError, match="there is no play page 'chess'"):
        student_view.play_page_in_site("chess")


lines = st.lists(st.one_of(st.from_regex(r"#{1,3} [a-z*`]{1,8}", fullmatch=True),
                           st.from_regex(r"[a-z *`#]{0,12}", fullmatch=True), st.just("```")), max_size=12)


@given(lines)
def test_markdown_parts_keep_every_line_and_make_only_headings_outside_code_html(source: list[str]) -> None:
    parts = student_view.markdown_parts("\n".join(source))
    fenced, headings = False, set()
    for index, line in enumerate(source):
        fenced ^= line.lstrip().startswith("```")
        if not fenced and student_view._HEADING.match(line):
            headings.add(index)
    assert sum(kind == "html" for kind, _ in parts) == len(headings)
    kept = "\n".join(text for kind, text in parts if kind == "markdown").split("\n")
    others = [line for index, line in enumerate(source) if index not in headings]
    assert [line for line in kept if line.strip()] == [line for line in others if line.strip()]

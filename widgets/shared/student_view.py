"""The classroom site's pages without an editor: a lesson's student view and a game's play page.

In the offline site (scripts/build_site.py) these pages are JupyterLite's single-console app (``repl/``) opened
with one line of code that calls :func:`lesson_page` or :func:`play_page_in_site`; the console shows outputs only
(its input, prompts and the cell a learner would type into are hidden by :data:`PAGE_STYLE`). So a student sees
the lesson's text, boards and exercises, and opens a code cell's source on demand ("Show the code"); a play page
shows its rules in a few lines and the table, no code at all.

The page reads the notebook as published (``notebooks/`` in the repository, shipped in the site's wheel beside the
packages) and runs its code cells in order, each lesson in a namespace of its own, so one Python can show one
lesson after another without one lesson's names leaking into the next. A cell that fails shows one plain sentence
(never a traceback) and the page goes on; :func:`last_report` says what ran, how long each cell took and what
failed (the site's browser test reads it).
"""

from __future__ import annotations

import ast
import html
import json
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anywidget
import traitlets
from IPython.display import HTML, Markdown, display

from .frontend import css, esm

#: Where the notebooks are: the repository's ``notebooks/`` locally, ``site-packages/notebooks/`` in the site
#: (two folders above this module in both; the site build puts them there).
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The class of a page's first output; :data:`PAGE_STYLE` hides the editor parts of a console that holds one.
PAGE_CLASS = "bg-site-page"
#: Hide what a console shows around outputs (the input of each run, the prompts, the cell to type into, and the
#: strip left of each output that folds it on a click, which would lie over the boards once the prompts are gone)
#: in the console that shows one of these pages; nothing else on the page is touched.
PAGE_STYLE = f"""<style>
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-CodeConsole-promptCell,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-CodeConsole-input,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-InputArea,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-InputPrompt,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-OutputPrompt,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-Cell-inputWrapper,
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-OutputArea-promptOverlay,
.jp-CodeConsole:has(.{PAGE_CLASS}) .lm-SplitPanel-handle {{ display: none !important; }}
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-CodeConsole-content {{ padding: 0 12px; top: 0 !important;
  height: 100% !important; }}
.jp-CodeConsole:has(.{PAGE_CLASS}) .jp-Cell {{ padding: 0; }}
.{PAGE_CLASS}-code summary {{ cursor: pointer; color: var(--jp-ui-font-color2); font-size: 12px; }}
.{PAGE_CLASS}-code pre {{ background: var(--jp-cell-editor-background); padding: 6px 10px; margin: 2px 0 8px;
  border: 1px solid var(--jp-cell-editor-border-color); font-size: 12px; white-space: pre-wrap; }}
.bg-site-nav {{ display: flex; flex-wrap: wrap; gap: 18px; margin: 6px 0 10px; font-size: 14px; }}
.bg-site-nav a {{ color: var(--jp-content-link-color); }}
.{PAGE_CLASS}-failed {{ background: #fdecea; border-left: 4px solid #c62828; padding: 6px 10px; margin: 6px 0; }}
</style>"""
_LINK_TO_LESSON = re.compile(r"\[([^\]]+)\]\((?:\./)?\d\d_[\w-]+\.ipynb(?:#[^)]*)?\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_INLINE = [(re.compile(r"`([^`]+)`"), r"<code>\1</code>"), (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
           (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
           (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1")]


class SiteNav(anywidget.AnyWidget):
    """Links to other pages of the site. JupyterLab rewrites a relative link in an output into a file download, so
    the browser resolves each link against the site's root itself (the page runs in ``<root>/repl/``)."""

    _esm = esm("shared/static/site_nav.js")
    _css = css()  # the runtime's styles, as every view ships them (the nav's own are in the page's style block)
    #: ``[{"label": ..., "href": <path under the site's root>}]``
    links = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: Keep the console from jumping to its end as the page fills (the nav on top of a page sets it).
    hold_scroll = traitlets.Bool(False).tag(sync=True)


@dataclass
class PageReport:
    """What one page ran: its notebook, the seconds per code cell (by cell index) and the cells that failed."""

    notebook: str
    seconds: dict[int, float] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)

    def as_json(self) -> str:
        return json.dumps({"notebook": self.notebook, "seconds": self.seconds, "failed": self.failed})


_LAST: list[PageReport] = []


def last_report() -> PageReport | None:
    """The report of the last page shown in this Python (``None`` before the first)."""
    return _LAST[-1] if _LAST else None


def lessons() -> list[str]:
    """The lessons' stems, in order (``00_start_here``, ...)."""
    return sorted(path.stem for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def read_notebook(relative: str) -> dict[str, Any]:
    """The notebook ``relative`` (a stem or a path under the notebooks folder); ``ValueError`` naming the lessons for a
    name there is none of."""
    path = NOTEBOOKS / (relative if relative.endswith(".ipynb") else f"{relative}.ipynb")
    if not path.resolve().is_relative_to(NOTEBOOKS.resolve()) or not path.is_file():
        raise ValueError(f"there is no notebook {relative!r}; the lessons are {', '.join(lessons())}")
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def markdown_parts(source: str) -> list[tuple[str, str]]:
    """A markdown cell as ``("markdown", text)`` and ``("html", heading)`` parts. Headings are shown as HTML: the
    console's markdown renderer resolves a heading's anchor against a file path the console has not and asks the
    site for a listing that does not exist (a 404 on every page); an HTML heading reads the same."""
    parts: list[tuple[str, str]] = []
    lines: list[str] = []
    fenced = False
    for line in source.splitlines():
        fenced ^= line.lstrip().startswith("```")
        heading = None if fenced else _HEADING.match(line)
        if heading is None:
            lines.append(line)
            continue
        if any(text.strip() for text in lines):
            parts.append(("markdown", "\n".join(lines)))
        lines = []
        text = html.escape(heading.group(2), quote=False)
        for pattern, replacement in _INLINE:
            text = pattern.sub(replacement, text)
        level = len(heading.group(1))
        parts.append(("html", f'<h{level} class="{PAGE_CLASS}-heading">{text}</h{level}>'))
    if any(text.strip() for text in lines):
        parts.append(("markdown", "\n".join(lines)))
    return parts


def run_code(source: str, namespace: dict[str, Any], name: str) -> None:
    """Run one code cell as a notebook would: its statements in ``namespace``, then its last expression shown
    (unless the cell ends with ``;`` or the value is ``None``)."""
    tree = ast.parse(source, filename=name)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, name, "exec"), namespace)  # noqa: S102 - the lesson's own code, shown to the learner
    if last is not None:
        value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)  # noqa: S307 - as above
        if value is not None and not source.rstrip().endswith(";"):
            display(value)


def _failure(index: int, err: BaseException) -> str:
    """One sentence for a cell that failed: where, what, and the line of the lesson's code it stopped at."""
    frames = [frame for frame in traceback.extract_tb(err.__traceback__) if frame.filename.startswith("cell ")]
    where = f" (line {frames[-1].lineno})" if frames else ""
    return f"Part {index} of this page stopped{where}: {type(err).__name__}: {err}"


def show_notebook(relative: str, *, show_code: bool, nav: list[dict[str, str]] | None = None) -> PageReport:
    """Show the notebook ``relative`` as a page: its markdown as text, its code cells run in order in a namespace of
    their own with their outputs shown, and each cell's source behind "Show the code" when ``show_code``."""
    notebook = read_notebook(relative)
    report = PageReport(relative)
    _LAST.append(report)
    del _LAST[:-1]
    display(HTML(f'<div class="{PAGE_CLASS}"></div>{PAGE_STYLE}'))
    if nav:
        display(SiteNav(links=nav, hold_scroll=True))
    namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}
    for index, cell in enumerate(notebook["cells"]):
        source = _source(cell)
        if cell["cell_type"] == "markdown":
            for kind, text in markdown_parts(_LINK_TO_LESSON.sub(r"**\1**", source)):
                display(Markdown(text) if kind == "markdown" else HTML(text))
        elif cell["cell_type"] == "code" and source.strip():
            if show_code:
                display(HTML(f'<details class="{PAGE_CLASS}-code"><summary>Show the code</summary>'
                             f"<pre>{html.escape(source)}</pre></details>"))
            started = time.perf_counter()
            try:
                run_code(source, namespace, f"cell {index}")
            except Exception as err:  # a page never shows a traceback: one sentence, and the page goes on
                report.failed[index] = _failure(index, err)
                display(HTML(f'<div class="{PAGE_CLASS}-failed" data-testid="bg-page-failed">'
                             f"{html.escape(report.failed[index])}</div>"))
            report.seconds[index] = round(time.perf_counter() - started, 2)
    if nav:
        display(SiteNav(links=nav))
    return report


def lesson_page(stem: str) -> None:
    """A lesson's student view: text, boards and exercises, each code cell's source on demand, links to the
    neighbouring lessons and to the same lesson in the notebook editor."""
    names = lessons()
    if stem not in names:
        raise ValueError(f"there is no lesson {stem!r}; the lessons are {', '.join(names)}")
    at = names.index(stem)
    nav = [{"label": "All lessons and games", "href": "index.html"}]
    if at > 0:
        nav.append({"label": f"← {names[at - 1][:2]}", "href": f"read/{names[at - 1]}.html"})
    if at + 1 < len(names):
        nav.append({"label": f"{names[at + 1][:2]} →", "href": f"read/{names[at + 1]}.html"})
    nav.append({"label": "Open the code in the notebook editor", "href": f"notebooks/index.html?path={stem}.ipynb"})
    show_notebook(stem, show_code=True, nav=nav if sys.platform == "emscripten" else None)


def play_page_in_site(name: str) -> None:
    """A game's play page in the site: its rules in a few lines and the table with its coach; no code."""
    from .play import page_named

    page_named(name)  # a clear error for a page there is none of
    nav = [{"label": "All lessons and games", "href": "index.html"}]
    show_notebook(f"play/{name}", show_code=False, nav=nav if sys.platform == "emscripten" else None)


__all__ = ["NOTEBOOKS", "PAGE_CLASS", "PageReport", "SiteNav", "last_report", "lesson_page", "lessons",
           "play_page_in_site", "read_notebook", "run_code", "show_notebook"]

"""Small text helpers every view's messages use, and the lessons' results shown as a sentence, a list or a table
(:func:`sentence`, :func:`bullets`, :func:`rows_table`) rather than as Python reprs."""

from __future__ import annotations

import html
import re
from typing import Any, Iterable, Sequence

from games.core import seat_label as seat_label  # re-exported: the views name a seat as the games do
from games.core.errors import excerpt

_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


def short(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it: its repr, cut to ``limit`` characters (an int too long to write out is
    named by its size): the kernel's :func:`~games.core.errors.excerpt`, with the views' three dots."""
    return excerpt(value, limit, "...")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` → ``1 card``; ``plural(3, "card")`` → ``3 cards``; ``many`` for irregular plurals."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def notebook_name(obj: Any, fallback: str, parts: tuple[str, ...] = ()) -> str:
    """The name a notebook gave ``obj``, so a message can point at it (``finished.game.log``): a global of the
    IPython session bound to it (``_``-names aside), or ``name.part`` for a global whose attribute ``part`` (one of
    ``parts``) is ``obj`` (``app.stand``); ``fallback`` outside a notebook or when nothing names it."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return fallback
    names = [(k, v) for k, v in list((getattr(get_ipython(), "user_ns", None) or {}).items()) if not k.startswith("_")]
    found = [name for name, value in names if value is obj]
    found += [f"{name}.{part}" for name, value in names for part in parts if getattr(value, part, None) is obj]
    return found[0] if found else fallback


def is_whole(value: Any) -> bool:
    """A whole number, and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(answer: Any) -> int | None:
    """``answer`` read as a whole number (an int, a float without fraction, or its text), else ``None``."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, float):
        return int(answer) if answer.is_integer() else None
    if isinstance(answer, str):
        return int(answer.strip()) if _WHOLE.match(answer.strip()) else None
    return answer if isinstance(answer, int) else None


# ---------------------------------------------------------------------------------------------- results as prose
# A lesson's result cell must read well with the code shown (JupyterLab) and hidden (Voila): these show a sentence,
# a list or a table as HTML, and as the same words (no quotes, brackets or reprs) where only plain text is shown.
_BOLD = re.compile(r"\*\*(.+?)\*\*")
#: A cell that reads as a number (right-aligned): ``12``, ``-3``, ``0.25``, ``1,024``, ``45 %``.
_NUMBER = re.compile(r"[+\-−]?[0-9][0-9,.]*( ?%)?\Z")


def _inline(text: str) -> str:
    """``text`` escaped for HTML, ``**bold**`` kept as bold (the lessons' Markdown habit)."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(str(text)))


class Shown:
    """A result as a lesson shows it: ``_repr_html_`` for the page, ``str``/``repr`` the same words as plain text."""

    __slots__ = ("html", "plain")

    def __init__(self, html_text: str, plain: str) -> None:
        self.html, self.plain = html_text, plain

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.plain

    __str__ = __repr__


def sentence(*parts: Any) -> Shown:
    """One paragraph from ``parts`` joined by spaces: ``sentence("Player 1 scores", 8, "points.")``."""
    text = " ".join(str(p) for p in parts)
    return Shown(f"<p class='bg-result'>{_inline(text)}</p>", _BOLD.sub(r"\1", text))


def bullets(items: Iterable[Any], title: str = "") -> Shown:
    """A bulleted list of ``items`` (each shown as text), under ``title`` when given; "(none)" when empty."""
    lines = [str(item) for item in items]
    head_html = f"<p class='bg-result'>{_inline(title)}</p>" if title else ""
    body = "".join(f"<li>{_inline(line)}</li>" for line in lines) or "<li>(none)</li>"
    plain = "\n".join([*([title] if title else []), *(f"• {line}" for line in lines or ["(none)"])])
    return Shown(f"{head_html}<ul class='bg-result'>{body}</ul>", _BOLD.sub(r"\1", plain))


def rows_table(rows: Iterable[Sequence[Any]], header: Sequence[Any], title: str = "") -> Shown:
    """``rows`` under ``header`` as an HTML table (numbers right-aligned), and as aligned columns in plain text."""
    cells = [[str(v) for v in row] for row in rows]
    head = [str(h) for h in header]
    if any(len(row) != len(head) for row in cells):
        raise ValueError(f"every row needs {len(head)} cells, one per column of {head}")
    numeric = [all(_NUMBER.match(row[i]) for row in cells) and bool(cells) for i in range(len(head))]

    def cell(tag: str, text: str, right: bool) -> str:
        align = " style='text-align: right'" if right else ""
        return f"<{tag}{align}>{_inline(text)}</{tag}>"

    thead = "".join(cell("th", h, numeric[i]) for i, h in enumerate(head))
    tbody = "".join("<tr>" + "".join(cell("td", v, numeric[i]) for i, v in enumerate(row)) + "</tr>" for row in cells)
    caption = f"<caption style='text-align: left'>{_inline(title)}</caption>" if title else ""
    widths = [max([len(h), *(len(row[i]) for row in cells)]) for i, h in enumerate(head)]

    def line(row: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if numeric[i] else v.ljust(w)
                         for i, (v, w) in enumerate(zip(row, widths, strict=True))).rstrip()

    plain = "\n".join([*([title] if title else []), line(head), *(line(row) for row in cells)])
    return Shown(f"<table class='bg-result'>{caption}<thead><tr>{thead}</tr></thead><tbody>{tbody}</tbody></table>",
                 _BOLD.sub(r"\1", plain))



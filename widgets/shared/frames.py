"""The lessons' tables with or without pandas: :func:`table` is a pandas ``DataFrame`` where pandas is installed and a
small :class:`Table` where it is not (the offline classroom site: pandas needs numpy, which has no WebAssembly wheel
on PyPI). Both show the same rows and columns, as HTML on the page and as aligned text::

    table([("a", 1), ("b", 2)], ["letter", "count"], index="letter")    # a column as the index
    table([{"x": 1, "y": 2}], index=["first"], index_name="row")         # labels as the index
    table({"faces": {"ship": 3, "blue": 1}})                             # columns from a mapping

:class:`Table` has the few operations the lessons and views read a table with: a column (``t["total"]``, a
:class:`Column` with ``iloc``, ``items``, ``max``, ``sum``, ``==`` and ``+``), columns (``t[["a", "b"]]``), rows
where a column is true (``t[t["a"] == 1]``), ``loc[row, column]``, ``loc[row]``, ``iloc[i]``, ``len``, ``T``,
``head``, ``round``, ``drop(columns=...)``, ``sum(axis=...)``, ``sort_values``, ``iterrows``, ``to_html``,
``pivot``, ``set_index``, ``rename_axis``, ``rename(columns=...)`` and assigning a column. Anything else is pandas'
and raises ``AttributeError`` here.
"""

from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any

#: A cell that reads as a number (right-aligned), as :func:`widgets.shared.text.rows_table` aligns them.
_NUMBER = re.compile(r"[+\-−]?[0-9][0-9,.]*( ?%)?\Z")


def pandas_module() -> ModuleType | None:
    """pandas when it can be imported here, else ``None`` (imported on first use, so ``import widgets`` stays
    quick)."""
    try:
        return importlib.import_module("pandas")
    except ImportError:
        return None


def show_whole_cells() -> None:
    """Tables show each cell's whole text: pandas cuts a cell at 50 characters unless told (a global option); the
    fallback table always shows it whole."""
    pd = pandas_module()
    if pd is not None:
        pd.set_option("display.max_colwidth", None)


def table(rows: Iterable[Any] | Mapping[Any, Any], columns: Sequence[Any] | None = None, *,
          index: str | Sequence[Any] | None = None, index_name: str | None = None) -> Any:
    """A pandas ``DataFrame`` of ``rows`` where pandas is installed, else a :class:`Table` showing the same.

    ``rows`` are dicts (columns in first-seen order) or sequences under ``columns``; or ``rows`` is a mapping of
    column to values (a sequence, or a mapping of row label to value). ``index`` names the column that becomes the
    index, or gives the row labels; ``index_name`` names the index."""
    pd = pandas_module()
    if pd is not None:
        labels = None if isinstance(index, str) else index
        frame = pd.DataFrame(rows if isinstance(rows, Mapping) else list(rows), columns=columns, index=labels)
        if isinstance(index, str):
            frame = frame.set_index(index)
        if index_name is not None:
            frame.index.name = index_name
        return frame
    made = Table.of(rows, columns, None if isinstance(index, str) else index)
    if isinstance(index, str):
        made = made.set_index(index)
    if index_name is not None:
        made = made.rename_axis(index_name)
    return made


def _cell(value: Any) -> str:
    """A value as the table shows it: missing values empty, floats to six decimals at most (as pandas shows them),
    the rest as ``str``."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.1f}" if value.is_integer() else f"{value:.6f}".rstrip("0")
    return str(value)


def _line(value: Any) -> str:
    """A cell in the plain-text table: on one line."""
    return " ".join(_cell(value).splitlines())


def _equal(a: Any, b: Any) -> bool:
    return bool(a == b)


class Column:
    """One column (or one row) of a :class:`Table`: values with their labels, like a pandas ``Series``."""

    __hash__ = None  # type: ignore[assignment]  # == is elementwise, as in pandas

    def __init__(self, values: Sequence[Any], index: Sequence[Any], name: Any = None, index_name: Any = None) -> None:
        self.values, self.index, self.name, self.index_name = list(values), list(index), name, index_name

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, Column):  # a mask of the same length
            kept = [i for i, keep in enumerate(key.values) if keep]
            return Column([self.values[i] for i in kept], [self.index[i] for i in kept], self.name)
        if isinstance(key, list):
            return Column([self[k] for k in key], key, self.name)
        return self.values[self._position(key)]

    def _position(self, label: Any) -> int:
        try:
            return self.index.index(label)
        except ValueError:
            raise KeyError(label) from None

    @property
    def iloc(self) -> _Positions:
        return _Positions(lambda i: self.values[i])

    def tolist(self) -> list[Any]:
        return list(self.values)

    def items(self) -> Iterator[tuple[Any, Any]]:
        """(label, value) pairs, as a pandas ``Series`` gives them."""
        return iter(zip(self.index, self.values, strict=True))

    def dropna(self) -> Column:
        kept = [i for i, v in enumerate(self.values) if v is not None]
        return Column([self.values[i] for i in kept], [self.index[i] for i in kept], self.name)

    def max(self) -> Any:
        return max(v for v in self.values if v is not None)

    def min(self) -> Any:
        return min(v for v in self.values if v is not None)

    def sum(self) -> Any:
        return sum(v for v in self.values if v is not None)

    def _each(self, other: Any, op: Callable[[Any, Any], Any]) -> Column:
        others = other.values if isinstance(other, Column) else [other] * len(self.values)
        if len(others) != len(self.values):
            raise ValueError(f"columns of {len(self.values)} and {len(others)} values cannot be combined")
        return Column([op(a, b) for a, b in zip(self.values, others, strict=True)], self.index, self.name)

    def __eq__(self, other: object) -> Column:  # type: ignore[override]
        return self._each(other, _equal)

    def __add__(self, other: Any) -> Column:
        return self._each(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other: Any) -> Column:
        return self._each(other, lambda a, b: a - b)

    def to_frame(self, name: Any = None) -> Table:
        title = name if name is not None else self.name if self.name is not None else 0
        return Table([[v] for v in self.values], [title], self.index, self.index_name)

    def _repr_html_(self) -> str:
        return self.to_frame()._repr_html_()

    def __repr__(self) -> str:
        return repr(self.to_frame())


class _Positions:
    """``iloc``: by position (negative from the end)."""

    def __init__(self, get: Callable[[int], Any]) -> None:
        self._get = get

    def __getitem__(self, position: int) -> Any:
        return self._get(position)


class _Labels:
    """``loc``: ``t.loc[row]`` (the row as a :class:`Column`) or ``t.loc[row, column]`` (one value)."""

    def __init__(self, owner: Table) -> None:
        self._owner = owner

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple) and len(key) == 2 and key not in self._owner.index:
            row, column = key
            return self._owner[column][row]
        return self._owner._row(self._owner._row_position(key))


class Table:
    """Rows under columns, with an index: what :func:`table` makes where pandas is missing. It renders like the
    lessons' other tables (HTML, numbers right-aligned; aligned plain text)."""

    def __init__(self, data: Sequence[Sequence[Any]], columns: Sequence[Any], index: Sequence[Any] | None = None,
                 index_name: Any = None, columns_name: Any = None) -> None:
        self.columns = list(columns)
        self.data = [list(row) for row in data]
        self.index = list(range(len(self.data))) if index is None else list(index)
        if any(len(row) != len(self.columns) for row in self.data) or len(self.index) != len(self.data):
            raise ValueError(f"a table of {len(self.data)} rows needs {len(self.columns)} cells in every row "
                             f"and {len(self.data)} row labels")
        self.index_name, self.columns_name = index_name, columns_name
        self.attrs: dict[str, Any] = {}

    @classmethod
    def of(cls, rows: Iterable[Any] | Mapping[Any, Any], columns: Sequence[Any] | None = None,
           index: Sequence[Any] | None = None) -> Table:
        """From dicts, sequences under ``columns`` or a mapping of column to values (as :func:`table` reads them)."""
        if isinstance(rows, Mapping):
            names = list(rows) if columns is None else list(columns)
            values = [rows[c] for c in names]
            if all(isinstance(v, Mapping) for v in values):  # column -> {row label: value}
                labels = list(index) if index is not None else list(dict.fromkeys(k for v in values for k in v))
                return cls([[v.get(r) for v in values] for r in labels], names, labels)
            lists = [list(v) for v in values]
            made = cls([list(row) for row in zip(*lists, strict=True)] if lists else [], names, index)
            if index is None and values and all(isinstance(v, Column) for v in values):  # their labels, as pandas
                made.index, made.index_name = list(values[0].index), values[0].index_name
            return made
        listed = list(rows)
        if listed and all(isinstance(r, Mapping) for r in listed):
            names = list(columns) if columns is not None else list(dict.fromkeys(k for r in listed for k in r))
            return cls([[r.get(c) for c in names] for r in listed], names, index)
        if columns is None:
            width = max((len(r) for r in listed), default=0)
            columns = list(range(width))
        return cls(listed, columns, index)

    # ------------------------------------------------------------------------------------------- reading
    def __len__(self) -> int:
        return len(self.data)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.data), len(self.columns)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.columns)

    def __contains__(self, column: Any) -> bool:
        return column in self.columns

    def _column_position(self, column: Any) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise KeyError(column) from None

    def _row_position(self, label: Any) -> int:
        try:
            return self.index.index(label)
        except ValueError:
            raise KeyError(label) from None

    def _row(self, position: int) -> Column:
        return Column(self.data[position], self.columns, self.index[position])

    def _rows(self, positions: Sequence[int]) -> Table:
        return self._like([self.data[i] for i in positions], self.columns, [self.index[i] for i in positions])

    def _like(self, data: Sequence[Sequence[Any]], columns: Sequence[Any], index: Sequence[Any]) -> Table:
        made = Table(data, columns, index, self.index_name, self.columns_name)
        made.attrs = dict(self.attrs)
        return made

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, Column):  # rows where the mask is true
            return self._rows([i for i, keep in enumerate(key.values) if keep])
        if isinstance(key, list):
            positions = [self._column_position(c) for c in key]
            return self._like([[row[i] for i in positions] for row in self.data], key, self.index)
        if key not in self.columns and any(isinstance(c, tuple) and c[0] == key for c in self.columns):
            # the first level of two-level columns (``history["score"]``), as pandas selects it
            inner = [c for c in self.columns if isinstance(c, tuple) and c[0] == key]
            part = self[inner]
            part.columns = [c[1] if len(c) == 2 else c[1:] for c in inner]
            return part
        position = self._column_position(key)
        return Column([row[position] for row in self.data], self.index, key, self.index_name)

    def __setitem__(self, column: Any, values: Any) -> None:
        values = list(values) if isinstance(values, (Column, list, tuple)) else [values] * len(self.data)
        if len(values) != len(self.data):
            raise ValueError(f"a column of this table needs {len(self.data)} values, not {len(values)}")
        if column in self.columns:
            position = self.columns.index(column)
            for row, value in zip(self.data, values, strict=True):
                row[position] = value
        else:
            self.columns.append(column)
            for row, value in zip(self.data, values, strict=True):
                row.append(value)

    @property
    def loc(self) -> _Labels:
        return _Labels(self)

    @property
    def iloc(self) -> _Positions:
        return _Positions(lambda i: self._row(range(len(self.data))[i]))

    # ------------------------------------------------------------------------------------------- new tables
    @property
    def T(self) -> Table:  # noqa: N802 - pandas' name
        made = Table([list(column) for column in zip(*self.data, strict=True)] if self.data
                     else [[] for _ in self.columns], self.index, self.columns, self.columns_name, self.index_name)
        made.attrs = dict(self.attrs)
        return made

    def iterrows(self) -> Iterator[tuple[Any, Column]]:
        """(row label, row) pairs, as pandas gives them."""
        return ((label, self._row(i)) for i, label in enumerate(self.index))

    def sort_values(self, column: Any, ascending: bool = True) -> Table:
        """The rows ordered by ``column`` (a stable sort; missing values last, as in pandas)."""
        values = self[column].values
        present = sorted((i for i, v in enumerate(values) if v is not None), key=lambda i: values[i],
                         reverse=not ascending)  # stable both ways
        return self._rows(present + [i for i, v in enumerate(values) if v is None])

    def head(self, n: int = 5) -> Table:
        return self._rows(range(min(n, len(self.data))))

    def round(self, digits: int = 0) -> Table:
        def rounded(value: Any) -> Any:
            return round(value, digits) if isinstance(value, float) else value
        return self._like([[rounded(v) for v in row] for row in self.data], self.columns, self.index)

    def drop(self, columns: Any) -> Table:
        dropped = set(columns) if isinstance(columns, list) else {columns}
        return self[[c for c in self.columns if c not in dropped]]

    def sum(self, axis: int = 0) -> Column:
        if axis == 1:
            return Column([sum(v for v in row if v is not None) for row in self.data], self.index)
        return Column([self[c].sum() for c in self.columns], self.columns)

    def set_index(self, column: Any) -> Table:
        position = self._column_position(column)
        rest = [c for i, c in enumerate(self.columns) if i != position]
        data = [[v for i, v in enumerate(row) if i != position] for row in self.data]
        made = self._like(data, rest, [row[position] for row in self.data])
        made.index_name = column
        return made

    def rename_axis(self, name: Any) -> Table:
        made = self._like(self.data, self.columns, self.index)
        made.index_name = name
        return made

    def rename(self, columns: Mapping[Any, Any] | Callable[[Any], Any]) -> Table:
        def new(c: Any) -> Any:
            return columns(c) if callable(columns) else columns.get(c, c)
        return self._like(self.data, [new(c) for c in self.columns], self.index)

    def pivot(self, index: Any, columns: Any, values: Any) -> Table:
        """One row per value of column ``index``, one column per value of column ``columns`` (both sorted, as
        pandas sorts them), cells from column ``values``."""
        rows, cols, cells = self[index], self[columns], self[values]
        row_labels, col_labels = sorted(set(rows)), sorted(set(cols))
        found = {(r, c): v for r, c, v in zip(rows, cols, cells, strict=True)}
        made = Table([[found.get((r, c)) for c in col_labels] for r in row_labels], col_labels, row_labels,
                     index, columns)
        return made

    # ------------------------------------------------------------------------------------------- showing
    def _header_rows(self) -> list[list[tuple[str, int]]]:
        """The column labels as header rows of (text, span): two-level labels (tuples) as two rows, the outer
        label spanning its columns."""
        if self.columns and all(isinstance(c, tuple) and len(c) == 2 for c in self.columns):
            outer: list[tuple[str, int]] = []
            for c in self.columns:
                if outer and outer[-1][0] == _cell(c[0]):
                    outer[-1] = (outer[-1][0], outer[-1][1] + 1)
                else:
                    outer.append((_cell(c[0]), 1))
            return [outer, [(_cell(c[1]), 1) for c in self.columns]]
        return [[(_cell(c), 1) for c in self.columns]]

    def _numeric(self) -> list[bool]:
        return [bool(self.data) and all(_NUMBER.match(_cell(row[i])) or row[i] is None for row in self.data)
                for i in range(len(self.columns))]

    def _repr_html_(self) -> str:
        numeric = self._numeric()
        right = " style='text-align: right'"
        heads = self._header_rows()
        thead = ""
        for level, cells in enumerate(heads):
            corner = _cell(self.columns_name) if level == len(heads) - 1 and self.columns_name is not None else ""
            thead += f"<tr><th>{html.escape(corner)}</th>" + "".join(
                f"<th{f' colspan={span}' if span > 1 else ''}>{html.escape(text)}</th>" for text, span in cells
            ) + "</tr>"
        if self.index_name is not None:
            thead += f"<tr><th>{html.escape(_cell(self.index_name))}</th>" + "<th></th>" * len(self.columns) + "</tr>"
        body = "".join(
            f"<tr><th>{html.escape(_cell(label))}</th>"
            + "".join(f"<td{right if numeric[i] else ''}>{html.escape(_cell(v))}</td>" for i, v in enumerate(row))
            + "</tr>" for label, row in zip(self.index, self.data, strict=True))
        return f"<table class='bg-result dataframe'><thead>{thead}</thead><tbody>{body}</tbody></table>"

    def to_html(self, escape: bool = True) -> str:
        """The HTML table (cells always escaped), as the views embed a pandas table's ``to_html``."""
        return self._repr_html_()

    def __repr__(self) -> str:
        numeric = [False, *self._numeric()]
        heads = [[_line(text) for text, span in cells for _ in range(span)] for cells in self._header_rows()]
        lines = [[_cell(self.columns_name) if k == len(heads) - 1 and self.columns_name is not None else "", *h]
                 for k, h in enumerate(heads)]
        if self.index_name is not None:
            lines.append([_cell(self.index_name), *[""] * len(self.columns)])
        lines += [[_line(label), *(_line(v) for v in row)] for label, row in zip(self.index, self.data, strict=True)]
        widths = [max(len(line[i]) for line in lines) for i in range(len(self.columns) + 1)]
        return "\n".join("  ".join(v.rjust(w) if numeric[i] else v.ljust(w)
                                   for i, (v, w) in enumerate(zip(line, widths, strict=True))).rstrip()
                         for line in lines)

    __str__ = __repr__


__all__ = ["Column", "Table", "pandas_module", "show_whole_cells", "table"]

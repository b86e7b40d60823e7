"""The variant editor: a game's designable parameters as a table, edited in place, each edit checked by the lab.

    from widgets.lab import VariantEditor
    editor = VariantEditor("catan.base")
    editor.edit("points_to_win", "12")        # True: the text is read as the parameter's kind, the variant checked
    editor.edit("costs.city.ore", "12")       # False: editor.message says "costs.city.ore is at most 9, not 12"
    editor.variant                            # <Variant catan.base 'variant 3f…' (…): points_to_win=12>
    editor.rename("long game"); editor.reset("points_to_win"); editor.reset_all()
    editor.show_cells("costs"); editor.filter_cells("city")   # a table's cells, filtered (at most 80 sent)
    editor.variant = Variant("catan.base", {"rates.bank": 3})   # show another variant of the same game

**What it shows** (synced once per game, ``catalog``): every parameter with its printed value, its source as a badge
(rulebook, published, approx, decision...), the allowed values, the rules it feeds (their words on hover) and what
it is; then, per edit, only what changed: ``changed`` (the parameters the variant changes, with their value now),
``diff`` (the changes against the printed game folded per parameter: its count of changed cells, the rules it
touches and its first :data:`DIFF_SHOWN` cells: :meth:`games.lab.Variant.diff_groups`),
``info`` (the variant's name, hash and JSON) and ``cells``: the cells of the one table parameter opened, filtered by
a text, at most :data:`MAX_CELLS` of them (a table of 1,500 cells is never sent at once).

**Edits.** The browser sends the raw text typed (or chosen); Python reads it as the kind of the parameter or cell
(a whole number, a number, true or false, a text) and builds a new :class:`games.lab.Variant` with it. Anything
refused - text that is no number, a value out of range, a value the game's own check refuses, a game that could
not be set up - changes nothing and says why in the message line. Intents: ``edit`` (``path``, ``text``: a
parameter or one cell of a table, ``"costs.city.ore"``), ``reset`` (``path``: a change, or a whole parameter),
``reset_all``, ``open`` (``parameter``: a table's cells; ``null`` closes them), ``filter`` (``text``) and ``name``
(``name``: the variant's name).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Callable

import traitlets

from games import game_class
from games.core.parameters import Parameter, cells_of, scalar_kind, thaw
from games.lab import Variant, VariantError
from widgets.shared.frontend import css, esm
from widgets.shared.text import plural, short
from widgets.shared.view import View

#: Most cells of an open table one sync carries (the rest are counted: the filter narrows them).
MAX_CELLS = 80
#: Longest JSON of a whole table the cells panel offers to edit at once (a bigger one: cell by cell, or from Python).
MAX_JSON = 3000
#: Longest printed value a row shows (a longer one is cut; its full text is in the title).
MAX_TEXT = 60
#: Longest text typed for one value (a number, a switch, a name of a choice); a whole table's JSON may be longer.
MAX_TYPED = 200
#: Longest JSON of a table the editor reads (the biggest table's JSON is a few kilobytes).
MAX_TABLE_TEXT = 100_000
#: Changed cells the diff lists per parameter (the rest are counted: a long diff folds, one line per parameter).
DIFF_SHOWN = 12
#: Longest refusal the message line shows (a game's own check may list every cell of a table).
MAX_MESSAGE = 300
#: Deepest nesting a table's JSON may have (the deepest table is a handful of levels).
MAX_DEPTH = 12
_WHOLE = re.compile(r"[+-]?[0-9]+\Z")
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class Unreadable(ValueError):
    """Text that cannot be read as the kind of the parameter or cell it was typed for (the sentence why)."""


def value_text(value: Any) -> str:
    """A value as the editor writes it: ``true`` / ``false``, numbers without a needless ``.0``, texts as they are,
    tables as compact JSON."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, (int, float, str)):
        return str(value)
    return json.dumps(thaw(value), ensure_ascii=False, separators=(",", ":"))


def cut(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def unsendable(text: str) -> bool:
    """Whether ``text`` holds what a browser cannot be sent (a lone surrogate such as ``\\ud800``: not text)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def read_text(text: str, printed: Any, where: str, allowed: str = "") -> Any:
    """``text`` read as the kind of ``printed`` (the printed value of the parameter or cell ``where``):
    :class:`Unreadable` with the sentence why when it is not one (``allowed``, the allowed values in words, is
    named in it). Ranges are the variant's to check."""
    kind = scalar_kind(printed)
    raw = text.strip()
    if len(raw) > MAX_TYPED:
        raise Unreadable(f"{where} takes a value of at most {MAX_TYPED} characters, not one of {len(raw):,}.")
    hint = f" (allowed: {allowed})" if allowed else ""
    if kind == "str":
        return raw
    if kind == "bool":
        word = raw.lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise Unreadable(f"{where} is true or false, not {short(text)}.")
    try:
        number = float(raw)
    except ValueError:
        number = math.nan
    if kind == "int":
        if _WHOLE.match(raw):
            return int(raw)
        if math.isfinite(number) and number.is_integer():
            return int(number)
        raise Unreadable(f"{where} is a whole number, not {short(text)}{hint}.")
    if not math.isfinite(number):
        raise Unreadable(f"{where} is a number, not {short(text)}{hint}.")
    return number


def read_table(text: str, printed: Any, where: str) -> Any:
    """``text`` read as the JSON of a whole table (or a part of one) shaped like ``printed``: several cells at once,
    for changes that only make sense together (a hex moved from hills to fields keeps 19 hexes)."""
    if len(text) > MAX_TABLE_TEXT:
        raise Unreadable(f"{where} as JSON is at most {MAX_TABLE_TEXT:,} characters, not {len(text):,}.")
    if _depth(text) > MAX_DEPTH:
        raise Unreadable(f"{where} is a table nested at most {MAX_DEPTH} levels deep; this JSON nests deeper.")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, type(printed)):
        shape = "an object {...}" if isinstance(printed, dict) else "a list [...]"
        raise Unreadable(f"{where} is a table: give it as JSON, {shape} like its printed value, or edit one cell "
                         f"(not {short(text)}).")
    return value


def _depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without parsing it."""
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class VariantEditor(View):
    """A variant of one game, edited in its parameter table (module docstring). ``VariantEditor(game_id,
    variant=None)``: without a variant it starts at the printed game."""

    _esm = esm("lab/static/editor.js")
    _css = css("lab/static/lab.css")

    INTENTS = {"edit": {"path": "points_to_win", "text": "12"}, "reset": {"path": "points_to_win"},
               "reset_all": {}, "open": {"parameter": "costs"}, "filter": {"text": "city"},
               "name": {"name": "cheap cities"}}

    #: What never changes while one game is edited: the parameter rows and the words of their rules.
    catalog = traitlets.Dict().tag(sync=True)
    #: The parameters the variant changes: name -> its value now (a table: how many of its cells changed).
    changed = traitlets.Dict().tag(sync=True)
    #: Each change against the printed game (from Variant.diff), values as text.
    diff = traitlets.List().tag(sync=True)
    #: The variant's name, label, hash and JSON.
    info = traitlets.Dict().tag(sync=True)
    #: The open table's cells: parameter, filter, total, matched and the rows shown.
    cells = traitlets.Dict().tag(sync=True)

    def __init__(self, game_id: str, variant: Variant | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        variant = Variant(game_id) if variant is None else variant
        self._checked(variant, game_id)
        self.game_id = game_id
        cls = game_class(game_id)
        self._parameters: dict[str, Parameter] = {p.name: p for p in cls.parameters()}
        self._variant = variant
        self._open: str | None = None
        self._filter = ""
        self._listeners: list[Callable[[Variant], None]] = []
        rules = {r for p in self._parameters.values() for r in p.rules}
        self.catalog = {
            "game": game_id, "title": cls.title,
            "rows": [self._row(p) for p in self._parameters.values()],
            "rules": {r: cls.rules[r].text for r in sorted(rules) if r in cls.rules.section_of},
            "max_cells": MAX_CELLS,
        }
        count = len(self._parameters)
        self._show(f"{cls.title}: {plural(count, 'designable parameter')}. Type a value and press Enter; a table "
                   "opens its cells." if count else f"{cls.title} lists no designable parameters yet.")

    def refuse(self, text: str) -> bool:
        """Say why nothing changed, in at most :data:`MAX_MESSAGE` characters (a game's own check may list a whole
        table; the typed text is never echoed whole)."""
        return super().refuse(cut(text, MAX_MESSAGE))

    def _not_text(self, what: str) -> bool:
        return self.refuse(f"Not understood: {what} holds a character that is not text (a lone surrogate such as "
                           "\\ud800); type it again.")

    # ------------------------------------------------------------------ the variant
    @staticmethod
    def _checked(variant: Any, game_id: str) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(f"a VariantEditor edits a games.lab.Variant, not {short(variant)}")
        if variant.game_id != game_id:
            raise ValueError(f"this editor edits variants of {game_id}, not of {variant.game_id}")

    @property
    def variant(self) -> Variant:
        """The variant as edited now (every edit makes a new, checked :class:`games.lab.Variant`). Assigning
        another variant of the same game shows it."""
        return self._variant

    @variant.setter
    def variant(self, variant: Variant) -> None:
        self._checked(variant, self.game_id)
        self._set(variant, f"Showing {variant.label}: {plural(len(variant.changes), 'change')}.")

    def on_change(self, callback: Callable[[Variant], None]) -> None:
        """Call ``callback(variant)`` after every change of the variant (an edit, a reset, a new name)."""
        self._listeners.append(callback)

    def _set(self, variant: Variant, message: str) -> None:
        self._variant = variant
        self._show(message)
        for callback in list(self._listeners):
            callback(variant)

    # ------------------------------------------------------------------ the verbs
    def edit(self, path: str, value: Any) -> bool:
        """Set a parameter or one cell of a table (``"costs.city.ore"``) to ``value``: a text is read as the
        parameter's kind (what the browser sends), any other value is taken as it is. ``False``, with the message
        saying why, when the variant refuses it (nothing changes then)."""
        if not isinstance(path, str) or not path.strip():
            return self.refuse(f"Not understood: an edit names a parameter or a cell like 'costs.city.ore', not "
                               f"{short(path)}.")
        if unsendable(path) or (isinstance(value, str) and unsendable(value)):
            return self._not_text("the edit")
        if len(path) > MAX_TYPED:
            return self.refuse(f"Not understood: {short(path)} is no parameter or cell of {self.catalog['title']}.")
        path = path.strip()
        found = self._cell(path)
        if found is None:  # the lab's own sentence for an unknown parameter or cell
            return self._refused(path, value)
        parameter, printed = found
        if isinstance(value, str):
            try:
                if isinstance(printed, (dict, list)):
                    value = read_table(value, printed, path)
                else:
                    value = read_text(value, printed, path, parameter.allowed() if "." not in path else "")
            except Unreadable as err:
                return self.refuse(f"Not understood: {err}")
        changes = {k: v for k, v in self._variant.changes.items() if k != path and not k.startswith(path + ".")}
        changes[path] = value
        try:
            variant = Variant(self.game_id, changes, self._variant.name)
        except VariantError as err:
            return self.refuse(f"Not allowed: {_sentence(err)}")
        except (OverflowError, RecursionError, ValueError):  # a number too large to compare, a table too deep
            return self.refuse(f"Not allowed: {path} cannot take {short(value)}: it is out of range.")
        if variant == self._variant:
            return self._same(path, self._current(path, printed))
        text = self._moves(self._variant, variant, path)
        rules = list(parameter.rules)
        if rules:
            text += f" It feeds {', '.join(rules)}."
        self._set(variant, text)
        return True

    def _moves(self, old: Variant, new: Variant, path: str) -> str:
        """What an edit of ``path`` changed, cell by cell: ``costs.city.ore: 3 → 2 (printed 3)``."""
        keys = sorted({k for k in (*old.changes, *new.changes) if k == path or k.startswith(path + ".")})
        parts = []
        for key in keys:
            found = self._cell(key)
            printed = found[1] if found else None
            was, now = old.changes.get(key, printed), new.changes.get(key, printed)
            if was == now:
                continue
            if now == printed:
                parts.append(f"{key} back at its printed {cut(value_text(printed))}")
            else:
                parts.append(f"{key}: {cut(value_text(was))} → {cut(value_text(now))} (printed "
                             f"{cut(value_text(printed))})")
        more = len(parts) - 6
        return "; ".join(parts[:6]) + (f"; and {plural(more, 'more cell')}" if more > 0 else "") + "."

    def _same(self, path: str, now: Any) -> bool:
        self.say(f"{path} is {cut(value_text(now))} already: nothing changed.")
        return False

    def _refused(self, path: str, value: Any) -> bool:
        try:
            Variant(self.game_id, {path: value})
        except VariantError as err:
            return self.refuse(f"Not allowed: {_sentence(err)}")
        except (OverflowError, RecursionError, ValueError):
            return self.refuse(f"Not understood: {short(path)} is no parameter or cell of {self.catalog['title']}.")
        return self.refuse(f"Not understood: {short(path)} is no parameter or cell of {self.catalog['title']}.")

    def reset(self, path: str) -> bool:
        """Take back the change to ``path``: one cell, or a whole parameter (every changed cell of a table)."""
        if not isinstance(path, str) or not path.strip():
            return self.refuse(f"Not understood: 'reset' names a change like 'costs.city.ore', not {short(path)}.")
        path = path.strip()
        taken = [k for k in self._variant.changes if k == path or k.startswith(path + ".")]
        if not taken:
            if self._cell(path) is None:
                return self._refused(path, None)
            return self.refuse(f"Not allowed: {path} is not changed; there is nothing to reset.")
        changes = {k: v for k, v in self._variant.changes.items() if k not in taken}
        try:
            variant = Variant(self.game_id, changes, self._variant.name)
        except VariantError as err:  # a check across cells (a table's own rule) refuses the mix left
            return self.refuse(f"Not allowed: without {path} the variant is refused: {_sentence(err)}")
        what = taken[0] if taken == [path] else f"{path} ({plural(len(taken), 'changed cell')})"
        self._set(variant, f"Reset {what} to the printed value.")
        return True

    def reset_all(self) -> bool:
        """Back to the printed game (the name stays)."""
        if not self._variant.changes:
            return self.refuse("Not allowed: the variant changes nothing yet; there is nothing to reset.")
        n = len(self._variant.changes)
        self._set(Variant(self.game_id, {}, self._variant.name),
                  f"Reset {plural(n, 'change')}: this is the printed game again.")
        return True

    def rename(self, name: str) -> bool:
        """Name the variant (how tables and charts label it); its hash stays."""
        if not isinstance(name, str):
            return self.refuse(f"Not understood: a variant's name is a text, not {short(name)}.")
        if unsendable(name):
            return self._not_text("the name")
        try:
            variant = Variant(self.game_id, self._variant.changes, name)
        except VariantError as err:
            return self.refuse(f"Not allowed: {_sentence(err)}")
        if variant.name == self._variant.name:
            self.say(f"The variant is named {variant.name!r} already." if variant.name else "The variant has no name.")
            return False
        self._set(variant, f"Named the variant {variant.name!r}." if variant.name else
                  f"The variant has no name now: it is {variant.label}.")
        return True

    def show_cells(self, parameter: str | None) -> bool:
        """Show the cells of a table parameter (``None``: close them)."""
        if parameter is None:
            self._open = None
            self._show("Closed the table's cells.")
            return True
        if not isinstance(parameter, str) or parameter not in self._parameters:
            return self.refuse(f"Not understood: {self.catalog['title']} has no parameter {short(parameter)}.")
        p = self._parameters[parameter]
        if p.kind != "table":
            return self.refuse(f"Not allowed: {parameter} is a single value ({p.allowed()}), not a table: type it "
                               "in its row.")
        self._open, self._filter = parameter, ""
        total = sum(1 for _ in cells_of(p.default))
        self._show(f"{parameter}: {plural(total, 'cell')}" + (f"; the first {MAX_CELLS} are shown, the filter finds "
                                                              "the rest." if total > MAX_CELLS else "."))
        return True

    def filter_cells(self, text: str) -> bool:
        """Show the open table's cells whose path or value contains ``text`` (any case)."""
        if not isinstance(text, str) or len(text) > 200:
            return self.refuse(f"Not understood: the filter is a text of at most 200 characters, not {short(text)}.")
        if unsendable(text):
            return self._not_text("the filter")
        if self._open is None:
            return self.refuse("Not allowed: open a table's cells first (its 'cells' button).")
        self._filter = text.strip()
        self._show("")
        matched = self.cells["matched"]
        self.say(f"{plural(matched, 'cell')} of {self._open} match {self._filter!r}." if self._filter else
                 f"Every cell of {self._open}.")
        return True

    # ------------------------------------------------------------------ reading
    def _cell(self, path: str) -> tuple[Parameter, Any] | None:
        """The parameter a path names and the printed value there, or ``None`` when there is none."""
        name, *keys = path.split(".")
        parameter = self._parameters.get(name)
        if parameter is None:
            return None
        value: Any = thaw(parameter.default)
        for key in keys:
            if isinstance(value, dict) and key in value:
                value = value[key]
            elif isinstance(value, list) and key.isdecimal() and int(key) < len(value):
                value = value[int(key)]
            else:
                return None
        return parameter, value

    def _current(self, path: str, printed: Any, variant: Variant | None = None) -> Any:
        changes = (variant or self._variant).changes
        if path in changes:
            return changes[path]
        if isinstance(printed, (dict, list)):
            prefix = path + "."
            mine = {k[len(prefix):]: v for k, v in changes.items() if k.startswith(prefix)}
            return {"changed cells": len(mine)} if mine else printed
        return printed

    def _row(self, p: Parameter) -> dict[str, Any]:
        printed = thaw(p.default)
        row = {"name": p.name, "kind": p.kind, "source": p.source, "allowed": p.allowed(), "rules": list(p.rules),
               "words": p.words, "note": p.note, "config": p.field or ""}
        if p.kind == "table":
            row["printed"] = f"a table of {plural(sum(1 for _ in cells_of(printed)), 'cell')}"
            row["title"] = cut(value_text(printed), 400)
        else:
            row["printed"] = value_text(printed)
            if p.kind == "bool":
                row["choices"] = ["true", "false"]
            elif p.choices:
                row["choices"] = [value_text(c) for c in p.choices]
        return row

    def _cells_state(self) -> dict[str, Any]:
        if self._open is None:
            return {}
        p = self._parameters[self._open]
        changes = self._variant.changes
        needle = self._filter.lower()
        rows, matched, total = [], 0, 0
        for path, printed in cells_of(p.default):
            total += 1
            full = f"{p.name}.{path}"
            now = changes.get(full, printed)
            text, printed_text = value_text(now), value_text(printed)
            if needle and needle not in path.lower() and needle not in text.lower() and \
                    needle not in printed_text.lower():
                continue
            matched += 1
            if len(rows) < MAX_CELLS:
                row = [path, cut(printed_text), cut(text), full in changes, scalar_kind(printed)]
                rows.append(row)
        whole = json.dumps(_table_now(p, changes), ensure_ascii=False, separators=(", ", ": "))
        return {"parameter": p.name, "filter": self._filter, "total": total, "matched": matched, "rows": rows,
                "more": matched - len(rows), "choices": [value_text(c) for c in p.choices],
                "json": whole if len(whole) <= MAX_JSON else "", "json_size": len(whole)}

    def _show(self, message: str, kind: str = "info") -> None:
        variant = self._variant
        changed: dict[str, str] = {}
        cells: dict[str, int] = {}
        for path, value in variant.changes.items():
            name = path.split(".")[0]
            if name == path:
                changed[name] = cut(value_text(value))
            else:
                cells[name] = cells.get(name, 0) + 1
                changed[name] = f"{plural(cells[name], 'cell')} changed"
        diff = [{"parameter": g["parameter"], "count": g["count"], "source": g["source"], "rules": g["rules"],
                 "changes": [{"change": c["change"], "printed": cut(value_text(c["printed"])),
                              "value": cut(value_text(c["value"]))} for c in g["changes"]]}
                for g in variant.diff_groups(DIFF_SHOWN)]
        with self.hold_sync():
            self.changed = changed
            self.diff = diff
            self.info = {"name": variant.name, "label": variant.label, "hash": variant.hash,
                         "json": variant.to_json(), "changes": len(variant.changes), "printed": variant.is_printed}
            self.cells = self._cells_state()
            if message:
                self.say(message, kind)

    # ------------------------------------------------------------------ intents from the browser
    def intent_edit(self, path: Any, text: Any) -> bool:
        if not isinstance(text, str):
            return self.refuse(f"Not understood: 'edit' takes the text typed, like '12', not {short(text)}.")
        return self.edit(path, text)

    def intent_reset(self, path: Any) -> bool:
        return self.reset(path)

    def intent_reset_all(self) -> bool:
        return self.reset_all()

    def intent_open(self, parameter: Any) -> bool:
        return self.show_cells(parameter)

    def intent_filter(self, text: Any) -> bool:
        return self.filter_cells(text)

    def intent_name(self, name: Any) -> bool:
        return self.rename(name)


def _table_now(parameter: Parameter, changes: dict[str, Any]) -> Any:
    """The table's value with the variant's changed cells in it."""
    table = thaw(parameter.default)
    prefix = parameter.name + "."
    for path, value in changes.items():
        if not path.startswith(prefix):
            continue
        keys = path[len(prefix):].split(".")
        inner = table
        for key in keys[:-1]:
            inner = inner[int(key)] if isinstance(inner, list) else inner[key]
        last = keys[-1]
        inner[int(last) if isinstance(inner, list) else last] = value
    return table


def _sentence(err: Exception) -> str:
    text = str(err).strip()
    return text if text.endswith((".", "?", "!")) else text + "."


__all__ = ["MAX_CELLS", "Unreadable", "VariantEditor", "read_text", "value_text"]

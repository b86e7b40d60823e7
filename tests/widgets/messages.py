"""Playing the browser's side of a widget in pytest: record what Python sends, deliver what JS would send."""

from __future__ import annotations

import json
from typing import Any

from widgets.shared.table_words import MAX_EVENTS


def spy(widget: Any, monkeypatch: Any) -> Any:
    """Keep every message the widget sends to the browser in ``widget.outbox``."""
    widget.outbox = []
    monkeypatch.setattr(widget, "_send", lambda msg, buffers=None: widget.outbox.append(msg))
    return widget


def click(widget: Any, intent: Any) -> None:
    """Play the browser: a custom message as model.send(intent) delivers it."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": intent}}, "buffers": []})


def updates(widget: Any) -> list[dict]:
    return [m for m in widget.outbox if m["method"] == "update"]


def synced_names(widget: Any) -> list[str]:
    """The traits the view draws (ipywidgets' own plumbing left out)."""
    return sorted(n for n in widget.trait_names(sync=lambda v: v)
                  if not n.startswith("_") and n not in ("layout", "tabbable", "tooltip"))


def picture(widget: Any, leave_out: tuple[str, ...] = ()) -> str:
    """The synced game picture without the message line (what a refused intent must leave alone)."""
    return json.dumps({n: getattr(widget, n) for n in synced_names(widget)
                       if not n.startswith("message") and n not in leave_out}, sort_keys=True)


def whole_log_shown(table: Any) -> list[list[Any]]:
    """The whole game's log as ``table`` shows it once told to show it all: capped at ``MAX_EVENTS`` with a first line
    saying earlier events are left out, the newest kept, each as [step, text, rule]. Returns the events shown."""
    table._events_from = 0
    table.refresh()
    assert len(table.events) == MAX_EVENTS + 1 and "earlier events" in table.events[0][1]
    assert table.events[1:] == [[e.step, e.text, e.rule] for e in table.game.log[-MAX_EVENTS:]]
    return table.events

"""Playing the browser's side of a widget in pytest: record what Python sends, deliver what JS would send."""

from __future__ import annotations

from typing import Any


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
